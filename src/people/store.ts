import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { UserIdSchema } from '../bus/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { parseIdMap, serializeIdMap, type RawIdMap } from './id-map.js';
import { newUserId } from './ids.js';
import { applyFacts, newProfile, ProfileSchema, type Identity, type Profile, type ProfileFacts } from './profile.js';

export const ID_MAP_FILE = 'user_ids.json';
export const PROFILES_DIR = path.join('memory', 'user_profiles');
export const PROFILE_FILE = 'user_info.json';

export type ProfileRead = { status: 'ok'; profile: Profile } | { status: 'missing' } | { status: 'corrupt'; reason: string };

export interface ProfileStoreOptions {
  /** paths.data: the root shared with perception. */
  dataDir: string;
  log: Logger;
  health: Health;
  now?: () => Date;
}

/**
 * The profile store of SPEC section 4, on disk, shared with the perception process.
 *
 * Reads are synchronous (the files are small): MQTT handlers that switch users stay in arrival
 * order. Writes are serialised in this process and re-read the shared file right before writing,
 * so entries perception added in the meantime are kept. Every write is atomic (temp file, fsync,
 * rename). A corrupt or foreign file is reported and never trusted; before it would be replaced,
 * it is moved aside as `<file>.corrupt-<time>` for a person to look at.
 */
export class ProfileStore {
  readonly idsFile: string;
  readonly profilesDir: string;
  readonly #log: Logger;
  readonly #health: Health;
  readonly #now: () => Date;
  #writes: Promise<unknown> = Promise.resolve();
  readonly #reported = new Set<string>();

  constructor(private readonly options: ProfileStoreOptions) {
    this.idsFile = path.join(options.dataDir, ID_MAP_FILE);
    this.profilesDir = path.join(options.dataDir, PROFILES_DIR);
    this.#log = options.log.child({ component: 'people' });
    this.#health = options.health;
    this.#now = options.now ?? (() => new Date());
  }

  /** Creates the folders and says in health whether profiles can be kept. */
  start(): void {
    try {
      mkdirSync(this.profilesDir, { recursive: true });
      this.#health.set('people', 'ok', `${this.knownUsers().length} known people in ${this.options.dataDir}`);
    } catch (err) {
      this.#health.set('people', 'down', `cannot use ${this.profilesDir}: ${(err as Error).message}; profiles are not kept`);
    }
  }

  /** Everyone in user_ids.json; when that file is corrupt, everyone with a valid profile. */
  knownUsers(): Identity[] {
    const map = this.#readIdMap();
    return map.ok ? map.identities : this.#identitiesFromProfiles();
  }

