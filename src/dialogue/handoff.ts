import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from '../log/index.js';
import { conversationRecord } from './agents/memory-save.js';
import type { Conversations, EndedConversation } from './conversations.js';
import { runAtSessionEnd } from './engine.js';
import type { DialogueGraph } from './graph.js';
import type { DaemonPorts, Ports } from './ports.js';
import type { Presence, VisitEnded } from './presence.js';
import { closingState } from './state.js';
import type { SessionEvent } from './visits.js';

export interface HandoffOptions {
  presence: Presence;
  conversations: Conversations;
  /** Its agents scheduled at a session's end run when a visit ends without a farewell turn. */
  graph: DialogueGraph;
  ports: DaemonPorts;
  log: Logger;
}

/**
 * The one way a conversation reaches memory: when a visit ends, the conversation store closes
 * the person's conversation, and what it hands over is remembered (a farewell's, as its turn's
 * memory_save decided; otherwise after the agents scheduled at the session's end, e.g. profile
 * consolidation). Visits' starts and ends are published in order (`session`), an end only once
 * its conversation is queued durably.
 */
export class Handoff extends EventEmitter<{ session: [event: SessionEvent] }> {
  readonly #o: HandoffOptions;
  #ending: Promise<void> = Promise.resolve();

  constructor(options: HandoffOptions) {
    super();
    this.#o = options;
    // Starts wait behind the ends before them, so that monitors see an end before the next start.
    options.presence.on('start', (event) => this.#then(async () => void this.emit('session', event)));
    options.presence.on('end', (ended) => this.#visitEnded(ended));
  }

  /** Resolves once the visits that have ended are remembered and published. */
  settled(): Promise<void> {
    return this.#ending;
  }

  #visitEnded({ key, user, reason, event }: VisitEnded): void {
    // The conversation changes at once; only the memory write and the event wait.
    const ended = this.#o.conversations.close(key, user, reason);
    this.#then(async () => {
      if (ended) await this.#remember(ended);
      if (event) this.emit('session', event);
    });
  }

  async #remember(ended: EndedConversation): Promise<void> {
    const { ports, log } = this.#o;
    try {
      // A farewell turn has run them itself.
      if (ended.reason !== 'farewell') await this.#atSessionEnd(ended);
      if (!ports.memory || ended.messages.filter((m) => m.role === 'user').length < ports.config.memory.minUserMessages) return;
      const turnId = ended.turn_id ?? `session-end-${ended.reason}`;
      await ports.memory.remember(conversationRecord({ ...ended, turn_id: turnId, ended_at: ports.clock.now() }, ports.config));
      log.info({ conversation_id: ended.conversation_id, user_id: ended.user.user_id, reason: ended.reason }, 'conversation queued to be remembered');
    } catch (err) {
      log.error({ user_id: ended.user.user_id, err: (err as Error).message }, 'the ended visit could not be queued to be remembered');
    }
  }

  async #atSessionEnd(ended: EndedConversation): Promise<void> {
    const turnId = randomUUID();
    const session = { messages: ended.messages, user_info: ended.user_info, language: ended.language, name_confirmation: null, name_checked: true, conversation_id: ended.conversation_id, turn_number: ended.turn_number };
    const endPorts: Ports = {
      ...this.#o.ports,
      turnId,
      sessionId: null,
      log: this.#o.log.child({ turn_id: turnId, session_end: ended.reason }),
      signal: new AbortController().signal,
      reply: { write: () => undefined, end: () => undefined, gesture: () => undefined },
      metrics: { model: () => undefined },
    };
    await runAtSessionEnd(this.#o.graph, closingState(session, turnId), endPorts);
  }

  #then(next: () => Promise<void>): void {
    this.#ending = this.#ending.then(next);
  }
}
