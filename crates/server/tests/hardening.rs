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
