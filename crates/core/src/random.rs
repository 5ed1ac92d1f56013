//! Small deterministic generators for reproducible random playouts (tests, tools): the same
//! seed gives the same choices on every platform and run.

/// A 64-bit linear congruential generator (Knuth's MMIX constants); choices use its high bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lcg(pub u64);

impl Lcg {
    /// The next choice among `n` (`0..n`; `n` must not be zero).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// SplitMix64 (Steele, Lea and Flood): a small, fast generator with good statistics, for
/// choosing moves and openings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A choice among `n` (`0..n`; `n` must not be zero), from the high bits (multiply and
    /// shift, no division).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::{Lcg, SplitMix};

    #[test]
    fn splitmix_gives_the_published_sequence() {
        // The reference implementation's first outputs from seed 0.
        let mut r = SplitMix(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        let mut r = SplitMix(3);
        for n in 1..50 {
            assert!(r.below(n) < n);
        }
    }

    #[test]
    fn choices_are_in_range_and_reproducible() {
        let mut a = Lcg(7);
        let mut b = Lcg(7);
        let picks: Vec<usize> = (1..200).map(|n| a.below(n)).collect();
        assert!(picks.iter().zip(1..).all(|(&p, n)| p < n));
        assert_eq!(picks, (1..200).map(|n| b.below(n)).collect::<Vec<_>>());
        assert!(picks.iter().any(|&p| p > 0));
    }
}
