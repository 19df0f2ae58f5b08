import { z } from 'zod';
import { LanguageSchema, type Language } from '../config/index.js';
import { askedAbout } from '../dialogue/about/index.js';

/**
 * The labelled questions of eval/about/: what each asks about (`me/<topic>`, `robot/<topic>`) or
 * `none` (someone else's, a statement, another subject). Right when askedAbout agrees.
 */
export const AboutSetSchema = z.strictObject({
  questions: z.array(z.strictObject({ lang: LanguageSchema, expected: z.string().regex(/^(?:(?:me|robot)\/\w+|none)$/), text: z.string().min(1) })).min(1),
});
export type AboutSet = z.infer<typeof AboutSetSchema>;

export const askedLabel = (text: string): string => {
  const asked = askedAbout(text);
  return asked ? `${asked.about}/${asked.topic}` : 'none';
};

export interface AboutScore {
  n: number;
  correct: number;
  misses: { lang: Language; text: string; expected: string; got: string }[];
}

export function scoreAbout(set: AboutSet): AboutScore {
  const misses = set.questions.flatMap((q) => {
    const got = askedLabel(q.text);
    return got === q.expected ? [] : [{ lang: q.lang, text: q.text, expected: q.expected, got }];
  });
  return { n: set.questions.length, correct: set.questions.length - misses.length, misses };
}
