//! Several server instances on one PostgreSQL database: a change made through one reaches the
//! watchers of another, two instances never both accept one move (or one seek), a flag fall or
//! a computer's move is done once, and the lobby and the offers are the same on every instance.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use mancala_server::{App, Config, EngineBrain};
use mancala_test_client::Client;
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
            auth_burst: 1000,
            password_memory_kib: 64,
            password_passes: 1,
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
    let path = format!("/api/games/{id}/moves");
    post(addr, &path, json!({"move": mv, "ply": ply}), token).await
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

/// Signs `name` up through `addr` and logs him in: his session token.
/// Three instances on one database (running while the first value lives), their addresses, and
/// two players: Ama signed up through the first, Kofi through the second.
async fn three_with_two_players() -> (Vec<(SocketAddr, Arc<App>)>, [SocketAddr; 3], String, String)
{
    let inst = instances(3).await;
    let (a, b, c) = (inst[0].0, inst[1].0, inst[2].0);
    let ama = account(a, "Ama").await;
    let kofi = account(b, "Kofi").await;
    (inst, [a, b, c], ama, kofi)
}

async fn account(addr: SocketAddr, name: &str) -> String {
    let cred = json!({"name": name, "password": "secret-password"});
    let mut c = Client::new(addr);
    let r = c.post_json("/api/players", &cred, None).await.unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    let r = c.post_json("/api/session", &cred, None).await.unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["token"].as_str().unwrap().to_string()
}

/// Posts `body` to `path` through `addr` with `token`: the status and the JSON answer.
/// Posts `body` to `path` as `token`, checks that it created something (201) and returns its id.
async fn created(addr: SocketAddr, path: &str, body: Value, token: &str) -> String {
    let (status, made) = post(addr, path, body, token).await;
    assert_eq!(status, 201, "{made}");
    made["id"].as_str().unwrap().to_string()
}

async fn post(addr: SocketAddr, path: &str, body: Value, token: &str) -> (u16, Value) {
    let r = Client::new(addr)
        .post_json(path, &body, Some(token))
        .await
        .unwrap();
    let v = if r.text().is_empty() {
        Value::Null
    } else {
        r.json()
    };
    (r.status, v)
}

/// The open seeks as `GET /api/seeks` through `addr` answers.
async fn seeks(addr: SocketAddr) -> Vec<Value> {
    let r = Client::new(addr).get("/api/seeks").await.unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    r.json().as_array().unwrap().clone()
}

/// A lobby socket on `addr` (signed in with `token`, if any), past its first list: that list.
async fn lobby(addr: SocketAddr, token: Option<&str>) -> (Ws, Value) {
    let path = match token {
        Some(t) => format!("ws://{addr}/api/lobby/ws?token={t}"),
        None => format!("ws://{addr}/api/lobby/ws"),
    };
    let (mut ws, _) = tokio_tungstenite::connect_async(path).await.unwrap();
    let hello = next_update(&mut ws).await;
    assert_eq!(hello["type"], "seeks", "{hello}");
    (ws, hello["seeks"].clone())
}

/// Lobby messages until one satisfying `pred` (within five seconds each).
async fn lobby_until(ws: &mut Ws, pred: impl Fn(&Value) -> bool) -> Value {
    loop {
        let m = next_update(ws).await;
        if pred(&m) {
            return m;
        }
    }
}

/// The lobby messages `ws` receives within `window`.
async fn lobby_within(ws: &mut Ws, window: Duration) -> Vec<Value> {
    let end = tokio::time::Instant::now() + window;
    let mut out = Vec::new();
    while let Ok(Some(Ok(m))) = tokio::time::timeout_at(end, ws.next()).await {
        if let Ok(text) = m.to_text() {
            out.push(serde_json::from_str(text).unwrap());
        }
    }
    out
}

