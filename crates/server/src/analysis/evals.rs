//! The evaluation graph: a quick engine value of every position of a game, from South's point of
//! view, behind `GET /api/games/{id}/evaluations`.
//!
//! Each position is searched once (a fixed shallow depth, capped in time) on the engine pool,
//! one position per pool permit so that the computer's own moves never wait behind a whole
//! game's worth of evaluations. Values are kept per ply in the game's room (so they leave memory
//! with it, under the room cache's bounds); a game whose moves changed (an undo, then another move) keeps the values of the moves it still
//! shares. One request computes for a bounded time and answers the rest as pending, so a long
//! game is filled in over a few requests.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use mancala_core::variant::{AnyGame, DynGame};
use mancala_core::Side;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::brain::{Brain, Score};
use crate::http::error::ApiError;

/// Depth of each position's search.
pub const EVAL_DEPTH: u32 = 8;
/// Longest search of one position.
pub const EVAL_MOVETIME: Duration = Duration::from_millis(60);
/// Longest time one request spends computing (waiting for the pool included) before it answers
/// the positions still missing as pending.
const REQUEST_BUDGET: Duration = Duration::from_millis(1500);

/// One position's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// Not computed yet.
    Pending,
    /// The value for South (finished positions: the final margin, proven).
    Value(Score),
    /// The engine cannot value this game.
    Unavailable,
}

/// The values of one game's positions, `values[i]` after `i` moves.
struct Line {
    moves: Vec<String>,
    values: Vec<Entry>,
}

impl Line {
    /// Keeps the values of the positions `moves` shares with the line's moves and makes room
    /// for the others.
    fn rebase(&mut self, moves: &[String]) {
        let shared = self
            .moves
            .iter()
            .zip(moves)
            .take_while(|(a, b)| a == b)
            .count();
        self.values.truncate(shared + 1);
        self.values.resize(moves.len() + 1, Entry::Pending);
        self.moves = moves.to_vec();
    }
}

/// A room's evaluation line ([`crate::round::room::Room`] holds one, so the values live exactly as long
/// as the room stays in memory and are dropped with it).
pub(crate) struct Evaluations(Arc<tokio::sync::Mutex<Line>>);

impl Evaluations {
    /// An empty line.
    pub(crate) fn new() -> Self {
        Evaluations(Arc::new(tokio::sync::Mutex::new(Line {
            moves: Vec::new(),
            values: vec![Entry::Pending],
        })))
    }
}

/// The value of `game`'s current position for South.
fn value_for_south(brain: &dyn Brain, game: &AnyGame) -> Entry {
    let state = game.state();
    if let Some(outcome) = state.outcome {
        let diff = i64::from(state.stores[0]) - i64::from(state.stores[1]);
        let margin = |d: i64| i32::try_from(d.clamp(1, 1000)).unwrap_or(1);
        return Entry::Value(Score::Proven {
            margin: match outcome.winner {
                None => 0,
                Some(Side::South) => margin(diff),
                Some(Side::North) => -margin(-diff),
            },
            exact: true,
            plies: Some(0),
        });
    }
    let Some(to_move) = state.to_move else {
        return Entry::Unavailable;
    };
    match brain.evaluate(game, EVAL_DEPTH, EVAL_MOVETIME) {
        Some(e) if to_move == Side::South => Entry::Value(e),
        Some(e) => Entry::Value(e.flipped()),
        None => Entry::Unavailable,
    }
}

/// The query of `GET /api/games/{id}/evaluations` (none is accepted).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EvaluationsQuery {}

