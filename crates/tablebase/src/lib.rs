//! # mancala-tablebase
//!
//! Endgame databases for the Oware family (`abapa`, `wuri`, `ouril-ludii`, `awari`; [`rules`]
//! says which rule options a table can represent): for every 2x6 board holding `n` seeds, the
//! number of those `n` seeds that the side to move gets with best play. Under rules whose
//! endless cycles share the seeds left (`awari`) every value is exact and counts half-seeds
//! ([`Tablebase::half_seeds`], [`Probe::half_seeds`]).
//!
//! * [`index`]: a perfect, dense index of the boards of `n` seeds (`C(n + 11, 11)` of them), the
//!   board seen from the side to move;
//! * [`build()`](build::build): the builder, level by level, playing moves with the rules core
//!   itself;
//! * [`file`]: one checked file per seed count (one byte per board);
//! * [`Tablebase`]: loading and probing.
//!
//! # Values
//!
//! `value(board) = max over legal moves of (n - value(child))`, where a capture leaves a child
//! with fewer seeds (its value comes from a lower level) and a move that ends the game is worth
//! the seeds the rules hand the mover (`OwnRows`: each player his own row). Ends by score (a
//! player reaching 25 in Abapa) are left out: the table plays every game to the last seed.
//!
//! ## Values and the score threshold
//!
//! Stores only grow, so along any line of play the player who reaches the threshold first is the
//! one with more seeds at the end: the threshold ends games early but never changes who wins.
//! The win/draw/loss outcome of `stores + value` is therefore exact. The final *margin* is not:
//! a game that stops at 25 leaves seeds on the board. If the mover's total is `X = store +
//! value` out of `T` seeds and the threshold is `t > T/2`, the winner's margin in the real game
//! is at least `X + t - T` (he reaches `t` while the loser holds at most `T - X`) — that is what
//! the engine reports, as a guaranteed minimum, never as an exact margin.
//!
//! # Cycles
//!
//! Without a capture the seed count stays the same, and the non-capturing moves of a level form
//! a graph with cycles. The rules end the game at the first repetition of a position (each
//! player takes his own row), so a position's true value depends on the positions seen since
//! the last capture, which a table indexed by the board alone cannot know. Each entry therefore
//! carries one of three [`Exactness`] grades:
//!
//! * [`Exactness::AnyHistory`]: no cycle can be reached from the board (nor after its captures),
//!   or its history-free bounds meet (a repetition ends the game with each player taking his
//!   own row of the repeated position, a fact about that position: see [`build`]); the value is
//!   the game-theoretic one whatever happened before;
//! * [`Exactness::EmptyHistory`]: the value is what each player can *force* by reaching a
//!   capture or the end of the game, and both bounds agree; it is exact when the repetition
//!   history is empty, i.e. right after a capture (the search's common case) or at the start;
//! * [`Exactness::Convention`]: the players can keep cycling. The value is `clamp(own row, lo,
//!   hi)`: the repetition rule's ending (each takes his own row) as if the cycle closed at
//!   once, limited by what either player can force (`lo`, `hi`: see [`build`]). It is an
//!   estimate, and the tests measure how often it differs from an exhaustive search of the real
//!   rules (docs/tablebase.md has the figures).
//!
//! ```
//! use mancala_tablebase::{build::{build, BuildOptions}, Tablebase};
//! use mancala_core::Side;
//!
//! let (table, _) = build("abapa", 3, &BuildOptions::default(), &mut |_| {}).unwrap();
//! // South to move, one seed in F, one in North's a. South's only move makes a = 2, a grand
//! // slam, so nothing is captured; North cannot feed South's empty row and the game ends with
//! // each player taking his own row: South gets none of the two seeds.
//! let p = table.probe(&[0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0], Side::South).unwrap();
//! assert_eq!((p.seeds, p.value), (2, 0));
//! ```
#![forbid(unsafe_code)]

pub mod build;
pub mod checkpoint;
mod entry;
mod error;
pub mod exact;
pub mod file;
pub mod index;
mod level;
pub mod rules;
pub mod slot;

