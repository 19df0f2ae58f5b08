import type { Language } from '../config/index.js';
import type { Episode } from './schema.js';
import { clip, contentWords, isAboutSpeaker, isQuestion, nameWords, sentencesOf } from './text.js';

/**
 * The episode of a conversation without a language model: only what was said, nothing made up.
 *
 * - observation: the person's key sentences, word for word. Picked with SumBasic (Nenkova and
 *   Vanderwende, 2005): a sentence scores by the frequencies of its content words across the
 *   person's messages; after each pick the frequencies of the words it used are squared, so the
 *   next pick says something else. The score is the sum over √(number of words), between
 *   SumBasic's mean (which prefers "It's my first marathon.") and a plain sum (which prefers
 *   any long sentence). Sentences about the speaker ("I …", "my …") count 1.5 times: an
 *   episode is about the person.
 * - thought: the words they used most (the topics).
 * - action: the robot's reply to the message with the best sentence.
 * - result: how it ended (their goodbye, and how many times they spoke).
 */

export interface ConversationText {
  messages: readonly { role: 'user' | 'assistant'; content: string }[];
  user_name: string | null;
  robot_name: string;
  language: Language;
}

export interface ExtractiveSummary {
  episode: Episode;
  /** The best statement the person made about themselves, word for word; null when there is none. */
  highlight: string | null;
  topics: string[];
}

const SELF_BOOST = 1.5;
const MAX_QUOTE = 200;

interface Sentence {
  text: string;
  message: number;
  order: number;
  words: string[];
  self: boolean;
}

export function extractiveEpisode(conversation: ConversationText, sentenceCount: number): ExtractiveSummary {
  const { messages, language } = conversation;
  const name = conversation.user_name ?? 'The person';
  const ignore = nameWords(conversation.user_name, conversation.robot_name);
  const userIndexes = messages.flatMap((m, i) => (m.role === 'user' ? [i] : []));
  // The last thing the person said is how the conversation ended (their goodbye).
  const farewellIndex = userIndexes.at(-1) ?? -1;
  const sentences: Sentence[] = [];
  const counts = new Map<string, number>();
  const surfaces = new Map<string, string>();
  for (const i of userIndexes) {
    if (i === farewellIndex) continue;
    for (const text of sentencesOf(messages[i]!.content, language)) {
      const words = contentWords(text, ignore);
      for (const w of words) {
        counts.set(w.word, (counts.get(w.word) ?? 0) + 1);
        if (!surfaces.has(w.word)) surfaces.set(w.word, w.surface);
      }
      sentences.push({ text, message: i, order: sentences.length, words: [...new Set(words.map((w) => w.word))], self: isAboutSpeaker(text) });
    }
  }

  const ranked = sumBasic(sentences, counts, sentenceCount);
  // Quoted in the order they were said.
  const picked = [...ranked].sort((a, b) => a.order - b.order);
  const topics = [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([w]) => surfaces.get(w) ?? w);

  const observation = picked.length
    ? `${name} said: ${picked.map((s) => quote(s.text)).join(' ')}`
    : `${name} talked with me briefly.`;
  const thought = topics.length ? `It was about ${topics.join(', ')}.` : 'It was small talk.';
  const answered = ranked[0] ? replyAfter(messages, ranked[0].message) : firstReply(messages);
  const action = answered ? `I replied: ${quote(firstSentences(answered, language))}` : 'I did not reply.';
  const farewell = farewellIndex >= 0 ? messages[farewellIndex]!.content : '';
  const spoke = userIndexes.length;
  const result = `${name} said goodbye${farewell.trim() ? ` (${quote(farewell)})` : ''} after speaking ${spoke === 1 ? 'once' : `${spoke} times`}.`;
  const statements = ranked.filter((s) => !isQuestion(s.text) && s.words.length >= 2);
  const highlight = (statements.find((s) => s.self) ?? statements[0])?.text ?? null;
  return { episode: { observation, thought, action, result }, highlight: highlight && clip(highlight, MAX_QUOTE), topics };
}

/** SumBasic over the person's sentences: the picks, best first. */
function sumBasic(sentences: readonly Sentence[], counts: ReadonlyMap<string, number>, k: number): Sentence[] {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const p = new Map([...counts].map(([w, c]) => [w, c / total]));
  const chosen: Sentence[] = [];
  const left = new Set(sentences.filter((s) => s.words.length > 0));
  while (chosen.length < k && left.size) {
    let best: Sentence | null = null;
    let bestScore = 0;
    // Ties go to the sentence said first (Set iteration keeps the order they were said).
    for (const s of left) {
      const score = (s.words.reduce((sum, w) => sum + (p.get(w) ?? 0), 0) / Math.sqrt(s.words.length)) * (s.self ? SELF_BOOST : 1);
      // Relative margin: equal scores summed in another order differ in their last bits.
      if (score > bestScore * (1 + 1e-9)) [best, bestScore] = [s, score];
    }
    if (!best) break;
    chosen.push(best);
    left.delete(best);
    for (const w of best.words) p.set(w, (p.get(w) ?? 0) ** 2);
  }
  return chosen;
}

function replyAfter(messages: ConversationText['messages'], index: number): string | null {
  for (let i = index + 1; i < messages.length && messages[i]!.role === 'assistant'; i++) if (messages[i]!.content.trim()) return messages[i]!.content;
  return null;
}

function firstReply(messages: ConversationText['messages']): string | null {
  return messages.find((m) => m.role === 'assistant' && m.content.trim())?.content ?? null;
}

/** The first sentence or two of a reply, up to about 200 characters. */
function firstSentences(text: string, language: Language): string {
  const sentences = sentencesOf(text, language);
  let out = sentences[0] ?? text;
  if (sentences[1] && out.length + sentences[1].length < 120) out = `${out} ${sentences[1]}`;
  return out;
}

const quote = (text: string) => `“${clip(text, MAX_QUOTE)}”`;
