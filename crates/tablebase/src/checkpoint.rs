//! The checkpoint of a finished level of graded tables: what the levels above need of it that
//! its table file does not hold (the bounds `lo` and `hi` of every board).
//!
//! Two builders write one beside `PRESET-NN.tb` once the level is finished (after the table
//! file, through `PRESET-NN.tbc.part` renamed when complete):
//!
//! * the distributed builder (crate `mancala-tablebase-dist`), which reads the longest run of
//!   levels from 0 whose table file and checkpoint are both there and check when it is started
//!   again, and deletes every checkpoint at the end of a complete build;
//! * the single-process builder with step 3 ([`crate::build::build_graded`] with a
//!   [`crate::build::GradedRun::dir`]), which keeps them: a later build may read the levels
//!   below a given seed count ([`crate::build::GradedRun::from_seeds`]) and build the rest,
//!   for instance with step 3 on one more level.
//!
//! ```text
//! offset size  field
//!      0    8  signature  "MNCLCP\r\n"
//!      8    4  version    (little-endian u32, currently 1)
//!     12   32  preset     name, UTF-8, zero-padded
//!     44    8  fingerprint of the value-deciding rule options (as in the table file)
//!     52    1  seeds      on every board of the level
//!     53    1  kind       0: the plain builder's bounds; 1: bounds tightened further (step 3
//!                         or the first-cycle rounds), which the plain builders do not resume from
//!     54    2  reserved   zero
//!     56    8  boards     C(seeds + 11, 11)
//!     64    8  the checksum of the level's table file (its header field)
//!     72    8  checksum   of bytes 0..72 and of the bounds ([`crate::file::checksum`])
//!     80    .  lo         one byte per board, in index order
//!      .    .  hi         one byte per board, in index order
//! ```
//!
//! Reading checks every field against the level asked for, the length, the checksum and every
//! pair of bounds (`lo <= hi <= seeds`): a corrupt, truncated or foreign file gives a
//! [`TablebaseError::Checkpoint`] naming the file and the problem.

use std::path::{Path, PathBuf};

use crate::file::{checksum, write_checked};
use crate::index::positions;
use crate::TablebaseError;

const MAGIC: &[u8; 8] = b"MNCLCP\r\n";
/// The checkpoint format version written and read.
pub const VERSION: u32 = 1;
const HEADER: usize = 80;
const PRESET_LEN: usize = 32;
/// Byte 53: the kind of bounds.
const KIND: usize = 53;

/// The level a checkpoint belongs to.
#[derive(Clone, Copy, Debug)]
pub struct Level<'a> {
    /// The preset of the tables.
    pub preset: &'a str,
    /// The fingerprint of their rules ([`crate::rules::fingerprint`]).
    pub fingerprint: u64,
    /// The level's seed count.
    pub seeds: u32,
    /// The checksum of the level's table file.
    pub table_checksum: u64,
}

/// A level's bounds, as a checkpoint holds them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The lower bound of every board, in index order.
    pub lo: Vec<u8>,
    /// The upper bound of every board, in index order.
    pub hi: Vec<u8>,
    /// Whether the bounds were tightened beyond the plain builder's (step 3 or the first-cycle
    /// rounds): the plain builders do not resume from such a level.
    pub refined: bool,
}

/// The path of the checkpoint of `preset`'s `seeds`-seed level in `dir`.
#[must_use]
pub fn path_in(dir: &Path, preset: &str, seeds: u32) -> PathBuf {
    dir.join(format!("{preset}-{seeds:02}.tbc"))
}

fn header(level: Level<'_>, refined: bool) -> [u8; 72] {
    let mut h = [0u8; 72];
    h[..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&VERSION.to_le_bytes());
    let name = level.preset.as_bytes();
    let k = name.len().min(PRESET_LEN);
    h[12..12 + k].copy_from_slice(&name[..k]);
    h[44..52].copy_from_slice(&level.fingerprint.to_le_bytes());
    h[52] = level.seeds as u8;
    h[KIND] = u8::from(refined);
    h[56..64].copy_from_slice(&positions(level.seeds).to_le_bytes());
    h[64..72].copy_from_slice(&level.table_checksum.to_le_bytes());
    h
}

