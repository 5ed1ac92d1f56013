//! The storage statements, written once for both backends (SQLite and PostgreSQL), with their
//! parameter lists.
//!
//! Each statement is written in PostgreSQL's form, with `$N` parameters; [`render`] turns it
//! into a backend's form (SQLite numbers its parameters `?N`) and fills in the few words the
//! two spell differently (`{seq}`: the column that orders rows by insertion). Upserts are
//! written as `INSERT ... ON CONFLICT`, which both backends understand. The rendered texts are
//! made once per process ([`Statement::sql`]), so running a statement copies nothing.
//!
//! Parameters are [`Arg`]s borrowed from the caller; a backend binds the first as many as its
//! statement has (see [`Statement::sql`]), so that statements sharing one list (a timed move:
//! the move and the clock's deadline) take the same one. Rows are read back with
//! [`crate::store::rows`].

use std::sync::OnceLock;

use crate::store::records::{GameQuery, MoveStamp};
use crate::store::rows::{
    game_columns, player_columns, summary_columns, tournament_columns, Dialect, SqlValue,
};

/// A statement parameter borrowed from the caller. NULLs are typed (`None` of an integer or of a
/// text), as PostgreSQL wants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg<'a> {
    /// An integer (BIGINT; INTEGER in SQLite).
    Int(Option<i64>),
    /// A floating-point number.
    Real(f64),
    /// A text.
    Text(Option<&'a str>),
    /// A boolean (an integer 0/1 in SQLite).
    Bool(bool),
}

impl<'a> Arg<'a> {
    /// A text that is never NULL.
    #[must_use]
    pub fn text(s: &'a str) -> Self {
        Arg::Text(Some(s))
    }

    /// An integer that is never NULL.
    #[must_use]
    pub fn int(n: i64) -> Self {
        Arg::Int(Some(n))
    }

    /// The value, owned.
    #[must_use]
    pub fn to_value(self) -> SqlValue {
        match self {
            Arg::Int(v) => SqlValue::Int(v),
            Arg::Real(v) => SqlValue::Real(v),
            Arg::Text(v) => SqlValue::Text(v.map(str::to_string)),
            Arg::Bool(v) => SqlValue::Bool(v),
        }
    }

    /// The value as a PostgreSQL parameter.
    #[must_use]
    pub fn pg(&self) -> &(dyn tokio_postgres::types::ToSql + Sync) {
        match self {
            Arg::Int(v) => v,
            Arg::Real(v) => v,
            Arg::Text(v) => v,
            Arg::Bool(v) => v,
        }
    }
}

impl rusqlite::ToSql for Arg<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match self {
            Arg::Int(v) => v.to_sql(),
            Arg::Real(v) => v.to_sql(),
            Arg::Text(v) => v.to_sql(),
            Arg::Bool(v) => v.to_sql(),
        }
    }
}

/// Something that binds as a statement parameter: an [`Arg`] or an owned [`SqlValue`].
pub trait Bind {
    /// The parameter.
    fn arg(&self) -> Arg<'_>;
}

impl Bind for Arg<'_> {
    fn arg(&self) -> Arg<'_> {
        *self
    }
}

impl Bind for SqlValue {
    fn arg(&self) -> Arg<'_> {
        match self {
            SqlValue::Int(v) => Arg::Int(*v),
            SqlValue::Real(v) => Arg::Real(*v),
            SqlValue::Text(v) => Arg::Text(v.as_deref()),
            SqlValue::Bool(v) => Arg::Bool(*v),
        }
    }
}

