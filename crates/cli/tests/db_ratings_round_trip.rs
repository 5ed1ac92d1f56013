//! `mancala db export` → `db import` → `db export` on a SQLite database with many rated games:
//! every rating and rating point (floats of every shape, among them values whose shortest text
//! a less careful reader does not read back exactly) comes back the same, and the two dumps are
//! identical byte for byte; the accounts' lesson progress comes back too.

mod common;

use common::TempDir;
use mancala_server::ending::{Ending, GameResult};
use mancala_server::glicko::Rating;
use mancala_server::store::{GameMeta, PlayerRow, RatingRow, SqliteStore, Store};

/// A rated online game `id` between Kofi and Ama, over after one move.
fn game(id: &str) -> GameMeta {
    GameMeta {
        players: [Some("Kofi".into()), Some("Ama".into())],
        rated: true,
        ..common::stored_game(id)
    }
}

/// Floats spread over the ratings' range, from a fixed-seed generator.
struct Floats(u64);

impl Floats {
    fn next(&mut self, low: f64, high: f64) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        low + (high - low) * ((self.0 >> 11) as f64 / (1u64 << 53) as f64)
    }
}

#[test]
fn a_dump_of_rated_games_imports_and_exports_byte_for_byte() {
    let dir = TempDir::new("db-ratings");
    let (first, second) = (dir.join("first.db"), dir.join("second.db"));
    {
        let store = SqliteStore::open(&first).unwrap();
        for name in ["Kofi", "Ama"] {
            let player = PlayerRow {
                name: name.into(),
                password: "$argon2id$x".into(),
                created: 5,
                lang: None,
            };
            assert!(store.create_player(&player).unwrap());
        }
        let paths = |p: &[&str]| p.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        store
            .add_learn_progress(
                "Kofi",
                &paths(&["olowuka/laps/relay", "isolo/foregame/stock"]),
            )
            .unwrap();
        store
            .add_learn_progress("Ama", &paths(&["oware/sowing/where"]))
            .unwrap();
        let mut floats = Floats(7);
        for k in 0..200u32 {
            let id = format!("{k:020}");
            store.create(&game(&id)).unwrap();
            store.push_move(&id, 0, "A").unwrap();
            let ending = Ending {
                result: GameResult::Winner(mancala_core::Side::South),
                reason: "resigned".into(),
                at_ms: 2000 + i64::from(k),
            };
            store.finish(&id, &ending, 1).unwrap();
            let row = |rating: f64, deviation: f64, volatility: f64| RatingRow {
                rating: Rating {
                    rating,
                    deviation,
                    volatility,
                },
                games: k + 1,
            };
            let mut next = || {
                (
                    floats.next(800.0, 2400.0),
                    floats.next(30.0, 350.0),
                    floats.next(0.05, 0.07),
                )
            };
            // The first game's ratings are a pair that used to come back different.
            let (r, d, v) = next();
            let south = if k == 0 {
                row(1_427.696_609_921_629_7, 167.859_184_928_062_2, v)
            } else {
                row(r, d, v)
            };
            let (r, d, v) = next();
            let north = row(r, d, v);
            store
                .rate(
                    &id,
                    "oware",
                    2000 + i64::from(k),
                    &[("Kofi".into(), south), ("Ama".into(), north)],
                )
                .unwrap();
        }
    }
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (ok, out, err) = common::run(&["db", "export", "--db", &path(&first), "--out", &path(&a)]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("400 rating points"), "{out}");
    assert!(out.contains("3 lesson paths"), "{out}");
    let (ok, out, err) = common::run(&["db", "import", "--db", &path(&second), "--in", &path(&a)]);
    assert!(ok, "{out}{err}");
    let (ok, out, err) = common::run(&["db", "export", "--db", &path(&second), "--out", &path(&b)]);
    assert!(ok, "{out}{err}");
    let imported = SqliteStore::open(&second).unwrap();
    assert_eq!(
        imported.learn_progress("Kofi").unwrap(),
        ["isolo/foregame/stock", "olowuka/laps/relay"]
    );
    drop(imported);
    let (a, b) = (std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    assert!(a == b, "the second export differs from the first");
}
