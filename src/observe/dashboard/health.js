import { el } from './api.js';

/** The overall status pill and one row per component. */
export function showHealth(report) {
  const overall = document.getElementById('overall');
  overall.textContent = report.status;
  overall.className = `pill ${report.status}`;
  const body = document.querySelector('#health tbody');
  body.replaceChildren(
    ...Object.entries(report.components)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, c]) => {
        const row = el('tr');
        const status = el('td');
        status.append(el('span', `pill ${c.status}`, c.status));
        row.append(el('td', '', name), status, el('td', '', c.detail));
        return row;
      }),
  );
}

export function showPresence(p) {
  const node = document.getElementById('presence');
  if (!p || (!p.user_id && !p.user_name)) node.textContent = 'In front: someone not known yet';
  else node.textContent = `In front: ${p.user_name || 'unnamed'}${p.user_id ? ` (${p.user_id})` : ''}${p.confidence !== undefined ? `, ${Math.round(p.confidence)}%` : ''}`;
}
