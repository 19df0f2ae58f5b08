import type { Metadata, StoredRecord, VectorHit } from '../vectors/index.js';
import type { MemoryMatch, MemoryType, PendingConversation } from './schema.js';
import { episodeText, type Summary } from './summary.js';

/**
 * How a finished conversation becomes stored memories: one episode and the conversation itself,
 * cut into pieces of a few exchanges (an embedding model reads only its first few hundred word
 * pieces, and a piece about the marathon should be found by a question about the marathon).
 * The stored document is exactly the text that was embedded, so the memories can be re-embedded
 * from the store alone when the embedder changes.
 */

export interface MemoryDocument {
  id: string;
  document: string;
  metadata: Metadata;
}

/** Metadata every record of a user's collection has. */
export interface MemoryMetadata {
  user_id: string;
  memory_type: MemoryType;
  conversation_id: string;
  /** When the conversation ended: ISO 8601, and milliseconds since the epoch (for range filters). */
  timestamp: string;
  ts: number;
  embedder: string;
  language: string;
}

export const episodeId = (conversationId: string) => `${conversationId}:episode`;
export const pieceId = (conversationId: string, index: number) => `${conversationId}:conversation:${index}`;

/** "User: …" / "Robot: …" lines; the labels are the same in every memory, so they do not sway recall. */
export function transcriptLines(messages: PendingConversation['messages']): string[] {
  return messages.filter((m) => m.content.trim()).map((m) => `${m.role === 'user' ? 'User' : 'Robot'}: ${m.content.replace(/\s+/g, ' ').trim()}`);
}

/** The conversation in pieces of `turns` person messages each, with the robot's replies to them. */
function conversationPieces(messages: PendingConversation['messages'], turns: number): string[] {
  const pieces: PendingConversation['messages'][] = [];
  let current: PendingConversation['messages'] = [];
  let said = 0;
  for (const m of messages) {
    if (m.role === 'user' && said === turns) {
      pieces.push(current);
      current = [];
      said = 0;
    }
    current = [...current, m];
    if (m.role === 'user') said++;
  }
  if (current.length) pieces.push(current);
  return pieces.map((p) => transcriptLines(p).join('\n')).filter(Boolean);
}

export function memoryDocuments(job: PendingConversation, summary: Summary, embedder: string, pieceTurns: number): MemoryDocument[] {
  const base = (memory_type: MemoryType): MemoryMetadata => ({
    user_id: job.user_id,
    memory_type,
    conversation_id: job.conversation_id,
    timestamp: job.ended_at,
    ts: Date.parse(job.ended_at),
    embedder,
    language: job.language,
  });
  const episode: MemoryDocument = {
    id: episodeId(job.conversation_id),
    document: episodeText(summary.episode),
    metadata: {
      ...base('episode'),
      ...summary.episode,
      summary_source: summary.source,
      ...(summary.highlight && { highlight: summary.highlight }),
      ...(job.user_name && { user_name: job.user_name }),
    } as unknown as Metadata,
  };
  const pieces = conversationPieces(job.messages, pieceTurns).map((document, i) => ({
    id: pieceId(job.conversation_id, i),
    document,
    metadata: { ...base('conversation'), piece: i } as unknown as Metadata,
  }));
  return [episode, ...pieces];
}

/** A stored memory as the blackboard holds it. */
export function toMatch(hit: StoredRecord & Partial<Pick<VectorHit, 'similarity'>>, reason: MemoryMatch['reason']): MemoryMatch {
  const m = hit.metadata;
  return {
    id: hit.id,
    text: hit.document,
    score: Math.round((hit.similarity ?? 0) * 1000) / 1000,
    timestamp: typeof m.timestamp === 'string' ? m.timestamp : typeof m.ts === 'number' ? new Date(m.ts).toISOString() : '',
    reason,
    highlight: typeof m.highlight === 'string' ? m.highlight : null,
  };
}
