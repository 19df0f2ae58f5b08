import type { LlmMessage } from '../../llm/index.js';
import { detectAnswer, isYesWord, type Answer } from '../answers.js';
import { hedged } from '../interjections.js';
import { foldName, nameSimilarity } from '../names.js';
import { looksLikeName } from '../not-names.js';
import type { ProfileFacts } from '../profile.js';
import { extractionPrompt, LlmExtractionSchema, sanitizeExtraction, type LlmExtraction, type LlmExtractionContext } from './llm.js';
import { findCorrection } from './corrections.js';
import { asksForName, extractByRules } from './rules.js';

export { asksForName, extractByRules, normalizeText } from './rules.js';
export type { RulesInput, RulesResult } from './rules.js';
export { findCorrection } from './corrections.js';
export type { Correction } from './corrections.js';
export { extractionPrompt, LlmExtractionSchema, sanitizeExtraction } from './llm.js';
export type { LlmExtraction, LlmExtractionContext } from './llm.js';

export interface ExtractionInput {
  text: string;
  language: string;
  robotName: string;
  lastRobotMessage: string | null;
  /** The name the robot asked to confirm ("Is your name Alice?"), while a confirmation is pending. */
  askedName: string | null;
  /** The name the person is known by in this conversation, if settled: "No, it's Hanne" may correct it. */
  currentName?: string | null;
}

export interface Extraction {
  user_name: string | null;
  /** A name the person said is not theirs ("not Anne", "nicht Anna", "不是李明"), or the settled name a "no" answers. */
  rejected_name: string | null;
  /** The name was spelled out ("Jon without an h"): only that exact name is theirs. */
  spelled: boolean;
  facts: ProfileFacts;
  /** The answer to a pending confirmation question ("unclear" when none is pending). */
  answer: Answer;
  source: 'llm' | 'rules';
}

/**
 * What the phrase rules find, and what to ask the language model for a better reading. Yes/no to
 * a confirmation question is read by rules first (fast, and a wrong "yes" merges two people); the
 * model only settles answers the rules find unclear.
 */
export function extractionRequest(input: ExtractionInput): { offline: Extraction; messages: LlmMessage[]; context: LlmExtractionContext } {
  const correction = findCorrection(withoutEcho(input.text));
  const said = detectAnswer(input.text);
  // A person who says which name is wrong is about to say the right one, and so is one who says
  // no right after the robot called them by name ("Nein, Katrin."): a bare name counts.
  const expectingName = input.askedName !== null || correction.rejected !== null || asksForName(input.lastRobotMessage) || (said === 'no' && calledByName(input));
  const found = extractByRules({ text: correction.rest, expectingName, language: input.language, robotName: input.robotName });
  const rules = found.user_name
    ? found
    : { ...found, user_name: respellingIn(correction.rest, correction.rejected, input.robotName, true) ?? (calledByName(input) ? respellingIn(correction.rest, input.currentName!, input.robotName) : null) };
  const answer: Answer = input.askedName ? said : 'unclear';
  // "Jo, das bin ich": in a yes, a word that is itself a yes is no name (Jo is one elsewhere);
  // and what is left of a yes is the asked name, or words that agree ("Richtig erkannt", "Ja,
  // ich bin's selbst"): a name no cue introduces must be a spelling of the one asked about.
  if (answer === 'yes' && rules.user_name && (isYesWord(rules.user_name) || (!nearAsked(rules.user_name, input) && !statesOwnName(correction.rest, input.language, input.robotName)))) rules.user_name = null;
  const rejected = correction.rejected ?? implicitlyRejected(input, said, rules.user_name);
  const context = { text: input.text, robotName: input.robotName, lastRobotMessage: input.lastRobotMessage, askedName: input.askedName };
  return {
    offline: { ...rules, rejected_name: rejected, spelled: correction.spelled, answer, source: 'rules' },
    messages: extractionPrompt(context),
    context,
  };
}

/**
 * The word of a correction that respells the name put right ("Das ist nicht Claudia, das ist
 * Klaudia", "Non, Daniele, et pas Danielle", "Vous avez dit Mathilde, mais c'est Matilde",
 * "Nicht Ralf – Ralph"): one letter or one sound away from it, and not it. Whatever the words
 * around it, and whatever a tagger makes of an unknown word ("Lorent" reads as an adjective to
 * compromise), it is the right name. Never in a question of the person's own, never the robot's name.
 */
