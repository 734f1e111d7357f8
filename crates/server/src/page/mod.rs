//! Editable pages and the FAQ (`/api/page/v1/…`): the platform's
//! introduction, the GEO plan and links, contact details, the software and
//! satellite descriptions, each a rich-text page under a path-like slug that
//! editors change from the console; and the FAQ's entries, searchable.
//! Reading is public; writing is for editors and administrators, audited.

pub mod demo;
pub mod store;

use axum::extract::State;
use rusqlite::TransactionBehavior;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiJson, ApiPath, ApiQuery, ApiResult, Envelope, ok};
use crate::audit;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::session::{Caller, now_secs};
use store::{FaqDraft, FaqRow, PageRow};

/// The page routes: reading is public, writing is for editors.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_page))
        .routes(routes!(get_faq))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(manage_pages))
                .routes(routes!(put_page))
                .routes(routes!(preview))
                .routes(routes!(create_faq))
                .routes(routes!(update_faq, delete_faq))
                .route_layer(Require::editor()),
        )
}

/// 404 for a slug no page has.
pub const NO_PAGE: &str = "页面不存在";
/// 404 for a FAQ entry that is not there.
pub const NO_FAQ: &str = "问题不存在或已删除";
/// Longest slug, characters.
const MAX_SLUG: usize = 64;
/// Longest page title or FAQ question, characters.
const MAX_TITLE: usize = 200;
/// Longest FAQ search text, characters.
const MAX_QUERY: usize = 50;

/// A slug as stored, or the Chinese refusal: segments of letters, digits,
/// `_` and `-` joined by single `/`, at most 64 characters.
pub fn slug(text: &str) -> Result<&str, AppError> {
    let good = !text.is_empty()
        && text.len() <= MAX_SLUG
        && text.split('/').all(|seg| {
            !seg.is_empty()
                && seg
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        });
    good.then_some(text).ok_or_else(|| {
        AppError::bad_request(
            "页面标识无效：应为字母、数字、_ 或 - 组成的路径（以 / 分隔），不超过64个字符",
        )
    })
}

/// One editable page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Page {
    /// Path-like key, e.g. `platformIntro/description`.
    pub slug: String,
    /// Heading.
    pub title: String,
    /// Sanitised HTML.
    pub body: String,
    /// Last changed, `YYYY-MM-DD HH:MM` Beijing time.
    pub updated_at: String,
    /// The editor who changed it last; empty for demo text.
    pub updated_by: String,
    /// Demo text written for this platform.
    pub demo: bool,
}

impl From<PageRow> for Page {
    fn from(r: PageRow) -> Self {
        Self {
            slug: r.slug,
            title: r.title,
            body: r.body,
            updated_at: crate::beijing::minute(r.updated_at),
            updated_by: r.updated_by,
            demo: r.demo,
        }
    }
}

/// A page in the console's list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageSummary {
    /// Path-like key.
    pub slug: String,
    /// Heading.
    pub title: String,
    /// Last changed, `YYYY-MM-DD HH:MM` Beijing time.
    pub updated_at: String,
    /// The editor who changed it last; empty for demo text.
    pub updated_by: String,
    /// Demo text.
    pub demo: bool,
}

/// A page to read.
#[utoipa::path(
    get,
    path = "/api/page/v1/page/{slug}",
    tag = "page",
    params(("slug" = String, Path, description = "The page's slug, `/` percent-encoded, e.g. `platformIntro%2Fdescription`")),
    responses(
        (status = 200, description = "The page", body = Envelope<Page>),
        (status = 400, description = "Not a slug", body = ErrorEnvelope),
        (status = 404, description = "No page has this slug yet", body = ErrorEnvelope),
    )
)]
async fn get_page(
    State(state): State<AppState>,
    ApiPath(wanted): ApiPath<String>,
) -> ApiResult<Page> {
    let key = slug(&wanted)?.to_owned();
    let row = state.db.call(move |c| store::page(c, &key)).await?;
    row.map(|r| ok(r.into()))
        .ok_or_else(|| AppError::NotFound(NO_PAGE.into()))
}

/// Every page that has been written, for the console.
#[utoipa::path(
    get,
    path = "/api/page/v1/manage/page",
    tag = "page",
    responses(
        (status = 200, description = "The pages by slug", body = Envelope<Vec<PageSummary>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
    )
)]
async fn manage_pages(State(state): State<AppState>) -> ApiResult<Vec<PageSummary>> {
    let rows = state.db.call(|c| store::pages(c)).await?;
    Ok(ok(rows
        .into_iter()
        .map(|r| PageSummary {
            slug: r.slug,
            title: r.title,
            updated_at: crate::beijing::minute(r.updated_at),
            updated_by: r.updated_by,
            demo: r.demo,
        })
        .collect()))
}

/// What an editor sends for a page.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PageInput {
    /// Heading, 1–200 characters.
    pub title: String,
    /// HTML; sanitised like a news body, at most 200 KB after that.
    #[serde(default)]
    pub body: String,
}

