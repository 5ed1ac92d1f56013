//! `mancala analyze` and `mancala bench` against the real binary.

mod common;
use common::run as mancala;

#[test]
fn analyze_json_values_every_move() {
    let (ok, out, err) = mancala(&["analyze", "abapa", "--depth", "6", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["depth"], 6);
    assert_eq!(v["moves"].as_array().unwrap().len(), 6);
    assert_eq!(v["score"]["kind"], "estimate");
    assert_eq!(v["pv"][0], v["best"]);
}

#[test]
fn analyze_proves_small_endgames_and_reads_rules() {
    let (ok, out, err) = mancala(&[
        "analyze",
        "abapa",
        "--position",
        "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S",
        "--rule",
        "grand_slam=Allowed",
        "--depth",
        "30",
        "--json",
    ]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["score"]["kind"], "proven");
    // With grand slams allowed, F captures North's last seeds: 25-23.
    assert_eq!(v["score"]["seeds"], 2);
    let (ok, out, _) = mancala(&["analyze", "oware", "--depth", "3"]);
    assert!(ok);
    assert!(out.contains("best: ") && out.contains("moves:"));
}

#[test]
fn analyze_reports_bad_input_and_finished_games() {
    let (ok, _, err) = mancala(&["analyze", "abapa", "--position", "1-2-3"]);
    assert!(!ok && !err.is_empty());
    let (ok, out, _) = mancala(&[
        "analyze",
        "abapa",
        "--position",
        "0-0-0-0-0-0-0-0-0-0-0-0-24-24-S",
        "--json",
    ]);
    assert!(ok);
    assert!(out.contains("\"over\":true"));
}

#[test]
fn bench_prints_a_fingerprint() {
    let (ok, out, err) = mancala(&["bench", "--depth-offset", "-6"]);
    assert!(ok, "{err}");
    assert!(out.lines().any(|l| l.starts_with("nodes ")));
    assert!(out.lines().any(|l| l.starts_with("nps ")));
    let again = mancala(&["bench", "--depth-offset", "-6"]).1;
    let nodes = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("nodes "))
            .map(str::to_string)
    };
    assert_eq!(nodes(&out), nodes(&again), "bench is deterministic");
}

#[test]
fn bench_prove_prints_each_proof_and_a_fingerprint() {
    let (ok, out, err) = mancala(&["bench", "--prove"]);
    assert!(ok, "{err}");
    let proofs: Vec<&str> = out.lines().filter(|l| l.contains(" nodes ")).collect();
    assert_eq!(proofs.len(), 5, "{out}");
    assert!(proofs.iter().all(|l| !l.contains("not proven")), "{out}");
    assert!(
        proofs[0].starts_with("awari ") && proofs[0].contains("win by 6"),
        "{out}"
    );
    let nodes = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("nodes "))
            .map(str::to_string)
    };
    assert!(nodes(&out).is_some(), "{out}");
    let again = mancala(&["bench", "--prove"]).1;
    assert_eq!(
        nodes(&out),
        nodes(&again),
        "the prover's bench is deterministic"
    );
    let (ok, _, err) = mancala(&["bench", "--prove", "--movetime", "10"]);
    assert!(!ok && err.contains("--prove"), "{err}");
}

#[test]
fn match_plays_and_saves_games() {
    let save = std::env::temp_dir().join(format!("mancala-match-{}.jsonl", std::process::id()));
    let save_arg = save.to_string_lossy().into_owned();
    let (ok, out, err) = mancala(&[
        "match", "abapa", "--a", "depth=3", "--b", "level=1", "--games", "2", "--save", &save_arg,
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("A vs B: +"), "{out}");
    let saved = std::fs::read_to_string(&save).unwrap();
    let _ = std::fs::remove_file(&save);
    assert_eq!(saved.lines().count(), 2);
    for line in saved.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["moves"].as_array().is_some_and(|m| !m.is_empty()));
    }
    let (ok, _, err) = mancala(&["match", "abapa", "--a", "speed=3", "--b", "level=1"]);
    assert!(!ok && err.contains("unknown setting"));
}
