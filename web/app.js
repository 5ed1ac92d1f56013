// The mancala web UI: plain JavaScript, no build step. Talks to the JSON API and the WebSocket.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
const STANDARD = new Set(['position', 'pits', 'stores', 'to_move', 'legal', 'captured', 'over',
  'result', 'reason', 'id', 'variant', 'mode', 'seats', 'level', 'options', 'rules', 'start', 'ply',
  'moves', 'pits_per_row', 'last_move', 'thinking', 'computer_error']);

// Settings kept in this browser: animation speed and whether the evaluation graph is shown.
function setting(name, fallback) {
  try { return localStorage.getItem('mancala:' + name) || fallback; } catch (_) { return fallback; }
}
function saveSetting(name, value) {
  try { localStorage.setItem('mancala:' + name, value); } catch (_) { /* private mode: not kept */ }
}

function el(tag, attrs = {}, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = 'Bearer ' + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (_) { data = { message: res.statusText }; }
  if (!res.ok) { const err = new Error(data.message || res.statusText); err.data = data; err.status = res.status; throw err; }
  return data;
}

// ------------------------------------------------------------------------------------------
// Home: create a game

let variants = [];

async function showHome() {
  $('home').hidden = false;
  $('subtitle').textContent = 'traditional sowing games';
  const data = await api('GET', '/api/variants');
  variants = data.variants;
  const sel = $('variant');
  sel.replaceChildren(...variants.map((v) => new Option(`${v.name} (${v.board})`, v.name)));
  // Each level with its name and measured Elo (random play = 0), so players can pick a match.
  for (const l of data.levels || []) {
    const o = new Option(`${l.level} · ${l.name} (~${l.elo} Elo)`, String(l.level));
    o.title = l.description;
    $('level').append(o);
  }
  $('level').value = '3';
  sel.addEventListener('change', showVariant);
  document.querySelectorAll('input[name=mode]').forEach((r) => r.addEventListener('change', () => {
    $('computer-options').hidden = modeValue() !== 'computer';
  }));
  showVariant();
  $('new-game').addEventListener('submit', createGame);
}

function modeValue() { return document.querySelector('input[name=mode]:checked').value; }

function showVariant() {
  const v = variants.find((x) => x.name === $('variant').value);
  $('variant-summary').textContent = v ? `${v.summary} — ${v.spec}` : '';
  $('variant-rules').href = v ? `/rules/${v.name}` : '/rules';
  const box = $('rule-options');
  box.replaceChildren();
  if (!v) return;
  for (const o of v.options) {
    const label = document.createElement('label');
    label.textContent = o.name + ' ';
    const choices = o.values.split('|').map((s) => s.trim());
    let input;
    if (choices.length > 1 && choices.every((c) => !/\.\./.test(c))) {
      input = document.createElement('select');
      for (const c of choices) input.append(new Option(c, c));
    } else {
      input = document.createElement('input');
      input.type = 'text';
      input.size = 8;
    }
    input.value = o.value;
    input.dataset.option = o.name;
    input.dataset.default = o.value;
    input.title = o.doc;
    label.append(input);
    const doc = document.createElement('span');
    doc.className = 'muted';
    doc.textContent = ' ' + o.doc;
    label.append(doc);
    box.append(label);
  }
}

async function createGame(ev) {
  ev.preventDefault();
  $('create-error').textContent = '';
  const rules = {};
  document.querySelectorAll('[data-option]').forEach((i) => { if (i.value !== i.dataset.default) rules[i.dataset.option] = i.value; });
  const mode = modeValue();
  const body = { variant: $('variant').value, mode, rules };
  if (mode === 'computer') { body.side = $('side').value; body.level = Number($('level').value); }
  try {
    $('start').disabled = true;
    const g = await api('POST', '/api/games', body);
    const mine = mode === 'computer' ? g.seats[body.side] : g.seats.south;
    localStorage.setItem('mancala:' + g.id, JSON.stringify({ token: mine, links: g.links, spectate: g.spectate }));
    location.href = `/g/${g.id}#seat=${mine}`;
  } catch (e) {
    $('create-error').textContent = e.message;
  } finally {
    $('start').disabled = false;
  }
}

// ------------------------------------------------------------------------------------------
// Play

