//! Visit counting (`POST /api/statistics-transaction/incr`): the page reports
//! each counted visit by page name and label; we keep a daily count per pair.

mod store;

use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiJson, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

/// The visit-counting routes, public (every visitor is counted).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(incr))
}

/// Longest name or label kept, in characters.
const MAX_LEN: usize = 64;

/// One visit to count.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Visit {
    /// What was visited, e.g. `ALL`, `Login`, `Personal` or a route name: letters, digits, `_`, `-`, `.`.
    #[schema(max_length = 64, example = "ALL")]
    pub name: String,
    /// A human label for it, e.g. `全部`; may be empty.
    #[schema(max_length = 64, example = "全部")]
    pub label: String,
}

impl Visit {
    /// Checks the fields, with the Chinese message for the first problem found.
    fn validate(&self) -> Result<(), AppError> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(AppError::bad_request("访问统计名称(name)不能为空"));
        }
        if name.chars().count() > MAX_LEN || self.label.chars().count() > MAX_LEN {
            return Err(AppError::bad_request("访问统计名称或标签不能超过64个字符"));
        }
        if !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
        {
            return Err(AppError::bad_request(
                "访问统计名称只能包含字母、数字、下划线、连字符和点",
            ));
        }
        Ok(())
    }
}

/// Counts one visit for today (Beijing time).
#[utoipa::path(
    post,
    path = "/api/statistics-transaction/incr",
    tag = "statistics",
    request_body = Visit,
    responses(
        (status = 200, description = "Counted", body = Envelope<Option<String>>),
        (status = 400, description = "Missing or malformed name or label", body = ErrorEnvelope),
    )
)]
async fn incr(
    state: axum::extract::State<AppState>,
    ApiJson(visit): ApiJson<Visit>,
) -> ApiResult<Option<String>> {
    visit.validate()?;
    let day = crate::beijing::iso(crate::beijing::today());
    let (name, label) = (visit.name.trim().to_owned(), visit.label.trim().to_owned());
    state
        .db
        .call(move |c| store::count(c, &day, &name, &label))
        .await?;
    Ok(ok(None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn visit(name: &str, label: &str) -> Visit {
        Visit {
            name: name.into(),
            label: label.into(),
        }
    }

    #[test]
    fn validation_accepts_route_names_and_refuses_the_rest() {
        assert!(visit("ALL", "全部").validate().is_ok());
        assert!(visit("chineseSatellite.gf1", "").validate().is_ok());
        for bad in [
            visit("  ", "x"),
            visit("a b", "x"),
            visit("名字", "x"),
            visit(&"a".repeat(65), ""),
            visit("ok", &"字".repeat(65)),
        ] {
            let err = bad.validate().expect_err("refused");
            assert_eq!(err.status(), axum::http::StatusCode::BAD_REQUEST);
        }
    }
}
