//! The audit log of administrative changes (`GET /api/usercenter/audit`): who
//! changed what, when, and what it was before and after. Administration
//! handlers write an [`Entry`] with [`store::record`] inside the transaction of
//! the change itself, so a change and its audit row land together or not at all.

pub mod store;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiQuery, ApiResult, Envelope, Page, Paging, ok};
use crate::error::ErrorEnvelope;
use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::session::Caller;

/// The audit routes: administrators only.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(audit_log))
        .route_layer(Require::admin())
}

/// One administrative change about to be recorded.
#[derive(Debug)]
pub struct Entry<'a> {
    /// The administrator who made it.
    pub actor: &'a Caller,
    /// What was done, e.g. `user.disable`, `order.approve`.
    pub action: &'a str,
    /// What it was done to, e.g. `user:12`, `order:DD20261126000001`.
    pub target: String,
    /// The state before (JSON), when there was one.
    pub before: Option<serde_json::Value>,
    /// The state after (JSON), when there is one.
    pub after: Option<serde_json::Value>,
}

/// One recorded change.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditRow {
    /// Row id.
    pub id: i64,
    /// When, unix seconds.
    pub at: i64,
    /// The administrator's id.
    pub actor_id: i64,
    /// The administrator's name at the time.
    pub actor: String,
    /// What was done, e.g. `user.disable`.
    pub action: String,
    /// What it was done to, e.g. `user:12`.
    pub target: String,
    /// The state before, when there was one.
    pub before: Option<serde_json::Value>,
    /// The state after, when there is one.
    pub after: Option<serde_json::Value>,
}

/// Filters of the audit log.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// Only actions starting with this, e.g. `user.` or `order.approve`.
    action: Option<String>,
    /// Only changes to this target, e.g. `user:12`.
    target: Option<String>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// The audit log, newest first.
#[utoipa::path(
    get,
    path = "/api/usercenter/audit",
    tag = "usercenter",
    params(AuditQuery),
    responses(
        (status = 200, description = "A page of the log, newest first", body = Envelope<Page<AuditRow>>),
        (status = 400, description = "Bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
async fn audit_log(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<AuditQuery>,
) -> ApiResult<Page<AuditRow>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    let (rows, total) = state
        .db
        .call(move |c| store::page(c, q.action.as_deref(), q.target.as_deref(), paging))
        .await?;
    Ok(ok(paging.page(rows, total)))
}
