//! The puzzles that ship with the project: one JSON object per line and per puzzle, one file per
//! preset in `crates/puzzles/data/`, made by `mancala puzzles generate` (docs/puzzles.md) and
//! embedded in the binary.

use std::sync::OnceLock;

use mancala_core::variant::Variant;

use crate::Puzzle;

/// The shipped files, per preset.
const FILES: [(Variant, &str); 9] = [
    (Variant::Oware, include_str!("../data/oware.jsonl")),
    (Variant::Abapa, include_str!("../data/abapa.jsonl")),
    (Variant::Wuri, include_str!("../data/wuri.jsonl")),
    (Variant::Awari, include_str!("../data/awari.jsonl")),
    (Variant::Ouril, include_str!("../data/ouril.jsonl")),
    (
        Variant::OurilLudii,
        include_str!("../data/ouril-ludii.jsonl"),
    ),
    (Variant::Olowuka, include_str!("../data/olowuka.jsonl")),
    (Variant::BaAwa, include_str!("../data/ba-awa.jsonl")),
    (Variant::Isolo, include_str!("../data/isolo.jsonl")),
];

/// A shipped file that does not parse.
#[derive(Debug, thiserror::Error)]
#[error("data/{file}.jsonl line {line}")]
pub struct ShippedError {
    /// The preset whose file it is.
    pub file: &'static str,
    /// The line (from 1).
    pub line: usize,
    /// Why.
    #[source]
    pub source: serde_json::Error,
}

/// Reads one shipped file.
fn parse(variant: Variant, text: &str) -> Result<Vec<Puzzle>, ShippedError> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|source| ShippedError {
                file: variant.name(),
                line: i + 1,
                source,
            })
        })
        .collect()
}

/// Every shipped puzzle, in the order of [`Variant::ALL`] and then of the files; an error when a
/// file does not parse (the tests make sure they all do).
pub fn shipped_all() -> Result<&'static [Puzzle], &'static ShippedError> {
    static ALL: OnceLock<Result<Vec<Puzzle>, ShippedError>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = Vec::new();
        for (variant, text) in FILES {
            all.extend(parse(variant, text)?);
        }
        Ok(all)
    })
    .as_ref()
    .map(Vec::as_slice)
}

/// The shipped puzzles of `variant` (none when the files do not parse: see [`shipped_all`]).
#[must_use]
pub fn shipped(variant: Variant) -> Vec<&'static Puzzle> {
    let name = variant.name();
    shipped_all()
        .map(|all| all.iter().filter(|p| p.variant == name).collect())
        .unwrap_or_default()
}

/// The shipped puzzle with this id.
#[must_use]
pub fn find_shipped(id: &str) -> Option<&'static Puzzle> {
    shipped_all().ok()?.iter().find(|p| p.id == id)
}
