import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log/index.js';
import { Forgetting } from '../../../src/people/index.js';
import { VisualMemory } from '../../../src/visual-memory/index.js';
import { tempDir, testConfig } from '../../helpers/config.js';
import { testProfileStore } from '../../helpers/ports.js';
import { FIXTURE_USER, installSceneFixtures, sceneDir } from '../../helpers/scenes.js';

describe('forget-me across the stores of personal data', () => {
  it('deletes the profile with its remembered scenes and the scene index, and verifies nothing is left', async () => {
    const data = tempDir();
    installSceneFixtures(data);
    const store = testProfileStore(testConfig({ paths: { data } }));
    store.save({ user_id: FIXTURE_USER, user_name: 'Alice' }, { location: 'Bern' });
    await store.flush();
    const vm = new VisualMemory({ dataDir: data, cacheDir: path.join(data, 'cache'), encoder: null, settings: { threshold: 0.6, alpha: 0.7, lexicalThreshold: 0.15 }, log: silentLogger });
    expect((await vm.recall(FIXTURE_USER, 'Do you remember my red umbrella?', { log: silentLogger })).match).not.toBeNull();

    const forgetting = new Forgetting(silentLogger);
    forgetting.register({ name: 'profiles', forget: (id) => store.remove(id), traces: (id) => store.traces(id) });
    forgetting.register({ name: 'visual memory', forget: (id) => vm.forget(id), traces: (id) => vm.holds(id) });
    expect(await forgetting.traces(FIXTURE_USER)).toHaveLength(3); // folder, id-map entry, scene index

    const report = await forgetting.forget(FIXTURE_USER);
    expect(report).toMatchObject({ ok: true, remaining: [], failed: [] });
    expect(report.removed).toEqual(expect.arrayContaining([expect.stringMatching(/^profiles: profile folder/), 'profiles: user_ids.json entry', expect.stringMatching(/^visual memory: scene index \(\d+ scenes\)/)]));
    expect(existsSync(sceneDir(data, FIXTURE_USER))).toBe(false);
    expect((await vm.recall(FIXTURE_USER, 'Do you remember my red umbrella?', { log: silentLogger })).match).toBeNull();
  });

  it('reports a store that fails, and goes on with the others', async () => {
    const forgetting = new Forgetting(silentLogger);
    const done: string[] = [];
    forgetting.register({ name: 'broken', forget: () => Promise.reject(new Error('disk on fire')), traces: () => ['still there'] });
    forgetting.register({ name: 'fine', forget: (id) => (done.push(id), ['all of it']), traces: () => [] });
    expect(await forgetting.forget('bob')).toEqual({
      user_id: 'bob',
      ok: false,
      removed: ['fine: all of it'],
      remaining: ['broken: still there'],
      failed: [{ store: 'broken', error: 'disk on fire' }],
    });
    expect(done).toEqual(['bob']);
  });
});
