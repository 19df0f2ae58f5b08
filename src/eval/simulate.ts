import { Ollama, type ChatRequest } from 'ollama';
import { z } from 'zod';
import { parseModelJson } from '../llm/index.js';
import type { Visitor } from './scenario.js';

/**
 * Simulated visitors and the judge (the agent-to-agent interview protocol): a visitor agent speaks
 * as a profile, turn by turn, answering what the robot said; a judge that sees only the
 * objective and the transcript says whether the visit met it, yes or no, with one line of reason.
 */

export interface SimLine {
  speaker: 'visitor' | 'robot';
  message: string;
}

export interface Verdict {
  verdict: 'yes' | 'no';
  reason: string;
}

export interface SimModels {
  url: string;
  /** Model of the visitor agent. */
  visitor: string;
  /** Model of the judge. */
  judge: string;
  timeoutMs: number;
}

/** Marks the visitor's prompt (the fake Ollama of the tests tells the agents apart by it). */
export const VISITOR_PROMPT_START = 'You play a visitor talking to a social robot';
export const JUDGE_PROMPT_START = 'You judge a conversation between a visitor and a social robot';
/** The visitor agent says this (alone) to walk away. */
export const END_MARK = '[LEAVE]';

const VerdictSchema = z.object({ verdict: z.enum(['yes', 'no']), reason: z.string().min(1) });
const VERDICT_FORMAT = {
  type: 'object',
  properties: { verdict: { type: 'string', enum: ['yes', 'no'] }, reason: { type: 'string' } },
  required: ['verdict', 'reason'],
};

function client(models: SimModels): Ollama {
  return new Ollama({
    host: models.url,
    fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(models.timeoutMs) }),
  });
}

/** A whole chat answer, read from the stream (what the daemon's own client does too). */
async function chat(models: SimModels, request: Omit<ChatRequest, 'stream'>): Promise<string> {
  let text = '';
  for await (const part of await client(models).chat({ ...request, stream: true })) text += part.message.content;
  return text;
}

/** The visitor's next utterance as their profile would say it; null when they walk away. */
export async function visitorSays(models: SimModels, visitor: Visitor, transcript: readonly SimLine[]): Promise<string | null> {
  const system = [
    `${VISITOR_PROMPT_START}. Speak as this person, in the first person, in their own style:`,
    visitor.profile,
    'Reply to what the robot said last with one or two short spoken sentences, as the person would say them aloud.',
    'Say only the words, no stage directions, no quotes.',
    `If the person would walk away now, answer only ${END_MARK}.`,
  ].join('\n');
  // The robot is the other party: its lines are the "user" messages of the visitor model.
  const messages = transcript.map((l) => ({ role: l.speaker === 'visitor' ? 'assistant' : 'user', content: l.message }));
  if (!messages.length || messages.at(-1)!.role === 'assistant') messages.push({ role: 'user', content: '(The robot is in front of you and waits for you to speak.)' });
  const said = await chat(models, { model: models.visitor, messages: [{ role: 'system', content: system }, ...messages], options: { temperature: 0.8 } });
  const text = said.trim().replace(/^"(.*)"$/s, '$1');
  if (!text || text.includes(END_MARK)) return null;
  return text;
}

/** The judge's verdict on the transcript, from the objective alone. */
export async function judge(models: SimModels, objective: string, transcript: readonly SimLine[]): Promise<Verdict> {
  const system = [
    `${JUDGE_PROMPT_START}. You see only the objective and the transcript.`,
    'Decide whether the conversation met the objective. Answer in JSON: {"verdict": "yes" | "no", "reason": "<one line>"}.',
  ].join('\n');
  const user = `Objective: ${objective}\n\nTranscript:\n${transcript.map((l) => `${l.speaker}: ${l.message}`).join('\n')}`;
  const answer = await chat(models, {
    model: models.judge,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    format: VERDICT_FORMAT,
    options: { temperature: 0 },
  });
  const parsed = parseModelJson(answer, VerdictSchema);
  if (!parsed.ok) return { verdict: 'no', reason: `the judge's answer was not a verdict (${parsed.error}): ${JSON.stringify(answer.slice(0, 200))}` };
  return { verdict: parsed.value.verdict, reason: parsed.value.reason.split('\n')[0]!.trim() };
}

/** Is a language model there to play visitors and judge? */
export async function simulationAvailable(models: SimModels): Promise<string | null> {
  try {
    const { models: pulled } = await client({ ...models, timeoutMs: 2_000 }).list();
    const names = new Set(pulled.flatMap((m) => [m.name, m.name.replace(/:latest$/, '')]));
    const missing = [models.visitor, models.judge].filter((m) => !names.has(m));
    return missing.length ? `model ${missing.join(', ')} not pulled on ${models.url}` : null;
  } catch (err) {
    return `no language model at ${models.url} (${(err as Error).message})`;
  }
}
