// The bearer token, when the server asks for one, comes from the page's address: /?token=…
const token = new URLSearchParams(location.search).get('token');

export async function getJson(path) {
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

export async function postJson(path, body) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

/** EventSource cannot send headers: the token goes in the query. */
export function events() {
  return new EventSource(token ? `/events?token=${encodeURIComponent(token)}` : '/events');
}

/** An element with text (never HTML: everything shown comes from people and models). */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}
