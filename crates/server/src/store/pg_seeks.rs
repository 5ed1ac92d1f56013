//! The lobby's seeks in PostgreSQL, shared by every server instance using the database (see
//! [`crate::lobby`]; the games' standing offers, see [`crate::round::play`], are kept by the store
//! itself, [`crate::store::pg`]).
//!
//! A seek is a row of `seeks` until it is cancelled, expires or is accepted. Accepting marks the
//! row with the new game (`game`, `taken_ms`) in one conditional update, so that of two
//! instances accepting one seek at once exactly one does; the other is told the seek was taken
//! (409) rather than that it never existed. Taken rows are kept a short while for that answer,
//! then dropped with the expired seeks.
//!
//! Whether a player has a lobby socket open is recorded per instance in `lobby_presence`, with
//! an expiry the instance renews: a player's seeks go when his last socket on one instance
//! closes and none is open on another (a record of an instance that died lapses).
//!
//! Changes are told to the other instances on the change notices' channel
//! ([`crate::store::pg::CHANNEL`]): [`Notice::Seeks`] and [`Notice::Started`].

use std::sync::Arc;

use crate::cluster::notice::Notice;
use crate::lobby::seeks::{side_named, Added, Found, Seek, SeekBook};
use crate::store::error::StoreError;
use crate::store::pg::{args, PgStore, CHANNEL};
use crate::store::records::{decode_clock, decode_rules, encode_rules};
use crate::store::rows::RowAccess;

/// How long a presence record lasts unless renewed (see [`SeekBook::renew_presence`]).
const PRESENCE_TTL_MS: i64 = 30_000;

/// The database's clock in milliseconds since the Unix epoch, in SQL.
macro_rules! db_now {
    () => {
        "(extract(epoch from clock_timestamp()) * 1000)::bigint"
    };
}

/// The columns [`seek_row`] reads.
macro_rules! seek_columns {
    () => {
        "id, owner, variant, rules, clock, rated, side, to_player, rating, provisional, created_ms"
    };
}

fn to_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// A seek from the columns of [`seek_columns`].
fn seek_row(r: &tokio_postgres::Row) -> Result<Seek, StoreError> {
    let id = r.text(0)?;
    let side = match r.opt_text(6)? {
        None => None,
        Some(s) => Some(
            side_named(&s).ok_or_else(|| StoreError::Corrupt(format!("seek {id}: side {s:?}")))?,
        ),
    };
    let rating: Option<f64> = r
        .try_get(8)
        .map_err(|e| StoreError::Corrupt(format!("seek {id}: rating: {e}")))?;
    let provisional: Option<bool> = r
        .try_get(9)
        .map_err(|e| StoreError::Corrupt(format!("seek {id}: provisional: {e}")))?;
    Ok(Seek {
        owner: Arc::from(r.text(1)?),
        variant: r.text(2)?,
        rules: decode_rules(&r.text(3)?)?,
        clock: decode_clock(&id, r.opt_text(4)?.as_deref())?,
        rated: r.flag(5)?,
        side,
        to: r.opt_text(7)?,
        rating: rating.map(|x| (x, provisional.unwrap_or(true))),
        created_ms: r.int(10)?,
        id,
    })
}

impl PgStore {
    /// Sends the lobby notice `what`.
    fn lobby_notice(&self, what: &Notice) -> Result<(), StoreError> {
        let notice = what.encode(self.instance());
        self.query_boxed("SELECT pg_notify($1, $2)", args![CHANNEL, notice])?;
        Ok(())
    }
}

impl SeekBook for PgStore {
    fn open(&self) -> Result<Vec<Seek>, StoreError> {
        self.query_boxed(
            concat!(
                "SELECT ",
                seek_columns!(),
                " FROM seeks WHERE game IS NULL ORDER BY created_ms, id"
            ),
            Vec::new(),
        )?
        .iter()
        .map(seek_row)
        .collect()
    }

