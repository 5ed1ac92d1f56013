//! The lessons' words, from the message catalogues (`i18n/LANG/learn.ftl`): each game, stage,
//! step and practice game has its texts by key (see [`crate::lesson`] for the keys), and a judged
//! move is explained from what it did ([`Judgement`]) by the messages `learn-why-*`.

use mancala_core::Side;
use mancala_i18n::{tr, Catalog, FluentValue};

use crate::goal::{pit_name, Goal, When, Who};
use crate::judge::{Judgement, Verdict, Why};
use crate::lesson::{GameLessons, Practice, Stage, Step};

/// A lesson text by key (`learn-` and the rest), with arguments.
fn text(cat: &Catalog, rest: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    cat.format(&format!("learn-{rest}"), args)
}

/// The key of a step's text `what` (`task`, `hint`, `explain`).
#[must_use]
pub fn step_key(step: &Step, what: &str) -> String {
    match (&step.mistake, what) {
        (Some(_), "task") => "learn-mistakes-task".into(),
        (Some(kind), "hint") => format!("learn-mistake-{kind}-hint"),
        (Some(kind), _) => format!("learn-mistake-{kind}"),
        (None, _) => format!("learn-{}-{what}", step.texts),
    }
}

/// Every catalogue key the lessons of `game` ask for (the tests check that each exists).
#[must_use]
pub fn keys(game: &GameLessons) -> Vec<String> {
    let mut out = vec![
        format!("learn-{}-title", game.id),
        format!("learn-{}-intro", game.id),
    ];
    for s in &game.stages {
        out.push(format!("learn-{}-title", s.texts));
        out.push(format!("learn-{}-intro", s.texts));
        for st in &s.steps {
            for what in ["task", "hint", "explain"] {
                out.push(step_key(st, what));
            }
        }
    }
    for p in &game.practice {
        out.push(format!("learn-{}", p.text));
    }
    out.sort();
    out.dedup();
    out
}

/// The game's title (`learn-GAME-title`).
#[must_use]
pub fn game_title(cat: &Catalog, game: &GameLessons) -> String {
    text(cat, &format!("{}-title", game.id), &[])
}

/// The game's introduction (`learn-GAME-intro`).
#[must_use]
pub fn game_intro(cat: &Catalog, game: &GameLessons) -> String {
    text(cat, &format!("{}-intro", game.id), &[])
}

/// The stage's title.
#[must_use]
pub fn stage_title(cat: &Catalog, stage: &Stage) -> String {
    text(cat, &format!("{}-title", stage.texts), &[])
}

/// The stage's introduction: the idea it teaches.
#[must_use]
pub fn stage_intro(cat: &Catalog, stage: &Stage) -> String {
    text(cat, &format!("{}-intro", stage.texts), &[])
}

/// The step's task.
#[must_use]
pub fn task(cat: &Catalog, step: &Step) -> String {
    cat.format(&step_key(step, "task"), &[])
}

/// The step's hint.
#[must_use]
pub fn hint(cat: &Catalog, step: &Step) -> String {
    cat.format(&step_key(step, "hint"), &[])
}

/// The step's explanation, shown once it is solved.
#[must_use]
pub fn explain(cat: &Catalog, step: &Step) -> String {
    cat.format(&step_key(step, "explain"), &[])
}

/// What the practice game asks.
#[must_use]
pub fn practice(cat: &Catalog, p: &Practice) -> String {
    text(cat, &p.text, &[])
}

fn side(cat: &Catalog, s: Side) -> String {
    match s {
        Side::South => tr!(cat, "cli-south"),
        Side::North => tr!(cat, "cli-north"),
    }
}

/// The judged move in words: "right" with what it did, or why it is wrong. `row` is the
/// number of pits a row (for pit names).
#[must_use]
pub fn verdict(cat: &Catalog, goal: &Goal, j: &Judgement, row: usize) -> String {
    let mv = j.mv.as_str();
    match &j.verdict {
        Verdict::Solved => match (&j.facts, goal) {
            (_, Goal::Illegal(r)) => tr!(
                cat,
                "learn-right-forbidden",
                move = mv,
                reason = mancala_i18n::illegal(cat, &r.illegal())
            ),
            (Some(f), _) if f.captured > 0 => {
                tr!(cat, "learn-right-captured", move = mv, seeds = f.captured)
            }
            _ => tr!(cat, "learn-right", move = mv),
        },
        Verdict::Wrong(why) => wrong(cat, goal, j, why, row),
    }
}

