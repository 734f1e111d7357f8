//! Coverage of the area of interest by the results: the union of their
//! footprints inside the area (km² on the WGS84 ellipsoid), the covered ratio,
//! what is left uncovered, a "fewest scenes" suggestion, the union area of
//! checked scenes, and both parts as zipped shapefiles.
//!
//! Ids that are not in the catalogue are refused with a 400 that lists them:
//! a selection that silently lost scenes would report a coverage the user
//! cannot reproduce.

use std::collections::HashSet;

use axum::extract::State;
use axum::response::Response;
use geo_types::{Geometry, MultiPolygon, Polygon};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::area::{self, AreaQuery};
use super::index::{SceneIndex, SceneRef};
use super::{MAX_IDS, SceneQuery};
use geo_kit::deadline::Deadline;

use crate::api::{ApiJson, ApiResult, ClientIp, Envelope, ok};
use crate::budget::heavy;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::vector::shp::{Field, Value, write_zipped};

/// Vertices at most in each geometry of an answer.
const DRAWN_VERTICES: usize = 4_000;
/// Vertices at most of the area coverage is computed on: a more detailed
/// area (an uploaded one may have 100,000) is simplified to this first. Far
/// finer than footprints tens of kilometres wide, and it bounds the work: the
/// union's edges cross a zigzag's every tooth, so the overlay grows with both.
const WORKING_VERTICES: usize = 5_000;
/// Unknown ids named in a refusal before "…".
const LISTED_UNKNOWN: usize = 10;

/// The coverage routes.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(coverage))
        .routes(routes!(coverage_by_ids))
        .routes(routes!(union_area))
        .routes(routes!(cover_shp))
        .routes(routes!(not_cover_shp))
}

/// An area of interest and checked scenes.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdsInArea {
    /// The area of interest.
    #[serde(flatten)]
    area: AreaQuery,
    /// Product ids of the checked scenes (at most 10,000).
    ids: Vec<String>,
}

/// The fewest scenes reaching the best coverage.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Suggestion {
    /// Product ids, in the order chosen.
    ids: Vec<String>,
    /// Their union inside the area, km².
    covered_area_km2: f64,
    /// Their covered share of the area, 0–1.
    ratio: f64,
}

/// How much of the area of interest the scenes cover.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Coverage {
    /// The area of interest, km² (WGS84 ellipsoid).
    aoi_area_km2: f64,
    /// The union of the footprints inside the area, km².
    covered_area_km2: f64,
    /// Covered share of the area, 0–1.
    ratio: f64,
    /// Scenes counted.
    scene_count: usize,
    /// The covered part, a GeoJSON MultiPolygon simplified for drawing.
    #[schema(value_type = crate::vector::schema::MultiPolygon)]
    covered: serde_json::Value,
    /// The uncovered part, a GeoJSON MultiPolygon simplified for drawing.
    #[schema(value_type = crate::vector::schema::MultiPolygon)]
    not_covered: serde_json::Value,
    /// The fewest scenes (newest, then least cloudy, first on ties) with the same coverage.
    suggestion: Suggestion,
}

/// The union area of scenes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnionArea {
    /// Area of the union of the footprints, km² (WGS84 ellipsoid).
    area_km2: f64,
    /// Scenes counted.
    scene_count: usize,
}

/// Scenes detached from the index, newest then least cloudy first: their
/// ids and footprints in that order.
struct Scenes {
    ids: Vec<String>,
    footprints: Vec<Polygon<f64>>,
}

/// The scenes at these positions, read in place (a whole row is not needed).
fn scenes_at(index: &SceneIndex, positions: &[usize]) -> Scenes {
    // The keys read once per scene, the ids only on a tie: comparisons that
    // read the index's columns (a million rows) missed the cache each time.
    let mut scenes: Vec<(i64, f64, SceneRef)> = positions
        .iter()
        .filter_map(|&i| index.at(i))
        .map(|s| (s.acquired_at(), s.cloud(), s))
        .collect();
    scenes.sort_by(|(a_time, a_cloud, a), (b_time, b_cloud, b)| {
        b_time
            .cmp(a_time)
            .then(a_cloud.total_cmp(b_cloud))
            .then_with(|| a.scene_id().cmp(b.scene_id()))
    });
    Scenes {
        ids: scenes
            .iter()
            .map(|(_, _, s)| s.scene_id().to_owned())
            .collect(),
        footprints: scenes.iter().map(|(_, _, s)| s.footprint()).collect(),
    }
}

