//! `mancala db`: migrate, check, export and import the server's database (a SQLite file or a
//! PostgreSQL database), e.g. to back it up or to move from one backend to the other.

use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use mancala_server::store::dump::{self, Database, Snapshot};
use mancala_server::store::PgStore;
use mancala_server::store::SqliteStore;

use crate::serve::{resolve_db, Db};

/// The subcommands of `mancala db`.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Create the database or bring its schema up to date; print the schema version.
    Migrate(DbArg),
    /// Check the schema version and every record: moves numbered without gaps and legal under
    /// the game's rules, endings, ratings and sessions of existing accounts, tournaments whose
    /// state reads and whose games exist. Lists the problems and exits 1 when there are any.
    Check(CheckArgs),
    /// Write every account, game (with its moves and clock stamps), tournament, rating and
    /// rating graph to a dump file, with per-kind counts and a SHA-256 checksum
    /// (docs/operators.md).
    Export(ExportArgs),
    /// Read a dump file into a database in one transaction, then read the database back and
    /// compare its counts and checksum with the file's. The whole file is verified first: a bad
    /// file leaves the destination untouched.
    Import(ImportArgs),
}

/// The database a subcommand works on.
#[derive(clap::Args, Debug)]
pub struct DbArg {
    /// The database: a SQLite file or `postgres://USER@HOST:PORT/DB`. Without it,
    /// `$MANCALA_DB` if set, else `mancala.db`.
    #[arg(long)]
    db: Option<String>,
}

/// Arguments of `mancala db check`.
#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    db: DbArg,
    /// Drop the moves stored after their game's ending (a move that raced the ending: the
    /// ending came first and stands), then check again.
    #[arg(long)]
    repair: bool,
}

/// Arguments of `mancala db export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    #[command(flatten)]
    db: DbArg,
    /// The dump file to write (replaced if it exists).
    #[arg(long)]
    out: PathBuf,
    /// Also export the log-in sessions (otherwise everyone logs in again after an import).
    #[arg(long)]
    sessions: bool,
}

/// Arguments of `mancala db import`.
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    #[command(flatten)]
    db: DbArg,
    /// The dump file to read.
    #[arg(long = "in", value_name = "FILE")]
    input: PathBuf,
    /// Delete everything the destination holds first (in the same transaction). Without it, a
    /// destination holding any account, game, rating or session is refused.
    #[arg(long)]
    replace: bool,
}

/// Runs `mancala db`.
pub fn run(command: &Command) -> Result<ExitCode> {
    match command {
        Command::Migrate(a) => migrate(&resolve_db(a.db.as_deref())),
        Command::Check(a) => check(&resolve_db(a.db.db.as_deref()), a.repair),
        Command::Export(a) => export(a),
        Command::Import(a) => import(a),
    }
}

/// A readable name of `db` for messages.
fn name(db: &Db) -> String {
    match db {
        Db::Sqlite(path) => path.display().to_string(),
        // Without the password.
        Db::Postgres(url) => match url.split_once('@') {
            Some((head, tail)) => match head.rsplit_once(':') {
                Some((user, _)) if user.contains("//") && !user.ends_with('/') => {
                    format!("{user}:…@{tail}")
                }
                _ => url.clone(),
            },
            None => url.clone(),
        },
    }
}

/// Opens `db` as it is (nothing created or migrated); a SQLite file must exist.
fn open_as_is(db: &Db) -> Result<Box<dyn Database>> {
    Ok(match db {
        Db::Sqlite(path) => {
            if !path.is_file() {
                bail!("no database file at {}", path.display());
            }
            Box::new(
                SqliteStore::open_as_is(path)
                    .with_context(|| format!("opening {}", path.display()))?,
            )
        }
        Db::Postgres(url) => Box::new(
            PgStore::connect_as_is(url).with_context(|| format!("connecting to {}", name(db)))?,
        ),
    })
}

/// Opens `db`, creating it (SQLite) and bringing its schema up to date.
fn open_migrated(db: &Db) -> Result<Box<dyn Database>> {
    Ok(match db {
        Db::Sqlite(path) => Box::new(
            SqliteStore::open(path).with_context(|| format!("opening {}", path.display()))?,
        ),
        Db::Postgres(url) => Box::new(
            PgStore::connect(url, 2).with_context(|| format!("connecting to {}", name(db)))?,
        ),
    })
}

