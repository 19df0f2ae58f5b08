import type { AlertDesk } from './alerts/index.js';
import { StatusReports, type ForgetReport, type MqttBus } from './bus/index.js';
import type { Config } from './config/index.js';
import type { Dialogue, PerceptionPort } from './dialogue/index.js';
import type { Health } from './health/index.js';
import { wireHermes } from './hermes/index.js';
import type { Logger } from './log/index.js';
import type { People } from './people/index.js';
import type { VisualMemory } from './visual-memory/index.js';

/**
 * Connects the MQTT contract to the dialogue, along the data path: utterances go to the turn
 * runner; the voice hears the speech feedback itself and speaks on the bus; turn events are
 * published as they come.
 */
export function wireBus(bus: MqttBus, dialogue: Dialogue, health: Health, log: Logger, config: Pick<Config, 'hermes'>, people: People): void {
  const { turns, voice, handoff } = dialogue;
  bus.on('user_speech', (speech) => {
    // A speech-to-text that knows the speaker names whose turn this is.
    const speaker = speech.user_id ? people.userFor(speech.user_id, '') : undefined;
    void turns.submit({ text: speech.text, language: speech.language, speaker });
  });

  // Sentences go to the control stack, or to a Hermes voice stack when that
  // module is on; the speech feedback paces them; a barge-in tells the speaker to stop.
  bus.on('start_speak', () => voice.started());
  bus.on('end_speak', () => voice.finished());
  if (config.hermes.enabled) wireHermes(bus, turns, voice, config.hermes, health, log);
  else voice.on('speak', (text) => void bus.publish('speak', text));
  voice.on('stop_speaking', (cut) => void bus.publish('stop_speaking', { turn_id: cut.turnId, reason: 'barge_in' }));
  voice.on('gesture', (name) => void bus.publish('animation', name));
  turns.on('turn', (event) => void bus.publish('turn_event', event));
  handoff.on('session', (event) => void bus.publish('session_event', event));

  // The retained status carries health, so monitors see "degraded: no language model" at a glance.
  // (A reconnection republishes it: the MQTT component turning ok is a change of state.)
  const status = new StatusReports((report) => {
    if (bus.connected) void bus.publishStatus(report);
  });
  health.on('change', (report) => status.report(report));
}

/**
 * Perception's scene announcements keep the visual memory index in step without a restart; a
 * person being seen builds their index ahead of their first question.
 */
export function wireVisualMemory(bus: MqttBus, visualMemory: VisualMemory): void {
  bus.on('scene_stored', (scene) => void visualMemory.sceneStored(scene));
  bus.on('user_detected', (user) => {
    if (user.user_id) visualMemory.prepare(user.user_id);
  });
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
    this.sent('user_info', { user_id: user.user_id, user_name: user.user_name });
    void this.#bus.publish('user_info', { user_id: user.user_id, user_name: user.user_name });
  }

  requestCapture(file: string): boolean {
    if (!this.#bus?.connected) return false;
    this.sent('capture_current_view', file);
    void this.#bus.publish('capture_current_view', file);
    return true;
  }
}

/**
 * Perception's view of who is there drives the current user (each person has their own
 * profile and history); face_stored keeps user_ids.json in step; the admin topic
 * forgets a person and publishes what was deleted and what, if anything, is left.
 */
export function wirePeople(
  bus: MqttBus,
  { presence }: Pick<Dialogue, 'presence'>,
  people: People,
  forgetUser: (userId: string) => Promise<ForgetReport>,
  log: Logger,
  detected: (detection: unknown) => void = () => {},
): void {
  bus.on('user_detected', (detection) => {
    detected(detection);
    const action = people.detected(detection, presence.user.user_id);
    if (action.kind === 'ignore') return;
    if (action.kind === 'known') presence.switchUser(people.userFor(action.user_id, action.user_name));
    // Someone new and unknown: a fresh conversation, not the previous stranger's.
    if (action.kind === 'stranger') presence.strangerArrived();
    // Every report of the person in front keeps their visit going (or starts it).
    presence.seen();
  });
  bus.on('face_stored', async (face) => {
    await people.faceStored({ user_id: face.user_id, user_name: face.user_name });
    log.debug({ user_id: face.user_id, status: face.status }, 'face stored: user_ids.json in step');
  });
  bus.on('forget_user', async ({ user_id }) => {
    const report = await forgetUser(user_id);
    await bus.publish('user_forgotten', report);
  });
}

/**
 * Staff alerts: the desk hears every finished turn (a refusal or a question asked again counts
 * towards `stuck`) and every visit's end; when staff acknowledge an alert of the visit in
 * progress, the robot tells the visitor someone is coming.
 */
export function wireAlertDesk(desk: AlertDesk, { turns, presence, handoff }: Pick<Dialogue, 'turns' | 'presence' | 'handoff'>): void {
  turns.on('turn', (event) => void desk.turnDone(event));
  handoff.on('session', (event) => {
    if (event.event === 'end') desk.visitEnded(event.session_id);
  });
  desk.on('acknowledged', (record) => {
    if (record.session_id !== null && presence.visit?.id === record.session_id) void turns.engage('staff_coming');
  });
}

/** Alerts go out durably on agent/state/alert; staff acknowledge on agent/admin/alert_ack. */
export function wireAlertsBus(bus: MqttBus, desk: AlertDesk, log: Logger): void {
  desk.on('alert', (alert) => void bus.publish('alert', alert));
  bus.on('alert_ack', (ack) => {
    if (!desk.acknowledge(ack)) log.warn({ alert_id: ack.alert_id, by: ack.by }, 'acknowledgement of an unknown alert: ignored');
  });
}
