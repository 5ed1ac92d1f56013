//! Isolo: the golden vectors of rules.md §6.7 (data file), the never-ending moves of I7, perft
//! ladders and random games checked against an independent reference simulator, and the
//! notation and move syntax.

mod isolo_ref;
mod slow_perft;

use isolo_ref as reference;
use mancala_core::extras::Extras;
use mancala_core::isolo::{Isolo, IsoloMove, IsoloRules, Phase};
use mancala_core::sow::Pit;
use mancala_core::variant::{DynGame, Variant};
use mancala_core::{perft, EndReason, Game, Illegal, Position, RuleSet, Side};

const VECTORS: &str = include_str!("data/isolo.vectors");
const PERFT: &str = include_str!("data/isolo_perft.txt");

fn rules_from(spec: &str) -> (IsoloRules, Vec<(String, String)>) {
    let mut rules = IsoloRules::isolo();
    let mut pairs = Vec::new();
    if spec != "-" {
        for a in spec.split(',') {
            let (n, v) = a.split_once('=').expect("NAME=VALUE");
            rules.set(n.trim(), v.trim()).expect("a valid option");
            pairs.push((n.trim().to_string(), v.trim().to_string()));
        }
    }
    (rules, pairs)
}

fn start(position: &str, rules: IsoloRules) -> Isolo {
    if position == "start" {
        Isolo::new(rules)
    } else {
        Isolo::from_notation(position, rules).expect("a valid position")
    }
}

fn outcome_text(p: &Isolo) -> String {
    match p.outcome() {
        None => "-".to_string(),
        Some(o) => format!("{} {}", o.result_name(), o.reason.as_str()),
    }
}

/// The reference's reading of a move text.
fn ref_move(text: &str) -> reference::Mv {
    let c = text.chars().next().unwrap();
    if text.len() == 1 && c.is_ascii_uppercase() {
        reference::Mv::Pit((c as u8 - b'A') as usize)
    } else if text.len() == 1 {
        reference::Mv::Pit((c as u8 - b'a') as usize + 8)
    } else {
        let body = text.trim_start_matches("k:");
        reference::Mv::Setup(body.split([',', '-']).map(|x| x.parse().unwrap()).collect())
    }
}

/// The reference's state written in the core's notation.
fn ref_notation(g: &reference::Game) -> String {
    let phase = match g.phase {
        reference::Phase::Foregame => 'F',
        reference::Phase::Kucheleka => 'K',
        reference::Phase::Proper => 'P',
    };
    let pits: Vec<String> = g.board.iter().map(|x| x.to_string()).collect();
    format!(
        "{phase}:{}-{}-{}-{}",
        pits.join("-"),
        g.stock[0],
        g.stock[1],
        if g.turn == 0 { 'S' } else { 'N' }
    )
}

fn ref_outcome(g: &reference::Game) -> String {
    match g.result {
        None => "-".to_string(),
        Some((w, reason)) => {
            let who = match w {
                None => "draw",
                Some(0) => "south",
                Some(_) => "north",
            };
            format!("{who} {reason}")
        }
    }
}

