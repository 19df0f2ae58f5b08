import { advance, initialState, type AffectParams, type AffectState } from './dynamics.js';

/**
 * The robot's own affect, shared by every conversation (it is not a user's). Agents read it at an
 * instant and commit a new state; how it is kept (memory, disk) is the port's business.
 */
export interface AffectPort {
  readonly params: AffectParams;
  /** The affect at `now`: emotions decayed and the mood moved since the last commit. Changes nothing. */
  current(now: Date): AffectState;
  /** Makes `state` the robot's affect, e.g. after it felt something. */
  commit(state: AffectState): void;
}

/** Affect kept in memory only: for the console's tests, tools, and when nothing should be written. */
export class VolatileAffect implements AffectPort {
  // A fresh robot has no past: its affect starts, at the default mood, when first asked about.
  #state: AffectState | null;

  constructor(
    readonly params: AffectParams,
    state: AffectState | null = null,
  ) {
    this.#state = state;
  }

  current(now: Date): AffectState {
    this.#state ??= initialState(this.params, now.getTime());
    return advance(this.#state, now.getTime(), this.params);
  }

  commit(state: AffectState): void {
    this.#state = state;
  }
}
