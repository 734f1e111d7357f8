//! SQL of the image catalogue.

use std::borrow::Borrow;
use std::convert::Infallible;

use geo_types::{Geometry, Polygon};
use rusqlite::{Connection, OptionalExtension, Transaction, TransactionBehavior, params};

use super::index::{Layout, SceneIndex, Segment};
use crate::db::gpkg;

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

/// A footprint from its GeoPackage blob.
fn footprint(blob: &[u8]) -> rusqlite::Result<Polygon<f64>> {
    match geo_kit::gpkg::decode(blob) {
        Ok(Geometry::Polygon(p)) => Ok(p),
        _ => Err(rusqlite::Error::UserFunctionError(
            "scene footprint is not a polygon".into(),
        )),
    }
}

/// A scene from a row of [`COLUMNS`].
fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<SceneRow> {
    let footprint = footprint(r.get_ref(15)?.as_blob()?)?;
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

/// Marks the scenes of `ids` online (back from the archive); answers how
/// many changed. Each is written again as a new row rather than updated in
/// place, so that the in-memory index (`live`) sees it by its new row id and
/// takes in just these rows.
pub fn set_online(tx: &Transaction<'_>, ids: &[String]) -> rusqlite::Result<usize> {
    let mut stmt = tx.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM scene WHERE scene_id = ?1 AND online = 0"
    ))?;
    let mut again = Vec::new();
    for id in ids {
        if let Some(mut row) = stmt.query_row([id], read).optional()? {
            row.online = true;
            again.push(row);
        }
    }
    let written = write_rows(
        tx,
        again.iter().map(Ok::<_, Infallible>),
        usize::MAX,
        &mut None,
    )?;
    match written {
        Ok(n) => Ok(n),
        Err(never) => match never {},
    }
}

/// Calls `each` with every scene whose row id is above `after`, in row-id
/// order (a plain table scan: the index orders them itself); stops at the
/// first error.
fn for_each<E: Into<Box<dyn std::error::Error + Send + Sync>>>(
    conn: &Connection,
    after: i64,
    mut each: impl FnMut(SceneRow) -> Result<(), E>,
) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {COLUMNS} FROM scene WHERE fid > ?1 ORDER BY fid"
    ))?;
    let mut rows = stmt.query([after])?;
    while let Some(r) = rows.next()? {
        each(read(r)?).map_err(|e| rusqlite::Error::UserFunctionError(e.into()))?;
    }
    Ok(())
}

/// The search index over every stored scene, in two passes over one
/// snapshot (see `index::Layout`): the first reads only what places each
/// scene, the second writes every scene into its place.
pub fn load_index(conn: &Connection) -> rusqlite::Result<SceneIndex> {
    // Deferred: a read must not hold the write lock for the seconds it takes.
    let snapshot = Transaction::new_unchecked(conn, TransactionBehavior::Deferred)?;
    load_segment(&snapshot, 0).map(SceneIndex::whole)
}

/// The index after the imports since `index` was loaded: the rows added
/// (row ids only grow: the table is AUTOINCREMENT) as a segment, the rows no
/// longer stored marked gone; or built again whole when that is the better
/// way (`SceneIndex::reread`).
pub fn update_index(conn: &Connection, index: &SceneIndex) -> rusqlite::Result<SceneIndex> {
    let snapshot = Transaction::new_unchecked(conn, TransactionBehavior::Deferred)?;
    let count = |sql: &str, fid: i64| {
        snapshot
            .query_row(sql, [fid], |r| r.get::<_, i64>(0))
            .map(|n| n as usize)
    };
    let added = count(
        "SELECT count(*) FROM scene WHERE fid > ?1",
        index.last_fid(),
    )?;
    let Some(plan) = index.reread(added) else {
        return load_segment(&snapshot, 0).map(SceneIndex::whole);
    };
    // Rows up to a segment's largest row id are only ever removed.
    let still = count("SELECT count(*) FROM scene WHERE fid <= ?1", plan.after)?;
    let stored: Option<Vec<i64>> = if still == plan.live {
        None
    } else {
        let mut stmt = snapshot.prepare("SELECT fid FROM scene WHERE fid <= ?1 ORDER BY fid")?;
        let fids = stmt.query_map([plan.after], |r| r.get(0))?;
        Some(fids.collect::<rusqlite::Result<_>>()?)
    };
    let added = load_segment(&snapshot, plan.after)?;
    let stored = |fid: i64| {
        stored
            .as_ref()
            .is_none_or(|s| s.binary_search(&fid).is_ok())
    };
    Ok(index.updated(plan.kept, stored, added))
}

