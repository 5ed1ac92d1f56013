//! The tests of `account_lang.rs` against a fresh database in a throw-away PostgreSQL cluster
//! (see the `mancala-test-postgres` crate), and the upgrade of a PostgreSQL database whose
//! accounts have no language yet.

#[path = "account_lang.rs"]
mod suite;

use mancala_server::store::pg::{PgStore, PG_SCHEMA_VERSION};
use mancala_server::Store;

#[test]
fn a_database_of_the_previous_schema_gets_the_accounts_language_in_place() {
    let cluster = mancala_test_postgres::Cluster::shared();
    let url = cluster.fresh_database();
    let db = url.rsplit('/').next().unwrap().to_string();
    // The schema before the accounts' language (version 3: the current one without the
    // language and what came after it, the tournaments and the lesson progress), with an
    // account.
    drop(PgStore::connect(&url, 2).unwrap());
    let previous = 3;
    let _ = cluster.psql(
        &db,
        &format!(
            "ALTER TABLE players DROP COLUMN lang;
             DROP TABLE tournaments;
             DROP TABLE learn_progress;
             UPDATE schema_version SET version = {previous};
             INSERT INTO players (name, key, password, created) VALUES ('Ama', 'ama', 'x', 5);"
        ),
    );
    let store = PgStore::connect(&url, 2).unwrap();
    assert_eq!(store.schema_version().unwrap(), PG_SCHEMA_VERSION);
    let ama = store.player("AMA").unwrap().unwrap();
    assert_eq!((ama.name.as_str(), ama.created, ama.lang), ("Ama", 5, None));
    assert!(store.set_player_lang("ama", Some("pt")).unwrap());
    assert_eq!(
        store.player("Ama").unwrap().unwrap().lang.as_deref(),
        Some("pt")
    );
    assert!(!store.set_player_lang("nobody", Some("pt")).unwrap());
    drop(store);
    // A newer schema is refused, as before.
    let _ = cluster.psql(&db, "UPDATE schema_version SET version = 99");
    assert!(matches!(
        PgStore::connect(&url, 2),
        Err(mancala_server::StoreError::TooNew { found: 99, .. })
    ));
}
