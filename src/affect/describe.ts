import type { EmotionName } from './emotions.js';
import type { MoodOctant } from './pad.js';
import type { AffectSnapshot } from './snapshot.js';

/** How the robot would say it feels each emotion (the prompt is in English). */
const FEELING: Record<EmotionName, string> = {
  admiration: 'admiring',
  anger: 'angry',
  disliking: 'put off',
  disappointment: 'disappointed',
  distress: 'distressed',
  fear: 'afraid',
  fears_confirmed: 'dismayed that your fears came true',
  gloating: 'smug',
  gratification: 'gratified',
  gratitude: 'grateful',
  happy_for: 'happy for the other person',
  hate: 'hostile towards the other person',
  hope: 'hopeful',
  joy: 'joyful',
  liking: 'fond of the other person',
  love: 'affectionate',
  pity: 'sorry for the other person',
  pride: 'proud',
  relief: 'relieved',
  remorse: 'remorseful',
  reproach: 'reproachful',
  resentment: 'resentful',
  satisfaction: 'satisfied',
  shame: 'ashamed',
};

/** Mehrabian's temperament words for each octant, as a speaker would understand them. */
const MOOD: Record<MoodOctant, string> = {
  exuberant: 'cheerful, outgoing and lively',
  dependent: 'pleased and eager, glad of company and guidance',
  relaxed: 'content, calm and at ease',
  docile: 'pleasant but quiet and meek',
  hostile: 'irritated, tense and combative',
  anxious: 'worried, tense and unsure of yourself',
  disdainful: 'cool, aloof and unimpressed',
  bored: 'listless, low and withdrawn',
};

export function degree(intensity: number): string {
  if (intensity < 0.3) return 'a little';
  if (intensity < 0.6) return 'quite';
  if (intensity < 0.85) return 'very';
  return 'extremely';
}

/** "very grateful", or null when no emotion is active. */
export function describeEmotion(s: Pick<AffectSnapshot, 'emotion' | 'intensity'>): string | null {
  return s.emotion ? `${degree(s.intensity)} ${FEELING[s.emotion]}` : null;
}

/** "moderately exuberant (cheerful, outgoing and lively)". */
export function describeMood(s: Pick<AffectSnapshot, 'octant' | 'mood_intensity'>): string {
  if (s.mood_intensity === 'neutral') return 'neutral, neither up nor down';
  return `${s.mood_intensity} ${s.octant} (${MOOD[s.octant]})`;
}

/** The affect part of the response prompt. */
export function describeAffect(s: AffectSnapshot): string {
  const emotion = describeEmotion(s);
  return emotion ? `Right now you feel ${emotion}, and your mood is ${describeMood(s)}.` : `Your mood is ${describeMood(s)}.`;
}

/**
 * How the model is to use the feeling describeAffect gives: told once, in the reply's stable
 * system message, rather than with every turn's notes (the notes stay in the history).
 */
export const AFFECT_GUIDANCE =
  "A note may tell your emotion and mood: let it colour your tone and word choice subtly, as a person's feelings would; do not announce them unless asked, and stay polite and helpful whatever the mood.";
