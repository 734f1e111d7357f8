//! SQL of regions.

use std::collections::HashMap;

use geo_types::{Geometry, MultiPolygon};
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::import::{CountryRecord, RegionRecord};
use super::index::Shape;
use super::tree::Level;

use super::tree::LEAF_CITIES;

/// A region's attributes (no geometry).
#[derive(Debug, Clone, PartialEq)]
pub struct RegionRow {
    /// Six-digit code.
    pub code: String,
    /// Full name.
    pub name: String,
    /// Short name.
    pub short_name: String,
    /// 0 country, 1 province, 2 city, 3 county.
    pub level: i64,
    /// The parent's code; `None` for the country.
    pub parent_code: Option<String>,
    /// Label point.
    pub label: Option<(f64, f64)>,
    /// [min lon, min lat, max lon, max lat].
    pub bbox: [f64; 4],
    /// Nothing finer to choose below it.
    pub is_leaf: bool,
}

/// The columns `row` reads, for a region aliased `r`.
const COLUMNS: &str =
    "r.code, r.name, r.short_name, r.level, r.parent_code, r.label_lon, r.label_lat,
    ST_MinX(r.geom), ST_MinY(r.geom), ST_MaxX(r.geom), ST_MaxY(r.geom),
    NOT EXISTS (SELECT 1 FROM region c WHERE c.parent_code = r.code)";

fn row(r: &Row<'_>) -> rusqlite::Result<RegionRow> {
    let code: String = r.get(0)?;
    let childless: bool = r.get(11)?;
    let lon: Option<f64> = r.get(5)?;
    let lat: Option<f64> = r.get(6)?;
    Ok(RegionRow {
        is_leaf: childless || LEAF_CITIES.contains(&code.as_str()),
        code,
        name: r.get(1)?,
        short_name: r.get(2)?,
        level: r.get(3)?,
        parent_code: r.get(4)?,
        label: lon.zip(lat),
        bbox: [r.get(7)?, r.get(8)?, r.get(9)?, r.get(10)?],
    })
}

/// One region by code.
pub fn region(conn: &Connection, code: &str) -> rusqlite::Result<Option<RegionRow>> {
    conn.prepare_cached(&format!("SELECT {COLUMNS} FROM region r WHERE r.code = ?1"))?
        .query_row([code], row)
        .optional()
}

/// The children of a region, by code; none below a leaf city.
pub fn children(conn: &Connection, code: &str) -> rusqlite::Result<Vec<RegionRow>> {
    if LEAF_CITIES.contains(&code) {
        return Ok(Vec::new());
    }
    conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM region r WHERE r.parent_code = ?1 ORDER BY r.code"
    ))?
    .query_map([code], row)?
    .collect()
}

/// A region's display copy for a band (GeoPackage blob), falling back to the
/// full boundary when the band has none (a region too small for that band).
pub fn display_blob(conn: &Connection, code: &str, band: i64) -> rusqlite::Result<Option<Vec<u8>>> {
    conn.prepare_cached(
        "SELECT coalesce((SELECT d.geom FROM region_display d WHERE d.code = r.code AND d.band = ?2), r.geom)
         FROM region r WHERE r.code = ?1",
    )?
    .query_row(rusqlite::params![code, band], |r| r.get(0))
    .optional()
}

/// A world country's attributes.
#[derive(Debug, Clone, PartialEq)]
pub struct CountryRow {
    /// ISO 3166 alpha-3 (or -99).
    pub iso_a3: String,
    /// ISO 3166 numeric (or -99).
    pub iso_n3: String,
    /// Chinese short name.
    pub name: String,
    /// Chinese full name.
    pub full_name: String,
}

/// Every world country, by name.
pub fn countries(conn: &Connection) -> rusqlite::Result<Vec<CountryRow>> {
    conn.prepare_cached("SELECT iso_a3, iso_n3, name, full_name FROM global_region ORDER BY name")?
        .query_map([], |r| {
            Ok(CountryRow {
                iso_a3: r.get(0)?,
                iso_n3: r.get(1)?,
                name: r.get(2)?,
                full_name: r.get(3)?,
            })
        })?
        .collect()
}

/// How many regions are stored.
pub fn count(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT count(*) FROM region", [], |r| r.get(0))
}

/// Every region's full boundary.
pub fn region_shapes(conn: &Connection) -> rusqlite::Result<Vec<Shape>> {
    shapes(
        conn,
        "SELECT r.geom, r.code, r.name, r.level, r.label_lon, r.label_lat FROM region r",
        [],
    )
}

