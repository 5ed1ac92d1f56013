// The position editor (/editor): the pits, stores (or Isolo's stock used), the side to move and
// the phase, kept in step with the position's text. The server's rules core says whether it is a
// position of the game; from a valid one, analyse it or start a game.

import { api } from './api.js';
import { drawBoard, moveName } from './board.js';
import { $ } from './dom.js';
import { T, resultText, sideName, variantLabel } from './i18n.js';
import { buildRuleOptions, listVariants, ruleValues, variants } from './presets.js';
import { openNewGame } from './storage.js';

const ed = { variant: null, pitsPerRow: 6, prefix: null, pits: [], extras: [], side: 'S', timer: null, valid: false, seq: 0 };

// The editor, on the position and rules of the address (`variant`, `position`, `rules`) if any.
export async function showEditor(params) {
  $('editor').hidden = false;
  $('subtitle').textContent = T.editorTitle;
  $('ed-variant-label').textContent = T.editorVariant + ' ';
  $('ed-position-label').textContent = T.editorPosition + ' ';
  await listVariants('ed-variant', variantLabel);
  const sel = $('ed-variant');
  const want = params.get('variant');
  sel.value = variants.some((v) => v.name === want) ? want : 'oware';
  let rules = {};
  try { rules = params.get('rules') ? JSON.parse(params.get('rules')) : {}; } catch (_) { rules = {}; }
  edVariant(params.get('position'), rules);
  sel.addEventListener('change', () => edVariant(null, {}));
  $('ed-position').addEventListener('input', () => { edParse($('ed-position').value); edInputs(); edCheckSoon(); });
  $('ed-reset').addEventListener('click', () => edVariant(null, edRules()));
  $('ed-clear').addEventListener('click', () => {
    ed.pits = ed.pits.map(() => 0);
    ed.extras = ed.extras.map(() => 0);
    edInputs(); edSync();
  });
  $('ed-analyse').addEventListener('click', () => {
    const q = new URLSearchParams({ variant: ed.variant, position: $('ed-position').value.trim() });
    const rules = edRules();
    if (Object.keys(rules).length) q.set('rules', JSON.stringify(rules));
    location.href = `/analysis?${q}`;
  });
  $('ed-computer').addEventListener('click', () => edStart('computer'));
  $('ed-local').addEventListener('click', () => edStart('local'));
  $('ed-form').addEventListener('submit', (e) => e.preventDefault());
}

function edVariant(position, rules) {
  const v = variants.find((x) => x.name === $('ed-variant').value);
  ed.variant = v.name;
  ed.pitsPerRow = v.pits_per_row || 6;
  buildRuleOptions($('ed-rule-options'), v, rules);
  $('ed-rule-options').querySelectorAll('[data-option]').forEach((i) => i.addEventListener('change', edCheckSoon));
  edParse(position || v.start.position);
  edInputs();
  edSync();
}

function edRules() {
  return ruleValues($('ed-rule-options'));
}

// `[PHASE:]pits-...-extra-...-SIDE`: the first 2n fields are the pits, the last the side to move.
function edParse(text) {
  let rest = (text || '').trim();
  ed.prefix = null;
  const colon = rest.indexOf(':');
  if (colon >= 0) { ed.prefix = rest.slice(0, colon).trim().toUpperCase(); rest = rest.slice(colon + 1); }
  const fields = rest.split('-').map((f) => f.trim());
  const n = 2 * ed.pitsPerRow;
  if (fields.length < n + 1) return false;
  ed.pits = fields.slice(0, n).map((f) => parseInt(f, 10) || 0);
  ed.extras = fields.slice(n, -1).map((f) => parseInt(f, 10) || 0);
  ed.side = (fields[fields.length - 1] || 'S').toUpperCase();
  return true;
}

function edText() {
  const body = [...ed.pits, ...ed.extras, ed.side].join('-');
  return ed.prefix ? `${ed.prefix}:${body}` : body;
}

function numberInput(value, label, onChange) {
  const input = document.createElement('input');
  input.type = 'number'; input.min = '0'; input.max = '255'; input.value = String(value);
  input.setAttribute('aria-label', label);
  input.addEventListener('input', () => onChange(Math.max(0, parseInt(input.value, 10) || 0)));
  return input;
}