use std::path::Path;

use mancala_core::oware::{Oware, OwareRules};
use mancala_core::sow::PITS;
use mancala_core::variant::Variant;
use mancala_core::{Position, Side};

pub use error::TablebaseError;

/// How far a table value can be trusted (crate docs, "Cycles").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Exactness {
    /// An estimate by the cycle convention.
    Convention,
    /// Exact when no position has been seen since the last capture.
    EmptyHistory,
    /// Exact whatever the history.
    AnyHistory,
}

impl Exactness {
    /// The grade of a raw entry byte of a table file (format in [`file`]); `None` for a byte
    /// that is not a valid entry.
    #[must_use]
    pub fn of_entry(byte: u8) -> Option<Exactness> {
        if !entry::valid(byte, index::MAX_SEEDS) {
            None
        } else if entry::exact_any(byte) {
            Some(Exactness::AnyHistory)
        } else if entry::exact_empty(byte) {
            Some(Exactness::EmptyHistory)
        } else {
            Some(Exactness::Convention)
        }
    }

    /// A short name: `convention`, `empty-history`, `any-history`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Exactness::Convention => "convention",
            Exactness::EmptyHistory => "empty-history",
            Exactness::AnyHistory => "any-history",
        }
    }
}

/// The answer of a probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Probe {
    /// Seeds on the board.
    pub seeds: u32,
    /// Of those, the seeds the side to move gets with best play (rounded down when a shared
    /// cycle leaves him a half).
    pub value: u32,
    /// The same in half-seeds: `2 * value`, plus one when he gets a half (Awari's shared cycles).
    pub half_seeds: u32,
    /// How far the value can be trusted.
    pub exactness: Exactness,
}

/// The tables of one rule set for every seed count from 0 to [`Tablebase::max_seeds`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tablebase {
    preset: String,
    fingerprint: u64,
    half_seeds: bool,
    levels: Vec<Vec<u8>>,
}

impl Tablebase {
    fn from_levels(preset: &str, fingerprint: u64, half_seeds: bool, levels: Vec<Vec<u8>>) -> Self {
        Tablebase {
            preset: preset.to_string(),
            fingerprint,
            half_seeds,
            levels,
        }
    }

    /// Whether the entries count half-seeds (rules whose endless cycles share the seeds evenly:
    /// every entry is then exact, see [`build`]).
    #[must_use]
    pub fn half_seeds(&self) -> bool {
        self.half_seeds
    }

    /// The preset the tables were built for.
    #[must_use]
    pub fn preset(&self) -> &str {
        &self.preset
    }

    /// The fingerprint of the rules ([`rules::fingerprint`]).
    #[must_use]
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// The largest seed count covered.
    #[must_use]
    pub fn max_seeds(&self) -> u32 {
        self.levels.len() as u32 - 1
    }

