//! News and GEO items (`/api/news/v3/…`, spec §7): notices, industry trends,
//! media reports, and the GEO pages' dynamic information, cooperation and
//! organization. Visitors read what is published (lists newest first with
//! pinned items on top, a title filter, full-text search in Chinese, one
//! item, the home page's latest of each); editors write from the console
//! (`manage.rs`). Bodies are HTML sanitised before they are stored (`text.rs`).

pub mod demo;
mod manage;
pub mod store;
pub mod text;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiPath, ApiQuery, ApiResult, Envelope, Page, Paging, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::guard::Require;
use store::{ListFilter, NewsRow};

/// The news routes: reading is public, writing is for editors.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(news_list))
        .routes(routes!(news_search))
        .routes(routes!(news_detail))
        .routes(routes!(news_home))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(manage::manage_news, manage::create_news))
                .routes(routes!(
                    manage::edited_news,
                    manage::update_news,
                    manage::delete_news
                ))
                .routes(routes!(manage::publish_news))
                .routes(routes!(manage::pin_news))
                .route_layer(Require::editor()),
        )
}

/// The types of items, by their codes (spec §9) and Chinese names.
pub const TYPES: [(u8, &str); 6] = [
    (0, "通知公告"),
    (1, "行业动态"),
    (5, "媒体报道"),
    (2, "GEO动态信息"),
    (3, "GEO合作"),
    (4, "GEO组织"),
];

/// The type code `n`, or the Chinese refusal naming the six.
pub fn kind(n: u8) -> Result<u8, AppError> {
    TYPES
        .iter()
        .any(|(code, _)| *code == n)
        .then_some(n)
        .ok_or_else(|| {
            AppError::bad_request(format!(
                "新闻类型无效：{n}（0 通知公告，1 行业动态，5 媒体报道，2 GEO动态信息，3 GEO合作，4 GEO组织）"
            ))
        })
}

/// An item in a list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsSummary {
    /// Item id.
    pub id: i64,
    /// 0 notice, 1 industry trend, 5 media, 2 GEO dynamic information, 3 cooperation, 4 organization.
    #[serde(rename = "type")]
    pub kind: u8,
    /// Title.
    pub title: String,
    /// A sentence or two for the list.
    pub summary: String,
    /// Who wrote it.
    pub author: String,
    /// Cover image address, if any.
    pub cover: Option<String>,
    /// Listed first.
    pub pinned: bool,
    /// Shown to visitors (always true in visitors' lists).
    pub published: bool,
    /// When first published, `YYYY-MM-DD HH:MM` Beijing time; null for a draft never published.
    pub published_at: Option<String>,
    /// Demo content written for this platform, not real news.
    pub demo: bool,
}

/// One item whole.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewsDetail {
    /// The list fields.
    #[serde(flatten)]
    pub summary: NewsSummary,
    /// The body, sanitised HTML.
    pub body: String,
    /// Last changed, `YYYY-MM-DD HH:MM` Beijing time.
    pub updated_at: String,
}

impl From<NewsRow> for NewsDetail {
    fn from(r: NewsRow) -> Self {
        Self {
            updated_at: crate::beijing::minute(r.updated_at),
            body: r.body.clone(),
            summary: r.into(),
        }
    }
}

impl From<NewsRow> for NewsSummary {
    fn from(r: NewsRow) -> Self {
        Self {
            id: r.id,
            kind: r.kind,
            title: r.title,
            summary: r.summary,
            author: r.author,
            cover: r.cover,
            pinned: r.pinned,
            published: r.published,
            published_at: r.published_at.map(crate::beijing::minute),
            demo: r.demo,
        }
    }
}

/// A list of one type.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// The type (see `type` of an item); all types when absent.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    kind: Option<u8>,
    /// Only titles containing this text (up to 50 characters).
    title: Option<String>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// Longest title filter or search text, characters.
const MAX_KEYWORD: usize = 50;

fn keyword(text: Option<String>) -> Result<Option<String>, AppError> {
    let text = text.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    if text
        .as_ref()
        .is_some_and(|t| t.chars().count() > MAX_KEYWORD)
    {
        return Err(AppError::bad_request(format!(
            "搜索词不能超过{MAX_KEYWORD}个字"
        )));
    }
    Ok(text)
}

/// A page of rows as summaries.
async fn page_of(
    state: &AppState,
    filter: ListFilter,
    paging: Paging,
) -> Result<Page<NewsSummary>, AppError> {
    let (rows, total) = state
        .db
        .call(move |c| store::list(c, &filter, paging.offset(), paging.limit()))
        .await?;
    Ok(paging.page(rows.into_iter().map(Into::into).collect(), total))
}

