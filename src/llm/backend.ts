import type { LlmAgent, LlmBackendKind, ThinkSetting } from '../config/index.js';
import type { LlmError, LlmMessage } from './port.js';

/** One chat request as a backend adapter sees it: the facade has already picked model and options. */
export interface BackendChat {
  agent: LlmAgent;
  model: string;
  messages: LlmMessage[];
  /** A JSON schema the answer must follow (structured output), or none. */
  schema?: Record<string, unknown>;
  temperature?: number;
  num_ctx?: number;
  /** OpenAI-compatible servers: skip straight to json_object for servers known to refuse schemas. */
  structuredOutput?: 'json_schema' | 'json_object';
  /** Reasoning models: 'off' asks the server not to think where its API allows it; 'auto' sends nothing. */
  think?: ThinkSetting;
  /** At most this many tokens (a prompt computed ahead of use asks for one: Ollama reads 0 as no limit). */
  maxTokens?: number;
  /**
   * 'background': nobody waits for the answer (a reappraisal, a summary, a prompt computed ahead of
   * use). Backends whose calls share one machine's cores (in process) run it only when no other
   * call runs, and stop it for one that comes meanwhile.
   */
  priority?: 'background';
  /** The turn the call belongs to, when it belongs to one (the replay backend answers from that turn's calls). */
  turnId?: string;
  /** Aborted on time-out, barge-in or when the caller stops reading: the adapter must then stop generating. */
  signal: AbortSignal;
}

/**
 * A text delta; reasoning the server separated from the answer (Ollama's `thinking`, OpenAI-compatible
 * `reasoning_content`, node-llama-cpp's thought segments); or the token counts when the server
 * reports them (usually last). Text may still carry inline <think> blocks: the facade filters them.
 */
export type BackendChunk =
  | { text: string }
  | { reasoning: string }
  | { usage: { prompt: number | null; completion: number | null } }
  /** The model begins on the call now (in process): the time before was spent waiting in the backend, not computing. */
  | { started: true };

export interface BackendProbe {
  reachable: boolean;
  /** Server version, when it says. */
  version: string | null;
  /** Which of the asked models the server has (names as configured). */
  present: string[];
  /** Models held in memory right now (Ollama's /api/ps), when the server says. */
  loaded?: string[];
  /** Why it is not reachable. */
  reason?: string;
}

/**
 * What differs between model servers: how to stream one chat and how to ask what is there.
 * Everything else (time-outs, cancellation, JSON parsing, health, call records) is the facade's.
 */
export interface LlmBackend {
  readonly kind: LlmBackendKind;
  /** For logs and health: "Ollama at http://…", "the GGUF file …". */
  readonly label: string;
  chat(request: BackendChat): AsyncIterable<BackendChunk>;
  /** Is the server up and which of `models` does it have; bounded by `signal`. Never throws. */
  probe(models: string[], signal: AbortSignal): Promise<BackendProbe>;
  /** Maps what `chat` threw to the port's error kinds. */
  classify(err: unknown, model: string): LlmError;
  /** Loads the model into memory ahead of use (warming), where the backend can. */
  load?(model: string, signal: AbortSignal): Promise<void>;
  /** A turn began (its id and utterance): the replay backend lines live turns up with the recorded ones. */
  turnStarted?(turn: { turn_id: string; user_text: string }): void;
  /** Compiles a structured answer's grammar ahead of use, where the backend constrains decoding itself (in process); false when it already had it. */
  prepareGrammar?(schema: Record<string, unknown>): Promise<boolean>;
  /** Memory the model takes, where the backend knows it. */
  sizeOf?(model: string): number | null;
  close(): Promise<void>;
}
