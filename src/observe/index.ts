export { Observer } from './observer.js';
export type { ObservedDaemon, ObserverOptions, Presence } from './observer.js';
export type { ObservedAlerts } from './alerts.js';
export { BACKGROUND_SESSION } from './entries.js';
export type { LogEntry, TurnStart } from './entries.js';
export { SessionLog } from './session-log.js';
export type { SessionLogOptions } from './session-log.js';
export { listSessionFiles, pruneSessions, readSession, SessionIdSchema } from './sessions.js';
export { hashText, redactCall, redactTurn } from './redact.js';
