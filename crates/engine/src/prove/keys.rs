//! The keys of the prover's tables: the hashes of the part of the history a node keeps
//! (module docs, "History and the transposition table", "Monotone histories"), the entries and
//! the maps.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use crate::tt::FastHasher;

/// The hasher of the prover's maps and key sets: multiply-rotate, finished by a 64-bit mix.
pub(super) type KeyHasher = FastHasher<true>;

/// The 64-bit mix of a key that the history sets are hashed with.
pub(super) fn mix<K: Hash>(key: &K) -> u64 {
    let mut h = KeyHasher::seeded(0x243f_6a88_85a3_08d3);
    key.hash(&mut h);
    h.finish()
}

/// Bounds proven on a (position, history) pair, and the move that proved the lower one.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry<M> {
    pub(super) lo: i32,
    pub(super) hi: i32,
    pub(super) best: M,
}

/// Hashes of the part of the history a node keeps (module docs, "History and the
/// transposition table"): all of it, and for the current test's threshold the positions whose
/// repetition is good for South with those whose repetition is not known, and those whose
/// repetition is bad with those not known ("Monotone histories").
#[derive(Clone, Copy, Debug)]
pub(super) struct Sets {
    pub(super) all: u64,
    pub(super) good: u64,
    pub(super) bad: u64,
}

impl Sets {
    /// The sets holding only `key`, whose repetition is good for South (`Some(true)`), bad
    /// (`Some(false)`) or not known.
    pub(super) fn fresh<K: Hash>(key: &K, good: Option<bool>) -> Sets {
        Sets {
            all: 0,
            good: 0,
            bad: 0,
        }
        .with(key, good)
    }

    /// These sets and `key`.
    pub(super) fn with<K: Hash>(self, key: &K, good: Option<bool>) -> Sets {
        let m = mix(key);
        Sets {
            all: self.all ^ m,
            good: if good != Some(false) {
                self.good ^ m
            } else {
                self.good
            },
            bad: if good != Some(true) {
                self.bad ^ m
            } else {
                self.bad
            },
        }
    }
}

/// A null-window result that holds for every history with the same part of one kind
/// ("Monotone histories"): the position's key, South's threshold, the hash of that part, and
/// whether South gets at least the threshold (the part is then the bad one) or less (the good
/// one).
pub(super) type MonoKey<K> = (K, i32, u64, bool);

/// Maps keyed by position keys.
pub(super) type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;
