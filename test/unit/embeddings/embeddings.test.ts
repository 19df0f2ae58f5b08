import { afterEach, describe, expect, it } from 'vitest';
import { CachingEmbedder, dot, EmbeddingError, LexicalEmbedder, OllamaEmbedder, type Embedder } from '../../../src/embeddings/index.js';
import { Health } from '../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../../helpers/fake-ollama.js';

const norm = (v: Float32Array) => Math.sqrt(dot(v, v));

/** A real embedder that counts what reaches it. */
class Counting implements Embedder {
  readonly calls: string[][] = [];
  constructor(
    private readonly inner: Embedder,
    private readonly delayMs = 0,
  ) {}
  get id() {
    return this.inner.id;
  }
  get dims() {
    return this.inner.dims;
  }
  async embed(texts: readonly string[]) {
    this.calls.push([...texts]);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    return this.inner.embed(texts);
  }
}

describe('lexical embedder', () => {
  const lexical = new LexicalEmbedder(512);

  it('gives unit vectors of the configured size, the same for the same text', async () => {
    const [a, b, c] = await lexical.embed(['Where is the meeting room?', 'Where is the meeting room?', 'I like pizza']);
    expect(a).toHaveLength(512);
    expect(norm(a!)).toBeCloseTo(1, 5);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(dot(a!, c!)).toBeLessThan(0.5);
    expect(lexical.id).toBe('lexical:v1/d512');
    expect(new LexicalEmbedder(256).id).not.toBe(lexical.id);
  });

  it('ranks texts that share words and spellings above unrelated ones', async () => {
    const [query, near, far] = await lexical.embed(['where is the meeting room', 'The meeting room is on the second floor.', 'My hobbies are climbing and chess.']);
    expect(dot(query!, near!)).toBeGreaterThan(dot(query!, far!) + 0.2);
  });
});

describe('caching embedder', () => {
  it('embeds each distinct text once and returns vectors in the order asked', async () => {
    const inner = new Counting(new LexicalEmbedder(128));
    const cached = new CachingEmbedder(inner, { size: 10, batchSize: 32 });
    const first = await cached.embed(['a cat', 'a dog', 'a cat']);
    expect(inner.calls).toEqual([['a cat', 'a dog']]);
    expect(Array.from(first[0]!)).toEqual(Array.from(first[2]!));
    const second = await cached.embed(['a dog', 'a bird']);
    expect(inner.calls).toEqual([['a cat', 'a dog'], ['a bird']]);
    expect(Array.from(second[0]!)).toEqual(Array.from(first[1]!));
    // A repeat within one call is not a cache hit: it was never asked of the model twice.
    expect(cached.stats()).toMatchObject({ hits: 1, misses: 3, size: 3 });
  });

  it('shares a computation in flight between parallel callers', async () => {
    const inner = new Counting(new LexicalEmbedder(128), 30);
    const cached = new CachingEmbedder(inner, { size: 10, batchSize: 32 });
    const [a, b] = await Promise.all([cached.embed(['what is your name?']), cached.embed(['what is your name?'])]);
    expect(inner.calls).toHaveLength(1);
    expect(Array.from(a[0]!)).toEqual(Array.from(b[0]!));
  });

  it('cuts large batches into model-sized ones', async () => {
    const inner = new Counting(new LexicalEmbedder(128));
    const cached = new CachingEmbedder(inner, { size: 0, batchSize: 2 });
    const out = await cached.embed(['1', '2', '3', '4', '5']);
    expect(out).toHaveLength(5);
    expect(inner.calls.map((c) => c.length)).toEqual([2, 2, 1]);
  });

  it('hands out copies, so a caller cannot change what others get', async () => {
    const cached = new CachingEmbedder(new LexicalEmbedder(128), { size: 10, batchSize: 8 });
    const [v] = await cached.embed(['hello']);
    v!.fill(0);
    const [again] = await cached.embed(['hello']);
    expect(norm(again!)).toBeCloseTo(1, 5);
  });

  it('evicts the least recently used text', async () => {
    const inner = new Counting(new LexicalEmbedder(128));
    const cached = new CachingEmbedder(inner, { size: 2, batchSize: 8 });
    await cached.embed(['a']);
    await cached.embed(['b']);
    await cached.embed(['a']);
    await cached.embed(['c']); // evicts b
    await cached.embed(['b']);
    expect(inner.calls.flat()).toEqual(['a', 'b', 'c', 'b']);
  });

  it('stops waiting when the caller aborts', async () => {
    const cached = new CachingEmbedder(new Counting(new LexicalEmbedder(128), 200), { size: 10, batchSize: 8 });
    const controller = new AbortController();
    const pending = cached.embed(['slow'], controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
  });
});

describe('Ollama embedder (fake Ollama at the HTTP boundary)', () => {
  let fake: FakeOllama | null = null;
  afterEach(async () => {
    await fake?.close();
    fake = null;
  });

  async function connectTo(embed: (input: string[]) => number[][], models = ['nomic-embed-text:latest']) {
    fake = await startFakeOllama({ models, embed });
    const config = testConfig({ llm: { enabled: true, url: fake.url } });
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
    await llm.checkHealth();
    return llm;
  }

  it('learns the dimension, normalises, and names the model in its id', async () => {
    const llm = await connectTo((input) => input.map((t) => [t.length, 1, 0, 2]));
    const embedder = await OllamaEmbedder.connect(llm, 'nomic-embed-text', 5_000);
    expect(embedder.id).toBe('ollama:nomic-embed-text:latest');
    expect(embedder.dims).toBe(4);
    const [v] = await embedder.embed(['abc']);
    expect(norm(v!)).toBeCloseTo(1, 5);
    expect(v![0]! / v![1]!).toBeCloseTo(3, 5);
    expect(fake!.paths).toContain('/api/embed');
  });

  it('refuses a model that is not pulled', async () => {
    const llm = await connectTo(() => [[1, 0]], ['qwen2.5:3b']);
    await expect(OllamaEmbedder.connect(llm, 'nomic-embed-text', 5_000)).rejects.toBeInstanceOf(EmbeddingError);
  });

  it('rejects answers of the wrong shape as invalid output', async () => {
    let dims = 3;
    const llm = await connectTo((input) => input.map(() => Array.from({ length: dims }, () => 1)));
    const embedder = await OllamaEmbedder.connect(llm, 'nomic-embed-text', 5_000);
    dims = 5;
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ kind: 'invalid_output' });
  });

  it('says unavailable when the server goes away', async () => {
    const llm = await connectTo((input) => input.map(() => [1, 2, 3]));
    const embedder = await OllamaEmbedder.connect(llm, 'nomic-embed-text', 5_000);
    await fake!.close();
    fake = null;
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