/// Writes the checkpoint of `level` to `path`, atomically (a temporary file renamed).
pub fn write(
    path: &Path,
    level: Level<'_>,
    lo: &[u8],
    hi: &[u8],
    refined: bool,
) -> Result<(), TablebaseError> {
    write_checked(path, "tbc.part", &header(level, refined), &[lo, hi])
}

/// One level of a graded build read back from a directory: its table file's entries and its
/// checkpoint.
#[derive(Debug)]
pub struct Pair {
    /// The table file's entries, in index order.
    pub entries: Vec<u8>,
    /// The checkpoint written beside it.
    pub checkpoint: Checkpoint,
}

/// Why [`read_pair`] found no pair for a level (nothing corrupt: a builder may stop there).
#[derive(Debug)]
pub enum Missing {
    /// The table file could not be read (absent, or not a table file).
    Table(TablebaseError),
    /// The table file holds other tables: what it holds.
    Other(String),
    /// The table file is there and its checkpoint is not: the checkpoint's path.
    Checkpoint(PathBuf),
}

/// Reads level `seeds` of a graded build of `preset` (rules `fingerprint`) from `dir`: its
/// table file (which must hold that level of those graded rules) and its checkpoint (which
/// must belong to that table file; [`read`] checks it).
///
/// # Errors
///
/// A checkpoint that is there and does not check ([`read`]'s errors); a missing or foreign
/// table file or a missing checkpoint is `Ok(Err(..))`.
pub fn read_pair(
    dir: &Path,
    preset: &str,
    fingerprint: u64,
    seeds: u32,
) -> Result<Result<Pair, Missing>, TablebaseError> {
    let path = crate::file::path_in(dir, preset, seeds);
    let (h, entries) = match crate::file::read(&path) {
        Ok(read) => read,
        Err(e) => return Ok(Err(Missing::Table(e))),
    };
    if h.fingerprint != fingerprint || h.half_seeds || h.seeds != seeds {
        return Ok(Err(Missing::Other(format!(
            "{} holds other tables (preset {}, rule fingerprint {:016x}, {} seeds)",
            path.display(),
            h.preset,
            h.fingerprint,
            h.seeds
        ))));
    }
    let level = Level {
        preset,
        fingerprint,
        seeds,
        table_checksum: h.checksum,
    };
    let cp_path = path_in(dir, preset, seeds);
    Ok(match read(&cp_path, level)? {
        Some(checkpoint) => Ok(Pair {
            entries,
            checkpoint,
        }),
        None => Err(Missing::Checkpoint(cp_path)),
    })
}

