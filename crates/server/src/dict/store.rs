//! SQL of the dictionaries.

use super::DictItem;
use crate::db::{Db, DbError};

/// The entries of a dictionary in display order; empty for an unknown code.
pub async fn items(db: &Db, code: String) -> Result<Vec<DictItem>, DbError> {
    db.call(move |conn| {
        let mut stmt = conn.prepare_cached(
            "SELECT value, label FROM dict_item WHERE dict_code = ?1 ORDER BY sort",
        )?;
        let rows = stmt.query_map([code], |r| {
            Ok(DictItem {
                value: r.get(0)?,
                label: r.get(1)?,
            })
        })?;
        rows.collect()
    })
    .await
}
