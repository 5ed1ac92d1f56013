//! Text helpers shared by the state machine and the drawing.

use mancala_core::extras::{BaAwaMatch, BaAwaRoundEnd, Extras};
use mancala_core::Side;

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
