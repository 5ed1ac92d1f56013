//! Rows and records: how each stored struct is read from a result row and written as statement
//! parameters, once for both backends (SQLite and PostgreSQL) and for the export and import of
//! a whole database.
//!
//! A backend's row type implements [`RowAccess`] (typed reads of a column by position); the
//! mapping functions here read a struct from any of them. Parameters are [`SqlValue`]s, which
//! each backend binds in its own way.

use crate::accounts::glicko::Rating;
use crate::round::clock::TimeControl;
use crate::round::ending::{Ending, GameResult};
use crate::store::error::StoreError;
use crate::store::records::{
    decode_clock, decode_rules, encode_rules, hash_text, parse_hash, GameMeta, GameSummary, Mode,
    MoveStamp, PlayerRow, RatingPoint, RatingRow, TournamentRow,
};

/// Reads the columns of one result row by position (0-based).
pub trait RowAccess {
    /// A text column that is never NULL.
    fn text(&self, i: usize) -> Result<String, StoreError>;
    /// A text column that may be NULL.
    fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError>;
    /// An integer column that is never NULL.
    fn int(&self, i: usize) -> Result<i64, StoreError>;
    /// An integer column that may be NULL.
    fn opt_int(&self, i: usize) -> Result<Option<i64>, StoreError>;
    /// A floating-point column that is never NULL.
    fn real(&self, i: usize) -> Result<f64, StoreError>;
    /// A boolean column (an integer 0/1 in SQLite).
    fn flag(&self, i: usize) -> Result<bool, StoreError>;
}

impl RowAccess for rusqlite::Row<'_> {
    fn text(&self, i: usize) -> Result<String, StoreError> {
        Ok(self.get(i)?)
    }
    fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError> {
        Ok(self.get(i)?)
    }
    fn int(&self, i: usize) -> Result<i64, StoreError> {
        Ok(self.get(i)?)
    }
    fn opt_int(&self, i: usize) -> Result<Option<i64>, StoreError> {
        Ok(self.get(i)?)
    }
    fn real(&self, i: usize) -> Result<f64, StoreError> {
        Ok(self.get(i)?)
    }
    fn flag(&self, i: usize) -> Result<bool, StoreError> {
        Ok(self.get(i)?)
    }
}

impl RowAccess for tokio_postgres::Row {
    fn text(&self, i: usize) -> Result<String, StoreError> {
        Ok(self.try_get(i)?)
    }
    fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError> {
        Ok(self.try_get(i)?)
    }
    fn int(&self, i: usize) -> Result<i64, StoreError> {
        Ok(self.try_get(i)?)
    }
    fn opt_int(&self, i: usize) -> Result<Option<i64>, StoreError> {
        Ok(self.try_get(i)?)
    }
    fn real(&self, i: usize) -> Result<f64, StoreError> {
        Ok(self.try_get(i)?)
    }
    fn flag(&self, i: usize) -> Result<bool, StoreError> {
        Ok(self.try_get(i)?)
    }
}

/// A statement parameter, owned (see [`crate::sql`] for binding it). NULLs are typed (`None` of an
/// integer or a text), as PostgreSQL wants.
#[derive(Clone, Debug, PartialEq)]
pub enum SqlValue {
    /// An integer (BIGINT; INTEGER in SQLite).
    Int(Option<i64>),
    /// A floating-point number (DOUBLE PRECISION; REAL in SQLite).
    Real(f64),
    /// A text.
    Text(Option<String>),
    /// A boolean (an integer 0/1 in SQLite).
    Bool(bool),
}

impl rusqlite::ToSql for SqlValue {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match self {
            SqlValue::Int(v) => v.to_sql(),
            SqlValue::Real(v) => v.to_sql(),
            SqlValue::Text(v) => v.to_sql(),
            SqlValue::Bool(v) => v.to_sql(),
        }
    }
}

fn int(v: i64) -> SqlValue {
    SqlValue::Int(Some(v))
}

fn text(v: impl Into<String>) -> SqlValue {
    SqlValue::Text(Some(v.into()))
}

fn to_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The columns of a game's set-up, in the order [`game_meta`] reads them and [`game_values`]
/// writes them (a macro, so that `concat!` can build statements with it).
macro_rules! game_columns {
    () => {
        "id, variant, rules, position, mode, computer, level, seed, token_hash_south, \
         token_hash_north, created, south, north, rated, clock, started_ms"
    };
}
pub(crate) use game_columns;

/// How many columns `game_columns!` names.
pub const GAME_COLUMNS: usize = 16;