/// A title as stored, or the Chinese refusal.
fn title(text: &str, what: &str) -> Result<String, AppError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(AppError::bad_request(format!("{what}不能为空")));
    }
    if t.chars().count() > MAX_TITLE {
        return Err(AppError::bad_request(format!(
            "{what}不能超过{MAX_TITLE}个字"
        )));
    }
    Ok(t.to_owned())
}

/// Writes a page whole (creating it), in one transaction with its audit entry.
#[utoipa::path(
    put,
    path = "/api/page/v1/manage/page/{slug}",
    tag = "page",
    params(("slug" = String, Path, description = "The page's slug, `/` percent-encoded")),
    request_body = PageInput,
    responses(
        (status = 200, description = "The page as stored", body = Envelope<Page>),
        (status = 400, description = "What to fix", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
    )
)]
async fn put_page(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(wanted): ApiPath<String>,
    ApiJson(input): ApiJson<PageInput>,
) -> ApiResult<Page> {
    let row = PageRow {
        slug: slug(&wanted)?.to_owned(),
        title: title(&input.title, "标题")?,
        body: crate::html::sanitize_bounded(&input.body, crate::html::MAX_BODY)?,
        updated_at: now_secs(),
        updated_by: caller.username.clone(),
        demo: false,
    };
    let row = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let before = store::page(&tx, &row.slug)?;
            store::put_page(&tx, &row)?;
            audit::store::record(
                &tx,
                &audit::Entry {
                    actor: &caller,
                    action: "page.update",
                    target: format!("page:{}", row.slug),
                    before: before.map(|b| json!({"title": b.title, "bytes": b.body.len()})),
                    after: Some(json!({"title": row.title, "bytes": row.body.len()})),
                },
                row.updated_at,
            )?;
            tx.commit()?;
            Ok(row)
        })
        .await?;
    Ok(ok(row.into()))
}

/// Rich text, as sent or as it would be stored.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
pub struct RichText {
    /// HTML.
    pub html: String,
}

/// Rich text as saving would store it, so the console previews and edits
/// only what readers will see: an editor's pasted HTML never runs in the page.
#[utoipa::path(
    post,
    path = "/api/page/v1/manage/preview",
    tag = "page",
    request_body = RichText,
    responses(
        (status = 200, description = "The sanitised HTML", body = Envelope<RichText>),
        (status = 400, description = "Over 200 KB", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
    )
)]
async fn preview(ApiJson(input): ApiJson<RichText>) -> ApiResult<RichText> {
    let html = crate::html::sanitize_bounded(&input.html, crate::html::MAX_BODY)?;
    Ok(ok(RichText { html }))
}

/// One FAQ entry.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Faq {
    /// Entry id.
    pub id: i64,
    /// The question.
    pub question: String,
    /// The answer, sanitised HTML.
    pub answer: String,
    /// Position, ascending.
    pub sort: i64,
    /// Last changed, `YYYY-MM-DD HH:MM` Beijing time.
    pub updated_at: String,
    /// Demo text.
    pub demo: bool,
}

impl From<FaqRow> for Faq {
    fn from(r: FaqRow) -> Self {
        Self {
            id: r.id,
            question: r.question,
            answer: r.answer,
            sort: r.sort,
            updated_at: crate::beijing::minute(r.updated_at),
            demo: r.demo,
        }
    }
}

/// A FAQ search.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FaqQuery {
    /// Only entries whose question or answer contains this text (up to 50 characters).
    q: Option<String>,
}

/// The FAQ's entries in order, or those a search finds.
#[utoipa::path(
    get,
    path = "/api/page/v1/faq",
    tag = "page",
    params(FaqQuery),
    responses(
        (status = 200, description = "The entries in order", body = Envelope<Vec<Faq>>),
        (status = 400, description = "A search text over 50 characters", body = ErrorEnvelope),
    )
)]
async fn get_faq(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<FaqQuery>,
) -> ApiResult<Vec<Faq>> {
    let text = q.q.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    if text.as_ref().is_some_and(|t| t.chars().count() > MAX_QUERY) {
        return Err(AppError::bad_request(format!(
            "搜索词不能超过{MAX_QUERY}个字"
        )));
    }
    // `<` and `&` are escaped in stored answers; search for the text as stored.
    let stored = text.map(|t| {
        t.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
    });
    let rows = state
        .db
        .call(move |c| store::faq(c, stored.as_deref()))
        .await?;
    Ok(ok(rows.into_iter().map(Into::into).collect()))
}

/// What an editor sends for a FAQ entry.
#[derive(Debug, Deserialize, ToSchema)]
pub struct FaqInput {
    /// The question, 1–200 characters.
    pub question: String,
    /// The answer as HTML, sanitised; at most 200 KB after that.
    pub answer: String,
    /// Position, ascending (default 0; ties in the order written).
    #[serde(default)]
    pub sort: i64,
}

