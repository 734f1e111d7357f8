//! Spot batches (`/api/spotbatch/v1/…`): a manager makes one from a theme's spots and a
//! filter for named nodes (prepared, 未下发), sends it (已下发, the records come alive), and
//! lists every batch with each node's status and progress; node users list the sent batches
//! that delivered to their nodes, their part only, and draw or export it.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::machine::node;
use super::store::{self, BatchRow, NodeTally, RecordRow};
use super::{NO_BATCH, SpotCheck, StateCounts, deliver};
use crate::api::{ApiJson, ApiPath, ApiQuery, ApiResult, ClientIp, Envelope, Page, PageQuery, ok};
use crate::audit::{self, Entry};
use crate::error::{AppError, ErrorEnvelope};
use crate::push::export::NodeQuery;
use crate::spot::SpotFilter;
use crate::spot::theme::ThemeName;
use crate::state::AppState;
use crate::usercenter::session::{Caller, now_secs};
use crate::vector::schema::FeatureCollection;

/// Which spots of the theme a batch takes: the spot routes' filters.
#[derive(Debug, Clone, Default, Deserialize, serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchFilter {
    /// The spots' batch id; default the theme's latest batch.
    #[serde(default)]
    batch: Option<String>,
    /// Only spots in this province, city or county (100000: every county).
    #[serde(default)]
    xzqdm: Option<String>,
    /// A stage value of the theme's stage dictionary.
    #[serde(default)]
    stage: Option<String>,
    /// A spot type of the theme's type dictionary.
    #[serde(default)]
    tblx: Option<String>,
    /// Delivery file names containing this.
    #[serde(default)]
    filename: Option<String>,
}

impl From<&BatchFilter> for SpotFilter {
    fn from(f: &BatchFilter) -> Self {
        Self {
            batch: f.batch.clone(),
            xzqdm: f.xzqdm.clone(),
            stage: f.stage.clone(),
            tblx: f.tblx.clone(),
            filename: f.filename.clone(),
            ..Self::default()
        }
    }
}

/// A spot batch to make.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewSpotBatch {
    /// Name (1–100 characters).
    #[serde(default)]
    name: String,
    /// A monitoring theme's route name, e.g. `windmill`.
    // A name, checked by `deliver::check` so that a wrong one gets its Chinese message.
    #[serde(default)]
    #[schema(value_type = ThemeName)]
    theme: String,
    /// Which of the theme's spots.
    #[serde(default)]
    filter: BatchFilter,
    /// Push node ids (1–64); each receives the selected spots in its region.
    #[serde(default)]
    nodes: Vec<i64>,
}

/// One node of a batch: what it received and how far it got.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpotBatchNode {
    /// Node id.
    pub node_id: i64,
    /// Node name, as when the batch was made.
    pub node_name: String,
    /// Region code the node serves.
    pub region_id: String,
    /// The region's name, when the boundaries are imported.
    pub region_name: Option<String>,
    /// SPOT_BJHS_BATCH_STATUS: 0 未下发, 1 已下发, 2 核查中, 3 已完成.
    pub status: i64,
    /// Its label.
    pub status_label: String,
    /// Spots it received.
    pub spot_count: i64,
    /// Their records by state.
    pub by_state: StateCounts,
}

/// A spot batch and its nodes (those the caller sees).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpotBatch {
    /// Batch id.
    pub id: i64,
    /// Name.
    pub name: String,
    /// Theme.
    pub theme: ThemeName,
    /// The theme's title.
    pub theme_title: String,
    /// When made, `YYYY-MM-DD HH:MM` Beijing time.
    pub created_at: String,
    /// The manager who made it.
    pub creator: String,
    /// When sent, `YYYY-MM-DD HH:MM` Beijing time; null while prepared.
    pub sent_at: Option<String>,
    /// Demo content (演示).
    pub demo: bool,
    /// Spots over the nodes listed.
    pub spot_count: i64,
    /// Their records by state.
    pub by_state: StateCounts,
    /// The nodes, by id.
    pub nodes: Vec<SpotBatchNode>,
}

