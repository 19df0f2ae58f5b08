import { LANGUAGES, type Language } from '../../src/config/index.js';
import { Rng, SPLITS, type Split } from '../../src/eval/generate/index.js';

export interface ConfirmationAnswer {
  language: Language;
  text: string;
  /** yes, thatsMe, no, unrelated: none of them holds a name. */
  kind: 'yes' | 'thatsMe' | 'no' | 'unrelated';
}

/**
 * Answers to "Is your name …?" that hold no name, with and without fillers, in every language:
 * whatever the robot makes of them, none may become a name (or reach perception as one).
 */
export function confirmationAnswers(count: number, seed: number, split: Split): ConfirmationAnswer[] {
  const rng = new Rng(seed);
  return Array.from({ length: count }, (_, i) => {
    const language = LANGUAGES[i % LANGUAGES.length]!;
    const parts = SPLITS[split][language];
    const kind = rng.pick(['yes', 'thatsMe', 'no', 'unrelated'] as const);
    const answer = rng.pick(parts[kind]);
    const text = rng.chance(0.4) ? `${rng.pick(parts.fillers)}${language === 'zh' ? '' : ' '}${answer}` : answer;
    return { language, text, kind };
  });
}
