//! SQL of visit counting.

use rusqlite::params;
use time::{OffsetDateTime, UtcOffset};

use crate::db::{Db, DbError};

/// Today's date in Beijing time (UTC+8, no daylight saving), as `YYYY-MM-DD`:
/// a land office's day, not the server's.
pub fn beijing_today() -> String {
    let beijing = UtcOffset::from_hms(8, 0, 0).unwrap_or(UtcOffset::UTC);
    let d = OffsetDateTime::now_utc().to_offset(beijing).date();
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// Adds one to the day's count for (name, label).
pub async fn count(db: &Db, day: String, name: String, label: String) -> Result<(), DbError> {
    db.call(move |conn| {
        conn.prepare_cached(
            "INSERT INTO visit_daily (day, name, label, count) VALUES (?1, ?2, ?3, 1)
             ON CONFLICT (day, name, label) DO UPDATE SET count = count + 1",
        )?
        .execute(params![day, name, label])?;
        Ok(())
    })
    .await
}
