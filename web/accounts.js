// Accounts: the session cookie (set by /login, HttpOnly) authenticates every request; the page
// only asks who is logged in. Players' ratings, by name.

import { api } from './api.js';
import { $ } from './dom.js';
import { T } from './i18n.js';

// Who is logged in (`name`, null for a guest), once `loadSession` has asked (`known`).
export const me = { name: null, known: false };

// Asks who is logged in, and shows the header's account links.
export async function loadSession() {
  try {
    const d = await api('GET', '/api/session');
    me.name = d.name || null;
  } catch (_) { me.name = null; }
  me.known = true;
  const box = $('account');
  box.replaceChildren();
  const link = (href, text, id) => { const a = document.createElement('a'); a.href = href; a.textContent = text; a.id = id; return a; };
  if (me.name) {
    box.append(link(`/players/${encodeURIComponent(me.name)}`, me.name, 'account-name'), ' ', link('/logout', T.logOut, 'account-logout'));
  } else {
    box.append(link('/login', T.logIn, 'account-login'), ' ', link('/signup', T.signUp, 'account-signup'));
  }
  document.body.dataset.user = me.name || '';
}

// Ratings of players by name (one request per player and page).
const ratingCache = new Map();
export function playerInfo(name) {
  if (!ratingCache.has(name)) ratingCache.set(name, api('GET', `/api/players/${encodeURIComponent(name)}`).catch(() => null));
  return ratingCache.get(name);
}

// A rating as shown: rounded, `?` when provisional.
export function ratingText(r) {
  if (!r) return '';
  return `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;
}

// The side the logged-in player has in game `g`, if he plays in it.
export function accountSide(g) {
  if (!me.name || !g.players) return null;
  if (g.players.south === me.name) return 'south';
  if (g.players.north === me.name) return 'north';
  return null;
}
