// affect (issue 4)
import { describeAffect } from '../affect/index.js';
import type { Config } from '../config/index.js';
import { languageName } from '../intent/index.js';
import type { LlmMessage } from '../llm/index.js';
import type { TurnState } from './state.js';

/**
 * One block of context for the response prompt, or null when it has nothing to say this turn.
 * Capabilities (memory, affect, tools) each contribute a section.
 */
export type PromptSection = (state: TurnState) => string | null;

const userSection: PromptSection = ({ user_info }) =>
  user_info.user_name ? `You are talking with ${user_info.user_name}.` : 'You do not know the name of the person you are talking with yet.';

// affect (issue 4): the robot's current emotion and mood, in words.
const affectSection: PromptSection = ({ affect }) => (affect ? describeAffect(affect) : null);

export const RESPONSE_SECTIONS: readonly PromptSection[] = [userSection, affectSection];

export function responseSystemPrompt(state: TurnState, config: Config, now: Date): string {
  const language = languageName(state.language, 'en');
  const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'short' }).format(now);
  const context = RESPONSE_SECTIONS.map((section) => section(state)).filter(Boolean);
  return [
    config.persona.description,
    `Your name is ${config.persona.name}.`,
    `Always reply in ${language}, whatever language the person uses, unless they ask you to switch language.`,
    'Your reply is spoken aloud by a robot: no markdown, no lists, no emojis, no stage directions.',
    `It is now ${when}.`,
    ...context,
  ].join('\n');
}

/** System prompt, then the conversation (whose last message is the current utterance). */
export function responseMessages(state: TurnState, config: Config, now: Date): LlmMessage[] {
  return [
    { role: 'system', content: responseSystemPrompt(state, config, now) },
    ...state.messages.map((m) => ({ role: m.role, content: m.content })),
  ];
}
