import type { Language } from '../../config/index.js';
import { TONED } from './affect-lines.js';
import { LINES } from './lines.js';
import { REACTION_LINES } from './reaction-lines.js';

const flat = (table: object): string[] => Object.values(table).flatMap((v) => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap((x: unknown) => (typeof x === 'string' ? [x] : [])) : flat(v as object)));

/** Every line the robot may say in a language without its language model, placeholders unfilled (the eval tells reply languages by them). */
export function offlineLineTexts(language: Language): string[] {
  return [...flat(LINES[language]), ...flat(TONED[language]), ...flat(REACTION_LINES[language])];
}
