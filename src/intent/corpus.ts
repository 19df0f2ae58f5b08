import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeText } from './featurize.js';
import { IntentSchema, type Intent } from './labels.js';

export interface CorpusExample {
  intent: Intent;
  /** Language of the utterance (ISO 639-1). */
  language: string;
  /** For language_change: the language asked for. */
  target: string | null;
  text: string;
  /** file:line, for error messages and reports. */
  source: string;
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
    examples.push({ intent: intent.data, language, target, text: textCell, source: where });
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

export function loadCorpusDir(dir: string): LoadedCorpus {
  const files = readdirSync(dir).filter((f) => f.endsWith('.tsv')).sort();
  if (!files.length) throw new CorpusError([`${dir}: no .tsv files`]);
  const hash = createHash('sha256');
  const examples: CorpusExample[] = [];
  for (const f of files) {
    const text = readFileSync(path.join(dir, f), 'utf8');
    hash.update(f).update('\0').update(text).update('\0');
    // de.tsv, de.more.tsv: the language is the first part of the name.
    const lang = path.basename(f, '.tsv').split('.')[0]!;
    examples.push(...parseCorpusTsv(text, f, LANG.test(lang) ? lang : null));
  }
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

/** Stable pseudo-random in [0, 1) from the text: the split survives reordering and additions. */
function unitHash(text: string, seed: number): number {
  const digest = createHash('sha256').update(`${seed}\0${normalizeText(text)}`).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}

export function splitCorpus(examples: CorpusExample[], heldoutFraction: number, seed: number) {
  const train: CorpusExample[] = [];
  const heldout: CorpusExample[] = [];
  for (const e of examples) (unitHash(e.text, seed) < heldoutFraction ? heldout : train).push(e);
  return { train, heldout };
}
