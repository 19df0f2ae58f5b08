import { AFFECT_GUIDANCE, describeAffect } from '../affect/index.js';
import type { Config } from '../config/index.js';
import { languageName } from '../intent/index.js';
import type { LlmMessage } from '../llm/index.js';
import type { VisionStatus } from '../vision/index.js';
import type { ChatMessage, TurnState } from './state.js';

// Made once: an Intl.DateTimeFormat costs a third of a millisecond to create, and every turn
// writes the time into its notes.
const LONG_DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' });
const FULL_DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full' });
const SHORT_TIME = new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' });

/**
 * One block of context for the response prompt, or null when it has nothing to say this turn.
 * Capabilities (memory, affect, tools) each contribute a section.
 */
export type PromptSection = (state: TurnState) => string | null;

const userSection: PromptSection = ({ user_info }) =>
  user_info.user_name ? `You are talking with ${user_info.user_name}.` : 'You do not know the name of the person you are talking with yet.';

// What the person told about themselves (stable while they talk), and whether the robot just
// learnt who they are (this turn only).
const MET: Partial<Record<TurnState['name_resolution']['status'], string>> = {
  new_user: 'They have just told you their name: you are meeting them for the first time.',
  matched: 'They have just told you their name: you have met them before, welcome them back.',
  confirmed: 'They have just confirmed their name: you have met them before, welcome them back.',
  corrected: 'They have just corrected the name you had for them: apologise briefly and use the right name.',
};
const profileSection: PromptSection = ({ user_info: u }) => {
  const facts = [
    u.current_position && `works as ${u.current_position}`,
    u.current_company && `works at ${u.current_company}`,
    u.location && `lives in ${u.location}`,
    u.hobbies?.length && `hobbies: ${u.hobbies.join(', ')}`,
    u.interests?.length && `interests: ${u.interests.join(', ')}`,
  ].filter(Boolean);
  return facts.length ? `What you know about them: ${facts.join('; ')}.` : null;
};
const metSection: PromptSection = ({ name_resolution: r }) => MET[r.status] ?? null;

// A name the language model heard differently from the rules: asked, never adopted silently.
const nameDoubtSection: PromptSection = ({ name_doubt: d, user_info: u }) =>
  d && !d.asked
    ? `You are not sure you heard their name right: it may be ${d.name}${u.user_name ? ` rather than ${u.user_name}` : ''}. After answering, ask them briefly whether ${d.name} is right.`
    : null;

const visualMemorySection: PromptSection = ({ visual_memory: scene }) => {
  if (!scene) return null;
  const date = new Date(scene.timestamp);
  const when = Number.isNaN(date.getTime()) ? scene.timestamp : LONG_DATE.format(date);
  return scene.description
    ? `You remember a moment with this person (${when}): ${scene.description}. Bring it up only if it fits what they said.`
    : `You have a photo of a moment with this person (${when}) that may relate to what they said. Unless the photo is attached, you do not know what it shows: do not describe it.`;
};

// The robot's current emotion and mood, in words.
const affectSection: PromptSection = ({ affect }) => (affect ? describeAffect(affect) : null);

// What the robot remembers of earlier conversations with the person.
const longDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : LONG_DATE.format(date);
};
const episodeMemorySection: PromptSection = ({ episode_memory: m }) => {
  if (!m) return null;
  return m.reason === 'latest'
    ? `The last time you met them (${longDate(m.timestamp)}): ${m.text} You may bring it up if it fits.`
    : `You remember this from an earlier conversation with them (${longDate(m.timestamp)}): ${m.text} Use it only if it helps with what they say now.`;
};
const conversationMemorySection: PromptSection = ({ conversation_memory: m }) =>
  m ? `Part of an earlier conversation with them (${longDate(m.timestamp)}; "User" is them, "Robot" is you):\n${m.text}` : null;

// What the tools found, or honestly that they found nothing. Every question is looked up in the
// knowledge files, most about something else (small talk, the person): no hit says nothing.
const knowledgeSection: PromptSection = ({ knowledge_retrieval: k }) => {
  if (!k || k.hits.length === 0) return null;
  const chunks = k.hits.map((h) => `[${h.headings.join(' — ')}] ${h.text}`);
  return `What you know about this, from your knowledge files (answer from it, in your own words; do not mention the files):\n${chunks.join('\n')}`;
};

