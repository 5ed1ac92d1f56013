//! The programs' languages: message catalogues in Project Fluent format (`i18n/<lang>/*.ftl` at
//! the repository root, embedded at build time), negotiation of the language from a browser's
//! `Accept-Language`, the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`) or a `--lang` flag, the
//! texts of the rules core's errors and end reasons, and the consistency check of the catalogues
//! ([`check`]).
//!
//! A message is looked up in the catalogue of its language, then in English; a message missing
//! from both is shown as its id, never a panic.

#![forbid(unsafe_code)]

pub mod check;
pub mod export;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use mancala_core::variant::Variant;
use mancala_core::{EndReason, Illegal};
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::FluentValue;

mod files {
    include!(concat!(env!("OUT_DIR"), "/files.rs"));
}

mod rules {
    include!(concat!(env!("OUT_DIR"), "/rules.rs"));
}

/// The translation of the rules fragment called `name` into `lang`
/// (`web/rules/LANG/NAME.html` of the repository, embedded), if there is one.
#[must_use]
pub fn translated_rules_text(lang: &str, name: &str) -> Option<&'static str> {
    rules::TRANSLATED_RULES
        .iter()
        .find(|t| t.0 == lang && t.1 == name)
        .map(|t| t.2)
}

/// The language every message is written in first, and the fallback of every other.
pub const DEFAULT: &str = "en";

/// The languages kept complete: a missing message in one of them is an error of the check.
pub const COMPLETE: [&str; 3] = ["en", "fr", "pt"];

/// Errors of this crate.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum I18nError {
    /// A language was asked for by name (e.g. `--lang`) that has no catalogue.
    #[error("no catalogue for language {asked:?}; the languages are: {known}")]
    UnknownLanguage {
        /// What was asked for.
        asked: String,
        /// The languages there are, comma-separated.
        known: String,
    },
}

/// Every catalogue file: `(language, file name, text)`.
#[must_use]
pub fn files() -> &'static [(&'static str, &'static str, &'static str)] {
    files::FILES
}

/// Every language with a catalogue, English first, then by code.
#[must_use]
pub fn languages() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = files().iter().map(|f| f.0).collect();
    out.sort_by_key(|l| (*l != DEFAULT, *l));
    out.dedup();
    out
}

/// The name of a language in that language, for the language switches.
#[must_use]
pub fn native_name(lang: &str) -> String {
    let cat = catalog(lang);
    if cat.lang() == lang && cat.has("language-name") {
        cat.text("language-name")
    } else {
        lang.to_string()
    }
}

/// The messages of one language.
pub struct Catalog {
    lang: &'static str,
    bundle: FluentBundle<FluentResource>,
    ids: BTreeMap<String, ()>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog").field("lang", &self.lang).finish()
    }
}

impl Catalog {
    fn load(lang: &'static str) -> Catalog {
        let id: LanguageIdentifier = lang.parse().unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // No Unicode isolation marks: the texts go into terminals and HTML as they are.
        bundle.set_use_isolating(false);
        let mut ids = BTreeMap::new();
        for (l, _, text) in files().iter().filter(|f| f.0 == lang) {
            debug_assert_eq!(*l, lang);
            // A file with syntax errors keeps its readable entries; `check` reports the errors.
            let res = FluentResource::try_new((*text).to_string()).unwrap_or_else(|(res, _)| res);
            for entry in res.entries() {
                if let fluent_syntax::ast::Entry::Message(m) = entry {
                    ids.insert(m.id.name.to_string(), ());
                }
            }
            bundle.add_resource_overriding(res);
        }
        Catalog { lang, bundle, ids }
    }

