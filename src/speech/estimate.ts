import type { Config } from '../config/index.js';

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/gu;

/**
 * How long a speech stack may take to say `text` before its end_speak counts as lost: the
 * speaking time at `charsPerSecond` (a CJK character carries about a syllable, three Latin
 * characters' worth), times a safety factor, between a floor and a cap.
 */
export function estimateSpeechMs(text: string, t: Config['speech']['timeouts']): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const weight = text.length - cjk + 3 * cjk;
  const ms = (weight / t.charsPerSecond) * 1000 * t.factor;
  return Math.round(Math.min(t.maxMs, Math.max(t.minMs, ms)));
}
