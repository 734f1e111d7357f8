//! Vector tiles (MVT, Web Mercator XYZ) of the region layers, made on request
//! from the in-memory index: `region` (boundaries), `region_v2` (boundaries and
//! label points), `global_region` (world countries and their label points).

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use geo_kit::clip;
use geo_kit::mvt::{Layer as MvtLayer, Tile, Value};
use geo_kit::tile::{DEFAULT_BUFFER, DEFAULT_EXTENT, TileId, TileTransform};
use geo_types::{Geometry, MultiPolygon, Point, Polygon};
use serde::Deserialize;

use crate::api::blocking;
use crate::error::AppError;
use crate::region::index::{self, RegionIndex};
use crate::state::AppState;

/// The layers served, with their titles for the capabilities document.
pub const LAYERS: [(&str, &str); 3] = [
    ("region", "行政区划边界"),
    ("region_v2", "行政区划边界与注记"),
    ("global_region", "世界国家与地区"),
];

/// The deepest zoom served.
pub const MAX_ZOOM: u8 = 18;

/// The finest region level drawn at a zoom: provinces to z4, cities to z7, then counties.
fn finest_level(zoom: u8) -> i64 {
    match zoom {
        0..=4 => 1,
        5..=7 => 2,
        _ => 3,
    }
}

/// `GET /ows/cloudPlatform/wmts/{layer}/{z}/{x}/{y}.pbf`: 200 with the tile,
/// 204 when nothing falls in it, 304 when the client's copy is current.
pub async fn tile(
    State(state): State<AppState>,
    Path((layer, z, x, y)): Path<(String, u8, u32, String)>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let y: u32 = y
        .strip_suffix(".pbf")
        .and_then(|y| y.parse().ok())
        .ok_or_else(|| AppError::NotFound("瓦片地址应为 {z}/{x}/{y}.pbf".into()))?;
    if !LAYERS.iter().any(|(name, _)| *name == layer) {
        return Err(AppError::NotFound(format!("图层不存在：{layer}")));
    }
    if z > MAX_ZOOM {
        return Err(AppError::NotFound(format!(
            "缩放级别超出范围（0–{MAX_ZOOM}）"
        )));
    }
    let id = TileId::new(z, x, y).map_err(|e| AppError::NotFound(format!("瓦片不存在：{e}")))?;
    let regions = state.regions.clone();
    let bytes = blocking(move || Ok(render(&regions, &layer, id))).await?;
    if bytes.is_empty() {
        return Ok(StatusCode::NO_CONTENT.into_response());
    }
    let etag = format!("\"{:016x}\"", fnv1a(&bytes));
    let headers_out = [
        (
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/vnd.mapbox-vector-tile"),
        ),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static("public, max-age=3600"),
        ),
        (
            header::ETAG,
            HeaderValue::from_str(&etag).map_err(|e| AppError::Internal(e.into()))?,
        ),
    ];
    if headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        == Some(etag.as_str())
    {
        return Ok((StatusCode::NOT_MODIFIED, headers_out).into_response());
    }
    Ok((headers_out, bytes).into_response())
}

