//! SQL of spot push and verification: batches, the nodes each names, the spots each node
//! received with their verification, the records' photos and history.

use geo_types::{Geometry, MultiPolygon};
use rusqlite::{Connection, OptionalExtension, Row, params};

use super::machine::{State, node};
use crate::push::store::BatchNode;

/// A batch about to be written.
#[derive(Debug, Clone)]
pub struct NewBatch {
    /// Name.
    pub name: String,
    /// The theme's route name.
    pub theme: &'static str,
    /// The spot filter it was made with, as JSON.
    pub filter: String,
    /// The manager's user id.
    pub created_by: i64,
    /// The manager's login name.
    pub creator: String,
    /// Demo content.
    pub demo: bool,
}

/// A spot as a batch keeps it: its facts when the batch was made.
#[derive(Debug, Clone, PartialEq)]
pub struct SpotFacts {
    /// The spot's id (fid) when sent.
    pub spot_id: i64,
    /// The theme's route name.
    pub theme: String,
    /// The spot's batch id, e.g. 2024Q3.
    pub spot_batch: String,
    /// Spot type value.
    pub tblx: Option<String>,
    /// Its label.
    pub tblx_label: Option<String>,
    /// County code.
    pub xzqdm: String,
    /// 省 市 县 names.
    pub region_name: String,
    /// Area, m².
    pub area_m2: f64,
    /// The site's name, for the themes that name their spots.
    pub name: Option<String>,
    /// Outline, WGS 84.
    pub geom: MultiPolygon<f64>,
    /// Its centroid: lon, lat.
    pub centre: [f64; 2],
    /// Its box: west, south, east, north.
    pub bbox: [f64; 4],
}

/// One spot for one node of a batch.
#[derive(Debug, Clone)]
pub struct Delivery {
    /// The node.
    pub node_id: i64,
    /// The spot.
    pub spot: SpotFacts,
}

/// A batch as stored.
#[derive(Debug, Clone)]
pub struct BatchRow {
    /// Batch id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// The theme's route name.
    pub theme: String,
    /// When made, unix seconds.
    pub created_at: i64,
    /// The manager who made it.
    pub creator: String,
    /// When sent, unix seconds.
    pub sent_at: Option<i64>,
    /// Demo content.
    pub demo: bool,
}

/// One node of a batch: its status and its records counted by state.
#[derive(Debug, Clone)]
pub struct NodeTally {
    /// The node.
    pub node: BatchNode,
    /// SPOT_BJHS_BATCH_STATUS.
    pub status: i64,
    /// Records by state, in the order of [`super::machine::STATES`].
    pub by_state: [i64; 5],
}

/// What a node found, as a save or a submit writes it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Finding {
    /// SPOT_BJHS_RESULT.
    pub result: Option<i64>,
    /// A value of the theme's type dictionary.
    pub verified_type: Option<String>,
    /// Note.
    pub note: String,
    /// Where the photos were taken: lon, lat.
    pub position: Option<[f64; 2]>,
}

/// A verification record with its spot and node.
#[derive(Debug, Clone)]
pub struct RecordRow {
    /// Record id.
    pub id: i64,
    /// Batch id.
    pub batch_id: i64,
    /// Batch name.
    pub batch_name: String,
    /// Whether the batch is sent.
    pub sent: bool,
    /// Node id.
    pub node_id: i64,
    /// Node name.
    pub node_name: String,
    /// Region the node serves.
    pub region_id: String,
    /// The spot.
    pub spot: SpotFacts,
    /// State.
    pub state: State,
    /// What the node found so far.
    pub finding: Finding,
    /// The reason of the last return.
    pub reason: Option<String>,
    /// The last step: when (unix seconds) and by whom.
    pub updated: Option<(i64, String)>,
}

