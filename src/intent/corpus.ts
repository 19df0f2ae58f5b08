import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeText } from './featurize.js';
import { unitHash } from './hash.js';
import { IntentSchema, type Intent } from './labels.js';
import { expandLexiconSlots, LEXICON_FILE, parseLexicon, type Lexicon } from './slots.js';

export interface CorpusExample {
  intent: Intent;
  /** Language of the utterance (ISO 639-1). */
  language: string;
  /** For language_change: the language asked for. */
  target: string | null;
  text: string;
  /** file:line, for error messages and reports. */
  source: string;
  /** The corpus line it came from (language and text): every filling of a template shares it, and the split keeps them together. */
  group: string;
}

export class CorpusError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid corpus:\n${problems.slice(0, 20).map((p) => `  - ${p}`).join('\n')}${problems.length > 20 ? `\n  … ${problems.length - 20} more` : ''}`);
    this.name = 'CorpusError';
  }
}

const LANG = /^[a-z]{2,3}$/;

/**
 * Reads a TSV corpus. Columns by header: intent, [language], target_language, text. Files without
 * a language column take their language from the file name (models/intent/corpus/de.tsv).
 */
export function parseCorpusTsv(text: string, file: string, fileLanguage: string | null): CorpusExample[] {
  const lines = text.split('\n');
  const header = (lines[0] ?? '').replace(/\r$/, '').split('\t');
  const col = (name: string) => header.indexOf(name);
  const [ci, cl, ct, cx] = [col('intent'), col('language'), col('target_language'), col('text')];
  if (ci < 0 || ct < 0 || cx < 0) throw new CorpusError([`${file}:1: header must name intent, target_language and text columns`]);
  if (cl < 0 && !fileLanguage) throw new CorpusError([`${file}:1: no language column and no language in the file name`]);

  const problems: string[] = [];
  const examples: CorpusExample[] = [];
  lines.slice(1).forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    if (!line.trim()) return;
    const where = `${file}:${i + 2}`;
    const cells = line.split('\t');
    if (cells.length !== header.length) return void problems.push(`${where}: ${cells.length} columns, expected ${header.length}`);
    const intent = IntentSchema.safeParse(cells[ci]);
    if (!intent.success) return void problems.push(`${where}: unknown intent "${cells[ci]}"`);
    const language = cl >= 0 ? cells[cl]! : fileLanguage!;
    if (!LANG.test(language)) return void problems.push(`${where}: bad language "${language}"`);
    const target = cells[ct]!.trim() || null;
    if ((intent.data === 'language_change') !== (target !== null)) {
      return void problems.push(`${where}: target_language must be set exactly for language_change`);
    }
    if (target && !LANG.test(target)) return void problems.push(`${where}: bad target_language "${target}"`);
    const textCell = cells[cx]!.trim();
    if (!textCell) return void problems.push(`${where}: empty text`);
    examples.push({ intent: intent.data, language, target, text: textCell, source: where, group: `${language}\0${textCell}` });
  });
  if (problems.length) throw new CorpusError(problems);
  return examples;
}

export interface LoadedCorpus {
  examples: CorpusExample[];
  /** sha256 over file names and contents: tells whether a trained model is stale. */
  sha256: string;
  files: string[];
}

function corpusFiles(dir: string): string[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.tsv') || NAME_FILES.includes(f)).sort();
  if (!files.some((f) => f.endsWith('.tsv'))) throw new CorpusError([`${dir}: no .tsv files`]);
  return files;
}

/** The corpus checksum alone, without parsing: cheap enough for the daemon to check at start. */
export function corpusSha256(dir: string): string {
  const hash = createHash('sha256');
  for (const f of corpusFiles(dir)) hash.update(f).update('\0').update(readFileSync(path.join(dir, f), 'utf8')).update('\0');
  return hash.digest('hex');
}

export function loadCorpusDir(dir: string): LoadedCorpus {
  const files = corpusFiles(dir);
  const hash = createHash('sha256');
  const templates: CorpusExample[] = [];
  const names: NameLists = { latin: [], han: [] };
  let lexicon: Lexicon = new Map();
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    hash.update(f).update('\0').update(text).update('\0');
    if (f === NAMES_LATIN) names.latin = parseNames(text, f);
    else if (f === NAMES_HAN) names.han = parseNames(text, f);
    else if (f === LEXICON_FILE) {
      const parsed = parseLexicon(text, f);
      if (parsed.problems.length) throw new CorpusError(parsed.problems);
      lexicon = parsed.lexicon;
    } else {
      // de.tsv, de.more.tsv: the language is the first part of the name.
      const lang = path.basename(f, '.tsv').split('.')[0]!;
      templates.push(...parseCorpusTsv(text, f, LANG.test(lang) ? lang : null));
    }
  }
  const filled = expandLexiconSlots(templates, lexicon);
  if (filled.problems.length) throw new CorpusError(filled.problems);
  const examples = expandNameSlots(filled.examples, names);
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const e of examples) {
    const key = normalizeText(e.text);
    const first = seen.get(key);
    if (first) problems.push(`${e.source}: duplicate of ${first}`);
    else seen.set(key, e.source);
  }
  if (problems.length) throw new CorpusError(problems);
  return { examples, sha256: hash.digest('hex'), files };
}

// ---- the {name} slot ----

/**
 * An utterance with a {name} slot ("My name is {name}.") stands for NAMES_PER_TEMPLATE
 * utterances, each with another name from the shipped lists. Without it the model reads the
 * name's letters as evidence, and an unusual name ("Zed", "Quinn") makes it unsure of the obvious.
 */
export const NAME_SLOT = '{name}';
export const NAMES_PER_TEMPLATE = 18;
const NAMES_LATIN = 'names.txt';
const NAMES_HAN = 'names.han.txt';
const NAME_FILES = [NAMES_LATIN, NAMES_HAN];

export const INVENTED_PER_TEMPLATE = 24;
const ONSETS = ['', 'b', 'br', 'ch', 'd', 'dr', 'f', 'g', 'gw', 'h', 'j', 'k', 'kh', 'l', 'm', 'n', 'ng', 'p', 'q', 'r', 's', 'sh', 't', 'th', 'ts', 'v', 'w', 'x', 'y', 'z', 'zh'];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'y', 'ae', 'ai', 'ao', 'ei', 'ia', 'ie', 'io', 'ou', 'ua', 'é', 'ö', 'ü', 'å'];
const CODAS = ['', '', '', 'n', 'r', 'l', 's', 'm', 'd', 'k', 'x', 'th', 'nn', 'sz', 'tt'];
const HAN = '安白北辰丹德帆芳飞峰刚国海浩红华佳建杰金晶静娟君凯兰磊丽莉琳玲龙曼梅敏明娜宁萍琪强秋荣瑞莎珊涛婷薇伟文霞翔欣秀雪雅燕阳怡毅英勇宇玉云泽哲珍志忠子';

/** A pronounceable name nobody has, from a number in [0, 1): 1 to 3 syllables. */
function inventedName(u: number): string {
  let x = Math.floor(u * 0x7fffffff);
  const pick = <T>(list: readonly T[]) => {
    const v = list[x % list.length]!;
    x = Math.floor(x / list.length) + 7919 * (x % 13);
    return v;
  };
  const syllables = 1 + (x % 3);
  x = Math.floor(x / 3);
  let name = '';
  for (let i = 0; i < syllables; i++) name += pick(ONSETS) + pick(NUCLEI);
  name += pick(CODAS);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function inventedHanName(u: number): string {
  const x = Math.floor(u * 0x7fffffff);
  const chars = Array.from(HAN);
  const length = 2 + (x % 2);
  let name = '';
  for (let i = 0, y = Math.floor(x / 2); i < length; i++, y = Math.floor(y / chars.length)) name += chars[y % chars.length];
  return name;
}

interface NameLists {
  latin: string[];
  han: string[];
}

/** One name per line; blank lines and `#` comments are skipped. */
function parseNames(text: string, file: string): string[] {
  const problems: string[] = [];
  const names: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const name = raw.replace(/\r$/, '').trim();
    if (!name || name.startsWith('#')) return;
    if (name.length > 40 || /[\t{}]/.test(name)) return void problems.push(`${file}:${i + 1}: not a name: "${name}"`);
    names.push(name);
  });
  if (problems.length) throw new CorpusError(problems);
  return names;
}

