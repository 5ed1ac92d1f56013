//! The value of a position: a result and a margin for the side to move, and the prover's
//! encoding of it as one integer.

use mancala_core::{Position, Side};

/// A won game is worth `WIN + margin`, a lost one `-(WIN + margin)`, a draw its margin.
pub const WIN: i32 = 10_000;

/// No margin reaches this (the most seeds of any preset are far below it).
pub(crate) const MAX_MARGIN: i32 = 1_000;

/// Above every value.
pub(super) const INF: i32 = WIN + MAX_MARGIN + 1;

/// The result of a game for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The side wins.
    Win,
    /// Neither side wins.
    Draw,
    /// The side loses.
    Loss,
}

impl Verdict {
    /// `win`, `draw` or `loss`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        }
    }
}

/// The value of a position for its side to move: a result and a margin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Value {
    /// Win, draw or loss.
    pub verdict: Verdict,
    /// The difference of the two final scores, the winner's minus the loser's (for a draw, the
    /// side to move's minus the other's; 0 in the Oware family).
    pub margin: i32,
}

impl Value {
    /// The prover's encoding of the value (the inverse of [`Value::decode`]): a win by `m` is
    /// [`WIN`]` + m`, a loss by `m` is `-(WIN + m)`, a draw its margin.
    #[must_use]
    pub fn encode(self) -> i32 {
        match self.verdict {
            Verdict::Win => WIN + self.margin,
            Verdict::Draw => self.margin,
            Verdict::Loss => -(WIN + self.margin),
        }
    }

    /// The prover's test "is the value at least this?" as a threshold of its encoding: a win
    /// by `m` is [`WIN`]` + m`, a loss by `m` is `-(WIN + m)`, and a draw is "at least a draw"
    /// (any draw, whatever its margin, or a win).
    #[must_use]
    pub fn threshold(self) -> i32 {
        match self.verdict {
            Verdict::Win => WIN + self.margin,
            Verdict::Draw => 1 - WIN,
            Verdict::Loss => -(WIN + self.margin),
        }
    }

    /// The value of the prover's encoding `v` (a win by `m` is [`WIN`]` + m`, a loss by `m`
    /// is `-(WIN + m)`, a draw its margin).
    #[must_use]
    pub fn decode(v: i32) -> Value {
        if v >= WIN {
            Value {
                verdict: Verdict::Win,
                margin: v - WIN,
            }
        } else if v <= -WIN {
            Value {
                verdict: Verdict::Loss,
                margin: -v - WIN,
            }
        } else {
            Value {
                verdict: Verdict::Draw,
                margin: v,
            }
        }
    }
}

impl Value {
    /// The same game seen by the other side.
    #[must_use]
    pub fn flip(self) -> Value {
        match self.verdict {
            Verdict::Win => Value {
                verdict: Verdict::Loss,
                margin: self.margin,
            },
            Verdict::Loss => Value {
                verdict: Verdict::Win,
                margin: self.margin,
            },
            Verdict::Draw => Value {
                verdict: Verdict::Draw,
                margin: -self.margin,
            },
        }
    }

    /// The value of a finished game for `side`.
    #[must_use]
    pub fn of_end<P: Position>(pos: &P, side: Side) -> Value {
        Value::decode(end_value(pos, side))
    }

    /// The margin, when it is one a game can end with; `None` for the bounds that carry no
    /// margin: the edges of the tests "at least a draw?" and "is it a win?" (a draw by `1 -
    /// WIN` or `WIN - 1`: any draw), and the bounds of a proof stopped before it began (a
    /// loss and a win by more seeds than any board holds; a proof's own open ends are a loss
    /// and a win by the largest margin the game can still end with, a known margin).
    #[must_use]
    pub fn known_margin(self) -> Option<i32> {
        (self.margin.abs() < MAX_MARGIN).then_some(self.margin)
    }

    /// The value as a bound of a proof: `win by 3`, `draw`, or only the result (`win`,
    /// `draw`, `loss`) when the bound carries no margin ([`Value::known_margin`]).
    #[must_use]
    pub fn bound_text(self) -> String {
        match self.known_margin() {
            Some(_) => self.to_string(),
            None => self.verdict.name().to_string(),
        }
    }

    /// The question of [`Budget::at_least`](super::Budget::at_least) that the opponent's proof
    /// answers the other way: after a move that hands him the turn, the side gets at least `self`
    /// exactly when the opponent does not get at least this. `draw` (at least a draw) becomes `win
    /// by 0`, `win by m` becomes `loss by m - 1` (`draw` for `m = 0`), `loss by m` becomes `win by
    /// m + 1`.
    #[must_use]
    pub fn opponent_question(self) -> Value {
        Value::decode(1 - self.threshold())
    }
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.verdict {
            Verdict::Draw if self.margin == 0 => f.write_str("draw"),
            v => write!(f, "{} by {}", v.name(), self.margin),
        }
    }
}

/// The value of a finished game for `me`: [`WIN`] plus the margin for a win, minus that for a
/// loss, the margin for a draw.
pub fn end_value<P: Position>(pos: &P, me: Side) -> i32 {
    let s = pos.stores();
    let margin = s[me.index()] as i32 - s[me.opponent().index()] as i32;
    match pos.outcome().and_then(|o| o.winner) {
        Some(w) if w == me => WIN + margin.abs(),
        Some(_) => -(WIN + margin.abs()),
        None => margin,
    }
}
