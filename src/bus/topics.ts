import { z } from 'zod';
import { AlertAckSchema, AlertSchema, type AlertAck } from '../alerts/index.js';
import { SessionEventSchema, TurnEventSchema } from '../dialogue/index.js';
import { ForgetReportSchema, UserIdSchema } from '../people/index.js';

/**
 * The MQTT contract: every topic the daemon reads or writes, with its payload
 * schema. Topic names here are suffixes; the configured prefix (default "nadine/") goes in front.
 */

const PersonName = z.string().trim().max(200);
/** BCP-47-ish language tag as speech-to-text engines send it ("de", "de-DE", "zh_CN"). */
const LanguageTag = z.string().regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'must be a language tag such as "de" or "de-DE"');

/**
 * When something was heard or sent: ISO 8601 with a zone, or seconds or milliseconds since the
 * epoch (a number below 1e11 is seconds: 1e11 ms is in 1973, 1e11 s in the year 5138). Read as
 * milliseconds since the epoch.
 */
export const SentAtSchema = z.union([
  z.iso.datetime({ offset: true }).transform((s) => Date.parse(s)),
  z.number().positive().finite().transform((n) => (n < 1e11 ? n * 1000 : n)),
]);

export const UserSpeechSchema = z.object({
  text: z.string(),
  language: LanguageTag.optional(),
  user_id: UserIdSchema.nullish(),
  /** When the words were heard: the exact age of an utterance that comes late (see `late` below). */
  ts: SentAtSchema.optional(),
});
export type UserSpeech = z.infer<typeof UserSpeechSchema>;

export const UserDetectedSchema = z.object({
  user_name: PersonName,
  user_id: UserIdSchema.nullable(),
  /** A percentage, 0-100, as the perception process sends it. */
  confidence: z.number().min(0).max(100),
});
export type UserDetected = z.infer<typeof UserDetectedSchema>;

export const FaceStoredSchema = z.object({
  user_name: PersonName,
  user_id: UserIdSchema,
  status: z.enum(['face_stored', 'face_stored_new_user']),
});
export type FaceStored = z.infer<typeof FaceStoredSchema>;

const Figure = z.number().finite();
export const SceneStoredSchema = z.object({
  user_id: UserIdSchema,
  user_name: PersonName.optional(),
  scene_id: z.string().regex(/^[A-Za-z0-9_.-]{1,128}$/, 'must be a file-name-safe scene id'),
  memorability: Figure.optional(),
  emotion_salience: Figure.optional(),
  novelty_salience: Figure.optional(),
  description: z.string().max(4000).optional(),
});
export type SceneStored = z.infer<typeof SceneStoredSchema>;

export const UserInfoSchema = z.object({ user_name: z.string().min(1).max(200), user_id: UserIdSchema });
export type UserInfoMessage = z.infer<typeof UserInfoSchema>;

/** Admin request: delete everything the robot keeps about a person. */
export const ForgetUserSchema = z.object({ user_id: UserIdSchema });
export type ForgetUser = z.infer<typeof ForgetUserSchema>;

// Staff alerts belong to the alerts capability: the bus only carries them.
export { AlertAckSchema, AlertSchema, type Alert, type AlertAck } from '../alerts/index.js';


// The turn event belongs to the dialogue, whose fields it reports; a person's id and the
// forget-me report to people: the bus only carries them.
export { SessionEventSchema, TurnEventSchema, type SessionEvent, type TurnEvent } from '../dialogue/index.js';
export { ForgetReportSchema, UserIdSchema, type ForgetReport } from '../people/index.js';

export const StatusSchema = z.object({
  status: z.enum(['online', 'offline']),
  health: z.enum(['ok', 'warming', 'degraded', 'down']).optional(),
  components: z.record(z.string(), z.object({ status: z.string(), detail: z.string() })).optional(),
  ts: z.string(),
});
export type Status = z.infer<typeof StatusSchema>;

// The Hermes protocol of Rhasspy-style voice stacks (topics are Hermes's own: no prefix).
const HermesSiteId = z.string().min(1).max(128);
const HermesSessionId = z.string().max(256).nullish();

export const HermesTextCapturedSchema = z.object({
  text: z.string(),
  likelihood: z.number().min(0).max(1).optional(),
  seconds: z.number().nonnegative().optional(),
  siteId: HermesSiteId.default('default'),
  sessionId: HermesSessionId,
  /** Rhasspy 2.5 sends the language of the speech-to-text model, when it knows it (may be ""). */
  lang: z.string().max(35).nullish(),
});
export type HermesTextCaptured = z.infer<typeof HermesTextCapturedSchema>;

export const HermesSayFinishedSchema = z.object({
  /** The id of the hermes/tts/say it answers ("" when the request had none). */
  id: z.string().max(256),
  siteId: HermesSiteId.default('default'),
  sessionId: HermesSessionId,
});
export type HermesSayFinished = z.infer<typeof HermesSayFinishedSchema>;

