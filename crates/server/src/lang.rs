//! The language of each request: `?lang=` (which also sets the `lang` cookie, the switch on every
//! page), else the `lang` cookie, else the browser's `Accept-Language`, else English. A
//! middleware keeps it for the request's handlers ([`cat`]); [`browser_messages`] are the
//! browser's messages, served as JSON by `GET /api/i18n/{lang}`.

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use mancala_i18n::{catalog, Catalog, DEFAULT};

use crate::html::escape;

tokio::task_local! {
    static LANG: &'static str;
}

/// The language of the request being answered (English outside a request).
pub(crate) fn current() -> &'static str {
    LANG.try_with(|l| *l).unwrap_or(DEFAULT)
}

/// The catalogue of the request being answered.
pub(crate) fn cat() -> &'static Catalog {
    catalog(current())
}

/// A language of ours named exactly (`fr`, `pt`, ...).
fn known(code: &str) -> Option<&'static str> {
    mancala_i18n::languages().into_iter().find(|l| *l == code)
}

/// The `?lang=` of a query string, if it names one of our languages.
fn from_query(query: Option<&str>) -> Option<&'static str> {
    query?
        .split('&')
        .find_map(|kv| kv.strip_prefix("lang="))
        .and_then(known)
}

fn from_cookie(headers: &HeaderMap) -> Option<&'static str> {
    crate::cookies::cookie(headers, "lang").and_then(known)
}

/// The language for a request, and whether it was chosen with `?lang=` (to be remembered).
pub(crate) fn negotiate(query: Option<&str>, headers: &HeaderMap) -> (&'static str, bool) {
    if let Some(l) = from_query(query) {
        return (l, true);
    }
    let lang = from_cookie(headers)
        .or_else(|| {
            headers
                .get(header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(mancala_i18n::from_accept_language)
        })
        .unwrap_or(DEFAULT);
    (lang, false)
}

/// The middleware: answers the request in its language.
pub(crate) async fn middleware(req: Request, next: Next) -> Response {
    let (lang, chosen) = negotiate(req.uri().query(), req.headers());
    let mut res = LANG.scope(lang, next.run(req)).await;
    let headers = res.headers_mut();
    headers.append(
        header::VARY,
        HeaderValue::from_static("Accept-Language, Cookie"),
    );
    if chosen {
        if let Ok(v) = HeaderValue::from_str(&format!(
            "lang={lang}; Path=/; Max-Age=31536000; SameSite=Lax"
        )) {
            headers.append(header::SET_COOKIE, v);
        }
    }
    res
}

/// The language switch shown on every page: a link per language, the current one marked.
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
    out.push_str("</nav>");
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
    let field = |k: &str| {
        details
            .and_then(|d| d.get(k))
            .and_then(|v| v.as_str())
            .unwrap_or("")
            .to_string()
    };
    let reason = field("reason");
    let reason =
        mancala_i18n::illegal_from_text(&reason).map_or(reason, |r| mancala_i18n::illegal(cat, &r));
    cat.format(&id, &[("reason", reason.into())])
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
    fn the_language_comes_from_the_query_the_cookie_or_the_browser() {
        let mut h = HeaderMap::new();
        assert_eq!(negotiate(None, &h), ("en", false));
        h.insert(
            header::ACCEPT_LANGUAGE,
            HeaderValue::from_static("pt-CV,pt;q=0.8"),
        );
        assert_eq!(negotiate(None, &h), ("pt", false));
        h.insert(header::COOKIE, HeaderValue::from_static("a=b; lang=fr"));
        assert_eq!(negotiate(None, &h), ("fr", false));
        assert_eq!(negotiate(Some("x=1&lang=en"), &h), ("en", true));
        assert_eq!(negotiate(Some("lang=zz"), &h), ("fr", false));
    }
}
