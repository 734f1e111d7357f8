//! Uploaded files (`/api/share/v2/…`, spec §7 `share v2`): the shared
//! application cases, courses and papers of /about/fileShare, the images and
//! attachments of news and pages, software downloads and typical-image
//! samples. Editors upload (type read from the content, size bounded,
//! audited); everyone lists and downloads, with `Range` for resuming. The
//! bytes are `files/<id>` in the data folder (`upload.rs`); what they are is
//! in the `file` table (`store.rs`).

pub mod demo;
pub mod kind;
pub mod store;
pub mod upload;

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, header};
use axum::response::Response;
use rusqlite::TransactionBehavior;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tower::ServiceExt;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiPath, ApiQuery, ApiResult, Envelope, Page, Paging, ok};
use crate::audit;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::session::{Caller, now_secs};
use kind::Category;
use store::FileRow;

/// The file routes: listing and downloading are public, uploading and deleting are for editors.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_files))
        .routes(routes!(download_file))
        .routes(routes!(client_package))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(upload::upload_file))
                .layer(DefaultBodyLimit::max(upload::MAX_BODY))
                .routes(routes!(delete_file))
                .route_layer(Require::editor()),
        )
}

/// 404 for a file that is not there.
pub const NO_FILE: &str = "文件不存在或已删除";

/// Where file `id`'s bytes are, under the files folder `dir`.
fn path_of(dir: &Path, id: i64) -> PathBuf {
    dir.join(id.to_string())
}

/// One file.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileInfo {
    /// File id.
    pub id: i64,
    /// application, course, paper, image, attachment, software or typical.
    pub category: String,
    /// What it belongs to: a software's name, a typical-image page (`zy3/multispectral`); empty for none.
    pub owner: String,
    /// Title shown; the file's name when none was given.
    pub title: String,
    /// The file's name, as downloads are saved.
    pub name: String,
    /// MIME type.
    pub mime: String,
    /// Bytes.
    pub size: i64,
    /// SHA-256 of the bytes, hex: to check a download.
    pub sha256: String,
    /// Version (software downloads); empty for none.
    pub version: String,
    /// Uploaded, `YYYY-MM-DD HH:MM` Beijing time.
    pub created_at: String,
    /// Demo file generated for this platform.
    pub demo: bool,
    /// Where to download it.
    pub url: String,
}

impl From<FileRow> for FileInfo {
    fn from(r: FileRow) -> Self {
        Self {
            url: format!("/api/share/v2/file/{}", r.id),
            id: r.id,
            title: if r.title.is_empty() {
                r.name.clone()
            } else {
                r.title
            },
            category: r.category,
            owner: r.owner,
            name: r.name,
            mime: r.mime,
            size: r.size,
            sha256: r.sha256,
            version: r.version,
            created_at: crate::beijing::minute(r.created_at),
            demo: r.demo,
        }
    }
}

/// A list of files.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Only this category (application, course, paper, image, attachment, software, typical).
    category: Option<String>,
    /// Only files of this owner (a software's name, a typical-image page).
    owner: Option<String>,
    /// Page from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// The category of a code, or the Chinese refusal naming them.
pub fn category(code: &str) -> Result<Category, AppError> {
    Category::parse(code).ok_or_else(|| {
        AppError::bad_request(
            "文件类别无效：应为 application、course、paper、image、attachment、software 或 typical",
        )
    })
}

/// An owner as stored, or the Chinese refusal: letters, digits, `_`, `-`
/// and single `/` between them, at most 64 characters.
pub fn owner(text: &str) -> Result<String, AppError> {
    let t = text.trim();
    let good = t.is_empty() || crate::page::slug(t).is_ok();
    good.then(|| t.to_owned()).ok_or_else(|| {
        AppError::bad_request("所属对象无效：应为字母、数字、_ 或 - 组成的路径，不超过64个字符")
    })
}

