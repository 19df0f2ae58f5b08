import { z } from 'zod';

export const ALERT_KINDS = ['emergency', 'help_requested', 'distress', 'abuse', 'stuck'] as const;
export const AlertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof AlertKindSchema>;

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const SeveritySchema = z.enum(SEVERITIES);
export type Severity = z.infer<typeof SeveritySchema>;

/** How urgent each kind is when first raised; every escalation goes one step up. */
export const SEVERITY_OF: Record<AlertKind, Severity> = { emergency: 'critical', help_requested: 'high', distress: 'medium', abuse: 'medium', stuck: 'low' };

/** Published on agent/state/alert. */
export const AlertSchema = z.object({
  alert_id: z.string().min(1).max(128),
  kind: AlertKindSchema,
  severity: SeveritySchema,
  session_id: z.string().nullable(),
  user_id: z.string().nullable(),
  /** What the visitor said that raised it. */
  text: z.string().max(2000),
  reason: z.string().max(500),
  ts: z.string(),
  /** 0 when first raised; each republication of an unacknowledged alert adds one. */
  escalation: z.number().int().nonnegative().default(0),
});
export type Alert = z.infer<typeof AlertSchema>;

/** Staff confirm an alert (agent/admin/alert_ack, or the dashboard's button). */
export const AlertAckSchema = z.object({
  alert_id: z.string().min(1).max(128),
  by: z.string().trim().min(1).max(200),
});
export type AlertAck = z.infer<typeof AlertAckSchema>;

/** The visitor's state in the turn event and the interaction log. */
export const VisitorStateSchema = z.object({
  valence: z.number().min(-1).max(1),
  arousal: z.number().min(0).max(1),
  trend: z.number().min(-2).max(2),
});

/** What the alert agent found this turn (the turn event's `alert`). */
export const TurnAlertSchema = z.object({ kind: AlertKindSchema, reason: z.string() });

/**
 * The robot is waiting with the visitor for a person: an emergency or a request for a person is
 * open in this visit. The reply then says so instead of carrying on with small talk.
 */
export const StaffWaitSchema = z.object({
  kind: z.enum(['emergency', 'help_requested']),
  /** Raised this turn (the robot says it is getting someone), or earlier (it says it is staying). */
  fresh: z.boolean(),
  acknowledged: z.boolean(),
});
export type StaffWait = z.infer<typeof StaffWaitSchema>;

/** An alert as the dashboard and /api/alerts show it. */
export interface AlertRecord extends Alert {
  acknowledged_by: string | null;
  acknowledged_at: string | null;
}
