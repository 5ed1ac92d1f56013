// Browser tests of the web UI: headless Chromium (Debian's) driven by playwright-core.
// Starts `mancala serve` on a free loopback port with an in-memory store, plays games by clicking
// pits, checks that the sowing animation finishes on the server's board, opens an online room
// from two browser contexts, plays a whole game against the computer in each of the six seed
// games, checks the evaluation graph, the rules pages and the animation speed setting, the pages
// of French and Portuguese browsers and the language an account keeps across browsers, and saves
// screenshots under target/browser-screenshots (docs/screenshot-web.png is rewritten only on purpose,
// with MANCALA_UPDATE_DOCS_SCREENSHOT=1).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const bin = process.env.MANCALA_BIN || path.join(root, 'target', 'release', 'mancala');
const chromePath = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run'];

let server, base, browser;

before(async () => {
  server = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--memory', '--create-burst', '200',
    // Every test signs up or logs in from the same address, faster than a person could.
    '--auth-burst', '200'],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start')), 20000);
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    server.on('exit', (code) => reject(new Error('server exited ' + code)));
  });
  browser = await chromium.launch({ executablePath: chromePath, args: FLAGS, headless: true });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
});

async function apiJson(method, p, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  const r = await fetch(base + p, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return r.json();
}

// The pits as the board shows them once no animation is running.
async function boardPits(page) {
  return page.$$eval('#board [data-pit]', (els) => els
    .sort((a, b) => Number(a.dataset.pit) - Number(b.dataset.pit))
    .map((e) => Number(e.dataset.count)));
}

// Sets up Isolo's kucheleka in the page's editor (8 pit counts), checks the total it shows and
// that the game goes on to the proper game with those pits; returns the game's state.
async function setUpKucheleka(page, id, counts) {
  const inputs = await page.$$('#kuch-pits input');
  assert.equal(inputs.length, 8);
  for (let k = 0; k < 8; k++) await inputs[k].fill(String(counts[k]));
  const total = counts.reduce((a, b) => a + b, 0);
  assert.equal(await page.textContent('#kuch-total'), String(total));
  await page.click('#kuch-go');
  await page.waitForFunction(() => document.getElementById('kucheleka').hidden);
  const state = await apiJson('GET', `/api/games/${id}`);
  assert.equal(state.phase, 'proper');
  assert.deepEqual(state.pits.slice(0, 8), counts);
  return state;
}

async function settled(page, ply) {
  await page.waitForFunction((p) => {
    const b = document.getElementById('board');
    return b.dataset.animating === 'false' && Number(b.dataset.ply) >= p;
  }, ply, { timeout: 20000 });
}

test('play against the computer by clicking pits', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 820 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + '/');
  await page.waitForSelector('#variant option[value=oware]', { state: 'attached' });
  await page.selectOption('#variant', 'oware');
  await page.check('input[name=mode][value=computer]');
  await page.selectOption('#level', '1');
  await page.click('#start');
  await page.waitForURL(/\/g\/[0-9a-f]{20}#seat=/);
  await page.waitForSelector('#board [data-move="C"].legal');
  const id = page.url().match(/\/g\/([0-9a-f]{20})/)[1];

  // The sowing is animated: the board says so while seeds move, then settles.
  await page.click('#board [data-move="C"]');
  await page.waitForFunction(() => document.getElementById('board').dataset.animating === 'true', null, { timeout: 5000 });
  await settled(page, 2);
  let g = await apiJson('GET', `/api/games/${id}`);
  await settled(page, g.ply);
  g = await apiJson('GET', `/api/games/${id}`);
  assert.deepEqual(await boardPits(page), g.pits);
  assert.equal(await page.textContent('#board [data-store=south] .count'), String(g.stores[0]));
  assert.equal(await page.locator('#moves li').count(), g.ply);
  assert.equal(await page.locator('#board .pit.last').count(), 1, 'the last move is marked');

  // Two more moves, then a hint and the evaluation bar.
  for (let i = 0; i < 2; i++) {
    g = await apiJson('GET', `/api/games/${id}`);
    if (g.over) break;
    await page.click(`#board [data-move="${g.legal[0]}"]`);
    await settled(page, g.ply + 2);
  }
  await page.check('#eval-on');
  await page.click('#hint');
  await page.waitForSelector('#board .pit.hint', { timeout: 10000 });
  assert.match(await page.textContent('#hint-text'), /Suggested: [A-F]/);
  g = await apiJson('GET', `/api/games/${id}`);
  assert.deepEqual(await boardPits(page), g.pits);
  await shot(page, 'screenshot-web.png');
  if (process.env.MANCALA_UPDATE_DOCS_SCREENSHOT === '1') {
    await page.screenshot({ path: path.join(root, 'docs', 'screenshot-web.png') });
  }

  // Undo goes back to our turn.
  const before = g.ply;
  await page.click('#undo');
  await page.waitForFunction((p) => Number(document.getElementById('board').dataset.ply) < p, before);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a relay move is animated lap by lap from the server\'s steps', async () => {
  const g = await apiJson('POST', '/api/games', { variant: 'olowuka', mode: 'local' });
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/g/${g.id}#seat=${g.seats.south}`);
  await settled(page, 0);
  await page.waitForSelector('#board [data-move="A"].legal');
  // Watch the board during the animation: the highest lap shown and every drop counted.
  await page.evaluate(() => {
    window.seen = { laps: 0, drops: 0 };
    const b = document.getElementById('board');
    new MutationObserver(() => {
      if (b.dataset.animating !== 'true') return;
      window.seen.laps = Math.max(window.seen.laps, Number(b.dataset.laps || 0));
      window.seen.drops = Math.max(window.seen.drops, Number(b.dataset.drops || 0));
    }).observe(b, { attributes: true, attributeFilter: ['data-laps', 'data-drops'] });
  });
  // From the start, A's last seed makes 5 in E: the move relays over several laps.
  await page.click('#board [data-move="A"]');
  await settled(page, 1);
  const state = await apiJson('GET', `/api/games/${g.id}`);
  const steps = state.last_move.steps;
  const laps = Math.max(...steps.filter((st) => st.kind === 'lift').map((st) => st.lap));
  const drops = steps.filter((st) => st.kind === 'drop').length;
  assert.ok(laps > 1, `the move has ${laps} lap(s)`);
  const seen = await page.evaluate(() => window.seen);
  assert.equal(seen.laps, laps, 'every lap is shown');
  assert.equal(seen.drops, drops, 'every seed is dropped');
  assert.ok(drops > 4, 'more seeds than the first lap holds');
  assert.deepEqual(await boardPits(page), state.pits);
  assert.equal(await page.textContent('#board [data-store=south] .count'), String(state.stores[0]));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('an illegal click is answered with the reason', async () => {
  const g = await apiJson('POST', '/api/games', {
    variant: 'abapa', mode: 'local', position: '1-0-0-0-0-5-0-0-0-0-0-0-20-22-S',
  });
  const ctx = await browser.newContext({ viewport: { width: 900, height: 700 } });
  const page = await ctx.newPage();
  await page.goto(`${base}/g/${g.id}#seat=${g.seats.south}`);
  await page.waitForSelector('#board [data-move="F"].legal');
  await page.click('#board [data-move="A"]');
  await page.waitForFunction(() => /must feed/.test(document.getElementById('message').textContent));
  assert.match(await page.textContent('#message'), /Illegal move A: must feed the opponent/);
  await ctx.close();
});

test('Isolo: the foregame winner sets up his row with the kucheleka editor', async () => {
  const g = await apiJson('POST', '/api/games', { variant: 'isolo', mode: 'local' });
  // rules.md I2: from the start, G wins the foregame for South at once.
  const after = await apiJson('POST', `/api/games/${g.id}/moves`, { move: 'G' }, g.seats.south);
  assert.equal(after.phase, 'kucheleka');
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/g/${g.id}#seat=${g.seats.south}`);
  await page.waitForSelector('#kucheleka:not([hidden]) #kuch-pits input');
  const want = [0, 5, 0, 3, 0, 0, 8, 1];
  const state = await setUpKucheleka(page, g.id, want);
  assert.deepEqual(state.pits.slice(8), [2, 2, 2, 2, 2, 2, 2, 2]);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('an online room from two browser contexts, and a spectator', async () => {
  const a = await browser.newContext({ viewport: { width: 1000, height: 760 } });
  const b = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const c = await browser.newContext({ viewport: { width: 800, height: 600 } });
  const pa = await a.newPage();
  await pa.goto(base + '/');
  await pa.waitForSelector('#variant option[value=abapa]', { state: 'attached' });
  await pa.selectOption('#variant', 'abapa');
  await pa.check('input[name=mode][value=online]');
  await pa.click('#start');
  await pa.waitForSelector('#share-links input[data-link=north]');
  const northLink = await pa.inputValue('#share-links input[data-link=north]');
  const spectate = await pa.inputValue('#share-links input[data-link=spectate]');
  assert.match(northLink, /#seat=[0-9a-f]{48}$/);

  const pb = await b.newPage();
  await pb.goto(northLink);
  await settled(pb, 0);
  const pc = await c.newPage();
  await pc.goto(spectate);
  await settled(pc, 0);
  assert.match(await pc.textContent('#status'), /Watching/);

  // South (context A) moves; North (context B, phone-sized) sees it pushed, then answers.
  await pa.waitForSelector('#board [data-move="D"].legal');
  await pa.click('#board [data-move="D"]');
  await settled(pb, 1);
  await pb.waitForSelector('#board [data-move="b"].legal');
  assert.match(await pb.textContent('#status'), /Your move/);
  await pb.tap('#board [data-move="b"]');
  await settled(pa, 2);
  await settled(pc, 2);
  const id = new URL(spectate).pathname.split('/').pop();
  const g = await apiJson('GET', `/api/games/${id}`);
  assert.deepEqual(g.moves, ['D', 'b']);
  for (const p of [pa, pb, pc]) assert.deepEqual(await boardPits(p), g.pits);
  // The phone-sized page does not scroll sideways.
  const overflow = await pb.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px too wide on a phone`);
  // A spectator cannot move.
  assert.equal(await pc.locator('#board .pit.legal').count(), 0);
  await a.close(); await b.close(); await c.close();
});

// ------------------------------------------------------------------------------------------
// Whole games against the computer, through the page's own controls.

// A small seeded generator, so that the human side's choices can be replayed.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Starts a game against the computer at level 1 from the home page, with `rules` set in the
// page's rule-option inputs; answers the page and the game id.
async function startAgainstComputer(ctx, variant, rules = {}) {
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(base + '/');
  await page.waitForSelector(`#variant option[value="${variant}"]`, { state: 'attached' });
  await page.selectOption('#variant', variant);
  await page.check('input[name=mode][value=computer]');
  await page.selectOption('#side', 'south');
  await page.selectOption('#level', '1');
  if (Object.keys(rules).length) {
    await page.click('#new-game details summary');
    for (const [name, value] of Object.entries(rules)) {
      const input = page.locator(`[data-option="${name}"]`);
      if (await input.evaluate((e) => e.tagName === 'SELECT')) await input.selectOption(String(value));
      else await input.fill(String(value));
    }
  }
  await page.click('#start');
  await page.waitForURL(/\/g\/[0-9a-f]{20}#seat=/);
  await settled(page, 0);
  const id = page.url().match(/\/g\/([0-9a-f]{20})/)[1];
  return { page, id, errors };
}

// Clicks legal pits (chosen by `choose`) until the page says the game is over; `setUp` fills
// in Isolo's kucheleka editor when the page shows it. Answers the number of clicks.
async function playToEnd(page, { choose, setUp, maxClicks = 3000 }) {
  let clicks = 0;
  for (;;) {
    const handle = await page.waitForFunction(() => {
      const board = document.getElementById('board');
      if (board.dataset.animating !== 'false') return false;
      if (document.getElementById('status').dataset.over === 'true') return 'over';
      if (!document.getElementById('kucheleka').hidden) return 'setup';
      if (document.querySelector('#board .pit.legal')) return 'move';
      return false;
    }, null, { timeout: 60000, polling: 20 }).catch(async (e) => {
      const shown = await page.evaluate(() => ({
        animating: document.getElementById('board').dataset.animating,
        ply: document.getElementById('board').dataset.ply,
        status: document.getElementById('status').textContent,
        message: document.getElementById('message').textContent,
      }));
      throw new Error(`${e.message}\nafter ${clicks} clicks the page shows ${JSON.stringify(shown)}`);
    });
    const what = await handle.jsonValue();
    if (what === 'over') return clicks;
    assert.ok(clicks < maxClicks, `still playing after ${clicks} clicks`);
    const ply = Number(await page.getAttribute('#board', 'data-ply'));
    if (what === 'setup') {
      await setUp(page);
    } else {
      const legal = await page.$$eval('#board .pit.legal', (els) => els.map((e) => e.dataset.move));
      await page.click(`#board [data-move="${choose(legal)}"]`);
    }
    clicks += 1;
    // The page has taken the move once the board shows a later ply (or the end).
    await page.waitForFunction((p) => Number(document.getElementById('board').dataset.ply) > p
      || document.getElementById('status').dataset.over === 'true', ply, { timeout: 60000, polling: 20 });
  }
}

// The finished page agrees with the server: status, board, stores and move list.
async function checkFinished(page, id) {
  await settled(page, 0);
  const g = await apiJson('GET', `/api/games/${id}`);
  assert.equal(g.over, true);
  assert.equal(await page.getAttribute('#status', 'data-over'), 'true');
  const status = await page.textContent('#status');
  const want = g.result === 'draw' ? /^Draw/ : new RegExp(`^${g.result[0].toUpperCase()}${g.result.slice(1)} wins`);
  assert.match(status, want);
  // The reason in the page's words: the English catalogue's text of the API's stable code.
  const words = (await apiJson('GET', '/api/i18n/en')).messages[`end-${g.reason.replace(/_/g, '-')}`];
  assert.equal(typeof words, 'string', g.reason);
  assert.ok(status.includes(words), `${status} names ${g.reason} (${words})`);
  assert.equal(await page.getAttribute('#board', 'data-position'), g.position);
  assert.deepEqual(await boardPits(page), g.pits);
  assert.equal(await page.textContent('#board [data-store=south] .count'), String(g.stores[0]));
  assert.equal(await page.textContent('#board [data-store=north] .count'), String(g.stores[1]));
  assert.equal(await page.locator('#moves li').count(), g.moves.length);
  assert.equal(await page.locator('#board .pit.legal').count(), 0, 'no pit is playable once over');
  return { g, status };
}

const SEED_GAMES = [
  { variant: 'oware', graph: true },
  { variant: 'ouril', graph: true },
  { variant: 'wuri', graph: false },
  { variant: 'olowuka', graph: false },
  // A whole Ba-awa match to the default 10 pits took about two minutes on a loaded two-core
  // machine (390 plies); a target of 8 pits is set in the page's rule options instead: still a
  // whole match, usually of several rounds (random play: 3.8 rounds, 46 plies on average).
  { variant: 'ba-awa', graph: false, rules: { match_target: 8 } },
  { variant: 'isolo', graph: false },
];

for (const [n, game] of SEED_GAMES.entries()) {
  test(`a whole game of ${game.variant} against the computer, played in the page`, { timeout: 180000 }, async () => {
    const started = Date.now();
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const { page, id, errors } = await startAgainstComputer(ctx, game.variant, game.rules);
    await page.selectOption('#speed', 'off');
    if (!game.graph) await page.uncheck('#graph-on');
    const random = generator(1000 + n);
    let setUps = 0;
    const clicks = await playToEnd(page, {
      choose: (legal) => {
        // Isolo: G wins the foregame at once (rules.md I2), so that the page's editor sets up.
        if (game.variant === 'isolo' && legal.includes('G') && setUps === 0) return 'G';
        return legal[Math.floor(random() * legal.length)];
      },
      setUp: async (p) => {
        setUps += 1;
        await setUpKucheleka(p, id, [1, 4, 2, 6, 3, 0, 5, 2]);
      },
    });
    const { g, status } = await checkFinished(page, id);
    if (game.variant === 'isolo') {
      assert.equal(setUps, 1, 'the kucheleka was set up in the page');
      assert.equal(g.moves[1], 'k:1,4,2,6,3,0,5,2');
    }
    if (game.variant === 'ba-awa') {
      // The match is won by the pits owned after the last round: one per four seeds captured.
      assert.equal(g.reason, 'match_won');
      assert.equal(g.match.target, 8);
      const pits = g.round_end.captures.map((c) => c / 4);
      assert.ok(pits[g.result === 'south' ? 0 : 1] >= g.match.target, JSON.stringify(g.round_end));
      assert.ok(status.includes(`pits owned ${pits[0]} : ${pits[1]}`), status);
    }
    if (game.graph) {
      // The graph catches up with every position, the last one the proven result.
      await page.waitForFunction((p) => Number(document.getElementById('evalgraph').dataset.points) === p + 1,
        g.ply, { timeout: 60000 });
      const last = page.locator(`#evalgraph .graph-point[data-ply="${g.ply}"]`);
      assert.equal(await last.getAttribute('data-kind'), 'proven');
      const margin = Number(await last.getAttribute('data-value'));
      assert.equal(Math.sign(margin), g.result === 'south' ? 1 : g.result === 'north' ? -1 : 0);
      assert.equal(await page.getAttribute('#evalgraph .graph-current', 'data-ply'), String(g.ply));
    }
    assert.deepEqual(errors, []);
    console.log(`# ${game.variant}: ${g.ply} plies, ${clicks} clicks, ${g.result} (${g.reason}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await ctx.close();
  });
}

test('the evaluation graph follows the game live, moves pushed by WebSocket included', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page, id, errors } = await startAgainstComputer(ctx, 'abapa');
  await page.selectOption('#speed', 'off');
  await page.check('#graph-on');
  for (let i = 0; i < 3; i++) {
    const g = await apiJson('GET', `/api/games/${id}`);
    await page.click(`#board [data-move="${g.legal[0]}"]`);
    // The computer's answer arrives over the WebSocket; the graph marks it as the current ply.
    await page.waitForFunction((p) => {
      const svg = document.getElementById('evalgraph');
      return Number(svg.dataset.ply) === p && Number(svg.dataset.points) === p + 1;
    }, g.ply + 2, { timeout: 30000 });
  }
  const g = await apiJson('GET', `/api/games/${id}`);
  const e = await apiJson('GET', `/api/games/${id}/evaluations`);
  assert.equal(e.ply, g.ply);
  const shown = await page.$$eval('#evalgraph .graph-point', (els) => els.map((x) => [Number(x.dataset.ply), Number(x.dataset.value)]));
  assert.deepEqual(shown, e.evaluations.map((v) => [v.ply, v.score.seeds]));
  assert.match(await page.textContent('#graph-note'), new RegExp(`After move ${g.ply}:`));
  // Undo: the graph ends at the new current ply.
  await page.click('#undo');
  await page.waitForFunction((p) => Number(document.getElementById('evalgraph').dataset.ply) < p, g.ply);
  const after = await apiJson('GET', `/api/games/${id}`);
  await page.waitForFunction((p) => Number(document.getElementById('evalgraph').dataset.points) === p + 1, after.ply);
  // The setting is remembered: a reload keeps the graph hidden once switched off.
  await page.uncheck('#graph-on');
  assert.equal(await page.isHidden('#graph-wrap'), true);
  await page.reload();
  await settled(page, after.ply);
  assert.equal(await page.isChecked('#graph-on'), false);
  assert.equal(await page.isHidden('#graph-wrap'), true);
  await page.check('#graph-on');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('the animation speed setting scales the sowing and is remembered', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page, id } = await startAgainstComputer(ctx, 'oware');
  // Time one animation of the same move (C from the start, 5 seeds) at each speed.
  const timeOf = async (speed) => {
    await page.selectOption('#speed', speed);
    const g0 = await apiJson('GET', `/api/games/${id}`);
    const t = await page.evaluate(() => new Promise((resolve) => {
      const board = document.getElementById('board');
      let start = null;
      const obs = new MutationObserver(() => {
        if (board.dataset.animating === 'true' && start === null) start = performance.now();
        if (board.dataset.animating === 'false' && start !== null) { obs.disconnect(); resolve(performance.now() - start); }
      });
      obs.observe(board, { attributes: true, attributeFilter: ['data-animating'] });
      document.querySelector('#board [data-move="C"]').dispatchEvent(new MouseEvent('click'));
    }));
    await settled(page, g0.ply + 2);
    await page.click('#undo');
    await page.waitForFunction((p) => Number(document.getElementById('board').dataset.ply) === p && document.getElementById('board').dataset.animating === 'false', g0.ply);
    return t;
  };
  const slow = await timeOf('slow');
  const off = await timeOf('off');
  // 4 seeds at 160 ms each, doubled: over a second; off: no pause at all.
  assert.ok(slow > 1000, `slow took ${slow} ms`);
  assert.ok(off < slow / 4, `off took ${off} ms, slow ${slow} ms`);
  await page.reload();
  await settled(page, 0);
  assert.equal(await page.inputValue('#speed'), 'off');
  await ctx.close();
});

test('rules pages: linked from the game page, with the options in force marked', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const { page, errors } = await startAgainstComputer(ctx, 'ba-awa', { match_target: 7 });
  assert.equal(await page.textContent('#rules dd.changed'), '7 (default 10)');
  assert.match(await page.textContent('#status'), /round 1 · pits owned 6 : 6 \(match at 7\)/);
  await page.click('#rules-link');
  await page.waitForURL(/\/rules\/ba-awa$/);
  assert.equal(await page.textContent('h1 >> nth=0'), 'Ba-awa (2×6 board)');
  for (const heading of ['The board and the match', 'A move: sowing in laps', 'The end of a round', 'The end of the match', 'Rule options']) {
    assert.equal(await page.locator('h2', { hasText: heading }).count(), 1, heading);
  }
  assert.equal(await page.textContent('tr[data-option="match_target"] td.default'), '10');
  await page.click('.rules-nav a[href="/"] >> nth=0');
  await page.waitForURL(base + '/');
  // Every preset has its page, reached from the home page's link for the chosen game.
  const names = (await apiJson('GET', '/api/variants')).variants.map((v) => v.name);
  for (const name of names) {
    await page.waitForSelector(`#variant option[value="${name}"]`, { state: 'attached' });
    await page.selectOption('#variant', name);
    assert.equal(await page.getAttribute('#variant-rules', 'href'), `/rules/${name}`);
    const r = await page.request.get(`${base}/rules/${name}`);
    assert.equal(r.status(), 200);
    assert.match(await r.text(), /<section id="options">/);
  }
  const missing = await page.request.get(`${base}/rules/..%2f..%2fCargo.toml`);
  assert.equal(missing.status(), 404);
  assert.equal((await missing.json()).error, 'no_such_rules');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('phone-sized screens: the graph, settings and rules fit without sideways scrolling', async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, id } = await startAgainstComputer(ctx, 'oware');
  await page.selectOption('#speed', 'fast');
  await page.check('#graph-on');
  const g = await apiJson('GET', `/api/games/${id}`);
  await page.tap(`#board [data-move="${g.legal[0]}"]`);
  await page.waitForFunction(() => Number(document.getElementById('evalgraph').dataset.points) >= 3, null, { timeout: 30000 });
  const wide = async (p) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(await wide(page) <= 0, 'the game page scrolls sideways');
  for (const sel of ['#evalgraph', '#speed-setting', '#graph-toggle', '#rules-link', '#board']) {
    const box = await page.locator(sel).boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390 + 0.5, `${sel} is off the screen: ${JSON.stringify(box)}`);
  }
  for (const name of ['isolo', 'ba-awa', 'oware']) {
    await page.goto(`${base}/rules/${name}`);
    assert.ok(await wide(page) <= 0, `/rules/${name} scrolls sideways`);
  }
  await ctx.close();
});

// ------------------------------------------------------------------------------------------
// The analysis board and the position editor.

async function engineDone(page) {
  await page.waitForFunction(() => {
    const e = document.getElementById('an-engine');
    return e.dataset.state === 'done' || e.dataset.state === 'over';
  }, null, { timeout: 20000 });
}

test('analysis board: a game stepped through with the engine\'s value and best line, and a variation', async () => {
  // A game between two players here, played through the API.
  const created = await apiJson('POST', '/api/games', { variant: 'oware', mode: 'local' });
  const token = created.seats.south;
  const played = ['C', 'c', 'A', 'f', 'D', 'a'];
  for (const [ply, move] of played.entries()) {
    await apiJson('POST', `/api/games/${created.id}/moves`, { move, ply }, token);
  }
  const line = await apiJson('POST', '/api/positions', { variant: 'oware', moves: played });
  assert.equal(line.states.length, played.length + 1);

  const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/g/${created.id}#seat=${token}`);
  await settled(page, played.length);
  await page.click('#analyse-link');
  await page.waitForURL(/\/analysis\?game=/);
  const board = page.locator('#an-board');
  await page.waitForFunction((n) => document.getElementById('an-board').dataset.ply === String(n), played.length);
  assert.equal(await board.getAttribute('data-position'), line.states[played.length].position);
  await engineDone(page);

  // Step back with the keyboard and the buttons: every position is the rules core's.
  await page.keyboard.press('ArrowLeft');
  assert.equal(await board.getAttribute('data-ply'), String(played.length - 1));
  assert.equal(await board.getAttribute('data-position'), line.states[played.length - 1].position);
  await page.click('#an-first');
  assert.equal(await board.getAttribute('data-position'), line.states[0].position);
  await page.click('#an-moves [data-ply="3"]');
  assert.equal(await board.getAttribute('data-position'), line.states[3].position);
  assert.match(await page.textContent('#an-status'), /After move 3: South played A/);

  // The engine's value and best line for this position: the best move is marked on the board
  // and the line starts with it.
  await engineDone(page);
  assert.match(await page.textContent('#an-value'), /Value: (South|North) \+\d|even|proven/);
  const pv = (await page.getAttribute('#an-pv', 'data-pv')).split(' ');
  assert.ok(pv.length >= 2, `best line ${pv}`);
  assert.ok(line.states[3].legal.includes(pv[0]));
  await page.waitForSelector(`#an-board .pit.hint[data-move="${pv[0]}"]`);

  // A move other than the game's starts a variation; the game's line comes back with a click.
  const other = line.states[3].legal.find((m) => m !== played[3]);
  await page.click(`#an-board [data-move="${other}"]`);
  await page.waitForFunction(() => {
    const b = document.getElementById('an-board');
    return b.dataset.ply === '4' && b.dataset.animating === 'false' && b.dataset.variation === 'true';
  });
  const variation = await apiJson('POST', '/api/positions', { variant: 'oware', moves: [...played.slice(0, 3), other] });
  assert.equal(await board.getAttribute('data-position'), variation.states[4].position);
  assert.equal(await page.locator('#an-moves li.variation').count(), 1);
  await page.click('#an-mainline');
  await page.waitForFunction(() => document.getElementById('an-board').dataset.variation === 'false');
  await page.click('#an-last');
  assert.equal(await board.getAttribute('data-position'), line.states[played.length].position);
  assert.equal(await page.locator('#an-moves li').count(), played.length);
  // An illegal move on the board is answered with the rules' reason.
  await page.click('#an-first');
  await page.click('#an-board [data-move="a"]');
  await page.waitForFunction(() => /not your pit/.test(document.getElementById('an-error').textContent));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('analysis board: an endgame the engine solves is shown in proven words, as the API says', async () => {
  // South to move wins with F (a grand slam allowed by the rules: 25-23); the engine proves it.
  const setup = { variant: 'abapa', rules: { grand_slam: 'Allowed' }, position: '0-0-0-0-0-1-1-0-0-0-0-0-23-23-S' };
  const api = await apiJson('POST', '/api/analysis', { ...setup, ms: 500 });
  assert.equal(api.score.kind, 'proven');
  assert.equal(api.score.outcome, 'win');
  assert.equal(api.score.text, 'proven win by 2');
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const q = new URLSearchParams({ variant: setup.variant, rules: JSON.stringify(setup.rules), position: setup.position });
  await page.goto(`${base}/analysis?${q}`);
  await engineDone(page);
  const value = await page.textContent('#an-value');
  assert.match(value, /Value: South: proven win by 2\b/);
  assert.doesNotMatch(value, /estimate/);
  // Every candidate move is labelled with the engine's words too.
  const candidates = await page.$$eval('#an-candidates button', (els) => els.map((b) => b.textContent));
  assert.ok(candidates.length >= 1 && candidates.every((t) => /proven (win|draw|loss)/.test(t)), candidates.join(', '));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('analysis board: Prove shows what the prover proves, for the position and its moves', async () => {
  // A late Ọlọwuka position (no endgame tables): South wins by 2 whichever move he plays
  // (`mancala solve olowuka --position ... --moves`), which a short search only estimates.
  const setup = { variant: 'olowuka', position: '0-1-0-1-0-0-0-1-0-1-0-0-23-21-S' };
  const api = await apiJson('POST', '/api/analysis/prove', { ...setup, seconds: 5, prove_moves: true });
  assert.equal(api.score.text, 'proven win by 2');
  const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const q = new URLSearchParams({ variant: setup.variant, position: setup.position });
  await page.goto(`${base}/analysis?${q}`);
  await engineDone(page);
  assert.equal(await page.textContent('#an-prove'), 'Prove');
  await page.click('#an-prove');
  await page.waitForFunction(() => document.getElementById('an-proof').dataset.state === 'proven', null, { timeout: 20000 });
  const proof = await page.textContent('#an-proof');
  assert.match(proof, /^Proof: South: proven win by 2 \(\d+ nodes, [\d.]+ s\)$/);
  assert.match(await page.textContent('#an-value'), /South: proven win by 2\b/);
  const candidates = await page.$$eval('#an-candidates button', (els) => els.map((b) => b.textContent));
  assert.ok(candidates.length === 2 && candidates.every((t) => /proven win by 2$/.test(t)), candidates.join(', '));
  // Another position: its own proof, asked for again.
  await page.click('#an-board [data-move="D"]');
  await page.waitForFunction(() => document.getElementById('an-proof').dataset.state === 'none');
  assert.equal(await page.textContent('#an-proof'), '');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('position editor: checked by the rules, then analysed and played from', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/`);
  await page.click('#home-editor');
  await page.waitForURL(/\/editor$/);
  await page.waitForSelector('#ed-check[data-state=valid]');
  assert.equal(await page.inputValue('#ed-position'), '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S');
  // One seed too many: the rules core refuses the position and says why.
  await page.fill('#ed-grid input[data-pit="0"]', '5');
  await page.waitForSelector('#ed-check[data-state=invalid]');
  assert.match(await page.textContent('#ed-check'), /add up to 49, expected 48/);
  assert.ok(await page.isDisabled('#ed-analyse'));
  // Moved to North's store, with North to move: valid.
  await page.fill('#ed-grid input[data-pit="1"]', '0');
  await page.fill('#ed-extras input[data-extra="1"]', '3');
  await page.selectOption('#ed-side', 'N');
  await page.waitForSelector('#ed-check[data-state=valid]');
  const position = '5-0-4-4-4-4-4-4-4-4-4-4-0-3-N';
  assert.equal(await page.inputValue('#ed-position'), position);
  assert.match(await page.textContent('#ed-check'), /North to move, legal moves a b c d e f/);
  // The text and the inputs follow each other.
  await page.fill('#ed-position', '0-0-0-0-0-3-1-1-0-0-0-0-20-23-S');
  await page.waitForSelector('#ed-check[data-state=valid]');
  assert.equal(await page.inputValue('#ed-grid input[data-pit="5"]'), '3');
  await page.fill('#ed-position', position);
  await page.waitForSelector('#ed-check[data-state=valid]');
  // Isolo: the phase and the stock used are fields of their own.
  await page.selectOption('#ed-variant', 'isolo');
  await page.waitForSelector('#ed-check[data-state=valid]');
  assert.equal(await page.inputValue('#ed-phase'), 'F');
  assert.equal(await page.locator('#ed-grid input').count(), 16);
  await page.selectOption('#ed-variant', 'oware');
  await page.fill('#ed-position', position);
  await page.waitForSelector('#ed-check[data-state=valid]');

  await page.click('#ed-analyse');
  await page.waitForURL(/\/analysis\?/);
  await page.waitForFunction((p) => document.getElementById('an-board').dataset.position === p, position);
  await engineDone(page);
  assert.ok(['a', 'b', 'c', 'd', 'e', 'f'].includes((await page.getAttribute('#an-pv', 'data-pv')).split(' ')[0]));
  // From the analysis board back to the editor with this position, then a game from it.
  await page.click('#an-edit');
  await page.waitForURL(/\/editor\?/);
  await page.waitForSelector('#ed-check[data-state=valid]');
  assert.equal(await page.inputValue('#ed-position'), position);
  await page.click('#ed-local');
  await page.waitForURL(/\/g\/[0-9a-f]{20}#seat=/);
  await settled(page, 0);
  assert.equal(await page.getAttribute('#board', 'data-position'), position);
  await page.waitForSelector('#board [data-move="a"].legal');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('sounds: a move is heard unless muted, and the setting is kept', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(`${base}/analysis?variant=oware`);
  await page.waitForSelector('#an-board [data-move="C"].legal');
  assert.equal(await page.getAttribute('body', 'data-muted'), 'false');
  await page.click('#an-board [data-move="C"]');
  await page.waitForFunction(() => document.body.dataset.sounds === '1' && document.body.dataset.lastSound === 'move');
  await page.click('#sound-toggle');
  assert.equal(await page.getAttribute('body', 'data-muted'), 'true');
  await page.waitForFunction(() => document.getElementById('an-board').dataset.animating === 'false');
  // North's pits become playable once the board shows the position after C.
  await page.waitForSelector('#an-board [data-move="c"].legal');
  await page.click('#an-board [data-move="c"]');
  await page.waitForFunction(() => document.getElementById('an-board').dataset.ply === '2');
  assert.equal(await page.getAttribute('body', 'data-sounds'), '1');
  await page.reload();
  await page.waitForSelector('#an-board [data-move]');
  assert.equal(await page.getAttribute('body', 'data-muted'), 'true');
  assert.match(await page.textContent('#sound-toggle'), /off/);
  await ctx.close();
});

// ------------------------------------------------------------------------------------------
// Accounts, the lobby, clocks, endings and ratings, from two browser contexts.

async function signUp(ctx, name) {
  const page = await ctx.newPage();
  page.on('dialog', (d) => d.accept());
  await page.goto(`${base}/signup`);
  await page.fill('input[name=name]', name);
  await page.fill('input[name=password]', 'correct horse battery');
  await Promise.all([page.waitForURL(`${base}/`), page.click('button[type=submit]')]);
  await page.waitForSelector('#account-name');
  assert.equal(await page.textContent('#account-name'), name);
  return page;
}

// The side `page` plays and the moves played so far, from the server.
async function gameOf(page) {
  const id = page.url().match(/\/g\/([0-9a-f]{20})/)[1];
  return apiJson('GET', `/api/games/${id}`);
}

async function playOne(page, expectPly) {
  const g = await gameOf(page);
  await page.waitForSelector(`#board [data-move="${g.legal[0]}"].legal`);
  await page.click(`#board [data-move="${g.legal[0]}"]`);
  await settled(page, expectPly);
}

test('two accounts: a seek with a clock, moves, an end by agreement, a rematch, a resignation and both ratings changed', { timeout: 120000 }, async () => {
  const stamp = Date.now().toString(36).slice(-5);
  const [ama, kofi] = [`ama${stamp}`, `kofi${stamp}`];
  const a = await browser.newContext({ viewport: { width: 1100, height: 820 } });
  const b = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await a.addInitScript(() => localStorage.setItem('mancala:speed', 'off'));
  await b.addInitScript(() => localStorage.setItem('mancala:speed', 'off'));
  const pa = await signUp(a, ama);
  const pb = await signUp(b, kofi);

  // Ama posts a rated 3+2 seek as South; Kofi sees it arrive live and accepts it.
  await pa.click('#seek-summary');
  await pa.selectOption('#seek-variant', 'oware');
  await pa.selectOption('#seek-time', { label: '3+2' });
  await pa.check('#seek-rated');
  await pa.selectOption('#seek-side', 'south');
  await pa.click('#seek-post');
  await pa.waitForSelector(`#seeks-body tr[data-owner="${ama}"] .seek-cancel`);
  await pb.waitForSelector(`#seeks-body tr[data-owner="${ama}"] .seek-accept`);
  await Promise.all([pa.waitForURL(/\/g\/[0-9a-f]{20}$/), pb.waitForURL(/\/g\/[0-9a-f]{20}$/), pb.click(`#seeks-body tr[data-owner="${ama}"] .seek-accept`)]);
  assert.equal(pa.url(), pb.url());
  await settled(pa, 0);
  await settled(pb, 0);
  let g = await gameOf(pa);
  assert.deepEqual(g.players, { south: ama, north: kofi });
  assert.deepEqual(g.clock.control, { initial_ms: 180000, increment_ms: 2000 });
  assert.ok(g.clock.south_ms <= 180000 && g.clock.south_ms > 170000, JSON.stringify(g.clock));
  // Names and clocks on both pages; South's clock runs first.
  for (const p of [pa, pb]) {
    await p.waitForFunction((n) => document.querySelector('#clock-south .who').textContent.includes(n), ama);
    assert.match(await p.textContent('#clock-north .who'), new RegExp(kofi));
    assert.match(await p.textContent('#clock-south .time'), /^[23]:\d\d$/);
  }

  // A few moves; each page sees the other's move, and the clock that runs changes sides.
  await playOne(pa, 1);
  await settled(pb, 1);
  await pb.waitForSelector('#clock-north.running');
  await playOne(pb, 2);
  await settled(pa, 2);
  await pa.waitForSelector('#clock-south.running');
  const before = Number(await pa.getAttribute('#clock-south', 'data-ms'));
  await pa.waitForFunction((ms) => Number(document.getElementById('clock-south').dataset.ms) < ms - 300, before);
  await playOne(pa, 3);
  await settled(pb, 3);
  await playOne(pb, 4);
  await settled(pa, 4);

  // Ama offers to end by agreement; Kofi accepts: each scores the seeds on his own row.
  await pa.click('#act-agreement');
  await pb.waitForSelector('#offer-box:not([hidden])');
  assert.match(await pb.textContent('#offer-text'), /agreement/);
  await pb.click('#offer-accept');
  for (const p of [pa, pb]) await p.waitForSelector('#status[data-over=true]');
  g = await gameOf(pa);
  assert.equal(g.reason, 'agreement');
  const own = [g.stores[0] + g.pits.slice(0, 6).reduce((x, y) => x + y, 0), g.stores[1] + g.pits.slice(6).reduce((x, y) => x + y, 0)];
  assert.deepEqual(g.agreement_scores, own);
  assert.match(await pa.textContent('#status'), new RegExp(`own rows scored ${own[0]} : ${own[1]}`));
  const first = g.id;

  // A rematch, colours swapped: asked by Kofi, agreed by Ama; both pages open the new game.
  await pb.click('#act-rematch');
  await pa.waitForFunction(() => /asks for a rematch/.test(document.getElementById('actions-note').textContent));
  await Promise.all([pa.waitForURL((u) => !u.href.includes(first)), pb.waitForURL((u) => !u.href.includes(first)), pa.click('#act-rematch')]);
  await settled(pa, 0);
  g = await gameOf(pb);
  assert.deepEqual(g.players, { south: kofi, north: ama });
  await playOne(pb, 1);
  await settled(pa, 1);
  await playOne(pa, 2);
  await settled(pb, 2);
  // Ama resigns the second game.
  await pa.click('#act-resign');
  for (const p of [pa, pb]) await p.waitForSelector('#status[data-over=true]');
  assert.match(await pb.textContent('#status'), /South wins \(resigned\)/);

  // Both players' pages show the changed ratings: two rated games each.
  for (const [p, name] of [[pa, ama], [pb, kofi]]) {
    await p.goto(`${base}/players/${name}`);
    await p.waitForSelector('#pl-ratings tr[data-variant=oware]');
    const cells = await p.$$eval('#pl-ratings tr[data-variant=oware] td', (tds) => tds.map((td) => td.textContent));
    assert.equal(cells[3], '2');
    const rating = Number(await p.getAttribute('#pl-ratings tr[data-variant=oware]', 'data-rating'));
    assert.notEqual(rating, 1500);
    assert.ok(Number(await p.getAttribute('#pl-graph', 'data-points')) >= 2);
  }
  // The leaderboard lists both, in the order of their ratings.
  const [ra, rk] = await Promise.all([ama, kofi].map((n) => apiJson('GET', `/api/players/${n}`)));
  await pa.goto(`${base}/leaderboard?variant=oware`);
  await pa.waitForSelector(`#lb-table tr[data-player="${kofi}"]`);
  const order = await pa.$$eval('#lb-table tbody tr', (trs) => trs.map((tr) => tr.dataset.player));
  const [hi, lo] = rk.ratings.oware.rating >= ra.ratings.oware.rating ? [kofi, ama] : [ama, kofi];
  assert.ok(order.indexOf(hi) < order.indexOf(lo), `leaderboard order ${order}`);
  // The archive finds both games by player.
  await pa.goto(`${base}/archive?player=${kofi}`);
  await pa.waitForFunction(() => document.querySelectorAll('#ar-table tbody tr').length === 2);
  await a.close(); await b.close();
});

test('clocks: the running clock ticks, turns red under ten seconds with a beep, and a flag ends the game', { timeout: 60000 }, async () => {
  const created = await apiJson('POST', '/api/games', { variant: 'oware', mode: 'online', clock: { initial_ms: 11500, increment_ms: 0 } });
  assert.ok(created.seats, JSON.stringify(created));
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(base + created.links.south);
  await settled(page, 0);
  await page.waitForSelector('#clock-south.running');
  assert.ok(!(await page.locator('#clock-north.running').count()));
  // South's clock counts down in the page between the server's states; North's stands still.
  const first = Number(await page.getAttribute('#clock-south', 'data-ms'));
  await page.waitForFunction((ms) => Number(document.getElementById('clock-south').dataset.ms) < ms - 500, first);
  assert.equal(await page.getAttribute('#clock-north', 'data-ms'), '11500');
  // Under ten seconds: red, and one beep for the player whose clock it is.
  await page.waitForSelector('#clock-south.low', { timeout: 5000 });
  assert.ok(!(await page.locator('#clock-north.low').count()));
  await page.waitForFunction(() => document.body.dataset.lastSound === 'low');
  assert.match(await page.textContent('#clock-south .time'), /^0:0\d\.\d$/);
  // Tenths are cut, not rounded: just under ten seconds is 0:09.9, not 0:010.0.
  const shown = await page.evaluate(() => [9999, 9950, 10000, 100].map((ms) => formatClock(ms)));
  assert.deepEqual(shown, ['0:09.9', '0:09.9', '0:10', '0:00.1']);
  // The server ends the game on time, and the page shows it.
  await page.waitForSelector('#status[data-over=true]', { timeout: 20000 });
  assert.match(await page.textContent('#status'), /North wins \(time\)/);
  assert.ok(!(await page.locator('#clock-south.running').count()));
  await ctx.close();
});

// The puzzle page: solves a puzzle by clicking the pits of its solution (as the API gives it),
// the page playing the opponent's replies; returns the page.
async function solvePuzzle(page, p, { keyboard = false } = {}) {
  await page.goto(`${base}/puzzles?variant=${p.variant}&id=${p.id}`);
  await page.waitForSelector('#puzzles[data-status=solving]');
  for (let i = 0; i < p.solution.length; i++) {
    await page.waitForFunction((k) => {
      const b = document.getElementById('pz-board');
      return document.getElementById('puzzles').dataset.status === 'solved' || Number(b.dataset.ply) > k
        || (b.dataset.ready === 'true' && b.dataset.animating === 'false' && Number(b.dataset.ply) === k);
    }, i, { timeout: 30000 });
    const ply = Number(await page.getAttribute('#pz-board', 'data-ply'));
    if (ply > i) continue; // a reply of the opponent, played by the page
    const pit = `#pz-board [data-move="${p.solution[i]}"].legal`;
    if (keyboard) {
      await page.focus(pit);
      await page.keyboard.press('Enter');
    } else {
      await page.click(pit);
    }
  }
  await page.waitForSelector('#puzzles[data-status=solved]', { timeout: 30000 });
}

test('puzzles: one puzzle of every game solved by clicking, the rating and streak updated', { timeout: 240000 }, async () => {
  const all = await (await fetch(base + '/api/puzzles')).json();
  const byGame = new Map();
  for (const p of all) if (!byGame.has(p.variant)) byGame.set(p.variant, p);
  assert.ok(byGame.size >= 8, [...byGame.keys()].join(' '));
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  await ctx.addInitScript(() => localStorage.setItem('mancala:speed', 'fast'));
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The header links to the puzzle page.
  await page.goto(base + '/');
  await page.click('#nav-puzzles');
  await page.waitForURL(/\/puzzles/);
  await page.waitForSelector('#puzzles[data-status=solving]');
  const games = await page.$$eval('#pz-variant option', (os) => os.map((o) => o.value));
  assert.deepEqual(games.slice().sort(), [...byGame.keys()].sort());
  let solved = 0;
  let rating = 1500;
  for (const [variant, p] of byGame) {
    // Each game's own list, as the contract gives it, holds this puzzle with its solution.
    const list = await (await fetch(`${base}/api/puzzles?variant=${variant}`)).json();
    const listed = list.find((q) => q.id === p.id);
    assert.ok(listed && listed.solution.length >= 1, variant);
    await solvePuzzle(page, listed, { keyboard: variant === 'oware' });
    solved += 1;
    assert.match(await page.textContent('#pz-message'), /^Solved! Rating \+\d+\./, variant);
    // The board ends on the position after the whole solution.
    assert.equal(Number(await page.getAttribute('#pz-board', 'data-ply')), listed.solution.length, variant);
    const stats = await page.textContent('#pz-stats');
    const m = stats.match(/rating: (\d+)\?? · streak (\d+) \(best (\d+)\) · solved (\d+) of (\d+)/);
    assert.ok(m, stats);
    assert.ok(Number(m[1]) > rating, `${variant}: ${stats} after ${rating}`);
    rating = Number(m[1]);
    assert.equal(Number(m[2]), solved, stats);
    assert.equal(Number(m[3]), solved, stats);
    assert.equal(Number(m[4]), solved, stats);
  }
  // Kept in this browser: a new page shows the same record.
  await page.goto(base + '/puzzles');
  await page.waitForSelector('#puzzles[data-status=solving]');
  assert.match(await page.textContent('#pz-stats'), new RegExp(`rating: ${rating}\\?? · streak ${solved} `));
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('puzzles: a wrong move is refuted on the board and explained; retry, hint and the solution', { timeout: 60000 }, async () => {
  const list = await (await fetch(base + '/api/puzzles?variant=awari')).json();
  // A puzzle proven to the end, whose wrong first moves have their recorded refutations.
  const p = list.find((q) => !q.horizon && Object.keys(q.refutations).length > 0);
  assert.ok(p, 'an awari puzzle with refutations');
  const [wrong, reply] = Object.entries(p.refutations)[0];
  const ctx = await browser.newContext({ viewport: { width: 390, height: 800 } });
  await ctx.addInitScript(() => localStorage.setItem('mancala:speed', 'fast'));
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/puzzles?variant=awari&id=${p.id}`);
  await page.waitForSelector('#puzzles[data-status=solving]');
  // Phone width: nothing sticks out sideways.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  // The hint rings the solution's pit and names the theme.
  await page.click('#pz-hint');
  await page.waitForSelector(`#pz-board [data-move="${p.solution[0]}"].hint`);
  assert.ok((await page.textContent('#pz-themes')).includes(p.theme));
  // The wrong move and the recorded reply are played on the board, and the page says why.
  await page.click(`#pz-board [data-move="${wrong}"]`);
  await page.waitForSelector('#puzzles[data-status=wrong]', { timeout: 30000 });
  assert.equal(Number(await page.getAttribute('#pz-board', 'data-ply')), 2);
  const said = await page.textContent('#pz-message');
  assert.ok(said.startsWith(`${wrong} is not it:`), said);
  assert.ok(said.includes(`answers ${reply}`), said);
  assert.ok(said.includes(`only ${p.solution[0]} `), said);
  assert.match(said, /Rating -\d+\./);
  assert.match(await page.textContent('#pz-stats'), /streak 0 /);
  // The board shows the position after both moves, as the rules core plays them.
  const after = await (await fetch(base + '/api/positions', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ variant: 'awari', position: p.position, moves: [wrong, reply] }) })).json();
  const pits = await page.$$eval('#pz-board [data-pit]', (els) => els
    .sort((a, b) => Number(a.dataset.pit) - Number(b.dataset.pit)).map((e) => Number(e.dataset.count)));
  assert.deepEqual(pits, after.states[2].pits);
  // Retry goes back; the solution is then played out.
  await page.click('#pz-retry');
  await page.waitForSelector('#puzzles[data-status=solving]');
  assert.equal(Number(await page.getAttribute('#pz-board', 'data-ply')), 0);
  await page.click('#pz-solution');
  await page.waitForSelector('#puzzles[data-status=shown]', { timeout: 30000 });
  assert.equal(Number(await page.getAttribute('#pz-board', 'data-ply')), p.solution.length);
  assert.ok((await page.textContent('#pz-message')).includes(p.solution.join(' ')));
  // A forced-win puzzle records no refutation: the engine's reply is shown instead.
  const forced = (await (await fetch(base + '/api/puzzles?variant=olowuka')).json())[0];
  const r = await (await fetch(`${base}/api/puzzles/${forced.id}/refutation?moves=${(await (async () => {
    const d = await (await fetch(base + '/api/positions', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ variant: 'olowuka', position: forced.position, moves: [] }) })).json();
    return d.states[0].legal.find((m) => m !== forced.solution[0]);
  })())}`)).json();
  assert.equal(r.source, 'engine');
  assert.match(r.why, /wins by force within \d+ plies/);
  assert.deepEqual(errors, []);
  await ctx.close();
});

// The lessons' board: waits until no move is being judged or animated; answers the status.
async function lessonSettled(page) {
  await page.waitForFunction(() => {
    const s = document.getElementById('ln-stage').dataset.status;
    return (s === 'solving' || s === 'solved') && document.getElementById('ln-board').dataset.animating === 'false';
  }, null, { timeout: 20000 });
  return page.getAttribute('#ln-stage', 'data-status');
}

// A move of the lessons' step `path` that the server refuses, and its refusal.
async function wrongLessonMove(path) {
  const step = await apiJson('GET', `/api/learn/${path}`);
  for (const mv of step.state.legal) {
    const r = await fetch(`${base}/api/learn/${path}/moves`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ move: mv }) });
    if (r.status === 422) return { mv, refusal: await r.json(), step };
  }
  throw new Error(`no wrong move in ${path}`);
}

test('lessons: the first stage of every game completed by clicking, kept after a reload', { timeout: 240000 }, async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await ctx.addInitScript(() => localStorage.setItem('mancala:speed', 'fast'));
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + '/');
  await page.click('#nav-learn');
  await page.waitForSelector('#ln-game-list li');
  const course = await apiJson('GET', '/api/learn');
  assert.equal(await page.locator('#ln-game-list li').count(), course.games.length);
  for (const g of course.games) {
    const stage = g.stages[0];
    await page.goto(`${base}/learn/${g.id}`);
    await page.waitForSelector('#ln-stage-list li');
    await page.click(`#ln-stage-list li[data-stage="${stage.id}"] a`);
    await page.waitForURL(new RegExp(`/learn/${g.id}/${stage.id}`));
    for (const [i, st] of stage.steps.entries()) {
      await page.waitForFunction((p) => document.getElementById('ln-board').dataset.path === p
        && document.getElementById('ln-stage').dataset.status === 'solving', st.path);
      const set = await apiJson('GET', `/api/learn/${st.path}`);
      assert.equal(await page.textContent('#ln-task'), set.task);
      if (set.setup) {
        await page.click('#ln-show');
        await page.click('#ln-setup-place');
      } else {
        await page.click(`#ln-board [data-move="${set.answer}"]`);
      }
      assert.equal(await lessonSettled(page), 'solved', `${st.path}: ${await page.textContent('#ln-message')}`);
      assert.ok((await page.textContent('#ln-explain')).length > 0, `${st.path} explained`);
      if (!set.setup && set.answer.length === 1 && set.state.legal.includes(set.answer)) {
        // The board ends on the position after the move, as the server has it.
        const after = await apiJson('POST', `/api/learn/${st.path}/moves`, { move: set.answer });
        const pits = await page.$$eval('#ln-board [data-pit]', (els) => els
          .sort((a, b) => Number(a.dataset.pit) - Number(b.dataset.pit)).map((e) => Number(e.dataset.count)));
        assert.deepEqual(pits, after.state.pits, st.path);
      }
      if (i + 1 < stage.steps.length) await page.click('#ln-next');
    }
    assert.equal(await page.locator('#ln-steps .ln-dot.done').count(), stage.steps.length, `${g.id}: every step done`);
    // Kept after a reload: the stage's dots and the game's list.
    await page.reload();
    await page.waitForSelector('#ln-steps .ln-dot');
    assert.equal(await page.locator('#ln-steps .ln-dot.done').count(), stage.steps.length, `${g.id} after a reload`);
    await page.goto(`${base}/learn/${g.id}`);
    await page.waitForSelector('#ln-stage-list li');
    assert.equal(await page.getAttribute(`#ln-stage-list li[data-stage="${stage.id}"]`, 'data-done'), String(stage.steps.length));
  }
  // The phone shows the board whole, without sideways scrolling.
  await page.goto(`${base}/learn/${course.games[0].id}/${course.games[0].stages[0].id}`);
  await page.waitForSelector('#ln-board [data-pit]');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling');
  const box = await page.locator('#ln-board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 391, `the board fits: ${JSON.stringify(box)}`);
  await page.goto(base + '/learn');
  await page.waitForSelector('#ln-game-list li');
  for (const g of course.games) {
    assert.equal(await page.getAttribute(`#ln-game-list li[data-game="${g.id}"]`, 'data-done'), String(g.stages[0].steps.length));
  }
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('lessons: a wrong move is refused with why and not played, the hint, then the right move', { timeout: 60000 }, async () => {
  const course = await apiJson('GET', '/api/learn');
  const g = course.games.find((x) => x.id === 'olowuka');
  const stage = g.stages[0];
  const a = await browser.newContext();
  await a.addInitScript(() => localStorage.setItem('mancala:speed', 'off'));
  const page = await a.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}/learn/${g.id}/${stage.id}`);
  await page.waitForFunction(() => document.getElementById('ln-stage').dataset.status === 'solving');
  const first = stage.steps[0];
  const { mv, refusal, step } = await wrongLessonMove(first.path);
  await page.click(`#ln-board [data-move="${mv}"]`);
  await page.waitForFunction((m) => document.getElementById('ln-board').dataset.wrong === m, mv);
  assert.equal(await lessonSettled(page), 'solving');
  assert.equal(await page.textContent('#ln-message'), refusal.explanation);
  assert.equal(await page.getAttribute('#ln-message', 'class'), 'error');
  const pits = await page.$$eval('#ln-board [data-pit]', (els) => els
    .sort((x, y) => Number(x.dataset.pit) - Number(y.dataset.pit)).map((e) => Number(e.dataset.count)));
  assert.deepEqual(pits, step.state.pits, 'the wrong move is not played');
  // The hint, then the right move.
  await page.click('#ln-hint');
  assert.equal(await page.textContent('#ln-explain'), step.hint);
  await page.click(`#ln-board [data-move="${step.answer}"]`);
  assert.equal(await lessonSettled(page), 'solved');
  assert.deepEqual(errors, []);
  await a.close();
});

test('lessons: progress made before signing up is merged into the account, and follows it to another browser', { timeout: 60000 }, async () => {
  const course = await apiJson('GET', '/api/learn');
  const g = course.games.find((x) => x.id === 'olowuka');
  const stage = g.stages[0];
  const a = await browser.newContext();
  await a.addInitScript(() => localStorage.setItem('mancala:speed', 'off'));
  const page = await a.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${base}/learn/${g.id}/${stage.id}`);
  await page.waitForFunction(() => document.getElementById('ln-stage').dataset.status === 'solving');
  const first = await apiJson('GET', `/api/learn/${stage.steps[0].path}`);
  await page.click(`#ln-board [data-move="${first.answer}"]`);
  assert.equal(await lessonSettled(page), 'solved');

  // Signed up in this browser: what was done before is merged into the account.
  const name = `learn${Date.now().toString(36).slice(-6)}`;
  const home = await signUp(a, name);
  await home.close();
  await page.goto(`${base}/learn/${g.id}/${stage.id}?step=${stage.steps[1].id}`);
  await page.waitForFunction(() => document.getElementById('ln-stage').dataset.status === 'solving');
  const second = await apiJson('GET', `/api/learn/${stage.steps[1].path}`);
  await page.click(`#ln-board [data-move="${second.answer}"]`);
  assert.equal(await lessonSettled(page), 'solved');
  await a.close();

  // Another browser, signed in: both steps are done there.
  const b = await browser.newContext();
  const p = await b.newPage();
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(`${base}/login`);
  await p.fill('input[name=name]', name);
  await p.fill('input[name=password]', 'correct horse battery');
  await Promise.all([p.waitForURL(`${base}/`), p.click('button[type=submit]')]);
  await p.waitForSelector('#account-name');
  await p.goto(`${base}/learn/${g.id}`);
  await p.waitForSelector('#ln-stage-list li');
  assert.equal(await p.getAttribute(`#ln-stage-list li[data-stage="${stage.id}"]`, 'data-done'), '2');
  const kept = await p.evaluate(() => JSON.parse(localStorage.getItem('mancala:learn')).done);
  assert.deepEqual(kept, [stage.steps[0].path, stage.steps[1].path].sort());
  assert.deepEqual(errors, []);
  await b.close();
});

// The English catalogue's texts that another language says differently: the strings that must
// not show on a page in that language (the UI, the games' names, summaries, boards and rule
// options, the rules pages' fixed texts). Texts of a message with placeables are taken piece by
// piece (the text between them); a text the other language writes the same way (Oware, Isolo,
// option) is not looked for.
async function englishOnly(lang) {
  const en = await (await fetch(`${base}/api/i18n/en`)).json();
  const other = await (await fetch(`${base}/api/i18n/${lang}`)).json();
  const pieces = (parts) => (typeof parts === 'string' ? [parts] : parts.flatMap((p) => (typeof p === 'string'
    ? [p] : p.k ? Object.values(p.k).flatMap(pieces) : [])));
  const out = new Set();
  for (const [id, parts] of Object.entries(en.messages)) {
    // The switch names every language in its own words.
    if (id === 'language-name') continue;
    if (JSON.stringify(parts) === JSON.stringify(other.messages[id])) continue;
    const trim = (t) => t.replace(/[\s·:(),.;—…?!]+$/u, '').replace(/^[\s·:(),.;—…]+/u, '').trim();
    // A text the other language's message has too, as whole words, is not English only (Abapa
    // in French's "Awalé (Abapa)").
    const theirs = pieces(other.messages[id]).join('\n');
    for (const piece of pieces(parts)) {
      for (const t of piece.split('|')) {
        const text = trim(t);
        if (text.length >= 4 && !wordsIn(text).test(theirs)) out.add(text);
      }
    }
  }
  return [...out];
}

// The visible text of a page, without a game's notation (moves, option names and values:
// `data-notation`) and code. It changes the page: call it last.
async function visibleText(page) {
  return page.evaluate(() => {
    for (const s of document.querySelectorAll('script, code, .mono, [data-notation]')) s.remove();
    return `${document.title}\n${document.body.innerText}`;
  });
}

// A pattern that finds `text` as whole words.
function wordsIn(text) {
  return new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');
}

function noEnglish(text, english, where) {
  const found = english.filter((t) => wordsIn(t).test(text));
  assert.deepEqual(found, [], `${where}: English text on the page`);
}

for (const lang of ['fr', 'pt']) {
  test(`the home page, a game and a rules page in a ${lang} browser show no English UI text`, { timeout: 60000 }, async () => {
    const english = await englishOnly(lang);
    assert.ok(english.length > 100, `${english.length} English texts to look for`);
    const ctx = await browser.newContext({ locale: lang, extraHTTPHeaders: { 'Accept-Language': `${lang},en;q=0.3` } });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(base + '/');
    await page.waitForFunction(() => document.getElementById('start').textContent !== ''
      && document.querySelectorAll('#variant option').length > 0);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    noEnglish(await visibleText(page), english, `/ (${lang})`);
    // A game against the computer, a move played.
    await page.click('#start');
    await page.waitForURL(/\/g\//);
    await page.waitForSelector('#board [data-pit]');
    await page.waitForFunction(() => document.getElementById('status').textContent !== '');
    await page.click('#board [data-pit="2"]');
    await page.waitForFunction(() => Number(document.getElementById('board').dataset.ply) >= 2, null, { timeout: 20000 });
    await settled(page, 2);
    // The status line names the sides in the page's language ("dernier coup : Nord d").
    const status = await page.textContent('#status');
    assert.doesNotMatch(status, /\b(south|north)\b/i, `status (${lang}): ${status}`);
    // A hint: the score's words too ("(estimate)").
    await page.click('#hint');
    await page.waitForFunction(() => /\d/.test(document.getElementById('hint-text').textContent), null, { timeout: 30000 });
    const hint = await page.textContent('#hint-text');
    assert.doesNotMatch(hint, /estimate|proven|table:|Suggested/, `hint (${lang}): ${hint}`);
    // The rules in force: each option's name and value in the page's language, not the API's
    // identifiers.
    const id = page.url().match(/\/g\/([0-9a-f]{20})/)[1];
    const g = await apiJson('GET', `/api/games/${id}`);
    const rules = await page.$$eval('#rules dt', (dts) => dts.map((dt) => [dt.dataset.option, dt.textContent, dt.nextElementSibling.textContent]));
    assert.equal(rules.length, g.options.length);
    for (const [name, label, value] of rules) {
      const o = g.options.find((x) => x.name === name);
      assert.ok(!label.includes('_') && label !== name, `rules (${lang}): the option ${name} is shown as "${label}"`);
      if (!/^\d+$|^auto$/.test(o.value)) assert.notEqual(value, o.value, `rules (${lang}): ${name}'s value ${o.value} untranslated`);
      assert.doesNotMatch(value, /[a-z][A-Z]|_/, `rules (${lang}): ${name} = "${value}"`);
    }
    noEnglish(await visibleText(page), english, `game (${lang})`);
    // The tournaments' list (or the word that the server holds none).
    await page.goto(base + '/tournaments');
    await page.waitForFunction(() => document.getElementById('tl-error').textContent !== ''
      || document.querySelectorAll('.tl-group').length > 0);
    noEnglish(await visibleText(page), english, `/tournaments (${lang})`);
    // The rules page a browser of this language opens: same address, its language.
    await page.goto(base + '/rules/ouril');
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    assert.match(await page.title(), lang === 'pt' ? /^Regras de Ouril/ : /^Règles de Ouril/);
    noEnglish(await visibleText(page), english, `/rules/ouril (${lang})`);
    // The switch on the page goes to another language and stays there.
    await page.click('.lang-switch a[hreflang="en"]');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.goto(base + '/rules');
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test('the language chosen with the switch while signed in follows the account to a fresh browser', { timeout: 60000 }, async () => {
  const name = `lang${Date.now().toString(36).slice(-6)}`;
  const english = { locale: 'en', extraHTTPHeaders: { 'Accept-Language': 'en' } };
  const a = await browser.newContext(english);
  const page = await signUp(a, name);
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  // Signed in, the switch saves the choice in the account (and the cookie) and shows it.
  await page.click('#lang-switch a[hreflang="pt"]');
  await page.waitForFunction(() => document.documentElement.lang === 'pt' && document.getElementById('start').textContent !== '');
  assert.equal(new URL(page.url()).search, '', 'no ?lang= left in the address');
  const session = await page.evaluate(async () => (await fetch('/api/session')).json());
  assert.deepEqual(session, { name, lang: 'pt' });
  assert.equal((await a.cookies()).find((c) => c.name === 'lang')?.value, 'pt');
  await a.close();

  // Another browser, English, no cookies: English until signed in, then Portuguese.
  const b = await browser.newContext(english);
  const p = await b.newPage();
  const errors = [];
  p.on('pageerror', (e) => errors.push(String(e)));
  await p.goto(`${base}/login`);
  assert.equal(await p.getAttribute('html', 'lang'), 'en');
  await p.fill('input[name=name]', name);
  await p.fill('input[name=password]', 'correct horse battery');
  await Promise.all([p.waitForURL(`${base}/`), p.click('button[type=submit]')]);
  await p.waitForSelector('#account-name');
  await p.waitForFunction(() => document.getElementById('start').textContent !== ''
    && document.querySelectorAll('#variant option').length > 0);
  assert.equal(await p.getAttribute('html', 'lang'), 'pt');
  noEnglish(await visibleText(p), await englishOnly('pt'), '/ signed in (pt account)');

  // The switch of a server page (the rules) changes the account too; the UI follows.
  await p.goto(`${base}/rules`);
  assert.equal(await p.getAttribute('html', 'lang'), 'pt');
  await p.click('.lang-switch a[hreflang="fr"]');
  await p.waitForFunction(() => document.documentElement.lang === 'fr');
  await p.goto(`${base}/`);
  await p.waitForFunction(() => document.documentElement.lang === 'fr' && document.getElementById('start').textContent !== '');
  const again = await p.evaluate(async () => (await fetch('/api/session')).json());
  assert.equal(again.lang, 'fr');
  assert.deepEqual(errors, []);
  await b.close();
});

// ------------------------------------------------------------------------------------------
// A player's and a newcomer's first hour.

// Saves a screenshot of `page` under target/browser-screenshots (never a tracked file).
async function shot(page, name) {
  const dir = path.join(root, 'target', 'browser-screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name) });
}

// Records the answers of `page` to the engine's help (evaluations, analysis) and its console's
// errors.
function watchHelp(page) {
  const seen = { help: [], errors: [] };
  page.on('response', (r) => {
    if (/\/api\/games\/[0-9a-f]+\/(evaluations|analysis)/.test(r.url())) seen.help.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => { if (m.type() === 'error') seen.errors.push(m.text()); });
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

test('accounts\' online game: the waiting player waits, no engine help asked in play, one ending line, the graph once ended by agreement', { timeout: 90000 }, async () => {
  const stamp = Date.now().toString(36).slice(-5);
  const [yaw, esi] = [`yaw${stamp}`, `esi${stamp}`];
  const a = await browser.newContext({ viewport: { width: 1100, height: 820 } });
  const b = await browser.newContext({ viewport: { width: 1100, height: 820 } });
  for (const c of [a, b]) await c.addInitScript(() => localStorage.setItem('mancala:speed', 'off'));
  const pa = await signUp(a, yaw);
  const pb = await signUp(b, esi);
  await pa.click('#seek-summary');
  await pa.selectOption('#seek-variant', 'oware');
  await pa.selectOption('#seek-side', 'south');
  await pa.click('#seek-post');
  await pb.waitForSelector(`#seeks-body tr[data-owner="${yaw}"] .seek-accept`);
  const [wa, wb] = [watchHelp(pa), watchHelp(pb)];
  await Promise.all([pa.waitForURL(/\/g\/[0-9a-f]{20}$/), pb.waitForURL(/\/g\/[0-9a-f]{20}$/), pb.click(`#seeks-body tr[data-owner="${yaw}"] .seek-accept`)]);
  await settled(pa, 0);
  await settled(pb, 0);
  // North's player waits for South; he does not watch.
  await pb.waitForFunction(() => document.getElementById('status').textContent !== '');
  assert.match(await pb.textContent('#status'), /^Waiting for South/);
  assert.match(await pa.textContent('#status'), /^Your move/);
  await playOne(pa, 1);
  await settled(pb, 1);
  assert.match(await pa.textContent('#status'), /^Waiting for North/);
  await playOne(pb, 2);
  await settled(pa, 2);
  // In play, the page asks for no evaluation graph nor analysis.
  assert.deepEqual([...wa.help, ...wb.help], [], 'engine help asked for during an online game');

  // Ended by agreement: the line names the ending once; the graph is drawn on both pages.
  await pa.click('#act-agreement');
  await pb.waitForSelector('#offer-box:not([hidden])');
  await pb.click('#offer-accept');
  for (const p of [pa, pb]) await p.waitForSelector('#status[data-over=true]');
  const g = await gameOf(pa);
  const status = await pa.textContent('#status');
  assert.equal(status.split('agreement').length - 1, 1, `"${status}" names the agreement once`);
  assert.match(status, new RegExp(`\\(by agreement\\) — own rows scored ${g.agreement_scores[0]} : ${g.agreement_scores[1]}$`));
  for (const p of [pa, pb]) {
    await p.waitForFunction(() => Number(document.getElementById('evalgraph').dataset.points) >= 3, null, { timeout: 20000 });
    assert.match(await p.textContent('#graph-note'), /^After move 2/);
  }
  assert.ok([...wa.help, ...wb.help].every((h) => h.startsWith('200 ')), [...wa.help, ...wb.help].join(', '));
  assert.deepEqual([...wa.errors, ...wb.errors], []);
  await a.close(); await b.close();
});

test('the lobby on a 390 px phone: every seek whole, its Accept button visible, a provisional rating marked', { timeout: 60000 }, async () => {
  const stamp = Date.now().toString(36).slice(-5);
  const [owner, viewer] = [`Kwabenaowusu${stamp}`, `abena${stamp}`];
  const a = await browser.newContext({ viewport: { width: 1100, height: 820 } });
  const b = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const pa = await signUp(a, owner);
  const pb = await signUp(b, viewer);
  // A rated correspondence seek: the owner's rating is provisional (no games yet).
  const posted = await pa.evaluate(async () => (await fetch('/api/seeks', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ variant: 'olowuka', rated: true, side: 'north', clock: { days_per_move: 3 } }) })).status);
  assert.equal(posted, 201);
  const seeks = await apiJson('GET', '/api/seeks');
  const listed = (Array.isArray(seeks) ? seeks : seeks.seeks).find((s) => s.owner === owner);
  assert.equal(listed.provisional, true);
  const row = `#seeks-body tr[data-owner="${owner}"]`;
  await pb.waitForSelector(`${row} .seek-accept`);
  assert.match(await pb.textContent(`${row} td >> nth=0`), new RegExp(`\\(${Math.round(listed.rating)}\\?\\)`));
  // The Accept button is whole inside the lobby's box, nothing scrolls sideways.
  const fit = await pb.evaluate((sel) => {
    const button = document.querySelector(`${sel} .seek-accept`).getBoundingClientRect();
    const wrap = document.querySelector('#lobby .table-wrap');
    const box = wrap.getBoundingClientRect();
    const card = document.getElementById('lobby').getBoundingClientRect();
    return { button: [button.left, button.right], box: [box.left, box.right], card: [card.left, card.right],
      wrapScroll: wrap.scrollWidth - wrap.clientWidth, page: document.documentElement.scrollWidth - window.innerWidth };
  }, row);
  await shot(pb, 'lobby-phone.png');
  assert.ok(fit.wrapScroll <= 0, `the lobby table is ${fit.wrapScroll}px wider than its box: ${JSON.stringify(fit)}`);
  assert.ok(fit.page <= 0, `the page is ${fit.page}px too wide`);
  assert.ok(fit.button[0] >= fit.box[0] && fit.button[1] <= fit.box[1] && fit.button[1] <= fit.card[1], `Accept is cut: ${JSON.stringify(fit)}`);
  assert.equal((await pb.textContent(`${row} .seek-accept`)).trim(), 'Accept');
  await a.close(); await b.close();
});

test('the lobby names each seek\'s game as the rest of the page does, in every language', { timeout: 60000 }, async () => {
  const owner = `kofi${Date.now().toString(36).slice(-5)}`;
  const a = await browser.newContext({ viewport: { width: 1100, height: 820 } });
  const pa = await signUp(a, owner);
  const posted = await pa.evaluate(async () => (await fetch('/api/seeks', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ variant: 'abapa', rated: false, side: 'south', rules: { grand_slam: 'Allowed' }, clock: { days_per_move: 3 } }) })).status);
  assert.equal(posted, 201);
  for (const [lang, label, rule] of [
    ['en', 'Abapa (2×6 board) *', 'grand slam: allowed'],
    ['fr', 'Awalé (Abapa) (plateau 2×6) *', 'grand chelem: permis'],
    ['pt', 'Abapa (tabuleiro 2×6) *', 'grand slam: permitido'],
  ]) {
    const ctx = await browser.newContext({ locale: lang, extraHTTPHeaders: { 'Accept-Language': lang } });
    const page = await ctx.newPage();
    await page.goto(base + '/');
    const cell = `#seeks-body tr[data-owner="${owner}"] td >> nth=1`;
    await page.waitForSelector(cell);
    const shown = (await page.textContent(cell)).trim();
    assert.equal(shown, label, `${lang}: the lobby shows "${shown}"`);
    // The same words as the list the seek was chosen from.
    const option = await page.$eval('#seek-variant option[value=abapa]', (o) => o.textContent);
    assert.equal(`${option} *`, shown);
    const title = await page.$eval(`#seeks-body tr[data-owner="${owner}"] td:nth-child(2)`, (td) => td.title);
    assert.doesNotMatch(title, /grand_slam|[{}"]/, `${lang}: the rules are shown as the API writes them: ${title}`);
    assert.equal(title, rule);
    await ctx.close();
  }
  await pa.evaluate(async (name) => {
    const seeks = await (await fetch('/api/seeks')).json();
    for (const s of (Array.isArray(seeks) ? seeks : seeks.seeks)) {
      if (s.owner === name) await fetch(`/api/seeks/${s.id}/cancel`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    }
  }, owner);
  await a.close();
});

// The contrast ratio of two CSS colours `rgb(r, g, b)` (WCAG's relative luminance).
function contrast(c1, c2) {
  const lum = (c) => {
    const [r, g, b] = c.match(/[\d.]+/g).slice(0, 3).map((x) => Number(x) / 255)
      .map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [lum(c1), lum(c2)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('no repository paths for players, and the language links readable on the header of every page', async () => {
  const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await ctx.newPage();
  await page.goto(base + '/');
  await page.waitForSelector('#variant option[value=oware]', { state: 'attached' });
  for (const name of ['oware', 'isolo']) {
    await page.selectOption('#variant', name);
    const summary = await page.textContent('#variant-summary');
    assert.ok(summary.length > 20, summary);
    assert.doesNotMatch(summary, /web\/|\.html|rules\//, `the home page shows a path: ${summary}`);
  }
  for (const p of ['/', '/signup', '/login', '/rules', '/rules/oware']) {
    await page.goto(base + p);
    await page.waitForSelector('.lang-switch a');
    const colours = await page.$$eval('.lang-switch a', (links) => links.map((a) => {
      let bg = 'rgba(0, 0, 0, 0)';
      for (let e = a; e && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); e = e.parentElement) bg = getComputedStyle(e).backgroundColor;
      return [a.textContent, getComputedStyle(a).color, bg];
    }));
    for (const [text, fg, bg] of colours) {
      const ratio = contrast(fg, bg);
      assert.ok(ratio >= 4.5, `${p}: "${text}" is ${fg} on ${bg} (contrast ${ratio.toFixed(2)})`);
    }
  }
  await ctx.close();
});

test('home page: a quick-pairing tile posts a seek, the same tile in another browser accepts it, both boards open; a phone fits', { timeout: 90000 }, async () => {
  const stamp = Date.now().toString(36).slice(-5);
  const [esi, yaw] = [`esi${stamp}`, `yaw${stamp}`];
  const a = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const b = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const pa = await signUp(a, esi);
  const pb = await signUp(b, yaw);
  const errors = [];
  for (const p of [pa, pb]) p.on('pageerror', (e) => errors.push(String(e)));
  for (const p of [pa, pb]) {
    await p.waitForSelector('#quick-tiles .tile[data-tile="5+3"]');
    await p.selectOption('#quick-variant', 'abapa');
  }
  await pa.click('#quick-tiles .tile[data-tile="5+3"]');
  await pa.waitForSelector('#quick-tiles .tile.waiting[data-tile="5+3"]');
  const openSeeks = async () => { const d = await apiJson('GET', '/api/seeks'); return Array.isArray(d) ? d : d.seeks; };
  const seek = (await openSeeks()).find((s) => s.owner === esi);
  assert.deepEqual([seek.variant, seek.clock, seek.rated, seek.side], ['abapa', { initial_ms: 300000, increment_ms: 3000 }, true, 'random']);
  await pb.waitForFunction(() => /1/.test(document.querySelector('#quick-tiles .tile[data-tile="5+3"] .tile-note').textContent));
  assert.equal(await pb.textContent('#quick-tiles .tile[data-tile="1+0"] .tile-note'), '');

  // On the phone the page does not scroll sideways and the five tiles are whole.
  const fit = await pb.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tiles: [...document.querySelectorAll('#quick-tiles .tile')].map((t) => t.getBoundingClientRect()).map((r) => [r.left, r.right]),
    // A tile's text stays inside it.
    spill: [...document.querySelectorAll('#quick-tiles .tile > span')].filter((e) => {
      const [r, tile] = [e.getBoundingClientRect(), e.parentElement.getBoundingClientRect()];
      return r.left < tile.left || r.right > tile.right;
    }).map((e) => e.textContent),
  }));
  await shot(pb, 'home-phone.png');
  assert.ok(fit.page <= 0, `the home page is ${fit.page}px too wide`);
  assert.equal(fit.tiles.length, 5);
  for (const [l, r] of fit.tiles) assert.ok(l >= 0 && r <= 390, `a tile is cut: ${JSON.stringify(fit.tiles)}`);
  assert.deepEqual(fit.spill, [], 'text wider than its tile');

  // Yaw's click on the same tile accepts Esi's seek: both land on the board of one game.
  await Promise.all([pa.waitForURL(/\/g\/[0-9a-f]{20}$/), pb.waitForURL(/\/g\/[0-9a-f]{20}$/),
    pb.click('#quick-tiles .tile[data-tile="5+3"]')]);
  assert.equal(pa.url(), pb.url());
  for (const p of [pa, pb]) await p.waitForSelector('#board [data-pit]');
  const g = await gameOf(pa);
  assert.deepEqual(Object.values(g.players).sort(), [esi, yaw].sort());
  assert.equal(g.variant, 'abapa');
  assert.deepEqual(g.clock.control, { initial_ms: 300000, increment_ms: 3000 });
  assert.ok(!(await openSeeks()).some((s) => s.owner === esi || s.owner === yaw));

  // A visitor sees the game among those being played and opens it to watch; the puzzle of the
  // day links to one puzzle; the tournaments card shows only where the server has tournaments.
  const c = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const pc = await c.newPage();
  pc.on('pageerror', (e) => errors.push(String(e)));
  await pc.goto(base + '/');
  await pc.waitForSelector(`#live-list li[data-game="${g.id}"] a`);
  assert.match(await pc.textContent(`#live-list li[data-game="${g.id}"]`), new RegExp(`${esi}|${yaw}`));
  await pc.waitForFunction(() => document.getElementById('daily-link').dataset.puzzle);
  assert.match(await pc.getAttribute('#daily-link', 'href'), /^\/puzzles\?id=/);
  const tournaments = await fetch(base + '/api/tournaments');
  if (tournaments.ok) await pc.waitForSelector('#home-tournaments:not([hidden])');
  else assert.equal(await pc.isHidden('#home-tournaments'), true);
  // A guest's tile click asks him to log in, and posts nothing.
  await pc.click('#quick-tiles .tile[data-tile="1+0"]');
  assert.match(await pc.textContent('#quick-error'), /Log in/);
  await Promise.all([pc.waitForURL(/\/g\/[0-9a-f]{20}$/), pc.click(`#live-list li[data-game="${g.id}"] a`)]);
  await pc.waitForSelector('#board [data-pit]');
  // "Play the computer" starts a game against the engine in one click.
  await pc.goto(base + '/');
  await pc.waitForSelector('#quick-variant option[value=wuri]', { state: 'attached' });
  await pc.selectOption('#quick-variant', 'wuri');
  await Promise.all([pc.waitForURL(/\/g\/[0-9a-f]{20}#seat=/), pc.click('#quick-computer')]);
  const mine = await gameOf(pc);
  assert.deepEqual([mine.variant, mine.mode], ['wuri', 'computer']);
  assert.deepEqual(errors, []);
  await a.close(); await b.close(); await c.close();
});

// Whether this server holds tournaments (GET /api/tournaments answers).
async function hasTournaments() { return (await fetch(base + '/api/tournaments')).ok; }

test('tournament pages: a director runs a four-player Swiss over the board for three rounds, prints it and downloads the TRF', { timeout: 120000 }, async (t) => {
  if (!(await hasTournaments())) { t.skip('this server has no tournaments API'); return; }
  const stamp = Date.now().toString(36).slice(-5);
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 }, acceptDownloads: true });
  const page = await signUp(ctx, `td${stamp}`);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(base + '/tournaments');
  await page.click('#tl-new');
  const name = `Accra open ${stamp}`;
  await page.fill('#tc-name', name);
  await page.selectOption('#tc-format', 'swiss');
  await page.waitForSelector('#tc-variant option[value=abapa]', { state: 'attached' });
  await page.selectOption('#tc-variant', 'abapa');
  await page.fill('#tc-rounds', '3');
  await page.check('#tc-otb');
  await Promise.all([page.waitForURL(/\/tournaments\/[^/]+$/), page.click('#tc-submit')]);
  const id = decodeURIComponent(page.url().match(/\/tournaments\/([^/]+)$/)[1]);
  await page.waitForSelector('#tn-director:not([hidden])');
  assert.equal(await page.textContent('#tn-name'), name);

  // Four players by name and rating.
  const players = [['Ama Mensah', 1850], ['Kofi Boateng', 1720], ['Esi Owusu', 1600], ['Yaw Asante', 1480]];
  for (const [n, r] of players) {
    await page.fill('#tn-add-name', n);
    await page.fill('#tn-add-rating', String(r));
    await page.click('#tn-add-go');
    await page.waitForSelector(`#tn-players li[data-player="${n}"]`);
  }
  assert.equal(await page.locator('#tn-players li').count(), 4);
  if (await page.isVisible('#tn-start')) {
    await page.click('#tn-start');
    await page.waitForSelector('#tn-start', { state: 'hidden' });
  }

  // Three rounds: pair, then enter each board's result; the standings follow.
  const results = ['1-0', '1/2-1/2'];
  for (let round = 1; round <= 3; round++) {
    await page.click('#tn-pair');
    const box = `.tn-round[data-round="${round}"]`;
    await page.waitForSelector(`${box} tbody tr`);
    const boards = await page.$$eval(`${box} tbody tr`, (rows) => rows.map((r) => r.dataset.board));
    assert.equal(boards.length, 2, `round ${round}: two boards`);
    for (const [k, board] of boards.entries()) {
      await page.selectOption(`${box} tr[data-board="${board}"] select`, results[k % 2]);
      await page.waitForSelector(`${box} tr[data-board="${board}"][data-result="${results[k % 2]}"]`);
    }
    await page.waitForFunction((n) => [...document.querySelectorAll('#tn-standings tbody tr')]
      .reduce((s, tr) => s + Number(tr.dataset.points), 0) === 2 * n, round);
  }
  const standings = await page.$$eval('#tn-standings tbody tr', (rows) => rows.map((r) => [r.dataset.player, Number(r.dataset.points)]));
  assert.equal(standings.length, 4);
  assert.deepEqual([...standings].sort((a, b) => b[1] - a[1]), standings, 'standings best first');
  assert.ok(await page.locator('#tn-standings thead th').count() >= 3);

  // Printed: the pairings and standings without the header, the director's tools or buttons.
  await page.emulateMedia({ media: 'print' });
  const shown = await page.evaluate(() => Object.fromEntries(['tn-standings-card', 'tn-rounds-card', 'tn-director', 'tn-pair', 'nav']
    .map((x) => [x, getComputedStyle(document.getElementById(x)).display !== 'none'
      && getComputedStyle(document.getElementById(x).closest('header') || document.body).display !== 'none'])));
  assert.deepEqual(shown, { 'tn-standings-card': true, 'tn-rounds-card': true, 'tn-director': false, 'tn-pair': false, nav: false });
  await page.emulateMedia({ media: 'screen' });

  // The TRF download: the tournament's name, four players and their games.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#tn-trf')]);
  const trf = fs.readFileSync(await download.path(), 'utf8');
  assert.match(trf, /^012 /m);
  assert.equal(trf.split('\n').filter((l) => l.startsWith('001 ')).length, 4, trf);
  for (const [n] of players) assert.ok(trf.includes(n.split(' ')[1]), `${n} in the TRF`);

  // The tournament is listed.
  await page.goto(base + '/tournaments');
  await page.waitForSelector(`.tl-group li[data-tournament="${id}"]`);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('tournament pages: four players join an online Swiss, the start takes each to his board, and the standings follow the results', { timeout: 120000 }, async (t) => {
  if (!(await hasTournaments())) { t.skip('this server has no tournaments API'); return; }
  const stamp = Date.now().toString(36).slice(-5);
  const contexts = [];
  const open = async (name) => {
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    await ctx.addInitScript(() => localStorage.setItem('mancala:speed', 'off'));
    contexts.push(ctx);
    return signUp(ctx, name);
  };
  const director = await open(`dir${stamp}`);
  const names = ['ama', 'kofi', 'esi', 'yaw'].map((n) => `${n}${stamp}`);
  const players = [];
  for (const n of names) players.push(await open(n));
  const errors = [];
  for (const p of [director, ...players]) p.on('pageerror', (e) => errors.push(String(e)));
  const id = await director.evaluate(async () => (await (await fetch('/api/tournaments', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'Online cup', format: 'swiss', variant: 'oware', clock: { initial_ms: 300000, increment_ms: 3000 },
      rated: true, over_the_board: false, rounds: 1 }) })).json()).id);
  for (const p of players) {
    await p.goto(`${base}/tournaments/${encodeURIComponent(id)}`);
    await p.click('#tn-join');
    await p.waitForSelector('#tn-withdraw:not([hidden])');
  }
  await director.goto(`${base}/tournaments/${encodeURIComponent(id)}`);
  await director.waitForFunction(() => document.querySelectorAll('#tn-players li').length === 4);
  await director.click('#tn-start');
  // Each player's page sees his game and takes him to his board.
  await Promise.all(players.map((p) => p.waitForURL(/\/g\/[0-9a-f]{20}$/, { timeout: 30000 })));
  const games = await Promise.all(players.map((p) => gameOf(p)));
  assert.equal(new Set(games.map((g) => g.id)).size, 2, 'two boards');
  // South resigns on each board.
  for (const [k, p] of players.entries()) {
    if (games[k].players.south !== names[k]) continue;
    await p.waitForSelector('#act-resign:not([disabled])');
    await p.click('#act-resign');
    await p.waitForSelector('#status[data-over=true]');
  }
  // The standings give each North his point; the round's boards link to the games.
  const page = players[0];
  await page.goto(`${base}/tournaments/${encodeURIComponent(id)}`);
  await page.waitForFunction(() => [...document.querySelectorAll('#tn-standings tbody tr')]
    .reduce((s, tr) => s + Number(tr.dataset.points), 0) === 2, null, { timeout: 20000 });
  const points = Object.fromEntries(await page.$$eval('#tn-standings tbody tr', (rows) => rows.map((r) => [r.dataset.player, Number(r.dataset.points)])));
  for (const [k, g] of games.entries()) assert.equal(points[names[k]], g.players.north === names[k] ? 1 : 0, JSON.stringify(points));
  assert.equal(await page.locator('.tn-round[data-round="1"] td a[href^="/g/"]').count(), 2);
  assert.deepEqual(errors, []);
  for (const c of contexts) await c.close();
});

test('tournament pages: four players join an online arena, play, and see the standings change as the games end and a new wave pairs them', { timeout: 150000 }, async (t) => {
  if (!(await hasTournaments())) { t.skip('this server has no tournaments API'); return; }
  const stamp = Date.now().toString(36).slice(-5);
  const names = ['ama', 'kofi', 'esi', 'yaw'].map((n) => `${n}${stamp}`);
  const contexts = [];
  const pages = [];
  for (const n of names) {
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    await ctx.addInitScript(() => localStorage.setItem('mancala:speed', 'off'));
    contexts.push(ctx);
    pages.push(await signUp(ctx, n));
  }
  const errors = [];
  for (const p of pages) p.on('pageerror', (e) => errors.push(String(e)));
  const tournamentUrl = () => `${base}/tournaments/${encodeURIComponent(id)}`;
  const standingsOf = (p) => p.$$eval('#tn-standings tbody tr', (rows) => Object.fromEntries(rows.map((r) => [r.dataset.player, Number(r.dataset.points)])));
  const totalIs = (p, n) => p.waitForFunction((x) => {
    const rows = [...document.querySelectorAll('#tn-standings tbody tr')];
    return rows.length === 4 && rows.reduce((s, tr) => s + Number(tr.dataset.points), 0) === x;
  }, n, { timeout: 20000 });

  // Ama directs it: an arena of 30 minutes at 5+3, created through the form.
  const director = pages[0];
  await director.goto(base + '/tournaments');
  await director.click('#tl-new');
  await director.fill('#tc-name', `Arena ${stamp}`);
  await director.selectOption('#tc-format', 'arena');
  assert.equal(await director.isVisible('#tc-duration'), true);
  assert.equal(await director.isDisabled('#tc-otb'), true, 'an arena is never over the board');
  await director.waitForSelector('#tc-variant option[value=oware]', { state: 'attached' });
  await director.selectOption('#tc-variant', 'oware');
  await director.fill('#tc-duration', '30');
  await Promise.all([director.waitForURL(/\/tournaments\/[^/]+$/), director.click('#tc-submit')]);
  const id = decodeURIComponent(director.url().match(/\/tournaments\/([^/]+)$/)[1]);
  const created = await apiJson('GET', `/api/tournaments/${encodeURIComponent(id)}`);
  assert.deepEqual([created.format, created.status, created.variant, created.duration_s], ['arena', 'created', 'oware', 1800]);

  // All four join through the page; each sees the others and no points yet.
  for (const p of pages) {
    if (p !== director) await p.goto(tournamentUrl());
    await p.click('#tn-join');
    await p.waitForSelector('#tn-withdraw:not([hidden])');
  }
  await director.reload();
  await director.waitForFunction(() => document.querySelectorAll('#tn-players li').length === 4);
  await totalIs(director, 0);
  await director.click('#tn-start');

  // The start takes each to his board: two games, each player in one.
  await Promise.all(pages.map((p) => p.waitForURL(/\/g\/[0-9a-f]{20}$/, { timeout: 30000 })));
  const first = await Promise.all(pages.map((p) => gameOf(p)));
  assert.equal(new Set(first.map((g) => g.id)).size, 2, 'two boards');
  const side = (k) => (first[k].players.south === names[k] ? 'south' : 'north');
  const board = (gameId, s) => pages.findIndex((_, k) => first[k].id === gameId && side(k) === s);
  const boards = [...new Set(first.map((g) => g.id))].map((g) => ({ id: g, south: board(g, 'south'), north: board(g, 'north') }));
  for (const b of boards) assert.ok(b.south >= 0 && b.north >= 0, JSON.stringify(first.map((g) => g.players)));

  // On each board South and North play a move each, by clicking.
  for (const b of boards) {
    await playOne(pages[b.south], 1);
    await playOne(pages[b.north], 2);
  }

  // The players of the second board look at the tournament page, which stays on it (their game
  // was opened already) and still shows no points.
  const [one, two] = boards;
  for (const k of [two.south, two.north]) {
    await pages[k].goto(tournamentUrl());
    await pages[k].waitForSelector('#tn-your-game:not([hidden])');
    await totalIs(pages[k], 0);
  }

  // South resigns the first board: North gets 2 points, live on the pages of the second board's
  // players, and nobody is paired again while the other game goes on (no same opponent twice).
  await pages[one.south].waitForSelector('#act-resign:not([disabled])');
  await pages[one.south].click('#act-resign');
  await pages[one.south].waitForSelector('#status[data-over=true]');
  for (const k of [two.south, two.north]) {
    await totalIs(pages[k], 2);
    const points = await standingsOf(pages[k]);
    assert.equal(points[names[one.north]], 2, JSON.stringify(points));
    assert.equal(points[names[one.south]], 0, JSON.stringify(points));
    assert.equal(pages[k].url(), tournamentUrl(), 'still on the tournament page');
    assert.equal(await pages[k].locator(`.tn-round tr[data-result="0-1"] a[href="/g/${one.id}"]`).count(), 1);
  }
  await pages[one.north].goto(tournamentUrl());
  await totalIs(pages[one.north], 2);
  assert.equal(await pages[one.north].isHidden('#tn-your-game'), true, 'no new game yet');

  // North resigns the second board: the wave pairs the four free players anew, each with
  // someone he has not just played, and the pages on the tournament take them to their boards.
  await pages[two.north].goto(`${base}/g/${two.id}`);
  await pages[two.north].waitForSelector('#act-resign:not([disabled])');
  await pages[two.north].click('#act-resign');
  await pages[two.north].waitForSelector('#status[data-over=true]');
  for (const k of [two.south, one.north]) {
    await pages[k].waitForURL(/\/g\/[0-9a-f]{20}$/, { timeout: 20000 });
  }
  const ended = new Set([one.id, two.id]);
  const second = [];
  for (const [k, p] of pages.entries()) {
    if (!/\/g\/[0-9a-f]{20}$/.test(p.url()) || ended.has((await gameOf(p)).id)) {
      await p.goto(tournamentUrl());
      await p.waitForURL(/\/g\/[0-9a-f]{20}$/, { timeout: 20000 });
    }
    const g = await gameOf(p);
    assert.ok(!ended.has(g.id), `${names[k]} has a new game`);
    const opponent = g.players.south === names[k] ? g.players.north : g.players.south;
    const before = first[k].players.south === names[k] ? first[k].players.north : first[k].players.south;
    assert.notEqual(opponent, before, `${names[k]} does not meet ${before} twice in a row`);
    second.push(g);
  }
  assert.equal(new Set(second.map((g) => g.id)).size, 2, 'two new boards');

  // Back on the tournament page, every player sees the same standings: the two winners first
  // with 2 points each, and four games, two of them running.
  for (const p of pages) {
    await p.goto(tournamentUrl());
    await totalIs(p, 4);
    const points = await standingsOf(p);
    assert.deepEqual([names[one.north], names[two.south], names[one.south], names[two.north]].map((n) => points[n]), [2, 2, 0, 0], JSON.stringify(points));
    const order = await p.$$eval('#tn-standings tbody tr', (rows) => rows.map((r) => Number(r.dataset.points)));
    assert.deepEqual(order, [2, 2, 0, 0]);
    assert.equal(await p.locator('.tn-round tbody tr').count(), 4);
    assert.equal(await p.locator('.tn-round tbody tr:not([data-result])').count(), 2);
    assert.equal(await p.isVisible('#tn-your-game'), true);
  }
  assert.deepEqual(errors, []);
  for (const c of contexts) await c.close();
});
