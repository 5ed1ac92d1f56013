//! A public server's defences, probed over raw TCP: slow and idle connections are closed, and
//! requests the HTTP parser refuses still get the API's JSON error.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use mancala_server::Config;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

mod common;

async fn start(header_timeout_secs: u64) -> SocketAddr {
    common::start(Config {
        header_timeout_secs,
        ..Config::default()
    })
    .await
}

/// Reads until the server closes the connection (or 10 s pass); answers what came and when
/// it closed.
async fn read_to_close(s: &mut TcpStream) -> (Vec<u8>, Option<Duration>) {
    let start = Instant::now();
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(Duration::from_secs(10), s.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return (out, Some(start.elapsed())),
            Ok(Ok(n)) => out.extend_from_slice(&buf[..n]),
            Err(_) => return (out, None),
        }
    }
}

/// Sends `raw` and answers the status and the JSON body of the answer.
async fn probe(addr: SocketAddr, raw: &[u8]) -> (u16, Value, String) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(raw).await.unwrap();
    let (bytes, closed) = read_to_close(&mut s).await;
    assert!(closed.is_some(), "the connection stayed open");
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |x| x.1);
    (
        status,
        serde_json::from_str(body).unwrap_or(Value::Null),
        text,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_and_idle_connections_are_closed() {
    let addr = start(1).await;
    // Headers begun and never finished.
    let mut slow = TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    // A connection that never says anything.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    // A kept-alive connection, idle after one request.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    for (name, s) in [
        ("slow", &mut slow),
        ("silent", &mut silent),
        ("idle", &mut idle),
    ] {
        let (bytes, closed) = read_to_close(s).await;
        let closed = closed.unwrap_or_else(|| panic!("the {name} connection stayed open"));
        assert!(closed < Duration::from_secs(5), "{name}: {closed:?}");
        if name == "idle" {
            assert!(bytes.starts_with(b"HTTP/1.1 200"));
        } else {
            assert!(
                bytes.is_empty(),
                "{name}: {}",
                String::from_utf8_lossy(&bytes)
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_below_the_router_are_json() {
    let addr = start(10).await;
    let many_headers: String = (0..200).map(|i| format!("X-H{i}: v\r\n")).collect();
    let long_uri = format!(
        "GET /api/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(70_000)
    );
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        ("bad request line", b"GARBAGE\r\n\r\n".to_vec(), 400, "bad_request"),
        (
            "duplicate Content-Length",
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!"
                .to_vec(),
            400,
            "bad_request",
        ),
        (
            "bad Content-Length",
            b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: five\r\n\r\n".to_vec(),
            400,
            "bad_request",
        ),
        (
            "too many headers",
            format!("GET /api/health HTTP/1.1\r\nHost: x\r\n{many_headers}\r\n").into_bytes(),
            431,
            "headers_too_large",
        ),
        ("long URI", long_uri.into_bytes(), 414, "uri_too_long"),
    ];
    for (name, raw, status, code) in cases {
        let (got, body, text) = probe(addr, &raw).await;
        assert_eq!(got, status, "{name}: {text}");
        assert_eq!(body["error"], code, "{name}: {text}");
        assert!(
            body["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{name}"
        );
        assert!(
            text.contains("content-type: application/json"),
            "{name}: {text}"
        );
    }
    // The router's own errors are untouched.
    let (status, body, _) = probe(
        addr,
        b"GET /api/nothing HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!((status, body["error"].as_str()), (404, Some("not_found")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_sites_pages_cannot_post() {
    let addr = start(5).await;
    let host = format!("Host: {addr}\r\n");
    let post = |extra: &str, path: &str, body: &str| {
        format!(
            "POST {path} HTTP/1.1\r\n{host}{extra}Content-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    let cred = r#"{"name": "Ama", "password": "secret-password"}"#;
    // Another site's page: a JSON post, the log-in form (login CSRF), by Origin or by the
    // browser's Sec-Fetch-Site.
    for (extra, path, body) in [
        ("Origin: https://evil.example\r\n", "/api/players", cred),
        ("Sec-Fetch-Site: cross-site\r\n", "/api/session", cred),
        (
            "Origin: https://evil.example\r\n",
            "/login",
            "name=Ama&password=secret-password",
        ),
    ] {
        let (status, v, text) = probe(addr, post(extra, path, body).as_bytes()).await;
        assert_eq!(status, 403, "{path}: {text}");
        assert_eq!(v["error"], "cross_origin", "{text}");
    }
    // Another site's page opening the lobby's WebSocket (it would carry the cookie).
    let ws = format!(
        "GET /api/lobby/ws HTTP/1.1\r\n{host}Origin: https://evil.example\r\nConnection: Upgrade\r\n\
         Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    let (status, v, text) = probe(addr, ws.as_bytes()).await;
    assert_eq!(
        (status, &v["error"]),
        (403, &Value::from("cross_origin")),
        "{text}"
    );
    // The server's own pages (same origin) and programs (no Origin) still post.
    let own = format!("Origin: http://{addr}\r\nSec-Fetch-Site: same-origin\r\n");
    let (status, _, text) = probe(addr, post(&own, "/api/players", cred).as_bytes()).await;
    assert_eq!(status, 201, "{text}");
    let (status, _, text) = probe(addr, post("", "/api/session", cred).as_bytes()).await;
    assert_eq!(status, 200, "{text}");
}
