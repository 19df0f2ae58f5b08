import { z } from 'zod';
// The affect capability's own settings: a leaf module, so that the config does not load affect.
import { AffectConfigSchema, EmotionGesturesSchema } from '../affect/config.js';
// Likewise the alerts' settings.
import { AlertsConfigSchema } from '../alerts/config.js';

/** Languages the daemon can hold a conversation in (offline lines exist for each). */
export const LANGUAGES = ['en', 'de', 'fr', 'zh', 'es'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

export const MODEL_PROFILES = ['small', 'big', 'response', 'vision'] as const;
export const ProfileNameSchema = z.enum(MODEL_PROFILES);
export type ProfileName = z.infer<typeof ProfileNameSchema>;

/** The agents that may call the language model; each is mapped to a profile. */
export const LLM_AGENTS = [
  'intent',
  'memory_update',
  'appraisal',
  'contextualize',
  'plan',
  'response',
  'vision',
  'summary',
] as const;
export type LlmAgent = (typeof LLM_AGENTS)[number];

// One robot per prefix: no wildcards, and always a trailing slash so topic names concatenate.
const TopicPrefix = z
  .string()
  .refine((s) => !/[#+\u0000]/.test(s), 'must not contain MQTT wildcards (+, #) or NUL')
  .refine((s) => !s.startsWith('/'), 'must not start with "/"')
  .transform((s) => (s === '' || s.endsWith('/') ? s : `${s}/`));

const FilePath = z.string().min(1);
/** Hosts only this machine can reach. */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const Millis = z.number().int().positive();

/** replay: answers from recorded interaction logs (a logged visit played back; `path` names the log or folder). */
export const LLM_BACKENDS = ['ollama', 'openai', 'gguf', 'replay'] as const;
export type LlmBackendKind = (typeof LLM_BACKENDS)[number];
/** Reasoning models: 'off' asks the server not to think, 'on' lets the model think, 'auto' leaves it to the server. */
export const ThinkSettingSchema = z.enum(['auto', 'on', 'off']);
export type ThinkSetting = z.infer<typeof ThinkSettingSchema>;

const ProfileSchema = z
  .strictObject({
    /** Which kind of server runs the model: an Ollama server, an OpenAI-compatible server, or in process (GGUF file). */
    backend: z.enum(LLM_BACKENDS).default('ollama'),
    /** The model's name on its server; for gguf only a label (the file name when left out). */
    model: z.string().min(1).optional(),
    temperature: z.number().min(0).max(2).optional(),
    num_ctx: z.number().int().positive().optional(),
    /** Whether the model accepts images (then the response agent may pass the visual memory image). */
    multimodal: z.boolean().default(false),
    /** Server URL: ollama defaults to llm.url; openai needs it, e.g. http://gpu-box:8000/v1. */
    url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    /** openai: the environment variable holding the API key (the key itself never goes into the file). */
    apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name').optional(),
    /** openai: how structured output is asked for; json_schema falls back to json_object when the server refuses it. */
    structuredOutput: z.enum(['json_schema', 'json_object']).default('json_schema'),
    /**
     * Reasoning models (Qwen3, DeepSeek-R1, gpt-oss…): 'off' asks the server not to think where its
     * API allows it (Ollama think:false; OpenAI-compatible chat_template_kwargs.enable_thinking=false;
     * GGUF a zero thought budget); 'on' asks it to think (Ollama think:true). Whatever the setting,
     * reasoning is never spoken nor parsed as the answer: it goes to the interaction log.
     */
    think: ThinkSettingSchema.default('auto'),
    /** gguf: the model file (relative to the working directory); replay: the interaction log file or folder. */
    path: FilePath.optional(),
    /** gguf: 'auto' uses a GPU when the prebuilt binaries find one, else the CPU; 'cpu' never looks. */
    gpu: z.enum(['auto', 'cpu']).default('auto'),
    /** gguf: CPU threads per generation (0: half the cores, at least one). */
    threads: z.number().int().min(0).default(0),
  })
  .superRefine((p, ctx) => {
    if (p.backend === 'replay' && !p.path) ctx.addIssue({ code: 'custom', path: ['path'], message: 'a replay profile needs the interaction log file or folder' });
    if (p.backend !== 'gguf' && p.backend !== 'replay' && !p.model) ctx.addIssue({ code: 'custom', path: ['model'], message: `the ${p.backend} backend needs a model name` });
    if (p.backend === 'openai' && !p.url) ctx.addIssue({ code: 'custom', path: ['url'], message: 'an openai profile needs the server URL (…/v1)' });
    if (p.backend === 'gguf' && !p.path) ctx.addIssue({ code: 'custom', path: ['path'], message: 'a gguf profile needs the model file path' });
    if (p.backend === 'gguf' && p.multimodal) ctx.addIssue({ code: 'custom', path: ['multimodal'], message: 'in-process GGUF models take no images' });
  })
  .transform((p) => ({ ...p, model: p.model ?? (p.path ?? 'model').split(/[\\/]/).pop()!.replace(/\.gguf$/i, '') }));
export type ModelProfile = z.output<typeof ProfileSchema>;

/** Loopback addresses: the only ones the HTTP server may listen on without a token. */
export const isLoopback = (host: string): boolean => host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);

export const ConfigSchema = z.strictObject({
  mqtt: z
    .strictObject({
      /** External broker, e.g. mqtt://10.0.0.2:1883. Null starts the embedded broker instead. */
      url: z
        .url({ protocol: /^(mqtts?|wss?|tcp|ssl)$/, error: 'must be an mqtt://, mqtts://, ws:// or wss:// URL' })
        .nullable()
        .default(null),
      username: z.string().nullable().default(null),
      password: z.string().nullable().default(null),
      tls: z
        .strictObject({
          ca: FilePath.nullable().default(null),
          cert: FilePath.nullable().default(null),
          key: FilePath.nullable().default(null),
          rejectUnauthorized: z.boolean().default(true),
        })
        .prefault({}),
      prefix: TopicPrefix.default('nadine/'),
      /** Null: "nadine-brain", followed by the prefix when it is not the default one (robots sharing a broker never share an id). */
      clientId: z.string().min(1).max(128).nullable().default(null),
      /** Inbound payloads larger than this are dropped before decoding. */
      maxPayloadBytes: z.number().int().min(256).max(16 * 1024 * 1024).default(64 * 1024),
      connectTimeoutMs: Millis.default(10_000),
      /**
       * Utterances heard longer ago than this are not answered: measured by the payload's `ts`,
       * else, for what the broker kept while the link was down, by how long it was down.
       */
      maxSpeechAgeMs: Millis.default(10_000),
      reconnect: z
        .strictObject({ initialMs: Millis.default(500), maxMs: Millis.default(30_000) })
        .prefault({}),
    })
    .prefault({}),

  broker: z
    .strictObject({
      /** Start the embedded (aedes) broker when no mqtt.url is configured. */
      enabled: z.boolean().default(true),
      host: z.string().min(1).default('127.0.0.1'),
      port: z.number().int().min(0).max(65535).default(1883),
      /** Clients must log in with these (both or neither); required to listen beyond loopback. */
      username: z.string().min(1).nullable().default(null),
      password: z.string().min(1).nullable().default(null),
      /** PEM files: with both, the broker speaks MQTT over TLS only (mqtts://). */
      tls: z.strictObject({ key: FilePath.nullable().default(null), cert: FilePath.nullable().default(null) }).prefault({}),
    })
    .superRefine((broker, ctx) => {
      if ((broker.username === null) !== (broker.password === null)) {
        ctx.addIssue({ code: 'custom', path: ['username'], message: 'set broker.username and broker.password together' });
      }
      if ((broker.tls.key === null) !== (broker.tls.cert === null)) {
        ctx.addIssue({ code: 'custom', path: ['tls'], message: 'set broker.tls.key and broker.tls.cert together' });
      }
      // Anyone on the network could otherwise speak for perception or read what the robot hears.
      if (broker.enabled && !LOOPBACK.has(broker.host) && (broker.username === null || broker.password === null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['host'],
          message: `the embedded broker would listen on ${broker.host}, beyond this machine, without credentials: set broker.username and broker.password (and broker.tls for encryption), or keep broker.host at 127.0.0.1`,
        });
      }
    })
    .prefault({}),

  llm: z
    .strictObject({
      enabled: z.boolean().default(true),
      url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('http://127.0.0.1:11434'),
      profiles: z
        .strictObject({
          small: ProfileSchema.prefault({ model: 'qwen2.5:3b', temperature: 0 }),
          big: ProfileSchema.prefault({ model: 'qwen2.5:7b', temperature: 0.2 }),
          response: ProfileSchema.prefault({ model: 'qwen2.5:7b', temperature: 0.7 }),
          vision: ProfileSchema.prefault({ model: 'qwen2.5vl:7b', temperature: 0.2, multimodal: true }),
        })
        .prefault({}),
      agents: z
        .strictObject({
          intent: ProfileNameSchema.default('small'),
          memory_update: ProfileNameSchema.default('small'),
          appraisal: ProfileNameSchema.default('small'),
          contextualize: ProfileNameSchema.default('small'),
          plan: ProfileNameSchema.default('big'),
          response: ProfileNameSchema.default('response'),
          vision: ProfileNameSchema.default('vision'),
          summary: ProfileNameSchema.default('big'),
        })
        .prefault({}),
      timeouts: z
        .strictObject({
          /** Health probes (is the server up, is the model pulled). */
          healthMs: Millis.default(2_000),
          /** Time to the first streamed token: a cold model load can take a while. */
          firstTokenMs: Millis.default(20_000),
          /** Whole request, streaming included. */
          requestMs: Millis.default(60_000),
        })
        .prefault({}),
      healthIntervalMs: Millis.default(30_000),
      /**
       * At most this many tokens in a structured (JSON) answer: the agents' answers are a few dozen
       * tokens, and a small model that never closes its JSON would otherwise write until the context
       * is half full, holding its server (in process: the reply's cores) all that time. Not applied
       * to a profile with think 'on', whose reasoning counts against the limit on most servers.
       */
      jsonMaxTokens: z.number().int().min(32).max(8192).default(512),
      /**
       * At most this many tokens in a streamed answer (the reply, a picture's description): a reply
       * is spoken, a few sentences; a model that does not stop would otherwise talk until its
       * context is half full, and the next prompt would carry all of it. Not applied with think 'on'.
       */
      replyMaxTokens: z.number().int().min(32).max(8192).default(300),
      keepAlive: z.string().default('30m'),
      /** Load the profiles' models (Ollama's, and GGUF files) at start-up and whenever an Ollama server comes back. */
      warm: z.boolean().default(true),
      /** Memory the profiles' models may take together (GB); null: this machine's RAM. Over it, start-up warns. */
      memoryBudgetGB: z.number().positive().nullable().default(null),
      /** The in-process model `npm start` falls back to when no Ollama answers at start-up and the file is there. */
      embedded: z
        .strictObject({
          enabled: z.boolean().default(true),
          /** Relative to paths.models. */
          path: FilePath.default('gguf/qwen2.5-1.5b-instruct-q4_k_m.gguf'),
          num_ctx: z.number().int().positive().default(4096),
          threads: z.number().int().min(0).default(0),
        })
        .prefault({}),
    })
    .prefault({}),

  paths: z
    .strictObject({
      models: FilePath.default('models'),
      data: FilePath.default('db'),
      rag: FilePath.default('rag_files'),
    })
    .prefault({}),

  language: LanguageSchema.default('en'),

  persona: z
    .strictObject({
      name: z.string().min(1).max(64).default('Nadine'),
      description: z
        .string()
        .min(1)
        .max(4000)
        .default(
          'You are Nadine, a friendly and attentive social humanoid robot working as a receptionist. ' +
            'You speak naturally and warmly, keep answers short enough to be spoken aloud (one to three sentences), ' +
            'remember the people you meet, and are honest about what you do not know.',
        ),
    })
    .prefault({}),

  dialogue: z
    .strictObject({
      /**
       * Before the bus connects, run the first runs of the turn's code (models, searches, a few
       * whole turns on read-only ports) so the first visitor does not pay for them: about 1 s at
       * start-up on a 2-core machine. Off for short-lived daemons (tests, one-off scripts).
       */
      warmUp: z.boolean().default(true),
      /** Turns (user + robot message pairs) of history kept per user. */
      historyTurns: z.number().int().min(1).max(200).default(10),
      /** Below this confidence the intent model defers to the language model, when one is available. */
      intentThreshold: z.number().min(0).max(1).default(0.6),
      /** Longer utterances are dropped: speech-to-text never produces them. */
      maxUtteranceChars: z.number().int().min(1).max(100_000).default(2_000),
      /** Utterances waiting while a turn runs; the oldest is dropped beyond this. */
      maxQueuedUtterances: z.number().int().min(1).max(1000).default(8),
      /**
       * Background work (storing a finished conversation, applying queued vector writes, writing a
       * person's conversation file) starts once no turn has run for this long: a conversation in
       * full flow keeps the cores, and the work is done in the next pause (on a robot, while it
       * speaks); a conversation that never pauses this long gets it between two turns after 30 s.
       */
      quietMs: z.number().int().min(0).max(60_000).default(250),
    })
    .prefault({}),

  // A conversation session is one visit of one person (it also ends on people.detection.absenceMs).
  sessions: z
    .strictObject({
      /** Nothing said for this long after the person last spoke: the visit is over, and remembered. */
      idleMs: Millis.default(120_000),
    })
    .prefault({}),

  // The robot speaks first: it greets a person it recognises, and invites an unknown face that stays.
  engagement: z
    .strictObject({
      enabled: z.boolean().default(true),
      /** At most one greeting per person (or per unknown face) within this time. */
      cooldownMs: Millis.default(600_000),
      /** An unknown face that stays this long without a word is invited to talk. */
      unknownAfterMs: Millis.default(8_000),
    })
    .prefault({}),

  gestures: z
    .strictObject({
      greeting: z.string().min(1).nullable().default('WAVE_HAND'),
      farewell: z.string().min(1).nullable().default('WAVE_HAND'),
      // The user agrees or confirms ("yes", "genau", "d'accord", "对").
      agreement: z.string().min(1).nullable().default('NOD_YES'),
      /** Animation per OCC emotion, played when an utterance makes the robot feel it strongly enough. */
      emotions: EmotionGesturesSchema,
      /** Appraised intensity from which an emotion's animation is played. */
      emotionMinIntensity: z.number().min(0).max(1).default(0.5),
    })
    .prefault({}),

  // How replies are delivered to the robot's voice.
  speech: z
    .strictObject({
      /** Publish each sentence as soon as the model has written it; false: one message per reply. */
      streaming: z.boolean().default(true),
      /** Sentences shorter than this are joined to the next one (never the first: it is about latency). */
      minSentenceChars: z.number().int().min(0).max(500).default(12),
      /** A sentence still open after this many characters is cut at a comma or space, so speech never stalls. */
      maxSentenceChars: z.number().int().min(40).max(10_000).default(300),
      /** Hand the control stack one sentence at a time, the next on end_speak; false: everything at once. */
      waitForEndSpeak: z.boolean().default(true),
      /** A new utterance while the robot generates or speaks cancels the rest of the reply. */
      bargeIn: z.boolean().default(true),
      /**
       * A sentence, gesture or stop the broker has not taken this long after it was handed over
       * (the link is down) is dropped, logged and counted: never spoken late.
       */
      maxDelayMs: Millis.default(2_000),
      timeouts: z
        .strictObject({
          /** No start_speak this long after a sentence was sent: assume it started anyway. */
          startMs: Millis.default(3_000),
          /** Speaking rate for the end_speak time-out: characters per second (a CJK character counts as 3). */
          charsPerSecond: z.number().positive().max(1000).default(14),
          /** Safety margin on the estimated speaking time. */
          factor: z.number().min(1).max(10).default(1.5),
          /** Floor and cap of the end_speak time-out. */
          minMs: Millis.default(2_000),
          maxMs: Millis.default(30_000),
        })
        .prefault({}),
      /** Consecutive sentences without end_speak before health says the control stack sends no feedback. */
      feedbackMissingAfter: z.number().int().min(1).max(100).default(2),
    })
    .prefault({}),

  // Rhasspy-style voice stacks over the Hermes protocol (topics without prefix).
  hermes: z
    .strictObject({
      enabled: z.boolean().default(false),
      /** Only utterances of this site are heard, and replies go to it. */
      siteId: z.string().min(1).max(128).default('default'),
    })
    .prefault({}),

  agents: z
    .strictObject({
      memory: z.boolean().default(true),
      affect: z.boolean().default(true),
      knowledge: z.boolean().default(true),
      vision: z.boolean().default(true),
      search: z.boolean().default(false),
      /** The visitor's state and staff alerts (emergencies, requests for a person, distress, abuse, a stuck visit). */
      alerts: z.boolean().default(true),
    })
    .prefault({}),

  affect: AffectConfigSchema,

  /** Staff alerts: thresholds, timings and extra phrases (see src/alerts/config.ts). On with agents.alerts. */
  alerts: AlertsConfigSchema,

  embeddings: z
    .strictObject({
      /**
       * auto: the real ONNX model when its files are there, else Ollama when its embedding model is
       * pulled, else the lexical embedder. Never a stand-in model unless configured explicitly.
       */
      backend: z.enum(['auto', 'onnx', 'ollama', 'lexical']).default('auto'),
      onnx: z
        .strictObject({
          /** Model folder (transformers.js layout), relative to paths.models or absolute. */
          model: FilePath.default('all-MiniLM-L6-v2'),
          /** Which onnx/model*.onnx to load; auto prefers model.onnx, then quantized, then fp16. */
          dtype: z.enum(['auto', 'fp32', 'q8', 'fp16']).default('auto'),
          /** Word pieces per text; all-MiniLM-L6-v2 was trained on 256 (longer text is cut). */
          maxTokens: z.number().int().min(8).max(512).default(256),
          threads: z.number().int().min(1).max(64).default(1),
        })
        .prefault({}),
      ollama: z
        .strictObject({
          /** Embedding model on the Ollama server of llm.url. */
          model: z.string().min(1).default('nomic-embed-text'),
          timeoutMs: Millis.default(10_000),
        })
        .prefault({}),
      lexical: z
        .strictObject({ dims: z.number().int().min(64).max(8192).default(512) })
        .prefault({}),
      /** Texts whose embedding is kept in memory (several agents embed the same question in a turn). */
      cacheSize: z.number().int().min(0).max(100_000).default(512),
      /** Texts per model call. */
      batchSize: z.number().int().min(1).max(1024).default(32),
    })
    .prefault({}),

  chroma: z
    .strictObject({
      /** External ChromaDB server, e.g. http://10.0.0.5:8000. Null starts the embedded server. */
      url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).nullable().default(null),
      /** Embedded server: where it listens (port 0: any free port, chosen at start); data in <paths.data>/chroma. */
      host: z.string().min(1).default('127.0.0.1'),
      port: z.number().int().min(0).max(65535).default(0),
      /** Time for the embedded server to answer its first heartbeat. */
      startTimeoutMs: Millis.default(30_000),
      /** Restart back-off of the embedded server after it dies. */
      restart: z
        .strictObject({ initialMs: Millis.default(500), maxMs: Millis.default(30_000) })
        .prefault({}),
      /** A read slower than this returns nothing: recall must never hold up a turn. */
      queryTimeoutMs: Millis.default(1_000),
      /** One write applied from the outbox. */
      writeTimeoutMs: Millis.default(15_000),
      /** Heartbeat interval while the server is reachable (it is probed with back-off while not). */
      healthIntervalMs: Millis.default(10_000),
      /** Collection names are "<prefix>-<name>", so several robots can share one external server. */
      collectionPrefix: z
        .string()
        .regex(/^[a-zA-Z0-9][a-zA-Z0-9-]{0,30}[a-zA-Z0-9]$/, 'must be 2-32 letters, digits or "-", starting and ending with a letter or digit')
        .default('nadine'),
      /**
       * Collections of up to `maxRecords` records (a person's memories) are copied into the
       * process and searched there, exactly; ChromaDB stays the store. `maxTotalRecords` bounds
       * the memory used (≈1.5 kB per 384-d record). maxRecords 0: every search goes to the server.
       */
      mirror: z
        .strictObject({ maxRecords: z.number().int().min(0).default(20_000), maxTotalRecords: z.number().int().min(0).default(50_000) })
        .refine((m) => m.maxTotalRecords >= m.maxRecords, { message: 'maxTotalRecords must be at least maxRecords', path: ['maxTotalRecords'] })
        .prefault({}),
    })
    .prefault({}),

  people: z
    .strictObject({
      /**
       * Name similarity (normalised Levenshtein ratio on case- and accent-folded names) against the
       * names in user_ids.json. high: at or above, the same person, linked without asking — 0.9 lets
       * only identical names (under 10 letters) or one slip in a long name ("Alicia Smyth") through.
       * low: from here up to high the robot asks "Is your name …?" — 0.6 catches Jon/John (0.75),
       * Alice/Alicia (0.67), Steven/Stephen (0.71); below it (Sam/Samantha 0.38) someone new.
       */
      nameMatch: z
        .strictObject({ high: z.number().min(0).max(1).default(0.9), low: z.number().min(0).max(1).default(0.6) })
        .prefault({})
        .refine((t) => t.low <= t.high, 'low must not exceed high'),
      detection: z
        .strictObject({
          /** Face-recognition reports below this confidence (a percentage) are ignored. */
          minConfidence: z.number().min(0).max(100).default(60),
          /** No report for this long: whoever comes next is a new person, even if unknown too. */
          absenceMs: Millis.default(30_000),
        })
        .prefault({}),
    })
    .prefault({}),

  // Episodic and conversation memory in ChromaDB
  memory: z
    .strictObject({
      /**
       * Recall: a memory less similar (cosine) than this to what was said stays out of the prompt.
       * The lexical fallback scores shared words and spellings, so its floor is its own.
       */
      minSimilarity: z
        .strictObject({
          /** For embedding models (ONNX all-MiniLM-L6-v2, Ollama). */
          model: z.number().min(-1).max(1).default(0.35),
          /** For the lexical embedder. */
          lexical: z.number().min(-1).max(1).default(0.2),
        })
        .prefault({}),
      /** Turns (person and robot message pairs) of a conversation saved when it ends (at most dialogue.historyTurns are kept). */
      saveTurns: z.number().int().min(1).max(200).default(10),
      /** A conversation in which the person spoke fewer times than this (their goodbye included) is not saved. */
      minUserMessages: z.number().int().min(1).max(100).default(2),
      /** The conversation is stored in pieces of this many person messages (with the robot's replies). */
      pieceTurns: z.number().int().min(1).max(50).default(3),
      summary: z
        .strictObject({
          /** Summarise episodes with the language model (agent "summary") when it is available; else extractive. */
          llm: z.boolean().default(true),
          /** Sentences of the person the extractive summary quotes. */
          sentences: z.number().int().min(1).max(10).default(3),
        })
        .prefault({}),
      greeting: z
        .strictObject({
          /** A known person who greets the robot gets their latest episode recalled, if this recent. */
          withinDays: z.number().int().min(0).max(3650).default(90),
        })
        .prefault({}),
      /** Back-off of the background writer after a failure, and of re-embedding while ChromaDB is away. */
      retry: z
        .strictObject({ initialMs: Millis.default(1_000), maxMs: Millis.default(60_000) })
        .prefault({}),
      /** Failures in a row before a conversation is set aside in rejected/ (kept on disk, reported). */
      maxAttempts: z.number().int().min(1).max(100).default(5),
      /**
       * A finished conversation is summarised and stored this long after the goodbye, so that the
       * work does not compete with the goodbye itself and the next person's first words (it is
       * already safe on disk). 0: at once.
       */
      settleMs: z.number().int().min(0).max(600_000).default(1_000),
      /** Forget-me waits this long for the deletion to reach ChromaDB before checking. */
      forgetFlushMs: Millis.default(5_000),
    })
    .prefault({}),

  log: z
    .strictObject({
      level: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).default('info'),
    })
    .prefault({}),

  visualMemory: z
    .strictObject({
      /** Remembered scenes in replies. Also off when agents.memory is off (scenes are memories). */
      enabled: z.boolean().default(true),
      /** CLIP model directory (transformers.js layout), relative to paths.models or absolute. */
      model: FilePath.default('clip-vit-base-patch32'),
      /** The best scene is used only from this score on (the image term rescaled by imageScale, the description term a cosine). */
      threshold: z.number().min(-1).max(1).default(0.6),
      /** Weight of sim(question, image) against sim(question, description). */
      alpha: z.number().min(0).max(1).default(0.7),
      /** CLIPScore's w: the text–image cosine counts as min(1, w·max(cos, 0)); 1 keeps the raw cosine. */
      imageScale: z.number().positive().max(10).default(2.5),
      /** Threshold of description-only matching, used when no CLIP model is present. */
      lexicalThreshold: z.number().min(0).max(1).default(0.15),
    })
    .prefault({}),

  /** Knowledge RAG over the markdown files of paths.rag. On with agents.knowledge. */
  knowledge: z
    .strictObject({
      /** ChromaDB collection (under chroma.collectionPrefix). */
      collection: z.string().min(1).max(64).default('knowledge'),
      /** Chunks given to the reply, at most. */
      topK: z.number().int().min(1).max(10).default(2),
      /** A chunk is knowledge about the question from this cosine similarity on (embedding models). */
      minSimilarity: z.number().min(-1).max(1).default(0.3),
      /** The same, when the embedder is the lexical fallback (its similarities are lower). */
      lexicalMinSimilarity: z.number().min(-1).max(1).default(0.35),
      /**
       * Weights of a knowledge section's signals in its score (src/knowledge/hybrid.ts): the
       * embedder's cosine over its minimum similarity, BM25 coverage of the question's words, of its
       * thesaurus concepts, fuzzy match of a `Questions:` variant, and the fused rank.
       */
      fusion: z
        .strictObject({
          // Calibrated by `npm run eval:retrieval` on eval/retrieval/knowledge.yaml with the lexical fallback embedder.
          similarity: z.number().min(0).max(10).default(0),
          coverage: z.number().min(0).max(10).default(0),
          concepts: z.number().min(0).max(10).default(1),
          fuzzy: z.number().min(0).max(10).default(2),
          variants: z.number().min(0).max(10).default(2),
          rrf: z.number().min(0).max(10).default(0),
          /** Subtracted, times the share of the question's words the knowledge never uses (a question about something else). */
          unknown: z.number().min(0).max(10).default(1),
          /** Subtracted when the question speaks of neither the visitor nor the robot ("Who designed this building?": about the world around, not the knowledge); half of it for a generic subject only ("kann man", "on peut"). */
          impersonal: z.number().min(0).max(10).default(1.5),
        })
        .prefault({}),
      /** A section answers from this score on. */
      minScore: z.number().min(0).max(50).default(1.55),
      /** The best section answers only when it leads the next by this much. */
      minMargin: z.number().min(0).max(10).default(0.2),
      /**
       * How many of the five retrieval signals (embedder, BM25 coverage, concepts, fuzzy, variants)
       * must rank the best section first for it to answer from minScore; with fewer it needs
       * unagreedScore more (calibrated on the development sets by `npm run eval:retrieval`).
       */
      minAgreement: z.number().int().min(0).max(5).default(2),
      /** The extra score a best section needs when fewer than minAgreement signals rank it first. */
      unagreedScore: z.number().min(0).max(50).default(0.6),
      /** k of the reciprocal rank fusion of the embedder's, BM25's, the concepts' and the fuzzy ranking (larger: ranks matter less). */
      rrfK: z.number().min(0).max(1000).default(60),
      chunk: z
        .strictObject({
          /** Longest chunk text; longer sections are split at paragraphs, sentences or words. */
          maxChars: z.number().int().min(200).max(20_000).default(1_000),
          /** Text repeated at the start of the next piece of a split section. */
          overlapChars: z.number().int().min(0).max(10_000).default(150),
        })
        .refine((c) => c.overlapChars <= c.maxChars / 2, { message: 'overlapChars must be at most half of maxChars' })
        .prefault({}),
      /** Watch the folder and update the index while running. */
      watch: z.boolean().default(true),
      /** Changes are indexed once the folder has been quiet this long. */
      watchDebounceMs: Millis.default(300),
      /** Before a question, re-check the folder if the last check is older than this (0: every question). */
      recheckMs: z.number().int().min(0).max(86_400_000).default(10_000),
      /** A question waits at most this long for an index update in progress. */
      maxWaitMs: Millis.default(2_000),
      /** Larger files are left out (with a warning). */
      maxFileBytes: z.number().int().min(1).max(64 * 1024 * 1024).default(1024 * 1024),
      /** While the ChromaDB collection cannot answer, answer from the in-memory copy of the index. */
      memoryFallback: z.boolean().default(true),
    })
    .prefault({}),

  /** The contextualize and plan nodes. */
  plan: z
    .strictObject({
      /**
       * The language model contextualizes and plans. Off by default: the rules do, on the device,
       * and the reply's own model call is the only one before the robot's first word.
       */
      useModel: z.boolean().default(false),
      /** Messages of history contextualize reads. */
      historyMessages: z.number().int().min(0).max(50).default(6),
      /** Tool steps in a plan, at most. */
      maxSteps: z.number().int().min(1).max(5).default(3),
    })
    .prefault({}),

  /** The vision tool: a camera frame from perception, described by the vision model. On with agents.vision. */
  vision: z
    .strictObject({
      /** How long to wait for perception to write the frame. */
      captureTimeoutMs: Millis.max(60_000).default(4_000),
      /** Polling interval while waiting (besides file system events). */
      pollMs: Millis.max(5_000).default(100),
      /** The frame's size must stay the same this long before it is read (perception may still be writing). */
      stableMs: z.number().int().min(0).max(5_000).default(80),
      maxImageBytes: z.number().int().min(1024).max(64 * 1024 * 1024).default(20 * 1024 * 1024),
      /** Frames kept under <paths.data>/vision/frames (the newest); older ones are deleted. */
      keepFrames: z.number().int().min(0).max(10_000).default(3),
      /** Longer descriptions are cut. */
      maxDescriptionChars: z.number().int().min(50).max(20_000).default(1_200),
    })
    .prefault({}),

  /** The HTTP server: health for supervisors, Prometheus metrics, live events and the dashboard. */
  http: z
    .strictObject({
      enabled: z.boolean().default(true),
      host: z.string().min(1).default('127.0.0.1'),
      /** 0 picks a free port (tests). */
      port: z.number().int().min(0).max(65535).default(8080),
      /** Bearer token every data route asks for; required to listen beyond loopback. */
      token: z.string().min(16, 'must be at least 16 characters').nullable().default(null),
    })
    .superRefine((http, ctx) => {
      if (http.enabled && !http.token && !isLoopback(http.host)) {
        ctx.addIssue({
          code: 'custom',
          path: ['token'],
          message: `http.host ${http.host} is reachable beyond this machine: set http.token (a bearer token) or keep http.host 127.0.0.1`,
        });
      }
    })
    .prefault({}),

  /** The interaction log: one JSON Lines file per conversation session under <paths.data>/logs/sessions. */
  observe: z
    .strictObject({
      logs: z
        .strictObject({
          enabled: z.boolean().default(true),
          /** Session files older than this many days are deleted. */
          retentionDays: z.number().int().min(1).max(3650).default(14),
          /** The oldest session files are deleted beyond this total. */
          maxTotalMB: z.number().min(1).max(1_000_000).default(200),
          /** Utterances, replies, prompts and model outputs are kept as hashes only. */
          redact: z.boolean().default(false),
          /** How long lines wait in memory before being appended (they never wait on a turn). */
          flushMs: z.number().int().min(10).max(60_000).default(500),
        })
        .prefault({}),
    })
    .prefault({}),

  /** Web search through a SearXNG instance's JSON API. Used only with agents.search and a url. */
  search: z
    .strictObject({
      /** SearXNG base URL, e.g. http://127.0.0.1:8888 (its settings.yml must enable the json format). */
      url: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).nullable().default(null),
      timeoutMs: Millis.max(60_000).default(5_000),
      /** Results given to the reply, at most. */
      maxResults: z.number().int().min(1).max(10).default(3),
      /** SearXNG safesearch: 0 off, 1 moderate, 2 strict. */
      safesearch: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(1),
    })
    .prefault({}),
});

export type Config = z.infer<typeof ConfigSchema>;
/** What a config file or the environment may say: every field optional. */
export type ConfigInput = z.input<typeof ConfigSchema>;
