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
    expect(p.monitor.stalledWithin(1000)).toBe(false);
    p.monitor.tick();
    expect(p.monitor.stalledWithin(1000)).toBe(false);
  });

  it('sees a stall as the process wakes, before the ticker, and for the grace after it', () => {
    const p = processKit();
    p.run(1000);
    p.stall(6000);
    expect(p.monitor.stalledWithin(1000)).toBe(true);
    p.monitor.tick();
    p.run(750);
    expect(p.monitor.stalledWithin(1000)).toBe(true);
    p.run(500);
    expect(p.monitor.stalledWithin(1000)).toBe(false);
  });
});

describe('a stall is no absence', () => {
  function kit(withStalls: boolean) {
    const p = processKit();
    const ended: SessionEvent[] = [];
    const stalled = withStalls ? { stalled: () => p.monitor.stalledWithin(1000) } : {};
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
    p.run(1500);
    presence.check();
    expect(ended).toHaveLength(1);
  });
});
