import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';
import { splitReasoning } from './reasoning.js';
import { oneLineZodError } from '../log/index.js';

export type ParsedJson<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Finds the first JSON object or array in model output: inside a ``` fence if there is one,
 * otherwise the first balanced {...} or [...], ignoring brackets inside strings. Small models
 * like to wrap JSON in prose ("Sure! Here it is: {...} Hope this helps"), and reasoning models
 * think aloud in <think> blocks first.
 */
function extractJsonText(raw: string): string | null {
  // A reasoning model's thoughts may hold braces of their own: only the answer is read.
  raw = splitReasoning(raw).answer;
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(raw);
  const text = fenced?.[1] ?? raw;
  const start = text.search(/[{[]/);
  if (start < 0) return null;
  const stack: string[] = [];
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) break;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
  }
  // Unbalanced (e.g. a truncated stream): jsonrepair can often close it.
  return text.slice(start);
}

/** Parses model output against a schema: extraction, then repair (single quotes, trailing commas, Python literals...). */
export function parseModelJson<T>(raw: string, schema: z.ZodType<T>): ParsedJson<T> {
  const text = extractJsonText(raw);
  if (text === null) return { ok: false, error: 'no JSON object in the model output' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    try {
      data = JSON.parse(jsonrepair(text));
    } catch (err) {
      return { ok: false, error: `unparseable JSON: ${(err as Error).message}` };
    }
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: `JSON does not match the schema: ${oneLineZodError(parsed.error)}` };
}
