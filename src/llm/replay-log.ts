import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { LLM_AGENTS, type LlmAgent } from '../config/index.js';

/**
 * The model calls of recorded interaction logs (<paths.data>/logs/sessions/**.jsonl), as the replay
 * backend answers from them. Only what answering needs is read; every other line is left alone.
 */
const RecordedCallSchema = z.object({
  type: z.literal('model_call'),
  agent: z.enum(LLM_AGENTS),
  turn_id: z.string().nullable(),
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string(), images: z.array(z.number()).optional() })),
  output: z.string(),
  reasoning: z.string().optional(),
  error: z.object({ kind: z.enum(['disabled', 'unavailable', 'model_missing', 'timeout', 'aborted', 'http', 'invalid_output']), message: z.string() }).optional(),
  started_at: z.string(),
  tokens: z.object({ prompt: z.number().nullable(), completion: z.number().nullable() }).optional(),
});
export type RecordedCall = z.infer<typeof RecordedCallSchema> & { agent: LlmAgent; file: string };

/** The .jsonl files of a log file or folder (recursively), in name order: the sessions' days sort by date. */
export function logFiles(target: string): string[] {
  const info = statSync(target, { throwIfNoEntry: false });
  if (!info) throw new Error(`${target}: no such interaction log or folder`);
  if (info.isFile()) return [target];
  return readdirSync(target, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => path.join(target, f));
}

/** Every line of the files that parses as JSON, with the lines that did not counted (a crash can cut the last one). */
export function readLogLines(files: string[]): { lines: { file: string; entry: unknown }[]; unreadable: number } {
  const lines: { file: string; entry: unknown }[] = [];
  let unreadable = 0;
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        lines.push({ file, entry: JSON.parse(line) });
      } catch {
        unreadable++;
      }
    }
  }
  return { lines, unreadable };
}

const TurnStartSchema = z.object({ type: z.literal('turn_start'), turn_id: z.string(), user_text: z.string() });
/** A recorded turn as the replay lines live turns up with it: its id and what was said. */
export type RecordedTurnStart = { turn_id: string; user_text: string };

/**
 * Every call, in the order they were made (a failed or cancelled one is replayed as it failed),
 * and the turns in the order they began.
 */
export function recordedCalls(target: string): { calls: RecordedCall[]; turns: RecordedTurnStart[]; skipped: number } {
  const { lines, unreadable } = readLogLines(logFiles(target));
  const calls: RecordedCall[] = [];
  const turns: RecordedTurnStart[] = [];
  let skipped = unreadable;
  for (const { file, entry } of lines) {
    const type = (entry as { type?: unknown }).type;
    if (type === 'turn_start') {
      const turn = TurnStartSchema.safeParse(entry);
      if (turn.success) turns.push({ turn_id: turn.data.turn_id, user_text: turn.data.user_text });
      else skipped++;
    }
    if (type !== 'model_call') continue;
    const parsed = RecordedCallSchema.safeParse(entry);
    if (!parsed.success) skipped++;
    else calls.push({ ...parsed.data, file });
  }
  return { calls, turns, skipped };
}
