//! SQL of the image catalogue.

use geo_types::{Geometry, Polygon};
use rusqlite::{Connection, OptionalExtension, params};

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

/// The columns `read` takes, in its order.
const COLUMNS: &str =
    "fid, scene_id, file_name, satellite, sensor, acquired_at, cloud, resolution_m,
    product_level, path, row, quicklook, size_mb, online, demo, geom";

/// A scene from a row of [`COLUMNS`].
fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<SceneRow> {
    let blob: Vec<u8> = r.get(15)?;
    let footprint = match geo_kit::gpkg::decode(&blob) {
        Ok(Geometry::Polygon(p)) => p,
        _ => {
            return Err(rusqlite::Error::UserFunctionError(
                "scene footprint is not a polygon".into(),
            ));
        }
    };
    Ok(SceneRow {
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
    })
}

/// Every scene, oldest first.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<SceneRow>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {COLUMNS} FROM scene ORDER BY acquired_at, fid"
    ))?;
    let rows = stmt.query_map([], read)?;
    rows.collect()
}

/// The scenes with these product ids, in the order asked; unknown ids are left out.
pub fn by_ids(conn: &Connection, ids: &[String]) -> rusqlite::Result<Vec<SceneRow>> {
    let mut stmt =
        conn.prepare_cached(&format!("SELECT {COLUMNS} FROM scene WHERE scene_id = ?1"))?;
    let mut found = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(row) = stmt.query_row([id], read).optional()? {
            found.push(row);
        }
    }
    Ok(found)
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

/// Whether any generated demo scene is stored.
pub fn has_demo(conn: &Connection) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM scene WHERE demo = 1)",
        [],
        |r| r.get(0),
    )
}

/// Removes every generated demo scene; real ones stay. Answers how many went.
pub fn delete_demo(conn: &Connection) -> rusqlite::Result<usize> {
    conn.execute("DELETE FROM scene WHERE demo = 1", [])
}
