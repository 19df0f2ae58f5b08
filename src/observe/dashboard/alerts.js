import { el, postJson } from './api.js';

/** Open alerts, newest on top: each stays until staff acknowledge it, here or over MQTT. */
const banner = document.getElementById('alerts');
const shown = new Map();

export function showAlert(alert) {
  const old = shown.get(alert.alert_id);
  if (alert.acknowledged_by) {
    old?.remove();
    shown.delete(alert.alert_id);
    return;
  }
  const item = el('div', `alert ${alert.severity}`);
  item.dataset.alertId = alert.alert_id;
  item.append(el('strong', null, `${alert.kind.replace('_', ' ')} (${alert.severity})`), el('span', 'alert-text', ` “${alert.text}” — ${alert.reason}`));
  const button = el('button', 'ack', 'Acknowledge');
  button.addEventListener('click', () => {
    button.disabled = true;
    postJson(`/api/alerts/${encodeURIComponent(alert.alert_id)}/ack`, { by: 'dashboard' }).catch((err) => {
      button.disabled = false;
      console.warn('acknowledgement failed', err.message);
    });
  });
  item.append(button);
  if (old) old.replaceWith(item);
  else banner.prepend(item);
  shown.set(alert.alert_id, item);
}

/** The visitor's state from the turn event, beside the robot's own mood. */
export function showVisitor(visitor) {
  const line = document.getElementById('visitor');
  if (!visitor) return;
  const trend = visitor.trend > 0.1 ? 'better' : visitor.trend < -0.1 ? 'worse' : 'steady';
  line.textContent = `Visitor: valence ${visitor.valence.toFixed(2)}, arousal ${visitor.arousal.toFixed(2)}, ${trend}`;
}
