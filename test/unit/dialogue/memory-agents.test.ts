import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TurnEventSchema } from '../../../src/bus/index.js';
import { memoryRetrieveAgent } from '../../../src/dialogue/agents/memory-retrieve.js';
import { memorySaveAgent } from '../../../src/dialogue/agents/memory-save.js';
import { buildDialogueGraph, buildTurnEvent, Conversations, Handoff, newSession, offlineReply, Presence, runGraph, startTurn, type TurnState, step } from '../../../src/dialogue/index.js';
import type { MemoryPort } from '../../../src/memory/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { modelInstructions } from '../../helpers/prompt.js';
import type { Embedder } from '../../../src/embeddings/index.js';
import { conversationQueueDir, PendingConversationSchema, type MemoryMatch } from '../../../src/memory/index.js';
import type { Config } from '../../../src/config/index.js';
import { OnnxIntentClassifier, type IntentClassifier } from '../../../src/intent/index.js';
import { MODELS_DIR, testConfig } from '../../helpers/config.js';
import { startTestMemory, type TestMemory } from '../../helpers/memory.js';
import { daemonPorts, turnPorts } from '../../helpers/ports.js';

const ALICE = { user_id: 'alice_01', user_name: 'Alice' };
let intent: IntentClassifier;
beforeAll(async () => {
  intent = await OnnxIntentClassifier.load(path.join(MODELS_DIR, 'intent'));
});
// No ChromaDB listens there: saving only needs the disk; recall gives nothing.
const NOWHERE = 'http://127.0.0.1:9';
const running: TestMemory[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((m) => m.stop()));
});
async function memory(config: Config = testConfig(), embedder?: Embedder) {
  const m = await startTestMemory(NOWHERE, { config, ...(embedder && { embedder }) });
  // The writer is not wanted here: what memory_save queued stays on disk to be looked at.
  await m.memory.writer.stop();
  running.push(m);
  return m;
}
const queued = (config: Config) =>
  readdirSync(conversationQueueDir(config))
    .filter((f) => f.endsWith('.json'))
    .map((f) => PendingConversationSchema.parse(JSON.parse(readFileSync(path.join(conversationQueueDir(config), f), 'utf8'))));

/** What the turn runner does with a farewell turn: commits it, and the visit's end hands the conversation to memory. */
async function handOff(config: Config, memoryPort: MemoryPort, state: TurnState): Promise<void> {
  const presence = new Presence({ log: silentLogger });
  const conversations = new Conversations({ language: 'en', historyTurns: 10, log: silentLogger });
  const handoff = new Handoff({ presence, conversations, graph: buildDialogueGraph(config), ports: daemonPorts(config, { memory: memoryPort }), log: silentLogger });
  presence.spoke(state.user_info);
  const committed = conversations.commit(state.user_info, { ...state, conversation_id: null });
  presence.turned(committed.key, state.user_info, { ended: committed.ended, kept: committed.farewell });
  await handoff.settled();
}

const farewell = (patch: Partial<TurnState> = {}): TurnState => {
  const base = startTurn(
    { ...newSession('en', ALICE), messages: [{ role: 'user', content: 'I run marathons.' }, { role: 'assistant', content: 'Great!' }] },
    'turn-bye',
    'Goodbye!',
    null,
  );
  return { ...base, intent: 'end_conversation', final_message: 'Goodbye, Alice!', ...patch };
};

