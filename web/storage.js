// What this browser keeps (localStorage, `mancala:` keys): the settings and, per game, the seat it
// holds.

// Settings kept in this browser: animation speed, sound, and whether the evaluation graph is shown.
export function setting(name, fallback) {
  try { return localStorage.getItem('mancala:' + name) || fallback; } catch (_) { return fallback; }
}

export function saveSetting(name, value) {
  try { localStorage.setItem('mancala:' + name, value); } catch (_) { /* private mode: not kept */ }
}

// The seat this browser holds in game `id`: `{ token, links, spectate, side }` as far as known,
// or `{}`.
export function savedSeat(id) {
  try { return JSON.parse(localStorage.getItem('mancala:' + id)) || {}; } catch (_) { return {}; }
}

// Keeps `seat` (as `savedSeat` gives it back) for game `id`.
export function saveSeat(id, seat) {
  localStorage.setItem('mancala:' + id, JSON.stringify(seat));
}

// Opens the game `g` just created, this browser holding the seat `token` (the game's links kept
// to share).
export function openNewGame(g, token) {
  saveSeat(g.id, { token, links: g.links, spectate: g.spectate });
  location.href = `/g/${g.id}#seat=${token}`;
}