const view = {
  id: null, token: null, game: null, shown: null, animating: false, queue: [], ws: null,
  hint: null, evalOn: false, geometry: null,
};

function seatSides() {
  const g = view.game;
  if (!view.token || !g) return [];
  if (g.mode === 'local') return ['south', 'north'];
  if (g.mode === 'computer') return [g.seats.south === 'human' ? 'south' : 'north'];
  const saved = loadSaved();
  return saved.side ? [saved.side] : [];
}

function loadSaved() {
  try { return JSON.parse(localStorage.getItem('mancala:' + view.id)) || {}; } catch (_) { return {}; }
}

async function showPlay(id) {
  $('play').hidden = false;
  view.id = id;
  const saved = loadSaved();
  const m = location.hash.match(/seat=([0-9a-f]+)/);
  view.token = m ? m[1] : saved.token || null;
  if (view.token) {
    const side = saved.links && Object.entries(saved.links).find(([, l]) => l.endsWith('seat=' + view.token));
    localStorage.setItem('mancala:' + id, JSON.stringify({ ...saved, token: view.token, side: side ? side[0] : saved.side }));
  }
  $('record').href = `/api/games/${id}/record`;
  $('kucheleka').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const counts = [...$('kuch-pits').querySelectorAll('input')].map((i) => Math.max(0, parseInt(i.value, 10) || 0));
    play(`k:${counts.join(',')}`);
  });
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
  if (g.mode !== 'online' || !view.token || loadSaved().side) return;
  const mover = g.to_move;
  if (!mover) return;
  try {
    await api('POST', `/api/games/${g.id}/moves`, { move: g.legal[0] || 'A', ply: 1e9 }, view.token);
  } catch (e) {
    const saved = loadSaved();
    let side = null;
    if (e.data && e.data.error === 'stale') side = mover;
    else if (e.data && e.data.error === 'not_your_turn') side = mover === 'south' ? 'north' : 'south';
    if (side) localStorage.setItem('mancala:' + g.id, JSON.stringify({ ...saved, side }));
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
function receive(g, event) {
  const latest = view.queue.length ? view.queue[view.queue.length - 1].g : view.game;
  if ((event === 'response' || event === 'load') && latest
    && (g.ply < latest.ply || (g.ply === latest.ply && g.position === latest.position))) return;
  if (view.game && g.ply === view.game.ply && g.position === view.game.position && g.thinking === view.game.thinking) return;
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
    if (!prev || g.ply < prev.ply) graph.data = null;
    view.game = g;
    if (prev && g.ply === prev.ply + 1 && g.last_move && prev.position !== g.position) {
      await animate(prev, g);
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

// ------------------------------------------------------------------------------------------
// The board

function layout(g) {
  const n = g.pits_per_row || g.pits.length / 2;
  const rows = Math.max(2, Math.round(g.pits.length / n));
  const pitR = 34, gap = 10, storeW = 70, pad = 14;
  const cell = 2 * pitR + gap;
  const width = pad * 2 + storeW * 2 + gap * 2 + n * cell - gap;
  const height = pad * 2 + rows * cell - gap + 18;
  const pos = [];
  for (let i = 0; i < g.pits.length; i++) {
    const row = Math.floor(i / n), k = i % n;
    // Row 0 (South) at the bottom left to right; the next row right to left (anticlockwise).
    const col = row % 2 === 0 ? k : n - 1 - k;
    const x = pad + storeW + gap + col * cell + pitR;
    const y = pad + (rows - 1 - row) * cell + pitR + 9;
    pos.push({ x, y, r: pitR });
  }
  const stores = [
    { x: width - pad - storeW / 2, y: height / 2, w: storeW, h: height - 2 * pad }, // South: right
    { x: pad + storeW / 2, y: height / 2, w: storeW, h: height - 2 * pad },         // North: left
  ];
  return { n, rows, width, height, pos, stores, pitR };
}

function moveName(i, n) {
  if (i < n) return String.fromCharCode(65 + i);
  if (i < 2 * n) return String.fromCharCode(97 + i - n);
  return null;
}

function pitIndex(move, n) {
  if (!move || move.length !== 1) return -1;
  const c = move.charCodeAt(0);
  if (c >= 65 && c < 65 + n) return c - 65;
  if (c >= 97 && c < 97 + n) return n + c - 97;
  return -1;
}

// Seed positions in a pit: a golden-angle spiral, stable from one render to the next.
function seedSpots(count, r) {
  const shown = Math.min(count, 24);
  const spots = [];
  const scale = (r - 8) / Math.sqrt(Math.max(shown, 1));
  for (let k = 0; k < shown; k++) {
    const a = k * 2.39996, d = scale * Math.sqrt(k + 0.5);
    spots.push([Math.cos(a) * d, Math.sin(a) * d, a]);
  }
  return spots;
}

function drawSeeds(group, cx, cy, count, r) {
  for (const [dx, dy, a] of seedSpots(count, r)) {
    group.append(el('ellipse', { class: 'seed', cx: (cx + dx).toFixed(1), cy: (cy + dy).toFixed(1), rx: 5.5, ry: 4,
      transform: `rotate(${(a * 57.3 % 180).toFixed(0)} ${(cx + dx).toFixed(1)} ${(cy + dy).toFixed(1)})` }));
  }
}

function drawBoard(g, pits, stores, marks = {}) {
  const L = layout(g);
  view.geometry = L;
  const svg = $('board');
  svg.setAttribute('viewBox', `0 0 ${L.width} ${L.height}`);
  svg.replaceChildren();
  svg.append(el('rect', { x: 2, y: 2, width: L.width - 4, height: L.height - 4, rx: 40, class: 'wood' }));
  const mine = seatSides();
  const canPlay = !view.animating && !g.over && g.to_move && mine.includes(g.to_move);
  const owners = Array.isArray(g.owners) ? g.owners : null;
  for (let s = 0; s < 2; s++) {
    const st = L.stores[s];
    const grp = el('g', { class: 'store', 'data-store': s === 0 ? 'south' : 'north' });
    grp.append(el('rect', { class: 'hole', x: st.x - st.w / 2 + 6, y: st.y - st.h / 2 + 6, width: st.w - 12, height: st.h - 12, rx: 28 }));
    drawSeeds(grp, st.x, st.y, stores[s], 26);
    grp.append(el('text', { class: 'count', x: st.x, y: st.y + st.h / 2 - 16 }, String(stores[s])));
    grp.append(el('text', { class: 'label', x: st.x, y: st.y - st.h / 2 + 22 }, s === 0 ? 'South' : 'North'));
    svg.append(grp);
  }
  // Under the board while a move is shown: its lap, the seeds in hand and what the rules say.
  const parts = [];
  if (marks.lap) parts.push(`lap ${marks.lap}`);
  if (marks.hand) parts.push(`${marks.hand} in hand`);
  if (marks.note) parts.push(marks.note);
  $('sow-caption').textContent = parts.join(' · ');
  pits.forEach((count, i) => {
    const p = L.pos[i];
    const name = moveName(i, L.n);
    const legal = canPlay && name && g.legal.includes(name);
    const cls = ['pit'];
    if (legal) cls.push('legal');
    if (marks.last === i) cls.push('last');
    if (marks.capture && marks.capture.has(i)) cls.push('capture');
    if (marks.sowing === i) cls.push('sowing');
    if (marks.kept && marks.kept.has(i)) cls.push('kept');
    if (view.hint && pitIndex(view.hint, L.n) === i) cls.push('hint');
    if (owners && owners[i]) cls.push('owner-' + owners[i]);
    const grp = el('g', { class: cls.join(' '), 'data-pit': i, 'data-move': name || '', 'data-count': count });
    if (legal) { grp.setAttribute('tabindex', '0'); grp.setAttribute('role', 'button'); grp.setAttribute('aria-label', `play ${name} (${count} seeds)`); }
    grp.append(el('circle', { class: 'hole', cx: p.x, cy: p.y, r: p.r }));
    drawSeeds(grp, p.x, p.y, count, p.r);
    grp.append(el('text', { class: 'count', x: p.x, y: p.y + 5 }, String(count)));
    const top = Math.floor(i / L.n) % 2 === 1;
    if (name) grp.append(el('text', { class: 'label', x: p.x, y: top ? p.y - p.r - 3 : p.y + p.r + 13 }, name));
    // Every pit is clickable on your turn: an illegal choice is answered with the rules' reason.
    if (canPlay && name) {
      grp.addEventListener('click', () => play(name));
      grp.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); play(name); } });
    }
    svg.append(grp);
  });
}

