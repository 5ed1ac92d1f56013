//! Sides, outcomes and the reasons a game ends.

use core::fmt;

/// One of the two players. South (player 0) sits at the bottom of every diagram and moves first by
/// default; North is player 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Side {
    /// Player 0, the bottom row (`A..F`).
    #[default]
    South,
    /// Player 1, the top row (`a..f`).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side with index 0 (South) or 1 (North).
    #[inline]
    #[must_use]
    pub const fn from_index(i: usize) -> Side {
        if i == 0 {
            Side::South
        } else {
            Side::North
        }
    }

    /// `"south"` or `"north"`, as used in JSON and on the command line.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// `'S'` or `'N'`, as used in position strings.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// Parses `south`/`north` (or `s`/`n`, any case).
    pub fn parse(text: &str) -> Option<Side> {
        match text.to_ascii_lowercase().as_str() {
            "south" | "s" => Some(Side::South),
            "north" | "n" => Some(Side::North),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a game (or a round) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player captured more than half of the seeds (or reached the configured threshold).
    ScoreMajority,
    /// Both players hold exactly half of the seeds.
    HalfEach,
    /// The mover was forced to make a forbidden grand slam and loses (`grand_slam = IllegalElseLoses`).
    GrandSlamLoss,
    /// The player to move had no legal move (for instance could not feed an empty opponent).
    NoLegalMove,
    /// Ouril: the grand-slam extra turn had no move that feeds the opponent.
    ExtraTurnImpossible,
    /// A position occurred for the second time (first-repetition rule).
    Repetition,
    /// The configured `max_plies` was reached.
    MaxPlies,
    /// Few enough seeds were left on the board to end the round (Ba-awa).
    FewSeedsLeft,
    /// The opponent's row was emptied (Isolo).
    RowEmptied,
    /// A move that never terminates was played under a rule that ends the game there.
    EndlessMove,
    /// A player reached the match target or owns no pit (Ba-awa matches).
    MatchWon,
    /// The configured `max_rounds` of a match was reached (Ba-awa).
    MaxRounds,
    /// Every move of the player to move would starve the opponent (Ọlọwuka
    /// `must_not_starve = ElseGameEnds`, Ba-awa `no_move = MustFeed`).
    CannotFeed,
    /// Both players agreed to end the game; each scored the seeds on his own side of the board
    /// (see [`crate::Position::agreement_outcome`]).
    Agreement,
}

impl EndReason {
    /// Every reason, in the order they are declared.
    pub const ALL: [EndReason; 14] = [
        EndReason::ScoreMajority,
        EndReason::HalfEach,
        EndReason::GrandSlamLoss,
        EndReason::NoLegalMove,
        EndReason::ExtraTurnImpossible,
        EndReason::Repetition,
        EndReason::MaxPlies,
        EndReason::FewSeedsLeft,
        EndReason::RowEmptied,
        EndReason::EndlessMove,
        EndReason::MatchWon,
        EndReason::MaxRounds,
        EndReason::CannotFeed,
        EndReason::Agreement,
    ];

    /// A stable snake_case name, used in JSON output.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            EndReason::ScoreMajority => "score_majority",
            EndReason::HalfEach => "half_each",
            EndReason::GrandSlamLoss => "grand_slam_loss",
            EndReason::NoLegalMove => "no_legal_move",
            EndReason::ExtraTurnImpossible => "extra_turn_impossible",
            EndReason::Repetition => "repetition",
            EndReason::MaxPlies => "max_plies",
            EndReason::FewSeedsLeft => "few_seeds_left",
            EndReason::RowEmptied => "row_emptied",
            EndReason::EndlessMove => "endless_move",
            EndReason::MatchWon => "match_won",
            EndReason::MaxRounds => "max_rounds",
            EndReason::CannotFeed => "cannot_feed",
            EndReason::Agreement => "agreement",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// `"south"`, `"north"` or `"draw"`.
    #[must_use]
    pub const fn result_name(&self) -> &'static str {
        match self.winner {
            Some(side) => side.name(),
            None => "draw",
        }
    }

    /// The outcome decided by comparing two scores (higher wins, equal is a draw).
    #[must_use]
    pub fn by_scores(scores: [u32; 2], reason: EndReason) -> Outcome {
        let winner = match scores[0].cmp(&scores[1]) {
            core::cmp::Ordering::Greater => Some(Side::South),
            core::cmp::Ordering::Less => Some(Side::North),
            core::cmp::Ordering::Equal => None,
        };
        Outcome { winner, reason }
    }

    /// The end by score, if any, of a game of `total` seeds: a player with at least `threshold`
    /// and more than the other wins at once; with `draw_at_half`, exactly half each is a draw.
    #[inline]
    #[must_use]
    pub(crate) fn by_threshold(
        scores: [u32; 2],
        total: u32,
        threshold: u32,
        draw_at_half: bool,
    ) -> Option<Outcome> {
        let [s, n] = scores;
        let winner = if s >= threshold && s > n {
            Side::South
        } else if n >= threshold && n > s {
            Side::North
        } else if draw_at_half && total % 2 == 0 && s == total / 2 && n == total / 2 {
            return Some(Outcome {
                winner: None,
                reason: EndReason::HalfEach,
            });
        } else {
            return None;
        };
        Some(Outcome {
            winner: Some(winner),
            reason: EndReason::ScoreMajority,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::EndReason;

    #[test]
    fn every_end_reason_is_listed_once() {
        // A new reason does not compile here until it has its place in `ALL`.
        let place = |r: EndReason| match r {
            EndReason::ScoreMajority => 0,
            EndReason::HalfEach => 1,
            EndReason::GrandSlamLoss => 2,
            EndReason::NoLegalMove => 3,
            EndReason::ExtraTurnImpossible => 4,
            EndReason::Repetition => 5,
            EndReason::MaxPlies => 6,
            EndReason::FewSeedsLeft => 7,
            EndReason::RowEmptied => 8,
            EndReason::EndlessMove => 9,
            EndReason::MatchWon => 10,
            EndReason::MaxRounds => 11,
            EndReason::CannotFeed => 12,
            EndReason::Agreement => 13,
        };
        for (i, r) in EndReason::ALL.into_iter().enumerate() {
            assert_eq!(place(r), i, "{r}");
        }
    }
}
