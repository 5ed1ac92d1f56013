//! Load test: many concurrent games against the computer, each with a spectator, over loopback.
//!
//! Starts the server in-process on a free loopback port with a SQLite database in a temporary
//! directory and the real engine (level 1), then plays `LOAD_GAMES` games (default 200) at once:
//! each player posts a move, waits for the computer's answer pushed over its WebSocket, and
//! repeats `LOAD_MOVES` times (default 10) or until the game ends; a spectator WebSocket watches
//! every game. Bounded by `LOAD_SECONDS` (default 120). Prints moves per second and the p50/p99
//! latency of posting a move (which excludes the engine's thinking: the computer answers
//! asynchronously). Exits non-zero on any error.
//!
//! `cargo run --release -p mancala-server --example load`

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use mancala_server::client::Client;
use mancala_server::{Config, EngineBrain};
use serde_json::{json, Value};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[derive(Default)]
struct Totals {
    human_moves: AtomicU64,
    computer_moves: AtomicU64,
    spectator_updates: AtomicU64,
    errors: AtomicU64,
    finished: AtomicU64,
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn next_update(ws: &mut Ws) -> Option<Value> {
    loop {
        let msg = ws.next().await?.ok()?;
        if let Ok(text) = msg.to_text() {
            if let Ok(v) = serde_json::from_str::<Value>(text) {
                return Some(v);
            }
        }
    }
}

async fn play_one(
    addr: std::net::SocketAddr,
    n: usize,
    moves: u64,
    deadline: Instant,
    totals: Arc<Totals>,
) -> Result<Vec<Duration>, String> {
    const VARIANTS: [&str; 4] = ["oware", "abapa", "wuri", "ouril"];
    let mut c = Client::new(addr);
    let variant = VARIANTS[n % VARIANTS.len()];
    let r = c
        .post_json(
            "/api/games",
            &json!({"variant": variant, "mode": "computer", "side": "south", "level": 1}),
            None,
        )
        .await
        .map_err(|e| e.to_string())?;
    if r.status != 201 {
        return Err(format!("create: {} {}", r.status, r.text()));
    }
    let created = r.json();
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let token = created["seats"]["south"]
        .as_str()
        .ok_or("no token")?
        .to_string();
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (mut player, _) = tokio_tungstenite::connect_async(&url)
        .await
        .map_err(|e| e.to_string())?;
    let (mut spectator, _) = tokio_tungstenite::connect_async(&url)
        .await
        .map_err(|e| e.to_string())?;
    let watcher_totals = Arc::clone(&totals);
    let watcher = tokio::spawn(async move {
        while let Some(u) = next_update(&mut spectator).await {
            watcher_totals
                .spectator_updates
                .fetch_add(1, Ordering::Relaxed);
            if u["game"]["over"] == true {
                break;
            }
        }
    });
    let mut game = next_update(&mut player).await.ok_or("no hello")?["game"].clone();
    let mut latencies = Vec::new();
    let mut x = n as u64 * 0x9e37_79b9_7f4a_7c15 + 1;
    for _ in 0..moves {
        if game["over"] == true || Instant::now() > deadline {
            break;
        }
        let legal = game["legal"].as_array().ok_or("no legal moves")?;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mv = legal[(x % legal.len() as u64) as usize].clone();
        let ply = game["ply"].as_u64().ok_or("no ply")?;
        let t = Instant::now();
        let r = c
            .post_json(
                &format!("/api/games/{id}/moves"),
                &json!({"move": mv, "ply": ply}),
                Some(&token),
            )
            .await
            .map_err(|e| e.to_string())?;
        latencies.push(t.elapsed());
        if r.status != 200 {
            return Err(format!("move: {} {}", r.status, r.text()));
        }
        totals.human_moves.fetch_add(1, Ordering::Relaxed);
        let mine = ply + 1;
        // Wait for the computer's answer (or the end).
        loop {
            let u = tokio::time::timeout_at(deadline.into(), next_update(&mut player))
                .await
                .map_err(|_| "deadline while waiting for the computer".to_string())?
                .ok_or("websocket closed")?;
            let g = &u["game"];
            let p = g["ply"].as_u64().unwrap_or(0);
            if g["over"] == true || (p > mine && g["to_move"] == "south" && g["thinking"] == false)
            {
                totals
                    .computer_moves
                    .fetch_add(p.saturating_sub(mine), Ordering::Relaxed);
                game = g.clone();
                break;
            }
        }
    }
    if game["over"] == true {
        totals.finished.fetch_add(1, Ordering::Relaxed);
    }
    watcher.abort();
    Ok(latencies)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let games = env("LOAD_GAMES", 200) as usize;
    let moves = env("LOAD_MOVES", 10);
    let seconds = env("LOAD_SECONDS", 120);
    let dir = std::env::temp_dir().join(format!("mancala-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let config = Config {
        addr: "127.0.0.1:0".parse()?,
        db: Some(dir.join("load.db")),
        create_burst: u32::try_from(games).unwrap_or(u32::MAX).saturating_add(10),
        ..Config::default()
    };
    let config = Config {
        engine_threads: env("LOAD_ENGINE_THREADS", config.engine_threads as u64) as usize,
        ..config
    };
    let bound = mancala_server::bind(&config, Arc::new(EngineBrain)).await?;
    let addr = bound.local_addr()?;
    tokio::spawn(bound.serve(std::future::pending()));

    let totals = Arc::new(Totals::default());
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..games)
        .map(|n| tokio::spawn(play_one(addr, n, moves, deadline, Arc::clone(&totals))))
        .collect();
    let mut latencies = Vec::new();
    let mut first_error = None;
    for t in tasks {
        match t.await {
            Ok(Ok(l)) => latencies.extend(l),
            Ok(Err(e)) => {
                totals.errors.fetch_add(1, Ordering::Relaxed);
                first_error.get_or_insert(e);
            }
            Err(e) => {
                totals.errors.fetch_add(1, Ordering::Relaxed);
                first_error.get_or_insert(e.to_string());
            }
        }
    }
    let elapsed = start.elapsed();
    latencies.sort();
    let human = totals.human_moves.load(Ordering::Relaxed);
    let computer = totals.computer_moves.load(Ordering::Relaxed);
    let errors = totals.errors.load(Ordering::Relaxed);
    println!(
        "load: {games} concurrent games against the computer (level 1), each with a spectator"
    );
    println!(
        "load: {} moves ({human} posted, {computer} by the computer) in {:.2} s: {:.0} moves/s",
        human + computer,
        elapsed.as_secs_f64(),
        (human + computer) as f64 / elapsed.as_secs_f64()
    );
    println!(
        "load: move request latency (excluding engine thinking) p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} requests",
        percentile(&latencies, 0.50).as_secs_f64() * 1000.0,
        percentile(&latencies, 0.99).as_secs_f64() * 1000.0,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
        latencies.len()
    );
    println!(
        "load: {} spectator updates, {} games finished, {errors} errors",
        totals.spectator_updates.load(Ordering::Relaxed),
        totals.finished.load(Ordering::Relaxed),
    );
    let _ = std::fs::remove_dir_all(&dir);
    if let Some(e) = first_error {
        return Err(format!("{errors} games failed; first: {e}").into());
    }
    Ok(())
}
