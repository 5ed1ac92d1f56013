//! Analysis: of a game in play ([`game`]), of any position ([`board`]: values, proofs), the
//! evaluation graph ([`evals`]) and the puzzles ([`puzzles`]).

pub mod board;
pub mod evals;
pub mod game;
pub mod puzzles;