/// A game's set-up from the columns of `game_columns!`, starting at column 0.
pub fn game_meta(r: &(impl RowAccess + ?Sized)) -> Result<GameMeta, StoreError> {
    let id = r.text(0)?;
    let mode = r.text(4)?;
    let level = r.int(6)?;
    Ok(GameMeta {
        variant: r.text(1)?,
        rules: decode_rules(&r.text(2)?)?,
        position: r.opt_text(3)?,
        mode: Mode::from_name(&mode)
            .ok_or_else(|| StoreError::Corrupt(format!("game {id}: mode {mode:?}")))?,
        computer: r.opt_int(5)?.map(|c| usize::from(c != 0)),
        level: u8::try_from(level)
            .map_err(|_| StoreError::Corrupt(format!("game {id}: level {level}")))?,
        // Integers are signed: the seed's bits are stored.
        seed: r.int(7)? as u64,
        token_hashes: [parse_hash(&id, &r.text(8)?)?, parse_hash(&id, &r.text(9)?)?],
        created: r.int(10)?,
        players: [r.opt_text(11)?, r.opt_text(12)?],
        rated: r.flag(13)?,
        clock: decode_clock(&id, r.opt_text(14)?.as_deref())?,
        started_ms: r.int(15)?,
        id,
    })
}

/// The parameters writing `m` into the columns of `game_columns!`, in that order.
#[must_use]
pub fn game_values(m: &GameMeta) -> Vec<SqlValue> {
    vec![
        text(m.id.clone()),
        text(m.variant.clone()),
        text(encode_rules(&m.rules)),
        SqlValue::Text(m.position.clone()),
        text(m.mode.name()),
        SqlValue::Int(m.computer.map(to_i64)),
        int(i64::from(m.level)),
        // Integers are signed: store the seed's bits.
        int(m.seed as i64),
        text(hash_text(m.token_hashes[0].as_ref())),
        text(hash_text(m.token_hashes[1].as_ref())),
        int(m.created),
        SqlValue::Text(m.players[0].clone()),
        SqlValue::Text(m.players[1].clone()),
        SqlValue::Bool(m.rated),
        SqlValue::Text(m.clock.map(|c: TimeControl| c.to_json().to_string())),
        int(m.started_ms),
    ]
}

/// A game's ending from columns `result, reason, ended_ms` starting at `first` (`None` while
/// it is not over).
pub fn ending(r: &(impl RowAccess + ?Sized), first: usize) -> Result<Option<Ending>, StoreError> {
    let (Some(result), Some(reason)) = (r.opt_text(first)?, r.opt_text(first + 1)?) else {
        return Ok(None);
    };
    let result = GameResult::from_name(&result)
        .ok_or_else(|| StoreError::Corrupt(format!("result {result:?}")))?;
    Ok(Some(Ending {
        result,
        reason,
        at_ms: r.opt_int(first + 2)?.unwrap_or(0),
    }))
}

/// A move's clock stamp from columns `at_ms, south_ms, north_ms` starting at `first` (`None`
/// for an untimed move).
pub fn move_stamp(
    r: &(impl RowAccess + ?Sized),
    first: usize,
) -> Result<Option<MoveStamp>, StoreError> {
    let (Some(at_ms), Some(south), Some(north)) = (
        r.opt_int(first)?,
        r.opt_int(first + 1)?,
        r.opt_int(first + 2)?,
    ) else {
        return Ok(None);
    };
    Ok(Some(MoveStamp {
        at_ms,
        left_ms: [south, north],
        deadline_ms: None,
    }))
}

/// The columns of an account, in the order [`player_row`] reads them (a macro, so that
/// `concat!` can build statements with it).
macro_rules! player_columns {
    () => {
        "name, password, created, lang"
    };
}
pub(crate) use player_columns;

/// An account from the columns of `player_columns!`.
pub fn player_row(r: &(impl RowAccess + ?Sized)) -> Result<PlayerRow, StoreError> {
    Ok(PlayerRow {
        name: r.text(0)?,
        password: r.text(1)?,
        created: r.int(2)?,
        lang: r.opt_text(3)?,
    })
}

/// The parameters writing account `p` into columns `name, key, password, created, lang`.
#[must_use]
pub fn player_values(p: &PlayerRow) -> Vec<SqlValue> {
    vec![
        text(p.name.clone()),
        text(p.name.to_lowercase()),
        text(p.password.clone()),
        int(p.created),
        SqlValue::Text(p.lang.clone()),
    ]
}

/// A name and a rating from columns `NAME, rating, deviation, volatility, games` starting at
/// `first` (the name is the player's or the preset's).
pub fn named_rating(
    r: &(impl RowAccess + ?Sized),
    first: usize,
) -> Result<(String, RatingRow), StoreError> {
    let name = r.text(first)?;
    let games = r.int(first + 4)?;
    Ok((
        name,
        RatingRow {
            rating: Rating {
                rating: r.real(first + 1)?,
                deviation: r.real(first + 2)?,
                volatility: r.real(first + 3)?,
            },
            games: u32::try_from(games)
                .map_err(|_| StoreError::Corrupt(format!("rated games {games}")))?,
        },
    ))
}

/// The parameters writing a rating into columns `player, variant, rating, deviation,
/// volatility, games`.
#[must_use]
pub fn rating_values(player: &str, variant: &str, row: &RatingRow) -> Vec<SqlValue> {
    vec![
        text(player),
        text(variant),
        SqlValue::Real(row.rating.rating),
        SqlValue::Real(row.rating.deviation),
        SqlValue::Real(row.rating.volatility),
        int(i64::from(row.games)),
    ]
}

