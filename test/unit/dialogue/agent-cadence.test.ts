import { describe, expect, it } from 'vitest';
import { closingState, defineAgent, defineGraph, END, newSession, parallel, runAtSessionEnd, runGraph, startTurn, type Ports, type Session, type TurnState } from '../../../src/dialogue/index.js';
import { testConfig } from '../../helpers/config.js';
import { turnPorts } from '../../helpers/ports.js';

const ports = () => turnPorts(testConfig()) as Ports;

/** A conversation in which the person has spoken `n` times; this turn is the n-th. */
function turn(n: number, intent: TurnState['intent'] = 'continue_conversation'): TurnState {
  const session: Session = { ...newSession('en'), conversation_id: 'c-1', turn_number: n - 1 };
  return { ...startTurn(session, `t-${n}`, `utterance ${n}`, null), intent };
}

/** Records each run: the turn it ran on and how many turns it had not seen. */
function scheduledAgent(cadence: { everyTurns?: number; atSessionEnd?: boolean } | undefined, runs: { turn: number; unseen: number }[], effects: number[] = []) {
  return defineAgent({
    name: 'scheduled',
    cadence,
    reads: ['turn_number', 'unseen_turns'],
    writes: ['gestures'],
    run: (s) => {
      runs.push({ turn: s.turn_number, unseen: s.unseen_turns });
      return { gestures: ['NOD_YES'] };
    },
    effect: (_patch, state) => void effects.push(state.turn_number),
  });
}

