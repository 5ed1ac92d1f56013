//! Following the other instances that share a PostgreSQL store: their change notices applied
//! to the games and the lobby held here.

use std::sync::Arc;

use crate::app::App;
use crate::cluster::notice::{self, Notice};
use crate::round::clock;
use crate::round::computer::{follow_up, refresh_game};
use crate::round::ending;
use crate::round::room;
use crate::store;

/// Games read back at once after other instances changed them.
const PARALLEL_REFRESHES: usize = 4;

/// Applies move number `ply`, `mv` (with its clock stamp `stamp`), that another instance
/// recorded in game `id`, to the game's room if it is in memory, tells its watchers and arms its
/// clock; when the computer is to move, plays for it if this instance holds (or can take) the
/// game's lease. False when the move does not follow what the room holds (a notice missed or
/// out of order): the game is to be read back instead.
pub(crate) fn apply_moved(
    app: &Arc<App>,
    id: &str,
    ply: usize,
    mv: &str,
    stamp: Option<store::MoveStamp>,
) -> bool {
    use mancala_core::variant::DynGame;
    // As in `refresh_game`: a game between people that nobody here uses is dropped instead.
    if app
        .hub
        .drop_unused(id, |room| room.meta.mode != store::Mode::Computer)
    {
        return true;
    }
    let Some(room) = app.hub.peek(id) else {
        return true;
    };
    let deadline = {
        let mut live = room.lock();
        let len = live.game.moves().len();
        if ply < len {
            // Already read back: nothing to do if it is the same move.
            return live.game.moves()[ply] == mv;
        }
        if ply > len || live.is_over() {
            return false;
        }
        let Some(side) = live.game.state().to_move else {
            return false;
        };
        let steps = live.game.sowing(mv).unwrap_or_default();
        let Ok(captured) = live.game.play(mv) else {
            return false;
        };
        if let (Some(clock), Some(stamp)) = (live.clock.as_mut(), stamp) {
            clock.left_ms = stamp.left_ms;
            clock.since_ms = stamp.at_ms;
        }
        let last = room::LastMove {
            mv: live.game.moves().last().cloned().unwrap_or_default(),
            side,
            captured,
            steps,
        };
        live.record_move(last);
        let event = match live.game.state().outcome {
            // The instance that recorded the move stores the ending and tells it.
            Some(o) => {
                live.ending = Some(ending::Ending::by_rules(o, clock::now_ms()));
                "end"
            }
            None => "move",
        };
        room.publish(event, &live);
        live.deadline()
    };
    follow_up(app, id, &room, deadline);
    true
}

/// Follows the changes other instances make to the shared store, for as long as `app` lives:
/// a move is applied to the game's room from its notice where it follows what the room holds
/// (see [`apply_moved`]); every other changed game in memory is read back and its watchers told
/// (see [`refresh_game`]).
pub(crate) async fn follow_changes(
    app: std::sync::Weak<App>,
    mut changes: tokio::sync::mpsc::UnboundedReceiver<Notice>,
) {
    while let Some(first) = changes.recv().await {
        let Some(app) = app.upgrade() else {
            return;
        };
        // Every notice waiting, in order; each game to read back once, after the others; the
        // lobby's apart.
        let mut ids = std::collections::BTreeSet::new();
        let mut lobby = LobbyNotices::default();
        let mut next = Some(first);
        while let Some(notice) = next.take().or_else(|| changes.try_recv().ok()) {
            match notice {
                // A game to be read back anyway takes its later moves from the store.
                Notice::Moved {
                    game,
                    ply,
                    mv,
                    stamp,
                } if !ids.contains(&game) => {
                    if !apply_moved(&app, &game, ply, &mv, stamp) {
                        ids.insert(game);
                    }
                }
                Notice::Moved { game, .. } | Notice::Changed { game } => {
                    ids.insert(game);
                }
                Notice::Seeks => lobby.seeks = true,
                Notice::Started { message } => lobby.games.push(message),
                Notice::Offer { game } => {
                    lobby.offers.insert(game);
                }
                Notice::Revoked { digest } => app.accounts.forget_session(&digest),
            }
        }
        if ids.contains(notice::ALL_GAMES) {
            // Notices may have been missed: the seeks and offers too.
            lobby.seeks = true;
            ids = app.hub.ids().iter().map(|id| id.to_string()).collect();
            lobby.offers.extend(ids.iter().cloned());
        }
        // A few games at once, each on a blocking thread: one game's read does not wait for
        // another's, and the reads leave most of the pool's connections to the requests.
        let ids: Vec<String> = ids.into_iter().collect();
        for batch in ids.chunks(PARALLEL_REFRESHES) {
            let reads: Vec<_> = batch
                .iter()
                .map(|id| {
                    let (app, id) = (Arc::clone(&app), id.clone());
                    tokio::task::spawn_blocking(move || refresh_game(&app, &id))
                })
                .collect();
            for r in reads {
                let _ = r.await;
            }
        }
        lobby.apply(&app).await;
    }
}

/// The lobby's notices among the change notices of other instances (see
/// [`crate::store::pg_seeks`]).
#[derive(Default)]
struct LobbyNotices {
    /// The seeks changed.
    seeks: bool,
    /// Games started, for the lobby sockets.
    games: Vec<String>,
    /// Games whose standing offer changed.
    offers: std::collections::BTreeSet<String>,
}

impl LobbyNotices {
    /// Tells this instance's lobby and games what the other instances changed.
    async fn apply(self, app: &Arc<App>) {
        for msg in &self.games {
            app.lobby.message_from_elsewhere(msg);
        }
        if self.seeks {
            app.lobby.changed_elsewhere().await;
        }
        for id in self.offers {
            let app = Arc::clone(app);
            // The game first (an offer may come with a move not yet read here).
            let _ = tokio::task::spawn_blocking(move || {
                refresh_game(&app, &id);
                crate::round::offers::offer_changed_elsewhere(&app, &id);
            })
            .await;
        }
    }
}

/// Renews, now and then, the records of who has a lobby socket open on this instance (a
/// shared store: see [`lobby::SeekBook::renew_presence`]).
pub(crate) async fn keep_presence(app: std::sync::Weak<App>) {
    let mut ticks = tokio::time::interval(crate::lobby::state::PRESENCE_RENEWAL);
    loop {
        ticks.tick().await;
        let Some(app) = app.upgrade() else {
            return;
        };
        app.lobby.renew_presence().await;
    }
}
