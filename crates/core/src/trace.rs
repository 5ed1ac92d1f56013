//! Sowing traces: what happens during one move, seed by seed, for front ends to animate.
//!
//! [`crate::Position::sowing_trace`] records the events of a legal move as a list of
//! [`SowStep`]s: a lap starts by lifting a pit into the hand, seeds are dropped one at a time
//! along the real path (relay laps, skipped origins, Isolo's own-row laps included), captures are
//! shown where they happen (Ba-awa's fours during sowing, the 2/3 chain at the end), and a capture
//! that the rules cancel says so. [`crate::variant::DynGame::sowing`] wraps it for any preset and
//! ends the list with a [`SowStep::Settle`] whenever the board after the move is not what the
//! steps alone produce: the end of a game, a Ba-awa round or an Isolo phase, a set-up action, or
//! a move summarised because it sows more than [`DROP_CAP`] seeds.
//!
//! [`SowBoard`] replays steps; the property tests check, for random positions of every preset,
//! that replaying a trace on the board before the move gives exactly the board after it.
//!
//! The relay games record through the same code that plays their moves (an observer that is
//! compiled away in search); the Oware family records along a separate, seed-by-seed path whose
//! captures are read off the real move.

use crate::Side;

/// The most seeds a trace shows dropped one by one; a longer move (very long relay moves exist)
/// ends with a [`SowStep::Settle`] of kind [`SettleKind::Summary`] that jumps to the result.
pub const DROP_CAP: usize = 2_000;

/// One event of a move's sowing. Pits are indices in sowing order (South's row first).
///
/// With the crate's `serde` feature a step serialises as the object the API and the Python
/// package show: `{"kind": "lift", "pit": 3, "seeds": 5, "lap": 1, "capture": false}`, `drop`
/// (`pit`), `stock` (`pit`), `capture` (`pit`, `seeds`, `by`), `no_capture` (`pits`, `reason`),
/// `extra_turn`, `settle` (`settle`: `rules` or `summary`, `reason`, `pits`, `stores`); `kind` is
/// [`SowStep::kind`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(tag = "kind", rename_all = "snake_case")
)]
pub enum SowStep {
    /// Seeds taken from a pit into the hand. The first lift with an empty hand starts lap `lap`
    /// (counting from 1). `capture` marks seeds taken from the opponent to be sown again (Isolo).
    Lift {
        /// The pit emptied.
        pit: usize,
        /// Seeds taken.
        seeds: u32,
        /// The lap these seeds are sown in.
        lap: u32,
        /// The seeds are the opponent's, captured into the hand.
        capture: bool,
    },
    /// A stock seed added to a pit before it is lifted (Isolo's foregame).
    Stock {
        /// The pit.
        pit: usize,
    },
    /// One seed from the hand dropped into a pit.
    Drop {
        /// The pit.
        pit: usize,
    },
    /// Seeds taken from a pit to a player's store.
    Capture {
        /// The pit emptied.
        pit: usize,
        /// Seeds taken.
        seeds: u32,
        /// Who receives them.
        by: Side,
    },
    /// A capture the rules cancelled or cut short: these pits keep their seeds.
    NoCapture {
        /// The pits that would have been taken.
        pits: Vec<usize>,
        /// Why they were not (e.g. the grand-slam rule).
        reason: String,
    },
    /// The mover plays again (Ouril's grand-slam extra turn).
    ExtraTurn,
    /// The board jumps to the position the rules settle on after the move.
    Settle {
        /// Why.
        #[cfg_attr(feature = "serde", serde(rename = "settle"))]
        kind: SettleKind,
        /// A short explanation for people.
        reason: String,
        /// The pits after the move.
        pits: Vec<u32>,
        /// The stores after the move, `[south, north]`.
        stores: [u32; 2],
    },
}

/// Why a trace ends with a jump to the final board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(rename_all = "lowercase")
)]
pub enum SettleKind {
    /// The move sowed more than [`DROP_CAP`] seeds (or never ends); the rest is not shown.
    Summary,
    /// The rules changed the board after the sowing: the game, a round or a phase ended (seeds
    /// left on the board were shared out, a new round was laid out), or a set-up was placed.
    Rules,
}

impl SettleKind {
    /// The name used in JSON: `summary` or `rules`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SettleKind::Summary => "summary",
            SettleKind::Rules => "rules",
        }
    }
}

