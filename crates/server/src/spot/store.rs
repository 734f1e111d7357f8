//! SQL of the spot engine: the `spot` GeoPackage table and the batches.

use std::borrow::Borrow;
use std::collections::HashMap;

use geo_types::Geometry;
use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};

use super::model::{Attrs, SpotRecord};
use super::theme::ThemeName;
use crate::db::gpkg;

/// From this many rows on, a write is a bulk load: the R*Tree is filled once after the rows
/// rather than row by row.
const BULK: usize = 50_000;

/// Replaces the spots of `theme` that came in `file_name` with `spots`, in one transaction:
/// importing a file again replaces what it brought last time. Answers how many were written.
pub fn replace_file(
    conn: &mut Connection,
    theme: ThemeName,
    file_name: &str,
    spots: &[SpotRecord],
) -> rusqlite::Result<usize> {
    let tx = conn.transaction()?;
    tx.execute(
        "DELETE FROM spot WHERE theme = ?1 AND file_name = ?2",
        params![theme.as_str(), file_name],
    )?;
    let written = insert_rows(&tx, spots.iter())?;
    tx.commit()?;
    Ok(written)
}

/// Replaces every demo spot with `spots` (an iterator of records or references to them,
/// so a generator need not hold a million), in one transaction. Answers how many were
/// written.
pub fn replace_demo(
    conn: &mut Connection,
    spots: impl Iterator<Item = impl Borrow<SpotRecord>>,
) -> rusqlite::Result<usize> {
    let tx = conn.transaction()?;
    tx.execute("DELETE FROM spot WHERE demo = 1", [])?;
    let written = insert_rows(&tx, spots)?;
    tx.commit()?;
    Ok(written)
}

/// The attribution of each of the spots `ids` that has one.
pub fn sources(conn: &Connection, ids: &[i64]) -> rusqlite::Result<HashMap<i64, String>> {
    let mut stmt =
        conn.prepare_cached("SELECT fid, source FROM spot WHERE fid = ?1 AND source IS NOT NULL")?;
    let mut found = HashMap::new();
    for &id in ids {
        if let Some(source) = stmt.query_row([id], |r| r.get(1)).optional()? {
            found.insert(id, source);
        }
    }
    Ok(found)
}

/// Whether any demo spot is stored.
pub fn has_demo(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM spot WHERE demo = 1)",
        [],
        |r| r.get(0),
    )
}

fn insert_rows(
    tx: &Transaction<'_>,
    spots: impl Iterator<Item = impl Borrow<SpotRecord>>,
) -> rusqlite::Result<usize> {
    let bulk = spots.size_hint().0 >= BULK;
    let since: i64 = tx.query_row("SELECT coalesce(max(fid), 0) FROM spot", [], |r| r.get(0))?;
    if bulk {
        gpkg::suspend_rtree_insert(tx, "spot", "geom")?;
    }
    let mut written = 0;
    {
        let mut insert = tx.prepare_cached(
            "INSERT INTO spot (geom, theme, batch, tblx, xzqdm, file_name, area_m2, change,
                               before_image, after_image, name, capacity_mw, turbines, panel_area_m2,
                               capacity_kt, route, rate_mm, crop, class_from, class_to, source, demo)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,
                     ?18, ?19, ?20, ?21, ?22)",
        )?;
        let mut batch = tx.prepare_cached(
            "INSERT INTO spot_batch (theme, id, type_name) VALUES (?1, ?2, ?3)
             ON CONFLICT (theme, id) DO NOTHING",
        )?;
        let mut last_batch: Option<(ThemeName, String)> = None;
        for s in spots {
            let s = s.borrow();
            let blob = geo_kit::gpkg::encode(&Geometry::MultiPolygon(s.geom.clone()), 4326);
            let a = &s.attrs;
            insert.execute(params![
                blob,
                s.theme.as_str(),
                s.batch,
                s.tblx,
                s.xzqdm,
                s.file_name,
                s.area_m2,
                s.change,
                s.before_image,
                s.after_image,
                a.name,
                a.capacity_mw,
                a.turbines,
                a.panel_area_m2,
                a.capacity_kt,
                a.route,
                a.rate_mm,
                a.crop,
                a.class_from,
                a.class_to,
                s.source,
                s.demo,
            ])?;
            if last_batch
                .as_ref()
                .is_none_or(|(theme, id)| *theme != s.theme || *id != s.batch)
            {
                let kind = s.theme.theme().batches;
                let name = kind.type_name(&s.batch).unwrap_or_else(|| s.batch.clone());
                batch.execute(params![s.theme.as_str(), s.batch, name])?;
                last_batch = Some((s.theme, s.batch.clone()));
            }
            written += 1;
        }
    }
    if bulk {
        gpkg::resume_rtree_insert(tx, "spot", "geom", since)?;
    }
    Ok(written)
}

