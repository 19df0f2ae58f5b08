import { describe, expect, it } from 'vitest';
import { decodeInbound, inbound, type InboundKey } from '../../../src/bus/index.js';

const limits = { maxPayloadBytes: 64 * 1024, maxTextChars: 2000 };
const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('inbound payload decoding', () => {
  it('accepts user speech as plain text, as JSON, and as a JSON-encoded string', () => {
    expect(decodeInbound('user_speech', bytes('  Hello there!  '), limits)).toEqual({ ok: true, value: { text: 'Hello there!' } });
    expect(decodeInbound('user_speech', bytes('{"text":"Hallo","language":"de-DE"}'), limits)).toEqual({
      ok: true,
      value: { text: 'Hallo', language: 'de-DE' },
    });
    expect(decodeInbound('user_speech', bytes('"Bonjour"'), limits)).toEqual({ ok: true, value: { text: 'Bonjour' } });
  });

  it('strips control characters from utterances and rejects ones that end up empty or too long', () => {
    expect(decodeInbound('user_speech', bytes('Hi\u0000\u0007 there\u200b'), limits)).toEqual({ ok: true, value: { text: 'Hi there' } });
    expect(decodeInbound('user_speech', bytes('{"text":"\\u0000\\u0001"}'), limits)).toEqual({ ok: false, reason: 'utterance is empty' });
    const long = decodeInbound('user_speech', bytes('a'.repeat(2001)), limits);
    expect(long.ok === false && long.reason).toMatch(/2001 characters exceeds the limit of 2000/);
  });

  it('accepts well-formed perception payloads', () => {
    const detected = decodeInbound('user_detected', bytes('{"user_name":"Alice","user_id":"u_1","confidence":87.5}'), limits);
    expect(detected).toEqual({ ok: true, value: { user_name: 'Alice', user_id: 'u_1', confidence: 87.5 } });
    expect(decodeInbound('user_detected', bytes('{"user_name":"Unknown","user_id":null,"confidence":0}'), limits).ok).toBe(true);
    expect(decodeInbound('face_stored', bytes('{"user_name":"Bob","user_id":"7","status":"face_stored_new_user"}'), limits).ok).toBe(true);
    expect(decodeInbound('scene_stored', bytes('{"user_id":"7","scene_id":"scene_20260101_101010","memorability":0.8}'), limits).ok).toBe(true);
  });

  it('never lets an id that could escape the profile folder through', () => {
    for (const id of ['../etc', 'a/b', '..', 'x\\y', '']) {
      const r = decodeInbound('face_stored', bytes(JSON.stringify({ user_name: 'Eve', user_id: id, status: 'face_stored' })), limits);
      expect(r.ok, id).toBe(false);
    }
  });

  // Every inbound topic, every kind of junk a process could send: none may pass, none may throw.
  const junk: [string, Uint8Array][] = [
    ['binary junk', Uint8Array.from([0xff, 0xfe, 0x00, 0x80, 0x81, 0xc3])],
    ['empty', new Uint8Array()],
    ['1 MB string', bytes('x'.repeat(1024 * 1024))],
    ['wrong JSON types', bytes('{"text": 42, "user_name": [], "user_id": {}, "confidence": "high", "scene_id": 5, "status": true}')],
    ['truncated JSON', bytes('{"text": "hel')],
    ['JSON array', bytes('[1,2,3]')],
    ['JSON null', bytes('null')],
  ];
  const structured = (Object.keys(inbound) as InboundKey[]).filter((k) => inbound[k].decoding !== 'signal');
  for (const key of structured) {
    for (const [what, payload] of junk) {
      // Plain text is valid speech: "null" is the German word for zero.
      if (inbound[key].decoding === 'text-or-json' && what === 'JSON null') continue;
      it(`drops ${what} on ${inbound[key].topic} with a reason`, () => {
        const result = decodeInbound(key, payload, limits);
        expect(result.ok).toBe(false);
        expect(result.ok === false && result.reason.length).toBeGreaterThan(5);
      });
    }
  }

  it('treats speech feedback topics as signals whatever their payload', () => {
    expect(decodeInbound('end_speak', Uint8Array.from([0xff, 0x00]), limits)).toEqual({ ok: true, value: null });
    expect(decodeInbound('start_speak', new Uint8Array(), limits)).toEqual({ ok: true, value: null });
  });
});
