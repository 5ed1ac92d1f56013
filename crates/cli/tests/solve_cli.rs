//! `mancala solve`: the JSON output, the exit codes, and a published result of docs/solve.md
//! proven again; `mancala analyze --prove` against it.

use std::process::Output;

mod common;

/// `mancala COMMAND` with `args`.
fn mancala(command: &str, args: &[&str]) -> Output {
    let mut all = vec![command];
    all.extend_from_slice(args);
    common::command(&all)
        // No table directory: the tables of up to 12 seeds are built in memory.
        .env("MANCALA_TABLEBASES", "/nonexistent/mancala-solve-test")
        .output()
        .expect("run mancala")
}

/// `mancala solve` with `args`.
fn solve(args: &[&str]) -> Output {
    mancala("solve", args)
}

/// `mancala analyze` with `args`.
fn analyze(args: &[&str]) -> Output {
    mancala("analyze", args)
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

/// The row of docs/solve.md's table for `preset` with `seeds` per pit.
fn docs_row(preset: &str, seeds: u32) -> String {
    let docs = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/solve.md"))
        .expect("docs/solve.md");
    let start = format!("| `{preset}` | {seeds} |");
    docs.lines()
        .find(|l| l.starts_with(&start))
        .unwrap_or_else(|| panic!("no row {start} in docs/solve.md"))
        .to_string()
}

#[test]
fn the_published_awari_result_with_one_seed_per_pit_is_proven_again() {
    let o = solve(&["awari", "--rule", "seeds=1", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&o);
    let row = docs_row("awari", 1);
    let result = v["result"].as_str().unwrap();
    assert!(row.contains(&format!("**{result}**")), "{row} vs {v}");
    assert!(
        row.contains(&format!("margin {}", v["margin"])),
        "{row} vs {v}"
    );
}

#[test]
fn the_json_output_has_every_field() {
    // Two seeds on the board, far from the threshold: proven at once, margin included.
    let pos = "0-0-0-0-0-1-0-0-0-0-0-1-23-23-S";
    let o = solve(&[
        "abapa",
        "--position",
        pos,
        "--no-tables",
        "--moves",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&o);
    assert_eq!(v["variant"], "abapa");
    assert_eq!(v["position"], pos);
    assert_eq!(v["to_move"], "south");
    assert_eq!(v["after"], serde_json::json!([]));
    assert_eq!(v["proven"], true);
    let result = v["result"].as_str().unwrap();
    assert!(["win", "draw", "loss"].contains(&result), "{v}");
    assert_eq!(v["lower"]["result"], result);
    assert_eq!(v["upper"], v["lower"]);
    assert_eq!(v["lower"]["margin"], v["margin"]);
    assert!(v["best_move"].is_string(), "{v}");
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    // The best move's value is the position's.
    let best = moves
        .iter()
        .find(|m| m["move"] == v["best_move"])
        .expect("the best move is listed");
    assert_eq!(best["result"], v["result"], "{v}");
    assert_eq!(best["margin"], v["margin"], "{v}");
    for m in moves {
        // Each move's own proof: its bounds and counters.
        assert!(m["nodes"].is_u64() && m["seconds"].is_number(), "{m}");
        assert!(m["stopped_by"].is_null(), "{m}");
        assert!(m["at_least"].is_null(), "no --at-least asked: {m}");
        if m["margin"].is_number() {
            assert_eq!(m["lower"], m["upper"], "{m}");
            assert_eq!(m["lower"]["margin"], m["margin"], "{m}");
        }
    }
    for key in [
        "nodes",
        "table_hits",
        "tt_hits",
        "tt_entries",
        "labelled",
        "component_exits",
        "analyses",
        "safe_hits",
        "first_cycle_hits",
        "mono_hits",
        "max_ply",
        "horizon",
        "horizon_nodes",
        "provisional_hits",
        "promoted",
        "tests",
        "seconds",
    ] {
        assert!(v[key].is_number(), "{key} in {v}");
    }
    assert!(v["stopped_by"].is_null());
    assert_eq!(v["horizon"], 0, "no deepening asked: {v}");
    // Abapa's repetitions hand each player his own row: not alike, so not shared.
    assert_eq!(v["shared_cycles"], false, "{v}");

    // Deepening from a horizon of one ply proves the same value, margin included.
    let o = solve(&[
        "abapa",
        "--position",
        pos,
        "--no-tables",
        "--deepen",
        "1",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let d = json(&o);
    assert_eq!(d["result"], v["result"], "{d}");
    assert_eq!(d["margin"], v["margin"], "{d}");
    assert!(d["horizon"].as_u64().unwrap() >= 1, "{d}");
}

#[test]
fn a_budget_stop_exits_3_and_claims_nothing() {
    let o = solve(&["abapa", "--nodes", "1000", "--no-tables", "--json"]);
    assert_eq!(
        o.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v = json(&o);
    assert_eq!(v["proven"], false);
    assert!(v["result"].is_null());
    assert_eq!(v["stopped_by"], "node budget");
}

#[test]
fn bad_input_is_a_clear_error() {
    let o = solve(&["abapa", "--position", "1-2-3", "--json"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&o.stderr).is_empty());
    let o = solve(&["abapa", "--time=0"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--time"));
}

/// `analyze --prove` says what `mancala solve` proves, for the position and each move, where a
/// shallow search only estimates: a late Ọlọwuka position (no tables) and the same board under
/// Abapa (tables of 12 seeds built in memory by both commands).
#[test]
fn analyze_prove_agrees_with_solve() {
    let position = "0-1-0-1-0-0-0-1-0-1-0-0-23-21-S";
    for preset in ["olowuka", "abapa"] {
        let base = [preset, "--position", position, "--depth", "2", "--json"];
        let searched = json(&analyze(&base));
        assert_eq!(searched.get("proof"), None, "{searched}");
        assert_eq!(searched["score"]["kind"], "estimate", "{searched}");

        let mut args = base.to_vec();
        args.extend(["--prove", "60", "--prove-moves"]);
        let o = analyze(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let proved = json(&o);
        let solved = json(&solve(&[
            preset,
            "--position",
            position,
            "--moves",
            "--json",
        ]));
        assert_eq!(solved["proven"], true, "{solved}");
        assert_eq!(proved["proof"]["proven"], true, "{proved}");
        assert_eq!(proved["proof"]["exact"], true, "{proved}");
        assert!(proved["proof"]["nodes"].as_u64().unwrap() > 0, "{proved}");
        assert_eq!(proved["proof"]["stopped_by"], serde_json::Value::Null);
        // The same result and margin, as a score object.
        let score = &proved["score"];
        assert_eq!(score["kind"], "proven", "{proved}");
        assert_eq!(score["outcome"], solved["result"], "{proved}\n{solved}");
        assert_eq!(score["margin"], solved["margin"], "{proved}\n{solved}");
        assert_eq!(score["margin_exact"], true);
        let text = score["text"].as_str().unwrap();
        assert!(text.starts_with("proven "), "{text}");
        // Every move: the same as solve's.
        let moves = proved["moves"].as_array().unwrap();
        let solved_moves = solved["moves"].as_array().unwrap();
        assert_eq!(moves.len(), solved_moves.len(), "{proved}\n{solved}");
        for m in solved_moves {
            let mine = moves
                .iter()
                .find(|x| x["move"] == m["move"])
                .unwrap_or_else(|| panic!("{m} missing from {proved}"));
            assert_eq!(mine["score"]["outcome"], m["result"], "{mine} vs {m}");
            assert_eq!(mine["score"]["margin"], m["margin"], "{mine} vs {m}");
        }
        // The best move first, and it keeps the proven value.
        assert_eq!(proved["best"], moves[0]["move"]);
        assert_eq!(moves[0]["score"]["margin"], solved["margin"]);

        // Text: the proof's words and a summary line.
        let mut args = args.clone();
        args.retain(|a| *a != "--json");
        let o = analyze(&args);
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(text.contains("proof: proven, "), "{text}");
        assert!(text.contains("(proven win by 2)"), "{text}");
    }
}

#[test]
fn analyze_prove_refuses_bad_budgets() {
    for bad in ["0", "-1", "NaN", "1e9"] {
        let o = analyze(&["olowuka", "--depth", "1", &format!("--prove={bad}")]);
        assert_eq!(o.status.code(), Some(2), "--prove {bad}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("--prove"), "{err}");
    }
    // Each move is proven only within a proof's budget.
    let o = analyze(&["olowuka", "--depth", "1", "--prove-moves"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn awari_keeps_results_by_position_alone_unless_told_not_to() {
    // Four seeds, quiet lines that repeat: the same value, margin included, either way.
    let pos = "1-0-1-0-0-0-0-1-0-0-1-0-22-22-S";
    // `solve awari --position pos --no-tables` with `extra`, proven: its JSON.
    let proven = |extra: &[&str]| {
        let mut args = vec!["awari", "--position", pos, "--no-tables", "--json"];
        args.extend_from_slice(extra);
        let o = solve(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        json(&o)
    };
    let shared = proven(&[]);
    assert_eq!(shared["shared_cycles"], true, "{shared}");
    assert!(shared["provisional_hits"].as_u64().unwrap() > 0, "{shared}");
    let general = proven(&["--no-shared-cycles"]);
    assert_eq!(general["shared_cycles"], false, "{general}");
    assert_eq!(general["proven"], true, "{general}");
    assert_eq!(shared["result"], general["result"], "{shared} {general}");
    assert_eq!(shared["margin"], general["margin"], "{shared} {general}");
    // The text summary says which argument ran.
    let text = solve(&["awari", "--position", pos, "--no-tables"]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("shared cycles:"), "{text}");
}

#[test]
fn awari_proves_positions_with_a_history_by_position_alone_too() {
    // Each move of `--moves` and the position after `--after` have the moves before them in
    // their history; under Awari's rule they are proven by the shared-cycle argument as well
    // (the general prover needs minutes for this board's winning move A).
    let pos = "1-0-2-0-0-1-0-1-0-0-2-0-20-21-S";
    let o = solve_board("awari", pos, &["--moves", "--nodes", "5000000", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json(&o);
    assert!(v["result"] == "win" && v["margin"] == 6, "{v}");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3, "{v}");
    for m in moves {
        assert_eq!(m["lower"], m["upper"], "every move proven: {m}");
    }
    let a = moves.iter().find(|m| m["move"] == "A").unwrap();
    assert_eq!(
        a["lower"],
        serde_json::json!({"result": "win", "margin": 6}),
        "{a}"
    );
    let after = json(&solve_board("awari", pos, &["--after", "A", "--json"]));
    assert_eq!(after["shared_cycles"], true, "{after}");
    assert!(after["result"] == "loss" && after["margin"] == 6, "{after}");
}

#[test]
fn at_least_asks_one_question_and_answers_it_either_way() {
    // South wins this 7-seed Awari board by 6 (the shared-cycle row of docs/solve.md).
    let pos = "1-0-2-0-0-1-0-1-0-0-2-0-20-21-S";
    let ask = |value: &str, json: bool| {
        let mut args = vec![
            "awari",
            "--position",
            pos,
            "--no-tables",
            "--at-least",
            value,
        ];
        if json {
            args.push("--json");
        }
        solve(&args)
    };
    for (value, holds) in [("win by 6", true), ("win by 7", false), ("loss by 3", true)] {
        let o = ask(value, true);
        assert_eq!(o.status.code(), Some(0), "{value}");
        let v = json(&o);
        assert_eq!(v["at_least"]["value"], value);
        assert_eq!(v["at_least"]["holds"], holds, "{value}");
        assert_eq!(v["tests"], 1);
    }
    let text = String::from_utf8_lossy(&ask("win by 7", false).stdout).into_owned();
    assert!(
        text.contains("proven: south to move, not at least win by 7"),
        "{text}"
    );
    // A budget that stops the test: exit 3, nothing claimed.
    let o = solve(&[
        "awari",
        "--rule",
        "seeds=3",
        "--at-least",
        "loss by 12",
        "--nodes",
        "20000",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(3));
    let v = json(&o);
    assert!(v["at_least"]["holds"].is_null(), "{v}");
    // Bad values are refused.
    for bad in [
        &["awari", "--at-least", "lose by 3"][..],
        &["awari", "--at-least", "win by -1"],
        &["awari", "--at-least", "winner"],
    ] {
        let o = solve(bad);
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("--at-least"),
            "{bad:?}"
        );
    }
}

/// `--after MOVES` proves the position the moves reach with the positions they passed through
/// in its history, as the repetition rule sees them: on this small Abapa board (found by
/// comparing the two on random quiet lines) one of them repeating ends the game sooner than
/// play from the same position with no history would, and the result differs. The value is the
/// one `--moves` gives the last move from the position before it.
#[test]
fn after_keeps_the_positions_of_the_moves_in_the_history() {
    let start = "0-1-0-0-0-0-1-0-1-0-0-0-22-23-S";
    let line = ["B", "c", "C", "d", "D", "a", "E", "e"];
    let with = solve(&[
        "abapa",
        "--position",
        start,
        "--after",
        &line.join(" "),
        "--no-tables",
        "--json",
    ]);
    assert!(
        with.status.success(),
        "{}",
        String::from_utf8_lossy(&with.stderr)
    );
    let with = json(&with);
    assert_eq!(with["after"], serde_json::json!(line));
    assert_eq!(with["to_move"], "south");
    assert_eq!(with["proven"], true, "{with}");
    // The same board with no history.
    let reached = with["position"].as_str().unwrap().to_string();
    let without = json(&solve(&[
        "abapa",
        "--position",
        &reached,
        "--no-tables",
        "--json",
    ]));
    assert_eq!(without["proven"], true, "{without}");
    assert_ne!(
        (&with["result"], &with["margin"]),
        (&without["result"], &without["margin"]),
        "{with}\n{without}"
    );
    // `--moves` from the position before the last move (North to move) values that move the
    // same, seen from North.
    let before = json(&solve(&[
        "abapa",
        "--position",
        start,
        "--after",
        &line[..line.len() - 1].concat(),
        "--moves",
        "--no-tables",
        "--json",
    ]));
    let last = before["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == *line.last().unwrap())
        .unwrap_or_else(|| panic!("{before}"));
    let flip = |r: &serde_json::Value| -> String {
        match r.as_str() {
            Some("win") => "loss".into(),
            Some("loss") => "win".into(),
            other => other.unwrap().into(),
        }
    };
    assert_eq!(flip(&last["result"]), with["result"], "{before}\n{with}");
    assert_eq!(last["margin"], with["margin"], "{before}\n{with}");

    // Text: the line is named.
    let o = solve(&["abapa", "--position", start, "--after", "Bc", "--no-tables"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("after B c (their positions in the history)"),
        "{text}"
    );

    // Bad moves: exit 2, the move, its number and the position it was played from.
    let o = solve(&["abapa", "--position", start, "--after", "B A"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--after: move 2 (\"A\")"), "{err}");
    assert!(err.contains("not your pit"), "{err}");
    let o = solve(&["abapa", "--after", "Q"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("--after: move 1 (\"Q\")"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// With `--deepen` the history-free argument is off unless `--history-free` asks for it: its
/// searches have no horizon, and beside deepening they cost more than they settle
/// (docs/solve.md, "Deepening").
#[test]
fn deepening_leaves_the_history_free_argument_off_unless_asked() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "abapa",
            "--rule",
            "seeds=1",
            "--no-tables",
            "--no-margin",
            "--nodes",
            "200000",
            "--json",
        ];
        args.extend_from_slice(extra);
        let o = solve(&args);
        assert_eq!(o.status.code(), Some(3), "{extra:?}");
        json(&o)
    };
    let plain = run(&[]);
    assert!(plain["analyses"].as_u64().unwrap() > 0, "{plain}");
    let deep = run(&["--deepen", "8"]);
    assert_eq!(deep["analyses"], 0, "{deep}");
    assert!(deep["horizon"].as_u64().unwrap() >= 8, "{deep}");
    let both = run(&["--deepen", "8", "--history-free", "16"]);
    assert!(both["analyses"].as_u64().unwrap() > 0, "{both}");
}

/// `mancala solve PRESET --position POS --no-tables` with `extra`.
fn solve_board(preset: &str, pos: &str, extra: &[&str]) -> Output {
    let mut args = vec![preset, "--position", pos, "--no-tables"];
    args.extend_from_slice(extra);
    solve(&args)
}

#[test]
fn at_least_with_moves_asks_each_move_the_same_question() {
    // Each move's answer to "does South get at least V after this move?" (the opponent's
    // proof asking the converse, with the move's position in its history) must agree with
    // that move's exact value from a whole proof, on both sides of each move's value (on this
    // Abapa board South's A wins by 8, B by 2, F draws).
    let pos = "1-1-0-0-0-1-0-0-0-0-1-1-23-20-S";
    let whole = json(&solve_board("abapa", pos, &["--moves", "--json"]));
    let exact: Vec<(String, i64)> = whole["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let margin = m["margin"].as_i64().expect("exact");
            let signed = match m["result"].as_str().unwrap() {
                "win" => margin,
                "loss" => -margin,
                _ => 0,
            };
            (m["move"].as_str().unwrap().to_string(), signed)
        })
        .collect();
    assert!(exact.len() >= 3, "{whole}");
    let mut answers = std::collections::HashSet::new();
    for (question, least) in [
        ("win by 9", 9),
        ("win by 8", 8),
        ("win by 3", 3),
        ("win by 2", 2),
        ("draw", 0),
        ("loss by 3", -3),
    ] {
        let o = solve_board("abapa", pos, &["--moves", "--at-least", question, "--json"]);
        assert_eq!(o.status.code(), Some(0), "{question}");
        let v = json(&o);
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), exact.len(), "{v}");
        for (m, (name, signed)) in moves.iter().zip(&exact) {
            assert_eq!(m["move"], name.as_str());
            // A draw is "at least a draw"; a win by 0 does not occur in Abapa.
            let holds = *signed >= least;
            assert_eq!(
                m["at_least"], holds,
                "{question} after {name} ({signed}): {m}"
            );
            answers.insert(holds);
        }
        // The root's answer is the best move's.
        let best = moves.iter().any(|m| m["at_least"] == true);
        assert_eq!(v["at_least"]["holds"], best, "{question}: {v}");
    }
    // Some moves keep a result others lose.
    assert_eq!(answers.len(), 2, "{answers:?}");
    let text = String::from_utf8_lossy(
        &solve_board("abapa", pos, &["--moves", "--at-least", "win by 3"]).stdout,
    )
    .into_owned();
    let asked = text
        .lines()
        .filter(|l| l.contains(": south at least win by 3? "))
        .count();
    assert_eq!(asked, exact.len(), "{text}");
}

#[test]
fn bounds_are_margins_a_game_can_end_with_or_none() {
    // Whatever a proof asks and wherever it stops, its bounds are a result with a margin no
    // larger than the game can still end with (on this Awari board the stores' difference, 1,
    // and the 7 seeds on the board: 8), or a result alone (`"margin": null`: a draw as the edge
    // of "at least a draw?" or "is it a win?"); never the prover's encodings of those edges
    // (9999) or of an interval's open end (1000).
    let pos = "1-0-2-0-0-1-0-1-0-0-2-0-20-21-S";
    let mut nulls = 0;
    for extra in [
        &["--no-margin"][..],
        &["--at-least", "draw"],
        &["--at-least", "win by 7"],
        &["--guess", "draw", "--no-margin"],
        &["--nodes", "3000"],
    ] {
        let mut args = extra.to_vec();
        args.push("--json");
        let v = json(&solve_board("awari", pos, &args));
        for bound in [&v["lower"], &v["upper"]] {
            match bound["margin"].as_i64() {
                Some(m) => assert!((0..=8).contains(&m), "{extra:?}: {v}"),
                None => {
                    assert_eq!(bound["result"], "draw", "{extra:?}: {v}");
                    nulls += 1;
                }
            }
        }
        let text = String::from_utf8_lossy(&solve_board("awari", pos, extra).stdout).into_owned();
        let said = text
            .lines()
            .filter(|l| {
                ["proven:", "not proven:", "bounds proven:"]
                    .iter()
                    .any(|w| l.starts_with(w))
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert!(!said.is_empty(), "{text}");
        assert!(!said.contains("999") && !said.contains("1000"), "{text}");
    }
    assert!(nulls > 0, "no bound without a margin was met");
    // The result only: a win, its upper bound a win by the largest margin left.
    let v = json(&solve_board("awari", pos, &["--no-margin", "--json"]));
    assert_eq!(v["result"], "win", "{v}");
    assert_eq!(
        v["upper"],
        serde_json::json!({"result": "win", "margin": 8}),
        "{v}"
    );
    let text =
        String::from_utf8_lossy(&solve_board("awari", pos, &["--no-margin"]).stdout).into_owned();
    assert!(text.contains("proven: south to move, win\n"), "{text}");
}

#[test]
fn split_answers_the_question_as_the_whole_proof_does() {
    // `--split` grows a tree of lines whose leaves are proven within a few nodes each; its
    // answer, and each root move's, must be the whole proof's (the Abapa board above: A wins
    // by 8, B by 2, F draws).
    let pos = "1-1-0-0-0-1-0-0-0-0-1-1-23-20-S";
    let whole = json(&solve_board("abapa", pos, &["--moves", "--json"]));
    // Each with the leaves sharing one memory (the default) and each from an empty one.
    let questions = [("win by 9", 9), ("win by 8", 8), ("win by 3", 3)];
    for ((question, least), fresh) in questions.into_iter().flat_map(|q| [(q, false), (q, true)]) {
        let mut args = vec![
            "--at-least",
            question,
            "--split",
            "5",
            "--split-retries",
            "0",
            "--json",
        ];
        if fresh {
            args.push("--split-fresh");
        }
        let o = solve_board("abapa", pos, &args);
        assert_eq!(o.status.code(), Some(0), "{question}");
        let v = json(&o);
        assert_eq!(v["at_least"]["holds"], least <= 8, "{question}: {v}");
        assert_eq!(v["split"]["shared"], !fresh, "{v}");
        assert_eq!(v["stopped_by"], serde_json::Value::Null, "{v}");
        let split = &v["split"];
        // A win by 9 is out of reach of the stores' difference and the seeds on the board
        // (the root's leaf says no at once); the others need a tree.
        assert_eq!(split["tree"].as_u64().unwrap() > 1, least <= 8, "{v}");
        for key in [
            "leaf_nodes",
            "retries",
            "depth",
            "leaves",
            "settled",
            "proof_number",
            "disproof_number",
            "frontier",
        ] {
            assert!(!split[key].is_null(), "{key}: {v}");
        }
        // Each root move tried says what the whole proof of that move says.
        for m in v["moves"].as_array().unwrap() {
            if m["at_least"].is_null() {
                continue;
            }
            let w = whole["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|w| w["move"] == m["move"])
                .unwrap();
            let margin = w["margin"].as_i64().unwrap();
            let signed = match w["result"].as_str().unwrap() {
                "win" => margin,
                "loss" => -margin,
                _ => 0,
            };
            assert_eq!(m["at_least"], signed >= least, "{question}: {m} vs {w}");
        }
    }
    // A budget that stops it: exit 3, nothing claimed, the next leaf named.
    let o = solve(&[
        "awari",
        "--position",
        "1-0-2-0-0-1-0-1-0-0-2-0-20-21-S",
        "--no-tables",
        "--at-least",
        "win by 6",
        "--split",
        "10",
        "--split-retries",
        "0",
        "--nodes",
        "3000",
    ]);
    assert_eq!(o.status.code(), Some(3));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("not proven: south to move, at least win by 6?"),
        "{text}"
    );
    assert!(text.contains("next leaf: "), "{text}");
    // It answers one question: without --at-least, or with --moves, it is refused; so is
    // --split-fresh without --split.
    for extra in [
        &["--split", "100"][..],
        &["--split", "100", "--at-least", "draw", "--moves"],
        &["--at-least", "draw", "--split-fresh"],
    ] {
        let o = solve_board("abapa", pos, extra);
        assert_eq!(o.status.code(), Some(2), "{extra:?}");
    }
    let o = solve_board("abapa", pos, &["--split", "0", "--at-least", "draw"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--split 0"));
}
