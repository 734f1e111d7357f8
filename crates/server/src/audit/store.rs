//! SQL of the audit log.

use rusqlite::{Connection, params};

use super::{AuditRow, Entry};
use crate::api::Paging;

/// Writes one change; call it on the transaction that makes the change.
pub fn record(conn: &Connection, entry: &Entry<'_>, at: i64) -> rusqlite::Result<()> {
    let text = |v: &Option<serde_json::Value>| v.as_ref().map(serde_json::Value::to_string);
    conn.prepare_cached(
        "INSERT INTO audit_log (at, actor_id, actor, action, target, before, after)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        at,
        entry.actor.user_id,
        entry.actor.username,
        entry.action,
        entry.target,
        text(&entry.before),
        text(&entry.after),
    ])?;
    Ok(())
}

/// A page of the log, newest first, with the total matching.
pub fn page(
    conn: &Connection,
    action: Option<&str>,
    target: Option<&str>,
    paging: Paging,
) -> rusqlite::Result<(Vec<AuditRow>, i64)> {
    // `action` is a prefix: escape LIKE's wildcards in what was typed.
    let prefix = action.map(|a| format!("{}%", crate::db::escape_like(a)));
    const WHERE: &str = "WHERE (?1 IS NULL OR action LIKE ?1 ESCAPE '\\')
                           AND (?2 IS NULL OR target = ?2)";
    let total = conn
        .prepare_cached(&format!("SELECT count(*) FROM audit_log {WHERE}"))?
        .query_row(params![prefix, target], |r| r.get(0))?;
    let json = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
    let rows = conn
        .prepare_cached(&format!(
            "SELECT id, at, actor_id, actor, action, target, before, after FROM audit_log
             {WHERE} ORDER BY id DESC LIMIT ?3 OFFSET ?4"
        ))?
        .query_map(
            params![prefix, target, paging.limit(), paging.offset()],
            |r| {
                Ok(AuditRow {
                    id: r.get(0)?,
                    at: r.get(1)?,
                    actor_id: r.get(2)?,
                    actor: r.get(3)?,
                    action: r.get(4)?,
                    target: r.get(5)?,
                    before: json(r.get(6)?),
                    after: json(r.get(7)?),
                })
            },
        )?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}
