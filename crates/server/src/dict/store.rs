//! SQL of the dictionaries.

use rusqlite::Connection;

use super::DictItem;

/// The entries of a dictionary in display order; empty for an unknown code.
pub fn items(conn: &Connection, code: &str) -> rusqlite::Result<Vec<DictItem>> {
    conn.prepare_cached("SELECT value, label FROM dict_item WHERE dict_code = ?1 ORDER BY sort")?
        .query_map([code], |r| {
            Ok(DictItem {
                value: r.get(0)?,
                label: r.get(1)?,
            })
        })?
        .collect()
}
