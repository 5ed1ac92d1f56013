// Clocks: the server's `clock` (`south_ms`, `north_ms`, `running`) is the truth; between two
// states the running side's clock counts down here. Under ten seconds a clock turns red, and your
// own clock beeps once as it crosses the line.

import { playerInfo, ratingText } from './accounts.js';
import { $ } from './dom.js';
import { T } from './i18n.js';
import { sound } from './sound.js';

const LOW_MS = 10000;

// `mine`: the sides this page plays, whose clocks beep.
const clocks = { base: null, timer: null, warned: { south: false, north: false }, mine: [] };

function playerName(g, side) {
  const p = g.players && g.players[side];
  if (!p) return '';
  if (typeof p === 'string') return p;
  const rating = p.rating !== undefined && p.rating !== null
    ? ` (${Math.round(p.rating)}${p.provisional ? '?' : ''})` : '';
  return (p.name || '') + rating;
}

// A clock's time: days and hours, h:mm:ss, m:ss, or 0:0s.t under ten seconds.
function formatClock(ms) {
  const s = Math.max(0, ms) / 1000;
  if (s >= 86400) return `${Math.floor(s / 86400)}d ${Math.floor((s % 86400) / 3600)}h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
  // Tenths cut, not rounded: 9.96 s shows 0:09.9, never 0:010.0 (nor time the player lacks).
  if (s < 10) return `0:0${(Math.floor(s * 10) / 10).toFixed(1)}`;
  return `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
}

// The browser tests check the clock's format from the page (`formatClock(ms)`); the UI's modules
// never read it from there.
window.formatClock = formatClock;

// Shows the players and clocks of the state `g`, where this page plays the sides `mine`.
export function showClocks(g, mine) {
  const c = g.clock;
  clocks.mine = mine;
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
    if (low && b.running === side && !clocks.warned[side] && clocks.mine.includes(side)) {
      clocks.warned[side] = true;
      sound.play('low');
    }
    if (!low) clocks.warned[side] = false;
  }
}
