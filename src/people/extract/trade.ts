import type { NameStrength } from './cue-lexicon.js';
import type { Rule } from './engine.js';

/**
 * A job said as a trade or profession: "a carpenter by trade", "von Beruf Lehrer", "Lehrer von
 * Beruf", "de profession menuisier", "enfermera de profesión", as a lexicon of markers per
 * language rather than one pattern per sentence. A marker says that the words next to it are a
 * job (no job list is needed), and that those words are not a name: the name said before them
 * ("Sebastian, electrician by trade.") is still found.
 */
interface TradeLexicon {
  /** After the job: "carpenter by trade", "Tischlerin von Beruf", "menuisier de profession". */
  after: readonly string[];
  /** Before the job: "by trade I'm a", "von Beruf bin ich", "de profession", "mi profesión es". */
  before: readonly string[];
  /** Words that may come between a marker before the job and the job: a copula, an article. */
  link: readonly string[];
  /** Words that end the job said before a marker ("i'm a carpenter": "i'm" and "a" are no part of it). */
  lead: readonly string[];
}

const TRADES: Record<'en' | 'de' | 'fr' | 'es', TradeLexicon> = {
  en: {
    after: ['by trade', 'by profession', 'by occupation', 'by training'],
    before: ['by trade', 'by profession', 'by occupation', 'my profession is', 'my trade is', 'my occupation is', 'profession'],
    link: ["i'm", 'i am', 'a', 'an'],
    lead: ['i', "i'm", 'im', 'am', 'a', 'an', 'and', 'also', 'actually', 'myself'],
  },
  de: {
    after: ['von beruf'],
    before: ['von beruf', 'beruflich', 'mein beruf ist', 'mein beruf', 'hauptberuflich'],
    link: ['bin ich', 'ich bin', 'ist', 'ein', 'eine', 'als'],
    lead: ['ich', 'bin', 'und', 'ein', 'eine', 'der', 'die', 'auch', 'gelernter', 'gelernte'],
  },
  fr: {
    after: ['de profession', 'de métier', 'de mon état', 'de formation'],
    before: ['de profession', 'de métier', 'mon métier c\'est', 'mon métier est', 'mon métier', 'ma profession c\'est', 'ma profession est', 'ma profession'],
    link: ['je suis', "c'est", 'est', 'un', 'une'],
    lead: ['je', 'suis', 'et', 'un', 'une', 'moi', 'aussi'],
  },
  es: {
    after: ['de profesión', 'de oficio', 'de formación'],
    before: ['de profesión', 'de oficio', 'mi profesión es', 'mi oficio es', 'mi profesión', 'trabajo de'],
    link: ['soy', 'es', 'un', 'una'],
    lead: ['soy', 'y', 'yo', 'un', 'una', 'también'],
  },
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (list: readonly string[]) => `(?:${[...list].sort((a, b) => b.length - a.length).map((p) => escape(p).replace(/'/g, "['’]?\\s?").replace(/ /g, '\\s+')).join('|')})`;
const WORD = String.raw`[\p{L}'’-]+`;
/** A job of one to three words (the engine cuts it further at "at", "bei", "chez"…). */
const JOB = String.raw`${WORD}(?:\s+${WORD}){0,2}`;
const NO_LETTER = String.raw`(?![\p{L}'’])`;
/** Where a job said before its marker ends: a pause, the end, or a conjunction or preposition of any of the four languages. */
const CLAUSE_END = String.raw`(?=\s*(?:[,.;:!?…]|$)|\s+(?:and|but|at|for|with|in|actually|und|aber|bei|für|in|im|seit|et|mais|chez|pour|à|depuis|y|pero|en|para|con|desde)(?![\p{L}'’]))`;

/** The rules: the job next to a marker, and a name said first before it. */
export function tradeRules(language: keyof typeof TRADES, name: { pattern: string; strength: NameStrength }): Rule[] {
  const t = TRADES[language];
  const lead = String.raw`(?:${anyOf(t.lead)}\s+)*`;
  const link = String.raw`(?:${anyOf(t.link)}\s+)*`;
  const re = (source: string) => new RegExp(source, 'iu');
  return [
    // "…, I'm a carpenter by trade", "…, Tischlerin von Beruf": the words right before the marker, leading words off.
    // The marker closes the clause there: "von Beruf Lehrer" has the job after it.
    { re: re(String.raw`(?:^|[,.;:!?]\s*|(?<![\p{L}'’]))${lead}(?<position>${JOB})\s+${anyOf(t.after)}${CLAUSE_END}`) },
    // "By trade I'm a plumber", "von Beruf bin ich Tischlerin", "de profession électricien", "ma profession : infirmière".
    // After a pause only with a copula: "De profession, je suis électricien" (not "von Beruf, und …").
    { re: re(String.raw`(?<![\p{L}'’])${anyOf(t.before)}(?:\s*:\s*|\s+|\s*,\s*(?=${anyOf(t.link)}\s))${link}(?<position>${JOB})`) },
    // "Sebastian, electrician by trade.", "Baptiste, de profession électricien": the name first.
    { re: re(String.raw`(?:^|[.!?]\s*)(?<name>${name.pattern})\s*,\s*(?:${lead}${JOB}\s+${anyOf(t.after)}${CLAUSE_END}|${anyOf(t.before)}${NO_LETTER})`), name: name.strength },
  ];
}

/**
 * Chinese: the job named by 职业 ("职业是护士", "职业：护士"), by the work one does ("做护士工作",
 * "从事工程师工作", "是做老师的", "干木匠这一行"), or as "one of" a trade ("是一名护士"). `pause`:
 * the characters that end a clause.
 */
export function zhTradeRules(pause: string): RegExp[] {
  const job = `[^${pause}的是在做干]{1,8}?`;
  return [
    new RegExp(`职业(?:是|为|：|:)?(?<position>[^${pause}]{1,8}?)(?=[${pause}]|$)`, 'u'),
    new RegExp(`(?:做|从事|干)(?<position>${job})(?:工作|这一?行|行业)`, 'u'),
    new RegExp(`是做(?<position>${job})(?:工作)?的`, 'u'),
    new RegExp(`是(?:一名|一个|一位)(?<position>[^${pause}]{1,8}?)(?=[${pause}]|$)`, 'u'),
    new RegExp(`我(?:是)?做(?<position>${job})(?=[${pause}]|$)`, 'u'),
  ];
}
