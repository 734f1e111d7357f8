//! The offline basemap (`VEC`, the default base layer): a MapLibre style that
//! draws sea, land, the world's countries and China's provinces, cities and
//! counties with their names, entirely from rscloud's own tiles. It has no
//! `glyphs` URL, so MapLibre renders every label with the browser's fonts and
//! no request leaves the server.

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use crate::error::AppError;

/// `GET /ows/cloudPlatform/style/vec.json`.
pub async fn style(Path(name): Path<String>, headers: HeaderMap) -> Result<Response, AppError> {
    if name != "vec.json" {
        return Err(AppError::NotFound(format!("底图样式不存在：{name}")));
    }
    // Tile URLs must be absolute for MapLibre; they follow the address the page used.
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1:8080");
    let body = vec_style(&format!("http://{host}"));
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
        ],
        body.to_string(),
    )
        .into_response())
}

/// The style, with tile URLs under `origin`.
pub fn vec_style(origin: &str) -> Value {
    let tiles = |layer: &str| {
        json!([format!(
            "{origin}/ows/cloudPlatform/wmts/{layer}/{{z}}/{{x}}/{{y}}.pbf"
        )])
    };
    let level = |n: i64| json!(["==", ["get", "level"], n]);
    json!({
        "version": 8,
        "name": "rscloud 矢量底图",
        "sources": {
            "world": { "type": "vector", "tiles": tiles("global_region"), "minzoom": 0, "maxzoom": 6 },
            "regions": { "type": "vector", "tiles": tiles("region_v2"), "minzoom": 0, "maxzoom": 12 }
        },
        "layers": [
            { "id": "sea", "type": "background", "paint": { "background-color": "#cfe3f3" } },
            { "id": "world-land", "type": "fill", "source": "world", "source-layer": "global_region",
              "paint": { "fill-color": "#f3f1ec" } },
            { "id": "world-border", "type": "line", "source": "world", "source-layer": "global_region",
              "paint": { "line-color": "#b9b3a8", "line-width": 0.6 } },
            { "id": "china-land", "type": "fill", "source": "regions", "source-layer": "region_v2",
              "filter": level(1), "paint": { "fill-color": "#fbfaf5" } },
            { "id": "county-border", "type": "line", "source": "regions", "source-layer": "region_v2",
              "minzoom": 8, "filter": level(3), "paint": { "line-color": "#d3cfc6", "line-width": 0.6 } },
            { "id": "city-border", "type": "line", "source": "regions", "source-layer": "region_v2",
              "minzoom": 5, "filter": level(2),
              "paint": { "line-color": "#b8b1a3", "line-width": 0.8, "line-dasharray": [3, 2] } },
            { "id": "province-border", "type": "line", "source": "regions", "source-layer": "region_v2",
              "filter": level(1), "paint": { "line-color": "#9a8f7c", "line-width": 1.1 } },
            { "id": "country-border", "type": "line", "source": "regions", "source-layer": "region_v2",
              "filter": level(0), "paint": { "line-color": "#7c6f5b", "line-width": 1.6 } },
            { "id": "world-label", "type": "symbol", "source": "world", "source-layer": "label",
              "maxzoom": 4, "filter": ["!=", ["get", "name"], "中国"], "layout": { "text-field": ["get", "name"], "text-size": 11 },
              "paint": { "text-color": "#6b6b6b", "text-halo-color": "#ffffff", "text-halo-width": 1 } },
            { "id": "province-label", "type": "symbol", "source": "regions", "source-layer": "label",
              "minzoom": 2, "filter": level(1), "layout": { "text-field": ["get", "name"], "text-size": 13 },
              "paint": { "text-color": "#3d3d3d", "text-halo-color": "#ffffff", "text-halo-width": 1.2 } },
            { "id": "city-label", "type": "symbol", "source": "regions", "source-layer": "label",
              "minzoom": 6, "filter": level(2), "layout": { "text-field": ["get", "name"], "text-size": 12 },
              "paint": { "text-color": "#4a4a4a", "text-halo-color": "#ffffff", "text-halo-width": 1 } },
            { "id": "county-label", "type": "symbol", "source": "regions", "source-layer": "label",
              "minzoom": 9, "filter": level(3), "layout": { "text-field": ["get", "name"], "text-size": 11 },
              "paint": { "text-color": "#5a5a5a", "text-halo-color": "#ffffff", "text-halo-width": 1 } }
        ]
    })
}
