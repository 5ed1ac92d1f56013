// Tournaments: their names and states in the page's language.

import { T } from './i18n.js';

// A tournament's format (`arena`, `swiss`, `round_robin`) in the page's language.
export function formatName(format) {
  return { arena: T.tnArena, swiss: T.tnSwiss, round_robin: T.tnRoundRobin }[format] || format;
}

// A tournament's state (`created`, `running`, `finished`) in the page's language.
export function statusName(status) {
  return { created: T.tnCreated, running: T.tnRunning, finished: T.tnFinished }[status] || status;
}
