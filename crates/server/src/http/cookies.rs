//! The request's cookies read (the session and the language switch) and the answers' cookies
//! built, through the `cookie` crate. Every cookie the server sets has `Path=/` and
//! `SameSite=Lax`, and `Secure` when the server is told it is reached over HTTPS
//! ([`crate::Config::secure_cookies`]).

use axum::http::{header, HeaderMap, HeaderValue};
use cookie::{Cookie, SameSite};

/// The value of cookie `name` in the request's `Cookie` headers, if it is there.
pub(crate) fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|c| c.name_raw() == Some(name))
        .and_then(|c| c.value_raw())
        .map(str::trim)
}

/// The `Set-Cookie` value setting cookie `name` to `value` for `max_age` seconds (0 removes it):
/// `Path=/; SameSite=Lax`, `HttpOnly` when `http_only` (out of the page's scripts' reach), and
/// `Secure` when `secure` (sent over HTTPS only).
pub(crate) fn set_cookie(
    name: &'static str,
    value: &str,
    max_age: i64,
    http_only: bool,
    secure: bool,
) -> HeaderValue {
    let c = Cookie::build((name, value))
        .path("/")
        .http_only(http_only)
        .same_site(SameSite::Lax)
        .secure(secure)
        .max_age(cookie::time::Duration::seconds(max_age))
        .build();
    // A value that is not a header's (which the server never makes: tokens are hexadecimal,
    // languages a known code) removes the cookie instead.
    HeaderValue::from_str(&c.to_string()).unwrap_or_else(|_| {
        let mut gone = Cookie::build((name, "")).path("/").build();
        gone.make_removal();
        HeaderValue::from_str(&gone.to_string()).unwrap_or(HeaderValue::from_static(""))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_read_by_name() {
        let mut h = HeaderMap::new();
        h.append(header::COOKIE, HeaderValue::from_static("a=b; lang=fr"));
        h.append(
            header::COOKIE,
            HeaderValue::from_static("mancala_session=ab12"),
        );
        assert_eq!(cookie(&h, "lang"), Some("fr"));
        assert_eq!(cookie(&h, "mancala_session"), Some("ab12"));
        assert_eq!(cookie(&h, "other"), None);
    }

    #[test]
    fn set_cookies_carry_their_attributes() {
        let plain = set_cookie("s", "v", 60, true, false);
        let plain = plain.to_str().unwrap();
        for part in ["s=v", "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=60"] {
            assert!(plain.split("; ").any(|p| p == part), "{part} in {plain}");
        }
        assert!(!plain.contains("Secure"), "{plain}");
        let secure = set_cookie("s", "", 0, false, true);
        let secure = secure.to_str().unwrap();
        assert!(secure.split("; ").any(|p| p == "Secure"), "{secure}");
        assert!(secure.split("; ").any(|p| p == "Max-Age=0"), "{secure}");
        assert!(!secure.contains("HttpOnly"), "{secure}");
    }
}
