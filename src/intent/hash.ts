import { createHash } from 'node:crypto';
import { normalizeText } from './featurize.js';

/** Stable pseudo-random in [0, 1) from the text: splits and slot fillings survive reordering and additions. */
export function unitHash(text: string, seed: number): number {
  const digest = createHash('sha256').update(`${seed}\0${normalizeText(text)}`).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}
