import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../../src/embeddings/index.js';
import type { KnowledgeBase } from '../../../src/knowledge/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { copyRagFiles, knowledgeBase } from '../../helpers/knowledge.js';

const open: KnowledgeBase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((kb) => kb.close()));
});

async function started(dir: string): Promise<KnowledgeBase> {
  const kb = knowledgeBase({ dir, embedder: new LexicalEmbedder() });
  open.push(kb);
  await kb.start();
  await kb.ready();
  return kb;
}

describe('the words of knowledge texts, read once per process', () => {
  it('a second knowledge base of the same files (another daemon in the process) reads no words again, answers the same and only from its own files', async () => {
    // A section no earlier test of this worker can have read (the files share one module cache).
    const room = `room ${randomUUID().slice(0, 8)}`;
    const section = `# The quiet room\n\nQuestions: Where is the quiet room?\n\nThe quiet room is ${room}, next to the library.\n`;
    const [a, b] = [copyRagFiles(), copyRagFiles()];
    for (const dir of [a, b]) writeFileSync(`${dir}/quiet-room.md`, section);
    const first = await started(a);
    const asked = await first.search('Where is the quiet room?', { log: silentLogger });
    expect(asked.hits[0]?.file).toBe('quiet-room.md');
    expect(first.stats().textsRead).toBeGreaterThan(0);

    const second = await started(b);
    expect(await second.search('Where is the quiet room?', { log: silentLogger })).toMatchObject({ hits: asked.hits });
    expect(second.stats()).toMatchObject({ indexBuilds: 1, textsRead: 0 });

    // Its own files: a section added to the second folder is no section of the first's.
    writeFileSync(`${b}/roof-garden.md`, `# The roof garden\n\nThe roof garden on the ${randomUUID().slice(0, 8)} floor has benches.\n`);
    const garden = await second.search('Is there a roof garden?', { log: silentLogger });
    expect(garden.hits[0]?.file).toBe('roof-garden.md');
    // Only the new section's texts were read: its words, what it is asked (its heading), its heading as a variant.
    expect(second.stats()).toMatchObject({ indexBuilds: 2 });
    expect(second.stats().textsRead).toBeGreaterThan(0);
    expect(second.stats().textsRead).toBeLessThanOrEqual(3);
    expect((await first.search('Is there a roof garden?', { log: silentLogger })).hits.map((h) => h.file)).not.toContain('roof-garden.md');
  });
});
