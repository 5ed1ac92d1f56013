//! The play screen's words: the messages of the state machine (`app`) and the texts the drawing
//! (`ui`) and `mancala show` print, with the readers of each game's extra state they need.

use mancala_core::extras::{BaAwaExtras, BaAwaMatch, BaAwaRoundEnd, Extras};
use mancala_core::isolo::Phase;
use mancala_core::variant::{DynPlayError, StateView};
use mancala_core::{Outcome, Side};
use mancala_i18n::tr;

use super::opponent::Hint;

/// A pair of numbers as `[a b]`.
fn pair(p: [u32; 2]) -> String {
    format!("[{} {}]", p[0], p[1])
}

/// A side's name, or `-` when there is none.
fn side_or_dash(s: Option<Side>) -> String {
    s.map_or_else(|| "-".into(), |s| s.name().into())
}

/// Ba-awa's match state in words: `pits [8 4], rounds_won [1 0], ...`.
fn match_text(m: &BaAwaMatch) -> String {
    format!(
        "pits {}, rounds_won {}, target {}, starter {}, setup_picks {}",
        pair(m.pits),
        pair(m.rounds_won),
        m.target,
        m.starter.name(),
        m.setup_picks
    )
}

/// A finished Ba-awa round in words: `round 1, captures [32 16], ...`.
fn round_end_text(r: &BaAwaRoundEnd) -> String {
    format!(
        "round {}, captures {}, reason {}, winner {}",
        r.round,
        pair(r.captures),
        r.reason.as_str(),
        r.winner.map_or("draw", Side::name)
    )
}

/// The game's extra state as `(name, text)` pairs in the order of the state schema, pit
/// ownership excepted (it is drawn on the pits).
#[must_use]
pub fn extras_fields(e: &Extras) -> Vec<(&'static str, String)> {
    match e {
        Extras::None | Extras::Olowuka(_) => Vec::new(),
        Extras::Oware(o) => vec![("extra_turn", if o.extra_turn { "yes" } else { "no" }.into())],
        Extras::BaAwa(b) => {
            let mut out = vec![
                ("round", b.round.to_string()),
                ("match", match_text(&b.match_state)),
            ];
            if let Some(r) = &b.round_end {
                out.push(("round_end", round_end_text(r)));
            }
            out
        }
        Extras::Isolo(i) => vec![
            ("phase", i.phase.name().into()),
            ("stock_used", pair(i.stock_used)),
            ("row_seeds", pair(i.row_seeds)),
            ("foregame_winner", side_or_dash(i.foregame_winner)),
            (
                "foregame_end",
                i.foregame_end
                    .map_or_else(|| "-".into(), |r| r.as_str().into()),
            ),
            ("plies_in_phase", i.plies_in_phase.to_string()),
            ("laps", i.laps.to_string()),
        ],
    }
}

/// The owner of each pit, when the game has owners (Ọlọwuka's rows, Ba-awa's captured pits).
#[must_use]
pub fn owners(e: &Extras) -> Option<&[Side]> {
    match e {
        Extras::Olowuka(o) => Some(&o.owners),
        Extras::BaAwa(b) => Some(&b.owners),
        _ => None,
    }
}

/// Laps the last move made (Isolo), `None` for other games.
fn laps(state: &StateView) -> Option<u64> {
    match &state.extras {
        Extras::Isolo(i) => Some(i.laps),
        _ => None,
    }
}

/// Isolo's phase, `None` for other games.
fn phase(state: &StateView) -> Option<Phase> {
    match &state.extras {
        Extras::Isolo(i) => Some(i.phase),
        _ => None,
    }
}

/// Ba-awa's set-up picks still to make (`match.setup_picks`), 0 for other games.
pub fn picks_left(state: &StateView) -> u32 {
    ba_awa_match(state).map_or(0, |m| m.setup_picks)
}

/// Ba-awa's `match` extra.
pub fn ba_awa_match(state: &StateView) -> Option<&BaAwaMatch> {
    match &state.extras {
        Extras::BaAwa(b) => Some(&b.match_state),
        _ => None,
    }
}

/// The last finished Ba-awa round in words, e.g. `"round 1 over (captures 20-28, north wins the
/// round, board_of_eight)"`.
pub fn round_summary(state: &StateView) -> Option<String> {
    let Extras::BaAwa(BaAwaExtras {
        round_end: Some(r), ..
    }) = &state.extras
    else {
        return None;
    };
    let won = match r.winner {
        None => "a drawn round".to_string(),
        Some(w) => format!("{} wins the round", w.name()),
    };
    Some(format!(
        "round {} over: captured {}-{} (last seeds incl.), {won} ({})",
        r.round,
        r.captures[0],
        r.captures[1],
        r.reason.as_str()
    ))
}

