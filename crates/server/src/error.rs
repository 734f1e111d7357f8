//! The one error type at the HTTP edge and its table of statuses, envelope
//! codes and Chinese messages.
//!
//! The envelope `code` equals the HTTP status for every error, so clients can
//! rely on either; `0` is success and `2` (login only) means "change password".

use axum::{
    Json,
    extract::rejection::{JsonRejection, PathRejection, QueryRejection},
    http::StatusCode,
    response::{IntoResponse, Response},
};

use serde::Serialize;
use utoipa::ToSchema;

use crate::db::DbError;

/// The body of every error answer, as sent and as documented: the envelope
/// with `code` equal to the HTTP status and `data` null, or on a 400 the
/// technical `detail`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorEnvelope {
    /// The HTTP status.
    pub code: i32,
    /// The Chinese message for the user.
    pub message: String,
    /// Null, or on a 400 the parser's explanation for developers.
    pub data: Option<ErrorDetail>,
}

/// What a 400 may add for developers.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorDetail {
    /// The parser's own words (English), e.g. which field was missing.
    pub detail: String,
}

/// Every way an `/api` request can fail, as the user is told about it.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Bad input; the message says what to fix.
    #[error("{message}")]
    BadRequest {
        /// Chinese message for the user.
        message: String,
        /// Technical detail for developers (parser output), shown in `data.detail`.
        detail: Option<String>,
    },
    /// No token, or an expired or unknown one where a login is required.
    #[error("登录已过期，请重新登录！")]
    Unauthorized,
    /// Logged in but missing a permission or an area range.
    #[error("{0}")]
    Forbidden(String),
    /// The thing asked for does not exist.
    #[error("{0}")]
    NotFound(String),
    /// The path exists but not with this method.
    #[error("不支持的请求方法")]
    MethodNotAllowed,
    /// The write conflicts with what is stored (a duplicate, a stale state).
    #[error("{0}")]
    Conflict(String),
    /// The request body is over the configured limit.
    #[error("上传内容超过大小限制")]
    PayloadTooLarge,
    /// Too many requests or failures from this caller for now; the message says when to retry.
    #[error("{0}")]
    TooManyRequests(String),
    /// A service we depend on (mail, SMS) is missing or down; the message says what to do instead.
    #[error("{0}")]
    Unavailable(String),
    /// A failure that is ours, not the caller's; details go to the log only.
    #[error("服务器内部错误，请稍后重试")]
    Internal(#[source] anyhow::Error),
}

impl AppError {
    /// A 400 with a Chinese message and no technical detail.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::BadRequest {
            message: message.into(),
            detail: None,
        }
    }

    /// The HTTP status of each case: the single table of the mapping.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        match &self {
            Self::Internal(err) => tracing::error!(error = ?err, "request failed"),
            other => tracing::debug!(error = %other, status = status.as_u16(), "request refused"),
        }
        let data = match &self {
            Self::BadRequest {
                detail: Some(d), ..
            } => Some(ErrorDetail { detail: d.clone() }),
            _ => None,
        };
        let body = ErrorEnvelope {
            code: i32::from(status.as_u16()),
            message: self.to_string(),
            data,
        };
        (status, Json(body)).into_response()
    }
}

impl From<DbError> for AppError {
    fn from(err: DbError) -> Self {
        Self::Internal(err.into())
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => Self::BadRequest {
                message: "请求格式错误：需要 JSON 请求体（Content-Type: application/json）".into(),
                detail: Some(rejection.body_text()),
            },
            JsonRejection::BytesRejection(ref b) if b.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Self::PayloadTooLarge
            }
            _ => Self::BadRequest {
                message: "请求参数格式错误".into(),
                detail: Some(rejection.body_text()),
            },
        }
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        Self::BadRequest {
            message: "查询参数格式错误".into(),
            detail: Some(rejection.body_text()),
        }
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        Self::BadRequest {
            message: "路径参数格式错误".into(),
            detail: Some(rejection.body_text()),
        }
    }
}