/// The rows with a row id above `after` as one index segment.
fn load_segment(snapshot: &Connection, after: i64) -> rusqlite::Result<Segment> {
    let mut layout = Layout::new();
    let mut stmt = snapshot.prepare(
        "SELECT fid, acquired_at, satellite, sensor, geom FROM scene WHERE fid > ?1 ORDER BY fid",
    )?;
    let mut rows = stmt.query([after])?;
    while let Some(r) = rows.next()? {
        let footprint = footprint(r.get_ref(4)?.as_blob()?)?;
        let (satellite, sensor) = (r.get_ref(2)?.as_str()?, r.get_ref(3)?.as_str()?);
        layout.push(
            r.get(0)?,
            r.get(1)?,
            satellite,
            sensor,
            footprint.exterior(),
        );
    }
    drop(rows);
    drop(stmt);
    let mut filler = layout.finish();
    for_each(snapshot, after, |s| filler.put(s))?;
    filler
        .finish()
        .map_err(|e| rusqlite::Error::UserFunctionError(e.into()))
}

/// The page cache of a bulk load, in KiB when negative (SQLite's convention):
/// 128 MiB, which holds the unique id index of a few million scenes (the
/// index the rows' ids go into in no order); the table's pages are written
/// out as it fills.
const BULK_CACHE: i64 = -131_072;

/// Inserts scenes in one transaction; a repeated product id replaces the old row.
pub fn insert(conn: &mut Connection, scenes: &[SceneRow]) -> rusqlite::Result<()> {
    insert_all(conn, scenes.iter()).map(|_| ())
}

/// Inserts scenes as an iterator yields them, in one transaction (so a
/// generator need not hold them all). Answers how many were written.
pub fn insert_all<S: Borrow<SceneRow>>(
    conn: &mut Connection,
    scenes: impl Iterator<Item = S>,
) -> rusqlite::Result<usize> {
    match insert_checked(conn, scenes.map(Ok::<S, Infallible>))? {
        Ok(written) => Ok(written),
        Err(never) => match never {},
    }
}

/// Inserts scenes as an iterator yields them, in one transaction, unless it
/// yields an error: then nothing is written and that error is the answer
/// (inside a database error's). Answers how many were written.
///
/// Once the rows are many beside those stored (a quarter as many) it is a
/// bulk load: the R*Tree and the secondary indexes are rebuilt once after the
/// rows, over every row, rather than row by row (about 13 µs a row, the
/// R*Tree most). It is one from the first row when the iterator announces
/// that many or the table is empty, else from the row that makes them so:
/// the rows written before cost at most what the rebuild does.
pub fn insert_checked<S: Borrow<SceneRow>, E>(
    conn: &mut Connection,
    scenes: impl Iterator<Item = Result<S, E>>,
) -> rusqlite::Result<Result<usize, E>> {
    let stored: i64 = conn.query_row("SELECT count(*) FROM scene", [], |r| r.get(0))?;
    let many = stored as usize / 4;
    let bulk_from = if scenes.size_hint().0 >= many {
        0
    } else {
        many
    };
    insert_rows(conn, scenes, bulk_from)
}

