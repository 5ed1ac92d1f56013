// Player pages, the leaderboard and the archive.

import { ratingText } from './accounts.js';
import { api } from './api.js';
import { $, cell, el } from './dom.js';
import { T, gameName, gameText, reasonText, sideName } from './i18n.js';
import { listVariants } from './presets.js';

// A preset's name (`abapa`) as its players know it in the page's language.
function presetName(name) { return gameText(`game-${name}-name`, name); }

// Fills the table `box` with a head of `cols` and the rows `rows`.
function table(box, cols, rows) {
  const head = document.createElement('tr');
  head.append(...cols.map((c) => { const th = document.createElement('th'); th.textContent = c; return th; }));
  const thead = document.createElement('thead'); thead.append(head);
  const tbody = document.createElement('tbody');
  tbody.append(...rows);
  box.replaceChildren(thead, tbody);
}

function playerLink(name) {
  if (!name) { const s = document.createElement('span'); s.textContent = T.guest; s.className = 'muted'; return s; }
  const a = document.createElement('a');
  a.href = `/players/${encodeURIComponent(name)}`;
  a.textContent = name;
  return a;
}

function gameRow(gm) {
  const tr = document.createElement('tr');
  tr.dataset.game = gm.id;
  const when = new Date(gm.ended_ms || (gm.created || 0) * 1000);
  const td = (x) => { const c = document.createElement('td'); if (typeof x === 'string') c.textContent = x; else c.append(x); return c; };
  const link = document.createElement('a');
  link.href = `/g/${gm.id}`;
  link.textContent = presetName(gm.variant) + (gm.rated ? '' : ` (${T.casual})`);
  const result = gm.result === 'draw' ? T.draw : gm.result ? T.wins(sideName(gm.result)) : '—';
  tr.append(td(when.toISOString().slice(0, 10)), td(link), td(playerLink(gm.players && gm.players.south)),
    td(playerLink(gm.players && gm.players.north)), td(result), td(reasonText(gm.reason)),
    td(String(gm.plies ?? '')), td(gm.clock ? (gm.clock.days_per_move ? `${gm.clock.days_per_move}d` : `${gm.clock.initial_ms / 60000}+${gm.clock.increment_ms / 1000}`) : T.untimed));
  return tr;
}

// The page of the player `name` (/players/NAME): ratings, their history, games.
export async function showPlayer(name) {
  $('player').hidden = false;
  $('subtitle').textContent = T.playerTitle(name);
  $('pl-name').textContent = T.playerTitle(name);
  let p;
  try { p = await api('GET', `/api/players/${encodeURIComponent(name)}`); } catch (e) { $('pl-error').textContent = e.message; return; }
  if (p.created) $('pl-since').textContent = T.since(new Date(p.created * (p.created < 1e11 ? 1000 : 1)).toISOString().slice(0, 10));
  const ratings = Object.entries(p.ratings || {});
  table($('pl-ratings'), T.ratingCols, ratings.map(([variant, r]) => {
    const tr = document.createElement('tr');
    tr.dataset.variant = variant;
    tr.append(cell(presetName(variant)), cell(ratingText(r) + (r.provisional ? ` (${T.provisional})` : '')), cell(`±${Math.round(r.deviation)}`), cell(String(r.games)));
    tr.dataset.rating = String(r.rating);
    return tr;
  }));
  const history = p.history || [];
  const games = [...new Set(history.map((h) => h.variant))];
  const sel = $('pl-graph-variant');
  sel.replaceChildren(...games.map((v) => new Option(presetName(v), v)));
  const draw = () => drawRatingGraph(history.filter((h) => h.variant === sel.value));
  sel.addEventListener('change', draw);
  draw();
  table($('pl-games'), T.gameCols, (p.games || []).map(gameRow));
}

