//! Element sets into the database: `rscloud import tle FILE` (TLE, 3LE, OMM
//! JSON or XML) and the demo's committed CelesTrak snapshot. An import is all
//! or nothing: the first bad set stops it and names its line.

use std::io::Read;
use std::path::Path;

use rusqlite::Connection;

use super::store;
use crate::catalogue;

/// Why an import was refused.
#[derive(Debug, thiserror::Error)]
pub enum TleImportError {
    /// The file could not be read.
    #[error("cannot read {0}: {1}")]
    Read(String, std::io::Error),
    /// The file is larger than an element-set file can be.
    #[error("{0} is larger than {1} bytes; split it")]
    TooLarge(String, usize),
    /// A set is malformed.
    #[error("{0}: {1}")]
    Parse(String, orbit::ParseError),
    /// The database refused the write.
    #[error("cannot store the element sets: {0}")]
    Db(#[from] rusqlite::Error),
}

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// Element sets read.
    pub read: usize,
    /// Of those, sets not stored before.
    pub added: usize,
    /// Catalogue satellites that have an element set now.
    pub catalogue_covered: usize,
    /// Catalogue satellites with a NORAD id and still no element set.
    pub catalogue_missing: Vec<&'static str>,
}

/// Imports the element sets of a file.
pub fn import_file(
    conn: &mut Connection,
    path: &Path,
    now: i64,
) -> Result<Imported, TleImportError> {
    let name = path.display().to_string();
    let limits = orbit::Limits::default();
    let file = std::fs::File::open(path).map_err(|e| TleImportError::Read(name.clone(), e))?;
    // Read one byte past the limit: a larger file is refused, never read whole.
    let mut bytes = Vec::new();
    file.take(limits.max_bytes as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| TleImportError::Read(name.clone(), e))?;
    if bytes.len() > limits.max_bytes {
        return Err(TleImportError::TooLarge(name, limits.max_bytes));
    }
    let source = path
        .file_name()
        .map_or_else(|| name.clone(), |n| n.to_string_lossy().into_owned());
    import_bytes(conn, &bytes, &source, now)
}

/// Imports element sets given as bytes, recorded as coming from `source`.
pub fn import_bytes(
    conn: &mut Connection,
    bytes: &[u8],
    source: &str,
    now: i64,
) -> Result<Imported, TleImportError> {
    let sets = orbit::parse_any(bytes, &orbit::Limits::default())
        .map_err(|e| TleImportError::Parse(source.to_owned(), e))?;
    let added = store::insert(conn, &sets, source, now)?;
    let ids: Vec<u32> = catalogue::satellites()
        .iter()
        .filter_map(|s| s.norad_id)
        .collect();
    let have = store::newest_epochs(conn, &ids)?;
    let catalogue_missing = catalogue::satellites()
        .iter()
        .filter(|s| {
            s.norad_id
                .is_some_and(|id| !have.iter().any(|(with, _)| *with == id))
        })
        .map(|s| s.value)
        .collect();
    Ok(Imported {
        read: sets.len(),
        added,
        catalogue_covered: have.len(),
        catalogue_missing,
    })
}

/// Imports the demo's element sets (CelesTrak, 2025-10-03) unless some are
/// stored already; answers how many were added.
pub fn import_demo(conn: &mut Connection, now: i64) -> Result<usize, TleImportError> {
    if store::counts(conn)?.0 > 0 {
        return Ok(0);
    }
    Ok(import_bytes(conn, orbit::DEMO_TLE.as_bytes(), orbit::DEMO_SOURCE, now)?.added)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_links_every_catalogue_satellite_with_a_norad_id() {
        let mut conn = crate::db::memory();
        let report = import_bytes(&mut conn, orbit::DEMO_TLE.as_bytes(), "demo", 1).expect("demo");
        assert_eq!((report.read, report.added), (97, 97));
        assert_eq!(report.catalogue_covered, 97);
        assert!(
            report.catalogue_missing.is_empty(),
            "{:?}",
            report.catalogue_missing
        );
        // Once stored, the demo is not imported again.
        assert_eq!(import_demo(&mut conn, 2).expect("again"), 0);
    }

    #[test]
    fn a_bad_set_stops_the_import_and_names_its_line() {
        let mut conn = crate::db::memory();
        let mut text = orbit::DEMO_TLE.to_owned();
        // Break the checksum of the second set's first line (line 5 of the file).
        let line5: Vec<&str> = text.lines().collect();
        let broken = line5[4].to_owned();
        let last = broken
            .chars()
            .last()
            .and_then(|c| c.to_digit(10))
            .expect("digit");
        let fixed = format!("{}{}", &broken[..broken.len() - 1], (last + 1) % 10);
        text = text.replacen(&broken, &fixed, 1);
        let error = import_bytes(&mut conn, text.as_bytes(), "bad.tle", 1).expect_err("refused");
        let message = error.to_string();
        assert!(message.starts_with("bad.tle: "), "{message}");
        assert!(message.contains("line 5"), "{message}");
        assert_eq!(store::counts(&conn).expect("counts"), (0, 0));
    }
}
