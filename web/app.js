// The mancala web UI: plain JavaScript, no build step. Talks to the JSON API and the WebSocket.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
const STANDARD = new Set(['position', 'pits', 'stores', 'to_move', 'legal', 'captured', 'over',
  'result', 'reason', 'id', 'variant', 'mode', 'seats', 'level', 'options', 'rules', 'start', 'ply',
  'moves', 'pits_per_row', 'last_move', 'thinking', 'computer_error', 'players', 'rated', 'clock', 'offer',
  'rematch', 'can_abort', 'ended_ms', 'agreement_scores']);

// Settings kept in this browser: animation speed and whether the evaluation graph is shown.
function setting(name, fallback) {
  try { return localStorage.getItem('mancala:' + name) || fallback; } catch (_) { return fallback; }
}
function saveSetting(name, value) {
  try { localStorage.setItem('mancala:' + name, value); } catch (_) { /* private mode: not kept */ }
}

// Every text of the page, in the page's language: the messages of GET /api/i18n/auto (the
// server's catalogues, i18n/<lang>/ui.ftl), filled in by loadMessages() before anything is shown.
// A message without placeables is a string; one with placeables a function taking its arguments
// in the order the English text names them (the catalogue's `args`).
let T = {};

// Formats a message's parts (see the API's /api/i18n) with named values; a choice picks the
// variant of the exact value, else of its plural category in the page's language.
function formatParts(parts, vals, plural) {
  if (typeof parts === 'string') return parts;
  return parts.map((p) => {
    if (typeof p === 'string') return p;
    if (p.v !== undefined) return String(vals[p.v] ?? '');
    let x = vals[p.s];
    if (x === undefined || x === null || x === '' || x === false) x = 0;
    let key = String(x);
    if (!(key in p.k) && typeof x === 'number') key = plural.select(x);
    return formatParts(key in p.k ? p.k[key] : p.k[p.d], vals, plural);
  }).join('');
}

// T from the served catalogue, with the few texts made of several messages.
function buildMessages(data) {
  const plural = new Intl.PluralRules(data.lang);
  const M = {};
  for (const [id, parts] of Object.entries(data.messages)) {
    const names = (data.args || {})[id];
    M[id] = names
      ? (...a) => formatParts(parts, Object.fromEntries(names.map((n, i) => [n, a[i]])), plural)
      : formatParts(parts, {}, plural);
  }
  const list = (text) => text.split('|');
  const labelled = (label, id, ...rest) => { const t = [label, ...rest]; t.id = id; return t; };
  Object.assign(M, {
    lang: data.lang,
    languages: data.languages || [],
    phases: { F: M.phaseF, K: M.phaseK, P: M.phaseP },
    phaseNames: { foregame: M.phaseForegame, kucheleka: M.phaseKucheleka, proper: M.phaseProper },
    offerKinds: { draw: M.offerKindDraw, agreement: M.offerKindAgreement },
    extraField: (i, n, hasPhase) => {
      const side = i % 2 === 0 ? M.south : M.north;
      if (n === 2) return hasPhase ? M.stockUsed(side) : M.storeOf(side);
      return M.field(i + 1);
    },
    valid: (side, legal, seeds) => M.validText(seeds, side, legal.join(' ')),
    seekCols: list(M.seekCols), ratingCols: list(M.ratingCols), gameCols: list(M.gameCols),
    lbCols: list(M.lbCols),
    times: [['3+2', 180000, 2000], ['1+0', 60000, 0], ['5+3', 300000, 3000], ['10+5', 600000, 5000],
      ['15+10', 900000, 10000]].map((t) => labelled(t[0], t[0], t[1], t[2]))
      .concat([labelled(M.untimed, 'untimed'), labelled(M.daysPerMove(1), 'day1', 1),
        labelled(M.daysPerMove(3), 'day3', 3), labelled(M.custom, 'custom')]),
    sides: [['random', M.sideRandom], ['south', M.sideSouth], ['north', M.north]],
    results: [['', M.resultAny], ['south', M.resultSouth], ['north', M.resultNorth], ['draw', M.resultDraw],
      ['none', M.resultNone], ['win', M.resultWin], ['loss', M.resultLoss]],
  });
  return M;
}

// Loads the page's messages (the language the server negotiated: ?lang=, the signed-in
// account's language, the `lang` cookie, then the browser's Accept-Language), and marks the page
// with its language.
async function loadMessages() {
  const res = await fetch('/api/i18n/auto', { credentials: 'same-origin' });
  T = buildMessages(await res.json());
  document.documentElement.lang = T.lang;
}

// Why a game ended (the API's stable code, e.g. `score_majority`), in the page's language.
function reasonText(code) {
  if (!code) return '';
  const t = T['end-' + code.replace(/_/g, '-')];
  return typeof t === 'string' ? t : code.replace(/_/g, ' ');
}

// A text of the served game catalogue (games.ftl: names, summaries, rule options), else the
// English text the API gave.
function gameText(id, fallback) {
  const t = T[id];
  return typeof t === 'string' ? t : fallback;
}

// A preset's name as its players know it in the page's language (awalé, ouril).
function gameName(v) { return gameText(`game-${v.name}-name`, v.name); }

// A preset as a choice of a list: its name and its board.
function variantLabel(v) { return `${gameName(v)} (${gameText(`game-${v.name}-board`, v.board)})`; }

// What rule option `o` of preset `v` means, in the page's language.
function optionDoc(v, o) {
  return v ? gameText(`option-${v.options_family}-${o.name.replace(/_/g, '-')}`, o.doc) : o.doc;
}

// Fills every element marked `data-t="key"` in the page with its text `T[key]`: the labels that
// never change.
// `data-t-aria` and `data-t-title` name the message of an aria-label or title; the switch to
// every language goes into the header.
function applyLabels() {
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = T[el.dataset.t];
  for (const el of document.querySelectorAll('[data-t-aria]')) el.setAttribute('aria-label', T[el.dataset.tAria]);
  for (const el of document.querySelectorAll('[data-t-title]')) el.title = T[el.dataset.tTitle];
  const sw = $('lang-switch');
  if (sw) {
    sw.replaceChildren(...T.languages.map((l) => {
      if (l.code === T.lang) {
        const b = document.createElement('strong');
        b.textContent = l.name;
        b.lang = l.code;
        return b;
      }
      const a = document.createElement('a');
      a.href = `${location.pathname}?lang=${l.code}${location.hash}`;
      a.textContent = l.name;
      a.lang = l.code;
      a.hreflang = l.code;
      a.addEventListener('click', (e) => chooseLanguage(e, l.code));
      return a;
    }));
  }
}

