//! What the SQLite and PostgreSQL stores do alike, written once: a call that is one statement
//! of [`crate::store::sql`] and its rows read with [`crate::store::rows`] is the same in both
//! backends but for how the statement is run. Each store says how ([`Exec`]), and
//! [`common_store_methods`] writes those calls of the [`Store`](crate::store::Store) interface
//! into its `impl Store` from that.

use crate::store::error::StoreError;
use crate::store::rows::{RowAccess, SqlValue};
use crate::store::sql::{Bind, Statement};
use crate::store::traits::MoveRecord;

/// How a store runs one statement of [`crate::store::sql`].
pub(crate) trait Exec {
    /// Runs statement `s` with `args`; answers the rows it changed.
    fn changed(&self, s: Statement, args: &[impl Bind]) -> Result<u64, StoreError>;
    /// Every row query `s` answers with `args`, each read by `read`.
    fn rows<T>(&self, s: Statement, args: &[impl Bind], read: Read<'_, T>) -> Rows<T>;
    /// Records move `m` (its lease aside) as [`Store::push_timed_move`](crate::store::Store::push_timed_move) does.
    fn insert_move(&self, m: &MoveRecord) -> Result<(), StoreError>;
    /// Runs `writes` in one transaction: all of them or, on the first failure, none.
    fn changed_all(&self, writes: Vec<(Statement, Vec<SqlValue>)>) -> Result<(), StoreError>;
}

/// How [`Exec::rows`] reads one row.
pub(crate) type Read<'a, T> = &'a dyn Fn(&dyn RowAccess) -> Result<T, StoreError>;

/// The rows [`Exec::rows`] read.
pub(crate) type Rows<T> = Result<Vec<T>, StoreError>;

/// A move recorded in game `id` (`rows` rows inserted), or a conflict: the game is over (or
/// unknown), and a move racing its ending is not stored after it.
pub(crate) fn recorded(id: &str, rows: u64) -> Result<(), StoreError> {
    if rows == 0 {
        return Err(StoreError::Conflict(format!("game {id} is over")));
    }
    Ok(())
}

/// The ending of game `id` recorded (`rows` rows changed), or a conflict: the game was over
/// already, or has moved on from the position the ending was decided on.
pub(crate) fn finished(id: &str, rows: u64) -> Result<(), StoreError> {
    if rows == 0 {
        return Err(StoreError::Conflict(format!(
            "game {id} is over or has moved on"
        )));
    }
    Ok(())
}

/// The methods of [`Store`](crate::store::Store) that are one statement run through
/// [`Exec`] (the game's creation, the running clocks, accounts, sessions but their end,
/// ratings read, tournaments), for an `impl Store` block of a type that implements [`Exec`].
macro_rules! common_store_methods {
    () => {
        fn push_timed_move(
            &self,
            id: &str,
            ply: usize,
            mv: &str,
            stamp: Option<&$crate::store::records::MoveStamp>,
        ) -> Result<(), $crate::store::error::StoreError> {
            let m = $crate::store::traits::MoveRecord {
                game: id.to_string(),
                ply,
                mv: mv.to_string(),
                stamp: stamp.copied(),
                lease: false,
            };
            $crate::store::common::Exec::insert_move(self, &m)
        }

        fn create(
            &self,
            m: &$crate::store::records::GameMeta,
        ) -> Result<(), $crate::store::error::StoreError> {
            let values = $crate::store::rows::new_game_values(m);
            $crate::store::common::Exec::changed(
                self,
                $crate::store::sql::Statement::CreateGame,
                &values,
            )?;
            Ok(())
        }

        fn running_clocks(&self) -> Result<Vec<(String, i64)>, $crate::store::error::StoreError> {
            let none: &[$crate::store::sql::Arg<'_>] = &[];
            $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::RunningClocks,
                none,
                &|r| Ok((r.text(0)?, r.int(1)?)),
            )
        }

        fn create_player(
            &self,
            p: &$crate::store::records::PlayerRow,
        ) -> Result<bool, $crate::store::error::StoreError> {
            let values = $crate::store::rows::player_values(p);
            Ok($crate::store::common::Exec::changed(
                self,
                $crate::store::sql::Statement::CreatePlayer,
                &values,
            )? == 1)
        }

        fn player(
            &self,
            name: &str,
        ) -> Result<Option<$crate::store::records::PlayerRow>, $crate::store::error::StoreError> {
            let lower = name.to_lowercase();
            let key = [$crate::store::sql::Arg::text(&lower)];
            let found = $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::Player,
                &key,
                &|r| $crate::store::rows::player_row(r),
            )?;
            Ok(found.into_iter().next())
        }

        fn set_player_lang(
            &self,
            name: &str,
            lang: Option<&str>,
        ) -> Result<bool, $crate::store::error::StoreError> {
            let key = name.to_lowercase();
            let args = [
                $crate::store::sql::Arg::text(&key),
                $crate::store::sql::Arg::Text(lang),
            ];
            Ok($crate::store::common::Exec::changed(
                self,
                $crate::store::sql::Statement::SetPlayerLang,
                &args,
            )? == 1)
        }

        fn create_session(
            &self,
            token: &$crate::store::records::TokenHash,
            player: &str,
            expires: i64,
        ) -> Result<(), $crate::store::error::StoreError> {
            use $crate::store::sql::Arg;
            let digest = $crate::store::records::hash_text(Some(token));
            let args = [Arg::text(&digest), Arg::text(player), Arg::int(expires)];
            $crate::store::common::Exec::changed(
                self,
                $crate::store::sql::Statement::CreateSession,
                &args,
            )?;
            Ok(())
        }

        fn session(
            &self,
            token: &$crate::store::records::TokenHash,
        ) -> Result<Option<(String, i64)>, $crate::store::error::StoreError> {
            let digest = $crate::store::records::hash_text(Some(token));
            let key = [$crate::store::sql::Arg::text(&digest)];
            let found = $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::Session,
                &key,
                &|r| Ok((r.text(0)?, r.int(1)?)),
            )?;
            Ok(found.into_iter().next())
        }

