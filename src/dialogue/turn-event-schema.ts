import { z } from 'zod';
import { AppraisalSchema } from '../affect/index.js';
import { TurnAlertSchema, VisitorStateSchema } from '../alerts/index.js';
import { LanguageSchema } from '../config/index.js';
import { IntentSchema } from '../intent/index.js';
import { KnowledgeRetrievalSchema } from '../knowledge/index.js';
import { MEMORY_TYPES, MemoryMatchSchema, MemorySaveSchema } from '../memory/index.js';
import { CandidateSchema, NAME_STATUSES } from '../people/index.js';
import { PlanSourceSchema, PlanStepSchema } from '../planning/index.js';
import { SearchResultsSchema } from '../search/index.js';
import { VisionStatusSchema } from '../vision/index.js';
import { IntentSourceSchema } from './state.js';

const NameCandidateEvent = CandidateSchema;

/** Published after every turn on agent/state/turn. Later capabilities add optional fields. */
export const TurnEventSchema = z.object({
  turn_id: z.string(),
  /** The conversation session this turn belongs to (the interaction log's file name). */
  session_id: z.string().nullable().optional(),
  ts: z.string(),
  user_id: z.string().nullable(),
  user_text: z.string(),
  intent: z.object({
    name: IntentSchema,
    confidence: z.number().min(0).max(1),
    source: IntentSourceSchema,
  }),
  reply: z.string(),
  language: LanguageSchema,
  /** Wall time of each agent of the turn, plus "total". */
  timings_ms: z.record(z.string(), z.number().nonnegative()),
  /** Each agent run with its start from the beginning of the graph: the turn's waterfall. */
  spans: z.array(z.object({ agent: z.string(), start_ms: z.number().nonnegative(), ms: z.number().nonnegative() })).optional(),
  /** Time spent inside models (ONNX, LLM) per agent: the part of the turn that is not overhead. */
  model_ms: z.record(z.string(), z.number().nonnegative()),
  gestures: z.array(z.string()),
  degraded: z.array(z.string()),
  errors: z.array(z.object({ agent: z.string(), message: z.string() })),
  /** The remembered scene the reply used, if any. */
  visual_memory: z.object({ scene_id: z.string(), score: z.number(), score_source: z.string() }).nullable().optional(),
  // How the reply was delivered.
  speech: z
    .object({
      /** Sentence by sentence as the model wrote it (speech.streaming), or whole. */
      streamed: z.boolean(),
      /** Pieces handed to the speech stack (sentences, or 1 for a whole reply). */
      sentences: z.number().int().nonnegative(),
      /** From the start of the turn to the first sentence handed over; null when nothing was. */
      first_sentence_ms: z.number().nonnegative().nullable(),
      /** Cut short by a newer utterance (barge-in) or by the daemon stopping. */
      interrupted: z.boolean(),
      /** When cut by a barge-in: what was said of the reply (what the history keeps). */
      spoken: z.string().optional(),
    })
    .optional(),
  // Texts are cut to a few hundred characters.
  /** The utterance as a standalone question (the contextualizer). */
  standalone_question: z.string().nullable().optional(),
  /** The tools planned, in order, and who planned them. */
  plan: z
    .object({
      steps: z.array(PlanStepSchema),
      source: PlanSourceSchema,
    })
    .optional(),
  /** Knowledge chunks given to the reply (none: nothing reached the minimum similarity). */
  knowledge: z
    .object({
      query: z.string(),
      source: KnowledgeRetrievalSchema.shape.source,
      best: z.number().nullable(),
      hits: z.array(z.object({ id: z.string(), file: z.string(), heading: z.string(), similarity: z.number(), text: z.string() })),
    })
    .nullable()
    .optional(),
  /** What looking through the camera gave. */
  vision: z
    .object({ status: VisionStatusSchema, query: z.string(), description: z.string().nullable(), detail: z.string().nullable() })
    .nullable()
    .optional(),
  /** What the web search gave. */
  search: z
    .object({
      status: SearchResultsSchema.shape.status,
      query: z.string(),
      answers: z.array(z.string()),
      results: z.array(z.object({ title: z.string(), url: z.string(), snippet: z.string() })),
      detail: z.string().nullable(),
    })
    .nullable()
    .optional(),
  /** The robot's emotion and mood after the turn, and what the utterance made it feel. */
  affect: z
    .object({
      emotion: z.string().nullable(),
      intensity: z.number().min(0).max(1),
      mood: z.object({ pleasure: z.number(), arousal: z.number(), dominance: z.number() }),
      octant: z.string(),
      mood_intensity: z.string(),
      appraised: z.array(z.object({ emotion: z.string(), intensity: z.number().min(0).max(1) })),
      appraisal_source: AppraisalSchema.shape.source,
    })
    .optional(),
  /** The current user's name, if known. */
  user_name: z.string().nullable().optional(),
  /** Name resolution this turn: asking (and about whom), confirmed, matched, new_user, corrected (a wrong name put right), or none. */
  name_confirmation: z
    .object({ status: z.enum(NAME_STATUSES), candidate: NameCandidateEvent.nullable() })
    .optional(),
  /** Memories recalled for the reply: which, of what type, how similar, and why (similar, or the latest on a greeting). */
  memories: z
    .array(z.object({ id: z.string(), type: z.enum(MEMORY_TYPES), score: z.number(), reason: MemoryMatchSchema.shape.reason }))
    .optional(),
  /** On a farewell: the conversation queued to be remembered, or why it was not. */
  memory_saved: MemorySaveSchema.optional(),
  /** The visitor's own state from their words (valence -1…1, arousal 0…1, trend of valence over the visit). */
  visitor: VisitorStateSchema.optional(),
  /** What this turn raised for staff, if anything (published on agent/state/alert unless raised lately). */
  alert: TurnAlertSchema.optional(),
});
export type TurnEvent = z.infer<typeof TurnEventSchema>;
