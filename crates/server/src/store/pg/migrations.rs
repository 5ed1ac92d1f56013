//! The PostgreSQL store's schema: its migrations, applied at start in one transaction under an
//! advisory lock (instances starting together do not race), and a newer schema refused.

use crate::store::common::{game_indexes, games_table_head, rating_tables};
use crate::store::error::StoreError;

/// Schema migrations of the PostgreSQL store, applied in order; `schema_version` holds how
/// many ran.
pub(super) const PG_MIGRATIONS: &[&str] = &[
    // 1: games, moves, accounts, sessions and ratings (the SQLite store's schema 3).
    concat!(
        games_table_head!(),
        "BIGINT,
        level BIGINT NOT NULL,
        seed BIGINT NOT NULL,
        token_hash_south TEXT NOT NULL,
        token_hash_north TEXT NOT NULL,
        created BIGINT NOT NULL,
        south TEXT,
        north TEXT,
        rated BOOLEAN NOT NULL DEFAULT FALSE,
        clock TEXT,
        started_ms BIGINT NOT NULL DEFAULT 0,
        deadline_ms BIGINT,
        result TEXT,
        reason TEXT,
        ended_ms BIGINT,
        plies BIGINT
    );
    CREATE TABLE moves (
        game TEXT NOT NULL REFERENCES games(id),
        ply BIGINT NOT NULL,
        mv TEXT NOT NULL,
        at_ms BIGINT,
        south_ms BIGINT,
        north_ms BIGINT,
        PRIMARY KEY (game, ply)
    );
    ",
        game_indexes!(),
        "
    CREATE TABLE players (
        name TEXT NOT NULL,
        key TEXT PRIMARY KEY,
        password TEXT NOT NULL,
        created BIGINT NOT NULL
    );
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        player TEXT NOT NULL,
        expires BIGINT NOT NULL
    );
    ",
        rating_tables!(
            "DOUBLE PRECISION",
            "BIGINT",
            "seq BIGSERIAL PRIMARY KEY,
        "
        )
    ),
    // 2: leases on games' background work (see `Store::hold_lease`).
    "CREATE TABLE leases (
        game TEXT PRIMARY KEY,
        instance TEXT NOT NULL,
        expires_ms BIGINT NOT NULL
    );
    CREATE INDEX leases_expiry ON leases(expires_ms);",
    // 3: the lobby's seeks, who has a lobby socket open where, and the games' standing offers
    // (see `crate::store::pg_seeks`).
    "CREATE TABLE seeks (
        id TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        variant TEXT NOT NULL,
        rules TEXT NOT NULL,
        clock TEXT,
        rated BOOLEAN NOT NULL,
        side TEXT,
        to_player TEXT,
        rating DOUBLE PRECISION,
        provisional BOOLEAN,
        created_ms BIGINT NOT NULL,
        game TEXT,
        taken_ms BIGINT
    );
    CREATE INDEX seeks_owner ON seeks(owner);
    CREATE INDEX seeks_created ON seeks(created_ms);
    CREATE TABLE lobby_presence (
        player TEXT NOT NULL,
        instance TEXT NOT NULL,
        expires_ms BIGINT NOT NULL,
        PRIMARY KEY (player, instance)
    );
    CREATE TABLE offers (
        game TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        by_side TEXT NOT NULL,
        ply BIGINT NOT NULL
    );",
    // 4: the language each account chose (NULL: none chosen).
    crate::store::sqlite::PLAYERS_LANG,
    // 5: tournaments.
    crate::store::sqlite::TOURNAMENTS,
    // 6: the accounts' lesson progress.
    crate::store::sqlite::LEARN_PROGRESS,
];

/// The schema version this program writes in PostgreSQL.
pub const PG_SCHEMA_VERSION: i64 = PG_MIGRATIONS.len() as i64;

/// The advisory lock held while migrating (any number, the same in every instance).
const MIGRATION_LOCK: i64 = 0x006d_616e_6361_6c61;

/// Brings the schema of the database of `client` up to date.
pub(super) async fn migrate(client: &mut deadpool_postgres::Client) -> Result<(), StoreError> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
        .await?;
    let current: i64 = match tx
        .query_opt("SELECT version FROM schema_version", &[])
        .await?
    {
        Some(r) => r.get(0),
        None => {
            tx.execute("INSERT INTO schema_version (version) VALUES (0)", &[])
                .await?;
            0
        }
    };
    if current > PG_SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            found: current,
            known: PG_SCHEMA_VERSION,
        });
    }
    for sql in &PG_MIGRATIONS[usize::try_from(current).unwrap_or(0)..] {
        tx.batch_execute(sql).await?;
    }
    tx.execute(
        "UPDATE schema_version SET version = $1",
        &[&PG_SCHEMA_VERSION],
    )
    .await?;
    tx.commit().await?;
    Ok(())
}