    /// Bytes of table held in memory.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.levels.iter().map(|l| l.len() as u64).sum()
    }

    /// Whether the tables hold the values of games under `rules`.
    #[must_use]
    pub fn covers(&self, rules: &OwareRules) -> bool {
        rules::fingerprint(rules) == self.fingerprint && rules::check(rules).is_ok()
    }

    /// The value of `pits` with `side` to move, if its seed count is covered. The caller
    /// vouches for the rules ([`Tablebase::covers`]). Cost: a sum, a rank (11 lookups) and one
    /// memory read.
    #[inline]
    #[must_use]
    pub fn probe(&self, pits: &[u8; PITS], side: Side) -> Option<Probe> {
        self.probe_counted(pits, side, pits.iter().map(|&p| u32::from(p)).sum())
    }

    /// [`Tablebase::probe`] for a caller that has counted the `seeds` of `pits` already.
    #[inline]
    #[must_use]
    pub fn probe_counted(&self, pits: &[u8; PITS], side: Side, seeds: u32) -> Option<Probe> {
        let level = self.levels.get(seeds as usize)?;
        let e = level[index::rank(&level::normalise(pits, side)) as usize];
        let raw = u32::from(entry::value(e));
        let half_seeds = if self.half_seeds { raw } else { 2 * raw };
        Some(Probe {
            seeds,
            value: half_seeds / 2,
            half_seeds,
            exactness: Exactness::of_entry(e)?,
        })
    }

    /// [`Tablebase::probe`] for a position of a game: `None` when the game is over, the rules
    /// are not the table's, or the seed count is not covered.
    #[must_use]
    pub fn probe_position(&self, pos: &Oware) -> Option<Probe> {
        let side = pos.to_move()?;
        if pos.extra_turn() || !self.covers(pos.rules()) {
            return None;
        }
        self.probe(pos.board(), side)
    }

    /// Writes every level into `dir` ([`file::file_name`]), creating it if needed.
    pub fn write_dir(&self, dir: &Path) -> Result<(), TablebaseError> {
        std::fs::create_dir_all(dir).map_err(|source| TablebaseError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        for (n, level) in self.levels.iter().enumerate() {
            let path = file::path_in(dir, &self.preset, n as u32);
            file::write(
                &path,
                &self.preset,
                self.fingerprint,
                n as u32,
                self.half_seeds,
                level,
            )?;
        }
        Ok(())
    }

    /// Loads `preset`'s tables from `dir`: every seed count from 0 up to the largest present,
    /// each file fully checked (header, rules fingerprint, seed count, length, checksum, entries).
    /// When `dir` holds none of `preset`'s files, the tables of another preset with the same
    /// table rules serve (Wuri's are Abapa's).
    pub fn load_dir(dir: &Path, preset: &str) -> Result<Tablebase, TablebaseError> {
        let (variant, table_rules) = rules::preset_rules(preset)?;
        let name = variant.name();
        let fingerprint = rules::fingerprint(&table_rules);
        let half_seeds = rules::exact_cycles(&table_rules);
        let mut top = None;
        for n in 0..=build::MAX_BUILD_SEEDS {
            if file::path_in(dir, name, n).exists() {
                top = Some(n);
            }
        }
        let Some(top) = top else {
            let same_rules = Variant::ALL.into_iter().find(|other| {
                other.name() != name
                    && file::path_in(dir, other.name(), 0).exists()
                    && rules::preset_rules(other.name())
                        .is_ok_and(|(_, r)| rules::fingerprint(&r) == fingerprint)
            });
            if let Some(other) = same_rules {
                return Tablebase::load_dir(dir, other.name());
            }
            return Err(TablebaseError::Empty {
                dir: dir.to_path_buf(),
                preset: name.to_string(),
            });
        };
        let mut levels = Vec::new();
        for n in 0..=top {
            let path = file::path_in(dir, name, n);
            if !path.exists() {
                return Err(TablebaseError::MissingLevel {
                    dir: dir.to_path_buf(),
                    seeds: n,
                });
            }
            let (h, entries) = file::read(&path)?;
            if h.fingerprint != fingerprint {
                return Err(TablebaseError::WrongRules {
                    path,
                    preset: h.preset,
                    found: h.fingerprint,
                    expected: fingerprint,
                });
            }
            if h.half_seeds != half_seeds {
                return Err(TablebaseError::BadHeader {
                    path,
                    field: "unit",
                    message: format!(
                        "{} tables count {}",
                        name,
                        if half_seeds {
                            "half-seeds"
                        } else {
                            "whole seeds"
                        }
                    ),
                });
            }
            if h.seeds != n {
                return Err(TablebaseError::WrongSeeds {
                    path,
                    found: h.seeds,
                    expected: n,
                });
            }
            levels.push(entries);
        }
        Ok(Tablebase::from_levels(
            name,
            fingerprint,
            half_seeds,
            levels,
        ))
    }

    /// Loads every preset's tables found in `dir` (files named `PRESET-NN.tb`). Presets whose
    /// files fail to load are reported in the second list, with their errors.
    #[must_use]
    pub fn load_all(dir: &Path) -> (Vec<Tablebase>, Vec<TablebaseError>) {
        let mut names: Vec<String> = Vec::new();
        if let Ok(read) = std::fs::read_dir(dir) {
            for e in read.flatten() {
                let file = e.file_name().to_string_lossy().to_string();
                if let Some(stem) = file.strip_suffix(".tb") {
                    if let Some((name, _)) = stem.rsplit_once('-') {
                        if !names.iter().any(|n| n == name) {
                            names.push(name.to_string());
                        }
                    }
                }
            }
        }
        names.sort();
        let mut tables = Vec::new();
        let mut errors = Vec::new();
        if names.is_empty() {
            errors.push(match std::fs::metadata(dir) {
                Err(source) => TablebaseError::Io {
                    path: dir.to_path_buf(),
                    source,
                },
                Ok(_) => TablebaseError::Empty {
                    dir: dir.to_path_buf(),
                    preset: String::new(),
                },
            });
        }
        for name in names {
            match Tablebase::load_dir(dir, &name) {
                Ok(t) => tables.push(t),
                Err(e) => errors.push(e),
            }
        }
        (tables, errors)
    }
}

