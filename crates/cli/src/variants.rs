//! `mancala variants`: the presets, their options and defaults.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use mancala_core::variant::Variant;
use serde_json::json;

/// Arguments of `mancala variants`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let stdout = crate::out::stdout();
    let mut out = stdout.lock();
    if args.json {
        let list = Variant::ALL
            .iter()
            .map(|v| {
                let info = v.info();
                // The core's descriptor, each option's preset value named `default` here.
                let mut preset = serde_json::to_value(&info)?;
                preset["options"] = info
                    .options
                    .iter()
                    .map(|o| json!({"name": o.name, "default": o.value, "values": o.values, "doc": o.doc}))
                    .collect();
                Ok(preset)
            })
            .collect::<serde_json::Result<Vec<_>>>()?;
        writeln!(out, "{}", serde_json::to_string_pretty(&list)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    for v in Variant::ALL {
        let info = v.info();
        write!(out, "{} ({})", info.name, info.board)?;
        if !info.aliases.is_empty() {
            write!(out, "  aliases: {}", info.aliases.join(", "))?;
        }
        writeln!(out)?;
        writeln!(out, "  {}", info.summary)?;
        // Where a player reads the rules: the page `mancala serve` serves, not a repository file.
        writeln!(out, "  rules: /rules/{} (mancala serve)", info.name)?;
        let width = info.options.iter().map(|o| o.name.len()).max().unwrap_or(0);
        for o in &info.options {
            writeln!(
                out,
                "    {:width$}  = {:<18} [{}]  {}",
                o.name, o.value, o.values, o.doc
            )?;
        }
        writeln!(out)?;
    }
    Ok(ExitCode::SUCCESS)
}
