//! The `/api` edge: the envelope every answer travels in, and extractors that
//! turn malformed JSON, query strings and paths into the same envelope (400).

use std::net::{IpAddr, SocketAddr};

use axum::{
    Json,
    extract::{ConnectInfo, FromRequest, FromRequestParts},
    http::request::Parts,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::AppError;

/// The body of every `/api` answer: `code` 0 on success, else the HTTP status,
/// `message` the Chinese text to show, `data` the payload.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// 0 on success; 2 on login when the password must be changed; otherwise the HTTP status.
    pub code: i32,
    /// Empty on success; the Chinese message for the user otherwise.
    pub message: String,
    /// The payload; on a 400 it may carry `{detail}` for developers.
    pub data: T,
}

/// The success envelope around a payload: `Ok(ok(data))` in a handler.
pub fn ok<T: Serialize>(data: T) -> Json<Envelope<T>> {
    Json(Envelope {
        code: 0,
        message: String::new(),
        data,
    })
}

/// What a handler returns.
pub type ApiResult<T> = Result<Json<Envelope<T>>, AppError>;

/// `axum::Json` whose rejection is an [`AppError`].
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct ApiJson<T>(pub T);

/// `axum::extract::Query` whose rejection is an [`AppError`].
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct ApiQuery<T>(pub T);

/// `axum::extract::Path` whose rejection is an [`AppError`].
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct ApiPath<T>(pub T);

/// The client's address, when the server knows it (not in router-only tests):
/// the key of the per-address limits on logins and uploads.
pub struct ClientIp(pub Option<IpAddr>);

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

/// The answer for an `/api` path that no route matches.
pub async fn not_found() -> Response {
    AppError::NotFound("接口不存在".into()).into_response()
}

/// The answer for an `/api` path that exists, called with the wrong method.
pub async fn method_not_allowed() -> Response {
    AppError::MethodNotAllowed.into_response()
}

/// Runs CPU-bound work (geometry, files, images) off the async workers; a
/// panicked task is an internal error.
pub async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, AppError> + Send + 'static,
) -> Result<T, AppError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| AppError::Internal(e.into()))?
}