/// The positions of the scenes with these ids; unknown ids are refused, listed.
pub fn positions_of(index: &SceneIndex, ids: &[String]) -> Result<Vec<usize>, AppError> {
    if ids.len() > MAX_IDS {
        return Err(AppError::bad_request(format!(
            "勾选的影像超过{MAX_IDS}景，请减少后再试"
        )));
    }
    // In order, so that each search of the index's sorted ids walks near the last.
    let mut wanted: Vec<&str> = ids.iter().map(String::as_str).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let mut positions = Vec::with_capacity(wanted.len());
    let mut missing = HashSet::new();
    for id in wanted {
        match index.positions_with_id(id).last() {
            Some(&i) => positions.push(i),
            None => {
                missing.insert(id);
            }
        }
    }
    if !missing.is_empty() {
        // Named in the order sent.
        let mut unknown: Vec<&str> = ids
            .iter()
            .map(String::as_str)
            .filter(|id| missing.contains(id))
            .collect();
        unknown.dedup();
        let more = if unknown.len() > LISTED_UNKNOWN {
            " …"
        } else {
            ""
        };
        return Err(AppError::bad_request(format!(
            "影像不存在（{} 景）：{}{more}",
            unknown.len(),
            unknown[..unknown.len().min(LISTED_UNKNOWN)].join("，")
        )));
    }
    Ok(positions)
}

fn geojson(mp: &MultiPolygon<f64>, deadline: &Deadline) -> Result<serde_json::Value, AppError> {
    let drawn = geo_kit::coverage::simplified_to(mp, DRAWN_VERTICES, deadline)?;
    Ok(
        serde_json::to_value(geojson::Geometry::from(&Geometry::MultiPolygon(drawn)))
            .unwrap_or_default(),
    )
}

/// Covered and uncovered parts of the area under the scenes, and the fewest
/// of them covering as much, computed on a working copy of the area: an
/// uploaded one may have far more detail than coverage needs.
fn covering(
    aoi: &MultiPolygon<f64>,
    scenes: &Scenes,
    deadline: &Deadline,
) -> Result<geo_kit::coverage::Coverage, AppError> {
    let aoi = geo_kit::coverage::simplified_to(aoi, WORKING_VERTICES, deadline)?;
    Ok(geo_kit::coverage::coverage(
        &aoi,
        &scenes.footprints,
        deadline,
    )?)
}

/// Coverage, uncovered part and suggestion of the scenes over the area.
fn report(
    aoi: &MultiPolygon<f64>,
    scenes: &Scenes,
    deadline: &Deadline,
) -> Result<Coverage, AppError> {
    let c = covering(aoi, scenes, deadline)?;
    Ok(Coverage {
        aoi_area_km2: c.aoi_km2,
        covered_area_km2: c.covered_km2,
        ratio: c.ratio(),
        scene_count: scenes.ids.len(),
        covered: geojson(&c.covered, deadline)?,
        not_covered: geojson(&c.not_covered, deadline)?,
        suggestion: Suggestion {
            ids: c.fewest.iter().map(|&i| scenes.ids[i].clone()).collect(),
            covered_area_km2: c.fewest_km2,
            ratio: geo_kit::coverage::ratio(c.fewest_km2, c.aoi_km2),
        },
    })
}

