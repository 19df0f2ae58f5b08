import type { Config } from '../../src/config/index.js';
import type { TurnState } from '../../src/dialogue/index.js';
import { responseMessages } from '../../src/dialogue/prompt.js';

/**
 * What the response agent tells the model besides the earlier conversation: its system message
 * and the current utterance with this turn's notes, as the model receives them.
 */
export function modelInstructions(state: TurnState, config: Config, now: Date): string {
  const messages = responseMessages(state, config, now);
  return `${messages[0]!.content}\n${messages.at(-1)!.content}`;
}
