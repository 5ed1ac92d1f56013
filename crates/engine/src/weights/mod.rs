//! Fitted evaluation weights, one generated data file per game family (see [`crate::tune`] and
//! docs/engine.md, "Evaluation"), read at compile time. Each file holds, for every feature of its
//! family's module of [`crate::features`] in index order, a line `name<TAB>full<TAB>empty`: its
//! weight in centiseeds on a full board and on an empty board (for Isolo: in the foregame and in
//! the proper game). Lines starting with `#` are comments.

use crate::features::{self, FEATURES};

/// `[full board, empty board]` weight of each feature of the 2x6 games, in feature index order.
pub(crate) type Weights = [[i32; 2]; FEATURES];
/// The same for the features of [`features::ba_awa`].
pub(crate) type BaAwaWeights = [[i32; 2]; features::ba_awa::FEATURES];
/// The same for the features of [`features::isolo`].
pub(crate) type IsoloWeights = [[i32; 2]; features::isolo::FEATURES];

/// The Oware family's weights (Abapa games).
pub(crate) const OWARE: Weights = parse(include_str!("oware.tsv"));
/// Ouril's weights.
pub(crate) const OURIL: Weights = parse(include_str!("ouril.tsv"));
/// Ọlọwuka's weights.
pub(crate) const OLOWUKA: Weights = parse(include_str!("olowuka.tsv"));
/// Ba-awa's weights.
pub(crate) const BA_AWA: BaAwaWeights = parse(include_str!("ba_awa.tsv"));
/// Isolo's weights (`[foregame, proper game]`).
pub(crate) const ISOLO: IsoloWeights = parse(include_str!("isolo.tsv"));

/// The weights of a weights file (see the module documentation), at compile time: a file with
/// other than `N` weight lines, or a line without a name and two whole numbers, does not compile.
pub(crate) const fn parse<const N: usize>(text: &str) -> [[i32; 2]; N] {
    let b = text.as_bytes();
    let mut out = [[0i32; 2]; N];
    let mut row = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'#' || b[i] == b'\n' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            i += 1;
            continue;
        }
        assert!(row < N, "more weight lines than features");
        while i < b.len() && b[i] != b'\t' {
            i += 1;
        }
        let mut col = 0;
        while col < 2 {
            assert!(
                i < b.len() && b[i] == b'\t',
                "a weight line has a name and two numbers"
            );
            i += 1;
            let negative = i < b.len() && b[i] == b'-';
            if negative {
                i += 1;
            }
            let start = i;
            let mut v: i32 = 0;
            while i < b.len() && b[i].is_ascii_digit() {
                v = v * 10 + (b[i] - b'0') as i32;
                i += 1;
            }
            assert!(i > start, "a weight is a whole number");
            out[row][col] = if negative { -v } else { v };
            col += 1;
        }
        assert!(
            i == b.len() || b[i] == b'\n',
            "a weight line has two numbers"
        );
        i += 1;
        row += 1;
    }
    assert!(row == N, "fewer weight lines than features");
    out
}

/// The Oware family's weights (Abapa games) laid out for the search's leaves.
pub(crate) static OWARE_FAST: Fast2x6 = Fast2x6::new(&OWARE);
/// Ouril's weights laid out for the search's leaves.
pub(crate) static OURIL_FAST: Fast2x6 = Fast2x6::new(&OURIL);
/// Ọlọwuka's weights laid out for the search's leaves.
pub(crate) static OLOWUKA_FAST: Fast2x6 = Fast2x6::new(&OLOWUKA);

/// Weights of the 2x6 features ([`crate::features`]) laid out for the search's leaves: the
/// weighted sum of the features of [`features::visit`] (see `crate::eval::evaluate_fast`), computed with a table lookup per pit
/// instead of a visit of every feature.
///
/// `pit[i][min(c, 24)]` is the weight of own pit `i` holding `c` seeds (every count from 24 on
/// is one bucket, an empty pit weighs nothing) with both phase weights in one `i64`: the
/// full-board weight plus the empty-board weight times 2^32. Twelve lookups and adds then sum
/// both halves at once; no PST weight reaches 2^20 in magnitude (checked when the table is
/// built, at compile time), so twelve of them never carry from one half into the other. The
/// store and threat features keep their two separate products.
pub(crate) struct Fast2x6 {
    pub(crate) pit: [[i64; 25]; 6],
    pub(crate) store: [i64; 2],
    pub(crate) best: [i64; 2],
    pub(crate) count: [i64; 2],
}

impl Fast2x6 {
    /// The table of the weights `w`.
    pub(crate) const fn new(w: &Weights) -> Self {
        let mut pit = [[0i64; 25]; 6];
        let mut i = 0;
        while i < 6 {
            let mut c = 1;
            while c <= 24 {
                let b = features::BUCKET[c] as usize;
                let [full, empty] = w[features::PST + i * features::BUCKETS + b - 1];
                assert!(full.unsigned_abs() < 1 << 20 && empty.unsigned_abs() < 1 << 20);
                pit[i][c] = full as i64 + ((empty as i64) << 32);
                c += 1;
            }
            i += 1;
        }
        const fn widen(w: [i32; 2]) -> [i64; 2] {
            [w[0] as i64, w[1] as i64]
        }
        Fast2x6 {
            pit,
            store: widen(w[features::STORE]),
            best: widen(w[features::THREAT_BEST]),
            count: widen(w[features::THREAT_COUNT]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Family;
    use crate::tune::render;

    /// Each file names its family's features in order: rendering the parsed weights again
    /// gives the file's weight lines.
    #[test]
    fn files_name_every_feature_in_order() {
        let files: [(Family, &str, &[[i32; 2]]); 5] = [
            (Family::Oware, include_str!("oware.tsv"), &OWARE),
            (Family::Ouril, include_str!("ouril.tsv"), &OURIL),
            (Family::Olowuka, include_str!("olowuka.tsv"), &OLOWUKA),
            (Family::BaAwa, include_str!("ba_awa.tsv"), &BA_AWA),
            (Family::Isolo, include_str!("isolo.tsv"), &ISOLO),
        ];
        for (family, text, w) in files {
            assert_eq!(w.len(), family.features());
            let rows = |t: &str| -> Vec<String> {
                t.lines()
                    .filter(|l| !l.starts_with('#'))
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(
                rows(text),
                rows(&render(family, w, &[])),
                "{}",
                family.name()
            );
        }
    }

    #[test]
    fn parse_reads_signs_and_comments() {
        const W: [[i32; 2]; 2] = parse("# header\n#\na\t-12\t0\nb_1-2\t7\t-300\n");
        assert_eq!(W, [[-12, 0], [7, -300]]);
    }
}
