//! Passes and imaging opportunities over an area (`region`, `shp`, `csj`)
//! and their exports (iCalendar, CSV).

use axum::extract::State;
use axum::response::Response;
use geo_types::MultiPolygon;
use orbit::PassOptions;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::plan::{self, MAX_WINDOW_SECONDS, Skipped};
use super::{calendar, store};
use crate::api::{ApiJson, ApiResult, ClientIp, Envelope, attachment, ok};
use crate::beijing;
use crate::budget::heavy;
use crate::error::{AppError, ErrorEnvelope};
use crate::normal::area::{self, AreaQuery};
use crate::state::AppState;

/// The satellites and the window of a prediction.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Choice {
    /// Catalogue `value`s, 1 to 200, e.g. `["GF1", "GF2", "ZY3-02"]`.
    pub satellites: Vec<String>,
    /// Window start: an RFC 3339 instant, or a day `YYYY-MM-DD` (Beijing, from its midnight).
    pub start: String,
    /// Window end: an RFC 3339 instant, or a day (to its last second); at most 30 days after `start`.
    pub end: String,
}

/// Passes over a region.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegionPasses {
    /// Region code, e.g. `420000`.
    pub region_id: String,
    /// Satellites and window.
    #[serde(flatten)]
    pub choice: Choice,
}

/// Passes over an uploaded area.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadPasses {
    /// The `uploadId` of `/api/normal/v5/upload/shp` (the image query's upload formats).
    pub upload_id: String,
    /// Satellites and window.
    #[serde(flatten)]
    pub choice: Choice,
}

/// Imaging opportunities over an area given as the image query gives one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpportunityQuery {
    /// The area: region, rectangle, uploaded area or drawn polygon (select modes 1–4).
    #[serde(flatten)]
    pub area: AreaQuery,
    /// Satellites and window.
    #[serde(flatten)]
    pub choice: Choice,
    /// Lowest sun elevation for optical imaging, degrees (default: the configured one).
    #[schema(minimum = -18, maximum = 90)]
    pub min_sun_elevation_deg: Option<f64>,
}

/// One pass of a satellite over the area.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PassRow {
    /// The catalogue's `value`.
    pub satellite: String,
    /// Its Chinese name.
    pub label: String,
    /// NORAD catalogue number.
    pub norad_id: u32,
    /// 1 optical, 2 hyperspectral, 3 radar, 4 laser, 5 gravity.
    #[serde(rename = "type")]
    pub kind: u8,
    /// First instant the swath (or reach) touches the area, RFC 3339 Beijing time.
    pub start: String,
    /// Last instant, RFC 3339 Beijing time.
    pub end: String,
    /// When the satellite is closest to the area's centre, RFC 3339 Beijing time.
    pub closest: String,
    /// Length of the pass, seconds.
    pub duration_s: f64,
    /// Off-nadir angle needed then to see the area's centre, degrees.
    pub off_nadir_deg: f64,
    /// The satellite's elevation seen from the area's centre then, degrees.
    pub elevation_deg: f64,
    /// The sun's elevation at the area's centre then, degrees.
    pub sun_elevation_deg: f64,
    /// Moving north (ascending) or south (descending).
    pub ascending: bool,
    /// The sun is at least at the threshold elevation.
    pub daylight: bool,
}

/// The passes of a prediction.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PassList {
    /// Window start, RFC 3339 Beijing time.
    pub start: String,
    /// Window end, RFC 3339 Beijing time.
    pub end: String,
    /// The point off-nadir angles aim at: the area's centroid, [lon, lat].
    pub centre: [f64; 2],
    /// Imaging opportunities (swath and off-nadir reach, daylight for optical)
    /// rather than passes of the nadir swath.
    pub opportunities: bool,
    /// The sun elevation that counts as daylight, degrees.
    pub min_sun_elevation_deg: f64,
    /// Passes by start time.
    pub passes: Vec<PassRow>,
    /// Satellites left out, and why.
    pub skipped: Vec<Skipped>,
}

