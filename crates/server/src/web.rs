//! The built single-page app under `/chinese/`: fingerprinted assets cached for
//! a year, every other path answered with `index.html` (history routing), which
//! is never cached so a new release is picked up at once.

use std::path::Path;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::middleware::map_response;
use axum::response::{Redirect, Response};
use axum::routing::get;
use tower_http::services::{ServeDir, ServeFile};

use crate::state::AppState;

/// Where the app starts.
pub const HOME: &str = "/chinese/home";

/// Routes for `/`, `/chinese` and everything below it.
pub fn router(web_dir: &Path) -> Router<AppState> {
    let index = web_dir.join("index.html");
    if !index.exists() {
        tracing::warn!(path = %index.display(), "web app not built: /chinese/ will answer 404 (run `make web`)");
    }
    // A missing asset is a 404, never index.html: a stale chunk must fail loudly
    // so the page can offer a reload.
    let assets = Router::new()
        .fallback_service(ServeDir::new(web_dir.join("assets")))
        .layer(map_response(|res| {
            cache(res, "public, max-age=31536000, immutable")
        }))
        .layer(map_response(crate::edge::missing_asset));
    let app = Router::new()
        .fallback_service(ServeDir::new(web_dir).fallback(ServeFile::new(&index)))
        .layer(map_response(|res| cache(res, "no-cache")));
    // `nest` does not match the bare "/chinese/", so it gets index.html explicitly.
    let base = Router::new()
        .route_service("/chinese/", ServeFile::new(&index))
        .layer(map_response(|res| cache(res, "no-cache")));
    Router::new()
        .route("/", get(|| async { Redirect::temporary(HOME) }))
        .route("/chinese", get(|| async { Redirect::temporary(HOME) }))
        .merge(base)
        .nest("/chinese/assets", assets)
        .nest("/chinese", app)
}

async fn cache(mut res: Response, policy: &'static str) -> Response {
    if res.status().is_success() {
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    res
}
