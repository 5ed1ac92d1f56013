//! The errors of building, reading and probing tables.

use std::path::PathBuf;

/// Why a table could not be built, written or loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TablebaseError {
    /// The preset is not a game of the Oware family or has no table (its name, and why).
    #[error("no endgame table for preset {name:?}: {reason}")]
    UnsupportedPreset {
        /// The name given.
        name: String,
        /// Why.
        reason: String,
    },
    /// The rule options give positions a value that is not a share of the board's seeds
    /// (the option, and why).
    #[error("rule option {option} is not supported by endgame tables: {reason}")]
    UnsupportedRules {
        /// The offending option, as `name=value`.
        option: String,
        /// Why the table cannot represent it.
        reason: &'static str,
    },
    /// More seeds than the index covers.
    #[error("{seeds} seeds: tables cover at most {max}")]
    TooManySeeds {
        /// Seeds asked for.
        seeds: u32,
        /// The most the index covers.
        max: u32,
    },
    /// Reading or writing a file failed.
    #[error("{}: i/o error", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The file does not start with the table signature.
    #[error("{}: not an endgame table (bad signature)", path.display())]
    BadMagic {
        /// The file.
        path: PathBuf,
    },
    /// The file uses a format version this code does not read.
    #[error("{}: format version {found}, this program reads version {expected}", path.display())]
    UnsupportedVersion {
        /// The file.
        path: PathBuf,
        /// The version found.
        found: u32,
        /// The version read here.
        expected: u32,
    },
    /// A header field holds an impossible value.
    #[error("{}: header field {field}: {message}", path.display())]
    BadHeader {
        /// The file.
        path: PathBuf,
        /// The field.
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// The table was built for other rules.
    #[error("{}: built for other rules (preset {preset}, rule fingerprint {found:016x}; wanted {expected:016x})", path.display())]
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
    #[error("{}: holds the {found}-seed table, expected {expected} seeds", path.display())]
    WrongSeeds {
        /// The file.
        path: PathBuf,
        /// Seeds in the file.
        found: u32,
        /// Seeds asked for.
        expected: u32,
    },
    /// The file is shorter or longer than its header says.
    #[error("{}: {found} bytes, the header implies {expected} (truncated or padded)", path.display())]
    BadLength {
        /// The file.
        path: PathBuf,
        /// Bytes the header implies.
        expected: u64,
        /// Bytes found.
        found: u64,
    },
    /// The checksum does not match the contents.
    #[error("{}: checksum mismatch (header {stored:016x}, contents {computed:016x}): the file is corrupt", path.display())]
    BadChecksum {
        /// The file.
        path: PathBuf,
        /// The checksum in the header.
        stored: u64,
        /// The checksum of the contents.
        computed: u64,
    },
    /// An entry holds a value that no position of its table can have.
    #[error("{}: entry {index} holds the impossible byte {byte:#04x}", path.display())]
    BadEntry {
        /// The file.
        path: PathBuf,
        /// The entry's index.
        index: u64,
        /// The byte found.
        byte: u8,
    },
    /// A table directory lacks the table of a seed count below the largest one present.
    #[error("{}: the {seeds}-seed table is missing (a table set must hold every seed count from 0 up)", dir.display())]
    MissingLevel {
        /// The directory.
        dir: PathBuf,
        /// The seed count whose file is missing.
        seeds: u32,
    },
    /// A level's checkpoint (crate::checkpoint) is corrupt, foreign or of another table file.
    #[error("{}: {reason}", path.display())]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// A build asked to read the levels below `from` could not: a level's table file or
    /// checkpoint is missing or does not check.
    #[error("{}: cannot read level {seeds} to build from {from} seeds: {reason}", dir.display())]
    Resume {
        /// The directory.
        dir: PathBuf,
        /// The level that could not be read.
        seeds: u32,
        /// The first level to build.
        from: u32,
        /// Why.
        reason: String,
    },
    /// A directory holds no table for the rules.
    #[error("{}: no {}endgame table found", dir.display(), preset_words(preset))]
    Empty {
        /// The directory.
        dir: PathBuf,
        /// The preset looked for (empty: any preset).
        preset: String,
    },
}

/// `"abapa "` for a preset, nothing for any preset (`TablebaseError::Empty`).
fn preset_words(preset: &str) -> String {
    if preset.is_empty() {
        String::new()
    } else {
        format!("{preset} ")
    }
}
