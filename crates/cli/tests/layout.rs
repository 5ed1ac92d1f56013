//! Checks on the source tree itself: games are named through the closed enum at the boundary
//! and a trait per game type, never recovered from `Any` (docs/architecture.md); no import circle
//! among the files of a crate; the server's crate root only declares, and its files are short.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read the source tree") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_library_or_binary_code_downcasts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for krate in std::fs::read_dir(root.join("crates")).expect("crates/") {
        let src = krate.expect("a crate").path().join("src");
        if src.is_dir() {
            sources(&src, &mut files);
        }
    }
    if root.join("python/src").is_dir() {
        sources(&root.join("python/src"), &mut files);
    }
    assert!(files.len() > 50, "found only {} source files", files.len());
    let offenders: Vec<String> = files
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).expect("a source file");
            text.lines()
                .enumerate()
                .filter(|(_, l)| l.contains("downcast") || l.contains("dyn Any"))
                .map(|(i, l)| format!("{}:{}: {}", f.display(), i + 1, l.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}

/// A module of a crate by its path from the crate root (`[]` is the root, `["play", "app"]` is
/// `src/play/app.rs` or `src/play/app/mod.rs`).
type ModPath = Vec<String>;

/// The module a source file holds, `src` being its crate's source folder.
fn module_of(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).expect("a file of the crate");
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") || parts == ["lib"] || parts == ["main"] {
        parts.pop();
    }
    parts
}

/// The code of a source file that the crate itself builds: comments, string literals and
/// everything from the first `#[cfg(test)]` on (the unit tests) left out.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut kept = String::new();
        let mut in_string = false;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if in_string => {
                    chars.next();
                }
                '"' => in_string = !in_string,
                '/' if !in_string && chars.peek() == Some(&'/') => break,
                _ if !in_string => kept.push(c),
                _ => {}
            }
        }
        out.push_str(&kept);
        out.push('\n');
    }
    out
}

/// The paths a `use` tree names, e.g. `crate::{a, b::{c, d}}` gives `crate::a`, `crate::b::c`
/// and `crate::b::d`.
fn use_paths(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let mut base = prefix.to_vec();
        base.extend(
            tree[..open]
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from),
        );
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let (mut depth, mut start) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    use_paths(&base, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        use_paths(&base, &inner[start..], out);
        return;
    }
    let tree = tree.split(" as ").next().unwrap_or("").trim();
    if tree.is_empty() {
        return;
    }
    let mut path = prefix.to_vec();
    path.extend(tree.split("::").map(|s| s.trim().to_string()));
    out.push(path);
}

/// Every path of `code` that names a module of its own crate: in `use` items, and written out
/// (`crate::x::f()`, `super::y`; not `$crate::` in a macro's body, which names the crate the
/// macro is expanded in).
fn crate_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(end) = rest.find(';') {
            use_paths(&[], &rest[..end], &mut out);
        }
    }
    let bytes = code.as_bytes();
    for start in ["crate::", "super::"] {
        for (at, _) in code.match_indices(start) {
            // `$crate::` in a macro's body names the crate where the macro is expanded.
            if at > 0
                && (bytes[at - 1].is_ascii_alphanumeric()
                    || bytes[at - 1] == b'_'
                    || bytes[at - 1] == b'$')
            {
                continue;
            }
            let end = code[at..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| at + e);
            out.push(code[at..end].split("::").map(String::from).collect());
        }
    }
    out
}

/// The module of the crate (one of `modules`) that `path`, written in module `from`, leads to:
/// the longest prefix of it that is a module, after the crate root's re-exports (`root_uses`,
/// see [`root_re_exports`]). `None` for paths outside the crate.
fn resolve(
    modules: &[ModPath],
    root_uses: &[(String, Vec<String>)],
    from: &ModPath,
    path: &[String],
) -> Option<ModPath> {
    // `crate::X` where the crate root re-exports `X` (`pub use a::b::X;`) leads to `a::b::X`:
    // a cycle hidden behind the root's re-exports is still a cycle.
    let through_root;
    let path = match (path.first().map(String::as_str), path.get(1)) {
        (Some("crate"), Some(name)) => match root_uses.iter().find(|(n, _)| n == name) {
            Some((_, target)) => {
                through_root = ["crate".to_string()]
                    .into_iter()
                    .chain(target.iter().cloned())
                    .chain(path[2..].iter().cloned())
                    .collect::<Vec<_>>();
                &through_root[..]
            }
            None => path,
        },
        _ => path,
    };
    let (mut base, mut rest) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("self") => (from.clone(), &path[1..]),
        Some("super") => (from.clone(), path),
        Some(first) => {
            let mut child = from.clone();
            child.push(first.to_string());
            if !modules.contains(&child) {
                return None;
            }
            (from.clone(), path)
        }
        None => return None,
    };
    while rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    for segment in rest {
        let mut next = base.clone();
        next.push(segment.clone());
        if !modules.contains(&next) {
            break;
        }
        base = next;
    }
    Some(base)
}

