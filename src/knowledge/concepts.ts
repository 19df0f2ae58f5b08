import { mergedConcepts } from './lexicon/index.js';

/**
 * A small multilingual thesaurus: words that ask about the same thing, in the robot's five
 * languages, grouped under one concept. BM25 sees a concept as one more term of both the question
 * and the section ("Is there a company behind you?" and "Who built me" share BUILD; "Bist du eine
 * Maschine?" and "I am … a humanoid robot" share ROBOT), which is what lets words answer without an
 * embedding model, and across languages when a section exists in one language only.
 *
 * The concepts are everyday vocabulary of a robot that talks with visitors about itself, not the
 * wording of the shipped files; each language's words are a data file of lexicon/. Words are
 * matched as retrieval terms (folded; see tokens.ts), Chinese words as substrings of a run of Han
 * characters. A word that means several things ("make", "take", "gehen", "close") is left out
 * rather than guessed.
 */
export const CONCEPTS: Record<string, readonly string[]> = mergedConcepts();
