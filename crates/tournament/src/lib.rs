//! # mancala-tournament
//!
//! Tournaments for the games of this workspace, without a server: the pairing systems, the
//! scores and tie-breaks, and the files pairing programs exchange.
//!
//! - [`dutch`]: Swiss pairings by the FIDE Dutch system (C.04.3), one maximum-weight matching
//!   ([`matching`]) per score bracket.
//! - [`berger`]: round robins by the FIDE Berger tables (C.05 Annex 1), single and double.
//! - [`arena`]: lichess-style arenas: pairing waves, streaks, berserk, the end of time.
//! - [`Tournament`]: a Swiss or round-robin event as a director runs it: players, late
//!   entries and withdrawals, rounds, results (forfeits and pending games included),
//!   standings with tie-breaks ([`tiebreak`]).
//! - [`trf`]: FIDE's Tournament Report File (TRF16), read and written.
//!
//! South moves first in every game here and plays the role of chess's White: a pair is
//! written `south north`, and [`Color::White`] is South.
//!
//! ```
//! use mancala_tournament::{Format, GameResult, Tournament};
//!
//! let mut t = Tournament::new("Club night", Format::Swiss, 3);
//! for (name, rating) in [("Ama", 1800), ("Kofi", 1750), ("Esi", 1600), ("Yaw", 1500)] {
//!     t.add_player(name, rating);
//! }
//! let round = t.pair_next_round().unwrap();
//! assert_eq!(round.pairings.len(), 2);
//! t.set_result(1, 1, Some(GameResult::SouthWins)).unwrap();
//! t.set_result(1, 2, Some(GameResult::Draw)).unwrap();
//! let standings = t.standings();
//! assert_eq!(standings[0].points, 1.0);
//! ```
#![forbid(unsafe_code)]

pub mod arena;
pub mod berger;
pub mod dutch;
pub mod matching;
pub mod tiebreak;
mod tournament;
pub mod trf;

pub use tournament::*;

/// A colour: White is South, who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Color {
    /// South, who moves first (chess's White).
    White,
    /// North (chess's Black).
    Black,
}

impl Color {
    /// The other colour.
    pub fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}
