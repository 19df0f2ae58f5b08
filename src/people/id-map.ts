import { UserIdSchema } from './contract.js';
import type { Identity } from './profile.js';

/**
 * `user_ids.json`: a JSON object user_id → user_name, written by this daemon and by perception.
 * Pure parsing: the store decides what to do with a corrupt file.
 */

export type RawIdMap = Record<string, unknown>;

export type ParsedIdMap =
  | { ok: true; raw: RawIdMap; identities: Identity[]; skipped: string[] }
  | { ok: false; reason: string };

const isPlainObject = (v: unknown): v is RawIdMap => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Entries that are not a valid id with a non-empty name string are skipped (and named, so they
 * can be reported) but kept in `raw`: they may be perception's, and are never dropped on write.
 */
export function parseIdMap(text: string): ParsedIdMap {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `not valid JSON (${(err as Error).message})` };
  }
  if (!isPlainObject(data)) return { ok: false, reason: 'not a JSON object of user_id → user_name' };
  const identities: Identity[] = [];
  const skipped: string[] = [];
  for (const [id, name] of Object.entries(data)) {
    const valid = UserIdSchema.safeParse(id).success && typeof name === 'string' && name.trim().length > 0 && name.length <= 200;
    if (valid) identities.push({ user_id: id, user_name: name.trim() });
    else skipped.push(id);
  }
  return { ok: true, raw: data, identities, skipped };
}

export function serializeIdMap(raw: RawIdMap): string {
  return `${JSON.stringify(raw, null, 2)}\n`;
}