/// Recording a move without a clock: parameters `$1..$3` of [`move_args`]. Nothing is recorded
/// once the game is over (the statement changes no row: the caller answers a conflict), so that
/// a move racing an ending is never stored after it. PostgreSQL adds a tail: a locking clause
/// (`FOR NO KEY UPDATE`), so that the game's row is held until the move commits (an ending that
/// takes the row first waits for the move and then sees it, and a move that comes second sees
/// the ending), and `RETURNING` to tell whether the move was recorded.
macro_rules! insert_move_sql {
    () => {
        insert_move_sql!("")
    };
    ($tail:literal) => {
        concat!(
            "INSERT INTO moves (game, ply, mv)
             SELECT id, $2, $3 FROM games WHERE id = $1 AND result IS NULL",
            $tail
        )
    };
}
pub(crate) use insert_move_sql;

/// Recording a move with its clock stamp: parameters `$1..$6` of [`move_args`]; as
/// [`insert_move_sql`], nothing once the game is over.
macro_rules! insert_timed_move_sql {
    () => {
        insert_timed_move_sql!("")
    };
    ($tail:literal) => {
        concat!(
            "INSERT INTO moves (game, ply, mv, at_ms, south_ms, north_ms)
             SELECT id, $2, $3, $4, $5, $6 FROM games WHERE id = $1 AND result IS NULL",
            $tail
        )
    };
}
pub(crate) use insert_timed_move_sql;

/// The deadline of a game's clock after a move: parameters `$1` and `$7` of [`move_args`]
/// (none once the game is over).
macro_rules! set_deadline_sql {
    () => {
        "UPDATE games SET deadline_ms = $7 WHERE id = $1 AND result IS NULL"
    };
}
pub(crate) use set_deadline_sql;

/// One storage statement of both backends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Statement {
    /// A new game: [`crate::store::rows::new_game_values`].
    CreateGame,
    /// A move without a clock, unless the game is over: [`move_args`].
    InsertMove,
    /// A move with its clock stamp: [`move_args`].
    InsertTimedMove,
    /// The clock's deadline after a timed move: [`move_args`].
    SetDeadline,
    /// The clock stamp of a game's last move: `$1` the game.
    LastStamp,
    /// How a game ended: `$1` the game.
    GameEnding,
    /// Ends a game unless it is over or has moved on: [`finish_args`].
    Finish,
    /// Forgets a game's ending: `$1` the game.
    Reopen,
    /// The games whose clock runs, with their deadlines.
    RunningClocks,
    /// A new account unless its name is taken: [`crate::store::rows::player_values`].
    CreatePlayer,
    /// An account by its key (its name in lower case): `$1`.
    Player,
    /// Sets or clears an account's language: `$1` its key, `$2` the language (or NULL).
    SetPlayerLang,
    /// A session, made or replaced: `$1` the token's digest, `$2` the player, `$3` its expiry.
    CreateSession,
    /// A session by its token's digest: `$1`.
    Session,
    /// Ends a session: `$1` the token's digest.
    DeleteSession,
    /// A player's ratings: `$1` the player.
    Ratings,
    /// A player's rating in a preset, made or replaced: [`crate::store::rows::rating_values`].
    UpsertRating,
    /// A point of a rating graph: [`crate::store::rows::rating_point_values`].
    AddRatingPoint,
    /// A player's rating graph, oldest first: `$1` the player.
    RatingHistory,
    /// The best-rated players of a preset: `$1` the preset, `$2` how many.
    Leaderboard,
    /// Forgets a game's moves from a number on: `$1` the game, `$2` the number.
    Truncate,
    /// A game's set-up: `$1` the game.
    LoadGame,
    /// A game's moves in order: `$1` the game.
    LoadMoves,
    /// A new tournament: [`crate::store::rows::tournament_values`].
    CreateTournament,
    /// A tournament: `$1` its id.
    Tournament,
    /// The newest tournaments: `$1` how many.
    Tournaments,
    /// The tournaments not finished, oldest first.
    LiveTournaments,
    /// A tournament's new state, unless another write came first:
    /// [`crate::store::rows::tournament_values`] (`$4` the version read; the row gets the next).
    UpdateTournament,
    /// The paths of an account's lesson progress, sorted: `$1` the player.
    LearnProgress,
    /// A path of an account's lesson progress, kept once: `$1` the player, `$2` the path.
    AddLearnProgress,
}

