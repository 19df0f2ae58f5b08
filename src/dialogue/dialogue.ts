import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { Voice } from '../speech/index.js';
import type { DialogueGraph } from './graph.js';
import type { DaemonPorts } from './ports.js';
import { Sessions } from './sessions.js';
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

/** The three parts along the data path: turns run on the sessions' conversations and speak through the voice. */
export interface Dialogue {
  readonly sessions: Sessions;
  readonly voice: Voice;
  readonly turns: TurnRunner;
}

export function createDialogue(options: DialogueOptions): Dialogue {
  const { ports, log, health } = options;
  const sessions = new Sessions({ language: ports.config.language, historyTurns: ports.config.dialogue.historyTurns, log });
  const voice = new Voice({ config: ports.config.speech, feedback: options.speechFeedback ?? false, history: sessions, log, health });
  const turns = new TurnRunner({ ports, graph: options.graph, sessions, voice, log, health });
  return { sessions, voice, turns };
}
