//! `mancala pair`: the next round's pairings of a tournament given as a TRF16 file, printed the
//! way standalone pairing programs do: the number of pairs, then one `south north` pair of
//! start numbers a line, `0` standing for the bye.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use mancala_tournament::{trf, Format, Tournament};

/// Arguments of `mancala pair`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("system").required(true).args(["dutch", "round_robin"])))]
pub struct Args {
    /// Pair a Swiss round by the FIDE Dutch system.
    #[arg(long, value_name = "FILE.trf")]
    pub dutch: Option<PathBuf>,
    /// Pair a round-robin round by the Berger tables (the file's players are the Berger
    /// numbers; a second cycle follows with `--double`).
    #[arg(long, value_name = "FILE.trf")]
    pub round_robin: Option<PathBuf>,
    /// With `--round-robin`: a double round robin.
    #[arg(long, requires = "round_robin")]
    pub double: bool,
}

/// Runs `mancala pair`.
pub fn run(args: &Args) -> Result<ExitCode> {
    let (path, format) = match (&args.dutch, &args.round_robin) {
        (Some(p), _) => (p, Format::Swiss),
        (_, Some(p)) => (
            p,
            Format::RoundRobin {
                double: args.double,
            },
        ),
        _ => unreachable!("clap requires one"),
    };
    let shown = path.display();
    let bytes = std::fs::read(path).map_err(|e| anyhow!("{shown}: {e}"))?;
    let mut t: Tournament = trf::read_bytes(&bytes)
        .map_err(|e| anyhow!("{shown}:{}: column {}: {}", e.line, e.column, e.message))?;
    t.format = format;
    let number = t.rounds.len() + 1;
    let round = t
        .pair_next_round()
        .map_err(|e| anyhow!("{shown}: round {number}: {e}"))?;
    let byes: Vec<u32> = round
        .byes
        .iter()
        .filter(|b| {
            matches!(b.kind, mancala_tournament::ByeKind::PairingAllocated)
                || matches!(format, Format::RoundRobin { .. })
        })
        .map(|b| b.player)
        .collect();
    let mut out = String::new();
    out.push_str(&format!("{}\n", round.pairings.len() + byes.len()));
    for p in &round.pairings {
        out.push_str(&format!("{} {}\n", p.south, p.north));
    }
    for b in byes {
        out.push_str(&format!("{b} 0\n"));
    }
    std::io::stdout().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
