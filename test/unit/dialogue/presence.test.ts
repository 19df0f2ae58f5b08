import { describe, expect, it } from 'vitest';
import { Engagement } from '../../../src/dialogue/engagement.js';
import { Presence, type VisitEnded } from '../../../src/dialogue/index.js';
import type { SessionEvent, UserInfo } from '../../../src/dialogue/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';

const MARCO: UserInfo = { user_id: 'marco_01', user_name: 'Marco' };
const GRETA: UserInfo = { user_id: 'greta_01', user_name: 'Greta' };
const NOBODY: UserInfo = { user_id: null, user_name: null };

/** Presence on a clock the test moves (absence 2 s), recording starts and ends, with engagement on it. */
function presence(cooldownMs = 60_000) {
  let now = Date.parse('2026-11-26T09:00:00Z');
  const clock = () => new Date(now);
  const p = new Presence({ visits: { absenceMs: 2_000, idleMs: 120_000, now: clock }, log: silentLogger });
  const starts: SessionEvent[] = [];
  const ends: VisitEnded[] = [];
  p.on('start', (e) => starts.push(e));
  p.on('end', (e) => ends.push(e));
  const engagement = new Engagement({ config: { ...testConfig().engagement, enabled: true, cooldownMs, unknownAfterMs: 0 }, presence: p, busy: () => false, now: clock, log: silentLogger });
  const engaged: string[] = [];
  engagement.on('engage', (occasion) => engaged.push(occasion));
  /** Perception's report every second for `seconds`. */
  const reported = (seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      now += 1_000;
      p.check();
      p.seen();
    }
  };
  const pass = (ms: number) => {
    now += ms;
    p.check();
  };
  /** A visit with a turn, as the turn runner does it: the person speaks; the turn may be a farewell. */
  const turn = (user: UserInfo, farewell = false) => {
    p.spoke(user);
    p.turned(user.user_id ?? '__anonymous__', user, { ended: farewell, kept: false });
  };
  const timers = () => new Promise((r) => setTimeout(r, 20));
  return { p, starts, ends, engaged, reported, pass, turn, timers, close: () => engagement.close() };
}

describe('presence after a goodbye', () => {
  it('a visitor whose name came from the conversation and who lingers after “bye” starts nothing again, and is nobody now', async () => {
    const t = presence();
    t.p.seen(); // an unknown face
    t.turn(NOBODY);
    // "Hello, I'm Marco.": the conversation settles who they are.
    t.p.settled(NOBODY, MARCO);
    expect(t.p.user).toEqual(MARCO);
    t.turn(MARCO);
    t.turn(MARCO, true); // "Okay, bye then!"
    expect(t.ends.map((e) => e.reason)).toEqual(['farewell']);
    // Perception goes on reporting the same unknown face, every second.
    t.reported(10);
    await t.timers();
    expect(t.starts).toHaveLength(1);
    expect(t.p.visit).toBeNull();
    expect(t.engaged).toEqual([]);
    // Whoever speaks now is someone unnamed, with a visit of their own.
    expect(t.p.user).toEqual(NOBODY);
    t.turn(t.p.user);
    expect(t.starts.map((e) => [e.reason, e.user_id])).toEqual([
      ['detected', null],
      ['speech', null],
    ]);
    t.close();
  });

  it('a person perception knows stays the one in front after “bye”, starts no visit while in view, and a new one once gone and back', async () => {
    const t = presence(0);
    t.p.switchUser(GRETA);
    t.p.seen();
    t.turn(GRETA, true);
    t.reported(5);
    expect(t.p.user).toEqual(GRETA);
    expect(t.p.visit).toBeNull();
    expect(t.p.leaving).toBe('greta_01');
    t.pass(3_000); // not reported for longer than the absence time: gone
    expect(t.p.leaving).toBeNull();
    t.p.seen();
    expect(t.p.visit).toMatchObject({ key: 'greta_01' });
    t.close();
  });

  it('a new unknown face after a goodbye is a stranger: their visit starts at once, anonymous', () => {
    const t = presence();
    t.p.switchUser(GRETA);
    t.p.seen();
    t.turn(GRETA, true);
    t.p.strangerArrived();
    t.p.seen();
    expect(t.p.user).toEqual(NOBODY);
    expect(t.p.visit).toMatchObject({ key: '__anonymous__', user: NOBODY });
    t.close();
  });

  it('a visitor who walked away takes no name along: the next unnamed face is nobody in particular', () => {
    const t = presence();
    t.p.seen();
    t.turn(NOBODY);
    t.p.settled(NOBODY, MARCO);
    t.pass(3_000); // left without a word
    expect(t.ends.map((e) => e.reason)).toEqual(['left']);
    expect(t.p.user).toEqual(NOBODY);
    t.close();
  });
});

describe('engagement after a visit', () => {
  it('does not greet someone back within the cool-down after a visit in which they talked, though it never greeted them', async () => {
    const t = presence(60_000);
    t.p.switchUser(GRETA);
    t.turn(GRETA); // she spoke first: no greeting
    t.turn(GRETA, true);
    t.pass(3_000);
    t.p.seen(); // back, 3 s later
    await t.timers();
    expect(t.starts.map((e) => e.reason)).toEqual(['speech', 'detected']);
    expect(t.engaged).toEqual([]);
    t.close();
  });

  it('greets a person it knows when they arrive', async () => {
    const t = presence();
    t.p.switchUser(GRETA);
    t.p.seen();
    await t.timers();
    expect(t.engaged).toEqual(['greet']);
    t.close();
  });
});
