import { z } from 'zod';
import { OCC_EMOTIONS, type EmotionName } from './emotions.js';

/**
 * The affect capability's settings, as the daemon's config file holds them (the "affect" section
 * and gestures.emotions). A leaf module: the config imports it without loading the capability.
 */

const Millis = z.number().int().positive();
/** A Big Five trait: -1 (very low) to 1 (very high), 0 average. */
const Trait = z.number().min(-1).max(1);

/** Robot animations played when an utterance makes it feel an emotion; the rest stay null. */
const EMOTION_GESTURES: Partial<Record<EmotionName, string>> = {
  joy: 'SMILE',
  happy_for: 'SMILE',
  pride: 'SMILE',
  gratification: 'SMILE',
  gratitude: 'NOD_YES',
};
export const EmotionGesturesSchema = z
  .strictObject(
    Object.fromEntries(OCC_EMOTIONS.map((e) => [e, z.string().min(1).nullable().default(EMOTION_GESTURES[e] ?? null)])) as Record<
      EmotionName,
      z.ZodDefault<z.ZodNullable<z.ZodString>>
    >,
  )
  .prefault({});

export const AffectConfigSchema = z
  .strictObject({
    /** The robot's Big Five personality: it sets the default mood (Mehrabian's equations). */
    personality: z
      .strictObject({
        openness: Trait.default(0.4),
        conscientiousness: Trait.default(0.6),
        extraversion: Trait.default(0.5),
        agreeableness: Trait.default(0.7),
        /** Conventional neuroticism (+1 anxious and moody, -1 emotionally stable). */
        neuroticism: Trait.default(-0.3),
      })
      .prefault({}),
    /** A full-intensity emotion has faded out within this time. */
    emotionDecayMs: Millis.max(24 * 3_600_000).default(120_000),
    /** With no active emotion, the mood is back at the default mood within this time. */
    moodReturnMinutes: z.number().positive().max(7 * 24 * 60).default(20),
    /** Pull/push strength: PAD distance the mood moves per minute per unit of emotion intensity. */
    moodChangePerMinute: z.number().positive().max(100).default(0.5),
  })
  .prefault({});
