//! Analysis: of a game in play ([`game`]), of any position ([`board`]: values, proofs), the
//! evaluation graph ([`evals`]), the puzzles ([`puzzles`]), and no engine help to the players
//! of a rated game in progress ([`fair`]).

pub mod board;
pub mod evals;
pub mod fair;
pub mod game;
pub mod puzzles;
