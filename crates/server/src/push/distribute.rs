//! Push statistics (`/api/sta-distribute/…`, spec §7 sta-distribute: internet, privateline,
//! detail; issue 18 /statistics/push): what the batches of a Beijing year delivered, per node,
//! month and satellite, for one channel; the same deliveries per (batch, node) as a paged
//! detail; and all of it as one workbook. A manager counts every node; anyone else counts
//! only the nodes their account is related to (none: every number is zero). Every figure is
//! a sum over the stored deliveries, so the statistics add up to what the batch lists hold.

use axum::extract::State;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::deliver::PushChannel;
use super::scope_of;
use super::store::{self, BatchNode, Deliveries, Delivery, Sum};
use crate::api::{ApiPath, ApiQuery, ApiResult, Envelope, Page, Paging, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::normal::coverage::ZipFile;
use crate::spot::export::table::{Cell, OwnedSheet, download};
use crate::spotcheck::StateCounts;
use crate::spotcheck::store::Progress;
use crate::state::AppState;
use crate::usercenter::session::Caller;

/// Years a statistic may ask for.
const YEARS: std::ops::RangeInclusive<i32> = 2000..=2100;
/// Most detail rows one workbook holds.
const MAX_EXPORT_ROWS: i64 = 10_000;

/// What a statistic counts: a year, and optionally one node.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DistributeQuery {
    /// Beijing calendar year of sending (2000–2100); default this year.
    year: Option<i32>,
    /// Only this node (one of the caller's, for a node user).
    node_id: Option<i64>,
}

/// The detail's filter and page.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DetailQuery {
    /// Beijing calendar year of sending (2000–2100); default this year.
    year: Option<i32>,
    /// Only this node (one of the caller's, for a node user).
    node_id: Option<i64>,
    /// Only this channel; default both.
    #[param(inline)]
    channel: Option<PushChannel>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// Batches, scenes and megabytes of a set of deliveries.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushTally {
    /// Batches that delivered something.
    pub batches: i64,
    /// Scenes delivered (a scene sent to two nodes counts twice).
    pub scenes: i64,
    /// Their size, MB.
    pub size_mb: f64,
    /// When the last of those batches was sent, `YYYY-MM-DD HH:MM` Beijing time.
    pub last_sent_at: Option<String>,
}

impl From<Sum> for PushTally {
    fn from(s: Sum) -> Self {
        Self {
            batches: s.batches,
            scenes: s.scenes,
            size_mb: s.size_mb,
            last_sent_at: s.last_sent.map(crate::beijing::minute),
        }
    }
}

/// What one node received.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodePush {
    /// Node id.
    pub node_id: i64,
    /// Node name.
    pub node_name: String,
    /// Region code the node serves.
    pub region_id: String,
    /// The region's name, when the boundaries are imported.
    pub region_name: Option<String>,
    /// What it received.
    #[serde(flatten)]
    pub tally: PushTally,
}

/// What was sent in one month.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthPush {
    /// `YYYY-MM`, Beijing.
    pub month: String,
    /// What was sent.
    #[serde(flatten)]
    pub tally: PushTally,
}

/// What was sent of one satellite.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SatellitePush {
    /// Satellite value, e.g. `GF1`.
    pub satellite: String,
    /// Its Chinese name from the catalogue, else the value.
    pub label: String,
    /// What was sent.
    #[serde(flatten)]
    pub tally: PushTally,
}

/// A year's deliveries over one channel.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Distribution {
    /// The channel counted.
    pub channel: PushChannel,
    /// The year counted.
    pub year: i32,
    /// Everything counted.
    pub total: PushTally,
    /// Per node the caller sees, by node id, with zeros for nodes that received nothing.
    pub nodes: Vec<NodePush>,
    /// Per month, January to December.
    pub months: Vec<MonthPush>,
    /// Per satellite, by value.
    pub satellites: Vec<SatellitePush>,
}