/// A point of a rating graph from columns `variant, game, at_ms, rating, deviation` starting
/// at `first`.
pub fn rating_point(
    r: &(impl RowAccess + ?Sized),
    first: usize,
) -> Result<RatingPoint, StoreError> {
    Ok(RatingPoint {
        variant: r.text(first)?,
        game: r.text(first + 1)?,
        at_ms: r.int(first + 2)?,
        rating: r.real(first + 3)?,
        deviation: r.real(first + 4)?,
    })
}

/// The parameters writing a point of `player`'s rating graph into columns `player, variant,
/// game, at_ms, rating, deviation`.
#[must_use]
pub fn rating_point_values(player: &str, p: &RatingPoint) -> Vec<SqlValue> {
    vec![
        text(player),
        text(p.variant.clone()),
        text(p.game.clone()),
        int(p.at_ms),
        SqlValue::Real(p.rating),
        SqlValue::Real(p.deviation),
    ]
}

/// The columns [`game_summary`] reads.
macro_rules! summary_columns {
    () => {
        "id, variant, south, north, mode, rated, clock, result, reason, plies, created, ended_ms"
    };
}
pub(crate) use summary_columns;

/// A finished game as the archive lists it, from the columns of `summary_columns!`.
pub fn game_summary(r: &(impl RowAccess + ?Sized)) -> Result<GameSummary, StoreError> {
    let id = r.text(0)?;
    let mode = r.text(4)?;
    Ok(GameSummary {
        mode: Mode::from_name(&mode)
            .ok_or_else(|| StoreError::Corrupt(format!("game {id}: mode {mode:?}")))?,
        clock: decode_clock(&id, r.opt_text(6)?.as_deref())?,
        variant: r.text(1)?,
        players: [r.opt_text(2)?, r.opt_text(3)?],
        rated: r.flag(5)?,
        result: r.text(7)?,
        reason: r.opt_text(8)?.unwrap_or_default(),
        plies: u32::try_from(r.opt_int(9)?.unwrap_or(0)).unwrap_or(0),
        created: r.int(10)?,
        ended_ms: r.opt_int(11)?.unwrap_or(0),
        id,
    })
}

/// The parameters writing new game `m` into the columns of `game_columns!` and `deadline_ms`
/// (the first mover's clock runs from the start).
#[must_use]
pub fn new_game_values(m: &GameMeta) -> Vec<SqlValue> {
    let mut values = game_values(m);
    values.push(SqlValue::Int(m.clock.map(|c| {
        crate::round::clock::Clock::new(c, m.started_ms).deadline(mancala_core::Side::South)
    })));
    values
}

/// Which SQL a [`Database`] speaks where the two differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// What the dump ([`crate::store::dump`]) needs of a database: reading every row of a query, and writing many rows in
/// one transaction. Statements are written with PostgreSQL's `$N` parameters (the SQLite
/// backend reads them as `?N`).
pub trait Database {
    /// Which backend this is.
    fn dialect(&self) -> Dialect;
    /// The schema version of the database.
    fn schema(&self) -> Result<i64, StoreError>;
    /// The schema version this program writes in this backend.
    fn newest_schema(&self) -> i64;
    /// Runs query `sql` (no parameters) and hands each row to `each`, in the order the query
    /// answers.
    fn each_row(&self, sql: &str, each: EachRow<'_>) -> Result<(), StoreError>;
    /// Runs `statements` in one transaction: all of them or, on the first failure, none.
    fn write_all(&self, statements: Vec<(&'static str, Vec<SqlValue>)>) -> Result<(), StoreError>;
}

/// What [`Database::each_row`] hands each row to.
pub type EachRow<'a> = &'a mut dyn FnMut(&dyn RowAccess) -> Result<(), StoreError>;

/// The columns [`tournament_row`] reads, in order.
macro_rules! tournament_columns {
    () => {
        "id, name, status, version, created_ms, doc"
    };
}
pub(crate) use tournament_columns;

/// A tournament from the columns of [`tournament_columns`].
pub fn tournament_row(r: &(impl RowAccess + ?Sized)) -> Result<TournamentRow, StoreError> {
    Ok(TournamentRow {
        id: r.text(0)?,
        name: r.text(1)?,
        status: r.text(2)?,
        version: r.int(3)?,
        created_ms: r.int(4)?,
        doc: r.text(5)?,
    })
}

/// The parameters of [`crate::store::sql::Statement::CreateTournament`] (`$1..$6`, in the order
/// of [`tournament_columns`]) and of [`crate::store::sql::Statement::UpdateTournament`] (`$4`:
/// the version read).
#[must_use]
pub fn tournament_values(t: &TournamentRow) -> [SqlValue; 6] {
    [
        SqlValue::Text(Some(t.id.clone())),
        SqlValue::Text(Some(t.name.clone())),
        SqlValue::Text(Some(t.status.clone())),
        SqlValue::Int(Some(t.version)),
        SqlValue::Int(Some(t.created_ms)),
        SqlValue::Text(Some(t.doc.clone())),
    ]
}
