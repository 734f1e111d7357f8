//! The verification records as lists, workbooks, statistics, details and map positions: one
//! engine, three configurations ([`View`]) — every record the caller sees
//! (`/api/push-spot-bjhs/…`), the key changes (`/api/push-spot-zdbh/…`: result 真实变化,
//! submitted or approved) and the managers' review queue (`/api/process-spot-bjhs/…`:
//! submitted unless another state is asked for). A view is a fixed filter over the same
//! queries, so the statistics always count what the list lists.

use axum::response::Response;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::machine::{self, REAL_CHANGE, RESULTS, State};
use super::store::{self, Filter, RecordRow};
use super::{NO_RECORD, SpotCheck, StateCounts, visible_record};
use crate::api::{Page, Paging};
use crate::error::AppError;
use crate::spot::export::table::{Cell, OwnedSheet, download};
use crate::spot::theme::ThemeName;
use crate::state::AppState;
use crate::usercenter::session::Caller;
use crate::vector::schema::MultiPolygon;

/// Most records one export holds.
pub const MAX_EXPORT: i64 = 10_000;

/// Which records a route family takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// Every record the caller sees.
    All,
    /// Key changes: result 真实变化, submitted or approved.
    KeyChanges,
    /// The review queue: submitted unless another state is asked for.
    Review,
}

impl View {
    /// Whether a record belongs to the view whatever the query asks.
    fn admits(self, r: &RecordRow) -> bool {
        match self {
            Self::All | Self::Review => true,
            Self::KeyChanges => {
                r.finding.result == Some(REAL_CHANGE)
                    && matches!(r.state, State::Submitted | State::Approved)
            }
        }
    }
}

/// The filters of the record lists, exports and statistics.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RecordQuery {
    /// Page from 1 (default 1; lists only).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20; lists only).
    page_size: Option<u32>,
    /// One spot batch.
    batch_id: Option<i64>,
    /// One push node.
    node_id: Option<i64>,
    /// One verification state (the review queue: default `submitted`).
    #[param(inline)]
    status: Option<State>,
    /// One result: 1 真实变化, 2 伪变化, 3 其他.
    result: Option<i64>,
    /// One theme.
    #[param(inline)]
    theme: Option<ThemeName>,
    /// Spots whose county code starts with this (1–6 digits: 42 is 湖北, 4201 武汉).
    xzqdm: Option<String>,
}

/// The store's filter for a query in a view, as the caller sees it.
fn filter_of(caller: &Caller, view: View, q: &RecordQuery) -> Result<Filter, AppError> {
    if let Some(r) = q.result
        && !RESULTS.iter().any(|(v, _)| *v == r)
    {
        return Err(AppError::bad_request("核查结果取值无效：应为 1、2、3"));
    }
    let prefix = q.xzqdm.as_deref().map(str::trim).filter(|p| !p.is_empty());
    if let Some(p) = prefix
        && (p.len() > 6 || !p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(AppError::bad_request("行政区代码前缀须为1–6位数字"));
    }
    let states = match (q.status, view) {
        (Some(s), _) => Some(vec![s.code()]),
        (None, View::Review) => Some(vec![State::Submitted.code()]),
        (None, _) => None,
    };
    Ok(Filter {
        scope: crate::push::scope_of(caller),
        batch_id: q.batch_id,
        node_id: q.node_id,
        states,
        result: q.result,
        theme: q.theme.map(|t| t.as_str().to_owned()),
        county_prefix: prefix.map(str::to_owned),
        key_changes: view == View::KeyChanges,
    })
}

/// A page of the records of a view.
async fn query(
    state: &AppState,
    caller: &Caller,
    view: View,
    q: &RecordQuery,
) -> Result<Page<SpotCheck>, AppError> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    let filter = filter_of(caller, view, q)?;
    let (rows, total) = state
        .db
        .call(move |c| {
            Ok((
                store::records(c, &filter, paging.offset(), paging.limit())?,
                store::count(c, &filter)?,
            ))
        })
        .await?;
    let spots = state.spots.now();
    let list = rows.iter().map(|r| SpotCheck::of(&spots, r)).collect();
    Ok(paging.page(list, total))
}

