import { afterEach, describe, expect, it } from 'vitest';
import { startEvalDaemon, type EvalDaemon } from '../../src/eval/daemon.js';
import { KnowledgeSeed } from '../../src/eval/knowledge-seed.js';
import { silentLogger } from '../../src/log/index.js';
import { ModelShelf } from '../../src/shared-models.js';
import { chromaCollections } from '../helpers/chroma.js';

const sharedChroma = chromaCollections();
const started: EvalDaemon[] = [];
const seeds: KnowledgeSeed[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((d) => d.stop()));
  for (const seed of seeds.splice(0)) seed.remove();
});

/** An eval daemon as the runner starts one for a visit, up once its knowledge is indexed. */
async function visitDaemon(people: Record<string, string>, knowledgeSeed: KnowledgeSeed, shelf: ModelShelf): Promise<EvalDaemon> {
  const own = await startEvalDaemon({ configFile: null, overrides: {}, ollamaUrl: null, chromaUrl: sharedChroma().url, people, log: silentLogger, knowledgeSeed, shelf });
  started.push(own);
  await own.daemon.knowledge!.ready();
  return own;
}

describe("the eval's daemons, one per visit in one process", () => {
  it('share the knowledge index and the intent model, and nothing of the visitors', async () => {
    const seed = new KnowledgeSeed();
    seeds.push(seed);
    const shelf = new ModelShelf();
    const first = await visitDaemon({ u_dana: 'Dana' }, seed, shelf);
    expect(first.daemon.knowledge!.lastRefresh).toMatchObject({ rebuilt: true, embedded: expect.any(Number) });
    expect(first.daemon.knowledge!.lastRefresh!.embedded).toBeGreaterThan(0);
    seed.keep(first.config);
    const dana = { user_id: 'u_dana', user_name: 'Dana' };
    expect(await first.daemon.dialogue.turns.submit({ text: 'I love hiking in the Alps.', speaker: dana })).toBeTruthy();

    const second = await visitDaemon({ u_omar: 'Omar' }, seed, shelf);
    // As after a restart: the files hashed, nothing chunked or embedded again; the model lent.
    expect(second.daemon.knowledge!.lastRefresh).toMatchObject({ rebuilt: false, added: [], changed: [], removed: [], embedded: 0 });
    expect(second.daemon.knowledge!.stats()).toMatchObject({ files: first.daemon.knowledge!.stats().files, chunks: first.daemon.knowledge!.stats().chunks });
    expect(shelf.loads).toBe(1);
    const asked = await second.daemon.dialogue.turns.submit({ text: 'What languages do you speak?' });
    expect(asked!.event.reply).toMatch(/English|German|Chinese/);

    // Nothing of the first visit's: its own data directory, collections, people, conversations, memories and logs.
    expect(second.dataDir).not.toBe(first.dataDir);
    expect(second.config.chroma.collectionPrefix).not.toBe(first.config.chroma.collectionPrefix);
    expect(second.daemon.people.store.knownUsers().map((u) => u.user_name)).toEqual(['Omar']);
    expect((await first.daemon.people.forgetting.traces('u_dana')).length).toBeGreaterThan(0);
    expect(await second.daemon.people.forgetting.traces('u_dana')).toEqual([]);
  }, 120_000);
});
