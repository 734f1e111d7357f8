//! SQL of the spot engine: the `spot` GeoPackage table and the batches.

use std::borrow::Borrow;

use geo_types::Geometry;
use rusqlite::{Connection, Transaction, params};

use super::model::SpotRecord;
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
