//! The transposition table: buckets of four lock-free entries, one 64-byte cache line each,
//! shared by every search thread, and the hashing of positions and repetition contexts into keys.
//!
//! A key (the node's position, repetition context and ply: see [`crate::search`]) picks a
//! bucket; a probe reads the four entries of that cache line, so it costs one memory access.
//!
//! Each entry is two `AtomicU64`: the key XORed with the data, and the data. A reader accepts an
//! entry only if the two agree, so a torn write by another thread reads as a miss, never as a
//! wrong entry (the classic lockless scheme). The only `unsafe` is the prefetch hint
//! ([`Table::prefetch`]).
//!
//! A store overwrites the entry with the same key if there is one, else an empty entry, else the
//! entry worth least: entries of an older search first, then the shallowest.

use core::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

/// How a stored value bounds the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// No value (the entry only carries a move).
    None = 0,
    /// The true value is at most the stored one (all moves failed low).
    Upper = 1,
    /// The true value is at least the stored one (a move failed high).
    Lower = 2,
    /// The stored value is the value.
    Exact = 3,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    /// The subtree's value came from finished games and endgame tables only (no evaluation, no
    /// unresolved entry): its outcome (win, draw or loss) is the game-theoretic one.
    pub resolved: bool,
    /// With `resolved`: the margin is exact too. A resolved value that rests on a table win
    /// (whose margin is only a guaranteed minimum, see `crate::tb`) has a proven outcome and a
    /// margin that is a guaranteed minimum for the winner.
    pub exact_margin: bool,
    /// Index of the best move in the legal move list (pit order), if any.
    pub mv: Option<u8>,
}

/// Depth recorded for resolved entries: they are valid at any depth.
pub(crate) const RESOLVED_DEPTH: u8 = u8::MAX;

/// Entries per bucket: 4 x 16 bytes fill one 64-byte cache line.
const WAYS: usize = 4;

// The data word: value (22 bits, offset), depth (8), bound (2), resolved (1), move (6 + present
// bit), generation (6), occupied (1), exact margin (1).
const VALUE_BITS: u32 = 22;
const VALUE_OFFSET: i32 = 1 << (VALUE_BITS - 1);
const DEPTH_SHIFT: u32 = 22;
const BOUND_SHIFT: u32 = 30;
const RESOLVED_SHIFT: u32 = 32;
const MOVE_SHIFT: u32 = 33;
const GEN_SHIFT: u32 = 40;
const OCCUPIED: u64 = 1 << 46;
const EXACT_MARGIN: u64 = 1 << 47;

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Four entries in one cache line.
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

impl Bucket {
    fn empty() -> Self {
        Bucket(core::array::from_fn(|_| Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }))
    }
}

/// A shared transposition table.
pub struct Table {
    buckets: Box<[Bucket]>,
    mask: u64,
    generation: AtomicU8,
}

impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Table({} entries)", self.buckets.len() * WAYS)
    }
}

#[inline]
fn generation_of(data: u64) -> u64 {
    (data >> GEN_SHIFT) & 0x3f
}

