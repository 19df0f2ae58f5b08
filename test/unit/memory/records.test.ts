import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastTurns } from '../../../src/dialogue/state.js';
import {
  ConversationQueue,
  extractiveEpisode,
  isMemoryOf,
  memoryCollectionName,
  memoryDocuments,
  parseMemoryCollectionName,
  spaceTag,
  toMatch,
  type PendingConversation,
} from '../../../src/memory/index.js';
import { encodeCollectionName } from '../../../src/vectors/index.js';
import { isValidChromaName } from '../../helpers/chroma-names.js';
import { tempDir } from '../../helpers/config.js';

const u = (content: string) => ({ role: 'user' as const, content });
const a = (content: string) => ({ role: 'assistant' as const, content });
const LEXICAL = { embedder: 'lexical:v1/d512', dims: 512 };
const MINILM = { embedder: 'onnx:all-MiniLM-L6-v2', dims: 384 };

function job(overrides: Partial<PendingConversation> = {}): PendingConversation {
  return {
    format: 1,
    conversation_id: 'c-1',
    user_id: 'alice_01',
    user_name: 'Alice',
    robot_name: 'Nadine',
    language: 'en',
    ended_at: '2026-11-21T10:00:00.000Z',
    turn_id: 't-9',
    messages: [u('I run marathons.'), a('Great!'), u('My sister lives in Lisbon.'), a('Nice.'), u('Bye'), a('Goodbye!')],
    ...overrides,
  };
}

describe('memory collections', () => {
  it('are one per user and embedding space, and name back the user', () => {
    const name = memoryCollectionName('alice@example.com', LEXICAL);
    expect(parseMemoryCollectionName(name)).toEqual({ userId: 'alice@example.com', tag: spaceTag(LEXICAL) });
    expect(memoryCollectionName('alice@example.com', MINILM)).not.toBe(name);
    expect(spaceTag({ ...MINILM, dims: 768 })).not.toBe(spaceTag(MINILM));
    // User ids with "/" in them still parse: the tag has a fixed form.
    expect(parseMemoryCollectionName(memoryCollectionName('a/b', MINILM))).toEqual({ userId: 'a/b', tag: spaceTag(MINILM) });
    expect(parseMemoryCollectionName('knowledge')).toBeNull();
    expect(parseMemoryCollectionName('memory/xyz/alice')).toBeNull();
    expect(isValidChromaName(encodeCollectionName('nadine', name))).toBe(true);
  });

  it('belong to exactly one person', () => {
    const bob = isMemoryOf('bob');
    expect(bob(memoryCollectionName('bob', LEXICAL))).toBe(true);
    expect(bob(memoryCollectionName('bob', MINILM))).toBe(true);
    expect(bob(memoryCollectionName('bob-2', LEXICAL))).toBe(false);
    expect(bob(memoryCollectionName('x/bob', LEXICAL))).toBe(false);
  });
});

