//! What a step asks for ([`Goal`]) and what a move did ([`Facts`]), read from the rules core: the
//! move's sowing trace ([`mancala_core::trace`]) and the states before and after it. A goal is
//! a condition on the facts, so that any move meeting it counts, not one stored answer.

use mancala_core::extras::Extras;
use mancala_core::isolo::Phase;
use mancala_core::trace::{SowBoard, SowStep};
use mancala_core::variant::StateView;
use mancala_core::{EndReason, Illegal, Outcome, Side};
use serde::{Deserialize, Serialize};

/// A player relative to the one who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The player who moves (the learner).
    Me,
    /// The other player.
    Opponent,
}

impl Who {
    /// The side this is when `mover` moves.
    #[must_use]
    pub fn side(self, mover: Side) -> Side {
        match self {
            Who::Me => mover,
            Who::Opponent => mover.opponent(),
        }
    }
}

/// Which captures of four count (Ba-awa).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum When {
    /// Every four.
    #[default]
    Any,
    /// Fours made while seeds are still being sown (taken by the pit's owner).
    Sowing,
    /// A four made by a lap's last seed (taken by the mover; the move ends).
    End,
}

impl When {
    /// The fours of side `side` in `facts` that count.
    #[must_use]
    pub fn count(self, facts: &Facts, side: Side) -> u32 {
        let (sowing, end) = (
            facts.fours_while_sowing[side.index()],
            facts.fours_at_end[side.index()],
        );
        match self {
            When::Any => sowing + end,
            When::Sowing => sowing,
            When::End => end,
        }
    }
}

/// A result relative to the one who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Result3 {
    /// The mover wins.
    Win,
    /// Nobody wins.
    Draw,
    /// The mover loses.
    Loss,
}

/// The reasons the rules give for forbidding a move that a step may ask the learner to find
/// (the rules core's [`Illegal`] without the trivial ones: an empty pit, another's pit, a phase).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Forbidden {
    /// The opponent's row is empty and another move feeds it.
    MustFeed,
    /// A grand slam, which the rules forbid.
    GrandSlamForbidden,
    /// Ouril: a single seed while a pit holds two or more.
    SingletonRule,
    /// Ouril: the extra turn must leave the opponent a seed.
    ExtraTurnMustFeed,
    /// Ọlọwuka, Awari: another move leaves the opponent seeds.
    MustNotStarve,
    /// The move would never end.
    NeverEnding,
}

impl Forbidden {
    /// Whether the rules core's reason `why` is this one.
    #[must_use]
    pub fn is(self, why: &Illegal) -> bool {
        self.illegal() == *why
    }

    /// The rules core's reason.
    #[must_use]
    pub fn illegal(self) -> Illegal {
        match self {
            Forbidden::MustFeed => Illegal::MustFeed,
            Forbidden::GrandSlamForbidden => Illegal::GrandSlamForbidden,
            Forbidden::SingletonRule => Illegal::SingletonRule,
            Forbidden::ExtraTurnMustFeed => Illegal::ExtraTurnMustFeed,
            Forbidden::MustNotStarve => Illegal::MustNotStarve,
            Forbidden::NeverEnding => Illegal::NeverEnding,
        }
    }
}

