import path from 'node:path';
import type { Config } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { CachingEmbedder } from './cache.js';
import { LexicalEmbedder } from './lexical.js';
import { OllamaEmbedder, type OllamaEmbedClient } from './ollama.js';
import { findOnnxModel, OnnxSentenceEmbedder } from './onnx.js';
import type { EmbedderBackend } from './port.js';

export interface SelectEmbedderOptions {
  config: Pick<Config, 'embeddings' | 'paths' | 'llm'>;
  /** The Ollama adapter, after its first health probe. */
  ollama: OllamaEmbedClient;
  log: Logger;
  health: Health;
}

export interface SelectedEmbedder {
  embedder: CachingEmbedder;
  backend: EmbedderBackend;
}

export function onnxModelDir(config: Pick<Config, 'embeddings' | 'paths'>): string {
  return path.resolve(config.paths.models, config.embeddings.onnx.model);
}

/**
 * Picks the embedder once, at start (vectors of different embedders are never compared, so it
 * does not change while the daemon runs). auto: the ONNX model when its files are there, else
 * Ollama's embedding model when it is pulled, else the lexical embedder. A configured backend
 * that cannot run falls back to the lexical one, and health says so.
 */
export async function selectEmbedder(options: SelectEmbedderOptions): Promise<SelectedEmbedder> {
  const { config, log, health } = options;
  const settings = config.embeddings;
  const elog = log.child({ component: 'embeddings' });
  const wrap = (inner: ConstructorParameters<typeof CachingEmbedder>[0]) =>
    new CachingEmbedder(inner, { size: settings.cacheSize, batchSize: settings.batchSize });
  const problems: string[] = [];

  const dir = onnxModelDir(config);
  const tryOnnx = settings.backend === 'onnx' || (settings.backend === 'auto' && findOnnxModel(dir, settings.onnx.dtype));
  if (tryOnnx) {
    try {
      const onnx = await OnnxSentenceEmbedder.load({ dir, dtype: settings.onnx.dtype, maxTokens: settings.onnx.maxTokens, threads: settings.onnx.threads });
      if (onnx.standin) {
        elog.warn({ dir }, 'embedding model is a stand-in with random weights: recall is meaningless (tests and benchmarks only)');
        health.set('embeddings', 'degraded', `${onnx.id} from ${onnx.file} is a stand-in with random weights: memory and knowledge recall are meaningless`);
      } else {
        health.set('embeddings', 'ok', `${onnx.id} (${onnx.dims} dims) from ${onnx.file}`);
      }
      elog.info({ id: onnx.id, dims: onnx.dims, file: onnx.file }, 'embedder ready');
      return { embedder: wrap(onnx), backend: 'onnx' };
    } catch (err) {
      problems.push((err as Error).message);
      elog.error({ err: (err as Error).message }, 'ONNX embedding model unavailable');
    }
  } else if (settings.backend === 'auto') {
    problems.push(`no ONNX model in ${dir} (npm run models:download)`);
  }

  const ollamaModel = settings.ollama.model;
  if (settings.backend === 'ollama' || settings.backend === 'auto') {
    if (!config.llm.enabled) problems.push('Ollama is disabled (llm.enabled)');
    else if (!options.ollama.hasModel(ollamaModel)) problems.push(`Ollama at ${config.llm.url} has no ${ollamaModel} (ollama pull ${ollamaModel})`);
    else {
      try {
        const ollama = await OllamaEmbedder.connect(options.ollama, ollamaModel, settings.ollama.timeoutMs);
        health.set('embeddings', 'ok', `${ollama.id} (${ollama.dims} dims) on ${config.llm.url}`);
        elog.info({ id: ollama.id, dims: ollama.dims }, 'embedder ready');
        return { embedder: wrap(ollama), backend: 'ollama' };
      } catch (err) {
        problems.push((err as Error).message);
        elog.error({ err: (err as Error).message }, 'Ollama embeddings unavailable');
      }
    }
  }

  const lexical = new LexicalEmbedder(settings.lexical.dims);
  if (settings.backend === 'lexical') health.set('embeddings', 'ok', `${lexical.id}: lexical embedder, as configured`);
  else {
    health.set('embeddings', 'degraded', `lexical embedder ${lexical.id} (shared words, not meaning): ${problems.join('; ')}`);
    elog.warn({ id: lexical.id, problems }, 'no embedding model: using the lexical embedder');
  }
  return { embedder: wrap(lexical), backend: 'lexical' };
}