/// The result in words in the catalogue's language, e.g. `"South wins 25-23 (more than half of
/// the seeds)"`; without a score when the game has no `stores` (Isolo: `"South wins (a row was
/// emptied)"`).
#[must_use]
pub fn describe_outcome(
    cat: &mancala_i18n::Catalog,
    o: Outcome,
    stores: Option<[u32; 2]>,
) -> String {
    let reason = mancala_i18n::end_reason(cat, o.reason);
    match (o.winner, stores) {
        (Some(side), Some(stores)) => tr!(
            cat,
            "cli-outcome-win",
            side = side_name(cat, side),
            south = stores[0],
            north = stores[1],
            reason = reason
        ),
        (None, Some(stores)) => tr!(
            cat,
            "cli-outcome-draw",
            south = stores[0],
            north = stores[1],
            reason = reason
        ),
        (Some(side), None) => tr!(
            cat,
            "cli-outcome-win-plain",
            side = side_name(cat, side),
            reason = reason
        ),
        (None, None) => tr!(cat, "cli-outcome-draw-plain", reason = reason),
    }
}

/// A side's name as a sentence uses it ("South").
#[must_use]
pub fn side_name(cat: &mancala_i18n::Catalog, side: Side) -> String {
    match side {
        Side::South => tr!(cat, "cli-south"),
        Side::North => tr!(cat, "cli-north"),
    }
}

/// The Ba-awa round being played, `None` for other games.
fn round(state: &StateView) -> Option<u32> {
    match &state.extras {
        Extras::BaAwa(b) => Some(b.round),
        _ => None,
    }
}

/// Whether the move from `before` to `after` ended a Ba-awa round (the last one too).
#[must_use]
pub fn round_ended(before: &StateView, after: &StateView) -> bool {
    round(after) != round(before) || (after.outcome.is_some() && round(after).is_some())
}

/// What the move `mv` from `before` to `after` did, for the message line, in the catalogue's
/// language: `South played C, capturing 3`, and then how a Ba-awa round ended, a set-up pick to
/// make again or a pass.
#[must_use]
pub fn move_message(
    cat: &mancala_i18n::Catalog,
    before: &StateView,
    after: &StateView,
    mv: &str,
    captured: u32,
) -> String {
    let who = before.to_move.map_or(String::new(), |s| side_name(cat, s));
    let mut text = if mv.starts_with("k:") {
        tr!(cat, "cli-move-setup", side = who.as_str(), mv = mv)
    } else if captured > 0 {
        tr!(
            cat,
            "cli-move-capturing",
            side = who.as_str(),
            mv = mv,
            seeds = captured
        )
    } else if let Some(laps) = laps(after).filter(|&l| l > 1) {
        tr!(
            cat,
            "cli-move-laps",
            side = who.as_str(),
            mv = mv,
            laps = laps
        )
    } else {
        tr!(cat, "cli-move-played", side = who.as_str(), mv = mv)
    };
    if round_ended(before, after) {
        if let Some(summary) = round_summary(after) {
            text.push_str(" · ");
            text.push_str(&summary);
        }
    } else if after.outcome.is_none() && after.to_move.is_some() && after.to_move == before.to_move
    {
        if let Some(side) = after.to_move {
            let name = side_name(cat, side);
            if picks_left(after) > 0 {
                text.push_str(" · ");
                text.push_str(&tr!(cat, "cli-move-picks-again", side = name));
            } else if !mv.starts_with("k:") && phase(after) == phase(before) {
                let other = side_name(cat, side.opponent());
                text.push_str(" · ");
                text.push_str(&tr!(cat, "cli-move-passes", other = other, side = name));
            }
        }
    }
    text
}

/// Why a move was refused.
#[must_use]
pub fn refusal(cat: &mancala_i18n::Catalog, e: &DynPlayError) -> String {
    match e {
        DynPlayError::Illegal { mv, reason } => tr!(
            cat,
            "cli-move-refused",
            mv = mv.as_str(),
            reason = mancala_i18n::illegal(cat, reason)
        ),
        DynPlayError::Parse(p) => tr!(cat, "cli-move-unreadable", text = p.text.as_str()),
    }
}

/// The sowing speed, `ms` milliseconds a seed (0: at once).
#[must_use]
pub fn speed_text(ms: u64) -> String {
    match ms {
        0 => "sowing shown at once".to_string(),
        ms => format!("sowing: {ms} ms a seed"),
    }
}

/// A hint: the move and, when known, its value, in the catalogue's language.
#[must_use]
pub fn hint(cat: &mancala_i18n::Catalog, h: &Hint) -> String {
    match h.value.as_deref() {
        Some(v) => tr!(
            cat,
            "cli-hint-value",
            mv = h.mv.as_str(),
            value = hint_value(cat, v)
        ),
        None => tr!(cat, "cli-hint", mv = h.mv.as_str()),
    }
}

/// A hint's value as [`super::opponent::EngineOpponent`] writes it (`+0.12 (estimate), depth
/// 9, line C a`) in the catalogue's language.
fn hint_value(cat: &mancala_i18n::Catalog, v: &str) -> String {
    mancala_i18n::score_text(cat, v)
        .replacen(", depth ", &format!(", {} ", tr!(cat, "cli-hint-depth")), 1)
        .replacen(", line ", &format!(", {} ", tr!(cat, "cli-hint-line")), 1)
}

