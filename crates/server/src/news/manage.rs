//! The editor's console for news (`/api/news/v3/manage…`, role `editor` or
//! `admin`): every item in any state, create and edit (the body sanitised),
//! publish and withdraw, pin, delete. Every change is written to the audit log
//! in the transaction that makes it.

use axum::extract::State;
use rusqlite::TransactionBehavior;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::store::{self, Draft, ListFilter, NewsRow};
use super::{NOT_FOUND, NewsDetail, NewsSummary, keyword, kind, page_of};
use crate::api::{ApiJson, ApiPath, ApiQuery, ApiResult, Envelope, Page, Paging, ok};
use crate::audit;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::session::{Caller, now_secs};

/// Longest title, characters.
const MAX_TITLE: usize = 200;
/// Longest summary, characters.
const MAX_SUMMARY: usize = 500;
/// Longest author, characters.
const MAX_AUTHOR: usize = 50;
/// Longest cover address, characters.
const MAX_COVER: usize = 500;

/// What an editor sends for an item.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsInput {
    /// 0 notice, 1 industry trend, 5 media, 2 GEO dynamic information, 3 cooperation, 4 organization.
    #[serde(rename = "type")]
    pub kind: u8,
    /// Title, 1–200 characters.
    pub title: String,
    /// Summary for lists, up to 500 characters (default: the body's first 120 characters).
    #[serde(default)]
    pub summary: String,
    /// The body as HTML; scripts, event attributes and addresses other than http(s),
    /// mailto and this server's paths are removed. At most 200 KB after that.
    #[serde(default)]
    pub body: String,
    /// Who wrote it, up to 50 characters.
    #[serde(default)]
    pub author: String,
    /// Cover image: an http(s) address or a path on this server.
    pub cover: Option<String>,
}

/// The draft an input makes, or the Chinese message saying what to fix.
fn draft(input: NewsInput) -> Result<Draft, AppError> {
    let kind = kind(input.kind)?;
    let title = input.title.trim().to_owned();
    if title.is_empty() {
        return Err(AppError::bad_request("标题不能为空"));
    }
    if title.chars().count() > MAX_TITLE {
        return Err(AppError::bad_request(format!(
            "标题不能超过{MAX_TITLE}个字"
        )));
    }
    if input.author.chars().count() > MAX_AUTHOR {
        return Err(AppError::bad_request(format!(
            "作者不能超过{MAX_AUTHOR}个字"
        )));
    }
    let body = crate::html::sanitize_bounded(&input.body, crate::html::MAX_BODY)?;
    let summary = match input.summary.trim() {
        "" => crate::html::plain(&body)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .chars()
            .take(120)
            .collect(),
        given => given.to_owned(),
    };
    if summary.chars().count() > MAX_SUMMARY {
        return Err(AppError::bad_request(format!(
            "摘要不能超过{MAX_SUMMARY}个字"
        )));
    }
    let cover = input
        .cover
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty());
    if let Some(c) = &cover {
        let allowed = (c.starts_with("https://") || c.starts_with("http://") || c.starts_with('/'))
            && !c.starts_with("//")
            && c.chars().count() <= MAX_COVER
            && !c
                .chars()
                .any(|ch| ch.is_whitespace() || ch == '"' || ch == '<');
        if !allowed {
            return Err(AppError::bad_request(
                "封面地址无效：应为 http(s) 地址或本站路径",
            ));
        }
    }
    Ok(Draft {
        kind,
        title,
        summary,
        body,
        author: input.author.trim().to_owned(),
        cover,
    })
}

/// What the audit log keeps of an item.
fn audited(r: &NewsRow) -> serde_json::Value {
    json!({"type": r.kind, "title": r.title, "published": r.published, "pinned": r.pinned})
}

