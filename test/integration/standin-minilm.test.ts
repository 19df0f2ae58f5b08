import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dot, OnnxSentenceEmbedder, selectEmbedder } from '../../src/embeddings/index.js';
import { Health } from '../../src/health/index.js';
import { OllamaLanguageModel } from '../../src/llm/index.js';
import { silentLogger } from '../../src/log/index.js';
import { generateStandinMiniLM, readStandinManifest, sha256File } from '../../src/models/standin/index.js';
import { MODELS_DIR, tempDir, testConfig } from '../helpers/config.js';
import { HAS_SHARED_TOKENIZERS, STANDIN_MINILM_DIR } from '../helpers/standin.js';

const load = (dir: string) => OnnxSentenceEmbedder.load({ dir, dtype: 'auto', maxTokens: 256, threads: 1 });
const norm = (v: Float32Array) => Math.sqrt(dot(v, v));
const TEXTS = ['Hello, my name is Alex and I work at Siemens.', 'What can you do?', 'Wo ist der Besprechungsraum?', '你好，很高兴认识你'];

describe('stand-in MiniLM through the real ONNX loading code', () => {
  let embedder: OnnxSentenceEmbedder;
  beforeAll(async () => {
    embedder = await load(STANDIN_MINILM_DIR);
  });
  afterAll(() => embedder.close());

  it('has the real model shape and says it is a stand-in', () => {
    const config = JSON.parse(readFileSync(path.join(STANDIN_MINILM_DIR, 'config.json'), 'utf8'));
    expect(config).toMatchObject({ hidden_size: 384, num_hidden_layers: 6, num_attention_heads: 12, intermediate_size: 1536, vocab_size: 30522 });
    expect(embedder.dims).toBe(384);
    expect(embedder.standin).toBe(true);
    expect(embedder.id).toMatch(/^onnx:standin\/all-MiniLM-L6-v2#[0-9a-f]{12}$/);
    const manifest = readStandinManifest(STANDIN_MINILM_DIR)!;
    expect(manifest.tokenizer.source).toBe(HAS_SHARED_TOKENIZERS ? 'copied' : 'generated');
  });

  it('embeds a batch into distinct unit vectors of 384 dimensions', async () => {
    const vectors = await embedder.embed(TEXTS);
    expect(vectors).toHaveLength(TEXTS.length);
    for (const v of vectors) {
      expect(v).toHaveLength(384);
      expect(norm(v)).toBeCloseTo(1, 4);
    }
    expect(dot(vectors[0]!, vectors[1]!)).toBeLessThan(0.9999);
  });

  it('gives the same vector alone as in a padded batch, and across loads', async () => {
    const batch = await embedder.embed(TEXTS);
    const again = await load(STANDIN_MINILM_DIR);
    try {
      for (const [i, text] of TEXTS.entries()) {
        const [single] = await again.embed([text]);
        for (let d = 0; d < 384; d++) expect(single![d]).toBeCloseTo(batch[i]![d]!, 5);
      }
    } finally {
      await again.close();
    }
  });

  it('cuts texts longer than maxTokens instead of failing', async () => {
    const long = 'word '.repeat(2000);
    const short = await OnnxSentenceEmbedder.load({ dir: STANDIN_MINILM_DIR, dtype: 'fp32', maxTokens: 16, threads: 1 });
    try {
      const [v] = await short.embed([long]);
      expect(norm(v!)).toBeCloseTo(1, 4);
    } finally {
      await short.close();
    }
  });

  it('is what the selector loads when configured explicitly, reported as degraded', async () => {
    const config = testConfig({ embeddings: { backend: 'onnx', onnx: { model: STANDIN_MINILM_DIR } } });
    const health = new Health();
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health });
    const { embedder: selected, backend } = await selectEmbedder({ config, ollama: llm, log: silentLogger, health });
    expect(backend).toBe('onnx');
    expect(selected.id).toBe(embedder.id);
    expect(health.get('embeddings')).toMatchObject({ status: 'degraded' });
    expect(health.get('embeddings')!.detail).toMatch(/stand-in/);
  });

  it('is never picked by the default configuration', async () => {
    const config = testConfig({ paths: { models: MODELS_DIR } });
    const health = new Health();
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health });
    const { embedder: selected } = await selectEmbedder({ config, ollama: llm, log: silentLogger, health });
    expect(selected.id).not.toMatch(/standin/);
  });
});

describe('stand-in generator', () => {
  const dir = tempDir('nadine-standin-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes its own tokenizer when no real one is given, reproducibly, and skips when up to date', async () => {
    const out = path.join(dir, 'minilm');
    const first = await generateStandinMiniLM({ outDir: out, tokenizerDir: null });
    expect(first.generated).toBe(true);
    expect(first.manifest.tokenizer.source).toBe('generated');
    const vocab = readFileSync(path.join(out, 'vocab.txt'), 'utf8').trimEnd().split('\n');
    expect(vocab).toHaveLength(30522);
    expect(vocab.slice(100, 104)).toEqual(['[UNK]', '[CLS]', '[SEP]', '[MASK]']);
    const modelSha = await sha256File(path.join(out, 'onnx/model.onnx'));
    expect(first.manifest.files['onnx/model.onnx']!.sha256).toBe(modelSha);

    expect((await generateStandinMiniLM({ outDir: out, tokenizerDir: null })).generated).toBe(false);
    const forced = await generateStandinMiniLM({ outDir: out, tokenizerDir: null, force: true });
    expect(forced.generated).toBe(true);
    expect(await sha256File(path.join(out, 'onnx/model.onnx'))).toBe(modelSha);

    const embedder = await load(out);
    try {
      const [a, b] = await embedder.embed(['Grüße aus München!', 'Über den Wolken']);
      expect(norm(a!)).toBeCloseTo(1, 4);
      expect(dot(a!, b!)).toBeLessThan(0.9999);
    } finally {
      await embedder.close();
    }
  });

  it('regenerates when the seed changes', async () => {
    const out = path.join(dir, 'seeded');
    const a = await generateStandinMiniLM({ outDir: out, tokenizerDir: null, seed: 1 });
    const b = await generateStandinMiniLM({ outDir: out, tokenizerDir: null, seed: 2 });
    expect(b.generated).toBe(true);
    expect(b.manifest.files['onnx/model.onnx']!.sha256).not.toBe(a.manifest.files['onnx/model.onnx']!.sha256);
  });
});
