//! One byte per board: the value in the low six bits, two exactness flags above.

/// Bit set when the value is exact from an empty repetition history (the bounds met).
pub(crate) const EXACT_EMPTY: u8 = 1 << 6;
/// Bit set when no repetition can be reached: the value is exact from any history.
pub(crate) const EXACT_ANY: u8 = 1 << 7;
const VALUE: u8 = 0x3f;

/// Packs a value (at most 48) and its flags.
#[inline]
pub(crate) fn pack(value: u32, exact_empty: bool, exact_any: bool) -> u8 {
    debug_assert!(value <= u32::from(VALUE));
    value as u8 | if exact_empty { EXACT_EMPTY } else { 0 } | if exact_any { EXACT_ANY } else { 0 }
}

/// The value: seeds of the board the side to move gets.
#[inline]
pub(crate) fn value(e: u8) -> u8 {
    e & VALUE
}

/// Whether the entry is exact from any history.
#[inline]
pub(crate) fn exact_any(e: u8) -> bool {
    e & EXACT_ANY != 0
}

/// Whether the entry is exact from an empty history.
#[inline]
pub(crate) fn exact_empty(e: u8) -> bool {
    e & EXACT_EMPTY != 0
}

/// Whether a byte can be an entry of the `n`-seed table.
pub(crate) fn valid(e: u8, n: u32) -> bool {
    u32::from(value(e)) <= n && (!exact_any(e) || exact_empty(e))
}
