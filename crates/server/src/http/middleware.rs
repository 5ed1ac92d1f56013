//! The middleware every response goes through.

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::error::ApiError;

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