/// The headers of the workbooks.
const HEADERS: [&str; 19] = [
    "推送批次",
    "推送节点",
    "图斑编号",
    "监测专题",
    "图斑批次",
    "图斑类型",
    "行政区代码",
    "行政区",
    "面积（m²）",
    "名称",
    "核查状态",
    "核查结果",
    "核实类型",
    "核查说明",
    "经度",
    "纬度",
    "退回原因",
    "更新时间",
    "更新人",
];

/// Records as an Excel workbook named `file`: one row per record, Chinese headers.
pub(super) async fn workbook(
    state: &AppState,
    title: &str,
    rows: &[RecordRow],
    file: &str,
) -> Result<Response, AppError> {
    let text = |t: Option<String>| Cell::Text(t.unwrap_or_default());
    let degrees = |d: Option<f64>| text(d.map(|d| format!("{d:.6}")));
    let spots = state.spots.now();
    let cells: Vec<Vec<Cell>> = rows
        .iter()
        .map(|r| {
            let c = SpotCheck::of(&spots, r);
            vec![
                Cell::Text(c.batch_name),
                Cell::Text(c.node_name),
                Cell::Text(c.spot_id.to_string()),
                Cell::Text(c.theme_title),
                Cell::Text(c.spot_batch),
                text(c.tblx_label),
                Cell::Text(c.xzqdm),
                Cell::Text(c.region_name),
                Cell::Decimal(c.area_m2),
                text(c.name),
                Cell::Text(c.state_label),
                text(c.result_label),
                text(c.verified_type_label),
                Cell::Text(c.note),
                degrees(c.lon),
                degrees(c.lat),
                text(c.reason),
                text(c.updated_at),
                text(c.updated_by),
            ]
        })
        .collect();
    let headers: Vec<String> = HEADERS.iter().map(|h| (*h).to_owned()).collect();
    let sheet = OwnedSheet {
        name: title.to_owned(),
        headers,
        rows: cells,
    };
    download(vec![sheet], file).await
}

/// The records of a view as a workbook (at most [`MAX_EXPORT`]).
async fn export(
    state: &AppState,
    caller: &Caller,
    view: View,
    q: &RecordQuery,
) -> Result<Response, AppError> {
    let filter = filter_of(caller, view, q)?;
    let kept = filter.clone();
    let total = state.db.call(move |c| store::count(c, &kept)).await?;
    if total > MAX_EXPORT {
        return Err(AppError::bad_request(format!(
            "符合条件的核查记录共{total}条，超过{MAX_EXPORT}条，请缩小筛选范围后导出"
        )));
    }
    let rows = state
        .db
        .call(move |c| store::records(c, &filter, 0, total))
        .await?;
    let (title, file) = match view {
        View::All => ("图斑核查", "spot_bjhs.xlsx"),
        View::KeyChanges => ("重点变化", "spot_zdbh.xlsx"),
        View::Review => ("图斑核查审核", "spot_bjhs_review.xlsx"),
    };
    workbook(state, title, &rows, file).await
}

/// One node's records by state.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeCounts {
    /// Node id.
    pub node_id: i64,
    /// Node name.
    pub node_name: String,
    /// Its records.
    pub total: i64,
    /// By state.
    pub by_state: StateCounts,
}

/// Records of one result.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResultCount {
    /// 1 真实变化, 2 伪变化, 3 其他; null: not yet given.
    pub result: Option<i64>,
    /// Its label (未填写 for null).
    pub label: String,
    /// Records.
    pub count: i64,
}

/// The records a query lists, counted (the same filter, so `total` is the list's total).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpotCheckStatistics {
    /// Every record counted.
    pub total: i64,
    /// By state.
    pub by_state: StateCounts,
    /// By node, then state, by node id.
    pub by_node: Vec<NodeCounts>,
    /// By result: the three results, then those without one.
    pub by_result: Vec<ResultCount>,
}

