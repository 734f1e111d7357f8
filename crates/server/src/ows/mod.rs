//! Map services in the workspace `cloudPlatform` (spec §3, §7): vector tiles,
//! the WMTS capabilities document and WFS 2.0 for every layer in the registry
//! ([`layers`]), and the MapLibre style of the offline basemap.

pub mod layers;
mod style;
pub mod tiles;
pub mod wfs;

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
        .route("/ows/cloudPlatform/wfs", get(wfs::wfs))
        .route("/ows/cloudPlatform/style/{name}", get(style::style))
}

/// Text made safe for XML content and attribute values.
fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
