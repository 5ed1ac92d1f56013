//! Helpers for rule options: enums with names, and value parsing shared by every game.

use crate::RuleError;

/// Normalises a value for comparison: case and `_`/`-` are ignored, so `CaptureForfeited`,
/// `capture_forfeited` and `capture-forfeited` are the same value.
#[must_use]
pub fn normalize(text: &str) -> String {
    text.chars()
        .filter(|c| *c != '_' && *c != '-' && !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Reads an on/off option (`on`, `off`, `true`, `false`, `yes`, `no`, `1`, `0`).
pub fn parse_bool(name: &str, value: &str) -> Result<bool, RuleError> {
    match normalize(value).as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(bad(name, value, "On or Off")),
    }
}

/// `"On"` or `"Off"`.
#[must_use]
pub fn bool_name(v: bool) -> &'static str {
    if v {
        "On"
    } else {
        "Off"
    }
}

/// Reads a whole number in `min..=max`.
pub fn parse_number(name: &str, value: &str, min: u32, max: u32) -> Result<u32, RuleError> {
    value
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| bad(name, value, &format!("a whole number from {min} to {max}")))
}

/// Reads an optional number: `none`/`off` or a whole number in `min..=max`.
pub fn parse_optional_number(
    name: &str,
    value: &str,
    min: u32,
    max: u32,
) -> Result<Option<u32>, RuleError> {
    match normalize(value).as_str() {
        "none" | "off" | "auto" => Ok(None),
        _ => parse_number(name, value, min, max).map(Some).map_err(|_| {
            bad(
                name,
                value,
                &format!("none, or a whole number from {min} to {max}"),
            )
        }),
    }
}

/// The error for a value an option does not accept.
#[must_use]
pub fn bad(name: &str, value: &str, expected: &str) -> RuleError {
    RuleError::BadValue {
        name: name.to_string(),
        value: value.to_string(),
        expected: expected.to_string(),
    }
}

/// An enum-valued rule option.
pub trait OptionEnum: Copy + Sized + 'static {
    /// Every value with its canonical name, in documentation order.
    const VALUES: &'static [(&'static str, Self)];

    /// The canonical name of this value.
    fn name(self) -> &'static str;

    /// Reads a value by name (see [`normalize`]).
    fn parse(option: &str, value: &str) -> Result<Self, RuleError> {
        let want = normalize(value);
        Self::VALUES
            .iter()
            .find(|(n, _)| normalize(n) == want)
            .map(|&(_, v)| v)
            .ok_or_else(|| bad(option, value, &Self::choices()))
    }

    /// `"A | B | C"`.
    fn choices() -> String {
        Self::VALUES
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(" | ")
    }
}

/// Declares a documented enum-valued rule option.
#[macro_export]
macro_rules! option_enum {
    ($(#[$meta:meta])* pub enum $name:ident { $($(#[$vmeta:meta])* $variant:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant),+ }

        impl $crate::options::OptionEnum for $name {
            const VALUES: &'static [(&'static str, Self)] = &[$((stringify!($variant), $name::$variant)),+];
            fn name(self) -> &'static str {
                match self { $($name::$variant => stringify!($variant)),+ }
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str($crate::options::OptionEnum::name(*self))
            }
        }
    };
}
