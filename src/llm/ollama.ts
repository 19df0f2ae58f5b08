import { Ollama, type ChatResponse, type Message } from 'ollama';
import { KeptConnection } from './kept-connection.js';
import { LlmError } from './port.js';
import type { BackendChat, BackendChunk, BackendProbe, LlmBackend } from './backend.js';

/** "llama3" and "llama3:latest" are the same model to Ollama. */
export const canonicalModel = (name: string) => (name.includes(':') ? name : `${name}:latest`);

type OllamaError = Error & { status_code?: number; cause?: { code?: string } };
const reasonOf = (err: unknown) => (err as OllamaError).cause?.code ?? (err as Error).message;

/** One Ollama server, through the official `ollama` client. Every chat streams. */
export class OllamaBackend implements LlmBackend {
  readonly kind = 'ollama';
  readonly label: string;
  /** Every model the server had at the last probe (canonical names), and their sizes on disk. */
  #pulled = new Map<string, number>();
  /** Models in memory at the last probe (canonical names), with the memory each takes. */
  #loaded = new Map<string, number>();

  readonly #connection: KeptConnection;
  private readonly baseFetch: typeof fetch;

  constructor(
    readonly url: string,
    private readonly keepAlive: string,
    baseFetch: typeof fetch = fetch,
  ) {
    this.label = `Ollama at ${url}`;
    // Its root answers "Ollama is running".
    this.#connection = new KeptConnection(`${new URL(url).origin}/`, baseFetch);
    this.baseFetch = this.#connection.fetch;
  }

  /** A turn began: its first call will find the connection to the server open. */
  turnStarted(): void {
    void this.#connection.keep();
  }

  /** A client whose every fetch is tied to one request's abort signal. */
  client(signal: AbortSignal): Ollama {
    const base = this.baseFetch;
    return new Ollama({
      host: this.url,
      fetch: (input, init) => base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
    });
  }

  async *chat(request: BackendChat): AsyncGenerator<BackendChunk> {
    const stream = await this.client(request.signal).chat({
      model: request.model,
      messages: request.messages as Message[],
      stream: true,
      keep_alive: this.keepAlive,
      format: request.schema,
      // Unset unless configured: older servers and models without thinking know nothing of it.
      ...(request.think && request.think !== 'auto' && { think: request.think === 'on' }),
      options: {
        ...(request.temperature !== undefined && { temperature: request.temperature }),
        ...(request.num_ctx && { num_ctx: request.num_ctx }),
        ...(request.maxTokens && { num_predict: request.maxTokens }),
      },
    });
    for await (const part of stream as AsyncIterable<ChatResponse>) {
      const thinking = part.message?.thinking;
      if (thinking) yield { reasoning: thinking };
      const delta = part.message?.content;
      if (delta) yield { text: delta };
      if (part.done) {
        yield { usage: { prompt: part.prompt_eval_count ?? null, completion: part.eval_count ?? null } };
        break;
      }
    }
  }

  async probe(models: string[], signal: AbortSignal): Promise<BackendProbe> {
    const client = this.client(signal);
    try {
      const [{ version }, { models: list }, ps] = await Promise.all([
        client.version(),
        client.list(),
        // Older servers have no /api/ps: that only costs the loaded-models report.
        client.ps().catch(() => null),
      ]);
      this.#pulled = new Map(list.flatMap((m) => [[canonicalModel(m.name), m.size] as const, [canonicalModel(m.model), m.size] as const]));
      if (ps) this.#loaded = new Map(ps.models.map((m) => [canonicalModel(m.model || m.name), m.size] as const));
      return {
        reachable: true,
        version,
        present: models.filter((m) => this.#pulled.has(canonicalModel(m))),
        ...(ps && { loaded: models.filter((m) => this.#loaded.has(canonicalModel(m))) }),
      };
    } catch (err) {
      return { reachable: false, version: null, present: [], reason: reasonOf(err) };
    }
  }

  classify(err: unknown, model: string): LlmError {
    if (err instanceof LlmError) return err;
    const e = err as OllamaError;
    if (e.status_code === 404) {
      this.#pulled.delete(canonicalModel(model));
      return new LlmError('model_missing', `model ${model} is not pulled on the Ollama server (ollama pull ${model})`);
    }
    if (e.status_code) return new LlmError('http', `Ollama answered ${e.status_code}: ${e.message}`);
    // fetch failed: connection refused, reset, DNS.
    return new LlmError('unavailable', `Ollama is not reachable at ${this.url}: ${reasonOf(err)}`);
  }

  hasModel(model: string): boolean {
    return this.#pulled.has(canonicalModel(model));
  }

  forget(): void {
    this.#pulled.clear();
    this.#loaded.clear();
  }

  /**
   * Loads a model into memory and keeps it there for keep_alive: a generate request without a
   * prompt, as Ollama documents for preloading.
   */
  async load(model: string, signal: AbortSignal): Promise<void> {
    await this.client(signal).generate({ model, prompt: '', keep_alive: this.keepAlive, stream: false });
  }

  /** Memory the model takes: as loaded (/api/ps) when it is, else its size on disk (a lower bound). */
  sizeOf(model: string): number | null {
    const name = canonicalModel(model);
    return this.#loaded.get(name) ?? this.#pulled.get(name) ?? null;
  }

  async embed(model: string, input: string[], signal: AbortSignal): Promise<number[][]> {
    const response = await this.client(signal).embed({ model, input, keep_alive: this.keepAlive });
    return response.embeddings;
  }

  async close(): Promise<void> {}
}
