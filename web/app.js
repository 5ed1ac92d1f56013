// The mancala web UI: native ES modules, no build step, loaded from the page by
// `<script type="module" src="/assets/app.js">`. Talks to the JSON API and the WebSocket.
//
// This module only starts the page: the texts, the header, who is logged in, then the page of the
// address. Each page is a module of its own (home.js, play.js, analysis.js, editor.js,
// players.js, puzzles.js, learn.js, tournaments.js) on shared ones (board.js, i18n.js, api.js, ...): docs/architecture.md,
// "The web UI's modules".

import { loadSession } from './accounts.js';
import { showAnalysis } from './analysis.js';
import { showEditor } from './editor.js';
import { showHeader } from './header.js';
import { showHome } from './home.js';
import { applyLabels, loadMessages } from './i18n.js';
import { showLearn } from './learn.js';
import { showPlay } from './play.js';
import { showArchive, showLeaderboard, showPlayer } from './players.js';
import { loadVariants } from './presets.js';
import { showPuzzles } from './puzzles.js';
import { showTournament, showTournamentList } from './tournaments.js';

// The page of the address.
async function showPage() {
  const params = new URLSearchParams(location.search);
  const game = location.pathname.match(/^\/g\/([0-9a-f]{20})$/);
  const player = location.pathname.match(/^\/players\/([^/]+)$/);
  const tournament = location.pathname.match(/^\/tournaments\/([^/]+)$/);
  const learn = location.pathname.match(/^\/learn(?:\/([a-z0-9-]+))?(?:\/([a-z0-9-]+))?\/?$/);
  if (location.pathname === '/analysis') {
    await loadVariants();
    await showAnalysis(params);
  } else if (location.pathname === '/editor') {
    await showEditor(params);
  } else if (player) {
    await showPlayer(decodeURIComponent(player[1]));
  } else if (location.pathname === '/leaderboard') {
    await showLeaderboard(params);
  } else if (location.pathname === '/archive') {
    await showArchive(params);
  } else if (location.pathname === '/puzzles') {
    await showPuzzles(params);
  } else if (learn) {
    await showLearn(learn[1], learn[2], params);
  } else if (location.pathname === '/tournaments') {
    await showTournamentList();
  } else if (tournament) {
    await showTournament(decodeURIComponent(tournament[1]));
  } else if (game) {
    await showPlay(game[1]);
  } else {
    await showHome();
  }
}

await loadMessages();
applyLabels();
showHeader();
await loadSession();
try {
  await showPage();
} catch (e) {
  document.body.append(document.createTextNode(e.message));
}
