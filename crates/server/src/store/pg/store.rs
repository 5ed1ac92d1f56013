//! The [`Store`] interface over PostgreSQL: each call one statement (or one transaction) on
//! the store's runtime, moves awaited where the caller runs, and a change notice with every
//! change another instance must see.

use tokio_postgres::types::ToSql;

use super::connection::{
    args, bound, lease_ttl_ms, owned, pg_args, refs, to_i64, Params, PgStore, CHANNEL,
};
use super::notices::LISTEN_WAIT;
use super::statements::{
    db_now_ms, HOLD_LEASE, LOCK_GAME, PUSH_MOVE, PUSH_MOVE_LEASED, PUSH_TIMED_MOVE,
    PUSH_TIMED_MOVE_LEASED,
};
use crate::cluster::notice::Notice;
use crate::lobby::seeks::side_named;
use crate::round::ending::{Ending, Offer, OfferKind};
use crate::store::common::{common_store_methods, finished, recorded, Exec, Read, Rows};
use crate::store::error::StoreError;
use crate::store::records::{hash_text, GameMeta, GameQuery, GameSummary, MoveStamp, TokenHash};
use crate::store::rows::{self, Dialect, RowAccess, SqlValue};
use crate::store::sql::{self, Arg, Bind, Statement};
use crate::store::traits::{MoveRecord, Store, StoreFuture};

impl Store for PgStore {
    common_store_methods!();

