//! Satellite pages' data (`/api/satellite/...`, spec §7 `satellite image now/{x}`):
//! the latest scenes of one catalogue satellite, and how many scenes the image
//! catalogue holds per satellite and per month. Public, like the image query
//! whose scenes they count (spec §6 does not list it among the login pages).
//! Both are answered from the in-memory scene index, not the scene table: the
//! counts are made once per catalogue (each import brings a new one), so a
//! public page view costs no scan of a million rows.

pub mod demo;
mod months;

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiPath, ApiQuery, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::normal::index::Filter;
use crate::state::AppState;

/// The satellite data routes, public.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(image_now))
        .routes(routes!(scene_statistics))
}

/// Most scenes `image/now` answers at once.
pub const MAX_LATEST: u32 = 50;
/// Scenes `image/now` answers without `size`.
const DEFAULT_LATEST: u32 = 12;

/// How many of the latest scenes to answer.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LatestQuery {
    /// Scenes to answer, 1–50 (default 12).
    #[param(minimum = 1, maximum = 50)]
    size: Option<u32>,
}

/// One of a satellite's latest scenes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LatestScene {
    /// Product id.
    id: String,
    /// Sensor id, e.g. PMS1.
    sensor: String,
    /// Acquisition time, RFC 3339 UTC.
    acquired_at: String,
    /// Cloud cover, percent.
    cloud: f64,
    /// Quick-look image URL, as the image query gives it.
    quicklook: Option<String>,
}

/// A satellite's latest scenes.
#[derive(Debug, Serialize, ToSchema)]
pub struct LatestScenes {
    /// Catalogue value, e.g. GF1.
    satellite: String,
    /// The scenes, newest first.
    list: Vec<LatestScene>,
}

/// The latest scenes the image catalogue holds of a satellite, newest first.
#[utoipa::path(
    get,
    path = "/api/satellite/image/now/{x}",
    tag = "satellite",
    params(("x" = String, Path, description = "Catalogue value, e.g. GF1"), LatestQuery),
    responses(
        (status = 200, description = "The newest scenes, at most `size`", body = Envelope<LatestScenes>),
        (status = 400, description = "`size` outside 1–50", body = ErrorEnvelope),
        (status = 404, description = "Not a satellite of the catalogue", body = ErrorEnvelope),
    )
)]
async fn image_now(
    state: axum::extract::State<AppState>,
    ApiPath(x): ApiPath<String>,
    ApiQuery(query): ApiQuery<LatestQuery>,
) -> ApiResult<LatestScenes> {
    let size = query.size.unwrap_or(DEFAULT_LATEST);
    if !(1..=MAX_LATEST).contains(&size) {
        return Err(AppError::bad_request(format!(
            "数量（size）应为 1 到 {MAX_LATEST}"
        )));
    }
    let satellite = crate::catalogue::satellite(&x)
        .ok_or_else(|| AppError::NotFound(format!("卫星不存在：{x}")))?
        .value;
    let index = state.scenes.now();
    let filter = Filter {
        satellites: [(satellite.to_owned(), Vec::new())].into(),
        ..Filter::default()
    };
    let list = index
        .newest(&filter, size as usize)
        .into_iter()
        .filter_map(|i| index.get(i))
        .map(|s| LatestScene {
            acquired_at: crate::api::rfc3339(s.acquired_at),
            id: s.scene_id,
            sensor: s.sensor,
            cloud: s.cloud,
            quicklook: s.quicklook,
        })
        .collect();
    Ok(ok(LatestScenes {
        satellite: satellite.to_owned(),
        list,
    }))
}

/// Most months `statistics` counts back.
pub const MAX_MONTHS: u32 = 120;
/// Months counted without `months`.
const DEFAULT_MONTHS: u32 = 24;

/// Which months to count.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatisticsQuery {
    /// Months counted back, this month (Beijing) included, 1–120 (default 24).
    #[param(minimum = 1, maximum = 120)]
    months: Option<u32>,
}

/// How many scenes a satellite has.
#[derive(Debug, Serialize, ToSchema)]
pub struct SatelliteScenes {
    /// Catalogue value.
    satellite: String,
    /// Scenes held, all time.
    scenes: i64,
}

/// How many scenes a satellite took in one month.
#[derive(Debug, Serialize, ToSchema)]
pub struct MonthScenes {
    /// Catalogue value.
    satellite: String,
    /// Month, `YYYY-MM`, Beijing time.
    #[schema(example = "2025-06")]
    month: String,
    /// Scenes acquired that month.
    scenes: i64,
}

/// Scene counts of the image catalogue.
#[derive(Debug, Serialize, ToSchema)]
pub struct SceneStatistics {
    /// Every catalogue satellite with at least one scene, in catalogue order.
    satellites: Vec<SatelliteScenes>,
    /// First month counted, `YYYY-MM`.
    from: String,
    /// Last month counted (this month), `YYYY-MM`.
    to: String,
    /// Scenes per satellite and month within `from`–`to`; months without scenes are left out.
    months: Vec<MonthScenes>,
}

/// How many scenes the image catalogue holds per satellite, and per satellite and month.
#[utoipa::path(
    get,
    path = "/api/satellite/statistics",
    tag = "satellite",
    params(StatisticsQuery),
    responses(
        (status = 200, description = "The counts", body = Envelope<SceneStatistics>),
        (status = 400, description = "`months` outside 1–120", body = ErrorEnvelope),
    )
)]
async fn scene_statistics(
    state: axum::extract::State<AppState>,
    ApiQuery(query): ApiQuery<StatisticsQuery>,
) -> ApiResult<SceneStatistics> {
    let count = query.months.unwrap_or(DEFAULT_MONTHS);
    if !(1..=MAX_MONTHS).contains(&count) {
        return Err(AppError::bad_request(format!(
            "月数（months）应为 1 到 {MAX_MONTHS}"
        )));
    }
    let window = months::Window::ending(crate::beijing::today(), count);
    let index = state.scenes.now();
    // Only catalogue satellites are named: the answer stays bounded by the catalogue.
    let mut counts: Vec<_> = index
        .scene_counts()
        .iter()
        .filter_map(|c| Some((crate::catalogue::satellite(&c.satellite)?.index, c)))
        .collect();
    counts.sort_by_key(|(order, _)| *order);
    let satellites = counts
        .iter()
        .map(|(_, c)| SatelliteScenes {
            satellite: c.satellite.clone(),
            scenes: c.scenes as i64,
        })
        .collect();
    let mut months: Vec<MonthScenes> = counts
        .iter()
        .flat_map(|(_, c)| {
            c.months
                .iter()
                .filter(|(month, _)| window.contains(**month))
                .map(|(month, n)| MonthScenes {
                    satellite: c.satellite.clone(),
                    month: crate::beijing::month_label(*month),
                    scenes: *n as i64,
                })
        })
        .collect();
    months.sort_by(|a, b| (&a.satellite, &a.month).cmp(&(&b.satellite, &b.month)));
    Ok(ok(SceneStatistics {
        satellites,
        from: window.first_label(),
        to: window.last_label(),
        months,
    }))
}
