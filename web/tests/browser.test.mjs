// Browser tests of the web UI: headless Chromium (Debian's) driven by playwright-core.
// Starts `mancala serve` on a free loopback port with an in-memory store, plays games by clicking
// pits, checks that the sowing animation finishes on the server's board, opens an online room
// from two browser contexts, and saves docs/screenshot-web.png.
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
  server = spawn(bin, ['serve', '--addr', '127.0.0.1:0', '--memory', '--create-burst', '200'],
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
  fs.mkdirSync(path.join(root, 'docs'), { recursive: true });
  await page.screenshot({ path: path.join(root, 'docs', 'screenshot-web.png') });

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
  const inputs = await page.$$('#kuch-pits input');
  assert.equal(inputs.length, 8);
  const want = [0, 5, 0, 3, 0, 0, 8, 1];
  for (let k = 0; k < 8; k++) await inputs[k].fill(String(want[k]));
  assert.equal(await page.textContent('#kuch-total'), '17');
  await page.click('#kuch-go');
  await page.waitForFunction(() => document.getElementById('kucheleka').hidden);
  const state = await apiJson('GET', `/api/games/${g.id}`);
  assert.equal(state.phase, 'proper');
  assert.deepEqual(state.pits.slice(0, 8), want);
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
