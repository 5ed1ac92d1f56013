// Tournaments: the list (/tournaments: starting soon, running, finished) with the form that
// creates one, and a tournament's page (/tournaments/ID): live standings, each round's pairings
// with links to the games, joining and withdrawing, an arena's countdown, "your game is
// starting", printable pairings and standings, and the director's tools for a tournament over
// the board (players by name and rating, the next round, each board's result, the TRF file).
// An arena has no rounds: its games are listed as they are paired.

import { me } from './accounts.js';
import { api } from './api.js';
import { $, cell } from './dom.js';
import { T, gameName } from './i18n.js';
import { clockOf } from './lobby.js';
import { buildRuleOptions, listVariants, ruleValues, variants } from './presets.js';
import { setting, saveSetting } from './storage.js';

// How often a tournament's page asks for it again (ms): quickly while it runs.
const POLL_RUNNING_MS = 3000;
const POLL_IDLE_MS = 10000;

// The results a director enters for a board (the API's words) and how the page shows them.
const RESULTS = ['1-0', '0-1', '1/2-1/2', '1-0F', '0-1F', '0-0F'];

// A tournament's format (`arena`, `swiss`, `round_robin`) in the page's language.
export function formatName(format) {
  return { arena: T.tnArena, swiss: T.tnSwiss, round_robin: T.tnRoundRobin }[format] || format;
}

// A tournament's state (`created`, `running`, `finished`) in the page's language.
export function statusName(status) {
  return { created: T.tnCreated, running: T.tnRunning, finished: T.tnFinished }[status] || status;
}

// A result as the page shows it: ½ for a half point, "forfeit" for a forfeit.
function resultLabel(r) {
  if (!r) return '';
  const half = r.replace(/1\/2/g, '½');
  return half.endsWith('F') ? `${half.slice(0, -1)} (${T.tnForfeit})` : half;
}

// A preset's name by its API name.
function gameLabel(name) {
  const v = variants.find((x) => x.name === name);
  return v ? gameName(v) : name;
}

// A clock `{initial_ms, increment_ms}` as "3+2", or "untimed".
function clockLabel(c) {
  if (!c) return T.untimed;
  if (c.days_per_move) return T.daysPerMove(c.days_per_move);
  return `${c.initial_ms / 60000}+${c.increment_ms / 1000}`;
}

function link(href, text) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  return a;
}

// The tournaments this browser created, with what it asked for (a server that does not name a
// tournament's director or whether it is over the board still gets the director's tools here).
function createdHere() {
  try { return JSON.parse(setting('tournaments', '{}')) || {}; } catch (_) { return {}; }
}

function rememberCreated(id, body) {
  const all = createdHere();
  all[id] = { over_the_board: body.over_the_board, by: me.name };
  saveSetting('tournaments', JSON.stringify(all));
}

// ---------------------------------------------------------------------------------------------
// The list and the form.

// The list of tournaments (/tournaments), and the form to create one.
export async function showTournamentList() {
  $('tournaments').hidden = false;
  $('subtitle').textContent = T.tnTitle;
  $('tl-new').addEventListener('click', () => { $('tl-create').hidden = false; $('tc-name').focus(); });
  await listVariants('tc-variant', (v) => gameName(v));
  let d;
  try {
    d = await api('GET', '/api/tournaments');
  } catch (e) {
    $('tl-error').textContent = e.status === 404 ? T.tnUnavailable : e.message;
    $('tl-new').hidden = true;
    return;
  }
  const all = Array.isArray(d) ? d : d.tournaments || [];
  const groups = [['created', T.tnUpcoming], ['running', T.tnRunningTitle], ['finished', T.tnFinishedTitle]];
  $('tl-groups').replaceChildren(...groups.map(([status, title]) => {
    const box = document.createElement('section');
    box.className = 'tl-group';
    box.dataset.status = status;
    const h = document.createElement('h2');
    h.textContent = title;
    const ul = document.createElement('ul');
    ul.className = 'plain';
    const mine = all.filter((t) => t.status === status);
    ul.append(...mine.map((t) => {
      const li = document.createElement('li');
      li.dataset.tournament = t.id;
      li.append(link(`/tournaments/${encodeURIComponent(t.id)}`, t.name), ' ');
      const about = document.createElement('span');
      about.className = 'muted';
      const players = t.player_count ?? (Array.isArray(t.players) ? t.players.length : t.players);
      about.textContent = [formatName(t.format), t.variant ? gameLabel(t.variant) : '',
        t.clock !== undefined ? clockLabel(t.clock) : '', players !== undefined ? T.tnPlayerCount(players) : '']
        .filter(Boolean).join(' · ');
      li.append(about);
      return li;
    }));
    const empty = document.createElement('p');
    empty.className = 'muted';
    empty.textContent = mine.length ? '' : T.tnNone;
    box.append(h, ul, empty);
    return box;
  }));
  showCreateForm();
  $('tl-new').hidden = !me.name;
}

