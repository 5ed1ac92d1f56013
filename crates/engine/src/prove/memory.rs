//! What proofs of one game carry from one to the next ([`ProofMemory`]).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::games::EngineGame;

use super::keys::{Entry, KeyHasher, KeyMap, MonoKey};

/// What proofs of positions of one game (the same rules, the same tables) can carry from one to the
/// next ([`prove_sharing`](super::prove_sharing)): every result the prover keeps that is a fact
/// about a position and a history, never about the proof it was found in.
///
/// * The transposition table: each entry is keyed by the position and the set of positions
///   seen since the last capture, all its value can depend on (module docs).
/// * The monotone table, keyed by the position, the test and the part of the history that
///   could change its result ("Monotone histories").
/// * The quiet graph's components that a labelling run finished, and the history-free and
///   first-cycle verdicts of the analyses that finished ("Inside a component"); a run or an
///   analysis that a budget stopped is forgotten, so that a later proof may run it again.
///
/// Under the shared-cycle argument ("Rules whose cycles all end alike") the transposition
/// table holds results that count the positions of the proof's own history as terminals, and
/// nothing else is used: a proof under it starts from an empty memory (and leaves it empty).
pub struct ProofMemory<P: EngineGame> {
    pub(super) tt: KeyMap<(P::Key, u64), Entry<P::Move>>,
    pub(super) safe: KeyMap<(P::Key, i32), u8>,
    pub(super) analysed: HashMap<(u32, i32), (), BuildHasherDefault<KeyHasher>>,
    pub(super) mono: KeyMap<MonoKey<P::Key>, ()>,
    pub(super) labels: HashMap<P::Key, u32, BuildHasherDefault<KeyHasher>>,
    pub(super) next: u32,
    pub(super) sizes: Vec<u32>,
}

impl<P: EngineGame> Default for ProofMemory<P> {
    fn default() -> Self {
        ProofMemory {
            tt: HashMap::default(),
            safe: HashMap::default(),
            analysed: HashMap::default(),
            mono: HashMap::default(),
            labels: HashMap::default(),
            next: 0,
            sizes: Vec::new(),
        }
    }
}

impl<P: EngineGame> ProofMemory<P> {
    /// The entries of the transposition table kept.
    #[must_use]
    pub fn entries(&self) -> usize {
        self.tt.len()
    }

    /// The positions with a history-free or first-cycle verdict kept, per test.
    #[must_use]
    pub fn verdicts(&self) -> usize {
        self.safe.len()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        *self = Self::default();
    }

    /// Forgets the components and their verdicts once either holds more than `max` entries
    /// (the transposition and monotone tables keep themselves within `max` as they fill).
    pub(super) fn trim(&mut self, max: usize) {
        if self.labels.len() > max || self.safe.len() > max {
            self.safe.clear();
            self.analysed.clear();
            self.labels.clear();
            self.sizes.clear();
            self.next = 0;
        }
    }
}
