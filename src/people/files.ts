import { existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { UserIdSchema } from './contract.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { parseIdMap, type ParsedIdMap } from './id-map.js';
import { ProfileSchema, type Identity, type Profile } from './profile.js';
import { oneLineZodError } from '../log/index.js';

export const ID_MAP_FILE = 'user_ids.json';
export const PROFILES_DIR = path.join('memory', 'user_profiles');
export const PROFILE_FILE = 'user_info.json';
/** How many profile reads are kept (see ProfileFiles.#reads). */
const KEPT_READS = 64;

export type ProfileRead = { status: 'ok'; profile: Profile } | { status: 'missing' } | { status: 'corrupt'; reason: string };

/**
 * The people files (user_ids.json and each user_info.json) as they are on disk right now: validated reads, corrupt or foreign
 * files reported (once per version of the file) and never trusted, atomic writes, set-asides.
 */
export class ProfileFiles {
  readonly idsFile: string;
  readonly profilesDir: string;
  readonly #reported = new Set<string>();
  /**
   * The last good read of each profile, by the file's version: a turn reads the current person's
   * profile several times (the name rules' preview, the save), and each read parsed and checked
   * the whole file again (1-2 ms of the introduction's turn before the reply). A file written
   * since (by this process, atomically, or by perception) has another version and is read again.
   */
  readonly #reads = new Map<string, { version: string; profile: Profile }>();

  constructor(
    readonly dataDir: string,
    private readonly log: Logger,
    private readonly health: Health,
    private readonly now: () => Date,
  ) {
    this.idsFile = path.join(dataDir, ID_MAP_FILE);
    this.profilesDir = path.join(dataDir, PROFILES_DIR);
  }

  profileDir(userId: string): string {
    // Ids arrive from MQTT and from files: never let one name a path outside the profiles folder.
    if (!UserIdSchema.safeParse(userId).success) throw new Error(`invalid user id ${JSON.stringify(userId)}`);
    return path.join(this.profilesDir, userId);
  }

  profileFile(userId: string): string {
    return path.join(this.profileDir(userId), PROFILE_FILE);
  }

  readProfile(userId: string): ProfileRead {
    const file = this.profileFile(userId);
    const version = versionOf(file);
    const known = this.#reads.get(userId);
    // A copy: the caller may change what it gets.
    if (version !== null && known?.version === version) return { status: 'ok', profile: structuredClone(known.profile) };
    this.#reads.delete(userId);
    const read = this.#readProfile(userId, file);
    if (read.status === 'ok' && version !== null) {
      // The people of the last visits: a robot that has met thousands keeps only these.
      if (this.#reads.size >= KEPT_READS) this.#reads.delete(this.#reads.keys().next().value!);
      this.#reads.set(userId, { version, profile: structuredClone(read.profile) });
    }
    return read;
  }

  #readProfile(userId: string, file: string): ProfileRead {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
      return this.corrupt(file, `cannot be read: ${(err as Error).message}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (err) {
      return this.corrupt(file, `not valid JSON (${(err as Error).message})`);
    }
    const parsed = ProfileSchema.safeParse(data);
    if (!parsed.success) {
      return this.corrupt(file, `not a profile: ${oneLineZodError(parsed.error)}`);
    }
    if (parsed.data.user_id !== userId) return this.corrupt(file, `foreign: it is the profile of "${parsed.data.user_id}"`);
    return { status: 'ok', profile: parsed.data };
  }

  readIdMap(): ParsedIdMap {
    let text: string;
    try {
      text = readFileSync(this.idsFile, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return parseIdMap('{}');
      this.corrupt(this.idsFile, `cannot be read: ${(err as Error).message}`);
      return { ok: false, reason: (err as Error).message };
    }
    const map = parseIdMap(text);
    if (!map.ok) this.corrupt(this.idsFile, map.reason);
    else if (map.skipped.length) {
      this.#once(`skipped:${map.skipped.join(',')}`, () =>
        this.log.warn({ file: this.idsFile, entries: map.skipped.slice(0, 10) }, 'user_ids.json has entries that are not valid ids or names: ignored, kept on write'),
      );
    }
    return map;
  }

  /** What identifies the id map's current version, to cache what was read from it. */
  idMapVersion(): string {
    return versionOf(this.idsFile) ?? 'none';
  }

  identitiesFromProfiles(): Identity[] {
    return this.profileIds()
      .map((id) => this.readProfile(id))
      .flatMap((r) => (r.status === 'ok' ? [{ user_id: r.profile.user_id, user_name: r.profile.user_name }] : []));
  }

  profileIds(): string[] {
    try {
      return readdirSync(this.profilesDir, { withFileTypes: true })
        .filter((e) => e.isDirectory() && UserIdSchema.safeParse(e.name).success)
        .map((e) => e.name);
    } catch {
      return [];
    }
  }

  /** Set-aside copies and temp files of interrupted writes, next to user_ids.json. */
  idMapLeftovers(): string[] {
    try {
      return readdirSync(this.dataDir)
        .filter((name) => name.startsWith(`${ID_MAP_FILE}.`))
        .map((name) => path.join(this.dataDir, name))
        .filter((file) => statSync(file).isFile());
    } catch {
      return [];
    }
  }

  async write(file: string, text: string): Promise<void> {
    await writeFileAtomic(file, text, { encoding: 'utf8' });
  }

  /** Moves a corrupt file out of the way (kept for a person to look at) before a new one is written. */
  setAside(file: string): void {
    if (!existsSync(file)) return;
    const stamp = this.now().toISOString().replace(/[:.]/g, '');
    let target = `${file}.corrupt-${stamp}`;
    for (let n = 1; existsSync(target); n++) target = `${file}.corrupt-${stamp}-${n}`;
    renameSync(file, target);
    this.log.warn({ file, movedTo: target }, 'corrupt file moved aside before writing a new one');
  }

  corrupt(file: string, reason: string): { status: 'corrupt'; reason: string } {
    let version = 0;
    try {
      version = statSync(file).mtimeMs;
    } catch {
      // gone meanwhile: report it under version 0
    }
    this.#once(`corrupt:${file}:${version}`, () => {
      this.health.count('corrupt_files');
      this.log.error({ file, reason }, 'corrupt or foreign file: not trusted');
    });
    return { status: 'corrupt', reason };
  }

  #once(key: string, report: () => void): void {
    if (this.#reported.has(key)) return;
    this.#reported.add(key);
    report();
  }
}

/** A file's version (modification time, size and inode: an atomic write makes a new file), or null when it cannot be seen. */
function versionOf(file: string): string | null {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return null;
  }
}
