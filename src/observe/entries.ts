import type { TurnEvent, TurnStart } from '../dialogue/index.js';
import type { LlmCallRecord } from '../llm/index.js';

export type { TurnStart };

/** One line of an interaction log. Every line names its session and turn (null outside a turn). */
export type LogEntry =
  | { type: 'session_start'; ts: string; session_id: string; turn_id: null; user_id: string | null }
  | { type: 'session_end'; ts: string; session_id: string; turn_id: null; reason: string }
  | { type: 'turn_start'; ts: string; session_id: string; turn_id: string; user_id: string | null; user_text: string }
  | ({ type: 'model_call'; ts: string; session_id: string } & LlmCallRecord)
  | { type: 'turn_end'; ts: string; session_id: string; turn_id: string; event: TurnEvent }
  | PerceptionEntry;

/**
 * What perception told the brain (who is in front of it, written when it changes, before the turn
 * it leads to) and what the brain told perception (a settled name, a request for a frame): what a
 * replayed visit plays back and compares.
 */
export type PerceptionEntry = {
  type: 'perception';
  ts: string;
  session_id: string;
  turn_id: string | null;
  direction: 'in' | 'out';
  topic: 'user_detected' | 'user_info' | 'capture_current_view';
  payload: unknown;
};

/** Model calls made outside any turn (e.g. a farewell summarised in the background). */
export const BACKGROUND_SESSION = '_background';