    fn add(&self, s: &Seek, per_player: usize, max: usize) -> Result<Added, StoreError> {
        // Two instances adding at once may both pass the counts: the limits are guards
        // against abuse, not exact quotas.
        let n = self.execute_boxed(
            "INSERT INTO seeks (id, owner, variant, rules, clock, rated, side, to_player, rating,
                provisional, created_ms)
             SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
             WHERE (SELECT count(*) FROM seeks WHERE game IS NULL) < $12
               AND (SELECT count(*) FROM seeks WHERE game IS NULL AND owner = $2) < $13",
            args![
                s.id.clone(),
                s.owner.to_string(),
                s.variant.clone(),
                encode_rules(&s.rules),
                s.clock.map(|c| c.to_json().to_string()),
                s.rated,
                s.side.map(|x| x.name().to_string()),
                s.to.clone(),
                s.rating.map(|r| r.0),
                s.rating.map(|r| r.1),
                s.created_ms,
                to_i64(max),
                to_i64(per_player),
            ],
        )?;
        if n == 1 {
            return Ok(Added::Yes);
        }
        let rows = self.query_boxed("SELECT count(*) FROM seeks WHERE game IS NULL", Vec::new())?;
        let all = rows.first().map_or(Ok(0), |r| r.int(0))?;
        Ok(if all >= to_i64(max) {
            Added::Full
        } else {
            Added::TooMany
        })
    }

    fn find(&self, id: &str) -> Result<Found, StoreError> {
        let rows = self.query_boxed(
            concat!(
                "SELECT ",
                seek_columns!(),
                ", game FROM seeks WHERE id = $1"
            ),
            args![id.to_string()],
        )?;
        let Some(r) = rows.first() else {
            return Ok(Found::Unknown);
        };
        Ok(match r.opt_text(11)? {
            Some(game) => Found::Taken(game),
            None => Found::Open(seek_row(r)?),
        })
    }

    fn take(&self, id: &str, game: &str, now_ms: i64) -> Result<bool, StoreError> {
        let n = self.execute_boxed(
            "UPDATE seeks SET game = $2, taken_ms = $3 WHERE id = $1 AND game IS NULL",
            args![id.to_string(), game.to_string(), now_ms],
        )?;
        Ok(n == 1)
    }

    fn untake(&self, id: &str, game: &str) -> Result<(), StoreError> {
        self.execute_boxed(
            "UPDATE seeks SET game = NULL, taken_ms = NULL WHERE id = $1 AND game = $2",
            args![id.to_string(), game.to_string()],
        )?;
        Ok(())
    }

    fn remove(&self, id: &str) -> Result<bool, StoreError> {
        let n = self.execute_boxed(
            "DELETE FROM seeks WHERE id = $1 AND game IS NULL",
            args![id.to_string()],
        )?;
        Ok(n == 1)
    }

    fn remove_owner(&self, owner: &str, unless_present: bool) -> Result<usize, StoreError> {
        let n = if unless_present {
            self.execute_boxed(
                concat!(
                    "DELETE FROM seeks WHERE owner = $1 AND game IS NULL AND NOT EXISTS (
                        SELECT 1 FROM lobby_presence WHERE player = $1 AND expires_ms > ",
                    db_now!(),
                    ")"
                ),
                args![owner.to_string()],
            )?
        } else {
            self.execute_boxed(
                "DELETE FROM seeks WHERE owner = $1 AND game IS NULL",
                args![owner.to_string()],
            )?
        };
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    fn expire(&self, created_before_ms: i64, taken_before_ms: i64) -> Result<usize, StoreError> {
        let rows = self.query_boxed(
            "DELETE FROM seeks WHERE (game IS NULL AND created_ms < $1)
                OR (game IS NOT NULL AND taken_ms < $2)
             RETURNING game IS NULL",
            args![created_before_ms, taken_before_ms],
        )?;
        let mut open = 0;
        for r in &rows {
            if r.flag(0)? {
                open += 1;
            }
        }
        // The records of instances that died, and the offers of games that are over.
        self.execute_boxed(
            concat!("DELETE FROM lobby_presence WHERE expires_ms < ", db_now!()),
            Vec::new(),
        )?;
        self.execute_boxed(
            "DELETE FROM offers WHERE game IN (SELECT id FROM games WHERE result IS NOT NULL)",
            Vec::new(),
        )?;
        Ok(open)
    }

    fn present(&self, who: &str, here: bool) -> Result<(), StoreError> {
        let (who, me) = (who.to_string(), self.instance().to_string());
        if here {
            self.execute_boxed(
                concat!(
                    "INSERT INTO lobby_presence (player, instance, expires_ms) VALUES ($1, $2, ",
                    db_now!(),
                    " + $3) ON CONFLICT (player, instance) DO UPDATE
                        SET expires_ms = EXCLUDED.expires_ms"
                ),
                args![who, me, PRESENCE_TTL_MS],
            )?;
        } else {
            self.execute_boxed(
                "DELETE FROM lobby_presence WHERE player = $1 AND instance = $2",
                args![who, me],
            )?;
        }
        Ok(())
    }

    fn renew_presence(&self) -> Result<(), StoreError> {
        self.execute_boxed(
            concat!(
                "UPDATE lobby_presence SET expires_ms = ",
                db_now!(),
                " + $2 WHERE instance = $1"
            ),
            args![self.instance().to_string(), PRESENCE_TTL_MS],
        )?;
        Ok(())
    }

    fn announce(&self, message: Option<&str>) -> Result<(), StoreError> {
        match message {
            None => self.lobby_notice(&Notice::Seeks),
            Some(m) => self.lobby_notice(&Notice::Started {
                message: m.to_string(),
            }),
        }
    }
}
