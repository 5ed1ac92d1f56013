//! `mancala record`: check, replay and convert game records (our format, Aualé's `.ogn`, JSON).

use mancala_core::variant::DynGame;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, Context, Result};
use mancala_core::record::{Dialect, MoveNode, Record};
use serde_json::{json, Value};

use crate::EXIT_BAD_INPUT;

/// Arguments of `mancala record`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    command: Sub,
}

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

#[derive(clap::Subcommand, Debug)]
enum Sub {
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
pub fn run(args: &Args) -> Result<ExitCode> {
    match &args.command {
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
                        eprintln!("{e:#}");
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
                Format::Json => serde_json::to_string_pretty(&to_json(&r))? + "\n",
            };
            match output {
                Some(p) => std::fs::write(p, text)
                    .with_context(|| format!("cannot write {}", p.display()))?,
                None => io::stdout().lock().write_all(text.as_bytes())?,
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
        let v: Value =
            serde_json::from_str(&text).with_context(|| format!("{}: bad JSON", path.display()))?;
        from_json(&v).with_context(|| format!("{}", path.display()))
    } else {
        Record::parse(&text).with_context(|| format!("{}", path.display()))
    }
}

fn line_json(line: &[MoveNode]) -> Value {
    Value::Array(
        line.iter()
            .map(|n| {
                let mut m = serde_json::Map::new();
                m.insert("move".into(), json!(n.mv));
                if let Some(c) = n.captured {
                    m.insert("captured".into(), json!(c));
                }
                if let Some(c) = &n.comment {
                    m.insert("comment".into(), json!(c));
                }
                if !n.variations.is_empty() {
                    m.insert(
                        "variations".into(),
                        Value::Array(n.variations.iter().map(|v| line_json(v)).collect()),
                    );
                }
                Value::Object(m)
            })
            .collect(),
    )
}

/// The record as JSON (tags as `[name, value]` pairs, to keep their order).
#[must_use]
pub fn to_json(r: &Record) -> Value {
    json!({
        "tags": r.tags.iter().map(|(n, v)| json!([n, v])).collect::<Vec<_>>(),
        "comment": r.comment,
        "moves": line_json(&r.moves),
        "result": r.result,
    })
}

fn line_from_json(v: &Value, at: &str) -> Result<Vec<MoveNode>> {
    let items = v
        .as_array()
        .ok_or_else(|| anyhow!("{at}: expected an array of moves"))?;
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let here = format!("{at}[{i}]");
        let mv = item
            .get("move")
            .and_then(Value::as_str)
            .ok_or_else(|| anyhow!("{here}: expected a \"move\" string"))?;
        let mut node = MoveNode::new(mv);
        node.captured = match item.get("captured") {
            None | Some(Value::Null) => None,
            Some(c) => Some(
                c.as_u64()
                    .and_then(|c| u32::try_from(c).ok())
                    .ok_or_else(|| anyhow!("{here}.captured: expected a count"))?,
            ),
        };
        node.comment = item
            .get("comment")
            .and_then(Value::as_str)
            .map(str::to_string);
        if let Some(vars) = item.get("variations") {
            let vars = vars
                .as_array()
                .ok_or_else(|| anyhow!("{here}.variations: expected an array"))?;
            for (k, v) in vars.iter().enumerate() {
                node.variations
                    .push(line_from_json(v, &format!("{here}.variations[{k}]"))?);
            }
        }
        out.push(node);
    }
    Ok(out)
}

/// Reads the JSON form back.
pub fn from_json(v: &Value) -> Result<Record> {
    let mut r = Record::default();
    if let Some(tags) = v.get("tags") {
        let tags = tags
            .as_array()
            .ok_or_else(|| anyhow!("tags: expected an array"))?;
        for (i, t) in tags.iter().enumerate() {
            let pair = t
                .as_array()
                .filter(|p| p.len() == 2)
                .and_then(|p| Some((p[0].as_str()?, p[1].as_str()?)))
                .ok_or_else(|| anyhow!("tags[{i}]: expected [name, value]"))?;
            r.tags.push((pair.0.to_string(), pair.1.to_string()));
        }
    }
    r.comment = v.get("comment").and_then(Value::as_str).map(str::to_string);
    r.moves = match v.get("moves") {
        Some(m) => line_from_json(m, "moves")?,
        None => Vec::new(),
    };
    r.result = v.get("result").and_then(Value::as_str).map(str::to_string);
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip_keeps_variations_and_comments() {
        let r =
            Record::parse("[Variant \"wuri\"]\n{ start } 1. A { hm } (1. B c (1... d)) f 2. C *")
                .unwrap();
        let v = to_json(&r);
        let back = from_json(&serde_json::from_str(&v.to_string()).unwrap()).unwrap();
        assert_eq!(back, r);
    }

    #[test]
    fn bad_json_says_where() {
        let v: Value = serde_json::from_str(r#"{"moves": [{"move": "A"}, {"mv": "b"}]}"#).unwrap();
        let e = from_json(&v).unwrap_err().to_string();
        assert!(e.contains("moves[1]"), "{e}");
    }
}