/// The names the crate root re-exports with `pub use` (in `code`, the root's code), each with
/// the path it stands for from the root: `pub use app::{App, Config};` gives `App` for
/// `app::App`, `pub use round::clock;` gives `clock` for `round::clock` and `pub use a::b as c;`
/// gives `c` for `a::b`.
fn root_re_exports(code: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("pub use ") {
        rest = &rest[at + 8..];
        let Some(end) = rest.find(';') else {
            break;
        };
        let mut paths = Vec::new();
        use_paths_named(&[], &rest[..end], &mut paths);
        for (name, mut path) in paths {
            if path.first().is_some_and(|s| s == "crate" || s == "self") {
                path.remove(0);
            }
            if path.last().is_some_and(|s| s == "self") {
                path.pop();
            }
            out.push((name, path));
        }
    }
    out
}

/// As [`use_paths`], with the name each path is brought in as (its last segment, the module's
/// for `self`, or the `as` name).
fn use_paths_named(prefix: &[String], tree: &str, out: &mut Vec<(String, Vec<String>)>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let mut base = prefix.to_vec();
        base.extend(
            tree[..open]
                .split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from),
        );
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let (mut depth, mut start) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    use_paths_named(&base, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        use_paths_named(&base, &inner[start..], out);
        return;
    }
    let mut parts = tree.split(" as ");
    let tree = parts.next().unwrap_or("").trim();
    if tree.is_empty() {
        return;
    }
    let mut path = prefix.to_vec();
    path.extend(tree.split("::").map(|s| s.trim().to_string()));
    let name = match parts.next() {
        Some(alias) => alias.trim().to_string(),
        None if path.last().is_some_and(|s| s == "self") => {
            path[..path.len() - 1].last().cloned().unwrap_or_default()
        }
        None => path.last().cloned().unwrap_or_default(),
    };
    out.push((name, path));
}

/// The cycles of file-level imports in the crate with sources in `src`: each the modules of one
/// strongly connected component of the graph "module A names module B", sorted. The crate root
/// (which declares the modules and re-exports) is left out of the graph, but a path through its
/// re-exports (`crate::App` where the root says `pub use app::App;`) leads to the module it
/// names.
fn import_cycles(src: &Path) -> Vec<Vec<String>> {
    let mut files = Vec::new();
    sources(src, &mut files);
    let modules: Vec<ModPath> = files.iter().map(|f| module_of(src, f)).collect();
    let root_uses = files
        .iter()
        .zip(&modules)
        .find(|(_, m)| m.is_empty())
        .map(|(f, _)| root_re_exports(&code(&std::fs::read_to_string(f).expect("the crate root"))))
        .unwrap_or_default();
    let edges: Vec<Vec<usize>> = files
        .iter()
        .zip(&modules)
        .map(|(file, from)| {
            let text = std::fs::read_to_string(file).expect("a source file");
            let mut to: Vec<usize> = crate_paths(&code(&text))
                .iter()
                .filter_map(|p| resolve(&modules, &root_uses, from, p))
                .filter(|m| !m.is_empty() && !from.is_empty() && m != from)
                .filter_map(|m| modules.iter().position(|x| *x == m))
                .collect();
            to.sort_unstable();
            to.dedup();
            to
        })
        .collect();
    // Which modules each module reaches; two that reach each other are on a cycle.
    let reach: Vec<Vec<bool>> = (0..modules.len())
        .map(|start| {
            let mut seen = vec![false; modules.len()];
            let mut stack = edges[start].clone();
            while let Some(m) = stack.pop() {
                if !std::mem::replace(&mut seen[m], true) {
                    stack.extend(&edges[m]);
                }
            }
            seen
        })
        .collect();
    let mut cycles: Vec<Vec<String>> = Vec::new();
    for (a, from_a) in reach.iter().enumerate() {
        let mut cycle: Vec<String> = (0..modules.len())
            .filter(|&b| from_a[b] && reach[b][a])
            .map(|b| modules[b].join("::"))
            .collect();
        cycle.sort();
        if cycle.len() > 1 && !cycles.contains(&cycle) {
            cycles.push(cycle);
        }
    }
    cycles
}

