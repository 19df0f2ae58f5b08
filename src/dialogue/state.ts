import { z } from 'zod';
import { AffectSnapshotSchema, AppraisalSchema } from '../affect/index.js';
import { StaffWaitSchema, TurnAlertSchema, VisitorStateSchema } from '../alerts/index.js';
import { LanguageSchema } from '../config/index.js';
import { IntentSchema } from '../intent/index.js';
import { CandidateSchema, NAME_STATUSES, NameConfirmationSchema, ProfileFactsSchema } from '../people/index.js';
import { VisualMemoryMatchSchema } from '../visual-memory/index.js';
import { MemoryMatchSchema, MemorySaveSchema } from '../memory/index.js';
import { KnowledgeRetrievalSchema } from '../knowledge/index.js';
import { PlanSourceSchema, PlanStepSchema } from '../planning/index.js';
import { SearchResultsSchema } from '../search/index.js';
import { VisionResultSchema } from '../vision/index.js';

/**
 * The blackboard of one turn. Agents read fields from it and return patches;
 * the engine validates both against this schema. Capabilities add their fields here.
 */

export const ChatMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /**
   * The notes the reply's model was told beside this utterance (time, mood, what was found), kept
   * with it so that the next turn's prompt repeats this one word for word: a model server then
   * reuses its cached prefix up to the new utterance instead of recomputing from here.
   */
  notes: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const NameDoubtSchema = z.object({ name: z.string().min(1), asked: z.boolean() });
export type NameDoubt = z.infer<typeof NameDoubtSchema>;

