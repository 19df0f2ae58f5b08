import { languageName } from '../../intent/index.js';
import { asksSomething, isBackchannel } from '../../language/index.js';
import type { TurnState } from '../state.js';
import { aboutAnswer } from './about.js';
import { reactionLine, reactionOf, toneOf } from './affect.js';
import { line, randomPick, type OfflineContext } from './say.js';
import { toolAnswer, type ToolInput } from './tools.js';

export { line, supportedLanguagesText, type OfflineContext } from './say.js';

export type OfflineInput = Pick<TurnState, 'intent' | 'language' | 'requested_language' | 'user_info'> &
  Partial<Pick<TurnState, 'user_text' | 'appraisal' | 'affect' | 'turn_id' | 'conversation_id'>> &
  // Greets by name when the name was just settled
  Partial<Pick<TurnState, 'name_resolution'>> &
  // "Last time you told me …" when a known person greets
  Partial<Pick<TurnState, 'episode_memory'>> &
  ToolInput;

/**
 * The reply when there is no language model: it covers every intent sensibly and is honest
 * about what the robot cannot do without its model. Its wording follows the robot's mood, and
 * it first reacts to what the utterance made the robot feel (thanks for a compliment, sympathy
 * for sad news...).
 */
/** Intents whose own line comes with the reaction: a greeting or a farewell is answered as one. */
const GREETINGS = new Set<OfflineInput['intent']>(['first_greeting', 'end_conversation']);

export function offlineReply(state: OfflineInput, ctx: OfflineContext): string {
  const toned: OfflineContext = { ...ctx, tone: ctx.tone !== undefined ? ctx.tone : toneOf(state.affect) };
  const reaction = reactionOf(state);
  const said = reaction ? reactionLine(reaction, state.language, ctx.pick ?? randomPick) : null;
  // A name just settled is always answered ("Nice to meet you, Alex!").
  const named = state.name_resolution !== undefined && state.name_resolution.status !== 'none';
  // A remark that moved the robot (an apology, thanks, an insult...) and asks nothing is answered
  // by the reaction alone, whatever the intent model or a tool made of it: "Sorry, that was rude
  // of me" is accepted, not thanked for as news nor answered from the knowledge files.
  if (said && !named && !asksSomething(state.user_text) && !GREETINGS.has(state.intent)) return said;
  // A question about the person or about the robot is answered from the profile, the person's
  // own memories and the persona, before any tool: "What is your name?" is not a knowledge
  // question about how to tell the robot one's own name.
  const about = named ? null : aboutAnswer(state, toned);
  if (about) return [said, about].filter(Boolean).join(' ');
  // What a tool found (or could not) answers the question; a question the knowledge files did not
  // answer, asked with a greeting or a fact about oneself, is still answered honestly.
  const asked = state.knowledge_retrieval && asksSomething(state.user_text) ? line('knowledge_unknown', state.language, toned) : null;
  const tool = toolAnswer(state, toned) ?? (state.intent === 'first_greeting' || state.intent === 'update_user_info' ? asked : null);
  // A greeting or what a person told about themselves is answered first, then what they asked.
  // A question that settled no name is not thanked for as news: "¿Puedo pagar con tarjeta
  // aquí?", taken (unsure) for something told about oneself, is answered, not acknowledged.
  const thanksForNews = state.intent === 'update_user_info' && !named && asksSomething(state.user_text);
  if (tool && thanksForNews) return [said, tool].filter(Boolean).join(' ');
  if (tool && (state.intent === 'first_greeting' || state.intent === 'update_user_info')) return [said, intentReply(state, toned), tool].filter(Boolean).join(' ');
  if (tool && (state.intent === 'continue_conversation' || state.intent === null)) return [said, tool].filter(Boolean).join(' ');
  // A question still gets its answer after the reaction; greetings and farewells get both.
  return [said, intentReply(state, toned)].filter(Boolean).join(' ');
}

function intentReply(state: OfflineInput, ctx: OfflineContext): string {
  const name = state.user_info.user_name;
  switch (state.intent) {
    case 'first_greeting':
      // A greeting that gave the name ("Hi, I'm Martin!") is answered as the introduction it is.
      if (state.name_resolution && state.name_resolution.status !== 'none') return userInfoReply(state, ctx);
      return name ? [line('greeting_known', state.language, ctx, { name }), recallLine(state, ctx)].filter(Boolean).join(' ') : line('greeting', state.language, ctx);
    case 'end_conversation':
      return name ? line('farewell_known', state.language, ctx, { name }) : line('farewell', state.language, ctx);
    case 'language_change':
      return languageChangeReply(state, ctx);
    case 'update_user_info':
      return userInfoReply(state, ctx);
    default:
      // The knowledge was searched and nothing answers: that is said honestly, with what the robot
      // can do. An acknowledgement ("OK", "好的") asked nothing, and gets the line for a remark.
      if (!state.knowledge_retrieval && !isBackchannel(state.user_text ?? '')) return line('no_llm', state.language, ctx);
      return line(asksSomething(state.user_text) ? 'knowledge_unknown' : 'knowledge_statement', state.language, ctx);
  }
}

/** Shared with the LLM path: switching language is confirmed in the new language, without a model. */
export function languageChangeReply(state: Pick<TurnState, 'language' | 'requested_language'>, ctx: OfflineContext): string {
  const request = state.requested_language;
  if (!request) return line('language_unclear', state.language, ctx);
  if (!request.supported) {
    return line('language_unsupported', state.language, ctx, { language: languageName(request.code, state.language) });
  }
  return line('language_switched', state.language, ctx);
}

/** The reply to what a person told about themselves: the confirmation question, a welcome by name, or thanks. */
export function userInfoReply(state: OfflineInput, ctx: OfflineContext): string {
  const resolution = state.name_resolution;
  const name = state.user_info.user_name;
  if (resolution?.status === 'asking' && resolution.candidate) return line('name_confirm', state.language, ctx, { name: resolution.candidate.user_name });
  if (resolution?.status === 'new_user' && name) return line('name_new', state.language, ctx, { name });
  if (resolution?.status === 'corrected' && name) return line('name_corrected', state.language, ctx, { name });
  if ((resolution?.status === 'matched' || resolution?.status === 'confirmed') && name) return line('name_known', state.language, ctx, { name });
  return line('info_ack', state.language, ctx);
}

/** Something the person told last time, quoted word for word: only a statement, and only a short one, reads naturally. */
export function recallLine(state: Pick<OfflineInput, 'episode_memory' | 'language'>, ctx: OfflineContext): string | null {
  const said = state.episode_memory?.highlight?.trim();
  if (!said || said.length > 160) return null;
  return line('recall_last_time', state.language, ctx, { said });
}