/// Coverage of the area by every scene the query matches (at most 10,000).
#[utoipa::path(
    post,
    path = "/api/normal/v5/coverage",
    tag = "normal",
    request_body = SceneQuery,
    responses(
        (status = 200, description = "The coverage", body = Envelope<Coverage>),
        (status = 400, description = "More than 10,000 matches, no area, or a bad filter", body = ErrorEnvelope),
        (status = 404, description = "Unknown region", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
async fn coverage(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<SceneQuery>,
) -> ApiResult<Coverage> {
    // The area is resolved once: an uploaded one is read from the database.
    let aoi = area::resolve(&state, &q.area).await?.into_area()?;
    let (filter, sort) = q.filters.compile()?;
    let index = state.scenes.now();
    heavy(&state, ip, move |deadline| {
        let hits = super::at_most_max_ids(index.search(&aoi, &filter, sort), "再统计覆盖")?;
        report(&aoi, &scenes_at(&index, &hits), deadline)
    })
    .await
    .map(ok)
}

/// Coverage of the area by the checked scenes.
#[utoipa::path(
    post,
    path = "/api/normal/v5/coveragebyids",
    tag = "normal",
    request_body = IdsInArea,
    responses(
        (status = 200, description = "The coverage", body = Envelope<Coverage>),
        (status = 400, description = "Unknown ids (listed), more than 10,000, or no area", body = ErrorEnvelope),
        (status = 404, description = "Unknown region", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
async fn coverage_by_ids(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<IdsInArea>,
) -> ApiResult<Coverage> {
    let aoi = area::resolve(&state, &q.area).await?.into_area()?;
    let index = state.scenes.now();
    heavy(&state, ip, move |deadline| {
        coverage_of_ids(&index, &q.ids, &aoi, deadline)
    })
    .await
    .map(ok)
}

/// Coverage of `aoi` by the scenes with these ids (unknown ids refused, listed): what
/// `coveragebyids` answers, for other modules' batches of scenes (push coverage).
pub fn coverage_of_ids(
    index: &SceneIndex,
    ids: &[String],
    aoi: &MultiPolygon<f64>,
    deadline: &Deadline,
) -> Result<Coverage, AppError> {
    report(aoi, &scenes_at(index, &positions_of(index, ids)?), deadline)
}

/// The area of the union of the checked scenes' footprints (no area of interest).
#[utoipa::path(
    post,
    path = "/api/normal/v5/unionarea",
    tag = "normal",
    request_body = crate::order::cart::SceneIds,
    responses(
        (status = 200, description = "The union area", body = Envelope<UnionArea>),
        (status = 400, description = "Unknown ids (listed) or more than 10,000", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
async fn union_area(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<crate::order::cart::SceneIds>,
) -> ApiResult<UnionArea> {
    let index = state.scenes.now();
    heavy(&state, ip, move |deadline| {
        let scenes = scenes_at(&index, &positions_of(&index, &q.ids)?);
        Ok(UnionArea {
            area_km2: geo_kit::coverage::area_km2(&geo_kit::coverage::union(
                &scenes.footprints,
                deadline,
            )?),
            scene_count: scenes.ids.len(),
        })
    })
    .await
    .map(ok)
}

/// A zip file (in OpenAPI: a binary string).
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
pub struct ZipFile(pub Vec<u8>);

/// Which part of the area an export holds.
#[derive(Clone, Copy)]
pub enum Part {
    /// Under the footprints' union.
    Covered,
    /// Left uncovered by it.
    NotCovered,
}

impl Part {
    /// The file name's start: `covered` or `notcovered`.
    pub fn stem(self) -> &'static str {
        match self {
            Part::Covered => "covered",
            Part::NotCovered => "notcovered",
        }
    }
}

async fn export(
    state: AppState,
    ip: Option<std::net::IpAddr>,
    q: IdsInArea,
    part: Part,
) -> Result<Response, AppError> {
    let name = format!(
        "{}_{}",
        part.stem(),
        crate::beijing::compact(crate::beijing::today())
    );
    let zip_name = name.clone();
    let aoi = area::resolve(&state, &q.area).await?.into_area()?;
    let index = state.scenes.now();
    let bytes = heavy(&state, ip, move |deadline| {
        part_shapefile(&index, &q.ids, &aoi, part, &name, deadline)
    })
    .await?;
    Ok(crate::api::attachment(
        bytes.0,
        "application/zip",
        &format!("{zip_name}.zip"),
    ))
}

/// The covered part of the area as a zipped polygon shapefile (WGS84), one
/// feature per part with its area.
#[utoipa::path(
    post,
    path = "/api/normal/v5/covershp",
    tag = "normal",
    request_body = IdsInArea,
    responses(
        (status = 200, description = "covered_YYYYMMDD.zip: .shp .shx .dbf .prj .cpg; fields part, area_km2", content_type = "application/zip", body = ZipFile),
        (status = 400, description = "Unknown ids (listed), more than 10,000, or no area", body = ErrorEnvelope),
        (status = 404, description = "Unknown region", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
async fn cover_shp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<IdsInArea>,
) -> Result<Response, AppError> {
    export(state, ip, q, Part::Covered).await
}

/// The uncovered part of the area as a zipped polygon shapefile (WGS84), one
/// feature per part with its area.
#[utoipa::path(
    post,
    path = "/api/normal/v5/notcovershp",
    tag = "normal",
    request_body = IdsInArea,
    responses(
        (status = 200, description = "notcovered_YYYYMMDD.zip: .shp .shx .dbf .prj .cpg; fields part, area_km2", content_type = "application/zip", body = ZipFile),
        (status = 400, description = "Unknown ids (listed), more than 10,000, or no area", body = ErrorEnvelope),
        (status = 404, description = "Unknown region", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
async fn not_cover_shp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<IdsInArea>,
) -> Result<Response, AppError> {
    export(state, ip, q, Part::NotCovered).await
}

/// The covered or uncovered part of `aoi` under the scenes with these ids (unknown ids
/// refused, listed) as a zip of `<name>.shp/.shx/.dbf/.prj/.cpg`: one polygon feature per
/// part with its number and area (`part`, `area_km2`).
pub fn part_shapefile(
    index: &SceneIndex,
    ids: &[String],
    aoi: &MultiPolygon<f64>,
    part: Part,
    name: &str,
    deadline: &Deadline,
) -> Result<ZipFile, AppError> {
    let scenes = scenes_at(index, &positions_of(index, ids)?);
    let c = covering(aoi, &scenes, deadline)?;
    let geometry = match part {
        Part::Covered => c.covered,
        Part::NotCovered => c.not_covered,
    };
    let fields = [
        Field::number("part", 10, 0),
        Field::number("area_km2", 18, 4),
    ];
    let features = geometry.0.iter().enumerate().map(|(i, p)| {
        (
            shapefile::Polygon::from(p.clone()),
            vec![
                Value::Number((i + 1) as f64),
                Value::Number(geo_kit::coverage::polygon_area_km2(p)),
            ],
        )
    });
    write_zipped(name, &fields, features)
        .map(ZipFile)
        .map_err(AppError::Internal)
}
