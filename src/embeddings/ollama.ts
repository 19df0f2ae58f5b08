import { LlmError } from '../llm/index.js';
import { EmbeddingError, type Embedder } from './port.js';
import { checkVectors, l2normalize } from './vector.js';

/** What the Ollama embedder needs from the language model adapter (OllamaLanguageModel). */
export interface OllamaEmbedClient {
  hasModel(model: string): boolean;
  embed(model: string, input: string[], options: { signal?: AbortSignal; timeoutMs: number }): Promise<number[][]>;
}

const canonical = (model: string) => (model.includes(':') ? model : `${model}:latest`);

/**
 * Embeddings from an Ollama embedding model (e.g. nomic-embed-text) over /api/embed. The
 * dimension is learnt from one probe at start and checked on every answer afterwards.
 */
export class OllamaEmbedder implements Embedder {
  readonly id: string;

  private constructor(
    private readonly client: OllamaEmbedClient,
    private readonly model: string,
    readonly dims: number,
    private readonly timeoutMs: number,
  ) {
    this.id = `ollama:${canonical(model)}`;
  }

  static async connect(client: OllamaEmbedClient, model: string, timeoutMs: number): Promise<OllamaEmbedder> {
    if (!client.hasModel(model)) throw new EmbeddingError('unavailable', `Ollama has no model ${model} (ollama pull ${model})`);
    const [probe] = await OllamaEmbedder.#call(client, model, ['hello'], timeoutMs);
    if (!probe?.length) throw new EmbeddingError('invalid_output', `Ollama model ${model} returned no embedding`);
    return new OllamaEmbedder(client, model, probe.length, timeoutMs);
  }

  static async #call(client: OllamaEmbedClient, model: string, input: string[], timeoutMs: number, signal?: AbortSignal): Promise<number[][]> {
    try {
      return await client.embed(model, input, { timeoutMs, ...(signal && { signal }) });
    } catch (err) {
      if (err instanceof LlmError) {
        const kind = err.kind === 'timeout' ? 'timeout' : err.kind === 'aborted' ? 'aborted' : 'unavailable';
        throw new EmbeddingError(kind, `Ollama embeddings (${model}): ${err.message}`);
      }
      throw err;
    }
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const raw = await OllamaEmbedder.#call(this.client, this.model, [...texts], this.timeoutMs, signal);
    if (!Array.isArray(raw) || !raw.every((v) => Array.isArray(v) && v.every((x) => typeof x === 'number'))) {
      throw new EmbeddingError('invalid_output', `Ollama model ${this.model} returned malformed embeddings`);
    }
    // /api/embed normalises already; normalising again costs nothing and guards older servers.
    return checkVectors(
      raw.map((v) => l2normalize(Float32Array.from(v))),
      texts.length,
      this.dims,
      `Ollama model ${this.model}`,
    );
  }
}
