import { describe, expect, it } from 'vitest';
import { Conversations, newSession, startTurn, type TurnState, type UserInfo } from '../../../src/dialogue/index.js';
import { silentLogger } from '../../../src/log/index.js';

const ANON: UserInfo = { user_id: null, user_name: null };
const conversations = (historyTurns = 2) => new Conversations({ language: 'en', historyTurns, log: silentLogger });

/** A finished turn on the person's conversation: the utterance in the history, the reply generated. */
function turn(store: Conversations, user: UserInfo, text: string, reply: string, patch: Partial<TurnState> = {}): TurnState {
  return { ...startTurn(store.of(user), `t-${text}`, text, null), final_message: reply, ...patch };
}

/** A turn committed, then its reply delivered as the voice announces it: said whole, or as far as it was said. */
function commit(store: Conversations, user: UserInfo, state: TurnState, spoken = state.final_message) {
  const committed = store.commit(user, state);
  store.delivered({ turnId: state.turn_id, spokenText: spoken, cut: spoken !== state.final_message });
  return committed;
}

describe('the conversation store', () => {
  it('adds each delivered reply to the history, trimmed in blocks to the configured number of exchanges', () => {
    const store = conversations(2);
    const trimmed = [1, 2, 3].map((n) => commit(store, ANON, turn(store, ANON, `q${n}`, `a${n}`)).trimmed);
    expect(store.of(ANON).messages.map((m) => m.content)).toEqual(['q3', 'a3']);
    // The turn that cut it says so, with what is kept (for the next prompt's start to be computed ahead).
    expect(trimmed.map((t) => t?.map((m) => m.content) ?? null)).toEqual([null, null, ['q3']]);
    // The next exchange is appended: the history (and the prompt) begins as it did, not one exchange later.
    commit(store, ANON, turn(store, ANON, 'q4', 'a4'));
    expect(store.of(ANON).messages.map((m) => m.content)).toEqual(['q3', 'a3', 'q4', 'a4']);
  });

  it('keeps the notes the reply was written with beside the utterance', () => {
    const store = conversations();
    commit(store, ANON, turn(store, ANON, 'Hi', 'Hello!', { reply_notes: 'It is 10:00.' }));
    expect(store.of(ANON).messages).toEqual([
      { role: 'user', content: 'Hi', notes: 'It is 10:00.' },
      { role: 'assistant', content: 'Hello!' },
    ]);
  });

  it('starts afresh after a farewell ended the conversation, keeping the language', () => {
    const store = conversations();
    commit(store, ANON, turn(store, ANON, 'Hallo', 'Hallo!', { language: 'de' }));
    expect(commit(store, ANON, turn(store, ANON, 'Tschüss', 'Bis bald!', { conversation_id: null })).ended).toBe(true);
    expect(store.of(ANON)).toMatchObject({ messages: [], language: 'de' });
  });

  it('keeps only what was said of a reply that was cut, and nothing of one of which nothing was said', () => {
    const store = conversations();
    commit(store, ANON, turn(store, ANON, 'Tell me a story.', 'One. Two. Three.'), 'One.');
    commit(store, ANON, turn(store, ANON, 'Stop.', 'Fine.'), '');
    expect(store.of(ANON).messages).toEqual([
      { role: 'user', content: 'Tell me a story.' },
      { role: 'assistant', content: 'One.' },
      { role: 'user', content: 'Stop.' },
    ]);
  });

  it('writes a reply only once it is delivered, once, into the conversation of its turn', () => {
    const store = conversations();
    const story = turn(store, ANON, 'Tell me a story.', 'One. Two. Three.');
    store.commit(ANON, story);
    // Still being spoken: not in the history yet.
    expect(store.of(ANON).messages.map((m) => m.content)).toEqual(['Tell me a story.']);
    store.delivered({ turnId: story.turn_id, spokenText: 'One.', cut: true });
    expect(store.of(ANON).messages.at(-1)).toEqual({ role: 'assistant', content: 'One.' });
    // A delivery it does not know, or a second one for the same turn, changes nothing.
    store.delivered({ turnId: story.turn_id, spokenText: 'One. Two.', cut: true });
    store.delivered({ turnId: 't-unknown', spokenText: 'x', cut: false });
    expect(store.of(ANON).messages.map((m) => m.content)).toEqual(['Tell me a story.', 'One.']);
  });

  it('moves a stranger’s conversation to the person they turned out to be, and says so', async () => {
    const store = conversations();
    commit(store, ANON, turn(store, ANON, 'Hello!', 'Hello! Who are you?'));
    const alice = { user_id: 'alice_01', user_name: 'Alice' };
    const committed = commit(store, ANON, turn(store, ANON, 'I am Alice.', 'Nice to meet you, Alice!', { user_info: alice, name_checked: true }));
    expect(committed).toEqual({ key: 'alice_01', settled: { from: ANON, to: alice }, ended: false, farewell: false, trimmed: null });
    expect(store.of(alice).messages.map((m) => m.content)).toEqual(['Hello!', 'Hello! Who are you?', 'I am Alice.', 'Nice to meet you, Alice!']);
    // The stranger's conversation is gone: the next unnamed person starts afresh.
    expect(store.of(ANON).messages).toEqual([]);
    expect(store.mentions('alice_01')).toEqual(['conversation alice_01']);
    expect(await store.forget('alice_01')).toEqual(['conversation']);
    expect(store.mentions('alice_01')).toEqual([]);
    expect(store.of(ANON)).toEqual(newSession('en'));
  });
});