/// What one batch delivered to one node.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryRow {
    /// Batch id.
    pub batch_id: i64,
    /// Batch name.
    pub batch_name: String,
    /// How it travelled.
    pub channel: PushChannel,
    /// When sent, `YYYY-MM-DD HH:MM` Beijing time.
    pub sent_at: String,
    /// The manager who sent it.
    pub creator: String,
    /// Node id.
    pub node_id: i64,
    /// Node name, as the batch named it.
    pub node_name: String,
    /// The region's name, when the boundaries are imported, else its code.
    pub region_name: String,
    /// Scenes delivered.
    pub scenes: i64,
    /// Their size, MB.
    pub size_mb: f64,
}

/// Spots pushed to a node (or in a month) and how far their verification has gone.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verified {
    /// Spots pushed by the batches sent (each has one verification record).
    pub pushed: i64,
    /// Their records by state.
    pub states: StateCounts,
}

impl Verified {
    /// Adds one node's month.
    pub(super) fn add(&mut self, p: &Progress) {
        self.pushed += p.pushed;
        self.states += StateCounts::of(p.by_state);
    }
}

/// One node's verification.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeVerified {
    /// Node id.
    pub node_id: i64,
    /// Node name.
    pub node_name: String,
    /// The region's name, when the node is current and its boundary imported.
    pub region_name: Option<String>,
    /// Its spots and their states.
    #[serde(flatten)]
    pub verified: Verified,
}

/// The verification of the spots sent in one month.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthVerified {
    /// `YYYY-MM`, Beijing.
    pub month: String,
    /// Its spots and their states.
    #[serde(flatten)]
    pub verified: Verified,
}

/// How far the nodes have verified the spots pushed to them in a year.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerificationProgress {
    /// The Beijing year of the spot batches' sending.
    pub year: i32,
    /// Everything counted.
    pub total: Verified,
    /// Per node the caller sees, by node id, with zeros for nodes that received no spot.
    pub nodes: Vec<NodeVerified>,
    /// Per month of sending, January to December.
    pub months: Vec<MonthVerified>,
}

/// The year asked for (default this Beijing year) and its span: 400 outside 2000–2100.
fn year_of(year: Option<i32>) -> Result<(i32, i64, i64), AppError> {
    let year = year.unwrap_or_else(|| crate::beijing::today().year());
    match crate::beijing::year_span(year) {
        Some((from, to)) if YEARS.contains(&year) => Ok((year, from, to)),
        _ => Err(AppError::bad_request("年份应在 2000 至 2100 之间")),
    }
}

/// The deliveries a caller may count: their nodes (every node for a manager), narrowed to
/// `node` when one is asked for (404 for a node outside them).
fn deliveries(
    caller: &Caller,
    channel: Option<PushChannel>,
    year: Option<i32>,
    node: Option<i64>,
) -> Result<(i32, Deliveries), AppError> {
    let (year, from, to) = year_of(year)?;
    let nodes = super::narrowed(scope_of(caller), node, NODE_NOT_FOUND)?;
    Ok((
        year,
        Deliveries {
            channel: channel.map(PushChannel::as_str),
            from,
            to,
            nodes,
        },
    ))
}

/// The answer to a node the caller does not see.
const NODE_NOT_FOUND: &str = "推送节点不存在";

/// The nodes a statistic lists: the caller's scope, each with its latest name (usercenter's
/// current nodes first, then nodes only past batches named).
async fn listed_nodes(state: &AppState, d: &Deliveries) -> Result<Vec<BatchNode>, AppError> {
    let (current, named) = state
        .db
        .call(|c| {
            Ok((
                crate::usercenter::store::push_node_uses(c)?,
                store::named_nodes(c)?,
            ))
        })
        .await?;
    let mut nodes: Vec<BatchNode> = current
        .into_iter()
        .map(|u| BatchNode {
            node_id: u.node.id,
            node_name: u.node.name,
            region_id: u.node.region_id,
        })
        .collect();
    for n in named {
        if !nodes.iter().any(|m| m.node_id == n.node_id) {
            nodes.push(n);
        }
    }
    nodes.retain(|n| d.nodes.as_ref().is_none_or(|s| s.contains(&n.node_id)));
    nodes.sort_by_key(|n| n.node_id);
    Ok(nodes)
}

