import path from 'node:path';
import type { AffectState } from '../affect/index.js';
import type { TurnEvent } from '../bus/index.js';
import type { Config } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { LlmCallRecord, LlmObserver } from '../llm/index.js';
import type { Logger } from '../log/index.js';
import type { TurnStart } from './entries.js';
import { forgetInLogs, logsMentioning } from './forget.js';
import type { ObservedAlerts } from './alerts.js';
import { Live, type LiveEventName } from './live.js';
import { Metrics } from './metrics.js';
import { startHttpServer, type HttpServer } from './server.js';
import { SessionLog } from './session-log.js';
import { pruneSessions } from './sessions.js';

/** Who is in front of the robot, as perception or the conversation says. */
export interface Presence {
  user_id: string | null;
  user_name: string | null;
  /** Perception's confidence (0-100) when it reported the person. */
  confidence?: number;
}

/**
 * What the observer needs from the daemon: a small surface, so that the dialogue can change
 * behind it. Listeners must be cheap: they run inside the turn's event emission.
 */
export interface ObservedDaemon {
  onTurnStart(listener: (start: TurnStart) => void): void;
  onTurn(listener: (event: TurnEvent) => void): void;
  /** Perception reports; optional (the console has none). */
  onPresence?(listener: (presence: Presence) => void): void;
  presence(): Presence;
  affect(): AffectState;
  outboxPending(): number;
  /** The staff desk; absent when alerts are off. */
  alerts?: ObservedAlerts;
}


export interface ObserverOptions {
  config: Config;
  log: Logger;
  health: Health;
  now?: () => Date;
}

const HOUR = 3_600_000;
const AFFECT_EVERY_MS = 5_000;

/**
 * Observing the robot: the interaction log, metrics, live events and the HTTP server that serves
 * them with the dashboard. Built before the language model (which reports its calls here), started
 * once the daemon is up.
 */
export class Observer {
  readonly #o: ObserverOptions;
  readonly #now: () => Date;
  readonly #log: SessionLog;
  readonly #live = new Live();
  readonly #metrics: Metrics;
  readonly sessionsDir: string;
  #daemon: ObservedDaemon | null = null;
  #http: HttpServer | null = null;
  #timers: NodeJS.Timeout[] = [];

