//! A game created in `mancala serve` with non-default rules and a custom start position,
//! downloaded as a record (text and JSON), replays exactly with `mancala record replay` and passes
//! `mancala record validate`, finished or not.

use std::path::Path;

mod common;
#[path = "common/serve.rs"]
mod serve;

use common::{run as mancala, TempDir};
use serde_json::{json, Value};
use serve::{create_game, play, request, start, Server};

/// Creates a two-player game, plays `plies` moves (the first legal move each time, or until the
/// game is over), downloads it in both formats and checks that each replays to the server's final
/// position under the game's rules. Returns the game's state and the text record.
fn download_replays(server: &Server, dir: &Path, create: &Value, plies: usize) -> (Value, String) {
    let created = create_game(&server.addr, create);
    let id = created["id"].as_str().unwrap().to_string();
    let token = created["seats"]["south"].as_str().unwrap().to_string();
    let mut game = created["game"].clone();
    for _ in 0..plies {
        if game["over"] == true {
            break;
        }
        let mv = game["legal"][0].as_str().unwrap().to_string();
        game = play(&server.addr, &id, &json!({ "move": mv }), &token).ok();
    }
    let game = serve::game(&server.addr, &id).ok();
    let variant = create["variant"].as_str().unwrap();
    let mut show = vec!["show", "--variant", variant];
    let rules: Vec<String> = create["rules"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| format!("{k}={}", v.as_str().unwrap()))
        .collect();
    for r in &rules {
        show.extend(["--rule", r]);
    }
    show.push(game["position"].as_str().unwrap());
    let (ok, expected, err) = mancala(&show);
    assert!(ok, "{err}");

    let mut text = String::new();
    for (format, file) in [("json", "game.json"), ("text", "game.mgn")] {
        let path = format!("/api/games/{id}/record?format={format}");
        let r = request(&server.addr, "GET", &path, None, None);
        assert_eq!(r.status, 200, "{}", r.body);
        let body = r.body;
        let path = dir.join(file);
        std::fs::write(&path, &body).unwrap();
        let path = path.to_str().unwrap();
        let (ok, out, err) = mancala(&["record", "validate", path]);
        assert!(ok, "validate {format}: {err}\n{body}");
        assert!(out.contains(": ok,"), "{out}");
        let (ok, replayed, err) = mancala(&["record", "replay", path]);
        assert!(ok, "replay {format}: {err}\n{body}");
        // The board alike; the last line (who is to move, or how the game ended) from the
        // record's history, which a bare position does not have.
        let board = |d: &str| {
            d.lines()
                .take(d.lines().count() - 1)
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(
            board(&replayed),
            board(&expected),
            "{format} record:\n{body}"
        );
        if game["over"] == true {
            let reason = format!("({})", game["reason"].as_str().unwrap());
            assert!(replayed.trim_end().ends_with(&reason), "{replayed}");
        } else {
            assert_eq!(replayed, expected, "{format} record:\n{body}");
        }
        text = body;
    }
    (game, text)
}

#[test]
fn a_downloaded_record_replays_with_its_rules_and_start() {
    let dir = TempDir::new("serve-record");
    let server = start(&dir.join("games.db"));

    // Unfinished: non-default rules, a custom start with North to move.
    let create = json!({
        "variant": "abapa",
        "mode": "local",
        "rules": {"grand_slam": "Allowed", "repetition": "Draw"},
        "position": "3-0-2-5-1-4-2-0-6-1-3-2-10-9-N",
    });
    let (game, text) = download_replays(&server, dir.path(), &create, 6);
    assert_eq!(game["over"], false, "{game}");
    assert!(text.contains("[Rule_grand_slam \"Allowed\"]"), "{text}");
    assert!(
        text.contains("[FEN \"3-0-2-5-1-4-2-0-6-1-3-2-10-9-N\"]"),
        "{text}"
    );
    assert!(text.trim_end().ends_with(" *"), "{text}");

    // Finished: the result token and the reason it ended.
    let create = json!({
        "variant": "wuri",
        "mode": "local",
        "rules": {"max_plies": "12"},
        "position": "1-2-0-3-1-1-0-2-1-1-0-2-17-17-S",
    });
    let (game, text) = download_replays(&server, dir.path(), &create, 200);
    assert_eq!(game["over"], true, "{game}");
    let stores = &game["stores"];
    let score = format!("{}-{}", stores[0], stores[1]);
    assert!(text.trim_end().ends_with(&score), "{text}");
    assert!(text.contains(&format!("[Result \"{score}\"]")), "{text}");
    assert!(
        text.contains(&format!(
            "[Termination \"{}\"]",
            game["reason"].as_str().unwrap()
        )),
        "{text}"
    );
}
