//! The transposition table: a fixed-size array of lock-free entries shared by every search thread,
//! and the hashing of positions and repetition contexts into its keys.
//!
//! Each entry is two `AtomicU64`: the key XORed with the data, and the data. A reader accepts an
//! entry only if the two agree, so a torn write by another thread reads as a miss, never as a
//! wrong entry (the classic lockless scheme). No `unsafe` is needed.

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
    /// The subtree's value came from finished games only (no evaluation, no unresolved entry).
    pub resolved: bool,
    /// Index of the best move in the legal move list (pit order), if any.
    pub mv: Option<u8>,
}

/// Depth recorded for resolved entries: they are valid at any depth.
pub(crate) const RESOLVED_DEPTH: u8 = u8::MAX;

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A shared transposition table.
pub struct Table {
    slots: Box<[Slot]>,
    mask: u64,
    generation: AtomicU8,
}

impl core::fmt::Debug for Table {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Table({} entries)", self.slots.len())
    }
}

impl Table {
    /// A table of about `megabytes` MiB (rounded down to a power of two entries; at least 1024).
    #[must_use]
    pub fn new(megabytes: usize) -> Self {
        let bytes = megabytes.clamp(1, 1 << 16) << 20;
        let wanted = (bytes / core::mem::size_of::<Slot>()).max(1024);
        let count = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let slots = (0..count)
            .map(|_| Slot {
                check: AtomicU64::new(0),
                data: AtomicU64::new(0),
            })
            .collect();
        Table {
            slots,
            mask: count as u64 - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets every entry.
    pub fn clear(&self) {
        for s in self.slots.iter() {
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
        let n = self.slots.len().min(1000);
        let used = self.slots[..n]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && (d >> 50) & 0x3f == g
            })
            .count();
        (used * 1000 / n) as u32
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[(key & self.mask) as usize];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        if data == 0 || check ^ data != key {
            return None;
        }
        Some(decode(data))
    }

    #[inline]
    pub(crate) fn store(&self, key: u64, e: Entry) {
        let slot = &self.slots[(key & self.mask) as usize];
        let g = u64::from(self.generation.load(Ordering::Relaxed));
        let old = slot.data.load(Ordering::Relaxed);
        if old != 0 {
            let same = slot.check.load(Ordering::Relaxed) ^ old == key;
            let old_depth = ((old >> 32) & 0xff) as u8;
            let old_gen = (old >> 50) & 0x3f;
            // Keep a deeper entry of the current search for another position.
            if !same && old_gen == g && old_depth > e.depth.saturating_add(2) {
                return;
            }
        }
        let mv = e.mv.map_or(0, |m| u64::from(m & 0x3f) | 0x40);
        let data = u64::from(e.value as u32)
            | (u64::from(e.depth) << 32)
            | ((e.bound as u64) << 40)
            | (u64::from(e.resolved) << 42)
            | (mv << 43)
            | (g << 50)
            | (1 << 56);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(key ^ data, Ordering::Relaxed);
    }
}

#[inline]
fn decode(d: u64) -> Entry {
    let mv = (d >> 43) & 0x7f;
    Entry {
        value: d as u32 as i32,
        depth: ((d >> 32) & 0xff) as u8,
        bound: match (d >> 40) & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        },
        resolved: (d >> 42) & 1 == 1,
        mv: if mv & 0x40 != 0 {
            Some((mv & 0x3f) as u8)
        } else {
            None
        },
    }
}

/// A small, fast, deterministic hasher (multiply-rotate), good enough once finished by [`mix`].
#[derive(Default)]
pub(crate) struct FastHasher(u64);

impl Hasher for FastHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
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

/// SplitMix64's finaliser: spreads every input bit over the output.
#[inline]
#[must_use]
pub(crate) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The hash of any hashable value (a repetition key, a move).
#[inline]
pub(crate) fn hash_of<T: Hash>(value: &T) -> u64 {
    let mut h = FastHasher::default();
    value.hash(&mut h);
    mix(h.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe_round_trip() {
        let t = Table::new(1);
        let e = Entry {
            value: -123_456,
            depth: 7,
            bound: Bound::Lower,
            resolved: true,
            mv: Some(5),
        };
        t.store(42, e);
        let got = t.probe(42).expect("stored");
        assert_eq!(got.value, -123_456);
        assert_eq!(got.depth, 7);
        assert_eq!(got.bound, Bound::Lower);
        assert!(got.resolved);
        assert_eq!(got.mv, Some(5));
        assert!(t.probe(43).is_none());
        t.clear();
        assert!(t.probe(42).is_none());
    }
}
