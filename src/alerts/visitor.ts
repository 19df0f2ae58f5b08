import { findCues, wordSentiment } from '../affect/index.js';
import type { SignalFound } from './detect.js';

/**
 * The visitor's own state, estimated from their words alone: valence (-1 unpleasant … 1 pleasant),
 * arousal (0 calm … 1 agitated) and the trend of valence over the visit. Separate from the robot's
 * affect: the robot may stay calm while the visitor is upset. Pure.
 */
export interface VisitorReading {
  valence: number;
  arousal: number;
  /** The utterance insults (the robot or anyone): counts towards `abuse`. Threats of harm are emergencies. */
  abusive: boolean;
}

export interface VisitorState {
  valence: number;
  arousal: number;
  /** Valence now minus the mean of the visit's earlier turns (up to the last three): below 0, getting worse. */
  trend: number;
}

const round = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

const WORDS_ONLY = 0.4;
const CUE_VALENCE: Record<string, number> = { thanks: 0.5, compliment: 0.6, good_news: 0.6, insult: -0.7, threat: -0.8, sad_news: -0.6 };

/** One utterance's reading. `signal` is what detectSignal found in it (an emergency is the extreme). */
export function readVisitor(text: string, signal: SignalFound | null): VisitorReading {
  const cues = findCues(text);
  const abusive = cues.includes('insult');
  const fromCues = cues.map((c) => CUE_VALENCE[c]).filter((v): v is number => v !== undefined);
  // AFINN covers English only; the cues cover every language. Word valence alone is weak evidence
  // ("this heat is killing me"): it never reaches the distress threshold by itself.
  const words = wordSentiment(text);
  const fromWords = words.known ? clamp(words.comparative * 2, -WORDS_ONLY, WORDS_ONLY) : 0;
  let valence = fromCues.length ? fromCues.reduce((a, b) => a + b, 0) / fromCues.length : fromWords;
  if (fromCues.length && fromWords && Math.sign(fromWords) === Math.sign(valence)) valence = clamp(valence + fromWords / 4, -1, 1);
  if (signal?.signal === 'distress') valence = Math.min(valence, -0.6);
  if (signal?.signal === 'emergency') valence = -0.9;
  const exclaim = /[!！]/u.test(text) ? 0.2 : 0;
  const shouting = /\b[A-Z]{4,}\b/.test(text) ? 0.15 : 0;
  let arousal = 0.2 + Math.abs(valence) * 0.4 + exclaim + shouting;
  if (signal?.signal === 'emergency') arousal = 0.95;
  else if (signal?.signal === 'distress' || abusive) arousal = Math.max(arousal, 0.7);
  return { valence: round(clamp(valence, -1, 1)), arousal: round(clamp(arousal, 0, 1)), abusive };
}

/** The state after this reading, given the visit's earlier valences (oldest first). */
export function visitorState(reading: VisitorReading, earlier: readonly number[]): VisitorState {
  const recent = earlier.slice(-3);
  const mean = recent.length ? recent.reduce((a, b) => a + b, 0) / recent.length : reading.valence;
  return { valence: reading.valence, arousal: reading.arousal, trend: round(reading.valence - mean) };
}
