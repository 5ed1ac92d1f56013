//! The load test's online arena: `LOAD_ARENA_PLAYERS` accounts (default 200) join an arena of
//! `LOAD_ARENA_SECONDS` (default 60) that a director created and started through the API; the
//! server pairs its waves and creates the games, which the simulated players play as the timed
//! games are played (a random legal move after thinking about `LOAD_THINK_MS`, both seats of a
//! game from one client with their own session tokens), each game until it ends or reaches
//! `LOAD_ARENA_MOVES` moves (default 30), when the player to move resigns: games short enough
//! that the arena goes through many waves in its time. A watcher reads the arena (`GET
//! /api/tournaments/{id}`) every `LOAD_ARENA_POLL_MS` (default 250) as a page would, and starts
//! each new game's player as soon as it sees it, until the arena is finished.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mancala_test_client::Client;
use serde_json::{json, Value};

use super::{account, env, post, seen_moves, GameTask, Outcome, Pace, Played};

/// An arena set up and started: its id, its players' tokens by name, when it started.
#[derive(Clone)]
pub struct ArenaSetup {
    id: String,
    tokens: Arc<std::collections::HashMap<String, String>>,
    players: usize,
    seconds: u64,
    accounts: Duration,
    started: Instant,
}

/// The players of the arena (`LOAD_ARENA_PLAYERS`; 0: no arena).
pub fn players_wanted(mixed: bool) -> usize {
    env("LOAD_ARENA_PLAYERS", if mixed { 0 } else { 200 }) as usize
}

/// Signs up the arena's `players` accounts and a director (a few at a time: each sign-up and
/// log-in hashes a password), creates the arena, has every player join it and starts it.
pub async fn setup(
    addr: std::net::SocketAddr,
    players: usize,
) -> Result<ArenaSetup, Box<dyn std::error::Error>> {
    let seconds = env("LOAD_ARENA_SECONDS", 60);
    let t = Instant::now();
    let mut names = Vec::with_capacity(players);
    let mut tokens = std::collections::HashMap::new();
    for chunk in (0..players).collect::<Vec<_>>().chunks(8) {
        let tasks: Vec<_> = chunk
            .iter()
            .map(|&i| {
                tokio::spawn(async move {
                    let name = format!("arena{i}");
                    let mut c = Client::new(addr);
                    account(&mut c, &name).await.map(|t| (name, t))
                })
            })
            .collect();
        for task in tasks {
            let (name, token) = task.await??;
            names.push(name.clone());
            tokens.insert(name, token);
        }
    }
    let mut c = Client::new(addr);
    let director = account(&mut c, "arenadirector").await?;
    let accounts = t.elapsed();
    let body = json!({"name": "Load arena", "format": "arena", "variant": "oware",
        "clock": {"initial_ms": 180_000, "increment_ms": 2_000}, "rated": true,
        "over_the_board": false, "duration_s": seconds});
    let r = post(
        &mut c,
        "/api/tournaments",
        &body,
        Some(&director),
        201,
        "arena",
    )
    .await?;
    let id = r.json()["id"].as_str().ok_or("no arena id")?.to_string();
    for name in &names {
        let path = format!("/api/tournaments/{id}/join");
        post(&mut c, &path, &json!({}), Some(&tokens[name]), 200, "join").await?;
    }
    let path = format!("/api/tournaments/{id}/start");
    post(&mut c, &path, &json!({}), Some(&director), 200, "start").await?;
    Ok(ArenaSetup {
        id,
        tokens: Arc::new(tokens),
        players,
        seconds,
        accounts,
        started: Instant::now(),
    })
}