impl Table {
    /// A table of about `megabytes` MiB (rounded down to a power of two buckets of four entries;
    /// at least 1024 entries).
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.clamp(1, 1 << 16) << 20;
        let wanted = (bytes / core::mem::size_of::<Bucket>()).max(256);
        let count = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let buckets = (0..count).map(|_| Bucket::empty()).collect();
        Table {
            buckets,
            mask: count as u64 - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for s in self.buckets.iter().flat_map(|b| b.0.iter()) {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation
            .store(g.wrapping_add(1) & 0x3f, Ordering::Relaxed);
    }

    /// Per-mille of a sample of entries written by the current search (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let g = u64::from(self.generation.load(Ordering::Relaxed));
        let n = self.buckets.len().min(250);
        let used = self.buckets[..n]
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d & OCCUPIED != 0 && generation_of(d) == g
            })
            .count();
        (used * 1000 / (n * WAYS)) as u32
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[(key & self.mask) as usize]
    }

    /// Asks the processor to start loading `key`'s bucket into the cache, without waiting for
    /// it: the search calls this as soon as it knows a child's key, and probes the bucket only
    /// after the child's other work is done.
    ///
    /// This is the crate's one `unsafe` block. Safe Rust has no prefetch: `_mm_prefetch` is a
    /// `#[target_feature]` intrinsic, callable safely only from a function that enables the
    /// feature itself, and such a function is `unsafe` to call. An ordinary load in its place
    /// was measured and did not help (it waits, or is optimised away). The prefetch made the
    /// search from the Abapa start about 10% faster in wall-clock time at an equal node count
    /// (docs/engine.md, "Third round"). Elsewhere than x86-64 it does nothing.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: SSE is part of the x86-64 baseline, so the instruction exists on every
            // processor this code runs on. A prefetch is only a hint: it reads and writes nothing
            // architecturally and cannot fault, and `bucket` points into a live allocation anyway.
            #[allow(unsafe_code)]
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
                    bucket.cast(),
                );
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        for slot in &self.bucket(key).0 {
            let data = slot.data.load(Ordering::Relaxed);
            if data & OCCUPIED != 0 && slot.check.load(Ordering::Relaxed) ^ data == key {
                return Some(decode(data));
            }
        }
        None
    }

    /// Stores `e` for `key`.
    #[inline]
    pub(crate) fn store(&self, key: u64, e: Entry) {
        let bucket = self.bucket(key);
        let g = u64::from(self.generation.load(Ordering::Relaxed));
        let mut victim = 0;
        let mut worth = i32::MAX;
        for (i, slot) in bucket.0.iter().enumerate() {
            let old = slot.data.load(Ordering::Relaxed);
            if old & OCCUPIED == 0 {
                if worth > -1 {
                    victim = i;
                    worth = -1;
                }
                continue;
            }
            if slot.check.load(Ordering::Relaxed) ^ old == key {
                victim = i;
                break;
            }
            let depth = ((old >> DEPTH_SHIFT) & 0xff) as i32;
            let w = depth + if generation_of(old) == g { 256 } else { 0 };
            if w < worth {
                victim = i;
                worth = w;
            }
        }
        let mv = e.mv.map_or(0, |m| u64::from(m & 0x3f) | 0x40);
        let value = (e.value.clamp(-VALUE_OFFSET, VALUE_OFFSET - 1) + VALUE_OFFSET) as u64;
        let data = value
            | (u64::from(e.depth) << DEPTH_SHIFT)
            | ((e.bound as u64) << BOUND_SHIFT)
            | (u64::from(e.resolved) << RESOLVED_SHIFT)
            | (mv << MOVE_SHIFT)
            | (g << GEN_SHIFT)
            | OCCUPIED
            | if e.exact_margin { EXACT_MARGIN } else { 0 };
        let slot = &bucket.0[victim];
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

#[inline]
fn decode(d: u64) -> Entry {
    let mv = (d >> MOVE_SHIFT) & 0x7f;
    Entry {
        value: (d & ((1 << VALUE_BITS) - 1)) as i32 - VALUE_OFFSET,
        depth: ((d >> DEPTH_SHIFT) & 0xff) as u8,
        bound: match (d >> BOUND_SHIFT) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        },
        resolved: (d >> RESOLVED_SHIFT) & 1 == 1,
        exact_margin: d & EXACT_MARGIN != 0,
        mv: if mv & 0x40 != 0 {
            Some((mv & 0x3f) as u8)
        } else {
            None
        },
    }
}
/// A small, fast, deterministic hasher (multiply-rotate). Its raw value is good enough once
/// finished by [`mix`]; with `MIXED`, [`Hasher::finish`] applies that mix itself (for hash maps
/// and for sets of keys combined by XOR, where every input bit must reach every output bit).
#[derive(Clone, Copy, Default)]
pub(crate) struct FastHasher<const MIXED: bool>(u64);

impl<const MIXED: bool> FastHasher<MIXED> {
    /// A hasher whose state starts at `seed`.
    pub(crate) const fn seeded(seed: u64) -> Self {
        FastHasher(seed)
    }
}

