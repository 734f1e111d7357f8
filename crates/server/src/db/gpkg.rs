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

/// Ends bulk loading: indexes the rows with `fid > since` and restores the
/// insert trigger. SQLite's R*Tree takes about 10 µs an insert; when the new
/// rows are many beside those already indexed, the whole tree is rebuilt
/// packed instead (`pack_rtree`), in about a tenth of that a row.
pub fn resume_rtree_insert(
    conn: &Connection,
    t: &str,
    c: &str,
    since: i64,
) -> rusqlite::Result<()> {
    resume(conn, t, c, since, None)
}

/// `resume_rtree_insert` given the rows added as they were written, which a
/// packed rebuild then need not read back from the table.
pub fn resume_rtree_insert_noted(
    conn: &Connection,
    t: &str,
    c: &str,
    since: i64,
    added: Added,
) -> rusqlite::Result<()> {
    resume(conn, t, c, since, Some(added))
}

fn resume(
    conn: &Connection,
    t: &str,
    c: &str,
    since: i64,
    added: Option<Added>,
) -> rusqlite::Result<()> {
    let rt = format!("rtree_{t}_{c}");
    let indexed: i64 =
        conn.query_row(&format!("SELECT count(*) FROM \"{rt}_rowid\""), [], |r| {
            r.get(0)
        })?;
    // Row ids only grow: the largest minus `since` bounds the rows added.
    let new: i64 = conn.query_row(
        &format!("SELECT coalesce(max(fid), 0) - ?1 FROM \"{t}\""),
        [since],
        |r| r.get(0),
    )?;
    if new >= indexed / 4 {
        pack_rtree(conn, t, c, since, added)?;
    } else {
        conn.execute(
            &format!(
                "INSERT OR REPLACE INTO \"{rt}\"
                 SELECT fid, ST_MinX(\"{c}\"), ST_MaxX(\"{c}\"), ST_MinY(\"{c}\"), ST_MaxY(\"{c}\") FROM \"{t}\"
                 WHERE fid > ?1 AND \"{c}\" NOT NULL AND NOT ST_IsEmpty(\"{c}\")"
            ),
            [since],
        )?;
    }
    conn.execute_batch(&insert_trigger_sql(t, c))
}

/// The rows a bulk load adds, noted as they are written: the R*Tree entry
/// each would get from the insert trigger.
#[derive(Debug, Default)]
pub struct Added {
    entries: Vec<Entry>,
    /// Rows noted and then deleted in the same load.
    deleted: std::collections::HashSet<i64>,
}

impl Added {
    /// Notes a row written with this geometry (`None` when it has none).
    pub fn written(&mut self, fid: i64, geometry: Option<&[u8]>) {
        // What the trigger skips (no geometry, an empty or broken one), skipped.
        if let Some(e) = geometry.and_then(envelope) {
            self.entries.push((fid, rounded(&e)));
        }
    }

    /// Notes that a row was deleted (whether or not it was noted).
    pub fn deleted(&mut self, fid: i64) {
        self.deleted.insert(fid);
    }

    fn into_entries(self) -> Vec<Entry> {
        let Self {
            mut entries,
            deleted,
        } = self;
        if !deleted.is_empty() {
            entries.retain(|(fid, _)| !deleted.contains(fid));
        }
        entries
    }
}

/// One R*Tree entry: the row id and its box (min x, max x, min y, max y) as the
/// tree stores it, in single precision.
type Entry = (i64, [f32; 4]);

/// The single-precision value SQLite's R*Tree stores for a lower bound: the
/// nearest float at or below it (`rtreeValueDown`).
fn down(d: f64) -> f32 {
    let f = d as f32;
    if f64::from(f) > d {
        step(f, f.is_sign_negative())
    } else {
        f
    }
}

/// The value stored for an upper bound: the nearest float at or above it (`rtreeValueUp`).
fn up(d: f64) -> f32 {
    let f = d as f32;
    if f64::from(f) < d {
        step(f, !f.is_sign_negative())
    } else {
        f
    }
}

/// A box as the R*Tree stores it: min x, max x, min y, max y, rounded outward.
fn rounded(e: &Envelope) -> [f32; 4] {
    [down(e.min_x), up(e.max_x), down(e.min_y), up(e.max_y)]
}

/// The float next to `f` away from zero (`away`) or towards it, by its bits as SQLite does.
fn step(f: f32, away: bool) -> f32 {
    let bits = f.to_bits();
    f32::from_bits(if away { bits + 1 } else { bits - 1 })
}

/// Rebuilds a spatial table's R*Tree from its entries and the rows with
/// `fid > since` (not yet in it), packed bottom-up in sort-tile-recursive
/// order: the shadow tables are written as SQLite's R*Tree module lays them
/// out (nodes of the size the tree was created with, big-endian cells of a
/// row id and four floats, the depth in the root, node 1), so the tree
/// answers and accepts later writes as one built insert by insert would,
/// with the same entries.
fn pack_rtree(
    conn: &Connection,
    t: &str,
    c: &str,
    since: i64,
    added: Option<Added>,
) -> rusqlite::Result<()> {
    let rt = format!("rtree_{t}_{c}");
    let node_size: i64 = conn.query_row(
        &format!("SELECT length(data) FROM \"{rt}_node\" WHERE nodeno = 1"),
        [],
        |r| r.get(0),
    )?;
    // SQLite itself refuses a tree whose nodes are under 448 bytes.
    let node_size = usize::try_from(node_size)
        .ok()
        .filter(|&n| n >= 448)
        .ok_or_else(|| {
            rusqlite::Error::UserFunctionError(format!("{rt}: undersize nodes").into())
        })?;
    let added = match added {
        Some(added) => added,
        None => {
            let mut added = Added::default();
            let mut stmt =
                conn.prepare(&format!("SELECT fid, \"{c}\" FROM \"{t}\" WHERE fid > ?1"))?;
            let mut rows = stmt.query([since])?;
            while let Some(r) = rows.next()? {
                added.written(r.get(0)?, r.get_ref(1)?.as_blob().ok());
            }
            added
        }
    };
    let mut entries = added.into_entries();
    let mut stmt = conn.prepare(&format!("SELECT id, minx, maxx, miny, maxy FROM \"{rt}\""))?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        // Already single precision: rounding leaves them as they are.
        let e = Envelope {
            min_x: r.get(1)?,
            max_x: r.get(2)?,
            min_y: r.get(3)?,
            max_y: r.get(4)?,
        };
        entries.push((r.get(0)?, rounded(&e)));
    }
    drop(rows);
    drop(stmt);
    conn.execute_batch(&format!(
        "DELETE FROM \"{rt}_node\"; DELETE FROM \"{rt}_rowid\"; DELETE FROM \"{rt}_parent\";"
    ))?;
    write_packed(conn, &rt, node_size, entries)
}