/// The Isolo vectors (`data/isolo.vectors`, in the format of every vector file) through the
/// position type and the independent reference simulator together: the game API replays them
/// all in `tests/vectors.rs`; here the reference simulator must agree with each, and the legal
/// moves must come in the order written.
#[test]
fn golden_vectors() {
    struct Run {
        id: String,
        pairs: Vec<(String, String)>,
        position: String,
        played: Option<(Game<Isolo>, reference::Game)>,
    }
    impl Run {
        fn games(&mut self) -> &mut (Game<Isolo>, reference::Game) {
            self.played.get_or_insert_with(|| {
                let spec: Vec<String> =
                    self.pairs.iter().map(|(a, b)| format!("{a}={b}")).collect();
                let spec = if spec.is_empty() {
                    "-".to_string()
                } else {
                    spec.join(",")
                };
                let (rules, _) = rules_from(&spec);
                let ref_pairs: Vec<(&str, &str)> = self
                    .pairs
                    .iter()
                    .map(|(a, b)| (a.as_str(), b.as_str()))
                    .collect();
                let ref_rules = reference::Rules::with(&ref_pairs);
                let rg = if self.position == "start" {
                    reference::Game::start(ref_rules)
                } else {
                    reference::Game::read(&self.position, ref_rules)
                };
                (Game::new(start(&self.position, rules)), rg)
            })
        }
    }
    let mut cases = 0;
    let mut run: Option<Run> = None;
    for (n, line) in VECTORS.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (cmd, rest) = line.split_once(' ').unwrap_or((line, ""));
        if cmd == "case" {
            cases += 1;
            run = Some(Run {
                id: rest.to_string(),
                pairs: Vec::new(),
                position: "start".into(),
                played: None,
            });
            continue;
        }
        let r = run.as_mut().expect("a command inside a case");
        let ctx = format!("line {} ({})", n + 1, r.id);
        match cmd {
            "variant" => assert_eq!(rest, "isolo", "{ctx}"),
            "rule" => {
                let (a, b) = rest.split_once('=').expect("NAME=VALUE");
                r.pairs.push((a.to_string(), b.to_string()));
            }
            "position" => r.position = rest.to_string(),
            "play" => {
                let (game, rg) = r.games();
                for m in rest.split_whitespace() {
                    game.play_str(m)
                        .unwrap_or_else(|e| panic!("{ctx}: move {m}: {e}"));
                    rg.play(&ref_move(m));
                }
            }
            "expect" => {
                let (game, rg) = r.games();
                assert_eq!(game.position().to_string(), rest, "{ctx}");
                assert_eq!(ref_notation(rg), rest, "{ctx}: reference simulator");
            }
            "result" => {
                let want = if rest == "none" { "-" } else { rest };
                let (game, rg) = r.games();
                assert_eq!(outcome_text(game.position()), want, "{ctx}");
                assert_eq!(ref_outcome(rg), want, "{ctx}: reference simulator");
            }
            "legal" => {
                let want = if rest == "-" { "" } else { rest };
                let (game, rg) = r.games();
                let legal: Vec<String> = game
                    .position()
                    .legal_move_list()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                assert_eq!(legal.join(" "), want, "{ctx}: generation order");
                let rl: Vec<String> = rg.legal().iter().map(|m| m.text()).collect();
                assert_eq!(rl.join(" "), want, "{ctx}: reference simulator");
            }
            "illegal" => {
                let (mv_text, reason) = rest.split_once(' ').expect("illegal MOVE REASON");
                let (game, _) = r.games();
                let pos = *game.position();
                let mv = pos.parse_move(mv_text).expect("a well-formed move");
                let err = pos.check_move(mv).expect_err(&ctx);
                assert_eq!(err.to_string(), reason, "{ctx}");
                assert!(game.play(mv).is_err(), "{ctx}");
                assert_eq!(
                    game.position(),
                    &pos,
                    "{ctx}: a refused move changes nothing"
                );
                assert!(!pos.legal_move_list().contains(&mv), "{ctx}");
            }
            other => panic!("{ctx}: unknown command {other}"),
        }
    }
    assert_eq!(cases, 50, "cases read");
}

/// rules.md I7: the cycle periods of the three never-ending moves, from the core's cycle
/// detection and from the reference's hash map of every lap state.
#[test]
fn i7_periods() {
    let cases = [
        ("P:1-0-0-0-2-0-1-0-1-1-8-0-2-6-10-6-0-0-N", "g", 2_696u64),
        ("P:2-2-2-2-2-0-0-2-4-0-7-6-5-1-1-5-0-0-S", "H", 70_408),
        ("F:1-5-6-3-1-16-4-4-1-1-0-0-0-0-0-0-5-5-S", "H", 133_511),
    ];
    for (text, mv, period) in cases {
        let p = Isolo::from_notation(text, IsoloRules::isolo()).unwrap();
        let pit = Pit::<8>::parse(mv).unwrap();
        let run = p.run_move(pit).unwrap();
        assert_eq!(run.period, Some(period), "{text} {mv}");
        let cycle_start = run.cycle_start.unwrap();
        assert_eq!(run.laps, cycle_start + period, "{text} {mv}");
        let board: Vec<u32> = p.pits().iter().map(|&x| u32::from(x)).collect();
        let mover = usize::from(p.side() == Side::North);
        let sim = reference::simulate(
            &board,
            mover,
            pit.index(),
            p.phase() == Phase::Foregame,
            &reference::Rules::defaults(),
        );
        match sim {
            reference::Sim::NeverEnds {
                board,
                laps,
                period: rp,
            } => {
                assert_eq!(rp, period, "reference {text} {mv}");
                assert_eq!(laps, run.laps, "reference {text} {mv}");
                let core_board: Vec<u32> = run.pits.iter().map(|&x| u32::from(x)).collect();
                assert_eq!(board, core_board, "reference {text} {mv}");
            }
            other @ reference::Sim::Ends { .. } => panic!("reference says {other:?}"),
        }
    }
}

