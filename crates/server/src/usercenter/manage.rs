//! Account administration by administrators (`Require::admin()`): the account
//! list, new accounts, disabling and enabling, roles, permissions and area
//! ranges; and the tables the forms choose from (permissions, roles, account
//! types), which any logged-in caller may read. Every change writes its audit
//! row in the change's own transaction ([`audited`]).

use axum::extract::State;
use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};

use super::admin::{self, AdminError, NewUser};
use super::nodetype::{self, AccountType};
use super::session::{Caller, now_secs};
use super::store::{self, AccountFilter};
use super::verify::Channel;
use super::{ADMIN_ROLE, RANGE_TYPE_REGION, perm};
use crate::api::{ApiJson, ApiPath, ApiQuery, ApiResult, Envelope, Page, Paging, ok};
use crate::audit;
use crate::error::{AppError, ErrorEnvelope};
use crate::region::tree;
use crate::state::AppState;

/// 409 when an administrator tries to disable their own account.
pub const CANNOT_DISABLE_SELF: &str = "不能禁用当前登录的管理员账号";
/// 409 when an administrator tries to give up their own administrator role.
pub const CANNOT_DEMOTE_SELF: &str = "不能取消当前登录账号的系统管理员角色";
/// 404 for an account id that does not exist.
pub const NO_ACCOUNT: &str = "账号不存在";
/// 404 for an area range id that does not exist (or is already removed).
pub const NO_RANGE_ROW: &str = "权限范围不存在或已删除";
/// 409 for a region the account already has as a range.
pub const RANGE_HELD: &str = "该行政区已在账号的权限范围内";

/// Whether an account may log in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[repr(u8)]
pub enum AccountStatus {
    /// 正常: may log in.
    Active = 0,
    /// 禁用: may not log in; its sessions end at once.
    Disabled = 1,
}

impl AccountStatus {
    /// The status numbered `n`, or the Chinese refusal naming both.
    pub fn of(n: i64) -> Result<Self, AppError> {
        match n {
            0 => Ok(Self::Active),
            1 => Ok(Self::Disabled),
            _ => Err(AppError::bad_request(format!(
                "账号状态无效：{n}（0 正常，1 禁用）"
            ))),
        }
    }

    fn number(self) -> i64 {
        self as i64
    }
}

/// Refuses a change an administrator must not make to their own account: to
/// disable it, or to take away its administrator role. Either would lock the
/// last administrator out with nobody to let them back in.
pub fn check_not_self(
    caller: &Caller,
    target: i64,
    status: Option<AccountStatus>,
    roles: Option<&[String]>,
) -> Result<(), AppError> {
    if caller.user_id != target {
        return Ok(());
    }
    if status == Some(AccountStatus::Disabled) {
        return Err(AppError::Conflict(CANNOT_DISABLE_SELF.into()));
    }
    if roles.is_some_and(|r| !r.iter().any(|code| code == ADMIN_ROLE)) {
        return Err(AppError::Conflict(CANNOT_DEMOTE_SELF.into()));
    }
    Ok(())
}

/// Codes sorted with duplicates removed, so lists compare and audit the same
/// whatever order the form sent them in.
fn sorted(mut codes: Vec<String>) -> Vec<String> {
    for code in &mut codes {
        *code = code.trim().to_owned();
    }
    codes.sort();
    codes.dedup();
    codes
}

/// Refuses permission codes that are not in the one permission table.
pub fn check_permission_codes(codes: &[String]) -> Result<(), AppError> {
    match codes
        .iter()
        .find(|code| !perm::ALL.iter().any(|p| p.code == code.as_str()))
    {
        Some(unknown) => Err(AppError::bad_request(format!("权限不存在：{unknown}"))),
        None => Ok(()),
    }
}

/// The role ids of role codes, or the Chinese refusal naming an unknown one.
fn role_ids(conn: &Connection, codes: &[String]) -> rusqlite::Result<Result<Vec<i64>, AppError>> {
    let mut ids = Vec::with_capacity(codes.len());
    for code in codes {
        match store::role_id(conn, code)? {
            Some(id) => ids.push(id),
            None => return Ok(Err(AppError::bad_request(format!("角色不存在：{code}")))),
        }
    }
    Ok(Ok(ids))
}