    /// The language's code, e.g. `"fr"`.
    #[must_use]
    pub fn lang(&self) -> &'static str {
        self.lang
    }

    /// Whether this language (not its fallback) has the message `id`.
    #[must_use]
    pub fn has(&self, id: &str) -> bool {
        self.ids.contains_key(id)
    }

    /// The ids of this language's messages.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.ids.keys().map(String::as_str)
    }

    /// The message `id` without arguments.
    #[must_use]
    pub fn text(&self, id: &str) -> String {
        self.format(id, &[])
    }

    /// The message `id` with its arguments, from this language or else English, else the id.
    #[must_use]
    pub fn format(&self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        self.format_or(id, args, id)
    }

    /// The message `id` from this language or English, else `fallback` (for texts that the rules
    /// core also has, such as a game's summary).
    #[must_use]
    pub fn format_or(&self, id: &str, args: &[(&str, FluentValue<'_>)], fallback: &str) -> String {
        self.try_format(id, args)
            .or_else(|| {
                (self.lang != DEFAULT)
                    .then(|| catalog(DEFAULT).try_format(id, args))
                    .flatten()
            })
            .unwrap_or_else(|| fallback.to_string())
    }

    fn try_format(&self, id: &str, args: &[(&str, FluentValue<'_>)]) -> Option<String> {
        let msg = self.bundle.get_message(id)?;
        let pattern = msg.value()?;
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            fargs.set(*k, v.clone());
        }
        let mut errors = Vec::new();
        let out = self
            .bundle
            .format_pattern(pattern, Some(&fargs), &mut errors);
        Some(out.into_owned())
    }
}

/// The catalogue of `lang` (a code of [`languages`]); any other code gives English.
#[must_use]
pub fn catalog(lang: &str) -> &'static Catalog {
    static ALL: OnceLock<Vec<Catalog>> = OnceLock::new();
    let all = ALL.get_or_init(|| languages().into_iter().map(Catalog::load).collect());
    all.iter()
        .find(|c| c.lang == lang)
        .or_else(|| all.iter().find(|c| c.lang == DEFAULT))
        .unwrap_or(&all[0])
}

/// A message with named arguments: `tr!(cat, "id")` or `tr!(cat, "id", n = 3, side = "South")`.
#[macro_export]
macro_rules! tr {
    ($cat:expr, $id:literal) => {
        $cat.text($id)
    };
    ($cat:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $cat.format($id, &[$((stringify!($name), $crate::FluentValue::from($value))),+])
    };
}

/// The best language of [`languages`] for a list of requested ones (most wanted first); `None`
/// when none matches.
#[must_use]
pub fn negotiate<S: AsRef<str>>(requested: &[S]) -> Option<&'static str> {
    let available: Vec<LanguageIdentifier> =
        languages().iter().filter_map(|l| l.parse().ok()).collect();
    let requested: Vec<LanguageIdentifier> = requested
        .iter()
        .filter_map(|r| r.as_ref().parse().ok())
        .collect();
    let found = fluent_langneg::negotiate_languages(
        &requested,
        &available,
        None,
        fluent_langneg::NegotiationStrategy::Filtering,
    );
    let first = found.first()?.to_string();
    languages().into_iter().find(|l| *l == first)
}

/// The language for a browser's `Accept-Language` header, if one of ours is acceptable.
#[must_use]
pub fn from_accept_language(header: &str) -> Option<&'static str> {
    let asked: Vec<String> = fluent_langneg::accepted_languages::parse(header)
        .into_iter()
        .map(|l| l.to_string())
        .collect();
    negotiate(&asked)
}

/// The language of a POSIX locale name such as `pt_BR.UTF-8` or `fr_FR@euro`; `C` and `POSIX`
/// are English.
#[must_use]
pub fn from_locale(locale: &str) -> Option<&'static str> {
    let name = locale.split(['.', '@']).next().unwrap_or("");
    if name.is_empty() {
        return None;
    }
    if name == "C" || name == "POSIX" {
        return Some(DEFAULT);
    }
    negotiate(&[name.replace('_', "-")])
}

/// The language the environment asks for: the first set of `LC_ALL`, `LC_MESSAGES`, `LANG`
/// (`get` reads a variable), English when none is set or none matches.
#[must_use]
pub fn from_env_with(get: impl Fn(&str) -> Option<String>) -> &'static str {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|k| get(k).filter(|v| !v.is_empty()))
        .and_then(|v| from_locale(&v))
        .unwrap_or(DEFAULT)
}

/// [`from_env_with`] on the process's environment.
#[must_use]
pub fn from_env() -> &'static str {
    from_env_with(|k| std::env::var(k).ok())
}

/// The language of a `--lang` flag (a code such as `fr`, `pt-BR` or `pt_BR.UTF-8`), else of the
/// environment.
///
/// # Errors
/// [`I18nError::UnknownLanguage`] when the flag names a language without a catalogue.
pub fn resolve(flag: Option<&str>) -> Result<&'static str, I18nError> {
    match flag {
        None => Ok(from_env()),
        Some(asked) => from_locale(asked).ok_or_else(|| I18nError::UnknownLanguage {
            asked: asked.to_string(),
            known: languages().join(", "),
        }),
    }
}

/// The rules struct whose options a preset has: the `F` of the games catalogue's
/// `option-F-NAME` (the Oware family presets share `oware`).
#[must_use]
pub fn option_family(v: Variant) -> &'static str {
    match v {
        Variant::Oware
        | Variant::Abapa
        | Variant::Wuri
        | Variant::Awari
        | Variant::Ouril
        | Variant::OurilLudii => "oware",
        Variant::Olowuka => "olowuka",
        Variant::BaAwa => "ba-awa",
        Variant::Isolo => "isolo",
    }
}

