export { AlertsConfigSchema, type AlertsConfig } from './config.js';
export { AlertDesk, type AlertDeskEvents, type AlertsPort, type FinishedTurn, type TurnReport, type VisitHistory } from './desk.js';
export { DEFAULT_LISTS, detectSignal, phraseLists, rulesVerdict, type SignalFound, type UtteranceSignal } from './detect.js';
export { withThreshold, type Classifier } from './opinion.js';
export { OPINION_PROBLEM, SHIPPED_OPINION } from './opinion-model.js';
export { staffComingLine, staffLine } from './lines.js';
export {
  ALERT_KINDS,
  AlertAckSchema,
  AlertKindSchema,
  AlertSchema,
  SEVERITY_OF,
  StaffWaitSchema,
  TurnAlertSchema,
  VisitorStateSchema,
  type Alert,
  type AlertAck,
  type AlertKind,
  type AlertRecord,
  type Severity,
  type StaffWait,
} from './schema.js';
export { failedToHelp, sameQuestion } from './stuck.js';
export { readVisitor, visitorState, type VisitorReading, type VisitorState } from './visitor.js';
