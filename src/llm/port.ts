import type { z } from 'zod';
import type { LlmAgent } from '../config/index.js';

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** Base64-encoded images, for multimodal models. */
  images?: string[];
}

export interface LlmRequest {
  /** Which agent asks: it selects the model profile (config llm.agents). */
  agent: LlmAgent;
  messages: LlmMessage[];
  signal?: AbortSignal;
  temperature?: number;
  /** The turn that asks, for the interaction log. */
  turnId?: string;
  /**
   * Nobody waits for the answer (after the reply, or between visits): where calls share the same
   * cores (in process), it runs only when no other call does and yields to one that comes. The
   * first-token time-out does not apply (the answer comes whole, once it has run).
   */
  background?: boolean;
}

export type LlmErrorKind = 'disabled' | 'unavailable' | 'model_missing' | 'timeout' | 'aborted' | 'http' | 'invalid_output';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface LlmHealthSnapshot {
  enabled: boolean;
  reachable: boolean;
  /** Server version, when reachable. */
  version: string | null;
  /** Per profile: the model name and whether it is pulled; which backend serves it, and whether it is in memory (when the server says). */
  models: Record<string, { model: string; pulled: boolean; backend?: string; loaded?: boolean }>;
  checkedAt: string | null;
}

/**
 * One model call as the interaction log keeps it: what was asked, what came back, how it was read
 * and how long it took. Every backend reports each call it makes, failed or not, exactly once.
 */
export interface LlmCallRecord {
  turn_id: string | null;
  agent: LlmAgent;
  /** Which kind of server answered: 'ollama', 'openai', 'gguf'. */
  backend: string;
  model: string;
  /** The generation options sent (temperature, context size, …). */
  options: Record<string, unknown>;
  /** The full prompt; images are replaced by their size in bytes of base64. */
  messages: { role: LlmMessage['role']; content: string; images?: number[] }[];
  /** Whether a JSON schema was asked for. */
  format: boolean;
  /** The answer the model produced, without its hidden reasoning (partial when the call failed mid-way). */
  output: string;
  /** Hidden reasoning (<think> blocks, or the server's separate reasoning field): never spoken nor parsed. */
  reasoning?: string;
  /** The parsed value of a structured call. */
  parsed?: unknown;
  parse_error?: string;
  /** Set when the call failed (time-out, cancelled, server error). */
  error?: { kind: LlmErrorKind; message: string };
  started_at: string;
  ms: number;
  /** Time to the first answer token: reasoning before it does not count as an answer. */
  ttft_ms: number | null;
  /** Time spent reasoning: from the first thought to the first answer token (or the end); absent when the model did not think. */
  think_ms?: number;
  /**
   * In process, for the reply and the calls before it: how long the call waited before the model
   * began on it (the agent's sequence busy, its context or grammar still being made). The rest of
   * ttft_ms is the model's own prompt evaluation. Absent on servers, which do not say.
   */
  wait_ms?: number;
  /** Token counts as the server reported them; null when it did not. */
  tokens: { prompt: number | null; completion: number | null };
}

/** Receives every model call as it ends. Must not throw, and must not block. */
export type LlmObserver = (record: LlmCallRecord) => void;

/**
 * What agents need from a language model. Agents check `available` first and take their
 * offline path when it is false, so an absent server costs nothing per turn.
 */
export interface LanguageModel {
  available(agent: LlmAgent): boolean;
  /** Whether the agent's model accepts images. */
  multimodal(agent: LlmAgent): boolean;
  /** Streams the reply as text deltas. Throws LlmError. */
  stream(request: LlmRequest): AsyncIterable<string>;
  complete(request: LlmRequest): Promise<string>;
  /** Structured output constrained by the schema, parsed robustly. Throws LlmError. */
  json<T>(request: LlmRequest, schema: z.ZodType<T>): Promise<T>;
  health(): LlmHealthSnapshot;
  /** Has the stable start of an agent's prompts computed ahead of use, now and whenever its server comes back (where the port can). */
  warmPrefix?(agent: LlmAgent, messages: () => LlmMessage[]): Promise<void>;
  /** Has one prompt start computed now, in the background, for a call to come (where the port can); not repeated. */
  prefill?(agent: LlmAgent, messages: LlmMessage[]): Promise<void>;
  /** Has a structured answer the agent asks for made ready ahead of use (where the port compiles it). */
  warmSchema?(agent: LlmAgent, schema: z.ZodType): Promise<void>;
}

/**
 * The same model, offered to no agent: what the critical agents of a cancelled turn see, so they
 * take their offline path at once instead of waiting on (or failing with) an aborted request.
 */
export function unavailableToAgents(llm: LanguageModel): LanguageModel {
  const refuse = () => {
    throw new LlmError('aborted', 'the turn was cancelled: its agents work without the language model');
  };
  return {
    available: () => false,
    multimodal: (agent) => llm.multimodal(agent),
    stream: refuse,
    complete: refuse,
    json: refuse,
    health: () => llm.health(),
  };
}
