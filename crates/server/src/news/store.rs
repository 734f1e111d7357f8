//! SQL of news: the items and their full-text index, kept in step in one transaction.

use rusqlite::{Connection, OptionalExtension, Row, params};

use super::text::{self, Search};

/// An item as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewsRow {
    /// Row id.
    pub id: i64,
    /// 0 notice, 1 trend, 5 media, 2 GEO dynamic, 3 cooperation, 4 organization.
    pub kind: u8,
    /// Title.
    pub title: String,
    /// Summary for lists.
    pub summary: String,
    /// Sanitised HTML.
    pub body: String,
    /// Author shown.
    pub author: String,
    /// Cover image address.
    pub cover: Option<String>,
    /// Shown to visitors.
    pub published: bool,
    /// Listed first.
    pub pinned: bool,
    /// When first published, unix seconds.
    pub published_at: Option<i64>,
    /// Created, unix seconds.
    pub created_at: i64,
    /// Last changed, unix seconds.
    pub updated_at: i64,
    /// Demo content.
    pub demo: bool,
}

/// What an editor writes (the body already sanitised).
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    /// Type code.
    pub kind: u8,
    /// Title.
    pub title: String,
    /// Summary.
    pub summary: String,
    /// Sanitised HTML.
    pub body: String,
    /// Author shown.
    pub author: String,
    /// Cover image address.
    pub cover: Option<String>,
}

const COLUMNS: &str = "id, type, title, summary, body, author, cover, published, pinned, \
                       published_at, created_at, updated_at, demo";

fn row(r: &Row) -> rusqlite::Result<NewsRow> {
    Ok(NewsRow {
        id: r.get(0)?,
        kind: r.get(1)?,
        title: r.get(2)?,
        summary: r.get(3)?,
        body: r.get(4)?,
        author: r.get(5)?,
        cover: r.get(6)?,
        published: r.get(7)?,
        pinned: r.get(8)?,
        published_at: r.get(9)?,
        created_at: r.get(10)?,
        updated_at: r.get(11)?,
        demo: r.get(12)?,
    })
}

/// Writes an item's words into the index (replacing what it held for it).
fn index(conn: &Connection, id: i64, title: &str, body: &str) -> rusqlite::Result<()> {
    unindex(conn, id)?;
    let mut words = text::words(title);
    words.extend(text::words(&crate::html::plain(body)));
    words.sort_unstable();
    words.dedup();
    let mut insert =
        conn.prepare_cached("INSERT INTO news_word (word, news_id) VALUES (?1, ?2)")?;
    for word in &words {
        insert.execute(params![word, id])?;
    }
    Ok(())
}

fn unindex(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM news_word WHERE news_id = ?1")?
        .execute([id])?;
    Ok(())
}

/// Stores a new unpublished item; its id.
pub fn create(
    conn: &Connection,
    d: &Draft,
    editor: Option<i64>,
    demo: bool,
    now: i64,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO news (type, title, summary, body, author, cover, created_at, updated_at, created_by, demo)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?8, ?9)",
    )?
    .execute(params![d.kind, d.title, d.summary, d.body, d.author, d.cover, now, editor, demo])?;
    let id = conn.last_insert_rowid();
    index(conn, id, &d.title, &d.body)?;
    Ok(id)
}

/// Replaces an item's text; false when there is no such item.
pub fn update(conn: &Connection, id: i64, d: &Draft, now: i64) -> rusqlite::Result<bool> {
    let n = conn
        .prepare_cached(
            "UPDATE news SET type = ?2, title = ?3, summary = ?4, body = ?5, author = ?6, cover = ?7,
             updated_at = ?8 WHERE id = ?1",
        )?
        .execute(params![id, d.kind, d.title, d.summary, d.body, d.author, d.cover, now])?;
    if n > 0 {
        index(conn, id, &d.title, &d.body)?;
    }
    Ok(n > 0)
}

/// Publishes or withdraws an item (the first publication sets its time); false when there is none.
pub fn set_published(
    conn: &Connection,
    id: i64,
    published: bool,
    now: i64,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "UPDATE news SET published = ?2, updated_at = ?3,
         published_at = CASE WHEN ?2 AND published_at IS NULL THEN ?3 ELSE published_at END
         WHERE id = ?1",
    )?
    .execute(params![id, published, now])
    .map(|n| n > 0)
}

/// Pins or unpins an item; false when there is none.
pub fn set_pinned(conn: &Connection, id: i64, pinned: bool, now: i64) -> rusqlite::Result<bool> {
    conn.prepare_cached("UPDATE news SET pinned = ?2, updated_at = ?3 WHERE id = ?1")?
        .execute(params![id, pinned, now])
        .map(|n| n > 0)
}

/// Deletes an item and its index entry; false when there is none.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    unindex(conn, id)?;
    conn.prepare_cached("DELETE FROM news WHERE id = ?1")?
        .execute([id])
        .map(|n| n > 0)
}

/// One item; with `published_only`, only when it is published.
pub fn get(conn: &Connection, id: i64, published_only: bool) -> rusqlite::Result<Option<NewsRow>> {
    conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM news WHERE id = ?1 AND (published OR NOT ?2)"
    ))?
    .query_row(params![id, published_only], row)
    .optional()
}

/// Which items a list holds.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    /// Only this type.
    pub kind: Option<u8>,
    /// Only published (visitors), or every state (editors) when false.
    pub published_only: bool,
    /// Only this state (editors).
    pub published: Option<bool>,
    /// Titles containing this text.
    pub title: Option<String>,
    /// Words to find in title and body (see `text::query`).
    pub search: Option<Search>,
}

/// A page of items, pinned first, then newest first, and the total.
pub fn list(
    conn: &Connection,
    f: &ListFilter,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<(Vec<NewsRow>, i64)> {
    // ?5 holds the search's words as a JSON array (or its first character); the items
    // holding all of them are those with as many index rows among them as there are words.
    let (search, words) = match &f.search {
        None => ("?5 IS NULL", None),
        Some(Search::All(words)) => (
            "id IN (SELECT news_id FROM news_word WHERE word IN (SELECT value FROM json_each(?5))
                    GROUP BY news_id HAVING COUNT(*) = json_array_length(?5))",
            Some(crate::db::json_list(words)),
        ),
        Some(Search::Prefix(first)) => (
            "id IN (SELECT news_id FROM news_word WHERE word >= ?5 AND word < ?5 || char(1114111))",
            Some(first.clone()),
        ),
    };
    let filter = format!(
        "(?1 IS NULL OR type = ?1)
         AND (published OR NOT ?2)
         AND (?3 IS NULL OR published = ?3)
         AND (?4 IS NULL OR instr(title, ?4) > 0)
         AND {search}"
    );
    let args = params![f.kind, f.published_only, f.published, f.title, words];
    let total: i64 = conn
        .prepare_cached(&format!("SELECT COUNT(*) FROM news WHERE {filter}"))?
        .query_row(args, |r| r.get(0))?;
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM news WHERE {filter}
         ORDER BY pinned DESC, COALESCE(published_at, created_at) DESC, id DESC LIMIT ?6 OFFSET ?7"
    ))?;
    let rows = stmt
        .query_map(
            params![
                f.kind,
                f.published_only,
                f.published,
                f.title,
                words,
                limit,
                offset
            ],
            row,
        )?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}

/// Whether demo items are stored.
pub fn has_demo(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row("SELECT EXISTS (SELECT 1 FROM news WHERE demo)", [], |r| {
        r.get(0)
    })
}
