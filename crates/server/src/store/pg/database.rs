//! What the dump needs of the PostgreSQL store ([`crate::store::rows::Database`]).

use super::connection::{bound, pg_args, PgStore};
use super::migrations::PG_SCHEMA_VERSION;
use crate::store::error::StoreError;
use crate::store::rows::{RowAccess, SqlValue};
use crate::store::sql::Arg;

impl crate::store::rows::Database for PgStore {
    fn dialect(&self) -> crate::store::rows::Dialect {
        crate::store::rows::Dialect::Postgres
    }

    fn schema(&self) -> Result<i64, StoreError> {
        let rows = self.query_sql(
            "SELECT to_regclass('schema_version') IS NOT NULL",
            &[] as &[Arg<'_>],
        )?;
        if !rows.first().map_or(Ok(false), |r| r.flag(0))? {
            return Ok(0);
        }
        self.schema_version()
    }

    fn newest_schema(&self) -> i64 {
        PG_SCHEMA_VERSION
    }

    fn each_row(&self, sql: &str, each: crate::store::rows::EachRow<'_>) -> Result<(), StoreError> {
        let sql = sql.to_string();
        let rows = self.run(move |pool| async move {
            let client = pool.get().await?;
            Ok(client.query(&sql, &[]).await?)
        })?;
        for r in &rows {
            each(r)?;
        }
        Ok(())
    }

    fn write_all(&self, statements: Vec<(&'static str, Vec<SqlValue>)>) -> Result<(), StoreError> {
        self.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            for (sql, values) in statements {
                let stmt = tx.prepare_cached(sql).await?;
                let args = bound(&values);
                tx.execute(&stmt, &pg_args(&args, &stmt)?).await?;
            }
            tx.commit().await?;
            Ok(())
        })
    }
}
