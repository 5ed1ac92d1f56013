//! Many games stepped at once, and random playouts, in plain Rust: the loops that Python should
//! not run itself.

use mancala_core::random::SplitMix;
use mancala_core::{advance, Game, History, Position, Side};

use crate::encode::{write_mask, write_observation_of, Encoded};

/// One game of a batch: the position, its repetition history and the positions that history
/// holds (for observations).
#[derive(Clone, Debug)]
pub struct Env<P: Position> {
    /// The current position.
    pub pos: P,
    history: History<P::Key>,
    earlier: Vec<P>,
    /// Plies played since the start.
    pub plies: u32,
}

impl<P: Position> Env<P> {
    /// A game continuing `game` (its position and repetition history).
    pub fn from_game(game: &Game<P>) -> Self {
        let since = game.history().len() - 1;
        let (current, before) = game
            .positions()
            .split_last()
            .expect("a game has a position");
        Env {
            pos: *current,
            history: game.history(),
            earlier: before[before.len() - since..].to_vec(),
            plies: 0,
        }
    }

    /// Plays a legal move with the whole after-move protocol; returns true when the game ended.
    #[inline]
    pub fn play(&mut self, mv: P::Move) -> bool {
        let before = self.pos;
        let (effect, _) = advance(&mut self.pos, mv, &mut self.history);
        if effect.irreversible {
            self.earlier.clear();
        } else {
            self.earlier.push(before);
        }
        self.plies += 1;
        self.pos.is_over()
    }

    /// Plays a uniformly random legal move; false when the game is already over.
    #[inline]
    pub fn play_random(&mut self, rng: &mut SplitMix) -> bool {
        let moves = self.pos.legal_move_list();
        if moves.is_empty() {
            return false;
        }
        let mv = moves[rng.below(moves.len())];
        self.play(mv);
        true
    }

    /// The positions the repetition rule compares with, oldest first.
    pub fn earlier(&self) -> &[P] {
        &self.earlier
    }
}

/// The final reward of each side, `[south, north]`: +1 for a win, -1 for a loss, 0 for a draw
/// or a game still going.
pub fn returns<P: Position>(pos: &P) -> [f32; 2] {
    match pos.outcome().map(|o| o.winner) {
        Some(Some(Side::South)) => [1.0, -1.0],
        Some(Some(Side::North)) => [-1.0, 1.0],
        _ => [0.0, 0.0],
    }
}

/// Totals of random playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Playouts {
    /// Games played.
    pub games: u64,
    /// Plies played in all.
    pub plies: u64,
    /// Games won by South.
    pub south: u64,
    /// Games won by North.
    pub north: u64,
    /// Drawn games.
    pub draws: u64,
}

/// Plays `games` uniformly random games from `start` to their end.
pub fn random_playouts<P: Position>(start: &Game<P>, games: u64, seed: u64) -> Playouts {
    let mut rng = SplitMix(seed);
    let mut out = Playouts::default();
    let first = Env::from_game(start);
    for _ in 0..games {
        let mut env = first.clone();
        while env.play_random(&mut rng) {}
        out.games += 1;
        out.plies += u64::from(env.plies);
        match env.pos.outcome().and_then(|o| o.winner) {
            Some(Side::South) => out.south += 1,
            Some(Side::North) => out.north += 1,
            None => out.draws += 1,
        }
    }
    out
}

/// Many games of one rule set, stepped together.
#[derive(Clone, Debug)]
pub struct Batch<P: Encoded> {
    start: Env<P>,
    /// The games.
    pub envs: Vec<Env<P>>,
    rng: SplitMix,
}

/// A batch step was refused: nothing was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadAction {
    /// The game.
    pub index: usize,
    /// The action given.
    pub action: i64,
    /// Why it was refused.
    pub reason: &'static str,
}

impl<P: Encoded> Batch<P> {
    /// `n` games starting like `start`.
    pub fn new(start: &Game<P>, n: usize, seed: u64) -> Self {
        let start = Env::from_game(start);
        Batch {
            envs: vec![start.clone(); n],
            start,
            rng: SplitMix(seed),
        }
    }

    /// Sets game `i` (every game when `None`) back to the start.
    pub fn reset(&mut self, i: Option<usize>) {
        match i {
            Some(i) => self.envs[i] = self.start.clone(),
            None => self.envs.fill(self.start.clone()),
        }
    }

