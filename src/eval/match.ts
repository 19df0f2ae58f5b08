/**
 * Field checks of expectations. A key is a dot path (`intent.name`, `memories.0.type`) or a
 * nested object; a value written `/…/` (optionally with flags, `/…/i`) is a regular expression over
 * the field's JSON text (a string field without its quotes); any other value must equal the field
 * (objects: the fields given must match, others are ignored).
 */

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

const REGEX = /^\/(.*)\/([dgimsuy]*)$/s;

/** `/…/flags` as a RegExp; anything else as a case-sensitive search for the text itself. */
export function toRegex(pattern: string): RegExp {
  const m = REGEX.exec(pattern);
  return m ? new RegExp(m[1]!, m[2]!.replace('g', '')) : new RegExp(pattern);
}

export function isRegexLiteral(value: unknown): value is string {
  return typeof value === 'string' && REGEX.test(value);
}

/** The value at a dot path; undefined when any part is missing. */
function at(value: unknown, dotPath: string): unknown {
  let cur: unknown = value;
  for (const part of dotPath.split('.')) {
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    else if (isPlain(cur)) cur = cur[part];
    else return undefined;
  }
  return cur;
}

/** Flattens `{ intent: { name: x } }` into `{ "intent.name": x }` (regex strings stay leaves). */
export function flatten(fields: Plain, prefix = ''): [string, unknown][] {
  return Object.entries(fields).flatMap(([k, v]) => (isPlain(v) ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, unknown]]));
}

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined');

/** One mismatch per field that does not match, quoting what was there. Empty: all match. */
export function mismatches(actual: unknown, fields: Plain): string[] {
  const out: string[] = [];
  for (const [p, expected] of flatten(fields)) {
    const got = at(actual, p);
    if (isRegexLiteral(expected)) {
      if (got === undefined || !toRegex(expected).test(text(got))) out.push(`${p}: expected ${expected}, got ${JSON.stringify(got) ?? 'nothing'}`);
    } else if (JSON.stringify(got) !== JSON.stringify(expected)) {
      out.push(`${p}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got) ?? 'nothing'}`);
    }
  }
  return out;
}