impl Statement {
    /// Every statement, in the order of their declaration.
    pub const ALL: [Statement; 30] = [
        Statement::CreateGame,
        Statement::InsertMove,
        Statement::InsertTimedMove,
        Statement::SetDeadline,
        Statement::LastStamp,
        Statement::GameEnding,
        Statement::Finish,
        Statement::Reopen,
        Statement::RunningClocks,
        Statement::CreatePlayer,
        Statement::Player,
        Statement::SetPlayerLang,
        Statement::CreateSession,
        Statement::Session,
        Statement::DeleteSession,
        Statement::Ratings,
        Statement::UpsertRating,
        Statement::AddRatingPoint,
        Statement::RatingHistory,
        Statement::Leaderboard,
        Statement::Truncate,
        Statement::LoadGame,
        Statement::LoadMoves,
        Statement::CreateTournament,
        Statement::Tournament,
        Statement::Tournaments,
        Statement::LiveTournaments,
        Statement::UpdateTournament,
        Statement::LearnProgress,
        Statement::AddLearnProgress,
    ];

    /// The statement as written (PostgreSQL's parameters; see [`render`]).
    #[must_use]
    pub const fn source(self) -> &'static str {
        match self {
            Statement::CreateGame => concat!(
                "INSERT INTO games (",
                game_columns!(),
                ", deadline_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
                    $14, $15, $16, $17)"
            ),
            Statement::InsertMove => insert_move_sql!(),
            Statement::InsertTimedMove => insert_timed_move_sql!(),
            Statement::SetDeadline => set_deadline_sql!(),
            Statement::LastStamp => {
                "SELECT at_ms, south_ms, north_ms FROM moves WHERE game = $1
                 ORDER BY ply DESC LIMIT 1"
            }
            Statement::GameEnding => "SELECT result, reason, ended_ms FROM games WHERE id = $1",
            // Of two instances ending one game at once (a flag fall seen by both), one does;
            // and none ends it on a position that is not the latest.
            Statement::Finish => {
                "UPDATE games SET result = $2, reason = $3, ended_ms = $4, plies = $5,
                    deadline_ms = NULL WHERE id = $1 AND result IS NULL
                    AND (SELECT count(*) FROM moves WHERE game = $1) = $5"
            }
            Statement::Reopen => {
                "UPDATE games SET result = NULL, reason = NULL, ended_ms = NULL, plies = NULL
                 WHERE id = $1"
            }
            Statement::RunningClocks => {
                "SELECT id, deadline_ms FROM games WHERE deadline_ms IS NOT NULL
                    AND result IS NULL"
            }
            Statement::CreatePlayer => {
                "INSERT INTO players (name, key, password, created, lang)
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO NOTHING"
            }
            Statement::Player => {
                concat!("SELECT ", player_columns!(), " FROM players WHERE key = $1")
            }
            Statement::SetPlayerLang => "UPDATE players SET lang = $2 WHERE key = $1",
            Statement::CreateSession => {
                "INSERT INTO sessions (token_hash, player, expires) VALUES ($1, $2, $3)
                 ON CONFLICT (token_hash) DO UPDATE SET player = excluded.player,
                    expires = excluded.expires"
            }
            Statement::Session => "SELECT player, expires FROM sessions WHERE token_hash = $1",
            Statement::DeleteSession => "DELETE FROM sessions WHERE token_hash = $1",
            Statement::Ratings => {
                "SELECT variant, rating, deviation, volatility, games FROM ratings
                 WHERE player = $1 ORDER BY variant"
            }
            Statement::UpsertRating => {
                "INSERT INTO ratings (player, variant, rating, deviation, volatility, games)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (player, variant) DO UPDATE SET rating = excluded.rating,
                    deviation = excluded.deviation, volatility = excluded.volatility,
                    games = excluded.games"
            }
            Statement::AddRatingPoint => {
                "INSERT INTO rating_history (player, variant, game, at_ms, rating, deviation)
                 VALUES ($1, $2, $3, $4, $5, $6)"
            }
            Statement::RatingHistory => {
                "SELECT variant, game, at_ms, rating, deviation FROM rating_history
                 WHERE player = $1 ORDER BY at_ms, {seq}"
            }
            Statement::Leaderboard => {
                "SELECT player, rating, deviation, volatility, games FROM ratings
                 WHERE variant = $1 ORDER BY rating DESC, player LIMIT $2"
            }
            Statement::Truncate => "DELETE FROM moves WHERE game = $1 AND ply >= $2",
            Statement::LoadGame => {
                concat!("SELECT ", game_columns!(), " FROM games WHERE id = $1")
            }
            Statement::LoadMoves => "SELECT mv FROM moves WHERE game = $1 ORDER BY ply",
            Statement::CreateTournament => concat!(
                "INSERT INTO tournaments (",
                tournament_columns!(),
                ") VALUES ($1, $2, $3, $4, $5, $6)"
            ),
            Statement::Tournament => concat!(
                "SELECT ",
                tournament_columns!(),
                " FROM tournaments WHERE id = $1"
            ),
            Statement::Tournaments => concat!(
                "SELECT ",
                tournament_columns!(),
                " FROM tournaments ORDER BY created_ms DESC, id LIMIT $1"
            ),
            Statement::LiveTournaments => concat!(
                "SELECT ",
                tournament_columns!(),
                " FROM tournaments WHERE status <> 'finished' ORDER BY created_ms, id"
            ),
            // Two instances writing one tournament at once: the second changes no row (it read
            // a version that is gone) and must read it again.
            Statement::UpdateTournament => {
                "UPDATE tournaments SET name = $2, status = $3, version = $4 + 1, created_ms = $5, doc = $6
                 WHERE id = $1 AND version = $4"
            }
            Statement::LearnProgress => {
                "SELECT path FROM learn_progress WHERE player = $1 ORDER BY path"
            }
            // Two devices posting at once: each path is a row of its own, added once, so the
            // progress is the union of both.
            Statement::AddLearnProgress => {
                "INSERT INTO learn_progress (player, path) VALUES ($1, $2)
                 ON CONFLICT (player, path) DO NOTHING"
            }
        }
    }

    /// The statement in `dialect`'s form, made once per process.
    #[must_use]
    pub fn sql(self, dialect: Dialect) -> &'static str {
        static SQLITE: OnceLock<Vec<String>> = OnceLock::new();
        static POSTGRES: OnceLock<Vec<String>> = OnceLock::new();
        let table = match dialect {
            Dialect::Sqlite => &SQLITE,
            Dialect::Postgres => &POSTGRES,
        };
        let all = table.get_or_init(|| {
            Statement::ALL
                .iter()
                .map(|s| render(s.source(), dialect))
                .collect()
        });
        &all[self as usize]
    }
}

