import { createHash } from 'node:crypto';

/**
 * ChromaDB collection names: 3-512 characters of [a-zA-Z0-9._-], starting and ending with a
 * letter or digit, no "..", not an IP address. Ours are "<prefix>-<encoded name>", where the
 * encoding keeps letters, digits, "-" and single "." and writes every other byte as "_hh"
 * (so "_" itself is "_5f"). The mapping is one-to-one (two users can never share a collection)
 * and reversible, so listCollections gives back the names callers used.
 */
const MAX = 512;
const KEEP = /[a-zA-Z0-9-]/;

export function encodeCollectionName(prefix: string, name: string): string {
  if (name.length === 0) throw new Error('a collection name cannot be empty');
  const bytes = Buffer.from(name.normalize('NFC'), 'utf8');
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const ch = String.fromCharCode(bytes[i]!);
    const last = i === bytes.length - 1;
    const keep = bytes[i]! < 0x80 && (KEEP.test(ch) || (ch === '.' && !out.endsWith('.') && !last));
    // A trailing "-" would end the name with a non-alphanumeric character.
    out += keep && !(last && ch === '-') ? ch : `_${bytes[i]!.toString(16).padStart(2, '0')}`;
  }
  const full = `${prefix}-${out}`;
  if (full.length <= MAX) return full;
  // Too long: keep a readable head and make it unique with a hash of the whole name.
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `${full.slice(0, MAX - 18).replace(/[._-]+$/, '')}-h${digest}`;
}

/**
 * The caller's name back from a collection name of this prefix; null for any other collection.
 * (Names too long to encode whole end in a hash and do not decode: the store keeps every
 * caller's name in the collection's metadata too.)
 */
export function decodeCollectionName(prefix: string, collection: string): string | null {
  if (!collection.startsWith(`${prefix}-`)) return null;
  const body = collection.slice(prefix.length + 1);
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '_') {
      const hex = body.slice(i + 1, i + 3);
      if (!/^[0-9a-f]{2}$/.test(hex)) return null;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(body.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}
