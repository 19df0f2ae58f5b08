import type { AlertDesk } from './alerts/index.js';
import type { ForgetReport, MqttBus } from './bus/index.js';
import type { Config } from './config/index.js';
import type { Dialogue } from './dialogue/index.js';
import type { Health } from './health/index.js';
import { wireHermes } from './hermes/index.js';
import type { Logger } from './log/index.js';
import type { People } from './people/index.js';
import type { VisualMemory } from './visual-memory/index.js';

/**
 * The bus into the dialogue: every handler of what comes in, one way in. What goes out is
 * src/outlets.ts's: no module relays in both directions.
 */

/**
 * Utterances go to the turn runner (from a Hermes voice stack too, when that module is on); the
 * voice hears the speech feedback itself.
 */
export function wireBus(bus: MqttBus, { turns, voice }: Pick<Dialogue, 'turns' | 'voice'>, health: Health, log: Logger, config: Pick<Config, 'hermes'>, people: People): void {
  bus.on('user_speech', (speech) => {
    // A speech-to-text that knows the speaker names whose turn this is.
    const speaker = speech.user_id ? people.userFor(speech.user_id, '') : undefined;
    void turns.submit({ text: speech.text, language: speech.language, speaker });
  });

  // The speech feedback paces the sentences.
  bus.on('start_speak', () => voice.started());
  bus.on('end_speak', () => voice.finished());
  if (config.hermes.enabled) wireHermes(bus, turns, voice, config.hermes, health, log);
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

/** Staff acknowledge on agent/admin/alert_ack (alerts go out on agent/state/alert: src/outlets.ts). */
export function wireAlertsBus(bus: MqttBus, desk: AlertDesk, log: Logger): void {
  bus.on('alert_ack', (ack) => {
    if (!desk.acknowledge(ack)) log.warn({ alert_id: ack.alert_id, by: ack.by }, 'acknowledgement of an unknown alert: ignored');
  });
}