/// The records of a view counted by node × state and by result.
async fn statistics(
    state: &AppState,
    caller: &Caller,
    view: View,
    q: &RecordQuery,
) -> Result<SpotCheckStatistics, AppError> {
    let filter = filter_of(caller, view, q)?;
    let (nodes, results) = state
        .db
        .call(move |c| store::statistics(c, &filter))
        .await?;
    let mut by_node: Vec<NodeCounts> = Vec::new();
    let mut by_state = StateCounts::default();
    for ((node_id, node_name, code), n) in nodes {
        let Some(s) = State::of(code) else { continue };
        by_state.add(s, n);
        if by_node.last().is_none_or(|last| last.node_id != node_id) {
            by_node.push(NodeCounts {
                node_id,
                node_name,
                total: 0,
                by_state: StateCounts::default(),
            });
        }
        if let Some(last) = by_node.last_mut() {
            last.total += n;
            last.by_state.add(s, n);
        }
    }
    let count_of = |r: Option<i64>| results.iter().find(|(v, _)| *v == r).map_or(0, |(_, n)| *n);
    let by_result = RESULTS
        .iter()
        .map(|(v, label)| (Some(*v), *label))
        .chain([(None, "未填写")])
        .map(|(result, label)| ResultCount {
            result,
            label: label.to_owned(),
            count: count_of(result),
        })
        .collect();
    Ok(SpotCheckStatistics {
        total: by_state.total(),
        by_state,
        by_node,
        by_result,
    })
}

/// A record of the view the caller may see, else 404.
async fn visible_in(
    state: &AppState,
    caller: &Caller,
    view: View,
    id: i64,
) -> Result<RecordRow, AppError> {
    let row = visible_record(state, caller, id).await?;
    if view.admits(&row) {
        Ok(row)
    } else {
        Err(AppError::NotFound(NO_RECORD.into()))
    }
}

/// A photo of a record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Photo {
    /// Photo id.
    pub id: i64,
    /// The image: `/api/push-spot-bjhs/photo/{id}`.
    pub url: String,
    /// `image/png` or `image/jpeg`.
    pub mime: String,
    /// Bytes.
    pub size: i64,
    /// When added, `YYYY-MM-DD HH:MM` Beijing time.
    pub created_at: String,
    /// Who added it.
    pub created_by: String,
}

impl From<&store::PhotoRow> for Photo {
    fn from(p: &store::PhotoRow) -> Self {
        Self {
            id: p.id,
            url: format!("/api/push-spot-bjhs/photo/{}", p.id),
            mime: p.mime.clone(),
            size: p.size,
            created_at: crate::beijing::minute(p.created_at),
            created_by: p.created_by.clone(),
        }
    }
}

/// One step of a record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    /// What was done.
    pub action: machine::Action,
    /// From this state.
    pub from: State,
    /// To this one.
    pub to: State,
    /// Its label.
    pub to_label: String,
    /// Who.
    pub actor: String,
    /// When, `YYYY-MM-DD HH:MM` Beijing time.
    pub at: String,
    /// The reason of a return.
    pub reason: Option<String>,
}

/// A record with its spot's outline, its photos and its history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpotCheckDetail {
    /// The record.
    pub record: SpotCheck,
    /// The dictionary of the theme's spot types, whose values the verified type takes (none
    /// for a theme that does not type its spots). Given here because the theme list shows a
    /// node user only the themes their permissions open, and verifying needs none of them.
    pub type_dict: Option<String>,
    /// The spot's outline as pushed.
    #[schema(value_type = MultiPolygon)]
    pub geometry: geojson::Geometry,
    /// Photos, oldest first.
    pub photos: Vec<Photo>,
    /// Steps, oldest first.
    pub history: Vec<Step>,
}

