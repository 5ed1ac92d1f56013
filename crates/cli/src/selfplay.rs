//! `mancala selfplay`: play whole games (for Ba-awa, whole matches) with uniformly random legal
//! moves and report plies, results and time. A quick health check of a variant's rules and a
//! benchmark of the rules core.

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Result};
use mancala_core::extras::Extras;
use mancala_core::random::SplitMix;
use mancala_core::variant::DynGame;
use mancala_core::{advance, Game, MoveList, Position};
use mancala_engine::{dispatch, EngineGame, GameTask};

use crate::GameArgs;

/// Arguments of `mancala selfplay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Choose every move uniformly at random among the legal moves (the only player so far).
    #[arg(long)]
    random: bool,
    /// Number of games (matches for Ba-awa).
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of the random number generator; the same seed replays the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many plies and count it as capped.
    #[arg(long, default_value_t = 1_000_000)]
    max_plies: u64,
}

/// What the games added up to.
#[derive(Default)]
struct Tally {
    games: u64,
    plies: u64,
    max_plies: u64,
    capped: u64,
    rounds: u64,
    results: BTreeMap<String, u64>,
    reasons: BTreeMap<String, u64>,
}

/// Plays one game from `start` to its end (or the ply cap).
fn play_one<P: Position>(
    start: &P,
    history: &mancala_core::History<P::Key>,
    rng: &mut SplitMix,
    cap: u64,
    tally: &mut Tally,
) {
    let mut pos = *start;
    let mut history = history.clone();
    let mut plies = 0u64;
    let mut moves = MoveList::new();
    while !pos.is_over() && plies < cap {
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())];
        plies += 1;
        let _ = advance(&mut pos, mv, &mut history);
    }
    tally.games += 1;
    tally.plies += plies;
    tally.max_plies = tally.max_plies.max(plies);
    match pos.outcome() {
        Some(o) => {
            *tally
                .results
                .entry(o.result_name().to_string())
                .or_default() += 1;
            *tally
                .reasons
                .entry(o.reason.as_str().to_string())
                .or_default() += 1;
        }
        None => tally.capped += 1,
    }
    if let Extras::BaAwa(b) = pos.extras() {
        tally.rounds += u64::from(b.round);
    }
}

/// The games of one run, on the concrete position type.
struct RandomGames<'a> {
    args: &'a Args,
    tally: &'a mut Tally,
}

impl GameTask for RandomGames<'_> {
    type Output = ();
    fn run<P: EngineGame>(self, game: &Game<P>) {
        let start = *game.position();
        let history = game.history();
        let mut rng = SplitMix(self.args.seed);
        for _ in 0..self.args.games {
            play_one(&start, &history, &mut rng, self.args.max_plies, self.tally);
        }
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    if !args.random {
        bail!("only random play is available so far: add --random");
    }
    if args.max_plies == 0 {
        bail!("--max-plies must be at least 1");
    }
    let game = args.game.build()?;
    let mut tally = Tally::default();
    let started = Instant::now();
    dispatch(
        &game,
        RandomGames {
            args,
            tally: &mut tally,
        },
    );
    let secs = started.elapsed().as_secs_f64();
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    let t = &tally;
    writeln!(out, "variant {}", game.variant().name())?;
    writeln!(out, "games {}", t.games)?;
    writeln!(
        out,
        "plies {} (mean {:.1}, max {})",
        t.plies,
        t.plies as f64 / t.games.max(1) as f64,
        t.max_plies
    )?;
    if t.rounds > 0 {
        writeln!(
            out,
            "rounds {} (mean {:.2} per match)",
            t.rounds,
            t.rounds as f64 / t.games.max(1) as f64
        )?;
    }
    let join = |m: &BTreeMap<String, u64>| {
        m.iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    writeln!(out, "results {}, capped {}", join(&t.results), t.capped)?;
    writeln!(out, "reasons {}", join(&t.reasons))?;
    writeln!(
        out,
        "time {secs:.3} s ({:.0} games/s, {:.2} M plies/s)",
        t.games as f64 / secs.max(1e-9),
        t.plies as f64 / secs.max(1e-9) / 1e6
    )?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_games_and_every_match_ends() {
        let run = |seed| {
            let game = mancala_core::variant::Variant::BaAwa
                .new_game(&[], None)
                .unwrap();
            let args = Args {
                game: GameArgs {
                    variant: "ba-awa".into(),
                    position: None,
                    rules: Vec::new(),
                },
                random: true,
                games: 20,
                seed,
                max_plies: 100_000,
            };
            let mut tally = Tally::default();
            dispatch(
                &game,
                RandomGames {
                    args: &args,
                    tally: &mut tally,
                },
            );
            tally
        };
        let (a, b) = (run(7), run(7));
        assert_eq!(a.plies, b.plies);
        assert_eq!(a.games, 20);
        assert_eq!(a.capped, 0);
        assert_eq!(a.reasons.get("match_won"), Some(&20));
    }
}
