//! Administrative regions (`/api/region/v2/...`): the country → province → city
//! → county tree with real boundaries, for pickers, map extents and clipping.
//!
//! Variants: a bare route answers regions' attributes; `/l` answers a light
//! list (`id/{id}/l`: the region with its ancestors, country first, which is what
//! filling a picker's parents needs; `pid/{id}/l`: the children as picker
//! options); `/s` answers GeoJSON with geometry simplified for display.

pub mod display;
pub mod import;
pub mod index;
pub mod layers;
pub mod store;
pub mod tree;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiPath, ApiQuery, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::vector::schema::FeatureCollection;
use store::RegionRow;

/// The region routes, under `/api/region/v2` and, identically, `/api/region/v1`
/// (the spec names both families; the old pages call v1); public: the
/// lookups behind every region picker and map.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().nest(V2, routes()).nest(V1, routes())
}

const V1: &str = "/api/region/v1";
const V2: &str = "/api/region/v2";

/// Gives the v1 copies of the region operations their own operation ids
/// (`v1_…`): OpenAPI wants every id unique.
pub fn distinguish_v1(doc: &mut utoipa::openapi::OpenApi) {
    for (path, item) in doc.paths.paths.iter_mut() {
        if !path.starts_with(V1) {
            continue;
        }
        for op in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            if let Some(id) = &op.operation_id {
                op.operation_id = Some(format!("v1_{id}"));
            }
        }
    }
}

fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(by_id))
        .routes(routes!(lineage))
        .routes(routes!(children))
        .routes(routes!(child_options))
        .routes(routes!(extent))
        .routes(routes!(children_shapes))
        .routes(routes!(shapes))
        .routes(routes!(position))
        .routes(routes!(global_regions))
}

/// A region's attributes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    /// Six-digit code; 100000 is the country.
    id: String,
    /// Full name, e.g. 湖北省.
    name: String,
    /// Short name, e.g. 湖北.
    short_name: String,
    /// 0 country, 1 province, 2 city, 3 county.
    level: i64,
    /// The parent's code; null for the country.
    parent_region_id: Option<String>,
    /// Label point [lon, lat].
    center: Option<[f64; 2]>,
    /// [min lon, min lat, max lon, max lat].
    bbox: [f64; 4],
    /// Nothing finer to choose below it (counties, and the five cities without counties).
    is_leaf: bool,
}

impl From<RegionRow> for Region {
    fn from(r: RegionRow) -> Self {
        Self {
            id: r.code,
            name: r.name,
            short_name: r.short_name,
            level: r.level,
            parent_region_id: r.parent_code,
            center: r.label.map(|(x, y)| [x, y]),
            bbox: r.bbox,
            is_leaf: r.is_leaf,
        }
    }
}

/// A picker option.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegionOption {
    /// Six-digit code.
    id: String,
    /// Full name.
    name: String,
    /// Nothing finer below it.
    is_leaf: bool,
}

/// The canonical code of a path id, or a 400.
fn code_of(id: &str) -> Result<String, AppError> {
    tree::normalize(id)
        .map(str::to_owned)
        .ok_or_else(|| AppError::bad_request(tree::BAD_CODE))
}

async fn find(state: &AppState, code: String) -> Result<RegionRow, AppError> {
    let lookup = code.clone();
    state
        .db
        .call(move |c| store::region(c, &lookup))
        .await?
        .ok_or_else(|| AppError::NotFound(format!("行政区不存在：{code}")))
}

