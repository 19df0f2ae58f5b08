import { foldName } from '../names.js';
import { mergeFacts, type ProfileFacts } from '../profile.js';
import type { NameStrength } from './cue-lexicon.js';
import { pickName, type PickOptions } from './name-pick.js';
import { tokensFrom, type Token } from './tokens.js';

/**
 * A small engine for phrase rules. A rule is a regular expression (with the `d` flag, for spans)
 * whose named groups say what was captured: name, company, position, location, list. Each value
 * is then cut where the phrase ends ("I live in Paris with my wife" → "Paris") and cleaned.
 */

export type ListKind = 'hobbies' | 'interests' | 'auto';

export interface Rule {
  re: RegExp;
  name?: NameStrength;
  list?: ListKind;
  /** "I'm a nurse" is a position, "I'm a big fan" is not: the position must look like a job. */
  jobOnly?: boolean;
  /** Words right after the name that make it someone else's ("C'est Julie qui m'envoie"). */
  notThen?: RegExp;
  /** The name is no job word ("je suis étudiante je cherche…"): where nothing else tells a job from a name. */
  notJob?: boolean;
}

export interface Language {
  rules: readonly Rule[];
  /** Where a company, position or location ends. */
  valueStop: RegExp;
  companyStop: RegExp;
  positionStop: RegExp;
  locationStop: RegExp;
  /** Where a list of hobbies or interests ends. */
  listStop: RegExp;
  /** Splits a list into items. */
  listSplit: RegExp;
  /** An item that is not a hobby or interest ("you", "it", "this place"). */
  rejectItem: RegExp;
  /** Leading words to drop from an item ("to", "also", articles). */
  itemPrefix: RegExp;
  /** Hobby (an activity) or interest (a topic), for lists that do not say which. */
  classify(item: string, raw: string): { kind: 'hobbies' | 'interests'; item: string };
  looksLikeJob(position: string): boolean;
  /** A capitalised word after "je suis", "ich bin", "soy" that is a name though the lexicon does not know it (not a job, nationality or role). */
  nameLike?(word: string): boolean;
  /**
   * The same, once the utterance has said the job elsewhere ("Ich bin Volker, ich bin von Beruf
   * Lehrer"): the word after "ich bin" is then not the job, and a job-like ending no evidence against a name.
   */
  nameLikeBesideJob?(word: string, position: string): boolean;
  tokens(text: string): readonly Token[];
}

export interface RuleResult {
  user_name: string | null;
  facts: ProfileFacts;
}

const TRIM = /^[\s"'“”«»,:;-]+|[\s"'“”«»,.;:!?-]+$/g;

export function cut(value: string, stop: RegExp): string {
  const match = stop.exec(value);
  return (match ? value.slice(0, match.index) : value).replace(TRIM, '');
}

function cleanValue(value: string, stop: RegExp, lang: Language): string | null {
  const cleaned = cut(cut(value, lang.valueStop), stop).replace(/^(?:the|a|an)\s+(?=\p{Lu})/u, '');
  if (!cleaned || cleaned.length > 80 || cleaned.split(/\s+/).length > 6 || lang.rejectItem.test(cleaned)) return null;
  return cleaned;
}

function listItems(value: string, kind: ListKind, lang: Language): Pick<ProfileFacts, 'hobbies' | 'interests'> {
  const out: { hobbies: string[]; interests: string[] } = { hobbies: [], interests: [] };
  for (const raw of cut(value, lang.listStop).split(lang.listSplit)) {
    const item = raw.replace(TRIM, '').replace(lang.itemPrefix, '').replace(TRIM, '');
    if (!item || item.length > 60 || item.split(/\s+/).length > 5 || lang.rejectItem.test(item)) continue;
    if (kind === 'auto') {
      const classified = lang.classify(item, raw.trim());
      out[classified.kind].push(classified.item);
    } else out[kind].push(item);
  }
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v.length)) as Pick<ProfileFacts, 'hobbies' | 'interests'>;
}

