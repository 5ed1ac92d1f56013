//! `mancala levels`: the playing levels with their Elo estimates, and the matches that measure
//! them.
//!
//! Without `--measure` it prints the table shipped with the engine
//! ([`mancala_engine::LEVEL_INFO`]). With `--measure` it plays the ladder: uniformly random play
//! (the anchor, Elo 0) and every level, each against the next one and the one after (colours
//! alternating, from random openings), then fits a Bradley-Terry model to all the results at
//! once (draws count half; one virtual draw per pairing keeps perfect scores finite) and prints
//! each level's Elo with a 95% interval from the model's curvature.

use mancala_core::variant::DynGame;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use anyhow::{Context, Result};
use mancala_engine::{LEVEL_INFO, MAX_LEVEL};
use serde_json::json;

use crate::match_cmd::{openings, parse_player, play_one};
use crate::GameArgs;

/// Arguments of `mancala levels`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Play the ladder and fit Elo estimates instead of printing the shipped table.
    #[arg(long)]
    measure: bool,
    /// Games per pairing (colours alternate).
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Games per pairing that involves the top level (it thinks one second a move).
    #[arg(long, default_value_t = 10)]
    top_games: u32,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 2)]
    opening_plies: u32,
    /// Seed of the openings and of the levels' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (each is single-threaded; more jobs than cores weakens the timed
    /// top level).
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// A game still going after this many plies is a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: u32,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Leave out the levels above this one.
    #[arg(long, default_value_t = MAX_LEVEL as usize)]
    max_level: usize,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    if !args.measure {
        return print_table(args);
    }
    measure(args)
}