        fn ratings(
            &self,
            player: &str,
        ) -> Result<
            Vec<(String, $crate::store::records::RatingRow)>,
            $crate::store::error::StoreError,
        > {
            let key = [$crate::store::sql::Arg::text(player)];
            $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::Ratings,
                &key,
                &|r| $crate::store::rows::named_rating(r, 0),
            )
        }

        fn learn_progress(
            &self,
            player: &str,
        ) -> Result<Vec<String>, $crate::store::error::StoreError> {
            let key = [$crate::store::sql::Arg::text(player)];
            $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::LearnProgress,
                &key,
                &|r| r.text(0),
            )
        }

        fn add_learn_progress(
            &self,
            player: &str,
            paths: &[String],
        ) -> Result<(), $crate::store::error::StoreError> {
            $crate::store::common::Exec::changed_all(
                self,
                $crate::store::sql::learn_progress_writes(player, paths),
            )
        }

        fn rating_history(
            &self,
            player: &str,
        ) -> Result<Vec<$crate::store::records::RatingPoint>, $crate::store::error::StoreError> {
            let key = [$crate::store::sql::Arg::text(player)];
            $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::RatingHistory,
                &key,
                &|r| $crate::store::rows::rating_point(r, 0),
            )
        }

        fn leaderboard(
            &self,
            variant: &str,
            limit: u32,
        ) -> Result<
            Vec<(String, $crate::store::records::RatingRow)>,
            $crate::store::error::StoreError,
        > {
            use $crate::store::sql::Arg;
            let args = [Arg::text(variant), Arg::int(i64::from(limit))];
            $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::Leaderboard,
                &args,
                &|r| $crate::store::rows::named_rating(r, 0),
            )
        }

        fn create_tournament(
            &self,
            t: &$crate::store::records::TournamentRow,
        ) -> Result<(), $crate::store::error::StoreError> {
            let values = $crate::store::rows::tournament_values(t);
            $crate::store::common::Exec::changed(
                self,
                $crate::store::sql::Statement::CreateTournament,
                &values,
            )?;
            Ok(())
        }

        fn tournament(
            &self,
            id: &str,
        ) -> Result<Option<$crate::store::records::TournamentRow>, $crate::store::error::StoreError>
        {
            let key = [$crate::store::sql::Arg::text(id)];
            let found = $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::Tournament,
                &key,
                &|r| $crate::store::rows::tournament_row(r),
            )?;
            Ok(found.into_iter().next())
        }

        fn tournaments(
            &self,
            limit: u32,
        ) -> Result<Vec<$crate::store::records::TournamentRow>, $crate::store::error::StoreError> {
            let limit = [$crate::store::sql::Arg::int(i64::from(limit))];
            $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::Tournaments,
                &limit,
                &|r| $crate::store::rows::tournament_row(r),
            )
        }

        fn live_tournaments(
            &self,
        ) -> Result<Vec<$crate::store::records::TournamentRow>, $crate::store::error::StoreError> {
            let none: &[$crate::store::sql::Arg<'_>] = &[];
            $crate::store::common::Exec::rows(
                self,
                $crate::store::sql::Statement::LiveTournaments,
                none,
                &|r| $crate::store::rows::tournament_row(r),
            )
        }

        fn rate(
            &self,
            game: &str,
            variant: &str,
            at_ms: i64,
            updates: &[(String, $crate::store::records::RatingRow)],
        ) -> Result<(), $crate::store::error::StoreError> {
            use $crate::store::rows::{rating_point_values, rating_values};
            use $crate::store::sql::Statement;
            let mut writes = Vec::new();
            for (player, row) in updates {
                let point = $crate::store::records::RatingPoint::after(game, variant, at_ms, row);
                writes.push((Statement::UpsertRating, rating_values(player, variant, row)));
                writes.push((
                    Statement::AddRatingPoint,
                    rating_point_values(player, &point),
                ));
            }
            $crate::store::common::Exec::changed_all(self, writes)
        }

        fn update_tournament(
            &self,
            t: &$crate::store::records::TournamentRow,
        ) -> Result<bool, $crate::store::error::StoreError> {
            let values = $crate::store::rows::tournament_values(t);
            Ok($crate::store::common::Exec::changed(
                self,
                $crate::store::sql::Statement::UpdateTournament,
                &values,
            )? == 1)
        }
    };
}
pub(crate) use common_store_methods;