fn lists(m: &Value, id: &str) -> bool {
    m["type"] == "seeks" && m["seeks"].as_array().unwrap().iter().any(|s| s["id"] == id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_reach_every_lobby_and_one_of_two_accepts_wins() {
    let (_inst, [a, b, c], ama, kofi) = three_with_two_players().await;
    let esi = account(c, "Esi").await;
    let (mut ama_on_a, _) = lobby(a, Some(&ama)).await;
    let (mut on_b, hello) = lobby(b, None).await;
    assert_eq!(hello, json!([]));
    let (mut on_c, _) = lobby(c, Some(&esi)).await;

    // A seek made through A reaches the lobby sockets on B and C within 200 ms.
    let t = Instant::now();
    let id = created(
        a,
        "/api/seeks",
        json!({"variant": "oware", "side": "south"}),
        &ama,
    )
    .await;
    for ws in [&mut on_b, &mut on_c] {
        let m = lobby_until(ws, |m| lists(m, &id)).await;
        assert_eq!(m["seeks"][0]["owner"], "Ama");
    }
    let took = t.elapsed();
    assert!(
        took < Duration::from_millis(200),
        "the pushes took {took:?}"
    );
    for addr in [a, b, c] {
        let list = seeks(addr).await;
        assert_eq!(list.len(), 1, "{addr}");
        assert_eq!(list[0]["id"], id.as_str());
    }
    // A new lobby socket on C lists it at once.
    let (_, hello) = lobby(c, None).await;
    assert_eq!(hello[0]["id"], id.as_str());

    // Kofi through B and Esi through C accept it at once: one game, the other a clean 409.
    let path = format!("/api/seeks/{id}/accept");
    let (r1, r2) = tokio::join!(
        post(b, &path, json!({}), &kofi),
        post(c, &path, json!({}), &esi)
    );
    let statuses = [r1.0, r2.0];
    assert!(
        statuses.contains(&200) && statuses.contains(&409),
        "{statuses:?}: {r1:?} {r2:?}"
    );
    let (won, lost, winner) = if r1.0 == 200 {
        (r1.1, r2.1, "Kofi")
    } else {
        (r2.1, r1.1, "Esi")
    };
    assert_eq!(lost["error"], "seek_taken", "{lost}");
    let game = won["game"].as_str().unwrap().to_string();
    assert_eq!(won["players"], json!({"south": "Ama", "north": winner}));
    // Every instance serves the game, with its players.
    for addr in [a, b, c] {
        let r = Client::new(addr)
            .get(&format!("/api/games/{game}"))
            .await
            .unwrap();
        assert_eq!(r.status, 200, "{addr}: {}", r.text());
        assert_eq!(
            r.json()["players"],
            json!({"south": "Ama", "north": winner})
        );
    }
    // The owner's lobby socket on A hears of the one game, and of the seek gone.
    let heard = lobby_within(&mut ama_on_a, Duration::from_millis(500)).await;
    let games: Vec<&Value> = heard.iter().filter(|m| m["type"] == "game").collect();
    assert_eq!(games.len(), 1, "{heard:?}");
    assert_eq!(games[0]["game"], game.as_str());
    assert_eq!(games[0]["players"]["south"], "Ama");
    let last = heard
        .iter()
        .rev()
        .find(|m| m["type"] == "seeks")
        .expect("a list");
    assert_eq!(last["seeks"], json!([]));
    for addr in [a, b, c] {
        assert!(seeks(addr).await.is_empty(), "{addr}");
    }
    // Accepted again through A: taken.
    let (status, body) = post(a, &path, json!({}), &esi).await;
    assert_eq!(
        (status, body["error"].clone()),
        (409, json!("seek_taken")),
        "{body}"
    );

    // A challenge made through C, declined through A, is gone everywhere.
    let ch = created(
        c,
        "/api/challenges",
        json!({"variant": "abapa", "to": "Kofi"}),
        &esi,
    )
    .await;
    lobby_until(&mut on_b, |m| lists(m, &ch)).await;
    let (status, body) = post(a, &format!("/api/seeks/{ch}/accept"), json!({}), &ama).await;
    assert_eq!((status, body["error"].clone()), (403, json!("not_for_you")));
    let (status, _) = post(a, &format!("/api/seeks/{ch}/decline"), json!({}), &kofi).await;
    assert_eq!(status, 200);
    lobby_until(&mut on_b, |m| {
        m["type"] == "seeks" && m["seeks"] == json!([])
    })
    .await;
    assert!(seeks(c).await.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_stays_while_its_owner_is_in_a_lobby_of_any_instance() {
    let inst = instances(2).await;
    let (a, b) = (inst[0].0, inst[1].0);
    let yaw = account(a, "Yaw").await;
    let (on_a, _) = lobby(a, Some(&yaw)).await;
    let (on_b, _) = lobby(b, Some(&yaw)).await;
    let (status, _) = post(a, "/api/seeks", json!({"variant": "wuri"}), &yaw).await;
    assert_eq!(status, 201);
    // He leaves the lobby on A but stays on B: past the grace, his seek is still open.
    drop(on_a);
    tokio::time::sleep(mancala_server::lobby::LEAVE_GRACE + Duration::from_millis(1500)).await;
    assert_eq!(seeks(a).await.len(), 1);
    // He leaves B too: it goes.
    drop(on_b);
    let t = Instant::now();
    while !seeks(a).await.is_empty() {
        assert!(
            t.elapsed() < mancala_server::lobby::LEAVE_GRACE + Duration::from_secs(5),
            "the seek outlived its owner's departure"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offers_made_through_one_instance_are_answered_through_another() {
    let (_inst, [a, b, c], ama, kofi) = three_with_two_players().await;
    let (_, made) = post(
        a,
        "/api/seeks",
        json!({"variant": "oware", "side": "south"}),
        &ama,
    )
    .await;
    let id = made["id"].as_str().unwrap().to_string();
    let (status, won) = post(b, &format!("/api/seeks/{id}/accept"), json!({}), &kofi).await;
    assert_eq!(status, 200, "{won}");
    let game = won["game"].as_str().unwrap().to_string();
    let act = |addr, action: &'static str, body: Value, token: String| {
        let game = game.clone();
        async move { post(addr, &format!("/api/games/{game}/{action}"), body, &token).await }
    };
    let mut on_a = watch(a, &game).await;
    let mut on_b = watch(b, &game).await;

    // A draw offered through A: the watchers on B see it within 200 ms.
    let t = Instant::now();
    let (status, v) = act(a, "offer", json!({"kind": "draw"}), ama.clone()).await;
    assert_eq!(status, 200, "{v}");
    let u = next_update(&mut on_b).await;
    let took = t.elapsed();
    assert_eq!(
        u["game"]["offer"],
        json!({"kind": "draw", "by": "south"}),
        "{u}"
    );
    assert!(took < Duration::from_millis(200), "the push took {took:?}");
    assert_eq!(
        next_update(&mut on_a).await["game"]["offer"]["kind"],
        "draw"
    );
    // Offered again through C: already offered. Declined through B: gone on A too.
    let (status, v) = act(c, "offer", json!({"kind": "draw"}), ama.clone()).await;
    assert_eq!(
        (status, v["error"].clone()),
        (409, json!("already_offered")),
        "{v}"
    );
    let (status, v) = act(b, "offer/decline", json!({}), kofi.clone()).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["offer"], Value::Null);
    let u = next_update(&mut on_a).await;
    assert_eq!(u["event"], "offer_declined", "{u}");
    assert_eq!(u["game"]["offer"], Value::Null);
    next_update(&mut on_b).await;

    // Offered through A with the offerer's move: it stands on B. The receiver's move through
    // B ends it, on A too, and accepting it through C or A then finds none.
    let (status, _) = act(a, "offer", json!({"kind": "agreement"}), ama.clone()).await;
    assert_eq!(status, 200);
    let (status, v) = play(a, &game, "F", 0, &ama).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["offer"]["kind"], "agreement", "{v}");
    let mut u = update_at(&mut on_b, 1).await;
    while u["game"]["offer"].is_null() {
        u = next_update(&mut on_b).await;
    }
    assert_eq!(
        u["game"]["offer"],
        json!({"kind": "agreement", "by": "south"}),
        "{u}"
    );
    let (status, v) = play(b, &game, "f", 1, &kofi).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["offer"], Value::Null, "{v}");
    let mut u = update_at(&mut on_a, 2).await;
    while !u["game"]["offer"].is_null() {
        u = next_update(&mut on_a).await;
    }
    for via in [c, a] {
        let (status, v) = act(via, "offer/accept", json!({}), kofi.clone()).await;
        assert_eq!(
            (status, v["error"].clone()),
            (409, json!("no_offer")),
            "{v}"
        );
    }

    // Offered by North through B, accepted by South through C: one ending, seen on A and B.
    let (status, _) = act(b, "offer", json!({"kind": "draw"}), kofi.clone()).await;
    assert_eq!(status, 200);
    let (status, v) = act(c, "offer/accept", json!({}), ama.clone()).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["reason"], "draw_agreed", "{v}");
    for ws in [&mut on_a, &mut on_b] {
        let u = update_at(ws, usize::MAX).await;
        assert_eq!(u["game"]["result"], "draw");
        assert_eq!(u["game"]["reason"], "draw_agreed");
    }
    for addr in [a, b, c] {
        let r = Client::new(addr)
            .get(&format!("/api/games/{game}"))
            .await
            .unwrap();
        let g = r.json();
        assert_eq!(
            (g["result"].clone(), g["moves"].clone()),
            (json!("draw"), json!(["F", "f"])),
            "{addr}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_language_set_through_one_instance_is_the_accounts_on_another() {
    let inst = instances(2).await;
    let (a, b) = (inst[0].0, inst[1].0);
    let token = account(a, "Ama").await;
    let body = json!({"lang": "pt"}).to_string();
    let bearer = format!("Bearer {token}");
    let headers = [
        ("Authorization", bearer.as_str()),
        ("Content-Type", "application/json"),
    ];
    let r = Client::new(a)
        .request("PATCH", "/api/players/me", &headers, body.as_bytes())
        .await
        .unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    // Logging in through the other instance reads it from the database.
    let cred = json!({"name": "Ama", "password": "secret-password"});
    let r = Client::new(b)
        .post_json("/api/session", &cred, None)
        .await
        .unwrap();
    assert_eq!(r.json()["lang"], "pt", "{}", r.text());
    let token = r.json()["token"].as_str().unwrap().to_string();
    let bearer = format!("Bearer {token}");
    let r = Client::new(b)
        .request("GET", "/rules", &[("Authorization", &bearer)], b"")
        .await
        .unwrap();
    assert!(r.text().contains("<html lang=\"pt\">"), "{}", r.text());
}

/// `GET /api/players/me` through `addr` with `token`: the status.
async fn me(addr: SocketAddr, token: &str) -> u16 {
    let bearer = format!("Bearer {token}");
    Client::new(addr)
        .request("GET", "/api/players/me", &[("Authorization", &bearer)], b"")
        .await
        .unwrap()
        .status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn logging_out_through_one_instance_ends_the_session_on_every_one() {
    let inst = instances(2).await;
    let (a, b) = (inst[0].0, inst[1].0);
    let token = account(a, "Ama").await;
    // The other instance knows the session (and keeps it in memory).
    assert_eq!(me(b, &token).await, 200);
    let r = Client::new(a)
        .request(
            "DELETE",
            "/api/session",
            &[("Authorization", &format!("Bearer {token}"))],
            b"",
        )
        .await
        .unwrap();
    assert!(r.status < 300, "{}", r.text());
    assert_eq!(me(a, &token).await, 401);
    // The notice reaches the other instance shortly; the session was cached there for days.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let status = me(b, &token).await;
        if status == 401 {
            break;
        }
        assert_eq!(status, 200);
        assert!(
            Instant::now() < deadline,
            "the session still works on the other instance"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
