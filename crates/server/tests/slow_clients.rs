//! Slow and greedy clients: a body sent too slowly is answered 408 and the connection closed,
//! one address cannot hold more connections, WebSockets or running proofs than its caps, and a
//! body trickled in one-byte segments costs no more memory than its bytes.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use mancala_server::Config;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

mod common;

/// Held by every test of this file for its whole run: one measures this process's resident
/// memory, which the others (a proof's tables above all) would raise if they ran beside it.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

const HEAD: &[u8] = b"POST /api/positions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 16000\r\n\r\n";

/// Reads until the server closes the connection (or 10 s pass): what came, and whether it
/// closed.
async fn read_to_close(s: &mut TcpStream) -> (String, bool) {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(Duration::from_secs(10), s.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return (String::from_utf8_lossy(&out).into_owned(), true),
            Ok(Ok(n)) => out.extend_from_slice(&buf[..n]),
            Err(_) => return (String::from_utf8_lossy(&out).into_owned(), false),
        }
    }
}

fn status_and_body(text: &str) -> (u16, Value) {
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |x| x.1);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_body_is_answered_408_and_closed() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let addr = common::start(Config {
        body_timeout_secs: 1,
        ..Config::default()
    })
    .await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(HEAD).await.unwrap();
    let started = Instant::now();
    // One byte every 200 ms, as long as the server takes it.
    let (mut rd, mut wr) = s.into_split();
    let trickle = tokio::spawn(async move {
        for _ in 0..100 {
            if wr.write_all(b" ").await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    });
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    let closed = loop {
        match tokio::time::timeout(Duration::from_secs(10), rd.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => break true,
            Ok(Ok(n)) => out.extend_from_slice(&buf[..n]),
            Err(_) => break false,
        }
    };
    trickle.abort();
    let text = String::from_utf8_lossy(&out);
    assert!(closed, "the connection stayed open: {text}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    let (status, body) = status_and_body(&text);
    assert_eq!(status, 408, "{text}");
    assert_eq!(body["error"], "body_timeout", "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_its_connections() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let addr = common::start(Config {
        max_connections_per_address: 3,
        ..Config::default()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut s = TcpStream::connect(addr).await.unwrap();
        s.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let mut buf = [0u8; 4096];
        let n = s.read(&mut buf).await.unwrap();
        assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
        held.push(s);
    }
    let mut fourth = TcpStream::connect(addr).await.unwrap();
    let (text, closed) = read_to_close(&mut fourth).await;
    assert!(closed, "the fourth connection stayed open");
    let (status, body) = status_and_body(&text);
    assert_eq!(status, 429, "{text}");
    assert_eq!(body["error"], "too_many_connections", "{text}");
    // One closed: a place again.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = TcpStream::connect(addr).await.unwrap();
    again
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let (text, _) = read_to_close(&mut again).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
}

/// This process's resident memory, in MiB.
fn rss_mib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    kib / 1024
}

#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_trickled_in_tiny_segments_cost_only_their_bytes() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let addr: SocketAddr = common::start(Config::default()).await;
    let before = rss_mib();
    let mut clients = Vec::new();
    for _ in 0..20 {
        clients.push(tokio::spawn(async move {
            let s = TcpStream::connect(addr).await.unwrap();
            s.set_nodelay(true).unwrap();
            let mut s = s;
            s.write_all(HEAD).await.unwrap();
            for _ in 0..3000 {
                s.write_all(b" ").await.unwrap();
                tokio::time::sleep(Duration::from_micros(500)).await;
            }
            s
        }));
    }
    let mut open = Vec::new();
    for c in clients {
        open.push(c.await.unwrap());
    }
    let during = rss_mib();
    drop(open);
    // Kept as pieces, each segment held a read buffer of its own: 60,000 segments took over
    // 100 MB. Copied into one buffer per request, the bodies take 60,000 bytes.
    assert!(
        during < before + 20,
        "RSS grew from {before} MiB to {during} MiB"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_its_websockets() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let addr = common::start(Config {
        max_websockets_per_address: 2,
        ..Config::default()
    })
    .await;
    let mut c = mancala_test_client::Client::new(addr);
    let g = common::create(
        &mut c,
        serde_json::json!({"variant": "oware", "mode": "local"}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let _a = common::watch(addr, &id).await;
    let _b = common::socket(addr, "/api/lobby/ws").await;
    match tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status(), 429);
            let body: Value = serde_json::from_slice(r.body().as_deref().unwrap()).unwrap();
            assert_eq!(body["error"], "too_many_connections", "{body}");
            assert!(
                body["message"].as_str().unwrap().contains("this address"),
                "{body}"
            );
        }
        other => panic!("a third WebSocket from one address was not refused: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_runs_one_proof_at_a_time_within_its_memory() {
    let _alone = ONE_AT_A_TIME.lock().await;
    let addr = common::start(Config {
        max_proof_mib: 16,
        engine_threads: 2,
        ..Config::default()
    })
    .await;
    let body = serde_json::json!({"variant": "oware", "seconds": 2});
    let first = tokio::spawn(async move {
        let mut c = mancala_test_client::Client::new(addr);
        c.post_json("/api/analysis/prove", &body, None)
            .await
            .unwrap()
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut c = mancala_test_client::Client::new(addr);
    let body = serde_json::json!({"variant": "oware", "seconds": 2});
    let r = c
        .post_json("/api/analysis/prove", &body, None)
        .await
        .unwrap();
    let refusal = common::assert_error(&r, 429, "too_many_proofs");
    assert!(
        refusal["message"]
            .as_str()
            .unwrap()
            .contains("running already"),
        "{refusal}"
    );
    let r = first.await.unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    // Its tables were bounded by the 16 MiB asked for.
    let proof = &r.json()["proof"];
    assert_eq!(proof["memory_mib"], 16, "{proof}");
    let entries = proof["table_entries"].as_u64().unwrap();
    assert!(entries * 256 <= 16 << 20, "{proof}");
    // Once answered, the address may ask again.
    let r = c
        .post_json("/api/analysis/prove", &body, None)
        .await
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
}
