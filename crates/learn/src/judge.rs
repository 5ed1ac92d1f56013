//! Whether a move meets a step's goal, checked by the rules core: the move is tried on the
//! step's position ([`mancala_core::variant::DynGame::sowing`] and `play`), its [`Facts`] are
//! read and the goal is tested on them. Any move that meets the goal is right.

use mancala_core::variant::{AnyGame, DynGame, DynPlayError};
use mancala_core::Illegal;

use crate::goal::{end_reason, pit_index, Facts, Goal};

/// What a judged move did and whether it meets the goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The move as given (trimmed).
    pub mv: String,
    /// Right or wrong, and why.
    pub verdict: Verdict,
    /// What the move did, when it is legal.
    pub facts: Option<Facts>,
}

impl Judgement {
    /// Whether the move meets the goal.
    #[must_use]
    pub fn solved(&self) -> bool {
        self.verdict == Verdict::Solved
    }
}

/// Right, or why not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The move meets the goal. (For an [`Goal::Illegal`] step it is the forbidden move: it is
    /// not played.)
    Solved,
    /// It does not.
    Wrong(Why),
}

/// Why a move does not meet its goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The text is not a move of this game.
    NotAMove,
    /// The rules forbid the move, for this reason.
    Refused(Illegal),
    /// The step asks for a forbidden move, and this one is allowed.
    Allowed,
    /// The step asks for a move forbidden for another reason than this one.
    OtherReason(Illegal),
    /// The move is legal but does not do what the goal asks; its facts say what it did.
    Missed,
    /// A set-up with more seeds than the goal allows.
    TooManySeeds {
        /// Seeds placed.
        placed: u32,
    },
    /// A set-up after which no first move meets the goal's `then`.
    NoFollowUp,
    /// Not the puzzle's move: how the defender answers it (his reply, if the move does not end
    /// the game, and the seeds the reply takes from the learner).
    Refuted {
        /// The defender's reply.
        reply: Option<String>,
        /// Seeds the reply captures.
        reply_captured: u32,
    },
    /// Not the puzzle's move, and no refutation could be worked out.
    NotBest,
}

/// The facts of the legal move `mv` in `game`, or why it cannot be played.
pub fn facts_of(game: &AnyGame, mv: &str) -> Result<Facts, DynPlayError> {
    let before = game.state();
    let Some(mover) = before.to_move else {
        return Err(DynPlayError::Illegal {
            mv: mv.to_string(),
            reason: Illegal::GameOver,
        });
    };
    let steps = game.sowing(mv)?;
    let mut after_game = game.clone();
    after_game.play(mv)?;
    let after = after_game.state();
    Ok(Facts::read(&before, &steps, &after, mover))
}

/// Judges the move `mv` against `goal` in `game` (the step's position).
#[must_use]
pub fn judge(game: &AnyGame, goal: &Goal, mv: &str) -> Judgement {
    let mv = mv.trim().to_string();
    let (verdict, facts) = match judge_inner(game, goal, &mv) {
        Ok((v, f)) => (v, f),
        Err(e) => (Verdict::Wrong(e), None),
    };
    Judgement { mv, verdict, facts }
}

fn judge_inner(game: &AnyGame, goal: &Goal, mv: &str) -> Result<(Verdict, Option<Facts>), Why> {
    if let Goal::Illegal(reason) = goal {
        return match game.sowing(mv) {
            Err(DynPlayError::Parse(_)) => Err(Why::NotAMove),
            Err(DynPlayError::Illegal { reason: why, .. }) if reason.is(&why) => {
                Ok((Verdict::Solved, None))
            }
            Err(DynPlayError::Illegal { reason: why, .. }) => Err(Why::OtherReason(why)),
            Ok(_) => Ok((Verdict::Wrong(Why::Allowed), facts_of(game, mv).ok())),
        };
    }
    if let Goal::Puzzle(id) = goal {
        return judge_puzzle(game, id, mv);
    }
    let facts = facts_of(game, mv).map_err(|e| match e {
        DynPlayError::Parse(_) => Why::NotAMove,
        DynPlayError::Illegal { reason, .. } => Why::Refused(reason),
    })?;
    let verdict = match goal {
        Goal::Setup { max_seeds, then } => judge_setup(game, mv, *max_seeds, then),
        _ => {
            if meets(goal, &facts, game.pits_per_row()) {
                Verdict::Solved
            } else {
                Verdict::Wrong(Why::Missed)
            }
        }
    };
    Ok((verdict, Some(facts)))
}

/// Whether `facts` meet `goal` (every goal but [`Goal::Illegal`], [`Goal::Setup`] and
/// [`Goal::Puzzle`], which need more than one move's facts).
#[must_use]
pub fn meets(goal: &Goal, facts: &Facts, row: usize) -> bool {
    match goal {
        Goal::Capture {
            at_least,
            exactly,
            pits,
            laps,
        } => {
            facts.captured > 0
                && at_least.is_none_or(|n| facts.captured >= n)
                && exactly.is_none_or(|n| facts.captured == n)
                && pits.is_none_or(|n| facts.captured_pits >= n)
                && laps.is_none_or(|n| facts.laps >= n)
        }
        Goal::LastPit(name) => facts.last_pit.is_some() && facts.last_pit == pit_index(name, row),
        Goal::Laps { at_least } => facts.laps >= *at_least,
        Goal::EndInEmpty { laps } => facts.laps >= *laps && facts.last_into_empty,
        Goal::Feed { at_least } => facts.opponent_row >= *at_least,
        Goal::GrandSlam => facts.grand_slam,
        Goal::ExtraTurn => facts.extra_turn,
        Goal::Fours { to, at_least, when } => when.count(facts, to.side(facts.mover)) >= *at_least,
        Goal::EndRound { pits } => {
            facts.round_ended && pits.is_none_or(|n| facts.pits_owned.is_some_and(|own| own >= n))
        }
        Goal::EndGame { result, reason } => {
            facts.outcome.is_some()
                && result.is_none_or(|r| facts.result() == Some(r))
                && reason
                    .as_deref()
                    .is_none_or(|name| facts.outcome.map(|o| o.reason) == end_reason(name))
        }
        Goal::WinForegame => facts.won_foregame,
        Goal::SingletonCapture => facts.singleton_capture,
        Goal::Illegal(_) | Goal::Setup { .. } | Goal::Puzzle(_) => false,
    }
}

