import { z } from 'zod';
import { pad, type Pad } from './pad.js';

/** The 24 emotions of ALMA: the 22 OCC emotions plus liking/disliking's stronger forms love and hate. */
export const OCC_EMOTIONS = [
  'admiration',
  'anger',
  'disliking',
  'disappointment',
  'distress',
  'fear',
  'fears_confirmed',
  'gloating',
  'gratification',
  'gratitude',
  'happy_for',
  'hate',
  'hope',
  'joy',
  'liking',
  'love',
  'pity',
  'pride',
  'relief',
  'remorse',
  'reproach',
  'resentment',
  'satisfaction',
  'shame',
] as const;
export const EmotionNameSchema = z.enum(OCC_EMOTIONS);
export type EmotionName = z.infer<typeof EmotionNameSchema>;

/**
 * OCC emotion → PAD, Table 1 of Gebhard, "ALMA – A Layered Model of Affect" (AAMAS 2005), which
 * takes the values from Mehrabian's PAD ratings of emotion words where they exist (anger, fear)
 * and places the other OCC emotions by analogy.
 *
 * Checked against three independent reproductions of the table (an OCC/PAD mapping in a Java
 * cognitive architecture, a Python affect engine and a Rust game engine that list "Gebhard
 * original" values), which agree on all 24 rows. Note that the configuration file shipped with
 * the later ALMA Java release (AffectComputation.aml) uses re-tuned values for some emotions
 * (e.g. joy 0.5/0.42/0.23); this is the published table.
 */
export const EMOTION_PAD: Readonly<Record<EmotionName, Pad>> = Object.freeze({
  admiration: pad(0.5, 0.3, -0.2),
  anger: pad(-0.51, 0.59, 0.25),
  disliking: pad(-0.4, 0.2, 0.1),
  disappointment: pad(-0.3, 0.1, -0.4),
  distress: pad(-0.4, -0.2, -0.5),
  fear: pad(-0.64, 0.6, -0.43),
  fears_confirmed: pad(-0.5, -0.3, -0.7),
  gloating: pad(0.3, -0.3, -0.1),
  gratification: pad(0.6, 0.5, 0.4),
  gratitude: pad(0.4, 0.2, -0.3),
  happy_for: pad(0.4, 0.2, 0.2),
  hate: pad(-0.6, 0.6, 0.3),
  hope: pad(0.2, 0.2, -0.1),
  joy: pad(0.4, 0.2, 0.1),
  liking: pad(0.4, 0.16, -0.24),
  love: pad(0.3, 0.1, 0.2),
  pity: pad(-0.4, -0.2, -0.5),
  pride: pad(0.4, 0.3, 0.3),
  relief: pad(0.2, -0.3, 0.4),
  remorse: pad(-0.3, 0.1, -0.6),
  reproach: pad(-0.3, -0.1, 0.4),
  resentment: pad(-0.2, -0.3, -0.2),
  satisfaction: pad(0.3, -0.2, 0.4),
  shame: pad(-0.3, 0.1, -0.6),
});

/** An emotion and how strongly it is felt, in [0, 1]. */
export const EmotionIntensitySchema = z.object({
  emotion: EmotionNameSchema,
  intensity: z.number().min(0).max(1),
});
export type EmotionIntensity = z.infer<typeof EmotionIntensitySchema>;
