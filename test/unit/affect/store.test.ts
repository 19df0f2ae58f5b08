import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { advance, AffectFileSchema, affectParams, AffectStore, distance, elicit } from '../../../src/affect/index.js';
import { ConfigSchema } from '../../../src/config/index.js';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { tempDir } from '../../helpers/config.js';

const params = affectParams(ConfigSchema.parse({}).affect);
const T0 = new Date('2026-11-21T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

async function open(file: string, now = T0, health = new Health()) {
  return { store: await AffectStore.open({ file, params, now, log: silentLogger, health }), health };
}

describe('the affect state file', () => {
  it('starts at the default mood when there is no file, and says so', async () => {
    const { store, health } = await open(path.join(tempDir(), 'affect', 'state.json'));
    expect(store.current(T0).mood).toEqual(params.defaultMood);
    expect(health.get('affect')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/no saved state yet/) });
  });

  it('saves each committed state atomically, and the next start picks it up with the time that passed applied', async () => {
    const file = path.join(tempDir(), 'affect', 'state.json');
    const { store } = await open(file);
    const angry = elicit(store.current(at(1_000)), [{ emotion: 'anger', intensity: 0.9 }, { emotion: 'reproach', intensity: 0.6 }]);
    store.commit(angry);
    await store.flush();
    const saved = AffectFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    expect(saved).toMatchObject({ version: 1, at: at(1_000).toISOString(), emotions: angry.emotions, mood: angry.mood });
    expect(readdirSync(path.dirname(file))).toEqual(['state.json']); // no temp files left behind

    // Restarted 2 minutes later: the emotions have played out on the mood meanwhile.
    const { store: again, health } = await open(file, at(121_000));
    const expected = advance(angry, at(121_000).getTime(), params);
    expect(distance(again.current(at(121_000)).mood, expected.mood)).toBeLessThan(1e-12);
    expect(distance(expected.mood, params.defaultMood)).toBeGreaterThan(0.05);
    expect(health.get('affect')!.detail).toMatch(/restored from .*saved 2 min ago/);

    // Restarted after the robot was off for the whole return time: back at the default mood.
    const { store: muchLater } = await open(file, at(2 * 60_000 + 20 * 60_000));
    expect(muchLater.current(at(22 * 60_000)).mood).toEqual(params.defaultMood);
    expect(muchLater.current(at(22 * 60_000)).emotions).toEqual([]);
  });

  it('writes the first commit at once, then a burst only when the save interval has passed (or at flush), as its latest state', async () => {
    const file = path.join(tempDir(), 'state.json');
    const store = await AffectStore.open({ file, params, now: T0, log: silentLogger, health: new Health(), saveIntervalMs: 3_600_000 });
    let state = elicit(store.current(T0), [{ emotion: 'joy', intensity: 0.2 }]);
    store.commit(state);
    while (!existsSync(file)) await new Promise((r) => setTimeout(r, 5));
    const savedAt = () => AffectFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).at;
    expect(savedAt()).toBe(T0.toISOString());

    for (let i = 1; i <= 50; i++) {
      state = elicit(advance(state, T0.getTime() + i * 1_000, params), [{ emotion: 'joy', intensity: 0.2 }]);
      store.commit(state);
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(savedAt()).toBe(T0.toISOString()); // within the interval: not yet
    await store.flush();
    expect(savedAt()).toBe(at(50_000).toISOString());
    expect(AffectFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).emotions).toEqual(state.emotions);
  });

  const corrupt: [string, string][] = [
    ['not JSON', '{"version": 1, "mood": '],
    ['out of range', JSON.stringify({ version: 1, at: T0.toISOString(), saved_at: T0.toISOString(), mood: { pleasure: 3, arousal: 0, dominance: 0 }, emotions: [] })],
    ['an unknown emotion', JSON.stringify({ version: 1, at: T0.toISOString(), saved_at: T0.toISOString(), mood: { pleasure: 0, arousal: 0, dominance: 0 }, emotions: [{ emotion: 'ennui', intensity: 1 }] })],
  ];
  for (const [label, content] of corrupt) {
    it(`sets a corrupt file aside (${label}), reports it and starts at the default mood`, async () => {
      const dir = tempDir();
      const file = path.join(dir, 'state.json');
      writeFileSync(file, content);
      const { store, health } = await open(file);
      expect(store.current(T0).mood).toEqual(params.defaultMood);
      const files = readdirSync(dir);
      expect(files.some((f) => f.startsWith('state.json.corrupt-'))).toBe(true);
      expect(files).not.toContain('state.json');
      expect(readFileSync(path.join(dir, files.find((f) => f.startsWith('state.json.corrupt-'))!), 'utf8')).toBe(content); // kept intact
      expect(health.get('affect')!.detail).toMatch(/invalid .*moved to/);
      // and the next save works normally
      store.commit(elicit(store.current(T0), [{ emotion: 'joy', intensity: 0.5 }]));
      await store.flush();
      expect(AffectFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))).success).toBe(true);
    });
  }

  it('does not let a clock that went backwards run time backwards', async () => {
    const file = path.join(tempDir(), 'state.json');
    const { store } = await open(file, at(60_000));
    store.commit(elicit(store.current(at(60_000)), [{ emotion: 'fear', intensity: 0.8 }]));
    await store.flush();
    const { store: earlier } = await open(file, T0); // the clock now says one minute earlier
    expect(earlier.current(T0).emotions).toEqual([{ emotion: 'fear', intensity: 0.8 }]);
  });

  it('reports a failed save as degraded, keeps the state in memory, and recovers', async () => {
    const dir = tempDir();
    const blocker = path.join(dir, 'affect');
    writeFileSync(blocker, 'a file where the folder should be');
    const health = new Health();
    const { store } = await open(path.join(blocker, 'state.json'), T0, health);
    const state = elicit(store.current(T0), [{ emotion: 'joy', intensity: 0.7 }]);
    store.commit(state);
    await store.flush();
    expect(health.get('affect')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/cannot save/) });
    expect(store.current(T0).emotions).toEqual(state.emotions);
    // the folder becomes writable: the next commit saves and health recovers
    rmSync(blocker);
    mkdirSync(blocker);
    store.commit(state);
    await store.flush();
    expect(health.get('affect')!.status).toBe('ok');
  });
});
