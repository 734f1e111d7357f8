//! The one error type at the HTTP edge and its table of statuses, envelope
//! codes and Chinese messages.
//!
//! The envelope `code` equals the HTTP status for every error, so clients can
//! rely on either; `0` is success and `2` (login only) means "change password".

use axum::{
    Json,
    extract::multipart::{MultipartError, MultipartRejection},
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
    /// A `Range` outside the file asked for (downloads).
    #[error("请求的文件范围无效")]
    RangeNotSatisfiable,
    /// The request target (path and query) is over the limit.
    #[error("请求地址过长")]
    UriTooLong,
    /// Too many requests or failures from this caller for now; the message says when to retry.
    #[error("{0}")]
    TooManyRequests(String),
    /// A service we depend on (mail, SMS) is missing or down; the message says what to do instead.
    #[error("{0}")]
    Unavailable(String),
    /// An external service we called (the drone service) failed, answered badly or too
    /// slowly; the message says which.
    #[error("{0}")]
    BadGateway(String),
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
            Self::UriTooLong => StatusCode::URI_TOO_LONG,
            Self::RangeNotSatisfiable => StatusCode::RANGE_NOT_SATISFIABLE,
            Self::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
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
            } => Some(ErrorDetail {
                detail: cut(d, MAX_DETAIL_CHARS),
            }),
            _ => None,
        };
        let body = ErrorEnvelope {
            code: i32::from(status.as_u16()),
            message: cut(&self.to_string(), MAX_MESSAGE_CHARS),
            data,
        };
        (status, Json(body)).into_response()
    }
}

/// Longest message sent back: messages quote what was wrong with the input
/// (a region code, an id list), and a 100,000-character value must not come
/// back whole.
const MAX_MESSAGE_CHARS: usize = 200;

/// Longest parser detail sent back (serde quotes the input around an error).
const MAX_DETAIL_CHARS: usize = 300;

/// `text` cut to `max` characters, marked with an ellipsis when cut.
fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

impl From<DbError> for AppError {
    fn from(err: DbError) -> Self {
        Self::Internal(err.into())
    }
}

impl From<rusqlite::Error> for AppError {
    fn from(err: rusqlite::Error) -> Self {
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

/// 400 for an upload that is not a readable multipart form.
const BAD_FORM: &str = "上传格式错误：需要 multipart/form-data 表单";

impl From<MultipartRejection> for AppError {
    fn from(rejection: MultipartRejection) -> Self {
        Self::BadRequest {
            message: BAD_FORM.into(),
            detail: Some(rejection.body_text()),
        }
    }
}

impl From<MultipartError> for AppError {
    /// A form broken mid-way is a bad request; one past the body limit is 413.
    fn from(e: MultipartError) -> Self {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Self::PayloadTooLarge
        } else {
            Self::BadRequest {
                message: BAD_FORM.into(),
                detail: Some(e.body_text()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_quoting_long_input_are_cut_at_a_character_boundary() {
        let long = format!("行政区不存在：{}", "区".repeat(100_000));
        let cut_text = cut(&long, MAX_MESSAGE_CHARS);
        assert_eq!(cut_text.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(cut_text.starts_with("行政区不存在：区区") && cut_text.ends_with('…'));
        assert_eq!(cut("请选择行政区", MAX_MESSAGE_CHARS), "请选择行政区");
    }
}
