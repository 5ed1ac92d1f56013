// Quick pairing on the home page: one tile per time control for the chosen game. A click
// accepts the oldest open seek that matches it exactly (same game, no rule changes, same clock,
// rated, open to anyone), else posts that seek and waits for someone to accept it; a second
// click on a waiting tile cancels the seek. The game then opens for both players as the
// lobby opens any game (lobby.js).

import { me } from './accounts.js';
import { api } from './api.js';
import { $ } from './dom.js';
import { T, variantLabel } from './i18n.js';
import { currentSeeks, lobbyLive, onSeeks, openGame, refreshSeeks } from './lobby.js';
import { variants } from './presets.js';
import { openNewGame, saveSetting, setting } from './storage.js';

// The tiles' time controls: minutes + seconds added per move, and correspondence.
const TILES = [
  { id: '1+0', clock: { initial_ms: 60000, increment_ms: 0 } },
  { id: '3+2', clock: { initial_ms: 180000, increment_ms: 2000 } },
  { id: '5+3', clock: { initial_ms: 300000, increment_ms: 3000 } },
  { id: '10+5', clock: { initial_ms: 600000, increment_ms: 5000 } },
  { id: 'corr', clock: { days_per_move: 3 } },
];

// The engine's level of "play the computer".
const COMPUTER_LEVEL = 3;

const quick = { busy: false };

function sameClock(a, b) {
  if (!a || !b) return a === b;
  if (b.days_per_move !== undefined) return a.days_per_move === b.days_per_move;
  return a.initial_ms === b.initial_ms && a.increment_ms === b.increment_ms;
}

// Whether seek `sk` is the one a tile of clock `clock` in game `variant` posts.
function matches(sk, variant, clock) {
  return sk.variant === variant && !sk.to && sk.rated && (!sk.rules || !Object.keys(sk.rules).length)
    && sameClock(sk.clock, clock);
}

// The tiles, with their counts of waiting players, for the game chosen.
function renderTiles(seeks) {
  const variant = $('quick-variant').value;
  for (const b of $('quick-tiles').querySelectorAll('button[data-tile]')) {
    const tile = TILES.find((t) => t.id === b.dataset.tile);
    const open = seeks.filter((sk) => matches(sk, variant, tile.clock));
    const mine = open.find((sk) => sk.owner === me.name);
    const others = open.filter((sk) => sk.owner !== me.name).length;
    b.classList.toggle('waiting', Boolean(mine));
    b.dataset.seek = mine ? mine.id : '';
    b.setAttribute('aria-pressed', mine ? 'true' : 'false');
    b.querySelector('.tile-note').textContent = mine ? T.tileWaiting : others ? T.tileOpen(others) : '';
  }
}

async function tileClick(tile, button) {
  $('quick-error').textContent = '';
  if (!me.name) { $('quick-error').textContent = T.tileLogIn; return; }
  if (quick.busy) return;
  quick.busy = true;
  const variant = $('quick-variant').value;
  try {
    if (button.dataset.seek) {
      await api('POST', `/api/seeks/${encodeURIComponent(button.dataset.seek)}/cancel`, {});
    } else {
      const theirs = currentSeeks().find((sk) => sk.owner !== me.name && matches(sk, variant, tile.clock));
      if (theirs) {
        const d = await api('POST', `/api/seeks/${encodeURIComponent(theirs.id)}/accept`, {});
        if (d.game) { openGame(d.game); return; }
      } else {
        await api('POST', '/api/seeks', { variant, clock: tile.clock, rated: true, side: 'random' });
      }
    }
    if (!lobbyLive()) await refreshSeeks();
  } catch (e) {
    $('quick-error').textContent = e.message;
    await refreshSeeks();
  } finally {
    quick.busy = false;
  }
}

async function playComputer() {
  $('quick-error').textContent = '';
  const body = { variant: $('quick-variant').value, mode: 'computer', side: 'south', level: COMPUTER_LEVEL };
  try {
    $('quick-computer').disabled = true;
    const g = await api('POST', '/api/games', body);
    openNewGame(g, g.seats.south);
  } catch (e) {
    $('quick-error').textContent = e.message;
  } finally {
    $('quick-computer').disabled = false;
  }
}

// The quick-pairing card, once the presets are loaded.
export function showQuick() {
  const sel = $('quick-variant');
  sel.replaceChildren(...variants.map((v) => new Option(variantLabel(v), v.name)));
  const saved = setting('quick-variant', 'oware');
  sel.value = variants.some((v) => v.name === saved) ? saved : variants[0].name;
  sel.addEventListener('change', () => { saveSetting('quick-variant', sel.value); renderTiles(currentSeeks()); });
  $('quick-note').textContent = me.name ? T.quickNote : T.lobbyGuest;
  $('quick-tiles').replaceChildren(...TILES.map((tile) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tile';
    b.dataset.tile = tile.id;
    const big = document.createElement('span');
    big.className = 'tile-clock';
    big.textContent = tile.id === 'corr' ? T.tileCorrespondence : tile.id;
    const small = document.createElement('span');
    small.className = 'tile-kind';
    small.textContent = tile.id === 'corr' ? T.daysPerMove(tile.clock.days_per_move) : T.tileMinutes;
    const note = document.createElement('span');
    note.className = 'tile-note';
    b.append(big, small, note);
    b.addEventListener('click', () => tileClick(tile, b));
    return b;
  }));
  $('quick-computer').textContent = T.quickComputer;
  $('quick-computer').addEventListener('click', playComputer);
  onSeeks(renderTiles);
  renderTiles(currentSeeks());
}
