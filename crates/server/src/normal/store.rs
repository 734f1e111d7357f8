//! SQL of the image catalogue.

use geo_types::{Geometry, Polygon};
use rusqlite::{Connection, params};

use super::index::{Builder, SceneIndex};

/// One scene as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneRow {
    /// Row id.
    pub fid: i64,
    /// Product id.
    pub scene_id: String,
    /// Delivered file name.
    pub file_name: String,
    /// Catalogue value of the satellite.
    pub satellite: String,
    /// Sensor id.
    pub sensor: String,
    /// Unix seconds, UTC.
    pub acquired_at: i64,
    /// Cloud cover, percent.
    pub cloud: f64,
    /// Ground resolution, metres.
    pub resolution_m: Option<f64>,
    /// Product level, e.g. L1A.
    pub product_level: Option<String>,
    /// Orbit path.
    pub path: Option<i64>,
    /// Orbit row.
    pub row: Option<i64>,
    /// Quick-look image URL.
    pub quicklook: Option<String>,
    /// Size, MB.
    pub size_mb: Option<f64>,
    /// Available for immediate delivery.
    pub online: bool,
    /// Generated for the demo, not a real product.
    pub demo: bool,
    /// Footprint.
    pub footprint: Polygon<f64>,
}

/// Calls `each` with every scene, in row-id order (a plain table scan: the
/// index orders them itself).
pub fn for_each(conn: &Connection, mut each: impl FnMut(SceneRow)) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare(
        "SELECT fid, scene_id, file_name, satellite, sensor, acquired_at, cloud, resolution_m, product_level,
                path, row, quicklook, size_mb, online, demo, geom
         FROM scene",
    )?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let footprint = match geo_kit::gpkg::decode(r.get_ref(15)?.as_blob()?) {
            Ok(Geometry::Polygon(p)) => p,
            _ => {
                return Err(rusqlite::Error::UserFunctionError(
                    "scene footprint is not a polygon".into(),
                ));
            }
        };
        each(SceneRow {
            fid: r.get(0)?,
            scene_id: r.get(1)?,
            file_name: r.get(2)?,
            satellite: r.get(3)?,
            sensor: r.get(4)?,
            acquired_at: r.get(5)?,
            cloud: r.get(6)?,
            resolution_m: r.get(7)?,
            product_level: r.get(8)?,
            path: r.get(9)?,
            row: r.get(10)?,
            quicklook: r.get(11)?,
            size_mb: r.get(12)?,
            online: r.get(13)?,
            demo: r.get(14)?,
            footprint,
        });
    }
    Ok(())
}

/// The search index over every stored scene, built row by row.
pub fn load_index(conn: &Connection) -> rusqlite::Result<SceneIndex> {
    let mut builder = Builder::new();
    for_each(conn, |s| builder.push(s))?;
    Ok(builder.finish())
}

/// Inserts scenes in one transaction; a repeated product id replaces the old row.
pub fn insert(conn: &mut Connection, scenes: &[SceneRow]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    {
        let mut stmt = tx.prepare(
            "INSERT INTO scene (geom, scene_id, file_name, satellite, sensor, acquired_at, cloud, resolution_m,
                                product_level, path, row, quicklook, size_mb, online, demo)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
             ON CONFLICT (scene_id) DO UPDATE SET geom = excluded.geom, file_name = excluded.file_name,
               satellite = excluded.satellite, sensor = excluded.sensor, acquired_at = excluded.acquired_at,
               cloud = excluded.cloud, resolution_m = excluded.resolution_m, product_level = excluded.product_level,
               path = excluded.path, row = excluded.row, quicklook = excluded.quicklook, size_mb = excluded.size_mb,
               online = excluded.online, demo = excluded.demo",
        )?;
        for s in scenes {
            let blob = geo_kit::gpkg::encode(&Geometry::Polygon(s.footprint.clone()), 4326);
            stmt.execute(params![
                blob,
                s.scene_id,
                s.file_name,
                s.satellite,
                s.sensor,
                s.acquired_at,
                s.cloud,
                s.resolution_m,
                s.product_level,
                s.path,
                s.row,
                s.quicklook,
                s.size_mb,
                s.online,
                s.demo
            ])?;
        }
    }
    tx.commit()
}
