//! Image query (`/api/normal/v5/...`): find the scenes over an area of interest
//! chosen by region, map rectangle, drawn polygon or uploaded file, or named
//! in an uploaded list, with time, cloud, satellite/sensor and availability
//! filters, paged.

pub mod area;
pub mod coverage;
pub mod import;
pub mod index;
pub mod lists;
pub mod live;
pub mod quicklook;
pub mod recent;
pub mod store;
pub mod upload;

use std::collections::HashMap;

use geo_types::Geometry;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiJson, ApiResult, Envelope, from_name, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use area::{AreaQuery, Selection};
use index::{Filter, SceneIndex, Sort};

/// The image-query routes (the satellite catalogue route lives in `catalogue`),
/// public: the image query is open to visitors (spec §6 lists the login-only
/// pages, and it is not one of them).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(normal_meta))
        .routes(routes!(all_ids))
        .merge(quicklook::router())
        .merge(coverage::router())
        .merge(upload::router())
        .merge(lists::router())
}

/// One satellite and the sensors chosen of it (none: all of them).
#[derive(Debug, Deserialize, ToSchema)]
pub struct SatelliteChoice {
    /// Catalogue value, e.g. GF1.
    satellite: String,
    /// Sensor ids, e.g. PMS1; empty for all.
    #[serde(default)]
    sensors: Vec<String>,
}

/// A search.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SceneQuery {
    /// Where to search.
    #[serde(flatten)]
    area: AreaQuery,
    /// What to keep, in which order, which page.
    #[serde(flatten)]
    filters: SceneFilters,
}

/// The filters, order and page of a search, whatever selects its scenes.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SceneFilters {
    /// First day (YYYY-MM-DD, Beijing time) or instant (RFC 3339).
    start_time: Option<String>,
    /// Last day (YYYY-MM-DD, inclusive, Beijing time) or instant (RFC 3339).
    end_time: Option<String>,
    /// Largest cloud cover kept, percent.
    cloud_max: Option<f64>,
    /// Satellites and sensors; none: every satellite.
    #[serde(default)]
    satellites: Vec<SatelliteChoice>,
    /// Resolution classes of the satellite (1 ≤ 1 m, 2 1–4 m, 3 4–16 m, 4 over 16 m); none: all.
    #[serde(default)]
    resolutions: Vec<u8>,
    /// Satellite types (1 optical, 2 hyperspectral, 3 radar, 4 laser, 5 gravity); none: all.
    #[serde(default)]
    types: Vec<u8>,
    /// true: only scenes available now; false: only archived ones.
    online: Option<bool>,
    /// `time` (newest first, default) or `cloud` (least cloudy first).
    // A name, checked by `compile` so that a wrong one gets its Chinese message.
    #[schema(value_type = Option<Sort>)]
    sort: Option<String>,
    /// Page, from 1 (default 1).
    page_num: Option<u32>,
    /// Rows per page, 1–100 (default 20).
    page_size: Option<u32>,
}

/// One scene in a result list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SceneItem {
    /// Product id.
    id: String,
    /// Delivered file name.
    file_name: String,
    /// Satellite value.
    satellite: String,
    /// Sensor id.
    sensor: String,
    /// Acquisition time, RFC 3339 UTC.
    acquired_at: String,
    /// Cloud cover, percent.
    cloud: f64,
    /// Ground resolution, metres.
    resolution: Option<f64>,
    /// Product level.
    product_level: Option<String>,
    /// Orbit path.
    path: Option<i64>,
    /// Orbit row.
    row: Option<i64>,
    /// Quick-look image URL.
    quicklook: Option<String>,
    /// Size, MB.
    size_mb: Option<f64>,
    /// Available for immediate delivery.
    online: bool,
    /// Generated for the demo.
    demo: bool,
    /// Footprint as a GeoJSON Polygon.
    #[schema(value_type = crate::vector::schema::Polygon)]
    footprint: serde_json::Value,
}