// The switch, signed in: the choice is saved in the account (and the `lang` cookie, which the
// answer sets), then the page is shown again in it, its address without `?lang=`. Signed out,
// or if saving fails, the link itself keeps the choice in the cookie.
async function chooseLanguage(e, code) {
  if (!me.name) return;
  e.preventDefault();
  const link = e.currentTarget.href;
  try {
    await api('PATCH', '/api/players/me', { lang: code });
  } catch (_) {
    location.assign(link);
    return;
  }
  const search = location.search.replace(/[?&]lang=[^&]*/, '').replace(/^&/, '?');
  const target = `${location.origin}${location.pathname}${search}${location.hash}`;
  if (target === location.href) location.reload();
  else location.assign(target);
}

// Sounds, made with WebAudio (no files): a short knock for a move, two beeps when your own clock
// falls under ten seconds, a chord at the end. Muted with the header button; kept in this browser.
// <body data-sounds> counts the sounds played (0 while muted).
const sound = {
  ctx: null,
  on() { return setting('sound', 'on') === 'on'; },
  toggle() {
    saveSetting('sound', this.on() ? 'off' : 'on');
    this.show();
  },
  show() {
    const b = $('sound-toggle');
    if (!b) return;
    const on = this.on();
    b.textContent = on ? T.soundOn : T.soundOff;
    b.title = T.soundTitle;
    b.setAttribute('aria-label', b.title);
    b.setAttribute('aria-pressed', String(!on));
    document.body.dataset.muted = String(!on);
  },
  play(kind) {
    if (!this.on()) return;
    document.body.dataset.sounds = String(Number(document.body.dataset.sounds || 0) + 1);
    document.body.dataset.lastSound = kind;
    try {
      const AC = window.AudioContext || window.webkitAudioContext;
      if (!AC) return;
      this.ctx = this.ctx || new AC();
      const c = this.ctx;
      if (c.state === 'suspended') c.resume().catch(() => {});
      const t = c.currentTime;
      const tones = { move: [[330, 0, 0.07]], low: [[880, 0, 0.12], [880, 0.2, 0.12]],
        end: [[523, 0, 0.15], [659, 0.15, 0.15], [784, 0.3, 0.3]] }[kind] || [];
      for (const [freq, at, len] of tones) {
        const o = c.createOscillator();
        const gain = c.createGain();
        o.type = kind === 'move' ? 'triangle' : 'sine';
        o.frequency.value = freq;
        gain.gain.setValueAtTime(0.0001, t + at);
        gain.gain.exponentialRampToValueAtTime(0.25, t + at + 0.01);
        gain.gain.exponentialRampToValueAtTime(0.0001, t + at + len);
        o.connect(gain).connect(c.destination);
        o.start(t + at);
        o.stop(t + at + len + 0.02);
      }
    } catch (_) { /* no audio here: silent */ }
  },
};

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

// Loads the presets from the server into `variants`; returns the whole answer (it has the levels
// too).
async function loadVariants() {
  const data = await api('GET', '/api/variants');
  variants = data.variants;
  return data;
}

// Loads the presets and lists them in the select `id`, after the options `first`, each named by
// `label(v)`; returns the server's answer.
async function listVariants(id, label, ...first) {
  const data = await loadVariants();
  $(id).replaceChildren(...first, ...variants.map((v) => new Option(label(v), v.name)));
  return data;
}

async function showHome() {
  $('home').hidden = false;
  $('subtitle').textContent = T.tagline;
  const data = await listVariants('variant', variantLabel);
  const sel = $('variant');
  // Each level with its name and measured Elo (random play = 0), so players can pick a match.
  const names = [null, T.levelName1, T.levelName2, T.levelName3, T.levelName4, T.levelName5, T.levelName6];
  const about = [null, T.levelAbout1, T.levelAbout2, T.levelAbout3, T.levelAbout4, T.levelAbout5, T.levelAbout6];
  for (const l of data.levels || []) {
    const o = new Option(`${l.level} · ${names[l.level] || l.name} (~${l.elo} Elo)`, String(l.level));
    o.title = about[l.level] || l.description;
    $('level').append(o);
  }
  $('level').value = '3';
  sel.addEventListener('change', showVariant);
  document.querySelectorAll('input[name=mode]').forEach((r) => r.addEventListener('change', () => {
    $('computer-options').hidden = modeValue() !== 'computer';
    $('online-options').hidden = modeValue() !== 'online';
  }));
  // A guest game by seat links may have a clock too (no custom time here: the lobby has it).
  const times = T.times.map((t, i) => [t, i]).filter(([t]) => t.id !== 'custom');
  $('game-time').replaceChildren(...times.map(([t, i]) => new Option(t[0], String(i))));
  $('game-time').value = String(T.times.findIndex((t) => t.id === 'untimed'));
  showVariant();
  $('new-game').addEventListener('submit', createGame);
  showLobby();
}

function modeValue() { return document.querySelector('input[name=mode]:checked').value; }

function showVariant() {
  const v = variants.find((x) => x.name === $('variant').value);
  // The summary in the page's language, then where the rules' text is (a path: code).
  const spec = document.createElement('code');
  spec.textContent = v ? v.spec : '';
  $('variant-summary').replaceChildren(...(v ? [`${gameText(`game-${v.name}-summary`, v.summary)} — `, spec] : []));
  $('variant-rules').href = v ? `/rules/${v.name}` : '/rules';
  buildRuleOptions($('rule-options'), v, {});
}

// The rule options of preset `v` as inputs (`data-option`, `data-default`), set to `values`
// where given.
function buildRuleOptions(box, v, values) {
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
    if (values && values[o.name] !== undefined) input.value = String(values[o.name]);
    input.dataset.option = o.name;
    input.dataset.default = o.value;
    input.title = optionDoc(v, o);
    label.append(input);
    const doc = document.createElement('span');
    doc.className = 'muted';
    doc.textContent = ' ' + optionDoc(v, o);
    label.append(doc);
    box.append(label);
  }
}

