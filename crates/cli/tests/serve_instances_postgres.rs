//! Three `mancala serve` processes on one PostgreSQL database: games are played through random
//! instances and followed on others; one instance is killed with SIGKILL in the middle (its
//! computer's answer and its clocks pending); every game still finishes, with every move
//! exactly once.

use std::time::{Duration, Instant};

#[path = "common/serve.rs"]
mod serve;

use mancala_core::random::Lcg;
use serde_json::{json, Value};
use serve::{create_game, game, play, request, start_with, Server};

/// A `mancala serve` process on the database at `url`, killed when dropped.
fn start(url: &str) -> Server {
    start_with(|c| {
        c.args(["--db-pool", "4"]).env("MANCALA_DB", url);
    })
}

/// The game `id` as the server at `addr` has it (which must answer).
fn get(addr: &str, id: &str) -> Value {
    let r = game(addr, id);
    assert_eq!(r.status, 200, "{}", r.body);
    r.json()
}

/// A game and what the test did in it.
struct Game {
    id: String,
    token: String,
    /// The seat the token holds moves for: both (online game played by one client) or south.
    computer: bool,
    /// Moves the test made, by number: each must be in the game at that number, once.
    mine: Vec<(usize, String)>,
}

#[test]
fn three_instances_one_killed_every_game_finishes_with_every_move_once() {
    let cluster = mancala_test_postgres::Cluster::start();
    let url = cluster.fresh_database();
    let mut alive: Vec<Server> = (0..3).map(|_| start(&url)).collect();
    let mut rng = Lcg(0x9e37_79b9_7f4a_7c15);

    // Two games against the computer and two online games with clocks, made through different
    // instances. An online game's two seat tokens are both played by this test.
    let mut games = Vec::new();
    let mut tokens = Vec::new();
    for k in 0..4 {
        let computer = k % 2 == 0;
        let body = if computer {
            json!({"variant": "oware", "mode": "computer", "level": 1, "side": "south"})
        } else {
            json!({"variant": "oware", "mode": "online",
                   "clock": {"initial_ms": 120_000, "increment_ms": 0}})
        };
        let g = create_game(&alive[k % 3].addr, &body);
        let seat = |s: &str| g["seats"][s].as_str().unwrap_or_default().to_string();
        tokens.push([seat("south"), seat("north")]);
        games.push(Game {
            id: g["id"].as_str().unwrap().to_string(),
            token: seat("south"),
            computer,
            mine: Vec::new(),
        });
    }
    // A timed game whose clock is left to run out: its flag must fall on a living instance
    // after the one that ran it is killed.
    let body = json!({"variant": "oware", "mode": "online",
                      "clock": {"initial_ms": 8000, "increment_ms": 0}});
    let flagged = create_game(&alive[0].addr, &body)["id"]
        .as_str()
        .unwrap()
        .to_string();

    // A game against the strongest level (a second's thought per move) that only the first
    // instance ever serves: its computer is thinking when that instance dies, and no other
    // instance holds the game, nor is asked for it.
    let body = json!({"variant": "oware", "mode": "computer", "level": 6, "side": "south"});
    let reply = request(&alive[0].addr, "POST", "/api/games", Some(&body), None);
    assert_eq!(reply.status, 201, "{}", reply.body);
    let orphan = reply.json();
    let orphan_token = orphan["seats"]["south"].as_str().unwrap().to_string();
    let orphan = orphan["id"].as_str().unwrap().to_string();

    let mut killed = false;
    let mut rounds = 0;
    // A guard against a hang, not a speed limit: on a loaded machine (a long computation on
    // the other core) these games once took more than 240 s.
    let until = Instant::now() + Duration::from_secs(600);
    while games
        .iter()
        .any(|g| get(&alive[0].addr, &g.id)["over"] != true)
    {
        assert!(Instant::now() < until, "the games did not finish in time");
        rounds += 1;
        for (k, g) in games.iter_mut().enumerate() {
            // Read through one instance, move through another (both random).
            let via = &alive[rng.below(alive.len())].addr;
            let state = get(via, &g.id);
            if state["over"] == true {
                continue;
            }
            let to_move = state["to_move"].as_str().unwrap_or_default();
            let token = match (g.computer, to_move) {
                (true, "south") => g.token.clone(),
                (true, _) => continue, // the computer's turn
                (false, "south") => tokens[k][0].clone(),
                (false, _) => tokens[k][1].clone(),
            };
            let legal = state["legal"].as_array().unwrap();
            let mv = legal[rng.below(legal.len())].as_str().unwrap().to_string();
            let ply = state["ply"].as_u64().unwrap() as usize;
            let to = &alive[rng.below(alive.len())].addr;
            let r = play(to, &g.id, &json!({"move": mv, "ply": ply}), &token);
            match r.status {
                200 => {
                    let after = r.json();
                    let canonical = after["moves"][ply].as_str().unwrap().to_string();
                    g.mine.push((ply, canonical));
                }
                // The instance read had not yet seen the latest move: read again next round.
                409 | 403 => {}
                status => panic!("move {mv} at {ply} of {}: {status} {}", g.id, r.body),
            }
        }
        if rounds == 6 && !killed {
            let state = get(&alive[0].addr, &orphan);
            let mv = state["legal"][0].as_str().unwrap().to_string();
            request(
                &alive[0].addr,
                "POST",
                &format!("/api/games/{orphan}/moves"),
                Some(&json!({"move": mv, "ply": 0})),
                Some(&orphan_token),
            )
            .ok();
            // A human move through the first instance, then at once SIGKILL: the computer's
            // answer (and the flag of the short clock the first instance ran) is left to the
            // others.
            let g = games.iter_mut().find(|g| g.computer).unwrap();
            let state = get(&alive[0].addr, &g.id);
            if state["to_move"] == "south" && state["over"] != true {
                let ply = state["ply"].as_u64().unwrap() as usize;
                let mv = state["legal"][0].as_str().unwrap().to_string();
                let r = play(
                    &alive[0].addr,
                    &g.id,
                    &json!({"move": mv, "ply": ply}),
                    &g.token,
                );
                assert_eq!(r.status, 200, "{}", r.body);
                let after = r.json();
                g.mine
                    .push((ply, after["moves"][ply].as_str().unwrap().to_string()));
            }
            assert_ne!(
                get(&alive[1].addr, &flagged)["over"],
                true,
                "the short clock ran out before the kill"
            );
            alive.remove(0).kill();
            killed = true;
        }
    }
    assert!(killed, "the games ended before an instance was killed");
    // Every move the test made is in its game at its number, once; the games are over and
    // every instance left shows the same moves.
    for g in &games {
        let view = get(&alive[0].addr, &g.id);
        assert_eq!(view["over"], true);
        let moves: Vec<String> = serde_json::from_value(view["moves"].clone()).unwrap();
        for (ply, mv) in &g.mine {
            assert_eq!(moves.get(*ply), Some(mv), "game {} move {ply}", g.id);
        }
        let mine: std::collections::BTreeSet<usize> = g.mine.iter().map(|(p, _)| *p).collect();
        assert_eq!(mine.len(), g.mine.len(), "a move number accepted twice");
        if g.computer {
            // The test played South (oware has no extra turns: the sides alternate, South
            // first); every other move is the computer's, none lost, none twice.
            assert!(g.mine.iter().all(|(p, _)| p % 2 == 0), "{:?}", g.mine);
            let computer = moves.len() - g.mine.len();
            assert!(
                computer == g.mine.len() || computer + 1 == g.mine.len(),
                "game {}: {} moves by the test, {computer} by the computer",
                g.id,
                g.mine.len()
            );
        } else {
            assert_eq!(g.mine.len(), moves.len(), "game {}: {moves:?}", g.id);
        }
        for other in &alive[1..] {
            assert_eq!(get(&other.addr, &g.id)["moves"], view["moves"]);
        }
    }
    // The computer's answer in the game no living instance held came without anybody asking
    // for the game: a survivor took over its lapsed lease. (Read from the database, so that no
    // instance is asked for the game.)
    let db = url.rsplit('/').next().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    let count = format!("SELECT count(*) FROM moves WHERE game = '{orphan}'");
    while cluster.psql(db, &count) != "2" {
        assert!(
            Instant::now() < deadline,
            "the orphaned computer turn was not resumed"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // No instance chose a computer move that another had already recorded: each computer turn
    // had one owner.
    for server in &alive {
        let health = request(&server.addr, "GET", "/api/health", None, None).ok();
        assert_eq!(health["computer_conflicts"], 0, "{health}");
    }
    // The short clock ran out while its instance was dead: a living one ended the game.
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let v = get(&alive[1].addr, &flagged);
        if v["over"] == true {
            assert_eq!(v["reason"], "time");
            assert_eq!(v["result"], "north");
            break;
        }
        assert!(Instant::now() < deadline, "the flag did not fall: {v}");
        std::thread::sleep(Duration::from_millis(200));
    }
    drop(alive);
    drop(cluster);
}
