// The lessons (/learn, /learn/GAME, /learn/GAME/STAGE): every game taught in short stages of
// steps (GET /api/learn). A step is a position and a task; the learner plays on the board and the
// server judges the move by the rules core (POST /api/learn/GAME/STAGE/STEP/moves): a wrong move
// is refused with why and not played, a right one is animated and explained. After a game's
// stages, its common mistakes and practice games against the computer. What is done is kept in
// this browser (localStorage `mancala:learn`, `{"done": [PATH, ...]}`) and, signed in, in the
// account (GET/POST /api/learn/progress), the two merged by union.

import { me } from './accounts.js';
import { api } from './api.js';
import { animate, drawBoard } from './board.js';
import { $ } from './dom.js';
import { T, sideName } from './i18n.js';
import { sound } from './sound.js';
import { openNewGame } from './storage.js';

const LN_KEY = 'mancala:learn';
const LN_PRACTICE = 'mancala:learn-practice';

// The paths done in this browser.
function localDone() {
  try {
    const p = JSON.parse(localStorage.getItem(LN_KEY));
    if (p && Array.isArray(p.done)) return new Set(p.done.filter((x) => typeof x === 'string'));
  } catch (_) { /* a broken record starts afresh */ }
  return new Set();
}

function saveLocal(done) {
  try { localStorage.setItem(LN_KEY, JSON.stringify({ done: [...done].sort() })); } catch (_) { /* storage off */ }
}

// The progress: this browser's, merged with the account's when signed in (what this browser
// has that the account has not is sent to it).
async function loadProgress() {
  const done = localDone();
  if (!me.name) return done;
  try {
    const theirs = await api('GET', '/api/learn/progress');
    const missing = [...done].filter((p) => !theirs.done.includes(p));
    for (const p of theirs.done) done.add(p);
    saveLocal(done);
    if (missing.length) await api('POST', '/api/learn/progress', { done: missing });
  } catch (_) { /* the account's progress is merged next time */ }
  return done;
}

// Marks `path` done here and, signed in, in the account.
async function markDone(path) {
  const done = localDone();
  done.add(path);
  saveLocal(done);
  ln.done = done;
  if (me.name) {
    try { await api('POST', '/api/learn/progress', { done: [path] }); } catch (_) { /* merged next time */ }
  }
}

const ln = {
  course: null, done: new Set(), game: null, stage: null,
  step: null, state: null, status: 'idle', animating: false, hint: null,
};

function lnSay(text, kind = '') {
  const m = $('ln-message');
  m.textContent = text;
  m.className = kind;
}

function count(paths) {
  return paths.filter((p) => ln.done.has(p)).length;
}

function stagePaths(s) { return s.steps.map((st) => st.path); }

function gamePaths(g) {
  return g.stages.flatMap(stagePaths).concat(g.practice.map((p) => p.path));
}

function link(href, text, cls) {
  const a = document.createElement('a');
  a.href = href;
  a.textContent = text;
  if (cls) a.className = cls;
  return a;
}

function item(children, attrs = {}) {
  const li = document.createElement('li');
  li.append(...children);
  for (const [k, v] of Object.entries(attrs)) li.dataset[k] = v;
  return li;
}

function show(section) {
  for (const id of ['ln-games', 'ln-game', 'ln-stage']) $(id).hidden = id !== section;
}

// /learn: the games, each with what is done.
function showGames() {
  show('ln-games');
  $('ln-title').textContent = T.learnTitle;
  $('ln-intro').textContent = T.learnIntro;
  $('ln-game-list').replaceChildren(...ln.course.games.map((g) => {
    const paths = gamePaths(g);
    const n = count(paths);
    const mark = document.createElement('span');
    mark.className = 'muted ln-count';
    mark.textContent = ' ' + T.learnDone(n, paths.length);
    const intro = document.createElement('p');
    intro.className = 'muted';
    intro.textContent = g.intro;
    return item([link(`/learn/${g.id}`, g.title), mark, intro], { game: g.id, done: String(n) });
  }));
}

// The side that plays the practice position: the one to move.
function toMove(position) {
  return /-N$/.test(position) ? 'north' : 'south';
}

// Starts a practice game against the computer and opens it; it counts as done once won (looked
// at when the lessons are opened again).
async function startPractice(g, p) {
  const side = toMove(p.position);
  const body = { variant: p.variant, mode: 'computer', position: p.position, level: p.level, side };
  const game = await api('POST', '/api/games', body);
  const pending = pendingPractice();
  pending[game.id] = { path: p.path, until: p.until, side };
  try { localStorage.setItem(LN_PRACTICE, JSON.stringify(pending)); } catch (_) { /* storage off */ }
  openNewGame(game, game.seats[side]);
}

function pendingPractice() {
  try { return JSON.parse(localStorage.getItem(LN_PRACTICE)) || {}; } catch (_) { return {}; }
}

