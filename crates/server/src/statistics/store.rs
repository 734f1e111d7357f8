//! SQL of visit counting.

use rusqlite::{Connection, params};

/// Adds one to the day's count for (name, label).
pub fn count(conn: &Connection, day: &str, name: &str, label: &str) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO visit_daily (day, name, label, count) VALUES (?1, ?2, ?3, 1)
         ON CONFLICT (day, name, label) DO UPDATE SET count = count + 1",
    )?
    .execute(params![day, name, label])?;
    Ok(())
}
