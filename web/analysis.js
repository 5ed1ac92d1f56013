// The analysis board (/analysis): a line (a game's moves, or moves from a position set up by
// hand) stepped through with the engine's value and best line at each position; any legal move
// played on the board starts a variation. Every position comes from the server (POST
// /api/positions), so the rules core decides, as in a game.

import { api, scoreText } from './api.js';
import { animate, drawBoard, pitIndex } from './board.js';
import { $ } from './dom.js';
import { T, resultText, sideName } from './i18n.js';
import { sound } from './sound.js';

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

// The analysis board of the address's game (`game`) or line (`variant`, `rules`, `position`,
// `moves`), at `ply`.
export async function showAnalysis(params) {
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