/// A page of results.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenePage {
    /// Scenes matching, over all pages.
    total: usize,
    /// This page, from 1.
    page_num: u32,
    /// Rows per page.
    page_size: u32,
    /// The rows.
    list: Vec<SceneItem>,
}

impl SceneFilters {
    /// The page asked for: number from 1, size 1–100.
    fn page(&self) -> Result<(u32, u32), AppError> {
        let page = crate::api::Paging::of(self.page_num, self.page_size)?;
        Ok((page.num, page.size))
    }

    /// The index filter and order these ask for.
    fn compile(&self) -> Result<(Filter, Sort), AppError> {
        let mut satellites = HashMap::new();
        for choice in &self.satellites {
            if crate::catalogue::satellite(&choice.satellite).is_none() {
                return Err(AppError::bad_request(format!(
                    "卫星不存在：{}",
                    choice.satellite
                )));
            }
            satellites.insert(choice.satellite.clone(), choice.sensors.clone());
        }
        let filter = Filter {
            satellites,
            from: self
                .start_time
                .as_deref()
                .map(|t| crate::beijing::instant(t, false))
                .transpose()?,
            to: self
                .end_time
                .as_deref()
                .map(|t| crate::beijing::instant(t, true))
                .transpose()?,
            cloud_max: self.cloud_max,
            online: self.online,
            resolutions: codes(&self.resolutions, 1..=4, "分辨率等级")?,
            types: codes(&self.types, 1..=5, "卫星类型")?,
        };
        let sort = match self.sort.as_deref() {
            None => Sort::Time,
            Some(name) => from_name(name).ok_or_else(|| {
                AppError::bad_request(format!("排序方式无效：{name}（time 或 cloud）"))
            })?,
        };
        Ok((filter, sort))
    }
}

/// Codes outside `range` in a list, refused with `what` named.
fn codes(
    list: &[u8],
    range: std::ops::RangeInclusive<u8>,
    what: &str,
) -> Result<Vec<u8>, AppError> {
    match list.iter().find(|c| !range.contains(c)) {
        Some(bad) => Err(AppError::bad_request(format!(
            "{what}无效：{bad}（应为 {}–{}）",
            range.start(),
            range.end()
        ))),
        None => Ok(list.to_vec()),
    }
}

/// Runs a query: the positions of the matching scenes in order.
async fn run(
    state: &AppState,
    scenes: &SceneIndex,
    q: &SceneQuery,
) -> Result<Vec<usize>, AppError> {
    let (filter, sort) = q.filters.compile()?;
    Ok(match area::resolve(state, &q.area).await? {
        Selection::Area(aoi) => scenes.search(&aoi, &filter, sort),
        Selection::List(list) => lists::select(scenes, &list, &filter, sort),
    })
}

/// Where page `page_num` of `page_size` rows starts in an ordered result.
fn page_start(page_num: u32, page_size: u32) -> usize {
    (page_num as usize - 1).saturating_mul(page_size as usize)
}

/// A page of an ordered result: the positions on page `page_num` of `page_size` rows.
fn page_in(hits: &[usize], page_num: u32, page_size: u32) -> &[usize] {
    let start = page_start(page_num, page_size).min(hits.len());
    &hits[start..hits.len().min(start.saturating_add(page_size as usize))]
}

/// Runs a query for one page: the total, and the positions on page
/// `page_num` (an area search sorts only as far as that page).
async fn run_page(
    state: &AppState,
    scenes: &SceneIndex,
    q: &SceneQuery,
    page_num: u32,
    page_size: u32,
) -> Result<(usize, Vec<usize>), AppError> {
    let (filter, sort) = q.filters.compile()?;
    let offset = page_start(page_num, page_size);
    Ok(match area::resolve(state, &q.area).await? {
        Selection::Area(aoi) => scenes.search_page(&aoi, &filter, sort, offset, page_size as usize),
        Selection::List(list) => {
            let hits = lists::select(scenes, &list, &filter, sort);
            (hits.len(), page_in(&hits, page_num, page_size).to_vec())
        }
    })
}