/// A photo of a record.
#[derive(Debug, Clone, PartialEq)]
pub struct PhotoRow {
    /// Photo id (its file's name).
    pub id: i64,
    /// The record.
    pub bjhs_id: i64,
    /// `image/png` or `image/jpeg`.
    pub mime: String,
    /// Bytes.
    pub size: i64,
    /// When added, unix seconds.
    pub created_at: i64,
    /// Who added it.
    pub created_by: String,
}

/// One step of a record.
#[derive(Debug, Clone)]
pub struct HistoryRow {
    /// The action's wire name.
    pub action: String,
    /// From this state.
    pub from: State,
    /// To this one.
    pub to: State,
    /// Who.
    pub actor: String,
    /// When, unix seconds.
    pub at: i64,
    /// The reason of a return.
    pub reason: Option<String>,
}

/// Which records a list, an export or the statistics take. The scope and the key-change
/// restriction are the caller's and the route's; the rest the query's.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// `None`: every node; else these nodes only.
    pub scope: Option<Vec<i64>>,
    /// One batch.
    pub batch_id: Option<i64>,
    /// One node.
    pub node_id: Option<i64>,
    /// Only these states.
    pub states: Option<Vec<i64>>,
    /// One result.
    pub result: Option<i64>,
    /// One theme (route name).
    pub theme: Option<String>,
    /// County codes starting with this.
    pub county_prefix: Option<String>,
    /// Only key changes: result 真实变化, submitted or approved.
    pub key_changes: bool,
}

/// Writes a batch, its nodes (prepared, 未下发) and the spots each receives; its id. Call it
/// on a transaction.
pub fn create(
    conn: &Connection,
    batch: &NewBatch,
    nodes: &[BatchNode],
    deliveries: &[Delivery],
    now: i64,
) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO spot_push_batch (name, theme, filter, created_at, created_by, creator, demo)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        batch.name,
        batch.theme,
        batch.filter,
        now,
        batch.created_by,
        batch.creator,
        batch.demo
    ])?;
    let id = conn.last_insert_rowid();
    let mut node = conn.prepare_cached(
        "INSERT INTO spot_push_node (batch_id, node_id, node_name, region_id) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for n in nodes {
        node.execute(params![id, n.node_id, n.node_name, n.region_id])?;
    }
    let mut spot = conn.prepare_cached(
        "INSERT INTO spot_bjhs (batch_id, node_id, spot_id, theme, spot_batch, tblx, tblx_label,
         xzqdm, region_name, area_m2, name, geom, centre_lon, centre_lat, min_lon, min_lat,
         max_lon, max_lat)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)",
    )?;
    for d in deliveries {
        let s = &d.spot;
        let blob = geo_kit::gpkg::encode(&Geometry::MultiPolygon(s.geom.clone()), 4326);
        spot.execute(params![
            id,
            d.node_id,
            s.spot_id,
            s.theme,
            s.spot_batch,
            s.tblx,
            s.tblx_label,
            s.xzqdm,
            s.region_name,
            s.area_m2,
            s.name,
            blob,
            s.centre[0],
            s.centre[1],
            s.bbox[0],
            s.bbox[1],
            s.bbox[2],
            s.bbox[3],
        ])?;
    }
    Ok(id)
}

/// Whether any batch is stored.
pub fn has_batches(conn: &Connection) -> rusqlite::Result<bool> {
    conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM spot_push_batch)")?
        .query_row([], |r| r.get(0))
}

/// Sends a prepared batch (stamped `now`): its nodes go to 已下发. Call it on an immediate
/// transaction, after [`batch`] found it unsent.
pub fn send(conn: &Connection, id: i64, sender: &str, now: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("UPDATE spot_push_batch SET sent_at = ?2, sender = ?3 WHERE id = ?1")?
        .execute(params![id, now, sender])?;
    conn.prepare_cached("UPDATE spot_push_node SET status = ?2 WHERE batch_id = ?1")?
        .execute(params![id, node::SENT])?;
    Ok(())
}

