//! The GeoPackage side of the database: the SQL functions the R*Tree triggers
//! call, and the one helper that declares a spatial table.

use geo_kit::Envelope;
use rusqlite::functions::{Context, FunctionFlags};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, params};

/// A spatial table as GeoPackage registers it. The table itself is created by
/// the migration's SQL and must have `fid INTEGER PRIMARY KEY AUTOINCREMENT`
/// and a BLOB column holding GeoPackage binary geometries.
#[derive(Debug, Clone, Copy)]
pub struct SpatialTable {
    /// Table name (also the layer name GDAL shows).
    pub table: &'static str,
    /// Geometry column name.
    pub column: &'static str,
    /// GeoPackage geometry type name: POINT, LINESTRING, POLYGON, MULTIPOLYGON, GEOMETRY …
    pub geometry_type: &'static str,
    /// SRS id; 4326 for everything rscloud stores.
    pub srs_id: i32,
    /// Human-readable description for `gpkg_contents`.
    pub description: &'static str,
}

/// Registers a spatial table in `gpkg_contents` and `gpkg_geometry_columns`,
/// and gives it the R*Tree spatial index extension with the triggers that keep
/// it current (GeoPackage 1.3, annex F.3).
pub fn register_spatial_table(conn: &Connection, t: &SpatialTable) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO gpkg_contents (table_name, data_type, identifier, description, srs_id)
         VALUES (?1, 'features', ?1, ?2, ?3)",
        params![t.table, t.description, t.srs_id],
    )?;
    conn.execute(
        "INSERT INTO gpkg_geometry_columns (table_name, column_name, geometry_type_name, srs_id, z, m)
         VALUES (?1, ?2, ?3, ?4, 0, 0)",
        params![t.table, t.column, t.geometry_type, t.srs_id],
    )?;
    conn.execute(
        "INSERT INTO gpkg_extensions (table_name, column_name, extension_name, definition, scope)
         VALUES (?1, ?2, 'gpkg_rtree_index', 'http://www.geopackage.org/spec120/#extension_rtree', 'write-only')",
        params![t.table, t.column],
    )?;
    conn.execute_batch(&rtree_sql(t.table, t.column))
}

/// The insert trigger of a spatial table's R*Tree, as the standard words it.
fn insert_trigger_sql(t: &str, c: &str) -> String {
    let rt = format!("rtree_{t}_{c}");
    format!(
        r#"
CREATE TRIGGER "{rt}_insert" AFTER INSERT ON "{t}"
  WHEN (NEW."{c}" NOT NULL AND NOT ST_IsEmpty(NEW."{c}"))
BEGIN
  INSERT OR REPLACE INTO "{rt}" VALUES ({});
END;
"#,
        rtree_values(c)
    )
}

fn rtree_values(c: &str) -> String {
    format!(
        "NEW.fid, ST_MinX(NEW.\"{c}\"), ST_MaxX(NEW.\"{c}\"), ST_MinY(NEW.\"{c}\"), ST_MaxY(NEW.\"{c}\")"
    )
}

/// Bulk loading: drops a spatial table's R*Tree insert trigger (inside the
/// caller's transaction), so rows are indexed in one pass by `resume_rtree_insert`.
pub fn suspend_rtree_insert(conn: &Connection, t: &str, c: &str) -> rusqlite::Result<()> {
    conn.execute_batch(&format!("DROP TRIGGER \"rtree_{t}_{c}_insert\""))
}