/// Inserts the scenes, a bulk load from the `bulk_from`-th on (never when
/// there are fewer); an error from the iterator rolls everything back.
fn insert_rows<S: Borrow<SceneRow>, E>(
    conn: &mut Connection,
    scenes: impl Iterator<Item = Result<S, E>>,
    bulk_from: usize,
) -> rusqlite::Result<Result<usize, E>> {
    let cache: i64 = conn.query_row("PRAGMA cache_size", [], |r| r.get(0))?;
    let tx = conn.transaction()?;
    let mut bulk = None;
    let written = write_rows(&tx, scenes, bulk_from, &mut bulk).and_then(|written| {
        if let (Ok(_), Some(bulk)) = (&written, &mut bulk) {
            bulk.end(&tx)?;
        }
        Ok(written)
    });
    // The cache size belongs to the connection, not to the transaction.
    tx.execute_batch(&format!("PRAGMA cache_size = {cache}"))?;
    match written? {
        Ok(n) => {
            tx.commit()?;
            Ok(Ok(n))
        }
        // Dropping the transaction rolls it back.
        Err(e) => Ok(Err(e)),
    }
}

/// Writes the rows, beginning the bulk load (into `bulk`) at the `bulk_from`-th.
fn write_rows<S: Borrow<SceneRow>, E>(
    tx: &Transaction<'_>,
    scenes: impl Iterator<Item = Result<S, E>>,
    bulk_from: usize,
    bulk: &mut Option<Bulk>,
) -> rusqlite::Result<Result<usize, E>> {
    let mut written = 0;
    // An upsert's UPDATE would run the GeoPackage R*Tree trigger under its
    // own conflict policy and fail on the tree's existing entry: a repeated
    // product id deletes the old row (its trigger clears the tree) instead.
    let mut stmt = tx.prepare(
        "INSERT INTO scene (geom, scene_id, file_name, satellite, sensor, acquired_at, cloud, resolution_m,
                            product_level, path, row, quicklook, size_mb, online, demo)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
         ON CONFLICT (scene_id) DO NOTHING",
    )?;
    let mut replace = tx.prepare("DELETE FROM scene WHERE scene_id = ?1 RETURNING fid")?;
    for s in scenes {
        let s = match s {
            Ok(s) => s,
            Err(e) => return Ok(Err(e)),
        };
        if written == bulk_from {
            *bulk = Some(Bulk::begin(tx)?);
        }
        let s = s.borrow();
        written += 1;
        let blob = geo_kit::gpkg::encode(&Geometry::Polygon(s.footprint.clone()), 4326);
        let values = params![
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
        ];
        if stmt.execute(values)? == 0 {
            let old: i64 = replace.query_row([&s.scene_id], |r| r.get(0))?;
            stmt.execute(values)?;
            if let Some(bulk) = bulk.as_mut() {
                bulk.added.deleted(old);
            }
        }
        if let Some(bulk) = bulk.as_mut() {
            bulk.added.written(tx.last_insert_rowid(), Some(&blob));
        }
    }
    Ok(Ok(written))
}

/// A bulk load under way: the secondary indexes dropped, to be made again
/// from the sorted keys (which beats inserting them one by one), the rows
/// after `since` not yet in the R*Tree but noted, and the write-ahead log
/// synced as it grows.
struct Bulk {
    since: i64,
    indexes: Vec<String>,
    added: gpkg::Added,
    _log: Option<crate::db::SyncingLog>,
}

impl Bulk {
    fn begin(tx: &Transaction<'_>) -> rusqlite::Result<Self> {
        let since: i64 =
            tx.query_row("SELECT coalesce(max(fid), 0) FROM scene", [], |r| r.get(0))?;
        let indexes: Vec<(String, String)> = tx
            .prepare(
                "SELECT name, sql FROM sqlite_master
                 WHERE type = 'index' AND tbl_name = 'scene' AND sql IS NOT NULL",
            )?
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        for (name, _) in &indexes {
            tx.execute_batch(&format!("DROP INDEX \"{name}\""))?;
        }
        gpkg::suspend_rtree_insert(tx, "scene", "geom")?;
        // The unique id index takes keys in no order: keep its pages in memory.
        tx.execute_batch(&format!("PRAGMA cache_size = {BULK_CACHE}"))?;
        Ok(Self {
            since,
            indexes: indexes.into_iter().map(|(_, sql)| sql).collect(),
            added: gpkg::Added::default(),
            _log: crate::db::SyncingLog::start(tx),
        })
    }

