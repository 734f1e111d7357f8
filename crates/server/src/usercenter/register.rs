//! Registration: live checks of a chosen username, mobile number or e-mail,
//! verification codes, and creating the account.

use std::net::IpAddr;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::admin::{self, AdminError, NewUser};
use super::login::{check_captcha, require_filled};
use super::verify::{self, Channel, Purpose};
use super::{captcha, password, ratelimit, rules, store};
use crate::api::{ApiJson, ApiPath, ApiResult, ClientIp, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

/// Counts a request that tells whether an account exists against the client's
/// address: 429 once the address has used up its lookups, so nobody can walk a
/// list of names, numbers or e-mails.
fn admit_lookup(state: &AppState, ip: Option<IpAddr>) -> Result<(), AppError> {
    state.accounts.lookups.admit_client(ip, ratelimit::TOO_MANY)
}

/// Is any account using this value in this column?
async fn taken(state: &AppState, column: &'static str, value: String) -> Result<bool, AppError> {
    Ok(state
        .db
        .call(move |c| store::username_by(c, column, &value))
        .await?
        .is_some())
}

/// A well-formed address that no account uses yet.
async fn ensure_free(state: &AppState, channel: Channel, address: String) -> Result<(), AppError> {
    channel.validate(&address)?;
    if taken(state, channel.column(), address).await? {
        return Err(AppError::Conflict(channel.taken_message().into()));
    }
    Ok(())
}

/// 0 when the username can be registered; 400 with the rule or 409 when taken.
#[utoipa::path(
    get,
    path = "/api/usercenter/valid/username/{username}",
    tag = "usercenter",
    params(("username" = String, Path, description = "The name to check")),
    responses(
        (status = 200, description = "Free to use", body = Envelope<Option<String>>),
        (status = 400, description = "Breaks the username rule", body = ErrorEnvelope),
        (status = 409, description = "Already registered", body = ErrorEnvelope),
        (status = 429, description = "Too many lookups from this address", body = ErrorEnvelope),
    )
)]
pub async fn valid_username(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(name): ApiPath<String>,
) -> ApiResult<Option<String>> {
    admit_lookup(&state, ip)?;
    rules::username(&name)?;
    if taken(&state, "username", name).await? {
        return Err(AppError::Conflict("用户名已被注册".into()));
    }
    Ok(ok(None))
}

/// 0 when the e-mail can be registered; 400 with the rule or 409 when taken.
#[utoipa::path(
    get,
    path = "/api/usercenter/valid/email/{email}",
    tag = "usercenter",
    params(("email" = String, Path, description = "The address to check")),
    responses(
        (status = 200, description = "Free to use", body = Envelope<Option<String>>),
        (status = 400, description = "Not an e-mail address", body = ErrorEnvelope),
        (status = 409, description = "Already registered", body = ErrorEnvelope),
        (status = 429, description = "Too many lookups from this address", body = ErrorEnvelope),
    )
)]
pub async fn valid_email(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(email): ApiPath<String>,
) -> ApiResult<Option<String>> {
    admit_lookup(&state, ip)?;
    ensure_free(&state, Channel::Email, email).await?;
    Ok(ok(None))
}

/// 0 when the mobile number can be registered; 400 with the rule or 409 when taken.
#[utoipa::path(
    get,
    path = "/api/usercenter/valid/telephone/{telephone}",
    tag = "usercenter",
    params(("telephone" = String, Path, description = "The mobile number to check")),
    responses(
        (status = 200, description = "Free to use", body = Envelope<Option<String>>),
        (status = 400, description = "Not a mainland mobile number", body = ErrorEnvelope),
        (status = 409, description = "Already registered", body = ErrorEnvelope),
        (status = 429, description = "Too many lookups from this address", body = ErrorEnvelope),
    )
)]
pub async fn valid_telephone(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(number): ApiPath<String>,
) -> ApiResult<Option<String>> {
    admit_lookup(&state, ip)?;
    ensure_free(&state, Channel::Telephone, number).await?;
    Ok(ok(None))
}

/// A request for a verification code; the picture captcha keeps robots from
/// sending codes to strangers.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SendCode {
    /// `register`, `reset` or `change` (a new address for the logged-in account).
    purpose: Purpose,
    /// The captcha answer.
    #[serde(default)]
    captcha: String,
    /// The captcha token.
    #[serde(default)]
    token: String,
}

async fn send_code(
    state: &AppState,
    channel: Channel,
    address: &str,
    form: &SendCode,
) -> Result<(), AppError> {
    channel.validate(address)?;
    require_filled(&[(&form.captcha, "请输入验证码")])?;
    check_captcha(state, &form.token, &form.captcha)?;
    let exists = taken(state, channel.column(), address.to_owned()).await?;
    match form.purpose {
        Purpose::Register | Purpose::Change if exists => {
            Err(AppError::Conflict(channel.taken_message().into()))
        }
        // Say nothing about unknown addresses on reset: the answer must not reveal who has an account.
        Purpose::Reset if !exists => Ok(()),
        _ => verify::send(&state.db, &state.accounts, channel, address, form.purpose).await,
    }
}

/// Sends a six-digit code by text message.
#[utoipa::path(
    post,
    path = "/api/usercenter/send/telephone/{telephone}",
    tag = "usercenter",
    params(("telephone" = String, Path, description = "Mainland mobile number")),
    request_body = SendCode,
    responses(
        (status = 200, description = "Sent (on reset: sent if the number has an account)", body = Envelope<Option<String>>),
        (status = 400, description = "Bad number or captcha", body = ErrorEnvelope),
        (status = 409, description = "Registering, or changing to, a number that is taken", body = ErrorEnvelope),
        (status = 429, description = "Asked again within 60 s, or too many lookups from this address", body = ErrorEnvelope),
    )
)]
pub async fn send_telephone(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(number): ApiPath<String>,
    ApiJson(form): ApiJson<SendCode>,
) -> ApiResult<Option<String>> {
    admit_lookup(&state, ip)?;
    send_code(&state, Channel::Telephone, &number, &form).await?;
    Ok(ok(None))
}

