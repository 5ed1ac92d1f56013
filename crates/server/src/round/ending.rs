//! How a game ended and what its players propose at its end: the result, the ending with its
//! reason, draw and agreement offers, the rematch. Plain data shared by the rooms, the store and
//! the handlers.

use mancala_core::{Outcome, Side};

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// A side won.
    Winner(Side),
    /// A draw.
    Draw,
    /// Aborted: no result.
    Aborted,
}

impl GameResult {
    /// `"south"`, `"north"`, `"draw"` or `"none"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            GameResult::Winner(s) => s.name(),
            GameResult::Draw => "draw",
            GameResult::Aborted => "none",
        }
    }

    /// Reads [`GameResult::name`].
    #[must_use]
    pub fn from_name(s: &str) -> Option<GameResult> {
        match s {
            "south" => Some(GameResult::Winner(Side::South)),
            "north" => Some(GameResult::Winner(Side::North)),
            "draw" => Some(GameResult::Draw),
            "none" => Some(GameResult::Aborted),
            _ => None,
        }
    }

    /// The score of `side` (1 win, 0.5 draw, 0 loss); `None` when aborted.
    #[must_use]
    pub fn score(self, side: Side) -> Option<f64> {
        match self {
            GameResult::Winner(w) if w == side => Some(1.0),
            GameResult::Winner(_) => Some(0.0),
            GameResult::Draw => Some(0.5),
            GameResult::Aborted => None,
        }
    }
}

/// The reason of an ending given by a tournament's director (a forfeit): the game is not
/// rated.
pub const FORFEIT: &str = "forfeit";

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The result.
    pub result: GameResult,
    /// Why: the rules' reason (`score_majority`, ...) or `time`, `resigned`, `agreement`,
    /// `draw_agreed`, `aborted`, [`FORFEIT`].
    pub reason: String,
    /// When (milliseconds since the Unix epoch).
    pub at_ms: i64,
}

impl Ending {
    /// The rules' ending.
    #[must_use]
    pub fn by_rules(o: Outcome, at_ms: i64) -> Ending {
        Ending {
            result: o.winner.map_or(GameResult::Draw, GameResult::Winner),
            reason: o.reason.as_str().to_string(),
            at_ms,
        }
    }
}

/// What an offer proposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    /// A draw.
    Draw,
    /// Ending the game by mutual agreement, each side scoring the seeds on its own row.
    Agreement,
}

impl OfferKind {
    /// `"draw"` or `"agreement"`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Agreement => "agreement",
        }
    }
}

/// A standing offer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// What is offered.
    pub kind: OfferKind,
    /// Who offered it.
    pub by: Side,
}

/// A rematch after the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rematch {
    /// Offered by this side.
    Offered(Side),
    /// Agreed: the new game's id.
    Game(String),
}
