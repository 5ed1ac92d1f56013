//! Making puzzles from engine games.

use std::collections::HashSet;

use mancala_core::random::SplitMix;
use mancala_core::variant::{DynGame, Variant};
use mancala_engine::level_move;

use crate::{
    find_line, finish, forced_mode, tables_for, Puzzle, PuzzleError, Rejected, DEFAULT_BUDGET,
};

/// How [`generate`] works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Puzzles to make.
    pub count: usize,
    /// The seed of the games' random openings and levels: the same seed gives the same puzzles.
    pub seed: u64,
    /// Nodes each candidate's proof may search.
    pub budget: u64,
    /// Positions with more seeds on the board than this are not tried (`None`: no limit).
    pub max_seeds: Option<u32>,
    /// Games to play at most.
    pub max_games: usize,
    /// Puzzles taken from one game at most (for variety).
    pub per_game: usize,
    /// Puzzles whose first move a search of fewer plies finds are not kept (1: all are).
    pub min_depth: u32,
}

impl Default for GenerateOptions {
    fn default() -> Self {
        GenerateOptions {
            count: 200,
            seed: 1,
            budget: DEFAULT_BUDGET,
            max_seeds: None,
            max_games: 100_000,
            per_game: 3,
            min_depth: 1,
        }
    }
}

/// How far [`generate`] has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Games played.
    pub games: usize,
    /// Positions whose proof was tried.
    pub candidates: usize,
    /// Of those, the ones that had no single best move.
    pub not_unique: usize,
    /// Of those, the ones the budget did not suffice for.
    pub unproven: usize,
    /// Puzzles found.
    pub puzzles: usize,
    /// Puzzles not kept because a shallower search than `min_depth` finds them.
    pub too_easy: usize,
}

/// Proofs in a row that may run out of budget before a game's earlier positions are given up
/// (forced-win puzzles: positions in a row without a forced win within the horizon).
pub const UNPROVEN_STREAK: usize = 3;
/// [`UNPROVEN_STREAK`] for the forced-win puzzles of [`crate::forced_mode`].
pub const FORCED_STREAK: usize = 8;

/// Plies of one game at most (the rules end every game, this only bounds the work).
const MAX_GAME_PLIES: usize = 1500;
/// Random moves at the start of a game: from 0 to this many.
const MAX_OPENING: u64 = 8;
/// The playing levels the games are played at (see [`mancala_engine::level_info`]).
const LEVELS: [u8; 3] = [2, 3, 4];

/// A number below `n` (0 when `n` is 0).
fn below(rng: &mut SplitMix, n: u64) -> u64 {
    rng.next_u64() % n.max(1)
}

/// Plays engine games of `variant` (random openings, then moves at random playing levels) and
/// looks for puzzles in each game from its end backwards: every position is tried ([`find`])
/// until [`UNPROVEN_STREAK`] proofs in a row run out of budget (further from the end they only
/// get harder). Of the puzzles of one game, the `per_game` furthest from its end are kept. Stops
/// when `options.count` puzzles are found or `options.max_games` games are played; `progress`
/// is called after every game and every puzzle.
pub fn generate(
    variant: Variant,
    options: &GenerateOptions,
    progress: &mut dyn FnMut(&Progress, Option<&Puzzle>),
) -> Result<Vec<Puzzle>, PuzzleError> {
    let start = variant.new_game(&[], None)?;
    let tables = tables_for(&start)?;
    let table = tables.as_deref();
    let mut seen = HashSet::new();
    let mut puzzles = Vec::new();
    let mut stats = Progress::default();
    while puzzles.len() < options.count && stats.games < options.max_games {
        let mut rng =
            SplitMix(options.seed ^ (stats.games as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
        let mut game = start.clone();
        for _ in 0..below(&mut rng, MAX_OPENING + 1) {
            let legal = game.state().legal;
            if legal.is_empty() {
                break;
            }
            let mv = &legal[below(&mut rng, legal.len() as u64) as usize];
            game.play(mv).expect("a legal move");
        }
        let levels = [
            LEVELS[below(&mut rng, LEVELS.len() as u64) as usize],
            LEVELS[below(&mut rng, LEVELS.len() as u64) as usize],
        ];
        let mut played = vec![game.clone()];
        for _ in 0..MAX_GAME_PLIES {
            let Some(side) = game.state().to_move else {
                break;
            };
            let Some(mv) = level_move(&game, levels[side.index()], rng.next_u64()) else {
                break;
            };
            if game.play(&mv).is_err() {
                break;
            }
            played.push(game.clone());
        }
        let mut found = Vec::new();
        let mut unproven = 0;
        let streak = if forced_mode(variant) {
            FORCED_STREAK
        } else {
            UNPROVEN_STREAK
        };
        for game in played.iter().rev() {
            let state = game.state();
            if state.to_move.is_none() {
                continue;
            }
            if options
                .max_seeds
                .is_some_and(|m| state.pits.iter().sum::<u32>() > m)
            {
                continue;
            }
            if !seen.insert(state.position) {
                continue;
            }
            stats.candidates += 1;
            match find_line(game, table, options.budget) {
                Ok(line) => {
                    unproven = 0;
                    found.push(line);
                }
                Err(Rejected::NotUnique) => {
                    unproven = 0;
                    stats.not_unique += 1;
                }
                Err(Rejected::Unproven) => {
                    stats.unproven += 1;
                    unproven += 1;
                    if unproven >= streak {
                        break;
                    }
                }
            }
        }
        let mut kept = 0;
        for (fresh, line) in found.into_iter().rev() {
            if puzzles.len() >= options.count || kept >= options.per_game {
                break;
            }
            let p = finish(&fresh, line);
            if p.depth < options.min_depth {
                stats.too_easy += 1;
                continue;
            }
            kept += 1;
            stats.puzzles += 1;
            progress(&stats, Some(&p));
            puzzles.push(p);
        }
        stats.games += 1;
        progress(&stats, None);
    }
    Ok(puzzles)
}
