//! The store's errors.

// The errors show their cause in their own message (the API and the logs print one message),
// so they do not return it from `source()` as well: a chain printer would show it twice.

/// A storage operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database said no.
    #[error("sqlite: {0}")]
    Sqlite(rusqlite::Error),
    /// PostgreSQL said no, or could not be reached.
    #[error("postgres: {0}")]
    Postgres(String),
    /// Another request (possibly through another server instance) changed the record first.
    #[error("changed meanwhile: {0}")]
    Conflict(String),
    /// A stored record could not be read back.
    #[error("corrupt record: {0}")]
    Corrupt(String),
    /// The database's helper thread could not start.
    #[error("could not start the checkpoint thread: {0}")]
    Io(std::io::Error),
    /// The database was written by a newer version of this program.
    #[error("database schema version {found} is newer than this program's ({known})")]
    TooNew {
        /// The schema version found.
        found: i64,
        /// The newest version this program knows.
        known: i64,
    },
}

impl From<std::io::Error> for StoreError {
    fn from(e: std::io::Error) -> Self {
        StoreError::Io(e)
    }
}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        // A second row with the same key (a move number of a game taken already) is a conflict,
        // as in PostgreSQL.
        if let rusqlite::Error::SqliteFailure(f, _) = &e {
            if matches!(
                f.extended_code,
                rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
                    | rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            ) {
                return StoreError::Conflict(e.to_string());
            }
        }
        StoreError::Sqlite(e)
    }
}
