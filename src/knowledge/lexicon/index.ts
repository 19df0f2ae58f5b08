import { DE } from './de.js';
import { EN } from './en.js';
import { ES } from './es.js';
import { FR } from './fr.js';
import type { Concept, Lexicon } from './types.js';
import { ZH } from './zh.js';

export type { Concept, Concepts, Lexicon } from './types.js';

/** Each language's lexicon, by the robot's language codes. */
const LEXICONS = { en: EN, de: DE, fr: FR, es: ES, zh: ZH } as const satisfies Record<string, Lexicon>;

const all: readonly Lexicon[] = Object.values(LEXICONS);

/** Every language's words per concept together: a question's language is a guess, so all are matched. */
export function mergedConcepts(lexicons: readonly Lexicon[] = all): Record<Concept, readonly string[]> {
  const merged: Partial<Record<Concept, string[]>> = {};
  for (const { concepts } of lexicons) for (const [concept, words] of Object.entries(concepts) as [Concept, readonly string[]][]) (merged[concept] ??= []).push(...words);
  return merged as Record<Concept, readonly string[]>;
}

/** Every language's phrases per concept together (see Lexicon.phrases). */
export const PHRASES: Record<Concept, readonly string[]> = mergedConcepts(all.map((l) => ({ ...l, concepts: l.phrases ?? {} })));

/** Every language's framing phrases (see Lexicon.framePhrases). */
export const FRAME_PHRASES: readonly string[] = all.flatMap((l) => l.framePhrases ?? []);

/** The thesaurus words of the languages that form compounds (see Lexicon.compounds): the parts a compound is split into. */
export const COMPOUND_PARTS: Record<Concept, readonly string[]> = mergedConcepts(all.filter((l) => l.compounds));

/** Every language's frame words (see Lexicon.frames). */
export const FRAMES: readonly string[] = all.flatMap((l) => l.frames);

/** Every language's words of the visitor and the robot (see Lexicon.persons). */
export const PERSONS: readonly string[] = all.flatMap((l) => l.persons);

/** Every language's words of a generic subject (see Lexicon.generic). */
export const GENERIC: readonly string[] = all.flatMap((l) => l.generic ?? []);

/** Every language's person endings of verbs, longest first (see Lexicon.personEndings). */
export const PERSON_ENDINGS: readonly string[] = [...new Set(all.flatMap((l) => l.personEndings ?? []))].sort((a, b) => b.length - a.length);

/** Every language's inflectional endings, longest first (see Lexicon.suffixes). */
export const SUFFIXES: readonly string[] = [...new Set(all.flatMap((l) => l.suffixes ?? []))].sort((a, b) => b.length - a.length);

/** Every language's words that only look inflected (see Lexicon.uninflected). */
export const UNINFLECTED: readonly string[] = all.flatMap((l) => l.uninflected ?? []);

/** Every language's separable particles, longest first (see Lexicon.particles). */
export const PARTICLES: readonly string[] = all.flatMap((l) => l.particles ?? []).sort((a, b) => b.length - a.length);