/// Every region's boundary simplified for a display band, or only its code
/// (`Err`) where the band's copy is the full boundary itself (most regions
/// at the finest band): the caller shares the full one rather than holding
/// the same boundary twice.
pub fn display_shapes(
    conn: &Connection,
    band: i64,
) -> rusqlite::Result<Vec<Result<Shape, String>>> {
    rows(
        conn,
        "SELECT CASE WHEN d.geom = r.geom THEN NULL ELSE d.geom END,
                r.code, r.name, r.level, r.label_lon, r.label_lat
         FROM region_display d JOIN region r USING (code) WHERE d.band = ?1",
        [band],
    )
}

/// Every world country's boundary.
pub fn country_shapes(conn: &Connection) -> rusqlite::Result<Vec<Shape>> {
    shapes(
        conn,
        "SELECT geom, iso_a3, name, 0, NULL, NULL FROM global_region",
        [],
    )
}

fn decode(blob: &[u8]) -> rusqlite::Result<MultiPolygon<f64>> {
    match geo_kit::gpkg::decode(blob) {
        Ok(geo_types::Geometry::MultiPolygon(mp)) => Ok(mp),
        Ok(geo_types::Geometry::Polygon(p)) => Ok(MultiPolygon(vec![p])),
        Ok(_) => Ok(MultiPolygon(vec![])),
        Err(e) => Err(rusqlite::Error::UserFunctionError(
            format!("stored boundary is unreadable: {e}").into(),
        )),
    }
}

fn shapes(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> rusqlite::Result<Vec<Shape>> {
    rows(conn, sql, params)?
        .into_iter()
        .map(|row| {
            row.map_err(|code| {
                rusqlite::Error::UserFunctionError(format!("{code} has no boundary").into())
            })
        })
        .collect()
}

/// Shapes from rows of (geometry, code, name, level, label longitude,
/// latitude); a row without a geometry gives its code.
fn rows(
    conn: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
) -> rusqlite::Result<Vec<Result<Shape, String>>> {
    let mut stmt = conn.prepare(sql)?;
    let rows = stmt.query_map(params, |r| {
        let code: String = r.get(1)?;
        let Some(blob) = r.get_ref(0)?.as_blob_or_null()? else {
            return Ok(Err(code));
        };
        let lon: Option<f64> = r.get(4)?;
        let lat: Option<f64> = r.get(5)?;
        Ok(Ok(Shape::new(
            code,
            r.get(2)?,
            r.get(3)?,
            lon.zip(lat),
            decode(blob)?,
        )))
    })?;
    rows.collect()
}

/// Replaces every region with `records` in one transaction; `display` gives the
/// simplified copies per band for each record.
pub fn replace_regions(
    conn: &mut Connection,
    records: &[(RegionRecord, Level, Option<String>)],
    display: &HashMap<String, Vec<(i64, MultiPolygon<f64>)>>,
) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    tx.execute("DELETE FROM region_display", [])?;
    tx.execute("DELETE FROM region", [])?;
    {
        let mut insert = tx.prepare(
            "INSERT INTO region (geom, code, name, short_name, level, parent_code, label_lon, label_lat)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        let mut insert_display =
            tx.prepare("INSERT INTO region_display (geom, code, band) VALUES (?1, ?2, ?3)")?;
        for (r, level, parent) in records {
            let blob = geo_kit::gpkg::encode(&Geometry::MultiPolygon(r.geom.clone()), 4326);
            insert.execute(params![
                blob,
                r.code,
                r.name,
                r.short_name,
                level.number(),
                parent,
                r.label.map(|l| l.0),
                r.label.map(|l| l.1)
            ])?;
            for (band, geom) in display.get(&r.code).into_iter().flatten() {
                let blob = geo_kit::gpkg::encode(&Geometry::MultiPolygon(geom.clone()), 4326);
                insert_display.execute(params![blob, r.code, band])?;
            }
        }
    }
    tx.commit()
}

/// Replaces every world country in one transaction.
pub fn replace_countries(conn: &mut Connection, records: &[CountryRecord]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    tx.execute("DELETE FROM global_region", [])?;
    {
        let mut insert = tx.prepare(
            "INSERT INTO global_region (geom, iso_a3, iso_n3, name, full_name) VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        for c in records {
            let blob = geo_kit::gpkg::encode(&Geometry::MultiPolygon(c.geom.clone()), 4326);
            insert.execute(params![blob, c.iso_a3, c.iso_n3, c.name, c.full_name])?;
        }
    }
    tx.commit()
}
