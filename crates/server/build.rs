//! Embeds the translated rules fragments (`web/rules/<lang>/<fragment>.html`) that exist, so that
//! a translation is added by adding its file.

use std::fmt::Write as _;
use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest.join("../../web/rules");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut found = Vec::new();
    if let Ok(dirs) = std::fs::read_dir(&root) {
        for dir in dirs.flatten().filter(|d| d.path().is_dir()) {
            let lang = dir.file_name().to_string_lossy().into_owned();
            for f in std::fs::read_dir(dir.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                let path = f.path();
                if path.extension().is_some_and(|e| e == "html") {
                    let name = path
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let path = path.canonicalize().expect("a fragment file");
                    found.push((lang.clone(), name, path));
                }
            }
        }
    }
    found.sort();
    let mut out = String::from(
        "/// The translated rules fragments: language, fragment name, HTML.\n\
         pub static TRANSLATED_RULES: &[(&str, &str, &str)] = &[\n",
    );
    for (lang, name, path) in &found {
        let _ = writeln!(
            out,
            "    ({lang:?}, {name:?}, include_str!({:?})),",
            path.display().to_string()
        );
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var_os("OUT_DIR").expect("set by cargo")).join("rules.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