#[test]
fn the_import_cycle_finder_finds_cycles() {
    let dir = std::env::temp_dir().join(format!("mancala-layout-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("play")).expect("a temporary folder");
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("a file");
    write(
        "lib.rs",
        "mod a;\nmod b;\nmod c;\nmod play;\npub use a::A;\n",
    );
    write("a.rs", "use crate::{b::B, c};\npub struct A;\n");
    write(
        "b.rs",
        "pub struct B;\nfn f() { crate::a::A; }\n// crate::c::C\n",
    );
    write(
        "c.rs",
        "pub struct C;\n#[cfg(test)]\nmod tests { use crate::a::A; }\n",
    );
    write("play/mod.rs", "mod app;\nmod ui;\nuse app::App;\n");
    write("play/app.rs", "use super::ui::draw;\npub struct App;\n");
    write(
        "play/ui.rs",
        "pub fn draw() { let _ = \"crate::play::app\"; }\n",
    );
    let found = import_cycles(&dir);
    std::fs::remove_dir_all(&dir).expect("the temporary folder goes");
    assert_eq!(found, vec![vec!["a".to_string(), "b".to_string()]]);
}

#[test]
fn the_import_cycle_finder_sees_through_the_crate_roots_re_exports() {
    let dir = std::env::temp_dir().join(format!("mancala-layout-root-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("round")).expect("a temporary folder");
    let write = |name: &str, text: &str| std::fs::write(dir.join(name), text).expect("a file");
    // `app` names the hub; the hub names `App` only through the root's re-export: a circle.
    // `clock` is re-exported as a module; `Hub` under another name.
    write(
        "lib.rs",
        "mod app;\nmod round;\npub use app::{App, Config};\n\
         pub use round::{clock, hub::Hub as Rooms};\n",
    );
    write(
        "app.rs",
        "use crate::Rooms;\npub struct App;\npub struct Config;\n",
    );
    write("round/mod.rs", "pub mod clock;\npub mod hub;\n");
    write(
        "round/hub.rs",
        "use crate::{clock::now, App};\npub struct Hub;\n",
    );
    write(
        "round/clock.rs",
        "pub fn now() {}\nfn f() { crate::Config; }\n",
    );
    let found = import_cycles(&dir);
    std::fs::remove_dir_all(&dir).expect("the temporary folder goes");
    assert_eq!(
        found,
        vec![vec![
            "app".to_string(),
            "round::clock".to_string(),
            "round::hub".to_string()
        ]]
    );
}

#[test]
fn no_file_level_import_cycles_within_a_crate() {
    // Known cycles, if one must ever be tolerated for a while. This list may only shrink (a
    // listed cycle that is gone fails too).
    let known: &[(&str, &[&str])] = &[];
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut crates: Vec<(String, PathBuf)> = std::fs::read_dir(root.join("crates"))
        .expect("crates/")
        .map(|k| k.expect("a crate").path())
        .filter(|k| k.join("src").is_dir())
        .map(|k| {
            (
                k.file_name().unwrap().to_string_lossy().into_owned(),
                k.join("src"),
            )
        })
        .collect();
    crates.push(("python".to_string(), root.join("python/src")));
    assert!(crates.len() >= 5, "{crates:?}");
    let mut problems = Vec::new();
    for (name, src) in &crates {
        let cycles = import_cycles(src);
        for cycle in &cycles {
            if !known.iter().any(|(k, c)| k == name && c == cycle) {
                problems.push(format!("{name}: {} import each other", cycle.join(", ")));
            }
        }
        for (k, c) in known {
            if k == name && !cycles.iter().any(|x| x == c) {
                problems.push(format!(
                    "{name}: {} no longer a cycle: drop it from `known`",
                    c.join(", ")
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_servers_crate_root_only_declares_and_no_file_is_long() {
    // Files over the limit, if one must be tolerated for a while. This list may only shrink (a
    // listed file that is short now fails too).
    let known_long: &[&str] = &[];
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/src");
    let lines = |f: &Path| {
        std::fs::read_to_string(f)
            .expect("a source file")
            .lines()
            .count()
    };
    let mut problems = Vec::new();
    let root = lines(&src.join("lib.rs"));
    if root >= 150 {
        problems.push(format!(
            "lib.rs: {root} lines (under 150: it declares modules and re-exports)"
        ));
    }
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 30, "found only {} source files", files.len());
    for f in &files {
        let name = f
            .strip_prefix(&src)
            .expect("a file of the server")
            .to_string_lossy()
            .replace('\\', "/");
        let n = lines(f);
        let known = known_long.contains(&name.as_str());
        if n > 900 && !known {
            problems.push(format!("{name}: {n} lines (at most 900)"));
        } else if n <= 900 && known {
            problems.push(format!("{name}: {n} lines now: drop it from `known_long`"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
