import { describe, expect, it } from 'vitest';
import { Bm25, terms } from '../../../src/knowledge/index.js';

describe('BM25 and its terms', () => {
  it('terms: stop words of every language go, words are folded and cut, Chinese gives characters and bigrams, concepts are added', () => {
    expect(terms('What can you do?')).toEqual([]);
    expect(terms('Hast du Gefühle?')).toEqual(['~feel', 'gefuh']);
    expect(terms('remembering')).toContain('remem');
    expect(terms('你有感情吗？')).toEqual(expect.arrayContaining(['感情', '感', '~feel']));
    // "companion" is not a company: concepts match whole words or listed beginnings, not five letters.
    expect(terms('receptionist and companion')).not.toContain('~build');
    expect(terms('Is there a company behind you?')).toContain('~build');
  });

  it('scores the document with the rarer shared term higher, and coverage is the share of the question’s idf weight', () => {
    const bm = new Bm25([['robot', 'camera'], ['robot', 'language'], ['robot']]);
    const [camera, language] = bm.scores(['camera']);
    expect(camera).toBeGreaterThan(0);
    expect(language).toBe(0);
    expect(bm.coverage(['camera'])).toEqual([1, 0, 0]);
    // A word no document has weighs most: "camera weather" is covered less than half by the first document.
    const [first] = bm.coverage(['camera', 'weather']);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(0.5);
    expect(bm.coverage([])).toEqual([0, 0, 0]);
    // A common term is worth less than a rare one.
    expect(bm.idf('robot')).toBeLessThan(bm.idf('camera'));
  });
});
