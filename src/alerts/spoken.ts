import type { Token } from './tokens.js';

/**
 * How one language's lexicon reads the tokens: the spoken forms of single words as the lexicon
 * writes them ("nen" → "einen", "'s" → "es"), and, where the language drops a final "e" in speech
 * (German: "ich kipp gleich um", "ich hab", "ich glaub"), a word the lexicon lacks read as the
 * lexicon's word with the "e". One token stays one token with its offsets, so that occurrences
 * found in the read tokens are occurrences in the utterance. Unchanged tokens are returned as they
 * came (the frames cache their scans by the token array).
 */
export function spokenForms(spoken: Readonly<Record<string, string>>, vocabulary: ReadonlySet<string> | null): (tokens: readonly Token[]) => readonly Token[] {
  const read = (word: string): string => {
    const said = spoken[word];
    if (said !== undefined) return said;
    if (vocabulary && word.length >= 3 && !vocabulary.has(word) && vocabulary.has(`${word}e`)) return `${word}e`;
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