fn faq_draft(input: FaqInput) -> Result<FaqDraft, AppError> {
    let answer = crate::html::sanitize_bounded(&input.answer, crate::html::MAX_BODY)?;
    if crate::html::plain(&answer).trim().is_empty() {
        return Err(AppError::bad_request("回答不能为空"));
    }
    Ok(FaqDraft {
        question: title(&input.question, "问题")?,
        answer,
        sort: input.sort,
    })
}

/// What the audit log keeps of an entry.
fn audited(r: &FaqRow) -> serde_json::Value {
    json!({"question": r.question, "sort": r.sort})
}

/// Runs `apply` on entry `id` in one transaction with its audit entry;
/// `None` when the entry is not there.
async fn change_faq(
    state: &AppState,
    caller: Caller,
    id: Option<i64>,
    action: &'static str,
    apply: impl FnOnce(&rusqlite::Connection, i64) -> rusqlite::Result<Option<i64>> + Send + 'static,
) -> Result<Option<Faq>, AppError> {
    let now = now_secs();
    let changed = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let before = match id {
                Some(id) => match store::faq_entry(&tx, id)? {
                    None => return Ok(None),
                    found => found,
                },
                None => None,
            };
            let Some(id) = apply(&tx, now)? else {
                return Ok(None);
            };
            let after = store::faq_entry(&tx, id)?;
            audit::store::record(
                &tx,
                &audit::Entry {
                    actor: &caller,
                    action,
                    target: format!("faq:{id}"),
                    before: before.as_ref().map(audited),
                    after: after.as_ref().map(audited),
                },
                now,
            )?;
            tx.commit()?;
            Ok(Some(after.or(before)))
        })
        .await?;
    Ok(changed.flatten().map(Into::into))
}

fn no_faq() -> AppError {
    AppError::NotFound(NO_FAQ.into())
}

/// A new FAQ entry.
#[utoipa::path(
    post,
    path = "/api/page/v1/manage/faq",
    tag = "page",
    request_body = FaqInput,
    responses(
        (status = 200, description = "The entry as stored", body = Envelope<Faq>),
        (status = 400, description = "What to fix", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
    )
)]
async fn create_faq(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<FaqInput>,
) -> ApiResult<Faq> {
    let d = faq_draft(input)?;
    change_faq(&state, caller, None, "faq.create", move |c, now| {
        store::add_faq(c, &d, false, now).map(Some)
    })
    .await?
    .map(ok)
    .ok_or_else(no_faq)
}

/// Replaces a FAQ entry.
#[utoipa::path(
    put,
    path = "/api/page/v1/manage/faq/{id}",
    tag = "page",
    params(("id" = i64, Path, description = "Entry id")),
    request_body = FaqInput,
    responses(
        (status = 200, description = "The entry as stored", body = Envelope<Faq>),
        (status = 400, description = "What to fix, or a bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 404, description = "No such entry", body = ErrorEnvelope),
    )
)]
async fn update_faq(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<FaqInput>,
) -> ApiResult<Faq> {
    let d = faq_draft(input)?;
    change_faq(&state, caller, Some(id), "faq.update", move |c, now| {
        Ok(store::update_faq(c, id, &d, now)?.then_some(id))
    })
    .await?
    .map(ok)
    .ok_or_else(no_faq)
}

/// Deletes a FAQ entry.
#[utoipa::path(
    delete,
    path = "/api/page/v1/manage/faq/{id}",
    tag = "page",
    params(("id" = i64, Path, description = "Entry id")),
    responses(
        (status = 200, description = "Deleted", body = Envelope<bool>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 404, description = "No such entry", body = ErrorEnvelope),
    )
)]
async fn delete_faq(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<bool> {
    change_faq(&state, caller, Some(id), "faq.delete", move |c, _| {
        Ok(store::delete_faq(c, id)?.then_some(id))
    })
    .await?
    .map(|_| ok(true))
    .ok_or_else(no_faq)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_path_like_and_bounded() {
        for good in [
            "platformIntro/description",
            "satellite/global/optical/sentinel2",
            "a",
            "x_y-z/1",
        ] {
            assert_eq!(slug(good).expect(good), good);
        }
        for bad in [
            "",
            "/a",
            "a/",
            "a//b",
            "../etc",
            "a b",
            "页面",
            "a.b",
            &"x".repeat(65),
        ] {
            assert!(slug(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_faq_entry_needs_a_question_and_an_answer_with_text() {
        let input = |q: &str, a: &str| FaqInput {
            question: q.into(),
            answer: a.into(),
            sort: 0,
        };
        let d =
            faq_draft(input(" 如何下载？ ", "<p onclick=\"x()\">在订单中下载</p>")).expect("draft");
        assert_eq!(d.question, "如何下载？");
        assert_eq!(d.answer, "<p>在订单中下载</p>");
        assert_eq!(
            faq_draft(input("q", "<script>x</script>"))
                .expect_err("empty")
                .to_string(),
            "回答不能为空"
        );
        assert_eq!(
            faq_draft(input(" ", "a"))
                .expect_err("no question")
                .to_string(),
            "问题不能为空"
        );
    }
}