// Every pause of the animation goes through `sleep`, scaled by the speed setting; "off" does not
// wait at all.
const SPEEDS = { slow: 2, normal: 1, fast: 0.35, off: 0 };
function speedName() {
  const s = setting('speed', 'normal');
  return Object.prototype.hasOwnProperty.call(SPEEDS, s) ? s : 'normal';
}
const sleep = (ms) => {
  const t = ms * SPEEDS[speedName()];
  return t > 0 ? new Promise((r) => setTimeout(r, t)) : Promise.resolve();
};

// Animates the last move from its steps, the rules core's account of the move: each lift empties
// a pit into the hand (a new lap pauses first), each drop puts one seed along the real path
// (relay laps, skipped origins, Isolo's own row), captures flash as they happen (Ba-awa's fours
// during sowing, the 2/3 chain at the end), a cancelled capture says why, and a final "settle"
// jumps to the board the rules settle on. The board always ends on the server's position.
// #board carries data-laps and data-drops: the laps and seeds shown so far in this animation.
async function animate(prev, g) {
  const steps = (g.last_move && g.last_move.steps) || [];
  const board = $('board');
  const pits = prev.pits.slice();
  const stores = prev.stores.slice();
  let hand = 0, lap = 0, drops = 0, at;
  board.dataset.laps = '0';
  board.dataset.drops = '0';
  if (!steps.length || steps.some((st) => st.pit !== undefined && (st.pit < 0 || st.pit >= pits.length))) return;
  const total = steps.filter((st) => st.kind === 'drop').length;
  const delay = Math.max(8, Math.min(160, 6000 / Math.max(total, 1)));
  const show = (marks) => drawBoard(g, pits, stores, { ...marks, hand, lap });
  for (const st of steps) {
    switch (st.kind) {
      case 'stock':
        pits[st.pit] += 1;
        show({ sowing: st.pit, note: 'stock seed' });
        await sleep(2 * delay);
        break;
      case 'lift':
        if (st.lap !== lap) {
          if (lap > 0) await sleep(3 * delay); // the boundary between two laps
          lap = st.lap;
        }
        pits[st.pit] = 0;
        hand += st.seeds;
        show({ sowing: st.pit, capture: st.capture ? new Set([st.pit]) : undefined });
        await sleep(2 * delay);
        break;
      case 'drop':
        pits[st.pit] += 1;
        hand = Math.max(0, hand - 1);
        drops += 1;
        at = st.pit;
        show({ sowing: st.pit });
        await sleep(delay);
        break;
      case 'capture':
        show({ capture: new Set([st.pit]), last: at });
        await sleep(300);
        pits[st.pit] = 0;
        stores[st.by === 'north' ? 1 : 0] += st.seeds;
        show({ last: at });
        await sleep(150);
        break;
      case 'no_capture':
        show({ kept: new Set(st.pits), last: at, note: st.reason });
        await sleep(900);
        break;
      case 'extra_turn':
        show({ last: at, note: 'extra turn' });
        await sleep(600);
        break;
      case 'settle':
        show({ last: at, note: st.reason });
        await sleep(500);
        if (Array.isArray(st.pits) && st.pits.length === pits.length) pits.splice(0, pits.length, ...st.pits);
        if (Array.isArray(st.stores)) stores.splice(0, 2, ...st.stores);
        hand = 0;
        show({ note: st.reason });
        await sleep(700);
        break;
      default:
        break;
    }
    board.dataset.laps = String(lap);
    board.dataset.drops = String(drops);
  }
}