/// A record in detail.
async fn detail(
    state: &AppState,
    caller: &Caller,
    view: View,
    id: i64,
) -> Result<SpotCheckDetail, AppError> {
    let row = visible_in(state, caller, view, id).await?;
    let (photos, history) = state
        .db
        .call(move |c| Ok((store::photos(c, id)?, store::history(c, id)?)))
        .await?;
    let record = SpotCheck::of(&state.spots.now(), &row);
    Ok(SpotCheckDetail {
        type_dict: record.theme.theme().types.map(str::to_owned),
        record,
        geometry: geojson::Geometry::from(&geo_types::Geometry::MultiPolygon(row.spot.geom)),
        photos: photos.iter().map(Photo::from).collect(),
        history: history
            .into_iter()
            .map(|h| Step {
                action: crate::api::from_name(&h.action).unwrap_or(machine::Action::Save),
                from: h.from,
                to: h.to,
                to_label: h.to.label().to_owned(),
                actor: h.actor,
                at: crate::beijing::minute(h.at),
                reason: h.reason,
            })
            .collect(),
    })
}

/// Where a record's spot is, for the map's 定位.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpotPosition {
    /// The spot's centroid: [longitude, latitude].
    pub centre: [f64; 2],
    /// The spot's box: [west, south, east, north].
    pub bbox: [f64; 4],
    /// Where the node's photos were taken, when recorded: [longitude, latitude].
    pub recorded: Option<[f64; 2]>,
}

/// A record's position.
async fn position(
    state: &AppState,
    caller: &Caller,
    view: View,
    id: i64,
) -> Result<SpotPosition, AppError> {
    let row = visible_in(state, caller, view, id).await?;
    Ok(SpotPosition {
        centre: row.spot.centre,
        bbox: row.spot.bbox,
        recorded: row.finding.position,
    })
}

/// The handlers of a view's route family: thin wrappers of the engine above, one per path.
macro_rules! view_routes {
    (
        $view:expr, $tag:tt,
        query = ($q:tt, $qid:tt),
        export = ($e:tt, $eid:tt),
        statistics = ($s:tt, $sid:tt)
        $(, detail = ($d:tt, $did:tt), position = ($p:tt, $pid:tt))?
    ) => {
        use axum::extract::State;
        use axum::response::Response;

        use super::{RecordQuery, SpotCheckStatistics, View};
        use crate::api::{ApiQuery, ApiResult, Envelope, Page, ok};
        use crate::error::{AppError, ErrorEnvelope};
        use crate::spotcheck::SpotCheck;
        use crate::state::AppState;
        use crate::usercenter::session::Caller;

        /// The view of these routes.
        const VIEW: View = $view;

        /// A page of the records, newest batch first, then by node and spot.
        #[utoipa::path(
            get,
            path = $q,
            operation_id = $qid,
            tag = $tag,
            params(RecordQuery),
            responses(
                (status = 200, description = "A page of records", body = Envelope<Page<SpotCheck>>),
                (status = 400, description = "Bad paging or filter", body = ErrorEnvelope),
                (status = 401, description = "Not logged in", body = ErrorEnvelope),
                (status = 403, description = "Not a manager (the review queue)", body = ErrorEnvelope),
            )
        )]
        pub async fn query(
            State(state): State<AppState>,
            caller: Caller,
            ApiQuery(q): ApiQuery<RecordQuery>,
        ) -> ApiResult<Page<SpotCheck>> {
            super::query(&state, &caller, VIEW, &q).await.map(ok)
        }

        /// The same records as an Excel workbook (at most 10,000; paging ignored).
        #[utoipa::path(
            get,
            path = $e,
            operation_id = $eid,
            tag = $tag,
            params(RecordQuery),
            responses(
                (status = 200, description = "The workbook", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = crate::normal::coverage::ZipFile),
                (status = 400, description = "A bad filter, or more than 10,000 records", body = ErrorEnvelope),
                (status = 401, description = "Not logged in", body = ErrorEnvelope),
                (status = 403, description = "Not a manager (the review queue)", body = ErrorEnvelope),
            )
        )]
        pub async fn export(
            State(state): State<AppState>,
            caller: Caller,
            ApiQuery(q): ApiQuery<RecordQuery>,
        ) -> Result<Response, AppError> {
            super::export(&state, &caller, VIEW, &q).await
        }

        /// The same records counted by node × state and by result (paging ignored).
        #[utoipa::path(
            get,
            path = $s,
            operation_id = $sid,
            tag = $tag,
            params(RecordQuery),
            responses(
                (status = 200, description = "The counts", body = Envelope<SpotCheckStatistics>),
                (status = 400, description = "A bad filter", body = ErrorEnvelope),
                (status = 401, description = "Not logged in", body = ErrorEnvelope),
                (status = 403, description = "Not a manager (the review queue)", body = ErrorEnvelope),
            )
        )]
        pub async fn statistics(
            State(state): State<AppState>,
            caller: Caller,
            ApiQuery(q): ApiQuery<RecordQuery>,
        ) -> ApiResult<SpotCheckStatistics> {
            super::statistics(&state, &caller, VIEW, &q).await.map(ok)
        }

        $(
            /// A record with its outline, photos and history; 404 for one the caller may
            /// not see.
            #[utoipa::path(
                get,
                path = $d,
                operation_id = $did,
                tag = $tag,
                params(("id" = i64, Path, description = "Record id")),
                responses(
                    (status = 200, description = "The record", body = Envelope<super::SpotCheckDetail>),
                    (status = 400, description = "A bad id", body = ErrorEnvelope),
                    (status = 401, description = "Not logged in", body = ErrorEnvelope),
                    (status = 404, description = "No such record for the caller", body = ErrorEnvelope),
                )
            )]
            pub async fn detail(
                State(state): State<AppState>,
                caller: Caller,
                crate::api::ApiPath(id): crate::api::ApiPath<i64>,
            ) -> ApiResult<super::SpotCheckDetail> {
                super::detail(&state, &caller, VIEW, id).await.map(ok)
            }

            /// Where a record's spot is (centroid and box) and where its photos were taken.
            #[utoipa::path(
                get,
                path = $p,
                operation_id = $pid,
                tag = $tag,
                params(("id" = i64, Path, description = "Record id")),
                responses(
                    (status = 200, description = "The position", body = Envelope<super::SpotPosition>),
                    (status = 400, description = "A bad id", body = ErrorEnvelope),
                    (status = 401, description = "Not logged in", body = ErrorEnvelope),
                    (status = 404, description = "No such record for the caller", body = ErrorEnvelope),
                )
            )]
            pub async fn position(
                State(state): State<AppState>,
                caller: Caller,
                crate::api::ApiPath(id): crate::api::ApiPath<i64>,
            ) -> ApiResult<super::SpotPosition> {
                super::position(&state, &caller, VIEW, id).await.map(ok)
            }
        )?
    };
}

