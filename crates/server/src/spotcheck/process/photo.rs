//! A record's photos: a node's user adds (JPEG or PNG by its first bytes, at most 5 MB, at
//! most 9 per record, streamed to the data folder's `spot_photos/` with its size counted; a
//! refused upload leaves nothing behind) and deletes them while the record is not submitted
//! or approved; whoever sees the record sees its photos.

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State as AxumState};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::super::machine::Actor;
use super::super::records::Photo;
use super::super::store::{self, PhotoRow};
use super::super::visible_record;
use super::may_act;
use crate::api::{ApiPath, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::files::kind::Type;
use crate::files::upload::{receive, too_large};
use crate::state::AppState;
use crate::usercenter::session::{Caller, now_secs};

/// Largest photo, bytes.
pub const MAX_PHOTO: usize = 5 << 20;
/// Most photos of one record.
pub const MAX_PHOTOS: usize = 9;
/// 404 for a photo the caller may not see.
pub const NO_PHOTO: &str = "照片不存在";

/// The upload route, with a body limit of one photo and its form.
pub(in crate::spotcheck) fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(add_photo))
        .layer(DefaultBodyLimit::max(MAX_PHOTO + (1 << 20)))
}

/// The refusal of changing photos of a submitted or approved record.
fn closed() -> AppError {
    AppError::Conflict("核查记录已提交或已通过，不能修改照片".into())
}

/// Whether record `id`'s photos may change now, read on the transaction that changes them.
fn open_on(conn: &rusqlite::Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(store::record(conn, id)?.is_some_and(|r| r.state.photos_open()))
}

/// Adds a photo (multipart field `file`, one JPEG or PNG of at most 5 MB) to a record of the
/// caller's node that is not submitted or approved; at most 9 per record.
#[utoipa::path(
    post,
    path = "/api/process-spot-bjhs/photo/{id}",
    tag = "spotcheck",
    params(("id" = i64, Path, description = "Record id")),
    request_body(content_type = "multipart/form-data", description = "One field `file`: a JPEG or PNG photo, at most 5 MB"),
    responses(
        (status = 200, description = "The photo stored", body = Envelope<Photo>),
        (status = 400, description = "No file, more than one, an empty or too large one, not JPEG or PNG, or the record already has 9", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a user of the record's node", body = ErrorEnvelope),
        (status = 404, description = "No such record for the caller", body = ErrorEnvelope),
        (status = 409, description = "The record is submitted or approved", body = ErrorEnvelope),
        (status = 413, description = "The request is larger than any photo allowed", body = ErrorEnvelope),
    )
)]
pub(in crate::spotcheck) async fn add_photo(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<Photo> {
    let row = visible_record(&state, &caller, id).await?;
    may_act(&caller, Actor::Node, &row)?;
    if !row.state.photos_open() {
        return Err(closed());
    }
    let dir = state.config.spot_photos_path();
    let mut form = form?;
    let mut received = None;
    while let Some(field) = form.next_field().await? {
        if field.name() == Some("file") {
            if received.is_some() {
                return Err(AppError::bad_request("一次只能上传一张照片"));
            }
            received = Some(receive(&dir, field, MAX_PHOTO).await?);
        }
    }
    let file = received.ok_or_else(|| AppError::bad_request("请选择要上传的照片"))?;
    if file.size == 0 {
        return Err(AppError::bad_request("照片为空"));
    }
    if file.size > MAX_PHOTO {
        return Err(too_large(MAX_PHOTO));
    }
    let mime = match Type::sniff(&file.head) {
        Some(Type::Jpeg) => "image/jpeg",
        Some(Type::Png) => "image/png",
        _ => return Err(AppError::bad_request("照片须为 JPEG 或 PNG 图片")),
    };
    let photo = PhotoRow {
        id: 0,
        bjhs_id: id,
        mime: mime.to_owned(),
        size: file.size as i64,
        created_at: now_secs(),
        created_by: caller.username.clone(),
    };
    let incoming = file.incoming;
    let stored = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            if !open_on(&tx, id)? {
                return Ok(Err(closed()));
            }
            if store::photos(&tx, id)?.len() >= MAX_PHOTOS {
                return Ok(Err(AppError::bad_request(format!(
                    "每条核查记录最多{MAX_PHOTOS}张照片"
                ))));
            }
            let photo_id = store::add_photo(&tx, &photo)?;
            // Moved into place before the row is committed: a row never names missing bytes.
            if let Err(e) = incoming.keep(&dir.join(photo_id.to_string())) {
                return Ok(Err(AppError::Internal(e.into())));
            }
            tx.commit()?;
            Ok(Ok(PhotoRow {
                id: photo_id,
                ..photo
            }))
        })
        .await??;
    Ok(ok(Photo::from(&stored)))
}

