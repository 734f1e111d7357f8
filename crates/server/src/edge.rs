//! What every request passes through before and after its route: a request
//! id for the logs, a panic turned into a 500 envelope instead of a closed
//! connection, the security headers, and a bound on the URI's length.

use std::any::Any;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;

use crate::error::AppError;

/// The response header (and log field) that names a request.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// A request's id, in its extensions for the request span.
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// Longest request target (path and query) accepted, bytes. Longer ones get a
/// 414 envelope here; past 64 KiB the HTTP library refuses them itself,
/// before any of our code runs, with an empty 414.
pub const MAX_URI_BYTES: usize = 8 << 10;

/// Gives each request an id of ours (a client's own `x-request-id` is
/// replaced: it would let anyone write into our logs) and returns it in the
/// answer, so a user's report of an error can be found in the log.
pub async fn request_id(mut req: Request, next: Next) -> Response {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    static START: std::sync::OnceLock<u32> = std::sync::OnceLock::new();
    // A per-process prefix keeps ids of two runs (restarts) apart in one log.
    let start = START.get_or_init(|| {
        let mut b = [0u8; 4];
        // Without randomness the ids are still unique within the run.
        let _ = getrandom::fill(&mut b);
        u32::from_le_bytes(b)
    });
    let id = format!("{start:08x}-{}", NEXT.fetch_add(1, Ordering::Relaxed));
    let value = HeaderValue::from_str(&id).ok();
    req.extensions_mut().insert(RequestId(id));
    let mut res = next.run(req).await;
    if let Some(value) = value {
        res.headers_mut().insert(REQUEST_ID, value);
    }
    res
}

/// Turns a panic in a route into a 500 envelope and an error log inside the
/// request's span (which carries its id), instead of a connection closed
/// with no answer.
pub fn catch_panic() -> CatchPanicLayer<fn(Box<dyn Any + Send + 'static>) -> Response> {
    CatchPanicLayer::custom(panic_response as fn(Box<dyn Any + Send + 'static>) -> Response)
}

fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "non-text panic payload".to_owned());
    AppError::Internal(anyhow::anyhow!("handler panicked: {what}")).into_response()
}

/// The content security policy of every answer: only our own scripts;
/// inline styles (antd writes its CSS at run time); images and workers from
/// blobs (MapLibre builds its worker from a blob, quick-looks are drawn to
/// canvases); no plugins; framed only by our own pages.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                   img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; \
                   worker-src 'self' blob:; child-src 'self' blob:; object-src 'none'; \
                   base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/// Adds the security headers to every answer, and `Cache-Control: no-store`
/// to `/api` answers that did not choose a policy of their own: tokens and
/// personal data (login, detail, area ranges) must not stay in a shared cache
/// or the browser's.
pub async fn security_headers(req: Request, next: Next) -> Response {
    let api = req.uri().path().starts_with("/api/");
    let mut res = next.run(req).await;
    let headers = res.headers_mut();
    let set = |h: &mut axum::http::HeaderMap, name: HeaderName, value: &'static str| {
        h.entry(name).or_insert(HeaderValue::from_static(value));
    };
    set(headers, header::CONTENT_SECURITY_POLICY, CSP);
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, header::X_FRAME_OPTIONS, "SAMEORIGIN");
    set(headers, header::REFERRER_POLICY, "same-origin");
    if api {
        set(headers, header::CACHE_CONTROL, "no-store");
    }
    res
}

/// Refuses a request target over [`MAX_URI_BYTES`] with a 414 envelope
/// before any route parses it.
pub async fn limit_uri(req: Request, next: Next) -> Response {
    let len = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if len > MAX_URI_BYTES {
        return AppError::UriTooLong.into_response();
    }
    next.run(req).await
}

/// A plain body for a missing asset, which the static-file service answers
/// with none: every answer says what it is.
pub async fn missing_asset(res: Response) -> Response {
    if res.status() != StatusCode::NOT_FOUND {
        return res;
    }
    (
        StatusCode::NOT_FOUND,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "404 文件不存在",
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::Router;
    use axum::body::{Body, to_bytes};
    use axum::routing::get;
    use tower::ServiceExt;

    async fn boom() -> String {
        // An index out of bounds, as a bug reachable from input would be.
        let v: Vec<u8> = std::hint::black_box(Vec::new());
        v[3].to_string()
    }

    #[tokio::test]
    async fn a_panicking_route_answers_a_500_envelope_and_the_server_goes_on() {
        let app = Router::new()
            .route("/boom", get(boom))
            .route("/fine", get(|| async { "fine" }))
            .layer(catch_panic())
            .layer(axum::middleware::from_fn(request_id));
        let res = app
            .clone()
            .oneshot(Request::get("/boom").body(Body::empty()).expect("request"))
            .await
            .expect("an answer, not a dropped connection");
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(res.headers().contains_key(REQUEST_ID), "the id to report");
        let body = to_bytes(res.into_body(), 1 << 16).await.expect("body");
        let env: serde_json::Value = serde_json::from_slice(&body).expect("envelope");
        assert_eq!(env["code"], 500);
        assert_eq!(env["message"], "服务器内部错误，请稍后重试");
        let res = app
            .oneshot(Request::get("/fine").body(Body::empty()).expect("request"))
            .await
            .expect("answer");
        assert_eq!(res.status(), StatusCode::OK);
    }
}
