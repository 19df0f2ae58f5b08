import { describe, expect, it } from 'vitest';
import { Conversations, startTurn, type TurnState, type UserInfo } from '../../../src/dialogue/index.js';
import { responseMessages, responseNotes } from '../../../src/dialogue/prompt.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';

const config = testConfig();
const ANON: UserInfo = { user_id: null, user_name: null };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 10, minute));

/** One turn as the daemon runs it: the reply's prompt, then the turn committed and its reply delivered. */
function turn(store: Conversations, user: UserInfo, text: string, reply: string, minute: number, patch: Partial<TurnState> = {}) {
  const state = { ...startTurn(store.of(user), `t-${text}`, text, null), ...patch };
  const notes = responseNotes(state, at(minute));
  const prompt = responseMessages(state, config, at(minute), notes);
  store.commit(user, { ...state, final_message: reply, reply_notes: notes });
  store.delivered({ turnId: state.turn_id, spokenText: reply, cut: false });
  return prompt;
}

describe("the reply's prompt, turn after turn", () => {
  it('begins with the previous prompt and its reply, even when the name, the facts, the mood and the time change', () => {
    const store = new Conversations({ language: 'en', historyTurns: 10, log: silentLogger });
    const first = turn(store, ANON, 'Hello!', 'Hello, I am Nadine.', 0);
    const quinn = { user_id: 'quinn-1', user_name: 'Quinn', current_position: 'nurse' };
    const second = turn(store, ANON, 'My name is Quinn, I am a nurse.', 'Nice to meet you, Quinn.', 1, { user_info: quinn, name_resolution: { status: 'new_user', candidate: null } });
    const third = turn(store, quinn, 'Where is the meeting room?', 'On the second floor.', 2, { user_info: quinn });
    for (const [before, after] of [[first, second], [second, third]] as const) {
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after[before.length]).toMatchObject({ role: 'assistant' });
    }
    // Who the person is goes with the utterance, not into the system message shared by every visitor.
    expect(third[0]!.content).toBe(first[0]!.content);
    expect(third.at(-1)!.content).toMatch(/You are talking with Quinn\..*works as nurse/s);
  });
});
