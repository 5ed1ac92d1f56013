//! Helpers shared by the server's API tests: a server on a loopback port, its error replies,
//! accounts, polling and websockets.

#![allow(dead_code)] // each test file uses some of the helpers

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use mancala_server::{App, Brain, Config, EngineBrain};
use mancala_test_client::{Client, Reply};
use serde_json::{json, Value};

/// The database of a test server: a fresh PostgreSQL database when the suite runs as a
/// `*_postgres` test target (`api_postgres`, `online_postgres`), else memory (SQLite).
pub fn test_db() -> Option<String> {
    mancala_test_postgres::wants_postgres(env!("CARGO_CRATE_NAME"))
        .then(mancala_test_postgres::fresh_database)
}

/// A server with `config` (on a free loopback port, in memory, with cheap password hashing:
/// the tests sign up many players) and `brain`: its address and shared state.
pub async fn start_with(config: Config, brain: Arc<dyn Brain>) -> (SocketAddr, Arc<App>) {
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: None,
        postgres: test_db(),
        password_memory_kib: 64,
        password_passes: 1,
        ..config
    };
    let bound = mancala_server::bind(&config, brain).await.unwrap();
    let addr = bound.local_addr().unwrap();
    let app = bound.app();
    tokio::spawn(bound.serve(std::future::pending()));
    (addr, app)
}

/// A server with `config` and the real engine: its address.
pub async fn start(config: Config) -> SocketAddr {
    start_with(config, Arc::new(EngineBrain)).await.0
}

/// The defaults, but many sign-ups and games allowed from one address.
pub fn many() -> Config {
    Config {
        auth_burst: 1000,
        create_burst: 1000,
        ..Config::default()
    }
}

/// The defaults, but `burst` games created at once from one address, then `per_minute` a minute.
pub fn creations_limited(burst: u32, per_minute: u32) -> Config {
    Config {
        create_burst: burst,
        create_per_minute: per_minute,
        ..Config::default()
    }
}

/// A client of a server started with `config` and the real engine.
pub async fn client_of(config: Config) -> Client {
    Client::new(start(config).await)
}

/// A server with the defaults but many sign-ups and games from one address, and a client.
pub async fn server() -> (SocketAddr, Client) {
    let addr = start(many()).await;
    (addr, Client::new(addr))
}

/// Checks that `r` is the JSON error `code` with status `status` and a message; answers its body.
pub fn assert_error(r: &Reply, status: u16, code: &str) -> Value {
    assert_eq!(r.status, status, "{}", r.text());
    let j = r.json();
    assert_eq!(j["error"], code, "{}", r.text());
    assert!(j["message"].as_str().is_some_and(|m| !m.is_empty()));
    j
}

/// Creates a game from `body`: the reply's JSON.
pub async fn create(c: &mut Client, body: Value) -> Value {
    let r = c.post_json("/api/games", &body, None).await.unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()
}

/// Signs up and logs in `name`; answers the session token.
pub async fn account(c: &mut Client, name: &str) -> String {
    let cred = json!({"name": name, "password": "secret-password"});
    let r = c.post_json("/api/players", &cred, None).await.unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    assert_eq!(r.json(), json!({"name": name}));
    let r = c.post_json("/api/session", &cred, None).await.unwrap();
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["token"].as_str().unwrap().to_string()
}

/// Signs up and logs in each of `names`: their session tokens.
pub async fn accounts<const N: usize>(c: &mut Client, names: [&str; N]) -> [String; N] {
    let mut tokens = [const { String::new() }; N];
    for (token, name) in tokens.iter_mut().zip(names) {
        *token = account(c, name).await;
    }
    tokens
}

/// Creates a game from `body` without credentials and checks that it is refused with the JSON
/// error `code` and status `status`.
pub async fn refused_game(c: &mut Client, body: Value, status: u16, code: &str) -> Value {
    refused(c, "/api/games", &body, status, code).await
}

/// Posts `body` to `path` without credentials.
pub async fn post_anon(c: &mut Client, path: &str, body: &Value) -> Reply {
    c.post_json(path, body, None).await.unwrap()
}

/// Posts `body` to `path` without credentials and checks that it is refused with the JSON error
/// `code` and status `status`.
pub async fn refused(c: &mut Client, path: &str, body: &Value, status: u16, code: &str) -> Value {
    assert_error(&post_anon(c, path, body).await, status, code)
}

/// Posts `body` to `path` with the token `token`.
pub async fn post_as(c: &mut Client, path: &str, body: &Value, token: &str) -> Reply {
    c.post_json(path, body, Some(token)).await.unwrap()
}

/// Posts `body` to `path` with `token`.
pub async fn post(c: &mut Client, path: &str, body: Value, token: &str) -> Reply {
    c.post_json(path, &body, Some(token)).await.unwrap()
}

/// Posts `body` to the game `game`'s `action` (`moves`, `resign`, `offer/accept`, ...) with
/// `token`.
pub async fn act(c: &mut Client, game: &str, action: &str, body: Value, token: &str) -> Reply {
    post(c, &format!("/api/games/{game}/{action}"), body, token).await
}