// The rating after every rated game, with the deviation as a band.
function drawRatingGraph(points) {
  const svg = $('pl-graph');
  const W = 600, H = 180, left = 44, right = 10, top = 10, bottom = 18;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.dataset.points = String(points.length);
  if (!points.length) {
    svg.replaceChildren(el('text', { class: 'graph-label', x: W / 2, y: H / 2, 'text-anchor': 'middle' }, T.noHistory));
    return;
  }
  const lo = Math.min(...points.map((p) => p.rating - p.deviation));
  const hi = Math.max(...points.map((p) => p.rating + p.deviation));
  const pad = Math.max(20, (hi - lo) * 0.05);
  const y0 = lo - pad, y1 = hi + pad;
  const x = (i) => left + ((W - left - right) * (points.length === 1 ? 0.5 : i / (points.length - 1)));
  const y = (v) => top + ((H - top - bottom) * (y1 - v)) / (y1 - y0);
  const band = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.rating + p.deviation).toFixed(1)}`).join('')
    + points.slice().reverse().map((p, k) => `L${x(points.length - 1 - k).toFixed(1)} ${y(p.rating - p.deviation).toFixed(1)}`).join('') + 'Z';
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.rating).toFixed(1)}`).join('');
  svg.replaceChildren(
    el('rect', { class: 'graph-south', x: left, y: top, width: W - left - right, height: H - top - bottom }),
    el('path', { class: 'rating-band', d: band }),
    el('path', { class: 'graph-line', d: line }),
    el('text', { class: 'graph-label', x: left - 4, y: top + 10 }, String(Math.round(y1))),
    el('text', { class: 'graph-label', x: left - 4, y: H - bottom }, String(Math.round(y0))),
    ...points.map((p, i) => el('circle', { class: 'graph-point', cx: x(i).toFixed(1), cy: y(p.rating).toFixed(1), r: 3, 'data-rating': p.rating })),
  );
}

// The leaderboard of a preset (/leaderboard?variant=).
export async function showLeaderboard(params) {
  $('leaderboard').hidden = false;
  $('subtitle').textContent = T.lbTitle;
  await listVariants('lb-variant', gameName);
  const sel = $('lb-variant');
  sel.value = params.get('variant') || 'oware';
  const load = async () => {
    history.replaceState(null, '', `/leaderboard?variant=${encodeURIComponent(sel.value)}`);
    let players = [];
    try { players = (await api('GET', `/api/leaderboard/${encodeURIComponent(sel.value)}`)).players || []; } catch (_) { players = []; }
    table($('lb-table'), T.lbCols, players.map((p, i) => {
      const tr = document.createElement('tr');
      tr.dataset.player = p.name;
      const name = document.createElement('td'); name.append(playerLink(p.name));
      tr.append(cell(String(i + 1)), name, cell(ratingText(p) + (p.provisional ? ` (${T.provisional})` : '')), cell(`±${Math.round(p.deviation)}`), cell(String(p.games)));
      return tr;
    }));
    $('lb-empty').textContent = players.length ? '' : T.lbEmpty;
  };
  sel.addEventListener('change', load);
  await load();
}

// The archive of finished games (/archive), searched by player, preset, result and dates.
export async function showArchive(params) {
  $('archive').hidden = false;
  $('subtitle').textContent = T.arTitle;
  const labels = { player: T.arPlayer, variant: T.arVariant, result: T.arResult, from: T.arFrom, to: T.arTo };
  for (const [k, text] of Object.entries(labels)) $(`ar-${k}-label`).textContent = text;
  await listVariants('ar-variant', gameName, new Option(T.anyVariant, ''));
  $('ar-result').replaceChildren(...T.results.map(([v, name]) => new Option(name, v)));
  for (const k of ['player', 'variant', 'result', 'from', 'to']) if (params.get(k)) $(`ar-${k}`).value = params.get(k);
  let page = 1;
  const query = () => {
    const q = new URLSearchParams();
    for (const k of ['player', 'variant', 'result', 'from', 'to']) { const v = $(`ar-${k}`).value.trim(); if (v) q.set(k, v); }
    return q;
  };
  const load = async (append) => {
    $('ar-error').textContent = '';
    const q = query();
    history.replaceState(null, '', `/archive${q.toString() ? '?' + q : ''}`);
    q.set('page', String(page));
    let res;
    try { res = await api('GET', `/api/games?${q}`); } catch (e) { $('ar-error').textContent = e.message; return; }
    const rows = (res.games || []).map(gameRow);
    if (append) $('ar-table').querySelector('tbody').append(...rows);
    else table($('ar-table'), T.gameCols, rows);
    $('ar-empty').textContent = !append && !rows.length ? T.arEmpty : '';
    $('ar-more').hidden = !res.more;
  };
  $('ar-form').addEventListener('submit', (e) => { e.preventDefault(); page = 1; load(false); });
  $('ar-more').addEventListener('click', () => { page += 1; load(true); });
  await load(false);
}
