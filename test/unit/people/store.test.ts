import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { ProfileSchema, ProfileStore } from '../../../src/people/index.js';
import { tempDir } from '../../helpers/config.js';

const NOW = new Date('2026-11-21T10:00:00.000Z');

function store(dataDir = tempDir()) {
  const health = new Health();
  const s = new ProfileStore({ dataDir, log: silentLogger, health, now: () => NOW });
  s.start();
  return { store: s, health, dataDir };
}

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

function seedProfile(dataDir: string, id: string, body: unknown) {
  const dir = path.join(dataDir, 'memory', 'user_profiles', id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'user_info.json'), typeof body === 'string' ? body : JSON.stringify(body));
}

describe('the profile store (the layout shared with perception)', () => {
  it('writes user_ids.json and memory/user_profiles/<id>/user_info.json with every profile field', async () => {
    const { store: s, dataDir, health } = store();
    const profile = s.save({ user_id: 'alice_01', user_name: 'Alice' }, { current_company: 'Acme', hobbies: ['chess'] });
    await s.flush();
    expect(readJson(path.join(dataDir, 'user_ids.json'))).toEqual({ alice_01: 'Alice' });
    const file = readJson(path.join(dataDir, 'memory/user_profiles/alice_01/user_info.json'));
    expect(file).toEqual({
      user_id: 'alice_01',
      user_name: 'Alice',
      current_company: 'Acme',
      current_position: null,
      location: null,
      hobbies: ['chess'],
      interests: [],
      face_image_path: null,
      last_updated: NOW.toISOString(),
    });
    expect(profile).toEqual(ProfileSchema.parse(file));
    expect(health.get('people')?.status).toBe('ok');
  });

  it('merges facts: later single values win, lists grow without duplicates (case and spaces ignored)', async () => {
    const { store: s } = store();
    const id = { user_id: 'bob', user_name: 'Bob' };
    s.save(id, { current_company: 'Acme', hobbies: ['Rock  Climbing', 'chess'], interests: ['jazz'] });
    const after = s.save(id, { current_company: 'Globex', hobbies: ['rock climbing', 'CHESS', 'golf'], interests: ['Jazz ', 'AI'] });
    expect(after).toMatchObject({ current_company: 'Globex', hobbies: ['Rock Climbing', 'chess', 'golf'], interests: ['jazz', 'AI'] });
    // Accents fold too: the first spelling said is the one kept.
    const eve = { user_id: 'eve', user_name: 'Eve' };
    s.save(eve, { hobbies: ['Éclair'] });
    expect(s.save(eve, { hobbies: ['eclair', 'ÉCLAIR'] })?.hobbies).toEqual(['Éclair']);
  });

  it('does not rewrite a profile when nothing new was said (last_updated keeps its meaning)', async () => {
    let now = new Date('2026-11-21T10:00:00.000Z');
    const dataDir = tempDir();
    const s = new ProfileStore({ dataDir, log: silentLogger, health: new Health(), now: () => now });
    s.start();
    const id = { user_id: 'alex', user_name: 'Alex' };
    s.save(id, { current_company: 'Siemens', hobbies: ['chess'] });
    await s.flush();
    now = new Date('2026-11-22T10:00:00.000Z');
    expect(s.save(id, { current_company: 'Siemens', hobbies: ['Chess'] }).last_updated).toBe('2026-11-21T10:00:00.000Z');
    expect(s.save(id, { location: 'Munich' }).last_updated).toBe('2026-11-22T10:00:00.000Z');
    await s.flush();
    expect(s.read('alex')).toMatchObject({ profile: { location: 'Munich', last_updated: '2026-11-22T10:00:00.000Z' } });
  });

  it("keeps what perception wrote: its id-map entries and its own profile fields", async () => {
    const { store: s, dataDir } = store();
    s.save({ user_id: 'alice_01', user_name: 'Alice' }, {});
    await s.flush();
    // perception adds a person and a face path behind the daemon's back
    writeFileSync(path.join(dataDir, 'user_ids.json'), JSON.stringify({ alice_01: 'Alice', perc_7: 'Pat' }));
    seedProfile(dataDir, 'alice_01', { ...readJson(path.join(dataDir, 'memory/user_profiles/alice_01/user_info.json')), face_image_path: '/faces/a.jpg', embedding_version: 3 });
    s.save({ user_id: 'carol', user_name: 'Carol' }, {});
    s.save({ user_id: 'alice_01', user_name: 'Alice' }, { location: 'Bern' });
    await s.flush();
    expect(readJson(path.join(dataDir, 'user_ids.json'))).toEqual({ alice_01: 'Alice', perc_7: 'Pat', carol: 'Carol' });
    expect(readJson(path.join(dataDir, 'memory/user_profiles/alice_01/user_info.json'))).toMatchObject({
      location: 'Bern',
      face_image_path: '/faces/a.jpg',
      embedding_version: 3,
    });
  });

  it('reads a profile again once it changed on disk, and a caller changing what it got changes no later read', () => {
    const { store: s, dataDir } = store();
    seedProfile(dataDir, 'dana', { user_id: 'dana', user_name: 'Dana', location: 'Bern', hobbies: ['chess'] });
    const first = s.load('dana')!;
    first.hobbies.push('go');
    first.location = 'Oslo';
    expect(s.load('dana')).toMatchObject({ location: 'Bern', hobbies: ['chess'] });
    // perception rewrites the file in place (same inode), with another length
    seedProfile(dataDir, 'dana', { user_id: 'dana', user_name: 'Dana', location: 'Basel', hobbies: ['chess'], face_image_path: '/faces/d.jpg' });
    expect(s.load('dana')).toMatchObject({ location: 'Basel', face_image_path: '/faces/d.jpg' });
    rmSync(path.join(dataDir, 'memory/user_profiles/dana/user_info.json'));
    expect(s.load('dana')).toBeNull();
  });

  it('reads what the reference robot writes ("" and null for unknown)', () => {
    const { store: s, dataDir } = store();
    seedProfile(dataDir, 'ref', { user_id: 'ref', user_name: 'Ref', current_company: '', location: null, hobbies: null, face_image_path: '' });
    expect(s.load('ref')).toMatchObject({ current_company: null, location: null, hobbies: [], interests: [], face_image_path: null });
  });

  it('does not trust a corrupt or foreign profile; reports it once, and moves it aside before writing', async () => {
    const { store: s, dataDir, health } = store();
    seedProfile(dataDir, 'broken', '{"user_id": "broken", "user_na');
    seedProfile(dataDir, 'other', { user_id: 'someone_else', user_name: 'Eve' });
    seedProfile(dataDir, 'weird', [1, 2, 3]);
    expect(s.read('broken')).toMatchObject({ status: 'corrupt', reason: expect.stringMatching(/not valid JSON/) });
    expect(s.read('other')).toMatchObject({ status: 'corrupt', reason: expect.stringMatching(/foreign/) });
    expect(s.read('weird').status).toBe('corrupt');
    expect(s.load('broken')).toBeNull();
    expect(health.counter('corrupt_files')).toBe(3); // reported once each, however often read

    s.save({ user_id: 'broken', user_name: 'Bea' }, { location: 'Oslo' });
    await s.flush();
    const dir = path.join(dataDir, 'memory/user_profiles/broken');
    const aside = readdirSync(dir).filter((f) => f.startsWith('user_info.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(dir, aside[0]!), 'utf8')).toBe('{"user_id": "broken", "user_na');
    expect(s.load('broken')).toMatchObject({ user_name: 'Bea', location: 'Oslo' });
  });

  it('a corrupt user_ids.json: known people come from the profiles; it is set aside and rebuilt on the next write', async () => {
    const { store: s, dataDir } = store();
    seedProfile(dataDir, 'alice_01', { user_id: 'alice_01', user_name: 'Alice' });
    writeFileSync(path.join(dataDir, 'user_ids.json'), '["not", "a", "map"]');
    expect(s.knownUsers()).toEqual([{ user_id: 'alice_01', user_name: 'Alice' }]);
    s.save({ user_id: 'bob', user_name: 'Bob' }, {});
    expect(s.knownUsers()).toEqual([{ user_id: 'alice_01', user_name: 'Alice' }, { user_id: 'bob', user_name: 'Bob' }]);
    await s.flush();
    expect(readJson(path.join(dataDir, 'user_ids.json'))).toEqual({ alice_01: 'Alice', bob: 'Bob' });
    expect(readdirSync(dataDir).filter((f) => f.startsWith('user_ids.json.corrupt-'))).toHaveLength(1);
  });

  it('ignores id-map entries that are not valid ids or names, but never drops them', async () => {
    const { store: s, dataDir } = store();
    writeFileSync(path.join(dataDir, 'user_ids.json'), JSON.stringify({ '../etc': 'Evil', ok_1: 'Ok', num: 5, empty: '' }));
    expect(s.knownUsers()).toEqual([{ user_id: 'ok_1', user_name: 'Ok' }]);
    await s.setName({ user_id: 'new_1', user_name: 'New' });
    expect(readJson(path.join(dataDir, 'user_ids.json'))).toEqual({ '../etc': 'Evil', ok_1: 'Ok', num: 5, empty: '', new_1: 'New' });
    expect(() => s.load('../etc')).toThrow(/invalid user id/);
  });

  it('creates new people under fresh, unique ids', async () => {
    const { store: s, dataDir } = store();
    const [a, b] = [s.create('Ann Lee', { location: 'Seoul' }), s.create('Ann Lee', {})];
    await s.flush();
    expect(a.user_id).toMatch(/^ann-lee-[0-9a-f]{6}$/);
    expect(b.user_id).not.toBe(a.user_id);
    expect(readJson(path.join(dataDir, 'user_ids.json'))).toEqual({ [a.user_id]: 'Ann Lee', [b.user_id]: 'Ann Lee' });
    expect(s.load(a.user_id)).toMatchObject({ location: 'Seoul' });
  });

  it('writes behind the conversation, in order: none is lost, and its own changes are seen at once', async () => {
    const { store: s, dataDir } = store();
    const id = { user_id: 'busy', user_name: 'Busy' };
    for (let i = 0; i < 20; i++) s.save(id, { hobbies: [`hobby ${i}`] });
    expect(s.load('busy')?.hobbies).toHaveLength(20); // from memory, before the disk
    expect(s.knownUsers()).toEqual([id]);
    await s.flush();
    expect(s.read('busy')).toMatchObject({ status: 'ok', profile: { hobbies: expect.arrayContaining(['hobby 0', 'hobby 19']) } });
    expect((s.read('busy') as { profile: { hobbies: string[] } }).profile.hobbies).toHaveLength(20);
    await Promise.all(Array.from({ length: 10 }, (_, i) => s.setName({ user_id: `p${i}`, user_name: `P${i}` })));
    expect(Object.keys(readJson(path.join(dataDir, 'user_ids.json')))).toHaveLength(11);
  });

  it('removes everything about a person, and finds no trace afterwards', async () => {
    const { store: s, dataDir } = store();
    s.save({ user_id: 'alice_01', user_name: 'Alice' }, { location: 'Bern' });
    s.save({ user_id: 'bob', user_name: 'Bob' }, {});
    await s.flush();
    writeFileSync(path.join(dataDir, 'user_ids.json.corrupt-old'), '{"alice_01": "Alice", "bob": ');
    expect(s.traces('alice_01')).toHaveLength(3);
    const removed = await s.remove('alice_01');
    expect(removed).toEqual([expect.stringMatching(/profile folder/), 'user_ids.json entry', 'leftover user_ids.json.corrupt-old']);
    expect(s.traces('alice_01')).toEqual([]);
    expect(existsSync(path.join(dataDir, 'memory/user_profiles/alice_01'))).toBe(false);
    expect(readJson(path.join(dataDir, 'user_ids.json'))).toEqual({ bob: 'Bob' });
    expect(await s.remove('alice_01')).toEqual([]);
  });

  it('a save made while an earlier write of the same profile is on its way is not lost', async () => {
    const { store: s } = store();
    const id = { user_id: 'eve', user_name: 'Eve' };
    for (let round = 0; round < 5; round++) {
      s.save(id, { hobbies: [`first ${round}`] });
      await new Promise((r) => setImmediate(r)); // the first write has started
      s.save(id, { hobbies: [`second ${round}`] });
      await s.flush();
      expect(s.read('eve')).toMatchObject({ profile: { hobbies: expect.arrayContaining([`first ${round}`, `second ${round}`]) } });
    }
  });

  it('forgets a person even while their profile is still being written', async () => {
    const { store: s, dataDir } = store();
    s.save({ user_id: 'quick', user_name: 'Quick' }, { location: 'Rome' });
    expect(await s.remove('quick')).toEqual(['unsaved profile in memory']); // it never reached the disk
    await s.flush();
    expect(s.traces('quick')).toEqual([]);
    expect(s.knownUsers()).toEqual([]);
    expect(existsSync(path.join(dataDir, 'user_ids.json'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'memory/user_profiles/quick'))).toBe(false);
  });

  it('a failed write is reported in health; the profile stays in memory for this run', async () => {
    const { store: s, dataDir, health } = store();
    const profiles = path.join(dataDir, 'memory', 'user_profiles');
    rmSync(profiles, { recursive: true });
    writeFileSync(profiles, 'in the way'); // root ignores permissions; a file in the way stops every write
    s.save({ user_id: 'zed', user_name: 'Zed' }, { location: 'Riga' });
    await s.flush();
    expect(health.get('people')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/cannot write profiles/) });
    expect(s.load('zed')).toMatchObject({ location: 'Riga' });
    rmSync(profiles);
    s.save({ user_id: 'zed', user_name: 'Zed' }, { hobbies: ['go'] });
    await s.flush();
    expect(health.get('people')?.status).toBe('ok');
    expect(s.read('zed')).toMatchObject({ status: 'ok', profile: { location: 'Riga', hobbies: ['go'] } });
  });

  it('says in health when the data directory cannot be used', () => {
    const file = path.join(tempDir(), 'not-a-dir');
    writeFileSync(file, 'x');
    const { health } = store(file);
    expect(health.get('people')).toMatchObject({ status: 'down', detail: expect.stringMatching(/profiles are not kept/) });
  });
});