describe('memory records', () => {
  it('cut the conversation into pieces of a few person messages with the replies', () => {
    const messages = [u('one'), a('r1'), u('two'), a('r2'), u('three'), u('four'), a('r4')];
    const j = job({ messages });
    const summary = { ...extractiveEpisode(j, 3), source: 'extractive' as const };
    const pieces = (turns: number) => memoryDocuments(j, summary, LEXICAL.embedder, turns).filter((d) => d.metadata.memory_type === 'conversation').map((d) => d.document);
    expect(pieces(2)).toEqual(['User: one\nRobot: r1\nUser: two\nRobot: r2', 'User: three\nUser: four\nRobot: r4']);
    expect(pieces(10)).toHaveLength(1);
  });

  it('are an episode and the pieces, with the metadata recall and forget-me rely on', () => {
    const j = job();
    const summary = { ...extractiveEpisode(j, 3), source: 'extractive' as const };
    const docs = memoryDocuments(j, summary, LEXICAL.embedder, 2);
    expect(docs.map((d) => d.id)).toEqual(['c-1:episode', 'c-1:conversation:0', 'c-1:conversation:1']);
    const [episode, piece] = docs;
    expect(episode!.document).toContain('Alice said: “I run marathons.” “My sister lives in Lisbon.”');
    expect(episode!.metadata).toMatchObject({
      user_id: 'alice_01',
      user_name: 'Alice',
      memory_type: 'episode',
      conversation_id: 'c-1',
      timestamp: '2026-11-21T10:00:00.000Z',
      ts: Date.parse('2026-11-21T10:00:00.000Z'),
      embedder: LEXICAL.embedder,
      summary_source: 'extractive',
      highlight: 'My sister lives in Lisbon.',
      observation: summary.episode.observation,
    });
    expect(piece).toMatchObject({ document: 'User: I run marathons.\nRobot: Great!\nUser: My sister lives in Lisbon.\nRobot: Nice.', metadata: { memory_type: 'conversation', piece: 0 } });
    // Only scalars: what ChromaDB accepts as metadata.
    for (const d of docs) for (const v of Object.values(d.metadata)) expect(['string', 'number', 'boolean']).toContain(typeof v);
    expect(toMatch({ ...episode!, similarity: 0.61234 }, 'similar')).toEqual({
      id: 'c-1:episode',
      text: episode!.document,
      score: 0.612,
      timestamp: '2026-11-21T10:00:00.000Z',
      reason: 'similar',
      highlight: 'My sister lives in Lisbon.',
    });
  });

  it('keep the last turns of a conversation', () => {
    const messages = [u('1'), a('r1'), u('2'), a('r2'), u('3'), a('r3')];
    expect(lastTurns(messages, 2)).toEqual(messages.slice(2));
    expect(lastTurns(messages, 5)).toEqual(messages);
  });
});

describe('queue of finished conversations on disk', () => {
  it('keeps them in the order they ended, and a newer version of a conversation replaces the older', async () => {
    const queue = new ConversationQueue(tempDir('nadine-memq-'));
    await queue.open();
    await queue.add(job({ conversation_id: 'late', ended_at: '2026-11-21T12:00:00.000Z' }));
    await queue.add(job({ conversation_id: 'early', ended_at: '2026-11-21T09:00:00.000Z' }));
    await queue.add(job({ conversation_id: 'late', ended_at: '2026-11-21T12:05:00.000Z', messages: [u('again'), u('bye')] }));
    const files = await queue.files();
    const jobs = await Promise.all(files.map((f) => queue.read(f)));
    expect(jobs.map((r) => (r.ok ? [r.job.conversation_id, r.job.messages.length] : null))).toEqual([
      ['early', 6],
      ['late', 2],
    ]);
  });

  it('refuses a malformed conversation, sets a damaged file aside, and finds everything of a person', async () => {
    const dir = tempDir('nadine-memq-');
    const queue = new ConversationQueue(dir);
    await queue.open();
    await expect(queue.add(job({ messages: [] }))).rejects.toThrow();
    await queue.add(job());
    await queue.add(job({ conversation_id: 'c-bob', user_id: 'bob_02' }));
    writeFileSync(path.join(dir, '000000000000001-00000000000000aa.json'), '{"user_id": "alice_01", "messages": [tru');
    const damaged = await queue.read('000000000000001-00000000000000aa.json');
    expect(damaged).toMatchObject({ ok: false, error: expect.stringMatching(/^unreadable/) });
    await queue.reject(damaged.file, damaged.ok ? '' : damaged.error);
    expect(await queue.rejectedCount()).toBe(1);

    const alice = await queue.filesOf('alice_01');
    expect(alice).toHaveLength(2); // the waiting one, and the damaged one that names her
    await queue.remove(alice);
    expect(await queue.filesOf('alice_01')).toEqual([]);
    expect(await queue.filesOf('bob_02')).toHaveLength(1);
    expect(readdirSync(path.join(dir, 'rejected'))).toEqual([]);
  });

  it('removes temp files of a write cut short when it opens', async () => {
    const dir = tempDir('nadine-memq-');
    writeFileSync(path.join(dir, '000000000000001-00000000000000aa.json.123'), 'partial');
    const queue = new ConversationQueue(dir);
    expect(await queue.open()).toEqual({ pending: 0, removedPartial: 1 });
  });
});
