import { appendFileSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../../src/embeddings/index.js';
import { Health } from '../../../src/health/index.js';
import type { KnowledgeBase } from '../../../src/knowledge/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { tempDir } from '../../helpers/config.js';
import { copyRagFiles, CountingEmbedder, knowledgeBase } from '../../helpers/knowledge.js';

const log = silentLogger;
const open: KnowledgeBase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((kb) => kb.close()));
});

async function started(options: Parameters<typeof knowledgeBase>[0]): Promise<KnowledgeBase> {
  const kb = knowledgeBase(options);
  open.push(kb);
  await kb.start();
  await kb.ready();
  return kb;
}

const top = async (kb: KnowledgeBase, question: string) => (await kb.search(question, { log })).hits[0];

describe('the knowledge base (ChromaDB unreachable: the in-memory index answers)', () => {
  it('indexes the shipped files and finds the section that answers, with its file and heading', async () => {
    const health = new Health();
    const kb = await started({ dir: copyRagFiles(), embedder: new LexicalEmbedder(), health });
    expect(kb.stats()).toMatchObject({ files: 20, chunks: 90, synced: false });
    const result = await kb.search('What languages can you speak?', { log });
    expect(result.source).toBe('memory');
    expect(result.hits[0]).toMatchObject({ file: 'what-i-can-do.md', headings: ['What I can do', 'Languages'], language: 'en' });
    expect(result.hits[0]!.text).toMatch(/^I can speak English, German, French, Chinese and Spanish\./);
    expect(result.hits.length).toBeLessThanOrEqual(2);
    expect(health.get('knowledge')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/90 chunks from 20 files .*not in step yet: answering from the in-memory index/) });
  });

  it('answers the same question twice in a turn (planner, then knowledge agent) with one search', async () => {
    const embedder = new CountingEmbedder(new LexicalEmbedder());
    const kb = await started({ dir: copyRagFiles(), embedder, recheckMs: 3_600_000 });
    embedder.reset();
    const first = await kb.search('Can I interrupt you?', { log });
    const second = await kb.search('Can I interrupt you?', { log });
    expect(second).toEqual({ ...first, modelMs: 0 });
    expect(embedder.texts).toEqual(['Can I interrupt you?']);
    await kb.search('Can I interrupt you?', { log, n: 1 }); // another number of chunks: another search
    expect(embedder.texts).toHaveLength(2);
  });

  it('gives no hits below the minimum similarity, but reports the best similarity', async () => {
    const kb = await started({ dir: copyRagFiles(), embedder: new LexicalEmbedder(), minSimilarity: 0.9 });
    const result = await kb.search('What languages can you speak?', { log });
    expect(result.hits).toEqual([]);
    expect(result.best).toBeGreaterThan(0.3);
  });

  it('is reused across restarts: nothing is embedded again', async () => {
    const dir = copyRagFiles();
    const manifestFile = path.join(tempDir(), 'knowledge', 'manifest.json');
    const first = new CountingEmbedder(new LexicalEmbedder());
    await started({ dir, embedder: first, manifestFile });
    expect(first.texts).toHaveLength(90);

    const second = new CountingEmbedder(new LexicalEmbedder());
    const kb = await started({ dir, embedder: second, manifestFile });
    expect(kb.lastRefresh).toMatchObject({ embedded: 0, added: [], changed: [], removed: [], rebuilt: false });
    expect((await top(kb, 'How do I make you forget me?'))?.headings).toEqual(['What I remember and how to make me forget', 'How to make me forget you']);
    expect(second.texts).toEqual(['How do I make you forget me?']); // the question only
  });

  it('re-embeds only the edited text of an edited file, and the next answer follows the edit', async () => {
    const dir = copyRagFiles();
    const embedder = new CountingEmbedder(new LexicalEmbedder());
    const kb = await started({ dir, embedder });
    expect((await top(kb, 'What languages can you speak?'))?.text).toMatch(/Chinese and Spanish\./);

    const file = path.join(dir, 'what-i-can-do.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('I can speak English, German, French, Chinese and Spanish.', 'I can speak English, German, French, Chinese, Spanish and Italian.'));
    embedder.reset();
    const hit = await top(kb, 'What languages can you speak?');
    expect(hit?.text).toMatch(/^I can speak English, German, French, Chinese, Spanish and Italian\./);
    expect(kb.lastRefresh).toMatchObject({ reason: 'question', changed: ['what-i-can-do.md'], embeddedFiles: ['what-i-can-do.md'], embedded: 1, rebuilt: false });
    // One section changed: one chunk embedded, then the question.
    expect(embedder.texts).toEqual([expect.stringMatching(/^What I can do — Languages\n\n.*\n\nI can speak English, German, French, Chinese, Spanish and Italian/), 'What languages can you speak?']);
  });

  it('adds new files and stops citing removed ones', async () => {
    const dir = copyRagFiles();
    const kb = await started({ dir, embedder: new LexicalEmbedder() });
    mkdirSync(path.join(dir, 'place'));
    writeFileSync(path.join(dir, 'place', 'opening-hours.md'), '# Opening hours\n\nThe reception is open from nine to five, Monday to Friday.\n');
    expect(await top(kb, 'When is the reception open? Opening hours?')).toMatchObject({ file: 'place/opening-hours.md', headings: ['Opening hours'] });
    expect(kb.lastRefresh).toMatchObject({ added: ['place/opening-hours.md'], embeddedFiles: ['place/opening-hours.md'] });

    rmSync(path.join(dir, 'privacy.md'));
    const after = await kb.search('How do I make you forget me? Where are my memories kept?', { log });
    expect(kb.lastRefresh).toMatchObject({ removed: ['privacy.md'], embedded: 0 });
    expect(after.hits.map((h) => h.file)).not.toContain('privacy.md');
    expect(kb.topics(100).some((t) => t.startsWith('What I remember and how to make me forget'))).toBe(false);
  });

  it('rebuilds everything for another embedder, and when the manifest is unreadable', async () => {
    const dir = copyRagFiles();
    const manifestFile = path.join(tempDir(), 'manifest.json');
    await started({ dir, embedder: new LexicalEmbedder(512), manifestFile });
    const other = new CountingEmbedder(new LexicalEmbedder(256));
    const kb = await started({ dir, embedder: other, manifestFile });
    expect(kb.lastRefresh).toMatchObject({ rebuilt: true, embedded: 90 });

    writeFileSync(manifestFile, '{"version": 1, "files": trunc');
    const again = new CountingEmbedder(new LexicalEmbedder(256));
    const rebuilt = await started({ dir, embedder: again, manifestFile });
    expect(rebuilt.lastRefresh).toMatchObject({ rebuilt: true, embedded: 90 });
    expect(JSON.parse(readFileSync(manifestFile, 'utf8'))).toMatchObject({ version: 1, embedder: { id: 'lexical:v1/d256', dims: 256 } });
  });

  it('picks up an edit from the folder watch, without waiting for a question', async () => {
    const dir = copyRagFiles();
    const kb = await started({ dir, embedder: new LexicalEmbedder(), watch: true, watchDebounceMs: 50, recheckMs: 3_600_000 });
    expect(kb.stats().watching).toBe(true);
    appendFileSync(path.join(dir, 'about-me.md'), '\n## My favourite colour\n\nMy favourite colour is teal, like the sea.\n');
    await expect.poll(() => kb.lastRefresh?.reason, { timeout: 10_000 }).toBe('watch');
    expect(kb.lastRefresh).toMatchObject({ changed: ['about-me.md'], embedded: 1 });
    expect(await top(kb, 'What is your favourite colour?')).toMatchObject({ headings: ['About me', 'My favourite colour'] });
  });

  it('watching, runs the periodic re-check beside a question, not in front of it', async () => {
    const dir = copyRagFiles();
    const kb = await started({ dir, embedder: new LexicalEmbedder(), watch: true, watchDebounceMs: 50, recheckMs: 1 });
    expect(kb.stats().watching).toBe(true);
    // The first question builds the word and variant indexes (a slice at a time) and starts a check.
    await top(kb, 'Where is the meeting room?');
    await expect.poll(() => kb.lastRefresh?.reason).toBe('question');
    const checked = kb.lastRefresh;
    expect((await top(kb, 'What languages can you speak?'))?.file).toBe('what-i-can-do.md');
    // Answered from the index as it was: the check this question started is still under way.
    expect(kb.lastRefresh).toBe(checked);
    await expect.poll(() => kb.lastRefresh).not.toBe(checked);
    expect(kb.lastRefresh).toMatchObject({ reason: 'question', added: [], changed: [], removed: [] });
  });

  it('waits for the periodic re-check when not watching: an edit within recheckMs is not seen yet', async () => {
    const dir = copyRagFiles();
    const kb = await started({ dir, embedder: new LexicalEmbedder(), recheckMs: 3_600_000 });
    appendFileSync(path.join(dir, 'about-me.md'), '\n## My favourite colour\n\nMy favourite colour is teal.\n');
    expect((await top(kb, 'What is your favourite colour?'))?.headings).not.toContain('My favourite colour');
    await kb.refresh('test');
    expect((await top(kb, 'What is your favourite colour?'))?.headings).toContain('My favourite colour');
  });

  it('says when the folder is missing, and indexes it once it appears', async () => {
    const root = tempDir();
    const dir = path.join(root, 'rag');
    const health = new Health();
    const kb = await started({ dir, embedder: new LexicalEmbedder(), health });
    expect(health.get('knowledge')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/no knowledge folder at .*rag/) });
    expect((await kb.search('anything', { log })).hits).toEqual([]);
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'faq.md'), '# FAQ\n\n## Parking\n\nVisitors park in the car park behind the building.\n');
    expect(await top(kb, 'Where can I park my car?')).toMatchObject({ file: 'faq.md', headings: ['FAQ', 'Parking'] });
  });

  it('leaves out files that are too large or not text, and hidden files', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'ok.md'), '# OK\n\nThe robot answers questions.\n');
    writeFileSync(path.join(dir, 'big.md'), `# Big\n\n${'x '.repeat(5_000)}\n`);
    writeFileSync(path.join(dir, 'binary.md'), Buffer.from([0xff, 0xfe, 0x00, 0x80]));
    writeFileSync(path.join(dir, '.draft.md'), '# Draft\n\nSecret.\n');
    writeFileSync(path.join(dir, 'notes.txt'), 'not markdown');
    const kb = await started({ dir, embedder: new LexicalEmbedder(), maxFileBytes: 4_000 });
    expect(kb.stats()).toMatchObject({ files: 1, chunks: 1 });
    expect(kb.lastRefresh?.skipped).toEqual([
      { file: 'big.md', reason: 'larger than 4000 bytes' },
      { file: 'binary.md', reason: 'not UTF-8 text' },
    ]);
  });
});