/// Checks that `r` answered 200: its JSON.
pub fn ok(r: &Reply) -> Value {
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()
}

/// Checks that `r` answered 201 (created): the `id` of what it created.
pub fn created_id(r: &Reply) -> String {
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["id"].as_str().unwrap().to_string()
}

/// Sends `method path` with no body and the one header `name: value`.
pub async fn send_with(c: &mut Client, method: &str, path: &str, name: &str, value: &str) -> Reply {
    c.request(method, path, &[(name, value)], b"")
        .await
        .unwrap()
}

/// Sends `method path` with no body, signed in by the bearer token `token`.
pub async fn send_as(c: &mut Client, method: &str, path: &str, token: &str) -> Reply {
    send_with(c, method, path, "Authorization", &format!("Bearer {token}")).await
}

/// The name of the player signed in by the session cookie `cookie` (`Null` for nobody).
pub async fn who_by_cookie(c: &mut Client, cookie: &str) -> Value {
    send_with(c, "GET", "/api/session", "Cookie", cookie)
        .await
        .json()["name"]
        .clone()
}

/// The name of the player signed in by the bearer token `token` (`Null` for nobody).
pub async fn who_by_token(c: &mut Client, token: &str) -> Value {
    send_as(c, "GET", "/api/session", token).await.json()["name"].clone()
}

/// Posts the raw bytes `body` to `path` as `content_type`.
pub async fn post_bytes(c: &mut Client, path: &str, content_type: &str, body: &[u8]) -> Reply {
    let headers = [("Content-Type", content_type)];
    c.request("POST", path, &headers, body).await.unwrap()
}

/// A websocket upgrade request for `path` with the key `key`, by a fresh client of `addr`.
pub async fn upgrade(addr: SocketAddr, path: &str, key: &str) -> Reply {
    let headers = [
        ("Upgrade", "websocket"),
        ("Connection", "Upgrade"),
        ("Sec-WebSocket-Version", "13"),
        ("Sec-WebSocket-Key", key),
    ];
    let mut c = Client::new(addr);
    c.request("GET", path, &headers, b"").await.unwrap()
}

/// The open seeks and challenges.
pub async fn seeks(c: &mut Client) -> Vec<Value> {
    get(c, "/api/seeks").await.as_array().unwrap().clone()
}

/// A game created from `body` (which must succeed): its id and the token of `side`'s seat.
pub async fn game_and_seat(c: &mut Client, body: Value, side: &str) -> (String, String) {
    let g = create(c, body).await;
    let id = g["id"].as_str().unwrap().to_string();
    (id, g["seats"][side].as_str().unwrap().to_string())
}

/// Gets `path`: the reply, whatever its status.
pub async fn fetch(c: &mut Client, path: &str) -> Reply {
    c.get(path).await.unwrap()
}

/// Gets `path`, which must not be found, and checks that the reply shows no file from outside
/// the served folders (the workspace's `Cargo.toml`): the reply.
pub async fn not_found(c: &mut Client, path: &str) -> Reply {
    let r = fetch(c, path).await;
    assert_eq!(r.status, 404, "{path}");
    assert!(!r.text().contains("[workspace]"), "{path}");
    r
}

/// A game of `variant` in `mode` (`local`, `online`, ...): its id and South's seat token.
pub async fn new_game(c: &mut Client, variant: &str, mode: &str) -> (String, String) {
    game_and_seat(c, json!({"variant": variant, "mode": mode}), "south").await
}

/// Gets `path`, which must answer 200: its JSON.
pub async fn get(c: &mut Client, path: &str) -> Value {
    let r = c.get(path).await.unwrap();
    assert_eq!(r.status, 200, "{path}: {}", r.text());
    r.json()
}

/// Waits until the game satisfies `pred` (polling; the computer moves asynchronously).
pub async fn wait_for(c: &mut Client, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..400 {
        let g = get(c, &format!("/api/games/{id}")).await;
        if pred(&g) {
            return g;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("condition not reached");
}

/// Waits until `pred` holds of the server's state.
pub async fn wait_until(app: &App, pred: impl Fn(&App) -> bool) {
    for _ in 0..500 {
        if pred(app) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("condition not reached");
}

/// A websocket client connection.
pub type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A websocket to `path` (with its query) on the server at `addr`.
pub async fn socket(addr: SocketAddr, path: &str) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}{path}"))
        .await
        .unwrap();
    ws
}

/// A watcher of game `id`.
pub async fn watch(addr: SocketAddr, id: &str) -> Ws {
    socket(addr, &format!("/api/games/{id}/ws")).await
}

/// The next JSON message on `ws` (within 5 s).
pub async fn next(ws: &mut Ws) -> Value {
    let msg = tokio::time::timeout(Duration::from_secs(5), ws.next())
        .await
        .expect("a message within 5 s")
        .expect("an open socket")
        .unwrap();
    serde_json::from_str(msg.to_text().unwrap()).unwrap()
}