/// Reads the checkpoint of `level` at `path`: `Ok(None)` when there is no file, the bounds
/// when it checks, an error naming the problem otherwise (module docs).
pub fn read(path: &Path, level: Level<'_>) -> Result<Option<Checkpoint>, TablebaseError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(TablebaseError::Io {
                path: path.to_path_buf(),
                source,
            })
        }
    };
    let bad = |reason: String| TablebaseError::Checkpoint {
        path: path.to_path_buf(),
        reason,
    };
    if bytes.len() < 8 || &bytes[..8] != MAGIC {
        return Err(bad(
            "not a checkpoint of a graded build (bad signature)".into()
        ));
    }
    if bytes.len() < HEADER {
        return Err(bad(format!(
            "{} bytes, shorter than the {HEADER}-byte header",
            bytes.len()
        )));
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(bad(format!(
            "format version {version}, this program reads version {VERSION}"
        )));
    }
    let want = header(level, false);
    if bytes[12..KIND] != want[12..KIND] || bytes[KIND + 1..64] != want[KIND + 1..64] {
        let raw = &bytes[12..12 + PRESET_LEN];
        let end = raw.iter().position(|&b| b == 0).unwrap_or(PRESET_LEN);
        return Err(bad(format!(
            "holds level {} of {:?} (rule fingerprint {:016x}), expected level {} of {:?} ({:016x})",
            bytes[52],
            String::from_utf8_lossy(&raw[..end]),
            u64_at(44),
            level.seeds,
            level.preset,
            level.fingerprint
        )));
    }
    let refined = match bytes[KIND] {
        0 => false,
        1 => true,
        k => return Err(bad(format!("unknown kind of bounds {k} (byte 53)"))),
    };
    let boards = positions(level.seeds);
    let expected = HEADER as u64 + 2 * boards;
    if bytes.len() as u64 != expected {
        return Err(bad(format!(
            "{} bytes, the header implies {expected} (truncated or padded)",
            bytes.len()
        )));
    }
    if u64_at(64) != level.table_checksum {
        return Err(bad(format!(
            "made for another table file (table checksum {:016x}, the file's is {:016x})",
            u64_at(64),
            level.table_checksum
        )));
    }
    let (lo, hi) = bytes[HEADER..].split_at(boards as usize);
    let computed = checksum(&[&bytes[..72], lo, hi]);
    if computed != u64_at(72) {
        return Err(bad(format!(
            "checksum mismatch (header {:016x}, contents {computed:016x}): the file is corrupt",
            u64_at(72)
        )));
    }
    if let Some(i) = (0..lo.len()).find(|&i| lo[i] > hi[i] || u32::from(hi[i]) > level.seeds) {
        return Err(bad(format!(
            "board {i}: impossible bounds {} to {} for {} seeds",
            lo[i], hi[i], level.seeds
        )));
    }
    Ok(Some(Checkpoint {
        lo: lo.to_vec(),
        hi: hi.to_vec(),
        refined,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(seeds: u32) -> Level<'static> {
        Level {
            preset: "abapa",
            fingerprint: 0x1234,
            seeds,
            table_checksum: 0xabcd,
        }
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("mancala-checkpoint-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn bounds(seeds: u32) -> (Vec<u8>, Vec<u8>) {
        let k = positions(seeds) as usize;
        let lo: Vec<u8> = (0..k).map(|i| (i % (seeds as usize + 1)) as u8).collect();
        let hi = vec![seeds as u8; k];
        (lo, hi)
    }

    #[test]
    fn a_checkpoint_reads_back_and_a_missing_one_is_none() {
        let dir = scratch("round-trip");
        let path = path_in(&dir, "abapa", 3);
        assert_eq!(path.file_name().unwrap(), "abapa-03.tbc");
        assert!(read(&path, level(3)).unwrap().is_none());
        let (lo, hi) = bounds(3);
        write(&path, level(3), &lo, &hi, false).unwrap();
        assert!(!path.with_extension("tbc.part").exists());
        assert_eq!(
            read(&path, level(3)).unwrap(),
            Some(Checkpoint {
                lo: lo.clone(),
                hi: hi.clone(),
                refined: false
            })
        );
        write(&path, level(3), &lo, &hi, true).unwrap();
        assert!(read(&path, level(3)).unwrap().unwrap().refined);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_or_foreign_checkpoint_is_a_clear_error() {
        let dir = scratch("corrupt");
        let path = path_in(&dir, "abapa", 3);
        let (lo, hi) = bounds(3);
        write(&path, level(3), &lo, &hi, false).unwrap();
        let good = std::fs::read(&path).unwrap();
        let error = |bytes: &[u8], level: Level<'_>| {
            std::fs::write(&path, bytes).unwrap();
            read(&path, level).unwrap_err().to_string()
        };
        let e = error(b"MNCLTB\r\n and the rest", level(3));
        assert!(
            e.contains("abapa-03.tbc") && e.contains("bad signature"),
            "{e}"
        );
        let e = error(&good[..40], level(3));
        assert!(e.contains("shorter than"), "{e}");
        let mut b = good.clone();
        b[8] = 2;
        assert!(error(&b, level(3)).contains("format version 2"));
        let mut b = good.clone();
        b[53] = 7;
        assert!(error(&b, level(3)).contains("unknown kind of bounds 7"));
        let e = error(&good, level(4));
        assert!(
            e.contains("holds level 3") && e.contains("expected level 4"),
            "{e}"
        );
        let other = Level {
            fingerprint: 0x9999,
            ..level(3)
        };
        assert!(error(&good, other).contains("fingerprint"));
        let e = error(&good[..good.len() - 1], level(3));
        assert!(e.contains("truncated"), "{e}");
        let moved = Level {
            table_checksum: 1,
            ..level(3)
        };
        assert!(error(&good, moved).contains("another table file"));
        let mut b = good.clone();
        b[HEADER + 5] ^= 1;
        assert!(error(&b, level(3)).contains("checksum mismatch"));
        // Bounds out of order, with a checksum that matches: the check of the values.
        let mut hi = hi.clone();
        hi[7] = 0;
        write(&path, level(3), &lo, &hi, false).unwrap();
        let e = read(&path, level(3)).unwrap_err().to_string();
        assert!(e.contains("board 7: impossible bounds 3 to 0"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
