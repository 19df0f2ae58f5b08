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

// people (issue 3): what the person told about themselves, and whether the robot just learnt who they are.
const MET: Partial<Record<TurnState['name_resolution']['status'], string>> = {
  new_user: 'They have just told you their name: you are meeting them for the first time.',
  matched: 'They have just told you their name: you have met them before, welcome them back.',
  confirmed: 'They have just confirmed their name: you have met them before, welcome them back.',
};
const profileSection: PromptSection = ({ user_info: u, name_resolution: r }) => {
  const facts = [
    u.current_position && `works as ${u.current_position}`,
    u.current_company && `works at ${u.current_company}`,
    u.location && `lives in ${u.location}`,
    u.hobbies?.length && `hobbies: ${u.hobbies.join(', ')}`,
    u.interests?.length && `interests: ${u.interests.join(', ')}`,
  ].filter(Boolean);
  const known = facts.length ? `What you know about them: ${facts.join('; ')}.` : null;
  const met = MET[r.status] ?? null;
  return [met, known].filter(Boolean).join(' ') || null;
};

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

// memory (issue 3 item 5): what the robot remembers of earlier conversations with the person.
const longDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(date);
};
const episodeMemorySection: PromptSection = ({ episode_memory: m }) => {
  if (!m) return null;
  return m.reason === 'latest'
    ? `The last time you met them (${longDate(m.timestamp)}): ${m.text} You may bring it up if it fits.`
    : `You remember this from an earlier conversation with them (${longDate(m.timestamp)}): ${m.text} Use it only if it helps with what they say now.`;
};
const conversationMemorySection: PromptSection = ({ conversation_memory: m }) =>
  m ? `Part of an earlier conversation with them (${longDate(m.timestamp)}; "User" is them, "Robot" is you):\n${m.text}` : null;

export const RESPONSE_SECTIONS: readonly PromptSection[] = [
  userSection,
  profileSection,
  affectSection,
  visualMemorySection,
  // memory (issue 3 item 5)
  episodeMemorySection,
  conversationMemorySection,
];

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
