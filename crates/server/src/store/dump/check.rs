//! The integrity check of a snapshot (`mancala db check`, and before every import) and the
//! repair of what an older program could store: moves recorded after a game's ending.

use std::collections::HashSet;

use super::model::{GameDump, Snapshot};
use crate::store::error::StoreError;
use crate::store::records::TournamentRow;
use crate::store::rows::{Database, SqlValue};

/// The integrity problems of `s`: moves numbered without gaps and legal under the rules from
/// each game's set-up, endings after as many moves as the game has, ratings, rating points,
/// lesson progress, sessions and games' players referring to accounts (and rating points to games) that exist,
/// and tournaments whose state parses, agrees with its row and names accounts and games that
/// exist. Empty when all is well.
#[must_use]
pub fn check(s: &Snapshot) -> Vec<String> {
    let mut problems = Vec::new();
    let accounts: HashSet<String> = s.players.iter().map(|p| p.name.to_lowercase()).collect();
    let mut seen = HashSet::new();
    for p in &s.players {
        if !seen.insert(p.name.to_lowercase()) {
            problems.push(format!(
                "account {:?} twice (names are unique ignoring case)",
                p.name
            ));
        }
    }
    let games: HashSet<&str> = s.games.iter().map(|g| g.meta.id.as_str()).collect();
    let unknown = |name: &str| !accounts.contains(&name.to_lowercase());
    problems.extend(numbering_problems(s));
    for g in &s.games {
        let id = &g.meta.id;
        for p in g.meta.players.iter().flatten() {
            if unknown(p) {
                problems.push(format!("game {id}: player {p:?} has no account"));
            }
        }
        if let Some((ending, plies)) = &g.ending {
            if *plies < g.moves.len() as i64 {
                problems.push(format!(
                    "game {id}: ended ({}) after {plies} moves but has {}: the moves after its \
                     ending were recorded by mistake (they raced the ending, which came first); \
                     `mancala db check --repair` drops them",
                    ending.reason,
                    g.moves.len()
                ));
            } else if *plies != g.moves.len() as i64 {
                problems.push(format!(
                    "game {id}: ended after {plies} moves but has {}",
                    g.moves.len()
                ));
            }
        }
        if let Err(e) = replay(g) {
            problems.push(format!("game {id}: {e}"));
        }
    }
    for t in &s.tournaments {
        problems.extend(tournament_problems(t, &unknown, &games));
    }
    for (player, variant, _) in &s.ratings {
        if unknown(player) {
            problems.push(format!(
                "rating of {player:?} in {variant}: no such account"
            ));
        }
    }
    for (player, p) in &s.history {
        if unknown(player) {
            problems.push(format!("rating point of {player:?}: no such account"));
        }
        if !games.contains(p.game.as_str()) {
            problems.push(format!("rating point of {player:?}: no game {}", p.game));
        }
    }
    for (player, path) in &s.learn_progress {
        if unknown(player) {
            problems.push(format!(
                "lesson progress {path:?} of {player:?}: no such account"
            ));
        }
    }
    for (_, player, _) in &s.sessions {
        if unknown(player) {
            problems.push(format!("session of {player:?}: no such account"));
        }
    }
    problems
}

/// The games stored with moves after their ending (a move that raced the ending and was
/// recorded after it, which this program no longer lets happen): each game's id, how it ended
/// and after how many moves, and how many moves it has.
#[must_use]
pub fn moves_after_ending(s: &Snapshot) -> Vec<(String, String, usize, usize)> {
    s.games
        .iter()
        .filter_map(|g| {
            let (ending, plies) = g.ending.as_ref()?;
            let plies = usize::try_from(*plies).ok()?;
            (plies < g.moves.len()).then(|| {
                (
                    g.meta.id.clone(),
                    ending.reason.clone(),
                    plies,
                    g.moves.len(),
                )
            })
        })
        .collect()
}

