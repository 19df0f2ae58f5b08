import { describe, expect, it } from 'vitest';
import { terms } from '../../../src/knowledge/tokens.js';

describe('retrieval terms', () => {
  it('drops fillers even where stop words are kept: "what exactly are you" asks what "what are you" asks', () => {
    expect(terms('Was bist du eigentlich?', { keepStopwords: true })).toEqual(terms('Was bist du?', { keepStopwords: true }));
    expect(terms('What exactly are you?', { keepStopwords: true })).toEqual(terms('What are you?', { keepStopwords: true }));
    expect(terms('你到底是什么？', { keepStopwords: true })).toEqual(terms('你是什么？', { keepStopwords: true }));
  });

  it('leaves an ambiguous word out of the thesaurus: a phone call and a train that leaves are no name and no farewell', () => {
    expect(terms('Can you call me a taxi?')).not.toContain('~name');
    expect(terms('When does the train leave?')).not.toContain('~leave');
    expect(terms('Say goodbye')).toContain('~leave');
  });

  it('knows the imperative of forgetting in each language', () => {
    for (const q of ['Vergiss mich', 'Oublie-moi', 'Olvida todo', '把我忘了', 'Forget me']) expect(terms(q)).toContain('~forget');
  });
});
