//! Which rule sets a table can represent, and the fingerprint that ties a file to its rules.
//!
//! A table stores, for every board, the share of the board's seeds that the side to move gets
//! with best play. That is a well-defined game value only when every end of the game hands out
//! exactly the seeds on the board and the turn always passes. Of the Oware-family options this
//! rules out:
//!
//! * `grand_slam=IllegalElseLoses` (`oware`): a forced grand slam loses whatever the seeds say;
//! * `grand_slam=OurilExtraTurn` and the singleton rule (`ouril`): the extra turn is state the
//!   board does not show, and the mover plays twice;
//! * `no_move_end=RemainingUnscored` (`oware`): seeds left on the board go to nobody;
//! * `no_move_end=Pass`: the turn does not pass;
//! * `repetition` other than `EndOwnRows` (valued by the cycle convention, crate docs) and
//!   `SplitHalves` (Awari: valued exactly, in half-seeds); with `SplitHalves`, also
//!   `grand_slam=Illegal` (a board with seeds on both rows could have no legal move);
//! * `max_plies`: the value would depend on the move number.
//!
//! `abapa`, `wuri` (the same rules), `ouril-ludii` and `awari` are supported. Options that do not change
//! any board's value (`seeds`, `first_player`, `win_threshold`, `draw_at_half`) are not part of
//! the fingerprint: the score threshold ends the game early but never changes who wins (see
//! the crate docs, "Values and the score threshold").

use mancala_core::options::{bool_name, OptionEnum};
use mancala_core::oware::{GrandSlam, NoMoveEnd, OwareRules, Repetition};
use mancala_core::variant::Variant;

use crate::TablebaseError;

/// The rules of `preset` (a name or alias of an Oware-family preset) if a table can represent
/// them.
pub fn preset_rules(preset: &str) -> Result<(Variant, OwareRules), TablebaseError> {
    let variant = Variant::from_name(preset).map_err(|e| TablebaseError::UnsupportedPreset {
        name: preset.to_string(),
        reason: e.to_string(),
    })?;
    let Some(rules) = variant.oware_rules() else {
        return Err(TablebaseError::UnsupportedPreset {
            name: preset.to_string(),
            reason: format!(
                "tables exist for the Oware family only ({})",
                supported_presets().join(", ")
            ),
        });
    };
    check(&rules).map_err(|e| TablebaseError::UnsupportedPreset {
        name: variant.name().to_string(),
        reason: e.to_string(),
    })?;
    Ok((variant, rules))
}

/// The presets a table can represent, in the order they are listed.
#[must_use]
pub fn supported_presets() -> Vec<&'static str> {
    Variant::ALL
        .iter()
        .filter(|v| v.oware_rules().is_some_and(|r| check(&r).is_ok()))
        .map(|v| v.name())
        .collect()
}

/// Whether a table can represent `rules` (module docs); the error names the first option that
/// it cannot.
pub fn check(rules: &OwareRules) -> Result<(), TablebaseError> {
    let grand_slam = match rules.grand_slam {
        GrandSlam::IllegalElseLoses => Some("a forced grand slam loses whatever the seeds say"),
        GrandSlam::OurilExtraTurn => Some("the extra turn is state a board does not show"),
        GrandSlam::Illegal if exact_cycles(rules) => {
            Some("the exact builder needs a legal move on every board with seeds on both rows")
        }
        GrandSlam::Allowed
        | GrandSlam::CaptureForfeited
        | GrandSlam::Illegal
        | GrandSlam::LeaveLastPit
        | GrandSlam::NoStarving => None,
    };
    let no_move_end = match rules.no_move_end {
        NoMoveEnd::RemainingUnscored => Some("seeds left on the board go to nobody"),
        NoMoveEnd::Pass => Some("the turn does not pass"),
        NoMoveEnd::OwnRows | NoMoveEnd::MoverTakesAll | NoMoveEnd::OpponentTakesAll => None,
    };
    let repetition = !matches!(
        rules.repetition,
        Repetition::EndOwnRows | Repetition::SplitHalves
    );
    // Each option with its value and, if a table cannot represent it, why; the first one named.
    let refusals = [
        (
            "grand_slam",
            rules.grand_slam.name().to_string(),
            grand_slam,
        ),
        (
            "singleton_rule",
            "On".to_string(),
            rules
                .singleton_rule
                .then_some("the singleton rule comes with Ouril's extra turn"),
        ),
        (
            "no_move_end",
            rules.no_move_end.name().to_string(),
            no_move_end,
        ),
        (
            "repetition",
            rules.repetition.name().to_string(),
            repetition.then_some(
                "tables value cycles by EndOwnRows (a convention) or SplitHalves (exact)",
            ),
        ),
        (
            "max_plies",
            rules.max_plies.map_or(String::new(), |n| n.to_string()),
            rules
                .max_plies
                .map(|_| "values would depend on the move number"),
        ),
    ];
    match refusals.into_iter().find(|(_, _, reason)| reason.is_some()) {
        Some((name, value, Some(reason))) => Err(TablebaseError::UnsupportedRules {
            option: format!("{name}={value}"),
            reason,
        }),
        _ => Ok(()),
    }
}

