//! SQL of uploaded files' records (the bytes are in the data folder).

use rusqlite::{Connection, OptionalExtension, Row, params};

/// A file's record.
#[derive(Debug, Clone, PartialEq)]
pub struct FileRow {
    /// Row id; the bytes are `files/<id>` in the data folder.
    pub id: i64,
    /// Category code.
    pub category: String,
    /// What it belongs to.
    pub owner: String,
    /// Title shown.
    pub title: String,
    /// The uploaded file's name.
    pub name: String,
    /// Served as.
    pub mime: String,
    /// Bytes.
    pub size: i64,
    /// SHA-256 of the bytes, hex.
    pub sha256: String,
    /// Version (software).
    pub version: String,
    /// Uploaded, unix seconds.
    pub created_at: i64,
    /// The editor's login name; empty for demo files.
    pub created_by: String,
    /// Demo file.
    pub demo: bool,
}

const COLUMNS: &str =
    "id, category, owner, title, name, mime, size, sha256, version, created_at, created_by, demo";

fn row(r: &Row) -> rusqlite::Result<FileRow> {
    Ok(FileRow {
        id: r.get(0)?,
        category: r.get(1)?,
        owner: r.get(2)?,
        title: r.get(3)?,
        name: r.get(4)?,
        mime: r.get(5)?,
        size: r.get(6)?,
        sha256: r.get(7)?,
        version: r.get(8)?,
        created_at: r.get(9)?,
        created_by: r.get(10)?,
        demo: r.get(11)?,
    })
}

/// Records a file (the `id` given is ignored); its id.
pub fn add(conn: &Connection, f: &FileRow) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO file (category, owner, title, name, mime, size, sha256, version,
                           created_at, created_by, demo)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        params![
            f.category,
            f.owner,
            f.title,
            f.name,
            f.mime,
            f.size,
            f.sha256,
            f.version,
            f.created_at,
            f.created_by,
            f.demo
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// One file's record.
pub fn get(conn: &Connection, id: i64) -> rusqlite::Result<Option<FileRow>> {
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM file WHERE id = ?1"),
        [id],
        row,
    )
    .optional()
}

/// A page of records, newest first, of one category and owner when given; and how many there are.
pub fn list(
    conn: &Connection,
    category: Option<&str>,
    owner: Option<&str>,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<(Vec<FileRow>, i64)> {
    const WHERE: &str = "WHERE (?1 IS NULL OR category = ?1) AND (?2 IS NULL OR owner = ?2)";
    let total = conn.query_row(
        &format!("SELECT count(*) FROM file {WHERE}"),
        params![category, owner],
        |r| r.get(0),
    )?;
    let mut stmt = conn.prepare(&format!(
        "SELECT {COLUMNS} FROM file {WHERE} ORDER BY created_at DESC, id DESC LIMIT ?3 OFFSET ?4"
    ))?;
    let rows = stmt
        .query_map(params![category, owner, limit, offset], row)?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}

/// Deletes a record; false when there is none.
pub fn delete(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(conn.execute("DELETE FROM file WHERE id = ?1", [id])? > 0)
}

/// Whether a demo file of this category, owner and name is recorded.
pub fn has_demo(
    conn: &Connection,
    category: &str,
    owner: &str,
    name: &str,
) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM file WHERE demo AND category = ?1 AND owner = ?2 AND name = ?3)",
        params![category, owner, name],
        |r| r.get(0),
    )
}