/// One region by code (156000000 is accepted for the country).
#[utoipa::path(
    get,
    path = "/id/{id}",
    tag = "region",
    params(("id" = String, Path, description = "Six-digit region code")),
    responses(
        (status = 200, description = "The region", body = Envelope<Region>),
        (status = 400, description = "Not a region code", body = ErrorEnvelope),
        (status = 404, description = "No such region", body = ErrorEnvelope),
    )
)]
async fn by_id(
    state: axum::extract::State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Region> {
    Ok(ok(find(&state, code_of(&id)?).await?.into()))
}

/// The region and its ancestors, country first: fills a picker's parents in one call.
#[utoipa::path(
    get,
    path = "/id/{id}/l",
    tag = "region",
    params(("id" = String, Path, description = "Six-digit region code")),
    responses(
        (status = 200, description = "Country, province, city …, the region", body = Envelope<Vec<Region>>),
        (status = 400, description = "Not a region code", body = ErrorEnvelope),
        (status = 404, description = "No such region", body = ErrorEnvelope),
    )
)]
async fn lineage(
    state: axum::extract::State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Vec<Region>> {
    let first = find(&state, code_of(&id)?).await?;
    let chain = state
        .db
        .call(move |c| {
            let mut chain = vec![first];
            // At most three steps up (county → city → province → country); an
            // import without the country row simply ends at the province.
            while let Some(parent) = chain.last().and_then(|r| r.parent_code.clone()) {
                match store::region(c, &parent)? {
                    Some(p) if chain.len() < 4 => chain.push(p),
                    _ => break,
                }
            }
            Ok(chain)
        })
        .await?;
    Ok(ok(chain.into_iter().rev().map(Region::from).collect()))
}

async fn children_of(state: &AppState, id: &str) -> Result<Vec<RegionRow>, AppError> {
    let code = code_of(id)?;
    // The country needs no row of its own to have provinces.
    if code != tree::COUNTRY {
        find(state, code.clone()).await?;
    }
    Ok(state.db.call(move |c| store::children(c, &code)).await?)
}

/// The children of a region with their attributes; empty below a leaf.
#[utoipa::path(
    get,
    path = "/pid/{id}",
    tag = "region",
    params(("id" = String, Path, description = "Parent region code; 100000 lists the provinces")),
    responses(
        (status = 200, description = "The children, by code", body = Envelope<Vec<Region>>),
        (status = 400, description = "Not a region code", body = ErrorEnvelope),
        (status = 404, description = "No such region", body = ErrorEnvelope),
    )
)]
async fn children(
    state: axum::extract::State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Vec<Region>> {
    Ok(ok(children_of(&state, &id)
        .await?
        .into_iter()
        .map(Region::from)
        .collect()))
}

/// The children of a region as picker options (code, name, leaf).
#[utoipa::path(
    get,
    path = "/pid/{id}/l",
    tag = "region",
    params(("id" = String, Path, description = "Parent region code; 100000 lists the provinces")),
    responses(
        (status = 200, description = "The options, by code", body = Envelope<Vec<RegionOption>>),
        (status = 400, description = "Not a region code", body = ErrorEnvelope),
        (status = 404, description = "No such region", body = ErrorEnvelope),
    )
)]
async fn child_options(
    state: axum::extract::State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Vec<RegionOption>> {
    let rows = children_of(&state, &id).await?;
    Ok(ok(rows
        .into_iter()
        .map(|r| RegionOption {
            id: r.code,
            name: r.name,
            is_leaf: r.is_leaf,
        })
        .collect()))
}

/// The bounding box of a region: [min lon, min lat, max lon, max lat].
#[utoipa::path(
    get,
    path = "/extent/{id}",
    tag = "region",
    params(("id" = String, Path, description = "Six-digit region code")),
    responses(
        (status = 200, description = "The extent", body = Envelope<Vec<f64>>),
        (status = 400, description = "Not a region code", body = ErrorEnvelope),
        (status = 404, description = "No such region", body = ErrorEnvelope),
    )
)]
async fn extent(
    state: axum::extract::State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<[f64; 4]> {
    Ok(ok(find(&state, code_of(&id)?).await?.bbox))
}

/// The display band for drawing regions of a level together: provinces at the
/// country's scale, cities and counties finer.
fn band_for_level(level: i64) -> i64 {
    match level {
        0 | 1 => 1,
        _ => 2,
    }
}

/// Regions as a GeoJSON FeatureCollection with their display geometry.
async fn feature_collection(
    state: &AppState,
    rows: Vec<RegionRow>,
) -> Result<serde_json::Value, AppError> {
    let features = state
        .db
        .call(move |c| {
            rows.into_iter()
                .map(|r| {
                    let blob = store::display_blob(c, &r.code, band_for_level(r.level))?
                        .unwrap_or_default();
                    Ok((r, blob))
                })
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .await?;
    let features: Vec<serde_json::Value> = features
        .into_iter()
        .map(|(r, blob)| {
            let geometry = geo_kit::gpkg::decode(&blob)
                .map(|g| serde_json::to_value(geojson::Geometry::from(&g)).unwrap_or_default())
                .unwrap_or(serde_json::Value::Null);
            serde_json::json!({
                "type": "Feature",
                "id": r.code,
                "properties": Region::from(r),
                "geometry": geometry,
            })
        })
        .collect();
    Ok(serde_json::json!({ "type": "FeatureCollection", "features": features }))
}

/// The children of a region as GeoJSON with geometry simplified for display
/// (a province's counties stay well under 200 KB).
#[utoipa::path(
    get,
    path = "/pid/{id}/s",
    tag = "region",
    params(("id" = String, Path, description = "Parent region code")),
    responses(
        (status = 200, description = "GeoJSON FeatureCollection; each feature's properties are a Region", body = Envelope<FeatureCollection<Region>>),
        (status = 400, description = "Not a region code", body = ErrorEnvelope),
        (status = 404, description = "No such region", body = ErrorEnvelope),
    )
)]
async fn children_shapes(
    state: axum::extract::State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<serde_json::Value> {
    let rows = children_of(&state, &id).await?;
    Ok(ok(feature_collection(&state, rows).await?))
}

/// Most regions one `pids` call returns.
const MAX_IDS: usize = 50;

/// Several regions (comma-separated codes) as GeoJSON with display geometry.
#[utoipa::path(
    get,
    path = "/pids/{ids}/s",
    tag = "region",
    params(("ids" = String, Path, description = "Comma-separated region codes (at most 50)")),
    responses(
        (status = 200, description = "GeoJSON FeatureCollection in the order asked", body = Envelope<FeatureCollection<Region>>),
        (status = 400, description = "A malformed code, or too many", body = ErrorEnvelope),
        (status = 404, description = "An unknown region", body = ErrorEnvelope),
    )
)]
async fn shapes(
    state: axum::extract::State<AppState>,
    ApiPath(ids): ApiPath<String>,
) -> ApiResult<serde_json::Value> {
    let codes: Vec<String> = ids
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(code_of)
        .collect::<Result<_, _>>()?;
    if codes.is_empty() || codes.len() > MAX_IDS {
        return Err(AppError::bad_request(format!(
            "请提供1到{MAX_IDS}个行政区代码"
        )));
    }
    let mut rows = Vec::with_capacity(codes.len());
    for code in codes {
        rows.push(find(&state, code).await?);
    }
    Ok(ok(feature_collection(&state, rows).await?))
}