const VISION_FAILED: Record<Exclude<VisionStatus, 'described'>, string> = {
  timeout: 'You tried to look through your camera, but no picture arrived in time.',
  no_perception: 'You cannot look through your camera right now: it is not connected.',
  no_model: 'You have no vision model to make sense of what your camera sees right now.',
  failed: 'Looking through your camera failed just now.',
};

const visionSection: PromptSection = ({ vision_results: v }) => {
  if (!v) return null;
  if (v.status === 'described') return `You just looked through your camera. What you see: ${v.description} Answer from this; add no details you were not told.`;
  return `${VISION_FAILED[v.status]} Say so honestly, and do not describe anything: you did not see it.`;
};

const searchSection: PromptSection = ({ search_results: r }) => {
  if (!r) return null;
  if (r.status === 'failed') return 'You tried to search the web for this, but the search failed: say you could not look it up right now.';
  if (r.status === 'empty') return 'You searched the web for this and found nothing.';
  const lines = [...r.answers.map((a) => `- ${a}`), ...r.results.map((x) => `- ${x.title}: ${x.snippet} (${x.url})`)];
  return `You searched the web for "${r.query}". What you found (say it is from the web; do not read out addresses):\n${lines.join('\n')}`;
};

/**
 * What may change from turn to turn, told next to the current utterance, after the history: who
 * the person is and what the robot knows of them too, since a name learnt in the visit must not
 * rewrite the start of the prompt (a model server would recompute all of it).
 */
export const RESPONSE_SECTIONS: readonly PromptSection[] = [
  userSection,
  profileSection,
  metSection,
  nameDoubtSection,
  affectSection,
  visualMemorySection,
  episodeMemorySection,
  conversationMemorySection,
  knowledgeSection,
  visionSection,
  searchSection,
];

/**
 * The reply's system message: only what stays the same for every visitor — the persona, the
 * rules, the language, the date — so that a model server keeps it cached from one turn (and one
 * visitor) to the next, and it can be computed before anyone speaks (Ollama and llama.cpp keep the
 * previous prompt's KV cache and compute only what follows the shared prefix).
 */
export function responseStablePrompt(state: Pick<TurnState, 'language'>, config: Config, now: Date): string {
  const language = languageName(state.language, 'en');
  const today = FULL_DATE.format(now);
  return [
    config.persona.description,
    `Your name is ${config.persona.name}.`,
    `Always reply in ${language}, whatever language the person uses, unless they ask you to switch language.`,
    'Your reply is spoken aloud by a robot: no markdown, no lists, no emojis, no stage directions.',
    'After what the person says there are notes in square brackets: what you know, feel or found for that reply. The person did not say them; never quote them.',
    config.agents.affect && AFFECT_GUIDANCE,
    `Today is ${today}.`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** This turn's notes: the time, who the person is, the mood, what was recalled and what the tools found. */
export function responseNotes(state: TurnState, now: Date): string {
  const time = SHORT_TIME.format(now);
  return [`It is ${time}.`, ...RESPONSE_SECTIONS.map((section) => section(state)).filter(Boolean)].join('\n');
}

/** An utterance as the reply's model reads it: with the notes of its turn after it. */
const withNotes = (content: string, notes: string | undefined | null) => (notes ? `${content}\n\n[${notes}]` : content);

/**
 * The stable system message, then the history as it was sent (each utterance with its turn's
 * notes, each reply as spoken: appended to, never rewritten), then the current utterance with
 * this turn's notes: each prompt begins with the previous prompt and its answer.
 */
export function responseMessages(state: TurnState, config: Config, now: Date, notes = responseNotes(state, now)): LlmMessage[] {
  const current = state.messages.at(-1);
  return [...responsePrefix(state.messages.slice(0, -1), state, config, now), { role: 'user', content: withNotes(current?.content ?? '', notes) }];
}

/** The reply's prompt up to the current utterance: the stable system message, then the history as it was sent. */
export function responsePrefix(history: readonly ChatMessage[], state: Pick<TurnState, 'language'>, config: Config, now: Date): LlmMessage[] {
  return [
    { role: 'system', content: responseStablePrompt(state, config, now) },
    ...history.map((m) => ({ role: m.role, content: m.role === 'user' ? withNotes(m.content, m.notes) : m.content })),
  ];
}
