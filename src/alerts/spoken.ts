import type { Token } from './tokens.js';

/**
 * How one language's lexicon reads the tokens: the spoken forms of single words as the lexicon
 * writes them ("nen" → "einen", "'s" → "es"), and inflections the lexicon does not list: a word it
 * lacks is read as the word it has with another ending (German drops a final e, "ich kipp um" is
 * "ich kippe um", and says "du holst" for the "holt" it lists; French writes an infinitive,
 * "me toucher", where the lexicon has "me touche"). A light lemmatiser, driven by the lexicon's own
 * words so that it never makes up one. One token stays one token with its offsets, so that
 * occurrences found in the read tokens are occurrences in the utterance; unchanged tokens are
 * returned as they came (the frames cache their scans by the token array).
 */
export function spokenForms(
  spoken: Readonly<Record<string, string>>,
  endings: readonly (readonly [string, string])[],
  vocabulary: ReadonlySet<string>,
): (tokens: readonly Token[]) => readonly Token[] {
  const read = (word: string): string => {
    // Own keys only: "constructor" is a word a visitor may say, not the object's.
    if (Object.hasOwn(spoken, word)) return spoken[word]!;
    if (word.length < 3 || vocabulary.has(word)) return word;
    for (const [from, to] of endings) {
      if (!word.endsWith(from)) continue;
      const other = word.slice(0, word.length - from.length) + to;
      if (vocabulary.has(other)) return other;
    }
    return word;
  };
  const seen = new WeakMap<readonly Token[], readonly Token[]>();
  return (tokens) => {
    let out = seen.get(tokens);
    if (!out) {
      const texts = tokens.map((t) => read(t.text));
      out = texts.every((t, i) => t === tokens[i]!.text) ? tokens : tokens.map((t, i) => ({ ...t, text: texts[i]! }));
      seen.set(tokens, out);
    }
    return out;
  };
}
