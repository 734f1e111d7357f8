//! Image push to province nodes (`/api/push/v1/…`, spec §7 push v1, issue 18): a manager
//! (the `admin` role) sends a batch of catalogue scenes to named push nodes by internet or
//! private line; each node receives only the scenes whose footprint meets its region, and
//! every (batch, node, scene) delivery is recorded with its size and time. Node users (the
//! accounts related to a node in `usercenter`) see their nodes' part of each batch and
//! nothing of other nodes': the batches list, items, footprints on the map, exports and the
//! coverage of their region (`export.rs`). A batch that delivered nothing to a node user is
//! a 404 to them, as one that does not exist.

pub mod deliver;
pub mod demo;
mod distribute;
pub mod export;
pub mod layer;
mod screen;
pub mod store;

use std::collections::BTreeMap;

use axum::extract::State;
use geo_types::MultiPolygon;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{
    ApiJson, ApiPath, ApiQuery, ApiResult, ClientIp, Envelope, Page, PageQuery, Paging, ok,
};
use crate::audit::{self, Entry};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::session::{Caller, now_secs};
use deliver::PushChannel;
use store::{BatchNode, BatchRow, ItemRow, NodeTally};

/// The push routes: making and listing every batch is the managers'; the rest is for any
/// logged-in caller, within the nodes they see.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(push_batches, create_push_batch))
        .route_layer(Require::admin())
        .merge(
            OpenApiRouter::new()
                .routes(routes!(own_push_batches))
                .routes(routes!(push_detail))
                .routes(routes!(export::push_vector))
                .routes(routes!(export::push_export_shp))
                .routes(routes!(export::push_export_excel))
                .routes(routes!(export::push_cover_calculate))
                .routes(routes!(export::push_export_diff_cover))
                .routes(routes!(distribute::distribute_statistics))
                .routes(routes!(distribute::distribute_detail))
                .routes(routes!(distribute::distribute_export))
                .routes(routes!(distribute::verification_progress))
                .routes(routes!(distribute::node_statistics))
                .routes(routes!(distribute::image_types))
                .routes(routes!(screen::push_screen_nodes))
                .route_layer(Require::login()),
        )
}

/// The answer to a batch the caller may not see, or that does not exist.
pub const NOT_FOUND: &str = "推送批次不存在";

/// A batch to send.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewPushBatch {
    /// Name (at most 100 characters).
    #[serde(default)]
    name: String,
    /// `internet` (互联网) or `privateline` (专线).
    // A name, checked by `deliver::check` so that a wrong one gets its Chinese message.
    #[serde(default)]
    #[schema(value_type = PushChannel)]
    channel: String,
    /// Product ids of the scenes (1–10,000); unknown ones refuse the whole batch.
    #[serde(default)]
    ids: Vec<String>,
    /// Push node ids (1–64).
    #[serde(default)]
    nodes: Vec<i64>,
}

/// What one node of a batch received.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodePart {
    /// Node id.
    pub node_id: i64,
    /// Node name, as when the batch was sent.
    pub node_name: String,
    /// Region code the node serves.
    pub region_id: String,
    /// The region's name, when the boundaries are imported.
    pub region_name: Option<String>,
    /// Scenes delivered to it.
    pub scene_count: i64,
    /// Their size, MB.
    pub size_mb: f64,
}

/// A batch and what its nodes (those the caller sees) received.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushBatch {
    /// Batch id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// How it travelled.
    pub channel: PushChannel,
    /// When sent, `YYYY-MM-DD HH:MM` Beijing time.
    pub created_at: String,
    /// The manager who sent it.
    pub creator: String,
    /// Demo content (演示).
    pub demo: bool,
    /// Scenes delivered over the nodes listed.
    pub scene_count: i64,
    /// Their size, MB.
    pub size_mb: f64,
    /// The nodes, by id.
    pub nodes: Vec<NodePart>,
}

