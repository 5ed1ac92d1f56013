// The lobby: open seeks and challenges, pushed over /api/lobby/ws; accepting one starts the game
// for both (the server pushes the new game to the lobby, and each player's page opens it).

import { me, ratingText } from './accounts.js';
import { api } from './api.js';
import { $, cell } from './dom.js';
import { T, optionName, optionValue, sideName, variantLabel } from './i18n.js';
import { buildRuleOptions, ruleValues, variants } from './presets.js';

const lobby = { seeks: [], ws: null, retry: 1000, watchers: [] };

// The open seeks as the lobby knows them now.
export function currentSeeks() { return lobby.seeks; }

// Calls `fn` each time the open seeks change (the quick-pairing tiles follow them).
export function onSeeks(fn) { lobby.watchers.push(fn); }

function timeLabel(seek) {
  if (seek.time_control) return seek.time_control;
  return seek.clock ? JSON.stringify(seek.clock) : T.untimed;
}

// The lobby, on the home page.
export function showLobby() {
  $('lobby-note').textContent = me.name ? T.lobbyNote : T.lobbyGuest;
  $('seeks-head').replaceChildren(...T.seekCols.map((c) => { const th = document.createElement('th'); th.textContent = c; return th; }));
  $('seek-box').hidden = !me.name;
  $('seek-post').textContent = T.seekPost;
  const sel = $('seek-variant');
  sel.replaceChildren(...variants.map((v) => new Option(variantLabel(v), v.name)));
  const seekRules = () => buildRuleOptions($('seek-rule-options'), variants.find((x) => x.name === sel.value), {});
  sel.addEventListener('change', seekRules);
  seekRules();
  $('seek-time').replaceChildren(...T.times.map((t, i) => new Option(t[0], String(i))));
  $('seek-time').addEventListener('change', () => { $('seek-custom').hidden = T.times[Number($('seek-time').value)].id !== 'custom'; });
  $('seek-side').replaceChildren(...T.sides.map(([v, name]) => new Option(name, v)));
  $('seek-to').addEventListener('input', () => { $('seek-post').textContent = $('seek-to').value.trim() ? T.seekChallenge : T.seekPost; });
  $('seek-form').addEventListener('submit', postSeek);
  renderSeeks();
  connectLobby();
}

function seekClock() {
  const t = T.times[Number($('seek-time').value)];
  if (t.id === 'custom') {
    return { initial_ms: Math.round(Number($('seek-minutes').value) * 60000), increment_ms: Math.round(Number($('seek-increment').value) * 1000) };
  }
  return clockOf(t);
}

// A time control of `T.times` as the API's clock: Fischer, days per move, or none.
export function clockOf(t) {
  if (t.length === 3) return { initial_ms: t[1], increment_ms: t[2] };
  if (t.length === 2) return { days_per_move: t[1] };
  return null;
}

async function postSeek(ev) {
  ev.preventDefault();
  $('seek-error').textContent = '';
  const rules = ruleValues($('seek-rule-options'));
  const body = { variant: $('seek-variant').value, clock: seekClock(), rated: $('seek-rated').checked, side: $('seek-side').value };
  if (Object.keys(rules).length) body.rules = rules;
  const to = $('seek-to').value.trim();
  if (to) body.to = to;
  try {
    $('seek-post').disabled = true;
    await api('POST', to ? '/api/challenges' : '/api/seeks', body);
    if (!lobbyLive()) await refreshSeeks();
  } catch (e) {
    $('seek-error').textContent = e.message;
  } finally {
    $('seek-post').disabled = false;
  }
}

// Asks the server for the open seeks (when the lobby's socket is not open).
export async function refreshSeeks() {
  try {
    const d = await api('GET', '/api/seeks');
    lobby.seeks = Array.isArray(d) ? d : d.seeks || [];
    renderSeeks();
  } catch (_) { /* the list stays */ }
}

// Whether the lobby's socket is open (the seeks then come by themselves).
export function lobbyLive() { return Boolean(lobby.ws && lobby.ws.readyState === WebSocket.OPEN); }

function connectLobby() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/api/lobby/ws`);
  lobby.ws = ws;
  ws.onopen = () => { lobby.retry = 1000; };
  ws.onmessage = (m) => {
    let u;
    try { u = JSON.parse(m.data); } catch (_) { return; }
    if (u.type === 'seeks') { lobby.seeks = u.seeks || []; renderSeeks(); }
    if (u.type === 'game' && me.name && u.players && (u.players.south === me.name || u.players.north === me.name)) {
      openGame(u.game);
    }
  };
  ws.onclose = () => { setTimeout(connectLobby, lobby.retry); lobby.retry = Math.min(lobby.retry * 2, 15000); };
}

// A game of ours has started: open it (once, whether the answer or the lobby's push comes first).
export function openGame(id) {
  if (lobby.opening) return;
  lobby.opening = id;
  location.href = `/g/${id}`;
}

function renderSeeks() {
  for (const fn of lobby.watchers) fn(lobby.seeks);
  const body = $('seeks-body');
  const rows = lobby.seeks.map((sk) => {
    const tr = document.createElement('tr');
    tr.dataset.seek = sk.id;
    tr.dataset.owner = sk.owner;
    let who = sk.owner + (sk.rating ? ` (${ratingText(sk)})` : '');
    if (sk.to) who += ` · ${sk.to === me.name ? T.challengeFrom(sk.owner) : T.challengeFor(sk.to)}`;
    const preset = variants.find((v) => v.name === sk.variant);
    tr.append(cell(who), cell((preset ? variantLabel(preset) : sk.variant) + (sk.rules && Object.keys(sk.rules).length ? ' *' : '')),
      cell(timeLabel(sk)), cell(sk.rated ? T.rated : T.casual), cell(sideName(sk.side) || T.sideRandom));
    if (sk.rules && Object.keys(sk.rules).length) tr.children[1].title = Object.entries(sk.rules).map(([k, v]) => `${optionName(k)}: ${optionValue(v)}`).join('\n');
    const td = document.createElement('td');
    const button = (text, cls, action) => {
      const b = document.createElement('button');
      b.type = 'button'; b.textContent = text; b.className = cls;
      b.addEventListener('click', action);
      td.append(b);
    };
    if (me.name && sk.owner === me.name) button(T.cancel, 'secondary seek-cancel', () => seekAction(sk.id, 'cancel'));
    else if (me.name && (!sk.to || sk.to === me.name)) {
      button(T.accept, 'seek-accept', () => seekAction(sk.id, 'accept'));
      if (sk.to === me.name) button(T.decline, 'secondary seek-decline', () => seekAction(sk.id, 'decline'));
    }
    tr.append(td);
    return tr;
  });
  body.replaceChildren(...rows);
  $('seeks').hidden = !rows.length;
  $('seeks-empty').textContent = rows.length ? '' : T.noSeeks;
}

async function seekAction(id, action) {
  $('seek-error').textContent = '';
  try {
    const d = await api('POST', `/api/seeks/${encodeURIComponent(id)}/${action}`, {});
    if (action === 'accept' && d.game) openGame(d.game);
    else await refreshSeeks();
  } catch (e) {
    $('seek-error').textContent = e.message;
    $('seek-box').open = true;
  }
}
