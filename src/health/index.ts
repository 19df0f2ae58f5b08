import { EventEmitter } from 'node:events';

/**
 * ok: working as designed. warming: working, still getting ready for its first use (e.g. the
 * in-process model compiling its grammars at start-up). degraded: running on a fallback (e.g. the
 * offline responder). down: not working and no fallback (e.g. the MQTT connection is lost).
 */
export type ComponentStatus = 'ok' | 'warming' | 'degraded' | 'down';

export interface ComponentHealth {
  status: ComponentStatus;
  /** Human-readable: what is wrong and what the daemon does instead. */
  detail: string;
  since: string;
}

export interface HealthReport {
  status: ComponentStatus;
  components: Record<string, ComponentHealth>;
  counters: Record<string, number>;
}

const RANK: Record<ComponentStatus, number> = { ok: 0, warming: 1, degraded: 2, down: 3 };

/**
 * One place where every component says how it is. Changes are emitted so that the bus can
 * republish the retained status topic; counters (e.g. dropped payloads) are read on demand.
 */
export class Health extends EventEmitter<{ change: [HealthReport] }> {
  readonly #components = new Map<string, ComponentHealth>();
  readonly #counters = new Map<string, number>();

  constructor(private readonly now: () => Date = () => new Date()) {
    super();
  }

  set(component: string, status: ComponentStatus, detail = ''): void {
    const previous = this.#components.get(component);
    if (previous && previous.status === status && previous.detail === detail) return;
    this.#components.set(component, { status, detail, since: this.now().toISOString() });
    this.emit('change', this.report());
  }

  get(component: string): ComponentHealth | undefined {
    return this.#components.get(component);
  }

  count(counter: string, by = 1): void {
    this.#counters.set(counter, (this.#counters.get(counter) ?? 0) + by);
  }

  counter(counter: string): number {
    return this.#counters.get(counter) ?? 0;
  }

  /** Components on a fallback or down, e.g. for the turn event (a warming one works). */
  degraded(): string[] {
    return [...this.#components.entries()].filter(([, h]) => h.status === 'degraded' || h.status === 'down').map(([name]) => name);
  }

  report(): HealthReport {
    let worst: ComponentStatus = 'ok';
    for (const h of this.#components.values()) if (RANK[h.status] > RANK[worst]) worst = h.status;
    return {
      status: worst,
      components: Object.fromEntries(this.#components),
      counters: Object.fromEntries(this.#counters),
    };
  }
}
