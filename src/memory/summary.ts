import { z } from 'zod';
import { askModel, type LanguageModel, type LlmMessage } from '../llm/index.js';
import type { Logger } from '../log/index.js';
import { extractiveEpisode, type ConversationText, type ExtractiveSummary } from './extractive.js';
import type { Episode } from './schema.js';
import { clip } from './text.js';

/** What the summary model answers (agent "summary"). */
export const LlmEpisodeSchema = z.object({
  observation: z.string(),
  thought: z.string(),
  action: z.string(),
  result: z.string(),
});

const INSTRUCTIONS = `You write the robot's memory of a conversation it just had, as one episode. Answer with JSON only:
{"observation": what the person said and did (their facts, plans, questions, feelings),
 "thought": what the robot understood about the person or their situation,
 "action": what the robot answered or did,
 "result": how the conversation ended}
Rules:
- Only what is in the conversation. Never add facts, names, places, dates or feelings that were not said.
- Call the person by their name, in the third person. The robot is "I".
- One or two short sentences per field, in the language of the conversation.`;

const MAX_FIELD = 600;

export function summaryPrompt(conversation: ConversationText): LlmMessage[] {
  const person = conversation.user_name ?? 'The person';
  const transcript = conversation.messages.map((m) => `${m.role === 'user' ? person : `${conversation.robot_name} (I)`}: ${m.content}`).join('\n');
  return [
    { role: 'system', content: INSTRUCTIONS },
    { role: 'user', content: `The robot is ${conversation.robot_name}. The person is ${person}.\n\n${transcript}` },
  ];
}

/** Each field trimmed and bounded; null when the model left one empty (then the extractive summary is used). */
export function sanitizeEpisode(raw: z.infer<typeof LlmEpisodeSchema>): Episode | null {
  const fields = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, clip(v, MAX_FIELD)])) as Episode;
  return Object.values(fields).every((v) => v.length > 0) ? fields : null;
}

export interface Summary extends ExtractiveSummary {
  source: 'llm' | 'extractive';
}

export interface SummarizeOptions {
  llm: LanguageModel;
  /** Use the language model when it is available (memory.summary.llm). */
  useLlm: boolean;
  sentences: number;
  signal: AbortSignal;
  log: Logger;
}

/**
 * The episode by the language model when it is available, else (or when it fails) the faithful
 * extractive one. The person's highlight sentence is always the extractive one: it is quoted
 * word for word ("Last time you told me …"), which a model's paraphrase could not be.
 */
export async function summarize(conversation: ConversationText, options: SummarizeOptions): Promise<Summary> {
  const extractive = extractiveEpisode(conversation, options.sentences);
  if (!options.useLlm || !options.llm.available('summary')) return { ...extractive, source: 'extractive' };
  const asked = await askModel(options, { agent: 'summary', fallback: 'using the extractive summary' }, (llm, base) =>
    // Between visits: a turn's calls go first.
    llm.json({ ...base, background: true, messages: summaryPrompt(conversation) }, LlmEpisodeSchema),
  );
  const episode = asked.ok ? sanitizeEpisode(asked.value) : null;
  if (episode) return { ...extractive, episode, source: 'llm' };
  if (asked.ok) options.log.warn('summary: the language model left a field empty; using the extractive summary');
  return { ...extractive, source: 'extractive' };
}

/** The episode as one text: what is embedded, stored, and shown to the response model. */
export const episodeText = (e: Episode) => [e.observation, e.thought, e.action, e.result].map((s) => s.trim()).filter(Boolean).join(' ');
