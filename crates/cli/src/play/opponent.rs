//! The computer player behind a small trait, so that the UI does not depend on how moves are chosen.

use mancala_core::variant::{AnyGame, DynGame};

/// A suggested move and what it is worth, as shown by the hint key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The suggested move.
    pub mv: String,
    /// Its value in words (e.g. `"+3 (heuristic)"`, `"wins in 7"`), when known.
    pub value: Option<String>,
}

/// Something that picks moves for the computer side and gives hints.
pub trait Opponent: Send {
    /// A short description for the title bar in the catalogue's language (e.g. `"engine level
    /// 3 (casual, about 1119 Elo)"`).
    fn describe(&self, level: u8, cat: &mancala_i18n::Catalog) -> String;
    /// The move to play at `level` (1 = beginner and up), or `None` when there is no legal move.
    fn choose(&mut self, game: &AnyGame, level: u8) -> Option<String>;
    /// The best move and its value, or why no hint can be given.
    fn hint(&mut self, game: &AnyGame) -> Result<Hint, String>;
}

/// Plays a uniformly random legal move and gives no hints: the fallback for games the engine does
/// not know, and a cheap opponent for tests.
#[derive(Clone, Debug)]
pub struct RandomOpponent {
    state: u64,
}

impl RandomOpponent {
    /// A random player with a fixed seed, so that games can be reproduced.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomOpponent {
            state: seed ^ 0x9E37_79B9_7F4A_7C15,
        }
    }

    /// The next pseudo-random number (splitmix64: small, fast and good enough to pick moves).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A random element of `items`, `None` when empty.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        let len = u64::try_from(items.len()).unwrap_or(u64::MAX);
        let i = usize::try_from(self.next_u64() % len).unwrap_or(0);
        items.get(i)
    }
}

impl Opponent for RandomOpponent {
    fn describe(&self, _level: u8, cat: &mancala_i18n::Catalog) -> String {
        mancala_i18n::tr!(cat, "cli-random-mover")
    }

    fn choose(&mut self, game: &AnyGame, _level: u8) -> Option<String> {
        let legal = game.state().legal;
        self.pick(&legal).cloned()
    }

    fn hint(&mut self, _game: &AnyGame) -> Result<Hint, String> {
        Err("no hint: this build has no search engine".to_string())
    }
}

/// How long a hint may think.
const HINT_TIME: std::time::Duration = std::time::Duration::from_millis(700);
/// How long a hint may then prove, by default (`mancala play --hint-proof MS`).
const HINT_PROOF_TIME: std::time::Duration = std::time::Duration::from_millis(500);

/// The search engine (`mancala-engine`): [`mancala_engine::level_move`] to play and
/// [`mancala_engine::analyse_dyn`] for hints. For a game the engine does not know yet it falls
/// back to random moves and says so in its description.
#[derive(Clone, Debug)]
pub struct EngineOpponent {
    seed: u64,
    fallback: RandomOpponent,
    unknown_game: bool,
    hint_proof: std::time::Duration,
}

impl EngineOpponent {
    /// An engine player; `seed` makes the lower levels' choices reproducible.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        EngineOpponent {
            seed,
            fallback: RandomOpponent::new(seed),
            unknown_game: false,
            hint_proof: HINT_PROOF_TIME,
        }
    }

    /// The same player, whose hints spend at most `time` proving the position when their
    /// search proved nothing ([`mancala_engine::prove_estimate`]; zero: never).
    #[must_use]
    pub fn with_hint_proof(mut self, time: std::time::Duration) -> Self {
        self.hint_proof = time;
        self
    }
}

impl Opponent for EngineOpponent {
    fn describe(&self, level: u8, cat: &mancala_i18n::Catalog) -> String {
        if self.unknown_game {
            mancala_i18n::tr!(cat, "cli-random-mover-unknown")
        } else {
            let info = mancala_engine::level_info(level);
            // The level's name as the browser's level list gives it (`levelName3`: casual).
            let name = cat.format_or(&format!("levelName{}", info.level), &[], info.name);
            mancala_i18n::tr!(
                cat,
                "cli-engine-level",
                level = info.level,
                name = name,
                elo = info.elo
            )
        }
    }

    fn choose(&mut self, game: &AnyGame, level: u8) -> Option<String> {
        let seed = self.fallback.next_u64() ^ self.seed;
        match mancala_engine::level_move(game, level, seed) {
            Some(mv) => Some(mv),
            None => {
                let legal = game.state().legal;
                if !legal.is_empty() {
                    self.unknown_game = true;
                }
                self.fallback.pick(&legal).cloned()
            }
        }
    }

    fn hint(&mut self, game: &AnyGame) -> Result<Hint, String> {
        let limits = mancala_engine::Limits {
            movetime: Some(HINT_TIME),
            ..mancala_engine::Limits::default()
        };
        let mut a = mancala_engine::analyse_dyn(game, &limits, None)
            .ok_or_else(|| "no hint: the engine does not know this game yet".to_string())?;
        // A search that proved nothing: a short proof may settle the position.
        let tables = mancala_engine::built_tables(game, mancala_engine::LEVEL_TABLE_SEEDS);
        mancala_engine::prove_estimate(game, &mut a, tables, self.hint_proof);
        let mv = a.best.ok_or_else(|| "no hint: no move".to_string())?;
        let line = a.pv.iter().take(6).cloned().collect::<Vec<_>>().join(" ");
        Ok(Hint {
            mv,
            value: Some(format!("{}, depth {}, line {line}", a.score, a.depth)),
        })
    }
}
