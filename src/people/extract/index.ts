import type { LlmMessage } from '../../llm/index.js';
import { answerRemainder, detectAnswer, type Answer } from '../answers.js';
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
    : { ...found, user_name: respelled(correction.rejected, correction.rest, input.language) ?? (calledByName(input) ? respelled(input.currentName!, correction.rest, input.language) : null) };
  const answer: Answer = input.askedName ? said : 'unclear';
  const rejected = correction.rejected ?? implicitlyRejected(input, said, rules.user_name);
  const context = { text: input.text, robotName: input.robotName, lastRobotMessage: input.lastRobotMessage, askedName: input.askedName };
  return {
    offline: { ...rules, rejected_name: rejected, spelled: correction.spelled, answer, source: 'rules' },
    messages: extractionPrompt(context),
    context,
  };
}

/**
 * "non pas Laurent, Lorent": what is left after the rejected name is one word spelled like it.
 * That is the right name, whatever a tagger makes of an unknown word ("Lorent" reads as an
 * adjective to compromise).
 */
function respelled(rejected: string | null, rest: string, language: string): string | null {
  if (!rejected || /[?？¿]/u.test(rest)) return null;
  const left = answerRemainder(rest, language);
  if (!left || /\s/u.test(left) || !/^\p{Lu}/u.test(left)) return null;
  const [first] = rejected.split(' ');
  return nameSimilarity(left, first!) >= RESPELLING && foldName(left) !== foldName(first!) && looksLikeName(left) ? left : null;
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

/** The robot's last words called the person by the name they are settled under ("Nice to meet you, Anne."). */
function calledByName(input: ExtractionInput): boolean {
  return !!input.currentName && !!input.lastRobotMessage && foldName(input.lastRobotMessage).includes(foldName(input.currentName));
}

/** "No, it's Hanne." right after the robot called the person Anne: the "no" is about Anne. */
function implicitlyRejected(input: ExtractionInput, said: Answer, stated: string | null): string | null {
  if (said !== 'no' || !stated || !calledByName(input)) return null;
  return foldName(stated) !== foldName(input.currentName!) ? input.currentName! : null;
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