/// A point in longitude/latitude (WGS84).
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
pub struct LonLat {
    /// Longitude, degrees east.
    lon: f64,
    /// Latitude, degrees north.
    lat: f64,
}

/// The regions containing a point.
#[derive(Debug, Serialize, ToSchema)]
pub struct Position {
    /// The province, if the point is in China.
    province: Option<Region>,
    /// The city (absent for municipal districts and province-administered units).
    city: Option<Region>,
    /// The county.
    county: Option<Region>,
}

/// Which county, city and province contain a point.
#[utoipa::path(
    get,
    path = "/position",
    tag = "region",
    params(LonLat),
    responses(
        (status = 200, description = "The regions (null where none)", body = Envelope<Position>),
        (status = 400, description = "Not a longitude/latitude", body = ErrorEnvelope),
    )
)]
async fn position(
    state: axum::extract::State<AppState>,
    ApiQuery(p): ApiQuery<LonLat>,
) -> ApiResult<Position> {
    if !((-180.0..=180.0).contains(&p.lon) && (-90.0..=90.0).contains(&p.lat)) {
        return Err(AppError::bad_request(
            "经纬度超出范围（经度 -180–180，纬度 -90–90）",
        ));
    }
    let hits: Vec<(i64, String)> = state
        .regions
        .containing(p.lon, p.lat)
        .into_iter()
        .map(|s| (s.level, s.code.clone()))
        .collect();
    let rows = state
        .db
        .call(move |c| {
            hits.into_iter()
                .map(|(level, code)| Ok((level, store::region(c, &code)?)))
                .collect::<rusqlite::Result<Vec<_>>>()
        })
        .await?;
    let at = |level: i64| {
        rows.iter()
            .find(|(l, _)| *l == level)
            .and_then(|(_, r)| r.clone())
            .map(Region::from)
    };
    Ok(ok(Position {
        province: at(1),
        city: at(2),
        county: at(3),
    }))
}

/// A world country.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Country {
    /// ISO 3166 alpha-3 (-99 for the few areas without one).
    id: String,
    /// ISO 3166 numeric.
    iso_n3: String,
    /// Chinese short name.
    name: String,
    /// Chinese full name.
    full_name: String,
}

/// The world's countries and areas (Chinese names, official map).
#[utoipa::path(
    get,
    path = "/globalregion",
    tag = "region",
    responses((status = 200, description = "Every country, by name", body = Envelope<Vec<Country>>))
)]
async fn global_regions(state: axum::extract::State<AppState>) -> ApiResult<Vec<Country>> {
    let rows = state.db.call(|c| store::countries(c)).await?;
    Ok(ok(rows
        .into_iter()
        .map(|c| Country {
            id: c.iso_a3,
            iso_n3: c.iso_n3,
            name: c.name,
            full_name: c.full_name,
        })
        .collect()))
}