export const HermesSaySchema = z.object({
  text: z.string().trim().min(1).max(10_000),
  lang: z.string(),
  id: z.string().min(1),
  siteId: HermesSiteId,
  sessionId: z.string().nullable(),
});
export type HermesSay = z.infer<typeof HermesSaySchema>;

export const StopSpeakingSchema = z.object({ turn_id: z.string(), reason: z.literal('barge_in') });

/** How an inbound payload is read before its schema is applied. */
export type Decoding = 'json' | 'text-or-json' | 'signal';

/**
 * What a message that comes late does: one the broker kept for the daemon's session while it was
 * away (the backlog delivered when the session resumes), or one sent again. A QoS 1 redelivery
 * of a message already received is dropped for every topic before this applies (src/bus/inbound-gate.ts).
 * - `fresh`: handled only while younger than mqtt.maxSpeechAgeMs: by its `ts` when it has one,
 *   else, in a backlog, by how long the link was down; dropped, logged and counted otherwise.
 *   Words answered a minute late answer nobody.
 * - `latest`: of a run of these in a backlog only the newest is handled (who is in front now).
 * - `always`: every one is handled, however late; handlers are idempotent (a state change or a
 *   request that must be carried out).
 */
export type LatePolicy = 'fresh' | 'latest' | 'always';

interface InboundSpec<T> {
  topic: string;
  from: 'perception' | 'control' | 'speech input' | 'voice stack' | 'admin';
  decoding: Decoding;
  schema: z.ZodType<T>;
  late: LatePolicy;
  /** The topic is used as it is, without the prefix (another protocol's own topic). */
  absolute?: true;
  /** Subscribed only when something handles it (an optional module is on). */
  optional?: true;
}

export const inbound = {
  user_speech: {
    topic: 'agent/user_speech',
    from: 'speech input',
    decoding: 'text-or-json',
    // an utterance is answered while fresh
    late: 'fresh',
    schema: UserSpeechSchema,
  } satisfies InboundSpec<UserSpeech>,
  user_detected: {
    topic: 'graph/user_detected',
    from: 'perception',
    decoding: 'json',
    // only who is in front now counts
    late: 'latest',
    schema: UserDetectedSchema,
  } satisfies InboundSpec<UserDetected>,
  face_stored: {
    topic: 'graph/face_stored',
    from: 'perception',
    decoding: 'json',
    // sets an entry of user_ids.json: the same message twice sets it twice
    late: 'always',
    schema: FaceStoredSchema,
  } satisfies InboundSpec<FaceStored>,
  scene_stored: {
    topic: 'memory/scene_stored',
    from: 'perception',
    decoding: 'json',
    // indexes a scene by its id: an indexed one is not loaded again
    late: 'always',
    schema: SceneStoredSchema,
  } satisfies InboundSpec<SceneStored>,
  start_speak: {
    topic: 'agent/feedback/start_speak',
    from: 'control',
    decoding: 'signal',
    // what the speaker did, however late: the voice goes on from there
    late: 'always',
    schema: z.null(),
  } satisfies InboundSpec<null>,
  end_speak: {
    topic: 'agent/feedback/end_speak',
    from: 'control',
    decoding: 'signal',
    // what the speaker did, however late: the voice goes on from there
    late: 'always',
    schema: z.null(),
  } satisfies InboundSpec<null>,
  hermes_text_captured: {
    topic: 'hermes/asr/textCaptured',
    from: 'voice stack',
    decoding: 'json',
    late: 'fresh',
    schema: HermesTextCapturedSchema,
    absolute: true,
    optional: true,
  } satisfies InboundSpec<HermesTextCaptured>,
  hermes_say_finished: {
    topic: 'hermes/tts/sayFinished',
    from: 'voice stack',
    decoding: 'json',
    late: 'always',
    schema: HermesSayFinishedSchema,
    absolute: true,
    optional: true,
  } satisfies InboundSpec<HermesSayFinished>,
  forget_user: {
    topic: 'agent/admin/forget_user',
    from: 'admin',
    decoding: 'json',
    // a person asked to be forgotten: carried out whenever it arrives; a second request finds nothing left
    late: 'always',
    schema: ForgetUserSchema,
  } satisfies InboundSpec<ForgetUser>,
  // Staff confirm an alert; idempotent (an acknowledgement heard twice acts once).
  alert_ack: {
    topic: 'agent/admin/alert_ack',
    from: 'admin',
    decoding: 'json',
    // An acknowledgement is never stale, and taking one twice acts once.
    late: 'always',
    schema: AlertAckSchema,
  } satisfies InboundSpec<AlertAck>,
} as const;

export type InboundKey = keyof typeof inbound;

