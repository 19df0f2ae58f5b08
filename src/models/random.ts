/**
 * Seeded randomness for generated model weights: the same seed gives the same bytes on every
 * machine, so a stand-in model and its manifest are reproducible.
 */

/** mulberry32: a tiny, fast 32-bit PRNG with good enough statistics for weight initialisation. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** n values from N(0, std²) (Box-Muller, both outputs used). */
export function normalArray(random: () => number, n: number, std: number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - random())) * std;
    const theta = 2 * Math.PI * random();
    out[i] = r * Math.cos(theta);
    if (i + 1 < n) out[i + 1] = r * Math.sin(theta);
  }
  return out;
}