/// Ends bulk loading: indexes the rows with `fid > since` in one statement and
/// restores the insert trigger.
pub fn resume_rtree_insert(
    conn: &Connection,
    t: &str,
    c: &str,
    since: i64,
) -> rusqlite::Result<()> {
    conn.execute(
        &format!(
            "INSERT OR REPLACE INTO \"rtree_{t}_{c}\"
             SELECT fid, ST_MinX(\"{c}\"), ST_MaxX(\"{c}\"), ST_MinY(\"{c}\"), ST_MaxY(\"{c}\") FROM \"{t}\"
             WHERE fid > ?1 AND \"{c}\" NOT NULL AND NOT ST_IsEmpty(\"{c}\")"
        ),
        [since],
    )?;
    conn.execute_batch(&insert_trigger_sql(t, c))
}

/// The R*Tree virtual table and its six triggers, exactly as the standard words them.
fn rtree_sql(t: &str, c: &str) -> String {
    let rt = format!("rtree_{t}_{c}");
    let values = rtree_values(c);
    let insert = insert_trigger_sql(t, c);
    format!(
        r#"
CREATE VIRTUAL TABLE "{rt}" USING rtree(id, minx, maxx, miny, maxy);
{insert}
CREATE TRIGGER "{rt}_update1" AFTER UPDATE OF "{c}" ON "{t}"
  WHEN OLD.fid = NEW.fid AND (NEW."{c}" NOTNULL AND NOT ST_IsEmpty(NEW."{c}"))
BEGIN
  INSERT OR REPLACE INTO "{rt}" VALUES ({values});
END;
CREATE TRIGGER "{rt}_update2" AFTER UPDATE OF "{c}" ON "{t}"
  WHEN OLD.fid = NEW.fid AND (NEW."{c}" ISNULL OR ST_IsEmpty(NEW."{c}"))
BEGIN
  DELETE FROM "{rt}" WHERE id = OLD.fid;
END;
CREATE TRIGGER "{rt}_update3" AFTER UPDATE ON "{t}"
  WHEN OLD.fid != NEW.fid AND (NEW."{c}" NOTNULL AND NOT ST_IsEmpty(NEW."{c}"))
BEGIN
  DELETE FROM "{rt}" WHERE id = OLD.fid;
  INSERT OR REPLACE INTO "{rt}" VALUES ({values});
END;
CREATE TRIGGER "{rt}_update4" AFTER UPDATE ON "{t}"
  WHEN OLD.fid != NEW.fid AND (NEW."{c}" ISNULL OR ST_IsEmpty(NEW."{c}"))
BEGIN
  DELETE FROM "{rt}" WHERE id IN (OLD.fid, NEW.fid);
END;
CREATE TRIGGER "{rt}_delete" AFTER DELETE ON "{t}"
  WHEN OLD."{c}" NOT NULL
BEGIN
  DELETE FROM "{rt}" WHERE id = OLD.fid;
END;
"#
    )
}

/// Registers `ST_IsEmpty`, `ST_MinX`, `ST_MaxX`, `ST_MinY` and `ST_MaxY` on a
/// connection; the R*Tree triggers call them on every write.
pub fn register_functions(conn: &Connection) -> rusqlite::Result<()> {
    let flags = FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC;
    conn.create_scalar_function("ST_IsEmpty", 1, flags, |ctx| {
        Ok(blob(ctx).map(|b| i64::from(envelope(b).is_none())))
    })?;
    type Side = fn(&Envelope) -> f64;
    let sides: [(&str, Side); 4] = [
        ("ST_MinX", |e| e.min_x),
        ("ST_MaxX", |e| e.max_x),
        ("ST_MinY", |e| e.min_y),
        ("ST_MaxY", |e| e.max_y),
    ];
    for (name, side) in sides {
        conn.create_scalar_function(name, 1, flags, move |ctx| {
            Ok(blob(ctx).and_then(envelope).map(|e| side(&e)))
        })?;
    }
    Ok(())
}

fn blob<'a>(ctx: &'a Context<'_>) -> Option<&'a [u8]> {
    match ctx.get_raw(0) {
        ValueRef::Blob(b) => Some(b),
        _ => None,
    }
}

/// A broken blob counts as empty: it must not reach the index, and the write
/// itself is validated by the module that made it.
fn envelope(blob: &[u8]) -> Option<Envelope> {
    geo_kit::gpkg::envelope(blob).ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{Geometry, GeometryCollection, point, polygon};

    fn db_with_table() -> Connection {
        let conn = crate::db::memory();
        conn.execute_batch(
            "CREATE TABLE place (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom BLOB, name TEXT)",
        )
        .expect("create");
        let t = SpatialTable {
            table: "place",
            column: "geom",
            geometry_type: "GEOMETRY",
            srs_id: 4326,
            description: "test places",
        };
        register_spatial_table(&conn, &t).expect("register");
        conn
    }

    fn gp(g: Geometry<f64>) -> Vec<u8> {
        geo_kit::gpkg::encode(&g, 4326)
    }

    #[test]
    fn rtree_follows_insert_update_and_delete() {
        let conn = db_with_table();
        let wuhan = gp(Geometry::Point(point!(x: 114.3, y: 30.6)));
        conn.execute(
            "INSERT INTO place (geom, name) VALUES (?1, '武汉')",
            [&wuhan],
        )
        .expect("insert");
        let hubei = gp(Geometry::Polygon(
            polygon![(x: 108.3, y: 29.0), (x: 116.1, y: 29.0), (x: 116.1, y: 33.3), (x: 108.3, y: 29.0)],
        ));
        conn.execute(
            "INSERT INTO place (geom, name) VALUES (?1, '湖北')",
            [&hubei],
        )
        .expect("insert");
        let hits = |conn: &Connection| -> Vec<i64> {
            let mut stmt = conn
                .prepare("SELECT id FROM rtree_place_geom WHERE minx <= 114.31 AND maxx >= 114.29 AND miny <= 30.61 AND maxy >= 30.59 ORDER BY id")
                .expect("prepare");
            stmt.query_map([], |r| r.get(0))
                .expect("query")
                .collect::<Result<_, _>>()
                .expect("rows")
        };
        assert_eq!(hits(&conn), vec![1, 2]);
        let empty = gp(Geometry::GeometryCollection(GeometryCollection(vec![])));
        conn.execute("UPDATE place SET geom = ?1 WHERE fid = 1", [&empty])
            .expect("update");
        assert_eq!(hits(&conn), vec![2]);
        conn.execute("DELETE FROM place WHERE fid = 2", [])
            .expect("delete");
        assert!(hits(&conn).is_empty());
    }

    #[test]
    fn functions_answer_null_for_non_geometries() {
        let conn = db_with_table();
        let v: Option<f64> = conn
            .query_row("SELECT ST_MinX(x'00')", [], |r| r.get(0))
            .expect("query");
        assert_eq!(v, None);
        let empty: Option<i64> = conn
            .query_row("SELECT ST_IsEmpty(NULL)", [], |r| r.get(0))
            .expect("query");
        assert_eq!(empty, None);
    }
}