/// The game's extra state as `name: value` texts in the catalogue's language (the names and
/// yes/no of the browser's catalogue), in the order of [`extras_fields`].
#[must_use]
pub fn extras_texts(cat: &mancala_i18n::Catalog, e: &Extras) -> Vec<String> {
    extras_fields(e)
        .into_iter()
        .map(|(k, v)| {
            let name = match k {
                "extra_turn" => tr!(cat, "fieldExtraTurn"),
                "round" => tr!(cat, "fieldRound"),
                "match" => tr!(cat, "fieldMatch"),
                "round_end" => tr!(cat, "fieldRoundEnd"),
                "phase" => tr!(cat, "fieldPhase"),
                "stock_used" => tr!(cat, "fieldStockUsed"),
                "row_seeds" => tr!(cat, "fieldRowSeeds"),
                "foregame_winner" => tr!(cat, "fieldForegameWinner"),
                "foregame_end" => tr!(cat, "fieldForegameEnd"),
                "plies_in_phase" => tr!(cat, "fieldPliesInPhase"),
                "laps" => tr!(cat, "fieldLaps"),
                other => other.replace('_', " "),
            };
            let value = match v.as_str() {
                "yes" => tr!(cat, "yes"),
                "no" => tr!(cat, "no"),
                "south" => side_name(cat, Side::South),
                "north" => side_name(cat, Side::North),
                _ => v,
            };
            format!("{name}: {value}")
        })
        .collect()
}

/// " (rating +12)" for a rating change, in `cat`'s language.
#[must_use]
pub fn delta_text(cat: &mancala_i18n::Catalog, delta: Option<i32>) -> String {
    delta.map_or(String::new(), |d| {
        format!(
            " ({})",
            tr!(cat, "cli-puzzle-rating-change", delta = format!("{d:+}"))
        )
    })
}

/// A puzzle's task, as the message that opens it.
#[must_use]
pub fn puzzle_task(cat: &mancala_i18n::Catalog, task: &str) -> String {
    tr!(cat, "cli-puzzle-find", task = task)
}

/// A solved puzzle, with the rating's change and the player's `record`.
#[must_use]
pub fn solved(cat: &mancala_i18n::Catalog, delta: Option<i32>, record: &str) -> String {
    tr!(
        cat,
        "cli-puzzle-solved",
        delta = delta_text(cat, delta),
        record = record
    )
}

/// A wrong answer `mv` to a puzzle, `why` it is wrong, with the rating's change and the
/// player's `record`.
#[must_use]
pub fn not_it(
    cat: &mancala_i18n::Catalog,
    mv: &str,
    why: &str,
    delta: Option<i32>,
    record: &str,
) -> String {
    tr!(
        cat,
        "cli-puzzle-not-it",
        mv = mv,
        why = why,
        delta = delta_text(cat, delta),
        record = record
    )
}

/// A puzzle's solution, shown, with the rating's change.
#[must_use]
pub fn solution(cat: &mancala_i18n::Catalog, moves: &[String], delta: Option<i32>) -> String {
    tr!(
        cat,
        "cli-puzzle-solution",
        moves = moves.join(" "),
        delta = delta_text(cat, delta)
    )
}

#[cfg(test)]
mod tests {
    use mancala_core::random::Lcg;
    use mancala_core::variant::{DynGame, Variant};

    use super::{move_message, round_ended};

    fn en() -> &'static mancala_i18n::Catalog {
        mancala_i18n::catalog("en")
    }

    #[test]
    fn a_move_says_who_played_it_and_what_it_captured() {
        let mut game = Variant::Abapa
            .new_game(&[], Some("0-0-0-0-0-2-1-1-4-4-4-4-14-14-S"))
            .unwrap();
        let before = game.state();
        let captured = game.play("F").unwrap();
        let after = game.state();
        assert_eq!(
            move_message(en(), &before, &after, "F", captured),
            "South played F, capturing 4"
        );
        assert!(!round_ended(&before, &after));
        let mut game = Variant::Abapa.new_game(&[], None).unwrap();
        let before = game.state();
        game.play("C").unwrap();
        assert_eq!(
            move_message(en(), &before, &game.state(), "C", 0),
            "South played C"
        );
    }

    #[test]
    fn a_move_that_ends_a_ba_awa_round_says_how() {
        let mut rng = Lcg(0x2545_f491_4f6c_dd1d);
        let mut game = Variant::BaAwa.new_game(&[], None).unwrap();
        for _ in 0..2000 {
            let before = game.state();
            assert!(
                before.outcome.is_none(),
                "the match ended before a round did"
            );
            let mv = before.legal[rng.below(before.legal.len())].clone();
            let captured = game.play(&mv).unwrap();
            let after = game.state();
            if round_ended(&before, &after) {
                let text = move_message(en(), &before, &after, &mv, captured);
                assert!(text.contains(" · round 1 over: captured "), "{text}");
                return;
            }
        }
        panic!("no round ended in 2,000 moves");
    }
}
