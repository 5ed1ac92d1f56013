//! The middleware every response goes through.

use axum::extract::Request;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::error::ApiError;

/// Refuses, with 403 `cross_origin`, a request another site's page makes a browser send: a
/// state-changing one (`POST`, `PUT`, `PATCH`, `DELETE`, the log-in and sign-up forms
/// included) or a WebSocket upgrade whose `Origin` names another host than the request's
/// `Host` (or `X-Forwarded-Host`), or that the browser marks with a `Sec-Fetch-Site` other than
/// `same-origin` or `none`.
/// Requests without either header (programs, not browsers) pass: they carry no cookie of a
/// victim.
pub(crate) async fn same_origin(req: Request, next: Next) -> Response {
    let changes = !matches!(
        *req.method(),
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    );
    let upgrade = req.headers().contains_key(header::UPGRADE);
    if (changes || upgrade) && is_cross_origin(req.headers()) {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            "cross_origin",
            "a request from another site's page is refused",
        )
        .into_response();
    }
    next.run(req).await
}

/// Whether `headers` show a request sent by another site's page.
fn is_cross_origin(headers: &HeaderMap) -> bool {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    // A browser that sends Sec-Fetch-Site says where the request comes from: our own pages
    // ("same-origin") or the person (an address typed, a bookmark: "none"). It is the better
    // witness: under our `Referrer-Policy: no-referrer` a browser posts our own forms with
    // `Origin: null`.
    if let Some(site) = text("sec-fetch-site") {
        let site = site.trim();
        return !(site.eq_ignore_ascii_case("same-origin") || site.eq_ignore_ascii_case("none"));
    }
    let Some(origin) = text("origin") else {
        return false;
    };
    // Without Sec-Fetch-Site, "null" (a sandboxed page, a privacy-minded browser) names no
    // site to trust.
    let Some((_, authority)) = origin.split_once("://") else {
        return true;
    };
    let host = text("x-forwarded-host").or_else(|| text("host"));
    host.is_none_or(|h| {
        !h.trim()
            .eq_ignore_ascii_case(authority.trim_end_matches('/'))
    })
}

/// Adds security headers, and turns every error answered without a JSON body (axum's own
/// rejections: body too large, wrong method, bad query string, not a WebSocket request ...) into
/// the API's JSON error shape.
pub(crate) async fn harden(req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if (status.is_client_error() || status.is_server_error()) && !is_json {
        let code = match status {
            StatusCode::PAYLOAD_TOO_LARGE => "too_large",
            StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
            StatusCode::NOT_FOUND => "not_found",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "bad_content_type",
            s if s.is_server_error() => "server_error",
            _ => "bad_request",
        };
        let body = axum::body::to_bytes(std::mem::take(res.body_mut()), 4096)
            .await
            .unwrap_or_default();
        let message = String::from_utf8_lossy(&body).trim().to_string();
        let message = if message.is_empty() {
            status.canonical_reason().unwrap_or("error").to_lowercase()
        } else {
            message
        };
        let allow = res.headers().get(header::ALLOW).cloned();
        let mut r = ApiError::new(status, code, message).into_response();
        if let Some(a) = allow {
            r.headers_mut().insert(header::ALLOW, a);
        }
        res = r;
    }
    let h = res.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; \
             script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
        ),
    );
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn only_another_sites_requests_are_cross_origin() {
        let host = ("host", "play.example:8080");
        assert!(!is_cross_origin(&headers(&[host])));
        assert!(!is_cross_origin(&headers(&[
            host,
            ("origin", "https://play.example:8080")
        ])));
        assert!(!is_cross_origin(&headers(&[
            host,
            ("sec-fetch-site", "same-origin")
        ])));
        assert!(is_cross_origin(&headers(&[
            host,
            ("origin", "https://evil.example")
        ])));
        assert!(is_cross_origin(&headers(&[host, ("origin", "null")])));
        assert!(is_cross_origin(&headers(&[
            host,
            ("sec-fetch-site", "cross-site")
        ])));
        // Our own form under no-referrer: Origin null, but the browser says same-origin.
        assert!(!is_cross_origin(&headers(&[
            host,
            ("origin", "null"),
            ("sec-fetch-site", "same-origin")
        ])));
        assert!(is_cross_origin(&headers(&[
            host,
            ("origin", "null"),
            ("sec-fetch-site", "same-site")
        ])));
    }
}