/// Statement text `sql`, written with PostgreSQL's `$N` parameters and the words of
/// [`Statement::source`], in `dialect`'s form: SQLite's parameters are `?N`, and `{seq}` (the
/// column ordering rows by insertion) is SQLite's `rowid` or the `seq` column of PostgreSQL's
/// tables that have one.
#[must_use]
pub fn render(sql: &str, dialect: Dialect) -> String {
    let sql = sql.replace(
        "{seq}",
        match dialect {
            Dialect::Sqlite => "rowid",
            Dialect::Postgres => "seq",
        },
    );
    match dialect {
        Dialect::Postgres => sql,
        Dialect::Sqlite => {
            let mut out = String::with_capacity(sql.len());
            let mut chars = sql.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '$' && chars.peek().is_some_and(char::is_ascii_digit) {
                    out.push('?');
                } else {
                    out.push(c);
                }
            }
            out
        }
    }
}

/// The parameters of [`Statement::InsertMove`] (`$1..$3`), [`Statement::InsertTimedMove`]
/// (`$1..$6`) and [`Statement::SetDeadline`] (`$1`, `$7`): move number `ply` of game `id`, and
/// its clock stamp in a timed game.
#[must_use]
pub fn move_args<'a>(
    id: &'a str,
    ply: usize,
    mv: &'a str,
    stamp: Option<&MoveStamp>,
) -> [Arg<'a>; 7] {
    let ply = i64::try_from(ply).unwrap_or(i64::MAX);
    [
        Arg::text(id),
        Arg::int(ply),
        Arg::text(mv),
        Arg::Int(stamp.map(|s| s.at_ms)),
        Arg::Int(stamp.map(|s| s.left_ms[0])),
        Arg::Int(stamp.map(|s| s.left_ms[1])),
        Arg::Int(stamp.and_then(|s| s.deadline_ms)),
    ]
}