/// The node ids a caller sees as SQL's `?` text: `None` (NULL) for every node, else a JSON
/// array of ids.
fn json_ids(ids: Option<&[i64]>) -> Option<String> {
    ids.map(crate::db::json_list)
}

const BATCH_COLUMNS: &str = "id, name, theme, created_at, creator, sent_at, demo";

fn batch_row(r: &Row) -> rusqlite::Result<BatchRow> {
    Ok(BatchRow {
        id: r.get(0)?,
        name: r.get(1)?,
        theme: r.get(2)?,
        created_at: r.get(3)?,
        creator: r.get(4)?,
        sent_at: r.get(5)?,
        demo: r.get(6)?,
    })
}

/// A page of batches, newest first, with the total: every batch for `nodes` `None`, else the
/// sent batches that delivered a spot to one of `nodes`.
pub fn batches(
    conn: &Connection,
    nodes: Option<&[i64]>,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<(Vec<BatchRow>, i64)> {
    let filter = "?1 IS NULL OR (sent_at IS NOT NULL AND EXISTS (SELECT 1 FROM spot_bjhs
        WHERE batch_id = spot_push_batch.id AND node_id IN (SELECT value FROM json_each(?1))))";
    let nodes = json_ids(nodes);
    let total = conn
        .prepare_cached(&format!(
            "SELECT count(*) FROM spot_push_batch WHERE {filter}"
        ))?
        .query_row([&nodes], |r| r.get(0))?;
    let rows = conn
        .prepare_cached(&format!(
            "SELECT {BATCH_COLUMNS} FROM spot_push_batch WHERE {filter} ORDER BY id DESC LIMIT ?2 OFFSET ?3"
        ))?
        .query_map(params![nodes, limit, offset], batch_row)?
        .collect::<rusqlite::Result<_>>()?;
    Ok((rows, total))
}

/// One batch, if it exists.
pub fn batch(conn: &Connection, id: i64) -> rusqlite::Result<Option<BatchRow>> {
    conn.prepare_cached(&format!(
        "SELECT {BATCH_COLUMNS} FROM spot_push_batch WHERE id = ?1"
    ))?
    .query_row([id], batch_row)
    .optional()
}

/// Each node of these batches with its status and records by state, by batch then node:
/// every node for `nodes` `None`, else only those of `nodes`.
pub fn tallies(
    conn: &Connection,
    batch_ids: &[i64],
    nodes: Option<&[i64]>,
) -> rusqlite::Result<Vec<(i64, NodeTally)>> {
    let batch_ids = crate::db::json_list(batch_ids);
    conn.prepare_cached(
        "SELECT n.batch_id, n.node_id, n.node_name, n.region_id, n.status,
                count(r.id) FILTER (WHERE r.state = 0), count(r.id) FILTER (WHERE r.state = 1),
                count(r.id) FILTER (WHERE r.state = 2), count(r.id) FILTER (WHERE r.state = 3),
                count(r.id) FILTER (WHERE r.state = 4)
         FROM spot_push_node n
         LEFT JOIN spot_bjhs r ON r.batch_id = n.batch_id AND r.node_id = n.node_id
         WHERE n.batch_id IN (SELECT value FROM json_each(?1))
           AND (?2 IS NULL OR n.node_id IN (SELECT value FROM json_each(?2)))
         GROUP BY n.batch_id, n.node_id ORDER BY n.batch_id, n.node_id",
    )?
    .query_map(params![batch_ids, json_ids(nodes)], |r| {
        Ok((
            r.get(0)?,
            NodeTally {
                node: BatchNode {
                    node_id: r.get(1)?,
                    node_name: r.get(2)?,
                    region_id: r.get(3)?,
                },
                status: r.get(4)?,
                by_state: [r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?, r.get(9)?],
            },
        ))
    })?
    .collect()
}

