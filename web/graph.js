// The evaluation graph of the game page: the server's quick value of every position so far, for
// South, in seeds.

import { api, scoreText } from './api.js';
import { $, el } from './dom.js';
import { T } from './i18n.js';

const graph = { data: null, busy: false, again: false };

// The game page's state the graph follows: `id`, and `game`, the state shown.
let page = { id: null, game: null };

// Follows the game page's state `view` (read at every update).
export function followGame(view) {
  page = view;
}

// Forgets the values: moves were taken back, and they no longer describe this game.
export function forgetGraph() {
  graph.data = null;
}

function graphShown(g) {
  return Boolean(g) && $('graph-on').checked && (g.mode !== 'online' || g.over);
}

// Fetches the values, one request at a time; asks again while some are still being computed.
export async function updateGraph() {
  if (!graphShown(page.game)) return;
  if (graph.busy) { graph.again = true; return; }
  graph.busy = true;
  let retry = false;
  try {
    const d = await api('GET', `/api/games/${page.id}/evaluations`);
    if (page.game && d.ply <= page.game.ply) graph.data = d;
    retry = !d.complete;
    $('graph-note').dataset.error = '';
  } catch (e) {
    $('graph-note').dataset.error = e.message;
    retry = e.status === 503;
  } finally {
    graph.busy = false;
  }
  drawGraph();
  if (graph.again || retry) {
    graph.again = false;
    setTimeout(updateGraph, retry ? 400 : 0);
  }
}

// An item of the graph: {ply, score}, the score from South's point of view (null: none).
function describeValue(e) {
  if (!e) return 'evaluating…';
  const s = e.score;
  if (!s) return T.noEvaluation;
  if (s.outcome) return T.known(T.south, scoreText(s));
  if (Math.abs(s.seeds) < 0.05) return T.even;
  return `${s.seeds > 0 ? T.south : T.north} +${Math.abs(s.seeds).toFixed(1)}`;
}

export function drawGraph() {
  const g = page.game;
  const show = graphShown(g);
  $('graph-wrap').hidden = !show;
  if (!show) return;
  const svg = $('evalgraph');
  const W = 600, H = 130, left = 34, right = 8, top = 8, bottom = 8;
  const ply = g.ply;
  const items = (graph.data ? graph.data.evaluations : [])
    .filter((e) => e && e.ply <= ply && e.score)
    .map((e) => ({ ply: e.ply, kind: e.score.kind, known: Boolean(e.score.outcome), value: e.score.seeds }));
  const biggest = items.reduce((m, e) => Math.max(m, Math.abs(e.value)), 0);
  const range = Math.min(48, Math.max(4, Math.ceil(biggest)));
  const span = Math.max(ply, 10);
  const x = (p) => left + ((W - left - right) * p) / span;
  const y = (v) => top + ((H - top - bottom) * (range - Math.max(-range, Math.min(range, v)))) / (2 * range);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.replaceChildren(
    el('rect', { class: 'graph-south', x: left, y: top, width: W - left - right, height: y(0) - top }),
    el('rect', { class: 'graph-north', x: left, y: y(0), width: W - left - right, height: H - bottom - y(0) }),
    el('line', { class: 'graph-zero', x1: left, x2: W - right, y1: y(0), y2: y(0) }),
    el('text', { class: 'graph-label', x: left - 4, y: top + 10 }, `+${range}`),
    el('text', { class: 'graph-label', x: left - 4, y: H - bottom - 2 }, `−${range}`),
    el('text', { class: 'graph-label', x: left - 4, y: y(0) + 4 }, '0'),
  );
  // The line breaks where a value is still missing.
  let d = '';
  let last = -2;
  for (const e of items) {
    d += `${e.ply === last + 1 ? 'L' : 'M'}${x(e.ply).toFixed(1)} ${y(e.value).toFixed(1)}`;
    last = e.ply;
  }
  if (d) svg.append(el('path', { class: 'graph-line', d }));
  for (const e of items) {
    const cx = x(e.ply).toFixed(1), cy = y(e.value).toFixed(1);
    const attrs = { 'data-ply': e.ply, 'data-kind': e.kind, 'data-value': e.value };
    // Proven results are diamonds, estimates small dots.
    svg.append(e.known
      ? el('rect', { ...attrs, class: 'graph-point proven', x: cx - 4, y: cy - 4, width: 8, height: 8, transform: `rotate(45 ${cx} ${cy})` })
      : el('circle', { ...attrs, class: 'graph-point', cx, cy, r: span > 120 ? 1.2 : 2.2 }));
  }
  svg.append(el('line', { class: 'graph-current', x1: x(ply), x2: x(ply), y1: top, y2: H - bottom, 'data-ply': ply }));
  svg.dataset.ply = String(ply);
  svg.dataset.points = String(items.length);
  const now = (graph.data ? graph.data.evaluations : []).find((e) => e && e.ply === ply);
  const error = $('graph-note').dataset.error;
  $('graph-note').textContent = error
    ? T.evalUnavailable(error)
    : T.graphNote(ply, describeValue(now));
}
