/**
 * The embeddings port: text in, unit vectors out. Memory and knowledge store vectors with the
 * embedder's `id`; vectors with different ids are never compared (the vector store refuses to
 * mix them in one collection).
 */
export interface Embedder {
  /**
   * Model identity, stable across restarts: "onnx:all-MiniLM-L6-v2", "ollama:nomic-embed-text:latest",
   * "lexical:v1/d512". A stand-in (random-weight) model has its own id, never the real one's.
   */
  readonly id: string;
  /** Length of every vector. */
  readonly dims: number;
  /** One L2-normalised vector per text, in order. Batch-friendly: pass all texts at once. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
  /** Releases model sessions. */
  close?(): Promise<void>;
}

export type EmbedderBackend = 'onnx' | 'ollama' | 'lexical';

export type EmbeddingErrorKind = 'unavailable' | 'invalid_model' | 'invalid_output' | 'timeout' | 'aborted';

export class EmbeddingError extends Error {
  constructor(
    readonly kind: EmbeddingErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'EmbeddingError';
  }
}
