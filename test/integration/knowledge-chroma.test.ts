import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../src/embeddings/index.js';
import { Health } from '../../src/health/index.js';
import type { KnowledgeBase } from '../../src/knowledge/index.js';
import { silentLogger } from '../../src/log/index.js';
import type { ChromaVectorStore } from '../../src/vectors/index.js';
import { tempDir } from '../helpers/config.js';
import { startChroma, waitFor, type ChromaProcess } from '../helpers/chroma.js';
import { chromaStore, copyRagFiles, CountingEmbedder, knowledgeBase } from '../helpers/knowledge.js';

const log = silentLogger;
const SPACE = { embedder: 'lexical:v1/d512', dims: 512 };
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

let chroma: ChromaProcess;
beforeAll(async () => {
  chroma = await startChroma();
});
afterAll(() => chroma.kill());

async function setup(
  options: { dir?: string; manifestFile?: string; collection?: string; store?: ChromaVectorStore; embedder?: CountingEmbedder; health?: Health } = {},
) {
  const health = options.health ?? new Health();
  const store = options.store ?? (await chromaStore(chroma.url, health));
  if (!options.store) opened.push({ close: () => store.stop() });
  const embedder = options.embedder ?? new CountingEmbedder(new LexicalEmbedder());
  const dir = options.dir ?? copyRagFiles();
  const kb: KnowledgeBase = knowledgeBase({
    dir,
    embedder,
    vectors: store,
    health,
    collection: options.collection ?? `knowledge-${Math.random().toString(36).slice(2, 8)}`,
    ...(options.manifestFile && { manifestFile: options.manifestFile }),
    syncRetryMs: 200,
  });
  opened.push(kb);
  await kb.start();
  await kb.ready();
  return { kb, store, embedder, health, dir };
}

/**
 * In step with ChromaDB: a check slower than the store's query timeout answers "not yet" by design
 * (a loaded machine), so ask until it says yes.
 */
const inStep = (kb: KnowledgeBase) => waitFor(() => kb.sync(), 20_000, 'in step with ChromaDB');

