//! `mancala record`: check, replay and convert game records (our format, Aualé's `.ogn`, JSON).

use mancala_core::variant::DynGame;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use mancala_core::record::{Dialect, MoveNode, Record};

use crate::EXIT_BAD_INPUT;

/// A record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// This project's text records (`.mgn`): variations kept.
    Mgn,
    /// Aualé's `.ogn` (Abapa only; variations dropped).
    Ogn,
    /// JSON: `{tags, comment, moves: [{move, captured, comment, variations}], result}`.
    Json,
}

/// The subcommands of `mancala record`.
#[derive(clap::Subcommand, Debug)]
pub enum Sub {
    /// Check that records read and that every move (variations included) is legal.
    Validate {
        /// Record files (`-` for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Replay a record and print the final position.
    Replay {
        /// The record file (`-` for standard input).
        file: PathBuf,
    },
    /// Convert between our format, `.ogn` and JSON (the input format is recognised).
    Convert {
        /// The record file (`-` for standard input).
        file: PathBuf,
        /// The output format (default: from the output file's extension, else mgn).
        #[arg(long)]
        to: Option<Format>,
        /// Write here instead of standard output.
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
}

/// Runs the command.
pub fn run(command: &Sub) -> Result<ExitCode> {
    match command {
        Sub::Validate { files } => {
            let mut bad = false;
            for f in files {
                match read(f).and_then(|r| {
                    r.to_game()
                        .map_err(|e| anyhow!("{}: {e}", f.display()))
                        .map(|g| (r, g))
                }) {
                    Ok((r, g)) => {
                        let (main, all) = (r.moves.len(), count(&r.moves));
                        println!(
                            "{}: ok, {} {main} moves ({} in variations), {}",
                            f.display(),
                            g.variant().name(),
                            all - main,
                            state_words(&g)
                        );
                    }
                    Err(e) => {
                        bad = true;
                        eprintln!("mancala: {e:#}");
                    }
                }
            }
            Ok(if bad {
                ExitCode::from(EXIT_BAD_INPUT)
            } else {
                ExitCode::SUCCESS
            })
        }
        Sub::Replay { file } => {
            let r = read(file)?;
            let g = r
                .to_game()
                .map_err(|e| anyhow!("{}: {e}", file.display()))?;
            print!("{}", crate::show::diagram(&g));
            Ok(ExitCode::SUCCESS)
        }
        Sub::Convert { file, to, output } => {
            let r = read(file)?;
            let format = to.unwrap_or_else(|| match output.as_ref().and_then(|p| p.extension()) {
                Some(e) if e.eq_ignore_ascii_case("ogn") => Format::Ogn,
                Some(e) if e.eq_ignore_ascii_case("json") => Format::Json,
                _ => Format::Mgn,
            });
            let text = match format {
                Format::Mgn => r.write(Dialect::Mancala),
                Format::Ogn => r.write(Dialect::Ogn),
                Format::Json => serde_json::to_string_pretty(&r)? + "\n",
            };
            match output {
                Some(p) => std::fs::write(p, text)
                    .with_context(|| format!("cannot write {}", p.display()))?,
                None => crate::out::stdout().lock().write_all(text.as_bytes())?,
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn state_words(g: &mancala_core::variant::AnyGame) -> String {
    let s = g.state();
    match (s.outcome, s.to_move) {
        (Some(o), _) => format!("over: {} {}-{}", o.result_name(), s.stores[0], s.stores[1]),
        (None, Some(side)) => format!("{side} to move, score {}-{}", s.stores[0], s.stores[1]),
        (None, None) => String::new(),
    }
}

fn count(line: &[MoveNode]) -> usize {
    line.iter()
        .map(|n| 1 + n.variations.iter().map(|v| count(v)).sum::<usize>())
        .sum()
}

/// Reads a record file of any of the formats (JSON when it starts with `{`).
pub fn read(path: &Path) -> Result<Record> {
    let text = if path.as_os_str() == "-" {
        let mut s = String::new();
        io::stdin().read_to_string(&mut s)?;
        s
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?
    };
    if text.trim_start().starts_with('{') {
        serde_json::from_str(&text).with_context(|| format!("{}: bad JSON record", path.display()))
    } else {
        Record::parse(&text).with_context(|| format!("{}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip_keeps_variations_and_comments() {
        let r =
            Record::parse("[Variant \"wuri\"]\n{ start } 1. A { hm } (1. B c (1... d)) f 2. C *")
                .unwrap();
        let text = serde_json::to_string(&r).unwrap();
        let back: Record = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["tags"][0], serde_json::json!(["Variant", "wuri"]));
        assert_eq!(v["moves"][0]["move"], "A");
        assert_eq!(
            v["moves"][0]["variations"][0][1]["variations"][0][0]["move"],
            "d"
        );
    }

    #[test]
    fn bad_json_says_where() {
        let e = serde_json::from_str::<Record>(r#"{"moves": [{"move": "A"}, {"mv": "b"}]}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`mv`") && e.contains("line 1 column 31"), "{e}");
    }
}