  profileFile(userId: string): string {
    return path.join(this.#profileDir(userId), PROFILE_FILE);
  }

  read(userId: string): ProfileRead {
    const file = this.profileFile(userId);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
      return this.#corrupt(file, `cannot be read: ${(err as Error).message}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      return this.#corrupt(file, `not valid JSON (${(err as Error).message})`);
    }
    const parsed = ProfileSchema.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.#corrupt(file, `not a profile: ${issue?.path.join('.') || 'value'}: ${issue?.message}`);
    }
    if (parsed.data.user_id !== userId) return this.#corrupt(file, `foreign: it is the profile of "${parsed.data.user_id}"`);
    return { status: 'ok', profile: parsed.data };
  }

  /** The trusted profile, or null when there is none (missing, or corrupt and reported). */
  load(userId: string): Profile | null {
    const read = this.read(userId);
    return read.status === 'ok' ? read.profile : null;
  }

  /** Merges facts into the person's profile (creating it if needed) and keeps user_ids.json in step. */
  save(identity: Identity, facts: ProfileFacts): Promise<Profile> {
    return this.#serial(() => this.#saveNow(identity, facts));
  }

  /** A new person: a fresh id, a profile and an entry in user_ids.json. */
  create(name: string, facts: ProfileFacts): Promise<Profile> {
    return this.#serial(() => this.#saveNow({ user_id: newUserId(name, this.#takenIds()), user_name: name }, facts));
  }

  /** Perception stored a face: the id map follows (SPEC graph/face_stored). */
  setName(identity: Identity): Promise<void> {
    return this.#serial(() =>
      this.#updateIdMap((raw) => {
        raw[identity.user_id] = identity.user_name;
      }),
    );
  }

  /** Deletes everything the store holds about a person. Returns what was removed. */
  remove(userId: string): Promise<string[]> {
    return this.#serial(async () => {
      const removed: string[] = [];
      const dir = this.#profileDir(userId);
      if (existsSync(dir)) {
        await rm(dir, { recursive: true, force: true });
        removed.push(`profile folder ${dir}`);
      }
      const map = this.#readIdMap();
      if (map.ok && userId in map.raw) {
        await this.#updateIdMap((raw) => void delete raw[userId]);
        removed.push(`${ID_MAP_FILE} entry`);
      }
      // Copies set aside or left behind by an interrupted write may name the person too.
      for (const file of this.#idMapLeftovers()) {
        if (readFileSync(file, 'utf8').includes(userId)) {
          await rm(file, { force: true });
          removed.push(`leftover ${path.basename(file)}`);
        }
      }
      return removed;
    });
  }

  /** What the store still holds about a person: empty after `remove`. */
  traces(userId: string): string[] {
    const found: string[] = [];
    if (existsSync(this.#profileDir(userId))) found.push(`profile folder ${this.#profileDir(userId)}`);
    const map = this.#readIdMap();
    if (map.ok && userId in map.raw) found.push(`${ID_MAP_FILE} entry`);
    if (!map.ok && existsSync(this.idsFile) && readFileSync(this.idsFile, 'utf8').includes(userId)) found.push(ID_MAP_FILE);
    for (const file of this.#idMapLeftovers()) {
      if (readFileSync(file, 'utf8').includes(userId)) found.push(`leftover ${path.basename(file)}`);
    }
    return found;
  }

  async #saveNow(identity: Identity, facts: ProfileFacts): Promise<Profile> {
    const file = this.profileFile(identity.user_id);
    const read = this.read(identity.user_id);
    if (read.status === 'corrupt') this.#setAside(file);
    const profile = applyFacts(read.status === 'ok' ? read.profile : newProfile(identity), facts, this.#now());
    mkdirSync(path.dirname(file), { recursive: true });
    await this.#write(file, `${JSON.stringify(profile, null, 2)}\n`);
    await this.#updateIdMap((raw) => {
      if (raw[profile.user_id] !== profile.user_name) raw[profile.user_id] = profile.user_name;
    });
    return profile;
  }

  #profileDir(userId: string): string {
    // Ids arrive from MQTT and from files: never let one name a path outside the profiles folder.
    if (!UserIdSchema.safeParse(userId).success) throw new Error(`invalid user id ${JSON.stringify(userId)}`);
    return path.join(this.profilesDir, userId);
  }

  #serial<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#writes.then(job, job);
    this.#writes = result.catch(() => undefined);
    return result;
  }

  async #write(file: string, text: string): Promise<void> {
    try {
      await writeFileAtomic(file, text, { encoding: 'utf8' });
      if (this.#health.get('people')?.status !== 'ok') this.#health.set('people', 'ok', `profiles in ${this.options.dataDir}`);
    } catch (err) {
      this.#health.set('people', 'degraded', `cannot write ${file}: ${(err as Error).message}`);
      throw err;
    }
  }

  #readIdMap() {
    let text: string;
    try {
      text = readFileSync(this.idsFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return parseIdMap('{}');
      this.#corrupt(this.idsFile, `cannot be read: ${(err as Error).message}`);
      return { ok: false as const, reason: (err as Error).message };
    }
    const map = parseIdMap(text);
    if (!map.ok) this.#corrupt(this.idsFile, map.reason);
    else if (map.skipped.length) this.#reportOnce(`skipped:${map.skipped.join(',')}`, () =>
      this.#log.warn({ file: this.idsFile, entries: map.skipped.slice(0, 10) }, 'user_ids.json has entries that are not valid ids or names: ignored, kept on write'),
    );
    return map;
  }

  /** Re-reads user_ids.json right before writing, so that perception's entries are kept. */
  async #updateIdMap(change: (raw: RawIdMap) => void): Promise<void> {
    const map = this.#readIdMap();
    let raw: RawIdMap;
    if (map.ok) raw = { ...map.raw };
    else {
      this.#setAside(this.idsFile);
      raw = Object.fromEntries(this.#identitiesFromProfiles().map((i) => [i.user_id, i.user_name]));
      this.#log.warn({ file: this.idsFile, rebuilt: Object.keys(raw).length }, 'user_ids.json rebuilt from the profiles');
    }
    const before = serializeIdMap(raw);
    change(raw);
    const after = serializeIdMap(raw);
    if (map.ok && after === before) return;
    mkdirSync(path.dirname(this.idsFile), { recursive: true });
    await this.#write(this.idsFile, after);
  }

  #identitiesFromProfiles(): Identity[] {
    return this.#profileIds()
      .map((id) => this.load(id))
      .filter((p): p is Profile => p !== null)
      .map((p) => ({ user_id: p.user_id, user_name: p.user_name }));
  }

  #profileIds(): string[] {
    try {
      return readdirSync(this.profilesDir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && UserIdSchema.safeParse(e.name).success)
        .map((e) => e.name);
    } catch {
      return [];
    }
  }

  #takenIds(): Set<string> {
    const map = this.#readIdMap();
    return new Set([...(map.ok ? Object.keys(map.raw) : []), ...this.#profileIds()]);
  }

  /** Set-aside copies and temp files of interrupted writes, next to user_ids.json. */
  #idMapLeftovers(): string[] {
    try {
      return readdirSync(this.options.dataDir)
        .filter((name) => name.startsWith(`${ID_MAP_FILE}.`))
        .map((name) => path.join(this.options.dataDir, name))
        .filter((file) => statSync(file).isFile());
    } catch {
      return [];
    }
  }

  #corrupt(file: string, reason: string): { status: 'corrupt'; reason: string } {
    this.#reportOnce(`corrupt:${file}:${mtime(file)}`, () => {
      this.#health.count('corrupt_files');
      this.#log.error({ file, reason }, 'corrupt or foreign file: not trusted');
    });
    return { status: 'corrupt', reason };
  }

  #setAside(file: string): void {
    if (!existsSync(file)) return;
    const stamp = this.#now().toISOString().replace(/[:.]/g, '');
    let target = `${file}.corrupt-${stamp}`;
    for (let n = 1; existsSync(target); n++) target = `${file}.corrupt-${stamp}-${n}`;
    renameSync(file, target);
    this.#log.warn({ file, movedTo: target }, 'corrupt file moved aside before writing a new one');
  }

  #reportOnce(key: string, report: () => void): void {
    if (this.#reported.has(key)) return;
    this.#reported.add(key);
    report();
  }
}

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
