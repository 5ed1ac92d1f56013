//! The computer opponent and the analysis behind hints, seen through a small trait so that the
//! server does not depend on how the engine searches (and tests can substitute a quick one).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mancala_core::variant::AnyGame;
/// What an analysis found: the engine's own result.
pub use mancala_engine::{Analysis, Score};

/// The computer: chooses moves at a level and analyses positions. Implementations block; the
/// server calls them on its bounded pool of blocking threads, never on the async threads.
///
/// Every method is `mancala-engine`'s by default ([`EngineBrain`] changes none); another brain
/// replaces only what it does differently.
pub trait Brain: Send + Sync + 'static {
    /// A move at `level` (1 = beginner), deterministic for a given `seed`; `None` when the game
    /// is over or unknown to the engine.
    fn choose(&self, game: &AnyGame, level: u8, seed: u64) -> Option<String> {
        mancala_engine::level_move(game, level, seed)
    }

    /// The value of every legal move, thinking at most `movetime` (or until `stop` is set).
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
        mancala_engine::analyse_dyn(game, &limits, stop)
    }

    /// The highest level [`choose`](Brain::choose) accepts.
    fn max_level(&self) -> u8 {
        mancala_engine::MAX_LEVEL
    }

    /// A quick value of the position for the side to move: a search at most `depth` plies deep
    /// and at most `movetime` long (the evaluation graph). `None` when the game is over or
    /// unknown to the engine.
    fn evaluate(&self, game: &AnyGame, depth: u32, movetime: Duration) -> Option<Score> {
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
        Some(a.score)
    }
}

/// The real opponent: `mancala-engine`'s alpha-beta search.
#[derive(Clone, Copy, Debug, Default)]
pub struct EngineBrain;

impl Brain for EngineBrain {}

/// Table size of [`Brain::evaluate`]'s searches, in MiB.
const EVAL_HASH_MB: usize = 2;
