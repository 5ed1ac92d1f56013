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

/// One rule option: its name, current value, accepted values and a one-line description.
///
/// With the crate's `serde` feature it serialises as the API's option object: `name`, `value`,
/// `values`, `doc`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct OptionInfo {
    /// The name used with `--rule NAME=VALUE`.
    pub name: &'static str,
    /// The current (or default) value.
    pub value: String,
    /// The accepted values, e.g. `"On | Off"` or `"1..20"`.
    pub values: String,
    /// What the option means.
    pub doc: &'static str,
}

impl OptionInfo {
    /// A new descriptor.
    pub fn new(
        name: &'static str,
        value: impl Into<String>,
        values: &str,
        doc: &'static str,
    ) -> Self {
        OptionInfo {
            name,
            value: value.into(),
            values: values.to_string(),
            doc,
        }
    }
}

/// The accepted values of an enum-valued option whose current value is `_v`.
#[doc(hidden)]
pub fn choices_of<T: OptionEnum>(_v: &T) -> String {
    T::choices()
}

/// Reads `value` as a value of the enum of `_v` (option `name`).
#[doc(hidden)]
pub fn parse_like<T: OptionEnum>(_v: &T, name: &str, value: &str) -> Result<T, RuleError> {
    T::parse(name, value)
}

/// Reads `value` as a whole number from `min` to `max` of the type of the option's field.
#[doc(hidden)]
pub fn parse_in<T: TryFrom<u32>>(
    name: &str,
    value: &str,
    min: u32,
    max: u32,
) -> Result<T, RuleError> {
    let n = parse_number(name, value, min, max)?;
    T::try_from(n).map_err(|_| bad(name, value, &format!("{min}..{max}")))
}

/// Declares a game's rules struct and writes its [`RuleSet`](crate::RuleSet) implementation from
/// one table: per option its documented field (whose name is the option's name), its type, its
/// kind and its one-line description. The kinds: `choice` (an
/// [`option_enum!`](crate::option_enum) type), `switch` (`On | Off`), `side` (`South | North`),
/// `number(MIN, MAX)` and `optional(WORD, MIN, MAX)` (`WORD` or a number, an `Option`). The
/// struct, [`RuleSet::options`](crate::RuleSet::options) and
/// [`RuleSet::set`](crate::RuleSet::set) all come from the table, so they cannot disagree.
macro_rules! rule_options {
    (
        $(#[$meta:meta])*
        pub struct $rules:ident {
            $(
                $(#[$fmeta:meta])*
                pub $field:ident: $ty:ty = $kind:ident $(($($arg:expr),*))? => $doc:expr
            ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        pub struct $rules {
            $($(#[$fmeta])* pub $field: $ty),+
        }

        impl $crate::RuleSet for $rules {
            fn options(&self) -> Vec<$crate::options::OptionInfo> {
                vec![$(
                    $crate::options::OptionInfo::new(
                        stringify!($field),
                        $crate::options::rule_options!(@text $kind $(($($arg),*))?, self.$field),
                        &$crate::options::rule_options!(@values $kind $(($($arg),*))?, self.$field),
                        $doc,
                    )
                ),+]
            }

            fn set(&mut self, name: &str, value: &str) -> Result<(), $crate::RuleError> {
                match name {
                    $(stringify!($field) => {
                        self.$field = $crate::options::rule_options!(
                            @parse $kind $(($($arg),*))?, self.$field, name, value
                        )?;
                    })+
                    _ => {
                        return Err($crate::RuleError::UnknownOption {
                            name: name.to_string(),
                            known: vec![$(stringify!($field)),+],
                        })
                    }
                }
                Ok(())
            }
        }
    };
    (@text choice, $v:expr) => { $crate::options::OptionEnum::name($v).to_string() };
    (@values choice, $v:expr) => { $crate::options::choices_of(&$v) };
    (@parse choice, $v:expr, $name:ident, $value:ident) => {
        $crate::options::parse_like(&$v, $name, $value)
    };
    (@text switch, $v:expr) => { $crate::options::bool_name($v).to_string() };
    (@values switch, $v:expr) => { "On | Off" };
    (@parse switch, $v:expr, $name:ident, $value:ident) => {
        $crate::options::parse_bool($name, $value)
    };
    (@text side, $v:expr) => { $crate::sow::capital($v.name()) };
    (@values side, $v:expr) => { "South | North" };
    (@parse side, $v:expr, $name:ident, $value:ident) => {
        $crate::Side::parse($value)
            .ok_or_else(|| $crate::options::bad($name, $value, "South | North"))
    };
    (@text number($min:expr, $max:expr), $v:expr) => { $v.to_string() };
    (@values number($min:expr, $max:expr), $v:expr) => { format!("{}..{}", $min, $max) };
    (@parse number($min:expr, $max:expr), $v:expr, $name:ident, $value:ident) => {
        $crate::options::parse_in($name, $value, $min, $max)
    };
    (@text optional($word:expr, $min:expr, $max:expr), $v:expr) => {
        $v.map_or($word.to_string(), |n| n.to_string())
    };
    (@values optional($word:expr, $min:expr, $max:expr), $v:expr) => {
        format!("{} | {}..{}", $word, $min, $max)
    };
    (@parse optional($word:expr, $min:expr, $max:expr), $v:expr, $name:ident, $value:ident) => {
        $crate::options::parse_optional_number($name, $value, $min, $max)
    };
}
pub(crate) use rule_options;
