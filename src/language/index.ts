import type { Language } from '../config/index.js';
import { supportedLanguageFromTag } from '../intent/index.js';
import { identifyLanguage } from './identify.js';

export { identifyLanguage, languageEvidence } from './identify.js';
export type { LanguageGuess } from './identify.js';
export { isBackchannel } from './backchannel.js';
export { isInterjection } from './interjections.js';
export { asksSomething } from './question.js';
export { forgetRecentReadings, rememberRecent } from './recent.js';

/**
 * The one owner of "which language is this turn in" before anyone asks to switch: the tag
 * speech-to-text sent, when it names a language the robot speaks (a tag it cannot speak keeps the
 * visit's language: the words are not in one it knows); without a tag, the language of the words,
 * with the visit's language kept when they do not tell (`settled`: whether anything was said in
 * the conversation yet; before that, its language is only the default). An explicit request ("Can you speak
 * German?") is the intent agent's, and overrides this.
 */
export function turnLanguage(text: string, tag: string | undefined | null, current: Language, settled = true): Language {
  if (tag?.trim()) return supportedLanguageFromTag(tag) ?? current;
  return identifyLanguage(text, current, settled).language;
}