function expandNameSlots(examples: CorpusExample[], names: NameLists): CorpusExample[] {
  const out: CorpusExample[] = [];
  const problems: string[] = [];
  // A filled template never repeats an utterance written out in the corpus: it takes the next name.
  const seen = new Set(examples.filter((e) => !e.text.includes(NAME_SLOT)).map((e) => normalizeText(e.text)));
  for (const e of examples) {
    if (!e.text.includes(NAME_SLOT)) {
      out.push(e);
      continue;
    }
    // Chinese templates mostly take names in characters, and some in Latin script, as people say them.
    const lists = e.language === 'zh' ? [names.han, names.han, names.latin] : [names.latin];
    // Invented names as well: letters the model never saw in any real name must not sway it either.
    const invented = (i: number) => (e.language === 'zh' && i % 2 ? inventedHanName : inventedName)(unitHash(`${e.text}\0${i}`, 1));
    if (lists.some((l) => l.length < NAMES_PER_TEMPLATE)) {
      problems.push(`${e.source}: a {name} template needs ${NAMES_PER_TEMPLATE} names in ${e.language === 'zh' ? `${NAMES_HAN} and ${NAMES_LATIN}` : NAMES_LATIN}`);
      continue;
    }
    const fill = (name: string) => e.text.split(NAME_SLOT).join(name);
    for (let i = 0; i < INVENTED_PER_TEMPLATE; i++) {
      const text = fill(invented(i));
      if (seen.has(normalizeText(text))) continue;
      seen.add(normalizeText(text));
      out.push({ ...e, text, source: `${e.source} (invented ${i})` });
    }
    for (let i = 0; i < NAMES_PER_TEMPLATE; i++) {
      const list = lists[i % lists.length]!;
      // Picked by hashing the template, so the same corpus always expands the same way.
      let k = Math.floor(unitHash(`${e.text}\0${i}`, 0) * list.length);
      for (let tries = 0; seen.has(normalizeText(fill(list[k]!))) && tries < list.length; tries++) k = (k + 1) % list.length;
      const text = fill(list[k]!);
      seen.add(normalizeText(text));
      out.push({ ...e, text, source: `${e.source} (${list[k]})` });
    }
  }
  if (problems.length) throw new CorpusError(problems);
  return out;
}

/**
 * Split by corpus line, not by utterance: the fillings of one template go to the same side, so the
 * validation split asks about frames the model has not seen, as people at the robot do. Splitting
 * fillings apart made validation an echo of training, and a temperature fitted on it overconfident.
 */
export function splitCorpus(examples: CorpusExample[], validationFraction: number, seed: number) {
  const train: CorpusExample[] = [];
  const validation: CorpusExample[] = [];
  for (const e of examples) (unitHash(e.group, seed) < validationFraction ? validation : train).push(e);
  return { train, validation };
}

/**
 * Weights that count each corpus line once: a {name} template with 42 fillings weighs as much as
 * one written-out utterance. The validation split judges phrasings, as people at the robot bring
 * new phrasings, not new names in the same frame; unweighted, one hard template moved the temperature.
 */
export function lineWeights(examples: readonly CorpusExample[]): number[] {
  const size = new Map<string, number>();
  for (const e of examples) size.set(e.group, (size.get(e.group) ?? 0) + 1);
  return examples.map((e) => 1 / size.get(e.group)!);
}
