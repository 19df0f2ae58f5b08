import type { Language } from '../config/index.js';
import { abbreviationsFor, type Abbreviations } from './abbreviations.js';

export interface SplitterOptions {
  language: Language;
  /** Sentences shorter than this are joined to the next; the first sentence never waits. */
  minChars?: number;
  /** Text without a sentence end longer than this is cut at a comma or a space. */
  maxChars?: number;
}

const CJK_END = '。！？｡';
const ASCII_END = '.!?…';
const TERMINATORS = new Set([...CJK_END, ...ASCII_END, '！', '？']);
/** Closing quotes and brackets that belong to the sentence they follow. */
const CLOSERS = new Set([...`"')]}”’»›」』】〕）〉》`]);
const WORD_CHAR = /[\p{L}\p{N}.\-'’&/:@_]/u;
const OPENERS = /^[("'“‘«‹¿¡[{]+/u;
const CJK_CHAR = /[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
const UPPER_START = /^[\p{Lu}\p{Lt}\p{N}]|^[\u3040-\u30ff\u3400-\u9fff]/u;

type Kind = 'exclaim' | 'ellipsis' | 'period' | 'cjk';

/** Joins sentences the way they were written: no space after Chinese or Japanese punctuation. */
export function joinSentences(sentences: readonly string[]): string {
  return sentences.reduce((text, s) => (!text ? s : CJK_CHAR.test(text.at(-1)!) ? text + s : `${text} ${s}`), '');
}

/**
 * Splits streamed text into sentences as soon as each is complete. Pure and incremental: feed
 * the model's deltas to `push`, which returns the sentences they completed; `flush` returns the
 * rest at the end of the reply.
 *
 * A sentence ends at . ! ? … (with closing quotes or brackets), followed by a space, or at
 * 。！？ with no space. A period is not an end after an abbreviation of the language ("Dr.",
 * "z.B.", "M."), an initial, inside a number ("3.14"), a URL or an e-mail address. Sentences
 * end eagerly: "Hello there." is complete when its period arrives, without waiting for the next
 * token, unless the word before the period could still be an abbreviation, a number, an initial
 * or part of an address; then the next characters decide.
 */
export class SentenceSplitter {
  readonly #abbreviations: Abbreviations;
  readonly #language: Language;
  readonly #minChars: number;
  readonly #maxChars: number;
  #buffer = '';
  #held = '';
  #emitted = 0;
  /** After an eager end, a closer or terminator that arrives next belongs to the sentence already sent. */
  #afterEagerEnd = false;

  constructor(options: SplitterOptions) {
    this.#language = options.language;
    this.#abbreviations = abbreviationsFor(options.language);
    this.#minChars = options.minChars ?? 0;
    this.#maxChars = options.maxChars ?? 300;
  }

  push(delta: string): string[] {
    this.#buffer += delta;
    if (this.#afterEagerEnd) {
      const orphan = this.#buffer.match(/^[\s"')\]}”’»›」』】〕）〉》.!?…。！？｡]*/u)![0];
      if (orphan.length === this.#buffer.length) return [];
      this.#buffer = this.#buffer.slice(orphan.length);
      this.#afterEagerEnd = false;
    }
    const out: string[] = [];
    for (;;) {
      const end = this.#nextEnd();
      if (end && this.#buffer.slice(0, end.at).trim().length <= this.#maxChars) {
        this.#take(end.at, out);
        this.#afterEagerEnd = end.eager;
      } else if (this.#buffer.trim().length > this.#maxChars) {
        this.#take(this.#cutPoint(), out);
      } else {
        return out;
      }
    }
  }

  /** The end of the reply: whatever is left is the last sentence. */
  flush(): string[] {
    const out: string[] = [];
    const rest = (this.#held ? joinSentences([this.#held, this.#buffer.trim()]) : this.#buffer.trim()).trim();
    this.#buffer = '';
    this.#held = '';
    if (rest) out.push(rest);
    this.#emitted += out.length;
    return out;
  }

  #take(at: number, out: string[]): void {
    const sentence = this.#buffer.slice(0, at).trim();
    this.#buffer = this.#buffer.slice(at);
    if (!sentence) return;
    const merged = this.#held ? joinSentences([this.#held, sentence]) : sentence;
    this.#held = '';
    if (this.#emitted > 0 && merged.length < this.#minChars) {
      this.#held = merged;
      return;
    }
    out.push(merged);
    this.#emitted++;
  }

  /** The next sentence end in the buffer, or null when none is certain yet. */
  #nextEnd(): { at: number; eager: boolean } | null {
    const b = this.#buffer;
    const paragraph = /\S[^\S\n]*\n[^\S\n]*\n/.exec(b);
    for (let i = 0; i < b.length; i++) {
      if (paragraph && i > paragraph.index) return { at: paragraph.index + 1, eager: false };
      if (!TERMINATORS.has(b[i]!)) continue;
      let end = i;
      while (end < b.length && TERMINATORS.has(b[end]!)) end++;
      const marks = b.slice(i, end);
      // Inside a quotation the sentence goes on ("par exemple « Tu t'appelles Maria ? ». Réponds…");
      // a quotation closed right after the mark (after a space, in French typography) ends the
      // sentence only when a new one begins after it ("Il a dit « Ça va ? » et il est parti.").
      const quote = openQuotation(b.slice(0, i), this.#language);
      if (quote) {
        const close = closingAfter(quote).exec(b.slice(end));
        if (!close) {
          i = end - 1;
          continue;
        }
        end += close[0].length;
        while (end < b.length && CLOSERS.has(b[end]!)) end++;
        const next = b.slice(end).trimStart();
        if (!next) return null;
        if (UPPER_START.test(next.replace(OPENERS, ''))) return { at: end, eager: false };
        i = end - 1;
        continue;
      }
      while (end < b.length && CLOSERS.has(b[end]!)) end++;
      const kind = kindOf(marks);
      if (kind === 'cjk') return { at: end, eager: end === b.length };
      if (end < b.length && CJK_CHAR.test(b[end]!)) return { at: end, eager: false }; // "你好吗?我很好"
      if (end < b.length && !/\s/.test(b[end]!)) {
        i = end - 1; // "3.14", "example.com", "?!x": not an end
        continue;
      }
      const next = b.slice(end).trimStart();
      const word = wordBefore(b, i);
      if (!next) return this.#eagerEnd(kind, word) ? { at: end, eager: true } : null;
      // "1. Turn left": a numbered item at the start of a line, not a sentence of its own.
      const listMarker = /^\d+$/.test(word) && /(^|\n)[^\S\n]*$/.test(b.slice(0, i - word.length));
      if (!listMarker && this.#confirmedEnd(kind, word, next)) return { at: end, eager: false };
      i = end - 1;
    }
    return paragraph ? { at: paragraph.index + 1, eager: false } : null;
  }

  /** Nothing follows yet: end now only if no continuation could change the answer. */
  #eagerEnd(kind: Kind, word: string): boolean {
    if (kind === 'exclaim') return true;
    if (kind === 'ellipsis') return false;
    return /^\p{L}[\p{L}'’]+$/u.test(word) && !this.#isAbbreviation(word);
  }

  /** The next characters are known: the full rules. */
  #confirmedEnd(kind: Kind, word: string, next: string): boolean {
    const upper = UPPER_START.test(next.replace(OPENERS, ''));
    if (kind === 'exclaim') return true;
    if (kind === 'ellipsis') return upper;
    if (this.#abbreviations.inner.has(word)) return false;
    if (/^\p{L}$/u.test(word)) return false; // an initial, or "M." for Monsieur
    if (/^\d+$/.test(word)) return this.#language !== 'de' && upper; // German ordinals: "am 3. Mai"
    if (this.#abbreviations.final.has(word)) return upper;
    if (/^\p{Ll}/u.test(next)) return false; // an abbreviation nobody listed: "approx. two"
    return true;
  }

  #isAbbreviation(word: string): boolean {
    return this.#abbreviations.inner.has(word) || this.#abbreviations.final.has(word);
  }

  /** Where to cut a run-on sentence: the last comma, else the last space, before maxChars. */
  #cutPoint(): number {
    const head = this.#buffer.slice(0, this.#maxChars);
    const comma = Math.max(...[', ', '; ', '，', '、', '；'].map((p) => head.lastIndexOf(p)));
    if (comma > 0) return comma + 1;
    const space = head.lastIndexOf(' ');
    return space > 0 ? space : this.#maxChars;
  }
}

/**
 * Quotation marks that open and the marks that close them, per language: German quotes „so“ and
 * »so«, where English and the others open with the marks German closes with.
 */
const QUOTATIONS: Readonly<Record<'de' | 'other', readonly (readonly [string, string])[]>> = {
  de: [['„', '“'], ['»', '«'], ['‚', '‘'], ['「', '」'], ['『', '』']],
  other: [['«', '»'], ['“', '”'], ['‹', '›'], ['「', '」'], ['『', '』']],
};

const CLOSING_AFTER = new Map<string, RegExp>();
/** The closing mark right after a sentence's end, after other closers and a space (French typography). */
function closingAfter(mark: string): RegExp {
  let pattern = CLOSING_AFTER.get(mark);
  if (!pattern) CLOSING_AFTER.set(mark, (pattern = new RegExp(`^[\\p{Pe}\\p{Pf}"']*[ \\u00a0\\u202f]*[${mark}]`, 'u')));
  return pattern;
}

/** The closing marks of the quotation still open at the end of `text`, or '' when none is. */
export function openQuotation(text: string, language: Language): string {
  const closers: string[] = [];
  const pairs = QUOTATIONS[language === 'de' ? 'de' : 'other'];
  for (const c of text) {
    const pair = pairs.find(([open]) => open === c);
    if (pair) closers.push(pair[1]);
    else if (closers.at(-1) === c) closers.pop();
  }
  return closers.at(-1) ?? '';
}

function kindOf(marks: string): Kind {
  if ([...marks].some((c) => CJK_END.includes(c) || c === '！' || c === '？')) return 'cjk';
  if (/[!?]/.test(marks)) return 'exclaim';
  if (marks.includes('…') || marks.length > 1) return 'ellipsis';
  return 'period';
}

/** The word a terminator at `at` ends, lower-cased, without leading quotes or brackets. */
function wordBefore(text: string, at: number): string {
  let start = at;
  while (start > 0 && WORD_CHAR.test(text[start - 1]!)) start--;
  return text.slice(start, at).replace(OPENERS, '').toLowerCase();
}
