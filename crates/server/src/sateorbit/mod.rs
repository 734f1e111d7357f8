//! Orbit prediction (`/api/sateorbit/v2/…`, spec §2 and §7): which of the
//! catalogue's satellites pass over an area in a time window, when, and which
//! of them can image it. Login required.
//!
//! - `config`: the page's defaults and the satellites that can be predicted;
//! - `satorbit`: ground tracks of chosen satellites in a window;
//! - `region`, `shp`: passes of the nadir swath over a region or an uploaded area;
//! - `csj`: imaging opportunities over any area of the image query (region,
//!   rectangle, upload, drawing): the swath plus the largest off-nadir angle, in
//!   daylight for optical sensors; exported as iCalendar and CSV;
//! - `selectline`: one pass's track, swath and reach.
//!
//! Element sets come from `rscloud import tle` (every set kept by NORAD id and
//! epoch; the newest is used), from `orbit_refresh_url` when a deployment
//! names one (`refresh.rs`) and, with `--demo`, from the orbit crate's
//! committed CelesTrak snapshot. The computing is the `orbit` crate's; this
//! module picks satellites, checks windows and shapes answers.

mod calendar;
pub mod import;
mod passes;
pub mod plan;
pub mod refresh;
pub mod store;
mod tracks;

use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiResult, Envelope, ok};
use crate::catalogue::{self, Satellite};
use crate::error::ErrorEnvelope;
use crate::state::AppState;
use crate::usercenter::guard::Require;

pub use plan::{DEFAULT_DAYS, MAX_DAYS, MAX_ELEMENT_AGE_DAYS, MAX_SATELLITES};

/// The orbit routes, all for logged-in callers (spec §2: loginAuthority).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(config))
        .routes(routes!(tracks::satorbit))
        .routes(routes!(tracks::selectline))
        .routes(routes!(passes::region))
        .routes(routes!(passes::shp))
        .routes(routes!(passes::csj))
        .routes(routes!(passes::csj_ics))
        .routes(routes!(passes::csj_csv))
        .route_layer(Require::login())
}

/// A satellite that can be predicted: the catalogue's entry, its newest
/// element set's epoch and how far it sees.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrbitSatellite {
    /// The catalogue's entry (value, label, type, group, resolution, NORAD id, swath …).
    #[serde(flatten)]
    pub satellite: Satellite,
    /// Epoch of the element set in use, RFC 3339 in Beijing time.
    #[schema(example = "2025-10-03T15:06:55+08:00")]
    pub epoch: String,
    /// Largest off-nadir angle used for imaging opportunities, degrees: the
    /// operator's figure, or the configured default when it publishes none.
    pub max_off_nadir_deg: f64,
}

/// The page's defaults and bounds, and the satellites with element sets.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrbitConfig {
    /// Days a prediction spans unless the user picks another window.
    pub default_days: u32,
    /// Longest window, days.
    pub max_days: u32,
    /// Most satellites in one request.
    pub max_satellites: usize,
    /// Lowest sun elevation for optical imaging, degrees.
    pub min_sun_elevation_deg: f64,
    /// Off-nadir angle assumed where an operator publishes none, degrees.
    pub default_off_nadir_deg: f64,
    /// Where the window starts by default: now, or when the element sets are
    /// older than [`MAX_ELEMENT_AGE_DAYS`] (a demo), the day of the newest
    /// epoch, so that the page still predicts something meaningful.
    #[schema(example = "2025-10-03")]
    pub default_start: String,
    /// The newest element set is older than [`MAX_ELEMENT_AGE_DAYS`]: predictions
    /// for today would be kilometres off, and the page says so.
    pub stale: bool,
    /// Epoch of the newest element set, RFC 3339 in Beijing time; null without any.
    pub newest_epoch: Option<String>,
    /// The catalogue's satellites that have an element set, in catalogue order.
    pub satellites: Vec<OrbitSatellite>,
}

/// The orbit page's defaults and the satellites it can predict.
#[utoipa::path(
    get,
    path = "/api/sateorbit/v2/config",
    tag = "sateorbit",
    responses(
        (status = 200, description = "Defaults, bounds and the satellites with element sets", body = Envelope<OrbitConfig>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
    )
)]
async fn config(state: axum::extract::State<AppState>) -> ApiResult<OrbitConfig> {
    let ids: Vec<u32> = catalogue::satellites()
        .iter()
        .filter_map(|s| s.norad_id)
        .collect();
    let epochs = state
        .db
        .call(move |c| store::newest_epochs(c, &ids))
        .await?;
    let now = time::OffsetDateTime::now_utc().unix_timestamp() as f64;
    Ok(ok(plan::config(&state.config, &epochs, now)))
}