/**
 * The daemon's own marker: published to itself (QoS 1, a one-off token) when the broker resumes
 * its session. The broker queues it behind everything it kept for the daemon while it was away,
 * so its return marks the end of that backlog. Nobody else publishes or reads it.
 */
export const CAUGHT_UP_TOPIC = 'agent/bus/caught_up';
export type InboundPayload<K extends InboundKey> = z.infer<(typeof inbound)[K]['schema']>;

interface OutboundSpec<T> {
  topic: string;
  to: 'control' | 'perception' | 'monitors' | 'voice stack';
  /** The topic is used as it is, without the prefix. */
  absolute?: true;
  encoding: 'text' | 'json';
  schema: z.ZodType<T>;
  qos: 0 | 1;
  retain: boolean;
  /**
   * What happens while the broker cannot be reached. `durable`: state another process relies on,
   * kept on disk until the broker acknowledges it, re-sent in order (at least once). `expiring`:
   * sent only within speech.maxDelayMs of being handed over, else dropped (never spoken late).
   * `best_effort`: sent if connected, dropped otherwise.
   */
  delivery: 'durable' | 'expiring' | 'best_effort';
}

const SpokenText = z.string().trim().min(1).max(10_000);
const AnimationName = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be an animation name such as WAVE_HAND');

export const outbound = {
  speak: { topic: 'agent/control/speak', to: 'control', encoding: 'text', schema: SpokenText, qos: 1, retain: false, delivery: 'expiring' },
  animation: {
    topic: 'agent/control/animation',
    to: 'control',
    encoding: 'text',
    schema: AnimationName,
    qos: 1,
    retain: false,
    delivery: 'expiring',
  },
  user_info: {
    topic: 'face_recognition/user_info',
    to: 'perception',
    encoding: 'json',
    schema: UserInfoSchema,
    qos: 1,
    retain: false,
    delivery: 'durable',
  },
  capture_current_view: {
    topic: 'perception/capture_current_view',
    to: 'perception',
    encoding: 'text',
    schema: z.string().min(1).max(4096),
    qos: 1,
    retain: false,
    delivery: 'best_effort',
  },
  turn_event: {
    topic: 'agent/state/turn',
    to: 'monitors',
    encoding: 'json',
    schema: TurnEventSchema,
    qos: 0,
    retain: false,
    delivery: 'best_effort',
  },
  session_event: {
    topic: 'agent/state/session',
    to: 'monitors',
    encoding: 'json',
    schema: SessionEventSchema,
    qos: 0,
    retain: false,
    delivery: 'best_effort',
  },
  status: { topic: 'agent/status', to: 'monitors', encoding: 'json', schema: StatusSchema, qos: 1, retain: true, delivery: 'durable' },
  // Optional for control stacks; the payload is informative, the message is the signal.
  stop_speaking: {
    topic: 'agent/control/stop_speaking',
    to: 'control',
    encoding: 'json',
    schema: StopSpeakingSchema,
    qos: 1,
    retain: false,
    delivery: 'expiring',
  },
  hermes_say: {
    topic: 'hermes/tts/say',
    to: 'voice stack',
    encoding: 'json',
    schema: HermesSaySchema,
    qos: 1,
    retain: false,
    delivery: 'expiring',
    absolute: true,
  },
  // Staff must hear of it even across a broker outage: kept on disk until acknowledged by the broker.
  alert: {
    topic: 'agent/state/alert',
    to: 'monitors',
    encoding: 'json',
    schema: AlertSchema,
    qos: 1,
    retain: false,
    delivery: 'durable',
  },
  // An acknowledgement given on the dashboard, for every other staff console (the daemon hears its
  // own echo on the inbound topic: acknowledging is idempotent).
  alert_ack: {
    topic: 'agent/admin/alert_ack',
    to: 'monitors',
    encoding: 'json',
    schema: AlertAckSchema,
    qos: 1,
    retain: false,
    delivery: 'durable',
  },
  user_forgotten: {
    topic: 'agent/state/user_forgotten',
    to: 'monitors',
    encoding: 'json',
    schema: ForgetReportSchema,
    qos: 1,
    retain: false,
    delivery: 'durable',
  },
} as const satisfies Record<string, OutboundSpec<unknown>>;

export type OutboundKey = keyof typeof outbound;
export type OutboundPayload<K extends OutboundKey> = z.input<(typeof outbound)[K]['schema']>;

/** One robot per prefix, and one client id per robot: a broker drops one of two clients with the same id. */
export function defaultClientId(prefix: string): string {
  const robot = prefix.replace(/\/$/, '').replace(/[^A-Za-z0-9_-]+/g, '-');
  return robot === 'nadine' || robot === '' ? 'nadine-brain' : `nadine-brain-${robot}`.slice(0, 128);
}