/// Every record the caller sees (`/api/push-spot-bjhs/…`).
pub mod bjhs {
    view_routes!(
        View::All,
        "spotcheck",
        query = ("/api/push-spot-bjhs/query", "bjhs_query"),
        export = ("/api/push-spot-bjhs/export", "bjhs_export"),
        statistics = ("/api/push-spot-bjhs/statistics", "bjhs_statistics"),
        detail = ("/api/push-spot-bjhs/detail/{id}", "bjhs_detail"),
        position = ("/api/push-spot-bjhs/position/{id}", "bjhs_position")
    );
}

/// The key changes the caller sees (`/api/push-spot-zdbh/…`).
pub mod zdbh {
    view_routes!(
        View::KeyChanges,
        "spotcheck",
        query = ("/api/push-spot-zdbh/query", "zdbh_query"),
        export = ("/api/push-spot-zdbh/export", "zdbh_export"),
        statistics = ("/api/push-spot-zdbh/statistics", "zdbh_statistics"),
        detail = ("/api/push-spot-zdbh/detail/{id}", "zdbh_detail"),
        position = ("/api/push-spot-zdbh/position/{id}", "zdbh_position")
    );
}

/// The managers' review queue (`/api/process-spot-bjhs/…`).
pub mod review {
    view_routes!(
        View::Review,
        "spotcheck",
        query = ("/api/process-spot-bjhs/query", "review_query"),
        export = ("/api/process-spot-bjhs/export", "review_export"),
        statistics = ("/api/process-spot-bjhs/statistics", "review_statistics")
    );
}
