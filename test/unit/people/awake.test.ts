import { describe, expect, it } from 'vitest';
import { Presence, type SessionEvent } from '../../../src/dialogue/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { initialPresence, onDetection, StallMonitor } from '../../../src/people/index.js';

/** A process on a clock the test moves: `run` passes time with the ticker ticking, `stall` without. */
function processKit() {
  let now = 0;
  const monitor = new StallMonitor({ now: () => now, tickMs: 250, toleranceMs: 500 });
  return {
    monitor,
    now: () => now,
    awake: () => now - monitor.stalledMs(),
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
  it('counts no stall while ticks come on time, or a little late', () => {
    const p = processKit();
    p.run(10_000);
    p.stall(600);
    p.monitor.tick();
    expect(p.monitor.stalledMs()).toBe(0);
  });

  it('counts the lateness of a tick beyond the tolerance, and a stall not yet ticked away', () => {
    const p = processKit();
    p.run(1000);
    p.stall(6000);
    // Woken, before the ticker: the stall is already counted.
    expect(p.monitor.stalledMs()).toBe(6000 - 250 - 500);
    p.monitor.tick();
    p.run(1000);
    expect(p.monitor.stalledMs()).toBe(6000 - 250 - 500);
  });
});

describe('a stall is no absence', () => {
  const ABSENCE = 4000;

  it('keeps the visit of someone still reported, however long the process stalled between reports', () => {
    for (const awake of [true, false]) {
      const p = processKit();
      const events: SessionEvent[] = [];
      const presence = new Presence({ visits: { absenceMs: ABSENCE, idleMs: 120_000, now: () => new Date(p.now()), ...(awake && { awake: p.awake }) }, log: silentLogger });
      presence.on('start', (e) => events.push(e));
      presence.on('end', (e) => events.push(e.event!));
      presence.seen();
      p.run(1000);
      p.stall(6000);
      presence.check();
      presence.seen();
      const ended = events.filter((e) => e?.event === 'end');
      // Measured on the plain clock, the stall looks like the person left: the test's own control.
      expect(ended.length).toBe(awake ? 0 : 1);
    }
  });

  it('keeps the stranger who just told their name the same stranger after a stall', () => {
    const p = processKit();
    const options = { minConfidence: 60, absenceMs: ABSENCE };
    const stranger = { user_id: null, user_name: 'unknown', confidence: 95 };
    const first = onDetection(initialPresence, stranger, options, p.now(), null).state;
    const firstAwake = { ...first, lastAt: p.awake() };
    p.run(500);
    p.stall(6000);
    expect(onDetection(firstAwake, stranger, options, p.awake(), 'person_25').action.kind).toBe('same');
    // The control: on the plain clock the same reports would make a new stranger of them.
    expect(onDetection(first, stranger, options, p.now(), 'person_25').action.kind).toBe('stranger');
  });
});
