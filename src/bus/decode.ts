import { inbound, type InboundKey, type InboundPayload } from './topics.js';
import { oneLineZodError } from '../log/index.js';

export interface DecodeLimits {
  maxPayloadBytes: number;
  /** Longest accepted utterance, in characters. */
  maxTextChars: number;
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Turns raw bytes from a topic into a validated payload, or a reason to drop it. Pure: the bus
 * does the logging and counting, so every rule here is testable without a broker.
 */
export function decodeInbound<K extends InboundKey>(
  key: K,
  payload: Uint8Array,
  limits: DecodeLimits,
): Decoded<InboundPayload<K>> {
  const spec = inbound[key];
  if (spec.decoding === 'signal') return { ok: true, value: null as InboundPayload<K> };
  if (payload.byteLength > limits.maxPayloadBytes) {
    return { ok: false, reason: `payload of ${payload.byteLength} bytes exceeds the limit of ${limits.maxPayloadBytes}` };
  }
  let text: string;
  try {
    text = utf8.decode(payload);
  } catch {
    return { ok: false, reason: 'payload is not valid UTF-8' };
  }
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, reason: 'payload is empty' };

  let candidate: unknown;
  if (spec.decoding === 'text-or-json' && !/^[{"[]/.test(trimmed)) {
    candidate = { text: trimmed };
  } else {
    try {
      candidate = JSON.parse(trimmed);
    } catch (err) {
      return { ok: false, reason: `payload is not valid JSON: ${(err as Error).message}` };
    }
    // Some speech-to-text bridges JSON-encode a bare string.
    if (spec.decoding === 'text-or-json' && typeof candidate === 'string') candidate = { text: candidate };
  }

  const parsed = spec.schema.safeParse(candidate);
  if (!parsed.success) {
    return { ok: false, reason: `payload does not match the schema: ${oneLineZodError(parsed.error)}` };
  }
  // Hermes utterances are utterances too.
  if (key === 'user_speech' || key === 'hermes_text_captured') {
    const speech = parsed.data as { text: string };
    const clean = normalizeUtterance(speech.text);
    // Rhasspy reports silence as an empty transcription: normal there, for the adapter to skip.
    if (!clean && key === 'hermes_text_captured') return { ok: true, value: { ...speech, text: '' } as InboundPayload<K> };
    if (!clean) return { ok: false, reason: 'utterance is empty' };
    if (clean.length > limits.maxTextChars) {
      return { ok: false, reason: `utterance of ${clean.length} characters exceeds the limit of ${limits.maxTextChars}` };
    }
    return { ok: true, value: { ...speech, text: clean } as InboundPayload<K> };
  }
  return { ok: true, value: parsed.data as InboundPayload<K> };
}

/** Control characters never come from speech; they would end up in prompts and logs. */
export function normalizeUtterance(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b\ufeff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
