import type { Logger } from '../log/index.js';
import type { BackendChat, BackendChunk, BackendProbe, LlmBackend } from './backend.js';
import { LlmError, type LlmMessage } from './port.js';
import { recordedCalls, type RecordedCall, type RecordedTurnStart } from './replay-log.js';

export interface ReplayBackendOptions {
  /** An interaction log file, or a folder of them (searched recursively). */
  path: string;
  log: Logger;
}

/** A recorded prompt and a live one are the same when every message has the same role, text and images. */
const key = (messages: { role: string; content: string; images?: unknown[] }[]) =>
  JSON.stringify(messages.map((m) => [m.role, m.content, m.images?.length ?? 0]));
const liveKey = (messages: LlmMessage[]) => key(messages.map((m) => ({ ...m, images: m.images ?? [] })));

/** Where two prompts first differ, for the warning: the message and a few words either side. */
function firstDifference(recorded: RecordedCall['messages'], live: LlmMessage[]): string {
  for (let i = 0; i < Math.max(recorded.length, live.length); i++) {
    const a = recorded[i]?.content ?? '';
    const b = live[i]?.content ?? '';
    if (a === b && recorded[i]?.role === live[i]?.role) continue;
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    return `message ${i} (${live[i]?.role ?? 'missing'}) at character ${at}: recorded "${a.slice(at, at + 40)}", now "${b.slice(at, at + 40)}"`;
  }
  return 'same messages';
}

/**
 * Answers every model call from recorded interaction logs, as the model answered then: a logged
 * visit played back against the current code. Each live turn is lined up with the next recorded
 * turn that had the same utterance (turnStarted), and a call is answered first from that turn's
 * calls of its agent: the one with the same messages, else the first not yet answered, with a
 * warning that says how the prompt changed. So a prompt that changed since the recording, or a
 * call that did not happen this time (a greeting cut before it asked the model), never shifts the
 * answers of other turns, however the timing falls. A call outside any lined-up turn is matched
 * by agent and messages: an exact match first (the first not yet answered, in recorded order);
 * else the agent's recorded call nearest to where the replay is, earlier ones first, with the
 * warning; an agent with no recorded call is a clear error. A call that failed then fails the
 * same way now; one cancelled then (a barge-in) streams what it had and waits to be cancelled again.
 */
export class ReplayBackend implements LlmBackend {
  readonly kind = 'replay';
  readonly label: string;
  readonly #calls: RecordedCall[];
  readonly #turns: RecordedTurnStart[];
  /** Live turn id → the recorded turn id it was lined up with. */
  readonly #aligned = new Map<string, string>();
  /** The recorded turn after the last one lined up. */
  #nextTurn = 0;
  readonly #used = new Set<number>();
  readonly #log: Logger;
  /** The recorded position of the last call answered. */
  #cursor = -1;

  constructor(options: ReplayBackendOptions) {
    this.label = `the recorded model calls in ${options.path}`;
    this.#log = options.log;
    const { calls, turns, skipped } = recordedCalls(options.path);
    this.#calls = calls;
    this.#turns = turns;
    if (skipped) this.#log.warn({ path: options.path, skipped }, 'replay: some model call lines could not be read and are left out');
  }

  /** A live turn began: it is the next recorded turn with the same utterance (a turn that did not happen this time is passed over). */
  turnStarted(turn: { turn_id: string; user_text: string }): void {
    const at = this.#turns.findIndex((t, i) => i >= this.#nextTurn && t.user_text === turn.user_text);
    if (at < 0) {
      this.#log.warn({ user_text: turn.user_text }, 'replay: the log has no later turn with this utterance; its calls are matched by prompt alone');
      return;
    }
    this.#aligned.set(turn.turn_id, this.#turns[at]!.turn_id);
    this.#nextTurn = at + 1;
  }

  /** The recorded call that answers this request (of the live turn `turnId`, when given); throws when the agent has none. */
  match(agent: BackendChat['agent'], messages: LlmMessage[], turnId?: string): RecordedCall {
    const wanted = liveKey(messages);
    const ofAgent = [...this.#calls.entries()].filter(([, c]) => c.agent === agent);
    const recordedTurn = turnId === undefined ? undefined : this.#aligned.get(turnId);
    const ofTurn = ofAgent.filter(([i, c]) => c.turn_id === recordedTurn && recordedTurn !== undefined && !this.#used.has(i));
    const inTurn = ofTurn.find(([, c]) => key(c.messages) === wanted) ?? ofTurn[0];
    if (inTurn) {
      if (key(inTurn[1].messages) !== wanted) this.#warnChanged(agent, inTurn[1], messages, `answering with the recorded turn's ${agent} call`);
      return this.#take(inTurn[0]);
    }
    const exact = ofAgent.filter(([, c]) => key(c.messages) === wanted);
    const found = exact.find(([i]) => !this.#used.has(i)) ?? exact.at(-1);
    if (found) return this.#take(found[0]);
    if (!ofAgent.length) throw new LlmError('http', `replay: the log has no ${agent} call to answer with (${this.label})`);
    // Nearest to the replay's position; at equal distance the earlier one, which the visit had reached.
    const distance = (i: number) => Math.abs(i - this.#cursor) * 2 + (i > this.#cursor ? 1 : 0);
    const unused = ofAgent.filter(([i]) => !this.#used.has(i));
    const [index, call] = (unused.length ? unused : ofAgent).reduce((best, c) => (distance(c[0]) < distance(best[0]) ? c : best));
    this.#warnChanged(agent, call, messages, 'answering with the nearest one');
    return this.#take(index);
  }

  #warnChanged(agent: BackendChat['agent'], call: RecordedCall, messages: LlmMessage[], how: string): void {
    this.#log.warn({ agent, recorded_turn: call.turn_id, difference: firstDifference(call.messages, messages) }, `replay: no recorded ${agent} call has this prompt; ${how}`);
  }

  #take(index: number): RecordedCall {
    this.#used.add(index);
    this.#cursor = index;
    return this.#calls[index]!;
  }

  async *chat(request: BackendChat): AsyncGenerator<BackendChunk> {
    const call = this.match(request.agent, request.messages, request.turnId);
    if (call.reasoning) yield { reasoning: call.reasoning };
    // Word by word, as a server streams: the reply is cut into sentences the same way.
    for (const piece of call.output.match(/\s*\S+\s*/g) ?? []) {
      if (request.signal.aborted) return;
      yield { text: piece };
    }
    if (call.error?.kind === 'aborted') {
      // Cancelled then (a barge-in): it ends when this run cancels it too, or at the time-out.
      await new Promise<void>((resolve) => (request.signal.aborted ? resolve() : request.signal.addEventListener('abort', () => resolve(), { once: true })));
      return;
    }
    if (call.error) throw new LlmError(call.error.kind, `replayed: ${call.error.message}`);
    if (call.tokens) yield { usage: call.tokens };
  }

  async probe(models: string[]): Promise<BackendProbe> {
    if (!this.#calls.length) return { reachable: false, version: null, present: [], reason: 'no recorded model calls' };
    return { reachable: true, version: null, present: models };
  }

  classify(err: unknown): LlmError {
    if (err instanceof LlmError) return err;
    return new LlmError('http', `${this.label}: ${(err as Error).message}`);
  }

  async close(): Promise<void> {}
}
