import { describe, expect, it } from 'vitest';
import { ExpiringOutgoing, type Expiring } from '../../../src/bus/expiring-outgoing.js';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';

/** The expiring class on a fake clock, with a client that acknowledges on demand. */
function setUp() {
  let now = 0;
  let connected = false;
  const sent: { message: Expiring; done: (err?: Error) => void }[] = [];
  const health = new Health();
  const outgoing = new ExpiringOutgoing({
    maxDelayMs: 1_000,
    send: (message, done) => sent.push({ message, done }),
    connected: () => connected,
    log: silentLogger,
    health,
    now: () => now,
  });
  return {
    outgoing,
    health,
    sent,
    texts: () => sent.map((s) => s.message.body),
    at: (ms: number) => void (now = ms),
    link: (up: boolean) => void (connected = up),
  };
}

describe('expiring messages (speech, gestures)', () => {
  it('are sent at once while connected, and settle true on the acknowledgement', async () => {
    const t = setUp();
    t.link(true);
    const result = t.outgoing.add('speak', 'nadine/agent/control/speak', 'Hello.');
    expect(t.texts()).toEqual(['Hello.']);
    t.sent[0]!.done();
    expect(await result).toBe(true);
  });

  it('wait for the link while in time, in order; past speech.maxDelayMs they are dropped and counted, never sent', async () => {
    const t = setUp();
    const old = t.outgoing.add('speak', 'nadine/agent/control/speak', 'Said while the link was down.');
    t.at(600);
    const fresh = t.outgoing.add('animation', 'nadine/agent/control/animation', 'WAVE_HAND');
    t.at(1_200); // the first is 1200 ms old, the second 600 ms
    t.link(true);
    t.outgoing.flush();
    expect(await old).toBe(false);
    expect(t.texts()).toEqual(['WAVE_HAND']);
    expect(t.health.counter('expired_messages')).toBe(1);
    expect(t.health.counter('expired_messages.speak')).toBe(1);
    t.sent[0]!.done();
    expect(await fresh).toBe(true);
  });

  it('one taken back from the client on a lost connection is sent again only if still in time', async () => {
    const t = setUp();
    t.link(true);
    const first = t.outgoing.add('speak', 'nadine/agent/control/speak', 'First.');
    t.at(300);
    const second = t.outgoing.add('speak', 'nadine/agent/control/speak', 'Second.');
    t.link(false);
    // The bus takes both back from mqtt.js when the connection closes.
    for (const s of [...t.sent]) s.done(new Error('Message removed'));
    t.at(1_100); // the first is past its deadline, the second is not
    t.link(true);
    t.outgoing.flush();
    expect(await first).toBe(false);
    expect(t.texts()).toEqual(['First.', 'Second.', 'Second.']);
    t.sent[2]!.done();
    expect(await second).toBe(true);
  });

  it('a stop settles what waits as not sent', async () => {
    const t = setUp();
    const waiting = t.outgoing.add('speak', 'nadine/agent/control/speak', 'Never.');
    t.outgoing.close();
    expect(await waiting).toBe(false);
    expect(t.sent).toEqual([]);
  });
});
