//! The examples in the documentation work: every record in a fenced block of the README or of
//! `docs/*.md` reads and replays (captures as written), and every position written in a fenced
//! block is accepted by a preset (the one named before it on the line, else any).

use std::path::{Path, PathBuf};

use mancala_core::record::Record;
use mancala_core::variant::Variant;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The documentation files: the README and every `docs/*.md`.
fn documents() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The fenced blocks of a Markdown text: (line of the opening fence, body).
fn fenced_blocks(text: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (n, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            match open.take() {
                Some(block) => blocks.push(block),
                None => open = Some((n + 1, String::new())),
            }
        } else if let Some((_, body)) = open.as_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    blocks
}

/// A word in a game's position notation: `[P:]n-n-...-n-S` (or `-N`).
fn is_position(word: &str) -> bool {
    let body = word.split_once(':').map_or(word, |(_, b)| b);
    let Some(counts) = body.strip_suffix("-S").or_else(|| body.strip_suffix("-N")) else {
        return false;
    };
    let parts: Vec<&str> = counts.split('-').collect();
    parts.len() >= 12
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

#[test]
fn the_fence_reader_and_the_position_pattern_work() {
    let blocks = fenced_blocks("a\n```\n[X \"y\"]\n```\nb\n```sh\nc\n```\n");
    assert_eq!(blocks, [(2, "[X \"y\"]\n".into()), (6, "c\n".into())]);
    assert!(is_position("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S"));
    assert!(is_position("F:2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-2-0-0-S"));
    assert!(!is_position("1-0"));
    assert!(!is_position("k:0,5,0,3,0,0,8,1"));
}

#[test]
fn every_record_and_position_in_the_docs_is_valid() {
    let (mut records, mut positions) = (0, 0);
    let mut errors = Vec::new();
    for file in documents() {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        for (line, body) in fenced_blocks(&text) {
            if body.trim_start().starts_with("[Variant ") {
                records += 1;
                match Record::parse(&body) {
                    Ok(r) => {
                        if let Err(e) = r.to_game() {
                            errors.push(format!("{name}:{line}: record: {e}"));
                        }
                    }
                    Err(e) => errors.push(format!("{name}:{line}: record: {e}")),
                }
                continue;
            }
            for (k, text_line) in body.lines().enumerate() {
                let words: Vec<&str> = text_line.split_whitespace().collect();
                for (i, word) in words.iter().enumerate() {
                    if !is_position(word) {
                        continue;
                    }
                    positions += 1;
                    let named = i
                        .checked_sub(1)
                        .and_then(|j| Variant::from_name(words[j]).ok());
                    let candidates: Vec<Variant> = named.map_or(Variant::ALL.to_vec(), |v| vec![v]);
                    if !candidates
                        .iter()
                        .any(|v| v.new_game(&[], Some(word)).is_ok())
                    {
                        errors.push(format!(
                            "{name}:{}: position {word} is not accepted by {}",
                            line + 1 + k,
                            named.map_or("any preset", Variant::name)
                        ));
                    }
                }
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    assert!(
        records >= 1 && positions >= 3,
        "{records} records, {positions} positions"
    );
}

/// The files a user reads: the README, the docs, the browser UI and its rules pages.
fn user_facing_files() -> Vec<PathBuf> {
    let mut files = documents();
    for dir in ["web", "web/rules"] {
        let mut more: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.extension()
                    .is_some_and(|e| e == "html" || e == "js" || e == "css")
            })
            .collect();
        more.sort();
        files.extend(more);
    }
    files
}

/// The rules specification (`rules.md`) is not shipped with the repository: what users read
/// points to the rules that are (the docs and the rules pages), never to `rules.md`.
#[test]
fn no_user_facing_text_cites_the_specification_file() {
    let mut cited = Vec::new();
    for file in user_facing_files() {
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if line.contains("rules.md") {
                cited.push(format!("{}:{}: {line}", file.display(), n + 1));
            }
        }
    }
    for args in [&["variants"][..], &["variants", "--json"][..]] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        // The descriptor keeps its `spec` field; the listing names the page players read.
        let page = if args.len() == 2 {
            "web/rules/oware.html"
        } else {
            "rules: /rules/oware"
        };
        assert!(text.contains(page), "{text}");
        for line in text.lines().filter(|l| l.contains("rules.md")) {
            cited.push(format!("mancala {}: {line}", args.join(" ")));
        }
    }
    for v in Variant::ALL {
        let spec = v.info().spec;
        assert!(
            root().join(spec).is_file(),
            "{}: {spec} is not a file of the repository",
            v.name()
        );
    }
    assert!(cited.is_empty(), "{}", cited.join("\n"));
}

/// The README says what the test command (`.ci/run`, which runs `web/tests/run.sh`) needs besides
/// a Rust toolchain.
#[test]
fn the_readme_lists_what_the_test_command_needs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let run = std::fs::read_to_string(root().join("web/tests/run.sh")).unwrap();
    let quick_start = readme
        .split("## ")
        .find(|s| s.starts_with("Quick start"))
        .expect("a Quick start section");
    for (tool, needed) in [
        ("Node.js", run.contains("node")),
        ("npm", run.contains("npm ci")),
        ("apt-get install chromium", run.contains("apt-get install")),
        ("root", run.contains("apt-get install")),
        ("network access to the package registries", true),
        ("../shared/", true),
    ] {
        assert!(
            needed,
            "web/tests/run.sh no longer needs {tool}: update this test"
        );
        assert!(
            quick_start.contains(tool),
            "the README's quick start does not mention {tool}"
        );
    }
}