impl SowStep {
    /// The step's kind as a lower-case word: `lift`, `stock`, `drop`, `capture`, `no_capture`,
    /// `extra_turn`, `settle`.
    #[must_use]
    pub const fn kind(&self) -> &'static str {
        match self {
            SowStep::Lift { .. } => "lift",
            SowStep::Stock { .. } => "stock",
            SowStep::Drop { .. } => "drop",
            SowStep::Capture { .. } => "capture",
            SowStep::NoCapture { .. } => "no_capture",
            SowStep::ExtraTurn => "extra_turn",
            SowStep::Settle { .. } => "settle",
        }
    }
}

/// A trace being recorded, capped at [`DROP_CAP`] drops.
#[derive(Clone, Debug, Default)]
pub struct SowTrace {
    steps: Vec<SowStep>,
    hand: u32,
    lap: u32,
    drops: usize,
    summarised: bool,
}

impl SowTrace {
    /// An empty trace.
    #[must_use]
    pub fn new() -> Self {
        SowTrace::default()
    }

    /// The steps recorded.
    #[must_use]
    pub fn steps(&self) -> &[SowStep] {
        &self.steps
    }

    /// The steps, consumed.
    #[must_use]
    pub fn into_steps(self) -> Vec<SowStep> {
        self.steps
    }

    /// Whether recording stopped early (the cap, or a never-ending move).
    #[must_use]
    pub fn summarised(&self) -> bool {
        self.summarised
    }

    /// Stops recording: the rest of the move is summarised by a final jump.
    pub fn summarise(&mut self) {
        self.summarised = true;
    }

    fn push(&mut self, step: SowStep) {
        if !self.summarised {
            self.steps.push(step);
        }
    }

    /// Records a lift of `seeds` from `pit` (see [`SowStep::Lift`]).
    pub fn lift(&mut self, pit: usize, seeds: u32, capture: bool) {
        if seeds == 0 {
            return;
        }
        if self.hand == 0 {
            self.lap += 1;
        }
        self.hand += seeds;
        let lap = self.lap;
        self.push(SowStep::Lift {
            pit,
            seeds,
            lap,
            capture,
        });
    }

    /// Records a stock seed put into `pit`.
    pub fn stock(&mut self, pit: usize) {
        self.push(SowStep::Stock { pit });
    }

    /// Records one seed dropped into `pit`.
    pub fn drop_seed(&mut self, pit: usize) {
        self.hand = self.hand.saturating_sub(1);
        self.drops += 1;
        if self.drops > DROP_CAP {
            self.summarised = true;
        }
        self.push(SowStep::Drop { pit });
    }

    /// Records the whole hand sown from `from` on a ring of `len` pits starting after it, never
    /// dropping into `skip`. Returns the pit of the last seed.
    pub fn sow_ring(&mut self, from: usize, seeds: u32, len: usize, skip: Option<usize>) -> usize {
        let mut i = from;
        let mut hand = seeds;
        while hand > 0 {
            i = (i + 1) % len;
            if Some(i) == skip {
                continue;
            }
            self.drop_seed(i);
            hand -= 1;
        }
        i
    }

    /// Records a capture of `seeds` from `pit` for `by`.
    pub fn capture(&mut self, pit: usize, seeds: u32, by: Side) {
        if seeds > 0 {
            self.push(SowStep::Capture { pit, seeds, by });
        }
    }

    /// Records a capture that the rules cancelled for `pits`.
    pub fn no_capture(&mut self, pits: Vec<usize>, reason: impl Into<String>) {
        if !pits.is_empty() {
            self.push(SowStep::NoCapture {
                pits,
                reason: reason.into(),
            });
        }
    }

    /// Records an extra turn.
    pub fn extra_turn(&mut self) {
        self.push(SowStep::ExtraTurn);
    }

    /// Appends the final jump (recorded even after the cap).
    pub fn settle(&mut self, kind: SettleKind, reason: String, pits: Vec<u32>, stores: [u32; 2]) {
        self.steps.push(SowStep::Settle {
            kind,
            reason,
            pits,
            stores,
        });
    }
}

