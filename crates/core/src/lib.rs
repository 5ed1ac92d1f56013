//! # mancala-core
//!
//! The rules of traditional sowing games, exactly as the project's rules specification states them:
//! the Oware family (`oware`, `abapa`, `wuri`, `ouril`), the relay-sowing games Ọlọwuka
//! ([`olowuka`]) and Ba-awa ([`ba_awa`], whole matches), and the shared machinery the other seed
//! games build on. This crate does no I/O, starts no threads and has no required dependencies
//! (the optional `serde` feature makes records and each game's [`extras::Extras`] serialisable).
//!
//! The central abstraction is the [`Position`] trait: a small `Copy` value with a handful of required
//! methods (legal moves, play, outcome, repetition key) and a rich provided surface (checked play,
//! [`perft`], ...). Search, perft and tablebases are generic over it and monomorphised.
//! [`Game`] adds what a position alone cannot know: the history that the repetition rules need.
//! At the boundary, [`variant::Variant`] names every preset and [`variant::DynGame`] lets front ends
//! drive any game through one object-safe interface. [`trace`] records what happens during a move,
//! seed by seed, for front ends to animate.
//!
//! ```
//! use mancala_core::{oware::{Oware, OwareRules}, Game, Position};
//!
//! let mut game = Game::new(Oware::new(OwareRules::abapa()));
//! game.play_str("C").unwrap();
//! assert_eq!(game.position().to_string(), "4-4-0-5-5-5-5-4-4-4-4-4-0-0-N");
//! assert_eq!(mancala_core::perft(game.start(), 3), 190);
//! ```
#![forbid(unsafe_code)]

pub mod ba_awa;
mod error;
pub mod extras;
mod game;
mod history;
pub mod isolo;
mod movelist;
pub mod olowuka;
pub mod options;
pub mod oware;
mod position;
pub mod random;
pub mod record;
pub mod relay;
mod side;
pub mod sow;
pub mod trace;
pub mod variant;

pub use error::{Illegal, ParseMoveError, ParsePositionError, RuleError, SetupError};
pub use game::{Game, PlayError, PlayRecord};
pub use history::History;
pub use movelist::{MoveList, MAX_MOVES};
pub use position::{
    advance, perft, perft2_generic, perft_divide, perft_divide_with_history, perft_with_history,
    MoveEffect, Position, RuleSet,
};
pub use side::{EndReason, Outcome, Side};
