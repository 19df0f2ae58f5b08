import { densify, featurize, type FeaturizerSpec } from '../intent/index.js';
import type { Embedder } from './port.js';
import { l2normalize } from './vector.js';

/**
 * Always available, no model: the intent model's hashing featuriser (word uni/bigrams and
 * character 2-4-grams, signed hashing) folded into a small dense vector. It matches shared words
 * and spellings, not meaning ("car" is not near "automobile"): the fallback when no embedding
 * model is available, and the embedder for ranking tests, whose results it makes predictable.
 */
export class LexicalEmbedder implements Embedder {
  readonly id: string;
  readonly #spec: FeaturizerSpec;

  constructor(readonly dims = 512) {
    this.#spec = { version: 1, dims, charNgramMin: 2, charNgramMax: 4 };
    this.id = `lexical:v1/d${dims}`;
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return texts.map((text) => l2normalize(densify(featurize(text, this.#spec), this.dims)));
  }
}
