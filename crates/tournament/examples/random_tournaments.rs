//! Writes random Swiss tournaments paired by our Dutch system as TRF16 files, for the
//! differential test against an independent implementation (tests/differential/run.sh).
//!
//! `cargo run --example random_tournaments -- DIR COUNT [SEED]`: players 5 to 40, 5 to 11
//! rounds, results drawn by rating (draws included), and now and then a forfeit, a requested
//! half-point bye, a withdrawal or a late entry.

use mancala_tournament::{trf, ByeKind, Format, GameResult, Tournament};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = std::path::PathBuf::from(args.get(1).expect("DIR"));
    let count: u64 = args.get(2).and_then(|a| a.parse().ok()).expect("COUNT");
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    std::fs::create_dir_all(&dir).expect("create DIR");
    let mut rng = Rng(seed);
    let mut written = 0;
    for i in 0..count {
        let players = 5 + rng.below(36) as u32;
        let rounds = 5 + rng.below(7) as u32;
        let extras = rng.chance(30);
        let mut t = Tournament::new(&format!("Random {i}"), Format::Swiss, rounds);
        for p in 0..players {
            t.add_player(&format!("Player {p}"), 2400 - 20 * p - rng.below(15) as u32);
        }
        let mut ok = true;
        for r in 1..=rounds {
            if extras && r > 1 {
                if rng.chance(20) {
                    let late = t.add_player(&format!("Late {r}"), 1000 + rng.below(500) as u32);
                    let _ = late;
                }
                if rng.chance(20) {
                    let who = 1 + rng.below(t.players.len() as u64) as u32;
                    let _ = t.request_bye(who, ByeKind::Half);
                }
                if rng.chance(10) {
                    let who = 1 + rng.below(t.players.len() as u64) as u32;
                    let _ = t.withdraw(who);
                }
            }
            let Ok(round) = t.pair_next_round() else {
                ok = false;
                break;
            };
            let games: Vec<(u32, u32)> =
                round.pairings.iter().map(|p| (p.south, p.north)).collect();
            for (b, (s, n)) in games.into_iter().enumerate() {
                let rs = t.players[s as usize - 1].rating as i64;
                let rn = t.players[n as usize - 1].rating as i64;
                let edge = (rs - rn).clamp(-400, 400) / 10; // -40..40
                let roll = rng.below(100) as i64;
                let result = if extras && rng.chance(3) {
                    if rng.chance(50) {
                        GameResult::SouthWinsByForfeit
                    } else {
                        GameResult::NorthWinsByForfeit
                    }
                } else if roll < 35 + edge {
                    GameResult::SouthWins
                } else if roll < 65 + edge / 2 {
                    GameResult::Draw
                } else {
                    GameResult::NorthWins
                };
                t.set_result(r, b as u32 + 1, Some(result)).expect("board");
            }
        }
        if !ok {
            continue;
        }
        std::fs::write(dir.join(format!("t{i:05}.trf")), trf::write(&t)).expect("write");
        written += 1;
    }
    println!("{written} tournaments written to {}", dir.display());
}
