//! Load test, in two parts, over loopback against the server started in-process on a free port
//! with a SQLite database in a temporary directory and the real engine.
//!
//! 1. Games against the computer (level 1), each with a spectator: `LOAD_GAMES` games (default
//!    200) at once; each player posts a move, waits for the computer's answer pushed over its
//!    WebSocket, and repeats `LOAD_MOVES` times (default 10) or until the game ends.
//! 2. Timed games between accounts: `LOAD_PLAYERS` accounts (default 100) sign up and log in,
//!    post `LOAD_TIMED_GAMES` seeks (default 500) with a 3+2 clock, rated, that the others
//!    accept over the lobby, with a lobby WebSocket watching; then every game is played at once,
//!    each side posting its moves with its own session token, `LOAD_TIMED_MOVES` moves per game
//!    (default 20) or until the game ends. A simulated player thinks before each move, a random
//!    time around `LOAD_THINK_MS` (default 500 ms, from 0.4 to 1.6 times that): faster than
//!    people play blitz, so 500 games offer the server about 1,000 moves a second. (Without
//!    thinking time, N clients posting back to back only measure the queue: the latency is then
//!    N divided by the throughput.)
//!
//! `LOAD_INSTANCES=N` runs N server instances on one throw-away PostgreSQL cluster (which needs
//! PostgreSQL installed, see the `mancala-test-postgres` crate) instead of one on a SQLite file:
//! each game is played through one instance and watched through the next, and the timed games'
//! lobby is on the first.
//!
//! Both parts are bounded by `LOAD_SECONDS` (default 120) each. Prints moves per second and the
//! p50/p99 latency of posting a move (the first part excludes the engine's thinking: the
//! computer answers asynchronously). Exits non-zero on any error.
//!
//! `cargo run --release -p mancala-server --example load`

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use mancala_server::client::{Client, Reply};
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
    watch_addr: std::net::SocketAddr,
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
    // The spectator watches through another instance when there are several.
    let (mut spectator, _) =
        tokio_tungstenite::connect_async(format!("ws://{watch_addr}/api/games/{id}/ws"))
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
        xorshift(&mut x);
        let mv = legal[(x % legal.len() as u64) as usize].clone();
        let ply = game["ply"].as_u64().ok_or("no ply")?;
        timed_move(&mut c, &id, &mv, ply, &token, &mut latencies).await?;
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
    let instances = env("LOAD_INSTANCES", 0) as usize;
    let dir = std::env::temp_dir().join(format!("mancala-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    // With LOAD_INSTANCES=N, N instances share a throw-away PostgreSQL cluster; else one
    // instance on a SQLite file.
    let cluster = (instances > 0).then(mancala_test_postgres::Cluster::start);
    let postgres = cluster
        .as_ref()
        .map(mancala_test_postgres::Cluster::fresh_database);
    let config = Config {
        addr: "127.0.0.1:0".parse()?,
        db: Some(dir.join("load.db")),
        postgres,
        db_pool: env("LOAD_DB_POOL", 16) as usize,
        create_burst: u32::try_from(games).unwrap_or(u32::MAX).saturating_add(10),
        // Every simulated account signs up and logs in from this one address.
        auth_burst: 10_000,
        ..Config::default()
    };
    let config = Config {
        engine_threads: env("LOAD_ENGINE_THREADS", config.engine_threads as u64) as usize,
        ..config
    };
    let mut addrs = Vec::new();
    for _ in 0..instances.max(1) {
        let bound = mancala_server::bind(&config, Arc::new(EngineBrain)).await?;
        addrs.push(bound.local_addr()?);
        tokio::spawn(bound.serve(std::future::pending()));
    }
    let at = |n: usize| addrs[n % addrs.len()];
    match &cluster {
        Some(_) => println!(
            "load: {} instances on one PostgreSQL (fsync off, throw-away cluster), pool {} each",
            addrs.len(),
            config.db_pool
        ),
        None => println!("load: one instance on a SQLite file"),
    }

    let totals = Arc::new(Totals::default());
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..games)
        .map(|n| {
            tokio::spawn(play_one(
                at(n),
                at(n + 1),
                n,
                moves,
                deadline,
                Arc::clone(&totals),
            ))
        })
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
    if let Some(e) = first_error {
        let _ = std::fs::remove_dir_all(&dir);
        return Err(format!("{errors} games failed; first: {e}").into());
    }
    let timed = timed_games(&addrs, seconds).await;
    drop(cluster);
    let _ = std::fs::remove_dir_all(&dir);
    timed
}