/// A change's answer and, when something changed, what the audit log says about it.
struct Changed<T> {
    answer: T,
    record: Option<Record>,
}

/// The parts of an audit entry a change knows (the actor and time are added here).
struct Record {
    action: &'static str,
    target: String,
    before: Option<Value>,
    after: Option<Value>,
}

fn user_target(id: i64) -> String {
    format!("user:{id}")
}

/// Runs an administrator's change in one transaction with its audit row: the
/// change and its record commit together, and a refusal (the inner `Err`)
/// writes neither.
async fn audited<T, F>(state: &AppState, caller: &Caller, change: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce(&Connection) -> rusqlite::Result<Result<Changed<T>, AppError>> + Send + 'static,
{
    let actor = caller.clone();
    let at = now_secs();
    state
        .db
        .call(move |c| {
            let tx = c.transaction()?;
            let outcome = change(&tx)?;
            if let Ok(changed) = &outcome {
                if let Some(r) = &changed.record {
                    let entry = audit::Entry {
                        actor: &actor,
                        action: r.action,
                        target: r.target.clone(),
                        before: r.before.clone(),
                        after: r.after.clone(),
                    };
                    audit::store::record(&tx, &entry, at)?;
                }
                tx.commit()?;
            }
            Ok(outcome.map(|changed| changed.answer))
        })
        .await?
}

/// Replaces one of an account's lists (its roles, or its own permissions) by
/// `after`, recording it under `field` before and after: an unknown account is
/// a 404, and an unchanged list changes and records nothing.
fn replace_list(
    c: &Connection,
    id: i64,
    action: &'static str,
    field: &'static str,
    after: Vec<String>,
    read: fn(&Connection, i64) -> rusqlite::Result<Vec<String>>,
    write: impl FnOnce(&Connection) -> rusqlite::Result<()>,
) -> rusqlite::Result<Result<Changed<Vec<String>>, AppError>> {
    if store::user_status(c, id)?.is_none() {
        return Ok(Err(AppError::NotFound(NO_ACCOUNT.into())));
    }
    let before = read(c, id)?;
    if before == after {
        return Ok(Ok(Changed {
            answer: after,
            record: None,
        }));
    }
    write(c)?;
    Ok(Ok(Changed {
        record: Some(Record {
            action,
            target: user_target(id),
            before: Some(json!({ field: before })),
            after: Some(json!({ field: after })),
        }),
        answer: after,
    }))
}

/// Filters of the account list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AccountQuery {
    /// Part of the username, mobile number or e-mail.
    keyword: Option<String>,
    /// 0 active, 1 disabled.
    #[param(value_type = Option<AccountStatus>)]
    status: Option<i64>,
    /// Only holders of this role code (`admin`, `monitor`, `person`).
    role: Option<String>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// An area range of an account, with its region's name.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountRange {
    /// Range id (to remove it).
    id: i64,
    /// Six-digit region code; 100000 is the whole country.
    region_id: String,
    /// The region's name, when the boundaries are loaded.
    name: Option<String>,
}

/// One account as administrators see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    /// User id.
    id: i64,
    /// Login name.
    username: String,
    /// Account type (`GET /api/usercenter/nodetype`).
    account_type: i64,
    /// Mobile number.
    telephone: Option<String>,
    /// E-mail.
    email: Option<String>,
    /// 0 active, 1 disabled.
    #[schema(value_type = AccountStatus)]
    status: i64,
    /// Role codes.
    roles: Vec<String>,
    /// Permission codes granted to the account itself (its roles' come on top).
    permissions: Vec<String>,
    /// Active `regionId` area ranges.
    ranges: Vec<AccountRange>,
    /// When it was made (ISO 8601, UTC).
    created_at: String,
    /// Unix seconds of its last successful login.
    last_login_at: Option<i64>,
}

/// A region's name from the boundaries in memory; the country needs no row.
fn region_name(state: &AppState, code: &str) -> Option<String> {
    match state.regions.shape(code) {
        Some(shape) => Some(shape.name.clone()),
        None if code == tree::COUNTRY => Some("全国".to_owned()),
        None => None,
    }
}

fn account_range(state: &AppState, id: i64, region_id: String) -> AccountRange {
    AccountRange {
        id,
        name: region_name(state, &region_id),
        region_id,
    }
}

