//! Fixed-size encodings of positions and moves for learning code: the action numbering and the
//! observation tensor (documented in `docs/python.md`, "Observations").
//!
//! Everything here is plain Rust over the rules core's typed positions, without Python, so that
//! the crate's Rust tests exercise it.

use mancala_core::ba_awa::BaAwa;
use mancala_core::isolo::{kucheleka_examples, Isolo, IsoloMove, Phase};
use mancala_core::olowuka::Olowuka;
use mancala_core::oware::Oware;
use mancala_core::sow::Pit;
use mancala_core::{Game, Position, Side};

/// Number of kucheleka actions of Isolo's action space: the most [`kucheleka_examples`] lists.
pub const KUCHELEKA_ACTIONS: usize = 24;

/// A position type with a fixed action numbering and a fixed-size feature block.
pub trait Encoded: Position {
    /// Pits on the board.
    const PITS: usize;
    /// Size of the action space: the pits by index, then any set-up actions.
    const ACTIONS: usize;
    /// Names of the game-specific features that follow the common ones in a block.
    const EXTRA_NAMES: &'static [&'static str];

    /// The action number of a legal move (`None` for a move outside the numbering, such as a
    /// kucheleka set-up that is not one of the listed samples).
    fn action(&self, mv: Self::Move) -> Option<usize>;
    /// The move of an action number in this position (`None` when out of range).
    fn move_of(&self, action: usize) -> Option<Self::Move>;
    /// Writes the game-specific features ([`Encoded::EXTRA_NAMES`]).
    fn extra_features(&self, out: &mut [f32]);

    /// Length of one position's block: a leading count or presence flag, the pits, the two
    /// stores, the side to move (two flags) and the game-specific features.
    fn block_len() -> usize {
        1 + Self::PITS + 2 + 2 + Self::EXTRA_NAMES.len()
    }

    /// Writes this position's block after its leading element (`out[0]` is left alone).
    fn write_block(&self, out: &mut [f32]) {
        let n = Self::PITS;
        for (o, &p) in out[1..=n].iter_mut().zip(self.pits()) {
            *o = f32::from(p);
        }
        let stores = self.stores();
        out[n + 1] = stores[0] as f32;
        out[n + 2] = stores[1] as f32;
        let side = self.to_move();
        out[n + 3] = f32::from(u8::from(side == Some(Side::South)));
        out[n + 4] = f32::from(u8::from(side == Some(Side::North)));
        self.extra_features(&mut out[n + 5..]);
    }
}

fn pit_action<const ROW: usize>(mv: Pit<ROW>) -> Option<usize> {
    Some(mv.index())
}

fn pit_move<const ROW: usize>(action: usize) -> Option<Pit<ROW>> {
    (action < 2 * ROW).then_some(Pit(action as u8))
}

fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

impl Encoded for Oware {
    const PITS: usize = 12;
    const ACTIONS: usize = 12;
    const EXTRA_NAMES: &'static [&'static str] = &["extra_turn", "plies"];

    fn action(&self, mv: Self::Move) -> Option<usize> {
        pit_action(mv)
    }
    fn move_of(&self, action: usize) -> Option<Self::Move> {
        pit_move(action)
    }
    fn extra_features(&self, out: &mut [f32]) {
        out[0] = flag(self.extra_turn());
        out[1] = self.plies() as f32;
    }
}

impl Encoded for Olowuka {
    const PITS: usize = 12;
    const ACTIONS: usize = 12;
    const EXTRA_NAMES: &'static [&'static str] = &["plies"];

    fn action(&self, mv: Self::Move) -> Option<usize> {
        pit_action(mv)
    }
    fn move_of(&self, action: usize) -> Option<Self::Move> {
        pit_move(action)
    }
    fn extra_features(&self, out: &mut [f32]) {
        out[0] = self.plies() as f32;
    }
}

/// Ba-awa's game-specific features: who owns each pit, then the match state.
const BA_AWA_EXTRAS: &[&str] = &[
    "north_owns_A",
    "north_owns_B",
    "north_owns_C",
    "north_owns_D",
    "north_owns_E",
    "north_owns_F",
    "north_owns_a",
    "north_owns_b",
    "north_owns_c",
    "north_owns_d",
    "north_owns_e",
    "north_owns_f",
    "round",
    "rounds_won_south",
    "rounds_won_north",
    "round_starter_north",
    "setup_picks_left",
];

impl Encoded for BaAwa {
    const PITS: usize = 12;
    const ACTIONS: usize = 12;
    const EXTRA_NAMES: &'static [&'static str] = BA_AWA_EXTRAS;

    fn action(&self, mv: Self::Move) -> Option<usize> {
        pit_action(mv)
    }
    fn move_of(&self, action: usize) -> Option<Self::Move> {
        pit_move(action)
    }
    fn extra_features(&self, out: &mut [f32]) {
        for (o, s) in out.iter_mut().zip(self.owners()) {
            *o = flag(s == Side::North);
        }
        out[12] = self.round() as f32;
        let won = self.rounds_won();
        out[13] = f32::from(won[0]);
        out[14] = f32::from(won[1]);
        out[15] = flag(self.round_starter() == Side::North);
        out[16] = f32::from(self.picks_left());
    }
}

