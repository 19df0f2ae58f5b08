import type { z } from 'zod';
import type { Ports } from './ports.js';
import { TurnStateSchema, type StateKey, type TurnState } from './state.js';

type Patch<W extends StateKey> = Partial<Pick<TurnState, W>>;

/**
 * When an agent on a schedule runs, instead of every turn: every `everyTurns` of the person's
 * turns, and/or once when the session ends (on the farewell turn, or when the visit ends without
 * one). While it runs, `unseen_turns` says how many turns it has not seen yet.
 */
export interface Cadence {
  readonly everyTurns?: number;
  readonly atSessionEnd?: boolean;
}

/**
 * An agent is a function over the blackboard: it declares the fields it reads and writes, gets
 * exactly those fields (validated), and returns a patch of the fields it writes (validated).
 * It never calls other agents. What it changes outside the turn (a profile saved, the mood, a
 * message to perception) is its `effect`, derived from the patch once the patch is accepted: a
 * rejected patch leaves the world as it was.
 */
export interface Agent<R extends StateKey = StateKey, W extends StateKey = StateKey, P = Ports> {
  readonly name: string;
  readonly reads: readonly R[];
  readonly writes: readonly W[];
  /**
   * Records what the person said (their profile, the robot's feelings, the farewell episode):
   * it still runs when the turn is cancelled by a barge-in, so nothing they told is lost. It then
   * gets ports without a language model, so it takes its offline path at once.
   */
  readonly critical: boolean;
  /** Absent: every turn the graph reaches it. */
  readonly cadence?: Cadence;
  readonly input: z.ZodType<Pick<TurnState, R>>;
  readonly output: z.ZodType<Patch<W>>;
  run(input: Pick<TurnState, R>, ports: P): Promise<Patch<W>> | Patch<W>;
  /**
   * The side effects of an accepted patch, given the state the agent ran on with its own patch
   * applied (not the patches of agents beside it). The engine awaits them
   * before the turn goes on, so what must be durable is durable before the turn is reported.
   */
  effect?(patch: Patch<W>, state: TurnState, ports: P): Promise<void> | void;
  /**
   * Work the agent can begin when the turn begins, from the utterance alone (its embedding by a
   * model, off the main thread), so that it is done or under way when the agent's turn comes
   * instead of after the agents before it. It only fills the ports' caches: `run` still decides,
   * on the state it gets, whether and what to ask, and gets the same answers. Never awaited.
   */
  prefetch?(state: TurnState, ports: P): void;
}

export interface AgentSpec<R extends StateKey, W extends StateKey, P> {
  name: string;
  reads: readonly R[];
  writes: readonly W[];
  /** See Agent.critical; false when not given. */
  critical?: boolean;
  cadence?: Cadence;
  run(input: Pick<TurnState, R>, ports: P): Promise<Patch<W>> | Patch<W>;
  effect?(patch: Patch<W>, state: TurnState, ports: P): Promise<void> | void;
  prefetch?(state: TurnState, ports: P): void;
}

// zod's pick() wants a literal mask; the keys are checked against StateKey at the call site.
const mask = (keys: readonly StateKey[]) => Object.fromEntries(keys.map((k) => [k, true])) as Record<StateKey, true>;

/**
 * P is the subset of ports the agent uses, so a test passes only those. Any agent whose P is
 * satisfied by the full Ports can be placed in the graph.
 */
export function defineAgent<R extends StateKey, W extends StateKey, P extends Partial<Ports>>(spec: AgentSpec<R, W, P>): Agent<R, W, P> {
  const every = spec.cadence?.everyTurns;
  if (every !== undefined && !(Number.isInteger(every) && every >= 1)) throw new Error(`agent ${spec.name}: cadence.everyTurns must be a whole number from 1`);
  if (spec.cadence && every === undefined && !spec.cadence.atSessionEnd) throw new Error(`agent ${spec.name}: a cadence says every how many turns, or at the session's end`);
  return {
    ...spec,
    critical: spec.critical ?? false,
    input: TurnStateSchema.pick(mask(spec.reads)) as unknown as z.ZodType<Pick<TurnState, R>>,
    // strict: writing a field the agent did not declare is a bug, caught at the first run.
    output: TurnStateSchema.pick(mask(spec.writes)).partial().strict() as unknown as z.ZodType<Patch<W>>,
  };
}