/// The accounts, filtered and paged, by id.
#[utoipa::path(
    get,
    path = "/api/usercenter/userinfo",
    tag = "usercenter",
    params(AccountQuery),
    responses(
        (status = 200, description = "A page of accounts", body = Envelope<Page<Account>>),
        (status = 400, description = "Bad paging or status", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
    )
)]
pub async fn list_accounts(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<AccountQuery>,
) -> ApiResult<Page<Account>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    let status = q.status.map(AccountStatus::of).transpose()?;
    let filter = AccountFilter {
        keyword: q
            .keyword
            .map(|k| k.trim().to_owned())
            .filter(|k| !k.is_empty()),
        status: status.map(AccountStatus::number),
        role: q.role.filter(|r| !r.is_empty()),
    };
    let (rows, total) = state
        .db
        .call(move |c| store::accounts(c, &filter, paging))
        .await?;
    let list = rows
        .into_iter()
        .map(|r| Account {
            id: r.id,
            username: r.username,
            account_type: r.account_type,
            telephone: r.telephone,
            email: r.email,
            status: r.status,
            roles: r.roles,
            permissions: r.permissions,
            ranges: r
                .ranges
                .into_iter()
                .map(|range| account_range(&state, range.id, range.region_id))
                .collect(),
            created_at: r.created_at,
            last_login_at: r.last_login_at,
        })
        .collect();
    Ok(ok(paging.page(list, total)))
}

/// A new account made by an administrator.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewAccount {
    /// 4–20 letters, digits or underscores.
    #[serde(default)]
    username: String,
    /// The first password, sealed to the server key with `token` as associated data.
    #[serde(default)]
    password: String,
    /// 32 letters or digits made by the page for sealing.
    #[serde(default)]
    token: String,
    /// Mobile number, if any.
    telephone: Option<String>,
    /// E-mail, if any.
    email: Option<String>,
    /// Account type (`GET /api/usercenter/nodetype`).
    #[serde(default)]
    account_type: i64,
    /// Role codes (`GET /api/usercenter/role`).
    #[serde(default)]
    roles: Vec<String>,
    /// Ask for a new password at the first login.
    #[serde(default)]
    must_change_password: bool,
}

/// The account just made.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedAccount {
    /// User id.
    id: i64,
    /// Login name.
    username: String,
}

/// An optional address as typed: trimmed, and empty meaning none.
fn optional(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

/// The refusal of an account rule, in the user's words.
fn refusal(e: AdminError) -> AppError {
    match e {
        AdminError::Rule(message) => AppError::bad_request(message),
        AdminError::Taken { column, .. } => AppError::Conflict(
            match column {
                "telephone" => Channel::Telephone.taken_message(),
                "email" => Channel::Email.taken_message(),
                _ => "用户名已被注册",
            }
            .into(),
        ),
        AdminError::NoUser(_) => AppError::NotFound(NO_ACCOUNT.into()),
        other => AppError::Internal(other.into()),
    }
}

/// Creates an account with its roles (audit `user.create`).
#[utoipa::path(
    post,
    path = "/api/usercenter/userinfo",
    tag = "usercenter",
    request_body = NewAccount,
    responses(
        (status = 200, description = "Created", body = Envelope<CreatedAccount>),
        (status = 400, description = "A rule is broken, or an unknown role or account type", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 409, description = "Username, number or e-mail taken", body = ErrorEnvelope),
    )
)]
pub async fn create_account(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(form): ApiJson<NewAccount>,
) -> ApiResult<CreatedAccount> {
    let username = form.username.trim().to_owned();
    super::rules::username(&username)?;
    let plain = super::register::unseal(&state, &form.password, &form.token)?;
    let telephone = optional(form.telephone);
    let email = optional(form.email);
    let roles = sorted(form.roles);
    let (account_type, must_change) = (form.account_type, form.must_change_password);
    let name = username.clone();
    let id = audited(&state, &caller, move |c| {
        let role_ids = match role_ids(c, &roles)? {
            Ok(ids) => ids,
            Err(e) => return Ok(Err(e)),
        };
        let new = NewUser {
            username: &name,
            password: &plain,
            telephone: telephone.as_deref(),
            email: email.as_deref(),
            account_type,
            must_change_password: must_change,
        };
        let id = match admin::add_user(c, &new) {
            Ok(id) => id,
            Err(AdminError::Db(e)) => return Err(e),
            Err(e) => return Ok(Err(refusal(e))),
        };
        for role in role_ids {
            store::add_user_role(c, id, role)?;
        }
        Ok(Ok(Changed {
            answer: id,
            record: Some(Record {
                action: "user.create",
                target: user_target(id),
                before: None,
                after: Some(json!({
                    "username": name,
                    "accountType": account_type,
                    "telephone": telephone,
                    "email": email,
                    "roles": roles,
                })),
            }),
        }))
    })
    .await?;
    Ok(ok(CreatedAccount { id, username }))
}

