// The board: its layout, the pits and stores drawn in SVG (playable or not, per `ctx`), and the
// sowing animation from a move's steps, at the speed chosen in this browser.

import { el } from './dom.js';
import { T } from './i18n.js';
import { setting } from './storage.js';

// Where every pit and store of the state `g` is drawn, in the svg's units.
export function layout(g) {
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

// The move that sows pit `i` of a board of `n` pits a row (`A`.., `a`..), or null.
export function moveName(i, n) {
  if (i < n) return String.fromCharCode(65 + i);
  if (i < 2 * n) return String.fromCharCode(97 + i - n);
  return null;
}

// The pit a one-letter move sows (moveName's inverse), or -1.
export function pitIndex(move, n) {
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

// Draws the state `g` with `pits` and `stores` (those of a step of an animation, or the state's
// own) and the `marks` of the moment (the last pit sown, captures, the lap, the seeds in hand, a
// note), in `ctx`: `{ svg, caption, onPlay, hint, canPlay }`, the svg element, the element for
// the caption (or null), what a click on a pit does when `canPlay`, the move to mark as a hint.
export function drawBoard(g, pits, stores, marks = {}, ctx) {
  const L = layout(g);
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

export function speedName() {
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
// The board's svg carries data-laps and data-drops: the laps and seeds shown so far in this
// animation. `ctx` is drawBoard's, or a function giving it for the state drawn (the game page's
// may change while the move is shown).
export async function animate(prev, g, ctx) {
  const steps = (g.last_move && g.last_move.steps) || [];
  const ctxOf = typeof ctx === 'function' ? ctx : () => ctx;
  const board = ctxOf(g).svg;
  const pits = prev.pits.slice();
  const stores = prev.stores.slice();
  let hand = 0, lap = 0, drops = 0, at;
  board.dataset.laps = '0';
  board.dataset.drops = '0';
  if (!steps.length || steps.some((st) => st.pit !== undefined && (st.pit < 0 || st.pit >= pits.length))) return;
  const total = steps.filter((st) => st.kind === 'drop').length;
  const delay = Math.max(8, Math.min(160, 6000 / Math.max(total, 1)));
  const show = (marks) => drawBoard(g, pits, stores, { ...marks, hand, lap }, ctxOf(g));
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
