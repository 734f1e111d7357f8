//! Acquisition plans (issue 19, `/api/plan-collaborative/…`): each unit (an account with an
//! area range and no administrator role; a province in the demo, `hubei`) fills the areas it
//! needs imaged in a plan year, inside its range, as drafts (`save/{x}`, `delete/id/{id}`,
//! `process-shp` for an area file), submits them (`submit`, `submit/{x}`) and may ask to edit
//! a submitted one (`apply-edit`), which a manager grants or refuses (`apply-edit/{id}`). A
//! manager lists every unit's needs (`list`, `geom/{x}`), sees where units ask for the same
//! ground (`overlap`) and publishes the year's national plan (`publish`): a numbered,
//! read-only snapshot. `machine.rs` holds the states; `geometry.rs` the range and overlap
//! computations; `fields.rs` the facts and filters. A unit sees only its own areas: any
//! other answers 404.

mod feedback;
mod fields;
mod fill;
mod fulfil;
mod geometry;
pub mod layer;
pub mod machine;
mod manage;
mod overall;
mod purchase;
pub mod store;

use geo_types::MultiPolygon;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::AppError;
use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::session::Caller;
pub use feedback::{RateFeedback, Rating};
pub use fields::{Cjlx, UnitType};
pub use fill::{Range, SavePlanArea, checked_area, fitted_to, ranges};
use machine::{Actor, State};
use store::{AreaRow, Facts};

/// The plan routes: filling is the units', deciding and publishing the managers', reading
/// anyone's with an area range (each sees what their ranges allow).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(fill::save_plan_area))
        .routes(routes!(fill::delete_plan_area))
        .routes(routes!(fill::submit_plan_areas))
        .routes(routes!(fill::submit_plan_area))
        .routes(routes!(fill::apply_edit))
        .routes(routes!(feedback::rate_feedback))
        .layer(axum::extract::DefaultBodyLimit::max(fill::MAX_BODY))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(fill::process_shp))
                .layer(axum::extract::DefaultBodyLimit::max(
                    crate::normal::upload::MAX_FILE + (1 << 20),
                )),
        )
        .route_layer(Require::unit())
        .merge(
            OpenApiRouter::new()
                .routes(routes!(manage::decide_edit))
                .routes(routes!(manage::publish_plan))
                .routes(routes!(manage::plan_overlap))
                .routes(routes!(purchase::purchase_plan))
                .routes(routes!(purchase::purchase_export))
                .routes(routes!(purchase::purchase_shapefile))
                .routes(routes!(overall::overall_plan))
                .route_layer(Require::admin()),
        )
        .merge(
            OpenApiRouter::new()
                .routes(routes!(manage::list_plan_areas))
                .routes(routes!(manage::plan_geom))
                .routes(routes!(manage::plan_area))
                .routes(routes!(manage::plan_publications))
                .routes(routes!(manage::publication_geom))
                .routes(routes!(feedback::provincial_feedback))
                .routes(routes!(feedback::metadata_optical))
                .route_layer(Require::in_range()),
        )
}

/// The answer to an area the caller may not see, or that does not exist.
pub const NO_AREA: &str = "需求范围不存在";

/// A plan area as lists show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanArea {
    /// Id.
    pub id: i64,
    /// Plan year.
    pub plan_year: i64,
    /// The unit's region code (its area range).
    pub unit_code: String,
    /// The unit's name, e.g. 湖北省.
    pub unit_name: String,
    /// The unit's level.
    pub unit_type: UnitType,
    /// Name.
    pub name: String,
    /// Resolution class, 1–4.
    pub resolution: i64,
    /// Its label, e.g. 优于1米.
    pub resolution_label: String,
    /// Months wanted, 1–12 (all twelve for the whole year).
    pub months: Vec<u8>,
    /// `qb` for the whole year, else the months comma-separated.
    pub month_code: String,
    /// How the months read, e.g. 全年 or 3、4、5月.
    pub months_label: String,
    /// Acquisition type.
    pub cjlx: Cjlx,
    /// Its label.
    pub cjlx_label: String,
    /// Purpose.
    pub purpose: String,
    /// Geodesic area, km², computed on the server.
    pub area_km2: f64,
    /// State.
    pub state: State,
    /// Its label.
    pub state_label: String,
    /// The reason of the last edit request or refusal.
    pub reason: Option<String>,
    /// The plan version that published it.
    pub version: Option<i64>,
    /// Who made it.
    pub creator: String,
    /// When, `YYYY-MM-DD HH:MM` Beijing time.
    pub created_at: String,
    /// The last step, `YYYY-MM-DD HH:MM` Beijing time.
    pub updated_at: String,
    /// Who took it.
    pub updated_by: String,
}

