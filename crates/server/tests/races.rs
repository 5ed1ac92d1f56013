//! A move and an ending of one game sent at the same moment: an acceptance of a draw offer, a
//! resignation, an abort. Whatever order the server takes them in, both answers agree with it
//! and so does the stored game: a move and an acceptance are never both acknowledged, a
//! resignation or an abort that comes second is recorded after the move, and the database passes
//! `db check` afterwards.
//!
//! Against one instance on a SQLite file here; `races_postgres` runs the same rounds against two
//! instances sharing a PostgreSQL database, each of the two requests sent to another instance.

use std::net::SocketAddr;
use std::sync::Arc;

use mancala_server::store::dump::{self, Snapshot};
use mancala_server::store::rows::Database;
use mancala_server::{Config, EngineBrain};
use mancala_test_client::{Client, Reply};
use serde_json::{json, Value};

/// Rounds of each kind of ending.
const ROUNDS: usize = 200;

/// The servers of the test and where their database is.
struct Servers {
    addrs: Vec<SocketAddr>,
    /// The SQLite file, or the PostgreSQL URL.
    db: Db,
    _dir: Option<TempDir>,
}

enum Db {
    Sqlite(std::path::PathBuf),
    Postgres(String),
}

/// A directory removed when dropped.
struct TempDir(std::path::PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One instance on a SQLite file, or (for the `_postgres` target) two on one fresh PostgreSQL
/// database.
async fn servers() -> Servers {
    let postgres = mancala_test_postgres::wants_postgres(env!("CARGO_CRATE_NAME"));
    let (db, dir, n) = if postgres {
        (
            Db::Postgres(mancala_test_postgres::fresh_database()),
            None,
            2,
        )
    } else {
        static SEQ: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = SEQ.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("mancala-races-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        (Db::Sqlite(dir.join("races.db")), Some(TempDir(dir)), 1)
    };
    let mut addrs = Vec::new();
    for _ in 0..n {
        let config = Config {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: match &db {
                Db::Sqlite(path) => Some(path.clone()),
                Db::Postgres(_) => None,
            },
            postgres: match &db {
                Db::Postgres(url) => Some(url.clone()),
                Db::Sqlite(_) => None,
            },
            db_pool: 8,
            create_burst: 10_000,
            ..Config::default()
        };
        let bound = mancala_server::bind(&config, Arc::new(EngineBrain))
            .await
            .unwrap();
        addrs.push(bound.local_addr().unwrap());
        tokio::spawn(bound.serve(std::future::pending()));
    }
    Servers {
        addrs,
        db,
        _dir: dir,
    }
}

/// The ending raced against a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// North offers a draw; South moves and accepts it at once (two sessions of his).
    Accept,
    /// South moves while North resigns.
    Resign,
    /// South moves while North aborts (North may abort until he has moved).
    AbortFirstMove,
    /// South has moved; North moves while South aborts.
    AbortSecondMove,
}

/// What one round came to: the game, its kind, and whether the move and the ending were
/// acknowledged.
struct Round {
    game: String,
    kind: Kind,
    moves_before: usize,
    moved: bool,
    ended: bool,
}

fn ok_or_409(r: &Reply, what: &str, codes: &[&str]) -> bool {
    if r.status == 200 {
        return true;
    }
    assert_eq!(r.status, 409, "{what}: {}", r.text());
    let code = r.json()["error"].as_str().unwrap_or_default().to_string();
    assert!(codes.contains(&code.as_str()), "{what}: {}", r.text());
    false
}

/// A client already connected (so that the racing requests leave at once).
async fn connected(addr: SocketAddr) -> Client {
    let mut c = Client::new(addr);
    assert_eq!(c.get("/api/health").await.unwrap().status, 200);
    c
}

async fn post(c: &mut Client, path: &str, body: Value, token: &str) -> Reply {
    c.post_json(path, &body, Some(token)).await.unwrap()
}

/// Plays one round of `kind` on a new game: the move is sent to `addrs[0]`, the ending to the
/// last address.
async fn round(addrs: &[SocketAddr], kind: Kind) -> Round {
    let (a, b) = (addrs[0], addrs[addrs.len() - 1]);
    let mut setup = Client::new(a);
    let r = setup
        .post_json(
            "/api/games",
            &json!({"variant": "oware", "mode": "online"}),
            None,
        )
        .await
        .unwrap();
    assert_eq!(r.status, 201, "{}", r.text());
    let created = r.json();
    let id = created["id"].as_str().unwrap().to_string();
    let south = created["seats"]["south"].as_str().unwrap().to_string();
    let north = created["seats"]["north"].as_str().unwrap().to_string();
    let moves = format!("/api/games/{id}/moves");
    let mut moves_before = 0;
    if kind == Kind::Accept {
        let r = post(
            &mut setup,
            &format!("/api/games/{id}/offer"),
            json!({"kind": "draw"}),
            &north,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
    }
    if kind == Kind::AbortSecondMove {
        let r = post(&mut setup, &moves, json!({"move": "A"}), &south).await;
        assert_eq!(r.status, 200, "{}", r.text());
        moves_before = 1;
    }
    let (mv, mover, ender, ending) = match kind {
        Kind::Accept => ("A", &south, &south, format!("/api/games/{id}/offer/accept")),
        Kind::Resign => ("A", &south, &north, format!("/api/games/{id}/resign")),
        Kind::AbortFirstMove => ("A", &south, &north, format!("/api/games/{id}/abort")),
        Kind::AbortSecondMove => ("a", &north, &south, format!("/api/games/{id}/abort")),
    };
    let (mut c1, mut c2) = (connected(a).await, connected(b).await);
    let (m, e) = tokio::join!(
        post(&mut c1, &moves, json!({"move": mv}), mover),
        post(&mut c2, &ending, json!({}), ender),
    );
    let moved = ok_or_409(&m, "the move", &["game_over"]);
    let ended = ok_or_409(
        &e,
        "the ending",
        match kind {
            Kind::Accept => &["no_offer"],
            Kind::AbortSecondMove => &["too_late_to_abort"],
            // A resignation, or an abort before North's first move, is always possible.
            Kind::Resign | Kind::AbortFirstMove => &[],
        },
    );
    match kind {
        // Exactly one of the two.
        Kind::Accept | Kind::AbortSecondMove => assert!(
            moved != ended,
            "{kind:?} in game {id}: move {} ({}), ending {} ({})",
            m.status,
            m.text(),
            e.status,
            e.text()
        ),
        // The ending always; the move if it came first.
        Kind::Resign | Kind::AbortFirstMove => assert!(ended, "{kind:?}: {}", e.text()),
    }
    if ended {
        // The answer tells the game as the ending left it: with the move if it came first.
        let g = &e.json();
        let plies = g["ply"].as_u64().unwrap() as usize;
        assert!(
            plies == moves_before + usize::from(moved) || (!moved && plies == moves_before),
            "{kind:?} in game {id}: the ending's answer shows {plies} moves: {g}"
        );
    }
    Round {
        game: id,
        kind,
        moves_before,
        moved,
        ended,
    }
}

/// The stored database, read as `mancala db check` reads it.
fn snapshot(db: &Db) -> Snapshot {
    let opened: Box<dyn Database> = match db {
        Db::Sqlite(path) => Box::new(mancala_server::SqliteStore::open_as_is(path).unwrap()),
        Db::Postgres(url) => Box::new(mancala_server::PgStore::connect_as_is(url).unwrap()),
    };
    Snapshot::read(opened.as_ref(), true).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_move_and_an_ending_at_once_come_out_in_one_order() {
    let servers = servers().await;
    let mut rounds = Vec::new();
    for kind in [
        Kind::Accept,
        Kind::Resign,
        Kind::AbortFirstMove,
        Kind::AbortSecondMove,
    ] {
        for _ in 0..ROUNDS {
            rounds.push(round(&servers.addrs, kind).await);
        }
        let of_kind = || rounds.iter().filter(|r| r.kind == kind);
        let (moved, ended) = (
            of_kind().filter(|r| r.moved).count(),
            of_kind().filter(|r| r.ended).count(),
        );
        eprintln!(
            "{kind:?}: {ROUNDS} rounds, the move acknowledged in {moved}, the ending in {ended}"
        );
    }
    // Every stored game as the answers say: its moves, and an ending after all of them.
    let db = match &servers.db {
        Db::Sqlite(p) => Db::Sqlite(p.clone()),
        Db::Postgres(u) => Db::Postgres(u.clone()),
    };
    let snapshot = tokio::task::spawn_blocking(move || snapshot(&db))
        .await
        .unwrap();
    let problems = dump::check(&snapshot);
    assert!(problems.is_empty(), "db check: {problems:#?}");
    for r in &rounds {
        let g = snapshot
            .games
            .iter()
            .find(|g| g.meta.id == r.game)
            .unwrap_or_else(|| panic!("game {} stored", r.game));
        assert_eq!(
            g.moves.len(),
            r.moves_before + usize::from(r.moved),
            "{:?} in game {}: {:?}",
            r.kind,
            r.game,
            g.moves
        );
        match &g.ending {
            Some((_, plies)) => {
                assert!(r.ended, "{:?} in game {}: ended unasked", r.kind, r.game);
                assert_eq!(*plies as usize, g.moves.len(), "game {}", r.game);
            }
            None => assert!(!r.ended, "{:?} in game {}: ending lost", r.kind, r.game),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_offer_made_on_an_earlier_position_cannot_be_accepted_after_a_move() {
    let servers = servers().await;
    let (a, b) = (servers.addrs[0], servers.addrs[servers.addrs.len() - 1]);
    for _ in 0..20 {
        let mut c = connected(a).await;
        let created = c
            .post_json(
                "/api/games",
                &json!({"variant": "oware", "mode": "online"}),
                None,
            )
            .await
            .unwrap()
            .json();
        let id = created["id"].as_str().unwrap();
        let south = created["seats"]["south"].as_str().unwrap();
        let north = created["seats"]["north"].as_str().unwrap();
        // The other instance holds the game with North's offer standing ...
        let mut other = connected(b).await;
        let r = post(
            &mut other,
            &format!("/api/games/{id}/offer"),
            json!({"kind": "draw"}),
            north,
        )
        .await;
        assert_eq!(r.json()["offer"]["by"], "north", "{}", r.text());
        // ... South moves through the first, and his acceptance, sent to the other right after
        // the move's answer, is refused: the move withdrew the offer.
        let r = post(
            &mut c,
            &format!("/api/games/{id}/moves"),
            json!({"move": "A"}),
            south,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let r = post(
            &mut other,
            &format!("/api/games/{id}/offer/accept"),
            json!({}),
            south,
        )
        .await;
        assert_eq!(r.status, 409, "{}", r.text());
        assert_eq!(r.json()["error"], "no_offer", "{}", r.text());
        let g = other.get(&format!("/api/games/{id}")).await.unwrap().json();
        assert_eq!(
            (g["ply"].clone(), g["over"].clone()),
            (json!(1), json!(false)),
            "{g}"
        );
    }
}
