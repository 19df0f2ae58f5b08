import type { Config } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import type { SessionUser } from './decide.js';
import { Forgetting } from './forget.js';
import { initialPresence, onDetection, type Detection, type PresenceAction } from './presence.js';
import type { Identity, Profile, ProfileFacts } from './profile.js';
import { ProfileStore } from './store.js';

/** What the memory-update agent may do with people's profiles (ports.people). */
export interface PeoplePort {
  /** Everyone in user_ids.json (valid entries). */
  knownUsers(): Identity[];
  /** A trusted profile, or null (none, or corrupt and reported). */
  load(userId: string): Profile | null;
  /** The person's profile with these facts merged in, as `save` would write it; nothing is written. */
  preview(identity: Identity, facts: ProfileFacts): Profile;
  /** A free id for someone new called `name` (not reserved: `save` it to keep it). */
  newId(name: string): string;
  /**
   * Merges facts into the person's profile, creating it if needed; user_ids.json follows. Returns
   * at once: the write is queued (atomic, in order), and a failed write is reported in health.
   */
  save(identity: Identity, facts: ProfileFacts): Profile;
  /** Someone new: a fresh id and profile (written like `save`). */
  create(name: string, facts: ProfileFacts): Profile;
  /** The person's profile under a corrected name (a name misheard or mistaken), facts merged in; written like `save`. */
  rename(identity: Identity, facts: ProfileFacts): Profile;
}

export interface PeopleOptions {
  config: Config;
  log: Logger;
  health: Health;
  now?: () => Date;
}

/** The blackboard's view of a profile. */
export function userOfProfile(profile: Profile): SessionUser {
  return {
    user_id: profile.user_id,
    user_name: profile.user_name,
    current_company: profile.current_company,
    current_position: profile.current_position,
    location: profile.location,
    hobbies: profile.hobbies,
    interests: profile.interests,
  };
}

/**
 * The people capability as the daemon holds it: the profile store (the agents' port), who is in
 * front of the robot according to perception, and forget-me across every store of personal data.
 */
export class People {
  readonly store: ProfileStore;
  readonly forgetting: Forgetting;
  readonly #config: Config['people'];
  readonly #log: Logger;
  readonly #now: () => Date;
  #presence = initialPresence;

  constructor(options: PeopleOptions) {
    this.#config = options.config.people;
    this.#log = options.log.child({ component: 'people' });
    this.#now = options.now ?? (() => new Date());
    this.store = new ProfileStore({ dataDir: options.config.paths.data, log: options.log, health: options.health, now: this.#now });
    this.forgetting = new Forgetting(this.#log);
    this.forgetting.register({
      name: 'profiles',
      forget: (id) => this.store.remove(id),
      traces: (id) => this.store.traces(id),
    });
  }

  start(): void {
    this.store.start();
  }

  get port(): PeoplePort {
    return this.store;
  }

  /** Perception's report of who is there, turned into what the brain should do. */
  detected(detection: Detection, currentUserId: string | null): PresenceAction {
    const { action, state } = onDetection(this.#presence, detection, this.#config.detection, this.#now().getTime(), currentUserId);
    this.#presence = state;
    if (action.kind === 'ignore') this.#log.debug({ user_id: detection.user_id, reason: action.reason }, 'detection ignored');
    else if (action.kind !== 'same') this.#log.info({ user_id: detection.user_id, action: action.kind }, 'person in front of the robot changed');
    return action;
  }

  /** The blackboard user for a known id: their profile, else the name perception gave. */
  userFor(userId: string, fallbackName: string): SessionUser {
    const profile = this.store.load(userId);
    if (profile) return userOfProfile(profile);
    const known = this.store.knownUsers().find((u) => u.user_id === userId);
    return { user_id: userId, user_name: known?.user_name ?? (fallbackName.trim() || null) };
  }

  /** Perception stored a face under this id and name: user_ids.json follows. */
  faceStored(identity: Identity): Promise<void> {
    return this.store.setName(identity);
  }
}
