//! Feedback (`/api/feedback…`, spec §7 `feedback` and `feedback/submit`): a
//! user holding MOD_054 tells the platform about data, features or faults and
//! reads the answers to what they sent (only their own); editors and
//! administrators read everything sent and answer it, each answer in the audit
//! log. The rules of what may be sent are in `form.rs`.

mod form;
mod store;

use axum::extract::{DefaultBodyLimit, State};
use rusqlite::TransactionBehavior;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiJson, ApiPath, ApiQuery, ApiResult, Envelope, Page, PageQuery, ok};
use crate::audit;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::perm;
use crate::usercenter::session::{Caller, now_secs};
pub use form::Category;
use form::{MAX_CONTACT, MAX_PER_WINDOW, MAX_TEXT, WINDOW_SECS};
use store::{FeedbackRow, NewFeedback};

/// Largest request body of a submission or an answer, bytes: the longest text
/// written entirely in `\uXXXX` escapes, with room for the other fields.
const MAX_BODY: usize = (MAX_TEXT + MAX_CONTACT) * 6 + 1024;

/// 404 for an answer to a piece that does not exist.
const NOT_FOUND: &str = "反馈不存在";

/// The feedback routes: sending and one's own list need MOD_054, answering needs an editor.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(
            OpenApiRouter::new()
                .routes(routes!(submit_feedback))
                .routes(routes!(my_feedback))
                .route_layer(Require::authority(perm::MOD_054)),
        )
        .merge(
            OpenApiRouter::new()
                .routes(routes!(manage_feedback))
                .routes(routes!(answer_feedback))
                .route_layer(Require::editor()),
        )
        .layer(DefaultBodyLimit::max(MAX_BODY))
}

/// What a user sends.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackInput {
    /// What it is about.
    pub category: Category,
    /// The text, plain, 1–2000 characters.
    pub content: String,
    /// How to reach the sender, up to 100 characters (optional).
    pub contact: Option<String>,
}

/// One piece of feedback as its sender sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Feedback {
    /// Its id.
    pub id: i64,
    /// What it is about.
    pub category: Category,
    /// The text, plain.
    pub content: String,
    /// How to reach the sender ('' when not given).
    pub contact: String,
    /// When it was sent, `YYYY-MM-DD HH:MM` Beijing time.
    pub created_at: String,
    /// The platform's answer, once there is one.
    pub answer: Option<String>,
    /// When it was answered, `YYYY-MM-DD HH:MM` Beijing time.
    pub answered_at: Option<String>,
}

/// One piece of feedback as an editor sees it: who sent it and who answered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ManagedFeedback {
    /// What the sender sees.
    #[serde(flatten)]
    pub feedback: Feedback,
    /// The sender's login name when they sent it.
    pub username: String,
    /// The editor who answered.
    pub answered_by: Option<String>,
}

impl From<FeedbackRow> for Feedback {
    fn from(r: FeedbackRow) -> Self {
        Self {
            id: r.id,
            // Only the categories' names are ever stored; an unknown one would be a
            // hand-edited row, shown as "other" rather than failing the whole list.
            category: serde_json::from_value(json!(r.category)).unwrap_or(Category::Other),
            content: r.content,
            contact: r.contact,
            created_at: crate::beijing::minute(r.created_at),
            answer: r.answer,
            answered_at: r.answered_at.map(crate::beijing::minute),
        }
    }
}

impl From<FeedbackRow> for ManagedFeedback {
    fn from(r: FeedbackRow) -> Self {
        Self {
            username: r.username.clone(),
            answered_by: r.answered_by.clone(),
            feedback: r.into(),
        }
    }
}