/// What a step asks the learner to do in one move. Every variant is a condition on what the
/// move does ([`Facts`]); lesson files write them in TOML, e.g. `goal = { capture = { at_least
/// = 5 } }`, `goal = { illegal = "must_feed" }` or `goal = "grand_slam"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Goal {
    /// Capture seeds: at least `at_least`, exactly `exactly`, from at least `pits` pits, in a
    /// move of at least `laps` laps (the seeds the mover takes from the opponent: into his
    /// store, or in Isolo into his hand).
    Capture {
        /// The fewest seeds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_least: Option<u32>,
        /// Exactly so many seeds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        exactly: Option<u32>,
        /// The fewest pits captured.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pits: Option<u32>,
        /// The fewest laps sown.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        laps: Option<u32>,
    },
    /// Find a move the rules forbid, for this reason (the learner picks the pit; it is not
    /// played).
    Illegal(Forbidden),
    /// The move's last seed falls into this pit (a pit letter).
    LastPit(String),
    /// The move sows at least this many laps (relay sowing).
    Laps {
        /// The fewest laps.
        at_least: u32,
    },
    /// The move's last lap ends in a pit that was empty, after at least `laps` laps.
    EndInEmpty {
        /// The fewest laps.
        laps: u32,
    },
    /// After the move the opponent's row holds at least `at_least` seeds.
    Feed {
        /// The fewest seeds.
        at_least: u32,
    },
    /// The move is a grand slam whose capture the rules cancel or cut short.
    GrandSlam,
    /// The mover plays again: Ouril's extra turn after a grand slam, or (Ba-awa) the opponent
    /// has no move and passes.
    ExtraTurn,
    /// Fours captured by `to` during the move (Ba-awa): at least `at_least` of them, made
    /// `when` (in the middle of a lap, at its end, or either).
    Fours {
        /// Who receives them.
        to: Who,
        /// The fewest fours.
        at_least: u32,
        /// Which fours count.
        #[serde(default)]
        when: When,
    },
    /// The move ends the round (Ba-awa), and the mover owns at least `pits` pits in the next.
    EndRound {
        /// The fewest pits owned in the next round.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pits: Option<u32>,
    },
    /// The move ends the game (a Ba-awa match), with this result and for this reason when
    /// given.
    EndGame {
        /// The result for the mover.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        result: Option<Result3>,
        /// The end reason's snake-case word (`repetition`, `score_majority`, ...).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
    /// The move wins Isolo's foregame.
    WinForegame,
    /// Isolo: the move captures a single seed from an end pit or the one next to it, taking
    /// the end pits too.
    SingletonCapture,
    /// Isolo's kucheleka: set up the row with at most `max_seeds` seeds so that one of the
    /// mover's first moves then meets `then`.
    Setup {
        /// The most seeds placed.
        max_seeds: u32,
        /// What a first move of the proper game must then be able to do.
        then: Box<Goal>,
    },
    /// The only best move of a shipped puzzle (a "common mistake" step), proven by the
    /// puzzle's proof.
    Puzzle(String),
}

/// The end reason called `name` (its snake-case word).
#[must_use]
pub fn end_reason(name: &str) -> Option<EndReason> {
    EndReason::ALL.into_iter().find(|r| r.as_str() == name)
}

/// The index of the pit called `name` on a board of `row` pits a row (`A..` South's row from
/// index 0, `a..` North's).
#[must_use]
pub fn pit_index(name: &str, row: usize) -> Option<usize> {
    let mut chars = name.trim().chars();
    let c = chars.next()?;
    if chars.next().is_some() || !c.is_ascii_alphabetic() {
        return None;
    }
    let (base, offset) = if c.is_ascii_uppercase() {
        (0, c as usize - 'A' as usize)
    } else {
        (row, c as usize - 'a' as usize)
    };
    (offset < row).then_some(base + offset)
}

/// The name of pit `index` on a board of `row` pits a row.
#[must_use]
pub fn pit_name(index: usize, row: usize) -> String {
    let (base, offset) = if index < row {
        (b'A', index)
    } else {
        (b'a', index - row)
    };
    u8::try_from(offset)
        .ok()
        .filter(|o| *o < 26)
        .map_or_else(|| index.to_string(), |o| char::from(base + o).to_string())
}

/// What one legal move did, as the goals need to know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Who moved.
    pub mover: Side,
    /// Seeds the mover took from the opponent (into his store, or Isolo's hand).
    pub captured: u32,
    /// Pits the mover took them from.
    pub captured_pits: u32,
    /// Fours captured by each side (South, North) in the middle of a lap.
    pub fours_while_sowing: [u32; 2],
    /// Fours captured by each side (South, North) at the end of a lap.
    pub fours_at_end: [u32; 2],
    /// Laps sown.
    pub laps: u32,
    /// The pit the move's last seed fell into.
    pub last_pit: Option<usize>,
    /// Whether that pit was empty before the seed fell.
    pub last_into_empty: bool,
    /// A capture the rules cancelled or cut short (the grand-slam rule).
    pub grand_slam: bool,
    /// The mover plays again (an extra turn, or the opponent passes).
    pub extra_turn: bool,
    /// Isolo: a single seed captured from an end pit or the one next to it.
    pub singleton_capture: bool,
    /// Seeds on the opponent's row after the move.
    pub opponent_row: u32,
    /// How the game ended, if the move ended it.
    pub outcome: Option<Outcome>,
    /// Ba-awa: the move ended a round (and the match goes on, or is over).
    pub round_ended: bool,
    /// Ba-awa: the pits the mover owns after the move.
    pub pits_owned: Option<u32>,
    /// Isolo: the move won the foregame.
    pub won_foregame: bool,
}

