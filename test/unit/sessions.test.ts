import { describe, expect, it } from 'vitest';
import { newSession, Sessions, startTurn, type TurnState, type UserInfo } from '../../src/dialogue/index.js';
import { silentLogger } from '../../src/log/index.js';

const ANON: UserInfo = { user_id: null, user_name: null };
const sessions = (historyTurns = 2) => new Sessions({ language: 'en', historyTurns, log: silentLogger });

/** A finished turn on the person's conversation: the utterance in the history, the reply generated. */
function turn(store: Sessions, user: UserInfo, text: string, reply: string, patch: Partial<TurnState> = {}): TurnState {
  const { session } = store.open(user);
  return { ...startTurn(session, `t-${text}`, text, null), final_message: reply, ...patch };
}

/** A turn committed, then its reply delivered as the voice announces it: said whole, or as far as it was said. */
function commit(store: Sessions, user: UserInfo, state: TurnState, spoken = state.final_message): void {
  store.commit(user, state);
  store.delivered({ turnId: state.turn_id, spokenText: spoken, cut: spoken !== state.final_message });
}

describe('the sessions store', () => {
  it('adds each reply to the history, trimmed to the configured number of exchanges', () => {
    const store = sessions(2);
    for (const n of [1, 2, 3]) commit(store, ANON, turn(store, ANON, `q${n}`, `a${n}`));
    expect(store.current().messages.map((m) => m.content)).toEqual(['q2', 'a2', 'q3', 'a3']);
  });

  it('starts afresh after a farewell ended the conversation, keeping the language', () => {
    const store = sessions();
    commit(store, ANON, turn(store, ANON, 'Hallo', 'Hallo!', { language: 'de' }));
    commit(store, ANON, turn(store, ANON, 'Tschüss', 'Bis bald!', { conversation_id: null }));
    expect(store.current()).toMatchObject({ messages: [], language: 'de' });
  });

  it('keeps only what was said of a reply cut while its turn ran, and nothing of a cancelled one', () => {
    const store = sessions();
    commit(store, ANON, turn(store, ANON, 'Tell me a story.', 'One. Two. Three.'), 'One.');
    commit(store, ANON, turn(store, ANON, 'Stop.', 'Fine.'), '');
    expect(store.current().messages).toEqual([
      { role: 'user', content: 'Tell me a story.' },
      { role: 'assistant', content: 'One.' },
      { role: 'user', content: 'Stop.' },
    ]);
  });

  it('writes a reply only once it is delivered, once, into the conversation of its turn', () => {
    const store = sessions();
    const story = turn(store, ANON, 'Tell me a story.', 'One. Two. Three.');
    store.commit(ANON, story);
    // Still being spoken: not in the history yet.
    expect(store.current().messages.map((m) => m.content)).toEqual(['Tell me a story.']);
    store.delivered({ turnId: story.turn_id, spokenText: 'One.', cut: true });
    expect(store.current().messages.at(-1)).toEqual({ role: 'assistant', content: 'One.' });
    // A delivery it does not know, or a second one for the same turn, changes nothing.
    store.delivered({ turnId: story.turn_id, spokenText: 'One. Two.', cut: true });
    store.delivered({ turnId: 't-unknown', spokenText: 'x', cut: false });
    expect(store.current().messages.map((m) => m.content)).toEqual(['Tell me a story.', 'One.']);
  });

  it('moves a stranger’s conversation to the person they turned out to be, and makes them current', async () => {
    const store = sessions();
    commit(store, ANON, turn(store, ANON, 'Hello!', 'Hello! Who are you?'));
    const alice = { user_id: 'alice_01', user_name: 'Alice' };
    commit(store, ANON, turn(store, ANON, 'I am Alice.', 'Nice to meet you, Alice!', { user_info: alice, name_checked: true }));
    expect(store.user).toEqual(alice);
    expect(store.current().messages.map((m) => m.content)).toEqual(['Hello!', 'Hello! Who are you?', 'I am Alice.', 'Nice to meet you, Alice!']);
    // An utterance the stranger said before that turn ended continues Alice's conversation.
    expect(store.open(ANON).user).toEqual(alice);
    expect(store.mentions('alice_01')).toEqual(['session alice_01', 'current user', 'a settled name']);
    expect(await store.forget('alice_01')).toEqual(['conversation', 'current user']);
    expect(store.mentions('alice_01')).toEqual([]);
    expect(store.current()).toEqual(newSession('en'));
  });
});