/// Drops, in one transaction, the moves stored after the ending of each game of
/// [`moves_after_ending`]: the ending was recorded first (on the position before them), was
/// answered to its player and may have changed ratings, so it stands. Answers what was done, a
/// line per game.
pub fn repair(db: &dyn Database, s: &Snapshot) -> Result<Vec<String>, StoreError> {
    let found = moves_after_ending(s);
    let statements = found
        .iter()
        .map(|(id, _, plies, _)| {
            (
                "DELETE FROM moves WHERE game = $1 AND ply >= $2",
                vec![
                    SqlValue::Text(Some(id.clone())),
                    SqlValue::Int(Some(i64::try_from(*plies).unwrap_or(i64::MAX))),
                ],
            )
        })
        .collect();
    db.write_all(statements)?;
    Ok(found
        .iter()
        .map(|(id, reason, plies, moves)| {
            format!(
                "game {id}: ended ({reason}) after {plies} moves: dropped the {} moves recorded \
                 after its ending",
                moves - plies
            )
        })
        .collect())
}

/// The problems of tournament `t`: its state must parse and agree with its row (id, name,
/// status, creation time), its director and (online) its players must have accounts
/// (`unknown` tells a name without one), and each of its games must be in `games`.
fn tournament_problems(
    t: &TournamentRow,
    unknown: &dyn Fn(&str) -> bool,
    games: &HashSet<&str>,
) -> Vec<String> {
    let id = &t.id;
    let e: crate::tournament::model::Event = match serde_json::from_str(&t.doc) {
        Ok(e) => e,
        Err(err) => return vec![format!("tournament {id}: its state does not parse: {err}")],
    };
    let mut problems = Vec::new();
    let status = e.status.name();
    for (what, row, state) in [
        ("id", t.id.clone(), e.id.clone()),
        ("name", t.name.clone(), e.name.clone()),
        ("status", t.status.clone(), status.to_string()),
        (
            "created_ms",
            t.created_ms.to_string(),
            e.created_ms.to_string(),
        ),
    ] {
        if row != state {
            problems.push(format!(
                "tournament {id}: its row's {what} is {row:?}, its state's {state:?}"
            ));
        }
    }
    if t.version < 0 {
        problems.push(format!("tournament {id}: version {}", t.version));
    }
    if unknown(&e.director) {
        problems.push(format!(
            "tournament {id}: director {:?} has no account",
            e.director
        ));
    }
    if e.online() {
        let names = e.pairing.players.iter().map(|p| &p.name);
        let arena = e
            .arena
            .iter()
            .flat_map(|a| a.players.iter().map(|p| &p.name));
        for name in names.chain(arena) {
            if unknown(name) {
                problems.push(format!("tournament {id}: player {name:?} has no account"));
            }
        }
    }
    let played = e.games.iter().flatten().flatten().chain(&e.arena_games);
    for game in played {
        if !games.contains(game.as_str()) {
            problems.push(format!("tournament {id}: no game {game}"));
        }
    }
    problems
}

/// The games whose stored move numbers are not 0, 1, 2, ... (one problem per game).
#[must_use]
pub fn numbering_problems(s: &Snapshot) -> Vec<String> {
    let mut problems = Vec::new();
    for g in &s.games {
        let wrong = g
            .moves
            .iter()
            .zip(0_i64..)
            .find(|((ply, _, _), k)| ply != k);
        if let Some(((ply, _, _), k)) = wrong {
            problems.push(format!(
                "game {}: move number {ply} where {k} was expected",
                g.meta.id
            ));
        }
    }
    problems
}

/// Replays a game's moves with the rules core; the first move that cannot be played is named.
fn replay(g: &GameDump) -> Result<(), String> {
    use mancala_core::variant::DynGame;
    let m = &g.meta;
    let variant =
        mancala_core::variant::Variant::from_name(&m.variant).map_err(|e| e.to_string())?;
    let mut game = variant
        .new_game(&m.rules, m.position.as_deref())
        .map_err(|e| format!("set-up: {e}"))?;
    for (k, (_, mv, _)) in g.moves.iter().enumerate() {
        game.play(mv)
            .map_err(|e| format!("move {} ({mv}): {e}", k + 1))?;
    }
    Ok(())
}