/// rules.md I7 (first case): "from lap 18 on the lap-boundary state recurs every 2 696 laps".
#[test]
fn i7_cycle_starts_at_lap_18() {
    let p = Isolo::from_notation(
        "P:1-0-0-0-2-0-1-0-1-1-8-0-2-6-10-6-0-0-N",
        IsoloRules::isolo(),
    )
    .unwrap();
    let run = p.run_move(Pit::parse("g").unwrap()).unwrap();
    assert_eq!(run.cycle_start, Some(18));
}

#[test]
fn endless_move_options() {
    let text = "P:1-0-0-0-2-0-1-0-1-1-8-0-2-6-10-6-0-0-N";
    let g = IsoloMove::Sow(Pit::parse("g").unwrap());
    // EndAtDetection: legal; the board is the one at the first repeated lap state, which the
    // reference simulator finds by keeping every state.
    let mut rules = IsoloRules::isolo();
    rules.set("infinite_move", "EndAtDetection").unwrap();
    let mut p = Isolo::from_notation(text, rules).unwrap();
    assert!(p.legal_move_list().contains(&g));
    let before = p;
    p.play(g).unwrap();
    let mut rg = reference::Game::read(
        text,
        reference::Rules::with(&[("infinite_move", "EndAtDetection")]),
    );
    rg.play(&reference::Mv::Pit(14));
    assert_eq!(p.to_string(), ref_notation(&rg));
    assert_eq!(outcome_text(&p), ref_outcome(&rg));
    let total = |q: &Isolo| q.pits().iter().map(|&x| u32::from(x)).sum::<u32>();
    assert_eq!(total(&p), total(&before));
    // MoverLoses in the foregame: the mover loses the foregame, the opponent sets up.
    let mut rules = IsoloRules::isolo();
    rules.set("infinite_move", "MoverLoses").unwrap();
    let mut f = Isolo::from_notation("F:1-5-6-3-1-16-4-4-1-1-0-0-0-0-0-0-5-5-S", rules).unwrap();
    f.play(IsoloMove::Sow(Pit::parse("H").unwrap())).unwrap();
    assert_eq!(f.phase(), Phase::Kucheleka);
    assert_eq!(f.to_move(), Some(Side::North));
    assert_eq!(f.foregame_winner(), Some(Side::North));
    assert_eq!(f.stock_used(), [6, 5]);
}

/// The perft file's counts, from the core and, up to each line's quick depth, from the reference
/// simulator.
#[test]
fn perft_ladders() {
    check_perft_file(false);
}

/// Every count of the perft file from the reference simulator too (slow: about two minutes in
/// release mode): `cargo test --release -p mancala-core --test isolo -- --ignored perft`.
#[test]
#[ignore]
fn perft_ladders_full_reference() {
    check_perft_file(true);
}

fn check_perft_file(full_reference: bool) {
    let mut lines = 0;
    for line in PERFT.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let (rules, pairs) = rules_from(f[1]);
        let pos = start(f[2], rules);
        let ref_pairs: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let rr = reference::Rules::with(&ref_pairs);
        let rg = if f[2] == "start" {
            reference::Game::start(rr)
        } else {
            reference::Game::read(f[2], rr)
        };
        let max_ref_depth: u32 = if full_reference {
            u32::MAX
        } else {
            f[3].parse().unwrap()
        };
        for (d, count) in f[4].split_whitespace().enumerate() {
            let depth = d as u32 + 1;
            let count: u64 = count.parse().unwrap();
            assert_eq!(perft(&pos, depth), count, "{} perft({depth})", f[0]);
            if depth <= max_ref_depth {
                assert_eq!(rg.perft(depth), count, "{} reference perft({depth})", f[0]);
            }
        }
        lines += 1;
    }
    assert!(lines >= 3);
}

