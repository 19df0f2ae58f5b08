import { createHash } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { TurnEvent } from '../bus/index.js';
import type { Health } from '../health/index.js';
import type { LlmCallRecord } from '../llm/index.js';
import type { Logger } from '../log/index.js';
import { BACKGROUND_SESSION, type LogEntry, type PerceptionEntry, type TurnStart } from './entries.js';
import { redactCall, redactTurn, hashText } from './redact.js';
import { SessionIdSchema } from './sessions.js';

export interface SessionLogOptions {
  /** <paths.data>/logs/sessions */
  dir: string;
  /** False: nothing goes to disk (observe.logs.enabled off); sessions are still followed. */
  write: boolean;
  redact: boolean;
  flushMs: number;
  log: Logger;
  health: Health;
  now?: () => Date;
  /** Lines held in memory at most while the disk does not keep up; the oldest are dropped. */
  maxBuffered?: number;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
// Enough to place the late model calls of recent turns; bounded so that a long run does not grow.
const REMEMBERED_TURNS = 256;
const OPEN_SESSIONS = 64;

/**
 * The interaction log: one JSON Lines file per conversation session, under the day it began.
 * Callers only push objects into memory; a timer appends them behind the turn, so a slow disk
 * never delays a reply. A crash can lose the last `flushMs` of lines, or leave a partial last
 * line, which readers skip.
 */
export class SessionLog {
  readonly #o: SessionLogOptions;
  readonly #now: () => Date;
  readonly #log: Logger;
  /** Open sessions: id → file. */
  readonly #files = new Map<string, string>();
  readonly #turns = new Map<string, string>();
  #buffer: { file: string; entry: LogEntry }[] = [];
  #timer: NodeJS.Timeout | null = null;
  #writing: Promise<void> = Promise.resolve();
  /** The running turn: agents do not all name their turn on a model request yet. */
  #current: string | null = null;

  constructor(options: SessionLogOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => new Date());
    this.#log = options.log.child({ component: 'interaction_log' });
  }

