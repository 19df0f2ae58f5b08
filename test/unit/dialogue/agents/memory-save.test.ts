import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../../../src/config/index.js';
import { memorySaveAgent } from '../../../../src/dialogue/agents/memory-save.js';
import { buildDialogueGraph, Conversations, Handoff, newSession, Presence, runGraph, startTurn, step, type TurnState } from '../../../../src/dialogue/index.js';
import type { IntentClassifier } from '../../../../src/intent/index.js';
import { silentLogger } from '../../../../src/log/index.js';
import { conversationQueueDir, PendingConversationSchema, type MemoryPort } from '../../../../src/memory/index.js';
import { ALICE, memoryWithoutStore as memory, stopMemories } from '../../../helpers/agent-memory.js';
import { testConfig } from '../../../helpers/config.js';
import { daemonPorts, turnPorts } from '../../../helpers/ports.js';
import { intentModel } from '../../../helpers/per-test.js';

const intent: IntentClassifier = await intentModel();
afterEach(() => stopMemories());

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
