import { afterEach, describe, expect, it } from 'vitest';
import { selectEmbedder } from '../../../src/embeddings/index.js';
import type { ConfigInput } from '../../../src/config/index.js';
import { Health } from '../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { tempDir, testConfig } from '../../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../../helpers/fake-ollama.js';

describe('embedder selection', () => {
  let fake: FakeOllama | null = null;
  afterEach(async () => {
    await fake?.close();
    fake = null;
  });

  async function select(overrides: ConfigInput) {
    const config = testConfig({ paths: { models: tempDir('nadine-models-') }, ...overrides });
    const health = new Health();
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health });
    await llm.start();
    const selected = await selectEmbedder({ config, ollama: llm, log: silentLogger, health });
    llm.stop();
    return { ...selected, health: health.get('embeddings')! };
  }

  it('auto without a model or Ollama: the lexical embedder, degraded, with the reasons', async () => {
    const { backend, embedder, health } = await select({});
    expect(backend).toBe('lexical');
    expect(embedder.id).toBe('lexical:v1/d512');
    expect(health.status).toBe('degraded');
    expect(health.detail).toMatch(/no ONNX model in .*all-MiniLM-L6-v2/);
    expect(health.detail).toMatch(/Ollama is disabled/);
  });

  it('auto with Ollama and its embedding model pulled: Ollama', async () => {
    fake = await startFakeOllama({ models: ['qwen2.5:3b', 'nomic-embed-text:latest'], embed: (input) => input.map(() => [0.6, 0.8, 0]) });
    const { backend, embedder, health } = await select({ llm: { enabled: true, url: fake.url } });
    expect(backend).toBe('ollama');
    expect(embedder.dims).toBe(3);
    expect(health.status).toBe('ok');
  });

  it('auto with Ollama but no embedding model: lexical, naming the model to pull', async () => {
    fake = await startFakeOllama({ models: ['qwen2.5:3b'] });
    const { backend, health } = await select({ llm: { enabled: true, url: fake.url } });
    expect(backend).toBe('lexical');
    expect(health.detail).toMatch(/ollama pull nomic-embed-text/);
  });

  it('a configured ONNX model that is missing falls back to lexical and says where it looked', async () => {
    const { backend, health } = await select({ embeddings: { backend: 'onnx', onnx: { model: '/nonexistent/minilm' } } });
    expect(backend).toBe('lexical');
    expect(health.detail).toMatch(/\/nonexistent\/minilm/);
  });

  it('lexical by choice is ok, with its size', async () => {
    const { backend, embedder, health } = await select({ embeddings: { backend: 'lexical', lexical: { dims: 256 } } });
    expect(backend).toBe('lexical');
    expect(embedder.dims).toBe(256);
    expect(health.status).toBe('ok');
  });
});