/// Batches with their node tallies, in the order given.
fn summaries(
    state: &AppState,
    rows: Vec<BatchRow>,
    tallies: Vec<(i64, NodeTally)>,
) -> Vec<SpotBatch> {
    let mut by_batch: BTreeMap<i64, Vec<NodeTally>> = BTreeMap::new();
    for (batch, t) in tallies {
        by_batch.entry(batch).or_default().push(t);
    }
    rows.into_iter()
        .map(|b| {
            let tallies = by_batch.remove(&b.id).unwrap_or_default();
            let mut sum = [0; 5];
            for t in &tallies {
                for (total, n) in sum.iter_mut().zip(t.by_state) {
                    *total += n;
                }
            }
            let nodes: Vec<SpotBatchNode> = tallies
                .into_iter()
                .map(|t| {
                    let by_state = StateCounts::of(t.by_state);
                    SpotBatchNode {
                        region_name: state
                            .regions
                            .shape(&t.node.region_id)
                            .map(|s| s.name.clone()),
                        node_id: t.node.node_id,
                        node_name: t.node.node_name,
                        region_id: t.node.region_id,
                        status: t.status,
                        status_label: node::label(t.status).to_owned(),
                        spot_count: by_state.total(),
                        by_state,
                    }
                })
                .collect();
            let by_state = StateCounts::of(sum);
            let theme = ThemeName::parse(&b.theme).unwrap_or(ThemeName::Landcover);
            SpotBatch {
                id: b.id,
                name: b.name,
                theme,
                theme_title: theme.theme().title.to_owned(),
                created_at: crate::beijing::minute(b.created_at),
                creator: b.creator,
                sent_at: b.sent_at.map(crate::beijing::minute),
                demo: b.demo,
                spot_count: by_state.total(),
                by_state,
                nodes,
            }
        })
        .collect()
}

/// One batch as `scope` sees it.
async fn one(state: &AppState, id: i64, scope: Option<Vec<i64>>) -> Result<SpotBatch, AppError> {
    let (row, tallies) = state
        .db
        .call(move |c| {
            Ok((
                store::batch(c, id)?,
                store::tallies(c, &[id], scope.as_deref())?,
            ))
        })
        .await?;
    let row = row.ok_or_else(|| AppError::NotFound(NO_BATCH.into()))?;
    summaries(state, vec![row], tallies)
        .pop()
        .ok_or_else(|| AppError::NotFound(NO_BATCH.into()))
}

/// A page of batches as `scope` sees them.
async fn batch_page(
    state: &AppState,
    scope: Option<Vec<i64>>,
    q: &PageQuery,
) -> Result<Page<SpotBatch>, AppError> {
    let paging = q.paging()?;
    let (rows, total, tallies) = state
        .db
        .call(move |c| {
            let (rows, total) =
                store::batches(c, scope.as_deref(), paging.offset(), paging.limit())?;
            let ids: Vec<i64> = rows.iter().map(|b| b.id).collect();
            let tallies = store::tallies(c, &ids, scope.as_deref())?;
            Ok((rows, total, tallies))
        })
        .await?;
    Ok(paging.page(summaries(state, rows, tallies), total))
}

