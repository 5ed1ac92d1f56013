// The puzzle page (/puzzles): the shipped puzzles of every game (GET /api/puzzles), solved by
// playing on the board. The opponent's replies of the solution are played by the page; a wrong
// move is answered with its refutation (GET /api/puzzles/{id}/refutation), animated, and why it
// is wrong. The player's puzzle rating (a Glicko-1 update against each puzzle's rating) and
// streaks are kept in this browser (localStorage), never on the server.

import { api } from './api.js';
import { animate, drawBoard } from './board.js';
import { $ } from './dom.js';
import { T, sideName } from './i18n.js';
import { sound } from './sound.js';

const PZ_KEY = 'mancala:puzzles';
const PZ_START = { rating: 1500, rd: 350, played: 0, solved: 0, streak: 0, best: 0, seen: {} };
// A puzzle's rating is known to about this deviation (its formula, docs/puzzles.md).
const PZ_PUZZLE_RD = 80;
const PZ_MIN_RD = 60;
// The next puzzle is drawn among this many unseen puzzles nearest the player's rating.
const PZ_NEAREST = 8;

// A rating change with its sign.
const signed = (delta) => `${delta >= 0 ? '+' : ''}${delta}`;

function pzSolvedText(delta) {
  return delta === null ? T.pzSolved : `${T.pzSolved} ${T.pzRatingChange(signed(delta))}`;
}

function pzStatsText(p) {
  return T.pzStats(`${p.rating}${p.rd > 110 ? '?' : ''}`, p.streak, p.best, p.solved, p.played);
}

const pz = {
  all: new Map(),   // preset -> its puzzles
  variant: null, puzzle: null,
  moves: [], states: [], pitsPerRow: 6, solver: null,
  animating: false, status: 'idle', rated: false, helped: false, hinted: false, hint: null, retryAt: 0,
};

function pzLoad() {
  try {
    const p = JSON.parse(localStorage.getItem(PZ_KEY));
    if (p && Number.isFinite(p.rating) && Number.isFinite(p.rd)) return { ...PZ_START, ...p, seen: p.seen || {} };
  } catch (_) { /* a broken record starts afresh */ }
  return { ...PZ_START, seen: {} };
}

function pzSave(p) {
  try { localStorage.setItem(PZ_KEY, JSON.stringify(p)); } catch (_) { /* storage full or off */ }
}

// One Glicko-1 rating period with a single game: the player (r, rd) against a puzzle rated
// `opp`, scoring `s` (1 solved at the first try, 0.5 solved after a hint, 0 a wrong move or the
// solution shown first). Returns the new [r, rd].
function glicko(r, rd, opp, s) {
  const q = Math.LN10 / 400;
  const g = 1 / Math.sqrt(1 + (3 * q * q * PZ_PUZZLE_RD * PZ_PUZZLE_RD) / (Math.PI * Math.PI));
  const e = 1 / (1 + Math.pow(10, (-g * (r - opp)) / 400));
  const d2 = 1 / (q * q * g * g * e * (1 - e));
  const inv = 1 / (rd * rd) + 1 / d2;
  const r2 = r + (q / inv) * g * (s - e);
  const rd2 = Math.max(PZ_MIN_RD, Math.sqrt(1 / inv));
  return [Math.round(r2), Math.round(rd2)];
}

// Records the first try at the current puzzle (once): returns the rating change.
function pzRate(score) {
  if (pz.rated) return null;
  pz.rated = true;
  const p = pzLoad();
  const [r, rd] = glicko(p.rating, p.rd, pz.puzzle.rating, score);
  const delta = r - p.rating;
  p.rating = r;
  p.rd = rd;
  p.played += 1;
  if (score === 1) { p.solved += 1; p.streak += 1; p.best = Math.max(p.best, p.streak); } else { p.streak = 0; }
  p.seen[pz.puzzle.id] = score;
  pzSave(p);
  pzStats();
  return delta;
}

function pzStats() {
  $('pz-stats').textContent = pzStatsText(pzLoad());
}

function pzGame(state) { return { ...state, pits_per_row: pz.pitsPerRow }; }
function pzState() { return pz.states[pz.states.length - 1]; }

function pzCtx(g) {
  return {
    svg: $('pz-board'), caption: $('pz-caption'), onPlay: pzPlay, hint: pz.hint,
    canPlay: !pz.animating && pz.status === 'solving' && g.to_move === pz.solver,
  };
}

