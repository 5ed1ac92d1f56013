//! The connection loop: HTTP/1.1 with a header-read timeout, and JSON bodies for the errors the
//! HTTP library answers by itself.
//!
//! * **Slow and idle connections.** A client has [`crate::Config::header_timeout_secs`] to send
//!   a request's headers, counted from the moment the server waits for them: a slow sender
//!   ("slowloris") is disconnected, and so is a kept-alive connection that stays idle that long
//!   between requests. Upgraded connections (WebSockets) have their own keep-alive
//!   ([`crate::round::watch::watch`]). A body has its own timeout ([`crate::http::body`]).
//! * **Connections per address.** One client address holds at most
//!   [`crate::Config::max_connections_per_address`] connections open at once: a further one is
//!   answered 429 `too_many_connections` (JSON) and closed, so that one client cannot hold every
//!   file descriptor of the process.
//! * **Errors below the router.** A request the HTTP parser rejects (a bad request line, a bad
//!   or duplicate `Content-Length`, more than [`MAX_HEADERS`] headers, a too long URI) never
//!   reaches the router: the parser answers 400, 431 or 414 with an empty body and closes the
//!   connection. [`JsonErrors`] rewrites exactly those answers on their way out into the API's
//!   JSON error shape (`{"error", "message"}`).

use std::io;
use std::pin::Pin;
use std::task::{ready, Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::watch;

use crate::http::limit::PerAddress;

/// Most headers in one request (the parser answers 431 beyond).
pub const MAX_HEADERS: usize = 64;
/// How long a graceful shutdown waits for open connections.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Serves `router` on `listener` until `shutdown` completes; then stops accepting, asks every
/// connection to finish its request and waits for them a little while.
pub(crate) async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    header_timeout: Duration,
    per_address: PerAddress,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let (stop_tx, stop_rx) = watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                // Out of file descriptors or the like: wait a little, keep serving.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let Some(slot) = per_address.take(Some(remote.ip())) else {
            refuse(stream, per_address.max());
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let service = hyper::service::service_fn(
                move |mut req: hyper::Request<hyper::body::Incoming>| {
                    req.extensions_mut().insert(ConnectInfo(remote));
                    let mut router = router.clone();
                    async move {
                        tower_service::Service::call(&mut router, req.map(axum::body::Body::new))
                            .await
                    }
                },
            );
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .max_headers(MAX_HEADERS)
                .writev(false);
            let conn = builder
                .serve_connection(TokioIo::new(JsonErrors::new(stream)), service)
                .with_upgrades();
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => return,
                _ = stop.changed() => conn.as_mut().graceful_shutdown(),
            }
            let _ = tokio::time::timeout(SHUTDOWN_GRACE, conn).await;
        });
    }
    drop(stop_rx);
    let _ = stop_tx.send(());
    let _ = tokio::time::timeout(SHUTDOWN_GRACE, stop_tx.closed()).await;
    Ok(())
}

/// Answers a connection over its address's cap 429 (what fits in the socket's buffer now: the
/// connection is not waited for) and closes it.
fn refuse(stream: tokio::net::TcpStream, max: usize) {
    let body = serde_json::json!({
        "error": "too_many_connections",
        "message": format!(
            "this address has {max} connections open to the server already; close some and try again"
        ),
    })
    .to_string();
    let answer = format!(
        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 1\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// A connection whose automatic error answers (a 4xx or 5xx head without `Content-Type` and
/// with `Content-Length: 0`, which only the HTTP parser writes: every answer of the router has
/// a body and a type) are rewritten into JSON errors.
pub struct JsonErrors<T> {
    inner: T,
    pending: Vec<u8>,
    sent: usize,
}

impl<T> JsonErrors<T> {
    /// Wraps a connection.
    pub fn new(inner: T) -> Self {
        JsonErrors {
            inner,
            pending: Vec::new(),
            sent: 0,
        }
    }
}

/// The JSON answer in place of the parser's answer `head`, if it is one.
#[must_use]
pub fn rewrite(head: &[u8]) -> Option<Vec<u8>> {
    if !(head.starts_with(b"HTTP/1.1 4") || head.starts_with(b"HTTP/1.1 5")) {
        return None;
    }
    let text = std::str::from_utf8(head).ok()?;
    let (head, rest) = text.split_once("\r\n\r\n")?;
    if !rest.is_empty() {
        return None;
    }
    let mut lines = head.split("\r\n");
    let status_line = lines.next()?;
    let headers: Vec<&str> = lines.collect();
    let has = |name: &str| {
        headers
            .iter()
            .any(|h| h.to_ascii_lowercase().starts_with(name))
    };
    if has("content-type:") || !has("content-length: 0") {
        return None;
    }
    let status = status_line.get(9..12)?;
    let (code, message) = match status {
        "400" => (
            "bad_request",
            "malformed request: bad request line, header or Content-Length",
        ),
        "431" => ("headers_too_large", "too many or too large request headers"),
        "414" => ("uri_too_long", "the request URI is too long"),
        s if s.starts_with('5') => ("server_error", "the server could not answer"),
        _ => ("bad_request", "malformed request"),
    };
    let body = serde_json::json!({ "error": code, "message": message }).to_string();
    let mut out = String::with_capacity(256);
    out.push_str(status_line);
    out.push_str("\r\n");
    for h in &headers {
        let lower = h.to_ascii_lowercase();
        if !lower.starts_with("content-length:") && !lower.starts_with("connection:") {
            out.push_str(h);
            out.push_str("\r\n");
        }
    }
    out.push_str(&format!(
        "content-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    ));
    Some(out.into_bytes())
}

impl<T: AsyncWrite + Unpin> JsonErrors<T> {
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.inner).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonErrors<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonErrors<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        ready!(self.poll_pending(cx))?;
        if let Some(json) = rewrite(buf) {
            self.pending = json;
            self.sent = 0;
            // Sent now or on the next flush.
            if let Poll::Ready(Err(e)) = self.poll_pending(cx) {
                return Poll::Ready(Err(e));
            }
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        ready!(self.poll_pending(cx))?;
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_parsers_empty_errors_are_rewritten() {
        let auto =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let out = String::from_utf8(rewrite(auto).unwrap()).unwrap();
        let (head, body) = out.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 "));
        assert!(head.contains("content-type: application/json"));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let j: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(j["error"], "headers_too_large");
        // The router's own errors have a type and a body: left alone.
        let api = b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 20\r\n\r\n";
        assert!(rewrite(api).is_none());
        assert!(rewrite(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(rewrite(b"\x81\x05hello").is_none());
    }
}
