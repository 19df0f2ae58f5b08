import { z } from 'zod';
import { UserIdSchema } from './contract.js';

/**
 * A person's profile as stored in `memory/user_profiles/<user_id>/user_info.json`,
 * a file shared with the perception process. Reading is lenient about what the reference robot
 * writes for "unknown" ("" or null, a missing list) but strict about identity; unknown keys that
 * perception adds are kept, so that writing a profile never drops someone else's data.
 */

const Text = z.string().trim().max(200);
/** "" and null both mean "not known". */
const OptionalText = z
  .union([Text, z.null()])
  .optional()
  .transform((v) => (v ? v : null));
const TextList = z
  .union([z.array(Text), z.null()])
  .optional()
  .transform((v) => (v ?? []).filter(Boolean));

export const ProfileSchema = z.looseObject({
  user_id: UserIdSchema,
  user_name: Text.min(1),
  current_company: OptionalText,
  current_position: OptionalText,
  location: OptionalText,
  hobbies: TextList,
  interests: TextList,
  face_image_path: z.union([z.string(), z.null()]).optional().transform((v) => v || null),
  last_updated: z.union([z.string(), z.null()]).optional().transform((v) => v || null),
  /** When a single value was superseded by a newer one (the latest last); absent until one is. */
  fact_changes: z
    .array(z.object({ field: z.string().max(40), from: Text, to: Text, changed_at: z.string().max(40) }))
    .max(100)
    .optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** A known person: an entry of `user_ids.json`. */
export const IdentitySchema = z.object({ user_id: UserIdSchema, user_name: z.string().min(1).max(200) });
export type Identity = z.infer<typeof IdentitySchema>;

/** What a person can tell about themselves besides their name. Absent: not said. */
export const ProfileFactsSchema = z.object({
  current_company: z.string().nullable().optional(),
  current_position: z.string().nullable().optional(),
  location: z.string().nullable().optional(),
  hobbies: z.array(z.string()).optional(),
  interests: z.array(z.string()).optional(),
});
export type ProfileFacts = z.infer<typeof ProfileFactsSchema>;
export type FactChange = NonNullable<Profile['fact_changes']>[number];
/** The changes a profile keeps: enough to tell when a job or a city changed, bounded for the file. */
const MAX_FACT_CHANGES = 20;

export const FACT_KEYS = ['current_company', 'current_position', 'location', 'hobbies', 'interests'] as const;
const SCALAR_KEYS = ['current_company', 'current_position', 'location'] as const;
const LIST_KEYS = ['hobbies', 'interests'] as const;

/** Case-, accent- and space-insensitive key: "Rock  Climbing" and "rock climbing" are one hobby. */
export function listKey(item: string): string {
  return item
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim();
}

/** Appends the new items that are not there yet; the first spelling of an item wins. */
function mergeList(existing: readonly string[], incoming: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of [...existing, ...incoming]) {
    const item = raw.trim().replace(/\s+/g, ' ');
    const key = listKey(item);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** Later facts win for single values (people change jobs); lists accumulate. */
export function mergeFacts(...all: readonly ProfileFacts[]): ProfileFacts {
  const out: ProfileFacts = {};
  for (const facts of all) {
    for (const key of SCALAR_KEYS) {
      const value = facts[key]?.trim();
      if (value) out[key] = value;
    }
    for (const key of LIST_KEYS) {
      const items = facts[key];
      if (items?.length) out[key] = mergeList(out[key] ?? [], items);
    }
  }
  return out;
}

export function hasFacts(facts: ProfileFacts): boolean {
  return FACT_KEYS.some((key) => {
    const value = facts[key];
    return Array.isArray(value) ? value.length > 0 : Boolean(value);
  });
}

/** The facts part of a profile or of the blackboard's user_info. */
export function factsOf(source: ProfileFacts): ProfileFacts {
  return mergeFacts(source);
}

export function newProfile(identity: Identity): Profile {
  return {
    user_id: identity.user_id,
    user_name: identity.user_name,
    current_company: null,
    current_position: null,
    location: null,
    hobbies: [],
    interests: [],
    face_image_path: null,
    last_updated: null,
  };
}

/**
 * The profile with the facts merged in and `last_updated` stamped. Keys perception added stay. A
 * single value told anew (another company, another city) supersedes the old one, and the change
 * is kept with its time; the same value spelt otherwise is no change.
 */
export function applyFacts(profile: Profile, facts: ProfileFacts, now: Date): Profile {
  const merged = mergeFacts(profile, facts);
  const changes: FactChange[] = SCALAR_KEYS.flatMap((field) => {
    const from = profile[field];
    const to = merged[field];
    return from && to && listKey(from) !== listKey(to) ? [{ field, from: from.slice(0, 200), to: to.slice(0, 200), changed_at: now.toISOString() }] : [];
  });
  // Not written until there is one: the file stays as perception's reference layout has it.
  const fact_changes = [...(profile.fact_changes ?? []), ...changes].slice(-MAX_FACT_CHANGES);
  return {
    ...profile,
    ...(fact_changes.length > 0 && { fact_changes }),
    current_company: merged.current_company ?? null,
    current_position: merged.current_position ?? null,
    location: merged.location ?? null,
    hobbies: merged.hobbies ?? [],
    interests: merged.interests ?? [],
    last_updated: now.toISOString(),
  };
}

/** Whether two profiles say the same things (last_updated and perception's fields aside). */
export function sameFacts(a: Profile, b: Profile): boolean {
  return a.user_name === b.user_name && FACT_KEYS.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
