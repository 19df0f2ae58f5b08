import { describe, expect, it } from 'vitest';
import { extractionRequest } from '../../../../src/people/extract/index.js';

// French says its name with "je me nomme" / "je me prénomme" too (formal); the other languages' equivalents were read already.
describe('"je me nomme X"', () => {
  it.each([
    ['Bonjour, je me nomme Gaspard.', 'Gaspard'],
    ['Euh, je me prénomme Solène, je suis infirmière.', 'Solène'],
  ])('%s', (text, name) => {
    expect(extractionRequest({ text, language: 'fr', robotName: 'Nadine', lastRobotMessage: null, askedName: null }).offline.user_name).toBe(name);
  });
});

// Spoken German drops the -e of "heiße"; a hyphenated name stays whole.
describe('"ich heiß X"', () => {
  it.each([
    ['Ich heiß Hans-Peter.', 'Hans-Peter'],
    ['Hallo, ich heiß Anna-Lena und bin Ärztin.', 'Anna-Lena'],
  ])('%s', (text, name) => {
    expect(extractionRequest({ text, language: 'de', robotName: 'Nadine', lastRobotMessage: null, askedName: null }).offline.user_name).toBe(name);
  });
});