function pzDraw() {
  const g = pzGame(pzState());
  const ctx = pzCtx(g);
  drawBoard(g, g.pits, g.stores, {}, ctx);
  const board = $('pz-board');
  board.dataset.ply = String(pz.moves.length);
  board.dataset.ready = ctx.canPlay ? 'true' : 'false';
  board.dataset.animating = pz.animating ? 'true' : 'false';
  $('puzzles').dataset.status = pz.status;
  $('pz-hint').disabled = pz.status !== 'solving';
  $('pz-retry').hidden = pz.status !== 'wrong';
  $('pz-solution').disabled = pz.status === 'solved' || pz.status === 'shown' || pz.animating;
}

function pzSay(text, kind = '') {
  const m = $('pz-message');
  m.textContent = text;
  m.className = kind;
}

async function pzPositions(moves) {
  return api('POST', '/api/positions', { variant: pz.puzzle.variant, position: pz.puzzle.position, moves });
}

// Plays `mv` after the moves so far, animated.
async function pzAnimate(mv) {
  const d = await pzPositions(pz.moves.concat([mv]));
  const prev = pzGame(pzState());
  pz.moves = d.moves.slice();
  pz.states = d.states;
  sound.play('move');
  pz.animating = true;
  $('pz-board').dataset.animating = 'true';
  try {
    await animate(prev, { ...pzGame(pzState()), last_move: d.last_move },
      { svg: $('pz-board'), caption: $('pz-caption'), canPlay: false, onPlay: pzPlay });
  } finally {
    pz.animating = false;
  }
  pzDraw();
}

function pzGoal(p) {
  if (p.horizon) return T.pzGoalForced(p.horizon);
  if (p.goal === 'draw') return T.pzGoalDraw;
  return p.margin > 0 ? T.pzGoalMargin(p.margin) : T.pzGoalWin;
}

async function pzOpen(p) {
  pz.puzzle = p;
  pz.variant = p.variant;
  pz.status = 'loading';
  pz.rated = Object.prototype.hasOwnProperty.call(pzLoad().seen, p.id);
  pz.helped = false;
  pz.hinted = false;
  pz.hint = null;
  $('pz-variant').value = p.variant;
  $('pz-themes').textContent = '';
  pzSay('');
  const d = await pzPositions([]);
  pz.pitsPerRow = d.pits_per_row;
  pz.moves = [];
  pz.states = d.states;
  pz.solver = d.states[0].to_move;
  pz.status = 'solving';
  $('pz-task').textContent = T.pzTask(sideName(pz.solver), pzGoal(p), p.rating);
  $('pz-board').setAttribute('aria-label', `puzzle ${p.id}: ${sideName(pz.solver)} to play`);
  history.replaceState(null, '', `/puzzles?variant=${encodeURIComponent(p.variant)}&id=${encodeURIComponent(p.id)}`);
  pzSay(T.pzYourTurn);
  pzDraw();
}

// The next puzzle of the game: an unseen one near the player's rating (any, once all are seen).
function pzNext() {
  if (pz.animating) return;
  const list = pz.all.get(pz.variant) || [];
  if (!list.length) { pzSay(T.pzNone, 'error'); return; }
  const p = pzLoad();
  const fresh = list.filter((x) => !Object.prototype.hasOwnProperty.call(p.seen, x.id) && (!pz.puzzle || x.id !== pz.puzzle.id));
  const pool = (fresh.length ? fresh : list).slice()
    .sort((a, b) => Math.abs(a.rating - p.rating) - Math.abs(b.rating - p.rating))
    .slice(0, PZ_NEAREST);
  pzOpen(pool[Math.floor(Math.random() * pool.length)]).catch((e) => pzSay(e.message, 'error'));
}

async function pzPlay(mv) {
  if (pz.animating || pz.status !== 'solving') return;
  $('pz-board').dataset.ready = 'false';
  const p = pz.puzzle;
  const k = pz.moves.length;
  const st = pzState();
  if (!st.legal.includes(mv)) {
    try { await pzPositions(pz.moves.concat([mv])); } catch (e) {
      pzSay(e.data && e.data.reason ? T.illegal(mv, e.data.reason_text || e.data.reason) : e.message, 'error');
    }
    return;
  }
  pz.hint = null;
  if (mv === p.solution[k]) {
    await pzAnimate(mv);
    if (k + 1 >= p.solution.length) { pzSolved(); return; }
    pzSay(T.pzRight(mv));
    // The defender's replies of the solution, until the solver is to move again.
    while (pz.moves.length < p.solution.length && pzState().to_move && pzState().to_move !== pz.solver) {
      const reply = p.solution[pz.moves.length];
      await pzAnimate(reply);
      pzSay(`${T.pzRight(mv)} ${T.pzReply(sideName(pz.solver === 'south' ? 'north' : 'south'), reply)}`);
    }
    if (pz.moves.length >= p.solution.length) { pzSolved(); return; }
    pzDraw();
    return;
  }
  await pzWrong(mv);
}

