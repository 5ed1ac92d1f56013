//! Each game's extra state for front ends and traces (ownership, rounds, match, phase, ...), as
//! typed structs.
//!
//! With the crate's `serde` feature, [`Extras`] serialises as the fields it adds to a state
//! object (`docs/state.md` gives the schema): a side as `"south"`/`"north"`, a reason as its
//! snake-case word, a missing value as `null`.

use crate::side::{EndReason, Side};

/// The extra state of one game position; [`Extras::None`] for a game with nothing to add.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(untagged))]
pub enum Extras {
    /// Nothing beyond the common state.
    #[default]
    None,
    /// Oware and its presets with the grand-slam extra turn.
    Oware(OwareExtras),
    /// Ọlọwuka.
    Olowuka(OlowukaExtras),
    /// Ba-awa.
    BaAwa(BaAwaExtras),
    /// Isolo.
    Isolo(IsoloExtras),
}

/// Oware's extra state, given only where the rules have the grand-slam extra turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OwareExtras {
    /// The player to move plays again (Ouril's grand-slam extra turn).
    pub extra_turn: bool,
}

/// Ọlọwuka's extra state.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OlowukaExtras {
    /// The row each pit belongs to, in index order.
    pub owners: Vec<Side>,
}

/// Ba-awa's extra state.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BaAwaExtras {
    /// The owner of each pit, in index order.
    pub owners: Vec<Side>,
    /// The round being played (1 for the first).
    pub round: u32,
    /// The state of the match of rounds.
    #[cfg_attr(feature = "serde", serde(rename = "match"))]
    pub match_state: BaAwaMatch,
    /// The round the last move ended, if it ended one.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub round_end: Option<BaAwaRoundEnd>,
}

/// The match of rounds in Ba-awa.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BaAwaMatch {
    /// Pits each player owns (South, North).
    pub pits: [u32; 2],
    /// Rounds each player has won (South, North).
    pub rounds_won: [u32; 2],
    /// Rounds that win the match.
    pub target: u32,
    /// Who started the round.
    pub starter: Side,
    /// Set-up picks still to play.
    pub setup_picks: u32,
}

/// A finished Ba-awa round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BaAwaRoundEnd {
    /// The round's number (1 for the first).
    pub round: u32,
    /// Seeds each player captured in the round (South, North).
    pub captures: [u32; 2],
    /// Why the round ended.
    pub reason: EndReason,
    /// The round's winner, `None` (`"draw"`) on equal captures.
    #[cfg_attr(feature = "serde", serde(serialize_with = "ser::winner"))]
    pub winner: Option<Side>,
}

/// Isolo's extra state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct IsoloExtras {
    /// The phase being played.
    pub phase: Phase,
    /// Stock seeds each player has put in (South, North).
    pub stock_used: [u32; 2],
    /// Seeds on each row (South, North).
    pub row_seeds: [u32; 2],
    /// The winner of the foregame, once decided.
    pub foregame_winner: Option<Side>,
    /// Why the foregame ended, once it has.
    pub foregame_end: Option<EndReason>,
    /// Plies played in the current phase.
    pub plies_in_phase: u32,
    /// Laps the last move made.
    pub laps: u64,
}

/// The phase of an Isolo game (re-exported as `isolo::Phase`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The foregame: every move adds a stock seed.
    Foregame,
    /// The foregame winner sets up his row.
    Kucheleka,
    /// The proper game.
    Proper,
}

impl Phase {
    /// `"foregame"`, `"kucheleka"` or `"proper"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Foregame => "foregame",
            Phase::Kucheleka => "kucheleka",
            Phase::Proper => "proper",
        }
    }

    /// The notation letter: `F`, `K` or `P`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Phase::Foregame => 'F',
            Phase::Kucheleka => 'K',
            Phase::Proper => 'P',
        }
    }
}

#[cfg(feature = "serde")]
mod ser {
    use serde::{Serialize, Serializer};

    use super::Phase;
    use crate::side::{EndReason, Side};

    impl Serialize for Side {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    impl Serialize for EndReason {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.as_str())
        }
    }

    impl Serialize for Phase {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(self.name())
        }
    }

    /// A round's winner: the side, or `"draw"`.
    #[allow(clippy::ref_option)]
    pub fn winner<S: Serializer>(w: &Option<Side>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(w.map_or("draw", Side::name))
    }
}
