//! What an operator sees: one log line per request (method, matched route, status, latency and
//! request id, the id also answered in `x-request-id`), and `GET /metrics` in the Prometheus text
//! exposition with the counters moving.

use std::collections::BTreeMap;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use mancala_test_client::{Client, Reply};
use serde_json::{json, Value};

mod common;
use common::{create, new_game, server};

/// Every log line written in this test binary (its subscriber is the process's).
fn logs() -> &'static Arc<Mutex<Vec<u8>>> {
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let buffer = Arc::new(Mutex::new(Vec::new()));
        let writer = Arc::clone(&buffer);
        tracing_subscriber::fmt()
            .json()
            .flatten_event(true)
            .with_env_filter(tracing_subscriber::EnvFilter::new("info"))
            .with_writer(move || Lines(Arc::clone(&writer)))
            .init();
        buffer
    })
}

/// A writer into the shared buffer.
struct Lines(Arc<Mutex<Vec<u8>>>);

impl Write for Lines {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The request lines logged so far, as JSON objects.
fn request_lines() -> Vec<Value> {
    let text = String::from_utf8(logs().lock().unwrap().clone()).unwrap();
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["target"] == "mancala_server::request")
        .collect()
}

/// Sends `method path` with request id `id` (and `body` as JSON with seat token `token` when
/// given).
async fn send(
    c: &mut Client,
    (method, path): (&str, &str),
    id: &str,
    body: Option<&Value>,
    token: &str,
) -> Reply {
    let body = body.map(Value::to_string).unwrap_or_default();
    let bearer = format!("Bearer {token}");
    let mut headers = vec![("X-Request-Id", id)];
    if !body.is_empty() {
        headers.push(("Content-Type", "application/json"));
        headers.push(("Authorization", &bearer));
    }
    c.request(method, path, &headers, body.as_bytes())
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_request_is_logged_once_with_its_route_status_latency_and_id() {
    logs();
    let (_, mut c) = server().await;
    let (id, south) = new_game(&mut c, "oware", "local").await;
    let moves = format!("/api/games/{id}/moves");
    let game_path = format!("/api/games/{id}");
    let asked = [
        ("GET", "/api/variants", None, "/api/variants", 200),
        ("GET", game_path.as_str(), None, "/api/games/{id}", 200),
        (
            "POST",
            moves.as_str(),
            Some(json!({"move": "C"})),
            "/api/games/{id}/moves",
            200,
        ),
        (
            "GET",
            "/api/games/nothing-here",
            None,
            "/api/games/{id}",
            404,
        ),
        ("GET", "/rules/oware", None, "/rules/{name}", 200),
        ("GET", "/api/no-such-endpoint", None, "unmatched", 404),
        ("GET", "/metrics", None, "/metrics", 200),
    ];
    let mut expected = BTreeMap::new();
    for (k, (method, path, body, route, status)) in asked.iter().enumerate() {
        let rid = format!("logtest-{k}");
        let r = send(&mut c, (method, path), &rid, body.as_ref(), &south).await;
        assert_eq!(r.status, *status, "{method} {path}: {}", r.text());
        assert_eq!(r.header("x-request-id"), Some(rid.as_str()), "{path}");
        expected.insert(rid, (*method, *route, *status));
    }
    // A request without an id gets one.
    let r = c.get("/api/variants").await.unwrap();
    let given = r.header("x-request-id").unwrap().to_string();
    assert!(
        !given.is_empty() && !given.starts_with("logtest-"),
        "{given}"
    );
    expected.insert(given, ("GET", "/api/variants", 200));

    let lines = request_lines();
    for (rid, (method, route, status)) in &expected {
        let mine: Vec<&Value> = lines.iter().filter(|l| l["request_id"] == *rid).collect();
        assert_eq!(mine.len(), 1, "{rid}: {mine:?}");
        let line = mine[0];
        assert_eq!(line["level"], "INFO", "{line}");
        assert_eq!(line["method"], *method, "{line}");
        assert_eq!(line["route"], *route, "{line}");
        assert_eq!(line["status"], *status, "{line}");
        assert!(line["latency_us"].as_u64().is_some(), "{line}");
        assert!(line["timestamp"].as_str().is_some(), "{line}");
    }
}

/// The samples of a Prometheus text exposition (`name{labels}` to value), checked line by line:
/// each `# TYPE` and `# HELP` names a metric, each sample is a name, optional labels and a
/// number, and the text ends with `# EOF`.
fn parse(text: &str) -> BTreeMap<String, f64> {
    assert!(text.ends_with("# EOF\n"), "{text}");
    let mut samples = BTreeMap::new();
    let mut typed = std::collections::BTreeSet::new();
    for line in text.lines() {
        if let Some(comment) = line.strip_prefix("# ") {
            let words: Vec<&str> = comment.splitn(3, ' ').collect();
            match words[0] {
                "TYPE" => {
                    assert!(
                        ["counter", "gauge", "histogram", "info"].contains(&words[2]),
                        "{line}"
                    );
                    typed.insert(words[1].to_string());
                }
                "HELP" | "UNIT" => assert!(words.len() == 3, "{line}"),
                "EOF" => {}
                _ => panic!("unknown comment: {line}"),
            }
            continue;
        }
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("{line}"));
        let value: f64 = match value {
            "+Inf" => f64::INFINITY,
            v => v.parse().unwrap_or_else(|_| panic!("value of {line}")),
        };
        let name = series.split('{').next().unwrap();
        assert!(
            name.chars()
                .all(|ch| ch.is_ascii_alphanumeric() || ch == '_' || ch == ':'),
            "{line}"
        );
        if let Some(labels) = series.strip_prefix(name) {
            if !labels.is_empty() {
                assert!(labels.starts_with('{') && labels.ends_with('}'), "{line}");
                for pair in labels[1..labels.len() - 1].split(',') {
                    let (k, v) = pair.split_once('=').unwrap_or_else(|| panic!("{line}"));
                    assert!(
                        !k.is_empty() && v.starts_with('"') && v.ends_with('"'),
                        "{line}"
                    );
                }
            }
        }
        assert!(
            typed.iter().any(|t| name.starts_with(t.as_str())),
            "{name} has no # TYPE before it"
        );
        assert!(
            samples.insert(series.to_string(), value).is_none(),
            "{line} twice"
        );
    }
    samples
}

