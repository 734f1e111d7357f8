//! Orders and data requests: creating them, the owner's lists, details and
//! items, cancelling, the administrators' lists and actions, link lists and
//! the signed downloads. Orders and requests share the tables and these
//! handlers; `machine.rs` says what may happen to each.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, header};
use axum::response::Response;
use rusqlite::{Connection, TransactionBehavior};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tower::ServiceExt;
use utoipa::{IntoParams, ToSchema};

use super::cart::{checked_ids, sort_scenes};
use super::delivery::{self, Download, ListFormat};
use super::machine::{self, Action, Actor, Kind, StepError, order};
use super::store::{self, Event, Filter, ItemRow, NewRecord, RecordRow};
use crate::api::{
    ApiJson, ApiPath, ApiQuery, ApiResult, Envelope, Origin, Page, PageQuery, Paging, ok,
};
use crate::audit;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::session::{Caller, now_secs};

/// Longest purpose text, characters.
const MAX_PURPOSE_CHARS: usize = 200;
/// Longest rejection or withdrawal reason, characters.
const MAX_REASON_CHARS: usize = 200;

/// An order or a data request as lists and details show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    /// Row id.
    id: i64,
    /// Order or request.
    kind: Kind,
    /// DD… / SQ…
    code: String,
    /// Owner's name.
    username: String,
    /// ORDER_STATUS or REQUEST_STATUS value.
    status: i64,
    /// The status's label.
    status_label: String,
    /// What the data is for.
    purpose: String,
    /// ORDER_USAGE value.
    usage: String,
    /// ORDER_DELIVERY value (orders).
    delivery: String,
    /// Why it was rejected or withdrawn.
    reason: Option<String>,
    /// Unix seconds.
    created_at: i64,
    /// Unix seconds.
    updated_at: i64,
    /// When it was delivered.
    delivered_at: Option<i64>,
    /// When its download links stop working.
    expires_at: Option<i64>,
    /// Scenes in it.
    items: i64,
    /// Their size, MB.
    size_mb: f64,
}

impl From<RecordRow> for Record {
    fn from(r: RecordRow) -> Self {
        Self {
            status_label: r.kind.label(r.status).to_owned(),
            id: r.id,
            kind: r.kind,
            code: r.code,
            username: r.username,
            status: r.status,
            purpose: r.purpose,
            usage: r.usage,
            delivery: r.delivery,
            reason: r.reason,
            created_at: r.created_at,
            updated_at: r.updated_at,
            delivered_at: r.delivered_at,
            expires_at: r.expires_at,
            items: r.items,
            size_mb: r.size_mb,
        }
    }
}

/// One entry of a record's history.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    /// Status before; absent at submission.
    from: Option<i64>,
    /// Status after.
    to: i64,
    /// Its label.
    label: String,
    /// Who.
    actor: String,
    /// The reason given.
    note: Option<String>,
    /// Unix seconds.
    at: i64,
}

/// A record with its history and what the caller may do to it now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordDetail {
    /// The record.
    record: Record,
    /// Every transition, oldest first.
    history: Vec<HistoryEntry>,
    /// The actions the caller may take now (the page's buttons).
    actions: Vec<Action>,
}

/// One scene of a record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordItem {
    /// Row id.
    id: i64,
    /// Product id.
    scene_id: String,
    /// Product file name.
    file_name: String,
    /// Satellite.
    satellite: String,
    /// Sensor.
    sensor: String,
    /// Unix seconds.
    acquired_at: i64,
    /// Percent.
    cloud: f64,
    /// MB.
    size_mb: Option<f64>,
    /// The signed download link, while a delivered order's links work.
    url: Option<String>,
}

/// Filters of a list of records.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only in this status (the dictionary's value).
    status: Option<i64>,
    /// Created on or after this day (`YYYY-MM-DD`, Beijing).
    from: Option<String>,
    /// Created on or before this day.
    to: Option<String>,
    /// Code or owner name containing this.
    keyword: Option<String>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

impl ListQuery {
    /// The store's filter for these, for `user_id`'s records (all with `None`); 400 on a bad date or keyword.
    pub fn filter(&self, user_id: Option<i64>) -> Result<Filter, AppError> {
        let day = |t: &Option<String>, end| {
            t.as_deref()
                .filter(|t| !t.trim().is_empty())
                .map(|t| crate::beijing::instant(t, end))
                .transpose()
        };
        let keyword = self
            .keyword
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty());
        if keyword.is_some_and(|k| k.chars().count() > 50) {
            return Err(AppError::bad_request("关键字不超过50个字符"));
        }
        Ok(Filter {
            user_id,
            status: self.status,
            from: day(&self.from, false)?,
            to: day(&self.to, true)?,
            keyword: keyword.map(str::to_owned),
        })
    }
}

