//! `mancala i18n check`: the state of the message catalogues for translators: per language, the
//! messages missing, those English does not have (unused) and placeholders that differ.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use mancala_i18n::check::{check_files, LangReport};
use mancala_i18n::tr;

/// The subcommands of `mancala i18n`.
#[derive(clap::Subcommand, Debug)]
pub enum Sub {
    /// List missing and unused messages and placeholder mismatches per language; fails when a
    /// complete language (en, fr, pt) has a gap.
    Check {
        /// A catalogue folder (`i18n/` of the repository, one folder per language) to check
        /// instead of the catalogues built into this program.
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
        /// The language of this report (default: from the environment).
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
    },
}

/// The `.ftl` files of a catalogue folder: `(language, file name, text)`.
fn read_dir(dir: &Path) -> Result<Vec<(String, String, String)>> {
    let mut out = Vec::new();
    for lang in std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))? {
        let lang = lang?;
        if !lang.path().is_dir() {
            continue;
        }
        for f in std::fs::read_dir(lang.path())? {
            let path = f?.path();
            if path.extension().is_some_and(|e| e == "ftl") {
                let text = std::fs::read_to_string(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                out.push((
                    lang.file_name().to_string_lossy().into_owned(),
                    path.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                    text,
                ));
            }
        }
    }
    anyhow::ensure!(
        out.iter().any(|f| f.0 == mancala_i18n::DEFAULT),
        "no English catalogue (en/*.ftl) in {}",
        dir.display()
    );
    out.sort();
    Ok(out)
}

fn print_report(cat: &mancala_i18n::Catalog, r: &LangReport) {
    let name = mancala_i18n::native_name(&r.lang);
    println!(
        "{}",
        tr!(
            cat,
            "cli-check-line",
            lang = r.lang.as_str(),
            name = name,
            translated = r.translated,
            total = r.total,
            complete = if r.complete { "yes" } else { "no" }
        )
    );
    if !r.missing.is_empty() {
        println!(
            "  {}",
            tr!(cat, "cli-check-missing", ids = r.missing.join(", "))
        );
    }
    if !r.unused.is_empty() {
        println!(
            "  {}",
            tr!(cat, "cli-check-unused", ids = r.unused.join(", "))
        );
    }
    for (id, ours, theirs) in &r.placeholders {
        println!(
            "  {}",
            tr!(
                cat,
                "cli-check-placeholders",
                id = id.as_str(),
                theirs = format!("{theirs:?}"),
                ours = format!("{ours:?}")
            )
        );
    }
    for e in &r.syntax {
        println!("  {}", tr!(cat, "cli-check-syntax", error = e.as_str()));
    }
}

/// Runs the command.
pub fn run(command: &Sub) -> Result<ExitCode> {
    let Sub::Check { dir, lang } = command;
    let cat = mancala_i18n::catalog(mancala_i18n::resolve(lang.as_deref())?);
    let owned;
    let files: Vec<(&str, &str, &str)> = match dir {
        Some(d) => {
            owned = read_dir(d)?;
            println!(
                "{}",
                tr!(cat, "cli-check-title", dir = d.display().to_string())
            );
            owned
                .iter()
                .map(|(l, f, t)| (l.as_str(), f.as_str(), t.as_str()))
                .collect()
        }
        None => mancala_i18n::files().to_vec(),
    };
    let reports = check_files(&files);
    for r in &reports {
        print_report(cat, r);
    }
    let gaps = reports.iter().filter(|r| r.complete && r.has_gap()).count();
    if gaps > 0 {
        println!("{}", tr!(cat, "cli-check-gaps", count = gaps));
        return Ok(ExitCode::FAILURE);
    }
    println!("{}", tr!(cat, "cli-check-ok"));
    Ok(ExitCode::SUCCESS)
}
