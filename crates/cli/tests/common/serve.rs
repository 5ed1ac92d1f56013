//! A `mancala serve` process on a loopback port for the tests, and plain HTTP/1.1 requests to
//! it (one connection each).

#![allow(dead_code)] // each test file uses some of the helpers

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

/// A running server, killed when dropped.
pub struct Server {
    /// The process.
    pub child: Child,
    /// `host:port` it listens on.
    pub addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `mancala serve` on a free loopback port with the database `db`.
pub fn start(db: &Path) -> Server {
    start_with(|c| {
        c.arg("--db").arg(db);
    })
}

/// Starts `mancala serve` on a free loopback port, with what `configure` adds to its command
/// (a database, environment, other flags).
pub fn start_with(configure: impl FnOnce(&mut Command)) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_mancala"));
    command.args(["serve", "--addr", "127.0.0.1:0"]);
    configure(&mut command);
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start mancala serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
        .to_string();
    Server { child, addr }
}

impl Server {
    /// Kills the process with SIGKILL (no chance to flush anything) and waits for it to end.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

/// A server's answer.
pub struct Reply {
    /// What was asked (`POST /api/games`), for messages.
    pub asked: String,
    /// The status code.
    pub status: u16,
    /// The body as text.
    pub body: String,
}

impl Reply {
    /// The body as JSON (`null` when it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }

    /// Checks that the request succeeded (a 2xx status): the body as JSON.
    pub fn ok(&self) -> Value {
        assert!(
            (200..300).contains(&self.status),
            "{}: {} {}",
            self.asked,
            self.status,
            self.body
        );
        serde_json::from_str(&self.body).unwrap()
    }
}

/// One request on a fresh connection: the reply.
pub fn request(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    token: Option<&str>,
) -> Reply {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body.as_bytes()).unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    let status = out[9..12].parse().unwrap();
    let (_, body) = out.split_once("\r\n\r\n").unwrap_or((&out, ""));
    Reply {
        asked: format!("{method} {path}"),
        status,
        body: body.to_string(),
    }
}

/// Creates a game from `body` on the server at `addr` (which must answer 201 Created): the reply's
/// JSON (`id`, `seats`, `game`).
pub fn create_game(addr: &str, body: &Value) -> Value {
    let r = request(addr, "POST", "/api/games", Some(body), None);
    assert_eq!(r.status, 201, "{}", r.body);
    r.json()
}

/// The game `id` as the server at `addr` has it.
pub fn game(addr: &str, id: &str) -> Reply {
    request(addr, "GET", &format!("/api/games/{id}"), None, None)
}

/// Posts the move `mv` (`{"move": ...}`, perhaps with a `ply`) to the game `id` with `token`.
pub fn play(addr: &str, id: &str, mv: &Value, token: &str) -> Reply {
    let path = format!("/api/games/{id}/moves");
    request(addr, "POST", &path, Some(mv), Some(token))
}

/// Signs up and logs in `name` on `addr` (password `secret-password`): the session token.
pub fn account(addr: &str, name: &str) -> String {
    let cred = serde_json::json!({"name": name, "password": "secret-password"});
    request(addr, "POST", "/api/players", Some(&cred), None).ok();
    let r = request(addr, "POST", "/api/session", Some(&cred), None).ok();
    r["token"].as_str().unwrap().to_string()
}
