//! `mancala engine`: a scripted protocol session, garbage included, against the real binary.

use std::io::Write;
use std::sync::mpsc;
use std::time::Duration;

mod common;
#[path = "../src/lines.rs"]
mod lines;

struct Session {
    child: std::process::Child,
    lines: mpsc::Receiver<String>,
}

impl Session {
    fn start() -> Session {
        let mut child = common::spawn_engine("");
        let out = child.stdout.take().unwrap();
        Session {
            child,
            lines: lines::lines_of(out),
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Sends `commands` (the last one a `go`): the lines up to and including the `bestmove`.
    fn search(&mut self, commands: &[&str]) -> Vec<String> {
        for c in commands {
            self.send(c);
        }
        self.until("bestmove")
    }

    /// Lines up to and including the first one starting with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("no {prefix:?} in time; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

/// Checks that one of `lines` satisfies `pred`.
fn assert_any(lines: &[String], pred: impl Fn(&str) -> bool) {
    assert!(lines.iter().any(|l| pred(l)), "{lines:?}");
}

#[test]
fn scripted_session_with_garbage() {
    let mut s = Session::start();
    s.send("uci");
    let hello = s.until("uciok");
    assert!(hello.iter().any(|l| l.starts_with("id name ")));
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name Variant type combo")));
    for garbage in [
        "",
        "   ",
        "xyzzy plugh",
        "position",
        "position fen",
        "position fen 1-2-3",
        "position startpos moves ZZ",
        "position startpos moves Aa",
        "position startpos garbage",
        "setoption",
        "setoption name",
        "setoption name Hash value lots",
        "setoption name Threads value 0",
        "setoption name Nonsense value 3",
        "setoption name Rule value grand_slam",
        "setoption name Rule value grand_slam=Sometimes",
        "setoption name Variant value chess",
        "\u{1b}[2J\u{0}\u{7f}ü€",
        "stop",
    ] {
        s.send(garbage);
    }
    s.send("isready");
    let lines = s.until("readyok");
    let strings = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .count();
    assert!(strings >= 15, "garbage is reported: {lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));

    // Malformed go commands are reported and search with what is valid (one second by default).
    s.send("position startpos");
    for go in ["go depth", "go depth -3 movetime abc", "go sideways 7"] {
        s.send(go);
        let lines = s.until("bestmove");
        assert_any(&lines, |l| {
            l.starts_with("info string") && !l.starts_with("info string score ")
        });
    }

    // Absurd numbers neither crash nor hang.
    s.send("go depth 99999999999 movetime 18446744073709551615 nodes 20000");
    s.until("bestmove");
    s.send("go wtime 18446744073709551615 winc 18446744073709551615 movestogo 0 nodes 20000");
    s.until("bestmove");

    // A normal search from the start position, with concatenated moves.
    let lines = s.search(&["ucinewgame", "position startpos moves FaBc", "go depth 6"]);
    assert_any(&lines, |l| l.starts_with("info depth 6 score "));
    let best = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(
        "ABCDEF".contains(best.as_str()) && best.len() == 1,
        "{best}"
    );

    // A fen position, North to move, moves separated by spaces.
    let lines = s.search(&[
        "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-N moves a B",
        "go movetime 100",
    ]);
    let best = lines.last().unwrap();
    assert!("abcdef".contains(&best[9..]), "{best}");

    // An infinite search answers isready while thinking and stops on demand.
    s.send("position startpos");
    s.send("go infinite");
    s.send("isready");
    let lines = s.until("readyok");
    assert!(!lines.iter().any(|l| l.starts_with("bestmove")));
    std::thread::sleep(Duration::from_millis(200));
    s.send("stop");
    s.until("bestmove");

    // Clocks, rule options, MultiPV and a proven result.
    let lines = s.search(&[
        "setoption name Rule grand_slam value Allowed",
        "setoption name MultiPV value 3",
        "position startpos",
        "go wtime 2000 btime 2000 winc 10 binc 10",
    ]);
    assert_any(&lines, |l| l.contains(" multipv 3 "));
    s.send("setoption name Rule value clear");
    s.send("setoption name MultiPV value 1");
    let lines = s.search(&[
        "position fen 0-0-0-0-0-1-1-0-0-0-0-0-23-23-S",
        "go depth 20",
    ]);
    assert_any(&lines, |l| l.contains("score seeds -2"));
    assert_eq!(lines.last().unwrap(), "bestmove F");

    // Monte-Carlo tree search, chosen by an option; a bad value is reported and changes nothing.
    let lines = s.search(&[
        "setoption name Algorithm value mcts",
        "setoption name Algorithm value coin-toss",
        "position startpos moves F",
        "go nodes 2000",
    ]);
    assert_any(&lines, |l| {
        l.starts_with("info string error: unknown search algorithm")
    });
    assert_any(&lines, |l| l.contains(" nodes 2000 "));
    let best = lines.last().unwrap();
    assert!("abcdef".contains(&best[9..]) && best.len() == 10, "{best}");
    s.send("setoption name Algorithm value default");

    // A finished game.
    s.send("position fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-S");
    s.send("go depth 3");
    assert_eq!(s.until("bestmove").pop().unwrap(), "bestmove 0000");

    s.send("quit");
    let status = s.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn go_after_a_refused_position_refuses_too() {
    let mut s = Session::start();
    let lines = s.search(&[
        "position startpos moves F",
        "position startpos moves FZ",
        "go depth 3",
    ]);
    assert_any(&lines, |l| {
        l.starts_with("info string error: no position to search")
    });
    assert_eq!(lines.last().unwrap(), "bestmove 0000", "{lines:?}");
    // Still refused: the earlier, accepted position is not searched either.
    s.send("go depth 3");
    assert_eq!(s.until("bestmove").pop().unwrap(), "bestmove 0000");
    // An accepted position is searched again.
    let best = s
        .search(&["position startpos moves F", "go depth 3"])
        .pop()
        .unwrap();
    assert!(
        best.len() > "bestmove ".len() && best != "bestmove 0000",
        "{best}"
    );
    // So is a new game after a refusal.
    let best = s
        .search(&["position fen 1-2-3", "ucinewgame", "go depth 3"])
        .pop()
        .unwrap();
    assert_ne!(best, "bestmove 0000");
    s.send("quit");
    s.child.wait().unwrap();
}

#[test]
fn end_of_input_ends_the_engine() {
    let mut s = Session::start();
    s.send("position startpos");
    s.send("go infinite");
    drop(s.child.stdin.take());
    s.until("bestmove");
    assert!(s.child.wait().unwrap().success());
}
