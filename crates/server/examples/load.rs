//! Load test, in three parts, over loopback against the server started in-process on a free port
//! with a SQLite database in a temporary directory and the real engine. Each server instance
//! runs on a Tokio runtime of its own, as `mancala serve` does; the load clients run on
//! another (all share the machine's cores).
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
//! 3. An online arena beside the timed games (beside everything with `LOAD_MIXED=1`):
//!    `LOAD_ARENA_PLAYERS` accounts (default 200; 0 with `LOAD_MIXED`, and 0 for none) join an
//!    arena of `LOAD_ARENA_SECONDS` (default 60, 3+2, rated) created and started through the
//!    API; the waves the server pairs are played as the timed games are (thinking
//!    `LOAD_THINK_MS`), each game until it ends or reaches `LOAD_ARENA_MOVES` moves (default
//!    30), when the player to move resigns, and the arena is followed until it is finished.
//!    Prints its games, waves and move latency (see `load_parts/arena.rs`).
//!
//! `LOAD_INSTANCES=N` runs N server instances on one throw-away PostgreSQL cluster (which needs
//! PostgreSQL installed, see the `mancala-test-postgres` crate) instead of one on a SQLite file:
//! each game is played through one instance and watched through the next, and the timed games'
//! lobby is on the first. The cluster does not flush commits to disk unless
//! `LOAD_PG_DURABLE=1` (`fsync` and `synchronous_commit` on, as a real server runs).
//!
//! `LOAD_MIXED=1` plays both parts at the same time (the accounts and seeks of the second part
//! are made first): `LOAD_GAMES` games against the computer and `LOAD_TIMED_GAMES` timed games
//! at once. `LOAD_COMPUTER_THINK_MS` (default 0: back to back) makes the player against the
//! computer think too, as `LOAD_THINK_MS` does in the timed games.
//!
//! Both parts are bounded by `LOAD_SECONDS` (default 120) each. Prints moves per second and the
//! p50/p99 latency of posting a move, measured by the client from sending the request to
//! reading the whole answer. That excludes the engine's thinking: the answer to a move comes as
//! soon as it is stored, and the computer's reply is chosen afterwards and pushed over the
//! WebSocket (the engine does compete for the same cores meanwhile). A game that did not get
//! through its moves in time still counts its latencies. Also prints where the server spent
//! the time of the moves (waiting for the game's turn, checking the move, storing it;
//! see `mancala_server::timing`) and the server's own p50/p99 (the move handler, from its
//! start to its answer: without the network, the client or the wait for the handler to run),
//! how much of the cores the process used and how long its threads waited for a free core (on
//! a shared machine, that wait is in every latency), and the process's resident memory before
//! and during the games. Before the load, it measures apart what a held game costs:
//! `LOAD_MEMORY_GAMES` online games (default 5,000; 0 with `LOAD_MIXED`) with a move each, the
//! growth of the resident memory divided by their number, beside the process's fixed cost (its
//! resident memory before them, with no game). It checks every game in the store afterwards: each move a client
//! saw answered is stored, in order, and no other (no move lost or recorded twice). Exits
//! non-zero on any error.
//!
//! `cargo run --release -p mancala-server --example load`

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;

