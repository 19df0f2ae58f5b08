import { afterEach, vi } from 'vitest';

/**
 * Counts the regular expressions built with `new RegExp` while `run` runs: the per-turn code
 * paths must not build Unicode patterns on every utterance (each costs a compilation, and V8's
 * cache of compiled patterns does not keep them between turns). Literals are not counted; the
 * count covers `run` to the end of its promise, and anything else running meanwhile.
 */
export async function regExpsBuilt(run: () => unknown): Promise<number> {
  const Real = RegExp;
  let built = 0;
  class Counted extends Real {
    constructor(pattern: string | RegExp, flags?: string) {
      super(pattern, flags);
      built++;
    }
  }
  vi.stubGlobal('RegExp', Counted);
  try {
    await run();
  } finally {
    vi.unstubAllGlobals();
  }
  return built;
}

afterEach(() => {
  vi.unstubAllGlobals();
});
