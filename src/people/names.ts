import { distance } from 'fastest-levenshtein';
import Fuse from 'fuse.js';
import type { Identity } from './profile.js';

/**
 * Name similarity and resolution (strong match, ask to confirm, or someone new). Pure: the agent passes the known names
 * (from user_ids.json) and the thresholds.
 */

export interface NameThresholds {
  /** At or above: the same person, linked without asking. */
  high: number;
  /** At or above (and below high): maybe the same person, asked. Below: someone new. */
  low: number;
}

export interface Candidate extends Identity {
  /** Similarity to the name given, 0..1. */
  score: number;
}

export type NameMatch =
  | { kind: 'strong'; match: Candidate }
  | { kind: 'ambiguous'; candidates: Candidate[] }
  | { kind: 'none' };

/** Case-folded, accent-folded, single-spaced: "  ÉLODIE  Durand" → "elodie durand". */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLocaleLowerCase('en')
    .replace(/ß/g, 'ss')
    .replace(/[\s._-]+/g, ' ')
    .trim();
}

/** Normalised Levenshtein ratio: 1 − distance / max length, on folded names. */
export function nameSimilarity(a: string, b: string): number {
  const x = foldName(a);
  const y = foldName(b);
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - distance(x, y) / longest;
}

/**
 * The fuse.js threshold that finds every name whose ratio can reach `low`. Fuse scores an
 * approximate substring match as errors / query length, and errors never exceed the Levenshtein
 * distance d. A ratio ≥ low means d ≤ (1 − low)·max(|q|, |n|) and |n| ≤ |q| / low, hence
 * errors / |q| ≤ (1 − low) / low. (test/unit/people/names.test.ts checks it against brute force.)
 */
function fuseThresholdFor(low: number): number {
  return low <= 0.5 ? 1 : Math.min(1, (1 - low) / low + 1e-9);
}

/**
 * Known people whose name is similar to `given` (ratio ≥ low), best first. fuse.js narrows the
 * candidates (its bitap search is fast on thousands of names); the ratio decides.
 */
function findCandidates(given: string, known: readonly Identity[], low: number): Candidate[] {
  const query = foldName(given);
  if (!query || known.length === 0) return [];
  const hits = indexOf(known, low).search(query.slice(0, 256));
  return hits
    .map((hit) => ({ ...known[hit.refIndex]!, score: nameSimilarity(given, known[hit.refIndex]!.user_name) }))
    .filter((c) => c.score >= low)
    .sort((a, b) => b.score - a.score || a.user_name.localeCompare(b.user_name) || a.user_id.localeCompare(b.user_id));
}

// The store hands out the same array while user_ids.json is unchanged: index it once.
const indexes = new WeakMap<readonly Identity[], { low: number; fuse: Fuse<string> }>();

function indexOf(known: readonly Identity[], low: number): Fuse<string> {
  const cached = indexes.get(known);
  if (cached?.low === low) return cached.fuse;
  const fuse = new Fuse(
    known.map((k) => foldName(k.user_name)),
    { includeScore: true, ignoreLocation: true, ignoreFieldNorm: true, isCaseSensitive: true, threshold: fuseThresholdFor(low) },
  );
  indexes.set(known, { low, fuse });
  return fuse;
}

/** Strong, ambiguous or no match for a name a person gave, against everyone known. */
export function resolveName(given: string, known: readonly Identity[], thresholds: NameThresholds): NameMatch {
  const candidates = findCandidates(given, known, thresholds.low);
  const best = candidates[0];
  if (!best) return { kind: 'none' };
  if (best.score >= thresholds.high) return { kind: 'strong', match: best };
  return { kind: 'ambiguous', candidates };
}
