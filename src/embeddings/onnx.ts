import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AutoModel, AutoTokenizer, env, mean_pooling, type PreTrainedModel, type PreTrainedTokenizer, type Tensor } from '@huggingface/transformers';
import { z } from 'zod';
import { readStandinManifest } from '../models/standin/index.js';
import { EmbeddingError, type Embedder } from './port.js';
import { checkVectors, l2normalize } from './vector.js';

// Strictly local: nothing is ever fetched from a hub at run time, and nothing is cached elsewhere.
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.useFSCache = false;

export type OnnxDtype = 'fp32' | 'q8' | 'fp16';

/** transformers.js file names per dtype, in the order "auto" tries them. */
export const ONNX_MODEL_FILES: Record<OnnxDtype, string> = {
  fp32: 'onnx/model.onnx',
  q8: 'onnx/model_quantized.onnx',
  fp16: 'onnx/model_fp16.onnx',
};

const TOKENIZER_FILES = ['tokenizer.json', 'tokenizer_config.json', 'config.json'];

const ModelConfigSchema = z.object({ hidden_size: z.number().int().positive(), _name_or_path: z.string().optional() }).loose();

export interface OnnxEmbedderOptions {
  /** Absolute model folder (tokenizer files, config.json, onnx/model*.onnx). */
  dir: string;
  dtype: OnnxDtype | 'auto';
  maxTokens: number;
  threads: number;
}

/** Which weights file would be loaded, or null when the folder has no usable model. */
export function findOnnxModel(dir: string, dtype: OnnxDtype | 'auto'): { dtype: OnnxDtype; file: string } | null {
  if (!TOKENIZER_FILES.every((f) => existsSync(path.join(dir, f)))) return null;
  const order: OnnxDtype[] = dtype === 'auto' ? ['fp32', 'q8', 'fp16'] : [dtype];
  for (const d of order) {
    const file = path.join(dir, ONNX_MODEL_FILES[d]);
    if (existsSync(file)) return { dtype: d, file };
  }
  return null;
}

/**
 * Sentence embeddings with a BERT-style encoder (all-MiniLM-L6-v2 layout) through transformers.js
 * and onnxruntime: tokenise, encode, mean-pool over real tokens, L2-normalise, as
 * sentence-transformers does for this model.
 */
export class OnnxSentenceEmbedder implements Embedder {
  private constructor(
    readonly id: string,
    readonly dims: number,
    readonly file: string,
    /** Random weights: a generated stand-in, for tests and benchmarks only. */
    readonly standin: boolean,
    private readonly tokenizer: PreTrainedTokenizer,
    private readonly model: PreTrainedModel,
    private readonly maxTokens: number,
  ) {}

  static async load(options: OnnxEmbedderOptions): Promise<OnnxSentenceEmbedder> {
    const dir = path.resolve(options.dir);
    const found = findOnnxModel(dir, options.dtype);
    if (!found) {
      const wanted = options.dtype === 'auto' ? 'onnx/model*.onnx' : ONNX_MODEL_FILES[options.dtype];
      throw new EmbeddingError('unavailable', `no ONNX embedding model in ${dir} (needs ${TOKENIZER_FILES.join(', ')} and ${wanted})`);
    }
    let config: z.infer<typeof ModelConfigSchema>;
    try {
      config = ModelConfigSchema.parse(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8')));
    } catch (err) {
      throw new EmbeddingError('invalid_model', `${path.join(dir, 'config.json')}: ${(err as Error).message.split('\n')[0]}`);
    }
    const standin = readStandinManifest(dir);
    // The stand-in's id names its exact weights, so its vectors never meet the real model's.
    const name = path.basename(config._name_or_path ?? dir);
    const id = standin ? `onnx:standin/${path.basename(dir)}#${standin.files['onnx/model.onnx']?.sha256.slice(0, 12) ?? standin.seed}` : `onnx:${name}`;

    let tokenizer: PreTrainedTokenizer;
    let model: PreTrainedModel;
    try {
      tokenizer = await AutoTokenizer.from_pretrained(dir, { local_files_only: true });
      model = await AutoModel.from_pretrained(dir, {
        local_files_only: true,
        dtype: found.dtype,
        device: 'cpu',
        session_options: { intraOpNumThreads: options.threads, interOpNumThreads: 1, graphOptimizationLevel: 'all' },
      });
    } catch (err) {
      throw new EmbeddingError('invalid_model', `cannot load ${found.file}: ${(err as Error).message}`);
    }
    const embedder = new OnnxSentenceEmbedder(id, config.hidden_size, found.file, standin !== null, tokenizer, model, options.maxTokens);
    // A model whose output does not match its config would give silent nonsense: check once now.
    await embedder.embed(['hello']);
    return embedder;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    if (signal?.aborted) throw new EmbeddingError('aborted', 'embedding cancelled');
    const inputs = this.tokenizer([...texts], { padding: true, truncation: true, max_length: this.maxTokens });
    let output: Record<string, Tensor>;
    try {
      output = await this.model(inputs);
    } catch (err) {
      throw new EmbeddingError('invalid_output', `ONNX inference failed: ${(err as Error).message}`);
    }
    const hidden = output.last_hidden_state;
    if (!hidden || hidden.dims.length !== 3 || hidden.dims[2] !== this.dims) {
      throw new EmbeddingError('invalid_output', `${this.file} output last_hidden_state [${hidden?.dims.join(', ')}], expected [batch, seq, ${this.dims}]`);
    }
    const pooled = mean_pooling(hidden, inputs.attention_mask as Tensor);
    const data = pooled.data as Float32Array;
    const vectors = texts.map((_, i) => l2normalize(data.slice(i * this.dims, (i + 1) * this.dims)));
    return checkVectors(vectors, texts.length, this.dims, this.file);
  }

  async close(): Promise<void> {
    await this.model.dispose();
  }
}
