import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import type { Logger } from '../log/index.js';
import type { UserInfo } from './state.js';

export type VisitStart = (typeof VISIT_STARTS)[number];
/**
 * left: no report of the person for the absence time; replaced: someone else in their place;
 * farewell; idle: nothing said for the idle time; shutdown; forgotten: forget-me.
 */
export type VisitEnd = (typeof VISIT_ENDS)[number];

export const VISIT_STARTS = ['detected', 'speech'] as const;
export const VISIT_ENDS = ['left', 'replaced', 'farewell', 'idle', 'shutdown', 'forgotten'] as const;

/** Published on agent/state/session at each start and end of a visit. */
export const SessionEventSchema = z.object({
  event: z.enum(['start', 'end']),
  session_id: z.string(),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  reason: z.enum([...VISIT_STARTS, ...VISIT_ENDS]),
  turns: z.number().int().nonnegative(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
});
export type SessionEvent = z.infer<typeof SessionEventSchema>;

export class Visit {
  readonly id = randomUUID();
  turns = 0;
  lastSeen: number | null = null;
  lastSpoke: number | null = null;

  constructor(
    public key: string,
    public user: UserInfo,
    readonly startedAt: Date,
    private readonly clock: () => Date,
  ) {}

  event(reason: VisitStart | VisitEnd, ended = reason !== 'detected' && reason !== 'speech'): SessionEvent {
    return {
      event: ended ? 'end' : 'start',
      session_id: this.id,
      user_id: this.user.user_id,
      user_name: this.user.user_name,
      reason,
      turns: this.turns,
      started_at: this.startedAt.toISOString(),
      ended_at: ended ? this.clock().toISOString() : null,
    };
  }
}

export interface VisitsOptions {
  /** No report of the person for this long, and nothing said: they have left. */
  absenceMs: number;
  /** Nothing said for this long after they last spoke: the conversation is over. */
  idleMs: number;
  now: () => Date;
  /** How long this process was stalled within the last `windowMs` (people/awake.ts): no report could be read then, so it is no absence. */
  stalledMs?: (windowMs: number) => number;
  log: Logger;
}

/**
 * The visit of the person in front of the robot: it starts when perception reports them or they
 * speak, and ends when they leave, someone else takes their place, they say goodbye, they stay
 * silent for the idle time, or the daemon stops. Pure bookkeeping on a clock: the sessions store
 * decides what an end means for the conversation.
 */
export class Visits extends EventEmitter<{ start: [event: SessionEvent]; end: [visit: Visit, reason: VisitEnd] }> {
  readonly #o: VisitsOptions;
  #current: Visit | null = null;

  constructor(options: VisitsOptions) {
    super();
    this.#o = options;
  }

  get current(): Readonly<Visit> | null {
    return this.#current;
  }

  now(): Date {
    return this.#o.now();
  }

  seen(key: string, user: UserInfo): void {
    this.#at(key, user, 'detected').lastSeen = this.#o.now().getTime();
  }

  spoke(key: string, user: UserInfo): void {
    this.#at(key, user, 'speech').lastSpoke = this.#o.now().getTime();
  }

  /** A turn of the visit ended (under the person's key after it, which may have been settled). */
  turned(key: string, user: UserInfo): void {
    if (this.#current?.key !== key) return;
    this.#current.turns++;
    this.#current.user = { user_id: user.user_id, user_name: user.user_name };
    this.#current.lastSpoke = this.#o.now().getTime();
  }

  /** A stranger's name was settled: their visit goes on under their id. */
  moved(from: string, to: string, user: UserInfo): void {
    if (this.#current?.key !== from) return;
    this.#current.key = to;
    this.#current.user = { user_id: user.user_id, user_name: user.user_name };
  }

  end(key: string, reason: VisitEnd): void {
    if (this.#current?.key === key) this.#end(reason);
  }

  endAll(reason: VisitEnd): void {
    if (this.#current) this.#end(reason);
  }

  forget(userId: string): void {
    this.end(userId, 'forgotten');
  }

  check(): void {
    const visit = this.#current;
    if (!visit) return;
    const now = this.#o.now().getTime();
    const since = (t: number | null) => (t === null ? Infinity : now - t);
    const lastActive = Math.min(since(visit.lastSeen), since(visit.lastSpoke));
    // Absence counts awake time only: during a stall the reports of the person in view wait unread.
    const away = Number.isFinite(lastActive) ? lastActive - (this.#o.stalledMs?.(lastActive) ?? 0) : lastActive;
    if (visit.lastSeen !== null && away > this.#o.absenceMs) this.#end('left');
    else if (visit.lastSpoke !== null && since(visit.lastSpoke) > this.#o.idleMs) this.#end('idle');
  }

  /** The visit of `key`, started (ending another person's) if it is not the one in progress. */
  #at(key: string, user: UserInfo, why: VisitStart): Visit {
    if (this.#current?.key === key) return this.#current;
    if (this.#current) this.#end('replaced');
    const visit = new Visit(key, { user_id: user.user_id, user_name: user.user_name }, this.#o.now(), this.#o.now);
    this.#current = visit;
    this.#o.log.info({ session_id: visit.id, user_id: user.user_id, reason: why }, 'session started');
    this.emit('start', visit.event(why));
    return visit;
  }

  #end(reason: VisitEnd): void {
    const visit = this.#current!;
    this.#current = null;
    this.#o.log.info({ session_id: visit.id, user_id: visit.user.user_id, reason, turns: visit.turns }, 'session ended');
    this.emit('end', visit, reason);
  }
}
