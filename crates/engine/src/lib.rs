//! # mancala-engine
//!
//! Search for every game of [`mancala_core`]: alpha-beta (negamax, principal variation search,
//! iterative deepening, aspiration windows, a lock-free shared transposition table, killer and
//! history ordering, lazy SMP), generic over [`Position`] and monomorphised per game, and
//! Monte-Carlo tree search (PUCT with evaluation-guided leaves and proven values, see [`Leaf`]
//! and [`MctsOptions`]). [`SearchOptions::algorithm`] picks one; alpha-beta by default, which
//! played every game best at equal time (docs/engine.md).
//!
//! Front ends use three entry points:
//!
//! * [`analyse_dyn`]: the value of every legal move and the best line of any [`AnyGame`](mancala_core::variant::AnyGame) (always
//!   alpha-beta: it values every move to a depth);
//! * [`level_move`]: a move at a playing level, from beginner (plausible mistakes) to full strength;
//! * [`Engine`]: a long-lived searcher with its own table, clocks, progress reports and threads,
//!   for protocol front ends (`mancala engine`).
//!
//! Scores ([`Score`]) are from the side to move's point of view: an estimate, a result proven by
//! the search, or an endgame table's exact value ([`Engine::table_score`]); [`Score::text`] is
//! their one human form and, with the `serde` feature, they serialise as one JSON object
//! (docs/engine.md, "Scores"). See [`eval`] for how values are encoded and what the evaluation
//! looks at.
//!
//! # Repetitions and the transposition table
//!
//! Every move inside the search follows the rules' after-move protocol
//! ([`mancala_core::advance`]: play, first-repetition check against the [`mancala_core::History`]
//! stack, settle), so a repetition ends the game inside the search exactly as in a real game.
//! Because that makes a node's value depend on the positions since the last irreversible move,
//! the table key hashes the node's whole repetition context: the set of those keys (an XOR of
//! their hashes, reset by every capture), the node's own key, and its ply count (for rules such
//! as `max_plies`). Stored values are therefore exact for every node that reads them (up to
//! 64-bit collisions); the price is that transpositions between different non-capturing move
//! orders are not shared (after a capture they are; iterative deepening keeps its full benefit).
//!
//! # Proven results
//!
//! Every node counts the static evaluations and unresolved table cutoffs below it; a subtree with
//! none is *resolved*: its outcome is the game-theoretic one (alpha-beta's result does not depend
//! on the leaves it pruned), and so is its margin unless it rests on a win read from an endgame
//! table (whose margin is a guaranteed minimum). Resolved entries are valid at any depth, and an
//! iteration whose root is resolved (a draw, or a margin that rests on no table win) has solved
//! the position: the search stops and reports [`Score::Proven`] with an exact margin. A proven win or loss (a forced end
//! within the horizon) is reported as exact as soon as it is found.
//!
//! # Determinism and threads
//!
//! With one thread and no time limit a search is deterministic (same move, score and node count).
//! More threads run lazy SMP: helpers search the same root at staggered depths and share the
//! lock-free table; only the main thread reports and decides.
//!
//! ```
//! use mancala_core::variant::Variant;
//! use mancala_engine::{analyse_dyn, Limits};
//!
//! let game = Variant::Abapa.new_game(&[], None).unwrap();
//! let limits = Limits { depth: Some(4), ..Limits::default() };
//! let a = analyse_dyn(&game, &limits, None).unwrap();
//! assert_eq!(a.moves.len(), 6);
//! assert_eq!(a.depth, 4);
//! ```
// Only the transposition table's prefetch hint is `unsafe` (`tt.rs` says why, with figures).
#![deny(unsafe_code)]

//!
//! # Layout
//!
//! [`types`] holds the public types of a search; [`games`] what the engine knows of each game
//! type ([`EngineGame`]) and the one `match` that recovers a game's concrete type
//! ([`dispatch`]); `driver` runs a search on threads ([`Engine`], [`analyse_dyn`]), with the
//! deadlines of `time` and the Monte-Carlo adapter `mcts_driver`; [`levels`] the playing levels;
//! [`bench`](mod@bench) the benchmarks; [`tables`] the endgame tables built in memory; [`tune`]
//! the fitting tools; `search`, `mcts`, [`eval`], [`features`] and `tt` the search itself;
//! [`prove`](mod@prove) proves game-theoretic values ([`prove`](fn@prove)), for the front ends
//! too ([`prove_game`], [`prove_estimate`]), and splits one question into a proof-number search
//! over the first plies with the prover at its leaves ([`prove_split`]).

pub mod bench;
mod driver;
pub mod eval;
pub mod features;
pub mod games;
pub mod levels;
mod mcts;
mod mcts_driver;
mod per_game;
pub mod prove;
/// The path [`prove::unproven`] had before the prover's items moved to [`prove`](mod@prove),
/// kept while a caller still names it.
#[doc(hidden)]
pub mod proofs {
    pub use crate::prove::unproven;
}
mod search;
pub mod tables;
mod tb;
mod time;
mod tt;
pub mod tune;
pub mod types;
mod weights;

pub use bench::{
    bench, bench_prove, bench_timed, bench_with, BenchLine, BenchResult, ProofBenchError,
    ProofBenchLine, ProofBenchResult, BENCH, PROOF_BENCH, TIMED_BENCH,
};
pub use driver::{analyse_dyn, Engine};
pub use games::{dispatch, EngineGame, GameTask};
pub use levels::{level_info, level_move, LevelInfo, LEVEL_INFO, MAX_LEVEL};
pub use mancala_tablebase::Tablebase;
pub use mcts::{Leaf, MctsOptions};
pub use prove::{
    apply_proof, prove, prove_estimate, prove_game, prove_game_split, prove_split, proven_or,
    Budget, GameProof, GameProofOptions, Proof, ProofProgress, ProofStats, SolveError,
    SplitOptions, SplitProof, Value, Verdict,
};
pub use search::MAX_DEPTH;
pub use tables::{
    build_tables, built_tables, game_has_tables, has_tables, shared_tables, LEVEL_TABLE_SEEDS,
};
pub use tt::Table;
pub use types::{
    Algorithm, Analysis, Clock, Limits, Report, ReportBound, Score, ScoreOutcome, SearchOptions,
    UnknownAlgorithm, MCTS_DEFAULT_SIMULATIONS,
};