/// The columns [`record_row`] reads, over `spot_bjhs r`, `spot_push_node n`, `spot_push_batch b`.
const RECORD_COLUMNS: &str = "r.id, r.batch_id, b.name, b.sent_at IS NOT NULL, r.node_id,
    n.node_name, n.region_id, r.spot_id, r.theme, r.spot_batch, r.tblx, r.tblx_label, r.xzqdm,
    r.region_name, r.area_m2, r.name, r.geom, r.centre_lon, r.centre_lat, r.min_lon, r.min_lat,
    r.max_lon, r.max_lat, r.state, r.result, r.verified_type, r.note, r.lon, r.lat, r.reason,
    r.updated_at, r.updated_by";

/// The tables [`RECORD_COLUMNS`] reads.
const RECORD_TABLES: &str = "spot_bjhs r JOIN spot_push_node n USING (batch_id, node_id)
    JOIN spot_push_batch b ON b.id = r.batch_id";

fn record_row(r: &Row) -> rusqlite::Result<RecordRow> {
    let bad = |what: &str| rusqlite::Error::UserFunctionError(what.to_owned().into());
    let geom = match geo_kit::gpkg::decode(r.get_ref(16)?.as_blob()?) {
        Ok(Geometry::MultiPolygon(mp)) => mp,
        _ => return Err(bad("a pushed spot outline is not a multipolygon")),
    };
    let state = State::of(r.get(23)?).ok_or_else(|| bad("unknown verification state"))?;
    let position = match (r.get(27)?, r.get(28)?) {
        (Some(lon), Some(lat)) => Some([lon, lat]),
        _ => None,
    };
    let updated = match (r.get(30)?, r.get(31)?) {
        (Some(at), Some(by)) => Some((at, by)),
        _ => None,
    };
    Ok(RecordRow {
        id: r.get(0)?,
        batch_id: r.get(1)?,
        batch_name: r.get(2)?,
        sent: r.get(3)?,
        node_id: r.get(4)?,
        node_name: r.get(5)?,
        region_id: r.get(6)?,
        spot: SpotFacts {
            spot_id: r.get(7)?,
            theme: r.get(8)?,
            spot_batch: r.get(9)?,
            tblx: r.get(10)?,
            tblx_label: r.get(11)?,
            xzqdm: r.get(12)?,
            region_name: r.get(13)?,
            area_m2: r.get(14)?,
            name: r.get(15)?,
            geom,
            centre: [r.get(17)?, r.get(18)?],
            bbox: [r.get(19)?, r.get(20)?, r.get(21)?, r.get(22)?],
        },
        state,
        finding: Finding {
            result: r.get(24)?,
            verified_type: r.get(25)?,
            note: r.get(26)?,
            position,
        },
        reason: r.get(29)?,
        updated,
    })
}

/// One record, sent or not.
pub fn record(conn: &Connection, id: i64) -> rusqlite::Result<Option<RecordRow>> {
    conn.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM {RECORD_TABLES} WHERE r.id = ?1"
    ))?
    .query_row([id], record_row)
    .optional()
}

/// The records of a batch (sent or not) of `nodes` (`None`: every node), by node then spot.
pub fn batch_records(
    conn: &Connection,
    batch_id: i64,
    nodes: Option<&[i64]>,
) -> rusqlite::Result<Vec<RecordRow>> {
    conn.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM {RECORD_TABLES}
         WHERE r.batch_id = ?1 AND (?2 IS NULL OR r.node_id IN (SELECT value FROM json_each(?2)))
         ORDER BY r.node_id, r.id"
    ))?
    .query_map(params![batch_id, json_ids(nodes)], record_row)?
    .collect()
}