#[path = "load_parts/arena.rs"]
mod arena;
use mancala_server::timing::MoveTimings;
use mancala_server::{Config, EngineBrain};
use mancala_test_client::{Client, Reply};
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
    pace: Pace,
    totals: Arc<Totals>,
    latencies: &mut Vec<Duration>,
) -> Result<Played, String> {
    const VARIANTS: [&str; 4] = ["oware", "abapa", "wuri", "ouril"];
    let mut c = Client::new(addr);
    let variant = VARIANTS[n % VARIANTS.len()];
    let body = json!({"variant": variant, "mode": "computer", "side": "south", "level": 1});
    let created = post(&mut c, "/api/games", &body, None, 201, "create")
        .await?
        .json();
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
    let mut x = (n as u64)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(1);
    let mut complete = true;
    for _ in 0..pace.moves {
        if !pace.goes_on(&game, &mut complete) {
            break;
        }
        let (_, ply) = pace
            .move_at_random(&mut c, &id, &game, &token, &mut x, latencies)
            .await?;
        totals.human_moves.fetch_add(1, Ordering::Relaxed);
        let mine = ply + 1;
        // Wait for the computer's answer (or the end).
        loop {
            let u = tokio::time::timeout_at(pace.deadline.into(), next_update(&mut player))
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
    Ok(Played {
        id,
        moves: seen_moves(&game)?,
        complete,
        over: game["over"] == true,
    })
}

/// How a simulated player plays: at most `moves` moves, thinking about `think_ms` before
/// each, none after `deadline`.
#[derive(Clone, Copy)]
struct Pace {
    moves: u64,
    think_ms: u64,
    deadline: Instant,
}

impl Pace {
    /// Whether to play another move in `game` (its state): not once it is over, nor after the
    /// deadline, which leaves the game incomplete.
    fn goes_on(&self, game: &Value, complete: &mut bool) -> bool {
        if game["over"] == true {
            return false;
        }
        if Instant::now() > self.deadline {
            *complete = false;
            return false;
        }
        true
    }

    /// Thinks, then plays a random legal move of `game` (its state) in game `id` with `token`,
    /// drawing from the xorshift state `x`; adds the move's latency to `latencies`. Answers the
    /// server's reply and the ply the move was played at.
    async fn move_at_random(
        &self,
        c: &mut Client,
        id: &str,
        game: &Value,
        token: &str,
        x: &mut u64,
        latencies: &mut Vec<Duration>,
    ) -> Result<(Reply, u64), String> {
        let legal = game["legal"].as_array().ok_or("no legal moves")?;
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        think(self.think_ms, *x).await;
        let mv = legal[(*x % legal.len() as u64) as usize].clone();
        let ply = game["ply"].as_u64().ok_or("no ply")?;
        let t = Instant::now();
        let path = format!("/api/games/{id}/moves");
        let body = json!({"move": mv, "ply": ply});
        let r = post(c, &path, &body, Some(token), 200, "move").await;
        latencies.push(t.elapsed());
        Ok((r?, ply))
    }
}

/// A game a client played: the moves it saw stored, and whether it played all it meant to
/// (else its last move may have been answered by moves it did not wait for).
struct Played {
    id: String,
    moves: Vec<String>,
    complete: bool,
    over: bool,
}

fn seen_moves(game: &Value) -> Result<Vec<String>, String> {
    game["moves"]
        .as_array()
        .ok_or("no move list")?
        .iter()
        .map(|m| {
            m.as_str()
                .map(str::to_string)
                .ok_or("a move is not text".into())
        })
        .collect()
}

/// A simulated player's thinking time: about `think_ms`, from 0.4 to 1.6 times it (drawn from
/// `x`).
async fn think(think_ms: u64, x: u64) {
    if think_ms > 0 {
        let t = think_ms * 2 / 5 + (x >> 11) % (think_ms * 6 / 5 + 1);
        tokio::time::sleep(Duration::from_millis(t)).await;
    }
}

/// Checks the games against the store: answers how many lost a move a client saw answered
/// and how many hold a move no client saw (both must be 0), with the first problem.
fn check_stored(
    store: &dyn mancala_server::store::Store,
    games: &[Played],
) -> (u64, u64, Option<String>) {
    let (mut lost, mut extra, mut first) = (0, 0, None);
    for g in games {
        let stored = match store.load(&g.id) {
            Ok(Some((_, moves))) => moves,
            Ok(None) => Vec::new(),
            Err(e) => {
                lost += 1;
                first.get_or_insert(format!("game {}: {e}", g.id));
                continue;
            }
        };
        if !stored.starts_with(&g.moves) {
            lost += 1;
            first.get_or_insert(format!(
                "game {}: the client saw {:?}, the store holds {:?}",
                g.id, g.moves, stored
            ));
        } else if g.complete && stored.len() != g.moves.len() {
            extra += 1;
            first.get_or_insert(format!(
                "game {}: the client saw {} moves, the store holds {}",
                g.id,
                g.moves.len(),
                stored.len()
            ));
        }
    }
    (lost, extra, first)
}

/// The resident memory of this process (all the instances and the clients), in MiB; `None`
/// where `/proc` does not tell.
fn rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib / 1024.0)
}