/// Published items, pinned first, then newest first.
#[utoipa::path(
    get,
    path = "/api/news/v3/news-v3",
    tag = "news",
    params(ListQuery),
    responses(
        (status = 200, description = "A page of published items", body = Envelope<Page<NewsSummary>>),
        (status = 400, description = "Bad type, title or paging", body = ErrorEnvelope),
    )
)]
async fn news_list(
    state: axum::extract::State<AppState>,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Page<NewsSummary>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    let filter = ListFilter {
        kind: q.kind.map(kind).transpose()?,
        published_only: true,
        title: keyword(q.title)?,
        ..ListFilter::default()
    };
    page_of(&state, filter, paging).await.map(ok)
}

/// A full-text search.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Words to find in titles and bodies (Chinese or not; up to 50 characters).
    keyword: Option<String>,
    /// Only this type.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    kind: Option<u8>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// Published items whose title or body contains every word of `keyword`.
#[utoipa::path(
    get,
    path = "/api/news/v3/s",
    tag = "news",
    params(SearchQuery),
    responses(
        (status = 200, description = "A page of matching published items", body = Envelope<Page<NewsSummary>>),
        (status = 400, description = "No keyword, a bad type or paging", body = ErrorEnvelope),
    )
)]
async fn news_search(
    state: axum::extract::State<AppState>,
    ApiQuery(q): ApiQuery<SearchQuery>,
) -> ApiResult<Page<NewsSummary>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    let words = keyword(q.keyword)?.ok_or_else(|| AppError::bad_request("请输入搜索词"))?;
    let filter = ListFilter {
        kind: q.kind.map(kind).transpose()?,
        published_only: true,
        // Punctuation only finds nothing rather than everything.
        search: Some(text::query(&words).unwrap_or(text::Search::All(vec![String::new()]))),
        ..ListFilter::default()
    };
    page_of(&state, filter, paging).await.map(ok)
}

/// One published item.
#[utoipa::path(
    get,
    path = "/api/news/v3/id/{id}",
    tag = "news",
    params(("id" = i64, Path, description = "Item id")),
    responses(
        (status = 200, description = "The item", body = Envelope<NewsDetail>),
        (status = 400, description = "A bad id, type or paging", body = ErrorEnvelope),
        (status = 404, description = "No such published item", body = ErrorEnvelope),
    )
)]
async fn news_detail(
    state: axum::extract::State<AppState>,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<NewsDetail> {
    let row = state.db.call(move |c| store::get(c, id, true)).await?;
    found(row)
}

/// The item whole, or 404 when there is none.
fn found(row: Option<NewsRow>) -> ApiResult<NewsDetail> {
    row.map(|r| ok(r.into()))
        .ok_or_else(|| AppError::NotFound(NOT_FOUND.into()))
}

/// 404 for an item that does not exist or is not published.
pub const NOT_FOUND: &str = "新闻不存在或已撤回";

/// Items per section of the home page.
const HOME_ITEMS: i64 = 6;

/// The home page's news sections: the latest published items of each.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeNews {
    /// 通知公告 (type 0).
    pub notice: Vec<NewsSummary>,
    /// 行业动态 (type 1).
    pub trend: Vec<NewsSummary>,
    /// 媒体报道 (type 5).
    pub media: Vec<NewsSummary>,
    /// GEO动态信息 (type 2).
    pub geo: Vec<NewsSummary>,
}

/// The latest published items of each home-page section.
#[utoipa::path(
    get,
    path = "/api/news/v3/home",
    tag = "news",
    responses((status = 200, description = "Up to six items per section", body = Envelope<HomeNews>))
)]
async fn news_home(state: axum::extract::State<AppState>) -> ApiResult<HomeNews> {
    let sections = state
        .db
        .call(|c| {
            let mut sections = Vec::with_capacity(4);
            for kind in [0, 1, 5, 2] {
                let filter = ListFilter {
                    kind: Some(kind),
                    published_only: true,
                    ..ListFilter::default()
                };
                sections.push(store::list(c, &filter, 0, HOME_ITEMS)?.0);
            }
            Ok(sections)
        })
        .await?;
    let mut sections = sections
        .into_iter()
        .map(|rows| rows.into_iter().map(Into::into).collect());
    let mut next = || sections.next().unwrap_or_default();
    Ok(ok(HomeNews {
        notice: next(),
        trend: next(),
        media: next(),
        geo: next(),
    }))
}