/// A list of records for `filter`.
async fn list(
    state: &AppState,
    kind: Kind,
    filter: Filter,
    paging: Paging,
) -> ApiResult<Page<Record>> {
    let (rows, total) = state
        .db
        .call(move |c| store::page(c, kind, &filter, paging))
        .await?;
    Ok(ok(
        paging.page(rows.into_iter().map(Record::from).collect(), total)
    ))
}

/// 404 for a record the caller may not see: another user's is as good as absent.
fn not_found(kind: Kind) -> AppError {
    AppError::NotFound(format!("{}不存在", kind.noun()))
}

/// The record if the caller owns it or administers; else 404.
fn visible(kind: Kind, row: Option<RecordRow>, caller: &Caller) -> Result<RecordRow, AppError> {
    row.filter(|r| r.user_id == caller.user_id || caller.is_admin())
        .ok_or_else(|| not_found(kind))
}

/// The actor the caller is for this record: its owner first (an
/// administrator cancelling their own order acts as owner).
fn actor_for(row: &RecordRow, caller: &Caller) -> Vec<Actor> {
    let mut actors = Vec::new();
    if row.user_id == caller.user_id {
        actors.push(Actor::Owner);
    }
    if caller.is_admin() {
        actors.push(Actor::Admin);
    }
    actors
}

async fn detail(state: &AppState, caller: &Caller, kind: Kind, id: i64) -> ApiResult<RecordDetail> {
    let (row, events) = state
        .db
        .call(move |c| {
            let row = store::record_of(c, kind, id)?;
            let events = match &row {
                Some(r) => store::events(c, r.id)?,
                None => Vec::new(),
            };
            Ok((row, events))
        })
        .await?;
    let row = visible(kind, row, caller)?;
    let actions = actor_for(&row, caller)
        .into_iter()
        .flat_map(|by| machine::actions(kind, row.status, by))
        .collect();
    Ok(ok(detail_of(row, events, actions)))
}

fn detail_of(row: RecordRow, events: Vec<store::EventRow>, actions: Vec<Action>) -> RecordDetail {
    let kind = row.kind;
    RecordDetail {
        history: events
            .into_iter()
            .map(|e| HistoryEntry {
                label: kind.label(e.to).to_owned(),
                from: e.from,
                to: e.to,
                actor: e.actor,
                note: e.note,
                at: e.at,
            })
            .collect(),
        record: row.into(),
        actions,
    }
}

/// Are a delivered order's links working at `now`?
fn links_live(row: &RecordRow, now: i64) -> Option<i64> {
    (row.kind == Kind::Order && row.status == order::DELIVERED)
        .then_some(row.expires_at)
        .flatten()
        .filter(|&e| e > now)
}

async fn items(
    state: &AppState,
    caller: &Caller,
    origin: &str,
    kind: Kind,
    id: i64,
    paging: Paging,
) -> ApiResult<Page<RecordItem>> {
    let (row, items, total) = state
        .db
        .call(move |c| {
            let row = store::record_of(c, kind, id)?;
            let (items, total) = match &row {
                Some(r) => store::items_page(c, r.id, paging)?,
                None => (Vec::new(), 0),
            };
            Ok((row, items, total))
        })
        .await?;
    let row = visible(kind, row, caller)?;
    let live = links_live(&row, now_secs());
    let list = items
        .into_iter()
        .map(|i| RecordItem {
            url: live
                .filter(|_| i.product_path.is_some())
                .map(|expires| state.delivery.link(origin, row.id, i.id, expires)),
            id: i.id,
            scene_id: i.scene_id,
            file_name: i.file_name,
            satellite: i.satellite,
            sensor: i.sensor,
            acquired_at: i.acquired_at,
            cloud: i.cloud,
            size_mb: i.size_mb,
        })
        .collect();
    Ok(ok(paging.page(list, total)))
}

/// A new order.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewOrder {
    /// Product ids, checked lines of the caller's cart.
    ids: Vec<String>,
    /// What the data is for, up to 200 characters.
    purpose: String,
    /// ORDER_USAGE value.
    usage: String,
    /// ORDER_DELIVERY value.
    delivery: String,
}

/// A new data request for offline scenes.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewRequest {
    /// Product ids of offline scenes.
    ids: Vec<String>,
    /// What the data is for, up to 200 characters.
    purpose: String,
    /// ORDER_USAGE value.
    usage: String,
}

fn checked_purpose(purpose: &str) -> Result<String, AppError> {
    let purpose = purpose.trim();
    if purpose.is_empty() {
        return Err(AppError::bad_request("请填写用途说明"));
    }
    if purpose.chars().count() > MAX_PURPOSE_CHARS {
        return Err(AppError::bad_request(format!(
            "用途说明不超过{MAX_PURPOSE_CHARS}个字"
        )));
    }
    Ok(purpose.to_owned())
}

