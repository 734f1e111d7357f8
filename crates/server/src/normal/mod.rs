//! Image query (`/api/normal/v5/...`): find the scenes over an area of interest
//! chosen by region, map rectangle or drawn polygon, with time, cloud,
//! satellite/sensor and availability filters, paged.

pub mod import;
pub mod index;
pub mod store;

use std::collections::HashMap;

use geo_types::{Geometry, MultiPolygon, Rect, coord};
use serde::{Deserialize, Serialize};
use time::format_description::well_known::Rfc3339;
use time::{Date, OffsetDateTime, Time, UtcOffset};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiJson, ApiResult, Envelope, ok};
use crate::error::AppError;
use crate::state::AppState;
use index::{Filter, Sort};

/// The image-query routes (the satellite catalogue route lives in `catalogue`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(normal_meta))
        .routes(routes!(all_ids))
}

/// Select modes (spec §4).
pub mod select_mode {
    /// By administrative region (`regionId`).
    pub const REGION: u8 = 1;
    /// By map rectangle (`extent`).
    pub const EXTENT: u8 = 2;
    /// By uploaded shapefile (comes with uploads).
    pub const SHP: u8 = 3;
    /// By polygon drawn on the map (`geojson`).
    pub const DRAW: u8 = 4;
    /// By uploaded file-name or path/row list (comes with uploads).
    pub const FILE: u8 = 5;
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
    /// 1 region, 2 extent, 4 drawn polygon.
    select_mode: u8,
    /// Region code, with mode 1.
    region_id: Option<String>,
    /// [min lon, min lat, max lon, max lat], with mode 2.
    extent: Option<[f64; 4]>,
    /// A GeoJSON Polygon or MultiPolygon (geometry or Feature), with mode 4.
    #[schema(value_type = Object)]
    geojson: Option<serde_json::Value>,
    /// First day (YYYY-MM-DD, Beijing time) or instant (RFC 3339).
    start_time: Option<String>,
    /// Last day (YYYY-MM-DD, inclusive, Beijing time) or instant (RFC 3339).
    end_time: Option<String>,
    /// Largest cloud cover kept, percent.
    cloud_max: Option<f64>,
    /// Satellites and sensors; none: every satellite.
    #[serde(default)]
    satellites: Vec<SatelliteChoice>,
    /// true: only scenes available now; false: only archived ones.
    online: Option<bool>,
    /// `time` (newest first, default) or `cloud` (least cloudy first).
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
    #[schema(value_type = Object)]
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

const BEIJING: UtcOffset = match UtcOffset::from_hms(8, 0, 0) {
    Ok(o) => o,
    Err(_) => UtcOffset::UTC,
};

/// A day (Beijing time) or an instant as unix seconds; `end` takes the day's last second.
fn instant(text: &str, end: bool) -> Result<i64, AppError> {
    let text = text.trim();
    if let Ok(t) = OffsetDateTime::parse(text, &Rfc3339) {
        return Ok(t.unix_timestamp());
    }
    let day = Date::parse(
        text,
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .map_err(|_| AppError::bad_request(format!("时间格式错误：{text}（应为 YYYY-MM-DD）")))?;
    let t = if end {
        Time::from_hms(23, 59, 59).unwrap_or(Time::MIDNIGHT)
    } else {
        Time::MIDNIGHT
    };
    Ok(day.with_time(t).assume_offset(BEIJING).unix_timestamp())
}

/// The area of interest of a query, or a Chinese message saying what is missing.
fn area_of_interest(state: &AppState, q: &SceneQuery) -> Result<MultiPolygon<f64>, AppError> {
    match q.select_mode {
        select_mode::REGION => {
            let id = q
                .region_id
                .as_deref()
                .ok_or_else(|| AppError::bad_request("请选择行政区"))?;
            let code = crate::region::tree::normalize(id)
                .ok_or_else(|| AppError::bad_request("行政区代码须为6位数字（全国为100000）"))?;
            state
                .regions
                .shape(code)
                .map(|s| s.geom.clone())
                .ok_or_else(|| AppError::NotFound(format!("行政区不存在：{code}")))
        }
        select_mode::EXTENT => {
            let [x0, y0, x1, y1] = q
                .extent
                .ok_or_else(|| AppError::bad_request("请在地图上框选范围"))?;
            let ok = x0 < x1
                && y0 < y1
                && (-180.0..=180.0).contains(&x0)
                && (-180.0..=180.0).contains(&x1)
                && (-90.0..=90.0).contains(&y0)
                && (-90.0..=90.0).contains(&y1);
            if !ok {
                return Err(AppError::bad_request(
                    "框选范围无效：应为 [最小经度, 最小纬度, 最大经度, 最大纬度]",
                ));
            }
            Ok(MultiPolygon(vec![
                Rect::new(coord! {x: x0, y: y0}, coord! {x: x1, y: y1}).to_polygon(),
            ]))
        }
        select_mode::DRAW => {
            let value = q
                .geojson
                .clone()
                .ok_or_else(|| AppError::bad_request("请在地图上绘制范围"))?;
            let drawn =
                || AppError::bad_request("绘制的范围应为多边形（GeoJSON Polygon 或 MultiPolygon）");
            let geometry =
                match serde_json::from_value::<geojson::GeoJson>(value).map_err(|_| drawn())? {
                    geojson::GeoJson::Geometry(g) => g,
                    geojson::GeoJson::Feature(f) => f.geometry.ok_or_else(drawn)?,
                    geojson::GeoJson::FeatureCollection(_) => return Err(drawn()),
                };
            match Geometry::<f64>::try_from(geometry).map_err(|_| drawn())? {
                Geometry::Polygon(p) => Ok(MultiPolygon(vec![p])),
                Geometry::MultiPolygon(mp) => Ok(mp),
                _ => Err(drawn()),
            }
        }
        select_mode::SHP | select_mode::FILE => {
            Err(AppError::bad_request("上传文件查询将随上传功能提供"))
        }
        other => Err(AppError::bad_request(format!(
            "查询方式无效：{other}（1 行政区，2 框选，4 绘制）"
        ))),
    }
}

/// Runs a query: the positions of the matching scenes in order.
fn run(state: &AppState, q: &SceneQuery) -> Result<Vec<usize>, AppError> {
    let aoi = area_of_interest(state, q)?;
    let mut satellites = HashMap::new();
    for choice in &q.satellites {
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
        from: q
            .start_time
            .as_deref()
            .map(|t| instant(t, false))
            .transpose()?,
        to: q
            .end_time
            .as_deref()
            .map(|t| instant(t, true))
            .transpose()?,
        cloud_max: q.cloud_max,
        online: q.online,
    };
    let sort = match q.sort.as_deref() {
        None | Some("time") => Sort::Time,
        Some("cloud") => Sort::Cloud,
        Some(other) => {
            return Err(AppError::bad_request(format!(
                "排序方式无效：{other}（time 或 cloud）"
            )));
        }
    };
    Ok(state.scenes.search(&aoi, &filter, sort))
}

fn item(s: &store::SceneRow) -> SceneItem {
    SceneItem {
        id: s.scene_id.clone(),
        file_name: s.file_name.clone(),
        satellite: s.satellite.clone(),
        sensor: s.sensor.clone(),
        acquired_at: OffsetDateTime::from_unix_timestamp(s.acquired_at)
            .ok()
            .and_then(|t| t.format(&Rfc3339).ok())
            .unwrap_or_default(),
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
        (status = 400, description = "No area, a bad filter or page", body = Envelope<Option<String>>),
        (status = 404, description = "Unknown region", body = Envelope<Option<String>>),
    )
)]
async fn normal_meta(
    state: axum::extract::State<AppState>,
    ApiJson(q): ApiJson<SceneQuery>,
) -> ApiResult<ScenePage> {
    let page_num = q.page_num.unwrap_or(1);
    let page_size = q.page_size.unwrap_or(20);
    if page_num == 0 || !(1..=100).contains(&page_size) {
        return Err(AppError::bad_request(
            "分页参数无效：pageNum 从 1 开始，pageSize 为 1–100",
        ));
    }
    let hits = run(&state, &q)?;
    let start = (page_num as usize - 1).saturating_mul(page_size as usize);
    let list = hits
        .iter()
        .skip(start)
        .take(page_size as usize)
        .filter_map(|&i| state.scenes.get(i))
        .map(item)
        .collect();
    Ok(ok(ScenePage {
        total: hits.len(),
        page_num,
        page_size,
        list,
    }))
}

/// The most ids `allids` answers; a larger result asks for a narrower query.
const MAX_IDS: usize = 10_000;

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
        (status = 400, description = "More than 10,000 matches, no area, or a bad filter", body = Envelope<Option<String>>),
    )
)]
async fn all_ids(
    state: axum::extract::State<AppState>,
    ApiJson(q): ApiJson<SceneQuery>,
) -> ApiResult<AllIds> {
    let hits = run(&state, &q)?;
    if hits.len() > MAX_IDS {
        return Err(AppError::bad_request(format!(
            "结果超过{MAX_IDS}景，请缩小查询范围后再全选"
        )));
    }
    let ids = hits
        .iter()
        .filter_map(|&i| state.scenes.get(i))
        .map(|s| s.scene_id.clone())
        .collect();
    Ok(ok(AllIds {
        total: hits.len(),
        ids,
    }))
}
