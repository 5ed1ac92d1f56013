//! The consistency of the catalogues: for every language, the messages that English has and it
//! lacks (missing), the messages it has and English does not (unused: nothing asks for them), the
//! messages whose placeables (`{ $name }`) differ from English's, and syntax errors.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use crate::{files, COMPLETE, DEFAULT};

/// The messages of one language: id to the variables its text uses.
pub type Messages = BTreeMap<String, BTreeSet<String>>;

/// What the check found in one language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LangReport {
    /// The language's code.
    pub lang: String,
    /// Whether the language must be complete ([`COMPLETE`]).
    pub complete: bool,
    /// How many of English's messages it has.
    pub translated: usize,
    /// How many messages English has.
    pub total: usize,
    /// Ids English has and this language lacks.
    pub missing: Vec<String>,
    /// Ids this language has and English does not.
    pub unused: Vec<String>,
    /// Ids whose variables differ from English's: `(id, English's, this language's)`.
    pub placeholders: Vec<(String, Vec<String>, Vec<String>)>,
    /// Syntax errors: `file: error`.
    pub syntax: Vec<String>,
}

impl LangReport {
    /// Whether anything is wrong for a language that must be complete, or anything but missing
    /// messages for another.
    #[must_use]
    pub fn has_gap(&self) -> bool {
        !self.unused.is_empty()
            || !self.placeholders.is_empty()
            || !self.syntax.is_empty()
            || (self.complete && !self.missing.is_empty())
    }

    /// The share of English's messages translated, in percent (rounded down).
    #[must_use]
    pub fn percent(&self) -> usize {
        (self.translated * 100)
            .checked_div(self.total)
            .unwrap_or(100)
    }
}

/// The variables a pattern uses (selectors and function arguments included).
pub fn variables(p: &Pattern<&str>, out: &mut BTreeSet<String>) {
    out.extend(variables_in_order(p));
}

/// The variables a pattern uses, each once, in the order they first appear.
#[must_use]
pub fn variables_in_order(p: &Pattern<&str>) -> Vec<String> {
    let mut out = Vec::new();
    pattern_vars(p, &mut out);
    out
}

fn pattern_vars(p: &Pattern<&str>, out: &mut Vec<String>) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expression_vars(expression, out);
        }
    }
}

fn expression_vars(e: &Expression<&str>, out: &mut Vec<String>) {
    match e {
        Expression::Inline(i) => inline_vars(i, out),
        Expression::Select { selector, variants } => {
            inline_vars(selector, out);
            for v in variants {
                pattern_vars(&v.value, out);
            }
        }
    }
}

fn inline_vars(i: &InlineExpression<&str>, out: &mut Vec<String>) {
    match i {
        InlineExpression::VariableReference { id } if !out.iter().any(|v| v == id.name) => {
            out.push(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, out);
            }
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, out),
        _ => {}
    }
}

/// The messages of `lang` with their variables, and the syntax errors of its files.
#[must_use]
pub fn messages(lang: &str) -> (Messages, Vec<String>) {
    messages_in(files(), lang)
}

/// [`messages`] among the catalogue files `files` (`(language, file name, text)`).
#[must_use]
pub fn messages_in(files: &[(&str, &str, &str)], lang: &str) -> (Messages, Vec<String>) {
    let mut out = Messages::new();
    let mut errors = Vec::new();
    for (_, file, text) in files.iter().filter(|f| f.0 == lang) {
        let res = match fluent_syntax::parser::parse(*text) {
            Ok(r) => r,
            Err((r, errs)) => {
                for e in errs {
                    errors.push(format!("{lang}/{file}: {e:?}"));
                }
                r
            }
        };
        for entry in &res.body {
            if let Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(v) = &m.value {
                    variables(v, &mut vars);
                } else {
                    errors.push(format!("{lang}/{file}: {} has no text", m.id.name));
                }
                if out.insert(m.id.name.to_string(), vars).is_some() {
                    errors.push(format!("{lang}/{file}: {} is defined twice", m.id.name));
                }
            }
        }
    }
    (out, errors)
}