fn wrong(cat: &Catalog, goal: &Goal, j: &Judgement, why: &Why, row: usize) -> String {
    let mv = j.mv.as_str();
    match why {
        Why::NotAMove => tr!(cat, "learn-why-not-a-move", move = mv),
        Why::Refused(r) => tr!(
            cat,
            "learn-why-refused",
            move = mv,
            reason = mancala_i18n::illegal(cat, r)
        ),
        Why::Allowed => tr!(cat, "learn-why-allowed", move = mv),
        Why::OtherReason(r) => tr!(
            cat,
            "learn-why-other-reason",
            move = mv,
            reason = mancala_i18n::illegal(cat, r)
        ),
        Why::TooManySeeds { placed } => {
            let max = match goal {
                Goal::Setup { max_seeds, .. } => *max_seeds,
                _ => 0,
            };
            tr!(cat, "learn-why-too-many-seeds", placed = *placed, max = max)
        }
        Why::NoFollowUp => tr!(cat, "learn-why-no-follow-up"),
        Why::Refuted {
            reply,
            reply_captured,
        } => {
            let (captured, defender) = j
                .facts
                .as_ref()
                .map_or((0, None), |f| (f.captured, Some(f.mover.opponent())));
            match (reply, defender) {
                (Some(reply), Some(d)) => tr!(
                    cat,
                    "learn-why-refuted",
                    move = mv,
                    captured = captured,
                    side = side(cat, d),
                    reply = reply.as_str(),
                    reply_captured = *reply_captured
                ),
                _ => tr!(cat, "learn-why-not-best", move = mv),
            }
        }
        Why::NotBest => tr!(cat, "learn-why-not-best", move = mv),
        Why::Missed => match &j.facts {
            Some(f) => missed(cat, goal, mv, f, row),
            None => tr!(cat, "learn-why-not-best", move = mv),
        },
    }
}

/// Why a legal move does not meet `goal`, from what it did.
fn missed(cat: &Catalog, goal: &Goal, mv: &str, f: &crate::Facts, row: usize) -> String {
    match goal {
        Goal::Capture {
            at_least,
            exactly,
            pits,
            laps,
        } => {
            let want = exactly.or(*at_least).unwrap_or(0);
            if let Some(l) = laps.filter(|l| f.laps < *l) {
                return tr!(cat, "learn-why-laps", move = mv, got = f.laps, want = l);
            }
            let seeds_ok =
                exactly.is_none_or(|e| e == f.captured) && at_least.is_none_or(|a| f.captured >= a);
            match pits {
                Some(p) if seeds_ok => tr!(
                    cat,
                    "learn-why-capture-pits",
                    move = mv,
                    got = f.captured_pits,
                    want = *p
                ),
                _ => tr!(
                    cat,
                    "learn-why-capture",
                    move = mv,
                    got = f.captured,
                    want = want
                ),
            }
        }
        Goal::LastPit(want) => tr!(
            cat,
            "learn-why-last-pit",
            move = mv,
            got = f.last_pit.map_or_else(|| "-".into(), |p| pit_name(p, row)),
            want = want.as_str()
        ),
        Goal::Laps { at_least } => tr!(
            cat,
            "learn-why-laps",
            move = mv,
            got = f.laps,
            want = *at_least
        ),
        Goal::EndInEmpty { laps } => {
            if f.laps < *laps {
                tr!(cat, "learn-why-laps", move = mv, got = f.laps, want = *laps)
            } else {
                tr!(
                    cat,
                    "learn-why-not-empty",
                    move = mv,
                    pit = f.last_pit.map_or_else(|| "-".into(), |p| pit_name(p, row))
                )
            }
        }
        Goal::Feed { at_least } => tr!(
            cat,
            "learn-why-feed",
            move = mv,
            got = f.opponent_row,
            want = *at_least
        ),
        Goal::GrandSlam => tr!(cat, "learn-why-no-grand-slam", move = mv),
        Goal::ExtraTurn => tr!(cat, "learn-why-no-extra-turn", move = mv),
        Goal::Fours { to, at_least, when } => {
            let got = when.count(f, to.side(f.mover));
            let key = match (to, when) {
                (Who::Me, When::Any) => "learn-why-fours-me",
                (Who::Me, When::Sowing) => "learn-why-fours-me-sowing",
                (Who::Me, When::End) => "learn-why-fours-me-end",
                (Who::Opponent, When::Any) => "learn-why-fours-opponent",
                (Who::Opponent, When::Sowing) => "learn-why-fours-opponent-sowing",
                (Who::Opponent, When::End) => "learn-why-fours-opponent-end",
            };
            cat.format(
                key,
                &[
                    ("move", mv.into()),
                    ("got", got.into()),
                    ("want", (*at_least).into()),
                ],
            )
        }
        Goal::EndRound { pits } => match (f.round_ended, pits, f.pits_owned) {
            (true, Some(want), Some(got)) => tr!(
                cat,
                "learn-why-pits",
                move = mv,
                got = got,
                want = *want
            ),
            _ => tr!(cat, "learn-why-round-goes-on", move = mv),
        },
        Goal::EndGame { .. } => match f.outcome {
            None => tr!(cat, "learn-why-game-goes-on", move = mv),
            Some(o) => tr!(
                cat,
                "learn-why-other-end",
                move = mv,
                reason = mancala_i18n::end_reason(cat, o.reason)
            ),
        },
        Goal::WinForegame => tr!(cat, "learn-why-foregame-goes-on", move = mv),
        Goal::SingletonCapture => tr!(cat, "learn-why-no-singleton", move = mv),
        Goal::Illegal(_) | Goal::Setup { .. } | Goal::Puzzle(_) => {
            tr!(cat, "learn-why-not-best", move = mv)
        }
    }
}