/// A tiny deterministic generator for the random games (no dependency needed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random valid kucheleka (not only the representative ones).
fn random_setup(rng: &mut Rng, max_total: u32) -> [u8; 8] {
    loop {
        let mut c = [0u8; 8];
        let budget = 1 + rng.below(max_total.min(40) as usize) as u32;
        for _ in 0..budget {
            c[rng.below(8)] += 1;
        }
        if c.iter().map(|&x| u32::from(x)).sum::<u32>() >= 1 {
            return c;
        }
    }
}

/// Random whole games (foregame, kucheleka, proper game) under several rule sets, played in
/// lockstep by the core and the reference; every state and legal move list must agree.
#[test]
fn random_games_agree_with_reference() {
    random_games(4, 0x1501_0c0f_fee5_eed5);
}

/// [`random_games_agree_with_reference`] at length (release mode:
/// `cargo test --release -p mancala-core --test isolo -- --ignored many`).
#[test]
#[ignore]
fn random_games_agree_with_reference_many() {
    random_games(60, 0x0bad_5eed_1234_5678);
}

fn random_games(per_set: usize, seed: u64) {
    let option_sets: &[&[(&str, &str)]] = &[
        &[],
        &[("proper_first_lap_start", "Leftmost")],
        &[("regular_resow", "AlwaysLeftmost")],
        &[("singleton_resow_start", "SameEnd")],
        &[("singleton_rule_after_first_lap_only", "On")],
        &[("infinite_move", "EndAtDetection"), ("max_plies", "300")],
        &[("infinite_move", "MoverLoses")],
        &[("no_singletons", "On"), ("first_player", "North")],
        &[("stock_limit", "3"), ("kucheleka_max_total", "20")],
        &[("repetition", "Off"), ("max_plies", "200")],
    ];
    let mut rng = Rng(seed);
    let mut games = 0;
    for set in option_sets {
        let mut rules = IsoloRules::isolo();
        for (n, v) in *set {
            rules.set(n, v).unwrap();
        }
        for _ in 0..per_set {
            let mut game = Game::new(Isolo::new(rules));
            let mut rg = reference::Game::start(reference::Rules::with(set));
            for _ply in 0..400 {
                let pos = *game.position();
                assert_eq!(pos.to_string(), ref_notation(&rg), "{set:?}");
                assert_eq!(outcome_text(&pos), ref_outcome(&rg), "{set:?} {pos}");
                let legal: Vec<String> = pos
                    .legal_move_list()
                    .iter()
                    .map(|m| m.to_string())
                    .collect();
                let rl: Vec<String> = rg.legal().iter().map(|m| m.text()).collect();
                assert_eq!(legal, rl, "{set:?} {pos}");
                if legal.is_empty() {
                    break;
                }
                let text = if pos.phase() == Phase::Kucheleka && rng.below(2) == 0 {
                    IsoloMove::Kucheleka(random_setup(&mut rng, rules.kucheleka_max_total))
                        .to_string()
                } else {
                    legal[rng.below(legal.len())].clone()
                };
                game.play_str(&text).unwrap();
                rg.play(&ref_move(&text));
            }
            games += 1;
        }
    }
    assert_eq!(games, per_set * option_sets.len());
}