/// The parameters of [`Statement::Finish`]: game `id` ended as `ending` after `plies` moves.
#[must_use]
pub fn finish_args<'a>(
    id: &'a str,
    ending: &'a crate::round::ending::Ending,
    plies: usize,
) -> [Arg<'a>; 5] {
    [
        Arg::text(id),
        Arg::text(ending.result.name()),
        Arg::text(&ending.reason),
        Arg::int(ending.at_ms),
        Arg::int(i64::try_from(plies).unwrap_or(i64::MAX)),
    ]
}

/// The query of finished games matching `q`, newest first (PostgreSQL's form: see [`render`]),
/// and its parameters; with `q.live`, of the games being played (see [`live`]).
#[must_use]
pub fn search(q: &GameQuery) -> (String, Vec<SqlValue>) {
    if q.live {
        return live(q);
    }
    let mut sql = String::from(concat!(
        "SELECT ",
        summary_columns!(),
        " FROM games WHERE result IS NOT NULL"
    ));
    let mut args: Vec<SqlValue> = Vec::new();
    // Adds an argument; answers its number for `$N`.
    let mut arg = |v: SqlValue| {
        args.push(v);
        args.len()
    };
    let player = q
        .player
        .as_ref()
        .map(|p| arg(SqlValue::Text(Some(p.clone()))));
    if let Some(n) = player {
        sql.push_str(&format!(" AND (south = ${n} OR north = ${n})"));
    }
    if let Some(v) = &q.variant {
        let n = arg(SqlValue::Text(Some(v.clone())));
        sql.push_str(&format!(" AND variant = ${n}"));
    }
    match (q.result.as_deref(), player) {
        (Some("win"), Some(n)) => sql.push_str(&format!(
            " AND ((result = 'south' AND south = ${n}) OR (result = 'north' AND north = ${n}))"
        )),
        (Some("loss"), Some(n)) => sql.push_str(&format!(
            " AND ((result = 'north' AND south = ${n}) OR (result = 'south' AND north = ${n}))"
        )),
        (Some(r), _) => {
            let n = arg(SqlValue::Text(Some(r.to_string())));
            sql.push_str(&format!(" AND result = ${n}"));
        }
        (None, _) => {}
    }
    if let Some(t) = q.from_ms {
        let n = arg(SqlValue::Int(Some(t)));
        sql.push_str(&format!(" AND ended_ms >= ${n}"));
    }
    if let Some(t) = q.to_ms {
        let n = arg(SqlValue::Int(Some(t)));
        sql.push_str(&format!(" AND ended_ms < ${n}"));
    }
    sql.push_str(&format!(
        " ORDER BY ended_ms DESC, id LIMIT {} OFFSET {}",
        q.limit, q.offset
    ));
    (sql, args)
}

