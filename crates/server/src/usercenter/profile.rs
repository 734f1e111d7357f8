//! The logged-in user: details and area ranges.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::session::Caller;
use super::{guard, screen, store};
use crate::api::{ApiPath, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

/// A phone number or e-mail with its link.
#[derive(Debug, Serialize, ToSchema)]
pub struct Contact {
    /// The number or address.
    value: String,
    /// `tel:` or `mailto:` link.
    uri: String,
}

/// A push node the user is related to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushNodeInfo {
    /// Node id.
    id: i64,
    /// Node name.
    name: String,
    /// Region the node serves.
    region_id: String,
}

/// Person details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonInfo {
    /// Push nodes the user is related to.
    relate_push_node_info: Vec<PushNodeInfo>,
}

/// The logged-in user (spec §3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    /// User id.
    id: i64,
    /// Login name.
    username: String,
    /// 0 person.
    account_type: i64,
    /// Mobile number.
    telephone: Option<Contact>,
    /// E-mail.
    email: Option<Contact>,
    /// Permission codes.
    permissions: Vec<String>,
    /// Role codes (`admin` shows the administration pages).
    roles: Vec<String>,
    /// Person details.
    person_info: PersonInfo,
    /// The session token of this request.
    token: String,
}

/// The logged-in user's details and permissions.
#[utoipa::path(
    get,
    path = "/api/usercenter/detail",
    tag = "usercenter",
    responses(
        (status = 200, description = "The user", body = Envelope<UserInfo>),
        (status = 401, description = "Not logged in or session expired", body = ErrorEnvelope),
    )
)]
pub async fn detail(State(state): State<AppState>, caller: Caller) -> ApiResult<UserInfo> {
    let id = caller.user_id;
    let (user, nodes) = state
        .db
        .call(move |c| Ok((store::user(c, id)?, store::push_nodes(c, id)?)))
        .await?;
    let user = user.ok_or(AppError::Unauthorized)?;
    Ok(ok(UserInfo {
        id: user.id,
        username: user.username,
        account_type: user.account_type,
        telephone: user.telephone.map(|t| Contact {
            uri: format!("tel:{t}"),
            value: t,
        }),
        email: user.email.map(|e| Contact {
            uri: format!("mailto:{e}"),
            value: e,
        }),
        permissions: caller.permissions.into_iter().collect(),
        roles: caller.roles.into_iter().collect(),
        person_info: PersonInfo {
            relate_push_node_info: nodes
                .into_iter()
                .map(|n| PushNodeInfo {
                    id: n.id,
                    name: n.name,
                    region_id: n.region_id,
                })
                .collect(),
        },
        token: caller.token,
    }))
}

/// One area range (spec §3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaRange {
    /// Range id.
    id: i64,
    /// `regionId` grants the region.
    #[serde(rename = "type")]
    kind: String,
    /// Six-digit region code; 100000 is the whole country.
    region_id: String,
    /// 0 active.
    status: i64,
    /// 0 not deleted.
    is_delete: i64,
}

/// A user's active, not-deleted area ranges (a display screen's session: those
/// its configuration narrows them to); a user may read only their own, an
/// administrator anyone's.
#[utoipa::path(
    get,
    path = "/api/usercenter/arearange/userid/{userId}/{deleted}",
    tag = "usercenter",
    params(
        ("userId" = i64, Path, description = "The user; must be the caller unless an administrator asks"),
        ("deleted" = i64, Path, description = "0: ranges not deleted (the only value supported)"),
    ),
    responses(
        (status = 200, description = "The ranges", body = Envelope<Vec<AreaRange>>),
        (status = 400, description = "Not a user id, or `deleted` other than 0", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Another user's ranges", body = ErrorEnvelope),
    )
)]
pub async fn area_ranges(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath((user_id, deleted)): ApiPath<(i64, i64)>,
) -> ApiResult<Vec<AreaRange>> {
    if user_id != caller.user_id && !caller.is_admin() {
        return Err(AppError::Forbidden(guard::NO_PERMISSION.into()));
    }
    if deleted != 0 {
        return Err(AppError::bad_request(
            "仅支持查询未删除的权限范围（参数 0）",
        ));
    }
    let mut rows = state
        .db
        .call(move |c| store::area_ranges(c, user_id))
        .await?;
    // A screen's narrowing is of its own account's ranges (a screen session
    // holds no role, so it never reads another's).
    if let Some(code) = caller.screen {
        rows = screen::configured(&state.config, code)
            .map(|s| screen::ranges(s, rows))
            .unwrap_or_default();
    }
    Ok(ok(rows
        .into_iter()
        .map(|r| AreaRange {
            id: r.id,
            kind: r.kind,
            region_id: r.region_id,
            status: r.status,
            is_delete: r.is_delete,
        })
        .collect()))
}