/// Refuses a value not in dictionary `dict`.
fn in_dict(conn: &Connection, dict: &str, value: &str, what: &str) -> Result<(), AppError> {
    if crate::dict::store::items(conn, dict)?
        .iter()
        .any(|i| i.value == value)
    {
        Ok(())
    } else {
        Err(AppError::bad_request(format!("请选择{what}")))
    }
}

/// `ids` quoted in a message, the first few and how many in all.
fn some_of(ids: &[String]) -> String {
    let shown: Vec<&str> = ids.iter().take(3).map(String::as_str).collect();
    if ids.len() > shown.len() {
        format!("{} 等{}景", shown.join("、"), ids.len())
    } else {
        shown.join("、")
    }
}

/// What a new record is made of, checked.
struct Submission {
    kind: Kind,
    ids: Vec<String>,
    purpose: String,
    usage: String,
    delivery: String,
}

/// Writes a new order (from cart lines, taking them out of the cart) or data
/// request, in one immediate transaction: of two submissions of the same cart
/// at once, the second finds the lines gone and is refused.
fn submit(
    conn: &mut Connection,
    caller: &Caller,
    s: &Submission,
    now: i64,
) -> Result<RecordRow, AppError> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    in_dict(&tx, "ORDER_USAGE", &s.usage, "使用方式")?;
    let (online, offline, missing) = sort_scenes(&tx, &s.ids)?;
    if !missing.is_empty() {
        return Err(AppError::bad_request(format!(
            "影像已不在目录中：{}，请移除后再提交",
            some_of(&missing)
        )));
    }
    let scenes = match s.kind {
        Kind::Order => {
            in_dict(&tx, "ORDER_DELIVERY", &s.delivery, "交付方式")?;
            if !offline.is_empty() {
                return Err(AppError::bad_request(format!(
                    "离线影像不能直接订购，请提交数据申请：{}",
                    some_of(&offline)
                )));
            }
            if store::in_cart(&tx, caller.user_id, &s.ids)?.len() != s.ids.len() {
                return Err(AppError::Conflict(
                    "所选影像已不在购物车中（可能已提交订单），请刷新购物车".into(),
                ));
            }
            online
        }
        Kind::Request => {
            if !online.is_empty() {
                let ids: Vec<String> = online.into_iter().map(|s| s.scene_id).collect();
                return Err(AppError::bad_request(format!(
                    "在线影像可直接加入购物车订购，无需申请：{}",
                    some_of(&ids)
                )));
            }
            crate::normal::store::by_ids(&tx, &offline)?
        }
    };
    let day = crate::beijing::compact(crate::beijing::today());
    let (id, _) = store::insert(
        &tx,
        &NewRecord {
            kind: s.kind,
            user_id: caller.user_id,
            username: &caller.username,
            purpose: &s.purpose,
            usage: &s.usage,
            delivery: &s.delivery,
            scenes: &scenes,
            day: &day,
            now,
        },
    )?;
    if s.kind == Kind::Order {
        store::cart_remove(&tx, caller.user_id, &s.ids)?;
    }
    let row = store::record_of(&tx, s.kind, id)?
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("record {id} vanished")))?;
    tx.commit()?;
    Ok(row)
}

async fn create(state: &AppState, caller: Caller, s: Submission) -> ApiResult<Record> {
    let row = state
        .db
        .call(move |c| Ok(submit(c, &caller, &s, now_secs())))
        .await??;
    Ok(ok(row.into()))
}

/// Orders checked lines of the caller's cart (online scenes); the lines leave the cart.
#[utoipa::path(
    post,
    path = "/api/order/v3/order",
    tag = "order",
    request_body = NewOrder,
    responses(
        (status = 200, description = "The new order, 待审核", body = Envelope<Record>),
        (status = 400, description = "No ids, no purpose, an unknown usage or delivery, an offline or unknown scene", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
        (status = 409, description = "A scene is no longer in the cart (submitted already)", body = ErrorEnvelope),
    )
)]
pub async fn create_order(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<NewOrder>,
) -> ApiResult<Record> {
    let s = Submission {
        kind: Kind::Order,
        ids: checked_ids(body.ids)?,
        purpose: checked_purpose(&body.purpose)?,
        usage: body.usage,
        delivery: body.delivery,
    };
    create(&state, caller, s).await
}

