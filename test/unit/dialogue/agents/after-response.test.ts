import { describe, expect, it } from 'vitest';
import { afterResponseAgent } from '../../../../src/dialogue/agents/after-response.js';
import { newSession, startTurn, step, type TurnState } from '../../../../src/dialogue/index.js';
import { testConfig } from '../../../helpers/config.js';
import { turnPorts } from '../../../helpers/ports.js';

const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 't', text, null), ...patch });

describe('after-response agent', () => {
  const config = testConfig({ dialogue: { historyTurns: 2 } });
  const ports = turnPorts(config);

  it('waves on greetings and farewells, and only then', async () => {
    expect((await step(afterResponseAgent, turn('Hi', { intent: 'first_greeting', final_message: 'Hello!' }), ports)).gestures).toEqual(['WAVE_HAND']);
    expect((await step(afterResponseAgent, turn('Bye', { intent: 'end_conversation', final_message: 'Bye!' }), ports)).gestures).toEqual(['WAVE_HAND']);
    expect((await step(afterResponseAgent, turn('Why?', { intent: 'continue_conversation', final_message: 'Because.' }), ports)).gestures ?? []).toEqual([]);
    const custom = turnPorts(testConfig({ gestures: { greeting: 'BOW', farewell: null } }));
    expect((await step(afterResponseAgent, turn('Hi', { intent: 'first_greeting' }), custom)).gestures).toEqual(['BOW']);
    expect((await step(afterResponseAgent, turn('Bye', { intent: 'end_conversation' }), custom)).gestures ?? []).toEqual([]);
  });

  it('ends the conversation on a farewell, and only then', async () => {
    expect(await step(afterResponseAgent, turn('Bye', { intent: 'end_conversation' }), ports)).toMatchObject({ conversation_id: null });
    expect(await step(afterResponseAgent, turn('Why?', { intent: 'continue_conversation' }), ports)).not.toHaveProperty('conversation_id');
  });
});
