/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same visits on every
 * machine, so a failure can be reproduced from its seed and index alone.
 */
export class Rng {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** In [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  /** A new source derived from this one and a label: each visit draws from its own stream. */
  fork(label: number): Rng {
    return new Rng((this.int(2 ** 32) ^ Math.imul(label + 1, 0x9e3779b1)) >>> 0);
  }
}

/** Fills `{slot}` placeholders; a missing slot is a bug in a part file. */
export function fill(template: string, slots: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const v = slots[key];
    if (v === undefined) throw new Error(`template ${JSON.stringify(template)} needs {${key}}`);
    return v;
  });
}