function showCreateForm() {
  $('tc-format').replaceChildren(...['swiss', 'round_robin', 'arena'].map((f) => new Option(formatName(f), f)));
  const sel = $('tc-variant');
  const rules = () => buildRuleOptions($('tc-rule-options'), variants.find((x) => x.name === sel.value), {});
  sel.addEventListener('change', rules);
  rules();
  // Fischer clocks (a tournament's games have no days per move), untimed, or your own.
  const times = T.times.map((t, i) => [t, i]).filter(([t]) => t.length === 3 || t.id === 'untimed' || t.id === 'custom');
  $('tc-time').replaceChildren(...times.map(([t, i]) => new Option(t[0], String(i))));
  $('tc-time').value = String(T.times.findIndex((t) => t.id === '5+3'));
  $('tc-time').addEventListener('change', () => { $('tc-custom').hidden = T.times[Number($('tc-time').value)].id !== 'custom'; });
  const byFormat = () => {
    const f = $('tc-format').value;
    $('tc-rounds-box').hidden = f !== 'swiss';
    $('tc-bye-box').hidden = f === 'arena';
    $('tc-double-box').hidden = f !== 'round_robin';
    $('tc-duration-box').hidden = f !== 'arena';
    // An arena pairs players as they come free online: it is never over the board.
    $('tc-otb').disabled = f === 'arena';
    if (f === 'arena') $('tc-otb').checked = false;
  };
  $('tc-format').addEventListener('change', byFormat);
  byFormat();
  $('tc-form').addEventListener('submit', createTournament);
}

function formClock() {
  const t = T.times[Number($('tc-time').value)];
  if (t.id === 'custom') {
    return { initial_ms: Math.round(Number($('tc-minutes').value) * 60000), increment_ms: Math.round(Number($('tc-increment').value) * 1000) };
  }
  return clockOf(t);
}

async function createTournament(ev) {
  ev.preventDefault();
  $('tc-error').textContent = '';
  const format = $('tc-format').value;
  const body = {
    name: $('tc-name').value.trim(), format, variant: $('tc-variant').value, clock: formClock(),
    rated: $('tc-rated').checked, over_the_board: $('tc-otb').checked,
  };
  const rules = ruleValues($('tc-rule-options'));
  if (Object.keys(rules).length) body.rules = rules;
  if (format === 'swiss') body.rounds = Number($('tc-rounds').value);
  if (format !== 'arena') body.bye_points = Number($('tc-bye').value);
  if (format === 'round_robin') body.double = $('tc-double').checked;
  if (format === 'arena') body.duration_s = Math.round(Number($('tc-duration').value) * 60);
  try {
    $('tc-submit').disabled = true;
    const d = await api('POST', '/api/tournaments', body);
    rememberCreated(d.id, body);
    location.href = `/tournaments/${encodeURIComponent(d.id)}`;
  } catch (e) {
    $('tc-error').textContent = e.message;
  } finally {
    $('tc-submit').disabled = false;
  }
}

// ---------------------------------------------------------------------------------------------
// A tournament's page.