function respellingIn(rest: string, name: string | null, robotName: string, rejected = false): string | null {
  if (!name || /[?？¿]/u.test(rest)) return null;
  const [first] = name.split(' ');
  const folded = foldName(first!);
  const near = (w: string) => foldName(w) !== folded && foldName(w) !== foldName(robotName) && nameSimilarity(w, first!) >= RESPELLING && looksLikeName(w);
  if (/\p{Script=Han}/u.test(first!)) return hanRespelling(rest, first!, (w) => near(w) || (rejected && looksLikeName(w)));
  const words = rest.match(/\p{L}[\p{L}\p{M}'’-]*/gu) ?? [];
  // Capitalised where the text has capitals; speech-to-text in lower case has none to go by.
  const cased = words.some((w) => /^\p{Lu}/u.test(w));
  return words.find((w) => (!cased || /^\p{Lu}/u.test(w)) && near(w)) ?? null;
}

/**
 * Chinese: a run of characters as long as the name, with its surname, one character otherwise
 * ("王晓红" → "王小红"): homophones of a given name are what speech-to-text confuses. A two-character
 * name ("周婷" → "周亭") only after the person rejected the other: one character is half of it.
 */
function hanRespelling(rest: string, name: string, accept: (w: string) => boolean): string | null {
  const chars = [...name];
  const text = [...rest];
  for (let i = 0; i + chars.length <= text.length; i++) {
    const run = text.slice(i, i + chars.length);
    const differs = run.filter((c, j) => c !== chars[j]).length;
    if (run[0] === chars[0] && differs === 1 && accept(run.join(''))) return run.join('');
  }
  return null;
}

/**
 * "Sophie ? Non, Sofie.", "Kathrin? Nein, Katrin.": the name heard, echoed as a question, then the
 * answer. The echo (one or two words) is no question of the person's own, and no part of the answer.
 */
function withoutEcho(text: string): string {
  return text.replace(/^\s*¿?\s*[\p{L}'’-]+(?:\s+[\p{L}'’-]+)?\s*[?？]+\s*(?=\S)/u, '');
}

/** Spellings this close are one name said otherwise ("Kathrin" → "Katrin", "张伟华" → "张维华"), as respelled() reads them. */
const RESPELLING = 0.6;

/**
 * Whether what was said puts right the name the person is settled under: it rejects that name
 * ("No, not Anne"), or says a respelling of it ("Nein, Katrin.", "Perdona, es Guilermo.") right
 * after the robot used it. Then the utterance is about the person, whatever the intent model reads.
 */
export function correctsCurrentName(input: ExtractionInput): boolean {
  const current = input.currentName;
  if (!current) return false;
  // Only words that answer the robot's use of the name can respell it; anything else must reject it.
  if (!calledByName(input)) return findCorrection(input.text).rejected !== null;
  const { offline } = extractionRequest(input);
  if (offline.rejected_name) return true;
  const stated = offline.user_name;
  return !!stated && foldName(stated) !== foldName(current) && nameSimilarity(stated, current) >= RESPELLING;
}

/** A spelling of the name the robot asked about ("Ja, Mareike, genau" to "Is your name Mareike?"). */
function nearAsked(name: string, input: ExtractionInput): boolean {
  return !!input.askedName && nameSimilarity(name, input.askedName) >= RESPELLING;
}

/** The robot's last words called the person by the name they are settled under ("Nice to meet you, Anne."). */
function calledByName(input: ExtractionInput): boolean {
  return !!input.currentName && !!input.lastRobotMessage && foldName(input.lastRobotMessage).includes(foldName(input.currentName));
}

/**
 * "No, it's Hanne." right after the robot called the person Anne: the "no" is about Anne. So is a
 * respelling said with the name it puts right or with a hedge ("Vous avez dit Mathilde, mais c'est
 * Matilde", "Actually it's Philip", "En realidad es Rakel"); a respelling alone is the same name
 * heard otherwise, and is not taken as a rejection of it.
 */
function implicitlyRejected(input: ExtractionInput, said: Answer, stated: string | null): string | null {
  if (!stated || !calledByName(input)) return null;
  const current = input.currentName!;
  if (foldName(stated) === foldName(current)) return null;
  if (said === 'no') return current;
  const words = (t: string) => ` ${foldName(t).replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
  const mentioned = words(input.text).includes(words(current)) || (/\p{Script=Han}/u.test(current) && input.text.includes(current));
  return nameSimilarity(stated, current) >= RESPELLING && (mentioned || hedged(input.text)) ? current : null;
}

/** The model's reading, checked, with what the rules are surer of kept. */
export function withModelExtraction(offline: Extraction, raw: LlmExtraction, context: LlmExtractionContext): Extraction {
  const model = sanitizeExtraction(raw, context);
  const answer = offline.answer !== 'unclear' || !context.askedName ? offline.answer : (raw.answer ?? 'unclear');
  // The rules are conservative about names: one they find is kept if the model missed it. The
  // model's name must look like one, and not be the name the person just rejected.
  const modelName = looksLikeName(model.user_name) && (!offline.rejected_name || foldName(model.user_name) !== foldName(offline.rejected_name)) ? model.user_name : null;
  return { ...offline, user_name: modelName ?? offline.user_name, facts: model.facts, answer, source: 'llm' };
}

/** Whether an utterance that is not about the person (a greeting) still gives their name: "Hi, I'm Martin!". */
export function statesOwnName(text: string, language: string, robotName?: string): boolean {
  return extractByRules({ text, expectingName: false, language, ...(robotName && { robotName }) }).user_name !== null;
}
