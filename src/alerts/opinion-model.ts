import { z } from 'zod';
import shipped from './opinion.json' with { type: 'json' };
import { classifierOf, OpinionModelSchema, type Classifier } from './opinion.js';

/**
 * The shipped alert classifier (opinion.json, written by scripts/train-alert-classifier.ts),
 * validated once. An invalid file leaves the rules alone (`SHIPPED_OPINION` null) and says why in
 * `OPINION_PROBLEM`, which the alerts agent logs: nothing crashes for it.
 */
const parsed = OpinionModelSchema.safeParse(shipped);

export const SHIPPED_OPINION: Classifier | null = parsed.success ? classifierOf(parsed.data) : null;

export const OPINION_PROBLEM: string | null = parsed.success ? null : `src/alerts/opinion.json is not a valid alert classifier, so the rules decide alone: ${z.prettifyError(parsed.error)}`;