/// A photo and its record, if the caller may see the record; else 404.
async fn visible_photo(
    state: &AppState,
    caller: &Caller,
    photo_id: i64,
) -> Result<(PhotoRow, store::RecordRow), AppError> {
    let photo = state
        .db
        .call(move |c| store::photo(c, photo_id))
        .await?
        .ok_or_else(|| AppError::NotFound(NO_PHOTO.into()))?;
    let row = visible_record(state, caller, photo.bjhs_id)
        .await
        .map_err(|_| AppError::NotFound(NO_PHOTO.into()))?;
    Ok((photo, row))
}

/// Deletes a photo of a record of the caller's node that is not submitted or approved.
#[utoipa::path(
    delete,
    // `{id}` as the upload's (one segment, one name for the router), but a photo's id.
    path = "/api/process-spot-bjhs/photo/{id}",
    tag = "spotcheck",
    params(("id" = i64, Path, description = "Photo id")),
    responses(
        (status = 200, description = "Deleted", body = Envelope<bool>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a user of the record's node", body = ErrorEnvelope),
        (status = 404, description = "No such photo for the caller", body = ErrorEnvelope),
        (status = 409, description = "The record is submitted or approved", body = ErrorEnvelope),
    )
)]
pub(in crate::spotcheck) async fn delete_photo(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(photo_id): ApiPath<i64>,
) -> ApiResult<bool> {
    let (photo, row) = visible_photo(&state, &caller, photo_id).await?;
    may_act(&caller, Actor::Node, &row)?;
    let record = photo.bjhs_id;
    state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            if !open_on(&tx, record)? {
                return Ok(Err(closed()));
            }
            store::delete_photo(&tx, photo_id)?;
            tx.commit()?;
            Ok(Ok(()))
        })
        .await??;
    // After the commit: a failed removal leaves an orphan file, never a row without bytes.
    let path = state.config.spot_photos_path().join(photo_id.to_string());
    if let Err(e) = tokio::fs::remove_file(&path).await {
        tracing::warn!(error = %e, path = %path.display(), "cannot remove a deleted photo");
    }
    Ok(ok(true))
}

/// A photo's image, to whoever may see its record.
#[utoipa::path(
    get,
    path = "/api/push-spot-bjhs/photo/{photoId}",
    tag = "spotcheck",
    params(("photoId" = i64, Path, description = "Photo id")),
    responses(
        (status = 200, description = "The image (JPEG or PNG)", content_type = "image/jpeg", body = crate::normal::coverage::ZipFile),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "No such photo for the caller", body = ErrorEnvelope),
    )
)]
pub(in crate::spotcheck) async fn photo(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(photo_id): ApiPath<i64>,
) -> Result<Response, AppError> {
    let (photo, _) = visible_photo(&state, &caller, photo_id).await?;
    let path = state.config.spot_photos_path().join(photo_id.to_string());
    let bytes = tokio::fs::read(&path)
        .await
        .map_err(|e| AppError::Internal(e.into()))?;
    Ok((
        [
            (header::CONTENT_TYPE, photo.mime),
            (header::CACHE_CONTROL, "private, max-age=86400".to_owned()),
        ],
        bytes,
    )
        .into_response())
}
