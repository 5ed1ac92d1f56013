// The game page (/g/ID): the game as the server sends it (HTTP answers and WebSocket pushes,
// animated in order), the moves, hints, the evaluation bar, Isolo's set-up, the links to share,
// and the endings of an online game (resign, offers, abort, rematch).

import { accountSide } from './accounts.js';
import { api, scoreText } from './api.js';
import { animate, drawBoard, layout, pitIndex, speedName } from './board.js';
import { showClocks } from './clocks.js';
import { $ } from './dom.js';
import { drawGraph, followGame, forgetGraph, updateGraph } from './graph.js';
import { T, fieldName, fieldValue, gameName, gameText, optionDoc, optionName, optionValue, reasonText, sideName } from './i18n.js';
import { loadVariants, variants } from './presets.js';
import { sound } from './sound.js';
import { saveSeat, saveSetting, savedSeat, setting } from './storage.js';

// The fields of a game's state that are not a game's extra fields (docs/state.md), listed under
// the rules.
const STANDARD = new Set(['position', 'pits', 'stores', 'to_move', 'legal', 'captured', 'over',
  'result', 'reason', 'id', 'variant', 'mode', 'seats', 'level', 'options', 'rules', 'start', 'ply',
  'moves', 'pits_per_row', 'last_move', 'thinking', 'computer_error', 'players', 'rated', 'clock', 'offer',
  'rematch', 'can_abort', 'ended_ms', 'agreement_scores']);

// The game shown: its id, this page's seat token, the state shown, the states still to show
// (animated one after the other), the WebSocket, the hint, whether the evaluation bar is on.
const view = {
  id: null, token: null, game: null, shown: null, animating: false, queue: [], ws: null,
  hint: null, evalOn: false,
};

// The sides this page plays: the account's, both in a game on one device, the seat's.
function seatSides() {
  const g = view.game;
  if (g && accountSide(g)) return [accountSide(g)];
  if (!view.token || !g) return [];
  if (g.mode === 'local') return ['south', 'north'];
  if (g.mode === 'computer') return [g.seats.south === 'human' ? 'south' : 'north'];
  const saved = loadSaved();
  return saved.side ? [saved.side] : [];
}

function loadSaved() {
  return savedSeat(view.id);
}

// The game page of game `id`.
export async function showPlay(id) {
  // The presets (for the rules shown) need not hold the board up.
  loadVariants().then(() => { if (view.game) render(); }).catch(() => {});
  $('play').hidden = false;
  view.id = id;
  followGame(view);
  const saved = loadSaved();
  const m = location.hash.match(/seat=([0-9a-f]+)/);
  view.token = m ? m[1] : saved.token || null;
  if (view.token) {
    const side = saved.links && Object.entries(saved.links).find(([, l]) => l.endsWith('seat=' + view.token));
    saveSeat(id, { ...saved, token: view.token, side: side ? side[0] : saved.side });
  }
  $('record').href = `/api/games/${id}/record`;
  $('kucheleka').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const counts = [...$('kuch-pits').querySelectorAll('input')].map((i) => Math.max(0, parseInt(i.value, 10) || 0));
    play(`k:${counts.join(',')}`);
  });
  wireActions();
  $('hint').addEventListener('click', hint);
  $('undo').addEventListener('click', undo);
  $('eval-on').addEventListener('change', () => { view.evalOn = $('eval-on').checked; $('evalbar').hidden = !view.evalOn; if (view.evalOn) evaluate(); });
  $('graph-on').checked = setting('graph', 'on') === 'on';
  $('graph-on').addEventListener('change', () => {
    saveSetting('graph', $('graph-on').checked ? 'on' : 'off');
    drawGraph();
    updateGraph();
  });
  $('speed').value = speedName();
  $('speed').addEventListener('change', () => saveSetting('speed', $('speed').value));
  try {
    const g = await api('GET', `/api/games/${id}`);
    await resolveSeat(g);
    receive(g, 'load');
  } catch (e) {
    $('status').textContent = e.message;
    return;
  }
  connect();
}