/// Plays the arena of `setup` until it is finished (or `seconds` + 120 s have passed): watches
/// it through `addrs[0]` and plays each new game through instance (its number mod N).
pub async fn play(addrs: Vec<std::net::SocketAddr>, setup: ArenaSetup) -> Result<Outcome, String> {
    let poll = Duration::from_millis(env("LOAD_ARENA_POLL_MS", 250));
    let moves = env("LOAD_ARENA_MOVES", 30);
    let think_ms = env("LOAD_THINK_MS", 500);
    let give_up = setup.started + Duration::from_secs(setup.seconds + 120);
    let mut watcher = Client::new(addrs[0]);
    let mut started: HashSet<String> = HashSet::new();
    let mut tasks: Vec<GameTask> = Vec::new();
    let path = format!("/api/tournaments/{}", setup.id);
    loop {
        let r = watcher
            .get(&path)
            .await
            .map_err(|e| format!("arena: {e}"))?;
        if r.status != 200 {
            return Err(format!("arena: {} {}", r.status, r.text()));
        }
        let t = r.json();
        for g in t["games"].as_array().ok_or("arena: no games")? {
            let (Some(game), Some(s), Some(n)) =
                (g["game"].as_str(), g["south"].as_str(), g["north"].as_str())
            else {
                continue;
            };
            if g["result"].is_string() || !started.insert(game.to_string()) {
                continue;
            }
            let tokens = [
                setup.tokens.get(s).ok_or("arena: unknown south")?.clone(),
                setup.tokens.get(n).ok_or("arena: unknown north")?.clone(),
            ];
            let number = started.len();
            let via = addrs[number % addrs.len()];
            let game = game.to_string();
            let pace = Pace {
                moves,
                think_ms,
                deadline: give_up,
            };
            tasks.push(tokio::spawn(async move {
                let mut l = Vec::new();
                let r = play_arena_game(via, game, tokens, number, pace, &mut l).await;
                (l, r)
            }));
        }
        if t["status"] == "finished" {
            break;
        }
        if Instant::now() > give_up {
            return Err(format!("arena: not finished {} s after its end", 120));
        }
        tokio::time::sleep(poll).await;
    }
    Ok(super::collect(tasks).await)
}

/// Plays arena game `game` with both seats' `tokens` until it ends or reaches `pace.moves`
/// moves, when the player to move resigns; adds the move latencies to `latencies`.
async fn play_arena_game(
    addr: std::net::SocketAddr,
    game: String,
    tokens: [String; 2],
    n: usize,
    pace: Pace,
    latencies: &mut Vec<Duration>,
) -> Result<Played, String> {
    let mut c = Client::new(addr);
    // The game is created just after its wave is written: it may take a moment to appear.
    let mut state = Value::Null;
    for _ in 0..50 {
        let r = c
            .get(&format!("/api/games/{game}"))
            .await
            .map_err(|e| e.to_string())?;
        if r.status == 200 {
            state = r.json();
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    if state.is_null() {
        return Err(format!("arena game {game}: not found"));
    }
    let mut x = (n as u64)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        .wrapping_add(11);
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
    if state["over"] != true {
        let token = &tokens[usize::from(state["to_move"] == "north")];
        let path = format!("/api/games/{game}/resign");
        state = post(&mut c, &path, &json!({}), Some(token), 200, "resign")
            .await?
            .json();
    }
    Ok(Played {
        id: game,
        moves: seen_moves(&state)?,
        complete,
        over: state["over"] == true,
    })
}

impl ArenaSetup {
    /// Prints the arena's figures: its games and waves (read from `store`), its moves and
    /// their latency.
    pub fn report(
        &self,
        store: &dyn mancala_server::store::Store,
        out: &Outcome,
    ) -> Result<(), String> {
        let (e, _) = mancala_server::tournament::state::load(store, &self.id)
            .map_err(|e| e.to_string())?
            .ok_or("arena: not in the store")?;
        let arena = e.arena.as_ref().ok_or("arena: no arena")?;
        let waves: HashSet<u64> = arena.games.iter().map(|g| g.started_ms).collect();
        let ended = arena.games.iter().filter(|g| g.result.is_some()).count();
        let elapsed = self.started.elapsed();
        println!(
            "load: online arena of {} players, {} s (3+2, rated), beside the load above; \
             accounts {:.2} s",
            self.players,
            self.seconds,
            self.accounts.as_secs_f64()
        );
        println!(
            "load: arena: {} games in {} waves, {ended} finished, status {}; {} moves in \
             {:.2} s: {:.0} moves/s",
            arena.games.len(),
            waves.len(),
            e.status.name(),
            out.latencies.len(),
            elapsed.as_secs_f64(),
            out.latencies.len() as f64 / elapsed.as_secs_f64()
        );
        super::print_latency("arena move latency", &out.latencies);
        println!(
            "load: arena: {} games played by the clients, {} errors",
            out.played.len(),
            out.errors
        );
        Ok(())
    }
}