/// The time this process's threads have spent on a core and waiting for one (in the run
/// queue, ready to run), summed over its live threads (`/proc/self/task/*/schedstat`); threads
/// that ended are not counted. `None` where the kernel does not say.
fn cpu_times() -> Option<(Duration, Duration)> {
    let (mut on, mut waiting) = (0u64, 0u64);
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let Ok(text) = std::fs::read_to_string(task.ok()?.path().join("schedstat")) else {
            continue;
        };
        let mut f = text
            .split_whitespace()
            .map(|w| w.parse::<u64>().unwrap_or(0));
        on += f.next().unwrap_or(0);
        waiting += f.next().unwrap_or(0);
    }
    Some((Duration::from_nanos(on), Duration::from_nanos(waiting)))
}

/// Prints how much of the cores the process used over `elapsed` since `before` (from
/// [`cpu_times`]), and how long its threads waited for a core: on a machine shared with other
/// work, that wait is in every latency measured here.
fn print_cpu(before: Option<(Duration, Duration)>, elapsed: Duration) {
    let (Some((on0, wait0)), Some((on1, wait1))) = (before, cpu_times()) else {
        return;
    };
    let (on, wait) = (on1.saturating_sub(on0), wait1.saturating_sub(wait0));
    println!(
        "load: this process (instances and load clients) used {:.2} cores on average over {:.1} s \
         ({:.1} s on a core); its threads waited {:.1} s in all for a core (ready to run, none \
         free)",
        on.as_secs_f64() / elapsed.as_secs_f64().max(1e-9),
        elapsed.as_secs_f64(),
        on.as_secs_f64(),
        wait.as_secs_f64()
    );
    if let Ok(l) = std::fs::read_to_string("/proc/loadavg") {
        println!(
            "load: machine load average at the end: {}",
            l.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
        );
    }
}

/// Where the instances spent the time of the moves posted since `before`.
fn print_timings(apps: &[Arc<mancala_server::App>], before: &[MoveTimings], what: &str) {
    let mut sum = MoveTimings::default();
    for (app, b) in apps.iter().zip(before) {
        sum = sum.plus(app.move_timings().since(*b));
    }
    let (total, queued, locked, store) = sum.mean_ms();
    println!(
        "load: {what}: in the server, per move: {total:.2} ms in the handler, of which {queued:.2} \
         waiting for the game's turn, {locked:.2} checking the move under the game's lock, \
         {store:.2} storing \
         (longest store {:.2} ms)",
        sum.max_store.as_secs_f64() * 1000.0
    );
    println!(
        "load: {what}: the server's latency (the move handler, start to answer, within 19 %): \
         p50 {:.2} ms, p99 {:.2} ms over {} requests",
        ms(sum.percentile(0.50)),
        ms(sum.percentile(0.99)),
        sum.moves
    );
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// Starts a server instance on a runtime of its own, as `mancala serve` runs it (a thread per
/// core, its own blocking pool), so that its tasks do not queue behind the load clients' on
/// this runtime's threads; answers its address and state. It serves until the process ends.
fn start_instance(
    config: &Config,
) -> Result<(std::net::SocketAddr, Arc<mancala_server::App>), Box<dyn std::error::Error>> {
    let config = config.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("instance".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
            {
                Ok(rt) => rt,
                Err(e) => {
                    let _ = tx.send(Err(e.to_string()));
                    return;
                }
            };
            runtime.block_on(async move {
                let bound = match mancala_server::bind(&config, Arc::new(EngineBrain)).await {
                    Ok(b) => b,
                    Err(e) => {
                        let _ = tx.send(Err(e.to_string()));
                        return;
                    }
                };
                let _ = tx.send(
                    bound
                        .local_addr()
                        .map(|a| (a, bound.app()))
                        .map_err(|e| e.to_string()),
                );
                let _ = bound.serve(std::future::pending()).await;
            });
        })?;
    Ok(rx.recv()??)
}