function pzSolved() {
  pz.status = 'solved';
  if (pz.helped) pzSay(T.pzSolvedAfter, 'success');
  else pzSay(pzSolvedText(pzRate(pz.hinted ? 0.5 : 1)), 'success');
  pzDraw();
}

async function pzWrong(mv) {
  const p = pz.puzzle;
  const before = pz.moves.slice();
  pz.status = 'refuting';
  pz.helped = true;
  const delta = pzRate(0);
  pzSay(T.pzRefuting);
  pzDraw();
  let r;
  try {
    r = await api('GET', `/api/puzzles/${encodeURIComponent(p.id)}/refutation?moves=${encodeURIComponent(before.concat([mv]).join(','))}`);
  } catch (e) {
    pz.status = 'solving';
    pzSay(e.message, 'error');
    pzDraw();
    return;
  }
  pz.retryAt = before.length;
  await pzAnimate(mv);
  if (r.reply) await pzAnimate(r.reply);
  pz.status = 'wrong';
  pzSay(T.pzWrong(mv, r.why) + (delta === null ? '' : ' ' + T.pzRatingChange(signed(delta))), 'error');
  pzDraw();
  $('pz-retry').focus();
}

async function pzRetry() {
  if (pz.animating || pz.status !== 'wrong') return;
  const d = await pzPositions(pz.moves.slice(0, pz.retryAt));
  pz.moves = d.moves.slice();
  pz.states = d.states;
  pz.status = 'solving';
  pzSay(T.pzYourTurn);
  pzDraw();
}

async function pzShowSolution() {
  if (pz.animating || pz.status === 'solved' || pz.status === 'shown' || pz.status === 'refuting') return;
  const p = pz.puzzle;
  if (pz.status === 'wrong') await pzRetry();
  pz.helped = true;
  pzRate(0);
  pz.status = 'showing';
  pz.hint = null;
  pzDraw();
  while (pz.moves.length < p.solution.length) await pzAnimate(p.solution[pz.moves.length]);
  pz.status = 'shown';
  pzSay(T.pzSolution(p.solution.join(' ')));
  pzDraw();
}

function pzHint() {
  if (pz.status !== 'solving' || pz.animating) return;
  const p = pz.puzzle;
  pz.hint = p.solution[pz.moves.length];
  pz.hinted = true;
  $('pz-themes').textContent = T.pzHint(pz.hint, (p.themes && p.themes.length ? p.themes : [p.theme]).join(', '));
  pzDraw();
}

// The puzzle page, on the puzzle (`id`) or the game (`variant`) of the address.
export async function showPuzzles(params) {
  $('puzzles').hidden = false;
  $('subtitle').textContent = T.pzTitle;
  $('pz-title').textContent = T.pzTitle;
  $('pz-variant-label').textContent = T.pzGame;
  $('pz-hint').textContent = T.pzHintBtn;
  $('pz-retry').textContent = T.pzRetryBtn;
  $('pz-solution').textContent = T.pzSolutionBtn;
  $('pz-next').textContent = T.pzNextBtn;
  pzStats();
  const list = await api('GET', '/api/puzzles');
  for (const p of list) {
    if (!pz.all.has(p.variant)) pz.all.set(p.variant, []);
    pz.all.get(p.variant).push(p);
  }
  const sel = $('pz-variant');
  for (const v of pz.all.keys()) {
    const o = document.createElement('option');
    o.value = v;
    o.textContent = `${v} (${pz.all.get(v).length})`;
    sel.append(o);
  }
  sel.addEventListener('change', () => { pz.variant = sel.value; pz.puzzle = null; pzNext(); });
  $('pz-hint').addEventListener('click', pzHint);
  $('pz-retry').addEventListener('click', () => pzRetry().catch((e) => pzSay(e.message, 'error')));
  $('pz-solution').addEventListener('click', () => pzShowSolution().catch((e) => pzSay(e.message, 'error')));
  $('pz-next').addEventListener('click', pzNext);
  const id = params.get('id');
  const wanted = id && list.find((p) => p.id === id);
  if (wanted) { await pzOpen(wanted); return; }
  pz.variant = pz.all.has(params.get('variant')) ? params.get('variant') : pz.all.keys().next().value;
  if (!pz.variant) { pzSay(T.pzNone, 'error'); return; }
  pzNext();
}