    /// Indexes the rows written: the R*Tree, then the secondary indexes.
    fn end(&mut self, tx: &Transaction<'_>) -> rusqlite::Result<()> {
        let added = std::mem::take(&mut self.added);
        gpkg::resume_rtree_insert_noted(tx, "scene", "geom", self.since, added)?;
        for sql in &self.indexes {
            tx.execute_batch(sql)?;
        }
        Ok(())
    }
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

/// An uploaded area or list as stored: an area has `geom` (GeoPackage
/// binary) and `crs`, a list has `entries` and `rejected` (JSON).
#[derive(Debug)]
pub struct UploadRow {
    /// The area, WGS84.
    pub geom: Option<Vec<u8>>,
    /// The list's entries.
    pub entries: Option<String>,
    /// The coordinate system the area's file was in.
    pub crs: Option<String>,
    /// Whether invalid rings were repaired.
    pub repaired: bool,
    /// The list's lines that were not entries.
    pub rejected: Option<String>,
}

/// The upload with this id, if it was created at `created_after` or later.
pub fn upload(
    conn: &Connection,
    upload_id: &str,
    created_after: i64,
) -> rusqlite::Result<Option<UploadRow>> {
    conn.query_row(
        "SELECT geom, entries, crs, repaired, rejected FROM upload
         WHERE upload_id = ?1 AND created_at >= ?2",
        params![upload_id, created_after],
        |r| {
            Ok(UploadRow {
                geom: r.get(0)?,
                entries: r.get(1)?,
                crs: r.get(2)?,
                repaired: r.get(3)?,
                rejected: r.get(4)?,
            })
        },
    )
    .optional()
}

/// Stores an upload of `kind` (`area`, `filename` or `pathrow`) in one
/// transaction that also removes the uploads created before `purge_before`.
pub fn save_upload(
    conn: &mut Connection,
    upload_id: &str,
    kind: &str,
    file_name: &str,
    row: &UploadRow,
    now: i64,
    purge_before: i64,
) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    tx.execute("DELETE FROM upload WHERE created_at < ?1", [purge_before])?;
    tx.execute(
        "INSERT INTO upload (geom, upload_id, kind, entries, file_name, crs, repaired,
                             rejected, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            row.geom,
            upload_id,
            kind,
            row.entries,
            file_name,
            row.crs,
            row.repaired,
            row.rejected,
            now
        ],
    )?;
    tx.commit()
}

