import { describe, expect, it } from 'vitest';
import { extractionRequest } from '../../../../src/people/extract/index.js';

// "It's Mariana with just one n": how many of a letter, said with "only", "single", "double", in
// each language that spells names out. The spelling marks the name as exact, and is no part of it.
describe('a spelling with a count of letters', () => {
  it.each([
    ['en', 'Phillip', 'Philip with just one l.', 'Philip'],
    ['en', 'Phillip', 'Um, Philip with a single l', 'Philip'],
    ['de', 'Anna', 'Ana mit nur einem n.', 'Ana'],
    ['de', 'Mathias', 'Matthias mit doppeltem t.', 'Matthias'],
    ['fr', 'Anne', 'Ane avec un seul n.', 'Ane'],
    ['fr', 'Mathieu', 'Matthieu avec un double t.', 'Matthieu'],
    ['es', 'Marianna', 'Mariana con una sola n.', 'Mariana'],
    ['es', 'Mariana', 'Marianna con doble n.', 'Marianna'],
  ])('[%s] asked about %s: %s', (language, known, text, name) => {
    const r = extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: `Is your name ${known}?`, askedName: known }).offline;
    expect(r.spelled).toBe(true);
    expect(r.user_name).toBe(name);
  });
});