/// Bytes of one cell: a row or node id and four floats.
const CELL: usize = 8 + 4 * 4;

/// Writes the nodes of a packed tree over `entries` into the (empty) shadow tables of `rt`.
fn write_packed(
    conn: &Connection,
    rt: &str,
    node_size: usize,
    entries: Vec<Entry>,
) -> rusqlite::Result<()> {
    let capacity = (node_size - 4) / CELL;
    let boxes: Vec<Envelope> = entries
        .iter()
        .map(|(_, b)| Envelope {
            min_x: f64::from(b[0]),
            max_x: f64::from(b[1]),
            min_y: f64::from(b[2]),
            max_y: f64::from(b[3]),
        })
        .collect();
    let mut level: Vec<Entry> = geo_kit::packed_rtree::sort_tile_recursive(&boxes, capacity)
        .into_iter()
        .map(|k| entries[k as usize])
        .collect();
    drop((boxes, entries));
    let mut node = conn.prepare(&format!(
        "INSERT INTO \"{rt}_node\" (nodeno, data) VALUES (?1, ?2)"
    ))?;
    let mut parent = conn.prepare(&format!(
        "INSERT INTO \"{rt}_parent\" (nodeno, parentnode) VALUES (?1, ?2)"
    ))?;
    // Leaf entries and their node, written in row id order once the leaves are numbered.
    let mut leaf_of: Vec<(i64, i64)> = Vec::with_capacity(level.len());
    let mut next_node = 2;
    let mut depth = 0u16;
    loop {
        // Nodes as evenly filled as the count allows: none is left nearly
        // empty, which SQLite would merge away on the first delete.
        let nodes = level.len().div_ceil(capacity).max(1);
        let root = nodes == 1;
        let mut up_level = Vec::with_capacity(nodes);
        for k in 0..nodes {
            let cells = &level[k * level.len() / nodes..(k + 1) * level.len() / nodes];
            let id = if root { 1 } else { next_node };
            next_node += i64::from(!root);
            let mut data = vec![0u8; node_size];
            if root {
                data[0..2].copy_from_slice(&depth.to_be_bytes());
            }
            data[2..4].copy_from_slice(&(cells.len() as u16).to_be_bytes());
            let mut bounds = [
                f32::INFINITY,
                f32::NEG_INFINITY,
                f32::INFINITY,
                f32::NEG_INFINITY,
            ];
            for (i, (child, b)) in cells.iter().enumerate() {
                let at = 4 + i * CELL;
                data[at..at + 8].copy_from_slice(&child.to_be_bytes());
                for (j, v) in b.iter().enumerate() {
                    data[at + 8 + 4 * j..at + 12 + 4 * j]
                        .copy_from_slice(&v.to_bits().to_be_bytes());
                }
                bounds = [
                    bounds[0].min(b[0]),
                    bounds[1].max(b[1]),
                    bounds[2].min(b[2]),
                    bounds[3].max(b[3]),
                ];
                if depth == 0 {
                    leaf_of.push((*child, id));
                } else {
                    parent.execute([child, &id])?;
                }
            }
            node.execute(params![id, data])?;
            up_level.push((id, bounds));
        }
        if root {
            break;
        }
        level = up_level;
        depth += 1;
    }
    leaf_of.sort_unstable();
    let mut rowid = conn.prepare(&format!(
        "INSERT INTO \"{rt}_rowid\" (rowid, nodeno) VALUES (?1, ?2)"
    ))?;
    for (id, leaf) in leaf_of {
        rowid.execute([id, leaf])?;
    }
    Ok(())
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

    /// A place's geometry: a small box at an awkward (not single-precision)
    /// spot, every 97th a point, one empty, one missing.
    fn place(i: i64) -> Option<Vec<u8>> {
        if i == 5 {
            return None;
        }
        if i == 6 {
            return Some(gp(Geometry::GeometryCollection(GeometryCollection(vec![]))));
        }
        let (x, y) = (
            73.0 + (i * 7919 % 6100) as f64 / 100.3,
            18.0 + (i * 104_729 % 3500) as f64 / 99.7,
        );
        Some(gp(if i % 97 == 0 {
            Geometry::Point(point!(x: x, y: y))
        } else {
            Geometry::Polygon(
                polygon![(x: x, y: y), (x: x + 0.31, y: y), (x: x + 0.31, y: y - 0.27), (x: x, y: y)],
            )
        }))
    }

    fn add(conn: &Connection, ids: std::ops::Range<i64>) {
        let mut stmt = conn
            .prepare("INSERT INTO place (fid, geom) VALUES (?1, ?2)")
            .expect("prepare");
        for i in ids {
            stmt.execute(params![i, place(i)]).expect("insert");
        }
    }

    /// Every entry of the tree, by row id.
    fn entries(conn: &Connection) -> Vec<(i64, f64, f64, f64, f64)> {
        conn.prepare("SELECT * FROM rtree_place_geom ORDER BY id")
            .expect("prepare")
            .query_map([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows")
    }

    /// What a box search of the tree finds, and SQLite's own check of the tree.
    fn found_and_checked(conn: &Connection) -> (Vec<i64>, String) {
        let found = conn
            .prepare(
                "SELECT id FROM rtree_place_geom
                 WHERE minx <= 100.5 AND maxx >= 90.2 AND miny <= 40.1 AND maxy >= 25.3 ORDER BY id",
            )
            .expect("prepare")
            .query_map([], |r| r.get(0))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows");
        let check = conn
            .query_row("SELECT rtreecheck('rtree_place_geom')", [], |r| r.get(0))
            .expect("rtreecheck");
        (found, check)
    }

    /// A tree rebuilt packed after a bulk load holds exactly the entries (in
    /// single precision, rounded outward) that inserting row by row gives,
    /// passes SQLite's check, and keeps following inserts and deletes.
    #[test]
    fn a_packed_rtree_is_the_tree_inserts_build() {
        let (by_row, packed) = (db_with_table(), db_with_table());
        add(&by_row, 1..4000);
        add(&packed, 1..1000);
        // Most rows after the first thousand: the whole tree is rebuilt packed.
        suspend_rtree_insert(&packed, "place", "geom").expect("suspend");
        add(&packed, 1000..4000);
        resume_rtree_insert(&packed, "place", "geom", 999).expect("resume");
        let depth = |c: &Connection| -> i64 {
            c.query_row(
                "SELECT rtreedepth(data) FROM rtree_place_geom_node WHERE nodeno = 1",
                [],
                |r| r.get(0),
            )
            .expect("depth")
        };
        assert!(depth(&packed) >= 2, "a tree of several levels");
        assert_eq!(entries(&packed).len(), 3997);
        assert_eq!(entries(&packed), entries(&by_row));
        assert_eq!(found_and_checked(&packed), found_and_checked(&by_row));
        assert_eq!(found_and_checked(&packed).1, "ok");
        // A few rows after many: inserted into the tree as it is.
        suspend_rtree_insert(&packed, "place", "geom").expect("suspend");
        add(&packed, 4000..4100);
        resume_rtree_insert(&packed, "place", "geom", 3999).expect("resume");
        add(&by_row, 4000..4100);
        for conn in [&by_row, &packed] {
            add(conn, 4100..4300);
            conn.execute("DELETE FROM place WHERE fid % 3 = 0", [])
                .expect("delete");
        }
        assert_eq!(entries(&packed), entries(&by_row));
        assert_eq!(found_and_checked(&packed), found_and_checked(&by_row));
        assert_eq!(found_and_checked(&packed).1, "ok");
    }

    #[test]
    fn an_empty_bulk_load_packs_an_empty_tree() {
        let conn = db_with_table();
        suspend_rtree_insert(&conn, "place", "geom").expect("suspend");
        resume_rtree_insert(&conn, "place", "geom", 0).expect("resume");
        assert_eq!(found_and_checked(&conn), (Vec::new(), "ok".to_owned()));
        add(&conn, 1..3);
        assert_eq!(entries(&conn).len(), 2);
        assert_eq!(found_and_checked(&conn).1, "ok");
    }

    #[test]
    fn bounds_round_outward_to_single_precision_as_sqlite_does() {
        let conn = crate::db::memory();
        conn.execute_batch("CREATE VIRTUAL TABLE r USING rtree(id, minx, maxx)")
            .expect("create");
        let values = [
            114.3_f64, -114.3, 0.1, -0.1, 1e-50, -1e-50, 0.0, 30.0, -30.5, 1e300,
        ];
        for (id, d) in (0i64..).zip(values) {
            conn.execute("INSERT INTO r VALUES (?1, ?2, ?2)", params![id, d])
                .expect("insert");
            let stored: (f64, f64) = conn
                .query_row("SELECT minx, maxx FROM r WHERE id = ?1", [id], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .expect("read");
            assert_eq!(stored, (f64::from(down(d)), f64::from(up(d))), "{d}");
        }
    }
}
