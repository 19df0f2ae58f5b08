import { normalizeText } from './featurize.js';
import { unitHash } from './hash.js';

/**
 * Lexicon slots: a template "I'm {feeling} today." stands for LEXICON_PER_TEMPLATE utterances,
 * each with another word of its slot in the template's language (lexicon.tsv: slot, language,
 * value; language `*` for every language, as for company names). A name template carries 42
 * fillings, so "I'm {name}" outweighed any single "I'm sad." written out: the model took moods
 * for introductions. A template with many feelings, jobs or employers teaches the frame, not the word.
 */
export const LEXICON_FILE = 'lexicon.tsv';
const LEXICON_PER_TEMPLATE = 10;
const SLOT = /\{([a-z_]+)\}/g;

/** What slot filling needs of a corpus line (corpus.ts's CorpusExample has more, and imports this file). */
interface Template {
  text: string;
  language: string;
  source: string;
}

/** slot → language → values */
export type Lexicon = Map<string, Map<string, string[]>>;

export function parseLexicon(text: string, file: string): { lexicon: Lexicon; problems: string[] } {
  const lexicon: Lexicon = new Map();
  const problems: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (i === 0 || !line.trim() || line.startsWith('#')) return;
    const [slot, language, value, ...rest] = line.split('\t');
    if (!slot || !language || !value?.trim() || rest.length || slot === 'name' || !/^[a-z_]+$/.test(slot)) {
      return void problems.push(`${file}:${i + 1}: expected "slot<TAB>language<TAB>value" (slot not "name")`);
    }
    const byLanguage = lexicon.get(slot) ?? new Map<string, string[]>();
    lexicon.set(slot, byLanguage);
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), value.trim()]);
  });
  return { lexicon, problems };
}

/** Fills every lexicon slot of each template; `{name}` is left for the name lists. */
export function expandLexiconSlots<T extends Template>(examples: T[], lexicon: Lexicon): { examples: T[]; problems: string[] } {
  const out: T[] = [];
  const problems: string[] = [];
  // A filling that repeats an utterance written out elsewhere in the corpus is skipped.
  const seen = new Set(examples.filter((e) => !/\{[a-z_]+\}/.test(e.text)).map((e) => normalizeText(e.text)));
  for (const e of examples) {
    const slots = [...new Set([...e.text.matchAll(SLOT)].map((m) => m[1]!))].filter((s) => s !== 'name');
    if (!slots.length) {
      out.push(e);
      continue;
    }
    const values = slots.map((s) => [...(lexicon.get(s)?.get(e.language) ?? []), ...(lexicon.get(s)?.get('*') ?? [])]);
    const empty = slots.find((_, k) => values[k]!.length < LEXICON_PER_TEMPLATE);
    if (empty) {
      problems.push(`${e.source}: {${empty}} needs ${LEXICON_PER_TEMPLATE} values for ${e.language} in ${LEXICON_FILE}`);
      continue;
    }
    for (let i = 0; i < LEXICON_PER_TEMPLATE; i++) {
      let text = e.text;
      const picked: string[] = [];
      slots.forEach((slot, k) => {
        const list = values[k]!;
        // Spread over the list: the i-th filling takes the i-th of LEXICON_PER_TEMPLATE strides from a hashed start.
        const start = Math.floor(unitHash(`${e.text}\0${slot}`, 2) * list.length);
        const value = list[(start + Math.floor((i * list.length) / LEXICON_PER_TEMPLATE)) % list.length]!;
        picked.push(value);
        text = text.split(`{${slot}}`).join(value);
      });
      if (seen.has(normalizeText(text))) continue;
      seen.add(normalizeText(text));
      out.push({ ...e, text, source: `${e.source} (${picked.join(', ')})` });
    }
  }
  return { examples: out, problems };
}