/// The next state of a xorshift generator (the moves' and thinking times' randomness).
fn xorshift(x: &mut u64) {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
}

/// Plays `mv` at `ply` in the game `id` with `token`, adding the time the answer took to
/// `latencies`: the new state.
async fn timed_move(
    c: &mut Client,
    id: &str,
    mv: &Value,
    ply: u64,
    token: &str,
    latencies: &mut Vec<Duration>,
) -> Result<Value, String> {
    let t = Instant::now();
    let r = c
        .post_json(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "ply": ply}),
            Some(token),
        )
        .await
        .map_err(|e| e.to_string())?;
    latencies.push(t.elapsed());
    if r.status != 200 {
        return Err(format!("move in {id}: {} {}", r.status, r.text()));
    }
    Ok(r.json())
}

/// Signs up and logs in `name`; answers its session token.
async fn account(c: &mut Client, name: &str) -> Result<String, String> {
    let cred = json!({"name": name, "password": "load-test-password"});
    post_expecting(c, "/api/players", &cred, 201, "sign-up").await?;
    let r = post_expecting(c, "/api/session", &cred, 200, "log-in").await?;
    Ok(r.json()["token"].as_str().ok_or("no token")?.to_string())
}

/// Posts `body` to `path` without credentials, which must answer `status`: the reply (`what`
/// names the step in errors).
async fn post_expecting(
    c: &mut Client,
    path: &str,
    body: &Value,
    status: u16,
    what: &str,
) -> Result<Reply, String> {
    let r = c
        .post_json(path, body, None)
        .await
        .map_err(|e| e.to_string())?;
    if r.status != status {
        return Err(format!("{what}: {} {}", r.status, r.text()));
    }
    Ok(r)
}

/// Plays one timed game between two accounts, both seats from one client; answers the move
/// latencies and whether it finished.
async fn play_timed(
    addr: std::net::SocketAddr,
    game: String,
    tokens: [String; 2],
    moves: u64,
    deadline: Instant,
    n: usize,
    think_ms: u64,
) -> Result<(Vec<Duration>, bool), String> {
    let mut c = Client::new(addr);
    let r = c
        .get(&format!("/api/games/{game}"))
        .await
        .map_err(|e| e.to_string())?;
    let mut state = r.json();
    if state["clock"]["running"].is_null() {
        return Err(format!("game {game}: no running clock"));
    }
    let mut latencies = Vec::new();
    let mut x = n as u64 * 0x9e37_79b9_7f4a_7c15 + 7;
    for _ in 0..moves {
        if state["over"] == true || Instant::now() > deadline {
            break;
        }
        let side = usize::from(state["to_move"] == "north");
        let legal = state["legal"].as_array().ok_or("no legal moves")?;
        xorshift(&mut x);
        if think_ms > 0 {
            let think = think_ms * 2 / 5 + (x >> 11) % (think_ms * 6 / 5 + 1);
            tokio::time::sleep(Duration::from_millis(think)).await;
        }
        let mv = legal[(x % legal.len() as u64) as usize].clone();
        let ply = state["ply"].as_u64().ok_or("no ply")?;
        state = timed_move(&mut c, &game, &mv, ply, &tokens[side], &mut latencies).await?;
    }
    Ok((latencies, state["over"] == true))
}

