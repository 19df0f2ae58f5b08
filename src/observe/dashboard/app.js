import { events, getJson } from './api.js';
import { loadCalls, replay, turnEnded, turnStarted } from './conversation.js';
import { showHealth, showPresence } from './health.js';
import { showAlert, showVisitor } from './alerts.js';
import { addAffect } from './mood.js';

const stream = document.getElementById('stream');

/** The latest session from its log, so that a reloaded page is not empty. */
async function history() {
  const { sessions } = await getJson('/api/sessions?limit=5');
  const latest = sessions.find((s) => !s.id.startsWith('_'));
  if (!latest) return;
  const session = await getJson(`/api/sessions/${encodeURIComponent(latest.id)}`);
  replay(session.entries);
  // A turn event keeps the mood and the strongest emotion after the turn: the plots' past.
  for (const entry of session.entries) {
    const affect = entry.type === 'turn_end' ? entry.event.affect : null;
    if (affect) addAffect({ ts: entry.event.ts, mood: affect.mood, emotions: affect.emotion ? [{ emotion: affect.emotion, intensity: affect.intensity }] : [] });
  }
}

function live() {
  const source = events();
  const on = (name, handler) => source.addEventListener(name, (m) => handler(JSON.parse(m.data)));
  source.onopen = () => (stream.textContent = 'live');
  source.onerror = () => (stream.textContent = 'reconnecting…');
  on('status', showHealth);
  on('presence', showPresence);
  on('affect', addAffect);
  on('turn_start', turnStarted);
  on('alert', showAlert);
  on('turn', (event) => {
    turnEnded(event);
    showVisitor(event.visitor);
    showPresence({ user_id: event.user_id, user_name: event.user_name ?? null });
    // The log is written behind the turn: the model calls are read once the turn is over.
    if (event.session_id) loadCalls(event.session_id, event.turn_id).catch((err) => console.warn('model calls not loaded', err.message));
  });
}

history()
  .catch((err) => console.warn('history not loaded', err.message))
  .finally(live);
