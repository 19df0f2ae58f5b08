import { describe, expect, it } from 'vitest';
import { decodeInbound, inbound, type InboundKey } from '../../../src/bus/index.js';

const limits = { maxPayloadBytes: 65_536, maxTextChars: 2_000 };
const decode = (body: unknown) => decodeInbound('user_speech', Buffer.from(JSON.stringify(body)), limits);
const AT = Date.parse('2026-11-26T12:00:00.250Z');

describe("an utterance's ts", () => {
  it('is read as milliseconds since the epoch from ISO 8601 with a zone, seconds or milliseconds', () => {
    for (const ts of ['2026-11-26T12:00:00.250Z', '2026-11-26T13:00:00.250+01:00', AT / 1000, AT]) {
      const decoded = decode({ text: 'Hello', ts });
      expect(decoded, String(ts)).toEqual({ ok: true, value: { text: 'Hello', ts: AT } });
    }
  });

  it('is optional; a time without a zone, a date alone or a negative number is refused with the reason', () => {
    expect(decode({ text: 'Hello' })).toEqual({ ok: true, value: { text: 'Hello' } });
    for (const ts of ['2026-11-26T12:00:00', '2026-11-26', -5, 'yesterday']) {
      const decoded = decode({ text: 'Hello', ts });
      expect(decoded.ok, String(ts)).toBe(false);
      if (!decoded.ok) expect(decoded.reason).toContain('ts');
    }
  });
});

describe('the policy for what comes late', () => {
  it('is written for every inbound topic: speech fresh, detections latest, stored faces and scenes, forget requests, alert acknowledgements and feedback always', () => {
    const policies = Object.fromEntries((Object.keys(inbound) as InboundKey[]).map((key) => [key, inbound[key].late]));
    expect(policies).toEqual({
      user_speech: 'fresh',
      hermes_text_captured: 'fresh',
      user_detected: 'latest',
      face_stored: 'always',
      scene_stored: 'always',
      forget_user: 'always',
      alert_ack: 'always',
      start_speak: 'always',
      end_speak: 'always',
      hermes_say_finished: 'always',
    });
  });
});