// The inputs laid out like the board: North's row on top (from its left, seen from South: f..a),
// South's below (A..F).
function edInputs() {
  const n = ed.pitsPerRow;
  const grid = $('ed-grid');
  grid.style.setProperty('--cols', String(n));
  const cells = [];
  for (const row of [1, 0]) {
    for (let c = 0; c < n; c++) {
      const i = row === 0 ? c : n + (n - 1 - c);
      const name = moveName(i, n);
      const label = document.createElement('label');
      label.className = 'ed-pit';
      label.textContent = name;
      const input = numberInput(ed.pits[i] || 0, `pit ${name}`, (v) => { ed.pits[i] = v; edSync(); });
      input.dataset.pit = String(i);
      label.append(input);
      cells.push(label);
    }
  }
  grid.replaceChildren(...cells);
  const extras = $('ed-extras');
  const items = ed.extras.map((val, k) => {
    const label = document.createElement('label');
    label.textContent = T.extraField(k, ed.extras.length, Boolean(ed.prefix)) + ' ';
    const input = numberInput(val, label.textContent.trim(), (v) => { ed.extras[k] = v; edSync(); });
    input.dataset.extra = String(k);
    label.append(input);
    return label;
  });
  const sideLabel = document.createElement('label');
  sideLabel.textContent = T.sideToMove + ' ';
  const side = document.createElement('select');
  side.id = 'ed-side';
  side.append(new Option(T.south, 'S'), new Option(T.north, 'N'));
  side.value = ed.side === 'N' ? 'N' : 'S';
  side.addEventListener('change', () => { ed.side = side.value; edSync(); });
  sideLabel.append(side);
  items.push(sideLabel);
  if (ed.prefix) {
    const phaseLabel = document.createElement('label');
    phaseLabel.textContent = T.phase + ' ';
    const phase = document.createElement('select');
    phase.id = 'ed-phase';
    for (const [k, name] of Object.entries(T.phases)) phase.append(new Option(name, k));
    phase.value = ed.prefix;
    phase.addEventListener('change', () => { ed.prefix = phase.value; edSync(); });
    phaseLabel.append(phase);
    items.push(phaseLabel);
  }
  extras.replaceChildren(...items);
}

function edSync() {
  $('ed-position').value = edText();
  edCheckSoon();
}

function edCheckSoon() {
  clearTimeout(ed.timer);
  ed.valid = false;
  edButtons();
  $('ed-check').textContent = T.checking;
  $('ed-check').dataset.state = 'checking';
  ed.timer = setTimeout(edCheck, 150);
}

function edButtons() {
  for (const id of ['ed-analyse', 'ed-computer', 'ed-local']) $(id).disabled = !ed.valid;
}

async function edCheck() {
  const seq = ++ed.seq;
  const body = { variant: ed.variant, position: $('ed-position').value.trim() };
  const rules = edRules();
  if (Object.keys(rules).length) body.rules = rules;
  let d = null, err = null;
  try { d = await api('POST', '/api/positions', body); } catch (e) { err = e; }
  if (seq !== ed.seq) return;
  const box = $('ed-check');
  if (err) {
    ed.valid = false;
    box.textContent = T.invalid(err.message);
    box.dataset.state = 'invalid';
    box.className = 'error';
    $('ed-board').hidden = true;
  } else {
    const st = d.states[0];
    ed.valid = true;
    box.className = '';
    box.dataset.state = 'valid';
    const seeds = st.pits.reduce((a, b) => a + b, 0);
    box.textContent = st.over ? T.validOver(resultText(st)) : T.valid(sideName(st.to_move), st.legal, seeds);
    $('ed-board').hidden = false;
    drawBoard({ ...st, pits_per_row: d.pits_per_row }, st.pits, st.stores, {},
      { svg: $('ed-board'), caption: null, onPlay: () => {}, hint: null, canPlay: false });
  }
  edButtons();
  $('ed-computer').disabled = !ed.valid || Boolean(d && d.states[0].over);
  $('ed-local').disabled = $('ed-computer').disabled;
}

async function edStart(mode) {
  const body = { variant: ed.variant, mode, position: $('ed-position').value.trim() };
  const rules = edRules();
  if (Object.keys(rules).length) body.rules = rules;
  if (mode === 'computer') { body.side = 'south'; body.level = 3; }
  try {
    const g = await api('POST', '/api/games', body);
    openNewGame(g, g.seats.south);
  } catch (e) {
    $('ed-check').textContent = e.message;
    $('ed-check').className = 'error';
  }
}
