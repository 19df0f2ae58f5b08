import { z } from 'zod';
import { appraiseLexicon, reactionTo, type Reaction } from '../affect/index.js';
import { LanguageSchema, type Language } from '../config/index.js';

/**
 * The labelled appraisal sets (eval/appraisal/*.yaml): utterances with the reaction family they
 * call for. The offline appraisal is right when the reaction it leads to (reactionTo over the
 * lexicon's emotions) is that family; neutral means no reaction at all.
 */

export const APPRAISAL_FAMILIES = ['apology', 'compliment', 'thanks', 'insult', 'sad_news', 'good_news', 'neutral'] as const;
export type AppraisalFamily = (typeof APPRAISAL_FAMILIES)[number];

export const AppraisalSetSchema = z.strictObject({
  utterances: z.array(z.strictObject({ lang: LanguageSchema, family: z.enum(APPRAISAL_FAMILIES), text: z.string().min(1) })).min(1),
});
export type AppraisalSet = z.infer<typeof AppraisalSetSchema>;

const FAMILY_OF: Record<Reaction, AppraisalFamily> = {
  apology: 'apology',
  compliment: 'compliment',
  thanks: 'thanks',
  insult: 'insult',
  sympathy: 'sad_news',
  good_news: 'good_news',
};

/** The family the offline appraisal puts an utterance in. */
export function appraisedFamily(text: string): AppraisalFamily {
  const reaction = reactionTo(appraiseLexicon({ text }).emotions);
  return reaction ? FAMILY_OF[reaction] : 'neutral';
}

export interface AppraisalScore {
  n: number;
  correct: number;
  accuracy: number;
  byLanguage: Partial<Record<Language, { n: number; correct: number }>>;
  misses: { lang: Language; text: string; expected: AppraisalFamily; got: AppraisalFamily }[];
}

export function scoreAppraisal(set: AppraisalSet): AppraisalScore {
  const byLanguage: AppraisalScore['byLanguage'] = {};
  const misses: AppraisalScore['misses'] = [];
  for (const u of set.utterances) {
    const got = appraisedFamily(u.text);
    const lang = (byLanguage[u.lang] ??= { n: 0, correct: 0 });
    lang.n++;
    if (got === u.family) lang.correct++;
    else misses.push({ lang: u.lang, text: u.text, expected: u.family, got });
  }
  const n = set.utterances.length;
  return { n, correct: n - misses.length, accuracy: (n - misses.length) / n, byLanguage, misses };
}
