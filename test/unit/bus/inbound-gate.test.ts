import { describe, expect, it } from 'vitest';
import { InboundGate, type Arrival, type Delivery } from '../../../src/bus/inbound-gate.js';
import { decodeInbound, type InboundKey } from '../../../src/bus/index.js';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';

const MAX_AGE_MS = 10_000;
const KEEPALIVE_MS = 30_000;
const EPOCH = Date.parse('2026-11-26T12:00:00Z');

function setUp() {
  let now = 1_000_000;
  const delivered: Delivery[] = [];
  const health = new Health();
  const real = new InboundGate({
    maxSpeechAgeMs: MAX_AGE_MS,
    keepaliveMs: KEEPALIVE_MS,
    log: silentLogger,
    health,
    clock: () => now,
    wallClock: () => EPOCH + now,
  });
  // What the gate lets through is what the bus hands to the handlers, in order.
  const handOn = (deliveries: Delivery[]) => void delivered.push(...deliveries);
  const gate = {
    connected: (resumed: boolean) => real.connected(resumed),
    disconnected: () => real.disconnected(),
    heard: () => real.heard(),
    marker: (token: string) => handOn(real.marker(token)),
    caughtUp: () => handOn(real.caughtUp()),
    get catchingUp() {
      return real.catchingUp;
    },
  };
  const advance = (ms: number) => void (now += ms);
  /** A message through the gate as the bus passes it: decoded, then passed (or not) by the gate. */
  const receive = (key: InboundKey, body: unknown, messageId: number, dup = false) => {
    const payload = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const arrival: Arrival = { key, topic: key, messageId, dup, payload };
    const decoded = decodeInbound(key, payload, { maxPayloadBytes: 65_536, maxTextChars: 2_000 });
    if (!decoded.ok) throw new Error(decoded.reason);
    handOn(real.pass(arrival, decoded));
  };
  const texts = () => delivered.filter((d) => d.key === 'user_speech').map((d) => (d.value as { text: string }).text);
  return { gate, health, delivered, advance, receive, texts, wall: () => EPOCH + now };
}

describe('redeliveries', () => {
  it('a message flagged as a redelivery with the packet id and payload of one received is dropped once, counted', () => {
    const { gate, receive, texts, health } = setUp();
    gate.connected(false);
    receive('user_speech', 'My name is Anna.', 7);
    gate.disconnected();
    gate.connected(true);
    receive('user_speech', 'My name is Anna.', 7, true);
    expect(texts()).toEqual(['My name is Anna.']);
    expect(health.counter('duplicate_messages.user_speech')).toBe(1);
  });

  it('a repeated sentence is a new message: another packet id, live or flagged but never received', () => {
    const { gate, receive, texts } = setUp();
    gate.connected(false);
    receive('user_speech', 'yes', 1);
    receive('user_speech', 'yes', 2);
    // A redelivery of one that never got through.
    gate.disconnected();
    gate.connected(true);
    receive('user_speech', 'no', 3, true);
    expect(texts()).toEqual(['yes', 'yes', 'no']);
  });

  it('the same packet id and payload twice on one connection, unflagged (aedes does at times), is handled once', () => {
    const { gate, receive, texts } = setUp();
    gate.connected(false);
    receive('user_speech', 'Hello.', 25812);
    receive('user_speech', 'Hello.', 25812);
    receive('user_speech', 'My name is Anna.', 25813);
    expect(texts()).toEqual(['Hello.', 'My name is Anna.']);
  });

  it("in a resumed session's backlog, the same packet id and payload is a redelivery even without the flag (aedes)", () => {
    const { gate, receive, delivered } = setUp();
    gate.connected(false);
    receive('forget_user', { user_id: 'anna-1' }, 40);
    gate.disconnected();
    gate.connected(true);
    receive('forget_user', { user_id: 'anna-1' }, 40);
    receive('forget_user', { user_id: 'bruno-2' }, 41);
    expect(delivered.map((d) => d.value)).toEqual([{ user_id: 'anna-1' }, { user_id: 'bruno-2' }]);
  });

  it('a redelivery without the flag after the backlog is caught up (aedes resends out of order) is dropped: it came on an earlier connection', () => {
    const { gate, receive, texts } = setUp();
    gate.connected(false);
    receive('user_speech', 'Hello.', 4634);
    gate.disconnected();
    gate.marker(gate.connected(true)!);
    receive('user_speech', 'Hello.', 4634);
    receive('user_speech', 'Hello.', 4635);
    expect(texts()).toEqual(['Hello.', 'Hello.']);
  });

  it('a new session (the broker lost the old one) starts afresh: its packet ids say nothing of the old ones', () => {
    const { gate, receive, texts } = setUp();
    gate.connected(false);
    receive('user_speech', 'yes', 1);
    gate.disconnected();
    gate.connected(false);
    receive('user_speech', 'yes', 1, true);
    expect(texts()).toEqual(['yes', 'yes']);
  });
});

