//! New passwords: forgotten (proved by a code sent to the account's mobile
//! number or e-mail) or changed with the old one (also how an account flagged
//! for the system upgrade, login code 2, gets its new password).

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::admin::{self, AdminError};
use super::login::{Attempt, BAD_CREDENTIALS, check_captcha, require_filled};
use super::register::unseal;
use super::verify::{self, Channel};
use super::{password, store};
use crate::api::{ApiJson, ApiResult, ClientIp, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

/// Sets a password by username, mapping rule errors to 400.
async fn set_password(
    state: &AppState,
    username: String,
    new_password: String,
) -> Result<(), AppError> {
    state
        .db
        .call(move |c| Ok(admin::set_password(c, &username, &new_password)))
        .await?
        .map_err(|e| match e {
            AdminError::Rule(message) => AppError::bad_request(message),
            AdminError::NoUser(_) => AppError::bad_request(BAD_CREDENTIALS),
            other => AppError::Internal(other.into()),
        })
}

/// A forgotten password, proved by a verification code.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotForm {
    /// Where the code was sent.
    channel: Channel,
    /// The account's mobile number or e-mail.
    #[serde(default)]
    address: String,
    /// The six-digit code.
    #[serde(default)]
    code: String,
    /// The new password, sealed with `token` as associated data.
    #[serde(default)]
    password: String,
    /// 32 letters or digits made by the page for sealing.
    #[serde(default)]
    token: String,
}

/// Sets a new password for the account with this mobile number or e-mail and ends its sessions.
#[utoipa::path(
    post,
    path = "/api/usercenter/forgetpwd",
    tag = "usercenter",
    request_body = ForgotForm,
    responses(
        (status = 200, description = "Password set; log in with it", body = Envelope<Option<String>>),
        (status = 400, description = "Wrong code or a broken rule", body = ErrorEnvelope),
    )
)]
pub async fn forget_password(
    State(state): State<AppState>,
    ApiJson(form): ApiJson<ForgotForm>,
) -> ApiResult<Option<String>> {
    let address = form.address.trim().to_owned();
    form.channel.validate(&address)?;
    let plain = unseal(&state, &form.password, &form.token)?;
    password::validate(&plain)?;
    verify::consume(&state.db, form.channel, &address, &form.code).await?;
    // By the channel's own column only: a username may look like a phone number.
    let column = form.channel.column();
    let username = state
        .db
        .call(move |c| store::username_by(c, column, &address))
        .await?;
    let username =
        username.ok_or_else(|| AppError::bad_request("验证码错误或已失效，请重新获取"))?;
    set_password(&state, username, plain).await?;
    Ok(ok(None))
}

/// A password change with the old password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeForm {
    /// Username, mobile number or e-mail.
    #[serde(default)]
    username: String,
    /// The current password, sealed with `token` as associated data.
    #[serde(default)]
    old_password: String,
    /// The new password, sealed the same way.
    #[serde(default)]
    password: String,
    /// The captcha answer.
    #[serde(default)]
    captcha: String,
    /// The captcha token; also the associated data of both sealed passwords.
    #[serde(default)]
    token: String,
}

/// Changes a password given the old one; counts failures like login does.
#[utoipa::path(
    put,
    path = "/api/usercenter/password",
    tag = "usercenter",
    request_body = ChangeForm,
    responses(
        (status = 200, description = "Changed; every session of the account ended", body = Envelope<Option<String>>),
        (status = 400, description = "Wrong captcha, wrong old password or a broken rule", body = ErrorEnvelope),
        (status = 429, description = "Locked after repeated failures", body = ErrorEnvelope),
    )
)]
pub async fn change_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(form): ApiJson<ChangeForm>,
) -> ApiResult<Option<String>> {
    let login = form.username.trim().to_owned();
    require_filled(&[
        (&login, "请输入用户名"),
        (&form.old_password, "请输入原密码"),
        (&form.password, "请输入新密码"),
        (&form.captcha, "请输入验证码"),
    ])?;
    let attempt = Attempt::start(&state, ip, &login)?;
    let old = unseal(&state, &form.old_password, &form.token)?;
    let new = unseal(&state, &form.password, &form.token)?;
    check_captcha(&state, &form.token, &form.captcha)?;
    password::validate(&new)?;
    if new == old {
        return Err(AppError::bad_request("新密码不能与原密码相同"));
    }
    let row = attempt.authenticate(&state, old).await?;
    set_password(&state, row.username, new).await?;
    Ok(ok(None))
}