fn region_name(state: &AppState, code: &str) -> Option<String> {
    state.regions.shape(code).map(|s| s.name.clone())
}

/// A year's deliveries over one channel, counted on the store.
async fn distribution(
    state: &AppState,
    channel: PushChannel,
    year: i32,
    d: Deliveries,
) -> Result<Distribution, AppError> {
    let nodes = listed_nodes(state, &d).await?;
    let (total, by_node, by_month, by_satellite) = state
        .db
        .call(move |c| {
            Ok((
                store::sum(c, &d)?,
                store::sums_by_node(c, &d)?,
                store::sums_by_month(c, &d)?,
                store::sums_by_satellite(c, &d)?,
            ))
        })
        .await?;
    let first_month = i64::from(year) * 12;
    Ok(Distribution {
        channel,
        year,
        total: total.into(),
        nodes: node_pushes(state, nodes, &by_node),
        months: (first_month..first_month + 12)
            .map(|m| MonthPush {
                month: crate::beijing::month_label(m),
                tally: sum_of(&by_month, m).into(),
            })
            .collect(),
        satellites: satellite_pushes(by_satellite),
    })
}

/// The sum keyed `key` in `list`, zero when it has none.
fn sum_of(list: &[(i64, Sum)], key: i64) -> Sum {
    list.iter()
        .find(|(k, _)| *k == key)
        .map_or_else(Sum::default, |(_, s)| *s)
}

/// Each node with its sum in `by_node` (zero when it received nothing).
fn node_pushes(state: &AppState, nodes: Vec<BatchNode>, by_node: &[(i64, Sum)]) -> Vec<NodePush> {
    nodes
        .into_iter()
        .map(|n| NodePush {
            region_name: region_name(state, &n.region_id),
            tally: sum_of(by_node, n.node_id).into(),
            node_id: n.node_id,
            node_name: n.node_name,
            region_id: n.region_id,
        })
        .collect()
}

/// Per-satellite sums with the satellites' catalogue names.
fn satellite_pushes(by_satellite: Vec<(String, Sum)>) -> Vec<SatellitePush> {
    by_satellite
        .into_iter()
        .map(|(satellite, s)| SatellitePush {
            label: crate::catalogue::satellite(&satellite)
                .map_or_else(|| satellite.clone(), |s| s.label.to_owned()),
            satellite,
            tally: s.into(),
        })
        .collect()
}

/// Every delivery to the caller's nodes (every node for a manager), of both channels, ever.
fn all_time(caller: &Caller) -> Deliveries {
    Deliveries {
        channel: None,
        from: i64::MIN,
        to: i64::MAX,
        nodes: scope_of(caller),
    }
}