const view = { id: null, t: null, timer: null, countdown: null, opened: null };

// The page of tournament `id` (/tournaments/ID).
export async function showTournament(id) {
  view.id = id;
  $('tournament').hidden = false;
  $('subtitle').textContent = T.tnTitle;
  await listVariants('tc-variant', (v) => gameName(v)).catch(() => {});
  $('tn-trf').href = `/api/tournaments/${encodeURIComponent(id)}/trf`;
  $('tn-trf').setAttribute('download', `tournament-${id}.trf`);
  const act = (button, what) => $(button).addEventListener('click', () => action(what));
  act('tn-join', 'join');
  act('tn-withdraw', 'withdraw');
  act('tn-pause', 'pause');
  // Joining again is what resumes a paused arena player.
  act('tn-resume', 'join');
  act('tn-start', 'start');
  $('tn-pair').addEventListener('click', pairNext);
  $('tn-add').addEventListener('submit', addPlayer);
  $('tn-print-pairings').addEventListener('click', () => printOnly('pairings'));
  $('tn-print-standings').addEventListener('click', () => printOnly('standings'));
  await refresh();
}

// Prints only the pairings (of every round, the last first) or only the standings.
function printOnly(what) {
  document.body.dataset.print = what;
  window.addEventListener('afterprint', () => { delete document.body.dataset.print; }, { once: true });
  window.print();
}

async function refresh() {
  clearTimeout(view.timer);
  try {
    const t = await api('GET', `/api/tournaments/${encodeURIComponent(view.id)}`);
    view.t = t;
    render(t);
    $('tn-error').textContent = '';
  } catch (e) {
    $('tn-error').textContent = e.status === 404 ? T.tnNotFound : e.message;
    if (e.status === 404) return;
  }
  const running = view.t && view.t.status === 'running';
  if (!view.t || view.t.status !== 'finished') view.timer = setTimeout(refresh, running ? POLL_RUNNING_MS : POLL_IDLE_MS);
}

// Whether the signed-in player directs tournament `t`: the server names its director, else this
// browser created it.
function directs(t) {
  if (!me.name) return false;
  if (t.director !== undefined) return t.director === me.name;
  const here = createdHere()[t.id];
  return Boolean(here && here.by === me.name);
}

function overTheBoard(t) {
  if (t.over_the_board !== undefined) return t.over_the_board;
  const here = createdHere()[t.id];
  return Boolean(here && here.over_the_board);
}

function render(t) {
  document.title = `${t.name} · mancala`;
  $('tn-name').textContent = t.name;
  const players = t.players || [];
  const otb = overTheBoard(t);
  $('tn-about').textContent = [formatName(t.format), t.variant ? gameLabel(t.variant) : '',
    t.clock !== undefined ? clockLabel(t.clock) : '', t.rated === undefined ? '' : t.rated ? T.rated : T.casual,
    otb ? T.tnOverTheBoard : '', statusName(t.status), T.tnPlayerCount(players.length)].filter(Boolean).join(' · ');
  const mine = players.find((p) => p.name === me.name);
  const joined = Boolean(mine && !mine.withdrawn);
  const paused = Boolean(joined && mine.paused);
  const director = directs(t);
  const open = t.status === 'created' || (t.format === 'arena' && t.status === 'running');
  $('tn-join').hidden = !me.name || otb || joined || !open;
  $('tn-withdraw').hidden = !me.name || otb || !joined || t.status === 'finished';
  // An arena's player pauses (not paired until he resumes) while it runs.
  const arenaOn = t.format === 'arena' && t.status === 'running';
  $('tn-pause').hidden = !arenaOn || !joined || paused;
  $('tn-resume').hidden = !arenaOn || !paused;
  $('tn-start').hidden = !director || t.status !== 'created';
  $('tn-director').hidden = !director || !otb || t.status === 'finished';
  $('tn-add').hidden = t.status !== 'created' && t.format !== 'swiss';
  renderCountdown(t);
  renderPlayers(players);
  renderStandings(t.standings || []);
  renderRounds(t, director && otb);
  yourGame(t);
}