/** Applies every rule of a language; the first rule that yields a field wins it, lists accumulate. */
export function applyRules(text: string, lang: Language, expectingName: boolean, names = true, robotName?: string): RuleResult {
  let tokens: readonly Token[] | null = null;
  let user_name: string | null = null;
  let facts: ProfileFacts = {};
  for (const rule of lang.rules) {
    const re = compiled(rule.re);
    re.lastIndex = 0;
    for (let match = re.exec(text); match; match = re.exec(text)) {
      if (match[0] === '') re.lastIndex++;
      const groups = match.groups ?? {};
      const spans = match.indices?.groups ?? {};
      if (rule.jobOnly && !isJob(groups.position, lang)) continue;
      if (rule.notJob && groups.name !== undefined && lang.looksLikeJob(groups.name)) continue;
      if (names && groups.name !== undefined && rule.name && !user_name) {
        tokens ??= lang.tokens(text);
        const strength = (rule.name === 'weak' || rule.name === 'known') && expectingName ? 'answer' : rule.name;
        const start = spans.name?.[0] ?? 0;
        const options = { strength, text, ...(lang.nameLike && { nameLike: (w: string) => lang.nameLike!(w) }) };
        user_name = pickName(tokensFrom(tokens, start), options);
        if (user_name && rule.notThen?.test(text.slice(nameEnd(text, start, user_name)))) user_name = null;
        if (user_name) user_name = restated(text, tokens, nameEnd(text, start, user_name), user_name, options) ?? user_name;
        // "Bonjour Nadine, je suis Paul": the robot addressed by its name is not the person.
        if (user_name && robotName && foldName(user_name) === foldName(robotName)) user_name = null;
        // "I'm here for an interview, I'm Marco": the cue said again later in the sentence is tried
        // too, though the first one's value ran to the end (the rest is not consumed by a miss).
        if (!user_name && start > match.index) re.lastIndex = start;
      }
      const found: ProfileFacts = {};
      if (groups.company !== undefined && !facts.current_company) {
        found.current_company = cleanValue(groups.company, lang.companyStop, lang);
      }
      if (groups.position !== undefined && !facts.current_position) {
        found.current_position = cleanValue(groups.position, lang.positionStop, lang);
      }
      if (groups.location !== undefined && !facts.location) found.location = cleanValue(groups.location, lang.locationStop, lang);
      if (groups.list !== undefined && rule.list) Object.assign(found, listItems(groups.list, rule.list, lang));
      facts = mergeFacts(facts, dropNulls(found));
    }
  }
  if (names && !user_name && facts.current_position && lang.nameLikeBesideJob) {
    const position = facts.current_position;
    const besideJob: Language = { ...lang, nameLike: (w) => lang.nameLikeBesideJob!(w, position), nameLikeBesideJob: undefined };
    user_name = applyRules(text, besideJob, expectingName, names, robotName).user_name;
  }
  return { user_name, facts };
}

/**
 * "I'm Martha, Martha Greene", "Ich heiße Ernst, Ernst Köhler": the name said again at once, in
 * full. So is a family name said first ("The name is Okafor, Chidi Okafor", "Mein Name ist Huber,
 * Franz Huber", "Dupont, Jean Dupont"), or after a full stop ("It's Jamal. Jamal Washington."). The
 * fuller saying is the name; a pause then other words ("Martha, the new volunteer") is not.
 */
function restated(text: string, tokens: readonly Token[], end: number, name: string, options: PickOptions): string | null {
  const pause = /^\s*(?:[,;:–—-]|(?<stop>[.!]))\s*/u.exec(text.slice(end));
  if (!pause) return null;
  const from = end + pause[0].length;
  const fuller = pickName(tokensFrom(tokens, from), options);
  const [long, said] = [fuller?.toLowerCase() ?? '', name.toLowerCase()];
  if (!fuller || !(long.startsWith(`${said} `) || long.endsWith(` ${said}`))) return null;
  // After a full stop ("It's Jamal. Jamal Washington."), only a sentence that is the name alone:
  // "I'm Anna. Anna Berg is my manager." goes on about someone else.
  if (pause.groups?.stop && !/^\s*(?:[.!,;]|$)/u.test(text.slice(text.toLowerCase().indexOf(long, from) + long.length))) return null;
  return fuller;
}

/** Where the name picked at `start` ends in the text (its last word, as said, in any case). */
function nameEnd(text: string, start: number, name: string): number {
  const last = name.split(' ').at(-1)!;
  const at = text.toLowerCase().indexOf(last.toLowerCase(), start);
  return at < 0 ? start : at + last.length;
}

function isJob(position: string | undefined, lang: Language): boolean {
  const cleaned = position === undefined ? null : cleanValue(position, lang.positionStop, lang);
  return cleaned !== null && lang.looksLikeJob(cleaned);
}

/** Global (every occurrence) and with indices (the span of the name, to find its tokens). */
const withFlags = (flags: string) => [...new Set(`${flags}gd`)].join('');
// Compiled once per rule: a turn runs every language's rules. Run with exec from lastIndex 0
// (matchAll would clone the regex on every call); nothing in the loop runs these rules again.
const COMPILED = new WeakMap<RegExp, RegExp>();
function compiled(re: RegExp): RegExp {
  let global = COMPILED.get(re);
  if (!global) COMPILED.set(re, (global = new RegExp(re.source, withFlags(re.flags))));
  return global;
}

function dropNulls(facts: ProfileFacts): ProfileFacts {
  return Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== null && v !== undefined)) as ProfileFacts;
}
