/** Dense vector helpers for embeddings (all L2-normalised, so a dot product is a cosine). */

export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`cannot compare vectors of ${a.length} and ${b.length} dimensions`);
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** A unit-length copy; a zero vector cannot be normalised and is an error, not a silent zero. */
export function normalize(v: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < v.length; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm);
  if (!Number.isFinite(norm) || norm === 0) throw new Error('cannot normalise a zero or non-finite vector');
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! / norm;
  return out;
}
