// The page's texts in its language (`T`), from the server's catalogues, and the texts built
// from them that every page uses. `T` is filled in once, by `loadMessages`, before any page is
// shown.

// Every text of the page, in the page's language: the messages of GET /api/i18n/auto (the
// server's catalogues, i18n/<lang>/ui.ftl), filled in by loadMessages() before anything is shown.
// A message without placeables is a string; one with placeables a function taking its arguments
// in the order the English text names them (the catalogue's `args`).
export const T = {};

// Formats a message's parts (see the API's /api/i18n) with named values; a choice picks the
// variant of the exact value, else of its plural category in the page's language.
function formatParts(parts, vals, plural) {
  if (typeof parts === 'string') return parts;
  return parts.map((p) => {
    if (typeof p === 'string') return p;
    if (p.v !== undefined) return String(vals[p.v] ?? '');
    let x = vals[p.s];
    if (x === undefined || x === null || x === '' || x === false) x = 0;
    let key = String(x);
    if (!(key in p.k) && typeof x === 'number') key = plural.select(x);
    return formatParts(key in p.k ? p.k[key] : p.k[p.d], vals, plural);
  }).join('');
}

// T from the served catalogue, with the few texts made of several messages.
function buildMessages(data) {
  const plural = new Intl.PluralRules(data.lang);
  const M = {};
  for (const [id, parts] of Object.entries(data.messages)) {
    const names = (data.args || {})[id];
    M[id] = names
      ? (...a) => formatParts(parts, Object.fromEntries(names.map((n, i) => [n, a[i]])), plural)
      : formatParts(parts, {}, plural);
  }
  const list = (text) => text.split('|');
  const labelled = (label, id, ...rest) => { const t = [label, ...rest]; t.id = id; return t; };
  Object.assign(M, {
    lang: data.lang,
    languages: data.languages || [],
    phases: { F: M.phaseF, K: M.phaseK, P: M.phaseP },
    phaseNames: { foregame: M.phaseForegame, kucheleka: M.phaseKucheleka, proper: M.phaseProper },
    offerKinds: { draw: M.offerKindDraw, agreement: M.offerKindAgreement },
    extraField: (i, n, hasPhase) => {
      const side = i % 2 === 0 ? M.south : M.north;
      if (n === 2) return hasPhase ? M.stockUsed(side) : M.storeOf(side);
      return M.field(i + 1);
    },
    valid: (side, legal, seeds) => M.validText(seeds, side, legal.join(' ')),
    seekCols: list(M.seekCols), ratingCols: list(M.ratingCols), gameCols: list(M.gameCols),
    lbCols: list(M.lbCols),
    times: [['3+2', 180000, 2000], ['1+0', 60000, 0], ['5+3', 300000, 3000], ['10+5', 600000, 5000],
      ['15+10', 900000, 10000]].map((t) => labelled(t[0], t[0], t[1], t[2]))
      .concat([labelled(M.untimed, 'untimed'), labelled(M.daysPerMove(1), 'day1', 1),
        labelled(M.daysPerMove(3), 'day3', 3), labelled(M.custom, 'custom')]),
    sides: [['random', M.sideRandom], ['south', M.sideSouth], ['north', M.north]],
    results: [['', M.resultAny], ['south', M.resultSouth], ['north', M.resultNorth], ['draw', M.resultDraw],
      ['none', M.resultNone], ['win', M.resultWin], ['loss', M.resultLoss]],
  });
  return M;
}

// Loads the page's messages (the language the server negotiated: ?lang=, the signed-in
// account's language, the `lang` cookie, then the browser's Accept-Language), and marks the page
// with its language.
export async function loadMessages() {
  const res = await fetch('/api/i18n/auto', { credentials: 'same-origin' });
  Object.assign(T, buildMessages(await res.json()));
  document.documentElement.lang = T.lang;
}

// Why a game ended (the API's stable code, e.g. `score_majority`), in the page's language.
export function reasonText(code) {
  if (!code) return '';
  const t = T['end-' + code.replace(/_/g, '-')];
  return typeof t === 'string' ? t : code.replace(/_/g, ' ');
}

// A text of the served game catalogue (games.ftl: names, summaries, rule options), else the
// English text the API gave.
export function gameText(id, fallback) {
  const t = T[id];
  return typeof t === 'string' ? t : fallback;
}

// A preset's name as its players know it in the page's language (awalé, ouril).
export function gameName(v) { return gameText(`game-${v.name}-name`, v.name); }

// A preset as a choice of a list: its name and its board.
export function variantLabel(v) { return `${gameName(v)} (${gameText(`game-${v.name}-board`, v.board)})`; }

// What rule option `o` of preset `v` means, in the page's language.
export function optionDoc(v, o) {
  return v ? gameText(`option-${v.options_family}-${o.name.replace(/_/g, '-')}`, o.doc) : o.doc;
}

// A rule option's name (`singleton_feed`) in the page's language (games.ftl's
// `rule-name-singleton-feed`), else as the API names it.
export function optionName(name) { return gameText(`rule-name-${name.replace(/_/g, '-')}`, name.replace(/_/g, ' ')); }

// A rule option's value (`FeedOverSingleton`, `On`, `auto`, a number) in the page's language
// (games.ftl's `rule-value-FeedOverSingleton`), else as the API writes it.
export function optionValue(value) { return gameText(`rule-value-${value}`, String(value)); }

// A field of a game's extra state (`extra_turn`, docs/state.md) in the page's language, else as
// the API names it.
export function fieldName(name) {
  const names = {
    extra_turn: T.fieldExtraTurn, owners: T.fieldOwners, round: T.fieldRound, match: T.fieldMatch,
    round_end: T.fieldRoundEnd, phase: T.fieldPhase, stock_used: T.fieldStockUsed, row_seeds: T.fieldRowSeeds,
    foregame_winner: T.fieldForegameWinner, foregame_end: T.fieldForegameEnd, plies_in_phase: T.fieldPliesInPhase,
    laps: T.fieldLaps,
  };
  return names[name] || name.replace(/_/g, ' ');
}

// The value of a field of a game's extra state: yes or no, a side, else as the API writes it.
export function fieldValue(v) {
  if (v === true) return T.yes;
  if (v === false) return T.no;
  if (v === 'south' || v === 'north') return sideName(v);
  if (Array.isArray(v) && v.every((x) => x === 'south' || x === 'north')) return v.map(sideName).join(' ');
  return typeof v === 'string' ? v : JSON.stringify(v);
}

// A side (`south`, `north`) by its name in the page's language.
export function sideName(side) { return side === 'south' ? T.south : side === 'north' ? T.north : ''; }

// How the finished game of the state `st` ended: its result and why.
export function resultText(st) {
  const result = st.result === 'draw' ? T.draw : T.wins(sideName(st.result));
  return T.over(result, reasonText(st.reason));
}

// Fills every element marked `data-t="key"` in the page with its text `T[key]`: the labels that
// never change.
// `data-t-aria` and `data-t-title` name the message of an aria-label or title.
export function applyLabels() {
  for (const el of document.querySelectorAll('[data-t]')) el.textContent = T[el.dataset.t];
  for (const el of document.querySelectorAll('[data-t-aria]')) el.setAttribute('aria-label', T[el.dataset.tAria]);
  for (const el of document.querySelectorAll('[data-t-title]')) el.title = T[el.dataset.tTitle];
}
