import { rememberRecent } from '../../language/index.js';
import { answerRemainder } from '../answers.js';
import { isNamedCompany } from '../organisations.js';
import { mergeFacts, type ProfileFacts } from '../profile.js';
import { applyRules, type Language } from './engine.js';
import { pickName } from './name-pick.js';
import { withFamilyName } from './name-parts.js';
import { withoutHesitations } from './cues.js';
import { english } from './rules-en.js';
import { french, german, spanish } from './rules-intl.js';
import { applyChinese, bareChineseName } from './rules-zh.js';
import { tagEnglish } from './tokens.js';

export interface RulesInput {
  text: string;
  /** The robot just asked for the person's name, or to confirm it: a bare name counts. */
  expectingName: boolean;
  /** Session language: its phrasings are tried first. */
  language?: string;
  /** false: facts only, no name (picking a name is most of the cost). */
  names?: boolean;
  /** The robot's own name: said to address it ("Hello Nadine, I'm Paul"), it is not the person's. */
  robotName?: string;
}

export interface RulesResult {
  user_name: string | null;
  facts: ProfileFacts;
}

const LATIN: Record<string, Language> = { en: english, de: german, fr: french, es: spanish };

/**
 * Apostrophes as one character, and the full stop of "St. Mary" or "Dr. Smith" dropped so that
 * it does not end the value (a value runs to the next punctuation).
 */
export const normalizeText = (text: string) =>
  text.replace(/[’‘`´]/g, "'").replace(/\b(St|Dr|Mr|Mrs|Ms|Mt|Jr|Sr|Prof)\.(?=\s+\p{Lu})(?!\s+I\b)/gu, '$1');

/**
 * The offline profile extractor: phrase rules for English, German, French, Spanish and Chinese.
 * Every language is tried (people mix languages, speech-to-text may mislabel them); the session
 * language's rules come first, so they win a field when two languages disagree.
 */
export function extractByRules(input: RulesInput): RulesResult {
  const { user_name, facts } = remembered(JSON.stringify([input.text, input.expectingName, input.language ?? null, input.names ?? true, input.robotName ?? null]));
  // The remembered reading is shared: each caller gets its own copy to change.
  return { user_name, facts: { ...facts, ...(facts.hobbies && { hobbies: [...facts.hobbies] }), ...(facts.interests && { interests: [...facts.interests] }) } };
}

/**
 * A turn reads its utterance by the rules from several places before the reply: "does it state a
 * name?" and "does it put the settled name right?" on every utterance of a named visitor (the
 * graph's edge after agreement), then memory_update on an introduction. Each reading runs every
 * language's rules: 0.27 ms a reading in a probe, after a pause like the one between a visitor's turns.
 */
const remembered = rememberRecent((key: string): RulesResult => {
  const [text, expectingName, language, names, robotName] = JSON.parse(key) as [string, boolean, string | null, boolean, string | null];
  return readByRules({ text, expectingName, names, ...(language !== null && { language }), ...(robotName !== null && { robotName }) });
});

function readByRules(input: RulesInput): RulesResult {
  const text = withoutHesitations(normalizeText(withoutVocative(input.text, input.robotName)));
  const order = [input.language, 'en', 'de', 'fr', 'es'].filter((l, i, all): l is string => !!l && l in LATIN && all.indexOf(l) === i);
  const names = input.names ?? true;
  const results = order.map((code) => applyRules(text, LATIN[code]!, input.expectingName, names, input.robotName));
  const chinese = applyChinese(text, input.expectingName);
  if (input.language === 'zh') results.unshift(chinese);
  else results.push(chinese);

  let user_name = names ? (results.find((r) => r.user_name)?.user_name ?? null) : null;
  if (!user_name && names && input.expectingName) user_name = bareName(text, input.language);
  if (names) user_name = withFamilyName(text, user_name, input.robotName);
  const facts = mergeFacts(...results.map((r) => r.facts).reverse());
  // The employer the sentence names is not the speaker, whichever rule read it as a name.
  if (user_name && isNamedCompany(user_name, facts.current_company)) user_name = null;
  return { user_name, facts };
}

/**
 * The robot addressed by its name before a pause ("Hi Nadine, Oscar here.", "Hallo Nadine, Meyer
 * hier."): the greeting then reads as said to no one, and the name after it as the first said.
 */
function withoutVocative(text: string, robotName: string | undefined): string {
  if (!robotName?.trim()) return text;
  let re = VOCATIVES.get(robotName);
  if (!re) VOCATIVES.set(robotName, (re = new RegExp(String.raw`(?<![\p{L}])${robotName.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\p{L}])\s*(?=[,!])`, 'giu')));
  return text.replace(re, '');
}
const VOCATIVES = new Map<string, RegExp>();

/**
 * "Alex." or "No, Alicia Smith" in reply to a name question: what remains is the name, all of it.
 * A remainder that is more than a name is a sentence ("Hang on a second", "Tengo una reunión"),
 * and a question is no answer.
 */
function bareName(text: string, language: string | undefined): string | null {
  // A question back ("¿Me repites?", "王老师在吗？") answers nothing: its words are no name.
  if (/[?？¿]/u.test(text)) return null;
  const rest = answerRemainder(text, language);
  const words = rest.split(/\s+/).length;
  if (!rest || words > 4) return null;
  if (/\p{Script=Han}/u.test(rest)) return bareChineseName(rest);
  const name = pickName(tagEnglish(rest), { strength: 'answer', text: rest });
  return name && name.split(' ').length === words ? name : null;
}

const NAME_QUESTION =
  /\bname\b[^.!]*\?|who do i have the pleasure|wie hei(?:ß|ss)(?:t|en) (?:du|sie)|wie ist (?:dein|ihr) name|mit wem habe ich|comment (?:tu t'appelles|vous appelez-vous|t'appelles-tu)|ton (?:pré)?nom|votre (?:pré)?nom|à qui ai-je|你叫什么|怎么称呼|名字|c[óo]mo te llamas|c[óo]mo se llama|tu nombre|con qui[ée]n tengo/iu;

/** Whether the robot's last words asked for the person's name (then "Alex." is an answer). */
export function asksForName(robotText: string | null | undefined): boolean {
  return !!robotText && NAME_QUESTION.test(normalizeText(robotText));
}
