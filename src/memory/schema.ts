import { z } from 'zod';
import { LanguageSchema } from '../config/index.js';

/**
 * What episodic and conversation memory put on the blackboard, and what they keep on disk.
 * Memories live in ChromaDB (one collection per user); a farewell is first written to a
 * durable queue under the data directory, then summarised and stored in the background.
 */

export const MEMORY_TYPES = ['episode', 'conversation'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** A memory recalled for this turn (episode_memory, conversation_memory on the blackboard). */
export const MemoryMatchSchema = z.object({
  id: z.string(),
  /** The episode's summary, or a piece of an earlier conversation ("User: …" / "Robot: …" lines). */
  text: z.string(),
  /** Cosine similarity of the utterance and the memory. */
  score: z.number(),
  /** When that conversation ended (ISO 8601). */
  timestamp: z.string(),
  /** similar: it matches what was said; latest: the last episode, recalled when a known person greets. */
  reason: z.enum(['similar', 'latest']),
  /** Episodes: a sentence the person said then, word for word (for "Last time you told me …"). */
  highlight: z.string().nullable(),
});
export type MemoryMatch = z.infer<typeof MemoryMatchSchema>;

/** What memory_save did on this turn (memory_saved on the blackboard and in the turn event). */
export const MemorySaveSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('queued'), conversation_id: z.string(), messages: z.number().int().nonnegative() }),
  z.object({ status: z.literal('skipped'), reason: z.enum(['unknown_user', 'name_pending', 'too_short']) }),
]);
export type MemorySave = z.infer<typeof MemorySaveSchema>;

/** Observation, thought, action, result: one remembered visit. */
export const EpisodeSchema = z.object({
  observation: z.string(),
  thought: z.string(),
  action: z.string(),
  result: z.string(),
});
export type Episode = z.infer<typeof EpisodeSchema>;

const Message = z.strictObject({ role: z.enum(['user', 'assistant']), content: z.string().max(20_000) });

/**
 * A finished conversation waiting to be summarised and stored: the raw words, so nothing is lost
 * if the daemon stops before the summary is written. One file per conversation.
 */
export const PendingConversationSchema = z.strictObject({
  format: z.literal(1),
  /** The conversation's id: its episode and pieces are stored under ids derived from it. */
  conversation_id: z.string().min(1).max(200),
  user_id: z.string().min(1).max(500),
  user_name: z.string().max(500).nullable(),
  robot_name: z.string().max(200),
  language: LanguageSchema,
  ended_at: z.iso.datetime({ offset: true }),
  /** The turn that said goodbye, for the logs. */
  turn_id: z.string(),
  messages: z.array(Message).min(1).max(1_000),
});
export type PendingConversation = z.infer<typeof PendingConversationSchema>;