/// Receives the events of a move as the rules play it. The unit type records nothing and
/// compiles away, so the search's code path is unchanged.
pub(crate) trait Observer {
    /// Whether anything is recorded (guards loops that only produce events).
    const ACTIVE: bool;
    /// See [`SowTrace::lift`].
    fn lift(&mut self, pit: usize, seeds: u32, capture: bool);
    /// See [`SowTrace::stock`].
    fn stock(&mut self, pit: usize);
    /// See [`SowTrace::drop_seed`].
    fn drop_seed(&mut self, pit: usize);
    /// See [`SowTrace::sow_ring`].
    fn sow_ring(&mut self, from: usize, seeds: u32, len: usize, skip: Option<usize>);
    /// See [`SowTrace::capture`].
    fn capture(&mut self, pit: usize, seeds: u32, by: Side);
    /// See [`SowTrace::no_capture`].
    fn no_capture(&mut self, pits: Vec<usize>, reason: &'static str);
}

impl Observer for () {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn lift(&mut self, _: usize, _: u32, _: bool) {}
    #[inline(always)]
    fn stock(&mut self, _: usize) {}
    #[inline(always)]
    fn drop_seed(&mut self, _: usize) {}
    #[inline(always)]
    fn sow_ring(&mut self, _: usize, _: u32, _: usize, _: Option<usize>) {}
    #[inline(always)]
    fn capture(&mut self, _: usize, _: u32, _: Side) {}
    #[inline(always)]
    fn no_capture(&mut self, _: Vec<usize>, _: &'static str) {}
}

impl Observer for SowTrace {
    const ACTIVE: bool = true;
    fn lift(&mut self, pit: usize, seeds: u32, capture: bool) {
        SowTrace::lift(self, pit, seeds, capture);
    }
    fn stock(&mut self, pit: usize) {
        SowTrace::stock(self, pit);
    }
    fn drop_seed(&mut self, pit: usize) {
        SowTrace::drop_seed(self, pit);
    }
    fn sow_ring(&mut self, from: usize, seeds: u32, len: usize, skip: Option<usize>) {
        SowTrace::sow_ring(self, from, seeds, len, skip);
    }
    fn capture(&mut self, pit: usize, seeds: u32, by: Side) {
        SowTrace::capture(self, pit, seeds, by);
    }
    fn no_capture(&mut self, pits: Vec<usize>, reason: &'static str) {
        SowTrace::no_capture(self, pits, reason);
    }
}

crate::error::error_struct! {
    /// A step could not be replayed on a board.
    pub struct ReplayError {
        /// The index of the step in the trace.
        pub step: usize,
        /// What is wrong.
        pub message: String,
    }
    display "sowing step {step}: {message}"
}

/// A board that steps are replayed on: pits, stores and the seeds in hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SowBoard {
    /// Seeds per pit.
    pub pits: Vec<u32>,
    /// `[south, north]`.
    pub stores: [u32; 2],
    /// Seeds in hand.
    pub hand: u32,
    /// Stock seeds added so far (Isolo's foregame).
    pub stock: u32,
    applied: usize,
}

impl SowBoard {
    /// The board before a move.
    #[must_use]
    pub fn new(pits: Vec<u32>, stores: [u32; 2]) -> Self {
        SowBoard {
            pits,
            stores,
            hand: 0,
            stock: 0,
            applied: 0,
        }
    }

    /// Seeds on the board, in the stores and in hand, less the stock seeds added: constant
    /// through a move until a [`SowStep::Settle`].
    #[must_use]
    pub fn seeds(&self) -> u64 {
        let on_board: u64 = self.pits.iter().map(|&x| u64::from(x)).sum();
        on_board + u64::from(self.stores[0]) + u64::from(self.stores[1]) + u64::from(self.hand)
            - u64::from(self.stock)
    }

