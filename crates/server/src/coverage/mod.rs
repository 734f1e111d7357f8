//! Coverage statistics (`/api/coverage/v1/…`, spec §7 `coverage v1` and
//! `statistics coverage {a}/{b}/{c}`): how much of the country, a province, a
//! city or a county the catalogue's scenes of a year or quarter cover, for a
//! resolution class and a cloud limit, region by region one level down (for
//! /statistics/coverage-statics). Public, like the image query whose scenes it
//! counts. The work is on a raster (see [`engine`]), under the heavy-work budget;
//! the covered part of a period already counted is the map layer `coverage`
//! (see [`layer`]).

pub mod engine;
pub mod layer;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiPath, ApiQuery, ApiResult, ClientIp, Envelope, ok};
use crate::budget::heavy;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use engine::Period;

/// The coverage routes, public.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(coverage_statistics))
        .routes(routes!(latest_coverage))
}

/// Which scenes count, besides the period in the path.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CoverageQuery {
    /// Resolution class of the satellite 1–4 (spec §9), or 0 / absent for all.
    #[param(minimum = 0, maximum = 4)]
    resolution: Option<u8>,
    /// Largest cloud cover counted, percent 0–100 (default 100: all).
    #[param(minimum = 0, maximum = 100)]
    cloud: Option<u8>,
}

/// How much of one region is covered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegionCoverage {
    /// Region code.
    region_id: String,
    /// Region name.
    name: String,
    /// Whether it has regions below it to drill down to.
    has_children: bool,
    /// Its area, km² (WGS84 ellipsoid, as its cells sum it).
    area_km2: f64,
    /// The covered part, km².
    covered_km2: f64,
    /// Covered share, 0–1.
    ratio: f64,
}

/// A region's coverage and that of each region one level below it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverageStatistics {
    /// Year.
    year: i32,
    /// 1–4, or 0 for the whole year.
    quarter: u8,
    /// Resolution class, 0 for all.
    resolution: u8,
    /// Largest cloud cover counted, percent.
    cloud: u8,
    /// Scenes of the period that passed the filter (over China or not).
    scenes: usize,
    /// The region asked for.
    region: RegionCoverage,
    /// The regions one level below it, by code.
    children: Vec<RegionCoverage>,
}

/// The coverage of a region and of each region one level below, for a period.
#[utoipa::path(
    get,
    path = "/api/coverage/v1/statistics/{year}/{quarter}/{regionId}",
    tag = "coverage",
    params(
        ("year" = i32, Path, description = "Year, e.g. 2025 (COVERAGE_YEAR)"),
        ("quarter" = u8, Path, description = "Quarter 1–4, 0 for the whole year (Beijing time)"),
        ("regionId" = String, Path, description = "Region code, 100000 for the whole country"),
        CoverageQuery,
    ),
    responses(
        (status = 200, description = "The region and its children", body = Envelope<CoverageStatistics>),
        (status = 400, description = "A bad year, quarter, resolution or cloud limit", body = ErrorEnvelope),
        (status = 404, description = "Unknown region", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
async fn coverage_statistics(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath((year, quarter, region)): ApiPath<(i32, u8, String)>,
    ApiQuery(query): ApiQuery<CoverageQuery>,
) -> ApiResult<CoverageStatistics> {
    let period = Period::checked(year, quarter, query.resolution, query.cloud)?;
    known_region(&state, &region)?;
    let index = state.scenes.now();
    let worker = state.clone();
    heavy(&state, ip, move |deadline| {
        let covered = worker.coverage.covered(&index, &period, deadline)?;
        let regions = &worker.regions;
        let one = |code: &str| region_coverage(&worker, &covered, code);
        let mut children: Vec<RegionCoverage> = regions
            .children(&region)
            .filter_map(|child| one(&child.code))
            .collect();
        children.sort_by(|a, b| a.region_id.cmp(&b.region_id));
        Ok(CoverageStatistics {
            year,
            quarter,
            resolution: period.resolution,
            cloud: period.cloud,
            scenes: covered.scenes,
            region: one(&region).ok_or_else(|| unknown(&region))?,
            children,
        })
    })
    .await
    .map(ok)
}

/// A region's latest coverage.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LatestCoverage {
    /// Year of the quarter.
    year: i32,
    /// The quarter, 1–4 (Beijing time): the latest one with scenes.
    quarter: u8,
    /// Scenes of the quarter.
    scenes: usize,
    /// The region.
    region: RegionCoverage,
}

/// The coverage of a region in the latest quarter with scenes (all resolutions, any cloud).
#[utoipa::path(
    get,
    path = "/api/coverage/v1/lastest/{x}",
    tag = "coverage",
    params(("x" = String, Path, description = "Region code, 100000 for the whole country")),
    responses(
        (status = 200, description = "The latest quarter's coverage; null when the catalogue has no scenes", body = Envelope<Option<LatestCoverage>>),
        (status = 404, description = "Unknown region", body = ErrorEnvelope),
        (status = 429, description = "The address already runs its share of heavy requests", body = ErrorEnvelope),
        (status = 503, description = "Too many heavy requests, or over the time limit", body = ErrorEnvelope),
    )
)]
async fn latest_coverage(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiPath(region): ApiPath<String>,
) -> ApiResult<Option<LatestCoverage>> {
    known_region(&state, &region)?;
    let index = state.scenes.now();
    // The newest scene's Beijing quarter (times run in order in the index).
    let Some(newest) = index
        .newest(&crate::normal::index::Filter::default(), 1)
        .first()
        .and_then(|&i| index.at(i))
        .map(|s| s.acquired_at())
    else {
        return Ok(ok(None));
    };
    let month = crate::beijing::month_number(newest);
    let (year, quarter) = (
        month.div_euclid(12) as i32,
        (month.rem_euclid(12) / 3 + 1) as u8,
    );
    let period = Period {
        year,
        quarter,
        resolution: 0,
        cloud: engine::ANY_CLOUD,
    };
    let worker = state.clone();
    heavy(&state, ip, move |deadline| {
        let covered = worker.coverage.covered(&index, &period, deadline)?;
        Ok(Some(LatestCoverage {
            year,
            quarter,
            scenes: covered.scenes,
            region: region_coverage(&worker, &covered, &region).ok_or_else(|| unknown(&region))?,
        }))
    })
    .await
    .map(ok)
}

fn unknown(code: &str) -> AppError {
    AppError::NotFound(format!("行政区不存在：{code}"))
}

/// 404 for a code no region boundary has, before any work.
fn known_region(state: &AppState, code: &str) -> Result<(), AppError> {
    state
        .regions
        .shape(code)
        .map(|_| ())
        .ok_or_else(|| unknown(code))
}

fn region_coverage(
    state: &AppState,
    covered: &engine::Covered,
    code: &str,
) -> Option<RegionCoverage> {
    let shape = state.regions.shape(code)?;
    let zone = state.coverage.zone(&state.regions, code)?;
    let m = covered.measure(&zone);
    Some(RegionCoverage {
        region_id: shape.code.clone(),
        name: shape.name.clone(),
        has_children: state.regions.has_children(code),
        area_km2: m.area_km2,
        covered_km2: m.covered_km2,
        ratio: m.ratio(),
    })
}
