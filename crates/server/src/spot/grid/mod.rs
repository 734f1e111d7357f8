//! GRID mode (spec §4, §7 `gridstatistics/percent`, §3 `grid_statistics_default`): spot
//! density on a grid of cells.
//!
//! The grid at level `L` (8–14; a theme starts at its `grid_level`, 13 or 14) is the Web
//! Mercator tile grid at zoom `L`: a cell is the XYZ tile (x, y), so cells line up with the
//! map's own tiles, about 4.9 km a side at level 13 and 2.4 km at 14 on the equator (less by
//! the cosine of the latitude on the ground). A spot's area is split among the cells its
//! outline covers in proportion to the part of it in each (most spots lie in one cell and
//! are not cut at all), and the spot is counted once, in the cell holding most of it; so
//! the cells of a selection add up to its statistics' count and area. A cell's `percent` is
//! the share (0–100) of its land inside the selected region, clipped to the caller's
//! ranges, that the selected spots cover. Cells without spots are not listed.
//!
//! The work of a request is proportional to the selection's spots (the engine's runs of
//! the region's counties), plus, once per region and level, the land of the cells met
//! (kept in [`cells::LandCache`]).

pub mod cells;
pub mod layer;

use std::ops::RangeInclusive;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::theme::ThemeName;
use super::{Batch, SpotFilter, Tally, selected};
use crate::api::{ApiPath, ApiQuery, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::session::Caller;

/// The grid levels a request may ask for: from cells of about 150 km (a province a few
/// dozen cells) to about 2.4 km (a county a few hundred).
pub const LEVELS: RangeInclusive<u8> = 8..=14;

/// What a level outside [`LEVELS`] is told.
pub fn bad_level() -> String {
    format!("网格级别须为{}至{}之间的整数", LEVELS.start(), LEVELS.end())
}

/// The grid level of a request: the one asked for if within [`LEVELS`], else the theme's.
pub fn level_of(asked: Option<i64>, theme: ThemeName) -> Result<u8, AppError> {
    match asked {
        None => Ok(theme.theme().grid_level),
        Some(l) => u8::try_from(l)
            .ok()
            .filter(|l| LEVELS.contains(l))
            .ok_or_else(|| AppError::bad_request(bad_level())),
    }
}

/// The grid's own query parameter.
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GridQuery {
    /// Grid level, 8–14: cells are the Web Mercator tiles of this zoom; default the
    /// theme's `gridLevel`.
    pub level: Option<i64>,
}

/// The largest value of each of a grid's measures (the legend's top class).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GridMax {
    /// Most spots in a cell.
    pub count: u64,
    /// Most spot area in a cell, m².
    pub area_m2: f64,
    /// Highest share of a cell's land covered, %.
    pub percent: f64,
}

/// One cell of the grid.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GridCell {
    /// Tile column at the grid's level.
    pub x: u32,
    /// Tile row at the grid's level (from the north).
    pub y: u32,
    /// Spots counted here (each spot in the cell holding most of it).
    pub count: u64,
    /// Spot area inside the cell, m².
    pub area_m2: f64,
    /// Share of the cell's land in the region that spots cover, 0–100.
    pub percent: f64,
}

/// A theme's batch over a region as grid cells (GRID mode).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GridStatistics {
    /// The grid level.
    pub level: u8,
    /// The batch counted.
    pub batch: Option<Batch>,
    /// The region counted (after clipping to the caller's ranges).
    pub region_id: String,
    /// Its name.
    pub name: String,
    /// Every spot counted: what the cells add up to.
    pub total: Tally,
    /// The largest count, area and share of a cell.
    pub max: GridMax,
    /// The cells with spots, by row then column.
    pub cells: Vec<GridCell>,
}

/// Count, area and share of the land covered per grid cell (GRID mode).
#[utoipa::path(
    get,
    path = "/api/spot/v2/{theme}/gridstatistics/percent",
    tag = "spot",
    params(("theme" = ThemeName, Path, description = "Theme"), SpotFilter, GridQuery),
    responses(
        (status = 200, description = "The cells", body = Envelope<GridStatistics>),
        (status = 400, description = "No such theme, a malformed filter or a level outside 8–14", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No permission for the theme, or no area range", body = ErrorEnvelope),
    )
)]
pub async fn grid_statistics(
    State(state): State<AppState>,
    caller: Caller,
    ApiPath(theme): ApiPath<ThemeName>,
    ApiQuery(filter): ApiQuery<SpotFilter>,
    ApiQuery(grid): ApiQuery<GridQuery>,
) -> ApiResult<GridStatistics> {
    let level = level_of(grid.level, theme)?;
    let land = state.land.clone();
    selected(&state, caller, theme, filter, move |_, sel, regions| {
        cells::statistics(sel, regions, &land, level)
    })
    .await
    .map(ok)
}
