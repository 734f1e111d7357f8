//! System dictionaries (`GET /api/dict/{code}`): the code lists behind filters
//! and labels, such as order statuses and monitoring stages.

pub mod store;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiPath, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

/// The dictionary routes, public (the pages' option lists).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_dict))
}

/// One entry of a dictionary.
#[derive(Debug, Serialize, ToSchema)]
pub struct DictItem {
    /// The stored value, e.g. `"1"`.
    pub value: String,
    /// The Chinese label shown for it, e.g. `第一季度`.
    pub label: String,
}

/// The entries of one dictionary, in display order.
#[utoipa::path(
    get,
    path = "/api/dict/{code}",
    tag = "dict",
    params(("code" = String, Path, description = "Dictionary code, e.g. ORDER_STATUS")),
    responses(
        (status = 200, description = "The entries in display order", body = Envelope<Vec<DictItem>>),
        (status = 404, description = "No dictionary with this code", body = ErrorEnvelope),
    )
)]
async fn get_dict(
    state: axum::extract::State<AppState>,
    ApiPath(code): ApiPath<String>,
) -> ApiResult<Vec<DictItem>> {
    let wanted = code.clone();
    let items = state.db.call(move |c| store::items(c, &wanted)).await?;
    if items.is_empty() {
        return Err(AppError::NotFound(format!("字典不存在：{code}")));
    }
    Ok(ok(items))
}