/// The README is where a newcomer starts: it says how to put `mancala` on the PATH, links every
/// page of docs/, lists every command of `mancala --help`, names every crate in its layout and
/// its dependency line, and the `i18n/` folder.
#[test]
fn the_readme_covers_the_commands_the_crates_and_the_docs() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let quick_start = readme
        .split("## ")
        .find(|s| s.starts_with("Quick start"))
        .expect("a Quick start section");
    let mut missing = Vec::new();
    if !quick_start.contains("cargo install --path crates/cli --locked") {
        missing.push("an install step (cargo install --path crates/cli --locked)".to_string());
    }
    if !quick_start.contains("PostgreSQL") {
        missing.push("PostgreSQL among the test command's needs".to_string());
    }
    for page in documents().iter().skip(1) {
        let name = page.file_name().unwrap().to_str().unwrap();
        if !readme.contains(&format!("(docs/{name})")) {
            missing.push(format!("a link to docs/{name}"));
        }
    }
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .expect("a command list")
        .split("Options:")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() > 20, "{help}");
    for c in commands {
        if !readme.contains(&format!("`mancala {c}")) {
            missing.push(format!("the command {c}"));
        }
    }
    let layout = readme
        .split("## Layout")
        .nth(1)
        .expect("a Layout section")
        .split("\n## ")
        .next()
        .unwrap();
    let (tree, after) = layout.split_once("\n```\n\n").expect("the layout's block");
    let deps = after
        .lines()
        .find(|l| l.contains("Dependencies point one way"))
        .map(|first| {
            after[after.find(first).unwrap()..]
                .split("\n\n")
                .next()
                .unwrap()
        })
        .expect("the dependency line");
    let mut crates: Vec<String> = std::fs::read_dir(root().join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| root().join("crates").join(n).join("Cargo.toml").exists())
        .collect();
    crates.sort();
    for c in &crates {
        if !tree.contains(&format!("crates/{c} ")) {
            missing.push(format!("crates/{c} in the layout"));
        }
        if !deps.contains(c.as_str()) {
            missing.push(format!("{c} in the dependency line"));
        }
    }
    for folder in ["i18n/", "python/", "web/", "docs/"] {
        if !tree.lines().any(|l| l.starts_with(folder)) {
            missing.push(format!("{folder} in the layout"));
        }
    }
    if !deps.contains("python") {
        missing.push("python in the dependency line".into());
    }
    assert!(
        missing.is_empty(),
        "the README lacks {}",
        missing.join(", ")
    );
}

/// The README gives the measured time of its first command (the release build) and of the
/// test command, in minutes, with the CPU time the build's figure is derived from, instead of
/// "many minutes" or "about half an hour".
#[test]
fn the_readme_gives_measured_times_for_the_build_and_the_tests() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let quick_start = readme
        .split("## ")
        .find(|s| s.starts_with("Quick start"))
        .expect("a Quick start section");
    let paragraph = |start: &str| -> String {
        quick_start
            .split("\n\n")
            .find(|p| p.starts_with(start))
            .unwrap_or_else(|| panic!("a paragraph of the quick start starting {start:?}"))
            .replace('\n', " ")
    };
    // A number of minutes written in figures ("12 minutes", "about 17 minutes").
    let minutes = |text: &str| -> Vec<u32> {
        let words: Vec<&str> = text.split_whitespace().collect();
        words
            .windows(2)
            .filter(|w| w[1].starts_with("minutes"))
            .filter_map(|w| w[0].trim_start_matches('(').parse().ok())
            .collect()
    };
    let build = paragraph("The first command");
    assert!(
        !minutes(&build).is_empty(),
        "no build time in minutes: {build}"
    );
    assert!(
        build.contains("CPU time") && build.contains("user") && build.contains("system"),
        "the build time says what was measured (user and system CPU time): {build}"
    );
    assert!(!build.contains("many minutes"), "{build}");
    let tests = paragraph("The test command");
    assert!(
        !minutes(&tests).is_empty(),
        "no test time in minutes: {tests}"
    );
    assert!(!tests.contains("half an hour"), "{tests}");
}

/// The operators' guide sizes memory as the load test measures it: a fixed cost and a cost per
/// held game, each measured apart (`LOAD_MEMORY_GAMES`), never the whole process's memory
/// divided by the games of a run (which reads as if 10,000 games needed gigabytes).
#[test]
fn the_operators_guide_gives_the_memory_of_a_game_as_the_load_test_measures_it() {
    let guide = std::fs::read_to_string(root().join("docs/operators.md")).unwrap();
    let load = std::fs::read_to_string(root().join("crates/server/examples/load.rs")).unwrap();
    for (text, what) in [
        ("LOAD_MEMORY_GAMES", "the setting of the measure"),
        ("KiB a game", "the cost of a held game"),
        ("MiB fixed", "the fixed cost"),
    ] {
        assert!(load.contains(text), "the load test no longer prints {what}");
    }
    assert!(
        guide.contains("LOAD_MEMORY_GAMES"),
        "docs/operators.md: where the figures come from"
    );
    assert!(
        guide.contains("KiB more a game"),
        "docs/operators.md: the cost of a held game"
    );
    assert!(
        guide.contains("no game"),
        "docs/operators.md: the fixed cost"
    );
    assert!(
        !guide.contains("per 1,000 games"),
        "docs/operators.md divides the whole process's memory by the games of a run"
    );
}