fn print_table(args: &Args) -> Result<ExitCode> {
    args.game.build()?;
    let mut out = crate::out::stdout().lock();
    if args.json {
        let rows: Vec<_> = LEVEL_INFO
            .iter()
            .map(|l| json!({"level": l.level, "name": l.name, "description": l.description, "elo": l.elo}))
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "level  Elo   name          (Elo: random play = 0, measured in Abapa by `mancala levels abapa --measure`)"
    )?;
    for l in &LEVEL_INFO {
        writeln!(
            out,
            "{:>5} {:>5}  {:<12}  {}",
            l.level, l.elo, l.name, l.description
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Player `0` is random play; `k >= 1` is level `k`.
fn spec(player: usize) -> String {
    if player == 0 {
        "random".to_string()
    } else {
        format!("level={player}")
    }
}

/// One game of the ladder: the two players (A first), the opening and A's colour.
struct Task {
    a: usize,
    b: usize,
    opening: usize,
    a_south: bool,
    index: u64,
}

fn measure(args: &Args) -> Result<ExitCode> {
    let base = args.game.build()?;
    let n = args.max_level.clamp(1, usize::from(MAX_LEVEL)) + 1;
    let mut tasks = Vec::new();
    let most = args.games.max(args.top_games);
    let lines = openings(&base, most.div_ceil(2), args.opening_plies, args.seed);
    for a in 0..n {
        for b in a + 1..n.min(a + 3) {
            let games = if b == n - 1 {
                args.top_games
            } else {
                args.games
            };
            for g in 0..games {
                tasks.push(Task {
                    a: b,
                    b: a,
                    opening: (g as usize / 2) % lines.len(),
                    a_south: g % 2 == 0,
                    index: tasks.len() as u64,
                });
            }
        }
    }
    // score[i][j]: points of i against j; games[i][j]: games between them.
    let table = Mutex::new((vec![vec![0.0f64; n]; n], vec![vec![0u32; n]; n]));
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let total = tasks.len();
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..args.jobs.clamp(1, 64) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(t) = tasks.get(i) else { break };
                let result = (|| -> Result<Option<mancala_core::Side>> {
                    let mut players =
                        [parse_player(&spec(t.a), "")?, parse_player(&spec(t.b), "")?];
                    let (_, winner) = play_one(
                        &mut players,
                        &base,
                        &lines[t.opening],
                        t.a_south,
                        args.seed ^ (t.index << 32),
                        args.max_plies,
                    )?;
                    Ok(winner)
                })();
                match result {
                    Ok(winner) => {
                        let a_side = if t.a_south {
                            mancala_core::Side::South
                        } else {
                            mancala_core::Side::North
                        };
                        let pa = match winner {
                            None => 0.5,
                            Some(w) if w == a_side => 1.0,
                            Some(_) => 0.0,
                        };
                        let mut tb = table.lock().unwrap_or_else(|e| e.into_inner());
                        tb.0[t.a][t.b] += pa;
                        tb.0[t.b][t.a] += 1.0 - pa;
                        tb.1[t.a][t.b] += 1;
                        tb.1[t.b][t.a] += 1;
                        let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                        eprintln!(
                            "[{k}/{total}] {} vs {}: {}",
                            spec(t.a),
                            spec(t.b),
                            match pa {
                                x if x > 0.75 => "1-0",
                                x if x < 0.25 => "0-1",
                                _ => "draw",
                            }
                        );
                    }
                    Err(e) => {
                        *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                        next.store(usize::MAX / 2, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e).context("a ladder game failed");
    }
    let (score, games) = table.into_inner().unwrap_or_else(|e| e.into_inner());
    let (elo, se) = bradley_terry(&score, &games);
    let mut out = crate::out::stdout().lock();
    if args.json {
        let rows: Vec<_> = (0..n)
            .map(|i| json!({"player": spec(i), "elo": elo[i].round(), "ci95": (1.96 * se[i]).round()}))
            .collect();
        writeln!(out, "{}", serde_json::to_string_pretty(&rows)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "{} ladder ({} games)", base.variant().name(), total)?;
    writeln!(
        out,
        "player     Elo   95%     results (points/games against each)"
    )?;
    for i in 0..n {
        let against: Vec<String> = (0..n)
            .filter(|&j| games[i][j] > 0)
            .map(|j| format!("{}: {}/{}", spec(j), score[i][j], games[i][j]))
            .collect();
        writeln!(
            out,
            "{:<9} {:>5.0}  ±{:<5.0} {}",
            spec(i),
            elo[i],
            1.96 * se[i],
            against.join(", ")
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// Maximum-likelihood Elo ratings (player 0 fixed at 0) of a Bradley-Terry model for the points
/// `score[i][j]` that `i` scored in `games[i][j]` games against `j`, with one virtual draw added
/// to every pairing that played; and each rating's standard error from the inverse of the
/// observed information. Newton's method on the log-likelihood (a concave function).
fn bradley_terry(score: &[Vec<f64>], games: &[Vec<u32>]) -> (Vec<f64>, Vec<f64>) {
    let n = score.len();
    let c = std::f64::consts::LN_10 / 400.0;
    let mut r = vec![0.0f64; n];
    let mut cov = vec![vec![0.0f64; n]; n];
    for _ in 0..100 {
        // Gradient and negated Hessian over players 1..n (player 0 is the anchor).
        let m = n - 1;
        let mut g = vec![0.0f64; m];
        let mut h = vec![vec![0.0f64; m]; m];
        for i in 0..n {
            for j in 0..n {
                if i == j || games[i][j] == 0 {
                    continue;
                }
                let count = f64::from(games[i][j]) + 1.0;
                let points = score[i][j] + 0.5;
                let p = 1.0 / (1.0 + 10f64.powf((r[j] - r[i]) / 400.0));
                let w = count * p * (1.0 - p) * c * c;
                if i > 0 {
                    g[i - 1] += (points - count * p) * c;
                    h[i - 1][i - 1] += w;
                    if j > 0 {
                        h[i - 1][j - 1] -= w;
                    }
                }
            }
        }
        let Some(inv) = invert(&h) else {
            break;
        };
        let mut step = 0.0f64;
        for i in 0..m {
            let d: f64 = (0..m).map(|j| inv[i][j] * g[j]).sum();
            r[i + 1] += d;
            step = step.max(d.abs());
        }
        for i in 0..m {
            for j in 0..m {
                cov[i + 1][j + 1] = inv[i][j];
            }
        }
        if step < 1e-6 {
            break;
        }
    }
    let se = (0..n).map(|i| cov[i][i].max(0.0).sqrt()).collect();
    (r, se)
}

/// The inverse of a small symmetric positive-definite matrix (Gauss-Jordan); `None` if singular.
fn invert(a: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let mut w: Vec<Vec<f64>> = a
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..m).map(|j| if i == j { 1.0 } else { 0.0 }));
            r
        })
        .collect();
    for col in 0..m {
        let pivot = (col..m).max_by(|&x, &y| w[x][col].abs().total_cmp(&w[y][col].abs()))?;
        if w[pivot][col].abs() < 1e-12 {
            return None;
        }
        w.swap(col, pivot);
        let d = w[col][col];
        for v in &mut w[col] {
            *v /= d;
        }
        let pivot_row = w[col].clone();
        for (row, r) in w.iter_mut().enumerate() {
            let f = r[col];
            if row != col && f != 0.0 {
                for (x, p) in r.iter_mut().zip(&pivot_row) {
                    *x -= f * p;
                }
            }
        }
    }
    Some(w.into_iter().map(|r| r[m..].to_vec()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Players whose true ratings are 0, 200 and 400 and who score exactly the expected points:
    /// the fit recovers the ratings (the virtual draws pull them slightly together).
    #[test]
    fn bradley_terry_recovers_ratings() {
        let truth = [0.0, 200.0, 400.0];
        let n = 3;
        let mut score = vec![vec![0.0; n]; n];
        let mut games = vec![vec![0u32; n]; n];
        for i in 0..n {
            for j in 0..n {
                if i != j {
                    games[i][j] = 10_000;
                    score[i][j] = 10_000.0 / (1.0 + 10f64.powf((truth[j] - truth[i]) / 400.0));
                }
            }
        }
        let (r, se) = bradley_terry(&score, &games);
        for i in 0..n {
            assert!((r[i] - truth[i]).abs() < 2.0, "{r:?}");
        }
        assert_eq!(se[0], 0.0);
        assert!(se[1] > 0.0 && se[1] < 10.0, "{se:?}");
    }

    /// A perfect score stays finite thanks to the virtual draw, and the winner is rated higher.
    #[test]
    fn perfect_scores_stay_finite() {
        let score = vec![vec![0.0, 0.0], vec![20.0, 0.0]];
        let games = vec![vec![0, 20], vec![20, 0]];
        let (r, se) = bradley_terry(&score, &games);
        assert!(r[1] > 300.0 && r[1].is_finite(), "{r:?}");
        assert!(se[1].is_finite() && se[1] > 0.0);
    }

    #[test]
    fn invert_rejects_singular_matrices() {
        assert!(invert(&[vec![1.0, 2.0], vec![2.0, 4.0]]).is_none());
        let inv = invert(&[vec![4.0, 1.0], vec![1.0, 3.0]]).unwrap();
        assert!((inv[0][0] - 3.0 / 11.0).abs() < 1e-12);
        assert!((inv[0][1] + 1.0 / 11.0).abs() < 1e-12);
    }
}
