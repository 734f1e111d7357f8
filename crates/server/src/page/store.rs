//! SQL of editable pages and FAQ entries.

use rusqlite::{Connection, OptionalExtension, Row, params};

/// A page as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct PageRow {
    /// Path-like key, e.g. `platformIntro/description`.
    pub slug: String,
    /// Heading.
    pub title: String,
    /// Sanitised HTML.
    pub body: String,
    /// Last changed, unix seconds.
    pub updated_at: i64,
    /// The editor's login name; empty for demo text.
    pub updated_by: String,
    /// Demo text written for this platform.
    pub demo: bool,
}

fn page_row(r: &Row) -> rusqlite::Result<PageRow> {
    Ok(PageRow {
        slug: r.get(0)?,
        title: r.get(1)?,
        body: r.get(2)?,
        updated_at: r.get(3)?,
        updated_by: r.get(4)?,
        demo: r.get(5)?,
    })
}

const PAGE_COLUMNS: &str = "slug, title, body, updated_at, updated_by, demo";

/// The page at `slug`.
pub fn page(conn: &Connection, slug: &str) -> rusqlite::Result<Option<PageRow>> {
    conn.query_row(
        &format!("SELECT {PAGE_COLUMNS} FROM page WHERE slug = ?1"),
        [slug],
        page_row,
    )
    .optional()
}

/// Every page, by slug.
pub fn pages(conn: &Connection) -> rusqlite::Result<Vec<PageRow>> {
    let mut stmt = conn.prepare(&format!("SELECT {PAGE_COLUMNS} FROM page ORDER BY slug"))?;
    stmt.query_map([], page_row)?.collect()
}

/// Writes a page whole, creating it when missing.
pub fn put_page(conn: &Connection, p: &PageRow) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO page (slug, title, body, updated_at, updated_by, demo)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (slug) DO UPDATE SET title = ?2, body = ?3, updated_at = ?4,
             updated_by = ?5, demo = ?6",
        params![p.slug, p.title, p.body, p.updated_at, p.updated_by, p.demo],
    )?;
    Ok(())
}

/// A FAQ entry as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct FaqRow {
    /// Row id.
    pub id: i64,
    /// The question.
    pub question: String,
    /// Sanitised HTML.
    pub answer: String,
    /// Position, ascending.
    pub sort: i64,
    /// Last changed, unix seconds.
    pub updated_at: i64,
    /// Demo text.
    pub demo: bool,
}

fn faq_row(r: &Row) -> rusqlite::Result<FaqRow> {
    Ok(FaqRow {
        id: r.get(0)?,
        question: r.get(1)?,
        answer: r.get(2)?,
        sort: r.get(3)?,
        updated_at: r.get(4)?,
        demo: r.get(5)?,
    })
}

const FAQ_COLUMNS: &str = "id, question, answer, sort, updated_at, demo";

/// What a FAQ entry holds, for a new one or a change.
#[derive(Debug, Clone, PartialEq)]
pub struct FaqDraft {
    /// The question.
    pub question: String,
    /// Sanitised HTML.
    pub answer: String,
    /// Position, ascending.
    pub sort: i64,
}

/// The entries, in order; with `contains`, only those whose question or
/// answer contains it (the FAQ is a few dozen entries: a scan is instant).
pub fn faq(conn: &Connection, contains: Option<&str>) -> rusqlite::Result<Vec<FaqRow>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {FAQ_COLUMNS} FROM faq
         WHERE ?1 IS NULL OR instr(question, ?1) > 0 OR instr(answer, ?1) > 0
         ORDER BY sort, id"
    ))?;
    stmt.query_map([contains], faq_row)?.collect()
}

/// One entry.
pub fn faq_entry(conn: &Connection, id: i64) -> rusqlite::Result<Option<FaqRow>> {
    conn.query_row(
        &format!("SELECT {FAQ_COLUMNS} FROM faq WHERE id = ?1"),
        [id],
        faq_row,
    )
    .optional()
}

/// A new entry; its id.
pub fn add_faq(conn: &Connection, d: &FaqDraft, demo: bool, now: i64) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO faq (question, answer, sort, updated_at, demo) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![d.question, d.answer, d.sort, now, demo],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Replaces an entry; false when there is none.
pub fn update_faq(conn: &Connection, id: i64, d: &FaqDraft, now: i64) -> rusqlite::Result<bool> {
    let n = conn.execute(
        "UPDATE faq SET question = ?2, answer = ?3, sort = ?4, updated_at = ?5, demo = 0
         WHERE id = ?1",
        params![id, d.question, d.answer, d.sort, now],
    )?;
    Ok(n > 0)
}

/// Deletes an entry; false when there is none.
pub fn delete_faq(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn.execute("DELETE FROM faq WHERE id = ?1", [id])? > 0)
}

/// Stores a page unless one is at its slug already: demo text never
/// replaces an editor's; true when stored.
pub fn add_page_if_missing(conn: &Connection, p: &PageRow) -> rusqlite::Result<bool> {
    let n = conn.execute(
        "INSERT OR IGNORE INTO page (slug, title, body, updated_at, updated_by, demo)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![p.slug, p.title, p.body, p.updated_at, p.updated_by, p.demo],
    )?;
    Ok(n > 0)
}

/// Whether a FAQ entry was ever stored (deleted ones count: an editor who
/// removed the demo entries does not get them back at the next start).
pub fn faq_ever_written(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'faq')",
        [],
        |r| r.get(0),
    )
}