/// The value the rules give a position whose game is over, `text` in the notation of `rules`:
/// of the seeds on its board (as written, before the rules' ending hands them out), those that
/// the side written as to move gets. Exact whatever the history: no move is left to choose (a
/// game over by score leaves the board's seeds to no one: 0). `None` when the game is not over
/// there or `text` is not a position of `rules`. Needs no table: the probes answer it for every
/// finished position.
#[must_use]
pub fn probe_finished(text: &str, rules: &OwareRules) -> Option<Probe> {
    let over = Oware::from_notation(text, *rules).ok()?;
    if over.to_move().is_some() {
        return None;
    }
    // The board and stores as written: read under rules that end nothing by themselves (no
    // score threshold, no ply limit, remaining seeds unscored, no extra turn to lose).
    let mut as_given = *rules;
    as_given.no_move_end = mancala_core::oware::NoMoveEnd::RemainingUnscored;
    as_given.win_threshold = Some(u32::MAX);
    as_given.draw_at_half = false;
    as_given.max_plies = None;
    let plain = text.trim();
    let plain = plain.strip_suffix("-x").unwrap_or(plain);
    let given = Oware::from_notation(plain, as_given).ok()?;
    let side = given.side().index();
    let seeds: u32 = given.board().iter().map(|&p| u32::from(p)).sum();
    let value = over.stores()[side].checked_sub(given.stores()[side])?;
    Some(Probe {
        seeds,
        value,
        half_seeds: 2 * value,
        exactness: Exactness::AnyHistory,
    })
}

/// The value of every legal move of `pos` from the table: `(move, half-seeds of the board the
/// mover gets after it with best play, exactness)`, in move order. Moves are played as the builder
/// plays them (no end by score); a move that ends the game is exact. `None` when the table does
/// not cover the position (rules, seed count, or the game is over).
#[must_use]
pub fn probe_moves(
    table: &Tablebase,
    pos: &Oware,
) -> Option<Vec<(mancala_core::oware::Move, u32, Exactness)>> {
    let me = pos.to_move()?;
    let here = table.probe_position(pos)?;
    let play_rules = rules::unbounded(pos.rules());
    let rest = play_rules.total_seeds() - here.seeds;
    let stores = [rest / 2, rest - rest / 2];
    let start = Oware::from_parts(*pos.board(), stores, me, false, play_rules).ok()?;
    let mut out = Vec::new();
    for &mv in start.legal_move_list().iter() {
        let mut c = start;
        c.play_unchecked(mv);
        if !c.is_over() {
            c.settle();
        }
        let got = 2 * (c.stores()[me.index()] - stores[me.index()]);
        let Some(side) = c.to_move() else {
            out.push((mv, got, Exactness::AnyHistory));
            continue;
        };
        let child = table.probe(c.board(), side)?;
        let value = if side == me {
            got + child.half_seeds
        } else {
            got + 2 * child.seeds - child.half_seeds
        };
        out.push((mv, value, child.exactness));
    }
    Some(out)
}
