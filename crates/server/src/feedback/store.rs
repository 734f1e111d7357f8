//! SQL of feedback.

use rusqlite::{Connection, OptionalExtension, Row, params};

/// One piece of feedback as stored.
#[derive(Debug, Clone)]
pub struct FeedbackRow {
    /// Its id.
    pub id: i64,
    /// Who sent it.
    pub user_id: i64,
    /// Their login name when they sent it.
    pub username: String,
    /// One of the categories of `super::Category`, by its Chinese name.
    pub category: String,
    /// What they wrote.
    pub content: String,
    /// How to reach them, if they said.
    pub contact: String,
    /// Unix seconds it was sent.
    pub created_at: i64,
    /// The editor's answer, once there is one.
    pub answer: Option<String>,
    /// The editor who answered.
    pub answered_by: Option<String>,
    /// Unix seconds of the answer.
    pub answered_at: Option<i64>,
}

/// What a new piece of feedback holds.
#[derive(Debug)]
pub struct NewFeedback<'a> {
    /// Who sends it.
    pub user_id: i64,
    /// Their login name.
    pub username: &'a str,
    /// Its category's Chinese name.
    pub category: &'a str,
    /// The text.
    pub content: &'a str,
    /// How to reach them ('' for not given).
    pub contact: &'a str,
}

const COLUMNS: &str = "id, user_id, username, category, content, contact, created_at, answer, answered_by, answered_at";

fn row(r: &Row<'_>) -> rusqlite::Result<FeedbackRow> {
    Ok(FeedbackRow {
        id: r.get(0)?,
        user_id: r.get(1)?,
        username: r.get(2)?,
        category: r.get(3)?,
        content: r.get(4)?,
        contact: r.get(5)?,
        created_at: r.get(6)?,
        answer: r.get(7)?,
        answered_by: r.get(8)?,
        answered_at: r.get(9)?,
    })
}

/// How many pieces `user_id` has sent since `since` (unix seconds).
pub fn sent_since(conn: &Connection, user_id: i64, since: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached("SELECT count(*) FROM feedback WHERE user_id = ?1 AND created_at >= ?2")?
        .query_row(params![user_id, since], |r| r.get(0))
}

/// Stores a new piece; its id.
pub fn insert(conn: &Connection, f: &NewFeedback<'_>, now: i64) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO feedback (user_id, username, category, content, contact, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        f.user_id, f.username, f.category, f.content, f.contact, now
    ])?;
    Ok(conn.last_insert_rowid())
}

/// One piece, whoever sent it.
pub fn get(conn: &Connection, id: i64) -> rusqlite::Result<Option<FeedbackRow>> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM feedback WHERE id = ?1"))?
        .query_row([id], row)
        .optional()
}

/// A page of `user_id`'s own feedback, newest first, and their total.
pub fn own(
    conn: &Connection,
    user_id: i64,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<(Vec<FeedbackRow>, i64)> {
    let list = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM feedback WHERE user_id = ?1
             ORDER BY created_at DESC, id DESC LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![user_id, limit, offset], row)?
        .collect::<rusqlite::Result<_>>()?;
    let total = conn
        .prepare_cached("SELECT count(*) FROM feedback WHERE user_id = ?1")?
        .query_row([user_id], |r| r.get(0))?;
    Ok((list, total))
}

/// A page of everyone's feedback, newest first (only answered ones for
/// `Some(true)`, only unanswered ones for `Some(false)`), and the total.
pub fn all(
    conn: &Connection,
    answered: Option<bool>,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<(Vec<FeedbackRow>, i64)> {
    let filter = match answered {
        None => "",
        Some(true) => "WHERE answered_at IS NOT NULL",
        Some(false) => "WHERE answered_at IS NULL",
    };
    let list = conn
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM feedback {filter}
             ORDER BY created_at DESC, id DESC LIMIT ?1 OFFSET ?2"
        ))?
        .query_map(params![limit, offset], row)?
        .collect::<rusqlite::Result<_>>()?;
    let total = conn
        .prepare_cached(&format!("SELECT count(*) FROM feedback {filter}"))?
        .query_row([], |r| r.get(0))?;
    Ok((list, total))
}

/// Sets the answer of a piece; false when there is no such piece.
pub fn answer(
    conn: &Connection,
    id: i64,
    answer: &str,
    by: &str,
    now: i64,
) -> rusqlite::Result<bool> {
    let n = conn
        .prepare_cached(
            "UPDATE feedback SET answer = ?2, answered_by = ?3, answered_at = ?4 WHERE id = ?1",
        )?
        .execute(params![id, answer, by, now])?;
    Ok(n == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new<'a>(user_id: i64, content: &'a str) -> NewFeedback<'a> {
        NewFeedback {
            user_id,
            username: "u",
            category: "其他",
            content,
            contact: "",
        }
    }

    #[test]
    fn own_lists_only_the_senders_pieces_and_the_filter_splits_answered_ones() {
        let conn = crate::db::memory();
        let a = insert(&conn, &new(1, "一"), 100).expect("insert");
        insert(&conn, &new(2, "二"), 200).expect("insert");
        insert(&conn, &new(1, "三"), 300).expect("insert");
        let (mine, total) = own(&conn, 1, 0, 10).expect("own");
        assert_eq!(total, 2);
        assert_eq!(
            mine.iter().map(|r| r.content.as_str()).collect::<Vec<_>>(),
            ["三", "一"]
        );
        assert_eq!(sent_since(&conn, 1, 200).expect("count"), 1);
        assert!(answer(&conn, a, "已处理", "editor", 400).expect("answer"));
        assert!(!answer(&conn, 999, "x", "editor", 400).expect("none"));
        assert_eq!(all(&conn, Some(true), 0, 10).expect("all").1, 1);
        assert_eq!(all(&conn, Some(false), 0, 10).expect("all").1, 2);
        assert_eq!(all(&conn, None, 0, 10).expect("all").1, 3);
        let got = get(&conn, a).expect("get").expect("some");
        assert_eq!(got.answered_by.as_deref(), Some("editor"));
    }
}