// Whether a practice game's state `st` is won by `side` as `until` asks: the game, a Ba-awa
// round, Isolo's foregame; null while undecided.
function practiceWon(st, until, side) {
  if (until === 'foregame' && st.foregame_winner) return st.foregame_winner === side;
  if (until === 'round' && st.round_end && Array.isArray(st.round_end.captures)) {
    const c = st.round_end.captures;
    return side === 'south' ? c[0] > c[1] : c[1] > c[0];
  }
  if (st.over) return st.result === side;
  return null;
}

// Looks at the practice games started from here: a game won marks its practice done.
async function checkPractice() {
  const pending = pendingPractice();
  let changed = false;
  for (const [id, p] of Object.entries(pending)) {
    try {
      const g = await api('GET', `/api/games/${id}`);
      const won = practiceWon(g.state || g, p.until, p.side);
      if (won === null) continue;
      if (won) await markDone(p.path);
    } catch (_) { /* a game no longer kept */ }
    delete pending[id];
    changed = true;
  }
  if (changed) {
    try { localStorage.setItem(LN_PRACTICE, JSON.stringify(pending)); } catch (_) { /* storage off */ }
  }
}

// /learn/GAME: its stages, common mistakes and practice games.
function showGame(g) {
  show('ln-game');
  $('ln-title').textContent = g.title;
  $('ln-intro').textContent = g.intro;
  $('ln-back').replaceChildren(link('/learn', T.learnAll));
  const rules = g.rules_pages.length ? link(`/rules/${g.rules_pages[0]}`, T.rulesOfThisGame) : '';
  $('ln-rules').replaceChildren(rules);
  $('ln-stage-list').replaceChildren(...g.stages.map((s) => {
    const paths = stagePaths(s);
    const n = count(paths);
    const mark = document.createElement('span');
    mark.className = 'muted ln-count';
    mark.textContent = ' ' + (n === paths.length ? '✓' : T.learnDone(n, paths.length));
    const intro = document.createElement('p');
    intro.className = 'muted';
    intro.textContent = s.intro;
    return item([link(`/learn/${g.id}/${s.id}`, s.title), mark, intro], { stage: s.id, done: String(n) });
  }));
  $('ln-practice-list').replaceChildren(...g.practice.map((p) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = T.learnPlay;
    b.addEventListener('click', () => startPractice(g, p).catch((e) => { $('ln-practice-error').textContent = e.message; }));
    const done = ln.done.has(p.path) ? ' ✓' : '';
    const text = document.createElement('span');
    text.textContent = `${p.text}${done} `;
    return item([text, b], { practice: p.id });
  }));
  $('ln-practice-head').hidden = !g.practice.length;
}

function lnCtx(g) {
  return {
    svg: $('ln-board'), caption: $('ln-caption'), onPlay: lnPlay, hint: ln.hint,
    canPlay: !ln.animating && ln.status === 'solving' && !!g.to_move,
  };
}

function lnDraw() {
  const g = ln.state;
  const ctx = lnCtx(g);
  drawBoard(g, g.pits, g.stores, {}, ctx);
  const board = $('ln-board');
  board.dataset.ready = ctx.canPlay ? 'true' : 'false';
  board.dataset.animating = ln.animating ? 'true' : 'false';
  $('ln-stage').dataset.status = ln.status;
  $('ln-hint').disabled = ln.status !== 'solving';
  $('ln-show').disabled = ln.status !== 'solving';
  $('ln-next').hidden = ln.status !== 'solved';
  $('ln-setup').hidden = !(ln.step && ln.step.setup && ln.status === 'solving');
}

// The dots of the stage's steps: done, open, the current one.
function drawSteps() {
  const s = ln.stage;
  $('ln-steps').replaceChildren(...s.steps.map((st, i) => {
    const a = link(`/learn/${ln.game.id}/${s.id}?step=${st.id}`, String(i + 1), 'ln-dot');
    if (ln.done.has(st.path)) a.classList.add('done');
    if (ln.step && ln.step.step === st.id) a.setAttribute('aria-current', 'step');
    a.addEventListener('click', (e) => { e.preventDefault(); openStep(st.id); });
    return a;
  }));
}

// The Isolo set-up form of a kucheleka step: eight pits of the learner's row.
function drawSetup() {
  const box = $('ln-setup-pits');
  box.replaceChildren(...Array.from({ length: 8 }, (_, i) => {
    const input = document.createElement('input');
    input.type = 'number';
    input.min = '0';
    input.max = '64';
    input.value = '0';
    input.setAttribute('aria-label', String.fromCharCode(65 + i));
    return input;
  }));
}

async function openStep(id) {
  ln.status = 'loading';
  ln.hint = null;
  const d = await api('GET', `/api/learn/${ln.game.id}/${ln.stage.id}/${id}`);
  ln.step = d;
  ln.state = d.state;
  ln.status = 'solving';
  $('ln-task').textContent = d.task;
  $('ln-explain').textContent = '';
  $('ln-counter').textContent = T.learnStep(d.index + 1, d.steps);
  $('ln-board').setAttribute('aria-label', `${d.path}: ${sideName(d.state.to_move)}`);
  $('ln-board').dataset.path = d.path;
  history.replaceState(null, '', `/learn/${ln.game.id}/${ln.stage.id}?step=${d.step}`);
  lnSay(T.learnYourMove(sideName(d.state.to_move)));
  if (d.setup) drawSetup();
  drawSteps();
  lnDraw();
}

