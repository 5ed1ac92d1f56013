//! Request bodies, read before any handler sees the request ([`read_body`]): within a time, within
//! the size limit, and into one buffer.
//!
//! * **Time.** A body must arrive whole within [`crate::Config::body_timeout_secs`] of the
//!   request's headers; a client that sends it slower (a declared 16,000-byte body one byte every
//!   two seconds) is answered 408 `body_timeout` and disconnected. The headers have their own
//!   timeout ([`crate::http::conn`]).
//! * **Size.** A body larger than [`crate::Config::body_limit`] is refused with 413 `too_large`
//!   as soon as its `Content-Length` says so, or as soon as that many bytes have come.
//! * **Memory.** Each piece the connection reads is copied into the request's one buffer and
//!   dropped at once. Kept as pieces, each tiny TCP segment held on to the whole read buffer it
//!   was cut from (about 8 KiB each): 20 connections sending 3,000 one-byte segments grew the
//!   process by 100 MB. A request now holds at most its body and the connection's read buffer.

use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, HttpBody};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::http::error::ApiError;

/// How request bodies are read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BodyRules {
    /// Largest body, in bytes.
    pub limit: usize,
    /// Time for a whole body, from the end of the headers.
    pub timeout: Duration,
}

/// What came of reading a body.
enum Read {
    /// The whole body.
    Whole(Vec<u8>),
    /// More than the limit.
    TooLarge,
    /// The connection failed or was closed before the end.
    Broken,
}

/// Reads the request's body whole (see the module's documentation) and passes the request on
/// with it; 408, 413 or 400 JSON errors when it comes too slowly, is too large or breaks off.
pub(crate) async fn read_body(
    State(rules): State<Arc<BodyRules>>,
    req: Request,
    next: Next,
) -> Response {
    let (parts, mut body) = req.into_parts();
    if body.is_end_stream() {
        return next.run(Request::from_parts(parts, body)).await;
    }
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("the request body is larger than {} bytes", rules.limit),
        )
        .into_response()
    };
    if declared.is_some_and(|n| n > rules.limit as u64) {
        return closing(too_large());
    }
    let capacity = declared.map_or(0, |n| usize::try_from(n).unwrap_or(0).min(rules.limit));
    let limit = rules.limit;
    let read = async move {
        let mut buf = Vec::with_capacity(capacity);
        while let Some(frame) = std::future::poll_fn(|cx| Pin::new(&mut body).poll_frame(cx)).await
        {
            let Ok(frame) = frame else {
                return Read::Broken;
            };
            if let Ok(data) = frame.into_data() {
                if buf.len() + data.len() > limit {
                    return Read::TooLarge;
                }
                buf.extend_from_slice(&data);
            }
        }
        Read::Whole(buf)
    };
    match tokio::time::timeout(rules.timeout, read).await {
        Ok(Read::Whole(buf)) => next.run(Request::from_parts(parts, Body::from(buf))).await,
        Ok(Read::TooLarge) => closing(too_large()),
        Ok(Read::Broken) => closing(
            ApiError::bad_request("bad_body", "the request body broke off before its end")
                .into_response(),
        ),
        Err(_) => closing(
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "body_timeout",
                format!(
                    "the request body did not arrive within {} s",
                    rules.timeout.as_secs_f64()
                ),
            )
            .into_response(),
        ),
    }
}

/// `res` with `Connection: close`: the rest of an unread body is not waited for.
fn closing(mut res: Response) -> Response {
    res.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}
