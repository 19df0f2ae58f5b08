import type { Language } from '../config/index.js';

/**
 * Abbreviations whose period does not end a sentence, written lower-case without the final
 * period ("z.B." → "z.b"). Two kinds:
 * - `inner`: a sentence never ends on them (titles before a name, "e.g.", "z.B.", "Nr.").
 * - `final`: they may end a sentence ("etc.", "usw."): only when the next word starts upper-case.
 * English applies in every language: replies in German or French still name "Dr. Smith".
 * Single letters (initials, "M." for Monsieur) are handled by the splitter, not listed here.
 */
export interface Abbreviations {
  inner: ReadonlySet<string>;
  final: ReadonlySet<string>;
}

const MONTHS = {
  en: ['jan', 'feb', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'],
  de: ['jan', 'feb', 'apr', 'aug', 'sept', 'okt', 'nov', 'dez'],
  fr: ['janv', 'févr', 'avr', 'juil', 'sept', 'oct', 'nov', 'déc'],
  es: ['ene', 'feb', 'abr', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

const INNER: Record<Language, string[]> = {
  en: [
    'mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'sr', 'jr', 'mt', 'rev', 'gen', 'col', 'capt', 'lt', 'sgt', 'hon', 'messrs',
    'e.g', 'i.e', 'vs', 'cf', 'approx', 'ca', 'viz', 'resp', 'fig', 'figs', 'dept', 'vol', 'pp', 'tel', 'ext', 'www',
    ...MONTHS.en,
  ],
  de: [
    'hr', 'hrn', 'fr', 'frl', 'dr', 'prof', 'dipl', 'dipl.-ing', 'ing', 'z.b', 'd.h', 'bzw', 'ca', 'nr', 'str', 'tel', 'vgl', 'ggf', 'evtl',
    'inkl', 'zzgl', 'bspw', 'sog', 'geb', 'ehem', 'allg', 'v.a', 'u.u', 'z.t', 'jh', 'mio', 'mrd', 'abs', 'bd', 's.o', 's.u',
    ...MONTHS.de,
  ],
  fr: ['mm', 'mme', 'mmes', 'mlle', 'mlles', 'me', 'dr', 'pr', 'st', 'ste', 'cf', 'p.ex', 'c.-à-d', 'env', 'av', 'bd', 'vol', 'tél', 'éd', ...MONTHS.fr],
  es: [
    'sr', 'sra', 'srta', 'sres', 'dr', 'dra', 'dña', 'ud', 'uds', 'vd', 'vds', 'lic', 'ing', 'arq', 'p.ej', 'ej', 'aprox',
    'pág', 'núm', 'av', 'avda', 'tel', 'vol', ...MONTHS.es,
  ],
  zh: [],
};

const FINAL: Record<Language, string[]> = {
  en: ['etc', 'inc', 'ltd', 'co', 'corp', 'a.m', 'p.m', 'u.s', 'u.k', 'e.u', 'al'],
  de: ['usw', 'etc', 'u.a', 'o.ä', 'u.ä', 'u.v.m', 'gmbh', 'bzgl'],
  fr: ['etc'],
  es: ['etc', 'ee.uu'],
  zh: [],
};

const cache = new Map<Language, Abbreviations>();

export function abbreviationsFor(language: Language): Abbreviations {
  let found = cache.get(language);
  if (!found) {
    found = {
      inner: new Set([...INNER.en, ...INNER[language]]),
      final: new Set([...FINAL.en, ...FINAL[language]]),
    };
    cache.set(language, found);
  }
  return found;
}
