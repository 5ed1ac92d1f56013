import { T } from './i18n.js';

// The server's JSON API: one request, its answer or an Error carrying the API's error body
// (`err.data`) and status (`err.status`).

export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (_) { data = { message: res.statusText }; }
  if (!res.ok) { const err = new Error(data.message || res.statusText); err.data = data; err.status = res.status; throw err; }
  return data;
}

// A score in the server's one representation ({kind, seeds, outcome, margin, margin_exact,
// plies, text}, docs/engine.md "Scores"): its text is the engine's own wording ("+1.35
// (estimate)", "proven win by ≥ 3", "proven draw", "table: exact +2").
// The engine's English words are put in the page's language (`T.scoreEstimate` ...); the
// numbers stay as the engine wrote them.
export function scoreText(s) {
  const words = [['(estimate)', `(${T.scoreEstimate})`], ['proven win by', T.scoreProvenWin],
    ['proven loss by', T.scoreProvenLoss], ['proven draw', T.scoreProvenDraw], ['table: exact', T.scoreTableExact]];
  let text = s.text || '';
  for (const [en, theirs] of words) if (typeof theirs === 'string') text = text.replace(en, theirs);
  return text;
}