/// A stored spot: its row id (the spot id) and what was stored.
#[derive(Debug, Clone)]
pub struct SpotRow {
    /// The spot id.
    pub id: i64,
    /// The spot.
    pub record: SpotRecord,
}

/// The columns [`read`] reads, in its order.
const COLUMNS: &str = "fid, geom, theme, batch, tblx, xzqdm, file_name, area_m2, change,
    before_image, after_image, name, capacity_mw, turbines, panel_area_m2, capacity_kt, route,
    rate_mm, crop, class_from, class_to, source, demo";

/// A spot from a row of [`COLUMNS`]; `None` for a theme this binary does not know.
fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Option<SpotRow>> {
    let Some(theme) = ThemeName::parse(r.get_ref(2)?.as_str()?) else {
        return Ok(None);
    };
    let geom = match geo_kit::gpkg::decode(r.get_ref(1)?.as_blob()?) {
        Ok(Geometry::MultiPolygon(mp)) => mp,
        Ok(Geometry::Polygon(p)) => geo_types::MultiPolygon(vec![p]),
        _ => {
            return Err(rusqlite::Error::UserFunctionError(
                "a stored spot outline is not a polygon".into(),
            ));
        }
    };
    Ok(Some(SpotRow {
        id: r.get(0)?,
        record: SpotRecord {
            theme,
            batch: r.get(3)?,
            tblx: r.get(4)?,
            xzqdm: r.get(5)?,
            file_name: r.get(6)?,
            geom,
            area_m2: r.get(7)?,
            change: r.get(8)?,
            before_image: r.get(9)?,
            after_image: r.get(10)?,
            attrs: Attrs {
                name: r.get(11)?,
                capacity_mw: r.get(12)?,
                turbines: r.get(13)?,
                panel_area_m2: r.get(14)?,
                capacity_kt: r.get(15)?,
                route: r.get(16)?,
                rate_mm: r.get(17)?,
                crop: r.get(18)?,
                class_from: r.get(19)?,
                class_to: r.get(20)?,
            },
            source: r.get(21)?,
            demo: r.get(22)?,
        },
    }))
}

/// Calls `each` with every stored spot of a known theme, in id order, from one snapshot of
/// the table; answers the snapshot's [`stamp`].
pub fn for_each(
    conn: &Connection,
    mut each: impl FnMut(SpotRow) -> rusqlite::Result<()>,
) -> rusqlite::Result<(usize, i64)> {
    // Deferred: a read must not hold the write lock for the seconds it takes.
    let snapshot = Transaction::new_unchecked(conn, TransactionBehavior::Deferred)?;
    let stamp = stamp(&snapshot)?;
    let mut stmt = snapshot.prepare(&format!("SELECT {COLUMNS} FROM spot ORDER BY fid"))?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        if let Some(spot) = read(r)? {
            each(spot)?;
        }
    }
    Ok(stamp)
}

/// One spot by id.
pub fn spot(conn: &Connection, id: i64) -> rusqlite::Result<Option<SpotRow>> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM spot WHERE fid = ?1"))?
        .query_row([id], read)
        .optional()
        .map(Option::flatten)
}

/// How many spots are stored and the largest id: a replaced or added spot gets a new one.
pub fn stamp(conn: &Connection) -> rusqlite::Result<(usize, i64)> {
    conn.query_row(
        "SELECT count(*), coalesce(max(fid), 0) FROM spot",
        [],
        |r| Ok((r.get::<_, i64>(0)? as usize, r.get(1)?)),
    )
}