describe('speech that comes late', () => {
  it('by its ts: answered while younger than mqtt.maxSpeechAgeMs, else dropped and counted; live or in a backlog', () => {
    const { gate, receive, texts, health, wall } = setUp();
    gate.connected(false);
    receive('user_speech', { text: 'fresh', ts: new Date(wall() - 2_000).toISOString() }, 1);
    receive('user_speech', { text: 'stale', ts: new Date(wall() - MAX_AGE_MS - 1).toISOString() }, 2);
    // Seconds since the epoch, as Python's time.time() gives them.
    receive('user_speech', { text: 'fresh seconds', ts: (wall() - 1_000) / 1000 }, 3);
    receive('user_speech', { text: 'stale ms', ts: wall() - 60_000 }, 4);
    expect(texts()).toEqual(['fresh', 'fresh seconds']);
    expect(health.counter('late_utterances')).toBe(2);
  });

  it('a ts in a backlog wins over the length of the cut', () => {
    const { gate, receive, texts, advance, wall } = setUp();
    gate.connected(false);
    gate.disconnected();
    advance(60_000);
    gate.connected(true);
    receive('user_speech', { text: 'said just now', ts: wall() - 500 }, 1);
    expect(texts()).toEqual(['said just now']);
  });

  it('without a ts, a backlog is as old as the cut: answered after a short one, dropped after a long one; live speech always answered', () => {
    const { gate, receive, texts, advance, health } = setUp();
    gate.connected(false);
    gate.disconnected();
    advance(3_000);
    const marker = gate.connected(true)!;
    receive('user_speech', 'after a short cut', 1);
    gate.marker(marker);
    gate.disconnected();
    advance(MAX_AGE_MS + 1);
    gate.connected(true);
    receive('user_speech', 'after a long cut', 2);
    expect(health.counter('late_utterances.user_speech')).toBe(1);
    gate.caughtUp();
    receive('user_speech', 'live again', 3);
    expect(texts()).toEqual(['after a short cut', 'live again']);
  });

  it('several cuts before the backlog is caught up count from the first; a failed attempt to connect loses nothing', () => {
    const { gate, receive, texts, advance } = setUp();
    gate.connected(false);
    gate.disconnected();
    advance(6_000);
    gate.connected(true);
    gate.disconnected();
    gate.disconnected(); // a failed reconnection attempt closes too
    advance(6_000);
    gate.connected(true);
    receive('hermes_text_captured', { text: 'hello', siteId: 'default' }, 1);
    expect(texts()).toEqual([]);
    expect(gate.catchingUp).toBe(true);
  });

  it('a link that died silently was lost when the broker was last heard, not when the keepalive noticed', () => {
    const { gate, receive, texts, advance } = setUp();
    gate.connected(false);
    gate.heard();
    advance(KEEPALIVE_MS + 5_000); // nothing heard: the keepalive closes the link
    gate.disconnected();
    advance(1_000);
    gate.connected(true);
    receive('user_speech', 'said while the link was dead', 1);
    expect(texts()).toEqual([]);
  });

  it('without a ts, a backlog kept while the daemon was not running has no known age: not answered', () => {
    const { gate, receive, texts, delivered } = setUp();
    gate.connected(true); // the first connection of this process resumes a session
    receive('user_speech', 'said during the restart', 1);
    receive('forget_user', { user_id: 'anna-1' }, 2);
    expect(texts()).toEqual([]);
    expect(delivered.map((d) => d.key)).toEqual(['forget_user']);
  });
});

describe('detections in a backlog', () => {
  const detection = (user_id: string) => ({ user_name: user_id, user_id, confidence: 90 });

  it('a run collapses to the newest, handed over when the backlog is caught up; live ones pass at once', () => {
    const { gate, receive, delivered, health } = setUp();
    gate.connected(false);
    gate.disconnected();
    const marker = gate.connected(true)!;
    for (const [i, id] of ['anna-1', 'bruno-2', 'clara-3'].entries()) receive('user_detected', detection(id), i + 1);
    expect(delivered).toEqual([]);
    gate.marker('an older marker');
    expect(delivered).toEqual([]);
    gate.marker(marker);
    receive('user_detected', detection('david-4'), 9);
    expect(delivered.map((d) => (d.value as { user_id: string }).user_id)).toEqual(['clara-3', 'david-4']);
    expect(health.counter('superseded_messages.user_detected')).toBe(2);
  });

  it('the order of events is kept: the newest of a run goes before the next message of another topic', () => {
    const { gate, receive, delivered } = setUp();
    gate.connected(false);
    gate.disconnected();
    gate.connected(true);
    receive('user_detected', detection('anna-1'), 1);
    receive('user_detected', detection('bruno-2'), 2);
    receive('user_speech', 'Hello', 3);
    receive('user_detected', detection('clara-3'), 4);
    receive('face_stored', { user_name: 'Clara', user_id: 'clara-3', status: 'face_stored' }, 5);
    gate.caughtUp();
    expect(delivered.map((d) => [d.key, (d.value as { user_id?: string; text?: string }).user_id ?? (d.value as { text: string }).text])).toEqual([
      ['user_detected', 'bruno-2'],
      ['user_speech', 'Hello'],
      ['user_detected', 'clara-3'],
      ['face_stored', 'clara-3'],
    ]);
  });
});