export const UserInfoSchema = z.object({
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  // The profile facts known in this session (company, position, location, hobbies, interests)
  ...ProfileFactsSchema.shape,
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const IntentSourceSchema = z.enum(['model', 'llm', 'forced', 'fallback']);

export const LanguageRequestSchema = z.object({ code: z.string(), supported: z.boolean() });

/**
 * Why the turn runs: the person said something, or the robot speaks first — greeting a person it
 * recognises, inviting an unknown face to talk, or telling a visitor that staff are coming.
 */
export const OccasionSchema = z.enum(['utterance', 'greet', 'invite', 'staff_coming']);
export type Occasion = z.infer<typeof OccasionSchema>;

export const TurnStateSchema = z.object({
  turn_id: z.string(),
  occasion: OccasionSchema,
  /** The history of this user's conversation; the current utterance is the last message. */
  messages: z.array(ChatMessageSchema),
  user_text: z.string(),
  user_info: UserInfoSchema,
  /** The session language: replies are in this language. */
  language: LanguageSchema,
  /** Language reported by speech-to-text for this utterance, if any. */
  language_hint: LanguageSchema.nullable(),
  intent: IntentSchema.nullable(),
  intent_confidence: z.number().min(0).max(1),
  intent_source: IntentSourceSchema,
  /** Set on language_change: the language asked for (possibly one the robot cannot speak). */
  requested_language: LanguageRequestSchema.nullable(),
  final_message: z.string(),
  /** The notes the reply's model was told this turn (kept with the utterance in the history); null: no model was asked. */
  reply_notes: z.string().nullable(),
  /** Animations decided during this turn, in order. */
  gestures: z.array(z.string()),
  /** The remembered scene that best matches what was said, if one reaches the threshold. */
  visual_memory: VisualMemoryMatchSchema.nullable(),
  /** What this utterance made the robot feel (null when the affect agent is off). */
  appraisal: AppraisalSchema.nullable(),
  /** The robot's emotion and mood after appraising this utterance (null when the affect agent is off). */
  affect: AffectSnapshotSchema.nullable(),
  /** The visitor's own valence, arousal and trend over the visit, from their words (null when the alert agent is off). */
  visitor: VisitorStateSchema.nullable(),
  /** What this utterance raised for staff (an emergency, a request for a person, …), if anything. */
  alert: TurnAlertSchema.nullable(),
  /** Set while the robot waits with the visitor for a person: the reply says so instead of small talk. */
  staff: StaffWaitSchema.nullable(),
  /** The language model appraises the utterance again after the reply (the reappraisal commits the affect). */
  reappraise: z.boolean(),
  /** A pending "Is your name Alice?"; while set, the next turn's intent is update_user_info. */
  name_confirmation: NameConfirmationSchema.nullable(),
  /**
   * A name the language model heard that the rules did not settle ("Quincy", where the rules took
   * "Quinn"): never adopted silently. The next reply asks about it (asked: false); the answer after
   * that settles it (asked: true), through memory_update.
   */
  name_doubt: NameDoubtSchema.nullable(),
  /** Whether the person's name is settled (confirmed in dialogue, or recognised by perception). */
  name_checked: z.boolean(),
  /** What name resolution did this turn, for the reply and the turn event. */
  name_resolution: z.object({ status: z.enum(NAME_STATUSES), candidate: CandidateSchema.nullable() }),
  /**
   * This conversation, from its first turn until a farewell ends it (null from then until the
   * next turn): its memories are stored under this id.
   */
  conversation_id: z.string().nullable(),
  /**
   * How many times the person has spoken in this conversation, this utterance included (a turn
   * the robot begins does not count). Agents on a schedule run by it.
   */
  turn_number: z.number().int().nonnegative(),
  /**
   * For an agent on a schedule, while it runs: how many of the person's turns it has not seen
   * yet (since its last run). 0 for every other agent.
   */
  unseen_turns: z.number().int().nonnegative(),
  /** The person's earlier episode that best matches what was said (or their latest, when they greet). */
  episode_memory: MemoryMatchSchema.nullable(),
  /** The piece of an earlier conversation with the person that best matches what was said. */
  conversation_memory: MemoryMatchSchema.nullable(),
  /** On a farewell: whether the conversation was queued to be remembered, or why not. */
  memory_saved: MemorySaveSchema.nullable(),
  /** The utterance as a question that stands without the history (the contextualizer); null before it runs. */
  standalone_question: z.string().nullable(),
  /** The tools to use, in order (the planner). */
  plan_steps: z.array(PlanStepSchema),
  plan_source: PlanSourceSchema.nullable(),
  /** Knowledge chunks found for the question, when the plan asked for knowledge. */
  knowledge_retrieval: KnowledgeRetrievalSchema.nullable(),
  /** What the camera showed (or why nothing), when the plan asked to look. */
  vision_results: VisionResultSchema.nullable(),
  /** Web search results (or why none), when the plan asked to search. */
  search_results: SearchResultsSchema.nullable(),
});
export type TurnState = z.infer<typeof TurnStateSchema>;
export type StateKey = keyof TurnState;

/**
 * How a patch combines with a field. Most fields are replaced; on the fields below agents add
 * items, so that agents running side by side may each add theirs: a patch holds only the new items.
 */
export const REDUCERS: Partial<{ [K in StateKey]: (current: TurnState[K], added: TurnState[K]) => TurnState[K] }> = {
  // A partial state (an agent's own input, in a test) may not have the field yet.
  messages: (current, added) => [...(current ?? []), ...added],
  gestures: (current, added) => [...(current ?? []), ...added],
};

/** The state after a patch, each field combined by its reducer (or replaced). */
export function applyPatch(state: TurnState, patch: Partial<TurnState>): TurnState {
  const next: Record<string, unknown> = { ...state };
  for (const [key, value] of Object.entries(patch)) {
    const reduce = REDUCERS[key as StateKey] as ((a: unknown, b: unknown) => unknown) | undefined;
    next[key] = reduce ? reduce(state[key as StateKey], value) : value;
  }
  return next as TurnState;
}

/** What the model is told in place of an utterance when the robot speaks first. */
const OCCASION_PROMPTS: Record<Exclude<Occasion, 'utterance'>, string> = {
  greet: '(The person has just walked up to you and has not said anything yet. Greet them by name, warmly and briefly; if you remember something from your last conversation, mention it in a few words.)',
  staff_coming: '(A member of staff has confirmed they are coming to help the person in front of you. Tell them so, briefly and calmly.)',
  invite: '(Someone you do not know has been standing in front of you for a while without saying anything. Greet them briefly, say who you are and ask for their name.)',
};

/** Fields kept per user between turns; everything else starts fresh each turn. */
export const SESSION_KEYS = [
  'messages',
  'user_info',
  'language',
  'name_confirmation',
  'name_doubt',
  'name_checked',
  'conversation_id',
  'turn_number',
] as const satisfies readonly StateKey[];
// A session between conversations has no conversation id; its next turn starts one.
export type Session = Omit<Pick<TurnState, (typeof SESSION_KEYS)[number]>, 'conversation_id' | 'turn_number' | 'name_doubt'> & {
  conversation_id?: string | null;
  turn_number?: number;
  name_doubt?: NameDoubt | null;
};

export function newSession(language: TurnState['language'], user: UserInfo = { user_id: null, user_name: null }): Session {
  // A person recognised by perception has a settled name; an anonymous one does not yet.
  return { messages: [], user_info: user, language, name_confirmation: null, name_checked: user.user_id !== null };
}

export function startTurn(session: Session, turnId: string, text: string, languageHint: TurnState['language'] | null, occasion: Occasion = 'utterance'): TurnState {
  const spoken = occasion === 'utterance';
  // A new conversation counts from zero.
  const before = session.conversation_id ? (session.turn_number ?? 0) : 0;
  return {
    ...structuredClone(session),
    name_doubt: session.name_doubt ?? null,
    turn_id: turnId,
    occasion,
    // A turn the robot begins has no utterance; its last message stands for the occasion.
    messages: [...session.messages, { role: 'user', content: spoken ? text : OCCASION_PROMPTS[occasion] }],
    user_text: text,
    language_hint: languageHint,
    // The robot greets or invites: the reply is a greeting.
    intent: spoken ? null : 'first_greeting',
    intent_confidence: spoken ? 0 : 1,
    intent_source: spoken ? 'fallback' : 'forced',
    requested_language: null,
    final_message: '',
    reply_notes: null,
    gestures: [],
    visual_memory: null,
    appraisal: null,
    affect: null,
    visitor: null,
    alert: null,
    staff: null,
    reappraise: false,
    name_resolution: { status: 'none', candidate: null },
    // A conversation is named after the turn that started it.
    conversation_id: session.conversation_id ?? turnId,
    turn_number: before + (spoken ? 1 : 0),
    unseen_turns: 0,
    episode_memory: null,
    conversation_memory: null,
    memory_saved: null,
    standalone_question: null,
    plan_steps: [],
    plan_source: null,
    knowledge_retrieval: null,
    vision_results: null,
    search_results: null,
  };
}

/**
 * The state a conversation ends in, when its visit ends without a farewell turn (the person left,
 * fell silent, the daemon stops): what agents scheduled at the session's end run on. No utterance.
 */
export function closingState(session: Session, turnId: string): TurnState {
  const state = startTurn(session, turnId, '', null);
  return { ...state, messages: structuredClone(session.messages), turn_number: session.turn_number ?? 0 };
}

/**
 * Whether the person's utterance opens the conversation: nothing was said in it before, not even
 * a greeting the robot began (a conversation is named after the turn that started it).
 */
export const opensConversation = (state: Partial<Pick<TurnState, 'turn_id' | 'conversation_id'>>): boolean => state.turn_id !== undefined && state.conversation_id === state.turn_id;

/** Whether the turn ends its conversation: a farewell. */
export const endsConversation = (state: Pick<TurnState, 'intent'>): boolean => state.intent === 'end_conversation';

/** The last `turns` exchanges: from the person's turns-th last message on. */
export function lastTurns(messages: readonly ChatMessage[], turns: number): ChatMessage[] {
  if (turns <= 0) return [];
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user' && ++seen === turns) return messages.slice(i);
  }
  return [...messages];
}

export function endTurn(state: TurnState): Session {
  return Object.fromEntries(SESSION_KEYS.map((k) => [k, state[k]])) as Session;
}
