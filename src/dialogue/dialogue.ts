import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { SpeechOut, Voice } from '../speech/index.js';
import { ConversationFiles } from './conversation-files.js';
import { responseStablePrompt } from './prompt.js';
import { Conversations } from './conversations.js';
import { Engagement } from './engagement.js';
import { buildEngagementGraph, type DialogueGraph } from './graph.js';
import { Handoff } from './handoff.js';
import { processStalls } from '../people/index.js';
import { systemClock, type DaemonPorts } from './ports.js';
import { Presence } from './presence.js';
import { QuietGate } from './quiet-gate.js';
import type { Session } from './state.js';
import { TurnRunner } from './turns.js';
import { AGENT_ANSWER_SCHEMAS } from './agents/answer-schemas.js';

export interface DialogueOptions {
  ports: DaemonPorts;
  graph: DialogueGraph;
  log: Logger;
  health: Health;
  /**
   * Whether a speech stack reports when it starts and ends speaking (the daemon on MQTT). Without
   * one (the console), a sentence counts as said when it is handed over.
   */
  speechFeedback?: boolean;
  /** The quiet gate the turns keep (made first, for the background work elsewhere); a new one by default. */
  quiet?: QuietGate;
  /** Where the voice's sentences, stops and gestures go (made first, for the bus); a new one by default. */
  speech?: SpeechOut;
}

/**
 * The parts along the data path: presence says who is in front; turns run on their conversation
 * and speak through the voice; the conversation store writes the history, from what the voice
 * delivered; a visit's end hands the conversation to memory.
 */
export interface Dialogue {
  readonly presence: Presence;
  readonly conversations: Conversations;
  readonly handoff: Handoff;
  readonly voice: Voice;
  /** What the voice hands to the speech stack: sentences, stops, gestures. */
  readonly speech: SpeechOut;
  readonly turns: TurnRunner;
  readonly engagement: Engagement;
  /** Background work waits on it for a pause in the turns. */
  readonly quiet: QuietGate;
  /** The conversation of the person in front (a copy). */
  current(): Session;
  /** Forget-me: once the ended visits are handed on, the person's conversation and presence go. */
  forget(userId: string): Promise<string[]>;
  /** Where the person is still mentioned (conversations, who is in front). */
  mentions(userId: string): string[];
  /** Ends the visit in progress (remembered and published), stops greeting and checking visits. */
  close(): Promise<void>;
}

/** How often visits are checked for their end (absence, idle time). */
const CHECK_MS = 1_000;

/** Builds the dialogue, each part after the parts it uses. */
export function createDialogue(options: DialogueOptions): Dialogue {
  const { ports, log, health } = options;
  const { config, clock } = ports;
  const quiet = options.quiet ?? new QuietGate({ quietMs: config.dialogue.quietMs });
  // On the system clock, a stall of this process is no absence of the person in front (people/awake.ts).
  const stalls = clock === systemClock ? processStalls() : null;
  const stalled = stalls ? { stalledMs: (windowMs: number) => stalls.stalledMsWithin(windowMs) } : {};
  const presence = new Presence({ visits: { absenceMs: config.people.detection.absenceMs, idleMs: config.sessions.idleMs, now: () => clock.now(), ...stalled }, log });
  const conversations = new Conversations({
    language: config.language,
    historyTurns: config.dialogue.historyTurns,
    log,
    // Written in the pauses of the conversation, like the rest of the background work.
    files: new ConversationFiles({ dataDir: config.paths.data, log, quiet }),
  });
  const handoff = new Handoff({ presence, conversations, graph: options.graph, ports, log });
  const speech = options.speech ?? new SpeechOut();
  const voice = new Voice({ config: config.speech, feedback: options.speechFeedback ?? false, out: speech, log, health });
  // The history is written at the end of the line, from what was said.
  voice.on('delivered', (delivered) => conversations.delivered(delivered));
  const turns = new TurnRunner({ ports, graph: options.graph, engagementGraph: buildEngagementGraph(config), presence, conversations, quiet, voice, log, health });
  const engagement = new Engagement({ config: config.engagement, presence, busy: () => turns.busy || voice.busy, now: () => clock.now(), log });
  engagement.on('engage', (occasion) => void turns.engage(occasion));
  // The reply's system message is the same for every visitor: the model server computes it before anyone speaks.
  void ports.llm.warmPrefix?.('response', () => [{ role: 'system', content: responseStablePrompt({ language: config.language }, config, clock.now()) }]);
  for (const [agent, schema] of AGENT_ANSWER_SCHEMAS) void ports.llm.warmSchema?.(agent, schema);
  const timer = setInterval(() => presence.check(), CHECK_MS);
  timer.unref();
  return {
    presence,
    conversations,
    handoff,
    voice,
    speech,
    turns,
    engagement,
    quiet,
    current: () => conversations.of(presence.user),
    forget: async (userId) => {
      // A farewell being handed on would otherwise write the person to memory after this.
      await handoff.settled();
      return [...(await conversations.forget(userId)), ...presence.forget(userId)];
    },
    mentions: (userId) => [...conversations.mentions(userId), ...presence.mentions(userId)],
    close: async () => {
      clearInterval(timer);
      engagement.close();
      presence.endAll('shutdown');
      await handoff.settled();
      await conversations.flush();
    },
  };
}