/// What each of the caller's nodes (every node for a manager) has received by both channels
/// since the first batch, with when it last received something (spec §7 usercenter
/// push/statistics).
#[utoipa::path(
    get,
    path = "/api/usercenter/push/statistics",
    tag = "push",
    responses(
        (status = 200, description = "Per node, by node id", body = Envelope<Vec<NodePush>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub(super) async fn node_statistics(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Vec<NodePush>> {
    let d = all_time(&caller);
    let nodes = listed_nodes(&state, &d).await?;
    let by_node = state.db.call(move |c| store::sums_by_node(c, &d)).await?;
    Ok(ok(node_pushes(&state, nodes, &by_node)))
}

/// The satellites whose scenes reached the caller's nodes (every node for a manager), with
/// what was sent of each: the image types a node user filters their deliveries by (spec §7
/// usercenter pushuser image typelist).
#[utoipa::path(
    get,
    path = "/api/usercenter/pushuser/image/typelist",
    tag = "push",
    responses(
        (status = 200, description = "Per satellite, by value", body = Envelope<Vec<SatellitePush>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub(super) async fn image_types(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Vec<SatellitePush>> {
    let d = all_time(&caller);
    let by_satellite = state
        .db
        .call(move |c| store::sums_by_satellite(c, &d))
        .await?;
    Ok(ok(satellite_pushes(by_satellite)))
}

/// A year's image deliveries over one channel (`internet` 互联网 or `privateline` 专线): in
/// all, per node, per month and per satellite.
#[utoipa::path(
    get,
    path = "/api/sta-distribute/{channel}",
    tag = "push",
    params(("channel" = PushChannel, Path, description = "internet or privateline"), DistributeQuery),
    responses(
        (status = 200, description = "The year's deliveries over the channel", body = Envelope<Distribution>),
        (status = 400, description = "An unknown channel, or a year outside 2000–2100", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "A node the caller does not see", body = ErrorEnvelope),
    )
)]
pub(super) async fn distribute_statistics(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(channel): ApiPath<PushChannel>,
    ApiQuery(q): ApiQuery<DistributeQuery>,
) -> ApiResult<Distribution> {
    let (year, d) = deliveries(&caller, Some(channel), q.year, q.node_id)?;
    distribution(&state, channel, year, d).await.map(ok)
}

fn delivery_row(state: &AppState, d: Delivery) -> DeliveryRow {
    DeliveryRow {
        batch_id: d.batch.id,
        batch_name: d.batch.name,
        channel: crate::api::from_name(&d.batch.channel).unwrap_or(PushChannel::Internet),
        sent_at: crate::beijing::minute(d.batch.created_at),
        creator: d.batch.creator,
        node_id: d.node.node_id,
        region_name: region_name(state, &d.node.region_id).unwrap_or(d.node.region_id),
        node_name: d.node.node_name,
        scenes: d.sum.scenes,
        size_mb: d.sum.size_mb,
    }
}

/// What each batch of a year delivered to each node, newest batch first.
#[utoipa::path(
    get,
    path = "/api/sta-distribute/detail",
    tag = "push",
    params(DetailQuery),
    responses(
        (status = 200, description = "A page of (batch, node) deliveries", body = Envelope<Page<DeliveryRow>>),
        (status = 400, description = "Bad paging, or a year outside 2000–2100", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "A node the caller does not see", body = ErrorEnvelope),
    )
)]
pub(super) async fn distribute_detail(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<DetailQuery>,
) -> ApiResult<Page<DeliveryRow>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    let (_, d) = deliveries(&caller, q.channel, q.year, q.node_id)?;
    let (rows, total) = state
        .db
        .call(move |c| store::deliveries(c, &d, paging.offset(), paging.limit()))
        .await?;
    let list = rows.into_iter().map(|r| delivery_row(&state, r)).collect();
    Ok(ok(paging.page(list, total)))
}

/// The verification of the spots sent in a year to the deliveries' nodes, counted on the
/// spot records.
async fn verification(
    state: &AppState,
    year: i32,
    d: Deliveries,
) -> Result<VerificationProgress, AppError> {
    let mut listed = listed_nodes(state, &d).await?;
    let (from, to, nodes) = (d.from, d.to, d.nodes);
    let rows = state
        .db
        .call(move |c| crate::spotcheck::store::progress(c, from, to, nodes.as_deref()))
        .await?;
    // A node that only spot batches named (since removed from usercenter) still counts.
    for p in &rows {
        if !listed.iter().any(|n| n.node_id == p.node_id) {
            listed.push(BatchNode {
                node_id: p.node_id,
                node_name: p.node_name.clone(),
                region_id: String::new(),
            });
        }
    }
    listed.sort_by_key(|n| n.node_id);
    let mut total = Verified::default();
    rows.iter().for_each(|p| total.add(p));
    let first_month = i64::from(year) * 12;
    Ok(VerificationProgress {
        year,
        total,
        nodes: listed
            .into_iter()
            .map(|n| {
                let mut verified = Verified::default();
                rows.iter()
                    .filter(|p| p.node_id == n.node_id)
                    .for_each(|p| verified.add(p));
                NodeVerified {
                    region_name: region_name(state, &n.region_id),
                    node_id: n.node_id,
                    node_name: n.node_name,
                    verified,
                }
            })
            .collect(),
        months: (first_month..first_month + 12)
            .map(|m| {
                let month = crate::beijing::month_label(m);
                let mut verified = Verified::default();
                rows.iter()
                    .filter(|p| p.month == month)
                    .for_each(|p| verified.add(p));
                MonthVerified { month, verified }
            })
            .collect(),
    })
}

/// How far the nodes have verified the change spots pushed to them in a year (spot batches
/// sent that year, Beijing time): per node and per month of sending, the spots pushed and
/// their records by state.
#[utoipa::path(
    get,
    path = "/api/sta-distribute/progress",
    tag = "push",
    params(DistributeQuery),
    responses(
        (status = 200, description = "The year's verification progress", body = Envelope<VerificationProgress>),
        (status = 400, description = "A year outside 2000–2100", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "A node the caller does not see", body = ErrorEnvelope),
    )
)]
pub(super) async fn verification_progress(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<DistributeQuery>,
) -> ApiResult<VerificationProgress> {
    let (year, d) = deliveries(&caller, None, q.year, q.node_id)?;
    verification(&state, year, d).await.map(ok)
}

