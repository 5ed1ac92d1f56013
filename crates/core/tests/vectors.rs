//! Replays the golden vectors of rules.md (kept as data files in `tests/data/*.vectors`, one
//! format for every game: see the header of `oware-family.vectors`) through the public variant
//! API, as a front end would.

use mancala_core::extras::{BaAwaExtras, Extras};
use mancala_core::variant::{parse_rule_assignment, AnyGame, DynGame, DynPlayError, Variant};

struct Case {
    id: String,
    line: usize,
    variant: String,
    rules: Vec<(String, String)>,
    position: Option<String>,
    game: Option<AnyGame>,
}

impl Case {
    fn rebuild(&mut self) {
        let variant = Variant::from_name(&self.variant)
            .unwrap_or_else(|e| panic!("{} (line {}): {e}", self.id, self.line));
        self.game = Some(
            variant
                .new_game(&self.rules, self.position.as_deref())
                .unwrap_or_else(|e| panic!("{} (line {}): {e}", self.id, self.line)),
        );
    }

    fn game(&mut self) -> &mut AnyGame {
        if self.game.is_none() {
            self.rebuild();
        }
        self.game.as_mut().expect("built above")
    }
}

/// Runs every case of a vector file; returns how many cases ran.
fn run_file(text: &str, file: &str) -> usize {
    let mut count = 0;
    let mut case: Option<Case> = None;
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = raw.trim();
        if line.starts_with('#') {
            continue;
        }
        if line.is_empty() {
            case = None;
            continue;
        }
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if cmd == "case" {
            count += 1;
            case = Some(Case {
                id: rest.split_whitespace().next().unwrap_or("?").to_string(),
                line: line_no,
                variant: "oware".into(),
                rules: Vec::new(),
                position: None,
                game: None,
            });
            continue;
        }
        let c = case
            .as_mut()
            .unwrap_or_else(|| panic!("{file}:{line_no}: command outside a case"));
        let at = format!("{file}:{line_no} [{}]", c.id);
        match cmd {
            "variant" => {
                c.variant = rest.to_string();
                c.game = None;
            }
            "rule" => {
                c.rules
                    .push(parse_rule_assignment(rest).expect("rule syntax"));
                c.game = None;
            }
            "position" => {
                c.position = Some(rest.to_string());
                c.game = None;
            }
            "legal" => {
                let mut want: Vec<String> = rest
                    .split_whitespace()
                    .filter(|m| *m != "-")
                    .map(String::from)
                    .collect();
                want.sort();
                assert_eq!(c.game().state().legal, want, "{at}: legal moves");
            }
            "illegal" => {
                let (mv, reason) = rest.split_once(' ').expect("illegal MOVE REASON");
                let before = c.game().notation();
                match c.game().play(mv) {
                    Err(DynPlayError::Illegal { reason: r, .. }) => {
                        assert_eq!(r.to_string(), reason, "{at}: reason for {mv}");
                    }
                    other => panic!("{at}: {mv} should be illegal, got {other:?}"),
                }
                assert_eq!(
                    c.game().notation(),
                    before,
                    "{at}: a refused move changed the game"
                );
            }
            "play" => {
                for mv in rest.split_whitespace() {
                    if let Err(e) = c.game().play(mv) {
                        panic!("{at}: {mv}: {e}");
                    }
                }
            }
            "captured" => {
                let want: u32 = rest.parse().expect("captured N");
                assert_eq!(c.game().state().captured, want, "{at}: captured");
            }
            "expect" => assert_eq!(c.game().notation(), rest, "{at}: position"),
            "stores" => {
                let v: Vec<u32> = rest
                    .split_whitespace()
                    .map(|x| x.parse().expect("number"))
                    .collect();
                assert_eq!(c.game().state().stores.to_vec(), v, "{at}: stores");
            }
            "result" => {
                let state = c.game().state();
                let mut words = rest.split_whitespace();
                match words.next() {
                    Some("none") => assert!(
                        state.outcome.is_none(),
                        "{at}: game should go on, got {:?}",
                        state.outcome
                    ),
                    Some(result) => {
                        let o = state
                            .outcome
                            .unwrap_or_else(|| panic!("{at}: game should be over"));
                        assert_eq!(o.result_name(), result, "{at}: result");
                        if let Some(reason) = words.next() {
                            assert_eq!(o.reason.as_str(), reason, "{at}: reason");
                        }
                        assert!(
                            state.legal.is_empty(),
                            "{at}: a finished game has no legal move"
                        );
                        assert!(
                            state.to_move.is_none(),
                            "{at}: a finished game has nobody to move"
                        );
                    }
                    None => panic!("{at}: result needs a value"),
                }
            }
            "to_move" => {
                let got = c.game().state().to_move.map_or("none", |s| s.name());
                assert_eq!(got, rest, "{at}: side to move");
            }
            "round_end" => {
                let state = c.game().state();
                let Extras::BaAwa(BaAwaExtras {
                    round_end: Some(r), ..
                }) = &state.extras
                else {
                    panic!("{at}: no round ended")
                };
                let got = format!(
                    "{} {} {} {}",
                    r.captures[0],
                    r.captures[1],
                    r.reason.as_str(),
                    r.winner.map_or("draw", |w| w.name())
                );
                assert_eq!(got, rest, "{at}: round end");
            }
            other => panic!("{at}: unknown command {other:?}"),
        }
    }
    count
}

#[test]
fn oware_family_vectors() {
    let text = include_str!("data/oware-family.vectors");
    let n = run_file(text, "oware-family.vectors");
    assert_eq!(n, 37, "cases read");
}

#[test]
fn relay_vectors() {
    let text = include_str!("data/relay.vectors");
    let n = run_file(text, "relay.vectors");
    assert_eq!(n, 43, "cases read");
}

#[test]
fn isolo_vectors() {
    let text = include_str!("data/isolo.vectors");
    let n = run_file(text, "isolo.vectors");
    assert_eq!(n, 50, "cases read");
}