/// Runs `change` on an item in one transaction with its audit entry; 404 when there is none.
async fn change(
    state: &AppState,
    caller: Caller,
    id: i64,
    action: &'static str,
    apply: impl FnOnce(&rusqlite::Connection, i64) -> rusqlite::Result<bool> + Send + 'static,
) -> Result<Option<NewsRow>, AppError> {
    let now = now_secs();
    let row = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let Some(before) = store::get(&tx, id, false)? else {
                return Ok(None);
            };
            apply(&tx, now)?;
            let after = store::get(&tx, id, false)?;
            audit::store::record(
                &tx,
                &audit::Entry {
                    actor: &caller,
                    action,
                    target: format!("news:{id}"),
                    before: Some(audited(&before)),
                    after: after.as_ref().map(audited),
                },
                now,
            )?;
            tx.commit()?;
            Ok(Some(after.unwrap_or(before)))
        })
        .await?;
    Ok(row)
}

/// The editor's list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ManageQuery {
    /// Only this type.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    kind: Option<u8>,
    /// Only published (true) or only unpublished (false) items.
    published: Option<bool>,
    /// Only titles containing this text.
    title: Option<String>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// Every item, drafts too.
#[utoipa::path(
    get,
    path = "/api/news/v3/manage",
    tag = "news",
    params(ManageQuery),
    responses(
        (status = 200, description = "A page of items in any state", body = Envelope<Page<NewsSummary>>),
        (status = 400, description = "A bad id, type or paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
    )
)]
pub async fn manage_news(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ManageQuery>,
) -> ApiResult<Page<NewsSummary>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    let filter = ListFilter {
        kind: q.kind.map(kind).transpose()?,
        published_only: false,
        published: q.published,
        title: keyword(q.title)?,
        search: None,
    };
    page_of(&state, filter, paging).await.map(ok)
}

/// The id of a new item.
#[derive(Debug, Serialize, ToSchema)]
pub struct Created {
    /// The item's id.
    pub id: i64,
}

/// A new item, unpublished.
#[utoipa::path(
    post,
    path = "/api/news/v3/manage",
    tag = "news",
    request_body = NewsInput,
    responses(
        (status = 200, description = "Created, unpublished", body = Envelope<Created>),
        (status = 400, description = "What to fix", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
    )
)]
pub async fn create_news(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<NewsInput>,
) -> ApiResult<Created> {
    let d = draft(input)?;
    let now = now_secs();
    let id = state
        .db
        .call(move |c| {
            let tx = c.transaction()?;
            let id = store::create(&tx, &d, Some(caller.user_id), false, now)?;
            audit::store::record(
                &tx,
                &audit::Entry {
                    actor: &caller,
                    action: "news.create",
                    target: format!("news:{id}"),
                    before: None,
                    after: Some(json!({"type": d.kind, "title": d.title})),
                },
                now,
            )?;
            tx.commit()?;
            Ok(id)
        })
        .await?;
    Ok(ok(Created { id }))
}