/// Positions of one page as result rows, with the total.
fn page_of(
    scenes: &SceneIndex,
    total: usize,
    page: &[usize],
    page_num: u32,
    page_size: u32,
) -> ScenePage {
    let list = page
        .iter()
        .filter_map(|&i| scenes.get(i))
        .map(|s| item(&s))
        .collect();
    ScenePage {
        total,
        page_num,
        page_size,
        list,
    }
}

fn item(s: &store::SceneRow) -> SceneItem {
    SceneItem {
        id: s.scene_id.clone(),
        file_name: s.file_name.clone(),
        satellite: s.satellite.clone(),
        sensor: s.sensor.clone(),
        acquired_at: crate::api::rfc3339(s.acquired_at),
        cloud: s.cloud,
        resolution: s.resolution_m,
        product_level: s.product_level.clone(),
        path: s.path,
        row: s.row,
        quicklook: s.quicklook.clone(),
        size_mb: s.size_mb,
        online: s.online,
        demo: s.demo,
        footprint: serde_json::to_value(geojson::Geometry::from(&Geometry::Polygon(
            s.footprint.clone(),
        )))
        .unwrap_or_default(),
    }
}

/// The scenes over an area of interest, a page at a time, with the exact total.
#[utoipa::path(
    post,
    path = "/api/normal/v5/normalmeta",
    tag = "normal",
    request_body = SceneQuery,
    responses(
        (status = 200, description = "A page of scenes", body = Envelope<ScenePage>),
        (status = 400, description = "No area, a bad filter or page", body = ErrorEnvelope),
        (status = 404, description = "Unknown region, or an upload expired or unknown", body = ErrorEnvelope),
    )
)]
async fn normal_meta(
    state: axum::extract::State<AppState>,
    ApiJson(q): ApiJson<SceneQuery>,
) -> ApiResult<ScenePage> {
    let (page_num, page_size) = q.filters.page()?;
    let scenes = state.scenes.now();
    let (total, page) = run_page(&state, &scenes, &q, page_num, page_size).await?;
    Ok(ok(page_of(&scenes, total, &page, page_num, page_size)))
}

/// The most ids `allids` answers and coverage counts; a larger result asks for a narrower query.
const MAX_IDS: usize = 10_000;

/// A result used whole at once: at most [`MAX_IDS`] scenes, else a 400
/// asking to narrow the query before `then` (e.g. 再全选).
fn at_most_max_ids(hits: Vec<usize>, then: &str) -> Result<Vec<usize>, AppError> {
    if hits.len() > MAX_IDS {
        return Err(AppError::bad_request(format!(
            "结果超过{MAX_IDS}景，请缩小查询范围后{then}"
        )));
    }
    Ok(hits)
}

/// Every matching scene id (for "select all").
#[derive(Debug, Serialize, ToSchema)]
pub struct AllIds {
    /// How many match.
    total: usize,
    /// Their product ids, in the query's order.
    ids: Vec<String>,
}

/// Every scene id a query matches, for selecting all results at once.
#[utoipa::path(
    post,
    path = "/api/normal/v5/allids",
    tag = "normal",
    request_body = SceneQuery,
    responses(
        (status = 200, description = "The ids", body = Envelope<AllIds>),
        (status = 400, description = "More than 10,000 matches, no area, or a bad filter", body = ErrorEnvelope),
    )
)]
async fn all_ids(
    state: axum::extract::State<AppState>,
    ApiJson(q): ApiJson<SceneQuery>,
) -> ApiResult<AllIds> {
    let scenes = state.scenes.now();
    let hits = at_most_max_ids(run(&state, &scenes, &q).await?, "再全选")?;
    let ids = hits
        .iter()
        .filter_map(|&i| scenes.scene_id(i))
        .map(str::to_owned)
        .collect();
    Ok(ok(AllIds {
        total: hits.len(),
        ids,
    }))
}
