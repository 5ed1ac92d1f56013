//! Sowing shown seed by seed: the frames between the position before a move and the one after it.
//!
//! The frames are built from the move's steps as the rules core records them
//! ([`mancala_core::trace`], `DynGame::sowing`), so every game is shown as it is really played:
//! every lap of a relay move, Isolo's own-row laps and its captures taken into the hand, Ba-awa's
//! fours captured while sowing, a capture the rules cancel, and a final jump when the rules settle
//! the board (a game, round or phase end, or a move too long to show). The last frame is always
//! the true position after the move.

use mancala_core::trace::{SowBoard, SowStep};

/// One picture of the board during the animation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnimFrame {
    /// Seeds per pit.
    pub pits: Vec<u32>,
    /// `[south, north]` stores.
    pub stores: [u32; 2],
    /// The pit that just received (or gave up) a seed.
    pub hot: Option<usize>,
    /// Pits being captured in this frame.
    pub taken: Vec<usize>,
    /// The lap being sown (0 before the first lift).
    pub lap: u32,
    /// Seeds in hand.
    pub hand: u32,
    /// What the rules say at this point (a cancelled capture, an extra turn, a settlement).
    pub note: Option<String>,
}

/// An animation in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    frames: Vec<AnimFrame>,
    index: usize,
}

/// How many frames a capture or a note stays shown.
const HOLD: usize = 4;

impl Animation {
    /// The frames of a move from `before` to `after` made of `steps`. `None` when there is
    /// nothing to show (no steps, or a board of the wrong size).
    #[must_use]
    pub fn from_steps(
        before: (&[u32], [u32; 2]),
        steps: &[SowStep],
        after: (&[u32], [u32; 2]),
    ) -> Option<Animation> {
        if steps.is_empty() || before.0.len() != after.0.len() {
            return None;
        }
        let mut board = SowBoard::new(before.0.to_vec(), before.1);
        let mut frames = Vec::new();
        let mut lap = 0;
        let mut last = None;
        let frame = |board: &SowBoard, lap, hot, taken: Vec<usize>, note: Option<&str>| AnimFrame {
            pits: board.pits.clone(),
            stores: board.stores,
            hot,
            taken,
            lap,
            hand: board.hand,
            note: note.map(str::to_string),
        };
        for step in steps {
            // Highlights shown before the step changes the board.
            match step {
                SowStep::Capture { pit, .. } => {
                    for _ in 0..HOLD {
                        frames.push(frame(&board, lap, last, vec![*pit], None));
                    }
                }
                SowStep::NoCapture { reason, .. } => {
                    for _ in 0..HOLD {
                        frames.push(frame(&board, lap, last, Vec::new(), Some(reason)));
                    }
                }
                SowStep::ExtraTurn => {
                    for _ in 0..HOLD {
                        frames.push(frame(&board, lap, last, Vec::new(), Some("extra turn")));
                    }
                }
                SowStep::Settle { reason, .. } => {
                    for _ in 0..HOLD {
                        frames.push(frame(&board, lap, None, Vec::new(), Some(reason)));
                    }
                }
                _ => {}
            }
            if board.apply(step).is_err() {
                break;
            }
            match step {
                SowStep::Lift {
                    pit,
                    lap: l,
                    capture,
                    ..
                } => {
                    lap = *l;
                    let taken = if *capture { vec![*pit] } else { Vec::new() };
                    frames.push(frame(&board, lap, Some(*pit), taken, None));
                }
                SowStep::Stock { pit } | SowStep::Drop { pit } => {
                    last = Some(*pit);
                    frames.push(frame(&board, lap, last, Vec::new(), None));
                }
                SowStep::Settle { reason, .. } => {
                    for _ in 0..HOLD {
                        frames.push(frame(&board, lap, None, Vec::new(), Some(reason)));
                    }
                }
                _ => {}
            }
        }
        frames.push(AnimFrame {
            pits: after.0.to_vec(),
            stores: after.1,
            hot: None,
            taken: Vec::new(),
            lap,
            hand: 0,
            note: None,
        });
        Some(Animation { frames, index: 0 })
    }

    /// The frame to draw now.
    #[must_use]
    pub fn frame(&self) -> Option<&AnimFrame> {
        self.frames.get(self.index)
    }

    /// Moves to the next frame; false when the animation is over.
    pub fn advance(&mut self) -> bool {
        self.index += 1;
        self.index < self.frames.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::variant::{DynGame, Variant};

    fn animate(variant: Variant, position: Option<&str>, mv: &str) -> (Animation, Vec<u32>) {
        let mut g = variant.new_game(&[], position).unwrap();
        let before = g.state();
        let steps = g.sowing(mv).unwrap();
        g.play(mv).unwrap();
        let after = g.state();
        let anim = Animation::from_steps(
            (&before.pits, before.stores),
            &steps,
            (&after.pits, after.stores),
        )
        .unwrap();
        (anim, after.pits)
    }

    #[test]
    fn sows_seed_by_seed_and_ends_on_the_true_position() {
        let (anim, after) = animate(Variant::Abapa, None, "C");
        assert_eq!(
            anim.frames.len(),
            6,
            "pick-up, four seeds, the final position"
        );
        assert_eq!(anim.frames[1].hot, Some(3));
        assert_eq!(anim.frames.last().unwrap().pits, after);
    }

    #[test]
    fn a_full_lap_skips_the_origin_and_captures_are_marked() {
        // 12 seeds from F: the lap skips F and ends in a, which then holds 2: captured.
        let (anim, _) = animate(
            Variant::Abapa,
            Some("0-0-0-0-0-12-0-0-0-0-0-0-18-18-S"),
            "F",
        );
        assert!(anim.frames.iter().skip(1).all(|f| f.pits[5] == 0));
        assert!(anim
            .frames
            .iter()
            .any(|f| f.taken == vec![6] && f.pits[6] == 2));
    }

    #[test]
    fn relay_moves_show_every_lap() {
        // Olowuka from the start: A's last seed makes 5 in E, which is lifted for a second lap.
        let (anim, after) = animate(Variant::Olowuka, None, "A");
        let laps = anim.frames.iter().map(|f| f.lap).max().unwrap();
        assert!(laps > 1, "laps {laps}");
        let second = anim.frames.iter().position(|f| f.lap == 2).unwrap();
        assert_eq!(anim.frames[second].hot, Some(4), "lap 2 starts from E");
        assert_eq!(anim.frames.last().unwrap().pits, after);
    }

    #[test]
    fn isolo_sows_its_own_row_lap_by_lap() {
        // rules.md I1: South's A in the foregame.
        let (anim, after) = animate(Variant::Isolo, None, "A");
        assert!(anim
            .frames
            .iter()
            .all(|f| f.hot.is_none_or(|p| p < 8 || f.taken == [p])));
        assert!(anim.frames.iter().map(|f| f.lap).max().unwrap() > 1);
        assert_eq!(anim.frames.last().unwrap().pits, after);
    }

    #[test]
    fn nothing_to_show_for_bad_input() {
        assert!(Animation::from_steps((&[1, 2], [0, 0]), &[], (&[1, 2], [0, 0])).is_none());
        let drop = [SowStep::Drop { pit: 0 }];
        assert!(Animation::from_steps((&[1, 2], [0, 0]), &drop, (&[1], [0, 0])).is_none());
        // A step that cannot be replayed ends the animation on the true position.
        let anim = Animation::from_steps((&[1, 2], [0, 0]), &drop, (&[0, 3], [0, 0])).unwrap();
        assert_eq!(anim.frames.len(), 1);
        assert_eq!(anim.frames[0].pits, [0, 3]);
    }
}