/// What a part's games came to.
#[derive(Default)]
struct Outcome {
    latencies: Vec<Duration>,
    played: Vec<Played>,
    errors: u64,
    first_error: Option<String>,
}

type GameTask = tokio::task::JoinHandle<(Vec<Duration>, Result<Played, String>)>;

async fn collect(tasks: Vec<GameTask>) -> Outcome {
    let mut out = Outcome::default();
    for t in tasks {
        match t.await {
            Ok((l, r)) => {
                out.latencies.extend(l);
                match r {
                    Ok(p) => out.played.push(p),
                    Err(e) => {
                        out.errors += 1;
                        out.first_error.get_or_insert(e);
                    }
                }
            }
            Err(e) => {
                out.errors += 1;
                out.first_error.get_or_insert(e.to_string());
            }
        }
    }
    out.latencies.sort();
    out
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn print_latency(what: &str, sorted: &[Duration]) {
    println!(
        "load: {what} p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} requests",
        ms(percentile(sorted, 0.50)),
        ms(percentile(sorted, 0.99)),
        ms(sorted.last().copied().unwrap_or_default()),
        sorted.len()
    );
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let games = env("LOAD_GAMES", 200) as usize;
    let moves = env("LOAD_MOVES", 10);
    let seconds = env("LOAD_SECONDS", 120);
    let instances = env("LOAD_INSTANCES", 0) as usize;
    let mixed = env("LOAD_MIXED", 0) != 0;
    let computer_think_ms = env("LOAD_COMPUTER_THINK_MS", 0);
    // Held games, for the memory a game costs (measured last, apart).
    let held = env("LOAD_MEMORY_GAMES", if mixed { 0 } else { 5_000 }) as usize;
    let dir = std::env::temp_dir().join(format!("mancala-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    // With LOAD_INSTANCES=N, N instances share a throw-away PostgreSQL cluster; else one
    // instance on a SQLite file.
    // Commits flushed to disk (`LOAD_PG_DURABLE=1`) as on a real server, or not (faster, the
    // tests' default).
    let durable = env("LOAD_PG_DURABLE", 0) != 0;
    let cluster = (instances > 0).then(|| {
        mancala_test_postgres::Cluster::start_with(mancala_test_postgres::Options {
            durable,
            ..mancala_test_postgres::Options::default()
        })
    });
    let postgres = cluster
        .as_ref()
        .map(mancala_test_postgres::Cluster::fresh_database);
    let config = Config {
        addr: "127.0.0.1:0".parse()?,
        db: Some(dir.join("load.db")),
        postgres,
        db_pool: env("LOAD_DB_POOL", 16) as usize,
        create_burst: u32::try_from(games + held)
            .unwrap_or(u32::MAX)
            .saturating_add(10),
        // Every simulated account signs up and logs in from this one address, and every
        // client connects from it: no cap per address.
        auth_burst: 10_000,
        max_connections_per_address: 0,
        max_websockets_per_address: 0,
        ..Config::default()
    };
    let config = Config {
        engine_threads: env("LOAD_ENGINE_THREADS", config.engine_threads as u64) as usize,
        ..config
    };
    let mut addrs = Vec::new();
    let mut apps = Vec::new();
    for _ in 0..instances.max(1) {
        let (addr, app) = start_instance(&config)?;
        addrs.push(addr);
        apps.push(app);
    }
    let at = |n: usize| addrs[n % addrs.len()];
    match &cluster {
        Some(_) => println!(
            "load: {} instance(s) on one PostgreSQL (throw-away cluster, fsync and \
             synchronous_commit {}), pool {} each",
            addrs.len(),
            if durable { "on" } else { "off" },
            config.db_pool
        ),
        None => println!("load: one instance on a SQLite file"),
    }
    if let Ok(l) = std::fs::read_to_string("/proc/loadavg") {
        println!(
            "load: machine load average at the start: {}",
            l.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
        );
    }
    // The memory of held games, measured first, apart from the load: the process's resident
    // memory now is the fixed cost (the instances and their engine, the database and load
    // clients, no game), then each held game adds its share.
    if held > 0 {
        let (fixed, per_game) = held_game_memory(addrs[0], held).await?;
        if let (Some(fixed), Some(per_game)) = (fixed, per_game) {
            println!(
                "load: memory, measured apart before the load: {fixed:.0} MiB fixed (the whole \
                 process with no game: instances, engine, database and load clients); {held} \
                 online games held with a move each add {per_game:.1} KiB a game ({:.0} MiB per \
                 10,000 games)",
                per_game * 10_000.0 / 1024.0
            );
        }
    }

    let rss_before = rss_mib();

    // Mixed: the timed games' accounts and seeks first, then every game at once (and the
    // arena, if any, beside them).
    let early_setup = match mixed {
        true => Some(timed_setup(&addrs).await?),
        false => None,
    };
    let arena_players = arena::players_wanted(mixed);
    let mut arena_run = None;
    if mixed && arena_players > 0 {
        arena_run = Some(start_arena(&addrs, arena_players).await?);
    }
    let before: Vec<_> = apps.iter().map(|a| a.move_timings()).collect();
    let cpu_before = cpu_times();
    let totals = Arc::new(Totals::default());
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    let tasks: Vec<GameTask> = (0..games)
        .map(|n| {
            let (addr, watch, totals) = (at(n), at(n + 1), Arc::clone(&totals));
            tokio::spawn(async move {
                let mut l = Vec::new();
                let pace = Pace {
                    moves,
                    think_ms: computer_think_ms,
                    deadline,
                };
                let r = play_one(addr, watch, n, pace, totals, &mut l).await;
                (l, r)
            })
        })
        .collect();
    let timed_tasks = early_setup
        .as_ref()
        .map(|t| timed_play(&addrs, t, deadline));
    let part1 = collect(tasks).await;
    let part1_elapsed = start.elapsed();
    let in_memory: usize = apps.iter().map(|a| a.games_in_memory()).sum();
    let rss_with = rss_mib();
    let part2 = match timed_tasks {
        Some(t) => Some(collect(t).await),
        None => None,
    };
    let elapsed = start.elapsed();
    let human = totals.human_moves.load(Ordering::Relaxed);
    let computer = totals.computer_moves.load(Ordering::Relaxed);
    println!(
        "load: {games} concurrent games against the computer (level 1), each with a spectator{}",
        match computer_think_ms {
            0 => ", the player moving as soon as the computer answered".to_string(),
            t => format!(", the player thinking about {t} ms before a move"),
        }
    );
    println!(
        "load: {} moves ({human} posted, {computer} by the computer) in {:.2} s: {:.0} moves/s",
        human + computer,
        part1_elapsed.as_secs_f64(),
        (human + computer) as f64 / part1_elapsed.as_secs_f64()
    );
    print_latency(
        "move request latency (excluding engine thinking)",
        &part1.latencies,
    );
    println!(
        "load: {} spectator updates, {} games finished, {} errors",
        totals.spectator_updates.load(Ordering::Relaxed),
        totals.finished.load(Ordering::Relaxed),
        part1.errors
    );
    let mut outcomes = vec![part1];
    match (early_setup, part2) {
        (Some(setup), Some(part2)) => {
            setup.report(&part2, elapsed);
            let mut all: Vec<Duration> = outcomes[0]
                .latencies
                .iter()
                .chain(&part2.latencies)
                .copied()
                .collect();
            all.sort();
            println!(
                "load: all {} games at once: {} moves in {:.2} s: {:.0} moves/s",
                games + setup.pairs.len(),
                human + computer + part2.latencies.len() as u64,
                elapsed.as_secs_f64(),
                (human + computer + part2.latencies.len() as u64) as f64 / elapsed.as_secs_f64()
            );
            print_latency("every move request (both kinds)", &all);
            print_timings(&apps, &before, "every move request");
            print_cpu(cpu_before, elapsed);
            outcomes.push(part2);
        }
        _ => {
            print_timings(&apps, &before, "games against the computer");
            print_cpu(cpu_before, part1_elapsed);
            if outcomes[0].errors == 0 {
                let setup = timed_setup(&addrs).await?;
                // The arena, if any, is played beside the timed games.
                if arena_players > 0 {
                    arena_run = Some(start_arena(&addrs, arena_players).await?);
                }
                let before: Vec<_> = apps.iter().map(|a| a.move_timings()).collect();
                let start = Instant::now();
                let tasks = timed_play(&addrs, &setup, start + Duration::from_secs(seconds));
                let part2 = collect(tasks).await;
                setup.report(&part2, start.elapsed());
                print_timings(&apps, &before, "timed games");
                outcomes.push(part2);
            }
        }
    }
    if let (Some(b), Some(w)) = (rss_before, rss_with) {
        // Not a cost per game: the engine's tables and hash, the clients' buffers and the
        // allocator's pools grow with the first games and stay; the held games are measured
        // apart below.
        println!(
            "load: resident memory of the whole process (instances, database and load clients): \
             {b:.0} MiB before the games above, {w:.0} MiB during them ({in_memory} games in \
             memory)"
        );
    }

    // Every move a client saw answered is in the store, once.
    let store = mancala_server::open_store(&config)?;
    if let Some((setup, task)) = arena_run {
        let out = match task.await? {
            Ok(out) => out,
            Err(e) => Outcome {
                errors: 1,
                first_error: Some(e),
                ..Outcome::default()
            },
        };
        setup.report(store.as_ref(), &out)?;
        outcomes.push(out);
    }
    let played: Vec<Played> = outcomes
        .iter_mut()
        .flat_map(|o| std::mem::take(&mut o.played))
        .collect();
    let checked = played.len();
    let (lost, extra, problem) =
        tokio::task::spawn_blocking(move || check_stored(store.as_ref(), &played)).await?;
    println!(
        "load: {checked} games checked in the store: {lost} with a lost move, {extra} with a move \
         recorded that no client saw"
    );
    drop(cluster);
    let _ = std::fs::remove_dir_all(&dir);
    let errors: u64 = outcomes.iter().map(|o| o.errors).sum();
    if let Some(e) = outcomes.iter().find_map(|o| o.first_error.clone()) {
        return Err(format!("{errors} games failed; first: {e}").into());
    }
    if let Some(p) = problem {
        return Err(
            format!("{lost} games lost a move, {extra} hold one too many; first: {p}").into(),
        );
    }
    Ok(())
}

/// An arena set up and the task playing it.
type ArenaRun = (
    arena::ArenaSetup,
    tokio::task::JoinHandle<Result<Outcome, String>>,
);

/// Sets up an arena of `players` (see [`arena`]) and starts playing it, watched through the
/// first instance, its games played through all.
async fn start_arena(
    addrs: &[std::net::SocketAddr],
    players: usize,
) -> Result<ArenaRun, Box<dyn std::error::Error>> {
    let setup = arena::setup(addrs[0], players).await?;
    let task = tokio::spawn(arena::play(addrs.to_vec(), setup.clone()));
    Ok((setup, task))
}

/// The memory a held game costs, measured apart from the process's fixed cost: the resident
/// memory now (the fixed cost, with every earlier game played), then with `n` more online games
/// held, each with one move (created by a few clients at once), in MiB and KiB a game.
async fn held_game_memory(
    addr: std::net::SocketAddr,
    n: usize,
) -> Result<(Option<f64>, Option<f64>), String> {
    const CLIENTS: usize = 8;
    let fixed = rss_mib();
    let tasks: Vec<_> = (0..CLIENTS)
        .map(|k| {
            tokio::spawn(async move {
                let mut c = Client::new(addr);
                for _ in (k..n).step_by(CLIENTS) {
                    let body = json!({"variant": "oware", "mode": "online"});
                    let created = post(&mut c, "/api/games", &body, None, 201, "create held")
                        .await?
                        .json();
                    let id = created["id"].as_str().ok_or("no id")?;
                    let token = created["seats"]["south"].as_str().ok_or("no token")?;
                    let mv = created["game"]["legal"][0].clone();
                    let path = format!("/api/games/{id}/moves");
                    let body = json!({"move": mv, "ply": 0});
                    post(&mut c, &path, &body, Some(token), 200, "held move").await?;
                }
                Ok::<(), String>(())
            })
        })
        .collect();
    for t in tasks {
        t.await.map_err(|e| e.to_string())??;
    }
    let with = rss_mib();
    let per_game = fixed
        .zip(with)
        .map(|(f, w)| (w - f) * 1024.0 / n.max(1) as f64);
    Ok((fixed, per_game))
}

/// Posts `body` to `path` (with the session `token`, if any); anything but the `expected` status
/// is an error that says `what` failed.
async fn post(
    c: &mut Client,
    path: &str,
    body: &Value,
    token: Option<&str>,
    expected: u16,
    what: &str,
) -> Result<Reply, String> {
    let r = c
        .post_json(path, body, token)
        .await
        .map_err(|e| format!("{what}: {e}"))?;
    if r.status != expected {
        return Err(format!("{what}: {} {}", r.status, r.text()));
    }
    Ok(r)
}

/// Signs up and logs in `name`; answers its session token.
async fn account(c: &mut Client, name: &str) -> Result<String, String> {
    let cred = json!({"name": name, "password": "load-test-password"});
    post(c, "/api/players", &cred, None, 201, "sign-up").await?;
    let r = post(c, "/api/session", &cred, None, 200, "log-in").await?;
    Ok(r.json()["token"].as_str().ok_or("no token")?.to_string())
}

/// Plays one timed game between two accounts, both seats from one client; adds the move
/// latencies to `latencies`.
async fn play_timed(
    addr: std::net::SocketAddr,
    game: String,
    tokens: [String; 2],
    n: usize,
    pace: Pace,
    latencies: &mut Vec<Duration>,
) -> Result<Played, String> {
    let mut c = Client::new(addr);
    let r = c
        .get(&format!("/api/games/{game}"))
        .await
        .map_err(|e| e.to_string())?;
    let mut state = r.json();
    if state["clock"]["running"].is_null() {
        return Err(format!("game {game}: no running clock"));
    }
    let mut x = (n as u64)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(7);
    let mut complete = true;
    for _ in 0..pace.moves {
        if !pace.goes_on(&state, &mut complete) {
            break;
        }
        let token = &tokens[usize::from(state["to_move"] == "north")];
        let (r, _) = pace
            .move_at_random(&mut c, &game, &state, token, &mut x, latencies)
            .await?;
        state = r.json();
    }
    Ok(Played {
        id: game,
        moves: seen_moves(&state)?,
        complete,
        over: state["over"] == true,
    })
}

/// Part 2's accounts and games, started from the lobby.
struct TimedSetup {
    pairs: Vec<(String, [String; 2])>,
    players: usize,
    think_ms: u64,
    accounts: Duration,
    lobby: Duration,
    lobby_task: tokio::task::JoinHandle<()>,
    lobby_updates: Arc<AtomicU64>,
}

/// Part 2's set-up: accounts sign up and log in, post seeks that others accept (a lobby
/// watcher looking on).
async fn timed_setup(
    addrs: &[std::net::SocketAddr],
) -> Result<TimedSetup, Box<dyn std::error::Error>> {
    // Accounts through the first instance; seeks made through one instance and accepted
    // through the next, watched from the last; the games played through all.
    let addr = addrs[0];
    let players = env("LOAD_PLAYERS", 100).max(2) as usize;
    let games = env("LOAD_TIMED_GAMES", 500) as usize;
    let start = Instant::now();

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
    let accounts = start.elapsed();

    // A lobby watcher sees every seek come and go.
    let watched = addrs[addrs.len() - 1];
    let (mut lobby, _) =
        tokio_tungstenite::connect_async(format!("ws://{watched}/api/lobby/ws")).await?;
    let lobby_updates = Arc::new(AtomicU64::new(0));
    let counter = Arc::clone(&lobby_updates);
    let lobby_task = tokio::spawn(async move {
        while next_update(&mut lobby).await.is_some() {
            counter.fetch_add(1, Ordering::Relaxed);
        }
    });

    // Seeks, each accepted by the next player: game k is between players k and k+1 (mod).
    let mut pairs = Vec::with_capacity(games);
    let mut clients: Vec<Client> = addrs.iter().map(|&a| Client::new(a)).collect();
    let n = clients.len();
    for k in 0..games {
        let (owner, taker) = (k % players, (k + 1) % players);
        let c = &mut clients[k % n];
        let variant = ["oware", "abapa", "wuri", "ouril"][k % 4];
        let body = json!({"variant": variant,
            "clock": {"initial_ms": 180_000, "increment_ms": 2_000},
            "rated": true, "side": "south"});
        let r = post(c, "/api/seeks", &body, Some(&tokens[owner]), 201, "seek").await?;
        let seek = r.json()["id"].as_str().ok_or("no seek id")?.to_string();
        let path = format!("/api/seeks/{seek}/accept");
        let r = post(
            &mut clients[(k + 1) % n],
            &path,
            &json!({}),
            Some(&tokens[taker]),
            200,
            "accept",
        )
        .await?;
        let game = r.json()["game"].as_str().ok_or("no game")?.to_string();
        pairs.push((game, [tokens[owner].clone(), tokens[taker].clone()]));
    }
    Ok(TimedSetup {
        pairs,
        players,
        think_ms: env("LOAD_THINK_MS", 500),
        accounts,
        lobby: start.elapsed() - accounts,
        lobby_task,
        lobby_updates,
    })
}

/// Starts playing every game of `setup` at once, each through instance (its number mod N).
fn timed_play(
    addrs: &[std::net::SocketAddr],
    setup: &TimedSetup,
    deadline: Instant,
) -> Vec<GameTask> {
    let moves = env("LOAD_TIMED_MOVES", 20);
    let think_ms = setup.think_ms;
    setup
        .pairs
        .iter()
        .cloned()
        .enumerate()
        .map(|(n, (game, t))| {
            let via = addrs[n % addrs.len()];
            tokio::spawn(async move {
                let mut l = Vec::new();
                let pace = Pace {
                    moves,
                    think_ms,
                    deadline,
                };
                let r = play_timed(via, game, t, n, pace, &mut l).await;
                (l, r)
            })
        })
        .collect()
}

impl TimedSetup {
    /// Prints the figures of the timed games.
    fn report(&self, out: &Outcome, elapsed: Duration) {
        self.lobby_task.abort();
        let games = self.pairs.len();
        println!(
            "load: {games} concurrent timed games (3+2, rated) between {} accounts, started \
             from {games} seeks: accounts {:.2} s, lobby {:.2} s",
            self.players,
            self.accounts.as_secs_f64(),
            self.lobby.as_secs_f64()
        );
        println!(
            "load: each simulated player thinks about {} ms before a move",
            self.think_ms
        );
        println!(
            "load: {} timed moves in {:.2} s: {:.0} moves/s",
            out.latencies.len(),
            elapsed.as_secs_f64(),
            out.latencies.len() as f64 / elapsed.as_secs_f64()
        );
        print_latency("timed move latency", &out.latencies);
        let finished = out.played.iter().filter(|p| p.over).count();
        println!(
            "load: {} lobby updates, {finished} timed games finished, {} errors",
            self.lobby_updates.load(Ordering::Relaxed),
            out.errors
        );
    }
}