/// Whether `rules` share an endless cycle's seeds evenly (`repetition=SplitHalves`, Awari): the
/// tables are then exact and count half-seeds ([`crate::build`]).
#[must_use]
pub fn exact_cycles(rules: &OwareRules) -> bool {
    rules.repetition == Repetition::SplitHalves
}

/// The options that decide a board's value, as `name=value;...` (the fingerprint's input).
#[must_use]
pub fn canonical(rules: &OwareRules) -> String {
    format!(
        "skip_origin={};grand_slam={};must_feed={};no_move_end={};repetition={};chain_requires_sown_this_move={}",
        rules.skip_origin.name(),
        rules.grand_slam.name(),
        bool_name(rules.must_feed),
        rules.no_move_end.name(),
        rules.repetition.name(),
        bool_name(rules.chain_requires_sown_this_move),
    )
}

/// A 64-bit FNV-1a hash of [`canonical`]: two rule sets with the same fingerprint give every
/// board the same value.
#[must_use]
pub fn fingerprint(rules: &OwareRules) -> u64 {
    canonical(rules)
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// `rules` with every end by score switched off and room in the stores for any seed count: the
/// builder plays moves on these so that a board's value is the seeds' share alone.
#[must_use]
pub(crate) fn unbounded(rules: &OwareRules) -> OwareRules {
    let mut r = *rules;
    r.seeds = 20;
    r.win_threshold = Some(u32::MAX);
    r.draw_at_half = false;
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_accepted_or_refused_with_a_reason() {
        assert!(preset_rules("abapa").is_ok());
        assert!(preset_rules("wuri").is_ok());
        assert!(preset_rules("ouril-ludii").is_ok());
        assert!(preset_rules("awari").is_ok());
        assert!(exact_cycles(&preset_rules("awari").unwrap().1));
        assert_eq!(
            supported_presets(),
            ["abapa", "wuri", "awari", "ouril-ludii"]
        );
        assert!(!exact_cycles(&preset_rules("abapa").unwrap().1));
        for name in ["oware", "ouril", "olowuka", "isolo", "ba-awa", "nonsense"] {
            let e = preset_rules(name).unwrap_err().to_string();
            assert!(e.contains("no endgame table"), "{e}");
            if name == "olowuka" {
                assert!(e.contains("(abapa, wuri, awari, ouril-ludii)"), "{e}");
            }
        }
        let e = preset_rules("oware").unwrap_err().to_string();
        assert!(e.contains("grand_slam=IllegalElseLoses"), "{e}");
    }

    #[test]
    fn the_first_option_a_table_cannot_show_is_named() {
        use mancala_core::RuleSet;
        let refused = [
            ("grand_slam", "OurilExtraTurn"),
            ("singleton_rule", "On"),
            ("no_move_end", "RemainingUnscored"),
            ("no_move_end", "Pass"),
            ("repetition", "Draw"),
            ("max_plies", "40"),
        ];
        for (name, value) in refused {
            let mut r = OwareRules::abapa();
            r.set(name, value).unwrap();
            let e = check(&r).unwrap_err().to_string();
            assert!(e.contains(&format!("{name}={value}")), "{e}");
        }
        let mut r = OwareRules::abapa();
        r.set("max_plies", "40").unwrap();
        r.set("no_move_end", "Pass").unwrap();
        let e = check(&r).unwrap_err().to_string();
        assert!(e.contains("no_move_end=Pass"), "{e}");
        let mut r = OwareRules::awari();
        assert!(check(&r).is_ok());
        r.set("grand_slam", "Illegal").unwrap();
        let e = check(&r).unwrap_err().to_string();
        assert!(e.contains("grand_slam=Illegal"), "{e}");
    }

    #[test]
    fn the_fingerprint_follows_the_value_options_only() {
        let a = OwareRules::abapa();
        assert_eq!(fingerprint(&a), fingerprint(&OwareRules::wuri()));
        let mut b = a;
        b.seeds = 5;
        b.first_player = mancala_core::Side::North;
        assert_eq!(fingerprint(&a), fingerprint(&b));
        b.must_feed = false;
        assert_ne!(fingerprint(&a), fingerprint(&b));
        assert_ne!(fingerprint(&a), fingerprint(&OwareRules::ouril_ludii()));
    }
}
