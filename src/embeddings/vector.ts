import { EmbeddingError } from './port.js';

/** Scales v to unit length in place; a zero vector stays zero (nothing to compare, no NaN). */
export function l2normalize(v: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

/** Dot product; the cosine similarity of two unit vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`vectors of ${a.length} and ${b.length} dimensions cannot be compared`);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Model output is input from outside: every vector must have the stated length and be finite. */
export function checkVectors(vectors: Float32Array[], count: number, dims: number, source: string): Float32Array[] {
  if (vectors.length !== count) throw new EmbeddingError('invalid_output', `${source} returned ${vectors.length} vectors for ${count} texts`);
  for (const v of vectors) {
    if (v.length !== dims) throw new EmbeddingError('invalid_output', `${source} returned a vector of ${v.length} dimensions, expected ${dims}`);
    for (let i = 0; i < v.length; i++) {
      if (!Number.isFinite(v[i])) throw new EmbeddingError('invalid_output', `${source} returned a non-finite value`);
    }
  }
  return vectors;
}