/// Passes of the nadir swath over a region.
#[utoipa::path(
    post,
    path = "/api/sateorbit/v2/region",
    tag = "sateorbit",
    request_body = RegionPasses,
    responses(
        (status = 200, description = "The passes by start time", body = Envelope<PassList>),
        (status = 400, description = "Bad window, satellites or region", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "Unknown region", body = ErrorEnvelope),
    )
)]
pub async fn region(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<RegionPasses>,
) -> ApiResult<PassList> {
    let area = area::resolve(&state, &AreaQuery::region(q.region_id))
        .await?
        .into_area()?;
    predict(&state, ip, area, q.choice, None).await.map(ok)
}

/// Passes of the nadir swath over an uploaded area.
#[utoipa::path(
    post,
    path = "/api/sateorbit/v2/shp",
    tag = "sateorbit",
    request_body = UploadPasses,
    responses(
        (status = 200, description = "The passes by start time", body = Envelope<PassList>),
        (status = 400, description = "Bad window, satellites or upload", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "The upload expired or is unknown", body = ErrorEnvelope),
    )
)]
pub async fn shp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<UploadPasses>,
) -> ApiResult<PassList> {
    let area = area::resolve(&state, &AreaQuery::upload(q.upload_id))
        .await?
        .into_area()?;
    predict(&state, ip, area, q.choice, None).await.map(ok)
}

/// Imaging opportunities: passes whose swath, with the satellite's largest
/// off-nadir angle, reaches the area; for optical sensors only in daylight.
#[utoipa::path(
    post,
    path = "/api/sateorbit/v2/csj",
    tag = "sateorbit",
    request_body = OpportunityQuery,
    responses(
        (status = 200, description = "The opportunities by start time", body = Envelope<PassList>),
        (status = 400, description = "Bad window, satellites or area", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "Unknown region or upload", body = ErrorEnvelope),
    )
)]
pub async fn csj(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<OpportunityQuery>,
) -> ApiResult<PassList> {
    opportunities(&state, ip, q).await.map(ok)
}

/// The imaging opportunities as an iCalendar file, one event per opportunity.
#[utoipa::path(
    post,
    path = "/api/sateorbit/v2/csj/ics",
    tag = "sateorbit",
    request_body = OpportunityQuery,
    responses(
        (status = 200, description = "An iCalendar file (text/calendar)", content_type = "text/calendar"),
        (status = 400, description = "Bad window, satellites or area", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "Unknown region or upload", body = ErrorEnvelope),
    )
)]
pub async fn csj_ics(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<OpportunityQuery>,
) -> Result<Response, AppError> {
    let list = opportunities(&state, ip, q).await?;
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    let name = format!("opportunities_{}.ics", file_day(&list.start));
    Ok(attachment(
        calendar::ics(&list, now).into_bytes(),
        calendar::ICS_TYPE,
        &name,
    ))
}

/// The imaging opportunities as CSV (UTF-8 with a byte-order mark, for Excel).
#[utoipa::path(
    post,
    path = "/api/sateorbit/v2/csj/csv",
    tag = "sateorbit",
    request_body = OpportunityQuery,
    responses(
        (status = 200, description = "A CSV file (text/csv)", content_type = "text/csv"),
        (status = 400, description = "Bad window, satellites or area", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 404, description = "Unknown region or upload", body = ErrorEnvelope),
    )
)]
pub async fn csj_csv(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<OpportunityQuery>,
) -> Result<Response, AppError> {
    let list = opportunities(&state, ip, q).await?;
    let name = format!("opportunities_{}.csv", file_day(&list.start));
    let bytes = calendar::csv(&list).map_err(|e| AppError::Internal(e.into()))?;
    Ok(attachment(bytes, calendar::CSV_TYPE, &name))
}

/// `YYYYMMDD` of an RFC 3339 instant, for file names.
fn file_day(instant: &str) -> String {
    instant.get(..10).unwrap_or_default().replace('-', "")
}

async fn opportunities(
    state: &AppState,
    ip: Option<std::net::IpAddr>,
    q: OpportunityQuery,
) -> Result<PassList, AppError> {
    let sun = q
        .min_sun_elevation_deg
        .unwrap_or(state.config.orbit_min_sun_elevation_deg);
    if !(-18.0..=90.0).contains(&sun) {
        return Err(AppError::bad_request("太阳高度角阈值应在-18°到90°之间"));
    }
    let area = area::resolve(state, &q.area).await?.into_area()?;
    predict(state, ip, area, q.choice, Some(sun)).await
}

