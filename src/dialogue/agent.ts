import type { z } from 'zod';
import type { Ports } from './ports.js';
import { TurnStateSchema, type StateKey, type TurnState } from './state.js';

/**
 * An agent is a function over the blackboard: it declares the fields it reads and writes, gets
 * exactly those fields (validated), and returns a patch of the fields it writes (validated).
 * It never calls other agents; side effects go through the ports it is given.
 */
export interface Agent<R extends StateKey = StateKey, W extends StateKey = StateKey, P = Ports> {
  readonly name: string;
  readonly reads: readonly R[];
  readonly writes: readonly W[];
  /**
   * Records what the person said (their profile, the robot's feelings, the farewell episode):
   * it still runs when the turn is cancelled by a barge-in, so nothing they told is lost. It then
   * gets an aborted signal, so its language-model calls fail at once and it takes its offline path.
   */
  readonly critical: boolean;
  readonly input: z.ZodType<Pick<TurnState, R>>;
  readonly output: z.ZodType<Partial<Pick<TurnState, W>>>;
  run(input: Pick<TurnState, R>, ports: P): Promise<Partial<Pick<TurnState, W>>> | Partial<Pick<TurnState, W>>;
}

export interface AgentSpec<R extends StateKey, W extends StateKey, P> {
  name: string;
  reads: readonly R[];
  writes: readonly W[];
  /** See Agent.critical; false when not given. */
  critical?: boolean;
  run(input: Pick<TurnState, R>, ports: P): Promise<Partial<Pick<TurnState, W>>> | Partial<Pick<TurnState, W>>;
}

// zod's pick() wants a literal mask; the keys are checked against StateKey at the call site.
const mask = (keys: readonly StateKey[]) => Object.fromEntries(keys.map((k) => [k, true])) as Record<StateKey, true>;

/**
 * P is the subset of ports the agent uses, so a test passes only those. Any agent whose P is
 * satisfied by the full Ports can be placed in the graph.
 */
export function defineAgent<R extends StateKey, W extends StateKey, P extends Partial<Ports>>(
  spec: AgentSpec<R, W, P>,
): Agent<R, W, P> {
  return {
    ...spec,
    critical: spec.critical ?? false,
    input: TurnStateSchema.pick(mask(spec.reads)) as unknown as z.ZodType<Pick<TurnState, R>>,
    // strict: writing a field the agent did not declare is a bug, caught at the first run.
    output: TurnStateSchema.pick(mask(spec.writes)).partial().strict() as unknown as z.ZodType<Partial<Pick<TurnState, W>>>,
  };
}