/// The facts every answer about an area shows, stored or published.
fn described(id: i64, f: &Facts) -> PlanArea {
    PlanArea {
        id,
        plan_year: f.plan_year,
        unit_code: f.unit_code.clone(),
        unit_name: f.unit_name.clone(),
        unit_type: UnitType::of(&f.unit_code),
        name: f.name.clone(),
        resolution: f.resolution,
        resolution_label: fields::resolution_label(f.resolution).to_owned(),
        months: fields::months_of(&f.months),
        month_code: f.months.clone(),
        months_label: fields::months_label(&f.months),
        cjlx: Cjlx::of(&f.cjlx),
        cjlx_label: Cjlx::of(&f.cjlx).label().to_owned(),
        purpose: f.purpose.clone(),
        area_km2: f.area_km2,
        state: State::Published,
        state_label: State::Published.label().to_owned(),
        reason: None,
        version: None,
        creator: String::new(),
        created_at: String::new(),
        updated_at: String::new(),
        updated_by: String::new(),
    }
}

impl PlanArea {
    /// An area as lists show it.
    pub fn of(r: &AreaRow) -> Self {
        Self {
            state: r.state,
            state_label: r.state.label().to_owned(),
            reason: r.reason.clone(),
            version: r.version,
            creator: r.creator.clone(),
            created_at: crate::beijing::minute(r.created_at),
            updated_at: crate::beijing::minute(r.updated_at),
            updated_by: r.updated_by.clone(),
            ..described(r.id, &r.facts)
        }
    }
}

/// A GeoJSON Feature of an area, its id the area's, its properties a [`PlanArea`].
fn feature(area: PlanArea, geom: &MultiPolygon<f64>) -> serde_json::Value {
    serde_json::json!({
        "type": "Feature",
        "id": area.id.to_string(),
        "geometry": geojson::Geometry::from(&geo_types::Geometry::MultiPolygon(geom.clone())),
        "properties": area,
    })
}

/// A GeoJSON FeatureCollection.
fn collection(features: Vec<serde_json::Value>) -> serde_json::Value {
    serde_json::json!({"type": "FeatureCollection", "features": features})
}

/// The filters of the lists and the map (see the README's "Acquisition plans").
#[derive(Debug, Clone, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PlanFilter {
    /// Plan year (default 2025).
    pub plan_year: Option<i64>,
    /// Units within this region (default 100000, the whole country).
    pub region_id: Option<String>,
    /// Units of this level: 国家级, 省级, 市级 or 县级 (default every level).
    #[param(value_type = Option<UnitType>)]
    pub unit_type: Option<String>,
    /// Resolution class 1–4 (default every class).
    pub resolutiontype: Option<u8>,
    /// `qb` (default): every area; a month 1–12: the areas that want images in it.
    pub month: Option<String>,
    /// Acquisition type (default every type).
    #[param(value_type = Option<Cjlx>)]
    pub cjlx: Option<String>,
    /// 0 (default): every area; 1: only areas that share ground with another unit's.
    pub overlap: Option<u8>,
    /// One state (default every state).
    #[param(value_type = Option<State>)]
    pub state: Option<String>,
}

/// Whether the caller acts as a manager or as a unit.
fn actor_of(caller: &Caller) -> Actor {
    if caller.is_admin() {
        Actor::Manager
    } else {
        Actor::Unit
    }
}

/// Whether the caller may see an area of `unit`: a manager every one, a unit its own.
fn sees(caller: &Caller, unit: &str) -> bool {
    caller.is_admin() || caller.regions.iter().any(|r| r == unit)
}

/// An area the caller may see, else 404.
async fn visible(state: &AppState, caller: &Caller, id: i64) -> Result<AreaRow, AppError> {
    let row = state.db.call(move |c| store::area(c, id)).await?;
    row.filter(|r| sees(caller, &r.facts.unit_code))
        .ok_or_else(|| AppError::NotFound(NO_AREA.into()))
}
