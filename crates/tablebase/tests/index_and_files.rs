//! The index is a bijection; files round-trip, and every kind of damage is a typed error.

use std::path::{Path, PathBuf};

use mancala_core::Side;
use mancala_tablebase::build::{build, BuildOptions};
use mancala_tablebase::file::{self, file_name};
use mancala_tablebase::index::{positions, rank, unrank, MAX_SEEDS};
use mancala_tablebase::{Tablebase, TablebaseError};
use proptest::prelude::*;

proptest! {
    #[test]
    fn rank_and_unrank_are_inverse(board in proptest::array::uniform12(0u8..=4)) {
        let n: u32 = board.iter().map(|&p| u32::from(p)).sum();
        let r = rank(&board);
        prop_assert!(r < positions(n));
        prop_assert_eq!(unrank(n, r), Some(board));
    }

    #[test]
    fn unrank_then_rank_is_the_identity(n in 0u32..=MAX_SEEDS, x in any::<u64>()) {
        let i = x % positions(n);
        let b = unrank(n, i).unwrap();
        prop_assert_eq!(b.iter().map(|&p| u32::from(p)).sum::<u32>(), n);
        prop_assert_eq!(rank(&b), i);
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-tb-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn small_table(dir: &Path) -> Tablebase {
    let (t, _) = build("abapa", 4, &BuildOptions::default(), &mut |_| {}).unwrap();
    t.write_dir(dir).unwrap();
    t
}

#[test]
fn tables_round_trip_through_files() {
    let dir = scratch("round-trip");
    let t = small_table(&dir);
    let loaded = Tablebase::load_dir(&dir, "abapa").unwrap();
    assert_eq!(loaded, t);
    assert_eq!(loaded.max_seeds(), 4);
    // wuri has the same rules: the abapa files serve it through the fingerprint.
    assert!(loaded.covers(&mancala_core::oware::OwareRules::wuri()));
    assert!(!loaded.covers(&mancala_core::oware::OwareRules::oware()));
    // ... and loading wuri's tables from a directory holding only abapa's finds them; a preset
    // with other rules does not.
    assert_eq!(Tablebase::load_dir(&dir, "wuri").unwrap(), t);
    assert!(matches!(
        Tablebase::load_dir(&dir, "ouril-ludii").unwrap_err(),
        TablebaseError::Empty { .. }
    ));
    let h = file::read_header(&dir.join(file_name("abapa", 3))).unwrap();
    assert_eq!((h.seeds, h.entries, h.preset.as_str()), (3, 364, "abapa"));
    let (all, errors) = Tablebase::load_all(&dir);
    assert_eq!((all.len(), errors.len()), (1, 0));
    assert!(
        t.probe(&[1; 12], Side::South).is_none(),
        "12 seeds are not covered"
    );
}

/// Damages `name` in a fresh copy of the tables and returns the loading error.
fn damaged(tag: &str, name: &str, damage: impl Fn(&mut Vec<u8>)) -> TablebaseError {
    let dir = scratch(tag);
    small_table(&dir);
    let path = dir.join(name);
    let mut bytes = std::fs::read(&path).unwrap();
    damage(&mut bytes);
    std::fs::write(&path, bytes).unwrap();
    let e = Tablebase::load_dir(&dir, "abapa").unwrap_err();
    let _ = std::fs::remove_dir_all(&dir);
    e
}

#[test]
fn corrupt_files_give_typed_errors() {
    let f3 = file_name("abapa", 3);
    let e = damaged("flip", &f3, |b| b[100] ^= 0x01);
    assert!(matches!(e, TablebaseError::BadChecksum { .. }), "{e}");
    let e = damaged("truncate", &f3, |b| b.truncate(b.len() - 1));
    assert!(matches!(e, TablebaseError::BadLength { .. }), "{e}");
    let e = damaged("pad", &f3, |b| b.push(0));
    assert!(matches!(e, TablebaseError::BadLength { .. }), "{e}");
    let e = damaged("short", &f3, |b| b.truncate(20));
    assert!(matches!(e, TablebaseError::BadLength { .. }), "{e}");
    let e = damaged("magic", &f3, |b| b[0] = b'X');
    assert!(matches!(e, TablebaseError::BadMagic { .. }), "{e}");
    let e = damaged("version", &f3, |b| b[8] = 9);
    assert!(
        matches!(e, TablebaseError::UnsupportedVersion { found: 9, .. }),
        "{e}"
    );
    let e = damaged("seeds", &f3, |b| b[52] = 60);
    assert!(
        matches!(e, TablebaseError::BadHeader { field: "seeds", .. }),
        "{e}"
    );
    let e = damaged("entries", &f3, |b| b[56] ^= 1);
    assert!(
        matches!(
            e,
            TablebaseError::BadHeader {
                field: "entries",
                ..
            }
        ),
        "{e}"
    );
    let e = damaged("empty", &f3, Vec::clear);
    assert!(matches!(e, TablebaseError::BadMagic { .. }), "{e}");
    // A well-formed file of other rules (fingerprint changed, checksum recomputed).
    let e = damaged("rules", &f3, |b| {
        let entries = b[72..].to_vec();
        let fp = u64::from_le_bytes(b[44..52].try_into().unwrap()) ^ 1;
        let dir = scratch("rules-rewrite");
        let p = dir.join("x.tb");
        file::write(&p, "abapa", fp, 3, false, &entries).unwrap();
        *b = std::fs::read(&p).unwrap();
    });
    assert!(matches!(e, TablebaseError::WrongRules { .. }), "{e}");
    // A well-formed file with an impossible entry.
    let e = damaged("entry", &f3, |b| {
        let mut entries = b[72..].to_vec();
        entries[5] = 0x3f;
        let fp = u64::from_le_bytes(b[44..52].try_into().unwrap());
        let dir = scratch("entry-rewrite");
        let p = dir.join("x.tb");
        file::write(&p, "abapa", fp, 3, false, &entries).unwrap();
        *b = std::fs::read(&p).unwrap();
    });
    assert!(
        matches!(e, TablebaseError::BadEntry { index: 5, .. }),
        "{e}"
    );
    // A level that holds another seed count.
    let e = damaged("swap", &f3, |b| {
        let dir = scratch("swap-src");
        let (t, _) = build("abapa", 2, &BuildOptions::default(), &mut |_| {}).unwrap();
        t.write_dir(&dir).unwrap();
        *b = std::fs::read(dir.join(file_name("abapa", 2))).unwrap();
    });
    assert!(
        matches!(
            e,
            TablebaseError::WrongSeeds {
                found: 2,
                expected: 3,
                ..
            }
        ),
        "{e}"
    );
    // A missing level.
    let dir = scratch("missing");
    small_table(&dir);
    std::fs::remove_file(dir.join(file_name("abapa", 2))).unwrap();
    let e = Tablebase::load_dir(&dir, "abapa").unwrap_err();
    assert!(
        matches!(e, TablebaseError::MissingLevel { seeds: 2, .. }),
        "{e}"
    );
    // No table at all, and presets without tables.
    let e = Tablebase::load_dir(&scratch("none"), "abapa").unwrap_err();
    assert!(matches!(e, TablebaseError::Empty { .. }), "{e}");
    let e = Tablebase::load_dir(&dir, "oware").unwrap_err();
    assert!(e.to_string().contains("grand_slam=IllegalElseLoses"), "{e}");
}

#[test]
fn random_bytes_never_panic_the_reader() {
    let dir = scratch("fuzz");
    small_table(&dir);
    let path = dir.join(file_name("abapa", 3));
    let good = std::fs::read(&path).unwrap();
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for round in 0..300 {
        let mut b = good.clone();
        for _ in 0..1 + round % 4 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let i = (x % b.len() as u64) as usize;
            b[i] = (x >> 32) as u8;
        }
        if round % 7 == 0 {
            b.truncate((x % b.len() as u64) as usize);
        }
        std::fs::write(&path, &b).unwrap();
        let r = file::read(&path);
        if b != good {
            assert!(r.is_err(), "round {round}: damage went unnoticed");
        }
    }
}

/// Probe cost, printed (not asserted): `cargo test -p mancala-tablebase --profile ci --test
/// index_and_files -- --ignored --nocapture`.
#[test]
#[ignore = "a timing, for docs/tablebase.md"]
fn probe_cost() {
    let (t, _) = build("abapa", 10, &BuildOptions::default(), &mut |_| {}).unwrap();
    let boards: Vec<[u8; 12]> = (0..1u64 << 16)
        .map(|i| unrank(10, i * 5 % positions(10)).unwrap())
        .collect();
    let rounds = 100;
    let start = std::time::Instant::now();
    let mut sum = 0u64;
    for _ in 0..rounds {
        for b in &boards {
            sum += u64::from(t.probe(b, Side::North).unwrap().value);
        }
    }
    let per = start.elapsed().as_nanos() as f64 / (rounds * boards.len()) as f64;
    eprintln!("probe: {per:.1} ns (checksum {sum})");
}
