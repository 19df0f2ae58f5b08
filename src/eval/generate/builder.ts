import type { Language } from '../../config/index.js';
import type { Expectation, Scenario, Step } from '../scenario.js';
import type { LanguageParts } from './parts/types.js';
import { fill, type Rng } from './rng.js';

/** What a failed expectation says is wrong with the robot (the report groups failures by it). */
export const CATEGORIES = ['arrival', 'introduction', 'confirmation', 'correction', 'language', 'backchannel', 'interruption', 'presence', 'privacy', 'perception'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface GeneratedVisit {
  scenario: Scenario;
  /** The template it was composed by. */
  kind: string;
  language: Language;
  /** Per step (same index as scenario.steps): the category of an expectation, null for an action. */
  categories: (Category | null)[];
}

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/**
 * A regex literal matching any of the texts as whole words (trailing punctuation dropped, so a
 * quote inside a sentence matches; "Till" does not match "still"). Han text has no word
 * boundaries: it is matched anywhere.
 */
export const anyOf = (texts: readonly string[]) => {
  const word = (t: string) => {
    const core = escapeRe(t.replace(/[\s.!?。！？]+$/u, ''));
    return `${/^\p{Script=Latin}/u.test(t) ? '(?<!\\p{L})' : ''}${core}${/\p{Script=Latin}$/u.test(t.replace(/[\s.!?。！？]+$/u, '')) ? '(?!\\p{L})' : ''}`;
  };
  return `/${texts.map(word).join('|')}/iu`;
};
/** A regex literal over an id: anything but these ids. */
export const notId = (ids: readonly string[]) => `/^(?!(${ids.map(escapeRe).join('|')})$).+/`;

/**
 * Perception's absence time in generated visits (people.detection.absenceMs): short, so that
 * walk-aways are quick, yet far above the repetition of detections (500 ms) even when the
 * runner's event loop is slow with several daemons in one process.
 */
export const ABSENCE_MS = 4000;
/** A gap in which someone is seen to have left. */
export const ABSENT_MS = ABSENCE_MS + 500;

/** A language tag as speech-to-text may send it, when it sends one. */
const TAGS: Record<Language, readonly string[]> = { en: ['en', 'en-US', 'en-GB'], de: ['de', 'de-DE'], fr: ['fr', 'fr-FR'], es: ['es', 'es-ES'], zh: ['zh', 'zh-CN'] };

/**
 * Whether the language of an utterance can be told from its words alone: any Han script, else
 * four words or more. Shorter ones may rightly keep the conversation's current language, so the
 * reply language is checked on them only once the language has been established.
 */
export function identifiable(text: string, language: Language): boolean {
  if (language === 'zh') return /\p{Script=Han}/u.test(text);
  return (text.match(/[\p{L}'’-]+/gu) ?? []).length >= 4;
}

export class VisitBuilder {
  readonly steps: Step[] = [];
  readonly categories: (Category | null)[] = [];
  readonly people: Record<string, string> = {};
  /** The reply language follows the visitor's from here on (an identifiable or tagged utterance came). */
  #established = false;

  constructor(
    readonly rng: Rng,
    readonly parts: LanguageParts,
    readonly language: Language,
  ) {}

  act(step: Step): this {
    this.steps.push(step);
    this.categories.push(null);
    return this;
  }

  expect(category: Category, e: Expectation): this {
    this.steps.push({ expect: e });
    this.categories.push(category);
    return this;
  }

  /** A template of the parts, filled. */
  pick(list: keyof LanguageParts, slots: Record<string, string> = {}): string {
    return fill(this.rng.pick(this.parts[list] as readonly string[]), slots);
  }

  /** Sometimes a filler first ("Um, yes."). */
  withFiller(text: string, p = 0.4): string {
    if (!this.rng.chance(p)) return text;
    return `${this.rng.pick(this.parts.fillers)}${this.language === 'zh' ? '' : ' '}${text}`;
  }

  /** The visitor says something in the visit's language; speech-to-text tags it a quarter of the time. */
  say(text: string, options: { interrupt?: boolean; tag?: boolean } = {}): this {
    const tagged = options.tag ?? this.rng.chance(0.25);
    const language = tagged ? this.rng.pick(TAGS[this.language]) : undefined;
    if (tagged || identifiable(text, this.language)) this.#established = true;
    return this.act({ say: language || options.interrupt ? { text, ...(language && { language }), ...(options.interrupt && { interrupt: true }) } : text });
  }

  /** The reply to the last utterance is in the visit's language (once that language is established). */
  replyLanguage(): this {
    if (!this.#established) return this;
    return this.expect('language', { turn: { language: this.language }, speak_language: this.language });
  }

  build(meta: { name: string; file: string; kind: string; body?: Scenario['body'] }): GeneratedVisit {
    const scenario: Scenario = {
      name: meta.name,
      file: meta.file,
      people: this.people,
      config: { people: { detection: { absenceMs: ABSENCE_MS } } },
      body: meta.body ?? { chars_per_second: 200 },
      needs: [],
      detect_every_ms: 500,
      steps: this.steps,
    };
    return { scenario, kind: meta.kind, language: this.language, categories: this.categories };
  }
}
