//! The SQL the PostgreSQL store writes in its own dialect: leases timed by the database's
//! clock, and the statements that record a move, its clock, its lease and its change notice
//! in one round trip.

use crate::store::sql;

/// The database's clock in milliseconds since the Unix epoch, in SQL (leases are timed by it, so
/// that the instances' clocks need not agree).
macro_rules! db_now_ms {
    () => {
        "(extract(epoch from clock_timestamp()) * 1000)::bigint"
    };
}
pub(crate) use db_now_ms;

/// Takes or renews the lease of game `GAME` for instance `INSTANCE` for `TTL` ms (three
/// parameters): taken when free, lapsed or already the instance's.
macro_rules! hold_lease_sql {
    ($game:literal, $instance:literal, $ttl:literal) => {
        concat!(
            "INSERT INTO leases (game, instance, expires_ms) VALUES (",
            $game,
            ", ",
            $instance,
            ", ",
            db_now_ms!(),
            " + ",
            $ttl,
            ") ON CONFLICT (game) DO UPDATE SET instance = EXCLUDED.instance,
                expires_ms = EXCLUDED.expires_ms
             WHERE leases.instance = EXCLUDED.instance OR leases.expires_ms < ",
            db_now_ms!()
        )
    };
}

/// Takes game `$1`'s row until the end of the transaction (see [`Store::finish`](crate::store::Store::finish)).
pub(super) const LOCK_GAME: &str = "SELECT 1 FROM games WHERE id = $1 FOR NO KEY UPDATE";

/// [`hold_lease_sql`] of game `$1`, instance `$2`, for `$3` ms.
pub(super) const HOLD_LEASE: &str = hold_lease_sql!("$1", "$2", "$3");

/// [`PUSH_MOVE`] taking the lease first: then the instance `$6` and the lease's time `$7`;
/// answers the notice and whether the lease is this instance's (1) or another's (0).
pub(super) const PUSH_MOVE_LEASED: &str = concat!(
    "WITH l AS (",
    hold_lease_sql!("$1", "$6", "$7"),
    " RETURNING 1), m AS (",
    sql::insert_move_sql!(" FOR NO KEY UPDATE RETURNING 1"),
    ") SELECT pg_notify($4, $5), (SELECT count(*) FROM l) FROM m"
);

/// [`PUSH_TIMED_MOVE`] taking the lease first: then the instance `$10` and the lease's time
/// `$11`; answers as [`PUSH_MOVE_LEASED`] does.
pub(super) const PUSH_TIMED_MOVE_LEASED: &str = concat!(
    "WITH l AS (",
    hold_lease_sql!("$1", "$10", "$11"),
    " RETURNING 1), m AS (",
    sql::insert_timed_move_sql!(" FOR NO KEY UPDATE RETURNING 1"),
    "), g AS (",
    sql::set_deadline_sql!(),
    ") SELECT pg_notify($8, $9), (SELECT count(*) FROM l) FROM m"
);

/// A move without a clock and its change notice: [`sql::move_args`] `$1..$3`, then the channel
/// and the notice. No row when the game is over (nothing recorded, no notice).
pub(super) const PUSH_MOVE: &str = concat!(
    "WITH m AS (",
    sql::insert_move_sql!(" FOR NO KEY UPDATE RETURNING 1"),
    ") SELECT pg_notify($4, $5) FROM m"
);

/// A timed move, its clock's deadline and its change notice: [`sql::move_args`], then the
/// channel and the notice. No row when the game is over (nothing recorded, no notice).
pub(super) const PUSH_TIMED_MOVE: &str = concat!(
    "WITH m AS (",
    sql::insert_timed_move_sql!(" FOR NO KEY UPDATE RETURNING 1"),
    "), g AS (",
    sql::set_deadline_sql!(),
    ") SELECT pg_notify($8, $9) FROM m"
);
