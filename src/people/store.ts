import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { ID_MAP_FILE, ProfileFiles, type ProfileRead } from './files.js';
import { serializeIdMap, type RawIdMap } from './id-map.js';
import { newUserId } from './ids.js';
import { applyFacts, newProfile, ProfileSchema, sameFacts, type Identity, type Profile, type ProfileFacts } from './profile.js';

export { ID_MAP_FILE, PROFILE_FILE, PROFILES_DIR } from './files.js';
export type { ProfileRead } from './files.js';

export interface ProfileStoreOptions {
  /** paths.data: the root shared with perception. */
  dataDir: string;
  log: Logger;
  health: Health;
  now?: () => Date;
}

/** Fields perception owns: at write time they are taken from the file, never from memory. */
const KNOWN_KEYS = new Set(Object.keys(ProfileSchema.shape));

/**
 * The profile store (user_ids.json and a folder per person), shared with the perception process.
 *
 * Writes are behind the conversation: `save` returns the new profile at once and queues an atomic
 * (temp file, fsync, rename) write, so a reply never waits for the disk. Until a write lands, the
 * store answers from memory, so this process always sees its own changes. Queued writes run one
 * at a time and re-read the shared file right before writing: entries and fields perception added
 * in the meantime are kept. A corrupt or foreign file is reported and never trusted; before it
 * would be replaced it is moved aside as `<file>.corrupt-<time>`. A failed write is logged and
 * shown in health (`people: degraded`); the profile stays in memory for this run.
 */
export class ProfileStore {
  readonly files: ProfileFiles;
  readonly #log: Logger;
  readonly #health: Health;
  readonly #now: () => Date;
  /** Profiles saved but not yet on disk. */
  readonly #profiles = new Map<string, Profile>();
  /** Id-map entries changed but not yet on disk (null: removed). */
  readonly #ids = new Map<string, string | null>();
  #version = 0;
  #known: { key: string; users: Identity[] } | null = null;
  #queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: ProfileStoreOptions) {
    this.#log = options.log.child({ component: 'people' });
    this.#health = options.health;
    this.#now = options.now ?? (() => new Date());
    this.files = new ProfileFiles(options.dataDir, this.#log, options.health, this.#now);
  }

  get idsFile(): string {
    return this.files.idsFile;
  }

  /** Creates the folders and says in health whether profiles can be kept. */
  start(): void {
    try {
      mkdirSync(this.files.profilesDir, { recursive: true });
      this.#health.set('people', 'ok', `${this.knownUsers().length} known people in ${this.options.dataDir}`);
    } catch (err) {
      this.#health.set('people', 'down', `cannot use ${this.files.profilesDir}: ${(err as Error).message}; profiles are not kept`);
    }
  }

