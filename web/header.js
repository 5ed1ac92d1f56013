// The header of every page: the navigation's texts, the sound button and the language switch.

import { me } from './accounts.js';
import { api } from './api.js';
import { $ } from './dom.js';
import { T } from './i18n.js';
import { sound } from './sound.js';

// The switch, signed in: the choice is saved in the account (and the `lang` cookie, which the
// answer sets), then the page is shown again in it, its address without `?lang=`. Signed out,
// or if saving fails, the link itself keeps the choice in the cookie.
async function chooseLanguage(e, code) {
  if (!me.name) return;
  e.preventDefault();
  const link = e.currentTarget.href;
  try {
    await api('PATCH', '/api/players/me', { lang: code });
  } catch (_) {
    location.assign(link);
    return;
  }
  const search = location.search.replace(/[?&]lang=[^&]*/, '').replace(/^&/, '?');
  const target = `${location.origin}${location.pathname}${search}${location.hash}`;
  if (target === location.href) location.reload();
  else location.assign(target);
}

// The switch to every language: the page's own, then a link to each other one.
function showLanguageSwitch() {
  const sw = $('lang-switch');
  if (!sw) return;
  sw.replaceChildren(...T.languages.map((l) => {
    if (l.code === T.lang) {
      const b = document.createElement('strong');
      b.textContent = l.name;
      b.lang = l.code;
      return b;
    }
    const a = document.createElement('a');
    a.href = `${location.pathname}?lang=${l.code}${location.hash}`;
    a.textContent = l.name;
    a.lang = l.code;
    a.hreflang = l.code;
    a.addEventListener('click', (e) => chooseLanguage(e, l.code));
    return a;
  }));
}

// Fills in the header once the page's texts are loaded.
export function showHeader() {
  showLanguageSwitch();
  sound.show();
  $('sound-toggle').addEventListener('click', () => sound.toggle());
  $('nav-editor').textContent = T.editorLink;
  $('nav-archive').textContent = T.archive;
  $('nav-leaderboard').textContent = T.leaderboard;
}
