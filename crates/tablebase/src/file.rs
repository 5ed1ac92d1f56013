//! The file format: one table (one seed count) per file.
//!
//! ```text
//! offset size  field
//!      0    8  signature  "MNCLTB\r\n"
//!      8    4  version    (little-endian u32, currently 1)
//!     12   32  preset     name, UTF-8, zero-padded
//!     44    8  fingerprint of the value-deciding rule options (rules::fingerprint)
//!     52    1  seeds      on every board of the table
//!     53    1  bits       per entry (8)
//!     54    1  unit       of the values: 0 whole seeds, 1 half-seeds (exact cycle tables)
//!     55    1  reserved   zero
//!     56    8  entries    C(seeds + 11, 11)
//!     64    8  checksum   of bytes 0..64 and of the entries
//!     72    .  entries    one byte per board, in index order (crate::index)
//! ```
//!
//! Every field is checked on reading, and every entry is checked to be a possible value, so a
//! corrupt or foreign file gives a [`TablebaseError`] naming the problem, never a panic or a
//! wrong answer. Files are read whole into memory (no memory mapping).

use std::io::{Read, Write};

use std::path::{Path, PathBuf};

use crate::index::{positions, MAX_SEEDS};
use crate::{entry, TablebaseError};

const MAGIC: &[u8; 8] = b"MNCLTB\r\n";
/// The format version written and read.
pub const VERSION: u32 = 1;
const HEADER: usize = 72;
const PRESET_LEN: usize = 32;

/// The header of a table file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// Format version.
    pub version: u32,
    /// The preset the table was built for.
    pub preset: String,
    /// Fingerprint of the rule options that decide values.
    pub fingerprint: u64,
    /// Seeds on every board.
    pub seeds: u32,
    /// Whether values count half-seeds (tables of rules that share a cycle's seeds evenly).
    pub half_seeds: bool,
    /// Entries (boards).
    pub entries: u64,
    /// The checksum.
    pub checksum: u64,
}

/// The file name of the `seeds`-seed table of `preset`: `abapa-07.tb`.
#[must_use]
pub fn file_name(preset: &str, seeds: u32) -> String {
    format!("{preset}-{seeds:02}.tb")
}

/// A 64-bit checksum: eight-byte words mixed by multiplication and rotation (the tail padded
/// with zeros), then the length. Fast enough to check a gigabyte in well under a second.
#[must_use]
pub fn checksum(parts: &[&[u8]]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = 0x243f_6a88_85a3_08d3u64;
    let mut len = 0u64;
    for part in parts {
        len += part.len() as u64;
        let mut words = part.chunks_exact(8);
        for w in &mut words {
            let x = u64::from_le_bytes(w.try_into().expect("eight bytes"));
            h = (h ^ x).wrapping_mul(K).rotate_left(29);
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            h = (h ^ u64::from_le_bytes(b) ^ 0xff)
                .wrapping_mul(K)
                .rotate_left(29);
        }
    }
    let h = (h ^ len).wrapping_mul(K);
    h ^ h >> 32
}

fn header_bytes(
    preset: &str,
    fingerprint: u64,
    seeds: u32,
    half_seeds: bool,
    entries: u64,
) -> [u8; 64] {
    let mut h = [0u8; 64];
    h[..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&VERSION.to_le_bytes());
    let name = preset.as_bytes();
    let k = name.len().min(PRESET_LEN);
    h[12..12 + k].copy_from_slice(&name[..k]);
    h[44..52].copy_from_slice(&fingerprint.to_le_bytes());
    h[52] = seeds as u8;
    h[53] = 8;
    h[54] = u8::from(half_seeds);
    h[56..64].copy_from_slice(&entries.to_le_bytes());
    h
}

/// Writes one table to `path` (through a temporary file renamed at the end, so that a reader
/// never sees half a file).
pub fn write(
    path: &Path,
    preset: &str,
    fingerprint: u64,
    seeds: u32,
    half_seeds: bool,
    entries: &[u8],
) -> Result<(), TablebaseError> {
    let head = header_bytes(preset, fingerprint, seeds, half_seeds, entries.len() as u64);
    write_checked(path, "tb.part", &head, &[entries])
}

/// Writes `head`, the checksum of `head` and `body` ([`checksum`], 8 bytes little-endian) and
/// `body` to `path`, through a temporary file with extension `part_extension`, flushed to disk
/// and renamed at the end, so that a reader never sees half a file.
pub fn write_checked(
    path: &Path,
    part_extension: &str,
    head: &[u8],
    body: &[&[u8]],
) -> Result<(), TablebaseError> {
    let io = |source| TablebaseError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut parts = vec![head];
    parts.extend_from_slice(body);
    let sum = checksum(&parts);
    let tmp = path.with_extension(part_extension);
    let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp).map_err(io)?);
    f.write_all(head).map_err(io)?;
    f.write_all(&sum.to_le_bytes()).map_err(io)?;
    for part in body {
        f.write_all(part).map_err(io)?;
    }
    f.into_inner()
        .map_err(|e| io(e.into_error()))?
        .sync_all()
        .map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// Reads and checks a header from the first bytes of a file.
