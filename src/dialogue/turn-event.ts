import type { TurnEvent } from '../bus/index.js';
import type { GraphRun } from './engine.js';
import type { TurnState } from './state.js';

export interface TurnEventInput {
  state: TurnState;
  run: GraphRun;
  userText: string;
  ts: Date;
  totalMs: number;
  modelMs: Record<string, number>;
  degraded: string[];
  // speech (issue 6)
  speech?: TurnEvent['speech'];
}

const ms = (x: number) => Math.round(x * 1000) / 1000;
const rounded = (record: Record<string, number>) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, ms(v)]));

/**
 * What monitors learn about a turn (agent/state/turn). Capabilities add their fields here and
 * to TurnEventSchema in src/bus/topics.ts.
 */
export function buildTurnEvent(input: TurnEventInput): TurnEvent {
  const { state, run } = input;
  return {
    turn_id: state.turn_id,
    ts: input.ts.toISOString(),
    user_id: state.user_info.user_id,
    user_text: input.userText,
    intent: { name: state.intent ?? 'continue_conversation', confidence: state.intent_confidence, source: state.intent_source },
    reply: state.final_message,
    language: state.language,
    timings_ms: { ...rounded(run.timings), total: ms(input.totalMs) },
    model_ms: rounded(input.modelMs),
    gestures: state.gestures,
    degraded: input.degraded,
    errors: run.errors,
    // visual memory (issue 5)
    visual_memory: state.visual_memory && {
      scene_id: state.visual_memory.scene_id,
      score: Math.round(state.visual_memory.score * 1000) / 1000,
      score_source: state.visual_memory.score_source,
    },
    // speech (issue 6)
    ...(input.speech && { speech: { ...input.speech, first_sentence_ms: input.speech.first_sentence_ms === null ? null : ms(input.speech.first_sentence_ms) } }),
    // affect (issue 4)
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
    // people (issue 3)
    user_name: state.user_info.user_name,
    name_confirmation: state.name_resolution,
    // memory (issue 3 item 5)
    memories: [
      ...(state.episode_memory ? [{ id: state.episode_memory.id, type: 'episode' as const, score: state.episode_memory.score, reason: state.episode_memory.reason }] : []),
      ...(state.conversation_memory
        ? [{ id: state.conversation_memory.id, type: 'conversation' as const, score: state.conversation_memory.score, reason: state.conversation_memory.reason }]
        : []),
    ],
    ...(state.memory_saved && { memory_saved: state.memory_saved }),
  };
}
