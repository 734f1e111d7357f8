//! Map services in the workspace `cloudPlatform` (spec §3, §7): vector tiles,
//! the WMTS capabilities document, and the MapLibre style of the offline basemap.

mod style;
pub mod tiles;

use axum::Router;
use axum::routing::get;

use crate::state::AppState;

/// The OGC workspace every layer lives in.
pub const WORKSPACE: &str = "cloudPlatform";

/// The map-service routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/ows/cloudPlatform/wmts/{layer}/{z}/{x}/{y}",
            get(tiles::tile),
        )
        .route("/ows/cloudPlatform/wmts", get(tiles::capabilities))
        .route("/ows/cloudPlatform/style/{name}", get(style::style))
}