/// One scene delivered to one node.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushItem {
    /// Node id.
    pub node_id: i64,
    /// Node name.
    pub node_name: String,
    /// Region code the node serves.
    pub region_id: String,
    /// Product id.
    pub scene_id: String,
    /// Delivered file name.
    pub file_name: String,
    /// Satellite value.
    pub satellite: String,
    /// Sensor id.
    pub sensor: String,
    /// Acquisition time, RFC 3339 UTC.
    pub acquired_at: String,
    /// Cloud cover, percent.
    pub cloud: f64,
    /// Ground resolution, metres.
    pub resolution: Option<f64>,
    /// Size, MB.
    pub size_mb: Option<f64>,
    /// When delivered, `YYYY-MM-DD HH:MM` Beijing time.
    pub delivered_at: String,
}

impl From<&ItemRow> for PushItem {
    fn from(r: &ItemRow) -> Self {
        let i = &r.item;
        Self {
            node_id: i.node_id,
            node_name: r.node_name.clone(),
            region_id: r.region_id.clone(),
            scene_id: i.scene_id.clone(),
            file_name: i.file_name.clone(),
            satellite: i.satellite.clone(),
            sensor: i.sensor.clone(),
            acquired_at: crate::api::rfc3339(i.acquired_at),
            cloud: i.cloud,
            resolution: i.resolution_m,
            size_mb: i.size_mb,
            delivered_at: crate::beijing::minute(r.delivered_at),
        }
    }
}

/// A batch and a page of its items.
#[derive(Debug, Serialize, ToSchema)]
pub struct PushDetail {
    /// The batch, with the nodes the caller sees.
    pub batch: PushBatch,
    /// A page of its items, by node, newest first.
    pub items: Page<PushItem>,
}

/// Which nodes a caller sees: `None` (every node) for a manager, else the nodes their
/// account is related to. Spot push (`spotcheck`) scopes its batches the same way.
pub fn scope_of(caller: &Caller) -> Option<Vec<i64>> {
    (!caller.is_admin()).then(|| caller.push_nodes.clone())
}

/// Whether a caller sees one node (as `scope_of` would count it).
pub fn sees_node(caller: &Caller, node: i64) -> bool {
    caller.is_admin() || caller.push_nodes.contains(&node)
}

/// `scope` narrowed to one node, when one is asked for: 404 (`missing`) for a node outside it.
pub fn narrowed(
    scope: Option<Vec<i64>>,
    node: Option<i64>,
    missing: &str,
) -> Result<Option<Vec<i64>>, AppError> {
    match (scope, node) {
        (scope, None) => Ok(scope),
        (None, Some(n)) => Ok(Some(vec![n])),
        (Some(mine), Some(n)) if mine.contains(&n) => Ok(Some(vec![n])),
        (Some(_), Some(_)) => Err(AppError::NotFound(missing.into())),
    }
}

/// The batch, and how many of its items `scope` sees: 404 when it does not exist, or when a
/// node user's scope sees none of it.
async fn visible(
    state: &AppState,
    id: i64,
    scope: Option<Vec<i64>>,
) -> Result<(BatchRow, i64), AppError> {
    let seen = scope.clone();
    let (batch, count) = state
        .db
        .call(move |c| {
            Ok((
                store::batch(c, id)?,
                store::count_items(c, id, seen.as_deref())?,
            ))
        })
        .await?;
    match batch {
        Some(b) if scope.is_none() || count > 0 => Ok((b, count)),
        _ => Err(AppError::NotFound(NOT_FOUND.into())),
    }
}