/// Part 2: timed games between simulated accounts, started from the lobby.
async fn timed_games(
    addrs: &[std::net::SocketAddr],
    seconds: u64,
) -> Result<(), Box<dyn std::error::Error>> {
    // The lobby lives in one instance; the games are played through all.
    let addr = addrs[0];
    let players = env("LOAD_PLAYERS", 100).max(2) as usize;
    let games = env("LOAD_TIMED_GAMES", 500) as usize;
    let moves = env("LOAD_TIMED_MOVES", 20);
    let think_ms = env("LOAD_THINK_MS", 500);
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);

    // Accounts, a few clients at a time (each sign-up and log-in hashes a password).
    let mut tokens = Vec::with_capacity(players);
    for chunk in (0..players).collect::<Vec<_>>().chunks(8) {
        let tasks: Vec<_> = chunk
            .iter()
            .map(|&i| {
                tokio::spawn(async move {
                    let mut c = Client::new(addr);
                    account(&mut c, &format!("load{i}")).await
                })
            })
            .collect();
        for t in tasks {
            tokens.push(t.await??);
        }
    }
    let accounts_done = start.elapsed();

    // A lobby watcher sees every seek come and go.
    let (mut lobby, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/lobby/ws")).await?;
    let lobby_updates = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&lobby_updates);
    let lobby_task = tokio::spawn(async move {
        while next_update(&mut lobby).await.is_some() {
            counter.fetch_add(1, Ordering::Relaxed);
        }
    });

    // Seeks, each accepted by the next player: game k is between players k and k+1 (mod).
    let mut pairs = Vec::with_capacity(games);
    let mut c = Client::new(addr);
    for k in 0..games {
        let (owner, taker) = (k % players, (k + 1) % players);
        let variant = ["oware", "abapa", "wuri", "ouril"][k % 4];
        let r = c
            .post_json(
                "/api/seeks",
                &json!({"variant": variant,
                    "clock": {"initial_ms": 180_000, "increment_ms": 2_000},
                    "rated": true, "side": "south"}),
                Some(&tokens[owner]),
            )
            .await?;
        if r.status != 201 {
            return Err(format!("seek: {} {}", r.status, r.text()).into());
        }
        let seek = r.json()["id"].as_str().ok_or("no seek id")?.to_string();
        let r = c
            .post_json(
                &format!("/api/seeks/{seek}/accept"),
                &json!({}),
                Some(&tokens[taker]),
            )
            .await?;
        if r.status != 200 {
            return Err(format!("accept: {} {}", r.status, r.text()).into());
        }
        let game = r.json()["game"].as_str().ok_or("no game")?.to_string();
        pairs.push((game, [tokens[owner].clone(), tokens[taker].clone()]));
    }
    let lobby_done = start.elapsed();

    let play_start = Instant::now();
    let tasks: Vec<_> = pairs
        .into_iter()
        .enumerate()
        .map(|(n, (game, t))| {
            let via = addrs[n % addrs.len()];
            tokio::spawn(play_timed(via, game, t, moves, deadline, n, think_ms))
        })
        .collect();
    let mut latencies = Vec::new();
    let (mut errors, mut finished) = (0u64, 0u64);
    let mut first_error = None;
    for t in tasks {
        match t.await {
            Ok(Ok((l, over))) => {
                latencies.extend(l);
                finished += u64::from(over);
            }
            Ok(Err(e)) => {
                errors += 1;
                first_error.get_or_insert(e);
            }
            Err(e) => {
                errors += 1;
                first_error.get_or_insert(e.to_string());
            }
        }
    }
    let elapsed = play_start.elapsed();
    lobby_task.abort();
    latencies.sort();
    println!(
        "load: {games} concurrent timed games (3+2, rated) between {players} accounts, started \
         from {games} seeks: accounts {:.2} s, lobby {:.2} s",
        accounts_done.as_secs_f64(),
        (lobby_done - accounts_done).as_secs_f64()
    );
    println!("load: each simulated player thinks about {think_ms} ms before a move");
    println!(
        "load: {} timed moves in {:.2} s: {:.0} moves/s",
        latencies.len(),
        elapsed.as_secs_f64(),
        latencies.len() as f64 / elapsed.as_secs_f64()
    );
    println!(
        "load: timed move latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        percentile(&latencies, 0.50).as_secs_f64() * 1000.0,
        percentile(&latencies, 0.99).as_secs_f64() * 1000.0,
        latencies.last().copied().unwrap_or_default().as_secs_f64() * 1000.0,
    );
    println!(
        "load: {} lobby updates, {finished} timed games finished, {errors} errors",
        lobby_updates.load(Ordering::Relaxed)
    );
    if let Some(e) = first_error {
        return Err(format!("{errors} timed games failed; first: {e}").into());
    }
    Ok(())
}
