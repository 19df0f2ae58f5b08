import type { EmotionIntensity } from '../emotions.js';

/**
 * What an utterance does to the robot, in OCC terms, seen from the robot's side: the person's
 * act (praise, blame), an event for the person (good or bad news), an event for the robot.
 */
export type Cue = 'thanks' | 'compliment' | 'apology' | 'insult' | 'threat' | 'sad_news' | 'good_news' | 'greeting' | 'farewell';

/**
 * The emotions each cue elicits, at base intensity (intensifiers and exclamations add to it).
 * - thanks: the person's kind act towards the robot → gratitude (and a little joy);
 * - compliment: praise of the robot → pride and joy; admiration for the person's kindness;
 * - apology: the person takes back a blameworthy act → relief (the hostility it feared is over)
 *   and liking; it is stronger than a compliment in the same breath, so the apology is answered;
 * - insult: blameworthy act against the robot → anger and reproach;
 * - threat: a bad prospect for the robot → fear;
 * - sad news: bad event for a liked person → pity (OCC "sorry-for") and some distress;
 * - good news: good event for a liked person → happy-for and joy;
 * - greeting: meeting someone → mild joy; farewell: a pleasant talk ends → mild liking.
 * Greeting and farewell stay below the default gesture threshold on purpose: the robot waves,
 * it does not also beam at every hello.
 */
export const CUE_EMOTIONS: Readonly<Record<Cue, readonly EmotionIntensity[]>> = {
  thanks: [
    { emotion: 'gratitude', intensity: 0.6 },
    { emotion: 'joy', intensity: 0.3 },
  ],
  compliment: [
    { emotion: 'joy', intensity: 0.6 },
    { emotion: 'pride', intensity: 0.5 },
    { emotion: 'admiration', intensity: 0.3 },
  ],
  apology: [
    { emotion: 'relief', intensity: 0.7 },
    { emotion: 'liking', intensity: 0.3 },
  ],
  insult: [
    { emotion: 'anger', intensity: 0.6 },
    { emotion: 'reproach', intensity: 0.5 },
  ],
  threat: [{ emotion: 'fear', intensity: 0.6 }],
  sad_news: [
    { emotion: 'pity', intensity: 0.6 },
    { emotion: 'distress', intensity: 0.3 },
  ],
  good_news: [
    { emotion: 'happy_for', intensity: 0.6 },
    { emotion: 'joy', intensity: 0.4 },
  ],
  greeting: [{ emotion: 'joy', intensity: 0.3 }],
  farewell: [{ emotion: 'liking', intensity: 0.3 }],
};

/** Cues whose sense is flipped by a negation just before them ("you're not an idiot"). */
export const NEGATABLE: ReadonlySet<Cue> = new Set(['compliment', 'insult', 'thanks']);
