import type { GraphRun } from './engine.js';
import type { TurnState } from './state.js';
import type { TurnEvent } from './turn-event-schema.js';

export { TurnEventSchema, type TurnEvent } from './turn-event-schema.js';

/** What monitors and the interaction log learn when a turn begins. */
export interface TurnStart {
  turn_id: string;
  session_id: string | null;
  user_id: string | null;
  user_text: string;
  ts: string;
}

export interface TurnEventInput {
  state: TurnState;
  run: GraphRun;
  userText: string;
  /** The session the turn belongs to (its conversation id when it started). */
  sessionId?: string | null;
  ts: Date;
  totalMs: number;
  modelMs: Record<string, number>;
  degraded: string[];
  speech?: TurnEvent['speech'];
}

const ms = (x: number) => Math.round(x * 1000) / 1000;
// Tool results are cut for the event.
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const TOOL_TEXT = 300;
const rounded = (record: Record<string, number>) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, ms(v)]));

/**
 * What monitors learn about a turn (agent/state/turn). Capabilities add their fields here and
 * to TurnEventSchema beside it.
 */
export function buildTurnEvent(input: TurnEventInput): TurnEvent {
  const { state, run } = input;
  return {
    turn_id: state.turn_id,
    session_id: input.sessionId ?? null,
    ts: input.ts.toISOString(),
    user_id: state.user_info.user_id,
    user_text: input.userText,
    intent: { name: state.intent ?? 'continue_conversation', confidence: state.intent_confidence, source: state.intent_source },
    reply: state.final_message,
    language: state.language,
    timings_ms: { ...rounded(run.timings), total: ms(input.totalMs) },
    spans: run.spans.map((span) => ({ agent: span.agent, start_ms: ms(span.start_ms), ms: ms(span.ms) })),
    model_ms: rounded(input.modelMs),
    gestures: state.gestures,
    degraded: input.degraded,
    errors: run.errors,
    visual_memory: state.visual_memory && {
      scene_id: state.visual_memory.scene_id,
      score: Math.round(state.visual_memory.score * 1000) / 1000,
      score_source: state.visual_memory.score_source,
    },
    standalone_question: state.standalone_question,
    ...(state.plan_source && { plan: { steps: state.plan_steps, source: state.plan_source } }),
    knowledge: state.knowledge_retrieval && {
      query: state.knowledge_retrieval.query,
      source: state.knowledge_retrieval.source,
      best: state.knowledge_retrieval.best === null ? null : Math.round(state.knowledge_retrieval.best * 1000) / 1000,
      hits: state.knowledge_retrieval.hits.map((h) => ({
        id: h.id,
        file: h.file,
        heading: h.headings.join(' — '),
        similarity: Math.round(h.similarity * 1000) / 1000,
        text: cut(h.text, TOOL_TEXT),
      })),
    },
    vision: state.vision_results && {
      status: state.vision_results.status,
      query: state.vision_results.query,
      description: state.vision_results.description && cut(state.vision_results.description, TOOL_TEXT),
      detail: state.vision_results.detail,
    },
    search: state.search_results && {
      ...state.search_results,
      answers: state.search_results.answers.map((a) => cut(a, TOOL_TEXT)),
      results: state.search_results.results.map((r) => ({ ...r, snippet: cut(r.snippet, TOOL_TEXT) })),
    },
    ...(input.speech && { speech: { ...input.speech, first_sentence_ms: input.speech.first_sentence_ms === null ? null : ms(input.speech.first_sentence_ms) } }),
    ...(state.affect &&
      state.appraisal && {
      affect: {
        emotion: state.affect.emotion,
        intensity: state.affect.intensity,
        mood: state.affect.mood,
        octant: state.affect.octant,
        mood_intensity: state.affect.mood_intensity,
        appraised: state.appraisal.emotions,
        appraisal_source: state.appraisal.source,
      },
    }),
    user_name: state.user_info.user_name,
    name_confirmation: state.name_resolution,
    ...(state.visitor && { visitor: state.visitor }),
    ...(state.alert && { alert: state.alert }),
    memories: [
      ...(state.episode_memory ? [{ id: state.episode_memory.id, type: 'episode' as const, score: state.episode_memory.score, reason: state.episode_memory.reason }] : []),
      ...(state.conversation_memory
        ? [{ id: state.conversation_memory.id, type: 'conversation' as const, score: state.conversation_memory.score, reason: state.conversation_memory.reason }]
        : []),
    ],
    ...(state.memory_saved && { memory_saved: state.memory_saved }),
  };
}