#[test]
fn notation_errors_name_the_field() {
    let r = IsoloRules::isolo();
    let err = |t: &str| Isolo::from_notation(t, r).unwrap_err();
    assert_eq!(
        err("X:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S").field,
        "phase (before ':')"
    );
    assert_eq!(err("2-2-2").field, "position");
    assert_eq!(err("F:2-2-2").field, "position");
    assert_eq!(
        err("F:2-2-x-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S").field,
        "pit C (field 3)"
    );
    assert_eq!(
        err("F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-300-0-0-S").field,
        "pit h (field 16)"
    );
    assert_eq!(
        err("F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-q-0-S").field,
        "South's stock used (field 17)"
    );
    assert_eq!(
        err("F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-W").field,
        "side to move (field 19)"
    );
    // 32 + 1 + 0 seeds expected, 32 found.
    let e = err("F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-1-0-S");
    assert!(e.message.contains("33"), "{e}");
    // North's row empty with South to move cannot arise.
    assert_eq!(
        err("P:1-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-0-S").field,
        "side to move (field 19)"
    );
    assert_eq!(
        err("P:200-60-0-0-0-0-0-0-1-0-0-0-0-0-0-0-0-0-S").field,
        "position"
    );
    let mut limited = r;
    limited.set("stock_limit", "2").unwrap();
    assert_eq!(
        Isolo::from_notation("F:3-3-3-2-2-2-2-2-2-2-2-2-2-2-2-2-3-0-N", limited)
            .unwrap_err()
            .field,
        "South's stock used (field 17)"
    );
    let shown = err("F:2-2-x-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S").to_string();
    assert!(
        shown.starts_with("bad position: pit C (field 3): "),
        "{shown}"
    );
}

#[test]
fn move_syntax() {
    let p = Isolo::new(IsoloRules::isolo());
    let k = IsoloMove::Kucheleka([0, 5, 0, 3, 0, 0, 8, 1]);
    for text in [
        "k:0,5,0,3,0,0,8,1",
        "K:0,5,0,3,0,0,8,1",
        "0-5-0-3-0-0-8-1",
        "0,5,0,3,0,0,8,1",
        " k:0, 5,0,3,0,0,8,1 ",
    ] {
        assert_eq!(p.parse_move(text).unwrap(), k, "{text}");
    }
    assert_eq!(k.to_string(), "k:0,5,0,3,0,0,8,1");
    assert_eq!(p.parse_move("h").unwrap(), IsoloMove::Sow(Pit(15)));
    for bad in [
        "",
        "I",
        "i",
        "AB",
        "k:1,2,3",
        "k:1,2,3,4,5,6,7,8,9",
        "k:1,2,x,4,5,6,7,8",
    ] {
        let e = p.parse_move(bad).unwrap_err();
        assert!(!e.expected.is_empty(), "{bad}");
    }
    let e = p.parse_move("k:1,2,x,4,5,6,7,8").unwrap_err();
    assert!(e.expected.contains("pit C (count 3)"), "{e}");
    assert!(p.parse_move("k:1,2,300,4,5,6,7,8").is_err());
}

#[test]
fn kucheleka_legal_set_is_documented_and_valid() {
    for max in [1u32, 7, 8, 15, 16, 17, 64, 239] {
        let mut r = IsoloRules::isolo();
        r.set("kucheleka_max_total", &max.to_string()).unwrap();
        let p = Isolo::from_notation("K:12-1-12-3-0-1-0-4-0-0-0-0-0-0-0-0-1-0-S", r).unwrap();
        let list = p.legal_move_list();
        let expected = Game::new(p);
        let uniform = (max / 8).min(8) as usize;
        let big = if max.min(16) > 1 { 8 } else { 0 };
        assert_eq!(list.len(), uniform + 8 + big, "max {max}");
        for &m in list.iter() {
            assert_eq!(p.check_move(m), Ok(()), "{m}");
        }
        drop(expected);
    }
    let p = Isolo::from_notation(
        "K:12-1-12-3-0-1-0-4-0-0-0-0-0-0-0-0-1-0-S",
        IsoloRules::isolo(),
    )
    .unwrap();
    // Any distribution within the limits is accepted, listed or not.
    assert_eq!(
        p.check_move(IsoloMove::Kucheleka([0, 0, 0, 0, 0, 0, 0, 64])),
        Ok(())
    );
    assert!(matches!(
        p.check_move(IsoloMove::Kucheleka([0, 0, 0, 0, 0, 0, 1, 64])),
        Err(Illegal::BadSetup(_))
    ));
}