impl Facts {
    /// The facts of a move by `mover` from `before` to `after` whose trace is `steps`.
    #[must_use]
    pub fn read(before: &StateView, steps: &[SowStep], after: &StateView, mover: Side) -> Facts {
        let row = before.pits.len() / 2;
        let theirs = |pit: usize| (pit >= row) == (mover == Side::South);
        let mut facts = Facts {
            mover,
            captured: 0,
            captured_pits: 0,
            fours_while_sowing: [0; 2],
            fours_at_end: [0; 2],
            laps: 0,
            last_pit: None,
            last_into_empty: false,
            grand_slam: false,
            extra_turn: false,
            singleton_capture: false,
            opponent_row: 0,
            outcome: after.outcome,
            round_ended: false,
            pits_owned: None,
            won_foregame: false,
        };
        let mut board = SowBoard::new(before.pits.clone(), before.stores);
        let isolo = matches!(before.extras, Extras::Isolo(_));
        for step in steps {
            match step {
                SowStep::Lift {
                    pit,
                    seeds,
                    lap,
                    capture,
                } => {
                    facts.laps = facts.laps.max(*lap);
                    if *capture && theirs(*pit) {
                        facts.captured += seeds;
                        facts.captured_pits += 1;
                        let k = pit % row;
                        if isolo && *seeds == 1 && (k <= 1 || k + 2 >= row) {
                            facts.singleton_capture = true;
                        }
                    }
                }
                SowStep::Drop { pit } => {
                    facts.last_pit = Some(*pit);
                    facts.last_into_empty = board.pits.get(*pit) == Some(&0);
                }
                SowStep::Capture { seeds, by, .. } => {
                    if *by == mover {
                        facts.captured += seeds;
                        facts.captured_pits += 1;
                    }
                    if *seeds == 4 {
                        let fours = if board.hand > 0 {
                            &mut facts.fours_while_sowing
                        } else {
                            &mut facts.fours_at_end
                        };
                        fours[by.index()] += 1;
                    }
                }
                SowStep::NoCapture { .. } => facts.grand_slam = true,
                SowStep::ExtraTurn => facts.extra_turn = true,
                SowStep::Stock { .. } | SowStep::Settle { .. } => {}
            }
            if board.apply(step).is_err() {
                break;
            }
        }
        // The mover plays again: Ouril's extra turn, or (Ba-awa) an opponent left without a
        // move passes. A new round or phase handing the move back is not a turn again.
        let same_phase = match (&before.extras, &after.extras) {
            (Extras::BaAwa(b), Extras::BaAwa(a)) => a.round == b.round,
            (Extras::Isolo(b), Extras::Isolo(a)) => a.phase == b.phase,
            _ => true,
        };
        if after.outcome.is_none() && after.to_move == Some(mover) && same_phase {
            facts.extra_turn = true;
        }
        let opp = mover.opponent().index();
        facts.opponent_row = after.pits[opp * row..(opp + 1) * row].iter().sum();
        match (&before.extras, &after.extras) {
            (Extras::BaAwa(b), Extras::BaAwa(a)) => {
                facts.round_ended =
                    a.round != b.round || (after.outcome.is_some() && a.round_end.is_some());
                facts.pits_owned = Some(a.match_state.pits[mover.index()]);
            }
            (Extras::Isolo(b), Extras::Isolo(a)) => {
                facts.won_foregame = b.phase == Phase::Foregame
                    && a.phase != Phase::Foregame
                    && a.foregame_winner == Some(mover);
            }
            _ => {}
        }
        facts
    }

    /// The result of the game for the mover, if it is over.
    #[must_use]
    pub fn result(&self) -> Option<Result3> {
        self.outcome.map(|o| match o.winner {
            Some(w) if w == self.mover => Result3::Win,
            Some(_) => Result3::Loss,
            None => Result3::Draw,
        })
    }
}
