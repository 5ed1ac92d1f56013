//! Several server instances on one PostgreSQL database: a change made through one reaches the
//! watchers of another, two instances never both accept one move, and a flag fall or a
//! computer's move is done once.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use mancala_server::client::Client;
use mancala_server::{App, Config, EngineBrain};
use serde_json::{json, Value};

/// `n` instances on one fresh database.
async fn instances(n: usize) -> Vec<(SocketAddr, Arc<App>)> {
    let url = mancala_test_postgres::fresh_database();
    let mut out = Vec::new();
    for _ in 0..n {
        let config = Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: None,
            postgres: Some(url.clone()),
            db_pool: 4,
            create_burst: 1000,
            ..Config::default()
        };
        let bound = mancala_server::bind(&config, Arc::new(EngineBrain))
            .await
            .unwrap();
        let addr = bound.local_addr().unwrap();
        let app = bound.app();
        tokio::spawn(bound.serve(std::future::pending()));
        out.push((addr, app));
    }
    out
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn watch(addr: SocketAddr, id: &str) -> Ws {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .unwrap();
    assert_eq!(next_update(&mut ws).await["event"], "hello");
    ws
}

/// The next update a watcher receives (within five seconds).
async fn next_update(ws: &mut Ws) -> Value {
    let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
        .await
        .unwrap_or_else(|_| panic!("no update within 5 s"))
        .expect("an open socket")
        .unwrap();
    serde_json::from_str(m.to_text().unwrap()).unwrap()
}

/// Updates until one with `ply` moves or more (or an ending), within five seconds each. (An
/// instance that reads a game back after two changes shows both at once.)
async fn update_at(ws: &mut Ws, ply: usize) -> Value {
    loop {
        let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await else {
            panic!("no update with {ply} moves within 5 s");
        };
        let u: Value = serde_json::from_str(m.to_text().unwrap()).unwrap();
        let at = u["game"]["ply"]
            .as_u64()
            .and_then(|p| usize::try_from(p).ok());
        if at.is_some_and(|p| p >= ply) || u["game"]["over"] == true {
            return u;
        }
    }
}

async fn create(addr: SocketAddr, body: Value) -> Value {
    let r = Client::new(addr)
        .post_json("/api/games", &body, None)
        .await
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()
}

async fn play(addr: SocketAddr, id: &str, mv: &str, ply: usize, token: &str) -> (u16, Value) {
    let r = Client::new(addr)
        .post_json(
            &format!("/api/games/{id}/moves"),
            &json!({"move": mv, "ply": ply}),
            Some(token),
        )
        .await
        .unwrap();
    let body = if r.text().is_empty() {
        Value::Null
    } else {
        r.json()
    };
    (r.status, body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_reach_watchers_of_other_instances_and_conflicts_are_409() {
    let inst = instances(3).await;
    let (a, b, c) = (inst[0].0, inst[1].0, inst[2].0);
    let g = create(a, json!({"variant": "oware", "mode": "online"})).await;
    let id = g["id"].as_str().unwrap().to_string();
    let south = g["seats"]["south"].as_str().unwrap().to_string();
    let north = g["seats"]["north"].as_str().unwrap().to_string();
    let mut on_b = watch(b, &id).await;
    let mut on_c = watch(c, &id).await;
    // A move through A reaches the watchers on B and C within 200 ms.
    let t = Instant::now();
    let (status, _) = play(a, &id, "F", 0, &south).await;
    assert_eq!(status, 200);
    for ws in [&mut on_b, &mut on_c] {
        let u = update_at(ws, 1).await;
        assert_eq!(u["game"]["moves"], json!(["F"]));
    }
    let took = t.elapsed();
    assert!(
        took < Duration::from_millis(200),
        "the pushes took {took:?}"
    );
    // The next move through B (which learnt of the first) is accepted.
    let (status, _) = play(b, &id, "f", 1, &north).await;
    assert_eq!(status, 200);
    assert_eq!(
        update_at(&mut on_c, 2).await["game"]["moves"],
        json!(["F", "f"])
    );
    // South's move sent to all three at once: exactly one is accepted; the others are 409.
    let (r1, r2, r3) = tokio::join!(
        play(a, &id, "A", 2, &south),
        play(b, &id, "B", 2, &south),
        play(c, &id, "C", 2, &south),
    );
    // A loser is told the game moved on: 409 `stale` when its instance had not yet seen the
    // winning move, else 403 `not_your_turn` (as a replayed request is).
    let statuses = [r1.0, r2.0, r3.0];
    assert_eq!(
        statuses.iter().filter(|&&s| s == 200).count(),
        1,
        "{statuses:?}"
    );
    for r in [&r1, &r2, &r3] {
        match r.0 {
            200 => {}
            409 => assert_eq!(r.1["error"], "stale", "{}", r.1),
            403 => assert_eq!(r.1["error"], "not_your_turn", "{}", r.1),
            s => panic!("unexpected {s}: {}", r.1),
        }
    }
    let won = [r1, r2, r3].into_iter().find(|r| r.0 == 200).unwrap().1;
    let moves = won["moves"].clone();
    assert_eq!(moves.as_array().unwrap().len(), 3);
    // After a reload, every instance shows the one accepted move.
    tokio::time::sleep(Duration::from_millis(300)).await;
    for addr in [a, b, c] {
        let r = Client::new(addr)
            .get(&format!("/api/games/{id}"))
            .await
            .unwrap();
        assert_eq!(r.json()["moves"], moves, "{addr}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_moves_once_and_another_instance_flags_a_clock() {
    let inst = instances(2).await;
    let (a, b) = (inst[0].0, inst[1].0);
    // Against the computer: moves through both instances; each computer move is played once.
    let g = create(
        a,
        json!({"variant": "oware", "mode": "computer", "level": 1, "side": "south"}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let token = g["seats"]["south"].as_str().unwrap().to_string();
    let mut on_b = watch(b, &id).await;
    let mut state = Client::new(a)
        .get(&format!("/api/games/{id}"))
        .await
        .unwrap()
        .json();
    let mut ply = 0;
    for turn in 0..6 {
        if state["over"] == true {
            break;
        }
        // Each move through the other instance than the last, on the state the watcher saw.
        let via = if turn % 2 == 0 { a } else { b };
        let mv = state["legal"][0].as_str().unwrap().to_string();
        let (status, body) = play(via, &id, &mv, ply, &token).await;
        assert_eq!(status, 200, "turn {turn}: {body}");
        // The computer's answer reaches the watcher on B.
        let mut u = update_at(&mut on_b, ply + 1).await;
        while u["game"]["to_move"] == "north" && u["game"]["over"] != true {
            u = next_update(&mut on_b).await;
        }
        state = u["game"].clone();
        ply = state["ply"].as_u64().unwrap() as usize;
    }
    let moves = Client::new(b)
        .get(&format!("/api/games/{id}"))
        .await
        .unwrap()
        .json()["moves"]
        .clone();
    assert_eq!(moves.as_array().unwrap().len(), ply);
    // A timed game: the clock runs out; the watchers on both instances see one ending.
    let g = create(
        a,
        json!({"variant": "oware", "mode": "online",
               "clock": {"initial_ms": 1500, "increment_ms": 0}}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let mut on_a = watch(a, &id).await;
    let mut on_b = watch(b, &id).await;
    for ws in [&mut on_a, &mut on_b] {
        let u = update_at(ws, usize::MAX).await;
        assert_eq!(u["game"]["reason"], "time");
        assert_eq!(u["game"]["result"], "north");
    }
}
