import { franc } from 'franc-min';
import { LANGUAGES, type Language } from '../config/index.js';
import { supportedLanguageFromTag } from '../intent/index.js';

/** franc's ISO 639-3 codes of the languages the robot speaks. */
const ISO3: Record<string, Language> = { eng: 'en', deu: 'de', fra: 'fr', cmn: 'zh', spa: 'es' };
const CANDIDATES = Object.keys(ISO3);

/** Below this many letters a trigram guess is not worth making. */
const MIN_DETECT_CHARS = 24;

/**
 * The language a knowledge file declares: front matter `language:` (or `lang:`), else a
 * language suffix in the file name ("opening-hours.de.md"). Null when it declares none or one
 * the robot does not speak.
 */
export function declaredLanguage(file: string, frontMatterLanguage: string | null): Language | null {
  if (frontMatterLanguage) return supportedLanguageFromTag(frontMatterLanguage);
  const suffix = /\.([a-z]{2}(?:[-_][A-Za-z]{2})?)\.(?:md|markdown)$/i.exec(file)?.[1];
  return suffix ? supportedLanguageFromTag(suffix) : null;
}

/**
 * The language a chunk is written in, among the robot's languages (trigram statistics, franc);
 * null when the text is too short to tell.
 */
export function detectLanguage(text: string): Language | null {
  if (text.replace(/[^\p{L}]/gu, '').length < MIN_DETECT_CHARS / (/[\u3400-\u9fff]/.test(text) ? 4 : 1)) return null;
  const code = franc(text, { only: CANDIDATES, minLength: 1 });
  const language = ISO3[code];
  return language && (LANGUAGES as readonly string[]).includes(language) ? language : null;
}