/// The indexes of the games' table (part of SQLite's migration 3 and PostgreSQL's 1).
macro_rules! game_indexes {
    () => {
        "CREATE INDEX games_south ON games(south, ended_ms);
    CREATE INDEX games_north ON games(north, ended_ms);
    CREATE INDEX games_ended ON games(ended_ms);
    CREATE INDEX games_deadline ON games(deadline_ms) WHERE deadline_ms IS NOT NULL;"
    };
}
pub(crate) use game_indexes;

/// The ratings' tables and their indexes (the end of SQLite's migration 3 and PostgreSQL's 1)
/// with the backend's types of a float and an integer, and the first column of the rating
/// history (with its separator) where the backend has one of its own to keep the points'
/// order (PostgreSQL's `seq`; SQLite's rows have `rowid`).
macro_rules! rating_tables {
    ($real:literal, $int:literal, $history_seq:literal) => {
        concat!(
            "CREATE TABLE ratings (
        player TEXT NOT NULL,
        variant TEXT NOT NULL,
        rating ",
            $real,
            " NOT NULL,
        deviation ",
            $real,
            " NOT NULL,
        volatility ",
            $real,
            " NOT NULL,
        games ",
            $int,
            " NOT NULL,
        PRIMARY KEY (player, variant)
    );
    CREATE INDEX ratings_board ON ratings(variant, rating);
    CREATE TABLE rating_history (
        ",
            $history_seq,
            "player TEXT NOT NULL,
        variant TEXT NOT NULL,
        game TEXT NOT NULL,
        at_ms ",
            $int,
            " NOT NULL,
        rating ",
            $real,
            " NOT NULL,
        deviation ",
            $real,
            " NOT NULL
    );
    CREATE INDEX rating_history_player ON rating_history(player, at_ms);"
        )
    };
}
pub(crate) use rating_tables;

/// The beginning of the games' table, up to its `computer` column's type (SQLite's migration 1
/// and PostgreSQL's 1).
macro_rules! games_table_head {
    () => {
        "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        variant TEXT NOT NULL,
        rules TEXT NOT NULL,
        position TEXT,
        mode TEXT NOT NULL,
        computer "
    };
}
pub(crate) use games_table_head;