/// Sends a six-digit code by e-mail.
#[utoipa::path(
    post,
    path = "/api/usercenter/send/email/{email}",
    tag = "usercenter",
    params(("email" = String, Path, description = "E-mail address")),
    request_body = SendCode,
    responses(
        (status = 200, description = "Sent (on reset: sent if the address has an account)", body = Envelope<Option<String>>),
        (status = 400, description = "Bad address or captcha", body = ErrorEnvelope),
        (status = 409, description = "Registering, or changing to, an address that is taken", body = ErrorEnvelope),
        (status = 429, description = "Asked again within 60 s, or too many lookups from this address", body = ErrorEnvelope),
        (status = 503, description = "No mail server configured, or it failed", body = ErrorEnvelope),
    )
)]
pub async fn send_email(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(email): ApiPath<String>,
    ApiJson(form): ApiJson<SendCode>,
) -> ApiResult<Option<String>> {
    admit_lookup(&state, ip)?;
    send_code(&state, Channel::Email, &email, &form).await?;
    Ok(ok(None))
}

/// A new account.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterForm {
    /// 4–20 letters, digits or underscores.
    #[serde(default)]
    username: String,
    /// The password sealed to the server key with `token` as associated data.
    #[serde(default)]
    password: String,
    /// 32 letters or digits made by the page for sealing.
    #[serde(default)]
    token: String,
    /// Mobile number; required when `channel` is `telephone`.
    telephone: Option<String>,
    /// E-mail; required when `channel` is `email`.
    email: Option<String>,
    /// Which address the `code` was sent to.
    channel: Channel,
    /// The six-digit verification code.
    #[serde(default)]
    code: String,
}

/// The account just made.
#[derive(Debug, Serialize, ToSchema)]
pub struct Registered {
    /// User id.
    id: i64,
    /// Login name.
    username: String,
}

/// Opens a sealed password from a form, with the form's token as associated data.
pub(super) fn unseal(state: &AppState, sealed: &str, token: &str) -> Result<String, AppError> {
    captcha::check_token(token)?;
    state
        .accounts
        .seal
        .open(sealed, token)
        .map_err(|_| AppError::bad_request("密码加密数据无效，请刷新页面后重试"))
}

/// Creates an account once the code sent to its mobile number or e-mail checks out.
#[utoipa::path(
    post,
    path = "/api/usercenter/register",
    tag = "usercenter",
    request_body = RegisterForm,
    responses(
        (status = 200, description = "Registered; log in next", body = Envelope<Registered>),
        (status = 400, description = "A rule is broken or the code is wrong", body = ErrorEnvelope),
        (status = 409, description = "Username, number or e-mail taken", body = ErrorEnvelope),
        (status = 429, description = "Too many lookups from this address", body = ErrorEnvelope),
    )
)]
pub async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(form): ApiJson<RegisterForm>,
) -> ApiResult<Registered> {
    admit_lookup(&state, ip)?;
    let username = form.username.trim().to_owned();
    rules::username(&username)?;
    let plain = unseal(&state, &form.password, &form.token)?;
    password::validate(&plain)?;
    let telephone = form
        .telephone
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned);
    let email = form
        .email
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned);
    let verified = match form.channel {
        Channel::Telephone => telephone.clone(),
        Channel::Email => email.clone(),
    }
    .ok_or_else(|| {
        AppError::bad_request(match form.channel {
            Channel::Telephone => "请输入手机号码",
            Channel::Email => "请输入邮箱地址",
        })
    })?;
    form.channel.validate(&verified)?;
    if let Some(t) = &telephone {
        rules::telephone(t)?;
    }
    if let Some(e) = &email {
        rules::email(e)?;
    }
    require_filled(&[(&form.code, "请输入验证码")])?;
    // Everything that could refuse the account is checked before the code is used up.
    if taken(&state, "username", username.clone()).await? {
        return Err(AppError::Conflict("用户名已被注册".into()));
    }
    for (channel, address) in [(Channel::Telephone, &telephone), (Channel::Email, &email)] {
        if let Some(a) = address
            && taken(&state, channel.column(), a.clone()).await?
        {
            return Err(AppError::Conflict(channel.taken_message().into()));
        }
    }
    verify::consume(&state.db, form.channel, &verified, &form.code).await?;
    let name = username.clone();
    let id = state
        .db
        .call(move |c| {
            let new = NewUser {
                username: &name,
                password: &plain,
                telephone: telephone.as_deref(),
                email: email.as_deref(),
                account_type: 0,
                must_change_password: false,
            };
            let tx = c.transaction()?;
            let made = admin::add_user(&tx, &new)
                .and_then(|id| admin::grant(&tx, &name, &["person".into()]).map(|()| id));
            if made.is_ok() {
                tx.commit()?;
            }
            Ok(made)
        })
        .await?
        .map_err(|e| match e {
            // Only a registration racing this one can get here.
            AdminError::Taken { .. } => AppError::Conflict("用户名、手机号或邮箱已被注册".into()),
            AdminError::Rule(message) => AppError::bad_request(message),
            other => AppError::Internal(other.into()),
        })?;
    Ok(ok(Registered { id, username }))
}
