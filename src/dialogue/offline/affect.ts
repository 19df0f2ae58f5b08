import { reactionTo, type AffectSnapshot, type MoodOctant, type Reaction } from '../../affect/index.js';
import type { Language } from '../../config/index.js';
import type { TurnState } from '../state.js';
import { TONED, TONED_KEYS, type Tone } from './affect-lines.js';
import type { LineKey } from './lines.js';
import { REACTION_LINES } from './reaction-lines.js';

const TONE_OF_OCTANT: Record<MoodOctant, Tone> = {
  exuberant: 'cheerful',
  dependent: 'cheerful',
  relaxed: 'calm',
  docile: 'calm',
  bored: 'subdued',
  anxious: 'subdued',
  hostile: 'irritable',
  disdainful: 'irritable',
};

/** The tone of the robot's mood; a slight (or no) mood leaves the plain lines. */
export function toneOf(affect: AffectSnapshot | null | undefined): Tone | null {
  if (!affect || affect.mood_intensity === 'neutral' || affect.mood_intensity === 'slightly') return null;
  return TONE_OF_OCTANT[affect.octant];
}

/** The toned variants of a line, if the line has them. */
export function tonedVariants(key: LineKey, language: Language, tone: Tone | null | undefined): readonly string[] | undefined {
  if (!tone || !(TONED_KEYS as readonly LineKey[]).includes(key)) return undefined;
  return TONED[language][key as (typeof TONED_KEYS)[number]][tone];
}

/** What to say about what the utterance made the robot feel, if anything (never on a language switch). */
export function reactionOf(state: Partial<Pick<TurnState, 'intent' | 'appraisal'>>): Reaction | null {
  if (state.intent === 'language_change' || !state.appraisal) return null;
  return reactionTo(state.appraisal.emotions);
}

export function reactionLine(reaction: Reaction, language: Language, pick: (count: number) => number): string {
  const variants = REACTION_LINES[language][reaction];
  return variants[pick(variants.length) % variants.length]!;
}