/// Sends a piece of feedback.
#[utoipa::path(
    post,
    path = "/api/feedback/submit",
    tag = "feedback",
    request_body = FeedbackInput,
    responses(
        (status = 200, description = "Sent; the stored piece", body = Envelope<Feedback>),
        (status = 400, description = "What to fix", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_054", body = ErrorEnvelope),
        (status = 429, description = "Too many pieces within the hour", body = ErrorEnvelope),
    )
)]
pub async fn submit_feedback(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(input): ApiJson<FeedbackInput>,
) -> ApiResult<Feedback> {
    let content = form::text(&input.content, "反馈内容", MAX_TEXT)?;
    let contact = form::contact(input.contact.as_deref())?;
    let now = now_secs();
    let row = state
        .db
        .call(move |c| {
            // Count and insert in one write transaction, so requests sent at once
            // cannot all pass the count.
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            if store::sent_since(&tx, caller.user_id, now - WINDOW_SECS)? >= MAX_PER_WINDOW {
                return Ok(None);
            }
            let id = store::insert(
                &tx,
                &NewFeedback {
                    user_id: caller.user_id,
                    username: &caller.username,
                    category: input.category.name(),
                    content: &content,
                    contact: &contact,
                },
                now,
            )?;
            let row = store::get(&tx, id)?;
            tx.commit()?;
            Ok(row)
        })
        .await?;
    row.map(|r| ok(r.into())).ok_or_else(|| {
        AppError::TooManyRequests(format!(
            "一小时内最多提交{MAX_PER_WINDOW}条反馈，请稍后再试"
        ))
    })
}

/// The caller's own feedback with its answers, newest first.
#[utoipa::path(
    get,
    path = "/api/feedback",
    tag = "feedback",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the caller's own feedback", body = Envelope<Page<Feedback>>),
        (status = 400, description = "Bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Without MOD_054", body = ErrorEnvelope),
    )
)]
pub async fn my_feedback(
    State(state): State<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<PageQuery>,
) -> ApiResult<Page<Feedback>> {
    let paging = q.paging()?;
    let (rows, total) = state
        .db
        .call(move |c| store::own(c, caller.user_id, paging.offset(), paging.limit()))
        .await?;
    Ok(ok(
        paging.page(rows.into_iter().map(Into::into).collect(), total)
    ))
}

/// The editors' list.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ManageQuery {
    /// Only answered (true) or only unanswered (false) pieces; all when absent.
    answered: Option<bool>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// Everyone's feedback, newest first.
#[utoipa::path(
    get,
    path = "/api/feedback/manage",
    tag = "feedback",
    params(ManageQuery),
    responses(
        (status = 200, description = "A page of feedback", body = Envelope<Page<ManagedFeedback>>),
        (status = 400, description = "Bad paging", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
    )
)]
pub async fn manage_feedback(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ManageQuery>,
) -> ApiResult<Page<ManagedFeedback>> {
    let paging = crate::api::Paging::of(q.page_num, q.page_size)?;
    let (rows, total) = state
        .db
        .call(move |c| store::all(c, q.answered, paging.offset(), paging.limit()))
        .await?;
    Ok(ok(
        paging.page(rows.into_iter().map(Into::into).collect(), total)
    ))
}

/// An editor's answer.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AnswerInput {
    /// The answer, plain text, 1–2000 characters; replaces an earlier one.
    pub answer: String,
}

/// Answers a piece of feedback (or changes the answer).
#[utoipa::path(
    put,
    path = "/api/feedback/manage/{id}/answer",
    tag = "feedback",
    params(("id" = i64, Path, description = "Feedback id")),
    request_body = AnswerInput,
    responses(
        (status = 200, description = "The piece as stored", body = Envelope<ManagedFeedback>),
        (status = 400, description = "A bad id or answer", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 404, description = "No such feedback", body = ErrorEnvelope),
    )
)]
pub async fn answer_feedback(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiJson(input): ApiJson<AnswerInput>,
) -> ApiResult<ManagedFeedback> {
    let answer = form::text(&input.answer, "回复内容", MAX_TEXT)?;
    let now = now_secs();
    let row = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let Some(before) = store::get(&tx, id)? else {
                return Ok(None);
            };
            store::answer(&tx, id, &answer, &caller.username, now)?;
            audit::store::record(
                &tx,
                &audit::Entry {
                    actor: &caller,
                    action: "feedback.answer",
                    target: format!("feedback:{id}"),
                    before: Some(json!({"answer": before.answer})),
                    after: Some(json!({"answer": answer})),
                },
                now,
            )?;
            let after = store::get(&tx, id)?;
            tx.commit()?;
            Ok(after)
        })
        .await?;
    row.map(|r| ok(r.into()))
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}