// An arena's time left, counted down each second from the server's end.
function renderCountdown(t) {
  clearInterval(view.countdown);
  const ends = t.ends_ms ?? t.end_ms ?? (t.started_ms && t.duration_s ? t.started_ms + t.duration_s * 1000 : null);
  const box = $('tn-countdown');
  box.hidden = !(t.format === 'arena' && t.status === 'running' && ends);
  if (box.hidden) return;
  const tick = () => {
    const left = Math.max(0, ends - Date.now());
    const s = Math.floor(left / 1000);
    const hms = `${Math.floor(s / 3600) ? `${Math.floor(s / 3600)}:` : ''}${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
    box.textContent = T.tnTimeLeft(hms);
    box.dataset.ms = String(left);
    if (!left) clearInterval(view.countdown);
  };
  tick();
  view.countdown = setInterval(tick, 1000);
}

function renderPlayers(players) {
  $('tn-players').replaceChildren(...[...players].sort((a, b) => (a.start_number ?? 0) - (b.start_number ?? 0)).map((p) => {
    const li = document.createElement('li');
    li.dataset.player = p.name;
    li.textContent = p.rating ? `${p.name} (${Math.round(p.rating)})` : p.name;
    if (p.paused && !p.withdrawn) {
      li.dataset.paused = '1';
      li.append(` · ${T.tnPaused}`);
    }
    return li;
  }));
}

function renderStandings(rows) {
  const names = [...new Set(rows.flatMap((r) => Object.keys(r.tiebreaks || {})))];
  const head = document.createElement('tr');
  head.append(...[T.tnRank, T.tnPlayer, T.tnPoints, ...names].map((c) => { const th = document.createElement('th'); th.textContent = c; return th; }));
  const thead = document.createElement('thead'); thead.append(head);
  const tbody = document.createElement('tbody');
  tbody.append(...rows.map((r) => {
    const tr = document.createElement('tr');
    tr.dataset.player = r.name;
    tr.dataset.points = String(r.points);
    if (r.name === me.name) tr.className = 'me';
    tr.append(cell(String(r.rank)), cell(r.name), cell(points(r.points)),
      ...names.map((n) => cell(r.tiebreaks && r.tiebreaks[n] !== undefined ? points(r.tiebreaks[n]) : '')));
    return tr;
  }));
  $('tn-standings').replaceChildren(thead, tbody);
  $('tn-standings-empty').textContent = rows.length ? '' : T.tnNoStandings;
}

// Points as players write them: 2½, ½.
function points(x) {
  if (typeof x !== 'number') return String(x);
  const whole = Math.floor(x);
  const frac = x - whole;
  if (Math.abs(frac - 0.5) < 1e-9) return whole ? `${whole}½` : '½';
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 100) / 100);
}

function renderRounds(t, directing) {
  // An arena's games, newest first, as one list of boards.
  const arena = t.games ? [{ number: 0, pairings: [...t.games].reverse().map((g) => ({ ...g, board: g.number })) }] : [];
  const rounds = t.games ? arena : [...(t.rounds || [])].sort((a, b) => b.number - a.number);
  $('tn-rounds').replaceChildren(...rounds.map((r) => {
    const box = document.createElement('section');
    box.className = 'tn-round';
    box.dataset.round = String(r.number);
    const h = document.createElement('h3');
    h.textContent = r.number ? T.tnRound(r.number) : T.tnGames;
    const table = document.createElement('table');
    table.className = 'list pairings';
    const head = document.createElement('tr');
    head.append(...[T.tnBoard, T.south, T.north, T.tnResult].map((c) => { const th = document.createElement('th'); th.textContent = c; return th; }));
    const thead = document.createElement('thead'); thead.append(head);
    const tbody = document.createElement('tbody');
    tbody.append(...(r.pairings || []).map((p) => boardRow(t, r, p, directing)));
    table.append(thead, tbody);
    box.append(h, table);
    if (r.bye) {
      const bye = document.createElement('p');
      bye.className = 'muted bye';
      bye.textContent = T.tnBye(r.bye);
      box.append(bye);
    }
    return box;
  }));
  if (!rounds.length || (t.games && !t.games.length)) {
    const p = document.createElement('p');
    p.className = 'muted';
    p.textContent = T.tnNoRounds;
    $('tn-rounds').append(p);
  }
}

function boardRow(t, r, p, directing) {
  const tr = document.createElement('tr');
  tr.dataset.board = String(p.board);
  if (p.result) tr.dataset.result = p.result;
  if (p.south === me.name || p.north === me.name) tr.className = 'me';
  tr.append(cell(String(p.board)), cell(p.south), cell(p.north));
  const td = document.createElement('td');
  if (p.game) {
    td.append(link(`/g/${p.game}`, p.result ? resultLabel(p.result) : T.tnWatch));
  } else if (p.result) {
    td.textContent = resultLabel(p.result);
  }
  // The director enters or corrects a result over the board.
  if (directing && !p.game) {
    const sel = document.createElement('select');
    sel.className = 'result-select';
    sel.setAttribute('aria-label', T.tnResultOf(p.board));
    sel.append(new Option('—', ''), ...RESULTS.map((x) => new Option(resultLabel(x), x)));
    sel.value = p.result || '';
    sel.addEventListener('change', () => enterResult(r.number, p.board, sel));
    td.replaceChildren(sel);
  }
  tr.append(td);
  return tr;
}

// "Your game is starting": a game of the signed-in player without a result opens his board
// (once per game: coming back to this page does not send him there again).
function yourGame(t) {
  const box = $('tn-your-game');
  box.hidden = true;
  if (!me.name || t.status !== 'running') return;
  for (const r of t.games ? [{ pairings: t.games }] : t.rounds || []) {
    for (const p of r.pairings || []) {
      if (!p.game || p.result || (p.south !== me.name && p.north !== me.name)) continue;
      box.replaceChildren(document.createTextNode(`${T.tnYourGame} `), link(`/g/${p.game}`, T.tnGoToBoard));
      box.hidden = false;
      const key = `mancala:tournament-game:${p.game}`;
      let seen = false;
      try { seen = sessionStorage.getItem(key) === '1'; sessionStorage.setItem(key, '1'); } catch (_) { /* not kept */ }
      if (!seen && view.opened !== p.game) {
        view.opened = p.game;
        location.href = `/g/${p.game}`;
      }
      return;
    }
  }
}

async function action(what) {
  $('tn-error').textContent = '';
  try {
    await api('POST', `/api/tournaments/${encodeURIComponent(view.id)}/${what}`, {});
  } catch (e) {
    $('tn-error').textContent = e.message;
  }
  await refresh();
}

async function addPlayer(ev) {
  ev.preventDefault();
  $('tn-director-error').textContent = '';
  const body = { name: $('tn-add-name').value.trim(), rating: Number($('tn-add-rating').value) };
  try {
    await api('POST', `/api/tournaments/${encodeURIComponent(view.id)}/players`, body);
    $('tn-add-name').value = '';
    $('tn-add-name').focus();
  } catch (e) {
    $('tn-director-error').textContent = e.message;
  }
  await refresh();
}

async function pairNext() {
  $('tn-director-error').textContent = '';
  try {
    $('tn-pair').disabled = true;
    await api('POST', `/api/tournaments/${encodeURIComponent(view.id)}/rounds`, {});
  } catch (e) {
    $('tn-director-error').textContent = e.message;
  } finally {
    $('tn-pair').disabled = false;
  }
  await refresh();
}

async function enterResult(round, board, sel) {
  $('tn-director-error').textContent = '';
  if (!sel.value) return;
  try {
    sel.disabled = true;
    await api('PUT', `/api/tournaments/${encodeURIComponent(view.id)}/rounds/${round}/boards/${board}`, { result: sel.value });
  } catch (e) {
    $('tn-director-error').textContent = e.message;
  } finally {
    sel.disabled = false;
  }
  await refresh();
}
