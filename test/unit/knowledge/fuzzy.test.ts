import Fuse from 'fuse.js';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FuzzyPattern } from '../../../src/knowledge/fuzzy.js';

const OPTIONS = { threshold: 0.6 };
const score = (question: string, text: string) => new FuzzyPattern(question, OPTIONS).score(text);

describe('fuzzy question matching (fuse.js bitap scores by Myers bit-vectors)', () => {
  it('scores an exact match best, a typo close behind, and unrelated words not at all', () => {
    const exact = score('what can you do', 'What can you do')!;
    const typo = score('what cn you do', 'What can you do')!;
    expect(exact).toBeLessThan(1e-6);
    expect(typo).toBeGreaterThan(exact);
    expect(typo).toBeLessThan(0.5);
    expect(score('zzzzqqqq', 'What can you do')).toBeNull();
  });

  it('folds case and diacritics, and finds the question anywhere in a longer text', () => {
    expect(score('ou est la reception', 'Où est la Réception')).toBeLessThan(1e-6);
    // Found whole in a text of five words: fuse's least score, raised to its field norm 1/√5.
    expect(score('reception', 'Where is the reception desk')).toBeCloseTo(0.001 ** (Math.round(1000 / Math.sqrt(5)) / 1000), 9);
  });

  it('gives exactly what fuse.js gives, for every variant of the shipped knowledge and questions of five languages, long ones included', () => {
    const texts = readdirSync('rag_files', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => [...readFileSync(path.join('rag_files', f), 'utf8').matchAll(/^(?:#+ |Questions: )(.+)$/gm)].flatMap((m) => m[1]!.split(/\s*\|\s*/)))
      .map((t) => t.replace(/[\p{P}\p{S}]+/gu, ' ').replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    const questions = readdirSync('models/intent/corpus')
      .filter((f) => f.endsWith('.tsv'))
      .flatMap((f) => readFileSync(path.join('models/intent/corpus', f), 'utf8').split('\n'))
      .map((l) => l.split('\t')[0]!)
      .filter((t, i) => t && !t.startsWith('#') && i % 25 === 0)
      // Longer than 32 characters: matched in pieces, as fuse does.
      .concat([
        'Could you please tell me what kind of things you are able to do for visitors here?',
        'Entschuldigung, können Sie mir sagen, wo ich hier den Besprechungsraum finde?',
        "Est-ce que tu pourrais m'expliquer comment tu fonctionnes à l'intérieur ?",
        '¿Me podrías decir si aceptas pagos con tarjeta o solo en efectivo, por favor?',
        '请问你能不能告诉我你平时都可以帮访客做些什么事情呢我想了解一下谢谢你的帮助',
      ]);
    expect(texts.length).toBeGreaterThan(100);
    expect(questions.length).toBeGreaterThan(200);
    expect(questions.filter((q) => q.length > 32).length).toBeGreaterThanOrEqual(5);
    const fuse = new Fuse(texts.map((text) => ({ text })), { includeScore: true, ignoreLocation: true, ignoreDiacritics: true, threshold: 0.6, keys: ['text'] });
    let compared = 0;
    for (const q of questions) {
      const expected = new Map(fuse.search(q).map((r) => [r.refIndex, r.score!]));
      const pattern = new FuzzyPattern(q, OPTIONS);
      texts.forEach((text, i) => {
        const got = pattern.score(text);
        const want = expected.get(i) ?? null;
        if (want === null) expect(got, `${q} / ${text}`).toBeNull();
        else expect(got, `${q} / ${text}`).toBeCloseTo(want, 12);
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(20_000);
  });
});
