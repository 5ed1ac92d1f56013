//! Writing a snapshot into a database (import, or replacement of everything it holds) in one
//! transaction, and reading it back to compare with the file.

use super::check::check;
use super::model::{Counts, DumpError, Snapshot};
use crate::store::error::StoreError;
use crate::store::rows::{self, game_columns, Database, SqlValue};

/// How many rows each table of `db` holds.
pub fn table_counts(db: &dyn Database) -> Result<Counts, StoreError> {
    let count = |table: &str| -> Result<u64, StoreError> {
        let mut n = 0;
        db.each_row(&format!("SELECT count(*) FROM {table}"), &mut |r| {
            n = u64::try_from(r.int(0)?).unwrap_or(0);
            Ok(())
        })?;
        Ok(n)
    };
    Ok(Counts {
        players: count("players")?,
        games: count("games")?,
        moves: count("moves")?,
        tournaments: count("tournaments")?,
        ratings: count("ratings")?,
        rating_points: count("rating_history")?,
        learn_progress: count("learn_progress")?,
        sessions: count("sessions")?,
    })
}

/// Fails unless `db`'s schema is the one this program writes.
pub fn require_current_schema(db: &dyn Database) -> Result<(), DumpError> {
    let (found, known) = (db.schema()?, db.newest_schema());
    if found == known {
        return Ok(());
    }
    Err(DumpError::Schema {
        found,
        known,
        advice: if found < known {
            "run `mancala db migrate` first"
        } else {
            "use a newer version of this program"
        },
    })
}

/// Writes snapshot `s` into `db` in one transaction; with `replace`, everything `db` holds is
/// deleted first (in the same transaction), else a destination holding anything is refused.
pub fn import(db: &dyn Database, s: &Snapshot, replace: bool) -> Result<(), DumpError> {
    require_current_schema(db)?;
    let problems = check(s);
    if !problems.is_empty() {
        return Err(DumpError::Check(problems));
    }
    let held = table_counts(db)?;
    if held != Counts::default() && !replace {
        return Err(DumpError::NotEmpty(held));
    }
    let mut statements: Vec<(&'static str, Vec<SqlValue>)> = Vec::new();
    if replace {
        for table in [
            "DELETE FROM moves",
            "DELETE FROM games",
            "DELETE FROM players",
            "DELETE FROM sessions",
            "DELETE FROM ratings",
            "DELETE FROM rating_history",
            "DELETE FROM tournaments",
            "DELETE FROM learn_progress",
        ] {
            statements.push((table, Vec::new()));
        }
    }
    for p in &s.players {
        statements.push((
            crate::store::sql::Statement::CreatePlayer.source(),
            rows::player_values(p),
        ));
    }
    for g in &s.games {
        let mut values = rows::game_values(&g.meta);
        values.push(SqlValue::Int(g.deadline_ms));
        let (result, reason, ended, plies) = match &g.ending {
            Some((e, plies)) => (
                Some(e.result.name().to_string()),
                Some(e.reason.clone()),
                Some(e.at_ms),
                Some(*plies),
            ),
            None => (None, None, None, None),
        };
        values.extend([
            SqlValue::Text(result),
            SqlValue::Text(reason),
            SqlValue::Int(ended),
            SqlValue::Int(plies),
        ]);
        statements.push((
            concat!(
                "INSERT INTO games (",
                game_columns!(),
                ", deadline_ms, result, reason, ended_ms, plies) VALUES ($1, $2, $3, $4, $5, $6,
                    $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)"
            ),
            values,
        ));
        for (ply, mv, st) in &g.moves {
            statements.push((
                "INSERT INTO moves (game, ply, mv, at_ms, south_ms, north_ms)
                 VALUES ($1, $2, $3, $4, $5, $6)",
                vec![
                    SqlValue::Text(Some(g.meta.id.clone())),
                    SqlValue::Int(Some(*ply)),
                    SqlValue::Text(Some(mv.clone())),
                    SqlValue::Int(st.map(|s| s.at_ms)),
                    SqlValue::Int(st.map(|s| s.left_ms[0])),
                    SqlValue::Int(st.map(|s| s.left_ms[1])),
                ],
            ));
        }
    }
    for t in &s.tournaments {
        statements.push((
            crate::store::sql::Statement::CreateTournament.source(),
            rows::tournament_values(t).to_vec(),
        ));
    }
    for (player, variant, r) in &s.ratings {
        statements.push((
            "INSERT INTO ratings (player, variant, rating, deviation, volatility, games)
             VALUES ($1, $2, $3, $4, $5, $6)",
            rows::rating_values(player, variant, r),
        ));
    }
    for (player, p) in &s.history {
        statements.push((
            "INSERT INTO rating_history (player, variant, game, at_ms, rating, deviation)
             VALUES ($1, $2, $3, $4, $5, $6)",
            rows::rating_point_values(player, p),
        ));
    }
    for (player, path) in &s.learn_progress {
        statements.push((
            crate::store::sql::Statement::AddLearnProgress.source(),
            vec![
                SqlValue::Text(Some(player.clone())),
                SqlValue::Text(Some(path.clone())),
            ],
        ));
    }
    for (token_hash, player, expires) in &s.sessions {
        statements.push((
            "INSERT INTO sessions (token_hash, player, expires) VALUES ($1, $2, $3)",
            vec![
                SqlValue::Text(Some(token_hash.clone())),
                SqlValue::Text(Some(player.clone())),
                SqlValue::Int(Some(*expires)),
            ],
        ));
    }
    db.write_all(statements)?;
    Ok(())
}

/// Reads `db` back after an import of `s` and compares: answers the counts and checksum read
/// back, or what differs.
pub fn verify(db: &dyn Database, s: &Snapshot) -> Result<(Counts, String), DumpError> {
    let back = Snapshot::read(db, !s.sessions.is_empty())?;
    let (want, got) = ((s.counts(), s.checksum()), (back.counts(), back.checksum()));
    if want != got {
        return Err(DumpError::Mismatch(format!(
            "the file has {} (sha256 {}), the database {} (sha256 {})",
            want.0, want.1, got.0, got.1
        )));
    }
    Ok(got)
}
