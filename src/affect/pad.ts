import { z } from 'zod';

/**
 * A point in Mehrabian's PAD space (pleasure, arousal, dominance), each axis in [-1, 1]. Emotions
 * and moods both live here; the mood is a point that moves, emotions pull and push it.
 */
export const PadSchema = z.object({
  pleasure: z.number().min(-1).max(1),
  arousal: z.number().min(-1).max(1),
  dominance: z.number().min(-1).max(1),
});
export type Pad = z.infer<typeof PadSchema>;

export const ORIGIN: Pad = Object.freeze({ pleasure: 0, arousal: 0, dominance: 0 });

export const pad = (pleasure: number, arousal: number, dominance: number): Pad => ({ pleasure, arousal, dominance });

export const add = (a: Pad, b: Pad): Pad => pad(a.pleasure + b.pleasure, a.arousal + b.arousal, a.dominance + b.dominance);
export const sub = (a: Pad, b: Pad): Pad => pad(a.pleasure - b.pleasure, a.arousal - b.arousal, a.dominance - b.dominance);
export const scale = (a: Pad, k: number): Pad => pad(a.pleasure * k, a.arousal * k, a.dominance * k);
export const norm = (a: Pad): number => Math.hypot(a.pleasure, a.arousal, a.dominance);
export const distance = (a: Pad, b: Pad): number => norm(sub(a, b));

const clampAxis = (x: number) => Math.min(1, Math.max(-1, x));
/** Keeps a point inside the PAD cube. */
export const clamp = (a: Pad): Pad => pad(clampAxis(a.pleasure), clampAxis(a.arousal), clampAxis(a.dominance));

/**
 * The eight mood octants of the PAD cube (Mehrabian's names, as ALMA uses them). A zero axis
 * counts as positive, as in ALMA's Mood.getMoodWord.
 */
export const MOOD_OCTANTS = ['exuberant', 'dependent', 'relaxed', 'docile', 'hostile', 'anxious', 'disdainful', 'bored'] as const;
export type MoodOctant = (typeof MOOD_OCTANTS)[number];

export function octant(m: Pad): MoodOctant {
  // Bit order follows ALMA's MoodType: pleasure, arousal, dominance; a set bit means negative.
  const index = (m.pleasure < 0 ? 4 : 0) + (m.arousal < 0 ? 2 : 0) + (m.dominance < 0 ? 1 : 0);
  return MOOD_OCTANTS[index]!;
}

export const sameOctant = (a: Pad, b: Pad): boolean => octant(a) === octant(b);

export const MOOD_INTENSITIES = ['neutral', 'slightly', 'moderately', 'fully'] as const;
export type MoodIntensity = (typeof MOOD_INTENSITIES)[number];

/**
 * ALMA's thresholds on the distance from the PAD origin (de.affect.mood.Mood
 * getMoodWordIntensity): up to 0.5 slightly, up to 1.0 moderately, beyond (to √3) fully.
 */
export const SLIGHTLY_MAX = 0.5;
export const MODERATELY_MAX = 1.0;

export function moodIntensity(m: Pad): MoodIntensity {
  const d = norm(m);
  if (d === 0) return 'neutral';
  if (d <= SLIGHTLY_MAX) return 'slightly';
  if (d <= MODERATELY_MAX) return 'moderately';
  return 'fully';
}
