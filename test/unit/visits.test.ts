import { describe, expect, it } from 'vitest';
import { SessionFiles, Sessions, startTurn, type EndedConversation, type SessionEvent, type TurnState, type UserInfo } from '../../src/dialogue/index.js';
import { silentLogger } from '../../src/log/index.js';
import { tempDir } from '../helpers/config.js';

const ANA: UserInfo = { user_id: 'ana_01', user_name: 'Ana' };
const BEN: UserInfo = { user_id: 'ben_02', user_name: 'Ben' };
const STRANGER: UserInfo = { user_id: null, user_name: null };

/** A sessions store on a clock the test moves, recording what it publishes and hands to memory. */
function store(dataDir = tempDir()) {
  let now = Date.parse('2026-11-25T10:00:00Z');
  const events: SessionEvent[] = [];
  const remembered: EndedConversation[] = [];
  const sessions = new Sessions({
    language: 'en',
    historyTurns: 10,
    log: silentLogger,
    files: new SessionFiles({ dataDir, log: silentLogger }),
    visits: { absenceMs: 30_000, idleMs: 120_000, now: () => new Date(now) },
    remember: async (ended) => void remembered.push(ended),
  });
  sessions.on('session', (e) => events.push(e));
  const say = (user: UserInfo, text: string, reply: string, patch: Partial<TurnState> = {}) => {
    sessions.spoke(user);
    const { user: speaker, session } = sessions.open(user);
    sessions.commit(speaker, { ...startTurn(session, `t${now}`, text, null), final_message: reply, name_checked: user.user_id !== null, ...patch });
    sessions.delivered({ turnId: `t${now}`, spokenText: reply, cut: false });
  };
  const pass = (ms: number) => {
    now += ms;
    sessions.check();
  };
  return { sessions, events, remembered, say, pass, dataDir };
}

const reasons = (events: SessionEvent[]) => events.map((e) => `${e.event}:${e.reason}`);

describe('visits', () => {
  it('start when perception reports a person, and end when they are no longer reported', async () => {
    const t = store();
    t.sessions.switchUser(ANA);
    t.sessions.seen();
    t.say(ANA, 'I work at Siemens.', 'Great!');
    t.pass(20_000);
    t.sessions.seen(); // still there
    t.pass(25_000);
    expect(t.sessions.visit).not.toBeNull();
    t.pass(40_000); // no report, nothing said, for longer than the absence time
    await t.sessions.settled();
    expect(reasons(t.events)).toEqual(['start:detected', 'end:left']);
    expect(t.events[1]).toMatchObject({ user_id: 'ana_01', user_name: 'Ana', turns: 1, session_id: t.events[0]!.session_id });
    expect(t.remembered).toHaveLength(1);
    expect(t.remembered[0]).toMatchObject({ user: ANA, reason: 'left', messages: [{ content: 'I work at Siemens.' }, { content: 'Great!' }] });
  });

  it('end when someone else takes the person’s place, or speaks in it', async () => {
    const t = store();
    t.sessions.switchUser(ANA);
    t.sessions.seen();
    t.say(ANA, 'Hello', 'Hi Ana');
    t.sessions.switchUser(BEN);
    t.sessions.seen();
    t.say(BEN, 'Hi', 'Hi Ben');
    t.say(STRANGER, 'Excuse me?', 'Yes?'); // an utterance by someone not reported
    await t.sessions.settled();
    expect(reasons(t.events)).toEqual(['start:detected', 'end:replaced', 'start:detected', 'end:replaced', 'start:speech']);
    expect(t.remembered.map((r) => r.user.user_id)).toEqual(['ana_01', 'ben_02']);
  });

  it('end after the idle time without speech, even while the person is still reported', async () => {
    const t = store();
    t.sessions.switchUser(ANA);
    t.sessions.seen();
    t.say(ANA, 'Hello', 'Hi');
    for (let i = 0; i < 5; i++) {
      t.pass(25_000);
      t.sessions.seen();
    }
    await t.sessions.settled();
    expect(reasons(t.events)).toEqual(['start:detected', 'end:idle', 'start:detected']);
  });

  it('end on a farewell, which has remembered the conversation itself', async () => {
    const t = store();
    t.sessions.switchUser(ANA);
    t.say(ANA, 'Goodbye!', 'Bye Ana!', { conversation_id: null });
    await t.sessions.settled();
    expect(reasons(t.events)).toEqual(['start:speech', 'end:farewell']);
    expect(t.remembered).toEqual([]);
  });

  it('drop what a stranger said when they leave unnamed, and remember it once their name is settled', async () => {
    const t = store();
    t.sessions.seen(); // an unknown face
    t.say(STRANGER, 'I love sailing.', 'Nice!');
    t.pass(31_000);
    await t.sessions.settled();
    expect(reasons(t.events)).toEqual(['start:detected', 'end:left']);
    expect(t.remembered).toEqual([]);
    expect(t.sessions.current().messages).toEqual([]);

    t.sessions.seen();
    t.say(STRANGER, 'I love sailing.', 'Nice! Who are you?');
    t.say(STRANGER, 'I am Ana.', 'Nice to meet you, Ana!', { user_info: ANA, name_checked: true });
    expect(t.sessions.visit).toMatchObject({ key: 'ana_01', turns: 2 });
    t.pass(31_000);
    await t.sessions.settled();
    expect(t.remembered[0]!.messages.map((m) => m.content)).toEqual(['I love sailing.', 'Nice! Who are you?', 'I am Ana.', 'Nice to meet you, Ana!']);
  });

  it('publish an end only once its conversation is handed to memory', async () => {
    let release!: () => void;
    const t = store();
    const held = new Sessions({
      language: 'en',
      historyTurns: 10,
      log: silentLogger,
      visits: { absenceMs: 30_000, idleMs: 120_000, now: () => new Date() },
      remember: () => new Promise<void>((r) => (release = r)),
    });
    const events: SessionEvent[] = [];
    held.on('session', (e) => events.push(e));
    held.switchUser(ANA);
    held.spoke(ANA);
    const { session } = held.open(ANA);
    held.commit(ANA, { ...startTurn(session, 't1', 'Hello', null), final_message: 'Hi', name_checked: true });
    held.delivered({ turnId: 't1', spokenText: 'Hi', cut: false });
    held.switchUser(BEN);
    held.spoke(BEN);
    await new Promise((r) => setImmediate(r));
    expect(reasons(events)).toEqual(['start:speech']); // Ana's end waits for memory, Ben's start behind it
    release();
    await held.settled();
    expect(reasons(events)).toEqual(['start:speech', 'end:replaced', 'start:speech']);
    expect(t.events).toEqual([]);
  });

  it('keep a known person’s history across a restart, and end the visit in progress at shutdown', async () => {
    const t = store();
    t.sessions.switchUser(ANA);
    t.say(ANA, 'My favourite colour is green.', 'Green is lovely.');
    await t.sessions.close();
    expect(reasons(t.events)).toEqual(['start:speech', 'end:shutdown']);
    expect(t.remembered).toHaveLength(1);
    const again = store(t.dataDir);
    again.sessions.switchUser(ANA);
    expect(again.sessions.current().messages.map((m) => m.content)).toEqual(['My favourite colour is green.', 'Green is lovely.']);
    // Forget-me removes the file too.
    expect(await again.sessions.forget('ana_01')).toContain('conversation');
    expect(store(t.dataDir).sessions.mentions('ana_01')).toEqual([]);
  });
});