describe('the knowledge base on a real ChromaDB server', () => {
  it('keeps its chunks in the collection and answers from it, as the in-memory index would', async () => {
    const { kb, store, health } = await setup({ collection: 'kb-answers' });
    await inStep(kb);
    const collection = store.collection('kb-answers', SPACE);
    expect(await collection.count()).toBe(90);
    const [stored] = await collection.get({ where: { file: 'what-i-can-do.md', chunk: 2 } });
    expect(stored).toMatchObject({ id: 'what-i-can-do.md::2', metadata: { heading: 'Languages', headings: '["What I can do","Languages"]', language: 'en' } });

    const result = await kb.search('What languages can you speak?', { log });
    expect(result.source).toBe('chroma');
    expect(result.hits[0]).toMatchObject({ id: 'what-i-can-do.md::2', file: 'what-i-can-do.md', headings: ['What I can do', 'Languages'], language: 'en' });
    expect(health.get('knowledge')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/90 chunks from 20 files .*"kb-answers" in step/) });
  });

  it('finds in the collection copied in process exactly what the ChromaDB server finds', async () => {
    const served = await chromaStore(chroma.url, new Health());
    const copied = await chromaStore(chroma.url, new Health(), { maxRecords: 1_000, maxTotalRecords: 1_000 });
    opened.push({ close: () => served.stop() }, { close: () => copied.stop() });
    // One index on disk, two ways to search its collection.
    const shared = { dir: copyRagFiles(), manifestFile: path.join(tempDir(), 'manifest.json'), collection: 'kb-small' };
    const onServer = await setup({ ...shared, store: served });
    await inStep(onServer.kb);
    const inProcess = await setup({ ...shared, store: copied });
    await inStep(inProcess.kb);
    await inProcess.kb.search('Who built you?', { log });
    await waitFor(() => copied.status().mirrored === 1, 10_000, 'the knowledge collection copied');
    for (const question of ['What languages can you speak?', 'How do I make you forget me?', 'Can you see me?', 'Who built you?']) {
      const [a, b] = [await onServer.kb.search(question, { log, n: 4 }), await inProcess.kb.search(question, { log, n: 4 })];
      expect([a.source, b.source]).toEqual(['chroma', 'chroma']);
      expect(b.hits.map((h) => h.id)).toEqual(a.hits.map((h) => h.id));
      b.hits.forEach((h, i) => expect(h.similarity).toBeCloseTo(a.hits[i]!.similarity, 5));
    }
    expect(served.status().mirrored).toBe(0);
  });

  it('replaces the records of an edited file and deletes those of a removed one; the next answer follows', async () => {
    const { kb, store, embedder, dir } = await setup({ collection: 'kb-edits' });
    await kb.sync();
    const collection = store.collection('kb-edits', SPACE);
    embedder.reset();
    const file = path.join(dir, 'what-i-can-do.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('Chinese and Spanish.', 'Chinese, Spanish and Italian.'));
    rmSync(path.join(dir, 'privacy.md'));
    const result = await kb.search('What languages can you speak?', { log });
    expect(kb.lastRefresh).toMatchObject({ changed: ['what-i-can-do.md'], removed: ['privacy.md'], embeddedFiles: ['what-i-can-do.md'], embedded: 1 });
    expect(embedder.texts.filter((t) => t !== 'What languages can you speak?')).toHaveLength(1);
    expect(result.hits[0]!.text).toMatch(/Spanish and Italian\./);

    await inStep(kb);
    expect(await collection.count()).toBe(87);
    expect(await collection.get({ where: { file: 'privacy.md' } })).toEqual([]);
    const [languages] = await collection.get({ ids: ['what-i-can-do.md::2'] });
    expect(languages!.document).toMatch(/Spanish and Italian\./);
    expect((await kb.search('What languages can you speak?', { log })).source).toBe('chroma');
  });

  it('after a restart, finds the collection in step and embeds nothing', async () => {
    const dir = copyRagFiles();
    const manifestFile = path.join(tempDir(), 'manifest.json');
    const first = await setup({ dir, manifestFile, collection: 'kb-restart' });
    await first.kb.sync();
    await first.kb.close();

    const embedder = new CountingEmbedder(new LexicalEmbedder());
    const { kb } = await setup({ dir, manifestFile, collection: 'kb-restart', embedder });
    await inStep(kb);
    expect(embedder.texts).toEqual([]);
    expect(kb.lastRefresh).toMatchObject({ embedded: 0, rebuilt: false });
  });

  it('writes a lost collection again from the manifest, without embedding anything', async () => {
    const { kb, store, embedder } = await setup({ collection: 'kb-lost' });
    await kb.sync();
    embedder.reset();
    // Deleted behind the knowledge base's back (a wiped ChromaDB data folder looks the same).
    await store.deleteCollection('kb-lost');
    await store.flush(5_000);
    expect((await kb.search('What languages can you speak?', { log })).hits[0]?.file).toBe('what-i-can-do.md');
    // The search found the collection empty: it fell back to memory and the check rewrote it.
    await waitFor(async () => (await store.collection('kb-lost', SPACE).count()) === 90, 20_000, 'the collection rewritten');
    await waitFor(() => kb.synced, 20_000, 'in step again');
    expect(embedder.texts).toEqual(['What languages can you speak?']);
  });

  it('answers from memory while ChromaDB is down, says so, and goes back to it when it returns', async () => {
    const own = await startChroma();
    try {
      const health = new Health();
      const store = await chromaStore(own.url, health);
      opened.push({ close: () => store.stop() });
      const { kb } = await setup({ store, health, collection: 'kb-down' });
      await inStep(kb);
      await own.kill();
      const result = await kb.search('How do I make you forget me?', { log });
      expect(result.source).toBe('memory');
      expect(result.hits[0]).toMatchObject({ file: 'privacy.md', headings: ['What I remember and how to make me forget', 'How to make me forget you'] });
      await waitFor(() => !kb.synced, 10_000, 'out of step');
      expect(health.get('knowledge')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/not in step yet: answering from the in-memory index/) });

      await own.restart();
      await waitFor(() => kb.synced, 30_000, 'in step after the restart');
      expect((await kb.search('How do I make you forget me?', { log })).source).toBe('chroma');
      expect(health.get('knowledge')?.status).toBe('ok');
    } finally {
      await own.kill();
    }
  });
});
