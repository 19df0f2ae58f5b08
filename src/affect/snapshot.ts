import { z } from 'zod';
import { dominantEmotion, type AffectState } from './dynamics.js';
import { EmotionIntensitySchema, EmotionNameSchema, type EmotionIntensity } from './emotions.js';
import { MOOD_INTENSITIES, MOOD_OCTANTS, moodIntensity, octant, PadSchema } from './pad.js';

/**
 * What the rest of the turn sees of the robot's affect: the strongest emotion, the active ones,
 * and the mood with its octant and intensity. Numbers are rounded: this goes on the blackboard,
 * into the prompt and onto the turn event.
 */
export const AffectSnapshotSchema = z.object({
  emotion: EmotionNameSchema.nullable(),
  intensity: z.number().min(0).max(1),
  /** Active emotions, strongest first. */
  emotions: z.array(EmotionIntensitySchema),
  mood: PadSchema,
  octant: z.enum(MOOD_OCTANTS),
  mood_intensity: z.enum(MOOD_INTENSITIES),
});
export type AffectSnapshot = z.infer<typeof AffectSnapshotSchema>;

/** What this turn's utterance made the robot feel, and who judged it. */
export const AppraisalSchema = z.object({
  emotions: z.array(EmotionIntensitySchema),
  source: z.enum(['llm', 'lexicon']),
});
export type Appraisal = z.infer<typeof AppraisalSchema>;

const r3 = (x: number) => Math.round(x * 1000) / 1000;

export const roundEmotions = (emotions: readonly EmotionIntensity[]): EmotionIntensity[] =>
  emotions.map((e) => ({ emotion: e.emotion, intensity: r3(e.intensity) })).sort((a, b) => b.intensity - a.intensity);

export function snapshot(state: AffectState): AffectSnapshot {
  const top = dominantEmotion(state);
  const mood = { pleasure: r3(state.mood.pleasure), arousal: r3(state.mood.arousal), dominance: r3(state.mood.dominance) };
  return {
    emotion: top?.emotion ?? null,
    intensity: top ? r3(top.intensity) : 0,
    emotions: roundEmotions(state.emotions),
    mood,
    octant: octant(state.mood),
    mood_intensity: moodIntensity(state.mood),
  };
}