/// Asks for offline scenes to be brought back online (a data request).
#[utoipa::path(
    post,
    path = "/api/order/v3/request",
    tag = "order",
    request_body = NewRequest,
    responses(
        (status = 200, description = "The new request, 待处理", body = Envelope<Record>),
        (status = 400, description = "No ids, no purpose, an unknown usage, an online or unknown scene", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn create_request(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<NewRequest>,
) -> ApiResult<Record> {
    let s = Submission {
        kind: Kind::Request,
        ids: checked_ids(body.ids)?,
        purpose: checked_purpose(&body.purpose)?,
        usage: body.usage,
        delivery: "1".into(),
    };
    create(&state, caller, s).await
}

/// The caller's orders, newest first.
#[utoipa::path(
    get,
    path = "/api/order/v3/own",
    tag = "order",
    params(ListQuery),
    responses(
        (status = 200, description = "A page of the caller's orders", body = Envelope<Page<Record>>),
        (status = 400, description = "Bad paging or date", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn own_orders(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Page<Record>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    list(&state, Kind::Order, q.filter(Some(caller.user_id))?, paging).await
}

/// The caller's orders in one status, newest first.
#[utoipa::path(
    get,
    path = "/api/order/v3/own/status/{status}",
    tag = "order",
    params(("status" = i64, Path, description = "ORDER_STATUS value"), PageQuery),
    responses(
        (status = 200, description = "A page of the caller's orders in that status", body = Envelope<Page<Record>>),
        (status = 400, description = "Bad status or paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn own_orders_in_status(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(status): ApiPath<i64>,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Page<Record>> {
    let paging = q.paging()?;
    let filter = Filter {
        user_id: Some(caller.user_id),
        status: Some(status),
        ..Filter::default()
    };
    list(&state, Kind::Order, filter, paging).await
}

/// Status of an own-order id list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdsQuery {
    /// Only in this status.
    status: Option<i64>,
}

/// The ids of the caller's orders, newest first ("select all").
#[utoipa::path(
    get,
    path = "/api/order/v3/own/allids",
    tag = "order",
    params(IdsQuery),
    responses(
        (status = 200, description = "The ids", body = Envelope<Vec<i64>>),
        (status = 400, description = "Bad status", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn own_order_ids(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<IdsQuery>,
) -> ApiResult<Vec<i64>> {
    let filter = Filter {
        user_id: Some(caller.user_id),
        status: q.status,
        ..Filter::default()
    };
    Ok(ok(state
        .db
        .call(move |c| store::ids(c, Kind::Order, &filter))
        .await?))
}

/// How many of the caller's orders are in one status.
#[derive(Debug, Serialize, ToSchema)]
pub struct StatusCount {
    /// ORDER_STATUS value.
    status: i64,
    /// Its label.
    label: String,
    /// Orders in it.
    count: i64,
}

/// How many of the caller's orders are in each status (the tabs' counts).
#[utoipa::path(
    get,
    path = "/api/order/v3/count",
    tag = "order",
    responses(
        (status = 200, description = "Counts by status, statuses without orders left out", body = Envelope<Vec<StatusCount>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn order_counts(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Vec<StatusCount>> {
    let user = caller.user_id;
    let counts = state
        .db
        .call(move |c| store::counts(c, Kind::Order, user))
        .await?;
    Ok(ok(counts
        .into_iter()
        .map(|(status, count)| StatusCount {
            label: Kind::Order.label(status).to_owned(),
            status,
            count,
        })
        .collect()))
}

/// One order with its history: the caller's own, or any for an administrator.
#[utoipa::path(
    get,
    path = "/api/order/v3/detail/{id}",
    tag = "order",
    params(("id" = i64, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order, its history and the caller's actions", body = Envelope<RecordDetail>),
        (status = 400, description = "Not an id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
        (status = 404, description = "No such order of the caller's", body = ErrorEnvelope),
    )
)]
pub async fn order_detail(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<RecordDetail> {
    detail(&state, &caller, Kind::Order, id).await
}

/// One data request with its history.
#[utoipa::path(
    get,
    path = "/api/order/v3/request/detail/{id}",
    tag = "order",
    params(("id" = i64, Path, description = "Request id")),
    responses(
        (status = 200, description = "The request, its history and the caller's actions", body = Envelope<RecordDetail>),
        (status = 400, description = "Not an id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
        (status = 404, description = "No such request of the caller's", body = ErrorEnvelope),
    )
)]
pub async fn request_detail(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<RecordDetail> {
    detail(&state, &caller, Kind::Request, id).await
}

/// Which order's items, which page.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrderItemsQuery {
    /// The order.
    order_id: i64,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// Which request's items, which page.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RequestItemsQuery {
    /// The request.
    request_id: i64,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// The scenes of an order, with download links while they work.
#[utoipa::path(
    get,
    path = "/api/order/v3/orderitem",
    tag = "order",
    params(OrderItemsQuery),
    responses(
        (status = 200, description = "A page of the order's scenes", body = Envelope<Page<RecordItem>>),
        (status = 400, description = "No order id, or bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
        (status = 404, description = "No such order of the caller's", body = ErrorEnvelope),
    )
)]
pub async fn order_items(
    State(state): State<AppState>,
    caller: Caller,
    Origin(origin): Origin,
    ApiQuery(q): ApiQuery<OrderItemsQuery>,
) -> ApiResult<Page<RecordItem>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    items(&state, &caller, &origin, Kind::Order, q.order_id, paging).await
}

/// The scenes of a data request.
#[utoipa::path(
    get,
    path = "/api/order/v3/requestitem",
    tag = "order",
    params(RequestItemsQuery),
    responses(
        (status = 200, description = "A page of the request's scenes", body = Envelope<Page<RecordItem>>),
        (status = 400, description = "No request id, or bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
        (status = 404, description = "No such request of the caller's", body = ErrorEnvelope),
    )
)]
pub async fn request_items(
    State(state): State<AppState>,
    caller: Caller,
    Origin(origin): Origin,
    ApiQuery(q): ApiQuery<RequestItemsQuery>,
) -> ApiResult<Page<RecordItem>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    items(
        &state,
        &caller,
        &origin,
        Kind::Request,
        q.request_id,
        paging,
    )
    .await
}

/// The caller's data requests, newest first.
#[utoipa::path(
    get,
    path = "/api/order/v3/request/own",
    tag = "order",
    params(ListQuery),
    responses(
        (status = 200, description = "A page of the caller's requests", body = Envelope<Page<Record>>),
        (status = 400, description = "Bad paging or date", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
    )
)]
pub async fn own_requests(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Page<Record>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    list(
        &state,
        Kind::Request,
        q.filter(Some(caller.user_id))?,
        paging,
    )
    .await
}

/// Why an action is taken (rejections and withdrawals need one).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ActionNote {
    /// The reason, shown to the owner; up to 200 characters.
    reason: Option<String>,
}

impl From<StepError> for AppError {
    fn from(e: StepError) -> Self {
        match e {
            StepError::WrongStatus { .. } => AppError::Conflict(e.to_string()),
            StepError::NotYours { .. } => AppError::Forbidden(e.to_string()),
            StepError::NoSuchAction { .. } | StepError::NoReason => {
                AppError::bad_request(e.to_string())
            }
        }
    }
}

/// What an action needs beyond the status change, prepared before its transaction.
enum Extra {
    None,
    /// Delivery: each item's product file, and when the links expire.
    Products(Vec<(i64, String)>, i64),
}

/// Takes `action` on a record as `by`: checked by the state machine against
/// the status in the database inside one immediate transaction (409 when it
/// moved meanwhile), written with its history entry and, for an
/// administrator, its audit row.
async fn act(
    state: &AppState,
    caller: Caller,
    kind: Kind,
    id: i64,
    action: Action,
    by: Actor,
    note: ActionNote,
) -> ApiResult<RecordDetail> {
    let reason = note
        .reason
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty());
    if reason
        .as_ref()
        .is_some_and(|r| r.chars().count() > MAX_REASON_CHARS)
    {
        return Err(AppError::bad_request(format!(
            "原因不超过{MAX_REASON_CHARS}个字"
        )));
    }
    let (row, items) = state
        .db
        .call(move |c| {
            let row = store::record_of(c, kind, id)?;
            let items = match &row {
                Some(r) if action == Action::Deliver || action == Action::Complete => {
                    store::items(c, r.id)?
                }
                _ => Vec::new(),
            };
            Ok((row, items))
        })
        .await?;
    let row = match by {
        Actor::Owner => row.filter(|r| r.user_id == caller.user_id),
        Actor::Admin => row,
    }
    .ok_or_else(|| not_found(kind))?;
    // Checked now so that a refused delivery makes no files; checked again below.
    machine::step(kind, row.status, action, by, reason.as_deref())?;
    let extra = if action == Action::Deliver {
        let products = prepare_products(state, items.clone()).await?;
        let expires = now_secs() + state.config.delivery_link_days * 86_400;
        Extra::Products(products, expires)
    } else {
        Extra::None
    };
    let online_again: Vec<String> = if action == Action::Complete {
        items.iter().map(|i| i.scene_id.clone()).collect()
    } else {
        Vec::new()
    };
    let (row, events) = state
        .db
        .call(move |c| {
            Ok(commit_action(
                c,
                &caller,
                &row,
                action,
                by,
                reason.as_deref(),
                &extra,
                &online_again,
            ))
        })
        .await??;
    if action == Action::Complete {
        state.scenes.changed();
    }
    Ok(ok(detail_of(row, events, Vec::new())))
}

#[allow(clippy::too_many_arguments)] // one transaction's inputs, named at the one call
fn commit_action(
    conn: &mut Connection,
    caller: &Caller,
    row: &RecordRow,
    action: Action,
    by: Actor,
    reason: Option<&str>,
    extra: &Extra,
    online_again: &[String],
) -> Result<(RecordRow, Vec<store::EventRow>), AppError> {
    let kind = row.kind;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let current = store::record_of(&tx, kind, row.id)?.ok_or_else(|| not_found(kind))?;
    let step = machine::step(kind, current.status, action, by, reason)?;
    let now = now_secs();
    let expires = match extra {
        Extra::Products(products, expires) => {
            store::set_products(&tx, products)?;
            Some(*expires)
        }
        Extra::None => None,
    };
    let moved = store::transition(
        &tx,
        &Event {
            order_id: row.id,
            from: Some(step.from),
            to: step.to,
            actor_id: caller.user_id,
            actor: &caller.username,
            note: reason,
            at: now,
        },
        step.needs_reason,
        expires,
    )?;
    if !moved {
        return Err(StepError::WrongStatus {
            noun: kind.noun(),
            label: kind.label(current.status),
        }
        .into());
    }
    if !online_again.is_empty() {
        crate::normal::store::set_online(&tx, online_again)?;
    }
    if by == Actor::Admin {
        let noun = match kind {
            Kind::Order => "order",
            Kind::Request => "request",
        };
        let action_name = serde_json::to_value(action)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        audit::store::record(
            &tx,
            &audit::Entry {
                actor: caller,
                action: &format!("{noun}.{action_name}"),
                target: format!("{noun}:{}", current.code),
                before: Some(json!({"label": kind.label(current.status)})),
                after: Some(json!({
                    "label": kind.label(step.to),
                    "reason": reason,
                    "expiresAt": expires,
                })),
            },
            now,
        )?;
    }
    let after = store::record_of(&tx, kind, row.id)?.ok_or_else(|| not_found(kind))?;
    let events = store::events(&tx, row.id)?;
    tx.commit()?;
    Ok((after, events))
}

/// Finds each item's product in the delivery folder; a demo scene without one
/// is delivered as its generated quick-look (written there now). 409 naming
/// the items whose files are missing.
async fn prepare_products(
    state: &AppState,
    items: Vec<ItemRow>,
) -> Result<Vec<(i64, String)>, AppError> {
    let ids: Vec<String> = items.iter().map(|i| i.scene_id.clone()).collect();
    let scenes = state
        .db
        .call(move |c| crate::normal::store::by_ids(c, &ids))
        .await?;
    let dir = state.config.delivery_path();
    let demo = state.config.demo;
    let draw = state.draw_quicklook;
    crate::api::blocking(move || {
        let mut products = Vec::with_capacity(items.len());
        let mut missing = Vec::new();
        for item in &items {
            if let Some(found) = delivery::existing_product(&dir, item) {
                products.push((item.id, found));
                continue;
            }
            let scene = scenes.iter().find(|s| s.scene_id == item.scene_id);
            let made = scene
                .filter(|_| demo)
                .and_then(|s| Some((crate::normal::quicklook::picture(draw, s)?, s)))
                .and_then(|(png, s)| Some((png, delivery::demo_product(&s.scene_id)?)));
            match made {
                Some((png, path)) => {
                    delivery::write_whole(&dir.join(&path), &png)
                        .map_err(|e| AppError::Internal(e.into()))?;
                    products.push((item.id, path));
                }
                None => missing.push(item.file_name.clone()),
            }
        }
        if missing.is_empty() {
            Ok(products)
        } else {
            Err(AppError::Conflict(format!(
                "以下产品文件不在交付目录中，无法交付：{}",
                some_of(&missing)
            )))
        }
    })
    .await
}

/// The caller cancels their order while it waits for approval.
#[utoipa::path(
    post,
    path = "/api/order/v3/order/{id}/cancel",
    tag = "order",
    params(("id" = i64, Path, description = "Order id")),
    responses(
        (status = 200, description = "The order, 已取消", body = Envelope<RecordDetail>),
        (status = 400, description = "Not an id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
        (status = 404, description = "No such order of the caller's", body = ErrorEnvelope),
        (status = 409, description = "No longer waiting for approval", body = ErrorEnvelope),
    )
)]
pub async fn cancel_order(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<RecordDetail> {
    let note = ActionNote::default();
    act(
        &state,
        caller,
        Kind::Order,
        id,
        Action::Cancel,
        Actor::Owner,
        note,
    )
    .await
}

/// The caller cancels their data request while it waits.
#[utoipa::path(
    post,
    path = "/api/order/v3/request/{id}/cancel",
    tag = "order",
    params(("id" = i64, Path, description = "Request id")),
    responses(
        (status = 200, description = "The request, 已取消", body = Envelope<RecordDetail>),
        (status = 400, description = "Not an id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
        (status = 404, description = "No such request of the caller's", body = ErrorEnvelope),
        (status = 409, description = "No longer waiting", body = ErrorEnvelope),
    )
)]
pub async fn cancel_request(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<RecordDetail> {
    let note = ActionNote::default();
    act(
        &state,
        caller,
        Kind::Request,
        id,
        Action::Cancel,
        Actor::Owner,
        note,
    )
    .await
}

/// Every user's orders, newest first (administrators).
#[utoipa::path(
    get,
    path = "/api/order/v3/manage/order",
    tag = "order",
    params(ListQuery),
    responses(
        (status = 200, description = "A page of all orders", body = Envelope<Page<Record>>),
        (status = 400, description = "Bad paging or date", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn all_orders(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Page<Record>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    list(&state, Kind::Order, q.filter(None)?, paging).await
}

/// Every user's data requests, newest first (administrators).
#[utoipa::path(
    get,
    path = "/api/order/v3/manage/request",
    tag = "order",
    params(ListQuery),
    responses(
        (status = 200, description = "A page of all requests", body = Envelope<Page<Record>>),
        (status = 400, description = "Bad paging or date", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn all_requests(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Page<Record>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    list(&state, Kind::Request, q.filter(None)?, paging).await
}

/// An administrator approves, rejects, starts processing, delivers or withdraws an order.
#[utoipa::path(
    post,
    path = "/api/order/v3/manage/order/{id}/{action}",
    tag = "order",
    params(
        ("id" = i64, Path, description = "Order id"),
        ("action" = inline(Action), Path, description = "approve, reject, process, deliver or withdraw"),
    ),
    request_body = ActionNote,
    responses(
        (status = 200, description = "The order after the action, with its history", body = Envelope<RecordDetail>),
        (status = 400, description = "Not an id, an action orders do not have, or a rejection without a reason", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator, or an owner's action", body = ErrorEnvelope),
        (status = 404, description = "No such order", body = ErrorEnvelope),
        (status = 409, description = "The order is not in a status the action starts from, or its product files are missing", body = ErrorEnvelope),
    )
)]
pub async fn act_on_order(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath((id, action)): ApiPath<(i64, Action)>,
    ApiJson(note): ApiJson<ActionNote>,
) -> ApiResult<RecordDetail> {
    act(&state, caller, Kind::Order, id, action, Actor::Admin, note).await
}

/// An administrator accepts, rejects or completes a data request.
#[utoipa::path(
    post,
    path = "/api/order/v3/manage/request/{id}/{action}",
    tag = "order",
    params(
        ("id" = i64, Path, description = "Request id"),
        ("action" = inline(Action), Path, description = "accept, reject or complete"),
    ),
    request_body = ActionNote,
    responses(
        (status = 200, description = "The request after the action, with its history", body = Envelope<RecordDetail>),
        (status = 400, description = "Not an id, an action requests do not have, or a rejection without a reason", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator, or an owner's action", body = ErrorEnvelope),
        (status = 404, description = "No such request", body = ErrorEnvelope),
        (status = 409, description = "The request is not in a status the action starts from", body = ErrorEnvelope),
    )
)]
pub async fn act_on_request(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath((id, action)): ApiPath<(i64, Action)>,
    ApiJson(note): ApiJson<ActionNote>,
) -> ApiResult<RecordDetail> {
    act(
        &state,
        caller,
        Kind::Request,
        id,
        action,
        Actor::Admin,
        note,
    )
    .await
}

/// Which form of link list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// txt (default), aria2 or sh.
    #[param(inline)]
    format: Option<ListFormat>,
}

/// The download links of a delivered order as a file: one URL a line (txt),
/// an aria2 input file (aria2), or a shell script that resumes with curl (sh).
#[utoipa::path(
    get,
    path = "/api/order/v3/exporturi/{id}",
    tag = "order",
    params(("id" = i64, Path, description = "Order id"), ExportQuery),
    responses(
        (status = 200, description = "The link list, as an attachment", content_type = "text/plain"),
        (status = 400, description = "Not an id, or an unknown format", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_061", body = ErrorEnvelope),
        (status = 404, description = "No such order of the caller's", body = ErrorEnvelope),
        (status = 409, description = "Not delivered, withdrawn, or its links expired", body = ErrorEnvelope),
    )
)]
pub async fn export_uri(
    State(state): State<AppState>,
    caller: Caller,
    Origin(origin): Origin,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(q): ApiQuery<ExportQuery>,
) -> Result<Response, AppError> {
    let format = q.format.unwrap_or(ListFormat::Txt);
    let (row, items) = state
        .db
        .call(move |c| {
            let row = store::record_of(c, Kind::Order, id)?;
            let items = match &row {
                Some(r) => store::items(c, r.id)?,
                None => Vec::new(),
            };
            Ok((row, items))
        })
        .await?;
    let row = visible(Kind::Order, row, &caller)?;
    let Some(expires) = links_live(&row, now_secs()) else {
        return Err(AppError::Conflict(match row.status {
            order::DELIVERED => "下载链接已过期，请联系管理员".into(),
            status => format!(
                "订单当前状态为「{}」，没有可下载的文件",
                Kind::Order.label(status)
            ),
        }));
    };
    let files: Vec<Download> = items
        .iter()
        .filter(|i| i.product_path.is_some())
        .map(|i| Download {
            name: delivery::saved_name(i),
            url: state.delivery.link(&origin, row.id, i.id, expires),
        })
        .collect();
    let until = crate::beijing::minute(expires);
    let header_line = format!(
        "订单 {}：{} 个文件，链接有效期至 {until}（北京时间）",
        row.code,
        files.len()
    );
    let body = delivery::link_list(format, &header_line, &files);
    Ok(crate::api::attachment(
        body.into(),
        "text/plain; charset=utf-8",
        &format!("{}.{}", row.code, format.suffix()),
    ))
}

/// A download link's expiry and signature.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LinkQuery {
    /// When the link stops working, unix seconds.
    expires: i64,
    /// The link's signature.
    sign: String,
}

/// Refusal of a link that was not made by this server.
const BAD_LINK: &str = "下载链接无效";

/// One delivered file, through its signed link (no session needed): with
/// `Range` for resuming, `If-Modified-Since` and `HEAD`.
#[utoipa::path(
    get,
    path = "/api/order/v3/download/{orderId}/{itemId}",
    tag = "order",
    params(
        ("orderId" = i64, Path, description = "Order id"),
        ("itemId" = i64, Path, description = "Item id"),
        LinkQuery,
    ),
    responses(
        (status = 200, description = "The product file", content_type = "application/octet-stream"),
        (status = 206, description = "The asked part of the file", content_type = "application/octet-stream"),
        (status = 400, description = "Malformed ids or link", body = ErrorEnvelope),
        (status = 403, description = "A link not signed by this server, expired, or of a withdrawn order", body = ErrorEnvelope),
        (status = 404, description = "The file is not in the delivery folder", body = ErrorEnvelope),
        (status = 416, description = "A range outside the file", body = ErrorEnvelope),
    )
)]
pub async fn download(
    State(state): State<AppState>,
    ApiPath((order_id, item_id)): ApiPath<(i64, i64)>,
    ApiQuery(q): ApiQuery<LinkQuery>,
    req: Request,
) -> Result<Response, AppError> {
    if q.sign.len() > 64 || !state.delivery.verify(order_id, item_id, q.expires, &q.sign) {
        return Err(AppError::Forbidden(BAD_LINK.into()));
    }
    if q.expires <= now_secs() {
        return Err(AppError::Forbidden("下载链接已过期，请联系管理员".into()));
    }
    let (link, item) = state
        .db
        .call(move |c| {
            Ok((
                store::link_state(c, order_id)?,
                store::item_of(c, order_id, item_id)?,
            ))
        })
        .await?;
    match link {
        Some((order::DELIVERED, Some(expires))) if expires == q.expires => {}
        Some((order::WITHDRAWN, _)) => {
            return Err(AppError::Forbidden("订单已撤回，下载链接已失效".into()));
        }
        _ => return Err(AppError::Forbidden(BAD_LINK.into())),
    }
    let item = item.ok_or_else(|| AppError::Forbidden(BAD_LINK.into()))?;
    let missing = || AppError::NotFound("产品文件不存在，请联系管理员".into());
    let path = item.product_path.as_deref().ok_or_else(missing)?;
    // Stored paths are ours (safe_name'd), but never follow one out of the folder.
    if path.split('/').any(|part| part == ".." || part.is_empty()) {
        return Err(missing());
    }
    let file = state.config.delivery_path().join(path);
    if !tokio::fs::metadata(&file)
        .await
        .map(|m| m.is_file())
        .unwrap_or(false)
    {
        return Err(missing());
    }
    let served = tower_http::services::ServeFile::new(&file)
        .oneshot(req)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    if served.status() == axum::http::StatusCode::RANGE_NOT_SATISFIABLE {
        return Err(AppError::RangeNotSatisfiable);
    }
    let mut response = served.map(Body::new);
    response.headers_mut().insert(
        header::CONTENT_DISPOSITION,
        crate::api::disposition(false, &delivery::saved_name(&item)),
    );
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_id_lists_are_quoted_by_their_first_few() {
        let ids: Vec<String> = (0..10).map(|i| format!("S{i}")).collect();
        assert_eq!(some_of(&ids), "S0、S1、S2 等10景");
        assert_eq!(some_of(&ids[..2]), "S0、S1");
    }

    #[test]
    fn a_state_machine_refusal_maps_to_its_status() {
        let conflict: AppError = StepError::WrongStatus {
            noun: "订单",
            label: "已完成",
        }
        .into();
        assert_eq!(conflict.status(), axum::http::StatusCode::CONFLICT);
        let no_reason: AppError = StepError::NoReason.into();
        assert_eq!(no_reason.status(), axum::http::StatusCode::BAD_REQUEST);
    }
}
