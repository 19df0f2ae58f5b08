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

describe('the knowledge base re-checking its folder before a question', () => {
  it('keeps its word and variant indexes when nothing changed, and builds them again after an edit', async () => {
    const dir = copyRagFiles();
    // recheckMs 0: every question re-reads the folder first, as a question does every 10 s by default.
    const kb = knowledgeBase({ dir, embedder: new LexicalEmbedder(), recheckMs: 0 });
    open.push(kb);
    await kb.start();
    await kb.ready();
    const first = await kb.search('What languages can you speak?', { log: silentLogger });
    expect(first.hits[0]?.file).toBe('what-i-can-do.md');
    const built = kb.stats().indexBuilds;
    expect(built).toBe(1);
    await kb.search('Where is the meeting room?', { log: silentLogger });
    await kb.search('Can I interrupt you?', { log: silentLogger });
    expect(kb.lastRefresh).toMatchObject({ reason: 'question', added: [], changed: [], removed: [] });
    expect(kb.stats().indexBuilds).toBe(1);

    writeFileSync(`${dir}/opening-hours.md`, '# Opening hours\n\nThe building opens at seven in the morning.\n');
    const after = await kb.search('When does the building open?', { log: silentLogger });
    expect(after.hits[0]?.file).toBe('opening-hours.md');
    expect(kb.stats().indexBuilds).toBe(2);
  });
});