    fn reachable(&self) -> Result<(), StoreError> {
        self.query_sql("SELECT 1", &[] as &[Arg<'_>])?;
        Ok(())
    }

    fn time_calls(&self, timer: crate::metrics::StoreTimer) {
        let _ = self.timer.set(timer);
    }

    fn changes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<Notice>> {
        let rt = self.runtime.as_ref()?;
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let (ready_tx, ready) = std::sync::mpsc::sync_channel(1);
        rt.spawn(Self::listen(
            self.config.clone(),
            self.instance.clone(),
            tx,
            ready_tx,
        ));
        // Listening before the caller goes on: no change made after this is missed. (If the
        // database cannot be reached now, the listener keeps trying.)
        let _ = ready.recv_timeout(LISTEN_WAIT);
        Some(rx)
    }

    fn shared(&self) -> bool {
        true
    }

    fn record_move(self: std::sync::Arc<Self>, m: MoveRecord) -> StoreFuture<bool> {
        Box::pin(async move {
            let since = std::time::Instant::now();
            let recorded = async {
                // Awaited where the caller runs: no thread in between. One statement, one round
                // trip, one implicit transaction: the lease (when asked), the move, the clock's
                // deadline (timed games) and the notice carrying the move; with the lease, the
                // answer says whether this instance holds it.
                let notice = self.move_notice(&m);
                let client = self.moves.get().await?;
                let args = sql::move_args(&m.game, m.ply, &m.mv, m.stamp.as_ref());
                let (channel, notice) = (Arg::text(CHANNEL), Arg::text(&notice));
                let ttl = Arg::int(lease_ttl_ms());
                let me = Arg::text(&self.instance);
                let timed = m.stamp.is_some();
                let args: &[Arg<'_>] = if timed { &args } else { &args[..3] };
                let mut list: Vec<&(dyn ToSql + Sync)> = args.iter().map(Arg::pg).collect();
                list.extend([channel.pg(), notice.pg()]);
                if m.lease {
                    list.extend([me.pg(), ttl.pg()]);
                }
                let sql = match (timed, m.lease) {
                    (false, false) => PUSH_MOVE,
                    (true, false) => PUSH_TIMED_MOVE,
                    (false, true) => PUSH_MOVE_LEASED,
                    (true, true) => PUSH_TIMED_MOVE_LEASED,
                };
                let stmt = client.prepare_cached(sql).await?;
                if !m.lease {
                    recorded(&m.game, client.execute(&stmt, &list).await?)?;
                    return Ok(false);
                }
                let Some(row) = client.query_opt(&stmt, &list).await? else {
                    return recorded(&m.game, 0).map(|()| false);
                };
                let held: i64 = row
                    .try_get(1)
                    .map_err(|e| StoreError::Postgres(format!("the lease's count: {e}")))?;
                Ok::<_, StoreError>(held == 1)
            }
            .await;
            if let Some(t) = self.timer.get() {
                t.observe(since.elapsed());
            }
            recorded
        })
    }

    fn seek_book(
        self: std::sync::Arc<Self>,
    ) -> Option<std::sync::Arc<dyn crate::lobby::seeks::SeekBook>> {
        Some(self)
    }

    fn save_offer(&self, id: &str, offer: Option<(Offer, usize)>) -> Result<(), StoreError> {
        // The offer's row, and a notice.
        let notice = Notice::Offer {
            game: id.to_string(),
        }
        .encode(self.instance());
        let id = id.to_string();
        match offer {
            Some((o, plies)) => self.run(move |pool| async move {
                let client = pool.get().await?;
                let stmt = client
                    .prepare_cached(
                        "WITH o AS (
                            INSERT INTO offers (game, kind, by_side, ply) VALUES ($1, $2, $3, $4)
                            ON CONFLICT (game) DO UPDATE SET kind = EXCLUDED.kind,
                                by_side = EXCLUDED.by_side, ply = EXCLUDED.ply
                         ) SELECT pg_notify($5, $6)",
                    )
                    .await?;
                let params: Params = args![
                    id,
                    o.kind.name().to_string(),
                    o.by.name().to_string(),
                    to_i64(plies),
                    CHANNEL,
                    notice
                ];
                client.execute(&stmt, &refs(&params)).await?;
                Ok(())
            }),
            None => self.run(move |pool| async move {
                let client = pool.get().await?;
                let stmt = client
                    .prepare_cached(
                        "WITH o AS (DELETE FROM offers WHERE game = $1) SELECT pg_notify($2, $3)",
                    )
                    .await?;
                client.execute(&stmt, &[&id, &CHANNEL, &notice]).await?;
                Ok(())
            }),
        }
    }

    fn stored_offer(&self, id: &str) -> Result<Option<(Offer, usize)>, StoreError> {
        let rows = self.query_boxed(
            "SELECT kind, by_side, ply FROM offers WHERE game = $1",
            args![id.to_string()],
        )?;
        let Some(r) = rows.first() else {
            return Ok(None);
        };
        let (kind, by) = (r.text(0)?, r.text(1)?);
        let kind = match kind.as_str() {
            "draw" => OfferKind::Draw,
            "agreement" => OfferKind::Agreement,
            other => {
                return Err(StoreError::Corrupt(format!(
                    "game {id}: offer of {other:?}"
                )))
            }
        };
        let by = side_named(&by)
            .ok_or_else(|| StoreError::Corrupt(format!("game {id}: offer by {by:?}")))?;
        let plies = usize::try_from(r.int(2)?).unwrap_or(usize::MAX);
        Ok(Some((Offer { kind, by }, plies)))
    }

    fn hold_lease(&self, id: &str) -> Result<bool, StoreError> {
        // Taken when free, lapsed or already this instance's.
        let n = self.execute_sql(
            HOLD_LEASE,
            &[
                Arg::text(id),
                Arg::text(&self.instance),
                Arg::int(lease_ttl_ms()),
            ],
        )?;
        Ok(n == 1)
    }

    fn renew_leases(&self, ids: &[String]) -> Result<(), StoreError> {
        let (me, ids) = (self.instance.clone(), ids.to_vec());
        self.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let ttl = lease_ttl_ms();
            tx.execute(
                concat!(
                    "UPDATE leases SET expires_ms = ",
                    db_now_ms!(),
                    " + $3 WHERE instance = $1 AND game = ANY($2)"
                ),
                &[&me, &ids, &ttl],
            )
            .await?;
            tx.execute(
                "DELETE FROM leases WHERE instance = $1 AND NOT (game = ANY($2))",
                &[&me, &ids],
            )
            .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    fn lapsed_leases(&self) -> Result<Vec<String>, StoreError> {
        self.query_sql(
            concat!("SELECT game FROM leases WHERE expires_ms < ", db_now_ms!()),
            &[] as &[Arg<'_>],
        )?
        .iter()
        .map(|r| r.text(0))
        .collect()
    }

    fn load_play(&self, id: &str) -> Result<(Option<MoveStamp>, Option<Ending>), StoreError> {
        let id = id.to_string();
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let (last, end) = tokio::try_join!(
                client.prepare_cached(Statement::LastStamp.sql(Dialect::Postgres)),
                client.prepare_cached(Statement::GameEnding.sql(Dialect::Postgres)),
            )?;
            // Both queries are sent at once (pipelined): one round trip.
            let key: [&(dyn ToSql + Sync); 1] = [&id];
            let (last, end) =
                tokio::try_join!(client.query_opt(&last, &key), client.query_opt(&end, &key),)?;
            let stamp = match last {
                Some(r) => rows::move_stamp(&r, 0)?,
                None => None,
            };
            let ending = match end {
                Some(r) => rows::ending(&r, 0)?,
                None => None,
            };
            Ok((stamp, ending))
        })
    }

    fn finish(&self, id: &str, ending: &Ending, plies: usize) -> Result<(), StoreError> {
        // The game's row is taken first, in a statement of its own: a move being recorded holds
        // it (see `sql::insert_move_sql`), so the ending waits for that move and its check
        // (`Statement::Finish`, run with a snapshot taken after the wait) then sees it: of a move
        // and an ending racing each other, exactly one is recorded on the position the other saw.
        let notice = self.notice(id);
        let values = owned(&sql::finish_args(id, ending, plies));
        let n = self.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let lock = tx.prepare_cached(LOCK_GAME).await?;
            let args = bound(&values);
            tx.execute(&lock, &[args[0].pg()]).await?;
            let stmt = tx
                .prepare_cached(Statement::Finish.sql(Dialect::Postgres))
                .await?;
            let n = tx.execute(&stmt, &pg_args(&args, &stmt)?).await?;
            if n > 0 {
                let stmt = tx.prepare_cached("SELECT pg_notify($1, $2)").await?;
                tx.execute(&stmt, &[&CHANNEL, &notice]).await?;
            }
            tx.commit().await?;
            Ok(n)
        })?;
        finished(id, n)
    }