/// The `WHERE` of a [`Filter`] over sent batches' records, its values bound as `?1`–`?8`.
const FILTERED: &str = "b.sent_at IS NOT NULL
    AND (?1 IS NULL OR r.node_id IN (SELECT value FROM json_each(?1)))
    AND (?2 IS NULL OR r.batch_id = ?2)
    AND (?3 IS NULL OR r.node_id = ?3)
    AND (?4 IS NULL OR r.state IN (SELECT value FROM json_each(?4)))
    AND (?5 IS NULL OR r.result = ?5)
    AND (?6 IS NULL OR r.theme = ?6)
    AND (?7 IS NULL OR substr(r.xzqdm, 1, length(?7)) = ?7)
    AND (?8 = 0 OR (r.result = 1 AND r.state IN (2, 4)))";

/// A filter's values for [`FILTERED`].
fn bound(f: &Filter) -> [rusqlite::types::Value; 8] {
    use rusqlite::types::Value;
    let text = |t: Option<String>| t.map_or(Value::Null, Value::Text);
    let int = |i: Option<i64>| i.map_or(Value::Null, Value::Integer);
    [
        text(json_ids(f.scope.as_deref())),
        int(f.batch_id),
        int(f.node_id),
        text(json_ids(f.states.as_deref())),
        int(f.result),
        text(f.theme.clone()),
        text(f.county_prefix.clone()),
        Value::Integer(i64::from(f.key_changes)),
    ]
}

/// How many sent records the filter takes.
pub fn count(conn: &Connection, f: &Filter) -> rusqlite::Result<i64> {
    conn.prepare_cached(&format!(
        "SELECT count(*) FROM {RECORD_TABLES} WHERE {FILTERED}"
    ))?
    .query_row(rusqlite::params_from_iter(bound(f)), |r| r.get(0))
}

/// The sent records the filter takes, newest batch first, then by node and spot; `limit`
/// from `offset`.
pub fn records(
    conn: &Connection,
    f: &Filter,
    offset: i64,
    limit: i64,
) -> rusqlite::Result<Vec<RecordRow>> {
    let mut values = bound(f).to_vec();
    values.push(limit.into());
    values.push(offset.into());
    conn.prepare_cached(&format!(
        "SELECT {RECORD_COLUMNS} FROM {RECORD_TABLES} WHERE {FILTERED}
         ORDER BY r.batch_id DESC, r.node_id, r.id LIMIT ?9 OFFSET ?10"
    ))?
    .query_map(rusqlite::params_from_iter(values), record_row)?
    .collect()
}