    /// Applies one step, checking that it is possible (a pit exists, a drop has a seed in hand,
    /// a lift or capture takes what the pit holds).
    pub fn apply(&mut self, step: &SowStep) -> Result<(), ReplayError> {
        let index = self.applied;
        let err = |message: String| ReplayError {
            step: index,
            message,
        };
        let len = self.pits.len();
        let pit_ok = |pit: usize| {
            if pit < len {
                Ok(pit)
            } else {
                Err(err(format!("pit {pit} is off the board of {len} pits")))
            }
        };
        // Empties a pit that must hold exactly `seeds`.
        let mut take = |pit: usize, seeds: u32, what: &str| {
            let p = pit_ok(pit)?;
            if self.pits[p] != seeds {
                return Err(err(format!(
                    "{what} of {seeds} seeds from pit {p}, which holds {}",
                    self.pits[p]
                )));
            }
            self.pits[p] = 0;
            Ok(())
        };
        match step {
            SowStep::Lift { pit, seeds, .. } => {
                take(*pit, *seeds, "lift")?;
                self.hand += seeds;
            }
            SowStep::Capture { pit, seeds, by } => {
                take(*pit, *seeds, "capture")?;
                self.stores[by.index()] += seeds;
            }
            SowStep::Stock { pit } => {
                let p = pit_ok(*pit)?;
                self.pits[p] += 1;
                self.stock += 1;
            }
            SowStep::Drop { pit } => {
                let p = pit_ok(*pit)?;
                if self.hand == 0 {
                    return Err(err(format!("drop into pit {p} with no seed in hand")));
                }
                self.hand -= 1;
                self.pits[p] += 1;
            }
            SowStep::NoCapture { pits, .. } => {
                for &p in pits {
                    pit_ok(p)?;
                }
            }
            SowStep::ExtraTurn => {}
            SowStep::Settle { pits, stores, .. } => {
                if pits.len() != len {
                    return Err(err(format!(
                        "settles on {} pits, the board has {len}",
                        pits.len()
                    )));
                }
                self.pits.clone_from(pits);
                self.stores = *stores;
                self.hand = 0;
            }
        }
        self.applied += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn laps_are_counted_from_an_empty_hand() {
        let mut t = SowTrace::new();
        t.lift(0, 2, false);
        let last = t.sow_ring(0, 2, 12, None);
        assert_eq!(last, 2);
        t.lift(2, 3, false);
        t.lift(9, 1, true);
        t.sow_ring(2, 4, 12, Some(3));
        let laps: Vec<u32> = t
            .steps()
            .iter()
            .filter_map(|s| match s {
                SowStep::Lift { lap, .. } => Some(*lap),
                _ => None,
            })
            .collect();
        assert_eq!(laps, [1, 2, 2]);
        let drops: Vec<usize> = t
            .steps()
            .iter()
            .filter_map(|s| match s {
                SowStep::Drop { pit } => Some(*pit),
                _ => None,
            })
            .collect();
        assert_eq!(drops, [1, 2, 4, 5, 6, 7], "pit 3 is skipped");
    }

    #[test]
    fn the_cap_stops_recording_but_not_the_jump() {
        let mut t = SowTrace::new();
        t.lift(0, 3000, false);
        t.sow_ring(0, 3000, 12, None);
        assert!(t.summarised());
        assert_eq!(t.steps().len(), 1 + DROP_CAP);
        t.settle(SettleKind::Summary, "long".into(), vec![0; 12], [0, 0]);
        assert_eq!(t.steps().len(), 2 + DROP_CAP);
    }

    #[test]
    fn replay_refuses_impossible_steps() {
        let mut b = SowBoard::new(vec![1, 0, 0, 0], [0, 0]);
        assert!(b.apply(&SowStep::Drop { pit: 1 }).is_err());
        let lift = SowStep::Lift {
            pit: 0,
            seeds: 2,
            lap: 1,
            capture: false,
        };
        assert!(b.apply(&lift).unwrap_err().message.contains("holds 1"));
        assert!(b.apply(&SowStep::Stock { pit: 9 }).is_err());
        let mut b = SowBoard::new(vec![1, 2, 0, 0], [0, 0]);
        for s in [
            SowStep::Lift {
                pit: 0,
                seeds: 1,
                lap: 1,
                capture: false,
            },
            SowStep::Drop { pit: 1 },
            SowStep::Capture {
                pit: 1,
                seeds: 3,
                by: Side::North,
            },
        ] {
            b.apply(&s).unwrap();
        }
        assert_eq!((b.pits.clone(), b.stores, b.hand), (vec![0; 4], [0, 3], 0));
        assert_eq!(b.seeds(), 3);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn steps_serialise_with_their_kind_and_fields() {
        let steps = [
            SowStep::Lift {
                pit: 3,
                seeds: 5,
                lap: 1,
                capture: false,
            },
            SowStep::Stock { pit: 2 },
            SowStep::Drop { pit: 4 },
            SowStep::Capture {
                pit: 7,
                seeds: 2,
                by: Side::North,
            },
            SowStep::NoCapture {
                pits: vec![6, 7],
                reason: "grand slam".into(),
            },
            SowStep::ExtraTurn,
            SowStep::Settle {
                kind: SettleKind::Summary,
                reason: "long".into(),
                pits: vec![1, 0],
                stores: [2, 3],
            },
        ];
        let json: Vec<String> = steps
            .iter()
            .map(|s| serde_json::to_string(s).unwrap())
            .collect();
        assert_eq!(
            json,
            [
                r#"{"kind":"lift","pit":3,"seeds":5,"lap":1,"capture":false}"#,
                r#"{"kind":"stock","pit":2}"#,
                r#"{"kind":"drop","pit":4}"#,
                r#"{"kind":"capture","pit":7,"seeds":2,"by":"north"}"#,
                r#"{"kind":"no_capture","pits":[6,7],"reason":"grand slam"}"#,
                r#"{"kind":"extra_turn"}"#,
                r#"{"kind":"settle","settle":"summary","reason":"long","pits":[1,0],"stores":[2,3]}"#,
            ]
        );
        for (s, j) in steps.iter().zip(&json) {
            assert!(j.starts_with(&format!(r#"{{"kind":"{}""#, s.kind())), "{j}");
        }
    }
}
