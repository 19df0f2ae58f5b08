import { z } from 'zod';
import { TurnEventSchema, type TurnEvent } from '../bus/index.js';
import { logFiles, readLogLines } from '../llm/replay-log.js';

/** One recorded turn: what led to it (detections, the utterance, when) and what the robot did. */
export interface RecordedTurn {
  turn_id: string;
  /** When the turn began and ended, ms after the visit's first line (the end is the start when the log was cut). */
  at_ms: number;
  end_ms: number;
  user_text: string;
  user_id: string | null;
  /** Detections perception reported before this turn (changes only), in order. */
  detections: { user_id: string | null; user_name: string; confidence: number }[];
  /** What the robot sent to perception during the turn, as topic and payload. */
  sent: { topic: string; payload: unknown }[];
  /** The turn event; null when the log was cut before the turn ended. */
  event: TurnEvent | null;
}

export interface RecordedVisit {
  files: string[];
  /** The first line's time (epoch ms): turn times count from it. */
  startedAt: number;
  turns: RecordedTurn[];
  /** Whether the log has perception lines (logs written before they were added have none). */
  perceptionLogged: boolean;
  unreadable: number;
}

const Line = z.object({ type: z.string(), ts: z.string(), turn_id: z.string().nullable().optional() });
const TurnStartLine = Line.extend({ type: z.literal('turn_start'), turn_id: z.string(), user_id: z.string().nullable(), user_text: z.string() });
const TurnEndLine = Line.extend({ type: z.literal('turn_end'), turn_id: z.string(), event: TurnEventSchema });
const Detection = z.object({ user_id: z.string().nullable(), user_name: z.string(), confidence: z.number() });
const PerceptionLine = Line.extend({ type: z.literal('perception'), direction: z.enum(['in', 'out']), topic: z.string(), payload: z.unknown() });

/** A logged visit, from one interaction log or a folder of them; redacted logs cannot be replayed. */
export function readVisit(target: string): RecordedVisit {
  const files = logFiles(target).filter((f) => !f.endsWith('_background.jsonl'));
  const { lines, unreadable } = readLogLines(files);
  const turns = new Map<string, RecordedTurn>();
  let pending: RecordedTurn['detections'] = [];
  let start: number | null = null;
  let perceptionLogged = false;
  for (const { entry } of lines) {
    const line = Line.safeParse(entry);
    if (!line.success) continue;
    start ??= Date.parse(line.data.ts);
    if (line.data.type === 'turn_start') {
      const t = TurnStartLine.parse(entry);
      if (t.user_text.startsWith('sha256:')) throw new Error(`${target}: the log is redacted (observe.logs.redact): utterances are hashes, nothing can be replayed`);
      turns.set(t.turn_id, { turn_id: t.turn_id, at_ms: Date.parse(t.ts) - start, end_ms: Date.parse(t.ts) - start, user_text: t.user_text, user_id: t.user_id, detections: pending, sent: [], event: null });
      pending = [];
    } else if (line.data.type === 'turn_end') {
      const t = TurnEndLine.safeParse(entry);
      const turn = t.success ? turns.get(t.data.turn_id) : undefined;
      if (turn && t.success) {
        turn.event = t.data.event;
        turn.end_ms = Date.parse(t.data.ts) - start;
      }
    } else if (line.data.type === 'perception') {
      perceptionLogged = true;
      const p = PerceptionLine.parse(entry);
      if (p.direction === 'in') {
        const d = Detection.safeParse(p.payload);
        // The robot's own turn (a greeting) begins on a detection and is logged before it: that
        // detection is the one that started it, not the next utterance's.
        const last = [...turns.values()].at(-1);
        if (d.success) (last && last.user_text === '' && !last.detections.length && !last.event ? last.detections : pending).push(d.data);
      } else {
        const turn = p.turn_id ? turns.get(p.turn_id) : [...turns.values()].at(-1);
        turn?.sent.push({ topic: p.topic, payload: p.payload });
      }
    }
  }
  return { files, startedAt: start ?? 0, turns: [...turns.values()], perceptionLogged, unreadable };
}
