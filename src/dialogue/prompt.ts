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

// visual memory (issue 5)
const visualMemorySection: PromptSection = ({ visual_memory: scene }) => {
  if (!scene) return null;
  const date = new Date(scene.timestamp);
  const when = Number.isNaN(date.getTime()) ? scene.timestamp : new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(date);
  return scene.description
    ? `You remember a moment with this person (${when}): ${scene.description}. Bring it up only if it fits what they said.`
    : `You have a photo of a moment with this person (${when}) that may relate to what they said. Unless the photo is attached, you do not know what it shows: do not describe it.`;
};

// affect (issue 4): the robot's current emotion and mood, in words.
const affectSection: PromptSection = ({ affect }) => (affect ? describeAffect(affect) : null);

export const RESPONSE_SECTIONS: readonly PromptSection[] = [userSection, affectSection, visualMemorySection];

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