/// Batches with their node tallies, in the order given.
fn summaries(
    state: &AppState,
    rows: Vec<BatchRow>,
    tallies: Vec<(i64, NodeTally)>,
) -> Vec<PushBatch> {
    let mut by_batch: BTreeMap<i64, Vec<NodeTally>> = BTreeMap::new();
    for (batch, t) in tallies {
        by_batch.entry(batch).or_default().push(t);
    }
    rows.into_iter()
        .map(|b| {
            let nodes: Vec<NodePart> = by_batch
                .remove(&b.id)
                .unwrap_or_default()
                .into_iter()
                .map(|t| NodePart {
                    region_name: state
                        .regions
                        .shape(&t.node.region_id)
                        .map(|s| s.name.clone()),
                    node_id: t.node.node_id,
                    node_name: t.node.node_name,
                    region_id: t.node.region_id,
                    scene_count: t.scenes,
                    size_mb: t.size_mb,
                })
                .collect();
            PushBatch {
                id: b.id,
                name: b.name,
                channel: crate::api::from_name(&b.channel).unwrap_or(PushChannel::Internet),
                created_at: crate::beijing::minute(b.created_at),
                creator: b.creator,
                demo: b.demo,
                scene_count: nodes.iter().map(|n| n.scene_count).sum(),
                size_mb: nodes.iter().map(|n| n.size_mb).sum(),
                nodes,
            }
        })
        .collect()
}

/// A page of batches as `scope` sees them.
async fn batch_page(
    state: &AppState,
    scope: Option<Vec<i64>>,
    q: &PageQuery,
) -> Result<Page<PushBatch>, AppError> {
    let paging = q.paging()?;
    let (rows, total, tallies) = state
        .db
        .call(move |c| {
            let (rows, total) = store::batches(c, scope.as_deref(), paging)?;
            let ids: Vec<i64> = rows.iter().map(|b| b.id).collect();
            let tallies = store::tallies(c, &ids, scope.as_deref())?;
            Ok((rows, total, tallies))
        })
        .await?;
    Ok(paging.page(summaries(state, rows, tallies), total))
}

