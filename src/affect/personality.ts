import { clamp, pad, type Pad } from './pad.js';

/** Big Five personality, each trait in [-1, 1] (0 = average). */
export interface Personality {
  openness: number;
  conscientiousness: number;
  extraversion: number;
  agreeableness: number;
  /** Conventional neuroticism: +1 very neurotic (anxious, moody), -1 very emotionally stable. */
  neuroticism: number;
}

/**
 * The default (baseline) mood of a personality, by Mehrabian's equations (Mehrabian 1996,
 * "Analysis of the Big-five Personality Factors in Terms of the PAD Temperament Model"), as ALMA
 * uses them:
 *
 *   P = 0.21·E + 0.59·A + 0.19·S
 *   A = 0.15·O + 0.30·A − 0.57·S
 *   D = 0.25·O + 0.17·C + 0.60·E − 0.32·A
 *
 * Sign convention: Mehrabian's fifth factor S is emotional STABILITY. ALMA prints it as "N" and
 * its shipped configuration applies these coefficients to a trait it calls "neurotism", so a
 * neurotic ALMA character would be more pleased and calmer, the opposite of what neuroticism
 * means. Here the setting is conventional neuroticism (what Big Five inventories report), and
 * S = −neuroticism, so a neurotic personality gets a less pleasant, more aroused default mood.
 *
 * Each axis is truncated to [-1, 1], as ALMA does (PersonalityMoodRelations.getDefaultMood).
 */
export function defaultMood(p: Personality): Pad {
  const stability = -p.neuroticism;
  return clamp(
    pad(
      0.21 * p.extraversion + 0.59 * p.agreeableness + 0.19 * stability,
      0.15 * p.openness + 0.3 * p.agreeableness - 0.57 * stability,
      0.25 * p.openness + 0.17 * p.conscientiousness + 0.6 * p.extraversion - 0.32 * p.agreeableness,
    ),
  );
}
