//! The language of each request: `?lang=` (the switch on every page, also kept in the `lang`
//! cookie), else the signed-in account's language, else the `lang` cookie, else the browser's
//! `Accept-Language`, else English ([`negotiate`]). [`answer_in`] keeps it for the request's
//! handlers ([`cat`]); [`browser_messages`] are the browser's messages, served as JSON by
//! `GET /api/i18n/{lang}`.

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use mancala_i18n::{catalog, Catalog, DEFAULT};

use crate::http::html::escape;

/// Where a request's language came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// `?lang=` on this request: the switch.
    Query,
    /// The signed-in account's setting.
    Account,
    /// The `lang` cookie: the switch, on an earlier request from this browser.
    Cookie,
    /// The browser's `Accept-Language`.
    Browser,
    /// Nothing asked for one of ours: English.
    Default,
}

tokio::task_local! {
    static LANG: (&'static str, Source);
}

/// The language of the request being answered (English outside a request).
pub(crate) fn current() -> &'static str {
    LANG.try_with(|l| l.0).unwrap_or(DEFAULT)
}

/// The language the visitor chose with the switch in this browser (now or earlier), if the
/// request is answered in it.
pub(crate) fn chosen_here() -> Option<&'static str> {
    LANG.try_with(|&(lang, source)| {
        matches!(source, Source::Query | Source::Cookie).then_some(lang)
    })
    .ok()
    .flatten()
}

/// The catalogue of the request being answered.
pub(crate) fn cat() -> &'static Catalog {
    catalog(current())
}

/// A language of ours named exactly (`fr`, `pt`, ...).
fn known(code: &str) -> Option<&'static str> {
    mancala_i18n::languages().into_iter().find(|l| *l == code)
}

/// The languages an account may keep: those whose catalogue is complete.
pub(crate) fn account_languages() -> Vec<&'static str> {
    mancala_i18n::languages()
        .into_iter()
        .filter(|l| mancala_i18n::COMPLETE.contains(l))
        .collect()
}

/// One of [`account_languages`], named exactly.
pub(crate) fn account_language(code: &str) -> Option<&'static str> {
    account_languages().into_iter().find(|l| *l == code)
}

/// The `?lang=` of a query string, if it names one of our languages.
pub(crate) fn from_query(query: Option<&str>) -> Option<&'static str> {
    query?
        .split('&')
        .find_map(|kv| kv.strip_prefix("lang="))
        .and_then(known)
}

fn from_cookie(headers: &HeaderMap) -> Option<&'static str> {
    crate::http::cookies::cookie(headers, "lang").and_then(known)
}

/// The language for a request with query string `query` and `headers`, of a signed-in player
/// whose account keeps language `account`, and where it came from.
pub(crate) fn negotiate(
    query: Option<&str>,
    account: Option<&'static str>,
    headers: &HeaderMap,
) -> (&'static str, Source) {
    if let Some(l) = from_query(query) {
        return (l, Source::Query);
    }
    if let Some(l) = account {
        return (l, Source::Account);
    }
    if let Some(l) = from_cookie(headers) {
        return (l, Source::Cookie);
    }
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(mancala_i18n::from_accept_language)
        .map_or((DEFAULT, Source::Default), |l| (l, Source::Browser))
}

/// The `Set-Cookie` value keeping the switch's choice `lang` in this browser (a year), or with
/// `None` forgetting it; `Secure` when `secure` (the server is reached over HTTPS).
pub(crate) fn cookie_header(lang: Option<&str>, secure: bool) -> HeaderValue {
    match lang {
        Some(l) => crate::http::cookies::set_cookie("lang", l, 31_536_000, false, secure),
        None => crate::http::cookies::set_cookie("lang", "", 0, false, secure),
    }
}

/// Answers `req` in its language ([`negotiate`], with the signed-in account's language
/// `account`); a choice made with `?lang=` is kept in the `lang` cookie (`Secure` when `secure`).
pub(crate) async fn answer_in(
    account: Option<&'static str>,
    secure: bool,
    req: Request,
    next: Next,
) -> Response {
    let negotiated = negotiate(req.uri().query(), account, req.headers());
    let mut res = LANG.scope(negotiated, next.run(req)).await;
    let headers = res.headers_mut();
    headers.append(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie, Authorization"),
    );
    if negotiated.1 == Source::Query {
        headers.append(
            header::SET_COOKIE,
            cookie_header(Some(negotiated.0), secure),
        );
    }
    res
}

