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
        let list: Vec<_> = Variant::ALL
            .iter()
            .map(|v| {
                let info = v.info();
                let mut m = mancala_server::json::variant_map(&info);
                let options = info.options.iter().map(|o| {
                    json!({"name": o.name, "default": o.value, "values": o.values, "doc": o.doc})
                });
                m.insert("options".into(), options.collect());
                serde_json::Value::Object(m)
            })
            .collect();
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
        writeln!(out, "  spec: {}", info.spec)?;
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
