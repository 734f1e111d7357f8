//! The logged-in user's own data: their login history, and a new mobile
//! number or e-mail proved by a code sent to the new address.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::session::Caller;
use super::store;
use super::verify::{self, Channel};
use crate::api::{ApiJson, ApiQuery, ApiResult, Envelope, Page, PageQuery, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

/// One login attempt.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginEvent {
    /// Row id.
    id: i64,
    /// When, unix seconds.
    at: i64,
    /// The client's address, when known.
    address: Option<String>,
    /// Logged in; false for a wrong password, or the right one on a disabled
    /// account or one that must change its password first.
    ok: bool,
}

/// The caller's login attempts, newest first.
#[utoipa::path(
    get,
    path = "/api/usercenter/loginhistory",
    tag = "usercenter",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of attempts, newest first", body = Envelope<Page<LoginEvent>>),
        (status = 400, description = "Bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub async fn login_history(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Page<LoginEvent>> {
    let paging = q.paging()?;
    let user = caller.user_id;
    let (rows, total) = state
        .db
        .call(move |c| store::login_events(c, user, paging))
        .await?;
    let list = rows
        .into_iter()
        .map(|r| LoginEvent {
            id: r.id,
            at: r.at,
            address: r.address,
            ok: r.ok,
        })
        .collect();
    Ok(ok(paging.page(list, total)))
}

/// A new mobile number with the code sent to it (purpose `change`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewTelephone {
    /// The new mainland mobile number.
    #[serde(default)]
    telephone: String,
    /// The six-digit code sent to it.
    #[serde(default)]
    code: String,
}

/// A new e-mail with the code sent to it (purpose `change`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewEmail {
    /// The new e-mail address.
    #[serde(default)]
    email: String,
    /// The six-digit code sent to it.
    #[serde(default)]
    code: String,
}

/// Binds the caller's account to a new address once its code checks out.
/// Everything that could refuse it is checked before the code is used up.
async fn change_contact(
    state: &AppState,
    caller: &Caller,
    channel: Channel,
    address: &str,
    code: &str,
) -> Result<(), AppError> {
    let address = address.trim().to_owned();
    channel.validate(&address)?;
    super::login::require_filled(&[(code, "请输入验证码")])?;
    let column = channel.column();
    let lookup = address.clone();
    let holder = state
        .db
        .call(move |c| store::username_by(c, column, &lookup))
        .await?;
    match holder {
        Some(name) if name.eq_ignore_ascii_case(&caller.username) => {
            return Err(AppError::bad_request(match channel {
                Channel::Telephone => "新手机号与当前手机号相同",
                Channel::Email => "新邮箱与当前邮箱相同",
            }));
        }
        Some(_) => return Err(AppError::Conflict(channel.taken_message().into())),
        None => {}
    }
    verify::consume(&state.db, channel, &address, code).await?;
    let user = caller.user_id;
    state
        .db
        .call(move |c| Ok(store::set_contact(c, user, column, &address)))
        .await?
        .map_err(|e| {
            // Taken by another account between the check and now.
            if crate::db::is_unique_violation(&e) {
                AppError::Conflict(channel.taken_message().into())
            } else {
                AppError::Internal(e.into())
            }
        })
}

/// Changes the caller's mobile number, proved by a code sent to the new one.
#[utoipa::path(
    put,
    path = "/api/usercenter/telephone",
    tag = "usercenter",
    request_body = NewTelephone,
    responses(
        (status = 200, description = "Changed", body = Envelope<Option<String>>),
        (status = 400, description = "Not a mobile number, the current one, or a wrong code", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 409, description = "Another account has the number", body = ErrorEnvelope),
    )
)]
pub async fn change_telephone(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(form): ApiJson<NewTelephone>,
) -> ApiResult<Option<String>> {
    change_contact(
        &state,
        &caller,
        Channel::Telephone,
        &form.telephone,
        &form.code,
    )
    .await?;
    Ok(ok(None))
}

/// Changes the caller's e-mail, proved by a code sent to the new one.
#[utoipa::path(
    put,
    path = "/api/usercenter/email",
    tag = "usercenter",
    request_body = NewEmail,
    responses(
        (status = 200, description = "Changed", body = Envelope<Option<String>>),
        (status = 400, description = "Not an e-mail address, the current one, or a wrong code", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 409, description = "Another account has the address", body = ErrorEnvelope),
    )
)]
pub async fn change_email(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(form): ApiJson<NewEmail>,
) -> ApiResult<Option<String>> {
    change_contact(&state, &caller, Channel::Email, &form.email, &form.code).await?;
    Ok(ok(None))
}
