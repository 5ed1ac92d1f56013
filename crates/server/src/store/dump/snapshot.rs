//! Reading a database into a [`Snapshot`]: every table, sorted by bytes in the dump's order
//! (never by a database's collation, so that both backends read the same snapshot).

use std::collections::HashMap;

use super::model::{Counts, GameDump, Snapshot};
use crate::store::error::StoreError;
use crate::store::records::MoveStamp;
use crate::store::rows::{
    self, game_columns, player_columns, tournament_columns, Database, Dialect,
};

impl Snapshot {
    /// Reads everything in `db` (sessions only when `sessions`), in the dump's order.
    pub fn read(db: &dyn Database, sessions: bool) -> Result<Snapshot, StoreError> {
        let mut s = Snapshot::default();
        db.each_row(
            concat!("SELECT ", player_columns!(), " FROM players"),
            &mut |r| {
                s.players.push(rows::player_row(r)?);
                Ok(())
            },
        )?;
        s.players.sort_by(|a, b| {
            (a.name.to_lowercase(), &a.name).cmp(&(b.name.to_lowercase(), &b.name))
        });
        let mut moves: HashMap<String, Vec<(i64, String, Option<MoveStamp>)>> = HashMap::new();
        db.each_row(
            "SELECT game, ply, mv, at_ms, south_ms, north_ms FROM moves",
            &mut |r| {
                moves.entry(r.text(0)?).or_default().push((
                    r.int(1)?,
                    r.text(2)?,
                    rows::move_stamp(r, 3)?,
                ));
                Ok(())
            },
        )?;
        db.each_row(
            concat!(
                "SELECT ",
                game_columns!(),
                ", deadline_ms, result, reason, ended_ms, plies FROM games"
            ),
            &mut |r| {
                let meta = rows::game_meta(r)?;
                let ending = match rows::ending(r, rows::GAME_COLUMNS + 1)? {
                    Some(e) => Some((e, r.opt_int(rows::GAME_COLUMNS + 4)?.unwrap_or(0))),
                    None => None,
                };
                let mut moves = moves.remove(&meta.id).unwrap_or_default();
                moves.sort_by_key(|m| m.0);
                s.games.push(GameDump {
                    deadline_ms: r.opt_int(rows::GAME_COLUMNS)?,
                    meta,
                    ending,
                    moves,
                });
                Ok(())
            },
        )?;
        s.games.sort_by(|a, b| a.meta.id.cmp(&b.meta.id));
        // Moves of no game (the schema forbids them; a damaged database may hold some).
        let mut orphans: Vec<_> = moves.into_keys().collect();
        orphans.sort();
        if let Some(game) = orphans.first() {
            return Err(StoreError::Corrupt(format!(
                "moves of game {game}, which does not exist ({} such games)",
                orphans.len()
            )));
        }
        db.each_row(
            concat!("SELECT ", tournament_columns!(), " FROM tournaments"),
            &mut |r| {
                s.tournaments.push(rows::tournament_row(r)?);
                Ok(())
            },
        )?;
        s.tournaments.sort_by(|a, b| a.id.cmp(&b.id));
        db.each_row(
            "SELECT player, rating, deviation, volatility, games, variant FROM ratings",
            &mut |r| {
                let (player, row) = rows::named_rating(r, 0)?;
                s.ratings.push((player, r.text(5)?, row));
                Ok(())
            },
        )?;
        s.ratings.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        let order = match db.dialect() {
            Dialect::Sqlite => "rowid",
            Dialect::Postgres => "seq",
        };
        db.each_row(
            &format!(
                "SELECT player, variant, game, at_ms, rating, deviation FROM rating_history
                 ORDER BY {order}"
            ),
            &mut |r| {
                s.history.push((r.text(0)?, rows::rating_point(r, 1)?));
                Ok(())
            },
        )?;
        // Stable: the points of one player keep the order they were made in.
        s.history.sort_by(|a, b| a.0.cmp(&b.0));
        db.each_row("SELECT player, path FROM learn_progress", &mut |r| {
            s.learn_progress.push((r.text(0)?, r.text(1)?));
            Ok(())
        })?;
        s.learn_progress.sort();
        if sessions {
            db.each_row(
                "SELECT token_hash, player, expires FROM sessions",
                &mut |r| {
                    s.sessions.push((r.text(0)?, r.text(1)?, r.int(2)?));
                    Ok(())
                },
            )?;
            s.sessions.sort();
        }
        Ok(s)
    }

    /// How many records of each kind it holds.
    #[must_use]
    pub fn counts(&self) -> Counts {
        let n = |k: usize| k as u64;
        Counts {
            players: n(self.players.len()),
            games: n(self.games.len()),
            moves: n(self.games.iter().map(|g| g.moves.len()).sum()),
            tournaments: n(self.tournaments.len()),
            ratings: n(self.ratings.len()),
            rating_points: n(self.history.len()),
            learn_progress: n(self.learn_progress.len()),
            sessions: n(self.sessions.len()),
        }
    }
}