  /**
   * Everyone in user_ids.json (when it is corrupt: everyone with a valid profile), with this
   * process's unwritten changes. The same array while nothing changed, so callers may cache on it.
   */
  knownUsers(): Identity[] {
    const key = `${this.files.idMapVersion()}:${this.#version}`;
    if (this.#known?.key === key) return this.#known.users;
    const map = this.files.readIdMap();
    const byId = new Map((map.ok ? map.identities : this.files.identitiesFromProfiles()).map((i) => [i.user_id, i.user_name]));
    for (const [id, name] of this.#ids) {
      if (name === null) byId.delete(id);
      else byId.set(id, name);
    }
    const users = [...byId].map(([user_id, user_name]) => ({ user_id, user_name }));
    this.#known = { key, users };
    return users;
  }

  /** The profile file as it is on disk. */
  read(userId: string): ProfileRead {
    return this.files.readProfile(userId);
  }

  /** The trusted profile (the latest saved, even if not yet on disk), or null. */
  load(userId: string): Profile | null {
    const pending = this.#profiles.get(userId);
    if (pending) return pending;
    const read = this.files.readProfile(userId);
    return read.status === 'ok' ? read.profile : null;
  }

  /** The person's profile with these facts merged in, as `save` would write it; nothing is written. */
  preview(identity: Identity, facts: ProfileFacts): Profile {
    return applyFacts(this.load(identity.user_id) ?? newProfile(identity), facts, this.#now());
  }

  /** An id nobody has (in user_ids.json, on disk, or waiting to be written) for someone new called `name`. */
  newId(name: string): string {
    const taken = new Set([...this.knownUsers().map((u) => u.user_id), ...this.files.profileIds(), ...this.#profiles.keys()]);
    return newUserId(name, taken);
  }

  /** Merges facts into the person's profile (creating it if needed); user_ids.json follows. */
  save(identity: Identity, facts: ProfileFacts): Profile {
    return this.#write(identity, facts, false);
  }

  /** Like `save`, and the profile (and user_ids.json) take the identity's name: a corrected name. */
  rename(identity: Identity, facts: ProfileFacts): Profile {
    return this.#write(identity, facts, true);
  }

  #write(identity: Identity, facts: ProfileFacts, rename: boolean): Profile {
    const loaded = this.load(identity.user_id);
    const current = loaded && rename ? { ...loaded, user_name: identity.user_name } : loaded;
    const profile = applyFacts(current ?? newProfile(identity), facts, this.#now());
    // The same facts told again: nothing to write, and last_updated keeps its meaning.
    const listed = this.knownUsers().some((u) => u.user_id === identity.user_id);
    if (current && loaded && listed && loaded.user_name === current.user_name && sameFacts(current, profile)) return current;
    this.#profiles.set(profile.user_id, profile);
    this.#ids.set(profile.user_id, profile.user_name);
    this.#changed();
    // A failure is reported by the queue (log, health); the caller has its profile either way.
    this.#enqueue(() => this.#writeProfile(profile)).catch(() => undefined);
    return profile;
  }

  /** Someone new: a fresh id, a profile and an entry in user_ids.json. */
  create(name: string, facts: ProfileFacts): Profile {
    return this.save({ user_id: this.newId(name), user_name: name }, facts);
  }

  /** Perception stored a face (graph/face_stored): the id map follows. */
  setName(identity: Identity): Promise<void> {
    this.#ids.set(identity.user_id, identity.user_name);
    this.#changed();
    return this.#enqueue(() => this.#writeIdMap(identity.user_id));
  }

  /** Resolves once every queued write has landed (or failed and been reported). */
  async flush(): Promise<void> {
    for (let tail = this.#queue; ; tail = this.#queue) {
      await tail;
      if (tail === this.#queue) return;
    }
  }

  /** Deletes everything the store holds about a person, after the writes queued before. */
  remove(userId: string): Promise<string[]> {
    this.files.profileDir(userId); // validates the id before anything is touched
    const unsaved = this.#profiles.delete(userId);
    this.#ids.set(userId, null);
    this.#changed();
    return this.#enqueue(async () => {
      const removed: string[] = unsaved ? ['unsaved profile in memory'] : [];
      const dir = this.files.profileDir(userId);
      if (existsSync(dir)) {
        await rm(dir, { recursive: true, force: true });
        removed.push(`profile folder ${dir}`);
      }
      const map = this.files.readIdMap();
      if (!map.ok || userId in map.raw) {
        await this.#writeIdMap(userId);
        if (map.ok) removed.push(`${ID_MAP_FILE} entry`);
      }
      // Copies set aside or left behind by an interrupted write may name the person too.
      for (const file of this.files.idMapLeftovers()) {
        if (readFileSync(file, 'utf8').includes(userId)) {
          await rm(file, { force: true });
          removed.push(`leftover ${path.basename(file)}`);
        }
      }
      if (this.#ids.get(userId) === null) this.#ids.delete(userId);
      this.#changed();
      return removed;
    });
  }

  /** What the store still holds about a person, on disk or in memory: empty after `remove`. */
  traces(userId: string): string[] {
    const found: string[] = [];
    if (this.#profiles.has(userId)) found.push('unsaved profile in memory');
    if (existsSync(this.files.profileDir(userId))) found.push(`profile folder ${this.files.profileDir(userId)}`);
    const map = this.files.readIdMap();
    if (map.ok && userId in map.raw) found.push(`${ID_MAP_FILE} entry`);
    if (!map.ok && existsSync(this.files.idsFile) && readFileSync(this.files.idsFile, 'utf8').includes(userId)) found.push(ID_MAP_FILE);
    for (const file of this.files.idMapLeftovers()) {
      if (readFileSync(file, 'utf8').includes(userId)) found.push(`leftover ${path.basename(file)}`);
    }
    return found;
  }

  #changed(): void {
    this.#version++;
  }

  #enqueue<T>(job: () => Promise<T>): Promise<T> {
    // A write begins once the turn that asked for it first waits (the reply's request on its way):
    // its synchronous start (the file as it is now read back, the folder made) ran in front of the
    // reply on an introduction's turn.
    const result = this.#queue.then(() => new Promise((resolve) => setImmediate(resolve))).then(job);
    this.#queue = result.then(
      () => this.#wrote(),
      (err: Error) => this.#failed(err),
    );
    return result;
  }

  #wrote(): void {
    if (this.#health.get('people')?.status !== 'ok') this.#health.set('people', 'ok', `profiles in ${this.options.dataDir}`);
  }

  #failed(err: Error): void {
    this.#log.error({ err: err.message }, 'profile write failed: kept in memory for this run only');
    this.#health.set('people', 'degraded', `cannot write profiles in ${this.options.dataDir}: ${err.message}`);
  }

  async #writeProfile(profile: Profile): Promise<void> {
    // Superseded by a later save (which has its own write queued) or forgotten meanwhile.
    if (this.#profiles.get(profile.user_id) !== profile) return;
    const file = this.files.profileFile(profile.user_id);
    const onDisk = this.files.readProfile(profile.user_id);
    if (onDisk.status === 'corrupt') this.files.setAside(file);
    // Perception's own fields and keys are taken from the file as it is now.
    const theirs = onDisk.status === 'ok' ? onDisk.profile : null;
    const extra = theirs ? Object.fromEntries(Object.entries(theirs).filter(([k]) => !KNOWN_KEYS.has(k))) : {};
    const merged = { ...profile, ...extra, face_image_path: theirs?.face_image_path ?? profile.face_image_path };
    mkdirSync(path.dirname(file), { recursive: true });
    await this.files.write(file, `${JSON.stringify(merged, null, 2)}\n`);
    await this.#writeIdMap(profile.user_id);
    // Only if no later save came in while this one was being written: that one is queued next.
    if (this.#profiles.get(profile.user_id) === profile) this.#profiles.delete(profile.user_id);
  }

  /** Writes this process's change to one id-map entry, merged into the file as it is now. */
  async #writeIdMap(userId: string): Promise<void> {
    if (!this.#ids.has(userId)) return;
    const name = this.#ids.get(userId);
    const map = this.files.readIdMap();
    let raw: RawIdMap;
    if (map.ok) raw = { ...map.raw };
    else {
      this.files.setAside(this.files.idsFile);
      raw = Object.fromEntries(this.files.identitiesFromProfiles().map((i) => [i.user_id, i.user_name]));
      this.#log.warn({ file: this.files.idsFile, rebuilt: Object.keys(raw).length }, 'user_ids.json rebuilt from the profiles');
    }
    const before = serializeIdMap(raw);
    if (name === null || name === undefined) delete raw[userId];
    else raw[userId] = name;
    const after = serializeIdMap(raw);
    if (!map.ok || after !== before) {
      mkdirSync(path.dirname(this.files.idsFile), { recursive: true });
      await this.files.write(this.files.idsFile, after);
    }
    if (name !== null && this.#ids.get(userId) === name) this.#ids.delete(userId);
    this.#changed();
  }
}
