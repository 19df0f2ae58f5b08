import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from '../log/index.js';
import type { AlertsConfig } from './config.js';
import { failedToHelp, sameQuestion } from './stuck.js';
import { SEVERITIES, SEVERITY_OF, type Alert, type AlertAck, type AlertKind, type AlertRecord, type StaffWait } from './schema.js';

/** What one visit has shown so far: the alerts agent reads it to judge this turn. */
export interface VisitHistory {
  /** The visitor's valence, turn by turn (oldest first). */
  valences: number[];
  /** Utterances that insulted or threatened. */
  abusive: number;
  /** The open emergency or request for a person, if any. */
  staff: Omit<StaffWait, 'fresh'> | null;
}

/** What the alert agent needs of the desk. */
export interface AlertsPort {
  history(sessionId: string | null): VisitHistory;
  report(turn: TurnReport): Alert | null;
}

/** A turn's reading and what it raised, handed over by the alert agent's effect. */
export interface TurnReport {
  session_id: string | null;
  user_id: string | null;
  text: string;
  valence: number;
  abusive: boolean;
  raise: { kind: AlertKind; reason: string } | null;
}

/** A finished turn as the stuck count needs it (read from the validated turn event). */
export interface FinishedTurn {
  session_id?: string | null | undefined;
  user_id: string | null;
  user_text: string;
  reply: string;
}

export interface AlertDeskEvents {
  /** An alert to publish (first time, or escalated). */
  alert: [alert: Alert];
  /** Staff confirmed an alert (once per alert). */
  acknowledged: [record: AlertRecord];
}

interface Visit {
  valences: number[];
  abusive: number;
  failures: number;
  questions: string[];
  raised: Map<AlertKind, number>;
  staff: { alertId: string; kind: 'emergency' | 'help_requested' } | null;
}

const newVisit = (): Visit => ({ valences: [], abusive: 0, failures: 0, questions: [], raised: new Map(), staff: null });
const NO_VISIT = '__no_visit__';

/**
 * The staff desk: keeps each visit's signals, decides which alerts to raise (at most one per kind
 * per visit within `repeatAfterMs`), republishes an unacknowledged one with a higher severity,
 * and takes acknowledgements (idempotent: an acknowledgement heard twice acts once).
 */
export class AlertDesk extends EventEmitter<AlertDeskEvents> implements AlertsPort {
  readonly #config: AlertsConfig;
  readonly #log: Logger;
  readonly #now: () => Date;
  readonly #visits = new Map<string, Visit>();
  readonly #records = new Map<string, AlertRecord>();
  readonly #timers = new Map<string, NodeJS.Timeout>();

  constructor(options: { config: AlertsConfig; log: Logger; now: () => Date }) {
    super();
    this.#config = options.config;
    this.#log = options.log;
    this.#now = options.now;
  }