/// A new status.
#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusForm {
    /// 0 active, 1 disabled.
    #[schema(value_type = AccountStatus)]
    status: i64,
}

/// Disables or enables an account (audit `user.disable` / `user.enable`);
/// disabling ends its sessions at once. Setting the status it has changes nothing.
#[utoipa::path(
    put,
    path = "/api/usercenter/userinfo/{id}/status",
    tag = "usercenter",
    params(("id" = i64, Path, description = "The account")),
    request_body = StatusForm,
    responses(
        (status = 200, description = "Set", body = Envelope<Option<String>>),
        (status = 400, description = "Not a status", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such account", body = ErrorEnvelope),
        (status = 409, description = "Disabling one's own account", body = ErrorEnvelope),
    )
)]
pub async fn set_status(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiJson(form): ApiJson<StatusForm>,
) -> ApiResult<Option<String>> {
    let status = AccountStatus::of(form.status)?;
    check_not_self(&caller, id, Some(status), None)?;
    audited(&state, &caller, move |c| {
        let Some(before) = store::user_status(c, id)? else {
            return Ok(Err(AppError::NotFound(NO_ACCOUNT.into())));
        };
        if before == status.number() {
            return Ok(Ok(Changed {
                answer: None,
                record: None,
            }));
        }
        store::set_status(c, id, status.number())?;
        if status == AccountStatus::Disabled {
            store::delete_sessions_of(c, id)?;
        }
        let action = match status {
            AccountStatus::Disabled => "user.disable",
            AccountStatus::Active => "user.enable",
        };
        Ok(Ok(Changed {
            answer: None,
            record: Some(Record {
                action,
                target: user_target(id),
                before: Some(json!({ "status": before })),
                after: Some(json!({ "status": status.number() })),
            }),
        }))
    })
    .await
    .map(ok)
}

/// An account's roles, replacing the ones it has.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RolesForm {
    /// Role codes (`GET /api/usercenter/role`).
    roles: Vec<String>,
}

/// Sets an account's roles (audit `user.roles`); takes effect at its next request.
#[utoipa::path(
    put,
    path = "/api/usercenter/userinfo/{id}/roles",
    tag = "usercenter",
    params(("id" = i64, Path, description = "The account")),
    request_body = RolesForm,
    responses(
        (status = 200, description = "The roles now", body = Envelope<Vec<String>>),
        (status = 400, description = "An unknown role", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such account", body = ErrorEnvelope),
        (status = 409, description = "Taking one's own administrator role away", body = ErrorEnvelope),
    )
)]
pub async fn set_roles(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiJson(form): ApiJson<RolesForm>,
) -> ApiResult<Vec<String>> {
    let roles = sorted(form.roles);
    check_not_self(&caller, id, None, Some(&roles))?;
    audited(&state, &caller, move |c| {
        let ids = match role_ids(c, &roles)? {
            Ok(ids) => ids,
            Err(e) => return Ok(Err(e)),
        };
        replace_list(
            c,
            id,
            "user.roles",
            "roles",
            roles,
            store::user_roles,
            |c| store::replace_user_roles(c, id, &ids),
        )
    })
    .await
    .map(ok)
}

/// The permission codes granted to an account itself, replacing the ones it has.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PermissionsForm {
    /// Permission codes (`GET /api/usercenter/permission`).
    #[schema(value_type = Vec<perm::Permission>)]
    codes: Vec<String>,
}

