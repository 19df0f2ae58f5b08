import { describe, expect, it } from 'vitest';
import { buildDialogueGraph, ConversationFiles, Conversations, Handoff, Presence, startTurn, type SessionEvent, type TurnState, type UserInfo } from '../../../src/dialogue/index.js';
import { silentLogger } from '../../../src/log/index.js';
import type { MemoryPort, PendingConversation } from '../../../src/memory/index.js';
import { tempDir, testConfig } from '../../helpers/config.js';
import { daemonPorts } from '../../helpers/ports.js';

const ANA: UserInfo = { user_id: 'ana_01', user_name: 'Ana' };
const BEN: UserInfo = { user_id: 'ben_02', user_name: 'Ben' };
const STRANGER: UserInfo = { user_id: null, user_name: null };

/**
 * Presence, the conversation store and the hand-off to memory, on a clock the test moves,
 * recording what is published and what memory is given. `remember` can hold memory's writes.
 */
function visitKit(options: { dataDir?: string; remember?: (c: PendingConversation) => Promise<void> } = {}) {
  const dataDir = options.dataDir ?? tempDir();
  let now = Date.parse('2026-11-25T10:00:00Z');
  const clock = { now: () => new Date(now) };
  const events: SessionEvent[] = [];
  const remembered: PendingConversation[] = [];
  const config = testConfig({ paths: { data: dataDir }, memory: { minUserMessages: 1 } });
  const memory = { remember: options.remember ?? (async (c: PendingConversation) => void remembered.push(c)) } as unknown as MemoryPort;
  const presence = new Presence({ visits: { absenceMs: 30_000, idleMs: 120_000, now: clock.now }, log: silentLogger });
  const conversations = new Conversations({ language: 'en', historyTurns: 10, log: silentLogger, files: new ConversationFiles({ dataDir, log: silentLogger }) });
  const handoff = new Handoff({ presence, conversations, graph: buildDialogueGraph(config), ports: daemonPorts(config, { clock, memory }), log: silentLogger });
  handoff.on('session', (e) => events.push(e));
  let n = 0;
  /** A turn of `user` as the turn runner does it: presence hears them, the store commits it, the reply is delivered. */
  const say = (user: UserInfo, text: string, reply: string, patch: Partial<TurnState> = {}) => {
    presence.spoke(user);
    const turnId = `t${++n}`;
    const state = { ...startTurn(conversations.of(user), turnId, text, null), final_message: reply, name_checked: user.user_id !== null, ...patch };
    const committed = conversations.commit(user, state);
    if (committed.settled) presence.settled(committed.settled.from, committed.settled.to);
    presence.turned(committed.key, state.user_info, { ended: committed.ended, kept: committed.farewell });
    conversations.delivered({ turnId, spokenText: reply, cut: false });
  };
  const pass = (ms: number) => {
    now += ms;
    presence.check();
  };
  return { presence, conversations, handoff, events, remembered, say, pass, dataDir };
}

const reasons = (events: SessionEvent[]) => events.map((e) => `${e.event}:${e.reason}`);

