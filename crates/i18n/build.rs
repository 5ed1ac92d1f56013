//! Embeds every translation file of the repository in the library, so that a language is added
//! by adding its files and the programs need none at run time: the catalogues
//! (`i18n/<lang>/*.ftl`) and the translated rules fragments (`web/rules/<lang>/<fragment>.html`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    embed(
        &manifest.join("../../i18n"),
        "ftl",
        Name::File,
        "/// Every catalogue file: its language, its file name and its text.",
        "FILES",
        "files.rs",
    );
    embed(
        &manifest.join("../../web/rules"),
        "html",
        Name::Stem,
        "/// The translated rules fragments: language, fragment name, HTML.",
        "TRANSLATED_RULES",
        "rules.rs",
    );
}

/// How an embedded file is named in its table.
#[derive(Clone, Copy)]
enum Name {
    /// By its file name (`games.ftl`).
    File,
    /// By its file name without the extension (`oware`).
    Stem,
}

/// Writes `OUT_DIR/out`: a static `table` of `(language, name, text)`, sorted, for every
/// `root/<lang>/*.ext` file, the text included from the file.
fn embed(root: &Path, ext: &str, naming: Name, doc: &str, table: &str, out: &str) {
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    for lang in std::fs::read_dir(root).into_iter().flatten().flatten() {
        let Ok(entries) = std::fs::read_dir(lang.path()) else {
            continue;
        };
        for f in entries.flatten() {
            let path = f.path();
            if path.extension().is_some_and(|e| e == ext) {
                let lang = lang.file_name().to_string_lossy().into_owned();
                let name = match naming {
                    Name::File => f.file_name().to_string_lossy().into_owned(),
                    Name::Stem => path
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default(),
                };
                let path = path.canonicalize().expect("a translation file");
                files.push((lang, name, path));
            }
        }
    }
    files.sort();
    let mut text = format!("{doc}\npub static {table}: &[(&str, &str, &str)] = &[\n");
    for (lang, name, path) in &files {
        let _ = writeln!(
            text,
            "    ({lang:?}, {name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    text.push_str("];\n");
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join(out);
    std::fs::write(dest, text).expect("OUT_DIR is writable");
}
