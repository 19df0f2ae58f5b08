import { LANGUAGES, type Language } from '../../config/index.js';
import { languageName } from '../../intent/index.js';
import { tonedVariants } from './affect.js';
import type { Tone } from './affect-lines.js';
import { LINES, type LineKey } from './lines.js';

export interface OfflineContext {
  robotName: string;
  /** Picks among variants; injectable so tests are deterministic. */
  pick?: (count: number) => number;
  /** The tone of the robot's mood; offlineReply takes it from the state's affect when not given. */
  tone?: Tone | null;
}

export const randomPick = (count: number) => Math.floor(Math.random() * count);

const supported = new Map<Language, string>();

/** "English, German, French, Chinese and Spanish", in the language asked for. */
export function supportedLanguagesText(inLanguage: Language): string {
  let text = supported.get(inLanguage);
  if (text === undefined) {
    const names = LANGUAGES.map((code) => languageName(code, inLanguage));
    supported.set(inLanguage, (text = new Intl.ListFormat(inLanguage, { type: 'conjunction' }).format(names)));
  }
  return text;
}

export function line(
  key: LineKey,
  language: Language,
  ctx: OfflineContext,
  values: Record<string, string> = {},
): string {
  const variants = tonedVariants(key, language, ctx.tone) ?? LINES[language][key];
  const template = variants[(ctx.pick ?? randomPick)(variants.length) % variants.length]!;
  const all: Record<string, string> = { robot: ctx.robotName, supported: supportedLanguagesText(language), ...values };
  return template.replace(/\{(\w+)\}/g, (m, k: string) => all[k] ?? m);
}

