import { el, getJson } from './api.js';

const MAX_TURNS = 50;
/** turn_id → { start, event, calls } */
const turns = new Map();

function ensure(turnId) {
  let turn = turns.get(turnId);
  if (!turn) {
    turn = { start: null, event: null, calls: [] };
    turns.set(turnId, turn);
    if (turns.size > MAX_TURNS) turns.delete(turns.keys().next().value);
  }
  return turn;
}

export function turnStarted(start) {
  ensure(start.turn_id).start = start;
  render(start.turn_id);
}

export function turnEnded(event, calls) {
  const turn = ensure(event.turn_id);
  turn.event = event;
  if (calls) turn.calls = calls;
  if (event.session_id) document.getElementById('session').textContent = `session ${event.session_id}`;
  render(event.turn_id);
}

/** A turn's model calls, from the interaction log. */
export async function loadCalls(sessionId, turnId) {
  const session = await getJson(`/api/sessions/${encodeURIComponent(sessionId)}?turn=${encodeURIComponent(turnId)}`);
  const turn = turns.get(turnId);
  if (!turn) return;
  turn.calls = session.entries.filter((entry) => entry.type === 'model_call');
  render(turnId);
}

/** A past session, from its log: its turns, then their model calls. */
export function replay(entries) {
  for (const entry of entries) {
    if (entry.type === 'turn_start') turnStarted(entry);
    if (entry.type === 'turn_end') turnEnded(entry.event);
    if (entry.type === 'model_call' && entry.turn_id && turns.has(entry.turn_id)) turns.get(entry.turn_id).calls.push(entry);
  }
  for (const id of turns.keys()) render(id);
}

function render(turnId) {
  const turn = turns.get(turnId);
  const list = document.getElementById('turns');
  let node = list.querySelector(`[data-turn-id="${CSS.escape(turnId)}"]`);
  if (!node) {
    node = el('li', 'turn');
    node.dataset.turnId = turnId;
    list.prepend(node); // newest first
    while (list.children.length > MAX_TURNS) list.lastElementChild.remove();
  }
  const e = turn.event;
  node.classList.toggle('pending', !e);
  const parts = [el('p', 'said', e?.user_text ?? turn.start?.user_text ?? ''), el('p', 'reply', e ? e.reply : 'thinking…')];
  if (e) parts.push(meta(e), details(e), waterfall(turn));
  node.replaceChildren(...parts);
}

function meta(e) {
  const bits = [
    `intent ${e.intent.name} (${e.intent.confidence.toFixed(2)}, ${e.intent.source})`,
    `language ${e.language}`,
    e.user_name ? `with ${e.user_name}` : null,
    e.timings_ms.total !== undefined ? `${Math.round(e.timings_ms.total)} ms` : null,
    e.affect?.emotion ? `felt ${e.affect.emotion}` : null,
    e.degraded.length ? `degraded: ${e.degraded.join(', ')}` : null,
  ];
  return el('p', 'meta', bits.filter(Boolean).join(' · '));
}

function details(e) {
  const items = [];
  const add = (text) => items.push(el('li', '', text));
  for (const m of e.memories ?? []) add(`recalled ${m.type} ${m.id} (${m.score.toFixed(2)}, ${m.reason})`);
  if (e.visual_memory) add(`remembered scene ${e.visual_memory.scene_id} (${e.visual_memory.score.toFixed(2)})`);
  for (const s of e.plan?.steps ?? []) add(`planned ${s.tool}: ${s.query}`);
  for (const h of e.knowledge?.hits ?? []) add(`knowledge ${h.file} › ${h.heading} (${h.similarity.toFixed(2)})`);
  if (e.search) add(`search "${e.search.query}": ${e.search.status}${e.search.results.length ? `, ${e.search.results.map((r) => r.title).join('; ')}` : ''}`);
  if (e.vision) add(`vision: ${e.vision.status}${e.vision.description ? `, ${e.vision.description}` : ''}`);
  for (const err of e.errors) add(`error in ${err.agent}: ${err.message}`);
  const list = el('ul', 'details');
  list.append(...items);
  return list;
}

/** Agents (from the turn event) and model calls (from the log) on one time axis from the turn's start. */
function waterfall(turn) {
  const e = turn.event;
  const t0 = Date.parse(turn.start?.ts ?? e.ts);
  const spans = e.spans ?? [];
  const calls = turn.calls.map((c) => ({ call: c, start_ms: Math.max(0, Date.parse(c.started_at) - t0), ms: c.ms }));
  const total = Math.max(e.timings_ms.total ?? 0, ...spans.map((s) => s.start_ms + s.ms), ...calls.map((c) => c.start_ms + c.ms), 1);
  const box = el('div', 'waterfall');
  const row = (label, start, ms, bar) => {
    const r = el('div', 'row');
    const track = el('div', 'track');
    bar.style.left = `${(start / total) * 100}%`;
    bar.style.width = `${(ms / total) * 100}%`;
    bar.title = `${label}: ${Math.round(ms)} ms from ${Math.round(start)} ms`;
    track.append(bar);
    r.append(el('span', 'label', label), track);
    return r;
  };
  const axis = el('div', 'row axis');
  const ticks = el('div', 'track');
  ticks.append(el('span', 'tick start', '0'), el('span', 'tick end', `${Math.round(total)} ms`));
  axis.append(el('span', 'label', 'agents, model calls'), ticks);
  box.append(axis);
  for (const s of spans) box.append(row(s.agent, s.start_ms, s.ms, el('div', 'bar agent')));
  for (const c of calls) {
    const bar = el('button', `bar call${c.call.error || c.call.parse_error ? ' failed' : ''}`);
    bar.type = 'button';
    bar.addEventListener('click', () => openCall(c.call));
    box.append(row(`${c.call.agent} · ${c.call.model}`, c.start_ms, c.ms, bar));
  }
  return box;
}

function openCall(call) {
  document.getElementById('call-title').textContent = `${call.agent}: ${call.model}`;
  const tokens = `${call.tokens.prompt ?? '?'} prompt / ${call.tokens.completion ?? '?'} completion tokens`;
  const outcome = call.error ? `failed: ${call.error.kind} ${call.error.message}` : call.parse_error ? `unreadable: ${call.parse_error}` : call.format ? 'parsed' : 'text';
  document.getElementById('call-meta').textContent = `${Math.round(call.ms)} ms, first token ${call.ttft_ms === null ? '—' : `${Math.round(call.ttft_ms)} ms`}, ${tokens}, ${outcome}, options ${JSON.stringify(call.options)}`;
  document.getElementById('call-messages').replaceChildren(
    ...call.messages.flatMap((m) => [el('div', 'role', m.role + (m.images ? ` (+${m.images.length} image)` : '')), el('pre', '', m.content)]),
  );
  document.getElementById('call-output').textContent = call.output;
  document.getElementById('call').showModal();
}