/// The report of every language of the embedded catalogues, English first.
#[must_use]
pub fn check() -> Vec<LangReport> {
    check_files(files())
}

/// The report of every language of the catalogue files `files` (`(language, file name, text)`,
/// e.g. read from a folder being translated), English first.
#[must_use]
pub fn check_files(files: &[(&str, &str, &str)]) -> Vec<LangReport> {
    let (en, en_errors) = messages_in(files, DEFAULT);
    let mut langs: Vec<&str> = files.iter().map(|f| f.0).collect();
    langs.sort_by_key(|l| (*l != DEFAULT, *l));
    langs.dedup();
    langs
        .into_iter()
        .map(|lang| {
            let (msgs, syntax) = if lang == DEFAULT {
                (en.clone(), en_errors.clone())
            } else {
                messages_in(files, lang)
            };
            let mut r = LangReport {
                lang: lang.to_string(),
                complete: COMPLETE.contains(&lang),
                total: en.len(),
                syntax,
                ..LangReport::default()
            };
            for (id, vars) in &en {
                match msgs.get(id) {
                    None => r.missing.push(id.clone()),
                    Some(theirs) => {
                        r.translated += 1;
                        if theirs != vars {
                            r.placeholders.push((
                                id.clone(),
                                vars.iter().cloned().collect(),
                                theirs.iter().cloned().collect(),
                            ));
                        }
                    }
                }
            }
            r.unused = msgs
                .keys()
                .filter(|k| !en.contains_key(*k))
                .cloned()
                .collect();
            r
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_complete_language_has_every_message_with_the_same_placeholders() {
        for r in check() {
            assert!(r.syntax.is_empty(), "{}: {:?}", r.lang, r.syntax);
            assert!(
                r.unused.is_empty(),
                "{}: not in English: {:?}",
                r.lang,
                r.unused
            );
            assert!(
                r.placeholders.is_empty(),
                "{}: placeholders differ: {:?}",
                r.lang,
                r.placeholders
            );
            if r.complete {
                assert!(r.missing.is_empty(), "{}: missing {:?}", r.lang, r.missing);
                assert_eq!(r.percent(), 100);
            }
        }
    }

    #[test]
    fn the_check_sees_gaps_and_mismatches() {
        let text = "a = x { $n }\nb = { $k ->\n [one] one\n *[other] { $k } more\n}\n";
        let res = fluent_syntax::parser::parse(text).expect("valid");
        let mut found = Vec::new();
        for e in &res.body {
            if let Entry::Message(m) = e {
                let mut vars = BTreeSet::new();
                variables(m.value.as_ref().expect("a value"), &mut vars);
                found.push(vars.into_iter().collect::<Vec<_>>());
            }
        }
        assert_eq!(found, vec![vec!["n".to_string()], vec!["k".to_string()]]);
        let gap = LangReport {
            lang: "fr".into(),
            complete: true,
            missing: vec!["a".into()],
            ..LangReport::default()
        };
        assert!(gap.has_gap());
        // A language with a gap, one with a placeholder of its own, one with a stray message.
        let files = [
            ("en", "a.ftl", "a = one { $n }\nb = two\n"),
            ("fr", "a.ftl", "a = un { $m }\n"),
            ("tw", "a.ftl", "a = { $n } baako\nb = mmienu\nc = extra\n"),
        ];
        let reports = check_files(&files);
        assert_eq!(reports.len(), 3);
        let fr = &reports[1];
        assert_eq!(fr.missing, vec!["b".to_string()]);
        assert_eq!(fr.placeholders.len(), 1);
        assert!(fr.has_gap());
        let tw = &reports[2];
        assert!(!tw.complete);
        assert_eq!((tw.translated, tw.total), (2, 2));
        assert_eq!(tw.unused, vec!["c".to_string()]);
        let partial = LangReport {
            complete: false,
            ..gap.clone()
        };
        assert!(!partial.has_gap());
    }
}
