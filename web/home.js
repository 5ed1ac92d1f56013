// The home page, the community's door: quick pairing by time control, the lobby, the games
// being played now, the puzzle of the day, tournaments starting soon and running, and a new
// game (against the computer, online by seat links, or two on one device).

import { api } from './api.js';
import { $ } from './dom.js';
import { T, gameName, gameText, variantLabel } from './i18n.js';
import { clockOf, showLobby } from './lobby.js';
import { buildRuleOptions, listVariants, ruleValues, variants } from './presets.js';
import { showQuick } from './quick.js';
import { openNewGame } from './storage.js';
import { formatName, statusName } from './tournaments.js';

// How often the games being played and the tournaments are asked for again (ms).
const REFRESH_MS = 20000;

// The home page.
export async function showHome() {
  $('home').hidden = false;
  $('subtitle').textContent = T.tagline;
  $('home-editor').textContent = T.homeEditor;
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
  showQuick();
  showDaily();
  refreshCommunity();
  setInterval(() => { if (!document.hidden) refreshCommunity(); }, REFRESH_MS);
}

function refreshCommunity() {
  showLive().catch(() => {});
  showTournaments().catch(() => {});
}

// A preset's name by its API name.
function gameLabel(name) {
  const v = variants.find((x) => x.name === name);
  return v ? gameName(v) : name;
}

function link(href, text) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  return a;
}

// The games being played now, each a link to watch it.
async function showLive() {
  const d = await api('GET', '/api/games/live?limit=10');
  const items = (d.games || []).map((g) => {
    const li = document.createElement('li');
    li.dataset.game = g.id;
    const tc = g.time_control === 'untimed' ? T.untimed : g.time_control;
    li.append(link(`/g/${g.id}`, T.liveGame(g.players.south, g.players.north)), ' ');
    const about = document.createElement('span');
    about.className = 'muted';
    about.textContent = T.liveAbout(gameLabel(g.variant), tc, g.plies);
    li.append(about);
    return li;
  });
  $('live-list').replaceChildren(...items);
  $('live-empty').textContent = items.length ? '' : T.liveNone;
}

// The puzzle of the day: the same for everyone on a day (UTC), taken in turn from every
// shipped puzzle.
async function showDaily() {
  const list = await api('GET', '/api/puzzles').catch(() => []);
  if (!list.length) { $('home-daily').hidden = true; return; }
  const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const day = Math.floor(Date.now() / 86400000);
  const p = sorted[day % sorted.length];
  $('daily-text').textContent = T.dailyText(gameLabel(p.variant), p.rating);
  $('daily-link').href = `/puzzles?id=${encodeURIComponent(p.id)}`;
  $('daily-link').dataset.puzzle = p.id;
}

// Tournaments starting soon and running; the card stays hidden while the server has none (or
// no tournaments at all: 404).
async function showTournaments() {
  let d;
  try {
    d = await api('GET', '/api/tournaments');
  } catch (e) {
    $('home-tournaments').hidden = true;
    return;
  }
  const all = Array.isArray(d) ? d : d.tournaments || [];
  const shown = all.filter((t) => t.status === 'running' || t.status === 'created').slice(0, 8);
  const items = shown.map((t) => {
    const li = document.createElement('li');
    li.dataset.tournament = t.id;
    li.append(link(`/tournaments/${encodeURIComponent(t.id)}`, t.name), ' ');
    const about = document.createElement('span');
    about.className = 'muted';
    about.textContent = [formatName(t.format), t.variant ? gameLabel(t.variant) : '', statusName(t.status)]
      .filter(Boolean).join(' · ');
    li.append(about);
    return li;
  });
  $('home-tournament-list').replaceChildren(...items);
  $('home-tournaments-empty').textContent = items.length ? '' : T.tnNoneSoon;
  $('home-tournaments').hidden = false;
}

function modeValue() { return document.querySelector('input[name=mode]:checked').value; }

function showVariant() {
  const v = variants.find((x) => x.name === $('variant').value);
  // The summary in the page's language; the rules themselves are behind the link below.
  $('variant-summary').textContent = v ? gameText(`game-${v.name}-summary`, v.summary) : '';
  $('variant-rules').href = v ? `/rules/${v.name}` : '/rules';
  buildRuleOptions($('rule-options'), v, {});
}

async function createGame(ev) {
  ev.preventDefault();
  $('create-error').textContent = '';
  const rules = ruleValues($('rule-options'));
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
    openNewGame(g, mode === 'computer' ? g.seats[body.side] : g.seats.south);
  } catch (e) {
    $('create-error').textContent = e.message;
  } finally {
    $('start').disabled = false;
  }
}
