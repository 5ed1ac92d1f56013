//! A game in progress: a start position, the moves played, and the repetition history.

use crate::history::History;
use crate::position::advance;
use crate::{Illegal, MoveEffect, Position};

/// One move of a game as recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayRecord<M> {
    /// The move.
    pub mv: M,
    /// What it did.
    pub effect: MoveEffect,
}

/// A game: the start position, every position reached, and the moves between them.
///
/// [`play`](Game::play) applies the whole after-move protocol of the rules, including the
/// first-repetition rule, and keeps everything needed for [`undo`](Game::undo).
#[derive(Clone, Debug)]
pub struct Game<P: Position> {
    positions: Vec<P>,
    moves: Vec<PlayRecord<P::Move>>,
    /// For each position, the index of the first position the repetition rule compares with.
    floors: Vec<usize>,
}

impl<P: Position> Game<P> {
    /// A game starting at `start` (which should be settled, as every constructor returns it).
    pub fn new(start: P) -> Self {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            floors: vec![0],
        }
    }

    /// The start position.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &P {
        self.positions.last().expect("a game always has a position")
    }

    /// Every position so far, the start first.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[PlayRecord<P::Move>] {
        &self.moves
    }

    /// The repetition history of the current position, for perft and search to continue from.
    pub fn history(&self) -> History<P::Key> {
        let floor = *self.floors.last().expect("a game always has a position");
        let mut h = History::new(self.positions[floor].key());
        for p in &self.positions[floor + 1..] {
            h.push(p.key(), false);
        }
        h
    }

    /// Plays a move, checking it and applying every end rule (repetition included).
    pub fn play(&mut self, mv: P::Move) -> Result<MoveEffect, Illegal> {
        let current = *self.position();
        current.check_move(mv)?;
        let mut next = current;
        let mut history = self.history();
        let (effect, _) = advance(&mut next, mv, &mut history);
        let floor = if effect.irreversible {
            self.positions.len()
        } else {
            *self.floors.last().expect("a game always has a position")
        };
        self.positions.push(next);
        self.floors.push(floor);
        self.moves.push(PlayRecord { mv, effect });
        Ok(effect)
    }

    /// Parses `text` as a move of the current position and plays it.
    pub fn play_str(&mut self, text: &str) -> Result<MoveEffect, PlayError> {
        let mv = self.position().parse_move(text).map_err(PlayError::Parse)?;
        self.play(mv).map_err(PlayError::Illegal)
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<P::Move> {
        let record = self.moves.pop()?;
        self.positions.pop();
        self.floors.pop();
        Some(record.mv)
    }
}

/// A move given as text could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The text is not a move.
    Parse(crate::ParseMoveError),
    /// The move is not legal here.
    Illegal(Illegal),
}

impl core::fmt::Display for PlayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PlayError::Parse(e) => e.fmt(f),
            PlayError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}