/// Every batch, newest first, with what each named node received (managers).
#[utoipa::path(
    get,
    path = "/api/push/v1/batch",
    tag = "push",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of batches", body = Envelope<Page<PushBatch>>),
        (status = 400, description = "Bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
    )
)]
async fn push_batches(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Page<PushBatch>> {
    batch_page(&state, None, &q).await.map(ok)
}

/// The batches that delivered something to the caller's nodes, newest first, with only
/// those nodes' part (a manager's own list is every batch).
#[utoipa::path(
    get,
    path = "/api/push/v1/own",
    tag = "push",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the caller's batches", body = Envelope<Page<PushBatch>>),
        (status = 400, description = "Bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
async fn own_push_batches(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Page<PushBatch>> {
    let scope = scope_of(&caller);
    batch_page(&state, scope, &q).await.map(ok)
}

/// The regions of these nodes, from the boundaries in memory: 503 for one not imported.
fn regions_of(state: &AppState, nodes: &[BatchNode]) -> Result<Vec<MultiPolygon<f64>>, AppError> {
    nodes
        .iter()
        .map(|n| {
            state
                .regions
                .shape(&n.region_id)
                .map(|s| s.geom.clone())
                .ok_or_else(|| {
                    AppError::Unavailable(format!(
                        "推送节点“{}”的行政区边界（{}）未导入，无法确定推送范围",
                        n.node_name, n.region_id
                    ))
                })
        })
        .collect()
}

/// The named nodes as stored in `usercenter` (repeats once), or a 400 naming the unknown ones.
pub async fn nodes_named(state: &AppState, ids: &[i64]) -> Result<Vec<BatchNode>, AppError> {
    let known = state
        .db
        .call(|c| crate::usercenter::store::push_node_uses(c))
        .await?;
    let mut wanted = ids.to_vec();
    wanted.sort_unstable();
    wanted.dedup();
    let (mut nodes, mut unknown) = (Vec::new(), Vec::new());
    for id in wanted {
        match known.iter().find(|u| u.node.id == id) {
            Some(u) => nodes.push(BatchNode {
                node_id: id,
                node_name: u.node.name.clone(),
                region_id: u.node.region_id.clone(),
            }),
            None => unknown.push(id.to_string()),
        }
    }
    if !unknown.is_empty() {
        return Err(AppError::bad_request(format!(
            "推送节点不存在：{}",
            unknown.join("，")
        )));
    }
    Ok(nodes)
}

/// Sends a batch: the scenes (all known, else none is sent) to each named node whose region
/// they meet, recorded and audited in one transaction. Answers the batch as `batch` lists it.
#[utoipa::path(
    post,
    path = "/api/push/v1/batch",
    tag = "push",
    request_body = NewPushBatch,
    responses(
        (status = 200, description = "The batch sent", body = Envelope<PushBatch>),
        (status = 400, description = "No name, a bad channel, no or too many ids or nodes, unknown ids (listed) or nodes", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "A node's region is not imported, too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
async fn create_push_batch(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiJson(b): ApiJson<NewPushBatch>,
) -> ApiResult<PushBatch> {
    let (name, channel) = deliver::check(&b.name, &b.channel, &b.ids, &b.nodes)?;
    let nodes = nodes_named(&state, &b.nodes).await?;
    let regions = regions_of(&state, &nodes)?;
    let index = state.scenes.now();
    let targets = nodes.clone();
    let items = crate::budget::heavy(&state, ip, move |_| {
        let positions = crate::normal::coverage::positions_of(&index, &b.ids)?;
        Ok(deliver::items(&index, &positions, &targets, &regions))
    })
    .await?;
    let batch = store::NewBatch {
        name,
        channel: channel.as_str(),
        created_by: caller.user_id,
        creator: caller.username.clone(),
        demo: false,
    };
    let (row, tallies) = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let now = now_secs();
            let id = store::create(&tx, &batch, &nodes, &items, now)?;
            let node_ids: Vec<i64> = nodes.iter().map(|n| n.node_id).collect();
            audit::store::record(
                &tx,
                &Entry {
                    actor: &caller,
                    action: "push.batch.create",
                    target: format!("push_batch:{id}"),
                    before: None,
                    after: Some(serde_json::json!({
                        "name": batch.name, "channel": batch.channel,
                        "nodes": node_ids, "deliveries": items.len(),
                    })),
                },
                now,
            )?;
            let row = store::batch(&tx, id)?;
            let tallies = store::tallies(&tx, &[id], None)?;
            tx.commit()?;
            Ok((row, tallies))
        })
        .await?;
    let row = row.ok_or_else(|| AppError::Internal(anyhow::anyhow!("batch just written")))?;
    summaries(&state, vec![row], tallies)
        .pop()
        .map(ok)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("one batch summarised")))
}

/// Which of a batch's items to page through.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BatchItemsQuery {
    /// Only what this node received (one of the caller's, for a node user).
    node_id: Option<i64>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// A batch and a page of its items: every node's for a manager, the caller's nodes' for a
/// node user (404 when it delivered nothing to them), or one node's when `nodeId` names it
/// (404 for a node the batch did not reach or the caller does not see).
#[utoipa::path(
    get,
    path = "/api/push/v1/detail/{id}",
    tag = "push",
    params(("id" = i64, Path, description = "Batch id"), BatchItemsQuery),
    responses(
        (status = 200, description = "The batch and a page of its items", body = Envelope<PushDetail>),
        (status = 400, description = "A bad id or paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such batch, or none of it for the caller", body = ErrorEnvelope),
    )
)]
async fn push_detail(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<BatchItemsQuery>,
) -> ApiResult<PushDetail> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    let scope = scope_of(&caller);
    // The batch's facts count every node the caller sees; the items only the node asked for.
    let listed = narrowed(scope.clone(), q.node_id, NOT_FOUND)?;
    let (batch, total) = visible(&state, id, listed.clone()).await?;
    let (rows, tallies) = state
        .db
        .call(move |c| {
            Ok((
                store::items(c, id, listed.as_deref(), paging.offset(), paging.limit())?,
                store::tallies(c, &[id], scope.as_deref())?,
            ))
        })
        .await?;
    let batch = summaries(&state, vec![batch], tallies)
        .pop()
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))?;
    Ok(ok(PushDetail {
        batch,
        items: paging.page(rows.iter().map(PushItem::from).collect(), total),
    }))
}