describe('memory_save', () => {
  it('decides to keep a farewell of a known person, which its visit end then queues on disk, with the reply', async () => {
    const config = testConfig();
    const m = await memory(config);
    const state = farewell();
    const patch = await step(memorySaveAgent, state, turnPorts(config, { memory: m.memory }));
    expect(patch).toEqual({ memory_saved: { status: 'queued', conversation_id: 'turn-bye', messages: 4 } });
    // The agent itself writes nothing: the one hand-off to memory is the visit's end.
    expect(queued(config)).toEqual([]);
    await handOff(config, m.memory, { ...state, ...patch });
    await expect.poll(() => queued(config)).toEqual([
      {
        format: 1,
        conversation_id: 'turn-bye',
        user_id: 'alice_01',
        user_name: 'Alice',
        robot_name: 'Nadine',
        language: 'en',
        ended_at: '2026-11-21T10:00:00.000Z',
        turn_id: 'turn-bye',
        messages: [
          { role: 'user', content: 'I run marathons.' },
          { role: 'assistant', content: 'Great!' },
          { role: 'user', content: 'Goodbye!' },
          { role: 'assistant', content: 'Goodbye, Alice!' },
        ],
      },
    ]);
  });

  it('keeps only the last memory.saveTurns exchanges', async () => {
    const config = testConfig({ memory: { saveTurns: 1 } });
    const m = await memory(config);
    const patch = await step(memorySaveAgent, farewell(), turnPorts(config, { memory: m.memory }));
    await handOff(config, m.memory, { ...farewell(), ...patch });
    await expect.poll(() => queued(config)[0]?.messages).toEqual([
      { role: 'user', content: 'Goodbye!' },
      { role: 'assistant', content: 'Goodbye, Alice!' },
    ]);
  });

  it('never saves for someone unknown, or whose name is still being confirmed, or who hardly spoke', async () => {
    const config = testConfig();
    const m = await memory(config);
    const ports = turnPorts(config, { memory: m.memory });
    const pending = { given_name: 'Alicia', candidates: [{ user_id: 'alice_01', user_name: 'Alice', score: 0.67 }], facts: {} };
    expect(await step(memorySaveAgent, farewell({ user_info: { user_id: null, user_name: null } }), ports)).toEqual({ memory_saved: { status: 'skipped', reason: 'unknown_user' } });
    expect(await step(memorySaveAgent, farewell({ name_confirmation: pending as TurnState['name_confirmation'] }), ports)).toEqual({
      memory_saved: { status: 'skipped', reason: 'name_pending' },
    });
    expect(await step(memorySaveAgent, farewell({ name_checked: false }), ports)).toEqual({ memory_saved: { status: 'skipped', reason: 'name_pending' } });
    expect(await step(memorySaveAgent, farewell({ messages: [{ role: 'user', content: 'Bye' }] }), ports)).toEqual({ memory_saved: { status: 'skipped', reason: 'too_short' } });
    expect(await step(memorySaveAgent, farewell({ intent: 'continue_conversation' }), ports)).toEqual({ memory_saved: null });
    expect(queued(config)).toEqual([]);
  });

  it('still saves when a barge-in cancelled the farewell turn (a critical agent)', async () => {
    const config = testConfig();
    const m = await memory(config);
    const controller = new AbortController();
    controller.abort();
    const ports = turnPorts(config, { memory: m.memory, intent, signal: controller.signal });
    const run = await runGraph(buildDialogueGraph(config), { ...farewell(), intent: null, final_message: '' }, ports);
    expect(run.cancelled).toBe(true);
    expect(run.state.intent).toBe('end_conversation');
    expect(run.path).toContain('after_response');
    expect(run.state.memory_saved).toEqual({ status: 'queued', conversation_id: 'turn-bye', messages: 3 });
    await handOff(config, m.memory, run.state);
    await expect.poll(() => queued(config)).toHaveLength(1);
  });

  it('is left out of the graph with agents.memory off, and after_response ends the conversation id with the history', async () => {
    const agents = (c: Config) => Object.values(buildDialogueGraph(c).nodes).flatMap((n) => ('kind' in n ? n.agents.map((a) => a.name) : [n.name]));
    expect(agents(testConfig())).toEqual(expect.arrayContaining(['memory_retrieve', 'memory_save']));
    const config = testConfig({ agents: { memory: false } });
    const graph = buildDialogueGraph(config);
    expect(agents(config)).not.toContain('memory_retrieve');
    expect(agents(config)).not.toContain('memory_save');
    const run = await runGraph(graph, { ...farewell(), intent: null }, turnPorts(config, { intent }));
    expect(run.state).toMatchObject({ conversation_id: null, memory_saved: null });
    // The conversation store, the history's only writer, ends the conversation with it.
    const conversations = new Conversations({ language: 'en', historyTurns: 10, log: silentLogger });
    conversations.commit(run.state.user_info, run.state);
    expect(conversations.of(run.state.user_info).messages).toEqual([]);
  });
});

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