async function lnPlay(mv) {
  if (ln.animating || ln.status !== 'solving') return;
  ln.status = 'judging';
  lnDraw();
  const step = ln.step;
  let d;
  try {
    d = await api('POST', `/api/learn/${ln.game.id}/${ln.stage.id}/${step.step}/moves`, { move: mv });
  } catch (e) {
    ln.status = 'solving';
    lnSay(e.message, 'error');
    $('ln-board').dataset.wrong = mv;
    lnDraw();
    return;
  }
  ln.hint = null;
  const prev = ln.state;
  ln.state = d.state;
  if (d.last_move) {
    sound.play('move');
    ln.animating = true;
    $('ln-board').dataset.animating = 'true';
    try {
      await animate(prev, { ...d.state, last_move: d.last_move },
        { svg: $('ln-board'), caption: $('ln-caption'), canPlay: false, onPlay: lnPlay });
    } finally {
      ln.animating = false;
    }
  }
  ln.status = 'solved';
  lnSay(d.message, 'success');
  $('ln-explain').textContent = d.explanation;
  await markDone(d.path);
  drawSteps();
  lnDraw();
  const stageDone = ln.stage.steps.every((st) => ln.done.has(st.path));
  if (stageDone) $('ln-explain').textContent += ' ' + T.learnStageDone(ln.stage.title);
  $('ln-next').textContent = d.next ? T.learnNext : T.learnBackToGame;
  $('ln-next').focus();
}

function lnNext() {
  const next = ln.step && ln.step.next;
  if (!next) { location.assign(`/learn/${ln.game.id}`); return; }
  const [, stage, step] = next.split('/');
  if (stage === ln.stage.id) { openStep(step).catch((e) => lnSay(e.message, 'error')); return; }
  location.assign(`/learn/${ln.game.id}/${stage}?step=${step}`);
}

function lnHint() {
  if (ln.status !== 'solving') return;
  $('ln-explain').textContent = ln.step.hint;
}

// "Show a move": marks a move that does it on the board (a set-up: fills the form).
function lnShow() {
  if (ln.status !== 'solving') return;
  const answer = ln.step.answer;
  if (ln.step.setup && answer.startsWith('k:')) {
    const counts = answer.slice(2).split(/[,-]/);
    [...$('ln-setup-pits').querySelectorAll('input')].forEach((input, i) => { input.value = counts[i] || '0'; });
  } else {
    ln.hint = answer;
  }
  $('ln-explain').textContent = T.learnAMove(answer);
  lnDraw();
}

// /learn/GAME/STAGE: the board on a step (the one in `?step=`, else the first not done).
async function showStage(g, s, params) {
  show('ln-stage');
  ln.stage = s;
  $('ln-title').textContent = `${g.title} · ${s.title}`;
  $('ln-intro').textContent = s.intro;
  $('ln-back').replaceChildren(link('/learn', T.learnAll), ' · ', link(`/learn/${g.id}`, g.title));
  $('ln-hint').textContent = T.learnHint;
  $('ln-show').textContent = T.learnShow;
  $('ln-again').textContent = T.learnAgain;
  $('ln-setup-place').textContent = T.learnPlace;
  $('ln-hint').onclick = lnHint;
  $('ln-show').onclick = lnShow;
  $('ln-again').onclick = () => openStep(ln.step.step).catch((e) => lnSay(e.message, 'error'));
  $('ln-next').onclick = lnNext;
  $('ln-setup').onsubmit = (e) => {
    e.preventDefault();
    const counts = [...$('ln-setup-pits').querySelectorAll('input')].map((i) => Math.max(0, parseInt(i.value, 10) || 0));
    lnPlay(`k:${counts.join(',')}`);
  };
  const wanted = params.get('step');
  const first = s.steps.find((st) => st.id === wanted) || s.steps.find((st) => !ln.done.has(st.path)) || s.steps[0];
  await openStep(first.id);
}

// The lessons' pages, on the game and stage of the address.
export async function showLearn(gameId, stageId, params) {
  $('learn').hidden = false;
  $('subtitle').textContent = T.learnTitle;
  $('ln-practice-head').textContent = T.learnPractice;
  ln.course = await api('GET', '/api/learn');
  ln.done = await loadProgress();
  await checkPractice();
  if (!gameId) { showGames(); return; }
  const g = ln.course.games.find((x) => x.id === gameId || x.variants.includes(gameId));
  if (!g) { showGames(); $('ln-error').textContent = T.learnNoGame; return; }
  ln.game = g;
  const s = stageId && g.stages.find((x) => x.id === stageId);
  if (!s) { showGame(g); return; }
  await showStage(g, s, params);
}
