import { rmSync } from 'node:fs';
import path from 'node:path';
import { MODEL_PROFILES } from '../config/index.js';
import type { Logger } from '../log/index.js';
import { startEvalDaemon, type EvalDaemon } from './daemon.js';
import { readVisit, type RecordedTurn } from './replay-visit.js';
import { Stage, TOPIC, type Heard } from './stage.js';

export interface ReplayOptions {
  /** An interaction log file, or a folder of them. */
  target: string;
  configFile?: string | null;
  log: Logger;
  /** The recorded pauses between turns are kept up to this long (0: turns follow each other at once). */
  maxGapMs: number;
  /** How long a turn may take before it counts as not answered. */
  withinMs: number;
  /** Called once the replay's daemon is up, before the visit is played (tests slow its outlets here). */
  onDaemon?: (own: EvalDaemon) => void;
}

export type DiffField = 'intent' | 'user_name' | 'name_status' | 'perception' | 'spoken';

export interface TurnReplay {
  index: number;
  user_text: string;
  differences: { field: DiffField; recorded: unknown; now: unknown }[];
}

export interface ReplayReport {
  files: string[];
  turns: TurnReplay[];
  /** Turns whose new run differs from the recorded one in anything compared. */
  differing: number;
  /** False for logs written before perception lines were kept: perception is then not compared. */
  perceptionCompared: boolean;
  ms: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The recorded time of the turn being replayed, running on from there: prompts that name the time are as they were. */
class ReplayClock {
  #base = 0;
  #setAt = 0;
  at(recordedMs: number): void {
    this.#base = recordedMs;
    this.#setAt = Date.now();
  }
  now(): Date {
    return new Date(this.#base + (Date.now() - this.#setAt));
  }
}
const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
/**
 * Frames go to a fresh folder on every run, and a new person's id has a random part: what can be
 * compared is that a frame was asked for, and the name perception was told.
 */
const sentKey = (m: { topic: string; payload: unknown }) =>
  m.topic === 'user_info' ? `user_info ${(m.payload as { user_name?: string }).user_name}` : m.topic === 'capture_current_view' ? m.topic : `${m.topic} ${JSON.stringify(m.payload)}`;

/**
 * What the new run sent to perception, by the turn that sent it, as its own interaction log
 * keeps it: attributed like the recorded side, by turn id, not by when the message arrived (a
 * durable message waits for its disk write and can reach the broker after the next utterance).
 */
function sentByTurn(sessionsDir: string): Map<string, RecordedTurn['sent']> {
  let turns: RecordedTurn[] = [];
  try {
    turns = readVisit(sessionsDir).turns;
  } catch {
    // No log line at all (no turn ran): nothing was sent.
  }
  return new Map(turns.map((t) => [t.turn_id, t.sent]));
}

/** People perception knew before the visit: detected with an id before the robot settled a name for that id. */
function knownPeople(turns: RecordedTurn[]): Record<string, string> {
  const known: Record<string, string> = {};
  const settled = new Set<string>();
  for (const t of turns) {
    for (const d of t.detections) if (d.user_id && !settled.has(d.user_id)) known[d.user_id] ??= d.user_name;
    for (const s of t.sent) if (s.topic === 'user_info') settled.add((s.payload as { user_id?: string }).user_id ?? '');
  }
  return known;
}

/**
 * Plays a logged visit back against the current code: a daemon of its own whose every model call
 * is answered from the log (the replay backend), perception's detections and the visitor's
 * utterances as recorded, and the pauses between them up to `maxGapMs`. Reports, turn by turn,
 * where the new run differs from the recorded one.
 */
export async function replayVisit(options: ReplayOptions): Promise<ReplayReport> {
  const started = performance.now();
  const target = path.resolve(options.target);
  const visit = readVisit(target);
  if (!visit.turns.length) throw new Error(`${options.target}: no turns in the log`);
  const replay = { backend: 'replay', path: target };
  let own: EvalDaemon | null = null;
  let stage: Stage | null = null;
  const turns: TurnReplay[] = [];
  // The turn event that answers each recorded turn (undefined: none within the time limit).
  const events: (Heard | undefined)[] = [];
  let played = false;
  const clock = new ReplayClock();
  clock.at(visit.startedAt);
  try {
    own = await startEvalDaemon({
      clock,
      configFile: options.configFile ?? null,
      // The robot's own greetings are part of the recorded visit: they are played back whatever the
      // environment says (a test run switches greeting unasked off).
      overrides: {
        llm: { enabled: true, profiles: Object.fromEntries(MODEL_PROFILES.map((p) => [p, replay])) },
        engagement: { enabled: true },
        observe: { logs: { enabled: true, redact: false } },
      },
      ollamaUrl: null,
      chromaUrl: null,
      people: knownPeople(visit.turns),
      log: options.log,
      // Its interaction log is read after the stop: what it sent to perception, turn by turn.
      keepData: true,
    });
    options.onDaemon?.(own);
    stage = await Stage.open({ url: own.url, prefix: own.config.mqtt.prefix, charsPerSecond: 400, feedback: true, cameraFrame: null, detectEveryMs: 5_000 });
    const s = stage;
    const froms: number[] = [];
    const began: number[] = [];
    // The utterances whose turns the daemon has begun, in order ('' for its own greeting).
    const begun: string[] = [];
    const firstBegun: number[] = [];
    own.daemon.dialogue.turns.on('turn_start', (start) => begun.push(start.user_text));
    const used = new Set<number>();
    const claimed = new Map<number, number>();
    /** The turn event that answers recorded turn i: the first unclaimed one with its utterance after it was said. */
    const eventOf = (i: number) => {
      const at = s.heard.findIndex((h, k) => k >= froms[i]! && !used.has(k) && h.topic === TOPIC.turn && !h.ours && (JSON.parse(h.text) as { user_text?: string }).user_text === visit.turns[i]!.user_text);
      return at < 0 ? null : { at, heard: s.heard[at]! };
    };
    const { turns: runner, voice } = own.daemon.dialogue;
    // A turn is over when the daemon says so: its event is out, no turn runs or waits, and every
    // sentence of the reply has been spoken (not after a guessed silence: a loaded machine is slow).
    // withinMs only catches a daemon that hangs.
    const settle = async (i: number) => {
      await s.waitFor(() => (eventOf(i) && !runner.busy && !voice.busy && s.silentFor(0) ? true : null), options.withinMs);
      claim(i);
    };
    const claim = (i: number) => {
      const e = claimed.has(i) ? null : eventOf(i);
      if (!e) return;
      used.add(e.at);
      claimed.set(i, e.at);
    };
    for (const [index, turn] of visit.turns.entries()) {
      const previous = visit.turns[index - 1];
      if (previous?.event?.speech?.interrupted) {
        // The visitor spoke into the robot's reply: said again at the recorded moment, the same
        // barge-in happens. Into the reply, so not before its turn has begun: a daemon slower than
        // the recorded one (a loaded machine, a cold start) would otherwise hear the visitor
        // first, and rightly never greet them.
        await s.waitFor(() => (begun.slice(firstBegun[index - 1]).includes(previous.user_text) ? true : null), options.withinMs);
        await sleep(Math.max(0, began[index - 1]! + (turn.at_ms - previous.at_ms) - performance.now()));
      } else if (previous) {
        await settle(index - 1);
        const gap = turn.at_ms - previous.end_ms;
        if (gap > 0 && options.maxGapMs > 0) await sleep(Math.min(gap, options.maxGapMs));
      }
      began[index] = performance.now();
      firstBegun[index] = begun.length;
      clock.at(visit.startedAt + turn.at_ms);
      froms[index] = stage.heard.length;
      for (const d of turn.detections) await stage.detect(d.user_id, d.user_name, d.confidence);
      // A turn without an utterance is the robot's own (a greeting on a detection): the detection starts it.
      if (turn.user_text) await stage.publish(TOPIC.speech, turn.user_text);
    }
    await settle(visit.turns.length - 1);
    for (const index of visit.turns.keys()) {
      claim(index);
      events[index] = claimed.has(index) ? s.heard[claimed.get(index)!] : undefined;
    }
    played = true;
  } finally {
    await stage?.close().catch(() => {});
    // The stop writes the last turn's log lines.
    await own?.stop().catch(() => {});
    if (!played && own) rmSync(own.dataDir, { recursive: true, force: true });
  }
  try {
    const sent = sentByTurn(own.daemon.observer.sessionsDir);
    for (const [index, turn] of visit.turns.entries()) {
      const event = events[index] ? (JSON.parse(events[index].text) as NewTurn) : null;
      turns.push(compare(index, turn, event, (event?.turn_id && sent.get(event.turn_id)) || [], visit.perceptionLogged));
    }
  } finally {
    rmSync(own.dataDir, { recursive: true, force: true });
  }
  return { files: visit.files, turns, differing: turns.filter((t) => t.differences.length).length, perceptionCompared: visit.perceptionLogged, ms: Math.round(performance.now() - started) };
}

/** What is compared of the new run's turn event. */
type NewTurn = { turn_id?: string; intent?: { name: string }; user_name?: string | null; name_confirmation?: { status: string }; reply?: string };

function compare(
  index: number,
  turn: RecordedTurn,
  now: NewTurn | null,
  sent: RecordedTurn['sent'],
  perceptionLogged: boolean,
): TurnReplay {
  const differences: TurnReplay['differences'] = [];
  const was = turn.event;
  const differ = (field: DiffField, recorded: unknown, current: unknown) => {
    if (JSON.stringify(recorded) !== JSON.stringify(current)) differences.push({ field, recorded, now: current });
  };
  if (!now) differences.push({ field: 'spoken', recorded: norm(was?.reply), now: '(no turn within the time limit)' });
  else {
    differ('intent', was?.intent.name ?? null, now.intent?.name ?? null);
    differ('user_name', was?.user_name ?? null, now.user_name ?? null);
    differ('name_status', was?.name_confirmation?.status ?? null, now.name_confirmation?.status ?? null);
    differ('spoken', norm(was?.reply), norm(now.reply));
  }
  if (perceptionLogged) {
    differ('perception', turn.sent.map(sentKey), sent.map(sentKey));
  }
  return { index, user_text: turn.user_text, differences };
}

/** The report as text: one line per turn, and each difference under it. */
export function replayText(report: ReplayReport): string {
  const lines = report.turns.map((t) => {
    const head = `${t.differences.length ? 'DIFF' : 'same'} ${t.index + 1}. "${t.user_text.slice(0, 60)}"`;
    return [head, ...t.differences.map((d) => `       ${d.field}: recorded ${JSON.stringify(d.recorded)}, now ${JSON.stringify(d.now)}`)].join('\n');
  });
  const perception = report.perceptionCompared ? '' : ' (the log has no perception lines: perception not compared)';
  return `${lines.join('\n')}\n\n${report.turns.length - report.differing} of ${report.turns.length} turns as recorded${perception}; ${(report.ms / 1000).toFixed(1)} s`;
}
