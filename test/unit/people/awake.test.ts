import { describe, expect, it } from 'vitest';
import { Presence, type SessionEvent } from '../../../src/dialogue/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { StallMonitor } from '../../../src/people/index.js';

/** A process on a clock the test moves: `run` passes time with the ticker ticking, `stall` without. */
function processKit() {
  let now = 0;
  const monitor = new StallMonitor({ now: () => now, tickMs: 250, toleranceMs: 500 });
  return {
    monitor,
    now: () => now,
    run(ms: number) {
      for (let t = 0; t < ms; t += 250) {
        now += 250;
        monitor.tick();
      }
    },
    stall(ms: number) {
      now += ms;
    },
  };
}

describe('the stalls of a process', () => {
  it('sees no stall while ticks come on time, or a little late', () => {
    const p = processKit();
    p.run(10_000);
    p.stall(600);
    expect(p.monitor.stalledMsWithin(10_000)).toBe(0);
    p.monitor.tick();
    expect(p.monitor.stalledMsWithin(10_000)).toBe(0);
  });

  it('counts a stall as the process wakes, before the ticker, and within the windows that hold it', () => {
    const p = processKit();
    p.run(1000);
    p.stall(6000);
    // Late by the stall less one tick and the tolerance.
    expect(p.monitor.stalledMsWithin(60_000)).toBe(5250);
    p.monitor.tick();
    p.run(2000);
    expect(p.monitor.stalledMsWithin(60_000)).toBe(5250);
    expect(p.monitor.stalledMsWithin(3000)).toBe(1000);
    expect(p.monitor.stalledMsWithin(1000)).toBe(0);
  });
});

describe('a stall is no absence', () => {
  function kit(withStalls: boolean) {
    const p = processKit();
    const ended: SessionEvent[] = [];
    const stalled = withStalls ? { stalledMs: (windowMs: number) => p.monitor.stalledMsWithin(windowMs) } : {};
    const presence = new Presence({ visits: { absenceMs: 4000, idleMs: 120_000, now: () => new Date(p.now()), ...stalled }, log: silentLogger });
    presence.on('end', (e) => ended.push(e.event!));
    return { p, presence, ended };
  }

  it('does not end the visit of someone in view while the reports queued during a stall are unread', () => {
    for (const withStalls of [true, false]) {
      const { p, presence, ended } = kit(withStalls);
      presence.seen();
      p.run(1000);
      p.stall(6000);
      presence.check();
      // The report that waited in the socket is read.
      presence.seen();
      // On the plain clock the check on waking ends the visit: the test's own control.
      expect(ended.length).toBe(withStalls ? 0 : 1);
    }
  });

  it('still ends the visit of someone who left: the stall only delays the judgment', () => {
    const { p, presence, ended } = kit(true);
    presence.seen();
    p.run(1000);
    p.stall(6000);
    presence.check();
    expect(ended).toHaveLength(0);
    // Four seconds awake since the last report: one before the stall, three after it.
    p.run(2500);
    presence.check();
    expect(ended).toHaveLength(0);
    p.run(750);
    presence.check();
    expect(ended).toHaveLength(1);
  });

  it('ends the visit of someone who left on a process that is late on every tick (a loaded robot)', () => {
    const { p, presence, ended } = kit(true);
    presence.seen();
    // Every tick 500 ms later than the tolerance allows: a grace after each stall would never pass.
    for (let t = 0; t < 30_000 && !ended.length; t += 1250) {
      p.stall(1250);
      p.monitor.tick();
      presence.check();
    }
    expect(ended).toHaveLength(1);
  });
});
