//! Embeds every catalogue under the repository's `i18n/<lang>/*.ftl` in the library, so that a
//! language is added by adding its folder and the programs need no file at run time.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest.join("../../i18n");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    if let Ok(langs) = std::fs::read_dir(&root) {
        for lang in langs.flatten() {
            let Ok(entries) = std::fs::read_dir(lang.path()) else {
                continue;
            };
            for f in entries.flatten() {
                let path = f.path();
                if path.extension().is_some_and(|e| e == "ftl") {
                    let lang = lang.file_name().to_string_lossy().into_owned();
                    let name = f.file_name().to_string_lossy().into_owned();
                    let path = path.canonicalize().expect("a catalogue file");
                    files.push((lang, name, path));
                }
            }
        }
    }
    files.sort();
    let mut out = String::from(
        "/// Every catalogue file: its language, its file name and its text.\n\
         pub static FILES: &[(&str, &str, &str)] = &[\n",
    );
    for (lang, name, path) in &files {
        let _ = writeln!(
            out,
            "    ({lang:?}, {name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("files.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