/// Makes a batch (prepared, 未下发): the theme's spots the filter selects, for each named
/// node those in its region, kept as they are now; audited. Nothing is stored when anything
/// is wrong.
#[utoipa::path(
    post,
    path = "/api/spotbatch/v1/batch",
    tag = "spotcheck",
    request_body = NewSpotBatch,
    responses(
        (status = 200, description = "The batch made", body = Envelope<SpotBatch>),
        (status = 400, description = "No name, an unknown theme, a malformed filter, no or too many or unknown nodes (listed), or more than 10,000 spots", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn create_spot_batch(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    ApiJson(b): ApiJson<NewSpotBatch>,
) -> ApiResult<SpotBatch> {
    let (name, theme) = deliver::check(&b.name, &b.theme, &b.nodes)?;
    let nodes = crate::push::nodes_named(&state, &b.nodes).await?;
    let (spots, regions) = (state.spots.now(), state.regions.clone());
    let filter = SpotFilter::from(&b.filter);
    let targets = nodes.clone();
    let deliveries = crate::budget::heavy(&state, ip, move |_| {
        let spots = spots.theme(theme);
        // The national centre selects over the whole country.
        let country = [crate::region::tree::COUNTRY.to_owned()];
        let sel = crate::spot::filter::select(spots, &filter, &country, &regions)?;
        deliver::deliveries(spots, &sel, &targets, &regions)
    })
    .await?;
    let batch = store::NewBatch {
        name,
        theme: theme.as_str(),
        filter: serde_json::to_string(&b.filter).map_err(|e| AppError::Internal(e.into()))?,
        created_by: caller.user_id,
        creator: caller.username.clone(),
        demo: false,
    };
    let id = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let now = now_secs();
            let id = store::create(&tx, &batch, &nodes, &deliveries, now)?;
            let node_ids: Vec<i64> = nodes.iter().map(|n| n.node_id).collect();
            audit::store::record(
                &tx,
                &Entry {
                    actor: &caller,
                    action: "spotbatch.create",
                    target: format!("spot_batch:{id}"),
                    before: None,
                    after: Some(serde_json::json!({
                        "name": batch.name, "theme": batch.theme, "filter": batch.filter,
                        "nodes": node_ids, "spots": deliveries.len(),
                    })),
                },
                now,
            )?;
            tx.commit()?;
            Ok(id)
        })
        .await?;
    one(&state, id, None).await.map(ok)
}

/// Sends a prepared batch: its nodes go to 已下发 and its spots become verification records
/// (待核查) their users see; audited. 409 when already sent.
#[utoipa::path(
    post,
    path = "/api/spotbatch/v1/send/{id}",
    tag = "spotcheck",
    params(("id" = i64, Path, description = "Batch id")),
    responses(
        (status = 200, description = "The batch, sent", body = Envelope<SpotBatch>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
        (status = 404, description = "No such batch", body = ErrorEnvelope),
        (status = 409, description = "Already sent", body = ErrorEnvelope),
    )
)]
pub(super) async fn send_spot_batch(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<SpotBatch> {
    state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let Some(batch) = store::batch(&tx, id)? else {
                return Ok(Err(AppError::NotFound(NO_BATCH.into())));
            };
            if batch.sent_at.is_some() {
                return Ok(Err(AppError::Conflict("该批次已下发，不能重复下发".into())));
            }
            let now = now_secs();
            store::send(&tx, id, &caller.username, now)?;
            audit::store::record(
                &tx,
                &Entry {
                    actor: &caller,
                    action: "spotbatch.send",
                    target: format!("spot_batch:{id}"),
                    before: Some(serde_json::json!({"status": node::PREPARED})),
                    after: Some(serde_json::json!({"status": node::SENT})),
                },
                now,
            )?;
            tx.commit()?;
            Ok(Ok(()))
        })
        .await??;
    one(&state, id, None).await.map(ok)
}