/// Sets the permissions granted to an account itself (audit `user.permissions`);
/// its roles' permissions stay. Takes effect at its next request.
#[utoipa::path(
    put,
    path = "/api/usercenter/userinfo/{id}/permissions",
    tag = "usercenter",
    params(("id" = i64, Path, description = "The account")),
    request_body = PermissionsForm,
    responses(
        (status = 200, description = "The account's own permissions now", body = Envelope<Vec<String>>),
        (status = 400, description = "An unknown permission code", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such account", body = ErrorEnvelope),
    )
)]
pub async fn set_permissions(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiJson(form): ApiJson<PermissionsForm>,
) -> ApiResult<Vec<String>> {
    let codes = sorted(form.codes);
    check_permission_codes(&codes)?;
    let stored = codes.clone();
    audited(&state, &caller, move |c| {
        let read = store::user_own_permissions;
        replace_list(c, id, "user.permissions", "permissions", codes, read, |c| {
            store::replace_user_permissions(c, id, &stored)
        })
    })
    .await
    .map(ok)
}

/// A permission code with its Chinese name.
#[derive(Debug, Serialize, ToSchema)]
pub struct PermissionInfo {
    /// The code, e.g. `MOD_061`.
    #[schema(value_type = perm::Permission)]
    code: &'static str,
    /// Its Chinese name, e.g. `购物车与订单`.
    name: &'static str,
}

