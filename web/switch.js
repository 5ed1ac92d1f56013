// The language switch of the server's own pages (the rules, sign-up and log-in pages). A link
// (`?lang=`) changes the language of the page and the `lang` cookie only: a GET never changes
// what an account keeps. Signed in, the choice is saved in the account first with
// `PATCH /api/players/me`, as the app's header does; signed out, that answers 401 and the link
// alone keeps the choice.

for (const a of document.querySelectorAll('.lang-switch a[hreflang]')) {
  a.addEventListener('click', async (e) => {
    e.preventDefault();
    try {
      await fetch('/api/players/me', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lang: a.hreflang }),
      });
    } catch (_) {
      // Offline: the link still shows the page in the language chosen.
    }
    location.assign(a.href);
  });
}
