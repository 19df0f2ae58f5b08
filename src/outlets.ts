import type { AlertDesk } from './alerts/index.js';
import { StatusReports, type MqttBus } from './bus/index.js';
import type { Config } from './config/index.js';
import type { Dialogue, PerceptionPort } from './dialogue/index.js';
import type { Health } from './health/index.js';
import type { Logger } from './log/index.js';

/**
 * The dialogue onto the bus: everything the daemon publishes, one way out. What comes in is
 * src/wiring.ts's: no module relays in both directions, so that a walk from the bus to
 * `control/speak` enters each module once.
 */

/**
 * What the voice hands to the speech stack goes to the control topics, or to a Hermes voice
 * stack's text-to-speech when that module is on; turn events and visits' starts and ends as
 * they come; the retained status with health.
 */
export function publishDialogue(bus: MqttBus, { speech, turns, handoff }: Pick<Dialogue, 'speech' | 'turns' | 'handoff'>, config: Pick<Config, 'hermes'>, health: Health): void {
  const { hermes } = config;
  if (hermes.enabled) {
    speech.on('speak', (text, _turnId, item) => void bus.publish('hermes_say', { text, lang: item.language, id: item.id, siteId: hermes.siteId, sessionId: item.sessionId }));
  } else speech.on('speak', (text) => void bus.publish('speak', text));
  speech.on('stop_speaking', (cut) => void bus.publish('stop_speaking', { turn_id: cut.turnId, reason: 'barge_in' }));
  speech.on('gesture', (name) => void bus.publish('animation', name));
  turns.on('turn', (event) => void bus.publish('turn_event', event));
  handoff.on('session', (event) => void bus.publish('session_event', event));

  // The retained status carries health, so monitors see "degraded: no language model" at a glance.
  // (A reconnection republishes it: the MQTT component turning ok is a change of state.)
  const status = new StatusReports((report) => {
    if (bus.connected) void bus.publishStatus(report);
  });
  health.on('change', (report) => status.report(report));
}

/** Alerts go out durably on agent/state/alert (staff acknowledge on agent/admin/alert_ack: src/wiring.ts). */
export function publishAlerts(bus: MqttBus, desk: AlertDesk): void {
  desk.on('alert', (alert) => void bus.publish('alert', alert));
}

/**
 * The perception port over the bus. The console has no bus; without one, and without a
 * connection, requests say that nobody can hear them.
 */
export class BusPerception implements PerceptionPort {
  readonly #bus: MqttBus | null;

  constructor(
    bus: MqttBus | null,
    private readonly log: Logger,
    /** Told of every message sent to perception (the interaction log keeps them). */
    private readonly sent: (topic: 'user_info' | 'capture_current_view', payload: unknown) => void = () => {},
  ) {
    this.#bus = bus;
  }

  userSettled(user: { user_id: string; user_name: string }): void {
    if (!this.#bus) {
      this.log.debug({ user_id: user.user_id }, 'user settled; no perception process to tell (no MQTT)');
      return;
    }
    const bus = this.#bus;
    // Perception needs the name soon, not ahead of the reply: told once the turn first waits (the
    // reply's request on its way), the message's durable queue write (0.5-1.3 ms of an
    // introduction's turn) no longer stands before the first word.
    setImmediate(() => {
      this.sent('user_info', { user_id: user.user_id, user_name: user.user_name });
      void bus.publish('user_info', { user_id: user.user_id, user_name: user.user_name });
    });
  }

  requestCapture(file: string): boolean {
    if (!this.#bus?.connected) return false;
    this.sent('capture_current_view', file);
    void this.#bus.publish('capture_current_view', file);
    return true;
  }
}
