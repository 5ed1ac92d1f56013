//! The errors of building, reading and probing tables.

use std::fmt;
use std::path::PathBuf;

/// Why a table could not be built, written or loaded.
#[derive(Debug)]
#[non_exhaustive]
pub enum TablebaseError {
    /// The preset is not a game of the Oware family or has no table (its name, and why).
    UnsupportedPreset {
        /// The name given.
        name: String,
        /// Why.
        reason: String,
    },
    /// The rule options give positions a value that is not a share of the board's seeds
    /// (the option, and why).
    UnsupportedRules {
        /// The offending option, as `name=value`.
        option: String,
        /// Why the table cannot represent it.
        reason: &'static str,
    },
    /// More seeds than the index covers.
    TooManySeeds {
        /// Seeds asked for.
        seeds: u32,
        /// The most the index covers.
        max: u32,
    },
    /// Reading or writing a file failed.
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The file does not start with the table signature.
    BadMagic {
        /// The file.
        path: PathBuf,
    },
    /// The file uses a format version this code does not read.
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// The version found.
        found: u32,
        /// The version read here.
        expected: u32,
    },
    /// A header field holds an impossible value.
    BadHeader {
        /// The file.
        path: PathBuf,
        /// The field.
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// The table was built for other rules.
    WrongRules {
        /// The file.
        path: PathBuf,
        /// The preset the file names.
        preset: String,
        /// The fingerprint of the file's rules.
        found: u64,
        /// The fingerprint of the rules asked for.
        expected: u64,
    },
    /// The table holds another seed count than asked for.
    WrongSeeds {
        /// The file.
        path: PathBuf,
        /// Seeds in the file.
        found: u32,
        /// Seeds asked for.
        expected: u32,
    },
    /// The file is shorter or longer than its header says.
    BadLength {
        /// The file.
        path: PathBuf,
        /// Bytes the header implies.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The checksum does not match the contents.
    BadChecksum {
        /// The file.
        path: PathBuf,
        /// The checksum in the header.
        stored: u64,
        /// The checksum of the contents.
        computed: u64,
    },
    /// An entry holds a value that no position of its table can have.
    BadEntry {
        /// The file.
        path: PathBuf,
        /// The entry's index.
        index: u64,
        /// The byte found.
        byte: u8,
    },
    /// A table directory lacks the table of a seed count below the largest one present.
    MissingLevel {
        /// The directory.
        dir: PathBuf,
        /// The seed count whose file is missing.
        seeds: u32,
    },
    /// A directory holds no table for the rules.
    Empty {
        /// The directory.
        dir: PathBuf,
        /// The preset looked for (empty: any preset).
        preset: String,
    },
}

impl fmt::Display for TablebaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TablebaseError::UnsupportedPreset { name, reason } => {
                write!(f, "no endgame table for preset {name:?}: {reason}")
            }
            TablebaseError::UnsupportedRules { option, reason } => {
                write!(f, "rule option {option} is not supported by endgame tables: {reason}")
            }
            TablebaseError::TooManySeeds { seeds, max } => {
                write!(f, "{seeds} seeds: tables cover at most {max}")
            }
            TablebaseError::Io { path, .. } => write!(f, "{}: i/o error", path.display()),
            TablebaseError::BadMagic { path } => {
                write!(f, "{}: not an endgame table (bad signature)", path.display())
            }
            TablebaseError::UnsupportedVersion {
                path,
                found,
                expected,
            } => write!(
                f,
                "{}: format version {found}, this program reads version {expected}",
                path.display()
            ),
            TablebaseError::BadHeader {
                path,
                field,
                message,
            } => write!(f, "{}: header field {field}: {message}", path.display()),
            TablebaseError::WrongRules {
                path,
                preset,
                found,
                expected,
            } => write!(
                f,
                "{}: built for other rules (preset {preset}, rule fingerprint {found:016x}; wanted {expected:016x})",
                path.display()
            ),
            TablebaseError::WrongSeeds {
                path,
                found,
                expected,
            } => write!(
                f,
                "{}: holds the {found}-seed table, expected {expected} seeds",
                path.display()
            ),
            TablebaseError::BadLength {
                path,
                expected,
                found,
            } => write!(
                f,
                "{}: {found} bytes, the header implies {expected} (truncated or padded)",
                path.display()
            ),
            TablebaseError::BadChecksum {
                path,
                stored,
                computed,
            } => write!(
                f,
                "{}: checksum mismatch (header {stored:016x}, contents {computed:016x}): the file is corrupt",
                path.display()
            ),
            TablebaseError::BadEntry { path, index, byte } => write!(
                f,
                "{}: entry {index} holds the impossible byte {byte:#04x}",
                path.display()
            ),
            TablebaseError::MissingLevel { dir, seeds } => write!(
                f,
                "{}: the {seeds}-seed table is missing (a table set must hold every seed count from 0 up)",
                dir.display()
            ),
            TablebaseError::Empty { dir, preset } if preset.is_empty() => {
                write!(f, "{}: no endgame table found", dir.display())
            }
            TablebaseError::Empty { dir, preset } => {
                write!(f, "{}: no {preset} endgame table found", dir.display())
            }
        }
    }
}

impl std::error::Error for TablebaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TablebaseError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}
