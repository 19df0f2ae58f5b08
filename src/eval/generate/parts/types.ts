import type { Language } from '../../../config/index.js';

/**
 * The parts visits are composed from, per language. Templates take `{slots}`: {name}, {job},
 * {employer}, {city}, {wrong}, {right}, {said}, {letter}, {other}. A split (development,
 * held-out) has its own parts file: names and phrasings of one never appear in the other.
 */
export interface LanguageParts {
  /** First names of new visitors, far from each other (the generator keeps any two of one visit apart). */
  names: readonly string[];
  /** A known person's name and the near spelling a visitor says (similarity between the thresholds: the robot asks); `letter`: what `said` lacks ("Jon" without an "h"). */
  near: readonly { known: string; said: string; letter?: string }[];
  jobs: readonly string[];
  employers: readonly string[];
  cities: readonly string[];
  greetings: readonly string[];
  /** "My name is {name}." */
  intros: readonly string[];
  /** With {job} and {employer}. */
  introsWithJob: readonly string[];
  /** With {city}. */
  introsWithCity: readonly string[];
  yes: readonly string[];
  no: readonly string[];
  /** "That's me" and its equivalents. */
  thatsMe: readonly string[];
  /** "No, not {wrong}. It's {right}." */
  notXY: readonly string[];
  /** "It's {said} without an {letter}." Empty where names are not spelled out (zh). */
  withoutLetter: readonly string[];
  /** "No, I'm {other}." */
  differentName: readonly string[];
  /** Answers to "Is your name …?" that are no answer and hold no name. */
  unrelated: readonly string[];
  /** Said before an answer: "Um,". */
  fillers: readonly string[];
  /** About the robot itself. */
  questionsRobot: readonly string[];
  /** About what it knows (its knowledge files: privacy, what it can do). */
  questionsKnowledge: readonly string[];
  /** About the visitor's own past visits. */
  questionsPast: readonly string[];
  /** Said while the robot speaks, asking nothing: "uh-huh", "okay". */
  backchannels: readonly string[];
  goodbyes: readonly string[];
  /** Something personal a visitor tells: another person must never hear it. */
  facts: readonly string[];
}

export type Parts = Record<Language, LanguageParts>;
