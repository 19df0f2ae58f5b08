import { LANGUAGES } from '../../config/index.js';
import { ABOUT, PERSON_TOPICS, ROBOT_TOPICS, type AboutLexicon, type Owner, type PersonTopic, type RobotTopic } from './lexicon.js';

/** What a question is about: the person asking, or the robot itself. */
export type Asked = { about: 'me'; topic: PersonTopic } | { about: 'robot'; topic: RobotTopic };

/** Latin-script alternatives at word boundaries (JavaScript's \b knows only ASCII). */
const words = (alternatives: readonly string[], flags = 'u') => new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, flags);
// An elided French pronoun ("j'habite") is followed by a letter; it starts a word and ends at the apostrophe.
const owners = (alternatives: readonly string[]) => {
  const elided = alternatives.filter((a) => a.endsWith("'"));
  const whole = alternatives.filter((a) => !a.endsWith("'"));
  const parts = [words(whole, 'u').source, ...(elided.length ? [`(?<![\\p{L}])(?:${elided.join('|')})`] : [])];
  return new RegExp(parts.join('|'), 'gu');
};

interface Compiled {
  reach: number;
  owners: [Owner, RegExp][];
  question: RegExp;
  topics: [PersonTopic, RegExp][];
  implied: [RegExp, Owner][];
  robot: [RobotTopic, RegExp][];
}

function compile(lex: AboutLexicon): Compiled {
  const pattern = (alternatives: readonly string[], flags = 'u') => (lex.han ? new RegExp(alternatives.join('|'), flags) : words(alternatives, flags));
  return {
    // How far (in characters) a person word may be from the topic word it owns.
    reach: lex.han ? 8 : 30,
    owners: (Object.entries(lex.owners) as [Owner, string[]][]).map(([owner, list]) => [owner, lex.han ? new RegExp(list.join('|'), 'gu') : owners(list)]),
    // A question word anywhere in Chinese; elsewhere at the start of a clause ("Hi Nadine, do you remember me").
    question: lex.han ? pattern(lex.question) : new RegExp(`(?:^|[,.;:!¡¿] ?)(?:${lex.question.join('|')})(?![\\p{L}])`, 'u'),
    topics: PERSON_TOPICS.map((topic) => [topic, pattern(lex.topics[topic], 'gu')]),
    implied: (lex.implied ?? []).map(([p, owner]) => [new RegExp(`^(?:${p})$`, 'u'), owner]),
    robot: ROBOT_TOPICS.map((topic) => [topic, pattern(lex.robot[topic])]),
  };
}

// All languages' lists apply to every utterance, as in the appraisal: the session language may lag.
const LEXICONS: readonly Compiled[] = LANGUAGES.map((language) => compile(ABOUT[language]));

export function normalizeQuestion(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/[’‘`´]/g, "'").replace(/\s+/g, ' ').trim();
}

interface Span {
  start: number;
  end: number;
}

function spans(pattern: RegExp, text: string): (Span & { text: string })[] {
  const found: (Span & { text: string })[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m[0] === '') pattern.lastIndex++;
    else found.push({ start: m.index, end: m.index + m[0].length, text: m[0] });
  }
  return found;
}

const gap = (a: Span, b: Span) => (a.end <= b.start ? b.start - a.end : a.start >= b.end ? a.start - b.end : 0);

/** Whose a topic word is: the verb's own person, else the nearest person word within reach. */
function ownerOf(topic: Span & { text: string }, people: [Owner, Span][], lex: Compiled): Owner | null {
  for (const [form, owner] of lex.implied) if (form.test(topic.text)) return owner;
  let best: { owner: Owner; distance: number } | null = null;
  for (const [owner, span] of people) {
    const distance = gap(span, topic);
    if (distance <= lex.reach && (!best || distance < best.distance)) best = { owner, distance };
  }
  return best?.owner ?? null;
}

/** The conversation topics are about the two of them: the person must be named, and nobody else. */
const CONVERSATIONAL: ReadonlySet<PersonTopic> = new Set(['last_time', 'remember']);

/**
 * The person words of a text. "My" right before someone else ("my brother", "我妈妈") names that
 * someone: the possessive is dropped, so the question is about the brother, not the asker.
 */
function peopleIn(text: string, lex: Compiled): [Owner, Span][] {
  const all = lex.owners.flatMap(([owner, pattern]) => spans(pattern, text).map((s): [Owner, Span] => [owner, s]));
  const others = all.filter(([o]) => o === 'other').map(([, s]) => s);
  return all.filter(([owner, span]) => owner === 'other' || !others.some((o) => o.start >= span.end && o.start - span.end <= 1));
}

function classifyIn(text: string, lex: Compiled): Asked | null {
  for (const [topic, pattern] of lex.robot) if (pattern.test(text)) return { about: 'robot', topic };
  const people = peopleIn(text, lex);
  const has = (owner: Owner) => people.some(([o]) => o === owner);
  const impliedMe = (span: { text: string }) => lex.implied.some(([form, owner]) => owner === 'me' && form.test(span.text));
  let conversational: PersonTopic | null = null;
  for (const [topic, pattern] of lex.topics) {
    for (const span of spans(pattern, text)) {
      if (CONVERSATIONAL.has(topic)) {
        if ((has('me') || impliedMe(span)) && !has('other')) conversational ??= topic;
        continue;
      }
      const owner = ownerOf(span, people, lex);
      if (owner === 'me') return { about: 'me', topic };
      if (owner === 'robot' && topic === 'name') return { about: 'robot', topic: 'name' };
    }
  }
  return conversational ? { about: 'me', topic: conversational } : null;
}

/**
 * What a question asks about, when it asks about the person themselves or about the robot; null
 * for anything else, and for statements ("I live in Stuttgart" tells, it does not ask).
 */
export function askedAbout(utterance: string): Asked | null {
  const text = normalizeQuestion(utterance);
  if (!text) return null;
  const asks = /[?？¿]/u.test(text);
  for (const lex of LEXICONS) {
    if (!asks && !lex.question.test(text)) {
      // Speech-to-text often sends no question mark, and "c'est quoi ton nom" opens with no question
      // word: the robot's phrasings ask by themselves. Not how it is: "ça va" and "I'm good, how are
      // you" also answer.
      const robot = lex.robot.find(([topic, pattern]) => topic !== 'mood' && pattern.test(text));
      if (robot) return { about: 'robot', topic: robot[0] };
      continue;
    }
    const found = classifyIn(text, lex);
    if (found) return found;
  }
  return null;
}
