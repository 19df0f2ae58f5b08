import type { LlmAgent } from '../config/index.js';
import { LlmError, type LanguageModel, type LlmRequest } from '../llm/index.js';
import type { Ports } from './ports.js';

export type ModelCallPorts = Pick<Ports, 'llm' | 'log' | 'metrics' | 'signal'> & { turnId?: string };

export type ModelCall<T> = { ok: true; value: T } | { ok: false; error: Error };

export interface ModelCallOptions {
  /** Which agent asks: it selects the model and names the call in logs and timings. */
  agent: LlmAgent;
  /** What the agent does instead, for the warning when the model fails ("using the lexicon"). */
  fallback: string;
  /** The name the model time is counted under in the turn event (default: the agent). */
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
 * An agent's call to its language model, with the offline path in mind: not attempted when the
 * agent's model is unavailable, timed as model compute, and a failure is logged and returned so
 * that the agent can fall back. A cancelled turn is not a failure: that error is rethrown, and
 * the engine decides what runs next.
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
    ports.metrics.model(options.metric ?? options.agent, performance.now() - started);
  }
}
