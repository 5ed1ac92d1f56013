//! `mancala db check` on a database holding a move stored after its game's ending (as a move
//! racing an ending could be before the store refused it): the check says what happened and what
//! to do, and `--repair` drops the moves after the ending, which stands.

mod common;

use common::TempDir;
use mancala_server::ending::{Ending, GameResult};
use mancala_server::store::dump::{Database, Snapshot};
use mancala_server::store::rows::SqlValue;
use mancala_server::store::{GameMeta, SqliteStore, Store};

fn game(id: &str) -> GameMeta {
    common::stored_game(id)
}

#[test]
fn moves_after_an_ending_are_named_and_repaired() {
    let dir = TempDir::new("db-repair");
    let path = dir.join("repair.db");
    let (raced, fine) = ("0123456789abcdef0123", "fedcba9876543210fedc");
    {
        let store = SqliteStore::open(&path).unwrap();
        store.create(&game(raced)).unwrap();
        store.create(&game(fine)).unwrap();
        store.push_move(fine, 0, "A").unwrap();
        let resigned = Ending {
            result: GameResult::Winner(mancala_core::Side::South),
            reason: "resigned".into(),
            at_ms: 2000,
        };
        store.finish(raced, &resigned, 0).unwrap();
        store.finish(fine, &resigned, 1).unwrap();
        // The store refuses a move once the game is over ...
        assert!(store.push_move(raced, 0, "A").is_err());
        // ... so the move that raced the ending is written as an older server could.
        store
            .write_all(vec![(
                "INSERT INTO moves (game, ply, mv) VALUES ($1, $2, $3)",
                vec![
                    SqlValue::Text(Some(raced.into())),
                    SqlValue::Int(Some(0)),
                    SqlValue::Text(Some("A".into())),
                ],
            )])
            .unwrap();
    }
    let db = path.to_str().unwrap();
    let (ok, out, err) = common::run(&["db", "check", "--db", db]);
    assert!(!ok, "{out}{err}");
    assert!(
        out.contains(&format!(
            "problem: game {raced}: ended (resigned) after 0 moves but has 1"
        )) && out.contains("mancala db check --repair"),
        "{out}"
    );
    assert!(out.contains("1 problems"), "{out}");

    let (ok, out, err) = common::run(&["db", "check", "--db", db, "--repair"]);
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!(
            "repaired: game {raced}: ended (resigned) after 0 moves: dropped the 1 moves"
        )) && out.ends_with("ok\n"),
        "{out}"
    );
    // The ending stands; the other game is untouched.
    let store = SqliteStore::open_as_is(&path).unwrap();
    let snapshot = Snapshot::read(&store, false).unwrap();
    let moves = |id: &str| {
        let g = snapshot.games.iter().find(|g| g.meta.id == id).unwrap();
        (
            g.moves.len(),
            g.ending.as_ref().map(|(e, p)| (e.reason.clone(), *p)),
        )
    };
    assert_eq!(moves(raced), (0, Some(("resigned".to_string(), 0))));
    assert_eq!(moves(fine), (1, Some(("resigned".to_string(), 1))));
    // Nothing more to repair: `--repair` changes nothing.
    let (ok, out, _) = common::run(&["db", "check", "--db", db, "--repair"]);
    assert!(
        ok && !out.contains("repaired") && out.ends_with("ok\n"),
        "{out}"
    );
}
