import type { Language } from '../../config/index.js';
import { fold } from '../fold.js';
import { compileLexicon, type CompiledLexicon, type Lexicon } from '../frames.js';
import { DE } from './de.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { FR } from './fr.js';
import { ZH } from './zh.js';

/** The concept lexicons of the alert detector's frame layer, per language (see frames.ts). */
export const LEXICONS: Record<Language, Lexicon> = { en: EN, de: DE, fr: FR, es: ES, zh: ZH };

export const COMPILED: Record<Language, CompiledLexicon> = {
  en: compileLexicon(EN, fold),
  de: compileLexicon(DE, fold),
  fr: compileLexicon(FR, fold),
  es: compileLexicon(ES, fold),
  zh: compileLexicon(ZH, fold),
};