  history(sessionId: string | null): VisitHistory {
    const visit = this.#visits.get(sessionId ?? NO_VISIT);
    if (!visit) return { valences: [], abusive: 0, staff: null };
    const staff = visit.staff && { kind: visit.staff.kind, acknowledged: this.#records.get(visit.staff.alertId)?.acknowledged_by != null };
    return { valences: [...visit.valences], abusive: visit.abusive, staff };
  }

  /** A turn's reading; raises its alert unless one of that kind was raised in the visit lately. */
  report(turn: TurnReport): Alert | null {
    const visit = this.#visit(turn.session_id);
    visit.valences.push(turn.valence);
    if (turn.abusive) visit.abusive++;
    if (!turn.raise) return null;
    return this.#raise(visit, turn.raise.kind, turn.raise.reason, turn);
  }

  /** After each turn: a refusal, or the same question again, counts as a failure to help. */
  turnDone(turn: FinishedTurn): Alert | null {
    const visit = this.#visit(turn.session_id ?? null);
    const repeated = visit.questions.some((q) => sameQuestion(q, turn.user_text));
    visit.questions.push(turn.user_text);
    if (!repeated && !failedToHelp(turn.reply)) return null;
    visit.failures++;
    if (visit.failures < this.#config.stuckCount) return null;
    visit.failures = 0;
    const reason = `${this.#config.stuckCount} failed answers in this visit${repeated ? ' (the visitor asked again)' : ''}`;
    return this.#raise(visit, 'stuck', reason, { session_id: turn.session_id ?? null, user_id: turn.user_id, text: turn.user_text });
  }

  /** Staff confirmed: false when no such alert is known. */
  acknowledge(ack: AlertAck): boolean {
    const record = this.#records.get(ack.alert_id);
    if (!record) return false;
    if (record.acknowledged_by !== null) return true;
    record.acknowledged_by = ack.by;
    record.acknowledged_at = this.#now().toISOString();
    clearTimeout(this.#timers.get(ack.alert_id));
    this.#timers.delete(ack.alert_id);
    this.#log.info({ alert_id: ack.alert_id, kind: record.kind, by: ack.by }, 'alert acknowledged');
    this.emit('acknowledged', { ...record });
    return true;
  }

  /** The visit is over: its signals go (its alerts stay open until acknowledged). */
  visitEnded(sessionId: string): void {
    this.#visits.delete(sessionId);
  }

  /** Newest first. */
  list(): AlertRecord[] {
    return [...this.#records.values()].reverse().map((r) => ({ ...r }));
  }

  /** Forget-me: the alerts about the person (they quote what they said) go. */
  forget(userId: string): string[] {
    let removed = 0;
    for (const [id, record] of this.#records) {
      if (record.user_id !== userId) continue;
      this.#records.delete(id);
      clearTimeout(this.#timers.get(id));
      this.#timers.delete(id);
      removed++;
    }
    return removed ? [`${removed} alert(s)`] : [];
  }

  traces(userId: string): string[] {
    return [...this.#records.values()].filter((r) => r.user_id === userId).map((r) => `alert ${r.alert_id}`);
  }

  close(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }

  #visit(sessionId: string | null): Visit {
    const key = sessionId ?? NO_VISIT;
    let visit = this.#visits.get(key);
    if (!visit) this.#visits.set(key, (visit = newVisit()));
    return visit;
  }

  #raise(visit: Visit, kind: AlertKind, reason: string, about: { session_id: string | null; user_id: string | null; text: string }): Alert | null {
    const now = this.#now().getTime();
    const last = visit.raised.get(kind);
    if (last !== undefined && now - last < this.#config.repeatAfterMs) {
      this.#log.debug({ kind, session_id: about.session_id }, 'alert: raised in this visit lately, not again');
      return null;
    }
    visit.raised.set(kind, now);
    const alert: Alert = {
      alert_id: randomUUID(),
      kind,
      severity: SEVERITY_OF[kind],
      session_id: about.session_id,
      user_id: about.user_id,
      text: about.text.slice(0, 2000),
      reason: reason.slice(0, 500),
      ts: this.#now().toISOString(),
      escalation: 0,
    };
    if (kind === 'emergency' || kind === 'help_requested') visit.staff = { alertId: alert.alert_id, kind };
    this.#records.set(alert.alert_id, { ...alert, acknowledged_by: null, acknowledged_at: null });
    while (this.#records.size > this.#config.keep) this.#records.delete(this.#records.keys().next().value!);
    this.#log.warn({ alert_id: alert.alert_id, kind, severity: alert.severity, session_id: alert.session_id, reason }, 'alert raised');
    this.emit('alert', alert);
    this.#scheduleEscalation(alert.alert_id);
    return alert;
  }

  #scheduleEscalation(alertId: string): void {
    const record = this.#records.get(alertId);
    if (!record || record.escalation >= this.#config.maxEscalations) return;
    const timer = setTimeout(() => {
      this.#timers.delete(alertId);
      const open = this.#records.get(alertId);
      if (!open || open.acknowledged_by !== null) return;
      open.escalation++;
      open.severity = SEVERITIES[Math.min(SEVERITIES.length - 1, SEVERITIES.indexOf(open.severity) + 1)]!;
      open.ts = this.#now().toISOString();
      const { acknowledged_by: _by, acknowledged_at: _at, ...alert } = open;
      this.#log.warn({ alert_id: alertId, kind: open.kind, severity: open.severity, escalation: open.escalation }, 'alert not acknowledged: published again, more severe');
      this.emit('alert', alert);
      this.#scheduleEscalation(alertId);
    }, this.#config.escalateAfterMs);
    timer.unref();
    this.#timers.set(alertId, timer);
  }
}