describe('agents on a schedule', () => {
  it('counts the person’s turns in a conversation: a new conversation starts at 1, a turn the robot begins does not count', () => {
    const first = startTurn(newSession('en'), 't-1', 'hello', null);
    expect(first.turn_number).toBe(1);
    const later = startTurn({ ...newSession('en'), conversation_id: 'c', turn_number: 6 }, 't-7', 'more', null);
    expect(later.turn_number).toBe(7);
    // After a farewell the session has no conversation: counting starts again.
    expect(startTurn({ ...newSession('en'), conversation_id: null, turn_number: 6 }, 't-8', 'hi', null).turn_number).toBe(1);
    expect(startTurn({ ...newSession('en'), conversation_id: 'c', turn_number: 3 }, 't-g', '', null, 'greet').turn_number).toBe(3);
  });

  /**
   * Whether an agent with this cadence runs on the state, through the engine: in the turn, or at the end
   * of a session without a farewell (`closing`); and if it runs, how many turns it has not seen.
   */
  async function due(cadence: { everyTurns?: number; atSessionEnd?: boolean } | undefined, state: TurnState, closing = false): Promise<number | null> {
    const runs: { turn: number; unseen: number }[] = [];
    const graph = defineGraph({ start: 'a', nodes: { a: scheduledAgent(cadence, runs) }, edges: { a: END } });
    if (closing) expect(await runAtSessionEnd(graph, state, ports())).toEqual([]);
    else expect((await runGraph(graph, state, ports())).errors).toEqual([]);
    expect(runs.length).toBeLessThanOrEqual(1);
    return runs[0]?.unseen ?? null;
  }

  it('is due every N of the person’s turns, on the farewell when it runs at the session end, and at a session end with turns it has not seen', async () => {
    const every4 = { everyTurns: 4, atSessionEnd: true };
    const inTurns: (number | null)[] = [];
    for (const n of [1, 2, 3, 4, 5, 8]) inTurns.push(await due(every4, turn(n)));
    expect(inTurns).toEqual([null, null, null, 4, null, 4]);
    // A farewell on the 6th turn: the 5th and 6th are new to it; on the 8th, it is due anyway.
    expect(await due(every4, turn(6, 'end_conversation'))).toBe(2);
    expect(await due(every4, turn(8, 'end_conversation'))).toBe(4);
    expect(await due({ everyTurns: 4 }, turn(6, 'end_conversation'))).toBeNull();
    // The visit ends without a farewell: only when there are turns it has not seen.
    expect(await due(every4, turn(6), true)).toBe(2);
    expect(await due(every4, turn(8), true)).toBeNull();
    expect(await due({ everyTurns: 4 }, turn(6), true)).toBeNull();
    // Only at the session end: the whole conversation.
    expect(await due({ atSessionEnd: true }, turn(5, 'end_conversation'))).toBe(5);
    expect(await due({ atSessionEnd: true }, turn(5))).toBeNull();
    expect(await due({ atSessionEnd: true }, turn(5), true)).toBe(5);
    // A greeting the robot begins is not one of the person's turns.
    expect(await due(every4, { ...turn(4), occasion: 'greet' })).toBeNull();
    // Agents without a cadence run in every turn, never at a session end.
    expect(await due(undefined, turn(3))).toBe(0);
    expect(await due(undefined, turn(3), true)).toBeNull();
  });

  it('runs a scheduled agent only on its turns, with the turns it has not seen, beside agents that run every turn', async () => {
    const runs: { turn: number; unseen: number }[] = [];
    const every = defineAgent({ name: 'every', reads: [], writes: ['gestures'], run: () => ({ gestures: ['WAVE_HAND'] }) });
    const graph = defineGraph({ start: 'a', nodes: { a: parallel(every, scheduledAgent({ everyTurns: 3 }, runs)) }, edges: { a: END } });
    const gestures: string[][] = [];
    for (let n = 1; n <= 7; n++) gestures.push((await runGraph(graph, turn(n), ports())).state.gestures);
    expect(runs).toEqual([
      { turn: 3, unseen: 3 },
      { turn: 6, unseen: 3 },
    ]);
    expect(gestures[2]).toEqual(['WAVE_HAND', 'NOD_YES']);
    expect(gestures[3]).toEqual(['WAVE_HAND']);
    // unseen_turns is the scheduled agent's alone: the state after the turn does not keep it.
    expect((await runGraph(graph, turn(9), ports())).state.unseen_turns).toBe(0);
  });

  it('at a session end runs only the agents scheduled for it, on the closing state, with their effects', async () => {
    const runs: { turn: number; unseen: number }[] = [];
    const effects: number[] = [];
    const everyTurn: string[] = [];
    const plain = defineAgent({ name: 'plain', reads: [], writes: ['final_message'], run: () => (everyTurn.push('ran'), { final_message: 'x' }) });
    const failing = defineAgent({
      name: 'failing',
      cadence: { atSessionEnd: true },
      reads: [],
      writes: ['final_message'],
      run: () => {
        throw new Error('kaput');
      },
    });
    const graph = defineGraph({ start: 'a', nodes: { a: plain, b: parallel(failing, scheduledAgent({ everyTurns: 4, atSessionEnd: true }, runs, effects)) }, edges: { a: 'b', b: END } });
    const session: Session = { ...newSession('en'), messages: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }], conversation_id: 'c-1', turn_number: 6 };
    const state = closingState(session, 'end-1');
    expect(state.messages).toEqual(session.messages);
    const errors = await runAtSessionEnd(graph, state, ports());
    expect(runs).toEqual([{ turn: 6, unseen: 2 }]);
    expect(effects).toEqual([6]);
    expect(everyTurn).toEqual([]);
    expect(errors).toEqual([{ agent: 'failing', message: 'kaput' }]);
    // Nothing new since its last run: it does not run again.
    await runAtSessionEnd(graph, closingState({ ...session, turn_number: 8 }, 'end-2'), ports());
    expect(runs).toHaveLength(1);
  });

  it('refuses a cadence that never says when', () => {
    const spec = { name: 'x', reads: [], writes: ['gestures'] as const, run: () => ({}) };
    expect(() => defineAgent({ ...spec, cadence: {} })).toThrow(/every how many turns/);
    expect(() => defineAgent({ ...spec, cadence: { everyTurns: 0 } })).toThrow(/whole number/);
    expect(() => defineAgent({ ...spec, cadence: { everyTurns: 2.5 } })).toThrow(/whole number/);
  });
});
