//! Sowing shown seed by seed: the frames between the position before a move and the one after it.
//!
//! The frames are computed from the two states alone, so this works for every game behind
//! `DynGame`: the seeds of the chosen pit are dropped one by one in index order (the sowing
//! direction of the rules specification), skipping the origin on a full lap; pits that then lose
//! their seeds are shown as captured; the last frame is always the true position after the move.
//! Games whose sowing does more (relay laps) jump from the last simple frame to the true position;
//! Isolo, which sows in the mover's own row only, shows the lifted pit and then the result
//! ([`Animation::lift_and_land`]).

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
}

/// An animation in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    frames: Vec<AnimFrame>,
    index: usize,
}

/// How many frames a capture stays highlighted.
const CAPTURE_HOLD: usize = 4;

impl Animation {
    /// The frames from `before` to `after` for a move from pit `origin` that captured `captured`
    /// seeds. `None` when there is nothing to show.
    #[must_use]
    pub fn sowing(
        before: (&[u32], [u32; 2]),
        after: (&[u32], [u32; 2]),
        origin: Option<usize>,
        captured: u32,
    ) -> Option<Animation> {
        let (before_pits, before_stores) = before;
        let (after_pits, after_stores) = after;
        let origin = origin?;
        let len = before_pits.len();
        if len < 2 || origin >= len || after_pits.len() != len {
            return None;
        }
        let mut pits = before_pits.to_vec();
        let mut seeds = pits[origin];
        if seeds == 0 {
            return None;
        }
        let mut frames = Vec::new();
        pits[origin] = 0;
        frames.push(AnimFrame {
            pits: pits.clone(),
            stores: before_stores,
            hot: Some(origin),
            taken: Vec::new(),
        });
        let mut at = origin;
        while seeds > 0 {
            at = (at + 1) % len;
            if at == origin {
                continue;
            }
            pits[at] += 1;
            seeds -= 1;
            frames.push(AnimFrame {
                pits: pits.clone(),
                stores: before_stores,
                hot: Some(at),
                taken: Vec::new(),
            });
        }
        if captured > 0 {
            let taken: Vec<usize> = (0..len)
                .filter(|&i| pits[i] > after_pits[i] && after_pits[i] == 0)
                .collect();
            for _ in 0..CAPTURE_HOLD {
                frames.push(AnimFrame {
                    pits: pits.clone(),
                    stores: before_stores,
                    hot: None,
                    taken: taken.clone(),
                });
            }
        }
        frames.push(AnimFrame {
            pits: after_pits.to_vec(),
            stores: after_stores,
            hot: None,
            taken: Vec::new(),
        });
        Some(Animation { frames, index: 0 })
    }

    /// A short animation for a move whose sowing path is not drawn (Isolo's own-row laps): the
    /// origin lifted, then the true position held for a moment. `None` for bad input.
    #[must_use]
    pub fn lift_and_land(
        before: (&[u32], [u32; 2]),
        after: (&[u32], [u32; 2]),
        origin: Option<usize>,
    ) -> Option<Animation> {
        let origin = origin?;
        if origin >= before.0.len() || after.0.len() != before.0.len() || before.0[origin] == 0 {
            return None;
        }
        let mut lifted = before.0.to_vec();
        lifted[origin] = 0;
        let mut frames = vec![AnimFrame {
            pits: lifted,
            stores: before.1,
            hot: Some(origin),
            taken: Vec::new(),
        }];
        for _ in 0..CAPTURE_HOLD {
            frames.push(AnimFrame {
                pits: after.0.to_vec(),
                stores: after.1,
                hot: None,
                taken: Vec::new(),
            });
        }
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

    #[test]
    fn sows_seed_by_seed_and_ends_on_the_true_position() {
        let before = vec![4u32; 12];
        let mut after = before.clone();
        after[2] = 0;
        for p in after.iter_mut().skip(3).take(4) {
            *p += 1;
        }
        let anim = Animation::sowing((&before, [0, 0]), (&after, [0, 0]), Some(2), 0).unwrap();
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
        let mut before = vec![0u32; 12];
        before[0] = 12;
        let mut after = vec![1u32; 12];
        after[0] = 0;
        after[1] = 2;
        after[11] = 0;
        let anim = Animation::sowing((&before, [0, 0]), (&after, [0, 2]), Some(0), 2).unwrap();
        assert!(anim.frames.iter().skip(1).all(|f| f.pits[0] == 0));
        assert!(anim.frames.iter().any(|f| f.taken == vec![11]));
    }

    #[test]
    fn lift_and_land_ends_on_the_true_position() {
        let before = vec![2u32; 16];
        let after = vec![3u32; 16];
        let mut anim =
            Animation::lift_and_land((&before, [0, 0]), (&after, [0, 0]), Some(1)).unwrap();
        assert_eq!(anim.frame().unwrap().pits[1], 0);
        while anim.advance() {}
        assert_eq!(anim.frames.last().unwrap().pits, after);
        assert!(Animation::lift_and_land((&before, [0, 0]), (&after, [0, 0]), Some(16)).is_none());
    }

    #[test]
    fn nothing_to_show_for_bad_input() {
        assert!(Animation::sowing((&[1, 2], [0, 0]), (&[1], [0, 0]), Some(0), 0).is_none());
        assert!(Animation::sowing((&[0, 2], [0, 0]), (&[0, 2], [0, 0]), Some(0), 0).is_none());
        assert!(Animation::sowing((&[1, 2], [0, 0]), (&[0, 3], [0, 0]), Some(7), 0).is_none());
    }
}