  #describe(): string {
    return `${this.#o.dir}${this.#o.redact ? ' (redacted)' : ''}`;
  }

  /** Says in the health report where the log goes (or that it is off). */
  announce(): void {
    if (this.#o.write) this.#o.health.set('interaction_log', 'ok', this.#describe());
    else this.#o.health.set('interaction_log', 'ok', 'off by configuration (observe.logs.enabled)');
  }

  isOpen(sessionId: string): boolean {
    return this.#files.has(sessionId);
  }

  /** Files of sessions still open (retention leaves them alone). */
  openFiles(): Set<string> {
    return new Set(this.#files.values());
  }

  sessionStarted(sessionId: string, userId: string | null = null): void {
    if (this.#files.has(sessionId)) return;
    const ts = this.#now();
    const file = path.join(this.#o.dir, day(ts), `${fileName(sessionId)}.jsonl`);
    this.#files.set(sessionId, file);
    if (this.#files.size > OPEN_SESSIONS) this.#files.delete(this.#files.keys().next().value!);
    this.#push(file, { type: 'session_start', ts: ts.toISOString(), session_id: sessionId, turn_id: null, user_id: userId });
  }

  sessionEnded(sessionId: string, reason: string): void {
    const file = this.#files.get(sessionId);
    if (!file) return;
    this.#push(file, { type: 'session_end', ts: this.#now().toISOString(), session_id: sessionId, turn_id: null, reason });
    this.#files.delete(sessionId);
  }

  turnStarted(start: TurnStart): void {
    const sessionId = start.session_id ?? start.turn_id;
    this.sessionStarted(sessionId, start.user_id);
    this.#turns.set(start.turn_id, sessionId);
    if (this.#turns.size > REMEMBERED_TURNS) this.#turns.delete(this.#turns.keys().next().value!);
    this.#current = start.turn_id;
    this.#push(this.#files.get(sessionId)!, { type: 'turn_start', ...start, session_id: sessionId });
  }

  /** A perception message, in the running turn's session (the latest session between turns). */
  perception(direction: 'in' | 'out', topic: PerceptionEntry['topic'], payload: unknown): void {
    const sessionId = (this.#current && this.#turns.get(this.#current)) ?? [...this.#files.keys()].at(-1) ?? BACKGROUND_SESSION;
    this.sessionStarted(sessionId);
    this.#push(this.#files.get(sessionId)!, { type: 'perception', ts: this.#now().toISOString(), session_id: sessionId, turn_id: this.#current, direction, topic, payload });
  }

  turnEnded(event: TurnEvent): void {
    if (this.#current === event.turn_id) this.#current = null;
    const sessionId = this.#turns.get(event.turn_id) ?? event.session_id ?? event.turn_id;
    this.sessionStarted(sessionId, event.user_id);
    this.#push(this.#files.get(sessionId)!, { type: 'turn_end', ts: event.ts, session_id: sessionId, turn_id: event.turn_id, event });
  }

  modelCall(record: LlmCallRecord): void {
    const turnId = record.turn_id ?? this.#current;
    const sessionId = (turnId && this.#turns.get(turnId)) ?? BACKGROUND_SESSION;
    this.sessionStarted(sessionId);
    this.#push(this.#files.get(sessionId)!, { type: 'model_call', ts: record.started_at, session_id: sessionId, ...record, turn_id: turnId });
  }

  /** Resolves once every line pushed so far is on disk (or failed to be written, logged). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const batch = this.#buffer;
    this.#buffer = [];
    if (batch.length) this.#writing = this.#writing.then(() => this.#write(batch));
    return this.#writing;
  }

  #push(file: string, entry: LogEntry): void {
    if (!this.#o.write) return;
    const max = this.#o.maxBuffered ?? 10_000;
    if (this.#buffer.length >= max) {
      this.#buffer.shift();
      this.#o.health.count('interaction_log_dropped');
    }
    this.#buffer.push({ file, entry });
    this.#timer ??= setTimeout(() => void this.flush(), this.#o.flushMs).unref();
  }

  async #write(batch: { file: string; entry: LogEntry }[]): Promise<void> {
    const byFile = new Map<string, string[]>();
    for (const { file, entry } of batch) {
      const lines = byFile.get(file) ?? [];
      lines.push(JSON.stringify(this.#o.redact ? redact(entry) : entry));
      byFile.set(file, lines);
    }
    for (const [file, lines] of byFile) {
      try {
        await appendCreating(file, `${lines.join('\n')}\n`);
        this.#o.health.set('interaction_log', 'ok', this.#describe());
      } catch (err) {
        this.#o.health.count('interaction_log_dropped', lines.length);
        this.#o.health.set('interaction_log', 'degraded', `cannot append to ${file}: ${(err as Error).message}; lines are dropped`);
        this.#log.error({ file, lines: lines.length, err: (err as Error).message }, 'interaction log lines could not be written');
      }
    }
  }
}

/**
 * Appends, making the day's folder only when it is missing: a recursive mkdir before every batch
 * walked the path each time (tens of ms on a loaded machine, in the middle of a turn).
 */
async function appendCreating(file: string, text: string): Promise<void> {
  try {
    await appendFile(file, text);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(path.dirname(file), { recursive: true });
    await appendFile(file, text);
  }
}

/** The session id itself when it is a safe file name (the brain's are UUIDs); a digest of it otherwise. */
const fileName = (sessionId: string) => (SessionIdSchema.safeParse(sessionId).success ? sessionId : `x-${createHash('sha256').update(sessionId).digest('hex').slice(0, 32)}`);

function redact(entry: LogEntry): LogEntry {
  switch (entry.type) {
    case 'turn_start':
      return { ...entry, user_text: hashText(entry.user_text) };
    case 'turn_end':
      return { ...entry, event: redactTurn(entry.event) };
    case 'model_call':
      return { ...entry, ...redactCall(entry) };
    case 'perception':
      // Names and who was seen are about the person: their shape stays, the values go.
      return { ...entry, payload: hashText(JSON.stringify(entry.payload) ?? '') };
    default:
      return entry;
  }
}
