import type { EmotionIntensity, EmotionName } from '../emotions.js';

/**
 * How the robot answers what it felt, when it must answer without its language model: thanks
 * for a compliment, "you're welcome" for thanks, "no harm done" for an apology, a calm, hurt reply to an insult (or a threat),
 * sympathy for sad news, gladness for good news. Derived from the appraised emotions, so the
 * LLM and the lexicon appraisal lead to the same behaviour.
 */
export const REACTIONS = ['compliment', 'thanks', 'apology', 'insult', 'sympathy', 'good_news'] as const;
export type Reaction = (typeof REACTIONS)[number];

const GROUPS: Record<Reaction, readonly EmotionName[]> = {
  insult: ['anger', 'reproach', 'hate', 'disliking', 'fear'],
  sympathy: ['pity', 'distress', 'fears_confirmed', 'disappointment'],
  good_news: ['happy_for'],
  thanks: ['gratitude'],
  compliment: ['pride', 'admiration', 'gratification'],
  // An apology is accepted ("No harm done"), never met with sympathy.
  apology: ['relief'],
};

/** Weaker than this, an emotion does not call for a spoken reaction. */
export const REACTION_MIN = 0.3;

/** The reaction of the strongest group that reaches REACTION_MIN, or null. */
export function reactionTo(appraised: readonly EmotionIntensity[]): Reaction | null {
  let best: { reaction: Reaction; intensity: number } | null = null;
  for (const reaction of REACTIONS) {
    const intensity = Math.max(0, ...appraised.filter((e) => GROUPS[reaction].includes(e.emotion)).map((e) => e.intensity));
    if (intensity >= REACTION_MIN && (!best || intensity > best.intensity)) best = { reaction, intensity };
  }
  return best?.reaction ?? null;
}
