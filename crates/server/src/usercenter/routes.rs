//! Handlers of `/api/usercenter/...`.

use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::session::{self, Caller};
use super::{captcha, guard, password, store};
use crate::api::{ApiJson, ApiPath, ApiQuery, ApiResult, Envelope, ok};
use crate::error::AppError;
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
        (status = 400, description = "Malformed token", body = Envelope<Option<String>>),
        (status = 429, description = "Too many captchas pending", body = Envelope<Option<String>>),
    )
)]
pub async fn captcha(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<CaptchaQuery>,
) -> Result<Response, AppError> {
    let svg = state.accounts.captcha.issue(&q.token)?;
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

/// The client's address, when the server knows it (not in router-only tests).
pub struct ClientIp(Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}

const LOCKED: &str = "登录失败次数过多，请15分钟后再试";
const BAD_CREDENTIALS: &str = "用户名或密码错误";

/// Logs in: code 0 with the session token, or code 2 when the password must be changed first.
#[utoipa::path(
    post,
    path = "/api/usercenter/userinfo/loginv2",
    tag = "usercenter",
    request_body = LoginForm,
    responses(
        (status = 200, description = "code 0: data is the session token; code 2: the password must be changed (no session)", body = Envelope<Option<String>>),
        (status = 400, description = "Missing field, wrong captcha, wrong name or password", body = Envelope<Option<String>>),
        (status = 403, description = "Account disabled", body = Envelope<Option<String>>),
        (status = 429, description = "Locked after repeated failures", body = Envelope<Option<String>>),
    )
)]
pub async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(form): ApiJson<LoginForm>,
) -> Result<Response, AppError> {
    let username = form.username.trim().to_owned();
    for (value, message) in [
        (&username, "请输入用户名"),
        (&form.password, "请输入密码"),
        (&form.captcha, "请输入验证码"),
    ] {
        if value.trim().is_empty() {
            return Err(AppError::bad_request(message));
        }
    }
    captcha::check_token(&form.token)?;
    let accounts = &state.accounts;
    let account_key = username.to_lowercase();
    let now = Instant::now();
    if accounts.by_account.is_locked(&account_key, now)
        || ip.is_some_and(|ip| accounts.by_address.is_locked(&ip, now))
    {
        return Err(AppError::TooManyRequests(LOCKED.into()));
    }
    if !accounts.captcha.check(&form.token, &form.captcha)? {
        return Err(AppError::bad_request("验证码错误或已过期，请重新输入"));
    }
    let plain = accounts
        .seal
        .open(&form.password, &form.token)
        .map_err(|_| AppError::bad_request("密码加密数据无效，请刷新页面后重试"))?;
    let login = username.clone();
    let row = state.db.call(move |c| store::find_login(c, &login)).await?;
    let stored = row.as_ref().map(|r| r.password_hash.clone());
    let matches =
        tokio::task::spawn_blocking(move || password::verify_or_dummy(&plain, stored.as_deref()))
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
    let Some(row) = row.filter(|_| matches) else {
        let locked = accounts.by_account.fail(&account_key, now)
            | ip.is_some_and(|ip| accounts.by_address.fail(&ip, now));
        return Err(if locked {
            AppError::TooManyRequests(LOCKED.into())
        } else {
            AppError::bad_request(BAD_CREDENTIALS)
        });
    };
    if row.status != 0 {
        return Err(AppError::Forbidden("账号已被禁用，请联系管理员".into()));
    }
    accounts.by_account.clear(&account_key);
    if row.must_change_password {
        let body = Envelope {
            code: 2,
            message: "系统升级，请修改密码后重新登录".into(),
            data: None::<String>,
        };
        return Ok(axum::Json(body).into_response());
    }
    let token = session::open(&state, row.id, false).await?;
    Ok(ok(token).into_response())
}

/// Ends the caller's session; answers success even when it had already ended.
#[utoipa::path(
    post,
    path = "/api/usercenter/userinfo/logout",
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
        (status = 401, description = "Not logged in or session expired", body = Envelope<Option<String>>),
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

/// A user's active, not-deleted area ranges; a user may read only their own.
#[utoipa::path(
    get,
    path = "/api/usercenter/arearange/userid/{userId}/{deleted}",
    tag = "usercenter",
    params(
        ("userId" = i64, Path, description = "The user; must be the caller"),
        ("deleted" = i64, Path, description = "0: ranges not deleted (the only value supported)"),
    ),
    responses(
        (status = 200, description = "The ranges", body = Envelope<Vec<AreaRange>>),
        (status = 401, description = "Not logged in", body = Envelope<Option<String>>),
        (status = 403, description = "Another user's ranges", body = Envelope<Option<String>>),
    )
)]
pub async fn area_ranges(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath((user_id, deleted)): ApiPath<(i64, i64)>,
) -> ApiResult<Vec<AreaRange>> {
    if user_id != caller.user_id {
        return Err(AppError::Forbidden(guard::NO_PERMISSION.into()));
    }
    if deleted != 0 {
        return Err(AppError::bad_request(
            "仅支持查询未删除的权限范围（参数 0）",
        ));
    }
    let rows = state
        .db
        .call(move |c| store::area_ranges(c, user_id))
        .await?;
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
