import { randomBytes } from 'node:crypto';
import { UserIdSchema } from './contract.js';
import { foldName } from './names.js';

const MAX_SLUG = 40;

/** "Élodie Durand" → "elodie-durand"; names in other scripts give "" (the id is then "user-…"). */
function slugOfName(name: string): string {
  return foldName(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}

/**
 * A new user id: readable (a slug of the name), unique among `taken`, and safe as a folder name
 * (it passes UserIdSchema). The random suffix keeps two people with the same name apart.
 */
export function newUserId(name: string, taken: ReadonlySet<string>, random: () => string = () => randomBytes(3).toString('hex')): string {
  const base = slugOfName(name) || 'user';
  for (let attempt = 0; attempt < 100; attempt++) {
    const id = `${base}-${random()}`;
    if (!taken.has(id) && UserIdSchema.safeParse(id).success) return id;
  }
  throw new Error(`could not find a free user id for "${name}"`);
}