function render() {
  const g = view.game;
  const L = layout(g);
  drawBoard(g, g.pits, g.stores, { last: g.last_move ? pitIndex(g.last_move.move, L.n) : undefined });
  $('board').dataset.position = g.position;
  $('board').dataset.ply = String(g.ply);
  $('subtitle').textContent = `${g.variant} · ${g.mode === 'computer' ? 'against the computer (level ' + g.level + ')' : g.mode === 'online' ? 'online' : 'two players'}`;
  const mine = seatSides();
  let status;
  if (g.over) {
    status = g.result === 'draw' ? 'Draw' : `${cap(g.result)} wins`;
    status += ` (${(g.reason || '').replace(/_/g, ' ')})`;
    const pits = g.match && matchPits(g);
    if (pits) status += ` — pits owned ${pits[0]} : ${pits[1]}`;
    else if (!g.phase) status += ` — ${g.stores[0]} : ${g.stores[1]}`;
  } else if (g.computer_error) {
    status = g.computer_error;
  } else if (g.thinking) {
    status = 'The computer is thinking…';
  } else if (mine.includes(g.to_move)) {
    status = g.mode === 'local' ? `${cap(g.to_move)} to move` : `Your move (${g.to_move})`;
  } else if (view.token || g.mode !== 'online') {
    status = `Waiting for ${g.to_move}`;
  } else {
    status = `Watching — ${g.to_move} to move`;
  }
  if (g.last_move && !g.over) status += ` · last: ${g.last_move.side} ${g.last_move.move}${g.last_move.captured ? ' captured ' + g.last_move.captured : ''}`;
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

  const v = variants.find((x) => x.name === g.variant);
  $('rules-summary').textContent = v ? v.summary : '';
  $('rules-link').href = `/rules/${encodeURIComponent(g.variant)}`;
  $('rules-link').textContent = `How to play ${g.variant}`;
  // Options changed from the preset's defaults are marked with the default they replace.
  $('rules').replaceChildren(...g.options.flatMap((o) => {
    const dt = document.createElement('dt'); dt.textContent = o.name;
    const dd = document.createElement('dd'); dd.textContent = o.value; dd.title = o.doc;
    const def = v && v.options.find((d) => d.name === o.name);
    if (def && def.value !== o.value) {
      dd.className = 'changed';
      dd.textContent = `${o.value} (default ${def.value})`;
    }
    return [dt, dd];
  }));
  const extras = Object.entries(g).filter(([k]) => !STANDARD.has(k));
  $('extras').replaceChildren(...extras.flatMap(([k, val]) => {
    const dt = document.createElement('dt'); dt.textContent = k;
    const dd = document.createElement('dd'); dd.textContent = typeof val === 'string' ? val : JSON.stringify(val);
    return [dt, dd];
  }));

  showKucheleka(g, mine);

  const canAnalyse = g.mode !== 'online' || g.over;
  $('hint').hidden = !canAnalyse || g.over;
  $('eval-toggle').hidden = !canAnalyse;
  $('undo').hidden = g.mode === 'online' || !view.token;
  $('undo').disabled = g.ply === 0;
  showShare(g);
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
    const ended = g.round_end ? `round ${g.round_end.round} captured ${g.round_end.captures[0]} : ${g.round_end.captures[1]} · ` : '';
    return `${ended}round ${g.round} · pits owned ${pits[0]} : ${pits[1]} (match at ${g.match.target})`;
  }
  const phases = { foregame: 'foregame', kucheleka: 'kucheleka set-up', proper: 'proper game' };
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
    items.push([`${cap(side)} seat`, location.origin + link]);
  }
  items.push(['Spectators', location.origin + saved.spectate]);
  box.replaceChildren(...items.flatMap(([name, url]) => {
    const label = document.createElement('label'); label.textContent = name;
    const input = document.createElement('input'); input.readOnly = true; input.value = url;
    input.dataset.link = name.toLowerCase().startsWith('spect') ? 'spectate' : name.split(' ')[0].toLowerCase();
    input.addEventListener('focus', () => input.select());
    return [label, input];
  }));
}

