//! The computer opponent and the analysis behind hints, seen through a small trait so that the
//! server does not depend on how the engine searches (and tests can substitute a quick one).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mancala_core::variant::AnyGame;
use serde_json::json;

/// A position's value from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// An estimate in centiseeds (100 = one seed ahead).
    Heuristic(i32),
    /// A proven result as the final seed margin (positive = the side to move wins).
    Exact(i32),
}

impl Eval {
    /// `{"kind": "heuristic"|"exact", "value": N}`.
    pub fn to_json(self) -> serde_json::Value {
        match self {
            Eval::Heuristic(v) => json!({ "kind": "heuristic", "value": v }),
            Eval::Exact(v) => json!({ "kind": "exact", "value": v }),
        }
    }
}

/// What an analysis found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The best move.
    pub best: Option<String>,
    /// The position's value for the side to move.
    pub score: Eval,
    /// Deepest completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<String>,
    /// Every legal move with its value, best first.
    pub moves: Vec<(String, Eval)>,
}

/// The computer: chooses moves at a level and analyses positions. Implementations block; the
/// server calls them on its bounded pool of blocking threads, never on the async threads.
pub trait Brain: Send + Sync + 'static {
    /// A move at `level` (1 = beginner), deterministic for a given `seed`; `None` when the game
    /// is over or unknown to the engine.
    fn choose(&self, game: &AnyGame, level: u8, seed: u64) -> Option<String>;
    /// The value of every legal move, thinking at most `movetime` (or until `stop` is set).
    fn analyse(
        &self,
        game: &AnyGame,
        movetime: Duration,
        stop: Option<&AtomicBool>,
    ) -> Option<Analysis>;
    /// The highest level [`choose`](Brain::choose) accepts.
    fn max_level(&self) -> u8;
    /// A quick value of the position for the side to move: a search at most `depth` plies deep
    /// and at most `movetime` long (the evaluation graph). `None` when the game is over or
    /// unknown to the engine. By default, an [`analyse`](Brain::analyse) bounded by `movetime`.
    fn evaluate(&self, game: &AnyGame, depth: u32, movetime: Duration) -> Option<Eval> {
        let _ = depth;
        self.analyse(game, movetime, None).map(|a| a.score)
    }
}

/// The real opponent: `mancala-engine`'s alpha-beta search.
#[derive(Clone, Copy, Debug, Default)]
pub struct EngineBrain;

fn eval(s: mancala_engine::Score) -> Eval {
    match s {
        mancala_engine::Score::Heuristic(v) => Eval::Heuristic(v),
        mancala_engine::Score::Exact(v) => Eval::Exact(v),
    }
}

impl Brain for EngineBrain {
    fn choose(&self, game: &AnyGame, level: u8, seed: u64) -> Option<String> {
        mancala_engine::level_move(game, level, seed)
    }

    fn analyse(
        &self,
        game: &AnyGame,
        movetime: Duration,
        stop: Option<&AtomicBool>,
    ) -> Option<Analysis> {
        let limits = mancala_engine::Limits {
            movetime: Some(movetime),
            ..mancala_engine::Limits::default()
        };
        let a = mancala_engine::analyse_dyn(game, &limits, stop)?;
        Some(Analysis {
            best: a.best,
            score: eval(a.score),
            depth: a.depth,
            nodes: a.nodes,
            pv: a.pv,
            moves: a.moves.into_iter().map(|(m, s)| (m, eval(s))).collect(),
        })
    }

    fn max_level(&self) -> u8 {
        mancala_engine::MAX_LEVEL
    }

    fn evaluate(&self, game: &AnyGame, depth: u32, movetime: Duration) -> Option<Eval> {
        // One line is enough for a value, and a small table for a shallow search.
        let engine = mancala_engine::Engine::new(EVAL_HASH_MB);
        let options = mancala_engine::SearchOptions {
            limits: mancala_engine::Limits {
                depth: Some(depth),
                movetime: Some(movetime),
                ..mancala_engine::Limits::default()
            },
            ..mancala_engine::SearchOptions::default()
        };
        let a = engine.search_dyn(game, &options, None, &mut |_| {})?;
        Some(eval(a.score))
    }
}

/// Table size of [`EngineBrain::evaluate`]'s searches, in MiB.
const EVAL_HASH_MB: usize = 2;