/// How many scenes are stored and the largest feature id: what changes when
/// scenes are imported or deleted.
pub fn stamp(conn: &Connection) -> rusqlite::Result<(usize, i64)> {
    conn.query_row(
        "SELECT count(*), coalesce(max(fid), 0) FROM scene",
        [],
        |r| Ok((r.get::<_, i64>(0)? as usize, r.get(1)?)),
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use geo_types::polygon;

    /// A one-degree GF1 scene whose west edge is at `x`, over Hubei's latitudes.
    pub(crate) fn scene(id: &str, x: f64) -> SceneRow {
        SceneRow {
            fid: 0,
            scene_id: id.into(),
            file_name: format!("{id}.tar.gz"),
            satellite: "GF1".into(),
            sensor: "PMS1".into(),
            acquired_at: 1_700_000_000,
            cloud: 5.0,
            resolution_m: Some(2.0),
            product_level: None,
            path: None,
            row: None,
            quicklook: None,
            size_mb: None,
            online: true,
            demo: false,
            footprint: polygon![(x: x, y: 30.0), (x: x + 1.0, y: 30.0), (x: x + 1.0, y: 31.0), (x: x, y: 30.0)],
        }
    }

    fn rtree(conn: &Connection) -> Vec<(i64, f64)> {
        conn.prepare("SELECT id, minx FROM rtree_scene_geom ORDER BY id")
            .expect("prepare")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows")
    }

    /// What the R*Tree should hold: every row's id and smallest x.
    fn stored(conn: &Connection) -> Vec<(i64, f64)> {
        conn.prepare("SELECT fid, ST_MinX(geom) FROM scene ORDER BY fid")
            .expect("prepare")
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("rows")
    }

    fn schema(conn: &Connection) -> Vec<String> {
        conn.prepare(
            "SELECT sql FROM sqlite_master WHERE tbl_name = 'scene' AND sql NOT NULL ORDER BY name",
        )
        .expect("prepare")
        .query_map([], |r| r.get(0))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows")
    }

    /// Inserts rows that cannot fail, a bulk load from the `bulk_from`-th.
    fn insert_from(conn: &mut Connection, scenes: &[SceneRow], bulk_from: usize) {
        let ok = scenes.iter().map(Ok::<_, Infallible>);
        let Ok(_) = insert_rows(conn, ok, bulk_from).expect("insert");
    }

    #[test]
    fn a_bulk_load_indexes_like_row_by_row_and_restores_the_schema() {
        let mut conn = crate::db::memory();
        let before = schema(&conn);
        insert_from(
            &mut conn,
            &[scene("A", 100.0), scene("B", 101.0)],
            usize::MAX,
        );
        insert_from(
            &mut conn,
            &[scene("B", 110.0), scene("C", 102.0), scene("D", 103.0)],
            0,
        );
        assert_eq!(schema(&conn), before);
        assert_eq!(rtree(&conn), stored(&conn));
        let minx: Vec<f64> = rtree(&conn).iter().map(|r| r.1).collect();
        assert_eq!(minx, [100.0, 110.0, 102.0, 103.0]);
        insert(&mut conn, &[scene("E", 104.0)]).expect("insert after");
        assert_eq!(rtree(&conn), stored(&conn));
        let index = load_index(&conn).expect("load");
        assert_eq!(index.len(), 5);
        let ids: Vec<&str> = (0..5).filter_map(|i| index.scene_id(i)).collect();
        assert_eq!(ids, ["A", "B", "C", "D", "E"]);
        insert(&mut conn, &[scene("A", 120.0)]).expect("replace row by row");
        assert_eq!(rtree(&conn), stored(&conn));
        let minx: Vec<f64> = rtree(&conn).iter().map(|r| r.1).collect();
        assert_eq!(minx, [110.0, 102.0, 103.0, 104.0, 120.0]);
        // A bulk load that begins part way, replacing a row written before it began.
        insert_from(
            &mut conn,
            &[
                scene("F", 105.0),
                scene("G", 106.0),
                scene("F", 107.0),
                scene("H", 108.0),
            ],
            2,
        );
        assert_eq!(schema(&conn), before);
        assert_eq!(rtree(&conn), stored(&conn));
        let minx: Vec<f64> = rtree(&conn).iter().map(|r| r.1).collect();
        assert_eq!(
            minx,
            [110.0, 102.0, 103.0, 104.0, 120.0, 106.0, 107.0, 108.0]
        );
        // A row written in the bulk load and replaced in it: only the second is indexed.
        insert_from(&mut conn, &[scene("I", 109.0), scene("I", 111.0)], 0);
        assert_eq!(rtree(&conn), stored(&conn));
        assert_eq!(rtree(&conn).last().map(|r| r.1), Some(111.0));
        assert_eq!(rtree(&conn).len(), 9);
    }

    /// A refused row, however late and whether or not the bulk load has
    /// begun, leaves the rows, the R*Tree, the schema and the cache size as
    /// they were.
    #[test]
    fn an_error_from_the_rows_writes_nothing() {
        let mut conn = crate::db::memory();
        insert(&mut conn, &[scene("A", 100.0), scene("B", 101.0)]).expect("insert");
        let before = (schema(&conn), stored(&conn), rtree(&conn));
        let cache: i64 = conn
            .query_row("PRAGMA cache_size", [], |r| r.get(0))
            .expect("cache");
        for bulk_from in [0, 2, usize::MAX] {
            let rows = [scene("A", 110.0), scene("C", 102.0), scene("D", 103.0)];
            let then_refused = rows
                .iter()
                .map(Ok)
                .chain(std::iter::once(Err("the fourth is bad")));
            let outcome = insert_rows(&mut conn, then_refused, bulk_from).expect("database");
            assert_eq!(outcome, Err("the fourth is bad"));
            assert_eq!((schema(&conn), stored(&conn), rtree(&conn)), before);
            let now: i64 = conn
                .query_row("PRAGMA cache_size", [], |r| r.get(0))
                .expect("cache");
            assert_eq!(now, cache);
        }
    }
}