  constructor(options: ObserverOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => new Date());
    const { config, health } = options;
    this.sessionsDir = path.resolve(config.paths.data, 'logs', 'sessions');
    const logs = config.observe.logs;
    this.#log = new SessionLog({ dir: this.sessionsDir, write: logs.enabled, redact: logs.redact, flushMs: logs.flushMs, log: options.log, health, now: this.#now });
    this.#metrics = new Metrics(() => {
      const daemon = this.#daemon;
      return daemon && { health: () => health.report(), outboxPending: () => daemon.outboxPending() };
    });
  }

  /** Give to the language model client: every call it makes, reported as it ends. */
  readonly modelCall: LlmObserver = (record: LlmCallRecord) => {
    this.#metrics.modelCall(record);
    this.#log.modelCall(record);
  };

  /** Perception reports who is there every few seconds: only a change is logged, as the next turn begins. */
  #detected: { key: string; payload: unknown; logged: boolean } | null = null;

  /** A detection from perception (logged with the next turn when it differs from the last one). */
  readonly detected = (detection: unknown): void => {
    const key = JSON.stringify(detection, ['user_id', 'user_name']);
    if (this.#detected?.key !== key) this.#detected = { key, payload: detection, logged: false };
  };

  /** What the brain sent to perception. */
  readonly perceptionSent = (topic: 'user_info' | 'capture_current_view', payload: unknown): void => {
    this.#log.perception('out', topic, payload);
  };

  /** The HTTP server's address, once listening; null when http.enabled is off. */
  get url(): string | null {
    return this.#http?.url ?? null;
  }

  /** Follows the daemon; serves HTTP when http.enabled and `serve.http` allow it. */
  async start(daemon: ObservedDaemon, serve: { http: boolean } = { http: true }): Promise<void> {
    this.#daemon = daemon;
    const { config, health, log } = this.#o;
    // Observing must never break what it observes: a failure here is logged, the turn goes on.
    const guarded =
      <A extends unknown[]>(what: string, fn: (...args: A) => void) =>
      (...args: A) => {
        try {
          fn(...args);
        } catch (err) {
          log.error({ err: (err as Error).message, what }, 'observer failed');
        }
      };
    daemon.onTurnStart(guarded('turn_start', (start) => {
      const sessionId = start.session_id ?? start.turn_id;
      if (!this.#log.isOpen(sessionId)) this.#live.publish('session', { session_id: sessionId, status: 'started', user_id: start.user_id, ts: start.ts });
      this.#log.turnStarted(start);
      if (this.#detected && !this.#detected.logged) {
        this.#detected.logged = true;
        this.#log.perception('in', 'user_detected', this.#detected.payload);
      }
      this.#live.publish('turn_start', start);
    }));
    daemon.onTurn(guarded('turn', (event) => {
      this.#log.turnEnded(event);
      this.#metrics.turn(event);
      this.#live.publish('turn', event);
      if (this.#live.clients) this.#live.publish('affect', this.#affect());
    }));
    daemon.onPresence?.((presence) => this.#live.publish('presence', presence));
    daemon.alerts?.onAlert(guarded('alert', (alert) => {
      if (alert.escalation === 0) this.#metrics.alert(alert.kind);
      this.#live.publish('alert', { ...alert, acknowledged_by: null, acknowledged_at: null });
    }));
    daemon.alerts?.onAcknowledged(guarded('alert', (record) => this.#live.publish('alert', record)));
    health.on('change', (report) => this.#live.publish('status', report));
    // The mood drifts back between turns: monitors see it move.
    const drift = guarded('affect', () => this.#live.clients && this.#live.publish('affect', this.#affect()));
    this.#timers.push(setInterval(drift, AFFECT_EVERY_MS).unref());

    this.#log.announce();
    if (config.observe.logs.enabled) {
      await this.#prune();
      this.#timers.push(setInterval(() => void this.#prune(), HOUR).unref());
    }
    if (config.http.enabled && serve.http) {
      this.#metrics.collectProcessMetrics();
      this.#http = await startHttpServer({
        config: config.http,
        log,
        live: this.#live,
        metrics: this.#metrics,
        health: () => health.report(),
        snapshot: () => this.#snapshot(),
        sessionsDir: this.sessionsDir,
        flushLog: () => this.#log.flush(),
        alerts: daemon.alerts ?? null,
      });
      health.set('http', 'ok', `${this.#http.url}${config.http.token ? ' (bearer token)' : ''}`);
    }
  }

  /** A conversation session begins (the turn's session id names its log file). */
  sessionStarted(sessionId: string, info: { user_id?: string | null } = {}): void {
    if (this.#log.isOpen(sessionId)) return;
    this.#log.sessionStarted(sessionId, info.user_id ?? null);
    this.#live.publish('session', { session_id: sessionId, status: 'started', user_id: info.user_id ?? null, ts: this.#now().toISOString() });
  }

  /** A conversation session ends: its log gets its last line. */
  sessionEnded(sessionId: string, reason: string): void {
    if (!this.#log.isOpen(sessionId)) return;
    this.#log.sessionEnded(sessionId, reason);
    this.#live.publish('session', { session_id: sessionId, status: 'ended', reason, ts: this.#now().toISOString() });
  }

  flush(): Promise<void> {
    return this.#log.flush();
  }

  /** Forget-me: the session logs that mention the person are deleted (after what is buffered lands). */
  async forget(userId: string): Promise<string[]> {
    await this.#log.flush();
    return forgetInLogs(this.sessionsDir, userId);
  }

  /** Session logs that still mention the person. */
  async traces(userId: string): Promise<string[]> {
    await this.#log.flush();
    return (await logsMentioning(this.sessionsDir, userId)).map((file) => `interaction log ${path.relative(this.sessionsDir, file)}`);
  }

  /** Closes the server (ending event streams), then writes what the log still holds. */
  async stop(): Promise<void> {
    for (const t of this.#timers) clearInterval(t);
    this.#timers = [];
    await this.#http?.close();
    this.#http = null;
    await this.#log.flush();
  }

  #affect(): { ts: string; mood: AffectState['mood']; emotions: AffectState['emotions'] } {
    const state = this.#daemon!.affect();
    return { ts: new Date(state.at).toISOString(), mood: state.mood, emotions: state.emotions };
  }

  #snapshot(): [LiveEventName, unknown][] {
    const daemon = this.#daemon;
    const out: [LiveEventName, unknown][] = [['status', this.#o.health.report()]];
    if (daemon) out.push(['affect', this.#affect()], ['presence', daemon.presence()]);
    // Open alerts stay on the dashboard of a page opened after them.
    for (const record of daemon?.alerts?.list().reverse() ?? []) if (!record.acknowledged_by) out.push(['alert', record]);
    return out;
  }

  async #prune(): Promise<void> {
    const { retentionDays, maxTotalMB } = this.#o.config.observe.logs;
    try {
      const { removed } = await pruneSessions(this.sessionsDir, { days: retentionDays, maxTotalBytes: maxTotalMB * 1024 * 1024, now: this.#now(), keep: this.#log.openFiles() });
      if (removed.length) this.#o.log.info({ removed: removed.length, dir: this.sessionsDir }, 'old interaction logs deleted');
    } catch (err) {
      this.#o.log.warn({ err: (err as Error).message }, 'interaction log retention failed');
    }
  }
}