/// The language switch shown on every server page: a link per language, the current one marked,
/// and the script that saves the choice in the account when signed in (`web/switch.js`).
pub(crate) fn switch() -> String {
    let now = current();
    let mut out = format!(
        "<nav class=\"lang-switch\" aria-label=\"{}\">",
        escape(&cat().text("page-language"))
    );
    for l in mancala_i18n::languages() {
        let name = escape(&mancala_i18n::native_name(l));
        if l == now {
            out.push_str(&format!(
                " <strong lang=\"{l}\" aria-current=\"true\">{name}</strong>"
            ));
        } else {
            out.push_str(&format!(
                " <a href=\"?lang={l}\" hreflang=\"{l}\" lang=\"{l}\">{name}</a>"
            ));
        }
    }
    out.push_str("</nav><script type=\"module\" src=\"/assets/switch.js\"></script>");
    out
}

/// The browser's messages in `lang` (`auto`: the request's language), with the list of our
/// languages; `None` when we have no catalogue for `lang`.
pub(crate) fn browser_messages(lang: &str) -> Option<serde_json::Value> {
    let lang = if lang == "auto" {
        current()
    } else {
        known(lang)?
    };
    let mut body = mancala_i18n::export::browser_messages(lang);
    body["languages"] = mancala_i18n::languages()
        .into_iter()
        .map(|code| serde_json::json!({ "code": code, "name": mancala_i18n::native_name(code) }))
        .collect();
    Some(body)
}

/// The message of an API error in the request's language: the catalogue's text for its code
/// (English keeps the detailed message the error was made with).
pub(crate) fn localize_error(
    code: &str,
    message: &str,
    details: Option<&serde_json::Value>,
) -> String {
    let lang = current();
    if lang == DEFAULT {
        return message.to_string();
    }
    let cat = catalog(lang);
    let id = format!("error-{code}");
    if !cat.has(&id) {
        return message.to_string();
    }
    // The details are the message's placeables: texts as they are, lists of texts joined.
    let mut args: Vec<(String, String)> = Vec::new();
    for (k, v) in details.and_then(|d| d.as_object()).into_iter().flatten() {
        let text = match v {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(items) => items
                .iter()
                .filter_map(|i| i.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            _ => continue,
        };
        args.push((k.clone(), text));
    }
    let reason = args
        .iter()
        .find(|(k, _)| k == "reason")
        .map_or_else(String::new, |(_, r)| r.clone());
    let reason =
        mancala_i18n::illegal_from_text(&reason).map_or(reason, |r| mancala_i18n::illegal(cat, &r));
    args.retain(|(k, _)| k != "reason");
    let mut fluent: Vec<(&str, mancala_i18n::FluentValue<'_>)> = vec![("reason", reason.into())];
    fluent.extend(args.iter().map(|(k, v)| (k.as_str(), v.as_str().into())));
    cat.format(&id, &fluent)
}

/// An illegal move's reason (the rules core's English text) in the request's language.
pub(crate) fn localize_reason(reason: &str) -> String {
    mancala_i18n::illegal_from_text(reason)
        .map_or_else(|| reason.to_string(), |r| mancala_i18n::illegal(cat(), &r))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_comes_from_the_query_the_account_the_cookie_or_the_browser() {
        let mut h = HeaderMap::new();
        assert_eq!(negotiate(None, None, &h), ("en", Source::Default));
        h.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("pt-CV,pt;q=0.8"),
        );
        assert_eq!(negotiate(None, None, &h), ("pt", Source::Browser));
        h.insert(header::COOKIE, HeaderValue::from_static("a=b; lang=fr"));
        assert_eq!(negotiate(None, None, &h), ("fr", Source::Cookie));
        assert_eq!(negotiate(None, Some("en"), &h), ("en", Source::Account));
        assert_eq!(
            negotiate(Some("x=1&lang=pt"), Some("en"), &h),
            ("pt", Source::Query)
        );
        assert_eq!(negotiate(Some("lang=zz"), None, &h), ("fr", Source::Cookie));
        assert_eq!(
            negotiate(Some("lang=zz"), Some("pt"), &h),
            ("pt", Source::Account)
        );
    }

    #[test]
    fn accounts_keep_only_complete_languages() {
        assert_eq!(account_language("pt"), Some("pt"));
        for bad in ["", "p", "pt-BR", "PT", "de", "en "] {
            assert_eq!(account_language(bad), None, "{bad:?}");
        }
        assert_eq!(account_languages(), ["en", "fr", "pt"]);
    }
}