/// The `(headers, rows)` of a verification table keyed by `key`.
fn verified_sheet<'a>(
    key: &[&str],
    rows: impl Iterator<Item = (Vec<String>, &'a Verified)>,
) -> (Vec<String>, Vec<Vec<Cell>>) {
    let mut headers: Vec<String> = key.iter().map(|k| (*k).to_owned()).collect();
    headers
        .extend(["推送图斑", "待核查", "核查中", "已提交", "已退回", "已通过"].map(str::to_owned));
    let rows = rows
        .map(|(keys, v)| {
            let s = v.states;
            let mut cells: Vec<Cell> = keys.into_iter().map(Cell::Text).collect();
            cells.extend(
                [
                    v.pushed,
                    s.pending,
                    s.draft,
                    s.submitted,
                    s.returned,
                    s.approved,
                ]
                .map(|n| Cell::Count(n.unsigned_abs())),
            );
            cells
        })
        .collect();
    (headers, rows)
}

/// The `(headers, rows)` of a tally table keyed by `key`.
fn tally_sheet<'a>(
    key: &[&str],
    rows: impl Iterator<Item = (Vec<String>, &'a PushTally)>,
) -> (Vec<String>, Vec<Vec<Cell>>) {
    let mut headers: Vec<String> = key.iter().map(|k| (*k).to_owned()).collect();
    headers.extend(["批次数", "影像数", "数据量（MB）"].map(str::to_owned));
    let rows = rows
        .map(|(keys, t)| {
            let mut cells: Vec<Cell> = keys.into_iter().map(Cell::Text).collect();
            cells.extend([
                Cell::Count(t.batches.unsigned_abs()),
                Cell::Count(t.scenes.unsigned_abs()),
                Cell::Decimal(t.size_mb),
            ]);
            cells
        })
        .collect();
    (headers, rows)
}

fn channel_label(c: PushChannel) -> &'static str {
    match c {
        PushChannel::Internet => "互联网",
        PushChannel::Privateline => "专线",
    }
}

