import { createHash } from 'node:crypto';
import type { TurnEvent } from '../bus/index.js';
import type { LlmCallRecord } from '../llm/index.js';

/**
 * Redaction keeps the shape of what happened (who spoke when, which agent, how long, how many
 * tokens) and replaces every text a person said, or that says something about them, by a hash:
 * the same text gives the same hash, so repetitions stay visible without the words.
 */
export const hashText = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;

const hashOpt = <T extends string | null | undefined>(text: T): T => (typeof text === 'string' ? (hashText(text) as T) : text);

/** Prompts carry utterances and profile facts anywhere in their text: the whole content goes. */
export function redactCall(record: LlmCallRecord): LlmCallRecord {
  return {
    ...record,
    messages: record.messages.map((m) => ({ ...m, content: hashText(m.content) })),
    output: hashText(record.output),
    ...(record.reasoning !== undefined && { reasoning: hashText(record.reasoning) }),
    ...('parsed' in record && { parsed: hashText(JSON.stringify(record.parsed) ?? '') }),
  };
}

export function redactTurn(event: TurnEvent): TurnEvent {
  return {
    ...event,
    user_text: hashText(event.user_text),
    reply: hashText(event.reply),
    standalone_question: hashOpt(event.standalone_question),
    user_name: hashOpt(event.user_name),
    ...(event.speech && { speech: { ...event.speech, spoken: hashOpt(event.speech.spoken) } }),
    ...(event.plan && { plan: { ...event.plan, steps: event.plan.steps.map((s) => ({ ...s, query: hashText(s.query) })) } }),
    ...(event.knowledge && {
      knowledge: { ...event.knowledge, query: hashText(event.knowledge.query), hits: event.knowledge.hits.map((h) => ({ ...h, text: hashText(h.text) })) },
    }),
    ...(event.vision && { vision: { ...event.vision, query: hashText(event.vision.query), description: hashOpt(event.vision.description) } }),
    ...(event.search && {
      search: {
        ...event.search,
        query: hashText(event.search.query),
        answers: event.search.answers.map(hashText),
        results: event.search.results.map((r) => ({ ...r, snippet: hashText(r.snippet) })),
      },
    }),
    ...(event.name_confirmation?.candidate && {
      name_confirmation: { ...event.name_confirmation, candidate: { ...event.name_confirmation.candidate, user_name: hashText(event.name_confirmation.candidate.user_name) } },
    }),
  };
}