/// Every permission code with its Chinese name (the one table, `usercenter::perm`).
#[utoipa::path(
    get,
    path = "/api/usercenter/permission",
    tag = "usercenter",
    responses(
        (status = 200, description = "The codes", body = Envelope<Vec<PermissionInfo>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub async fn permissions() -> ApiResult<Vec<PermissionInfo>> {
    Ok(ok(perm::ALL
        .iter()
        .map(|p| PermissionInfo {
            code: p.code,
            name: p.name,
        })
        .collect()))
}

/// A role with its permissions.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoleInfo {
    /// Role code, e.g. `admin`.
    code: String,
    /// Chinese name, e.g. `系统管理员`.
    name: String,
    /// The permission codes it grants.
    permissions: Vec<String>,
}

/// Every role with the permission codes it grants.
#[utoipa::path(
    get,
    path = "/api/usercenter/role",
    tag = "usercenter",
    responses(
        (status = 200, description = "The roles", body = Envelope<Vec<RoleInfo>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub async fn roles(State(state): State<AppState>) -> ApiResult<Vec<RoleInfo>> {
    let rows = state.db.call(|c| store::roles(c)).await?;
    Ok(ok(rows
        .into_iter()
        .map(|r| RoleInfo {
            code: r.code,
            name: r.name,
            permissions: r.permissions,
        })
        .collect()))
}

/// Every account type (see `usercenter::nodetype` for our reading of them).
#[utoipa::path(
    get,
    path = "/api/usercenter/nodetype",
    tag = "usercenter",
    responses(
        (status = 200, description = "The account types", body = Envelope<Vec<AccountType>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub async fn node_types() -> ApiResult<Vec<AccountType>> {
    Ok(ok(nodetype::ACCOUNT_TYPES.to_vec()))
}

/// A region to add to an account's area ranges.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewRange {
    /// Six-digit region code; 100000 is the whole country.
    #[serde(default)]
    region_id: String,
}

/// Adds a `regionId` area range to an account (audit `user.range.add`).
#[utoipa::path(
    post,
    path = "/api/usercenter/arearange/userid/{userId}",
    tag = "usercenter",
    params(("userId" = i64, Path, description = "The account")),
    request_body = NewRange,
    responses(
        (status = 200, description = "The range added", body = Envelope<AccountRange>),
        (status = 400, description = "No such region", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such account", body = ErrorEnvelope),
        (status = 409, description = "The account has this range already", body = ErrorEnvelope),
    )
)]
pub async fn add_range(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(user_id): ApiPath<i64>,
    ApiJson(form): ApiJson<NewRange>,
) -> ApiResult<AccountRange> {
    let asked = form.region_id.trim().to_owned();
    let code = tree::normalize(&asked)
        .filter(|code| *code == tree::COUNTRY || state.regions.shape(code).is_some())
        .map(str::to_owned)
        .ok_or_else(|| AppError::bad_request(format!("行政区不存在：{asked}")))?;
    let region = code.clone();
    let id = audited(&state, &caller, move |c| {
        if store::user_status(c, user_id)?.is_none() {
            return Ok(Err(AppError::NotFound(NO_ACCOUNT.into())));
        }
        let held = store::area_ranges(c, user_id)?;
        if held
            .iter()
            .any(|r| r.kind == RANGE_TYPE_REGION && r.region_id == region)
        {
            return Ok(Err(AppError::Conflict(RANGE_HELD.into())));
        }
        store::add_area_range(c, user_id, RANGE_TYPE_REGION, &region)?;
        let id = store::area_range_id(c, user_id, RANGE_TYPE_REGION, &region)?
            .ok_or(rusqlite::Error::QueryReturnedNoRows)?;
        Ok(Ok(Changed {
            answer: id,
            record: Some(Record {
                action: "user.range.add",
                target: user_target(user_id),
                before: None,
                after: Some(json!({ "id": id, "regionId": region })),
            }),
        }))
    })
    .await?;
    Ok(ok(account_range(&state, id, code)))
}

/// Removes an area range (audit `user.range.remove`).
#[utoipa::path(
    delete,
    path = "/api/usercenter/arearange/id/{id}",
    tag = "usercenter",
    params(("id" = i64, Path, description = "The range")),
    responses(
        (status = 200, description = "Removed", body = Envelope<Option<String>>),
        (status = 400, description = "Not a range id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an administrator", body = ErrorEnvelope),
        (status = 404, description = "No such range, or removed already", body = ErrorEnvelope),
    )
)]
pub async fn remove_range(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Option<String>> {
    audited(&state, &caller, move |c| {
        let found = store::area_range_by_id(c, id)?.filter(|r| r.range.is_delete == 0);
        let Some(owned) = found else {
            return Ok(Err(AppError::NotFound(NO_RANGE_ROW.into())));
        };
        store::remove_area_range_by_id(c, id)?;
        Ok(Ok(Changed {
            answer: None,
            record: Some(Record {
                action: "user.range.remove",
                target: user_target(owned.user_id),
                before: Some(json!({ "id": id, "regionId": owned.range.region_id })),
                after: None,
            }),
        }))
    })
    .await
    .map(ok)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn admin(id: i64) -> Caller {
        Caller {
            user_id: id,
            username: "admin".into(),
            permissions: BTreeSet::new(),
            regions: vec![],
            roles: [ADMIN_ROLE.to_owned()].into(),
            push_nodes: Vec::new(),
            read_only: false,
            screen: None,
            token: "t".into(),
        }
    }

    #[test]
    fn an_administrator_cannot_disable_or_demote_themself() {
        let me = admin(7);
        let disable = check_not_self(&me, 7, Some(AccountStatus::Disabled), None);
        assert_eq!(disable.expect_err("409").to_string(), CANNOT_DISABLE_SELF);
        let demote = check_not_self(&me, 7, None, Some(&["monitor".to_owned()]));
        assert_eq!(demote.expect_err("409").to_string(), CANNOT_DEMOTE_SELF);
        assert!(check_not_self(&me, 7, Some(AccountStatus::Active), None).is_ok());
        let keeps = ["admin".to_owned(), "monitor".to_owned()];
        assert!(check_not_self(&me, 7, None, Some(&keeps)).is_ok());
        // Others' accounts are the point of administration.
        assert!(check_not_self(&me, 8, Some(AccountStatus::Disabled), Some(&[])).is_ok());
    }

    #[test]
    fn statuses_and_permission_codes_are_checked_against_their_tables() {
        assert_eq!(AccountStatus::of(1).expect("1"), AccountStatus::Disabled);
        assert_eq!(
            AccountStatus::of(2).expect_err("2").to_string(),
            "账号状态无效：2（0 正常，1 禁用）"
        );
        assert!(check_permission_codes(&["MOD_061".into(), "MOD_056_DISPLAY".into()]).is_ok());
        assert_eq!(
            check_permission_codes(&["MOD_061".into(), "MOD_999".into()])
                .expect_err("unknown")
                .to_string(),
            "权限不存在：MOD_999"
        );
    }

    #[test]
    fn code_lists_are_compared_sorted_and_without_repeats() {
        let codes = sorted(vec![" monitor".into(), "admin".into(), "monitor".into()]);
        assert_eq!(codes, ["admin", "monitor"]);
    }
}
