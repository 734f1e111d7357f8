//! Ground tracks (`satorbit`) and one pass's track, swath and reach (`selectline`).

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::passes::Choice;
use super::plan::{self, MAX_LINE_SECONDS, MAX_WINDOW_SECONDS, Skipped};
use super::store;
use crate::api::{ApiJson, ApiResult, ClientIp, Envelope, ok};
use crate::budget::heavy;
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

/// Default step between track points, seconds: a low orbit moves about 450 km a minute.
pub const DEFAULT_TRACK_STEP_S: f64 = 60.0;
/// Most points of all tracks of one answer (about 2 MB of JSON).
pub const MAX_TRACK_POINTS: usize = 100_000;
/// Step of a pass's track, seconds.
const LINE_STEP_S: f64 = 5.0;

/// Ground tracks to draw.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackQuery {
    /// Satellites and window.
    #[serde(flatten)]
    pub choice: Choice,
    /// Seconds between points, 10 to 600 (default 60).
    #[schema(minimum = 10, maximum = 600)]
    pub step_seconds: Option<f64>,
}

/// A line as [lon, lat] points.
pub type Line = Vec<[f64; 2]>;

/// One satellite's ground track.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Track {
    /// The catalogue's `value`.
    pub satellite: String,
    /// Its Chinese name.
    pub label: String,
    /// NORAD catalogue number.
    pub norad_id: u32,
    /// The track as lines, broken where it crosses the ±180° meridian.
    #[schema(value_type = Vec<Vec<Vec<f64>>>)]
    pub lines: Vec<Line>,
}

/// Ground tracks of a window.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tracks {
    /// Seconds between points.
    pub step_seconds: f64,
    /// One track per satellite predicted.
    pub tracks: Vec<Track>,
    /// Satellites left out, and why.
    pub skipped: Vec<Skipped>,
}

/// Ground tracks of the chosen satellites in a window.
#[utoipa::path(
    post,
    path = "/api/sateorbit/v2/satorbit",
    tag = "sateorbit",
    request_body = TrackQuery,
    responses(
        (status = 200, description = "One track per satellite", body = Envelope<Tracks>),
        (status = 400, description = "Bad window, satellites or step, or too many points", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub async fn satorbit(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(q): ApiJson<TrackQuery>,
) -> ApiResult<Tracks> {
    let window = plan::window(&q.choice.start, &q.choice.end, MAX_WINDOW_SECONDS)?;
    let chosen = plan::chosen(&q.choice.satellites)?;
    let step = q.step_seconds.unwrap_or(DEFAULT_TRACK_STEP_S);
    if !(10.0..=600.0).contains(&step) {
        return Err(AppError::bad_request("轨迹步长应在10到600秒之间"));
    }
    // Counted before anything is computed.
    let per_track = ((window.end - window.start) / step).ceil() as usize + 1;
    let points = per_track.saturating_mul(chosen.len());
    if points > MAX_TRACK_POINTS {
        return Err(AppError::bad_request(format!(
            "轨迹点数过多（{points}），请缩短时间范围、加大步长或减少卫星（上限{MAX_TRACK_POINTS}）"
        )));
    }
    let ids: Vec<u32> = chosen.iter().filter_map(|s| s.norad_id).collect();
    let sets = state.db.call(move |c| store::newest(c, &ids)).await?;
    let (ready, mut skipped) = plan::prepare(&chosen, &sets, window);
    let tracks = heavy(&state, ip, move |deadline| {
        let mut tracks = Vec::with_capacity(ready.len());
        for r in &ready {
            deadline.check()?;
            match r.orbit.ground_track(window.start, window.end, step) {
                Ok(track) => tracks.push(Track {
                    satellite: r.satellite.value.to_owned(),
                    label: r.satellite.label.to_owned(),
                    norad_id: r.orbit.norad_id(),
                    lines: lines(orbit::tracks::split_track(&track)),
                }),
                Err(_) => skipped.push(Skipped {
                    satellite: r.satellite.value.to_owned(),
                    label: r.satellite.label.to_owned(),
                    reason: "轨道外推失败：卫星可能已陨落或根数异常".into(),
                }),
            }
        }
        Ok(Tracks {
            step_seconds: step,
            tracks,
            skipped,
        })
    })
    .await?;
    Ok(ok(tracks))
}

/// One pass to draw.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineQuery {
    /// The catalogue's `value`, e.g. `GF1`.
    pub satellite: String,
    /// The pass's start (RFC 3339), as a pass row gives it.
    pub start: String,
    /// The pass's end; at most two hours after `start`.
    pub end: String,
}

/// One pass's track, the swath it images at nadir and what it can reach by
/// pointing, each as drawn on a map.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PassLine {
    /// The catalogue's `value`.
    pub satellite: String,
    /// Its Chinese name.
    pub label: String,
    /// The track, broken at the ±180° meridian.
    #[schema(value_type = Vec<Vec<Vec<f64>>>)]
    pub track: Vec<Line>,
    /// The swath at nadir: closed rings of [lon, lat] (empty when the swath is not known).
    #[schema(value_type = Vec<Vec<Vec<f64>>>)]
    pub swath: Vec<Line>,
    /// The swath widened by the largest off-nadir angle: closed rings.
    #[schema(value_type = Vec<Vec<Vec<f64>>>)]
    pub reach: Vec<Line>,
    /// Swath width, km.
    pub swath_km: f64,
    /// Largest off-nadir angle, degrees.
    pub max_off_nadir_deg: f64,
}