/// The query of the games being played: online games between two accounts without a result,
/// created at or after `q.from_ms` (milliseconds; the column holds seconds), of `q.variant` if
/// given, newest first. The columns of `summary_columns!`, with an empty result and the moves
/// counted so far.
fn live(q: &GameQuery) -> (String, Vec<SqlValue>) {
    let mut sql = String::from(
        "SELECT id, variant, south, north, mode, rated, clock, '', reason, \
         (SELECT count(*) FROM moves WHERE moves.game = games.id), created, ended_ms \
         FROM games WHERE result IS NULL AND mode = 'online' \
         AND south IS NOT NULL AND north IS NOT NULL",
    );
    let mut args: Vec<SqlValue> = Vec::new();
    if let Some(v) = &q.variant {
        args.push(SqlValue::Text(Some(v.clone())));
        sql.push_str(&format!(" AND variant = ${}", args.len()));
    }
    if let Some(t) = q.from_ms {
        args.push(SqlValue::Int(Some(t.div_euclid(1000))));
        sql.push_str(&format!(" AND created >= ${}", args.len()));
    }
    sql.push_str(&format!(
        " ORDER BY created DESC, id LIMIT {} OFFSET {}",
        q.limit, q.offset
    ));
    (sql, args)
}

/// The migration that adds the accounts' language (SQLite's 4, PostgreSQL's 4).
pub const PLAYERS_LANG: &str = "ALTER TABLE players ADD COLUMN lang TEXT;";

/// The migration that adds tournaments (SQLite's 5, PostgreSQL's 5): each one row, its state a
/// JSON document written whole, guarded by its version (see [`crate::store::TournamentRow`]).
pub const TOURNAMENTS: &str = "CREATE TABLE tournaments (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        status TEXT NOT NULL,
        version BIGINT NOT NULL,
        created_ms BIGINT NOT NULL,
        doc TEXT NOT NULL
    );
    CREATE INDEX tournaments_status ON tournaments(status, created_ms);";

/// The migration that adds the accounts' lesson progress (SQLite's 6, PostgreSQL's 6): one row
/// a path done, so that progress merges by union.
pub const LEARN_PROGRESS: &str = "CREATE TABLE learn_progress (
        player TEXT NOT NULL,
        path TEXT NOT NULL,
        PRIMARY KEY (player, path)
    );";

/// The writes that add `paths` to the lesson progress of `player`, run in one transaction (a
/// path already kept is kept once).
#[must_use]
pub fn learn_progress_writes(player: &str, paths: &[String]) -> Vec<(Statement, Vec<SqlValue>)> {
    paths
        .iter()
        .map(|p| {
            (
                Statement::AddLearnProgress,
                vec![
                    SqlValue::Text(Some(player.to_string())),
                    SqlValue::Text(Some(p.clone())),
                ],
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_numbers_its_parameters_and_names_its_row_order() {
        assert_eq!(
            render(
                "SELECT a FROM t WHERE b = $1 AND c = $12 ORDER BY {seq}",
                Dialect::Sqlite
            ),
            "SELECT a FROM t WHERE b = ?1 AND c = ?12 ORDER BY rowid"
        );
        assert_eq!(
            render(
                "SELECT a FROM t WHERE b = $1 ORDER BY {seq}",
                Dialect::Postgres
            ),
            "SELECT a FROM t WHERE b = $1 ORDER BY seq"
        );
        // A dollar sign that is not a parameter stays.
        assert_eq!(render("SELECT '$x'", Dialect::Sqlite), "SELECT '$x'");
    }

    #[test]
    fn every_statement_is_in_the_table_once_and_rendered_for_both() {
        for (i, s) in Statement::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i, "{s:?} out of order");
            let (lite, pg) = (s.sql(Dialect::Sqlite), s.sql(Dialect::Postgres));
            assert!(!lite.contains('$') && !lite.contains('{'), "{lite}");
            assert!(!pg.contains('?') && !pg.contains('{'), "{pg}");
        }
    }
}