fn parse_header(path: &Path, bytes: &[u8]) -> Result<Header, TablebaseError> {
    let bad = |field, message: String| TablebaseError::BadHeader {
        path: path.to_path_buf(),
        field,
        message,
    };
    if bytes.len() < 8 || &bytes[..8] != MAGIC {
        return Err(TablebaseError::BadMagic {
            path: path.to_path_buf(),
        });
    }
    if bytes.len() < HEADER {
        return Err(TablebaseError::BadLength {
            path: path.to_path_buf(),
            expected: HEADER as u64,
            found: bytes.len() as u64,
        });
    }
    let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != VERSION {
        return Err(TablebaseError::UnsupportedVersion {
            path: path.to_path_buf(),
            found: version,
            expected: VERSION,
        });
    }
    let raw = &bytes[12..12 + PRESET_LEN];
    let end = raw.iter().position(|&b| b == 0).unwrap_or(PRESET_LEN);
    let preset = std::str::from_utf8(&raw[..end])
        .map_err(|_| bad("preset", "not UTF-8".to_string()))?
        .to_string();
    if preset.is_empty() || raw[end..].iter().any(|&b| b != 0) {
        return Err(bad(
            "preset",
            format!("{preset:?} is not a zero-padded name"),
        ));
    }
    let seeds = u32::from(bytes[52]);
    if seeds > MAX_SEEDS {
        return Err(bad("seeds", format!("{seeds} exceeds {MAX_SEEDS}")));
    }
    if bytes[53] != 8 {
        return Err(bad(
            "bits",
            format!("{} bits per entry, expected 8", bytes[53]),
        ));
    }
    if bytes[54] > 1 {
        return Err(bad("unit", format!("{}, expected 0 or 1", bytes[54])));
    }
    if bytes[55] != 0 {
        return Err(bad("reserved", "not zero".to_string()));
    }
    let entries = u64_at(56);
    if entries != positions(seeds) {
        return Err(bad(
            "entries",
            format!(
                "{entries}, but a {seeds}-seed table has {}",
                positions(seeds)
            ),
        ));
    }
    Ok(Header {
        version,
        preset,
        fingerprint: u64_at(44),
        seeds,
        half_seeds: bytes[54] == 1,
        entries,
        checksum: u64_at(64),
    })
}

/// Reads only the header of a table file (for `tb info` and directory scans).
pub fn read_header(path: &Path) -> Result<Header, TablebaseError> {
    let io = |source| TablebaseError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut f = std::fs::File::open(path).map_err(io)?;
    let mut head = Vec::with_capacity(HEADER);
    Read::by_ref(&mut f)
        .take(HEADER as u64)
        .read_to_end(&mut head)
        .map_err(io)?;
    let h = parse_header(path, &head)?;
    let len = f.metadata().map_err(io)?.len();
    let expected = HEADER as u64 + h.entries;
    if len != expected {
        return Err(TablebaseError::BadLength {
            path: path.to_path_buf(),
            expected,
            found: len,
        });
    }
    Ok(h)
}

/// Reads a whole table file and checks everything: signature, version, header fields, length,
/// checksum and every entry. Returns the header and the entries.
pub fn read(path: &Path) -> Result<(Header, Vec<u8>), TablebaseError> {
    // The header and the length first, so that a foreign file is not read whole.
    read_header(path)?;
    let bytes = std::fs::read(path).map_err(|source| TablebaseError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let h = parse_header(path, &bytes)?;
    let expected = HEADER as u64 + h.entries;
    if bytes.len() as u64 != expected {
        return Err(TablebaseError::BadLength {
            path: path.to_path_buf(),
            expected,
            found: bytes.len() as u64,
        });
    }
    let computed = checksum(&[&bytes[..64], &bytes[HEADER..]]);
    if computed != h.checksum {
        return Err(TablebaseError::BadChecksum {
            path: path.to_path_buf(),
            stored: h.checksum,
            computed,
        });
    }
    let mut entries = bytes;
    entries.drain(..HEADER);
    if let Some(i) = entries
        .iter()
        .position(|&e| !entry::valid(e, h.seeds * (1 + u32::from(h.half_seeds))))
    {
        return Err(TablebaseError::BadEntry {
            path: path.to_path_buf(),
            index: i as u64,
            byte: entries[i],
        });
    }
    Ok((h, entries))
}

/// The path of `preset`'s `seeds`-seed table in `dir`.
#[must_use]
pub fn path_in(dir: &Path, preset: &str, seeds: u32) -> PathBuf {
    dir.join(file_name(preset, seeds))
}
