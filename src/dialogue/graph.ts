import type { Config } from '../config/index.js';
import { afterResponseAgent } from './agents/after-response.js';
import { intentAgent } from './agents/intent.js';
import { responseAgent } from './agents/response.js';
import { defineGraph, END } from './engine.js';

/**
 * The dialogue turn of SPEC section 3, in one place: the nodes, and where each one leads.
 *
 *   intent → response → after_response → END
 */
export function buildDialogueGraph(_config: Config) {
  return defineGraph({
    start: 'intent',
    nodes: {
      intent: intentAgent,
      response: responseAgent,
      after_response: afterResponseAgent,
    },
    edges: {
      intent: 'response',
      response: 'after_response',
      after_response: END,
    },
  });
}

export type DialogueGraph = ReturnType<typeof buildDialogueGraph>;