async function createGame(ev) {
  ev.preventDefault();
  $('create-error').textContent = '';
  const rules = {};
  $('rule-options').querySelectorAll('[data-option]').forEach((i) => { if (i.value !== i.dataset.default) rules[i.dataset.option] = i.value; });
  const mode = modeValue();
  const body = { variant: $('variant').value, mode, rules };
  if (mode === 'computer') { body.side = $('side').value; body.level = Number($('level').value); }
  if (mode === 'online') {
    const clock = clockOf(T.times[Number($('game-time').value)]);
    if (clock) body.clock = clock;
  }
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
  if (g && accountSide(g)) return [accountSide(g)];
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
    if (!prev || g.ply < prev.ply) graph.data = null;
    view.game = g;
    if (prev && g.ply === prev.ply + 1) sound.play(g.over && !prev.over ? 'end' : 'move');
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

// Where and how a board is drawn: the game page's board (playable on your turn) by default, or
// the analysis board and the position editor's preview.
function playCtx(g) {
  const mine = seatSides();
  return {
    svg: $('board'), caption: $('sow-caption'), onPlay: play, hint: view.hint,
    canPlay: !view.animating && !g.over && g.to_move && mine.includes(g.to_move),
  };
}

function drawBoard(g, pits, stores, marks = {}, ctx = playCtx(g)) {
  const L = layout(g);
  if (ctx.svg === $('board')) view.geometry = L;
  const svg = ctx.svg;
  svg.setAttribute('viewBox', `0 0 ${L.width} ${L.height}`);
  svg.replaceChildren();
  svg.append(el('rect', { x: 2, y: 2, width: L.width - 4, height: L.height - 4, rx: 40, class: 'wood' }));
  const canPlay = ctx.canPlay;
  const owners = Array.isArray(g.owners) ? g.owners : null;
  for (let s = 0; s < 2; s++) {
    const st = L.stores[s];
    const grp = el('g', { class: 'store', 'data-store': s === 0 ? 'south' : 'north' });
    grp.append(el('rect', { class: 'hole', x: st.x - st.w / 2 + 6, y: st.y - st.h / 2 + 6, width: st.w - 12, height: st.h - 12, rx: 28 }));
    drawSeeds(grp, st.x, st.y, stores[s], 26);
    grp.append(el('text', { class: 'count', x: st.x, y: st.y + st.h / 2 - 16 }, String(stores[s])));
    grp.append(el('text', { class: 'label', x: st.x, y: st.y - st.h / 2 + 22 }, s === 0 ? T.south : T.north));
    svg.append(grp);
  }
  // Under the board while a move is shown: its lap, the seeds in hand and what the rules say.
  const parts = [];
  if (marks.lap) parts.push(T.lap(marks.lap));
  if (marks.hand) parts.push(T.inHand(marks.hand));
  if (marks.note) parts.push(marks.note);
  if (ctx.caption) ctx.caption.textContent = parts.join(' · ');
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
    if (ctx.hint && pitIndex(ctx.hint, L.n) === i) cls.push('hint');
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
      grp.addEventListener('click', () => ctx.onPlay(name));
      grp.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); ctx.onPlay(name); } });
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
async function animate(prev, g, ctx = null) {
  const steps = (g.last_move && g.last_move.steps) || [];
  const board = ctx ? ctx.svg : $('board');
  const pits = prev.pits.slice();
  const stores = prev.stores.slice();
  let hand = 0, lap = 0, drops = 0, at;
  board.dataset.laps = '0';
  board.dataset.drops = '0';
  if (!steps.length || steps.some((st) => st.pit !== undefined && (st.pit < 0 || st.pit >= pits.length))) return;
  const total = steps.filter((st) => st.kind === 'drop').length;
  const delay = Math.max(8, Math.min(160, 6000 / Math.max(total, 1)));
  const show = (marks) => drawBoard(g, pits, stores, { ...marks, hand, lap }, ctx || playCtx(g));
  for (const st of steps) {
    switch (st.kind) {
      case 'stock':
        pits[st.pit] += 1;
        show({ sowing: st.pit, note: T.stockSeed });
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
        show({ last: at, note: T.extraTurn });
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
  $('subtitle').textContent = `${g.variant} · ${g.mode === 'computer' ? T.modeComputer(g.level) : g.mode === 'online' ? T.modeOnline : T.modeLocal}`;
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
  } else if (view.token || g.mode !== 'online') {
    status = T.waitingFor(sideName(g.to_move));
  } else {
    status = T.watching(sideName(g.to_move));
  }
  if (g.last_move && !g.over) status += ` · ${T.lastMove(g.last_move.side, g.last_move.move, g.last_move.captured)}`;
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
  $('rules-summary').textContent = v ? gameText(`game-${v.name}-summary`, v.summary) : '';
  $('rules-link').href = `/rules/${encodeURIComponent(g.variant)}`;
  $('rules-link').textContent = T.howToPlay(g.variant);
  // Options changed from the preset's defaults are marked with the default they replace.
  $('rules').replaceChildren(...g.options.flatMap((o) => {
    const dt = document.createElement('dt'); dt.textContent = o.name;
    const def = v && v.options.find((d) => d.name === o.name);
    const dd = document.createElement('dd'); dd.textContent = o.value; dd.title = optionDoc(v, o);
    if (def && def.value !== o.value) {
      dd.className = 'changed';
      dd.textContent = T.changedOption(o.value, def.value);
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
  showClocks(g);
  showActions(g);
  const analyse = $('analyse-link');
  analyse.hidden = !canAnalyse || !g.ply;
  analyse.textContent = T.analyse;
  analyse.href = `/analysis?game=${encodeURIComponent(g.id)}`;
  drawGraph();
}

// ------------------------------------------------------------------------------------------
// Clocks: the server's `clock` (`south_ms`, `north_ms`, `running`) is the truth; between two
// states the running side's clock counts down here. Under ten seconds a clock turns red, and your
// own clock beeps once as it crosses the line.

const LOW_MS = 10000;
const clocks = { base: null, timer: null, warned: { south: false, north: false } };

function playerName(g, side) {
  const p = g.players && g.players[side];
  if (!p) return '';
  if (typeof p === 'string') return p;
  const rating = p.rating !== undefined && p.rating !== null
    ? ` (${Math.round(p.rating)}${p.provisional ? '?' : ''})` : '';
  return (p.name || '') + rating;
}

function formatClock(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
  // Tenths cut, not rounded: 9.96 s shows 0:09.9, never 0:010.0 (nor time the player lacks).
  if (s < 10) return `0:0${(Math.floor(s * 10) / 10).toFixed(1)}`;
  return `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}

function showClocks(g) {
  const c = g.clock;
  for (const side of ['south', 'north']) {
    const box = $('clock-' + side);
    const name = playerName(g, side);
    box.hidden = !c && !name;
    if (box.hidden) continue;
    if (!box.firstChild) {
      const who = document.createElement('span'); who.className = 'who';
      const time = document.createElement('span'); time.className = 'time';
      box.append(who, time);
    }
    const who = box.querySelector('.who');
    who.textContent = `${side === 'south' ? T.south : T.north}${name ? ' · ' + name : ''}`;
    who.dataset.player = name;
    if (name && g.players && typeof g.players[side] === 'string') {
      playerInfo(name).then((p) => {
        const r = p && p.ratings && p.ratings[g.variant];
        if (r && who.dataset.player === name) {
          who.textContent = `${side === 'south' ? T.south : T.north} · ${name} (${ratingText(r)})`;
          who.dataset.rating = String(r.rating);
        }
      });
    }
    box.querySelector('.time').hidden = !c;
  }
  if (!c) { clocks.base = null; return; }
  clocks.base = { south: c.south_ms, north: c.north_ms, running: g.over ? null : c.running, at: performance.now() };
  if (!clocks.timer) clocks.timer = setInterval(tickClocks, 100);
  tickClocks();
}

function tickClocks() {
  const b = clocks.base;
  if (!b) return;
  const now = performance.now();
  for (const side of ['south', 'north']) {
    const ms = Math.max(0, b[side] - (b.running === side ? now - b.at : 0));
    const box = $('clock-' + side);
    const low = ms < LOW_MS;
    box.querySelector('.time').textContent = formatClock(ms);
    box.classList.toggle('low', low);
    box.classList.toggle('running', b.running === side);
    box.dataset.ms = String(Math.round(ms));
    if (low && b.running === side && !clocks.warned[side] && seatSides().includes(side)) {
      clocks.warned[side] = true;
      sound.play('low');
    }
    if (!low) clocks.warned[side] = false;
  }
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

// A score in the server's one representation ({kind, seeds, outcome, margin, margin_exact,
// plies, text}, docs/engine.md "Scores"): its text is the engine's own wording ("+1.35
// (estimate)", "proven win by ≥ 3", "proven draw", "table: exact +2").
function scoreText(s) {
  return s.text;
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

// An item of the graph: {ply, score}, the score from South's point of view (null: none).
function describeValue(e) {
  if (!e) return 'evaluating…';
  const s = e.score;
  if (!s) return T.noEvaluation;
  if (s.outcome) return T.known(T.south, s.text);
  if (Math.abs(s.seeds) < 0.05) return T.even;
  return `${s.seeds > 0 ? T.south : T.north} +${Math.abs(s.seeds).toFixed(1)}`;
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

// ------------------------------------------------------------------------------------------
// The analysis board: a line (a game's moves, or moves from a position set up by hand) stepped
// through with the engine's value and best line at each position; any legal move played on the
// board starts a variation. Every position comes from the server (POST /api/positions), so the
// rules core decides, as in a game.

const an = {
  variant: null, rules: {}, start: null, gameId: null,
  game: [],        // the game's moves (the line to come back to)
  line: [],        // the moves shown now: the game's, or a variation
  states: [],      // the state after each move of `line`, the start first
  ply: 0, cache: new Map(), busy: false, wanted: null, animating: false, options: [],
  proofs: new Map(), // per line: the prover's answer, or 'running'
};

function lineBody(moves, extra = {}) {
  const body = { variant: an.variant, moves, ...extra };
  if (an.rules && Object.keys(an.rules).length) body.rules = an.rules;
  if (an.start) body.position = an.start;
  return body;
}

async function showAnalysis(params) {
  $('analysis').hidden = false;
  try {
    if (params.get('game')) {
      const g = await api('GET', `/api/games/${encodeURIComponent(params.get('game'))}`);
      an.gameId = g.id;
      an.variant = g.variant;
      an.rules = g.rules || {};
      an.start = g.start || null;
      an.game = g.moves.slice();
      $('an-game').hidden = false;
      $('an-game').href = `/g/${g.id}`;
    } else {
      an.variant = params.get('variant') || 'oware';
      an.rules = params.get('rules') ? JSON.parse(params.get('rules')) : {};
      an.start = params.get('position') || null;
      an.game = params.get('moves') ? params.get('moves').split(',').filter(Boolean) : [];
    }
    const d = await api('POST', '/api/positions', lineBody(an.game));
    an.options = d.options;
    an.pitsPerRow = d.pits_per_row;
    an.line = d.moves.slice();
    an.game = d.moves.slice();
    an.states = d.states;
  } catch (e) {
    $('an-error').textContent = e.message;
    return;
  }
  $('an-title').textContent = T.analysisTitle(an.variant);
  $('subtitle').textContent = T.analysisOf(an.variant);
  const ply = params.has('ply') ? Number(params.get('ply')) : NaN;
  an.ply = Number.isInteger(ply) && ply >= 0 && ply <= an.line.length ? ply : an.line.length;
  $('an-first').addEventListener('click', () => anGo(0));
  $('an-prev').addEventListener('click', () => anGo(an.ply - 1));
  $('an-next').addEventListener('click', () => anGo(an.ply + 1));
  $('an-last').addEventListener('click', () => anGo(an.line.length));
  $('an-mainline').addEventListener('click', anMainline);
  $('an-prove').addEventListener('click', anProve);
  document.addEventListener('keydown', (e) => {
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
    const to = { ArrowLeft: an.ply - 1, ArrowRight: an.ply + 1, Home: 0, End: an.line.length }[e.key];
    if (to !== undefined) { e.preventDefault(); anGo(to); }
  });
  anRender();
}

function anState() { return an.states[an.ply]; }

// A state of the line as the board draws it (the pits per row come from the line).
function anGame(state) {
  return { ...state, pits_per_row: an.pitsPerRow || state.pits.length / 2 };
}

function anGo(ply) {
  if (an.animating) return;
  const to = Math.max(0, Math.min(an.line.length, ply));
  if (to === an.ply) return;
  an.ply = to;
  $('an-error').textContent = '';
  anRender();
}

function anMainline() {
  if (an.animating) return;
  const common = commonPrefix(an.line, an.game);
  an.line = an.game.slice();
  api('POST', '/api/positions', lineBody(an.line)).then((d) => {
    an.states = d.states;
    an.ply = Math.min(common, an.line.length);
    anRender();
  }).catch((e) => { $('an-error').textContent = e.message; });
}

function commonPrefix(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

// A move played on the analysis board: the next move of the line is just a step forward; any
// other starts a variation from here (the rest of the line is dropped, the game's moves kept).
async function anPlay(mv) {
  if (an.animating) return;
  $('an-error').textContent = '';
  if (an.line[an.ply] === mv) { anGo(an.ply + 1); return; }
  const moves = an.line.slice(0, an.ply).concat([mv]);
  let d;
  try {
    d = await api('POST', '/api/positions', lineBody(moves));
  } catch (e) {
    $('an-error').textContent = e.data && e.data.reason ? T.illegal(mv, e.data.reason_text || e.data.reason) : e.message;
    return;
  }
  const prev = anGame(an.states[an.ply]);
  an.line = d.moves.slice();
  an.states = d.states;
  an.ply = an.line.length;
  sound.play('move');
  const next = { ...anGame(anState()), last_move: d.last_move };
  an.animating = true;
  $('an-board').dataset.animating = 'true';
  try {
    await animate(prev, next, { svg: $('an-board'), caption: $('an-caption'), canPlay: false, onPlay: anPlay });
  } finally {
    an.animating = false;
    $('an-board').dataset.animating = 'false';
  }
  anRender();
}

function sideName(side) { return side === 'south' ? T.south : side === 'north' ? T.north : ''; }

function resultText(st) {
  const result = st.result === 'draw' ? T.draw : T.wins(sideName(st.result));
  return T.over(result, reasonText(st.reason));
}

function anRender() {
  // A sowing being animated draws the board itself; the position it ends on is drawn after it
  // (an analysis arriving meanwhile must not draw the end early and make the pits clickable).
  if (an.animating) return;
  const st = anState();
  const g = anGame(st);
  const n = g.pits_per_row;
  const key = an.line.slice(0, an.ply).join(' ');
  const a = an.cache.get(key);
  const svg = $('an-board');
  const lastMove = an.ply > 0 ? an.line[an.ply - 1] : null;
  drawBoard(g, st.pits, st.stores, { last: lastMove ? pitIndex(lastMove, n) : undefined },
    { svg, caption: $('an-caption'), onPlay: anPlay, hint: a && a.best, canPlay: !st.over && Boolean(st.to_move) });
  svg.dataset.ply = String(an.ply);
  svg.dataset.position = st.position;
  svg.dataset.animating = 'false';
  const inVariation = commonPrefix(an.line, an.game) < an.line.length;
  svg.dataset.variation = String(inVariation);
  // The mover is the side to move before the move.
  let status = an.ply === 0 ? T.atStart : T.afterMove(an.ply, sideName(an.states[an.ply - 1].to_move), lastMove);
  status += ' · ' + (st.over ? resultText(st) : T.toMove(sideName(st.to_move)));
  status += ` · ${st.stores[0]} : ${st.stores[1]}`;
  $('an-status').textContent = status;
  $('an-first').disabled = $('an-prev').disabled = an.ply === 0;
  $('an-next').disabled = $('an-last').disabled = an.ply >= an.line.length;
  $('an-mainline').hidden = !inVariation || !an.game.length;
  const common = commonPrefix(an.line, an.game);
  $('an-moves').replaceChildren(...an.line.map((m, i) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move-link';
    b.textContent = m;
    b.dataset.ply = String(i + 1);
    b.addEventListener('click', () => anGo(i + 1));
    li.append(b);
    if (i >= common) { li.classList.add('variation'); li.title = T.variation; }
    if (i + 1 === an.ply) li.classList.add('current');
    return li;
  }));
  const cur = $('an-moves').querySelector('.current');
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
  const edit = new URLSearchParams({ variant: an.variant, position: st.position });
  if (an.rules && Object.keys(an.rules).length) edit.set('rules', JSON.stringify(an.rules));
  $('an-edit').href = `/editor?${edit}`;
  anShowEngine(a, st);
  if (!a && !st.over) anRequest();
}

// The position's value: a known result (proven or from a table) in the engine's words for the
// side to move, an estimate from South's point of view.
function valueForSouth(a) {
  if (!a.score) return '';
  if (a.score.outcome) return T.known(a.to_move === 'north' ? T.north : T.south, a.score.text);
  const sign = a.to_move === 'north' ? -1 : 1;
  const seeds = a.score.seeds * sign;
  if (Math.abs(seeds) < 0.05) return T.even;
  return `${seeds > 0 ? T.south : T.north} +${Math.abs(seeds).toFixed(2)}`;
}

// Seconds a proof asked for by *Prove* may take (the server caps it too).
const PROVE_SECONDS = 5;

// A proven score replaces an estimate, and an exact margin a bound (as the server does).
function provenOr(score, proof) {
  if (!proof) return score;
  if (!score || score.kind === 'estimate') return proof;
  if (score.kind === 'proven' && !score.margin_exact && proof.margin_exact) return proof;
  return score;
}

// The analysis with what the prover proved about the position and its moves put in.
function withProof(a, p) {
  if (!a || a.error || !p || typeof p !== 'object') return a;
  const moves = a.moves.map((m) => {
    const q = (p.moves || []).find((x) => x.move === m.move);
    return { ...m, score: provenOr(m.score, q && q.score) };
  });
  return { ...a, score: provenOr(a.score, p.score), moves };
}

// The proof's line under the engine's: running, what it proved, or that it did not.
function anShowProof(p, st) {
  $('an-prove').disabled = Boolean(st.over) || p === 'running';
  const box = $('an-proof');
  box.dataset.state = !p ? 'none' : p === 'running' ? 'running' : p.proven ? 'proven' : 'unproven';
  if (!p) { box.textContent = ''; return; }
  if (p === 'running') { box.textContent = T.proving(PROVE_SECONDS); return; }
  if (p.error) { box.textContent = p.error; return; }
  const secs = (p.proof.seconds || 0).toFixed(2);
  box.textContent = p.proven
    ? T.proofDone(T.known(p.to_move === 'north' ? T.north : T.south, p.score.text), p.proof.nodes, secs)
    : T.notProven(p.proof.seconds_budget);
}

// *Prove*: asks the server's prover about the position shown and each of its moves.
async function anProve() {
  const moves = an.line.slice(0, an.ply);
  const key = moves.join(' ');
  if (an.proofs.get(key) === 'running') return;
  an.proofs.set(key, 'running');
  anRender();
  try {
    const p = await api('POST', '/api/analysis/prove', lineBody(moves, { seconds: PROVE_SECONDS, prove_moves: true }));
    an.proofs.set(key, p);
  } catch (e) {
    an.proofs.set(key, { error: e.message });
  }
  anRender();
}

function anShowEngine(a, st) {
  const p = an.proofs.get(an.line.slice(0, an.ply).join(' '));
  anShowProof(p, st);
  a = withProof(a, p);
  const box = $('an-engine');
  box.dataset.state = st.over ? 'over' : a ? 'done' : 'thinking';
  if (st.over) {
    $('an-value').textContent = T.noMoves;
    $('an-pv').textContent = '';
    $('an-candidates').replaceChildren();
    return;
  }
  if (!a || a.error) {
    $('an-value').textContent = a ? T.noAnalysis : T.thinking;
    $('an-pv').textContent = '';
    $('an-candidates').replaceChildren();
    return;
  }
  $('an-value').textContent = T.value(valueForSouth(a), a.depth);
  $('an-pv').textContent = a.pv && a.pv.length ? T.bestLine(a.pv.join(' ')) : '';
  $('an-pv').dataset.pv = (a.pv || []).join(' ');
  $('an-candidates').replaceChildren(...a.moves.slice(0, 6).map((m) => {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move-link';
    b.textContent = `${m.move} ${scoreText(m.score)}`;
    b.dataset.move = m.move;
    b.addEventListener('click', () => anPlay(m.move));
    li.append(b);
    return li;
  }));
}

// One analysis at a time; the position shown when it ends is the next one asked for.
async function anRequest() {
  const key = an.line.slice(0, an.ply).join(' ');
  an.wanted = key;
  if (an.busy) return;
  an.busy = true;
  const moves = an.line.slice(0, an.ply);
  try {
    const a = await api('POST', '/api/analysis', lineBody(moves, { ms: 400 }));
    an.cache.set(key, a);
  } catch (e) {
    $('an-error').textContent = e.message;
    an.cache.set(key, { moves: [], pv: [], score: null, error: true });
  } finally {
    an.busy = false;
  }
  const now = an.line.slice(0, an.ply).join(' ');
  if (now === key) anRender();
  else if (!an.cache.has(now)) anRequest();
  else anRender();
}

// ------------------------------------------------------------------------------------------
// The position editor: the pits, stores (or Isolo's stock used), the side to move and the phase,
// kept in step with the position's text. The server's rules core says whether it is a position
// of the game; from a valid one, analyse it or start a game.

const ed = { variant: null, pitsPerRow: 6, prefix: null, pits: [], extras: [], side: 'S', timer: null, valid: false, seq: 0 };

async function showEditor(params) {
  $('editor').hidden = false;
  $('subtitle').textContent = T.editorTitle;
  $('ed-variant-label').textContent = T.editorVariant + ' ';
  $('ed-position-label').textContent = T.editorPosition + ' ';
  await listVariants('ed-variant', variantLabel);
  const sel = $('ed-variant');
  const want = params.get('variant');
  sel.value = variants.some((v) => v.name === want) ? want : 'oware';
  let rules = {};
  try { rules = params.get('rules') ? JSON.parse(params.get('rules')) : {}; } catch (_) { rules = {}; }
  edVariant(params.get('position'), rules);
  sel.addEventListener('change', () => edVariant(null, {}));
  $('ed-position').addEventListener('input', () => { edParse($('ed-position').value); edInputs(); edCheckSoon(); });
  $('ed-reset').addEventListener('click', () => edVariant(null, edRules()));
  $('ed-clear').addEventListener('click', () => {
    ed.pits = ed.pits.map(() => 0);
    ed.extras = ed.extras.map(() => 0);
    edInputs(); edSync();
  });
  $('ed-analyse').addEventListener('click', () => {
    const q = new URLSearchParams({ variant: ed.variant, position: $('ed-position').value.trim() });
    const rules = edRules();
    if (Object.keys(rules).length) q.set('rules', JSON.stringify(rules));
    location.href = `/analysis?${q}`;
  });
  $('ed-computer').addEventListener('click', () => edStart('computer'));
  $('ed-local').addEventListener('click', () => edStart('local'));
  $('ed-form').addEventListener('submit', (e) => e.preventDefault());
}

function edVariant(position, rules) {
  const v = variants.find((x) => x.name === $('ed-variant').value);
  ed.variant = v.name;
  ed.pitsPerRow = v.pits_per_row || 6;
  buildRuleOptions($('ed-rule-options'), v, rules);
  $('ed-rule-options').querySelectorAll('[data-option]').forEach((i) => i.addEventListener('change', edCheckSoon));
  edParse(position || v.start.position);
  edInputs();
  edSync();
}

function edRules() {
  const rules = {};
  $('ed-rule-options').querySelectorAll('[data-option]').forEach((i) => {
    if (i.value !== i.dataset.default) rules[i.dataset.option] = i.value;
  });
  return rules;
}

// `[PHASE:]pits-...-extra-...-SIDE`: the first 2n fields are the pits, the last the side to move.
function edParse(text) {
  let rest = (text || '').trim();
  ed.prefix = null;
  const colon = rest.indexOf(':');
  if (colon >= 0) { ed.prefix = rest.slice(0, colon).trim().toUpperCase(); rest = rest.slice(colon + 1); }
  const fields = rest.split('-').map((f) => f.trim());
  const n = 2 * ed.pitsPerRow;
  if (fields.length < n + 1) return false;
  ed.pits = fields.slice(0, n).map((f) => parseInt(f, 10) || 0);
  ed.extras = fields.slice(n, -1).map((f) => parseInt(f, 10) || 0);
  ed.side = (fields[fields.length - 1] || 'S').toUpperCase();
  return true;
}

function edText() {
  const body = [...ed.pits, ...ed.extras, ed.side].join('-');
  return ed.prefix ? `${ed.prefix}:${body}` : body;
}

function numberInput(value, label, onChange) {
  const input = document.createElement('input');
  input.type = 'number'; input.min = '0'; input.max = '255'; input.value = String(value);
  input.setAttribute('aria-label', label);
  input.addEventListener('input', () => onChange(Math.max(0, parseInt(input.value, 10) || 0)));
  return input;
}

// The inputs laid out like the board: North's row on top (from its left, seen from South: f..a),
// South's below (A..F).
function edInputs() {
  const n = ed.pitsPerRow;
  const grid = $('ed-grid');
  grid.style.setProperty('--cols', String(n));
  const cells = [];
  for (const row of [1, 0]) {
    for (let c = 0; c < n; c++) {
      const i = row === 0 ? c : n + (n - 1 - c);
      const name = moveName(i, n);
      const label = document.createElement('label');
      label.className = 'ed-pit';
      label.textContent = name;
      const input = numberInput(ed.pits[i] || 0, `pit ${name}`, (v) => { ed.pits[i] = v; edSync(); });
      input.dataset.pit = String(i);
      label.append(input);
      cells.push(label);
    }
  }
  grid.replaceChildren(...cells);
  const extras = $('ed-extras');
  const items = ed.extras.map((val, k) => {
    const label = document.createElement('label');
    label.textContent = T.extraField(k, ed.extras.length, Boolean(ed.prefix)) + ' ';
    const input = numberInput(val, label.textContent.trim(), (v) => { ed.extras[k] = v; edSync(); });
    input.dataset.extra = String(k);
    label.append(input);
    return label;
  });
  const sideLabel = document.createElement('label');
  sideLabel.textContent = T.sideToMove + ' ';
  const side = document.createElement('select');
  side.id = 'ed-side';
  side.append(new Option(T.south, 'S'), new Option(T.north, 'N'));
  side.value = ed.side === 'N' ? 'N' : 'S';
  side.addEventListener('change', () => { ed.side = side.value; edSync(); });
  sideLabel.append(side);
  items.push(sideLabel);
  if (ed.prefix) {
    const phaseLabel = document.createElement('label');
    phaseLabel.textContent = T.phase + ' ';
    const phase = document.createElement('select');
    phase.id = 'ed-phase';
    for (const [k, name] of Object.entries(T.phases)) phase.append(new Option(name, k));
    phase.value = ed.prefix;
    phase.addEventListener('change', () => { ed.prefix = phase.value; edSync(); });
    phaseLabel.append(phase);
    items.push(phaseLabel);
  }
  extras.replaceChildren(...items);
}

function edSync() {
  $('ed-position').value = edText();
  edCheckSoon();
}

function edCheckSoon() {
  clearTimeout(ed.timer);
  ed.valid = false;
  edButtons();
  $('ed-check').textContent = T.checking;
  $('ed-check').dataset.state = 'checking';
  ed.timer = setTimeout(edCheck, 150);
}

function edButtons() {
  for (const id of ['ed-analyse', 'ed-computer', 'ed-local']) $(id).disabled = !ed.valid;
}

async function edCheck() {
  const seq = ++ed.seq;
  const body = { variant: ed.variant, position: $('ed-position').value.trim() };
  const rules = edRules();
  if (Object.keys(rules).length) body.rules = rules;
  let d = null, err = null;
  try { d = await api('POST', '/api/positions', body); } catch (e) { err = e; }
  if (seq !== ed.seq) return;
  const box = $('ed-check');
  if (err) {
    ed.valid = false;
    box.textContent = T.invalid(err.message);
    box.dataset.state = 'invalid';
    box.className = 'error';
    $('ed-board').hidden = true;
  } else {
    const st = d.states[0];
    ed.valid = true;
    box.className = '';
    box.dataset.state = 'valid';
    const seeds = st.pits.reduce((a, b) => a + b, 0);
    box.textContent = st.over ? T.validOver(resultText(st)) : T.valid(sideName(st.to_move), st.legal, seeds);
    $('ed-board').hidden = false;
    drawBoard({ ...st, pits_per_row: d.pits_per_row }, st.pits, st.stores, {},
      { svg: $('ed-board'), caption: null, onPlay: () => {}, hint: null, canPlay: false });
  }
  edButtons();
  $('ed-computer').disabled = !ed.valid || Boolean(d && d.states[0].over);
  $('ed-local').disabled = $('ed-computer').disabled;
}

async function edStart(mode) {
  const body = { variant: ed.variant, mode, position: $('ed-position').value.trim() };
  const rules = edRules();
  if (Object.keys(rules).length) body.rules = rules;
  if (mode === 'computer') { body.side = 'south'; body.level = 3; }
  try {
    const g = await api('POST', '/api/games', body);
    const mine = g.seats.south;
    localStorage.setItem('mancala:' + g.id, JSON.stringify({ token: mine, links: g.links, spectate: g.spectate }));
    location.href = `/g/${g.id}#seat=${mine}`;
  } catch (e) {
    $('ed-check').textContent = e.message;
    $('ed-check').className = 'error';
  }
}

// ------------------------------------------------------------------------------------------
// Accounts: the session cookie (set by /login, HttpOnly) authenticates every request; the page
// only asks who is logged in.

const me = { name: null, known: false };

async function loadSession() {
  try {
    const d = await api('GET', '/api/session');
    me.name = d.name || null;
  } catch (_) { me.name = null; }
  me.known = true;
  const box = $('account');
  box.replaceChildren();
  const link = (href, text, id) => { const a = document.createElement('a'); a.href = href; a.textContent = text; a.id = id; return a; };
  if (me.name) {
    box.append(link(`/players/${encodeURIComponent(me.name)}`, me.name, 'account-name'), ' ', link('/logout', T.logOut, 'account-logout'));
  } else {
    box.append(link('/login', T.logIn, 'account-login'), ' ', link('/signup', T.signUp, 'account-signup'));
  }
  document.body.dataset.user = me.name || '';
}

// Ratings of players by name (one request per player and page).
const ratingCache = new Map();
function playerInfo(name) {
  if (!ratingCache.has(name)) ratingCache.set(name, api('GET', `/api/players/${encodeURIComponent(name)}`).catch(() => null));
  return ratingCache.get(name);
}

function ratingText(r) {
  if (!r) return '';
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

// ------------------------------------------------------------------------------------------
// The lobby: open seeks and challenges, pushed over /api/lobby/ws; accepting one starts the game
// for both (the server pushes the new game to the lobby, and each player's page opens it).

const lobby = { seeks: [], ws: null, retry: 1000 };

function timeLabel(seek) {
  if (seek.time_control) return seek.time_control;
  return seek.clock ? JSON.stringify(seek.clock) : T.untimed;
}

function showLobby() {
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
function clockOf(t) {
  if (t.length === 3) return { initial_ms: t[1], increment_ms: t[2] };
  if (t.length === 2) return { days_per_move: t[1] };
  return null;
}

async function postSeek(ev) {
  ev.preventDefault();
  $('seek-error').textContent = '';
  const rules = {};
  $('seek-rule-options').querySelectorAll('[data-option]').forEach((i) => { if (i.value !== i.dataset.default) rules[i.dataset.option] = i.value; });
  const body = { variant: $('seek-variant').value, clock: seekClock(), rated: $('seek-rated').checked, side: $('seek-side').value };
  if (Object.keys(rules).length) body.rules = rules;
  const to = $('seek-to').value.trim();
  if (to) body.to = to;
  try {
    $('seek-post').disabled = true;
    await api('POST', to ? '/api/challenges' : '/api/seeks', body);
    if (!lobby.ws || lobby.ws.readyState !== WebSocket.OPEN) await refreshSeeks();
  } catch (e) {
    $('seek-error').textContent = e.message;
  } finally {
    $('seek-post').disabled = false;
  }
}

async function refreshSeeks() {
  try {
    const d = await api('GET', '/api/seeks');
    lobby.seeks = Array.isArray(d) ? d : d.seeks || [];
    renderSeeks();
  } catch (_) { /* the list stays */ }
}

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
function openGame(id) {
  if (lobby.opening) return;
  lobby.opening = id;
  location.href = `/g/${id}`;
}

function cell(text) { const td = document.createElement('td'); td.textContent = text; return td; }

function renderSeeks() {
  const body = $('seeks-body');
  const rows = lobby.seeks.map((sk) => {
    const tr = document.createElement('tr');
    tr.dataset.seek = sk.id;
    tr.dataset.owner = sk.owner;
    let who = sk.owner + (sk.rating ? ` (${Math.round(sk.rating)})` : '');
    if (sk.to) who += ` · ${sk.to === me.name ? T.challengeFrom(sk.owner) : T.challengeFor(sk.to)}`;
    tr.append(cell(who), cell(sk.variant + (sk.rules && Object.keys(sk.rules).length ? ' *' : '')),
      cell(timeLabel(sk)), cell(sk.rated ? T.rated : T.casual), cell(sk.side));
    if (sk.rules && Object.keys(sk.rules).length) tr.children[1].title = JSON.stringify(sk.rules);
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

// ------------------------------------------------------------------------------------------
// A game between accounts: the players' names and ratings by the clocks, and the endings.

function accountSide(g) {
  if (!me.name || !g.players) return null;
  if (g.players.south === me.name) return 'south';
  if (g.players.north === me.name) return 'north';
  return null;
}

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

// ------------------------------------------------------------------------------------------
// Player pages, the leaderboard and the archive.

function table(el, cols, rows) {
  const head = document.createElement('tr');
  head.append(...cols.map((c) => { const th = document.createElement('th'); th.textContent = c; return th; }));
  const thead = document.createElement('thead'); thead.append(head);
  const tbody = document.createElement('tbody');
  tbody.append(...rows);
  el.replaceChildren(thead, tbody);
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
  link.textContent = gm.variant + (gm.rated ? '' : ` (${T.casual})`);
  const result = gm.result === 'draw' ? T.draw : gm.result ? T.wins(sideName(gm.result)) : '—';
  tr.append(td(when.toISOString().slice(0, 10)), td(link), td(playerLink(gm.players && gm.players.south)),
    td(playerLink(gm.players && gm.players.north)), td(result), td(reasonText(gm.reason)),
    td(String(gm.plies ?? '')), td(gm.clock ? (gm.clock.days_per_move ? `${gm.clock.days_per_move}d` : `${gm.clock.initial_ms / 60000}+${gm.clock.increment_ms / 1000}`) : T.untimed));
  return tr;
}

async function showPlayer(name) {
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
    tr.append(cell(variant), cell(ratingText(r) + (r.provisional ? ` (${T.provisional})` : '')), cell(`±${Math.round(r.deviation)}`), cell(String(r.games)));
    tr.dataset.rating = String(r.rating);
    return tr;
  }));
  const history = p.history || [];
  const games = [...new Set(history.map((h) => h.variant))];
  const sel = $('pl-graph-variant');
  sel.replaceChildren(...games.map((v) => new Option(v, v)));
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

async function showLeaderboard(params) {
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

async function showArchive(params) {
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

// ------------------------------------------------------------------------------------------

window.addEventListener('DOMContentLoaded', async () => {
  await loadMessages();
  applyLabels();
  const m = location.pathname.match(/^\/g\/([0-9a-f]{20})$/);
  sound.show();
  $('sound-toggle').addEventListener('click', () => sound.toggle());
  $('nav-editor').textContent = T.editorLink;
  $('nav-archive').textContent = T.archive;
  $('nav-leaderboard').textContent = T.leaderboard;
  await loadSession();
  const player = location.pathname.match(/^\/players\/([^/]+)$/);
  $('home-editor').textContent = T.homeEditor;
  const params = new URLSearchParams(location.search);
  try {
    if (location.pathname === '/analysis') {
      await loadVariants();
      await showAnalysis(params);
    } else if (location.pathname === '/editor') {
      await showEditor(params);
    } else if (player) {
      await showPlayer(decodeURIComponent(player[1]));
    } else if (location.pathname === '/leaderboard') {
      await showLeaderboard(params);
    } else if (location.pathname === '/archive') {
      await showArchive(params);
    } else if (location.pathname === '/puzzles') {
      await showPuzzles(params); // web/puzzles.js
    } else if (m) {
      loadVariants().then(() => { if (view.game) render(); }).catch(() => {});
      await showPlay(m[1]);
    } else {
      await showHome();
    }
  } catch (e) {
    document.body.append(document.createTextNode(e.message));
  }
});
