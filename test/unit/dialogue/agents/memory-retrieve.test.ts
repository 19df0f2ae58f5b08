import { describe, afterEach, expect, it } from 'vitest';
import { TurnEventSchema } from '../../../../src/bus/index.js';
import { memoryRetrieveAgent } from '../../../../src/dialogue/agents/memory-retrieve.js';
import { buildTurnEvent, newSession, offlineReply, startTurn, step, type TurnState } from '../../../../src/dialogue/index.js';
import type { Embedder } from '../../../../src/embeddings/index.js';
import type { MemoryMatch } from '../../../../src/memory/index.js';
import { ALICE, memoryWithoutStore as memory, stopMemories } from '../../../helpers/agent-memory.js';
import { testConfig } from '../../../helpers/config.js';
import { turnPorts } from '../../../helpers/ports.js';
import { modelInstructions } from '../../../helpers/prompt.js';

afterEach(() => stopMemories());

const MATCH: MemoryMatch = {
  id: 'c-1:episode',
  text: 'Alice said: “I run marathons.” It was about marathons.',
  score: 0.52,
  timestamp: '2026-11-01T10:00:00.000Z',
  reason: 'similar',
  highlight: 'I run marathons.',
};

describe('memory_retrieve', () => {
  it('recalls nothing for someone unknown, for a language switch, or while ChromaDB is away', async () => {
    const config = testConfig();
    const m = await memory(config);
    const ports = turnPorts(config, { memory: m.memory });
    const state = { ...startTurn(newSession('en', ALICE), 't', 'How are my marathons going?', null), intent: 'continue_conversation' as const };
    const none = { episode_memory: null, conversation_memory: null };
    expect(await step(memoryRetrieveAgent, state, ports)).toEqual(none); // unreachable server: nothing, quickly
    expect(await step(memoryRetrieveAgent, { ...state, user_info: { user_id: null, user_name: null } }, ports)).toEqual(none);
    expect(await step(memoryRetrieveAgent, { ...state, intent: 'language_change' }, ports)).toEqual(none);
  });

  it('does not search the memory of someone met this very turn (their id is new): the reply does not wait for it', async () => {
    const config = testConfig();
    const prepared: string[] = [];
    const searched: string[] = [];
    const recording = {
      recall: async (userId: string) => (searched.push(userId), { episode: MATCH, conversation: null, embedMs: 0, queryMs: 0 }),
      latestEpisode: async (userId: string) => (searched.push(userId), MATCH),
      remember: async () => undefined,
      prepare: (userId: string) => void prepared.push(userId),
    };
    const state = { ...startTurn(newSession('en', ALICE), 't', 'My name is Alice.', null), intent: 'update_user_info' as const };
    const ports = turnPorts(config, { memory: recording });
    const none = { episode_memory: null, conversation_memory: null };
    expect(await step(memoryRetrieveAgent, { ...state, name_resolution: { status: 'new_user', candidate: null } }, ports)).toEqual(none);
    expect(searched).toEqual([]);
    // Not searched, but made ready for their next turn.
    expect(prepared).toEqual([ALICE.user_id]);
    // Someone recognised (matched to a profile) is still looked up.
    expect(await step(memoryRetrieveAgent, { ...state, name_resolution: { status: 'matched', candidate: { user_id: ALICE.user_id!, user_name: 'Alice', score: 1 } } }, ports)).toMatchObject({ episode_memory: MATCH });
    expect(searched).toEqual([ALICE.user_id]);
  });

  it('answers without memories when recall fails, instead of failing the turn', async () => {
    const config = testConfig();
    const broken: Embedder = { id: 'broken', dims: 4, embed: () => Promise.reject(new Error('model crashed')) };
    const m = await memory(config, broken);
    const state = { ...startTurn(newSession('en', ALICE), 't', 'hello', null), intent: 'first_greeting' as const };
    expect(await step(memoryRetrieveAgent, state, turnPorts(config, { memory: m.memory }))).toEqual({ episode_memory: null, conversation_memory: null });
  });
});

describe('memories in the reply and the turn event', () => {
  const withMemories = (patch: Partial<TurnState> = {}): TurnState => ({
    ...startTurn(newSession('en', ALICE), 't', 'Hello Nadine!', null),
    intent: 'first_greeting',
    episode_memory: MATCH,
    conversation_memory: { ...MATCH, id: 'c-1:conversation:0', text: 'User: I run marathons.\nRobot: Great!', highlight: null },
    ...patch,
  });

  it('go into the response prompt, dated, only when there are some', () => {
    const config = testConfig();
    const prompt = modelInstructions(withMemories(), config, new Date('2026-11-21T10:00:00Z'));
    expect(prompt).toContain('You remember this from an earlier conversation with them (1 November 2026): Alice said: “I run marathons.”');
    expect(prompt).toContain('Part of an earlier conversation with them (1 November 2026; "User" is them, "Robot" is you):\nUser: I run marathons.\nRobot: Great!');
    const latest = modelInstructions(withMemories({ episode_memory: { ...MATCH, reason: 'latest' }, conversation_memory: null }), config, new Date());
    expect(latest).toContain('The last time you met them (1 November 2026): Alice said');
    expect(latest).not.toContain('earlier conversation');
    const without = modelInstructions(withMemories({ episode_memory: null, conversation_memory: null }), config, new Date());
    expect(without).not.toMatch(/earlier conversation|last time you met|marathons/i);
  });

  it('let the offline greeting say what the person told last time, word for word, in the session language', () => {
    const ctx = { robotName: 'Nadine', pick: () => 0 };
    expect(offlineReply(withMemories(), ctx)).toBe('Hello Alice, nice to see you again! Last time you told me: “I run marathons.”');
    expect(offlineReply(withMemories({ language: 'de' }), ctx)).toBe('Hallo Alice, schön, dich wiederzusehen! Letztes Mal hast du mir erzählt: „I run marathons.“');
    expect(offlineReply(withMemories({ language: 'zh' }), ctx)).toContain('上次你跟我说：“I run marathons.”');
    // No highlight, a highlight too long to read naturally, or someone unknown: the plain greeting.
    expect(offlineReply(withMemories({ episode_memory: { ...MATCH, highlight: null } }), ctx)).toBe('Hello Alice, nice to see you again!');
    expect(offlineReply(withMemories({ episode_memory: { ...MATCH, highlight: 'x'.repeat(161) } }), ctx)).toBe('Hello Alice, nice to see you again!');
    expect(offlineReply(withMemories({ user_info: { user_id: null, user_name: null } }), ctx)).not.toContain('Last time');
    // Only on a greeting: the offline answer to a question stays the honest "I can't answer that".
    expect(offlineReply(withMemories({ intent: 'continue_conversation', user_text: 'Where is the lift?' }), ctx)).not.toContain('Last time');
  });

  it('are listed in the turn event (ids, types, scores), with what memory_save did', () => {
    const state = withMemories({ memory_saved: { status: 'queued', conversation_id: 't', messages: 4 } });
    const event = TurnEventSchema.parse(
      buildTurnEvent({ state, run: { state, timings: {}, spans: [], path: [], errors: [], cancelled: false }, userText: 'Hello', ts: new Date(), totalMs: 1, modelMs: {}, degraded: [] }),
    );
    expect(event.memories).toEqual([
      { id: 'c-1:episode', type: 'episode', score: 0.52, reason: 'similar' },
      { id: 'c-1:conversation:0', type: 'conversation', score: 0.52, reason: 'similar' },
    ]);
    expect(event.memory_saved).toEqual({ status: 'queued', conversation_id: 't', messages: 4 });
  });
});