/// The encoded tile; empty when it holds no feature.
pub fn render(regions: &RegionIndex, layer: &str, id: TileId) -> Vec<u8> {
    let transform = TileTransform::new(id, DEFAULT_EXTENT, DEFAULT_BUFFER);
    let bounds = transform.buffered_bounds_lonlat();
    let mut tile = Tile::new();
    let (shapes, finest) = if layer == "global_region" {
        (regions.countries.intersecting(&bounds), 0)
    } else {
        (
            regions.for_zoom(id.z).intersecting(&bounds),
            finest_level(id.z),
        )
    };
    let mut polygons = MvtLayer::new(layer, DEFAULT_EXTENT);
    let mut labels = MvtLayer::new("label", DEFAULT_EXTENT);
    for (shape, parts) in shapes.into_iter().filter(|(s, _)| s.level <= finest) {
        let props = || {
            [
                ("code", Value::from(shape.code.as_str())),
                ("name", Value::from(shape.name.as_str())),
                ("level", Value::from(shape.level)),
            ]
        };
        let feature_id = shape.code.parse::<u64>().ok();
        // Clip in degrees first (a lon/lat box is a box in Web Mercator too), so
        // only what falls in the tile is projected.
        let clipped: Vec<Polygon<f64>> = parts
            .into_iter()
            .filter_map(|p| clip::clip_polygon(p, &bounds))
            .collect();
        if !clipped.is_empty() {
            polygons.add_feature(
                feature_id,
                &transform.project(&Geometry::MultiPolygon(MultiPolygon(clipped))),
                props(),
            );
        }
        if layer != "region"
            && let Some(c) = index::label_point(shape)
            && let Some(g) = transform.project_clipped(&Geometry::Point(Point(c)))
        {
            labels.add_feature(feature_id, &g, props());
        }
    }
    for l in [polygons, labels] {
        if !l.is_empty() {
            // Names are distinct, so adding cannot fail.
            let _ = tile.add_layer(l);
        }
    }
    if tile.is_empty() {
        Vec::new()
    } else {
        tile.encode()
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The OGC query of the capabilities document.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub struct OwsQuery {
    service: Option<String>,
    request: Option<String>,
}

/// `GET /ows/cloudPlatform/wmts?SERVICE=WMTS&REQUEST=GetCapabilities`.
pub async fn capabilities(
    headers: HeaderMap,
    Query(q): Query<OwsQuery>,
) -> Result<Response, AppError> {
    let is =
        |v: &Option<String>, want: &str| v.as_deref().is_some_and(|s| s.eq_ignore_ascii_case(want));
    if !(is(&q.service, "WMTS") && is(&q.request, "GetCapabilities")) {
        return Err(AppError::bad_request(
            "仅支持 SERVICE=WMTS&REQUEST=GetCapabilities",
        ));
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("127.0.0.1:8080");
    let base = format!("http://{host}/ows/cloudPlatform/wmts");
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/xml; charset=utf-8"),
        )],
        capabilities_xml(&base),
    )
        .into_response())
}

/// The WMTS 1.0.0 capabilities: each layer, in the WebMercatorQuad matrix set.
pub fn capabilities_xml(base: &str) -> String {
    // Scale denominators of WebMercatorQuad (OGC 17-083r2): 559082264.0287178 / 2^z.
    let matrices: String = (0..=MAX_ZOOM)
        .map(|z| {
            let n = 1u32 << z;
            format!(
                "<TileMatrix><ows:Identifier>{z}</ows:Identifier><ScaleDenominator>{:.10}</ScaleDenominator>\
                 <TopLeftCorner>-20037508.3427892 20037508.3427892</TopLeftCorner><TileWidth>256</TileWidth>\
                 <TileHeight>256</TileHeight><MatrixWidth>{n}</MatrixWidth><MatrixHeight>{n}</MatrixHeight></TileMatrix>",
                559_082_264.028_717_8 / f64::from(n)
            )
        })
        .collect();
    let layers: String = LAYERS
        .iter()
        .map(|(name, title)| {
            format!(
                "<Layer><ows:Title>{title}</ows:Title><ows:Identifier>{name}</ows:Identifier>\
                 <ows:WGS84BoundingBox><ows:LowerCorner>-180 -85.051129</ows:LowerCorner><ows:UpperCorner>180 85.051129</ows:UpperCorner></ows:WGS84BoundingBox>\
                 <Style isDefault=\"true\"><ows:Identifier>default</ows:Identifier></Style>\
                 <Format>application/vnd.mapbox-vector-tile</Format>\
                 <TileMatrixSetLink><TileMatrixSet>WebMercatorQuad</TileMatrixSet></TileMatrixSetLink>\
                 <ResourceURL format=\"application/vnd.mapbox-vector-tile\" resourceType=\"tile\" template=\"{base}/{name}/{{TileMatrix}}/{{TileCol}}/{{TileRow}}.pbf\"/></Layer>"
            )
        })
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<Capabilities xmlns="http://www.opengis.net/wmts/1.0" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.0.0">
<ows:ServiceIdentification><ows:Title>rscloud cloudPlatform</ows:Title><ows:ServiceType>OGC WMTS</ows:ServiceType><ows:ServiceTypeVersion>1.0.0</ows:ServiceTypeVersion></ows:ServiceIdentification>
<Contents>{layers}<TileMatrixSet><ows:Identifier>WebMercatorQuad</ows:Identifier><ows:SupportedCRS>urn:ogc:def:crs:EPSG::3857</ows:SupportedCRS><WellKnownScaleSet>urn:ogc:def:wkss:OGC:1.0:GoogleMapsCompatible</WellKnownScaleSet>{matrices}</TileMatrixSet></Contents>
</Capabilities>
"#
    )
}