/// One item in any state, for editing.
#[utoipa::path(
    get,
    path = "/api/news/v3/manage/{id}",
    tag = "news",
    params(("id" = i64, Path, description = "Item id")),
    responses(
        (status = 200, description = "The item", body = Envelope<NewsDetail>),
        (status = 400, description = "A bad id, type or paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 404, description = "No such item", body = ErrorEnvelope),
    )
)]
pub async fn edited_news(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<NewsDetail> {
    let row = state.db.call(move |c| store::get(c, id, false)).await?;
    row.map(|r| ok(r.into()))
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// Replaces an item's type, title, summary, body, author and cover (its state stays).
#[utoipa::path(
    put,
    path = "/api/news/v3/manage/{id}",
    tag = "news",
    params(("id" = i64, Path, description = "Item id")),
    request_body = NewsInput,
    responses(
        (status = 200, description = "The item as stored", body = Envelope<NewsDetail>),
        (status = 400, description = "What to fix", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 404, description = "No such item", body = ErrorEnvelope),
    )
)]
pub async fn update_news(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<NewsInput>,
) -> ApiResult<NewsDetail> {
    let d = draft(input)?;
    change(&state, caller, id, "news.update", move |c, now| {
        store::update(c, id, &d, now)
    })
    .await?
    .map(|r| ok(r.into()))
    .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// Deletes an item.
#[utoipa::path(
    delete,
    path = "/api/news/v3/manage/{id}",
    tag = "news",
    params(("id" = i64, Path, description = "Item id")),
    responses(
        (status = 200, description = "Deleted", body = Envelope<bool>),
        (status = 400, description = "A bad id, type or paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 404, description = "No such item", body = ErrorEnvelope),
    )
)]
pub async fn delete_news(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<bool> {
    change(&state, caller, id, "news.delete", move |c, _| {
        store::delete(c, id)
    })
    .await?
    .map(|_| ok(true))
    .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// A state to set.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Flag {
    /// The new value.
    pub value: bool,
}

/// Publishes (`value` true) or withdraws an item.
#[utoipa::path(
    put,
    path = "/api/news/v3/manage/{id}/published",
    tag = "news",
    params(("id" = i64, Path, description = "Item id")),
    request_body = Flag,
    responses(
        (status = 200, description = "The item as stored", body = Envelope<NewsDetail>),
        (status = 400, description = "A bad id, type or paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 404, description = "No such item", body = ErrorEnvelope),
    )
)]
pub async fn publish_news(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiJson(flag): ApiJson<Flag>,
) -> ApiResult<NewsDetail> {
    let action = if flag.value {
        "news.publish"
    } else {
        "news.unpublish"
    };
    change(&state, caller, id, action, move |c, now| {
        store::set_published(c, id, flag.value, now)
    })
    .await?
    .map(|r| ok(r.into()))
    .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// Pins (`value` true) or unpins an item.
#[utoipa::path(
    put,
    path = "/api/news/v3/manage/{id}/pinned",
    tag = "news",
    params(("id" = i64, Path, description = "Item id")),
    request_body = Flag,
    responses(
        (status = 200, description = "The item as stored", body = Envelope<NewsDetail>),
        (status = 400, description = "A bad id, type or paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 404, description = "No such item", body = ErrorEnvelope),
    )
)]
pub async fn pin_news(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiJson(flag): ApiJson<Flag>,
) -> ApiResult<NewsDetail> {
    let action = if flag.value { "news.pin" } else { "news.unpin" };
    change(&state, caller, id, action, move |c, now| {
        store::set_pinned(c, id, flag.value, now)
    })
    .await?
    .map(|r| ok(r.into()))
    .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(title: &str, body: &str) -> NewsInput {
        NewsInput {
            kind: 0,
            title: title.into(),
            summary: String::new(),
            body: body.into(),
            author: "编辑部".into(),
            cover: None,
        }
    }

    #[test]
    fn a_draft_is_checked_sanitised_and_summarised() {
        let d = draft(input(
            " 通知 ",
            "<p onclick=\"x()\">第一段<script>alert(1)</script></p>",
        ))
        .expect("draft");
        assert_eq!(d.title, "通知");
        assert_eq!(d.body, "<p>第一段</p>");
        assert_eq!(d.summary, "第一段");
        assert_eq!(
            draft(input("  ", "")).expect_err("empty").to_string(),
            "标题不能为空"
        );
        let long = "标".repeat(201);
        assert!(draft(input(&long, "")).is_err());
        let mut bad = input("t", "");
        bad.kind = 9;
        assert!(
            draft(bad)
                .expect_err("type")
                .to_string()
                .starts_with("新闻类型无效：9")
        );
        for cover in [
            "javascript:alert(1)",
            "//evil.example/x.png",
            "/a b.png",
            "data:image/png;base64,AA",
        ] {
            let mut c = input("t", "");
            c.cover = Some(cover.into());
            assert!(draft(c).is_err(), "{cover}");
        }
        let mut ok_cover = input("t", "");
        ok_cover.cover = Some("/api/news/v3/file/1".into());
        assert!(draft(ok_cover).is_ok());
    }
}