/// The sent records the filter takes counted by node and state, and by result (`None`: not
/// yet given): `((node id, node name, state), count)` by node then state, and
/// `(result, count)` by result.
#[allow(clippy::type_complexity)]
pub fn statistics(
    conn: &Connection,
    f: &Filter,
) -> rusqlite::Result<(Vec<((i64, String, i64), i64)>, Vec<(Option<i64>, i64)>)> {
    // A node's name is the latest batch's for it.
    let by_node = conn
        .prepare_cached(&format!(
            "SELECT r.node_id, max(n.node_name), r.state, count(*) FROM {RECORD_TABLES}
             WHERE {FILTERED} GROUP BY r.node_id, r.state ORDER BY r.node_id, r.state"
        ))?
        .query_map(rusqlite::params_from_iter(bound(f)), |r| {
            Ok(((r.get(0)?, r.get(1)?, r.get(2)?), r.get(3)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let by_result = conn
        .prepare_cached(&format!(
            "SELECT r.result, count(*) FROM {RECORD_TABLES}
             WHERE {FILTERED} GROUP BY r.result ORDER BY r.result"
        ))?
        .query_map(rusqlite::params_from_iter(bound(f)), |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok((by_node, by_result))
}

/// Writes a step of a record: its new state and finding (or the return's reason), the
/// history row, and the node's status (核查中 at its first verification, 已完成 once every
/// spot of its part is approved). Call it on the immediate transaction that read the record.
#[allow(clippy::too_many_arguments)]
pub fn step(
    conn: &Connection,
    row: &RecordRow,
    action: &str,
    to: State,
    finding: &Finding,
    reason: Option<&str>,
    (actor_id, actor): (i64, &str),
    now: i64,
) -> rusqlite::Result<()> {
    let [lon, lat] = finding.position.map_or([None, None], |p| p.map(Some));
    conn.prepare_cached(
        "UPDATE spot_bjhs SET state = ?2, result = ?3, verified_type = ?4, note = ?5, lon = ?6,
         lat = ?7, reason = coalesce(?8, reason), updated_at = ?9, updated_by = ?10 WHERE id = ?1",
    )?
    .execute(params![
        row.id,
        to.code(),
        finding.result,
        finding.verified_type,
        finding.note,
        lon,
        lat,
        reason,
        now,
        actor
    ])?;
    conn.prepare_cached(
        "INSERT INTO spot_bjhs_history (bjhs_id, action, from_state, to_state, actor_id, actor, at, reason)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        row.id,
        action,
        row.state.code(),
        to.code(),
        actor_id,
        actor,
        now,
        reason
    ])?;
    conn.prepare_cached(
        "UPDATE spot_push_node SET status = ?3 WHERE batch_id = ?1 AND node_id = ?2 AND status = ?4",
    )?
    .execute(params![row.batch_id, row.node_id, node::VERIFYING, node::SENT])?;
    conn.prepare_cached(
        "UPDATE spot_push_node SET status = ?3 WHERE batch_id = ?1 AND node_id = ?2
         AND NOT EXISTS (SELECT 1 FROM spot_bjhs WHERE batch_id = ?1 AND node_id = ?2 AND state <> ?4)",
    )?
    .execute(params![
        row.batch_id,
        row.node_id,
        node::DONE,
        State::Approved.code()
    ])?;
    Ok(())
}

/// A record's steps, oldest first.
pub fn history(conn: &Connection, bjhs_id: i64) -> rusqlite::Result<Vec<HistoryRow>> {
    conn.prepare_cached(
        "SELECT action, from_state, to_state, actor, at, reason FROM spot_bjhs_history
         WHERE bjhs_id = ?1 ORDER BY id",
    )?
    .query_map([bjhs_id], |r| {
        let state = |i: usize| -> rusqlite::Result<State> {
            State::of(r.get(i)?).ok_or_else(|| {
                rusqlite::Error::UserFunctionError("unknown verification state".into())
            })
        };
        Ok(HistoryRow {
            action: r.get(0)?,
            from: state(1)?,
            to: state(2)?,
            actor: r.get(3)?,
            at: r.get(4)?,
            reason: r.get(5)?,
        })
    })?
    .collect()
}

const PHOTO_COLUMNS: &str = "id, bjhs_id, mime, size, created_at, created_by";

fn photo_row(r: &Row) -> rusqlite::Result<PhotoRow> {
    Ok(PhotoRow {
        id: r.get(0)?,
        bjhs_id: r.get(1)?,
        mime: r.get(2)?,
        size: r.get(3)?,
        created_at: r.get(4)?,
        created_by: r.get(5)?,
    })
}

/// A record's photos, oldest first.
pub fn photos(conn: &Connection, bjhs_id: i64) -> rusqlite::Result<Vec<PhotoRow>> {
    conn.prepare_cached(&format!(
        "SELECT {PHOTO_COLUMNS} FROM spot_bjhs_photo WHERE bjhs_id = ?1 ORDER BY id"
    ))?
    .query_map([bjhs_id], photo_row)?
    .collect()
}

/// One photo.
pub fn photo(conn: &Connection, id: i64) -> rusqlite::Result<Option<PhotoRow>> {
    conn.prepare_cached(&format!(
        "SELECT {PHOTO_COLUMNS} FROM spot_bjhs_photo WHERE id = ?1"
    ))?
    .query_row([id], photo_row)
    .optional()
}

/// Adds a photo's row; its id.
pub fn add_photo(conn: &Connection, p: &PhotoRow) -> rusqlite::Result<i64> {
    conn.prepare_cached(
        "INSERT INTO spot_bjhs_photo (bjhs_id, mime, size, created_at, created_by)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?
    .execute(params![
        p.bjhs_id,
        p.mime,
        p.size,
        p.created_at,
        p.created_by
    ])?;
    Ok(conn.last_insert_rowid())
}

/// Removes a photo's row.
pub fn delete_photo(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    conn.prepare_cached("DELETE FROM spot_bjhs_photo WHERE id = ?1")?
        .execute([id])?;
    Ok(())
}

/// Spots of one theme and type that reached some nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct SpotTypeCount {
    /// Theme route name.
    pub theme: String,
    /// Spot type value (`None` for themes that do not type their spots).
    pub tblx: Option<String>,
    /// Its label as pushed.
    pub tblx_label: Option<String>,
    /// Spots pushed.
    pub spots: i64,
}

/// The spot types that sent batches pushed to `nodes` (`None`: every node), by theme and type.
pub fn spot_types(
    conn: &Connection,
    nodes: Option<&[i64]>,
) -> rusqlite::Result<Vec<SpotTypeCount>> {
    conn.prepare_cached(
        "SELECT r.theme, r.tblx, max(r.tblx_label), count(*)
         FROM spot_bjhs r JOIN spot_push_batch b ON b.id = r.batch_id
         WHERE b.sent_at IS NOT NULL
           AND (?1 IS NULL OR r.node_id IN (SELECT value FROM json_each(?1)))
         GROUP BY r.theme, r.tblx ORDER BY r.theme, r.tblx",
    )?
    .query_map([nodes.map(crate::db::json_list)], |r| {
        Ok(SpotTypeCount {
            theme: r.get(0)?,
            tblx: r.get(1)?,
            tblx_label: r.get(2)?,
            spots: r.get(3)?,
        })
    })?
    .collect()
}

/// One node's verification in one month of sending (Beijing time).
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// Node id.
    pub node_id: i64,
    /// Node name (of its latest batch).
    pub node_name: String,
    /// `YYYY-MM`, Beijing time, of the batches' sending.
    pub month: String,
    /// Spots pushed.
    pub pushed: i64,
    /// Of them, by state, in the order of [`super::machine::STATES`].
    pub by_state: [i64; 5],
}

/// For the statistics: per node and month of sending, the spots pushed by batches sent in
/// `[from, to)` (unix seconds) and their verification states, of `nodes` (`None`: every node).
pub fn progress(
    conn: &Connection,
    from: i64,
    to: i64,
    nodes: Option<&[i64]>,
) -> rusqlite::Result<Vec<Progress>> {
    conn.prepare_cached(
        "SELECT r.node_id, max(n.node_name),
                strftime('%Y-%m', b.sent_at + 8 * 3600, 'unixepoch') AS month, count(*),
                count(*) FILTER (WHERE r.state = 0), count(*) FILTER (WHERE r.state = 1),
                count(*) FILTER (WHERE r.state = 2), count(*) FILTER (WHERE r.state = 3),
                count(*) FILTER (WHERE r.state = 4)
         FROM spot_bjhs r JOIN spot_push_node n USING (batch_id, node_id)
         JOIN spot_push_batch b ON b.id = r.batch_id
         WHERE b.sent_at >= ?1 AND b.sent_at < ?2
           AND (?3 IS NULL OR r.node_id IN (SELECT value FROM json_each(?3)))
         GROUP BY r.node_id, month ORDER BY r.node_id, month",
    )?
    .query_map(
        rusqlite::params![from, to, nodes.map(crate::db::json_list)],
        |r| {
            Ok(Progress {
                node_id: r.get(0)?,
                node_name: r.get(1)?,
                month: r.get(2)?,
                pushed: r.get(3)?,
                by_state: [r.get(4)?, r.get(5)?, r.get(6)?, r.get(7)?, r.get(8)?],
            })
        },
    )?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::polygon;

    fn facts(spot_id: i64, xzqdm: &str) -> SpotFacts {
        SpotFacts {
            spot_id,
            theme: "windmill".into(),
            spot_batch: "2024Q3".into(),
            tblx: None,
            tblx_label: None,
            xzqdm: xzqdm.into(),
            region_name: "湖北省".into(),
            area_m2: 100.0,
            name: None,
            geom: MultiPolygon(vec![
                polygon![(x: 114.0, y: 30.0), (x: 114.1, y: 30.0), (x: 114.1, y: 30.1), (x: 114.0, y: 30.0)],
            ]),
            centre: [114.05, 30.03],
            bbox: [114.0, 30.0, 114.1, 30.1],
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
    fn only_sent_records_are_listed_and_steps_move_the_node_status() {
        let conn = crate::db::memory();
        let batch = NewBatch {
            name: "一批".into(),
            theme: "windmill",
            filter: "{}".into(),
            created_by: 1,
            creator: "admin".into(),
            demo: false,
        };
        let deliveries = [
            Delivery {
                node_id: 1,
                spot: facts(10, "420111"),
            },
            Delivery {
                node_id: 2,
                spot: facts(11, "440103"),
            },
        ];
        let id = create(
            &conn,
            &batch,
            &[node(1, "420000"), node(2, "440000")],
            &deliveries,
            1_700_000_000,
        )
        .expect("create");
        let all = Filter::default();
        assert_eq!(count(&conn, &all).expect("count"), 0, "unsent: no record");
        assert_eq!(batches(&conn, Some(&[1]), 0, 20).expect("own").1, 0);
        send(&conn, id, "admin", 1_700_000_100).expect("send");
        assert_eq!(count(&conn, &all).expect("count"), 2);
        let mine = Filter {
            scope: Some(vec![1]),
            ..Filter::default()
        };
        let rows = records(&conn, &mine, 0, 20).expect("records");
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].spot, facts(10, "420111"));
        let status = |conn: &Connection| {
            tallies(conn, &[id], Some(&[1])).expect("tallies")[0]
                .1
                .status
        };
        assert_eq!(status(&conn), node::SENT);
        let finding = Finding {
            result: Some(1),
            ..Finding::default()
        };
        step(
            &conn,
            &rows[0],
            "submit",
            State::Submitted,
            &finding,
            None,
            (5, "hubei"),
            1_700_000_200,
        )
        .expect("submit");
        assert_eq!(status(&conn), node::VERIFYING);
        let key = Filter {
            key_changes: true,
            ..Filter::default()
        };
        assert_eq!(count(&conn, &key).expect("key"), 1);
        let row = record(&conn, rows[0].id).expect("read").expect("row");
        step(
            &conn,
            &row,
            "approve",
            State::Approved,
            &finding,
            None,
            (1, "admin"),
            1_700_000_300,
        )
        .expect("approve");
        assert_eq!(status(&conn), node::DONE);
        assert_eq!(history(&conn, row.id).expect("history").len(), 2);
        let p = progress(&conn, 0, i64::MAX, None).expect("progress");
        assert_eq!(p.len(), 2);
        let one = progress(&conn, 0, i64::MAX, Some(&[1])).expect("one node");
        assert_eq!(one, p[..1]);
        assert!(
            progress(&conn, 0, 1_600_000_000, None)
                .expect("before")
                .is_empty()
        );
        let types = spot_types(&conn, Some(&[1])).expect("types");
        assert_eq!(types.len(), 1);
        assert_eq!((types[0].theme.as_str(), types[0].spots), ("windmill", 1));
        assert_eq!(
            (p[0].node_id, p[0].pushed, p[0].by_state),
            (1, 1, [0, 0, 0, 0, 1])
        );
        assert_eq!(p[0].month, "2023-11");
    }
}
