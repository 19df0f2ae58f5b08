import { LRUCache } from 'lru-cache';
import { terms } from './tokens.js';
import { variantTerms } from './variants.js';

/**
 * Texts whose words are kept: a few thousand sections and question variants, each a few hundred
 * bytes. Past it the least recently read are read again when next needed.
 */
const MAX_TEXTS = 20_000;

const read = {
  terms: { words: terms, cache: new LRUCache<string, readonly string[]>({ max: MAX_TEXTS }) },
  variants: { words: variantTerms, cache: new LRUCache<string, readonly string[]>({ max: MAX_TEXTS }) },
};

/**
 * A knowledge text's words (`terms` or `variantTerms`), read once per process: reading them is
 * most of building the word and variant indexes (a second of CPU per build of rag_files/ on a
 * loaded 2-core machine), and they depend on the text alone. A rebuild after one file changed
 * reads only that file's sections again, and daemons in one process (the eval runs one per
 * visit) read the same knowledge once. The arrays are shared: frozen, never changed. `onRead`
 * is called when the text was not read before.
 */
export function wordsOf(kind: keyof typeof read, text: string, onRead?: () => void): readonly string[] {
  const { words, cache } = read[kind];
  let found = cache.get(text);
  if (!found) {
    cache.set(text, (found = Object.freeze(words(text))));
    onRead?.();
  }
  return found;
}
