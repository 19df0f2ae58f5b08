import { describe, expect, it } from 'vitest';
import { extractionRequest } from '../../../src/people/extract/index.js';
import { de } from './introductions-battery/de.js';
import { en } from './introductions-battery/en.js';
import { es } from './introductions-battery/es.js';
import { fr } from './introductions-battery/fr.js';
import type { Battery } from './introductions-battery/types.js';
import { zh } from './introductions-battery/zh.js';

// Introductions and denials written as visitors say them (greetings, fillers, name first or last,
// particles, compound names, lower-case speech-to-text), and sentences that give no name.
const BATTERY: Record<string, Battery> = { en, de, fr, es, zh };

const read = (text: string, language: string, askedName: string | null = null) =>
  extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: askedName ? `Is your name ${askedName}?` : null, askedName }).offline;

describe.each(Object.entries(BATTERY))('introductions battery: %s', (language, battery) => {
  it.each(battery.intros)('%s → %s', (text, name) => {
    expect(read(text, language).user_name).toBe(name);
  });

  it.each(battery.none)('no name in: %s', (text) => {
    expect(read(text, language).user_name).toBeNull();
  });

  it.each(battery.denials)('asked %s, answered: %s → %s', (asked, text, name) => {
    const r = read(text, language, asked);
    expect(r.user_name).toBe(name);
    expect(r.answer).not.toBe('yes');
  });
});