/// The metrics of the server now.
async fn metrics(c: &mut Client) -> BTreeMap<String, f64> {
    let r = c.get("/metrics").await.unwrap();
    assert_eq!(r.status, 200);
    assert!(
        r.header("content-type")
            .is_some_and(|t| t.starts_with("application/openmetrics-text")),
        "{:?}",
        r.headers
    );
    parse(&r.text())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_prometheus_text_and_count_requests_moves_and_the_store() {
    let (addr, mut c) = server().await;
    let before = metrics(&mut c).await;
    for name in [
        "mancala_moves_total",
        "mancala_move_seconds_count",
        "mancala_store_seconds_count",
        "mancala_open_games",
        "mancala_websockets",
        "mancala_open_seeks",
        "mancala_clocks_armed",
    ] {
        assert!(before.contains_key(name), "{name} missing: {before:?}");
    }
    let game = create(&mut c, json!({"variant": "oware", "mode": "local"})).await;
    let id = game["id"].as_str().unwrap();
    let token = game["seats"]["south"].as_str().unwrap();
    let r = common::post(
        &mut c,
        &format!("/api/games/{id}/moves"),
        json!({"move": "C"}),
        token,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let _ws = common::watch(addr, id).await;
    let after = metrics(&mut c).await;
    let moved = |name: &str| after[name] - before.get(name).copied().unwrap_or(0.0);
    assert_eq!(moved("mancala_moves_total"), 1.0);
    assert_eq!(moved("mancala_move_seconds_count"), 1.0);
    assert!(moved("mancala_store_seconds_count") >= 2.0, "{after:?}");
    assert!(after["mancala_open_games"] >= 1.0);
    assert!(after["mancala_websockets"] >= 1.0);
    let moves =
        "mancala_http_requests_total{method=\"POST\",route=\"/api/games/{id}/moves\",status=\"200\"}";
    assert_eq!(after[moves], 1.0, "{after:?}");
    let scrapes = "mancala_http_requests_total{method=\"GET\",route=\"/metrics\",status=\"200\"}";
    assert_eq!(after[scrapes], 1.0, "{after:?}");
    // The move's latency lands in a bucket: the +Inf bucket counts it.
    assert_eq!(
        after["mancala_move_seconds_bucket{le=\"+Inf\"}"]
            - before
                .get("mancala_move_seconds_bucket{le=\"+Inf\"}")
                .copied()
                .unwrap_or(0.0),
        1.0
    );
}