/// The seeds of a kucheleka set-up `k:0,5,...`.
fn setup_seeds(mv: &str) -> Option<u32> {
    let list = mv.trim().strip_prefix("k:")?;
    list.split([',', '-'])
        .map(|c| c.trim().parse::<u32>().ok())
        .sum()
}

fn judge_setup(game: &AnyGame, mv: &str, max_seeds: u32, then: &Goal) -> Verdict {
    let Some(placed) = setup_seeds(mv) else {
        return Verdict::Wrong(Why::NotAMove);
    };
    if placed > max_seeds {
        return Verdict::Wrong(Why::TooManySeeds { placed });
    }
    let mover = game.state().to_move;
    let mut after = game.clone();
    if after.play(mv).is_err() {
        return Verdict::Wrong(Why::NotAMove);
    }
    let state = after.state();
    if state.to_move != mover {
        return Verdict::Wrong(Why::NoFollowUp);
    }
    let found = state.legal.iter().any(|m| judge(&after, then, m).solved());
    if found {
        Verdict::Solved
    } else {
        Verdict::Wrong(Why::NoFollowUp)
    }
}

fn judge_puzzle(game: &AnyGame, id: &str, mv: &str) -> Result<(Verdict, Option<Facts>), Why> {
    let facts = facts_of(game, mv).map_err(|e| match e {
        DynPlayError::Parse(_) => Why::NotAMove,
        DynPlayError::Illegal { reason, .. } => Why::Refused(reason),
    })?;
    let Some(puzzle) = mancala_puzzles::find_shipped(id) else {
        return Err(Why::NotBest);
    };
    if puzzle.solution.first().map(String::as_str) == Some(mv) {
        return Ok((Verdict::Solved, Some(facts)));
    }
    let why = match mancala_puzzles::refute(puzzle, &[mv.to_string()]) {
        Ok(r) => {
            // What the reply takes, counted as the lessons count captures (the seeds the
            // defender takes from the learner's pits, not every capture of the move).
            let mut after = game.clone();
            let reply_captured = match (&r.reply, after.play(mv)) {
                (Some(reply), Ok(_)) => facts_of(&after, reply).map_or(0, |f| f.captured),
                _ => 0,
            };
            Why::Refuted {
                reply: r.reply,
                reply_captured,
            }
        }
        Err(_) => Why::NotBest,
    };
    Ok((Verdict::Wrong(why), Some(facts)))
}

#[cfg(test)]
mod tests {
    use mancala_core::variant::Variant;

    use super::*;
    use crate::goal::Forbidden;

    fn game(v: Variant, position: &str) -> AnyGame {
        v.new_game(&[], Some(position)).unwrap()
    }

    #[test]
    fn moves_that_are_not_moves_or_not_allowed_say_so() {
        let g = game(Variant::Abapa, "3-0-0-3-2-0-0-0-0-0-0-0-20-20-S");
        let capture = Goal::Capture {
            at_least: Some(1),
            exactly: None,
            pits: None,
            laps: None,
        };
        assert_eq!(
            judge(&g, &capture, "zz").verdict,
            Verdict::Wrong(Why::NotAMove)
        );
        assert_eq!(
            judge(&g, &capture, " A ").verdict,
            Verdict::Wrong(Why::Refused(Illegal::MustFeed))
        );
        let feed = Goal::Illegal(Forbidden::MustFeed);
        let j = judge(&g, &feed, "A");
        assert!(j.solved() && j.facts.is_none() && j.mv == "A");
        assert_eq!(judge(&g, &feed, "D").verdict, Verdict::Wrong(Why::Allowed));
        assert_eq!(
            judge(&g, &feed, "B").verdict,
            Verdict::Wrong(Why::OtherReason(Illegal::EmptyPit))
        );
        let slam = Goal::Illegal(Forbidden::GrandSlamForbidden);
        assert_eq!(
            judge(&g, &slam, "A").verdict,
            Verdict::Wrong(Why::OtherReason(Illegal::MustFeed))
        );
    }

    #[test]
    fn a_set_up_is_judged_by_its_seeds_and_by_the_moves_it_allows() {
        let g = game(Variant::Isolo, "K:12-1-12-3-0-1-0-4-0-0-0-0-0-0-0-0-1-0-S");
        let goal = Goal::Setup {
            max_seeds: 3,
            then: Box::new(Goal::Capture {
                at_least: Some(2),
                exactly: None,
                pits: None,
                laps: None,
            }),
        };
        assert!(judge(&g, &goal, "k:0,0,2,0,1,0,0,0").solved());
        assert_eq!(
            judge(&g, &goal, "k:2,2,2,2,2,2,2,2").verdict,
            Verdict::Wrong(Why::TooManySeeds { placed: 16 })
        );
        assert_eq!(
            judge(&g, &goal, "k:0,0,0,0,0,0,0,1").verdict,
            Verdict::Wrong(Why::NoFollowUp)
        );
        assert!(matches!(
            judge(&g, &goal, "A").verdict,
            Verdict::Wrong(Why::Refused(Illegal::WrongPhase(_)))
        ));
    }
}