impl Encoded for Isolo {
    const PITS: usize = 16;
    const ACTIONS: usize = 16 + KUCHELEKA_ACTIONS;
    const EXTRA_NAMES: &'static [&'static str] = &[
        "phase_foregame",
        "phase_kucheleka",
        "phase_proper",
        "stock_used_south",
        "stock_used_north",
        "foregame_winner_south",
        "foregame_winner_north",
        "plies_in_phase",
    ];

    fn action(&self, mv: Self::Move) -> Option<usize> {
        match mv {
            IsoloMove::Sow(p) => pit_action(p),
            IsoloMove::Kucheleka(_) => kucheleka_examples(self.rules().kucheleka_max_total)
                .iter()
                .position(|&m| m == mv)
                .map(|i| 16 + i),
        }
    }
    fn move_of(&self, action: usize) -> Option<Self::Move> {
        if action < 16 {
            return pit_move(action).map(IsoloMove::Sow);
        }
        if self.phase() != Phase::Kucheleka {
            return None;
        }
        kucheleka_examples(self.rules().kucheleka_max_total)
            .get(action - 16)
            .copied()
    }
    fn extra_features(&self, out: &mut [f32]) {
        let phase = self.phase();
        out[0] = flag(phase == Phase::Foregame);
        out[1] = flag(phase == Phase::Kucheleka);
        out[2] = flag(phase == Phase::Proper);
        let stock = self.stock_used();
        out[3] = stock[0] as f32;
        out[4] = stock[1] as f32;
        let winner = self.foregame_winner();
        out[5] = flag(winner == Some(Side::South));
        out[6] = flag(winner == Some(Side::North));
        out[7] = self.plies() as f32;
    }
}

/// The shape of an observation with `window` earlier positions: `(1 + window, block_len)`.
pub fn observation_shape<P: Encoded>(window: usize) -> (usize, usize) {
    (1 + window, P::block_len())
}

/// Writes the observation of `game` with `window` earlier positions into `out` (of
/// [`observation_shape`]'s size, row-major); see [`write_observation_of`].
pub fn write_observation<P: Encoded>(game: &Game<P>, window: usize, out: &mut [f32]) {
    let positions = game.positions();
    let since = game.history().len() - 1;
    let (current, before) = positions.split_last().expect("a game has a position");
    write_observation_of(current, &before[before.len() - since..], window, out);
}

/// Writes the observation of `current`, whose repetition history holds the positions `earlier`
/// (those since the last irreversible move, oldest first), with `window` earlier positions.
///
/// Row 0 is the current position; its leading element is the number of earlier positions that
/// the repetition rule still compares with. Rows 1 to `window` are those earlier positions, the
/// most recent first, with a leading 1; rows beyond them are zero. The observation is
/// Markov-complete whenever that count is at most `window`.
pub fn write_observation_of<P: Encoded>(
    current: &P,
    earlier: &[P],
    window: usize,
    out: &mut [f32],
) {
    let b = P::block_len();
    out.fill(0.0);
    out[0] = earlier.len() as f32;
    current.write_block(&mut out[..b]);
    for (row, pos) in out[b..]
        .chunks_exact_mut(b)
        .zip(earlier.iter().rev())
        .take(window)
    {
        row[0] = 1.0;
        pos.write_block(row);
    }
}

/// Writes the legal-action mask of `pos` into `out` (of length [`Encoded::ACTIONS`]).
pub fn write_mask<P: Encoded>(pos: &P, out: &mut [bool]) {
    out.fill(false);
    for &mv in pos.legal_move_list().iter() {
        if let Some(a) = pos.action(mv) {
            out[a] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::isolo::IsoloRules;
    use mancala_core::oware::OwareRules;

    #[test]
    fn actions_round_trip_for_every_legal_move() {
        let mut game = Game::new(Isolo::new(IsoloRules::isolo()));
        let mut saw_kucheleka = false;
        let mut step = 0usize;
        while !game.position().is_over() && step < 400 {
            let pos = *game.position();
            let moves = pos.legal_move_list();
            for &mv in moves.iter() {
                let a = pos.action(mv).expect("a listed move has an action");
                assert!(a < Isolo::ACTIONS);
                assert_eq!(pos.move_of(a), Some(mv));
                saw_kucheleka |= a >= 16;
            }
            let mv = moves[step % moves.len()];
            game.play(mv).unwrap();
            step += 1;
        }
        assert!(saw_kucheleka, "the game reached its kucheleka set-up");
    }

    #[test]
    fn observation_holds_the_positions_since_the_last_capture() {
        let mut game = Game::new(Oware::new(OwareRules::abapa()));
        for m in ["C", "c"] {
            game.play_str(m).unwrap();
        }
        let (rows, b) = observation_shape::<Oware>(4);
        let mut obs = vec![0.0; rows * b];
        write_observation(&game, 4, &mut obs);
        // No capture yet: the start and the position after C are still compared with.
        assert_eq!(obs[0], 2.0);
        assert_eq!(obs[b], 1.0);
        assert_eq!(obs[2 * b], 1.0);
        assert_eq!(obs[3 * b], 0.0);
        // Row 2 is the start position: 4 seeds everywhere, South to move.
        assert!(obs[2 * b + 1..2 * b + 13].iter().all(|&x| x == 4.0));
        assert_eq!(obs[2 * b + 15], 1.0);
        // The current row: C and c emptied, North... South to move again.
        assert_eq!(obs[3], 0.0);
        assert_eq!(obs[9], 0.0);
        assert_eq!(obs[15], 1.0);
        let mut mask = [false; 12];
        write_mask(game.position(), &mut mask);
        assert_eq!(
            mask,
            [true, true, false, true, true, true, false, false, false, false, false, false]
        );
    }
}
