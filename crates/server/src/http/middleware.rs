//! The middleware every response goes through: the request's log line and count
//! ([`log_request`]), the refusal of cross-site requests ([`same_origin`]), and the security
//! headers and JSON errors ([`harden`]).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tracing::Instrument;

use crate::app::App;
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

/// The header that carries a request's id, in the request (from a proxy) and in the answer.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The id of a request: the `x-request-id` it came with when that is a short token (a proxy's
/// id, kept so that its logs and these match), else a new one: this process's random prefix and
/// a count.
fn request_id(req: &Request) -> HeaderValue {
    if let Some(v) = req.headers().get(&REQUEST_ID) {
        let token = |b: &u8| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':');
        if !v.is_empty() && v.len() <= 64 && v.as_bytes().iter().all(token) {
            return v.clone();
        }
    }
    static PREFIX: OnceLock<u32> = OnceLock::new();
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let prefix = *PREFIX.get_or_init(|| {
        let mut b = [0u8; 4];
        // Without randomness (never seen), the process id still tells instances apart.
        if getrandom::fill(&mut b).is_err() {
            return std::process::id();
        }
        u32::from_le_bytes(b)
    });
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    HeaderValue::from_str(&format!("{prefix:08x}-{n}")).unwrap_or(HeaderValue::from_static("-"))
}

/// A method as a metric's label: the standard ones by name, any other as `OTHER` (a client
/// cannot make up label values).
fn method_label(m: &Method) -> &'static str {
    match *m {
        Method::GET => "GET",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::HEAD => "HEAD",
        Method::OPTIONS => "OPTIONS",
        _ => "OTHER",
    }
}

/// Logs one line per request (`method`, matched `route`, `status`, `latency_us`, `request_id`),
/// counts it in the metrics, and answers the request's id in `x-request-id`. What is logged
/// while the request is handled is inside its `request` span (with the id).
pub(crate) async fn log_request(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let started = Instant::now();
    let id = request_id(&req);
    let method = method_label(req.method());
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let span = tracing::info_span!("request", id = id.to_str().unwrap_or("-"));
    let mut res = next.run(req).instrument(span).await;
    let took = started.elapsed();
    let status = res.status().as_u16();
    app.metrics.request(method, &route, status, took);
    tracing::info!(
        target: "mancala_server::request",
        method = %method,
        route = %route,
        status,
        latency_us = u64::try_from(took.as_micros()).unwrap_or(u64::MAX),
        request_id = %id.to_str().unwrap_or("-"),
        "request"
    );
    res.headers_mut().insert(REQUEST_ID, id);
    res
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
