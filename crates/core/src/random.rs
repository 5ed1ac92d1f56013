//! A small deterministic generator for reproducible random playouts (tests, tools): the same
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

#[cfg(test)]
mod tests {
    use super::Lcg;

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
