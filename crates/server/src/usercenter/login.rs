//! Logging in and out: captcha, the sealing key, password login, logout.

use std::net::IpAddr;
use std::time::Instant;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::session::{self, Caller};
use super::{captcha, password, store};
use crate::api::{ApiJson, ApiQuery, ApiResult, ClientAddr, ClientIp, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

/// Query of the captcha picture.
#[derive(Debug, Deserialize, IntoParams)]
pub struct CaptchaQuery {
    /// 32 letters or digits made by the page; the login sends it back.
    token: String,
}

/// A fresh captcha picture for the page's token (SVG markup, never cached).
#[utoipa::path(
    get,
    path = "/api/usercenter/captcha",
    tag = "usercenter",
    params(CaptchaQuery),
    responses(
        (status = 200, description = "The captcha picture", content_type = "image/svg+xml", body = String),
        (status = 400, description = "Malformed token", body = ErrorEnvelope),
        (status = 429, description = "Too many captchas pending", body = ErrorEnvelope),
    )
)]
pub async fn captcha(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiQuery(q): ApiQuery<CaptchaQuery>,
) -> Result<Response, AppError> {
    let svg = state.accounts.captcha.issue(&q.token, ip)?;
    let mut res = svg.into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("image/svg+xml; charset=utf-8"),
    );
    res.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(res)
}

/// How the page seals the login password.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicKey {
    /// Always `X25519-HKDF-SHA256-AES256GCM`.
    algorithm: &'static str,
    /// The server's X25519 public key, base64.
    public_key: String,
    /// The HKDF `info` string.
    hkdf_info: &'static str,
}

/// The key login passwords are sealed to (see the README for the format).
#[utoipa::path(
    get,
    path = "/api/usercenter/publickey",
    tag = "usercenter",
    responses((status = 200, description = "The sealing key", body = Envelope<PublicKey>))
)]
pub async fn public_key(State(state): State<AppState>) -> ApiResult<PublicKey> {
    Ok(ok(PublicKey {
        algorithm: "X25519-HKDF-SHA256-AES256GCM",
        public_key: state.accounts.seal.public_base64(),
        // The constant is ASCII, so this cannot fail.
        hkdf_info: std::str::from_utf8(super::seal::HKDF_INFO).unwrap_or_default(),
    }))
}

/// The login form (spec §3).
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginForm {
    /// Username, mobile number or e-mail.
    #[serde(default)]
    username: String,
    /// The password sealed to the server key (base64).
    #[serde(default)]
    password: String,
    /// The captcha answer.
    #[serde(default)]
    captcha: String,
    /// The 32-character token the captcha picture was made for.
    #[serde(default)]
    token: String,
}

/// 429 after repeated failures.
pub(super) const LOCKED: &str = "登录失败次数过多，请15分钟后再试";
/// One message for an unknown name and a wrong password.
pub(super) const BAD_CREDENTIALS: &str = "用户名或密码错误";