fn migrate(db: &Db) -> Result<ExitCode> {
    let before = match db {
        Db::Sqlite(path) if !path.exists() => None,
        _ => Some(open_as_is(db)?.schema()?),
    };
    let opened = open_migrated(db)?;
    let now = opened.schema()?;
    let mut out = std::io::stdout();
    match before {
        None => writeln!(out, "{}: created, schema version {now}", name(db))?,
        Some(v) if v == now => writeln!(out, "{}: schema version {now} (up to date)", name(db))?,
        Some(v) => writeln!(out, "{}: schema version {now} (was {v})", name(db))?,
    }
    Ok(ExitCode::SUCCESS)
}

fn check(db: &Db, repair: bool) -> Result<ExitCode> {
    let opened = open_as_is(db)?;
    dump::require_current_schema(opened.as_ref())?;
    let mut snapshot = Snapshot::read(opened.as_ref(), true)?;
    let mut out = std::io::stdout();
    if repair && !dump::moves_after_ending(&snapshot).is_empty() {
        for done in dump::repair(opened.as_ref(), &snapshot)? {
            writeln!(out, "repaired: {done}")?;
        }
        snapshot = Snapshot::read(opened.as_ref(), true)?;
    }
    let problems = dump::check(&snapshot);
    writeln!(
        out,
        "{}: schema version {}; {}",
        name(db),
        opened.schema()?,
        snapshot.counts()
    )?;
    if problems.is_empty() {
        writeln!(out, "ok")?;
        return Ok(ExitCode::SUCCESS);
    }
    for p in &problems {
        writeln!(out, "problem: {p}")?;
    }
    writeln!(out, "{} problems", problems.len())?;
    Ok(ExitCode::from(1))
}

fn export(a: &ExportArgs) -> Result<ExitCode> {
    let db = resolve_db(a.db.db.as_deref());
    let opened = open_as_is(&db)?;
    dump::require_current_schema(opened.as_ref())?;
    let snapshot = Snapshot::read(opened.as_ref(), a.sessions)?;
    if let Some(p) = dump::numbering_problems(&snapshot).first() {
        bail!("{p}: the moves cannot be exported in order (see `mancala db check`)");
    }
    let (counts, sha256) = write_atomically(&a.out, |w| Ok(snapshot.write(w)?))?;
    writeln!(
        std::io::stdout(),
        "exported {counts} from {} to {}\nsha256 {sha256}",
        name(&db),
        a.out.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `path` through a temporary file beside it, renamed into place once complete.
fn write_atomically<T>(path: &Path, write: impl FnOnce(&mut dyn Write) -> Result<T>) -> Result<T> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    let tmp = PathBuf::from(tmp);
    let file =
        std::fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    let mut w = BufWriter::new(file);
    let answer = match write(&mut w) {
        Ok(a) => a,
        Err(e) => {
            drop(w);
            let _ = std::fs::remove_file(&tmp);
            return Err(e);
        }
    };
    let file = w
        .into_inner()
        .map_err(|e| e.into_error())
        .with_context(|| format!("writing {}", tmp.display()))?;
    file.sync_all()?;
    std::fs::rename(&tmp, path).with_context(|| format!("renaming to {}", path.display()))?;
    Ok(answer)
}

fn import(a: &ImportArgs) -> Result<ExitCode> {
    let file =
        std::fs::File::open(&a.input).with_context(|| format!("opening {}", a.input.display()))?;
    // The whole file is read and verified before the destination is opened.
    let snapshot = Snapshot::parse(&mut BufReader::new(file))
        .with_context(|| format!("{} is not a valid dump", a.input.display()))?;
    let problems = dump::check(&snapshot);
    if !problems.is_empty() {
        bail!(
            "{}: the records fail the check:\n  {}",
            a.input.display(),
            problems.join("\n  ")
        );
    }
    let db = resolve_db(a.db.db.as_deref());
    let opened = open_migrated(&db)?;
    dump::import(opened.as_ref(), &snapshot, a.replace)
        .with_context(|| format!("importing into {}", name(&db)))?;
    let (counts, sha256) = dump::verify(opened.as_ref(), &snapshot)?;
    writeln!(
        std::io::stdout(),
        "imported {counts} into {}\nsha256 {sha256} (read back from the database: same counts \
         and checksum as the file)",
        name(&db)
    )?;
    Ok(ExitCode::SUCCESS)
}