    /// Plays one action in every game still going (`actions[i]` for game `i`; ignored for a
    /// finished game). Writes each game's rewards `[south, north]` (non-zero on the step that
    /// ends it) and whether it is over; with `autoreset`, a game that ended is set back to the
    /// start after its rewards are written. Every action is checked before any is played.
    pub fn step(
        &mut self,
        actions: &[i64],
        autoreset: bool,
        rewards: &mut [[f32; 2]],
        done: &mut [bool],
    ) -> Result<(), BadAction> {
        let mut moves = Vec::with_capacity(self.envs.len());
        for (index, (env, &action)) in self.envs.iter().zip(actions).enumerate() {
            if env.pos.is_over() {
                moves.push(None);
                continue;
            }
            let bad = |reason| BadAction {
                index,
                action,
                reason,
            };
            let a = usize::try_from(action).map_err(|_| bad("negative action"))?;
            let mv = env.pos.move_of(a).ok_or(bad("no such action here"))?;
            env.pos.check_move(mv).map_err(|_| bad("illegal move"))?;
            moves.push(Some(mv));
        }
        for (i, mv) in moves.into_iter().enumerate() {
            self.finish_step(i, mv, autoreset, rewards, done);
        }
        Ok(())
    }

    /// Plays a uniformly random legal move in every game still going (see [`Batch::step`]).
    pub fn random_step(&mut self, autoreset: bool, rewards: &mut [[f32; 2]], done: &mut [bool]) {
        for i in 0..self.envs.len() {
            let moves = self.envs[i].pos.legal_move_list();
            let mv = (!moves.is_empty()).then(|| moves[self.rng.below(moves.len())]);
            self.finish_step(i, mv, autoreset, rewards, done);
        }
    }

    fn finish_step(
        &mut self,
        i: usize,
        mv: Option<P::Move>,
        autoreset: bool,
        rewards: &mut [[f32; 2]],
        done: &mut [bool],
    ) {
        let env = &mut self.envs[i];
        rewards[i] = [0.0, 0.0];
        let over = match mv {
            Some(mv) => {
                let over = env.play(mv);
                if over {
                    rewards[i] = returns(&env.pos);
                }
                over
            }
            None => env.pos.is_over(),
        };
        done[i] = over;
        if over && autoreset {
            *env = self.start.clone();
        }
    }

    /// Writes every game's observation (`window` earlier positions) one after the other.
    pub fn observations(&self, window: usize, out: &mut [f32]) {
        let size = (1 + window) * P::block_len();
        for (env, o) in self.envs.iter().zip(out.chunks_exact_mut(size)) {
            write_observation_of(&env.pos, env.earlier(), window, o);
        }
    }

    /// Writes every game's legal-action mask one after the other.
    pub fn masks(&self, out: &mut [bool]) {
        for (env, o) in self.envs.iter().zip(out.chunks_exact_mut(P::ACTIONS)) {
            write_mask(&env.pos, o);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::oware::{Oware, OwareRules};

    #[test]
    fn env_follows_the_game_rules_move_for_move() {
        // The batch's own bookkeeping (history and earlier positions) must agree with Game.
        let mut rng = SplitMix(7);
        for _ in 0..50 {
            let mut game = Game::new(Oware::new(OwareRules::abapa()));
            let mut env = Env::from_game(&game);
            while !game.position().is_over() {
                let moves = game.position().legal_move_list();
                let mv = moves[rng.below(moves.len())];
                game.play(mv).unwrap();
                env.play(mv);
                assert_eq!(env.pos.to_string(), game.position().to_string());
                assert_eq!(env.pos.outcome(), game.position().outcome());
                assert_eq!(env.earlier().len() + 1, game.history().len());
            }
        }
    }

    #[test]
    fn batch_steps_check_every_action_first() {
        let start = Game::new(Oware::new(OwareRules::abapa()));
        let mut batch = Batch::new(&start, 2, 1);
        let mut rewards = [[0.0; 2]; 2];
        let mut done = [false; 2];
        // Game 1's action is North's pit: refused, and game 0 has not moved either.
        let err = batch
            .step(&[0, 6], false, &mut rewards, &mut done)
            .unwrap_err();
        assert_eq!(err.index, 1);
        assert_eq!(batch.envs[0].plies, 0);
        batch.step(&[0, 5], false, &mut rewards, &mut done).unwrap();
        assert_eq!(
            batch.envs[0].pos.to_string(),
            "0-5-5-5-5-4-4-4-4-4-4-4-0-0-N"
        );
        assert_eq!(
            batch.envs[1].pos.to_string(),
            "4-4-4-4-4-0-5-5-5-5-4-4-0-0-N"
        );
    }

    #[test]
    fn playouts_count_every_game_once() {
        let start = Game::new(Oware::new(OwareRules::abapa()));
        let p = random_playouts(&start, 20, 3);
        assert_eq!(p.games, 20);
        assert_eq!(p.south + p.north + p.draws, 20);
        assert!(p.plies >= 20 * 20);
    }
}
