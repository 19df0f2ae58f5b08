import { createHash } from 'node:crypto';
import type { VectorSpace } from '../vectors/index.js';

/**
 * One collection per user and embedding space: `memory/<space tag>/<user id>`, the tag being
 * a short hash of the embedder id and dimension. Steady state is one collection per user; a
 * second one exists only while a user's memories are re-embedded after the embedder changed.
 *
 * Why the space is in the name: the vector store never mixes embedders in a collection, and a
 * user's memories exist nowhere else. Re-embedding into a collection of another name, then
 * deleting the old one (in that order, through the ordered outbox), means a crash at any point
 * leaves every memory in at least one collection.
 */

const PREFIX = 'memory/';
const TAG = /^[0-9a-f]{10}$/;

// Asked on every turn's recall, for one or two spaces in a daemon's life.
const TAGS = new Map<string, string>();

export function spaceTag(space: VectorSpace): string {
  const key = `${space.embedder}\u0000${space.dims}`;
  let tag = TAGS.get(key);
  if (tag === undefined) TAGS.set(key, (tag = createHash('sha256').update(key).digest('hex').slice(0, 10)));
  return tag;
}

export function memoryCollectionName(userId: string, space: VectorSpace): string {
  return `${PREFIX}${spaceTag(space)}/${userId}`;
}

/** The user and space tag of a memory collection's name; null for any other collection. */
export function parseMemoryCollectionName(name: string): { userId: string; tag: string } | null {
  if (!name.startsWith(PREFIX)) return null;
  const rest = name.slice(PREFIX.length);
  const slash = rest.indexOf('/');
  const tag = rest.slice(0, slash);
  const userId = rest.slice(slash + 1);
  return slash > 0 && TAG.test(tag) && userId.length > 0 ? { userId, tag } : null;
}

/** Whether a collection name holds this user's memories, in any space. */
export const isMemoryOf = (userId: string) => (name: string) => parseMemoryCollectionName(name)?.userId === userId;
