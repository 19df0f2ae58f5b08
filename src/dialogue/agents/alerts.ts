import { detectSignal, OPINION_PROBLEM, phraseLists, readVisitor, SHIPPED_OPINION, visitorState, withThreshold, type AlertsConfig, type Classifier, type StaffWait } from '../../alerts/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';
import type { TurnState } from '../state.js';

type AlertPorts = Pick<Ports, 'alerts' | 'config' | 'log' | 'sessionId'>;

// The phrase lists with the configured extras, and the classifier at the configured threshold,
// made once per configuration.
const compiled = new WeakMap<AlertsConfig, { lists: ReturnType<typeof phraseLists>; opinion: Classifier | null }>();
let problemSaid = false;
const detectorFor = (config: AlertsConfig, log: AlertPorts['log']) => {
  let found = compiled.get(config);
  if (!found) compiled.set(config, (found = { lists: phraseLists(config), opinion: withThreshold(SHIPPED_OPINION, config.classifierThreshold) }));
  if (OPINION_PROBLEM && !problemSaid) {
    problemSaid = true;
    log.warn(OPINION_PROBLEM);
  }
  return found;
};

/**
 * Beside appraisal: the visitor's own state (valence, arousal, trend over the visit) and what
 * staff must hear of. An emergency or a request for a person is raised at once; distress when the
 * visitor's valence stays low for several turns; abuse after repeated insults. While a person is
 * on the way the reply says so, and the robot stays with the visitor (see `staff`).
 */
export const alertsAgent = defineAgent({
  name: 'alerts',
  // An emergency cut short by the next utterance still happened.
  critical: true,
  reads: ['user_text', 'intent'],
  writes: ['visitor', 'alert', 'staff'],
  run(s, ports: AlertPorts) {
    if (!ports.alerts) return {};
    const config = ports.config.alerts;
    const { lists, opinion } = detectorFor(config, ports.log);
    const signal = detectSignal(s.user_text, lists, opinion);
    const reading = readVisitor(s.user_text, signal);
    const past = ports.alerts.history(ports.sessionId);
    const visitor = visitorState(reading, past.valences);
    let alert: TurnState['alert'] = null;
    if (signal?.signal === 'emergency' || signal?.signal === 'help_requested') alert = { kind: signal.signal, reason: signal.by === 'classifier' ? `said "${signal.matched}" (the classifier's reading)` : `said "${signal.matched}"` };
    else if (reading.abusive && past.abusive + 1 >= config.abuseCount) alert = { kind: 'abuse', reason: `${past.abusive + 1} insults in this visit` };
    // Anger at the robot is abuse's business, not distress.
    else if (!reading.abusive) {
      const recent = [...past.valences, reading.valence].slice(-config.distressTurns);
      if (recent.length >= config.distressTurns && recent.every((v) => v <= config.distressValence)) {
        alert = { kind: 'distress', reason: `valence at or below ${config.distressValence} for ${config.distressTurns} turns` };
      }
    }
    return { visitor, alert, staff: staffWait(alert, past.staff, s.intent) };
  },
  effect(patch, state, ports) {
    if (!ports.alerts || !patch.visitor) return;
    ports.alerts.report({
      session_id: ports.sessionId,
      user_id: state.user_info.user_id,
      text: state.user_text,
      valence: patch.visitor.valence,
      abusive: readVisitor(state.user_text, null).abusive,
      raise: patch.alert ?? null,
    });
  },
});

/** Whether the robot is (now) waiting with the visitor for a person. A goodbye lets them go. */
function staffWait(alert: TurnState['alert'], open: Omit<StaffWait, 'fresh'> | null, intent: TurnState['intent']): StaffWait | null {
  if (intent === 'end_conversation') return null;
  const raised = alert && (alert.kind === 'emergency' || alert.kind === 'help_requested') ? alert.kind : null;
  // A request for a person that turns into an emergency is news to say; the same again is not.
  if (raised && (!open || (raised === 'emergency' && open.kind !== 'emergency'))) return { kind: raised, fresh: true, acknowledged: false };
  return open ? { ...open, fresh: false } : null;
}