#[test]
fn options_and_registration() {
    let v = Variant::from_name("isolo").unwrap();
    assert_eq!(v, Variant::Isolo);
    let info = v.info();
    assert_eq!(info.board, "2x8");
    let names: Vec<&str> = info.options.iter().map(|o| o.name).collect();
    for want in [
        "first_player",
        "proper_first_lap_start",
        "regular_resow",
        "singleton_resow_start",
        "singleton_rule_after_first_lap_only",
        "infinite_move",
        "repetition",
        "max_plies",
        "stock_limit",
        "kucheleka_max_total",
        "no_singletons",
    ] {
        assert!(names.contains(&want), "{want}");
    }
    let mut r = IsoloRules::isolo();
    assert!(r.set("kucheleka_max_total", "0").is_err());
    assert!(r.set("kucheleka_max_total", "240").is_err());
    assert!(r.set("infinite_move", "Draw").is_err());
    assert!(r.set("grand_slam", "Allowed").is_err());
    r.set("infinite_move", "end_at_detection").unwrap();
    // A whole game through the front-end interface, with the extras.
    let mut g = v.new_game(&[], None).unwrap();
    g.play("G").unwrap();
    let s = g.state();
    let Extras::Isolo(x) = s.extras else {
        panic!("isolo extras expected, got {:?}", s.extras)
    };
    assert_eq!(x.phase, Phase::Kucheleka);
    assert_eq!(x.stock_used, [1, 0]);
    assert_eq!(x.foregame_winner, Some(Side::South));
    assert_eq!(x.foregame_end, Some(EndReason::RowEmptied));
    assert_eq!(s.stores, [0, 0]);
    g.play("k:0,5,0,3,0,0,8,1").unwrap();
    assert_eq!(g.state().to_move, Some(Side::South));
    assert!(g.play("k:1,1,1,1,1,1,1,1").is_err());
    assert!(Variant::Isolo
        .new_game(&[("bogus".into(), "1".into())], None)
        .is_err());
}

/// The end reasons used by Isolo exist with stable names.
#[test]
fn end_reason_names() {
    assert_eq!(EndReason::RowEmptied.as_str(), "row_emptied");
    assert_eq!(EndReason::EndlessMove.as_str(), "endless_move");
}

/// Plays random whole games under the preset (no `max_plies`) to their end and prints their
/// length and time: `cargo test --release -p mancala-core --test isolo -- --ignored --nocapture
/// timing`.
#[test]
#[ignore]
fn random_full_game_timing() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut total = std::time::Duration::ZERO;
    let games = 200;
    let mut longest = 0;
    for _ in 0..games {
        let t = std::time::Instant::now();
        let mut game = Game::new(Isolo::new(IsoloRules::isolo()));
        let mut fore = 0;
        while !game.position().is_over() {
            let list = game.position().legal_move_list();
            let mv = list[rng.below(list.len())];
            if game.position().phase() == Phase::Foregame {
                fore += 1;
            }
            game.play(mv).unwrap();
        }
        let took = t.elapsed();
        total += took;
        longest = longest.max(game.moves().len());
        let o = game.position().outcome().unwrap();
        println!(
            "plies {} (foregame {fore}) {} {} {:?}",
            game.moves().len(),
            o.result_name(),
            o.reason,
            took
        );
    }
    println!(
        "{games} games, mean {:?}, longest {longest} plies",
        total / games
    );
}

/// Lists the moves of random games whose simulation takes over 50 ms (never-ending moves with
/// long periods): `cargo test --release -p mancala-core --test isolo -- --ignored --nocapture
/// slowest`.
#[test]
#[ignore]
fn slowest_moves() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    for _ in 0..200 {
        let mut game = Game::new(Isolo::new(IsoloRules::isolo()));
        while !game.position().is_over() {
            let p = *game.position();
            if p.phase() != Phase::Kucheleka {
                for i in 0..16u8 {
                    let t = std::time::Instant::now();
                    if let Some(r) = p.run_move(Pit(i)) {
                        if t.elapsed().as_millis() > 50 {
                            println!(
                                "{p} {} laps {} period {:?} start {:?} {:?}",
                                Pit::<8>(i),
                                r.laps,
                                r.period,
                                r.cycle_start,
                                t.elapsed()
                            );
                        }
                    }
                }
            }
            let list = p.legal_move_list();
            let mv = list[rng.below(list.len())];
            game.play(mv).unwrap();
        }
    }
}
