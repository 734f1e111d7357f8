//! SQL of image push: batches, the nodes each names, and every delivery.

use geo_types::{Geometry, Polygon};
use rusqlite::{Connection, OptionalExtension, Row, params};

use crate::api::Paging;

/// A batch about to be written.
#[derive(Debug, Clone)]
pub struct NewBatch {
    /// Name.
    pub name: String,
    /// `internet` or `privateline`.
    pub channel: &'static str,
    /// The manager's user id.
    pub created_by: i64,
    /// The manager's login name.
    pub creator: String,
    /// Demo content.
    pub demo: bool,
}

/// A node a batch names, as it was when the batch was made.
#[derive(Debug, Clone, PartialEq)]
pub struct BatchNode {
    /// Node id.
    pub node_id: i64,
    /// Node name.
    pub node_name: String,
    /// Region the node serves.
    pub region_id: String,
}

/// One scene delivered to one node.
#[derive(Debug, Clone)]
pub struct Item {
    /// The node it went to.
    pub node_id: i64,
    /// Product id.
    pub scene_id: String,
    /// Delivered file name.
    pub file_name: String,
    /// Satellite value.
    pub satellite: String,
    /// Sensor id.
    pub sensor: String,
    /// Acquisition time, unix seconds.
    pub acquired_at: i64,
    /// Cloud cover, percent.
    pub cloud: f64,
    /// Ground resolution, metres.
    pub resolution_m: Option<f64>,
    /// Size, MB.
    pub size_mb: Option<f64>,
    /// Footprint, WGS 84.
    pub footprint: Polygon<f64>,
}

/// A delivered item with its node as the batch named it.
#[derive(Debug, Clone)]
pub struct ItemRow {
    /// The delivery.
    pub item: Item,
    /// Node name.
    pub node_name: String,
    /// Region the node serves.
    pub region_id: String,
    /// When delivered, unix seconds.
    pub delivered_at: i64,
}

/// A batch as stored.
#[derive(Debug, Clone)]
pub struct BatchRow {
    /// Batch id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// `internet` or `privateline`.
    pub channel: String,
    /// When made, unix seconds.
    pub created_at: i64,
    /// The manager's login name.
    pub creator: String,
    /// Demo content.
    pub demo: bool,
}

/// What one node of a batch received.
#[derive(Debug, Clone)]
pub struct NodeTally {
    /// The node.
    pub node: BatchNode,
    /// Scenes delivered to it.
    pub scenes: i64,
    /// Their size, MB.
    pub size_mb: f64,
}

/// Writes a batch, its nodes and its deliveries (stamped `now`); its id. Call it on a
/// transaction.
pub fn create(
    conn: &Connection,
    batch: &NewBatch,
    nodes: &[BatchNode],
    items: &[Item],
    now: i64,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO push_batch (name, channel, created_at, created_by, creator, demo)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        batch.name,
        batch.channel,
        now,
        batch.created_by,
        batch.creator,
        batch.demo
    ])?;
    let id = conn.last_insert_rowid();
    let mut node = conn.prepare_cached(
        "INSERT INTO push_batch_node (batch_id, node_id, node_name, region_id) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for n in nodes {
        node.execute(params![id, n.node_id, n.node_name, n.region_id])?;
    }
    let mut item = conn.prepare_cached(
        "INSERT INTO push_item (batch_id, node_id, scene_id, file_name, satellite, sensor,
         acquired_at, cloud, resolution_m, size_mb, footprint, delivered_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?;
    for i in items {
        let blob = geo_kit::gpkg::encode(&Geometry::Polygon(i.footprint.clone()), 4326);
        item.execute(params![
            id,
            i.node_id,
            i.scene_id,
            i.file_name,
            i.satellite,
            i.sensor,
            i.acquired_at,
            i.cloud,
            i.resolution_m,
            i.size_mb,
            blob,
            now
        ])?;
    }
    Ok(id)
}

/// Whether any batch is stored.
pub fn has_batches(conn: &Connection) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM push_batch)")?
        .query_row([], |r| r.get(0))
}