/// Passes of the chosen satellites over `area`: of the nadir swath, or with
/// `opportunities_sun` the imaging opportunities with that daylight threshold.
async fn predict(
    state: &AppState,
    ip: Option<std::net::IpAddr>,
    area: MultiPolygon<f64>,
    choice: Choice,
    opportunities_sun: Option<f64>,
) -> Result<PassList, AppError> {
    let window = plan::window(&choice.start, &choice.end, MAX_WINDOW_SECONDS)?;
    let chosen = plan::chosen(&choice.satellites)?;
    let ids: Vec<u32> = chosen.iter().filter_map(|s| s.norad_id).collect();
    let sets = state.db.call(move |c| store::newest(c, &ids)).await?;
    let (ready, mut skipped) = plan::prepare(&chosen, &sets, window);
    let config = state.config.clone();
    let pointing = opportunities_sun.is_some();
    let min_sun = opportunities_sun.unwrap_or(config.orbit_min_sun_elevation_deg);
    heavy(state, ip, move |deadline| {
        let area = orbit::Area::new(area).map_err(|e| AppError::bad_request(e.to_string()))?;
        let options = PassOptions::default();
        let mut rows = Vec::new();
        for r in &ready {
            deadline.check()?;
            let sat = r.satellite;
            let reach = plan::reach(sat, &config, pointing);
            let found = match (pointing, plan::sensor(sat)) {
                (false, _) => {
                    orbit::passes(&r.orbit, &area, reach, window.start, window.end, &options)
                }
                (true, Some(kind)) => orbit::opportunities(
                    &r.orbit,
                    &area,
                    reach,
                    kind,
                    min_sun,
                    window.start,
                    window.end,
                    &options,
                ),
                (true, None) => {
                    skipped.push(skip(sat, "非成像卫星，没有成像机会"));
                    continue;
                }
            };
            match found {
                Ok(passes) => rows.extend(passes.iter().map(|p| row(sat, p, min_sun))),
                // SGP4 gives up on an orbit that has decayed within the window.
                Err(_) => skipped.push(skip(sat, "轨道外推失败：卫星可能已陨落或根数异常")),
            }
        }
        rows.sort_by(|a, b| a.start.cmp(&b.start).then(a.satellite.cmp(&b.satellite)));
        let centre = area.centre();
        Ok(PassList {
            start: beijing::rfc3339(window.start),
            end: beijing::rfc3339(window.end),
            centre: [round(centre.lon_deg, 6), round(centre.lat_deg, 6)],
            opportunities: pointing,
            min_sun_elevation_deg: min_sun,
            passes: rows,
            skipped,
        })
    })
    .await
}

fn skip(sat: &crate::catalogue::Satellite, reason: &str) -> Skipped {
    Skipped {
        satellite: sat.value.to_owned(),
        label: sat.label.to_owned(),
        reason: reason.to_owned(),
    }
}

fn round(x: f64, digits: i32) -> f64 {
    let f = 10f64.powi(digits);
    (x * f).round() / f
}

fn row(sat: &crate::catalogue::Satellite, p: &orbit::Pass, min_sun: f64) -> PassRow {
    PassRow {
        satellite: sat.value.to_owned(),
        label: sat.label.to_owned(),
        norad_id: p.norad_id,
        kind: sat.kind as u8,
        start: beijing::rfc3339(p.start_unix),
        end: beijing::rfc3339(p.end_unix),
        closest: beijing::rfc3339(p.closest_unix),
        duration_s: round(p.end_unix - p.start_unix, 1),
        off_nadir_deg: round(p.off_nadir_deg, 2),
        elevation_deg: round(p.elevation_deg, 2),
        sun_elevation_deg: round(p.sun_elevation_deg, 2),
        ascending: p.ascending,
        daylight: p.sun_elevation_deg >= min_sun,
    }
}
