// The home page: a new game (against the computer, online by seat links, or two on one
// device) and the lobby.

import { api } from './api.js';
import { $ } from './dom.js';
import { T, gameText, variantLabel } from './i18n.js';
import { clockOf, showLobby } from './lobby.js';
import { buildRuleOptions, listVariants, ruleValues, variants } from './presets.js';
import { openNewGame } from './storage.js';

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
