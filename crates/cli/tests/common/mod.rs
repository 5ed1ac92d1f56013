//! Helpers shared by the end-to-end tests.

#![allow(dead_code)] // each test file uses some of the helpers

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// A fresh folder in the system's temporary folder, removed when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// An empty folder named after `name` and this process.
    pub fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("mancala-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        TempDir(dir)
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// `name` in the folder.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The `mancala` binary with the arguments `args`, to run.
pub fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mancala"));
    c.args(args);
    c
}

/// Runs `mancala` with `args`: its exit status and output.
pub fn mancala(args: &[&str]) -> Output {
    command(args).output().expect("run mancala")
}

/// Runs `mancala` with `args`, which must succeed: its output.
pub fn succeed(args: &[&str]) -> Output {
    let out = mancala(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Runs `mancala` with `args`, which must fail with an error that says `says`.
pub fn refused(args: &[&str], says: &str) {
    let out = mancala(args);
    assert!(!out.status.success(), "{args:?} succeeded");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(says), "{args:?}: {err}");
}

/// Runs `mancala` with `args`: whether it succeeded, its standard output and its standard error.
pub fn run(args: &[&str]) -> (bool, String, String) {
    outcome(command(args))
}

/// Runs `mancala db ARGS`: whether it succeeded, its output and its errors.
pub fn db(args: &[&str]) -> (bool, String, String) {
    let mut all = vec!["db"];
    all.extend_from_slice(args);
    run(&all)
}

/// Runs `mancala db ARGS`, which must succeed: its output.
pub fn db_ok(args: &[&str]) -> String {
    let (ok, out, err) = db(args);
    assert!(ok, "mancala db {args:?}: {out}{err}");
    out
}

/// Runs the command `c`: whether it succeeded, its standard output and its standard error.
pub fn outcome(mut c: Command) -> (bool, String, String) {
    let out = c.output().expect("run mancala");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `mancala engine` with its input and output piped and `MANCALA_TABLEBASES` set to `tables`
/// (empty: no endgame tables from the user's default directory).
pub fn spawn_engine(tables: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("engine")
        .env("MANCALA_TABLEBASES", tables)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Runs `script` through `mancala engine` with `MANCALA_TABLEBASES` set to `tables`: the output.
/// A `go` line is followed by nothing else until its `bestmove` has come.
pub fn engine_script(tables: &str, script: &str) -> String {
    let mut child = spawn_engine(tables);
    let mut input = child.stdin.take().unwrap();
    let mut output = BufReader::new(child.stdout.take().unwrap());
    let mut out = String::new();
    for line in script.lines() {
        writeln!(input, "{line}").unwrap();
        input.flush().unwrap();
        if line.starts_with("go") {
            loop {
                let mut l = String::new();
                assert!(output.read_line(&mut l).unwrap() > 0, "no bestmove: {out}");
                out.push_str(&l);
                if l.starts_with("bestmove") {
                    break;
                }
            }
        }
    }
    drop(input);
    output.read_to_string(&mut out).unwrap();
    child.wait().unwrap();
    out
}

/// An online Oware game `id`, unrated, without players or clock, as the database tests store it.
pub fn stored_game(id: &str) -> mancala_server::store::GameMeta {
    mancala_server::store::GameMeta {
        id: id.into(),
        variant: "oware".into(),
        rules: Vec::new(),
        position: None,
        mode: mancala_server::store::Mode::Online,
        computer: None,
        level: 1,
        seed: 7,
        token_hashes: [None, None],
        created: 1,
        players: [None, None],
        rated: false,
        clock: None,
        started_ms: 1000,
    }
}
