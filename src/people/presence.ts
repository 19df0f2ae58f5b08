/**
 * Who is in front of the robot, from perception's `graph/user_detected` reports (sent every ~5 s
 * and on change). Pure: the daemon keeps the state and applies the action.
 *
 * - A report below the confidence threshold is ignored: a doubtful face must not switch the
 *   conversation to someone else.
 * - Repeating the last report is a no-op; only a change of what perception sees acts.
 * - A known face switches to that person (their profile and their own history).
 * - An unknown face (no id) starts a fresh anonymous conversation when it follows someone else,
 *   or when nobody was seen for `absenceMs` (the previous stranger has left). It does not while
 *   perception keeps reporting the same stranger — including right after that stranger told
 *   their name, before perception has stored their face under the new id.
 */

export interface Detection {
  user_id: string | null;
  user_name: string;
  /** Percentage, 0-100. */
  confidence: number;
}

export interface PresenceOptions {
  minConfidence: number;
  absenceMs: number;
}

export interface PresenceState {
  /** The id of the last accepted report (null: an unknown face); undefined before the first. */
  lastId: string | null | undefined;
  lastAt: number;
}

export type PresenceAction =
  | { kind: 'ignore'; reason: string }
  | { kind: 'same' }
  | { kind: 'known'; user_id: string; user_name: string }
  | { kind: 'stranger' };

export const initialPresence: PresenceState = { lastId: undefined, lastAt: 0 };

export function onDetection(
  state: PresenceState,
  detection: Detection,
  options: PresenceOptions,
  now: number,
  currentUserId: string | null,
): { action: PresenceAction; state: PresenceState } {
  if (detection.confidence < options.minConfidence) {
    return { action: { kind: 'ignore', reason: `confidence ${detection.confidence}% < ${options.minConfidence}%` }, state };
  }
  const next: PresenceState = { lastId: detection.user_id, lastAt: now };
  const absent = state.lastId === undefined || now - state.lastAt > options.absenceMs;
  const id = detection.user_id;

  if (id !== null) {
    const unchanged = (id === state.lastId && !absent) || id === currentUserId;
    return { action: unchanged ? { kind: 'same' } : { kind: 'known', user_id: id, user_name: detection.user_name }, state: next };
  }
  const sameStranger = state.lastId === null && !absent;
  const alreadyAnonymous = state.lastId === undefined && currentUserId === null;
  return { action: sameStranger || alreadyAnonymous ? { kind: 'same' } : { kind: 'stranger' }, state: next };
}
