//! SQL of orbit prediction: the element sets, every one kept by NORAD id and epoch.

use orbit::ElementSet;
use rusqlite::types::Type;
use rusqlite::{Connection, OptionalExtension, params};

/// Stores element sets in one transaction; a set already stored (same NORAD id
/// and epoch) is kept as it was. Answers how many were new.
pub fn insert(
    conn: &mut Connection,
    sets: &[ElementSet],
    source: &str,
    now: i64,
) -> rusqlite::Result<usize> {
    let tx = conn.transaction()?;
    let mut added = 0;
    {
        let mut insert = tx.prepare_cached(
            "INSERT OR IGNORE INTO element_set (norad_id, epoch_unix, name, elements, source, imported_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        for set in sets {
            let json = serde_json::to_string(set)
                .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
            added += insert.execute(params![
                set.norad_id,
                set.epoch_unix,
                set.name,
                json,
                source,
                now
            ])?;
        }
    }
    tx.commit()?;
    Ok(added)
}

/// The newest element set of each of `ids` that has one, in the order of `ids`.
pub fn newest(conn: &Connection, ids: &[u32]) -> rusqlite::Result<Vec<ElementSet>> {
    // One index seek per satellite (at most 200): the history may hold
    // millions of sets, which a query over all of them would read.
    let mut stmt = conn.prepare_cached(
        "SELECT elements FROM element_set WHERE norad_id = ?1 ORDER BY epoch_unix DESC LIMIT 1",
    )?;
    let mut sets = Vec::with_capacity(ids.len());
    for &id in ids {
        let json: Option<String> = stmt.query_row([id], |r| r.get(0)).optional()?;
        if let Some(json) = json {
            let set = serde_json::from_str(&json).map_err(|e| {
                rusqlite::Error::FromSqlConversionFailure(0, Type::Text, Box::new(e))
            })?;
            sets.push(set);
        }
    }
    Ok(sets)
}

/// The newest epoch (unix seconds) of each of `ids` that has an element set.
pub fn newest_epochs(conn: &Connection, ids: &[u32]) -> rusqlite::Result<Vec<(u32, f64)>> {
    let mut stmt =
        conn.prepare_cached("SELECT MAX(epoch_unix) FROM element_set WHERE norad_id = ?1")?;
    let mut epochs = Vec::with_capacity(ids.len());
    for &id in ids {
        let epoch: Option<f64> = stmt.query_row([id], |r| r.get(0))?;
        if let Some(epoch) = epoch {
            epochs.push((id, epoch));
        }
    }
    Ok(epochs)
}

/// How many element sets are stored, and for how many satellites.
pub fn counts(conn: &Connection) -> rusqlite::Result<(i64, i64)> {
    conn.query_row(
        "SELECT COUNT(*), COUNT(DISTINCT norad_id) FROM element_set",
        [],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gf1(epoch_day: &str) -> ElementSet {
        let tle = format!(
            "GAOFEN-1\n1 39150U 13018A   {epoch_day}  .00001938  00000+0  28450-3 0  999X\n2 39150  97.9406 348.4992 0017964  17.2043 342.9772 14.76545138670380"
        );
        // Fix the first line's checksum for the epoch written into it.
        let mut lines: Vec<String> = tle.lines().map(str::to_owned).collect();
        let body = &lines[1][..68];
        let sum = orbit::elements::checksum(body.as_bytes());
        lines[1] = format!("{body}{sum}");
        orbit::parse_tle(lines.join("\n").as_bytes(), &orbit::Limits::default())
            .expect("tle")
            .remove(0)
    }

    #[test]
    fn every_set_is_kept_and_the_newest_is_used() {
        let mut conn = crate::db::memory();
        let older = gf1("25270.50000000");
        let newer = gf1("25276.62980645");
        assert_eq!(
            insert(&mut conn, std::slice::from_ref(&newer), "a.tle", 1).expect("first"),
            1
        );
        // An older set imported later does not replace the newer one; the same set twice is one.
        assert_eq!(
            insert(&mut conn, &[older.clone(), newer.clone()], "b.tle", 2).expect("second"),
            1
        );
        assert_eq!(counts(&conn).expect("counts"), (2, 1));
        assert_eq!(
            newest(&conn, &[39150, 1]).expect("newest"),
            vec![newer.clone()]
        );
        assert_eq!(
            newest_epochs(&conn, &[1, 39150]).expect("epochs"),
            vec![(39150, newer.epoch_unix)]
        );
    }
}
