import type { HealthReport } from '../health/index.js';

/**
 * How long a change in a component's detail alone (a count, a path, a model's name) may wait
 * before the retained status is republished. Each republish is a durable message (written and
 * fsynced, then acknowledged); a detail such as "1 conversation waiting" changes twice per
 * farewell, and republishing each one put disk writes next to the turns.
 */
const STATUS_DETAIL_DELAY_MS = 1_000;

/**
 * Decides when the retained status is republished: at once when the robot's state changes (the
 * overall status, or a component appearing or changing between ok, warming, degraded and down), and for a
 * change of detail alone, once after a short delay with the latest report. Monitors never see a
 * stale state, only a detail up to a second late.
 */
export class StatusReports {
  readonly #publish: (report: HealthReport) => void;
  readonly #delayMs: number;
  #published: HealthReport | null = null;
  #latest: HealthReport | null = null;
  #timer: NodeJS.Timeout | null = null;

  constructor(publish: (report: HealthReport) => void, delayMs = STATUS_DETAIL_DELAY_MS) {
    this.#publish = publish;
    this.#delayMs = delayMs;
  }

  report(report: HealthReport): void {
    this.#latest = report;
    if (!this.#published || stateChanged(this.#published, report)) {
      this.#flush();
      return;
    }
    this.#timer ??= setTimeout(() => this.#flush(), this.#delayMs).unref();
  }

  #flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const report = this.#latest;
    if (!report) return;
    this.#latest = null;
    this.#published = report;
    this.#publish(report);
  }
}

function stateChanged(before: HealthReport, after: HealthReport): boolean {
  if (before.status !== after.status) return true;
  const names = new Set([...Object.keys(before.components), ...Object.keys(after.components)]);
  for (const name of names) if (before.components[name]?.status !== after.components[name]?.status) return true;
  return false;
}