/// Files newest first, of a category and owner when given.
#[utoipa::path(
    get,
    path = "/api/share/v2",
    tag = "files",
    params(ListQuery),
    responses(
        (status = 200, description = "A page of files", body = Envelope<Page<FileInfo>>),
        (status = 400, description = "A bad category, owner or paging", body = ErrorEnvelope),
    )
)]
async fn list_files(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> ApiResult<Page<FileInfo>> {
    let paging = Paging::of(q.page_num, q.page_size)?;
    let category = q.category.as_deref().map(category).transpose()?;
    let owner = q.owner.as_deref().map(owner).transpose()?;
    let (rows, total) = state
        .db
        .call(move |c| {
            store::list(
                c,
                category.map(Category::code),
                owner.as_deref(),
                paging.offset(),
                paging.limit(),
            )
        })
        .await?;
    Ok(ok(
        paging.page(rows.into_iter().map(Into::into).collect(), total)
    ))
}

/// A file's bytes: images shown in the page, other files saved under their
/// name; `Range` for resuming, `If-Modified-Since` and `HEAD`.
#[utoipa::path(
    get,
    path = "/api/share/v2/file/{id}",
    tag = "files",
    params(("id" = i64, Path, description = "File id")),
    responses(
        (status = 200, description = "The file, as the type it was uploaded as (image, PDF, Office, archive, video, installer)", content_type = "*/*"),
        (status = 206, description = "The asked part of the file", content_type = "*/*"),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 404, description = "No such file", body = ErrorEnvelope),
        (status = 416, description = "A range outside the file", body = ErrorEnvelope),
    )
)]
async fn download_file(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<i64>,
    req: Request,
) -> Result<Response, AppError> {
    let row = state
        .db
        .call(move |c| store::get(c, id))
        .await?
        .ok_or_else(|| AppError::NotFound(NO_FILE.into()))?;
    let file = path_of(&state.config.files_path(), id);
    if !tokio::fs::metadata(&file)
        .await
        .map(|m| m.is_file())
        .unwrap_or(false)
    {
        return Err(AppError::NotFound(NO_FILE.into()));
    }
    let served = tower_http::services::ServeFile::new(&file)
        .oneshot(req)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    if served.status() == axum::http::StatusCode::RANGE_NOT_SATISFIABLE {
        return Err(AppError::RangeNotSatisfiable);
    }
    let mut response = served.map(Body::new);
    let headers = response.headers_mut();
    if let Ok(mime) = HeaderValue::from_str(&row.mime) {
        headers.insert(header::CONTENT_TYPE, mime);
    }
    let inline = row.mime.starts_with("image/");
    headers.insert(
        header::CONTENT_DISPOSITION,
        crate::api::disposition(inline, &row.name),
    );
    // Public content that an editor may delete: cached for an hour, not forever.
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    // Nothing served from here is a page; should a browser be asked to render one, it runs nothing.
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; sandbox"),
    );
    Ok(response)
}

/// The mobile app's download (spec §7 `client-package`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientPackage {
    /// Where the app is downloaded; null when none is configured (no QR code then).
    pub url: Option<String>,
    /// Its version, if configured.
    pub version: Option<String>,
}

/// The mobile app's download address, for the footer's QR code.
#[utoipa::path(
    get,
    path = "/api/client-package",
    tag = "files",
    responses((status = 200, description = "The configured download", body = Envelope<ClientPackage>))
)]
async fn client_package(State(state): State<AppState>) -> ApiResult<ClientPackage> {
    Ok(ok(ClientPackage {
        url: state.config.client_package_url.clone(),
        version: state.config.client_package_version.clone(),
    }))
}

/// What the audit log keeps of a file.
fn audited(r: &FileRow) -> serde_json::Value {
    json!({"category": r.category, "owner": r.owner, "name": r.name, "size": r.size})
}

/// Deletes a file, its record first (from then on it is not served) and then its bytes.
#[utoipa::path(
    delete,
    path = "/api/share/v2/manage/{id}",
    tag = "files",
    params(("id" = i64, Path, description = "File id")),
    responses(
        (status = 200, description = "Deleted", body = Envelope<bool>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not an editor", body = ErrorEnvelope),
        (status = 404, description = "No such file", body = ErrorEnvelope),
    )
)]
async fn delete_file(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<bool> {
    let now = now_secs();
    let deleted = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let Some(before) = store::get(&tx, id)? else {
                return Ok(false);
            };
            store::delete(&tx, id)?;
            audit::store::record(
                &tx,
                &audit::Entry {
                    actor: &caller,
                    action: "file.delete",
                    target: format!("file:{id}"),
                    before: Some(audited(&before)),
                    after: None,
                },
                now,
            )?;
            tx.commit()?;
            Ok(true)
        })
        .await?;
    if !deleted {
        return Err(AppError::NotFound(NO_FILE.into()));
    }
    match tokio::fs::remove_file(path_of(&state.config.files_path(), id)).await {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            tracing::warn!(id, error = %e, "a deleted file's bytes stay on disk");
        }
        _ => {}
    }
    Ok(ok(true))
}
