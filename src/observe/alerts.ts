import type { Alert, AlertAck, AlertRecord } from '../alerts/index.js';

/** What the dashboard and /api/alerts need of the staff desk. */
export interface ObservedAlerts {
  list(): AlertRecord[];
  onAlert(listener: (alert: Alert) => void): void;
  onAcknowledged(listener: (record: AlertRecord) => void): void;
  /** Staff confirm from the dashboard: false when no such alert is known. */
  acknowledge(ack: AlertAck): boolean;
}