/// The first empty field's message (fields in the order the form shows them).
pub(super) fn require_filled(fields: &[(&str, &'static str)]) -> Result<(), AppError> {
    match fields.iter().find(|(value, _)| value.trim().is_empty()) {
        Some((_, message)) => Err(AppError::bad_request(*message)),
        None => Ok(()),
    }
}

/// Checks a captcha answer for its token (consuming it).
pub(super) fn check_captcha(state: &AppState, token: &str, answer: &str) -> Result<(), AppError> {
    captcha::check_token(token)?;
    if state.accounts.captcha.check(token, answer)? {
        Ok(())
    } else {
        Err(AppError::bad_request("验证码错误或已过期，请重新输入"))
    }
}

/// One password check under the failed-login limits: refused while the address
/// or the account is locked, counted against both when the password is wrong.
/// The account is counted by its id, so its username, mobile number and e-mail
/// share one count; an unknown name counts against the address only.
pub(super) struct Attempt {
    login: String,
    ip: Option<IpAddr>,
    /// Set for a login (not a password change): the client's address, to
    /// write a wrong password into the account's login history.
    history: Option<Option<String>>,
}

impl Attempt {
    /// Starts an attempt for a login name (username, mobile number or e-mail).
    pub(super) fn start(
        state: &AppState,
        ip: Option<IpAddr>,
        login: &str,
    ) -> Result<Self, AppError> {
        if ip.is_some_and(|ip| state.accounts.by_address.is_locked(&ip, Instant::now())) {
            return Err(AppError::TooManyRequests(LOCKED.into()));
        }
        Ok(Self {
            login: login.to_owned(),
            ip,
            history: None,
        })
    }

    /// Makes a wrong password count in the account's login history, from `address`.
    pub(super) fn in_history(mut self, address: Option<IpAddr>) -> Self {
        self.history = Some(address.map(|a| a.to_string()));
        self
    }

    /// The account when the password matches; otherwise the failure is counted.
    pub(super) async fn authenticate(
        self,
        state: &AppState,
        plain: String,
    ) -> Result<store::LoginRow, AppError> {
        let login = self.login.clone();
        let row = state.db.call(move |c| store::find_login(c, &login)).await?;
        let accounts = &state.accounts;
        let id = row.as_ref().map(|r| r.id);
        if id.is_some_and(|id| accounts.by_account.is_locked(&id, Instant::now())) {
            return Err(AppError::TooManyRequests(LOCKED.into()));
        }
        let stored = row.as_ref().map(|r| r.password_hash.clone());
        let matches = tokio::task::spawn_blocking(move || {
            password::verify_or_dummy(&plain, stored.as_deref())
        })
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
        match row.filter(|_| matches) {
            Some(row) => {
                accounts.by_account.clear(&row.id);
                Ok(row)
            }
            None => {
                if let (Some(id), Some(address)) = (id, self.history.clone()) {
                    record_login(state, id, address, false).await?;
                }
                let now = Instant::now();
                let locked = id.is_some_and(|id| accounts.by_account.record(&id, now))
                    | self
                        .ip
                        .is_some_and(|ip| accounts.by_address.record(&ip, now));
                Err(if locked {
                    AppError::TooManyRequests(LOCKED.into())
                } else {
                    AppError::bad_request(BAD_CREDENTIALS)
                })
            }
        }
    }
}

/// Writes one attempt into an account's login history: `ok` when it opened a session.
async fn record_login(
    state: &AppState,
    user_id: i64,
    address: Option<String>,
    ok: bool,
) -> Result<(), AppError> {
    let at = session::now_secs();
    state
        .db
        .call(move |c| store::insert_login_event(c, user_id, at, address.as_deref(), ok))
        .await?;
    Ok(())
}

/// Logs in: code 0 with the session token, or code 2 when the password must be changed first.
#[utoipa::path(
    post,
    path = "/api/usercenter/userinfo/loginv2",
    tag = "usercenter",
    request_body = LoginForm,
    responses(
        (status = 200, description = "code 0: data is the session token; code 2: the password must be changed (no session)", body = Envelope<Option<String>>),
        (status = 400, description = "Missing field, wrong captcha, wrong name or password", body = ErrorEnvelope),
        (status = 403, description = "Account disabled", body = ErrorEnvelope),
        (status = 429, description = "Locked after repeated failures", body = ErrorEnvelope),
    )
)]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ClientAddr(address): ClientAddr,
    ApiJson(form): ApiJson<LoginForm>,
) -> Result<Response, AppError> {
    let username = form.username.trim().to_owned();
    require_filled(&[
        (&username, "请输入用户名"),
        (&form.password, "请输入密码"),
        (&form.captcha, "请输入验证码"),
    ])?;
    let guard = Attempt::start(&state, ip, &username)?.in_history(address);
    check_captcha(&state, &form.token, &form.captcha)?;
    let plain = super::register::unseal(&state, &form.password, &form.token)?;
    let row = guard.authenticate(&state, plain).await?;
    // The right password on a disabled or flagged account opens no session:
    // the history says "not logged in" for those too.
    let logged_in = row.status == 0 && !row.must_change_password;
    record_login(&state, row.id, address.map(|a| a.to_string()), logged_in).await?;
    if row.status != 0 {
        return Err(AppError::Forbidden("账号已被禁用，请联系管理员".into()));
    }
    if row.must_change_password {
        let body = Envelope {
            code: 2,
            message: "系统升级，请修改密码后重新登录".into(),
            data: None::<String>,
        };
        return Ok(axum::Json(body).into_response());
    }
    let token = session::open(&state, row.id, None).await?;
    Ok(ok(token).into_response())
}

/// Ends the caller's session; answers success even when it had already ended.
#[utoipa::path(
    post,
    path = "/api/usercenter/userinfo/logout", // session::LOGOUT_PATH
    tag = "usercenter",
    responses((status = 200, description = "Logged out", body = Envelope<Option<String>>))
)]
pub async fn logout(
    State(state): State<AppState>,
    caller: Option<Caller>,
) -> ApiResult<Option<String>> {
    if let Some(c) = caller {
        session::close(&state, &c.token).await?;
    }
    Ok(ok(None))
}