/// A rule option's meaning (`option-F-NAME` of the games catalogue), else the rules core's
/// English text `doc`.
#[must_use]
pub fn option_doc(cat: &Catalog, v: Variant, name: &str, doc: &str) -> String {
    let id = format!("option-{}-{}", option_family(v), name.replace('_', "-"));
    cat.format_or(&id, &[], doc)
}

/// A rule option's name for players (`rule-name-NAME` of the games catalogue: `singleton_feed`
/// is *singletons et nourrir* in French), else the option's name with spaces.
#[must_use]
pub fn rule_name(cat: &Catalog, name: &str) -> String {
    let fallback = name.replace('_', " ");
    cat.format_or(
        &format!("rule-name-{}", name.replace('_', "-")),
        &[],
        &fallback,
    )
}

/// A rule option's value for players (`rule-value-VALUE` of the games catalogue:
/// `FeedOverSingleton` is *nourrir d'abord* in French), else the value as written.
#[must_use]
pub fn rule_value(cat: &Catalog, value: &str) -> String {
    cat.format_or(&format!("rule-value-{value}"), &[], value)
}

/// A score's text as the engine writes it (`+1.35 (estimate)`, `proven win by 2`, `table: exact
/// +2.5`) with its words in the catalogue's language; the numbers stay as written.
#[must_use]
pub fn score_text(cat: &Catalog, text: &str) -> String {
    let words = [
        ("(estimate)", format!("({})", tr!(cat, "scoreEstimate"))),
        ("proven win by", tr!(cat, "scoreProvenWin")),
        ("proven loss by", tr!(cat, "scoreProvenLoss")),
        ("proven draw", tr!(cat, "scoreProvenDraw")),
        ("table: exact", tr!(cat, "scoreTableExact")),
    ];
    words.iter().fold(text.to_string(), |t, (en, theirs)| {
        t.replacen(en, theirs, 1)
    })
}

/// The name players of the catalogue's language give a preset (`game-P-name` of the games
/// catalogue: *Awalé (Abapa)* in French), else the preset's name.
#[must_use]
pub fn game_name(cat: &Catalog, v: Variant) -> String {
    cat.format_or(&format!("game-{}-name", v.name()), &[], v.name())
}

/// A preset's summary (`game-P-summary` of the games catalogue), else the rules core's.
#[must_use]
pub fn game_summary(cat: &Catalog, v: Variant) -> String {
    cat.format_or(&format!("game-{}-summary", v.name()), &[], v.info().summary)
}

/// Why a move is illegal, in the catalogue's language.
#[must_use]
pub fn illegal(cat: &Catalog, why: &Illegal) -> String {
    match why {
        Illegal::GameOver => tr!(cat, "illegal-game-over"),
        Illegal::NotYourPit => tr!(cat, "illegal-not-your-pit"),
        Illegal::EmptyPit => tr!(cat, "illegal-empty-pit"),
        Illegal::MustFeed => tr!(cat, "illegal-must-feed"),
        Illegal::GrandSlamForbidden => tr!(cat, "illegal-grand-slam-forbidden"),
        Illegal::SingletonRule => tr!(cat, "illegal-singleton-rule"),
        Illegal::ExtraTurnMustFeed => tr!(cat, "illegal-extra-turn-must-feed"),
        Illegal::MustNotStarve => tr!(cat, "illegal-must-not-starve"),
        Illegal::NeverEnding => tr!(cat, "illegal-never-ending"),
        Illegal::WrongPhase(what) => tr!(cat, "illegal-wrong-phase", what = *what),
        Illegal::BadSetup(what) => tr!(cat, "illegal-bad-setup", what = what.as_str()),
        Illegal::StockExhausted => tr!(cat, "illegal-stock-exhausted"),
    }
}

/// Every reason that carries no data.
const PLAIN_ILLEGAL: [Illegal; 10] = [
    Illegal::GameOver,
    Illegal::NotYourPit,
    Illegal::EmptyPit,
    Illegal::MustFeed,
    Illegal::GrandSlamForbidden,
    Illegal::SingletonRule,
    Illegal::ExtraTurnMustFeed,
    Illegal::MustNotStarve,
    Illegal::NeverEnding,
    Illegal::StockExhausted,
];

/// The reason without data whose English text (the rules core's `Display`) is `text`: the way
/// back from a message that carries the reason as text.
#[must_use]
pub fn illegal_from_text(text: &str) -> Option<Illegal> {
    PLAIN_ILLEGAL.into_iter().find(|r| r.to_string() == text)
}