/// One pass's track segment, swath and reach.
#[utoipa::path(
    post,
    path = "/api/sateorbit/v2/selectline",
    tag = "sateorbit",
    request_body = LineQuery,
    responses(
        (status = 200, description = "The pass's track, swath and reach", body = Envelope<PassLine>),
        (status = 400, description = "Bad window or satellite, or no usable element set", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
pub async fn selectline(
    State(state): State<AppState>,
    ApiJson(q): ApiJson<LineQuery>,
) -> ApiResult<PassLine> {
    let window = plan::window(&q.start, &q.end, MAX_LINE_SECONDS)?;
    let chosen = plan::chosen(std::slice::from_ref(&q.satellite))?;
    let ids: Vec<u32> = chosen.iter().filter_map(|s| s.norad_id).collect();
    let sets = state.db.call(move |c| store::newest(c, &ids)).await?;
    let (ready, skipped) = plan::prepare(&chosen, &sets, window);
    let Some(r) = ready.into_iter().next() else {
        let reason = skipped
            .into_iter()
            .next()
            .map(|s| s.reason)
            .unwrap_or_default();
        return Err(AppError::bad_request(reason));
    };
    let sat = r.satellite;
    let swath = plan::reach(sat, &state.config, false);
    let reach = plan::reach(sat, &state.config, true);
    // At most 1,441 points: cheap enough for the request's own thread.
    let track = r
        .orbit
        .ground_track(window.start, window.end, LINE_STEP_S)
        .map_err(|_| AppError::bad_request("轨道外推失败：卫星可能已陨落或根数异常"))?;
    Ok(ok(PassLine {
        satellite: sat.value.to_owned(),
        label: sat.label.to_owned(),
        track: lines(orbit::tracks::split_track(&track)),
        swath: lines(orbit::tracks::strip(&track, swath)),
        reach: lines(orbit::tracks::strip(&track, reach)),
        swath_km: swath.swath_km,
        max_off_nadir_deg: reach.max_off_nadir_deg,
    }))
}

/// Lines with coordinates rounded to 1e-5° (about a metre): the answer stays small.
fn lines(runs: Vec<Vec<orbit::tracks::LonLat>>) -> Vec<Line> {
    let r = |x: f64| (x * 1e5).round() / 1e5;
    runs.into_iter()
        .map(|run| run.into_iter().map(|(x, y)| [r(x), r(y)]).collect())
        .collect()
}
