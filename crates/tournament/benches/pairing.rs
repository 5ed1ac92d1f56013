//! Swiss pairing speed: the ninth round of tournaments of growing size (`cargo bench -p
//! mancala-tournament`, or `-- 1000 5000` for chosen sizes; `-- --dutch 250` pairs rounds 1
//! to 8 by the Dutch system too, which takes much longer for large events). Rounds 1 to 8 are
//! paired quickly in standings order (each player with the next one he has not met, colours
//! balanced), with results drawn from the ratings: round 9 then has scoregroups and colour
//! histories like a real event's. The time printed is round 9's Dutch pairing alone, CPU time
//! beside wall time. `MANCALA_BENCH_TRF=DIR` writes each tournament before round 9 there as a
//! TRF file.

use std::time::Instant;

use mancala_tournament::{Format, GameResult, Pairing, Round, Tournament};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dutch = args.iter().any(|a| a == "--dutch");
    let sizes: Vec<u32> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() {
        vec![250, 500, 1000, 2000, 5000]
    } else {
        sizes
    };
    println!("players  round 9 pairing  CPU time  rounds 1-8 (setup)  pairing digest");
    for n in sizes {
        let mut t = Tournament::new("bench", Format::Swiss, 9);
        for i in 0..n {
            t.add_player(&format!("p{i}"), 2800 - (i * 2000 / n));
        }
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let setup = Instant::now();
        for r in 1..=8u32 {
            let boards: Vec<(u32, u32)> = if dutch {
                t.pair_next_round()
                    .expect("pairable")
                    .pairings
                    .iter()
                    .map(|p| (p.south, p.north))
                    .collect()
            } else {
                let boards = quick_round(&t);
                t.rounds.push(Round {
                    pairings: boards
                        .iter()
                        .map(|&(south, north)| Pairing {
                            south,
                            north,
                            result: None,
                        })
                        .collect(),
                    byes: Vec::new(),
                });
                boards
            };
            for (b, (s, no)) in boards.into_iter().enumerate() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let edge = (t.players[s as usize - 1].rating as i64
                    - t.players[no as usize - 1].rating as i64)
                    .clamp(-400, 400)
                    / 10;
                let roll = (state % 100) as i64;
                let res = if roll < 35 + edge {
                    GameResult::SouthWins
                } else if roll < 65 + edge / 2 {
                    GameResult::Draw
                } else {
                    GameResult::NorthWins
                };
                t.set_result(r, b as u32 + 1, Some(res)).expect("board");
            }
        }
        let setup = setup.elapsed();
        // MANCALA_BENCH_TRF=DIR keeps the tournament before round 9 (for `mancala pair`).
        if let Ok(dir) = std::env::var("MANCALA_BENCH_TRF") {
            let path = std::path::Path::new(&dir).join(format!("swiss-{n}.trf"));
            std::fs::write(&path, mancala_tournament::trf::write(&t)).expect("write the TRF");
        }
        let start = Instant::now();
        let cpu_start = cpu_seconds();
        let round = t.pair_next_round().expect("round 9");
        let took = start.elapsed();
        let cpu = cpu_seconds() - cpu_start;
        assert_eq!(
            round.pairings.len() * 2 + round.byes.len(),
            n as usize,
            "everybody paired"
        );
        println!(
            "{n:>7}  {:>13.3} s  {:>8.2} s  {:>16.1} s  {:016x}",
            took.as_secs_f64(),
            cpu,
            setup.as_secs_f64(),
            digest(round)
        );
    }
}

/// A fingerprint of a round's boards and byes (FNV-1a over the start numbers in board
/// order): a change to the pairing code that must not change the pairings keeps it.
fn digest(round: &Round) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let boards = round.pairings.iter().flat_map(|p| [p.south, p.north]);
    for v in boards.chain([0]).chain(round.byes.iter().map(|b| b.player)) {
        for byte in v.to_le_bytes() {
            h = (h ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// A round paired in standings order: each player, from the top, with the next free one he
/// has not met; South to whoever has had it less often. (A stand-in for rounds 1 to 8: the
/// benchmark times the Dutch system on round 9.)
fn quick_round(t: &Tournament) -> Vec<(u32, u32)> {
    let points = t.points();
    let entries = t.entries();
    let mut order: Vec<u32> = (1..=t.players.len() as u32).collect();
    order.sort_by(|&a, &b| {
        points[b as usize]
            .total_cmp(&points[a as usize])
            .then(a.cmp(&b))
    });
    let met = |a: u32, b: u32| {
        entries[a as usize].iter().any(
            |e| matches!(e, mancala_tournament::Entry::Game { opponent, .. } if *opponent == b),
        )
    };
    let souths = |a: u32| {
        entries[a as usize]
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    mancala_tournament::Entry::Game {
                        color: mancala_tournament::Color::White,
                        ..
                    }
                )
            })
            .count()
    };
    let mut free = vec![true; t.players.len() + 1];
    let mut boards = Vec::new();
    for (i, &a) in order.iter().enumerate() {
        if !free[a as usize] {
            continue;
        }
        let partner = order[i + 1..]
            .iter()
            .copied()
            .find(|&b| free[b as usize] && !met(a, b))
            .or_else(|| order[i + 1..].iter().copied().find(|&b| free[b as usize]));
        if let Some(b) = partner {
            free[a as usize] = false;
            free[b as usize] = false;
            boards.push(if souths(a) <= souths(b) {
                (a, b)
            } else {
                (b, a)
            });
        }
    }
    boards
}

/// The process's CPU time in seconds (user and system, from /proc/self/stat; 0 elsewhere): the
/// wall time alone misleads on a machine shared with other work.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command name (which is in parentheses): utime and stime are the
    // 12th and 13th of them, in clock ticks of 1/100 s.
    let after = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}
