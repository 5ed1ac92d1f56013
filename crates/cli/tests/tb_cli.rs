//! End-to-end tests of `mancala tb` and of the engines' table options.

use std::io::Write;
use std::process::Command;

mod common;
use common::mancala;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8")
}

/// `mancala engine` given the tables of `dir`, then a search of `pos` to `depth`: its output.
fn engine_session(dir: &str, pos: &str, depth: u32) -> String {
    let mut child = common::spawn_engine("");
    let script = format!(
        "setoption name TablebaseDir value {dir}\nposition fen {pos}\ngo depth {depth}\nisready\nquit\n"
    );
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    text(&child.wait_with_output().unwrap().stdout)
}

fn scratch(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("mancala-tbcli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir.to_string_lossy().to_string()
}

/// Builds the tables of `game` up to `seeds` seeds into a fresh folder named after `name`: the
/// folder and what the build printed.
fn build(name: &str, game: &str, seeds: &str) -> (String, String) {
    let dir = scratch(name);
    let o = mancala(&["tb", "build", game, "--seeds", seeds, "--dir", &dir]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    (dir, text(&o.stdout))
}

#[test]
fn build_probe_info_and_bad_input() {
    let (dir, out) = build("build", "abapa", "6");
    assert!(out.contains("positions/s"), "{out}");
    assert!(out.contains("18564 bytes in 7 files"), "{out}");

    // South: C and F; the table values every move, and the best ones are starred.
    let pos = "0-0-1-0-0-1-1-0-0-1-0-0-22-22-S";
    let o = mancala(&["tb", "probe", "abapa", "--dir", &dir, "--position", pos]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("of the 4 seeds on the board"), "{out}");
    assert!(
        out.lines().any(|l| l.trim_start().starts_with("C: ")),
        "{out}"
    );
    assert!(
        out.lines().any(|l| l.trim_start().starts_with("F: ")),
        "{out}"
    );
    assert!(out.contains('*'), "{out}");

    let file = format!("{dir}/abapa-05.tb");
    let o = mancala(&["tb", "info", &file]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(out.contains("entries      4368"), "{out}");
    assert!(out.contains("(verified)"), "{out}");

    // Bad input: clear errors, exit code 2.
    for (args, want) in [
        (
            vec!["tb", "build", "oware", "--seeds", "3", "--dir", &dir],
            "IllegalElseLoses",
        ),
        (
            vec!["tb", "build", "abapa", "--seeds", "99", "--dir", &dir],
            "up to 24",
        ),
        (
            vec![
                "tb",
                "probe",
                "abapa",
                "--dir",
                &dir,
                "--position",
                "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
            ],
            "cover up to 6",
        ),
        (
            vec!["tb", "probe", "abapa", "--dir", &dir, "--position", "1-2-3"],
            "position",
        ),
        (
            vec![
                "tb",
                "probe",
                "abapa",
                "--dir",
                "/nonexistent-dir",
                "--position",
                pos,
            ],
            "no abapa endgame table",
        ),
        (vec!["tb", "info", "/nonexistent-file.tb"], "i/o error"),
    ] {
        let o = mancala(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = text(&o.stderr);
        assert!(err.contains(want), "{args:?}: {err}");
    }
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    std::fs::write(&file, bytes).unwrap();
    let o = mancala(&["tb", "info", &file]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("checksum mismatch"),
        "{}",
        text(&o.stderr)
    );

    // The engine reports a broken table set and keeps working.
    let out = engine_session(&dir, pos, 3);
    assert!(out.contains("info string tablebase error"), "{out}");
    assert!(out.contains("bestmove "), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn engines_use_tables_from_the_protocol_analyze_and_match() {
    let (dir, _) = build("use", "abapa", "5");
    let pos = "0-0-1-0-0-1-1-0-0-1-0-0-22-22-S";
    let out = engine_session(&dir, pos, 4);
    assert!(
        out.contains("info string tablebase abapa loaded: 0..5 seeds"),
        "{out}"
    );
    assert!(out.contains("bestmove "), "{out}");

    let analyze = |tables: &str| {
        mancala(&[
            "analyze",
            "abapa",
            "--position",
            pos,
            "--depth",
            "4",
            "--tablebase",
            tables,
        ])
    };
    let o = analyze(&dir);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let o = analyze("/nonexistent-dir");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("no endgame table loaded"),
        "{}",
        text(&o.stderr)
    );

    let tb = format!("depth=2,tb={dir}");
    let o = mancala(&[
        "match", "abapa", "--a", &tb, "--b", "depth=2", "--games", "2",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `mancala engine`'s answer to `uci` with `MANCALA_TABLEBASES` set to `dir`.
fn uci_with_default_dir(dir: &str) -> String {
    common::engine_script(dir, "uci\nquit\n")
}

#[test]
fn the_default_directory_is_built_into_and_loaded_by_the_engine() {
    let dir = scratch("default");
    // Nothing there yet: the engine starts without tables.
    let out = uci_with_default_dir(&dir);
    assert!(
        out.contains("option name TablebaseDir type string default <empty>"),
        "{out}"
    );
    assert!(!out.contains("tablebase"), "{out}");
    // `tb build` without --dir writes into the default directory ...
    let o = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["tb", "build", "abapa", "--seeds", "4"])
        .env("MANCALA_TABLEBASES", &dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    // ... and the engine loads it when it starts, and says so before `uciok`.
    let out = uci_with_default_dir(&dir);
    assert!(
        out.contains(&format!(
            "option name TablebaseDir type string default {dir}"
        )),
        "{out}"
    );
    let loaded = out
        .lines()
        .position(|l| l.starts_with("info string tablebase abapa loaded: 0..4 seeds"));
    let ok = out.lines().position(|l| l == "uciok");
    assert!(matches!((loaded, ok), (Some(a), Some(b)) if a < b), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_engine_builds_tables_in_memory_and_proves_draws_through_them() {
    // An existing but empty default directory: nothing to load, so the engine builds.
    let dir = scratch("in-memory");
    std::fs::create_dir_all(&dir).unwrap();
    let out = common::engine_script(&dir, "uci\nquit\n");
    assert!(
        out.contains("option name TablebaseBuild type spin default 12 min 0 max 16"),
        "{out}"
    );
    assert!(
        !out.contains("info string"),
        "an empty directory is no error: {out}"
    );
    // Built at `isready`, before `readyok`, for the game's rules; then a 4-seed draw whose lines
    // end in table wins and losses (their margins are guaranteed minimums) is still proven a
    // draw, and the search stops there (it could deepen to the 100-ply cap otherwise).
    let out = common::engine_script(
        &dir,
        "uci\nsetoption name TablebaseBuild value 4\nisready\n\
         position fen 0-0-0-1-1-0-0-0-0-1-1-0-22-22-S\ngo movetime 20000\nisready\nquit\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    let built = lines
        .iter()
        .position(|l| l.starts_with("info string tablebase abapa built in memory: 0..4 seeds"));
    let ready = lines.iter().position(|l| *l == "readyok");
    assert!(
        matches!((built, ready), (Some(a), Some(b)) if a < b),
        "{out}"
    );
    let last = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("a report");
    assert!(last.contains("score seeds 0 "), "{out}");
    let depth: u32 = last.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(depth < 100, "{last}");
    // Built once: a second `isready` and a game of the same rules (wuri) build nothing more;
    // a game without tables (isolo) builds nothing; another rule set (ouril-ludii) is built.
    let out = common::engine_script(
        &dir,
        "uci\nsetoption name TablebaseBuild value 3\nisready\nisready\n\
         setoption name Variant value wuri\nisready\nsetoption name Variant value isolo\nisready\n\
         setoption name Variant value ouril-ludii\nisready\n\
         setoption name TablebaseBuild value 17\nsetoption name TablebaseBuild value 0\n\
         setoption name Variant value abapa\nisready\nquit\n",
    );
    let builds: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("built in memory"))
        .collect();
    assert_eq!(builds.len(), 2, "{out}");
    assert!(
        builds[0].contains("tablebase abapa built in memory: 0..3 seeds"),
        "{out}"
    );
    assert!(
        builds[1].contains("tablebase ouril-ludii built in memory: 0..3 seeds"),
        "{out}"
    );
    assert!(
        out.contains("info string error: TablebaseBuild must be 0..16"),
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| *l == "readyok").count(), 6, "{out}");
    // With MANCALA_TABLEBASES set to nothing, no tables at all: nothing is built either.
    let out = common::engine_script("", "uci\nisready\nquit\n");
    assert!(
        out.contains("option name TablebaseBuild type spin default 0 min 0 max 16"),
        "{out}"
    );
    assert!(!out.contains("built in memory"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn awari_tables_probe_as_json_and_solve_agrees_with_a_search() {
    let (dir, out) = build("awari", "awari", "6");
    assert!(out.contains("value histogram (half-seeds"), "{out}");

    // Three seeds: an odd board, so values may end in .5.
    let pos = "0-0-0-0-1-1-0-0-0-0-1-0-22-23-S";
    let o = mancala(&[
        "tb",
        "probe",
        "awari",
        "--dir",
        &dir,
        "--position",
        pos,
        "--json",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["seeds"], 3);
    assert_eq!(v["grade"], "exact");
    let gets = v["gets"].as_f64().unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    let best = moves
        .iter()
        .map(|m| m["gets"].as_f64().unwrap())
        .fold(f64::MIN, f64::max);
    assert_eq!(gets, best, "{v}");

    // `solve` from the same position with the tables (an empty history: the table's value) and
    // without them (a search of the real rules) gives the same result.
    let with = mancala(&[
        "solve",
        "awari",
        "--position",
        pos,
        "--tables",
        &dir,
        "--json",
    ]);
    let without = mancala(&["solve", "awari", "--position", pos, "--no-tables", "--json"]);
    assert!(with.status.success(), "{}", text(&with.stderr));
    assert!(without.status.success(), "{}", text(&without.stderr));
    let with: serde_json::Value = serde_json::from_slice(&with.stdout).unwrap();
    let without: serde_json::Value = serde_json::from_slice(&without.stdout).unwrap();
    assert_eq!(with["proven"], true);
    assert_eq!(with["result"], without["result"], "{with} {without}");
    // The score threshold is far: the margins agree too.
    assert_eq!(with["margin"], without["margin"], "{with} {without}");
    // Table: South gets `gets` of 3 with 22 against 23 in the stores.
    let margin = 22.0 + gets - (23.0 + 3.0 - gets);
    let sign = match with["result"].as_str().unwrap() {
        "win" => 1.0,
        "loss" => -1.0,
        _ => 0.0,
    };
    assert_eq!(sign * with["margin"].as_f64().unwrap(), margin);
}

#[test]
fn refinement_grades_every_small_board_exact_and_refuses_what_it_cannot_do() {
    // Without it, 371 of the 1,365 boards of 4 seeds are graded `convention`; with the prover
    // on the levels up to 4 seeds, none are. A board that is `convention` in the plain tables
    // becomes exact.
    let (plain, out) = build("plain4", "abapa", "4");
    assert!(
        out.lines().any(|l| l
            .split_whitespace()
            .take(5)
            .eq(["4", "1365", "379", "615", "371"])),
        "{out}"
    );
    let dir = scratch("refined4");
    let o = mancala(&[
        "tb",
        "build",
        "abapa",
        "--seeds",
        "4",
        "--dir",
        &dir,
        "--refine-seeds",
        "4",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let level4: Vec<&str> = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some("4"))
        .expect("a line for 4 seeds")
        .split_whitespace()
        .collect();
    assert_eq!(level4[4], "0", "{out}");
    assert_eq!(
        level4[9], level4[8],
        "every board given to the prover is proven: {out}"
    );
    // 0-0-0-0-0-1 / 0-0-1-0-0-2: South takes 2 of the 4 seeds (a draw), whatever the grade said.
    let pos = "0-0-0-0-0-1-0-0-1-0-0-2-22-22-S";
    let probe = |d: &str| {
        let o = mancala(&[
            "tb",
            "probe",
            "abapa",
            "--dir",
            d,
            "--position",
            pos,
            "--json",
        ]);
        assert!(o.status.success(), "{}", text(&o.stderr));
        text(&o.stdout)
    };
    assert!(
        probe(&plain).contains("\"grade\":\"convention\""),
        "{}",
        probe(&plain)
    );
    let refined = probe(&dir);
    assert!(
        refined.starts_with("{\"gets\":2,\"grade\":\"empty-history\""),
        "{refined}"
    );
    // One level more, reading the four levels step 3 made from their files and checkpoints:
    // level 5 is then exact throughout (its captures lead to exact boards), and the 4-seed
    // board keeps its proven grade.
    let o = mancala(&[
        "tb",
        "build",
        "abapa",
        "--seeds",
        "5",
        "--dir",
        &dir,
        "--refine-seeds",
        "5",
        "--from-seeds",
        "5",
    ]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    let read = out.lines().filter(|l| l.contains("(read from")).count();
    assert_eq!(read, 5, "levels 0 to 4 read: {out}");
    let level5: Vec<&str> = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some("5"))
        .expect("a line for 5 seeds")
        .split_whitespace()
        .collect();
    assert_eq!(level5[4], "0", "{out}");
    assert!(!level5.contains(&"(read"), "{out}");
    assert!(probe(&dir).contains("\"grade\":\"empty-history\""));
    let empty = scratch("nothing-to-read");
    std::fs::create_dir_all(&empty).unwrap();
    for (args, d, says) in [
        (vec!["--from-seeds", "1"], &dir, "--refine-seeds"),
        (
            vec!["--refine-seeds", "2", "--from-seeds", "3"],
            &dir,
            "above --seeds 2",
        ),
        (
            vec!["--refine-seeds", "2", "--from-seeds", "1"],
            &empty,
            "cannot read level 0",
        ),
    ] {
        let mut all = vec!["tb", "build", "abapa", "--seeds", "2", "--dir", d];
        all.extend(args);
        let o = mancala(&all);
        assert!(!o.status.success());
        assert!(text(&o.stderr).contains(says), "{}", text(&o.stderr));
        // Only the error: no table header before it.
        assert_eq!(text(&o.stdout), "", "{says}");
    }
    let _ = std::fs::remove_dir_all(&empty);

    for (args, says) in [
        (vec!["--refine-seeds", "3", "--workers", "2"], "one process"),
        (vec!["--first-cycle", "--workers", "2"], "one process"),
        (vec!["--refine-nodes", "5"], "--refine-seeds"),
        (vec!["--refine-seconds", "5"], "--refine-seeds"),
        (
            vec!["--refine-seeds", "2", "--refine-seconds", "0"],
            "not a positive number of seconds",
        ),
        (
            vec!["--refine-seeds", "2", "--refine-seconds", "soon"],
            "not a positive number of seconds",
        ),
    ] {
        let mut all = vec!["tb", "build", "abapa", "--seeds", "2", "--dir", &dir];
        all.extend(args);
        let o = mancala(&all);
        assert!(!o.status.success());
        assert!(text(&o.stderr).contains(says), "{}", text(&o.stderr));
    }
    let o = mancala(&[
        "tb",
        "build",
        "awari",
        "--seeds",
        "2",
        "--dir",
        &dir,
        "--refine-seeds",
        "2",
    ]);
    assert!(!o.status.success());
    assert!(
        text(&o.stderr).contains("exact already"),
        "{}",
        text(&o.stderr)
    );
    for d in [plain, dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}