const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

async function play(move) {
  $('message').textContent = '';
  $('hint-text').textContent = '';
  try {
    const g = await api('POST', `/api/games/${view.id}/moves`, { move, ply: view.game.ply }, view.token);
    receive(g, 'response');
  } catch (e) {
    $('message').textContent = e.data && e.data.reason ? `Illegal move ${move}: ${e.data.reason}` : e.message;
    if (e.data && e.data.error === 'stale') { receive(await api('GET', `/api/games/${view.id}`), 'load'); }
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

function scoreText(s) {
  if (s.kind === 'exact') return s.value === 0 ? 'draw' : s.value > 0 ? `win by ${s.value}` : `loss by ${-s.value}`;
  return (s.value >= 0 ? '+' : '') + (s.value / 100).toFixed(2);
}

async function hint() {
  $('hint-text').textContent = 'Thinking…';
  try {
    const a = await api('GET', `/api/games/${view.id}/analysis?ms=600`);
    if (!a.best) { $('hint-text').textContent = 'No move to suggest.'; return; }
    view.hint = a.best;
    render();
    const top = a.moves.slice(0, 3).map((m) => `${m.move} ${scoreText(m.score)}`).join(', ');
    $('hint-text').textContent = `Suggested: ${a.best} (${scoreText(a.score)}, depth ${a.depth}). ${top}`;
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
  let v = a.score.kind === 'exact' ? Math.sign(a.score.value) * 10000 : a.score.value;
  if (a.to_move === 'north') v = -v;
  const frac = a.score.kind === 'exact' && a.score.value === 0 ? 0.5 : 0.5 + Math.tanh(v / 600) / 2;
  $('evalbar').hidden = !view.evalOn && !a.best;
  $('evalfill').style.height = (frac * 100).toFixed(1) + '%';
  $('evalbar').title = `evaluation for ${a.to_move}: ${scoreText(a.score)}`;
}

// ------------------------------------------------------------------------------------------
// The evaluation graph: the server's quick value of every position so far, for South, in seeds.

const graph = { data: null, busy: false, again: false };

function graphShown(g) {
  return Boolean(g) && $('graph-on').checked && (g.mode !== 'online' || g.over);
}

// Fetches the values, one request at a time; asks again while some are still being computed.
async function updateGraph() {
  if (!graphShown(view.game)) return;
  if (graph.busy) { graph.again = true; return; }
  graph.busy = true;
  let retry = false;
  try {
    const d = await api('GET', `/api/games/${view.id}/evaluations`);
    if (view.game && d.ply <= view.game.ply) graph.data = d;
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

function describeValue(e) {
  if (!e) return 'evaluating…';
  if (e.kind === 'exact') {
    if (e.value === 0) return 'a draw (proven)';
    return `${e.value > 0 ? 'South' : 'North'} wins by ${Math.abs(e.value)} (proven)`;
  }
  if (e.kind !== 'heuristic') return 'no evaluation';
  if (Math.abs(e.value) < 0.05) return 'even';
  return `${e.value > 0 ? 'South' : 'North'} +${Math.abs(e.value).toFixed(1)}`;
}

function drawGraph() {
  const g = view.game;
  const show = graphShown(g);
  $('graph-wrap').hidden = !show;
  if (!show) return;
  const svg = $('evalgraph');
  const W = 600, H = 130, left = 34, right = 8, top = 8, bottom = 8;
  const ply = g.ply;
  const items = (graph.data ? graph.data.evaluations : [])
    .filter((e) => e && e.ply <= ply && (e.kind === 'heuristic' || e.kind === 'exact'));
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
    svg.append(e.kind === 'exact'
      ? el('rect', { ...attrs, class: 'graph-point proven', x: cx - 4, y: cy - 4, width: 8, height: 8, transform: `rotate(45 ${cx} ${cy})` })
      : el('circle', { ...attrs, class: 'graph-point', cx, cy, r: span > 120 ? 1.2 : 2.2 }));
  }
  svg.append(el('line', { class: 'graph-current', x1: x(ply), x2: x(ply), y1: top, y2: H - bottom, 'data-ply': ply }));
  svg.dataset.ply = String(ply);
  svg.dataset.points = String(items.length);
  const now = items.find((e) => e.ply === ply);
  const error = $('graph-note').dataset.error;
  $('graph-note').textContent = error
    ? `Evaluation unavailable: ${error}`
    : `After move ${ply}: ${describeValue(now)} · South above the line, North below · ◆ proven result`;
}

// ------------------------------------------------------------------------------------------

window.addEventListener('DOMContentLoaded', async () => {
  const m = location.pathname.match(/^\/g\/([0-9a-f]{20})$/);
  try {
    if (m) {
      api('GET', '/api/variants').then((d) => { variants = d.variants; if (view.game) render(); }).catch(() => {});
      await showPlay(m[1]);
    } else {
      await showHome();
    }
  } catch (e) {
    document.body.append(document.createTextNode(e.message));
  }
});
