import type { LlmAgent } from '../config/index.js';
import type { Logger } from '../log/index.js';
import { LlmError, type LanguageModel, type LlmRequest } from './port.js';

/** What a call needs: the model, where to log, the signal that cancels it; where model time is counted, if anywhere. */
export interface ModelCallPorts {
  llm: LanguageModel;
  log: Logger;
  signal: AbortSignal;
  metrics?: { model(agent: string, ms: number): void };
  turnId?: string;
}

export type ModelCall<T> = { ok: true; value: T } | { ok: false; error: Error };

export interface ModelCallOptions {
  /** Which agent asks: it selects the model and names the call in logs and timings. */
  agent: LlmAgent;
  /** What the agent does instead, for the warning when the model fails ("using the lexicon"). */
  fallback: string;
  /** The name the model time is counted under (default: the agent). */
  metric?: string;
}

// Without a language model several agents of every turn get this answer: one error per agent,
// not an error (and its stack trace) per agent per turn.
const UNAVAILABLE = new Map<LlmAgent, LlmError>();
function unavailable(agent: LlmAgent): LlmError {
  let error = UNAVAILABLE.get(agent);
  if (!error) UNAVAILABLE.set(agent, (error = new LlmError('unavailable', `no language model for ${agent}`)));
  return error;
}

/**
 * A call to the language model, with the offline path in mind: not attempted when the
 * agent's model is unavailable, timed as model compute, and a failure is logged and returned so
 * that the caller can fall back. A cancelled call is not a failure: that error is rethrown (a
 * turn's engine, or the memory writer, decides what runs next).
 */
export async function askModel<T>(
  ports: ModelCallPorts,
  options: ModelCallOptions,
  ask: (llm: LanguageModel, base: Pick<LlmRequest, 'agent' | 'signal' | 'turnId'>) => Promise<T>,
): Promise<ModelCall<T>> {
  if (!ports.llm.available(options.agent)) return { ok: false, error: unavailable(options.agent) };
  const started = performance.now();
  try {
    const value = await ask(ports.llm, { agent: options.agent, signal: ports.signal, ...(ports.turnId && { turnId: ports.turnId }) });
    return { ok: true, value };
  } catch (err) {
    if (ports.signal.aborted) throw err;
    ports.log.warn({ err: (err as Error).message }, `${options.agent}: language model failed; ${options.fallback}`);
    return { ok: false, error: err as Error };
  } finally {
    ports.metrics?.model(options.metric ?? options.agent, performance.now() - started);
  }
}
