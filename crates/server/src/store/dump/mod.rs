//! Export and import of a whole database, and its integrity check: the same file moves games,
//! accounts, ratings, tournaments and lesson progress between the backends (SQLite ⇄ PostgreSQL) and serves as a
//! backup.
//!
//! # The dump file (format version 3)
//!
//! JSON lines, UTF-8, one record per line:
//!
//! 1. a header `{"format":"mancala-dump","version":3}`;
//! 2. the records, each an object whose `table` field says what it is, in this order:
//!    - `player`: `name`, `password` (the Argon2id PHC string), `created` (seconds since the
//!      epoch) and, when the player chose one, `lang` (the language of his pages: `fr`, `pt`,
//!      ...; files written before accounts had a language have none); sorted by name ignoring
//!      case;
//!    - `game`: the set-up (`id`, `variant`, `rules` as `[name, value]` pairs, `position`,
//!      `mode`, `computer` (0 south, 1 north), `level`, `seed`, `token_hash_south`,
//!      `token_hash_north` (hex SHA-256 of the seat tokens, `null` for the computer's seat),
//!      `created`, `south`, `north` (accounts), `rated`, `clock` (the time control as the API
//!      writes it), `started_ms`), `deadline_ms` (when the side to move runs out of time),
//!      `ending` (`result`, `reason`, `ended_ms`, `plies`; `null` while the game runs) and
//!      `moves`: each `{"mv": ...}`, with `at_ms` and `left_ms` (`[south, north]`) in timed
//!      games; sorted by id;
//!    - `tournament`: `id`, `name`, `status` (`created`, `running` or `finished`), `version`
//!      (how many times it was written), `created_ms` and `doc`, its whole state (players,
//!      rounds, pairings, results, the server's game of each pairing) as the JSON text the
//!      server stores, kept byte for byte in a string; sorted by id;
//!    - `rating`: `player`, `variant`, `rating`, `deviation`, `volatility`, `games`; sorted by
//!      player and preset;
//!    - `rating_point`: `player`, `variant`, `game`, `at_ms`, `rating`, `deviation` (a rating
//!      graph's point); by player, then in the order they were made;
//!    - `learn_progress`: `player`, `path` (a lesson step or practice game the account has
//!      done, docs/learn.md); sorted by player and path;
//!    - `session` (only when asked for): `token_hash`, `player`, `expires`; sorted by digest;
//! 3. a trailer `{"table":"end","counts":{...},"sha256":"..."}`: the number of records of each
//!    kind (and of moves), and the SHA-256 of the records' lines as the file holds them (each
//!    followed by a newline), in file order. Floats are written in their shortest text that
//!    reads back as the same float, so that an imported database exports the same file.
//!
//! Version 1 files (written before tournaments were carried) have no `tournament` records and no
//! `tournaments` count, and files of versions 1 and 2 (before the lessons' progress was carried)
//! no `learn_progress` records and count; they are read as they are.
//!
//! Sorting is by bytes, never by a database's collation, so that both backends export the same
//! database to the same file, byte for byte. The file holds password hashes and session digests:
//! keep it as private as the database.
//!
//! Import reads and verifies the whole file (every line, the counts, the checksum, the
//! [`check`] of its contents) before it touches the destination, writes everything in one
//! transaction, then reads the destination back and compares its counts and checksum with the
//! file's.

mod check;
mod file;
mod import;
mod model;
mod record;
mod snapshot;

pub use crate::store::rows::{Database, Dialect};
pub use check::{check, moves_after_ending, numbering_problems, repair};
pub use import::{import, require_current_schema, table_counts, verify};
pub use model::{
    Counts, DumpError, GameDump, SessionRow, Snapshot, FORMAT_VERSION, OLDEST_FORMAT_VERSION,
};