/// A year's push statistics as one workbook: per node, month and satellite for each channel,
/// and the (batch, node) detail of both (at most 10,000 rows; 400 past that, per node then).
#[utoipa::path(
    get,
    path = "/api/sta-distribute/export",
    tag = "push",
    params(DistributeQuery),
    responses(
        (status = 200, description = "push_statistics_{year}.xlsx", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = ZipFile),
        (status = 400, description = "A year outside 2000–2100, or more than 10,000 detail rows", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "A node the caller does not see", body = ErrorEnvelope),
    )
)]
pub(super) async fn distribute_export(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<DistributeQuery>,
) -> Result<Response, AppError> {
    let (year, both) = deliveries(&caller, None, q.year, q.node_id)?;
    let detail = both.clone();
    let (rows, total) = state
        .db
        .call(move |c| store::deliveries(c, &detail, 0, MAX_EXPORT_ROWS))
        .await?;
    if total > MAX_EXPORT_ROWS {
        return Err(AppError::bad_request("明细超过 10000 行，请按节点分别导出"));
    }
    let mut sheets: Vec<OwnedSheet> = Vec::new();
    let sheet = |name: String, (headers, rows): (Vec<String>, Vec<Vec<Cell>>)| OwnedSheet {
        name,
        headers,
        rows,
    };
    for channel in [PushChannel::Internet, PushChannel::Privateline] {
        let d = Deliveries {
            channel: Some(channel.as_str()),
            ..both.clone()
        };
        let dist = distribution(&state, channel, year, d).await?;
        let label = channel_label(channel);
        sheets.push(sheet(
            format!("{label}按节点"),
            tally_sheet(
                &["节点", "行政区"],
                dist.nodes.iter().map(|n| {
                    let region = n.region_name.clone().unwrap_or_else(|| n.region_id.clone());
                    (vec![n.node_name.clone(), region], &n.tally)
                }),
            ),
        ));
        sheets.push(sheet(
            format!("{label}按月份"),
            tally_sheet(
                &["月份"],
                dist.months
                    .iter()
                    .map(|m| (vec![m.month.clone()], &m.tally)),
            ),
        ));
        sheets.push(sheet(
            format!("{label}按卫星"),
            tally_sheet(
                &["卫星"],
                dist.satellites
                    .iter()
                    .map(|s| (vec![s.label.clone()], &s.tally)),
            ),
        ));
    }
    let headers: Vec<String> = [
        "批次编号",
        "批次名称",
        "推送方式",
        "推送时间",
        "推送人",
        "节点",
        "行政区",
        "影像数",
        "数据量（MB）",
    ]
    .map(str::to_owned)
    .to_vec();
    let detail: Vec<Vec<Cell>> = rows
        .into_iter()
        .map(|r| {
            let r = delivery_row(&state, r);
            vec![
                Cell::Count(r.batch_id.unsigned_abs()),
                Cell::Text(r.batch_name),
                Cell::Text(channel_label(r.channel).to_owned()),
                Cell::Text(r.sent_at),
                Cell::Text(r.creator),
                Cell::Text(r.node_name),
                Cell::Text(r.region_name),
                Cell::Count(r.scenes.unsigned_abs()),
                Cell::Decimal(r.size_mb),
            ]
        })
        .collect();
    sheets.push(sheet("推送明细".to_owned(), (headers, detail)));
    let progress = verification(&state, year, both).await?;
    sheets.push(sheet(
        "核查进度按节点".to_owned(),
        verified_sheet(
            &["节点", "行政区"],
            progress.nodes.iter().map(|n| {
                let region = n.region_name.clone().unwrap_or_default();
                (vec![n.node_name.clone(), region], &n.verified)
            }),
        ),
    ));
    sheets.push(sheet(
        "核查进度按月份".to_owned(),
        verified_sheet(
            &["月份"],
            progress
                .months
                .iter()
                .map(|m| (vec![m.month.clone()], &m.verified)),
        ),
    ));
    download(sheets, &format!("push_statistics_{year}.xlsx")).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_year_outside_the_range_is_refused() {
        assert!(year_of(Some(1999)).is_err());
        assert!(year_of(Some(2101)).is_err());
        let (year, from, to) = year_of(Some(2026)).expect("year");
        assert_eq!((year, to - from), (2026, 365 * 86_400));
        assert_eq!(
            year_of(None).expect("this year").0,
            crate::beijing::today().year()
        );
    }
}