// In an online game the link only carries a token: find which side it holds by asking the
// server with a harmless request (a stale ply answers 409 for the right seat, 403 otherwise).
async function resolveSeat(g) {
  if (g.mode !== 'online' || !view.token || loadSaved().side || accountSide(g)) return;
  const mover = g.to_move;
  if (!mover) return;
  try {
    await api('POST', `/api/games/${g.id}/moves`, { move: g.legal[0] || 'A', ply: 1e9 }, view.token);
  } catch (e) {
    const saved = loadSaved();
    let side = null;
    if (e.data && e.data.error === 'stale') side = mover;
    else if (e.data && e.data.error === 'not_your_turn') side = mover === 'south' ? 'north' : 'south';
    if (side) saveSeat(g.id, { ...saved, side });
  }
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/api/games/${view.id}/ws`);
  view.ws = ws;
  ws.onmessage = (m) => {
    try { const u = JSON.parse(m.data); if (u.game) receive(u.game, u.event); } catch (_) { /* ignore */ }
  };
  ws.onclose = () => { setTimeout(connect, 1500); };
}

// A new state from the server: animate the move from the shown board when it is the next one.
// States pushed by the WebSocket come in the server's order; an HTTP answer (`response`, `load`)
// can arrive after the WebSocket has already pushed later states, and must not take the board back.
// States of the same move differ by what happens between moves: an offer, a rematch, an ending.
function sameState(a, b) {
  const j = (x) => JSON.stringify(x === undefined ? null : x);
  return a.ply === b.ply && a.position === b.position && a.thinking === b.thinking && a.over === b.over
    && a.reason === b.reason && j(a.offer) === j(b.offer) && j(a.rematch) === j(b.rematch);
}

function receive(g, event) {
  const latest = view.queue.length ? view.queue[view.queue.length - 1].g : view.game;
  if ((event === 'response' || event === 'load') && latest
    && (g.ply < latest.ply || sameState(g, latest))) return;
  if (view.game && sameState(g, view.game)) return;
  view.queue.push({ g, event });
  if (!view.animating) drain();
}

async function drain() {
  view.animating = true;
  $('board').dataset.animating = 'true';
  while (view.queue.length) {
    const { g } = view.queue.shift();
    const prev = view.game;
    // Taken-back moves: the graph's values for them no longer describe this game.
    if (!prev || g.ply < prev.ply) forgetGraph();
    view.game = g;
    if (prev && g.ply === prev.ply + 1) sound.play(g.over && !prev.over ? 'end' : 'move');
    if (prev && g.ply === prev.ply + 1 && g.last_move && prev.position !== g.position) {
      await animate(prev, g, playCtx);
    }
    view.hint = null;
    render();
  }
  view.animating = false;
  render();
  $('board').dataset.animating = 'false';
  if (view.evalOn) evaluate();
  updateGraph();
}

// How the game page's board is drawn (board.js's `ctx`): playable on this page's turn.
function playCtx(g) {
  const mine = seatSides();
  return {
    svg: $('board'), caption: $('sow-caption'), onPlay: play, hint: view.hint,
    canPlay: !view.animating && !g.over && g.to_move && mine.includes(g.to_move),
  };
}

function render() {
  const g = view.game;
  const L = layout(g);
  drawBoard(g, g.pits, g.stores, { last: g.last_move ? pitIndex(g.last_move.move, L.n) : undefined }, playCtx(g));
  $('board').dataset.position = g.position;
  $('board').dataset.ply = String(g.ply);
  const v = variants.find((x) => x.name === g.variant);
  const game = v ? gameName(v) : g.variant;
  $('subtitle').textContent = `${game} · ${g.mode === 'computer' ? T.modeComputer(g.level) : g.mode === 'online' ? T.modeOnline : T.modeLocal}`;
  const mine = seatSides();
  let status;
  if (g.over) {
    status = g.result === 'draw' ? T.draw : T.wins(sideName(g.result));
    status += ` (${reasonText(g.reason)})`;
    const pits = g.match && matchPits(g);
    if (Array.isArray(g.agreement_scores)) status += ` — ${T.agreementScores(g.agreement_scores[0], g.agreement_scores[1])}`;
    else if (pits) status += ` — ${T.pitsOwned(pits[0], pits[1])}`;
    else if (!g.phase) status += ` — ${g.stores[0]} : ${g.stores[1]}`;
  } else if (g.computer_error) {
    status = g.computer_error;
  } else if (g.thinking) {
    status = T.computerThinking;
  } else if (mine.includes(g.to_move)) {
    status = g.mode === 'local' ? T.toMove(sideName(g.to_move)) : T.yourMove(sideName(g.to_move));
  } else if (mine.length || g.mode !== 'online') {
    // A player (by seat link or by account) waits for the other side; only others watch.
    status = T.waitingFor(sideName(g.to_move));
  } else {
    status = T.watching(sideName(g.to_move));
  }
  if (g.last_move && !g.over) status += ` · ${T.lastMove(sideName(g.last_move.side), g.last_move.move, g.last_move.captured)}`;
  const stage = stageText(g);
  if (stage && !g.over) status += ` · ${stage}`;
  $('status').textContent = status;
  $('status').dataset.over = String(g.over);

  const ol = $('moves');
  ol.replaceChildren(...g.moves.map((m, i) => {
    const li = document.createElement('li');
    li.textContent = m;
    if (i === g.moves.length - 1) li.className = 'last';
    return li;
  }));
  ol.scrollTop = ol.scrollHeight;

  $('rules-summary').textContent = v ? gameText(`game-${v.name}-summary`, v.summary) : '';
  $('rules-link').href = `/rules/${encodeURIComponent(g.variant)}`;
  $('rules-link').textContent = T.howToPlay(game);
  // Options changed from the preset's defaults are marked with the default they replace.
  $('rules').replaceChildren(...g.options.flatMap((o) => {
    const dt = document.createElement('dt'); dt.textContent = optionName(o.name); dt.dataset.option = o.name;
    const def = v && v.options.find((d) => d.name === o.name);
    const dd = document.createElement('dd'); dd.textContent = optionValue(o.value); dd.title = optionDoc(v, o);
    dd.dataset.value = o.value;
    if (def && def.value !== o.value) {
      dd.className = 'changed';
      dd.textContent = T.changedOption(optionValue(o.value), optionValue(def.value));
    }
    return [dt, dd];
  }));
  const extras = Object.entries(g).filter(([k]) => !STANDARD.has(k));
  $('extras').replaceChildren(...extras.flatMap(([k, val]) => {
    const dt = document.createElement('dt'); dt.textContent = fieldName(k); dt.dataset.field = k;
    const dd = document.createElement('dd'); dd.textContent = fieldValue(val);
    return [dt, dd];
  }));

  showKucheleka(g, mine);

  const canAnalyse = g.mode !== 'online' || g.over;
  $('hint').hidden = !canAnalyse || g.over;
  $('eval-toggle').hidden = !canAnalyse;
  $('undo').hidden = g.mode === 'online' || !view.token;
  $('undo').disabled = g.ply === 0;
  showShare(g);
  showClocks(g, mine);
  showActions(g);
  const analyse = $('analyse-link');
  analyse.hidden = !canAnalyse || !g.ply;
  analyse.textContent = T.analyse;
  analyse.href = `/analysis?game=${encodeURIComponent(g.id)}`;
  drawGraph();
}

// Ba-awa: the pits each player owns after the last round (one per four seeds captured), which
// decide the match; the state after the final round still lists the round's owners in `match`.
function matchPits(g) {
  const end = g.round_end;
  if (end && Array.isArray(end.captures)) return end.captures.map((c) => Math.floor(c / 4));
  return Array.isArray(g.match.pits) ? g.match.pits : null;
}

// Where a game of several stages stands: Ba-awa's round and pits owned, Isolo's phase.
function stageText(g) {
  const pits = g.match && matchPits(g);
  if (pits) {
    const ended = g.round_end ? `${T.roundCaptured(g.round_end.round, g.round_end.captures[0], g.round_end.captures[1])} · ` : '';
    return `${ended}${T.round(g.round)} · ${T.pitsOwned(pits[0], pits[1])} ${T.matchAt(g.match.target)}`;
  }
  const phases = T.phaseNames;
  return g.phase ? phases[g.phase] || g.phase : '';
}

// Isolo's set-up: the foregame's winner places any distribution of seeds on his row (8 counts
// from his left), sent as the move `k:c1,...,c8`. The core checks the limits and explains a refusal.
function showKucheleka(g, mine) {
  const form = $('kucheleka');
  const mineToSet = g.phase === 'kucheleka' && !g.over && !g.thinking && mine.includes(g.to_move);
  form.hidden = !mineToSet;
  if (!mineToSet) return;
  const n = g.pits_per_row || 8;
  const opt = (g.options || []).find((o) => o.name === 'kucheleka_max_total');
  $('kuch-max').textContent = opt ? opt.value : '64';
  const box = $('kuch-pits');
  if (box.children.length !== n) {
    const base = g.to_move === 'south' ? 'A' : 'a';
    box.replaceChildren(...Array.from({ length: n }, (_, k) => {
      const label = document.createElement('label');
      label.textContent = String.fromCharCode(base.charCodeAt(0) + k) + ' ';
      const input = document.createElement('input');
      input.type = 'number'; input.min = '0'; input.max = '64'; input.value = '2'; input.size = 3;
      input.addEventListener('input', updateKuchelekaTotal);
      label.append(input);
      return label;
    }));
  }
  updateKuchelekaTotal();
}

function updateKuchelekaTotal() {
  const total = [...$('kuch-pits').querySelectorAll('input')]
    .reduce((s, i) => s + Math.max(0, parseInt(i.value, 10) || 0), 0);
  $('kuch-total').textContent = String(total);
}

function showShare(g) {
  const saved = loadSaved();
  if (g.mode !== 'online' || !saved.links) { $('share').hidden = true; return; }
  $('share').hidden = false;
  const box = $('share-links');
  const items = [];
  for (const [side, link] of Object.entries(saved.links)) {
    if (link.endsWith('seat=' + view.token)) continue;
    items.push([T.seat(sideName(side)), location.origin + link, side]);
  }
  items.push([T.spectators, location.origin + saved.spectate, 'spectate']);
  box.replaceChildren(...items.flatMap(([name, url, key]) => {
    const label = document.createElement('label'); label.textContent = name;
    const input = document.createElement('input'); input.readOnly = true; input.value = url;
    input.dataset.link = key;
    input.addEventListener('focus', () => input.select());
    return [label, input];
  }));
}

async function play(move) {
  $('message').textContent = '';
  $('hint-text').textContent = '';
  try {
    const g = await api('POST', `/api/games/${view.id}/moves`, { move, ply: view.game.ply }, view.token);
    receive(g, 'response');
  } catch (e) {
    $('message').textContent = e.data && e.data.reason ? T.illegal(move, e.data.reason_text || e.data.reason) : e.message;
    // The game moved on meanwhile (another tab, or another server instance took a move first):
    // show it as it is now.
    if (e.data && (e.data.error === 'stale' || e.data.error === 'not_your_turn')) {
      receive(await api('GET', `/api/games/${view.id}`), 'load');
    }
  }
}

async function undo() {
  $('message').textContent = '';
  try {
    const g = await api('POST', `/api/games/${view.id}/undo`, {}, view.token);
    view.queue.push({ g, event: 'undo' });
    view.game = null;
    if (!view.animating) drain();
  } catch (e) { $('message').textContent = e.message; }
}

async function hint() {
  $('hint-text').textContent = T.thinking;
  try {
    const a = await api('GET', `/api/games/${view.id}/analysis?ms=600`);
    if (!a.best) { $('hint-text').textContent = T.noSuggestion; return; }
    view.hint = a.best;
    render();
    const top = a.moves.slice(0, 3).map((m) => `${m.move} ${scoreText(m.score)}`).join(', ');
    $('hint-text').textContent = T.suggested(a.best, scoreText(a.score), a.depth, top);
    showEval(a);
  } catch (e) { $('hint-text').textContent = e.message; }
}

async function evaluate() {
  const g = view.game;
  if (!g || g.over || (g.mode === 'online' && !g.over)) return;
  try {
    const a = await api('GET', `/api/games/${view.id}/analysis?ms=250`);
    if (view.game && a.ply === view.game.ply) showEval(a);
  } catch (_) { /* the bar just stays */ }
}

// The bar shows South's share: a proven result fills it, an estimate moves it smoothly.
function showEval(a) {
  if (!a.score) return;
  let v = a.score.outcome ? Math.sign(a.score.seeds) * 10000 : a.score.seeds * 100;
  if (a.to_move === 'north') v = -v;
  const frac = a.score.outcome === 'draw' ? 0.5 : 0.5 + Math.tanh(v / 600) / 2;
  $('evalbar').hidden = !view.evalOn && !a.best;
  $('evalfill').style.height = (frac * 100).toFixed(1) + '%';
  $('evalbar').title = T.evalFor(a.to_move, scoreText(a.score));
}

// The endings of an online game (an account's or a seat link's): resign, offers (a draw, the
// mutual agreement), abort, rematch.
function showActions(g) {
  const box = $('actions');
  const mine = accountSide(g) || (g.mode === 'online' && view.token ? seatSides()[0] : null);
  box.hidden = !mine || g.mode !== 'online';
  if (box.hidden) return;
  const other = mine === 'south' ? 'north' : 'south';
  const otherName = (g.players && g.players[other]) || sideName(other);
  const live = !g.over;
  const offer = g.offer || null;
  $('act-resign').hidden = !live;
  $('act-draw').hidden = !live || Boolean(offer);
  $('act-agreement').hidden = !live || Boolean(offer);
  $('act-abort').hidden = !live || !g.can_abort;
  const rematch = g.rematch || null;
  $('act-rematch').hidden = !g.over || Boolean(rematch && rematch.game) || Boolean(rematch && rematch.offered_by === mine);
  let note = '';
  const received = live && offer && offer.by !== mine;
  $('offer-box').hidden = !received;
  if (received) {
    $('offer-text').textContent = T.offerReceived(otherName, T.offerKinds[offer.kind] || offer.kind);
    $('offer-box').dataset.kind = offer.kind;
  }
  if (live && offer && offer.by === mine) note = T.offerSent(T.offerKinds[offer.kind] || offer.kind);
  if (g.over && rematch && rematch.offered_by && rematch.offered_by !== mine) note = T.rematchOffered(otherName);
  if (g.over && rematch && rematch.offered_by === mine) note = T.rematchSent;
  $('actions-note').textContent = note;
  if (g.over && rematch && rematch.game && view.rematchSeen !== rematch.game) {
    view.rematchSeen = rematch.game;
    $('actions-note').textContent = T.rematchReady;
    location.href = `/g/${rematch.game}`;
  }
}

async function gameAction(path, body, question) {
  if (question && !window.confirm(question)) return;
  $('actions-error').textContent = '';
  try {
    const g = await api('POST', `/api/games/${view.id}/${path}`, body || {}, view.token);
    if (g && g.ply !== undefined) receive(g, 'response');
  } catch (e) {
    $('actions-error').textContent = e.message;
  }
}

function wireActions() {
  $('act-resign').addEventListener('click', () => gameAction('resign', {}, T.confirmResign));
  $('act-draw').addEventListener('click', () => gameAction('offer', { kind: 'draw' }, T.confirmDraw));
  $('act-agreement').addEventListener('click', () => gameAction('offer', { kind: 'agreement' }, T.confirmAgreement));
  $('act-abort').addEventListener('click', () => gameAction('abort', {}, T.confirmAbort));
  $('act-rematch').addEventListener('click', () => gameAction('rematch', {}, T.confirmRematch));
  $('offer-accept').addEventListener('click', () => {
    const kind = $('offer-box').dataset.kind;
    gameAction('offer/accept', {}, T.confirmAccept(T.offerKinds[kind] || kind));
  });
  $('offer-decline').addEventListener('click', () => gameAction('offer/decline', {}));
}
