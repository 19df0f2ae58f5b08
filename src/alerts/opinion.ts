import { z } from 'zod';
import { ngrams } from './ngrams.js';

/**
 * A second opinion beside the rules: a small multinomial logistic regression over n-grams
 * (ngrams.ts), trained by scripts/train-alert-classifier.ts from the labelled sets of eval/alerts.
 * The rules know why (the words, the kind, a denial, a story); the classifier knows how people
 * tend to say it, including wordings nobody wrote into a lexicon. It is only asked when the rules
 * raise nothing and veto nothing, and it speaks only above a threshold chosen for precision on
 * sets it was not trained on.
 */
export const OPINION_CLASSES = ['none', 'emergency', 'help_requested'] as const;
export type OpinionClass = (typeof OPINION_CLASSES)[number];

export const OpinionModelSchema = z
  .strictObject({
    version: z.literal(1),
    classes: z.tuple([z.literal('none'), z.literal('emergency'), z.literal('help_requested')]),
    /** Feature names (ngrams.ts), and for each its weight per class, in the order of `classes`. */
    features: z.array(z.string().min(1)),
    weights: z.array(z.tuple([z.number(), z.number(), z.number()])),
    bias: z.tuple([z.number(), z.number(), z.number()]),
    /** The probability of an alert (emergency or request) at or above which the opinion counts. */
    threshold: z.number().gt(0).lt(1),
    /** The sets it was trained on, for the record. */
    trainedOn: z.array(z.string()),
  })
  .refine((m) => m.features.length === m.weights.length, { message: 'one weight row per feature' });
export type OpinionModel = z.infer<typeof OpinionModelSchema>;

export interface Opinion {
  /** The probability that the utterance raises an alert (emergency or request for a person). */
  alert: number;
  /** The likelier of the two kinds. */
  kind: 'emergency' | 'help_requested';
}

export interface Classifier {
  threshold: number;
  judge(text: string): Opinion;
}

export function softmax(z: readonly number[]): number[] {
  const top = Math.max(...z);
  const e = z.map((x) => Math.exp(x - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/** The same classifier with another threshold (configured), or itself when none is given. */
export const withThreshold = (classifier: Classifier | null, threshold: number | null | undefined): Classifier | null =>
  classifier && threshold != null ? { ...classifier, threshold } : classifier;

/** A classifier from a validated model. */
export function classifierOf(model: OpinionModel): Classifier {
  const index = new Map(model.features.map((f, i) => [f, model.weights[i]!]));
  return {
    threshold: model.threshold,
    judge(text) {
      const feats = ngrams(text);
      // The same scaling as in training: a long utterance is not surer for having more n-grams.
      const scale = 1 / Math.sqrt(Math.max(1, feats.length));
      const z = [...model.bias];
      for (const f of feats) {
        const w = index.get(f);
        if (w) for (let c = 0; c < 3; c++) z[c]! += w[c]! * scale;
      }
      const [, emergency, help] = softmax(z) as [number, number, number];
      return { alert: emergency + help, kind: emergency >= help ? 'emergency' : 'help_requested' };
    },
  };
}