impl<const MIXED: bool> Hasher for FastHasher<MIXED> {
    #[inline]
    fn finish(&self) -> u64 {
        if MIXED {
            mix(self.0)
        } else {
            self.0
        }
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(b));
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_u128(&mut self, v: u128) {
        self.write_u64(v as u64);
        self.write_u64((v >> 64) as u64);
    }
    #[inline]
    fn write_u8(&mut self, v: u8) {
        self.write_u64(u64::from(v));
    }
    #[inline]
    fn write_u32(&mut self, v: u32) {
        self.write_u64(u64::from(v));
    }
    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

/// SplitMix64: the next number of the generator whose state was `seed` (a step and [`mix`]).
#[inline]
#[must_use]
pub(crate) fn splitmix(seed: u64) -> u64 {
    mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15))
}

/// SplitMix64's finaliser: spreads every input bit over the output.
#[inline]
#[must_use]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// [`FastHasher`]'s value before [`mix`]: cheaper, and weaker. For a value hashed as one small
/// integer (a pit), its low byte is a bijection of the integer's (an odd multiplier), so such
/// values never share a slot of a 256-slot table keyed by the low byte.
#[inline]
pub(crate) fn raw_hash_of<T: Hash>(value: &T) -> u64 {
    let mut h = FastHasher::<false>::default();
    value.hash(&mut h);
    h.finish()
}

/// The hash of any hashable value (a repetition key).
#[inline]
pub(crate) fn hash_of<T: Hash>(value: &T) -> u64 {
    mix(raw_hash_of(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(value: i32, depth: u8, mv: Option<u8>) -> Entry {
        Entry {
            value,
            depth,
            bound: Bound::Lower,
            resolved: false,
            exact_margin: false,
            mv,
        }
    }

    #[test]
    fn small_integers_have_distinct_low_bytes() {
        let mut seen = [false; 256];
        for v in 0..=u8::MAX {
            let b = raw_hash_of(&mancala_core::sow::Pit::<6>(v)) as usize & 0xff;
            assert!(!seen[b], "pit {v} shares slot {b}");
            seen[b] = true;
        }
    }

    #[test]
    fn store_and_probe_round_trip() {
        let t = Table::new(1);
        for value in [-crate::eval::INF, -1_256_001, -123_456, 0, 77, 1_255_999] {
            for exact_margin in [false, true] {
                let e = Entry {
                    value,
                    depth: 7,
                    bound: Bound::Lower,
                    resolved: true,
                    exact_margin,
                    mv: Some(5),
                };
                t.store(42, e);
                let got = t.probe(42).expect("stored");
                assert_eq!(got.value, value);
                assert_eq!(got.depth, 7);
                assert_eq!(got.bound, Bound::Lower);
                assert!(got.resolved);
                assert_eq!(got.exact_margin, exact_margin);
                assert_eq!(got.mv, Some(5));
            }
        }
        assert!(t.probe(43).is_none());
        t.clear();
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn a_bucket_holds_four_nodes_and_evicts_the_least_worth() {
        let t = Table::new(1);
        // Keys that share a bucket (same low bits).
        let stride = t.mask + 1;
        let key = |i: u64| 3 + i * stride;
        for i in 0..4 {
            t.store(key(i), entry(i as i32, 10 + i as u8, None));
        }
        for i in 0..4 {
            assert_eq!(t.probe(key(i)).map(|e| e.value), Some(i as i32));
        }
        t.store(key(4), entry(4, 20, None));
        assert!(t.probe(key(0)).is_none(), "the shallowest went");
        for i in 1..5 {
            assert!(t.probe(key(i)).is_some());
        }
        // The same key is overwritten in place, whatever its depth.
        t.store(key(4), entry(44, 1, Some(2)));
        assert_eq!(
            t.probe(key(4)).map(|e| (e.value, e.mv)),
            Some((44, Some(2)))
        );
        // Entries of an older search go before deeper ones of this search.
        t.new_search();
        t.store(key(5), entry(5, 1, None));
        assert_eq!(t.probe(key(5)).map(|e| e.value), Some(5));
        t.store(key(6), entry(6, 1, None));
        assert!(t.probe(key(5)).is_some(), "this search's entry stays");
        assert_eq!(t.hashfull(), 2, "two of the 1000 sampled entries are new");
    }
}
