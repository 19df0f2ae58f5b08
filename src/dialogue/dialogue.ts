import { randomUUID } from 'node:crypto';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { Voice } from '../speech/index.js';
import { conversationRecord } from './agents/memory-save.js';
import { Engagement } from './engagement.js';
import { runAtSessionEnd } from './engine.js';
import { buildEngagementGraph, type DialogueGraph } from './graph.js';
import type { DaemonPorts, Ports } from './ports.js';
import { SessionFiles } from './session-files.js';
import { Sessions, type EndedConversation } from './sessions.js';
import { closingState } from './state.js';
import { TurnRunner } from './turns.js';

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
}

/** The parts along the data path: turns run on the sessions' conversations and speak through the voice. */
export interface Dialogue {
  readonly sessions: Sessions;
  readonly voice: Voice;
  readonly turns: TurnRunner;
  readonly engagement: Engagement;
  /** Ends the visit in progress (remembered and published), stops greeting and checking visits. */
  close(): Promise<void>;
}

/** How often visits are checked for their end (absence, idle time). */
const CHECK_MS = 1_000;

export function createDialogue(options: DialogueOptions): Dialogue {
  const { ports, log, health } = options;
  const { config, clock, memory } = ports;
  // A visit ended without a farewell: the agents scheduled at the session's end run (e.g. the
  // profile is consolidated), then the conversation is queued to be remembered.
  const remember = async (ended: EndedConversation) => {
    await atSessionEnd(ended);
    if (!memory || ended.messages.filter((m) => m.role === 'user').length < config.memory.minUserMessages) return;
    await memory.remember(conversationRecord({ ...ended, turn_id: `session-end-${ended.reason}` }, config));
    log.info({ conversation_id: ended.conversation_id, user_id: ended.user.user_id, reason: ended.reason }, 'ended visit queued to be remembered');
  };
  const atSessionEnd = async (ended: EndedConversation) => {
    const turnId = randomUUID();
    const session = { messages: ended.messages, user_info: ended.user_info, language: ended.language, name_confirmation: null, name_checked: true, conversation_id: ended.conversation_id, turn_number: ended.turn_number };
    const endPorts: Ports = {
      ...ports,
      turnId,
      log: log.child({ turn_id: turnId, session_end: ended.reason }),
      signal: new AbortController().signal,
      reply: { write: () => undefined, end: () => undefined },
      metrics: { model: () => undefined },
    };
    await runAtSessionEnd(options.graph, closingState(session, turnId), endPorts);
  };
  // The turns come after the sessions they write to: until then there is no turn to wait for.
  let quiet = (): Promise<void> => Promise.resolve();
  const sessions = new Sessions({
    language: config.language,
    historyTurns: config.dialogue.historyTurns,
    log,
    // Written in the pauses of the conversation, like the rest of the background work.
    files: new SessionFiles({ dataDir: config.paths.data, log, idle: () => quiet() }),
    visits: { absenceMs: config.people.detection.absenceMs, idleMs: config.sessions.idleMs, now: () => clock.now() },
    remember,
  });
  const voice = new Voice({ config: config.speech, feedback: options.speechFeedback ?? false, log, health });
  // The history is written at the end of the line, from what was said.
  voice.on('delivered', (delivered) => sessions.delivered(delivered));
  const turns = new TurnRunner({ ports, graph: options.graph, engagementGraph: buildEngagementGraph(config), sessions, voice, log, health });
  quiet = () => turns.whenQuiet();
  const engagement = new Engagement({ config: config.engagement, sessions, turns, voice, now: () => clock.now(), log });
  const timer = setInterval(() => sessions.check(), CHECK_MS);
  timer.unref();
  return {
    sessions,
    voice,
    turns,
    engagement,
    close: async () => {
      clearInterval(timer);
      engagement.close();
      await sessions.close();
    },
  };
}
