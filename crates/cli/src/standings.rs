//! `mancala standings`: the standings of a tournament given as a TRF16 file, with the FIDE
//! tie-breaks (C.07) of its format, one player a line.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, Result};
use mancala_tournament::tiebreak::Tiebreak;
use mancala_tournament::{trf, Format, Tournament};

/// Arguments of `mancala standings`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The tournament (TRF16).
    #[arg(value_name = "FILE.trf")]
    pub file: PathBuf,
    /// A round robin (tie-breaks: direct encounter, Sonneborn-Berger, wins) rather than a
    /// Swiss (Buchholz cut 1, Buchholz, Sonneborn-Berger, direct encounter, wins).
    #[arg(long)]
    pub round_robin: bool,
}

/// Runs `mancala standings`.
pub fn run(args: &Args) -> Result<ExitCode> {
    let shown = args.file.display();
    let bytes = std::fs::read(&args.file).map_err(|e| anyhow!("{shown}: {e}"))?;
    let mut t: Tournament = trf::read_bytes(&bytes)
        .map_err(|e| anyhow!("{shown}:{}: column {}: {}", e.line, e.column, e.message))?;
    // The tie-breaks of the format, as a new tournament of it has them.
    let format = if args.round_robin {
        Format::RoundRobin { double: false }
    } else {
        Format::Swiss
    };
    t.tiebreaks = Tournament::new("", format, 0).tiebreaks;
    let standings = t.standings();
    let mut out = String::new();
    out.push_str("rank  no  name                               points");
    for tb in &t.tiebreaks {
        out.push_str(&format!("  {}", tb.name()));
    }
    out.push('\n');
    for s in &standings {
        out.push_str(&format!(
            "{:>4} {:>3}  {:<33} {:>7.1}",
            s.rank,
            s.start_number,
            s.name.chars().take(33).collect::<String>(),
            s.points
        ));
        for &(tb, v) in &s.tiebreaks {
            out.push_str(&format!("  {:>w$}", number(tb, v), w = tb.name().len()));
        }
        out.push('\n');
    }
    std::io::stdout().write_all(out.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// A tie-break's value: wins as a whole number, points with one decimal (two for
/// Sonneborn-Berger's quarter points).
fn number(tb: Tiebreak, v: f64) -> String {
    if tb == Tiebreak::Wins {
        format!("{v:.0}")
    } else if (v * 2.0).fract() != 0.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.1}")
    }
}
