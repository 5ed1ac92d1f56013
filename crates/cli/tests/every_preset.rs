//! Every subcommand of the `mancala` binary on every preset, at tiny depths and game counts: each
//! either works or, where a preset truly has no such thing (endgame tables outside the Oware
//! family), fails with a clear error that names the preset, a non-zero exit and no panic.
//! `play` (a full-screen terminal) and `serve` (a server) have tests of their own.

use std::path::PathBuf;
use std::process::Output;

use mancala_core::variant::Variant;

mod common;
use serde_json::Value;

fn mancala(args: &[&str]) -> Output {
    common::command(args)
        .env("MANCALA_TABLEBASES", "")
        .output()
        .expect("run mancala")
}

/// Runs `args`, asserts success and returns standard output.
fn ok(args: &[&str]) -> String {
    let o = mancala(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "mancala {}: {err}", args.join(" "));
    String::from_utf8(o.stdout).expect("utf-8")
}

/// Runs `args`, asserts a clear failure (non-zero exit, one line naming `what`, no panic) and
/// returns standard error.
fn refused(args: &[&str], what: &str) -> String {
    let o = mancala(args);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(
        !o.status.success(),
        "mancala {} should fail",
        args.join(" ")
    );
    assert!(
        !err.contains("panicked"),
        "mancala {}: {err}",
        args.join(" ")
    );
    assert!(err.contains(what), "mancala {}: {err}", args.join(" "));
    err
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-every-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// The start state of `preset` as `mancala trace` prints it.
fn start_state(preset: &str) -> Value {
    let text = ok(&["trace", preset]);
    serde_json::from_str(text.lines().next().expect("a line")).expect("JSON")
}

#[test]
fn rules_commands_run_on_every_preset() {
    let listed = ok(&["variants"]);
    for v in Variant::ALL {
        let name = v.name();
        assert!(listed.contains(name), "variants lists {name}");
        // perft, plain and divided
        let total: u64 = ok(&["perft", name, "2"]).trim().parse().expect("a count");
        assert!(total > 0, "{name}");
        let divided = ok(&["perft", name, "2", "--divide", "--threads", "1"]);
        let last: u64 = divided
            .lines()
            .last()
            .and_then(|l| l.trim().parse().ok())
            .expect("a total");
        assert_eq!(last, total, "{name}");
        // trace, show
        let start = start_state(name);
        let first = start["legal"][0]
            .as_str()
            .expect("a legal move")
            .to_string();
        let traced = ok(&["trace", name, &first]);
        assert_eq!(traced.lines().count(), 2, "{name}: {traced}");
        let position = start["position"].as_str().expect("a position");
        let diagram = ok(&["show", "--variant", name, position]);
        assert!(!diagram.trim().is_empty(), "{name}");
        // selfplay
        let played = ok(&["selfplay", name, "--random", "--games", "3"]);
        assert!(played.contains("games 3"), "{name}: {played}");
        // records: validate, replay, convert
        let dir = temp_dir(&format!("record-{name}"));
        let file = dir.join("game.mgn");
        std::fs::write(&file, format!("[Variant \"{name}\"]\n\n1. {first} *\n")).expect("write");
        let file = file.to_str().expect("utf-8 path");
        ok(&["record", "validate", file]);
        let replayed = ok(&["record", "replay", file]);
        let after = serde_json::from_str::<Value>(traced.lines().nth(1).expect("after"))
            .expect("JSON")["position"]
            .as_str()
            .expect("a position")
            .to_string();
        assert!(replayed.contains(&after), "{name}: {replayed}");
        let json = ok(&["record", "convert", "--to", "json", file]);
        assert!(json.contains(&first), "{name}: {json}");
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn engine_commands_run_on_every_preset() {
    for v in Variant::ALL {
        let name = v.name();
        // analyze, text and JSON
        let text = ok(&["analyze", name, "--depth", "2"]);
        assert!(!text.trim().is_empty(), "{name}");
        let json: Value =
            serde_json::from_str(&ok(&["analyze", name, "--depth", "2", "--json"])).expect("JSON");
        assert!(json["best"].is_string(), "{name}: {json}");
        // levels: the shipped table, and a tiny measured ladder
        assert!(!ok(&["levels", name]).trim().is_empty(), "{name}");
        ok(&[
            "levels",
            name,
            "--measure",
            "--max-level",
            "1",
            "--games",
            "2",
            "--max-plies",
            "40",
        ]);
        // match
        let m = ok(&[
            "match",
            name,
            "--a",
            "depth=1",
            "--b",
            "random",
            "--games",
            "2",
            "--max-plies",
            "40",
        ]);
        assert!(!m.trim().is_empty(), "{name}");
        // the engine protocol
        assert!(
            engine_moves(name).is_some(),
            "{name}: the engine gives a move"
        );
    }
}

/// Sets the engine's variant to `preset`, searches the start to depth 2 and returns the move.
fn engine_moves(preset: &str) -> Option<String> {
    let out = common::engine_script(
        "",
        &format!("setoption name Variant value {preset}\nposition startpos\ngo depth 2\nquit"),
    );
    let best = out.lines().find_map(|l| l.strip_prefix("bestmove "))?;
    (best != "0000").then(|| best.to_string())
}

#[test]
fn tools_run_on_every_preset_or_say_why_not() {
    for v in Variant::ALL {
        let name = v.name();
        let dir = temp_dir(&format!("tools-{name}"));
        let d = dir.to_str().expect("utf-8 path");
        // endgame tables: Oware-family rules only
        if mancala_engine::has_tables(v) {
            ok(&["tb", "build", name, "--seeds", "3", "--dir", d]);
            let file = std::fs::read_dir(&dir)
                .expect("the tables")
                .filter_map(Result::ok)
                .map(|e| e.path())
                .next()
                .expect("a table file");
            ok(&["tb", "info", file.to_str().expect("utf-8 path")]);
            let probe = ok(&[
                "tb",
                "probe",
                name,
                "--position",
                "0-0-0-0-1-1-0-1-0-0-0-0-23-22-S",
                "--dir",
                d,
            ]);
            assert!(!probe.trim().is_empty(), "{name}");
        } else {
            refused(&["tb", "build", name, "--seeds", "2", "--dir", d], name);
            let position = start_state(name)["position"]
                .as_str()
                .expect("a position")
                .to_string();
            refused(
                &["tb", "probe", name, "--position", &position, "--dir", d],
                name,
            );
        }
        // tuning: generate a little data and fit on it
        let data = dir.join("data.jsonl");
        let data = data.to_str().expect("utf-8 path");
        ok(&[
            "tune",
            "gen",
            name,
            "--games",
            "4",
            "--depth",
            "1",
            "--max-plies",
            "30",
            "--threads",
            "1",
            "--out",
            data,
        ]);
        let weights = dir.join("weights.rs");
        ok(&[
            "tune",
            "fit",
            "--in",
            data,
            "--out",
            weights.to_str().expect("utf-8 path"),
            "--epochs",
            "2",
            "--holdout",
            "2",
        ]);
        assert!(weights.exists(), "{name}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