/// Every batch, newest first, with each node's status and progress (managers).
#[utoipa::path(
    get,
    path = "/api/spotbatch/v1/manager",
    tag = "spotcheck",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of batches", body = Envelope<Page<SpotBatch>>),
        (status = 400, description = "Bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
    )
)]
pub(super) async fn manager_spot_batches(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Page<SpotBatch>> {
    batch_page(&state, None, &q).await.map(ok)
}

/// The sent batches that delivered spots to the caller's nodes, newest first, with only
/// those nodes' part (a manager's own list is every batch).
#[utoipa::path(
    get,
    path = "/api/spotbatch/v1/own",
    tag = "spotcheck",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the caller's batches", body = Envelope<Page<SpotBatch>>),
        (status = 400, description = "Bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub(super) async fn own_spot_batches(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Page<SpotBatch>> {
    let scope = crate::push::scope_of(&caller);
    batch_page(&state, scope, &q).await.map(ok)
}

/// One batch as the caller's lists show it: any batch for a manager; for anyone else a sent
/// batch that delivered spots to their nodes, with only those nodes' part (404 otherwise, as
/// for a batch that does not exist).
#[utoipa::path(
    get,
    path = "/api/spotbatch/v1/batch/{id}",
    tag = "spotcheck",
    params(("id" = i64, Path, description = "Batch id")),
    responses(
        (status = 200, description = "The batch", body = Envelope<SpotBatch>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such batch, or none of it for the caller", body = ErrorEnvelope),
    )
)]
pub(super) async fn spot_batch(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<SpotBatch> {
    let scope = crate::push::scope_of(&caller);
    let batch = one(&state, id, scope.clone()).await?;
    let delivered = batch.sent_at.is_some() && batch.spot_count > 0;
    if scope.is_some() && !delivered {
        return Err(AppError::NotFound(NO_BATCH.into()));
    }
    Ok(ok(batch))
}

/// The batch's records the caller sees (of one node when asked): a node user sees a sent
/// batch's records of their nodes, a manager every record; 404 when that is none.
async fn visible_records(
    state: &AppState,
    caller: &Caller,
    id: i64,
    node: Option<i64>,
) -> Result<Vec<RecordRow>, AppError> {
    let scope = crate::push::narrowed(crate::push::scope_of(caller), node, NO_BATCH)?;
    let manager = caller.is_admin();
    let (batch, rows) = state
        .db
        .call(move |c| {
            Ok((
                store::batch(c, id)?,
                store::batch_records(c, id, scope.as_deref())?,
            ))
        })
        .await?;
    match batch {
        Some(b) if manager || (b.sent_at.is_some() && !rows.is_empty()) => Ok(rows),
        _ => Err(AppError::NotFound(NO_BATCH.into())),
    }
}

/// The batch's spots the caller sees as a GeoJSON FeatureCollection (a batch holds at most
/// 10,000), each feature's properties its verification record, its id the record id.
#[utoipa::path(
    get,
    path = "/api/spotbatch/v1/vector/{id}",
    tag = "spotcheck",
    params(("id" = i64, Path, description = "Batch id"), NodeQuery),
    responses(
        (status = 200, description = "GeoJSON FeatureCollection; each feature's properties are a SpotCheck", body = Envelope<FeatureCollection<SpotCheck>>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such batch, or none of it (of that node) for the caller", body = ErrorEnvelope),
    )
)]
pub(super) async fn spot_batch_vector(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<NodeQuery>,
) -> ApiResult<serde_json::Value> {
    let rows = visible_records(&state, &caller, id, q.node_id).await?;
    let spots = state.spots.now();
    let features: Vec<serde_json::Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "type": "Feature",
                "id": r.id.to_string(),
                "geometry": geojson::Geometry::from(&geo_types::Geometry::MultiPolygon(r.spot.geom.clone())),
                "properties": SpotCheck::of(&spots, r),
            })
        })
        .collect();
    Ok(ok(
        serde_json::json!({"type": "FeatureCollection", "features": features}),
    ))
}

/// The batch's spots the caller sees as an Excel workbook (.xlsx): one row per record, with
/// its verification, Chinese headers.
#[utoipa::path(
    get,
    path = "/api/spotbatch/v1/exportexcel/{id}",
    tag = "spotcheck",
    params(("id" = i64, Path, description = "Batch id"), NodeQuery),
    responses(
        (status = 200, description = "spot_batch_{id}.xlsx", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = crate::normal::coverage::ZipFile),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such batch, or none of it (of that node) for the caller", body = ErrorEnvelope),
    )
)]
pub(super) async fn spot_batch_excel(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<NodeQuery>,
) -> Result<Response, AppError> {
    let rows = visible_records(&state, &caller, id, q.node_id).await?;
    super::records::workbook(
        &state,
        &format!("图斑推送批次{id}"),
        &rows,
        &format!("spot_batch_{id}.xlsx"),
    )
    .await
}