/// Why a game ended, in the catalogue's language.
#[must_use]
pub fn end_reason(cat: &Catalog, reason: EndReason) -> String {
    match reason {
        EndReason::ScoreMajority => tr!(cat, "end-score-majority"),
        EndReason::HalfEach => tr!(cat, "end-half-each"),
        EndReason::GrandSlamLoss => tr!(cat, "end-grand-slam-loss"),
        EndReason::NoLegalMove => tr!(cat, "end-no-legal-move"),
        EndReason::ExtraTurnImpossible => tr!(cat, "end-extra-turn-impossible"),
        EndReason::Repetition => tr!(cat, "end-repetition"),
        EndReason::MaxPlies => tr!(cat, "end-max-plies"),
        EndReason::FewSeedsLeft => tr!(cat, "end-few-seeds-left"),
        EndReason::RowEmptied => tr!(cat, "end-row-emptied"),
        EndReason::EndlessMove => tr!(cat, "end-endless-move"),
        EndReason::MatchWon => tr!(cat, "end-match-won"),
        EndReason::MaxRounds => tr!(cat, "end-max-rounds"),
        EndReason::CannotFeed => tr!(cat, "end-cannot-feed"),
        EndReason::Agreement => tr!(cat, "end-agreement"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_complete_languages_are_embedded() {
        let langs = languages();
        for l in COMPLETE {
            assert!(langs.contains(&l), "{l} missing from {langs:?}");
        }
        assert_eq!(langs[0], DEFAULT);
    }

    #[test]
    fn languages_are_negotiated() {
        assert_eq!(from_accept_language("pt-BR,pt;q=0.9,en;q=0.5"), Some("pt"));
        assert_eq!(from_accept_language("fr-CI, en;q=0.3"), Some("fr"));
        assert_eq!(from_accept_language("de-DE"), None);
        assert_eq!(from_locale("pt_CV.UTF-8"), Some("pt"));
        assert_eq!(from_locale("fr_FR@euro"), Some("fr"));
        assert_eq!(from_locale("C"), Some("en"));
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                vars.iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| (*v).to_string())
            }
        };
        assert_eq!(
            from_env_with(env(&[("LANG", "pt_PT.UTF-8"), ("LC_ALL", "fr_FR.UTF-8")])),
            "fr"
        );
        assert_eq!(
            from_env_with(env(&[("LANG", "pt_PT.UTF-8"), ("LC_ALL", "")])),
            "pt"
        );
        assert_eq!(from_env_with(env(&[("LANG", "de_DE.UTF-8")])), "en");
        assert_eq!(from_env_with(env(&[])), "en");
        assert!(matches!(
            resolve(Some("xx")),
            Err(I18nError::UnknownLanguage { .. })
        ));
        assert_eq!(resolve(Some("fr")), Ok("fr"));
    }

    #[test]
    fn messages_are_formatted_with_plurals_and_fall_back() {
        let fr = catalog("fr");
        let en = catalog("en");
        assert_eq!(fr.lang(), "fr");
        assert_ne!(tr!(fr, "illegal-empty-pit"), tr!(en, "illegal-empty-pit"));
        assert_eq!(
            tr!(en, "cli-seeds", count = 1),
            "1 seed",
            "English singular"
        );
        assert_eq!(tr!(en, "cli-seeds", count = 4), "4 seeds");
        assert_eq!(tr!(fr, "cli-seeds", count = 1), "1 graine");
        assert_eq!(tr!(fr, "cli-seeds", count = 0), "0 graine");
        assert_eq!(tr!(fr, "cli-seeds", count = 2), "2 graines");
        assert_eq!(tr!(catalog("pt"), "cli-seeds", count = 1), "1 semente");
        assert_eq!(tr!(catalog("pt"), "cli-seeds", count = 2), "2 sementes");
        assert_eq!(
            fr.text("no-such-message-anywhere"),
            "no-such-message-anywhere"
        );
        assert_eq!(fr.format_or("game-nowhere-name", &[], "core"), "core");
        // An unknown language is English.
        assert_eq!(catalog("xx").lang(), "en");
        // Game names follow each language's usage.
        assert_eq!(game_name(en, Variant::Abapa), "Abapa");
        assert_eq!(game_name(fr, Variant::Abapa), "Awalé (Abapa)");
        assert_eq!(game_name(catalog("pt"), Variant::Ouril), "Ouril");
    }

    #[test]
    fn every_illegal_reason_and_end_reason_has_a_text_everywhere() {
        let mut reasons = PLAIN_ILLEGAL.to_vec();
        reasons.extend([Illegal::WrongPhase("x"), Illegal::BadSetup("y".into())]);
        for lang in COMPLETE {
            let cat = catalog(lang);
            for r in &reasons {
                let text = illegal(cat, r);
                assert!(!text.starts_with("illegal-"), "{lang}: {r:?} has no text");
            }
            for e in EndReason::ALL {
                let text = end_reason(cat, e);
                assert!(!text.starts_with("end-"), "{lang}: {e:?} has no text");
            }
        }
    }
}