/// The evaluation line of a game now at `game`, kept in `evaluations` (its room's): the value
/// of the position after every ply so far, for South, in seeds, as the body of
/// `GET /api/games/{id}/evaluations`; values still missing when the request's time is up are
/// pending. The positions are valued by `brain`, each with a permit of the engine pool `pool`.
pub(crate) async fn values(
    pool: &Arc<tokio::sync::Semaphore>,
    brain: &Arc<dyn Brain>,
    evaluations: &Evaluations,
    game: AnyGame,
) -> Result<Value, ApiError> {
    let moves = game.moves();
    let deadline = Instant::now() + REQUEST_BUDGET;
    // A second request for the same game waits for the first one's values rather than
    // computing them again.
    let Ok(mut line) = tokio::time::timeout_at(deadline.into(), evaluations.0.lock()).await else {
        return Ok(answer(&moves, None));
    };
    line.rebase(&moves);
    let game: Arc<AnyGame> = Arc::new(game);
    for ply in 0..line.values.len() {
        if line.values[ply] != Entry::Pending {
            continue;
        }
        let Ok(Ok(permit)) =
            tokio::time::timeout_at(deadline.into(), Arc::clone(pool).acquire_owned()).await
        else {
            break;
        };
        let brain = Arc::clone(brain);
        let game = Arc::clone(&game);
        let back = moves.len() - ply;
        let entry = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let mut at = AnyGame::clone(&game);
            for _ in 0..back {
                at.undo();
            }
            value_for_south(brain.as_ref(), &at)
        })
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "internal",
                "the evaluation could not be completed",
            )
        })?;
        line.values[ply] = entry;
        if Instant::now() >= deadline {
            break;
        }
    }
    Ok(answer(&moves, Some(&line.values)))
}

/// The response body: one item per position, `null` while pending; each item is `{ply, score}`
/// with the project's one score representation (from South's point of view), `score` `null`
/// when the engine cannot value the game.
fn answer(moves: &[String], values: Option<&[Entry]>) -> Value {
    let items: Vec<Value> = (0..=moves.len())
        .map(|ply| match values.and_then(|v| v.get(ply)) {
            Some(Entry::Value(s)) => json!({ "ply": ply, "score": s }),
            Some(Entry::Unavailable) => json!({ "ply": ply, "score": null }),
            Some(Entry::Pending) | None => Value::Null,
        })
        .collect();
    let complete = items.iter().all(|v| !v.is_null());
    json!({
        "ply": moves.len(),
        "depth": EVAL_DEPTH,
        "complete": complete,
        "evaluations": items,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn rebase_keeps_only_the_shared_prefix() {
        let mut line = Line {
            moves: Vec::new(),
            values: vec![Entry::Pending],
        };
        line.rebase(&moves(&["C", "a", "D"]));
        assert_eq!(line.values.len(), 4);
        for (i, e) in line.values.iter_mut().enumerate() {
            *e = Entry::Value(Score::Heuristic(i as i32));
        }
        // Undo two moves and play another: positions 0 and 1 are the same, 2 is new.
        line.rebase(&moves(&["C", "b"]));
        assert_eq!(
            line.values,
            vec![
                Entry::Value(Score::Heuristic(0)),
                Entry::Value(Score::Heuristic(1)),
                Entry::Pending
            ]
        );
    }

    #[test]
    fn pending_positions_are_null_and_values_are_in_seeds() {
        let body = answer(
            &moves(&["C", "a", "D"]),
            Some(&[
                Entry::Value(Score::Heuristic(250)),
                Entry::Value(Score::Proven {
                    margin: -3,
                    exact: false,
                    plies: None,
                }),
                Entry::Unavailable,
                Entry::Pending,
            ]),
        );
        assert_eq!(body["complete"], false);
        assert_eq!(body["evaluations"][0]["score"]["kind"], "estimate");
        assert_eq!(body["evaluations"][0]["score"]["seeds"], 2.5);
        assert_eq!(body["evaluations"][1]["score"]["kind"], "proven");
        assert_eq!(body["evaluations"][1]["score"]["seeds"], -3);
        assert_eq!(
            body["evaluations"][1]["score"]["text"],
            "proven loss by ≤ 3"
        );
        assert!(body["evaluations"][2]["score"].is_null());
        assert!(body["evaluations"][3].is_null());
    }
}
