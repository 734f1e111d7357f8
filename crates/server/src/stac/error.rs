//! Errors of the STAC API as its specification wants them: the HTTP status and
//! a body `{code, description}`, not the `/api` envelope.

use axum::extract::rejection::{JsonRejection, PathRejection};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::{Json, extract::FromRequest, extract::FromRequestParts};

/// A refused STAC request.
#[derive(Debug)]
pub struct StacError {
    status: StatusCode,
    description: String,
}

impl StacError {
    /// A 400 saying what is wrong with the request.
    pub fn bad_request(description: impl Into<String>) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            description: description.into(),
        }
    }

    /// A 404 naming what was not found.
    pub fn not_found(description: impl Into<String>) -> Self {
        Self {
            status: StatusCode::NOT_FOUND,
            description: description.into(),
        }
    }
}

impl IntoResponse for StacError {
    fn into_response(self) -> Response {
        let code = match self.status {
            StatusCode::BAD_REQUEST => "BadRequest",
            StatusCode::NOT_FOUND => "NotFound",
            StatusCode::METHOD_NOT_ALLOWED => "MethodNotAllowed",
            StatusCode::PAYLOAD_TOO_LARGE => "PayloadTooLarge",
            _ => "ServerError",
        };
        tracing::debug!(status = self.status.as_u16(), description = %self.description, "STAC request refused");
        let body = serde_json::json!({ "code": code, "description": self.description });
        (self.status, Json(body)).into_response()
    }
}

impl From<JsonRejection> for StacError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::BytesRejection(ref b) if b.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Self {
                    status: StatusCode::PAYLOAD_TOO_LARGE,
                    description: "请求体超过大小限制".into(),
                }
            }
            other => Self::bad_request(format!("请求体不是有效的 JSON：{}", other.body_text())),
        }
    }
}

impl From<PathRejection> for StacError {
    fn from(rejection: PathRejection) -> Self {
        Self::bad_request(format!("路径参数格式错误：{}", rejection.body_text()))
    }
}

/// The answer for a path under `/stac` that no route matches.
pub async fn not_found() -> StacError {
    StacError::not_found("STAC 接口不存在")
}

/// The answer for a `/stac` path called with a method it does not take.
pub async fn method_not_allowed() -> StacError {
    StacError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        description: "不支持的请求方法".into(),
    }
}

/// `axum::Json` whose rejection is a [`StacError`].
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(StacError))]
pub struct StacJson<T>(pub T);

/// `axum::extract::Path` whose rejection is a [`StacError`].
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(StacError))]
pub struct StacPath<T>(pub T);