describe('visits', () => {
  it('start when perception reports a person, and end when they are no longer reported', async () => {
    const t = visitKit();
    t.presence.switchUser(ANA);
    t.presence.seen();
    t.say(ANA, 'I work at Siemens.', 'Great!');
    t.pass(20_000);
    t.presence.seen(); // still there
    t.pass(25_000);
    expect(t.presence.visit).not.toBeNull();
    t.pass(40_000); // no report, nothing said, for longer than the absence time
    await t.handoff.settled();
    expect(reasons(t.events)).toEqual(['start:detected', 'end:left']);
    expect(t.events[1]).toMatchObject({ user_id: 'ana_01', user_name: 'Ana', turns: 1, session_id: t.events[0]!.session_id });
    expect(t.remembered).toHaveLength(1);
    expect(t.remembered[0]).toMatchObject({ user_id: 'ana_01', turn_id: 'session-end-left', messages: [{ content: 'I work at Siemens.' }, { content: 'Great!' }] });
  });

  it('end when someone else takes the person’s place, or speaks in it', async () => {
    const t = visitKit();
    t.presence.switchUser(ANA);
    t.presence.seen();
    t.say(ANA, 'Hello', 'Hi Ana');
    t.presence.switchUser(BEN);
    t.presence.seen();
    t.say(BEN, 'Hi', 'Hi Ben');
    t.say(STRANGER, 'Excuse me?', 'Yes?'); // an utterance by someone not reported
    await t.handoff.settled();
    expect(reasons(t.events)).toEqual(['start:detected', 'end:replaced', 'start:detected', 'end:replaced', 'start:speech']);
    expect(t.remembered.map((r) => r.user_id)).toEqual(['ana_01', 'ben_02']);
  });

  it('end after the idle time without speech, even while the person is still reported', async () => {
    const t = visitKit();
    t.presence.switchUser(ANA);
    t.presence.seen();
    t.say(ANA, 'Hello', 'Hi');
    for (let i = 0; i < 5; i++) {
      t.pass(25_000);
      t.presence.seen();
    }
    await t.handoff.settled();
    expect(reasons(t.events)).toEqual(['start:detected', 'end:idle', 'start:detected']);
  });

  it('end on a farewell, whose conversation is handed to memory as its turn decided', async () => {
    const t = visitKit();
    t.presence.switchUser(ANA);
    t.say(ANA, 'I collect stamps.', 'Lovely!');
    t.say(ANA, 'Goodbye!', 'Bye Ana!', { conversation_id: null, memory_saved: { status: 'queued', conversation_id: 'c-ana', messages: 4 } });
    await t.handoff.settled();
    expect(reasons(t.events)).toEqual(['start:speech', 'end:farewell']);
    expect(t.remembered).toHaveLength(1);
    expect(t.remembered[0]).toMatchObject({ conversation_id: 'c-ana', turn_id: 't2', messages: [{ content: 'I collect stamps.' }, { content: 'Lovely!' }, { content: 'Goodbye!' }, { content: 'Bye Ana!' }] });
    // A farewell memory_save declined is not remembered.
    t.say(ANA, 'Bye again!', 'Bye!', { conversation_id: null, memory_saved: { status: 'skipped', reason: 'too_short' } });
    await t.handoff.settled();
    expect(t.remembered).toHaveLength(1);
  });

  it('drop what a stranger said when they leave unnamed, and remember it once their name is settled', async () => {
    const t = visitKit();
    t.presence.seen(); // an unknown face
    t.say(STRANGER, 'I love sailing.', 'Nice!');
    t.pass(31_000);
    await t.handoff.settled();
    expect(reasons(t.events)).toEqual(['start:detected', 'end:left']);
    expect(t.remembered).toEqual([]);
    expect(t.conversations.of(t.presence.user).messages).toEqual([]);

    t.presence.seen();
    t.say(STRANGER, 'I love sailing.', 'Nice! Who are you?');
    t.say(STRANGER, 'I am Ana.', 'Nice to meet you, Ana!', { user_info: ANA, name_checked: true });
    expect(t.presence.visit).toMatchObject({ key: 'ana_01', turns: 2 });
    expect(t.presence.user).toEqual(ANA);
    t.pass(31_000);
    await t.handoff.settled();
    expect(t.remembered[0]!.messages.map((m) => m.content)).toEqual(['I love sailing.', 'Nice! Who are you?', 'I am Ana.', 'Nice to meet you, Ana!']);
  });

  it('publish an end only once its conversation is handed to memory', async () => {
    let release!: () => void;
    const t = visitKit({ remember: () => new Promise<void>((r) => (release = r)) });
    t.presence.switchUser(ANA);
    t.say(ANA, 'Hello', 'Hi');
    t.presence.switchUser(BEN);
    t.presence.spoke(BEN);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(reasons(t.events)).toEqual(['start:speech']); // Ana's end waits for memory, Ben's start behind it
    release();
    await t.handoff.settled();
    expect(reasons(t.events)).toEqual(['start:speech', 'end:replaced', 'start:speech']);
  });

  it('keep a known person’s history across a restart, and end the visit in progress at shutdown', async () => {
    const t = visitKit();
    t.presence.switchUser(ANA);
    t.say(ANA, 'My favourite colour is green.', 'Green is lovely.');
    t.presence.endAll('shutdown');
    await t.handoff.settled();
    await t.conversations.flush();
    expect(reasons(t.events)).toEqual(['start:speech', 'end:shutdown']);
    expect(t.remembered).toHaveLength(1);
    const again = visitKit({ dataDir: t.dataDir });
    expect(again.conversations.of(ANA).messages.map((m) => m.content)).toEqual(['My favourite colour is green.', 'Green is lovely.']);
    // Forget-me removes the file too.
    expect(await again.conversations.forget('ana_01')).toContain('conversation');
    expect(visitKit({ dataDir: t.dataDir }).conversations.mentions('ana_01')).toEqual([]);
  });
});
