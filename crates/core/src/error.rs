//! Typed errors of the rules core. Messages are lower-case and say what is wrong and where.

use core::fmt;

/// Declares an error struct of public named fields (`Clone, Debug, PartialEq, Eq`), its
/// `Display` from one format string that names the fields (`display "at {line}: {message}"`),
/// and its [`std::error::Error`] implementation (no source): the one shape of the core's
/// struct errors, written once.
macro_rules! error_struct {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $($(#[$fmeta:meta])* pub $field:ident: $ty:ty),+ $(,)?
        }
        display $fmt:literal
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct $name {
            $($(#[$fmeta])* pub $field: $ty),+
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                #[allow(unused_variables)]
                let $name { $($field),+ } = self;
                write!(f, $fmt)
            }
        }

        impl std::error::Error for $name {}
    };
}
pub(crate) use error_struct;

/// Why a move is not legal in a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game is over.
    GameOver,
    /// The pit belongs to the other player (or, in Ba-awa, is not owned by the mover).
    NotYourPit,
    /// The pit is empty.
    EmptyPit,
    /// The opponent's row is empty and another move would give it seeds.
    MustFeed,
    /// The move would capture every seed of the opponent's row, which the rules forbid.
    GrandSlamForbidden,
    /// Ouril: singletons may be played only when no own pit holds two or more seeds.
    SingletonRule,
    /// Ouril: the extra turn after a grand slam must leave the opponent a seed.
    ExtraTurnMustFeed,
    /// Ọlọwuka: another move leaves the opponent seeds (must not starve).
    MustNotStarve,
    /// The move never terminates (a lap-boundary state repeats) and the rules make it illegal.
    NeverEnding,
    /// The action is of the wrong kind for the current phase (e.g. a pit during set-up).
    WrongPhase(&'static str),
    /// A set-up action is outside its documented limits.
    BadSetup(String),
    /// Isolo: the player has used every stock seed the `stock_limit` option allows.
    StockExhausted,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => f.write_str("game over"),
            Illegal::NotYourPit => f.write_str("not your pit"),
            Illegal::EmptyPit => f.write_str("empty pit"),
            Illegal::MustFeed => f.write_str("must feed the opponent"),
            Illegal::GrandSlamForbidden => f.write_str("grand slam forbidden"),
            Illegal::SingletonRule => f.write_str("singleton rule"),
            Illegal::ExtraTurnMustFeed => f.write_str("extra turn must leave the opponent a seed"),
            Illegal::MustNotStarve => f.write_str("must not starve the opponent"),
            Illegal::NeverEnding => f.write_str("never-ending move"),
            Illegal::WrongPhase(what) => write!(f, "wrong phase: {what}"),
            Illegal::BadSetup(what) => write!(f, "bad set-up: {what}"),
            Illegal::StockExhausted => f.write_str("no stock seed left (stock_limit)"),
        }
    }
}

impl std::error::Error for Illegal {}

error_struct! {
    /// A move written in text could not be read.
    pub struct ParseMoveError {
        /// The text that was given.
        pub text: String,
        /// What was expected instead.
        pub expected: String,
    }
    display "bad move {text:?}: expected {expected}"
}

/// A position string could not be read, or describes a position the rules do not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePositionError {
    /// The field at fault (e.g. `"pit C (field 3)"`, `"side to move (field 15)"`), or `"position"`.
    pub field: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl core::fmt::Display for ParsePositionError {
    /// `bad position: FIELD: MESSAGE`, or `bad position: MESSAGE` when the fault is the whole
    /// position's.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.field == "position" {
            write!(f, "bad position: {}", self.message)
        } else {
            write!(f, "bad position: {}: {}", self.field, self.message)
        }
    }
}

impl std::error::Error for ParsePositionError {}

impl ParsePositionError {
    /// A new error about `field`.
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        ParsePositionError {
            field: field.into(),
            message: message.into(),
        }
    }
}

/// A rule option could not be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// No option has this name in this game.
    UnknownOption {
        /// The name given.
        name: String,
        /// The names that exist.
        known: Vec<&'static str>,
    },
    /// The value is not one of the option's values.
    BadValue {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// What the option accepts.
        expected: String,
    },
    /// A `NAME=VALUE` pair was malformed.
    Syntax(String),
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleError::UnknownOption { name, known } => {
                write!(
                    f,
                    "unknown rule option {name:?} (known: {})",
                    known.join(", ")
                )
            }
            RuleError::BadValue {
                name,
                value,
                expected,
            } => write!(
                f,
                "bad value {value:?} for rule option {name}: expected {expected}"
            ),
            RuleError::Syntax(text) => {
                write!(f, "bad rule {text:?}: expected NAME=VALUE")
            }
        }
    }
}

impl std::error::Error for RuleError {}

/// Setting up a game failed: an unknown variant, a bad rule option or a bad position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// No preset has this name.
    UnknownVariant {
        /// The name given.
        name: String,
        /// The presets that exist.
        known: Vec<&'static str>,
    },
    /// A rule option was rejected.
    Rule(RuleError),
    /// The position was rejected.
    Position(ParsePositionError),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::UnknownVariant { name, known } => {
                write!(f, "unknown variant {name:?} (known: {})", known.join(", "))
            }
            SetupError::Rule(e) => e.fmt(f),
            SetupError::Position(e) => e.fmt(f),
        }
    }
}

// The wrapped errors are shown as this error's own message, so they are not its source too
// (a chain printer would show them twice): the source is theirs.
impl std::error::Error for SetupError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SetupError::Rule(e) => std::error::Error::source(e),
            SetupError::Position(e) => std::error::Error::source(e),
            SetupError::UnknownVariant { .. } => None,
        }
    }
}

impl From<RuleError> for SetupError {
    fn from(e: RuleError) -> Self {
        SetupError::Rule(e)
    }
}

impl From<ParsePositionError> for SetupError {
    fn from(e: ParsePositionError) -> Self {
        SetupError::Position(e)
    }
}