    fn reopen(&self, id: &str) -> Result<(), StoreError> {
        self.execute_notify(Statement::Reopen, id, &[Arg::text(id)])?;
        Ok(())
    }

    fn delete_session(&self, token: &TokenHash) -> Result<(), StoreError> {
        let digest = hash_text(Some(token));
        self.execute(Statement::DeleteSession, &[Arg::text(&digest)])?;
        // Every other instance forgets it too (they keep sessions in memory).
        let notice = Notice::Revoked { digest }.encode(self.instance());
        self.query_sql(
            "SELECT pg_notify($1, $2)::text",
            &[Arg::text(CHANNEL), Arg::text(&notice)],
        )?;
        Ok(())
    }

    fn search(&self, q: &GameQuery) -> Result<Vec<GameSummary>, StoreError> {
        let (text, values) = sql::search(q);
        let rows = self.run(move |pool| async move {
            let client = pool.get().await?;
            let args = bound(&values);
            let args: Vec<&(dyn ToSql + Sync)> = args.iter().map(Arg::pg).collect();
            Ok(client.query(&text, &args).await?)
        })?;
        rows.iter().map(rows::game_summary).collect()
    }

    fn truncate(&self, id: &str, len: usize) -> Result<(), StoreError> {
        self.execute_notify(
            Statement::Truncate,
            id,
            &[Arg::text(id), Arg::int(to_i64(len))],
        )?;
        Ok(())
    }

    fn load(&self, id: &str) -> Result<Option<(GameMeta, Vec<String>)>, StoreError> {
        let key = id.to_string();
        let (row, moves) = self.run(move |pool| async move {
            let client = pool.get().await?;
            let (game, moves) = tokio::try_join!(
                client.prepare_cached(Statement::LoadGame.sql(Dialect::Postgres)),
                client.prepare_cached(Statement::LoadMoves.sql(Dialect::Postgres)),
            )?;
            // Both queries are sent at once (pipelined): one round trip. No move of an unknown
            // game exists, so asking for the moves before knowing the game costs nothing.
            let key: [&(dyn ToSql + Sync); 1] = [&key];
            let (row, moves) =
                tokio::try_join!(client.query_opt(&game, &key), client.query(&moves, &key),)?;
            let Some(row) = row else {
                return Ok((None, Vec::new()));
            };
            let moves = moves
                .iter()
                .map(|r| r.text(0))
                .collect::<Result<Vec<_>, _>>()?;
            Ok((Some(row), moves))
        })?;
        row.map(|r| Ok((rows::game_meta(&r)?, moves))).transpose()
    }
}

impl Exec for PgStore {
    fn changed(&self, s: Statement, args: &[impl Bind]) -> Result<u64, StoreError> {
        self.execute(s, args)
    }

    fn rows<T>(&self, s: Statement, args: &[impl Bind], read: Read<'_, T>) -> Rows<T> {
        let found = self.query(s, args)?;
        found.iter().map(|r| read(r)).collect()
    }

    fn changed_all(&self, writes: Vec<(Statement, Vec<SqlValue>)>) -> Result<(), StoreError> {
        self.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            for (s, values) in &writes {
                let stmt = tx.prepare_cached(s.sql(Dialect::Postgres)).await?;
                let args = bound(values);
                tx.execute(&stmt, &pg_args(&args, &stmt)?).await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }

    fn insert_move(&self, m: &MoveRecord) -> Result<(), StoreError> {
        let notice = self.move_notice(m);
        let values = owned(&sql::move_args(&m.game, m.ply, &m.mv, m.stamp.as_ref()));
        let (timed, game) = (m.stamp.is_some(), m.game.clone());
        // One prepared statement, one round trip and one implicit transaction: the move, the
        // clock's deadline (timed games) and the change notice, delivered on commit. The key
        // (game, move number) serialises moves: of two instances recording the same move
        // number, the second fails (a conflict) and nothing of its statement stays.
        self.run(move |pool| async move {
            let client = pool.get().await?;
            let args = bound(&values);
            let (channel, notice) = (Arg::text(CHANNEL), Arg::text(&notice));
            let args: &[Arg<'_>] = if timed { &args } else { &args[..3] };
            let mut list: Vec<&(dyn ToSql + Sync)> = args.iter().map(Arg::pg).collect();
            list.extend([channel.pg(), notice.pg()]);
            let stmt = client
                .prepare_cached(if timed { PUSH_TIMED_MOVE } else { PUSH_MOVE })
                .await?;
            recorded(&game, client.execute(&stmt, &list).await?)
        })
    }
}
