import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LexicalEmbedder } from '../../../src/embeddings/index.js';
import type { KnowledgeBase } from '../../../src/knowledge/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { copyRagFiles, knowledgeBase } from '../../helpers/knowledge.js';

// Counts the word and variant indexes built: each costs hundreds of milliseconds on a large folder,
// in the question's turn.
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/knowledge/hybrid.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/knowledge/hybrid.js')>();
  class CountedHybridIndex extends real.HybridIndex {
    constructor(...args: ConstructorParameters<typeof real.HybridIndex>) {
      super(...args);
      built.count++;
    }
  }
  return { ...real, HybridIndex: CountedHybridIndex };
});

const open: KnowledgeBase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((kb) => kb.close()));
});

describe('the knowledge base re-checking its folder before a question', () => {
  it('keeps its search indexes when nothing changed, and builds them again after an edit', async () => {
    const dir = copyRagFiles();
    // recheckMs 0: every question re-reads the folder first, as a question does every 10 s by default.
    const kb = knowledgeBase({ dir, embedder: new LexicalEmbedder(), recheckMs: 0 });
    open.push(kb);
    await kb.start();
    await kb.ready();
    built.count = 0;
    const first = await kb.search('What languages can you speak?', { log: silentLogger });
    expect(first.hits[0]?.file).toBe('what-i-can-do.md');
    await kb.search('Where is the meeting room?', { log: silentLogger });
    await kb.search('Can I interrupt you?', { log: silentLogger });
    expect(kb.lastRefresh).toMatchObject({ reason: 'question', added: [], changed: [], removed: [] });
    expect(built.count).toBe(1);

    writeFileSync(`${dir}/opening-hours.md`, '# Opening hours\n\nThe building opens at seven in the morning.\n');
    const after = await kb.search('When does the building open?', { log: silentLogger });
    expect(after.hits[0]?.file).toBe('opening-hours.md');
    expect(built.count).toBe(2);
  });
});