/// The node ids a caller sees as SQL's `?` text: `None` (NULL) for every node, else a JSON
/// array of ids.
fn scope(nodes: Option<&[i64]>) -> Option<String> {
    nodes.map(crate::db::json_list)
}

/// `node_id` within the scope bound as `?{n}`.
fn in_scope(n: u8) -> String {
    format!("(?{n} IS NULL OR node_id IN (SELECT value FROM json_each(?{n})))")
}

const BATCH_COLUMNS: &str = "id, name, channel, created_at, creator, demo";

fn batch_row(r: &Row) -> rusqlite::Result<BatchRow> {
    Ok(BatchRow {
        id: r.get(0)?,
        name: r.get(1)?,
        channel: r.get(2)?,
        created_at: r.get(3)?,
        creator: r.get(4)?,
        demo: r.get(5)?,
    })
}

/// A page of batches, newest first, with the total: every batch for `nodes` `None`, else the
/// batches that delivered something to one of `nodes`.
pub fn batches(
    conn: &Connection,
    nodes: Option<&[i64]>,
    paging: Paging,
) -> rusqlite::Result<(Vec<BatchRow>, i64)> {
    let filter = format!(
        "?1 IS NULL OR EXISTS (SELECT 1 FROM push_item WHERE batch_id = push_batch.id AND {})",
        in_scope(1)
    );
    let nodes = scope(nodes);
    let total = conn
        .prepare_cached(&format!("SELECT count(*) FROM push_batch WHERE {filter}"))?
        .query_row([&nodes], |r| r.get(0))?;
    let rows = conn
        .prepare_cached(&format!(
            "SELECT {BATCH_COLUMNS} FROM push_batch WHERE {filter} ORDER BY id DESC LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![nodes, paging.limit(), paging.offset()], batch_row)?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}

/// One batch, if it exists.
pub fn batch(conn: &Connection, id: i64) -> rusqlite::Result<Option<BatchRow>> {
    conn.prepare_cached(&format!(
        "SELECT {BATCH_COLUMNS} FROM push_batch WHERE id = ?1"
    ))?
    .query_row([id], batch_row)
    .optional()
}

/// What each node of these batches received, by batch then node: every node for `nodes`
/// `None`, else only those of `nodes`.
pub fn tallies(
    conn: &Connection,
    batch_ids: &[i64],
    nodes: Option<&[i64]>,
) -> rusqlite::Result<Vec<(i64, NodeTally)>> {
    let batch_ids = crate::db::json_list(batch_ids);
    conn.prepare_cached(&format!(
        "SELECT n.batch_id, n.node_id, n.node_name, n.region_id, count(i.scene_id),
                coalesce(sum(i.size_mb), 0)
         FROM push_batch_node n
         LEFT JOIN push_item i ON i.batch_id = n.batch_id AND i.node_id = n.node_id
         WHERE n.batch_id IN (SELECT value FROM json_each(?1)) AND {}
         GROUP BY n.batch_id, n.node_id ORDER BY n.batch_id, n.node_id",
        in_scope(2).replace("node_id", "n.node_id")
    ))?
    .query_map(params![batch_ids, scope(nodes)], |r| {
        Ok((
            r.get(0)?,
            NodeTally {
                node: BatchNode {
                    node_id: r.get(1)?,
                    node_name: r.get(2)?,
                    region_id: r.get(3)?,
                },
                scenes: r.get(4)?,
                size_mb: r.get(5)?,
            },
        ))
    })?
    .collect()
}

/// How many items of a batch the scope sees.
pub fn count_items(
    conn: &Connection,
    batch_id: i64,
    nodes: Option<&[i64]>,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(&format!(
        "SELECT count(*) FROM push_item WHERE batch_id = ?1 AND {}",
        in_scope(2)
    ))?
    .query_row(params![batch_id, scope(nodes)], |r| r.get(0))
}

fn item_row(r: &Row) -> rusqlite::Result<ItemRow> {
    let footprint = match geo_kit::gpkg::decode(r.get_ref(10)?.as_blob()?) {
        Ok(Geometry::Polygon(p)) => p,
        _ => {
            return Err(rusqlite::Error::UserFunctionError(
                "pushed footprint is not a polygon".into(),
            ));
        }
    };
    Ok(ItemRow {
        item: Item {
            node_id: r.get(0)?,
            scene_id: r.get(1)?,
            file_name: r.get(2)?,
            satellite: r.get(3)?,
            sensor: r.get(4)?,
            acquired_at: r.get(5)?,
            cloud: r.get(6)?,
            resolution_m: r.get(7)?,
            size_mb: r.get(8)?,
            footprint,
        },
        delivered_at: r.get(9)?,
        node_name: r.get(11)?,
        region_id: r.get(12)?,
    })
}

/// Items of a batch the scope sees, by node then newest first, `limit` from `offset`.
pub fn items(
    conn: &Connection,
    batch_id: i64,
    nodes: Option<&[i64]>,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<Vec<ItemRow>> {
    conn.prepare_cached(&format!(
        "SELECT i.node_id, scene_id, file_name, satellite, sensor, acquired_at, cloud,
                resolution_m, size_mb, delivered_at, footprint, n.node_name, n.region_id
         FROM push_item i JOIN push_batch_node n USING (batch_id, node_id)
         WHERE batch_id = ?1 AND {}
         ORDER BY i.node_id, acquired_at DESC, scene_id LIMIT ?3 OFFSET ?4",
        in_scope(2).replace("node_id", "i.node_id")
    ))?
    .query_map(params![batch_id, scope(nodes), limit, offset], item_row)?
    .collect()
}

/// A scene a node received, with the batch that first brought it.
#[derive(Debug, Clone)]
pub struct Received {
    /// The delivery.
    pub row: ItemRow,
    /// The batch.
    pub batch_id: i64,
    /// Its name.
    pub batch_name: String,
}

/// The scenes acquired in `[from, to]` (unix seconds) that were pushed to the nodes serving
/// `region_id`, each once (its first delivery), oldest acquisition first.
pub fn received(
    conn: &Connection,
    region_id: &str,
    from: i64,
    to: i64,
) -> rusqlite::Result<Vec<Received>> {
    let mut rows: Vec<Received> = conn
        .prepare_cached(
            "SELECT i.node_id, scene_id, file_name, satellite, sensor, acquired_at, cloud,
                    resolution_m, size_mb, delivered_at, footprint, n.node_name, n.region_id,
                    b.id, b.name
             FROM push_item i JOIN push_batch_node n USING (batch_id, node_id)
             JOIN push_batch b ON b.id = i.batch_id
             WHERE n.region_id = ?1 AND acquired_at BETWEEN ?2 AND ?3
             ORDER BY acquired_at, scene_id, b.id",
        )?
        .query_map(params![region_id, from, to], |r| {
            Ok(Received {
                row: item_row(r)?,
                batch_id: r.get(13)?,
                batch_name: r.get(14)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    rows.dedup_by(|b, a| a.row.item.scene_id == b.row.item.scene_id);
    Ok(rows)
}

/// Which deliveries a statistic counts: batches sent in `[from, to)` (unix seconds) by
/// `channel` (`None`: both), to the nodes of `nodes` (`None`: every node).
#[derive(Debug, Clone)]
pub struct Deliveries {
    /// `internet` or `privateline`; `None` for both.
    pub channel: Option<&'static str>,
    /// First second counted.
    pub from: i64,
    /// First second not counted.
    pub to: i64,
    /// The nodes counted; `None` for every node.
    pub nodes: Option<Vec<i64>>,
}

/// What a set of deliveries adds up to.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Sum {
    /// Batches that delivered something.
    pub batches: i64,
    /// Scenes delivered (a scene sent to two nodes counts twice).
    pub scenes: i64,
    /// Their size, MB.
    pub size_mb: f64,
    /// When the last of those batches was sent, unix seconds.
    pub last_sent: Option<i64>,
}

/// The `WHERE` of [`Deliveries`] over `push_item i JOIN push_batch b`, bound as ?1–?4.
const DELIVERIES: &str = "(?1 IS NULL OR b.channel = ?1) AND b.created_at >= ?2
     AND b.created_at < ?3
     AND (?4 IS NULL OR i.node_id IN (SELECT value FROM json_each(?4)))";

/// Sums of the deliveries grouped by `key` (an SQL expression over `i` and `b`), as
/// `(key, sum)` ordered by key.
fn sums_by<K: rusqlite::types::FromSql>(
    conn: &Connection,
    d: &Deliveries,
    key: &str,
) -> rusqlite::Result<Vec<(K, Sum)>> {
    conn.prepare_cached(&format!(
        "SELECT {key} AS k, count(DISTINCT i.batch_id), count(*), coalesce(sum(i.size_mb), 0),
                max(b.created_at)
         FROM push_item i JOIN push_batch b ON b.id = i.batch_id
         WHERE {DELIVERIES} GROUP BY k ORDER BY k"
    ))?
    .query_map(
        params![d.channel, d.from, d.to, scope(d.nodes.as_deref())],
        |r| {
            Ok((
                r.get(0)?,
                Sum {
                    batches: r.get(1)?,
                    scenes: r.get(2)?,
                    size_mb: r.get(3)?,
                    last_sent: r.get(4)?,
                },
            ))
        },
    )?
    .collect()
}

/// The deliveries' sum over all.
pub fn sum(conn: &Connection, d: &Deliveries) -> rusqlite::Result<Sum> {
    Ok(sums_by::<i64>(conn, d, "0")?
        .pop()
        .map_or_else(Sum::default, |(_, s)| s))
}

/// The deliveries' sums per node id.
pub fn sums_by_node(conn: &Connection, d: &Deliveries) -> rusqlite::Result<Vec<(i64, Sum)>> {
    sums_by(conn, d, "i.node_id")
}

/// The deliveries' sums per Beijing month of sending (`beijing::month_number`).
pub fn sums_by_month(conn: &Connection, d: &Deliveries) -> rusqlite::Result<Vec<(i64, Sum)>> {
    sums_by(
        conn,
        d,
        "CAST(strftime('%Y', b.created_at + 28800, 'unixepoch') AS INTEGER) * 12
         + CAST(strftime('%m', b.created_at + 28800, 'unixepoch') AS INTEGER) - 1",
    )
}

/// The deliveries' sums per satellite value.
pub fn sums_by_satellite(
    conn: &Connection,
    d: &Deliveries,
) -> rusqlite::Result<Vec<(String, Sum)>> {
    sums_by(conn, d, "i.satellite")
}

/// Every node any batch named, with its name and region as the latest batch naming it had
/// them (a node removed from usercenter since still has a name here).
pub fn named_nodes(conn: &Connection) -> rusqlite::Result<Vec<BatchNode>> {
    conn.prepare_cached(
        "SELECT node_id, node_name, region_id FROM push_batch_node n
         WHERE batch_id = (SELECT max(batch_id) FROM push_batch_node m WHERE m.node_id = n.node_id)
         ORDER BY node_id",
    )?
    .query_map([], |r| {
        Ok(BatchNode {
            node_id: r.get(0)?,
            node_name: r.get(1)?,
            region_id: r.get(2)?,
        })
    })?
    .collect()
}

/// What one batch delivered to one node (a row of the distribution's detail).
#[derive(Debug, Clone)]
pub struct Delivery {
    /// The batch.
    pub batch: BatchRow,
    /// The node, as the batch named it.
    pub node: BatchNode,
    /// What it received.
    pub sum: Sum,
}

/// A page of the deliveries per (batch, node), newest batch first, then by node, with the
/// total number of such rows.
pub fn deliveries(
    conn: &Connection,
    d: &Deliveries,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<(Vec<Delivery>, i64)> {
    let bind = (d.channel, d.from, d.to, scope(d.nodes.as_deref()));
    let total = conn
        .prepare_cached(&format!(
            "SELECT count(*) FROM (SELECT 1 FROM push_item i JOIN push_batch b ON b.id = i.batch_id
             WHERE {DELIVERIES} GROUP BY i.batch_id, i.node_id)"
        ))?
        .query_row(params![bind.0, bind.1, bind.2, bind.3], |r| r.get(0))?;
    let rows = conn
        .prepare_cached(&format!(
            "SELECT b.id, b.name, b.channel, b.created_at, b.creator, b.demo,
                    n.node_id, n.node_name, n.region_id, count(*), coalesce(sum(i.size_mb), 0)
             FROM push_item i JOIN push_batch b ON b.id = i.batch_id
             JOIN push_batch_node n ON n.batch_id = i.batch_id AND n.node_id = i.node_id
             WHERE {DELIVERIES} GROUP BY i.batch_id, i.node_id
             ORDER BY b.id DESC, n.node_id LIMIT ?5 OFFSET ?6"
        ))?
        .query_map(
            params![bind.0, bind.1, bind.2, bind.3, limit, offset],
            |r| {
                Ok(Delivery {
                    batch: batch_row(r)?,
                    node: BatchNode {
                        node_id: r.get(6)?,
                        node_name: r.get(7)?,
                        region_id: r.get(8)?,
                    },
                    sum: Sum {
                        batches: 1,
                        scenes: r.get(9)?,
                        size_mb: r.get(10)?,
                        last_sent: Some(r.get(3)?),
                    },
                })
            },
        )?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::polygon;

    fn item(node_id: i64, scene_id: &str, size_mb: f64) -> Item {
        Item {
            node_id,
            scene_id: scene_id.into(),
            file_name: format!("{scene_id}.tar.gz"),
            satellite: "GF1".into(),
            sensor: "PMS1".into(),
            acquired_at: 1_700_000_000,
            cloud: 3.0,
            resolution_m: Some(2.0),
            size_mb: Some(size_mb),
            footprint: polygon![(x: 114.0, y: 30.0), (x: 115.0, y: 30.0), (x: 115.0, y: 31.0), (x: 114.0, y: 30.0)],
        }
    }

    fn node(node_id: i64, region_id: &str) -> BatchNode {
        BatchNode {
            node_id,
            node_name: format!("节点{node_id}"),
            region_id: region_id.into(),
        }
    }

    #[test]
    fn a_node_sees_only_batches_and_items_delivered_to_it() {
        let conn = crate::db::memory();
        let batch = NewBatch {
            name: "一批".into(),
            channel: "internet",
            created_by: 1,
            creator: "admin".into(),
            demo: false,
        };
        let id = create(
            &conn,
            &batch,
            &[node(1, "420000"), node(2, "430000"), node(3, "440000")],
            &[item(1, "A", 10.0), item(1, "B", 5.5), item(2, "A", 10.0)],
            1_700_000_100,
        )
        .expect("create");
        let all = Paging::of(None, None).expect("page");
        assert_eq!(batches(&conn, None, all).expect("all").1, 1);
        assert_eq!(batches(&conn, Some(&[3]), all).expect("node 3").1, 0);
        assert_eq!(batches(&conn, Some(&[]), all).expect("no node").1, 0);
        assert_eq!(batches(&conn, Some(&[2]), all).expect("node 2").1, 1);
        assert_eq!(count_items(&conn, id, Some(&[1])).expect("count"), 2);
        assert_eq!(count_items(&conn, id, None).expect("count"), 3);
        let seen = items(&conn, id, Some(&[2]), 0, 100).expect("items");
        assert_eq!(seen.len(), 1);
        assert_eq!(
            (seen[0].item.node_id, seen[0].region_id.as_str()),
            (2, "430000")
        );
        let t = tallies(&conn, &[id], None).expect("tallies");
        let counts: Vec<(i64, i64, f64)> = t
            .iter()
            .map(|(_, t)| (t.node.node_id, t.scenes, t.size_mb))
            .collect();
        assert_eq!(counts, [(1, 2, 15.5), (2, 1, 10.0), (3, 0, 0.0)]);
        assert_eq!(tallies(&conn, &[id], Some(&[1])).expect("own").len(), 1);
    }
}
