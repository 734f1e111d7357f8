//! Drone tasks (`/api/uav/…`, issue 19, UAV monitoring-area interpretation): a caller with an
//! area range, or an administrator, sends an area and a monitoring period to the external
//! drone service as a task (`client.rs`, contract in README "Drone tasks") and lists their
//! tasks with their state. The service is configured (`drone_base_url`, `drone_key`) or drone
//! tasks are off: then every call but `status` answers 503. A caller's area must lie in one of
//! their area ranges (as a plan area's, `plan::fitted_to`), an administrator's anywhere. The
//! requester sent to the service is the caller's account id, so each caller, administrators
//! too, lists only the tasks they added. Nothing is stored here: the service keeps the tasks.

pub mod client;
mod task;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiJson, ApiResult, Envelope, blocking, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::guard::Require;
use crate::usercenter::session::Caller;
use client::{AddedTask, Drone, NewTask, ServiceError, UavTask};

/// The answer while no drone service is configured.
pub const NOT_CONFIGURED: &str = "无人机服务未配置，请联系管理员";

/// What a task's area is called in refusals.
const AREA: &str = "任务范围";

/// The drone routes: for callers with an area range and administrators.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(uav_status))
        .routes(routes!(uav_tasks, add_uav_task))
        .route_layer(Require::in_range())
}

/// Whether drone tasks are on.
#[derive(Debug, Serialize, ToSchema)]
pub struct UavStatus {
    /// A drone service is configured.
    pub enabled: bool,
}

/// A task to add.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewUavTask {
    /// Name, 1–50 characters.
    #[serde(default)]
    name: String,
    /// The area: a GeoJSON Polygon or MultiPolygon (WGS 84, at most 10,000 vertices), drawn
    /// or as an area upload answered it; inside one of the caller's area ranges unless an
    /// administrator sends it.
    #[serde(default)]
    #[schema(value_type = crate::vector::schema::SentArea)]
    geojson: serde_json::Value,
    /// First day of the monitoring period, `YYYY-MM-DD`.
    #[serde(default)]
    start: String,
    /// Last day, `YYYY-MM-DD`: not before `start`, before the same day a year on.
    #[serde(default)]
    end: String,
}

/// The configured service, or 503 when drone tasks are off.
fn service(state: &AppState) -> Result<&Drone, AppError> {
    state
        .drone
        .as_deref()
        .ok_or_else(|| AppError::Unavailable(NOT_CONFIGURED.into()))
}

/// A failed call as the caller is told of it (502), and as the log keeps it.
fn failed(e: ServiceError) -> AppError {
    tracing::warn!(error = %e, "drone service call failed");
    AppError::BadGateway(e.message())
}

/// Whether a drone service is configured, so the page can say 未配置 before anything else.
#[utoipa::path(
    get,
    path = "/api/uav/status",
    tag = "uav",
    responses(
        (status = 200, description = "Whether drone tasks are on", body = Envelope<UavStatus>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range, not an administrator", body = ErrorEnvelope),
    )
)]
async fn uav_status(State(state): State<AppState>) -> ApiResult<UavStatus> {
    Ok(ok(UavStatus {
        enabled: state.drone.is_some(),
    }))
}

/// The tasks the caller added, as the drone service lists them.
#[utoipa::path(
    get,
    path = "/api/uav/task",
    tag = "uav",
    responses(
        (status = 200, description = "The caller's tasks", body = Envelope<Vec<UavTask>>),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range, not an administrator", body = ErrorEnvelope),
        (status = 502, description = "The drone service failed, timed out or answered badly or too much", body = ErrorEnvelope),
        (status = 503, description = "No drone service is configured", body = ErrorEnvelope),
    )
)]
async fn uav_tasks(State(state): State<AppState>, caller: Caller) -> ApiResult<Vec<UavTask>> {
    service(&state)?
        .list(caller.user_id)
        .await
        .map(ok)
        .map_err(failed)
}

/// Sends a task to the drone service: its name, its period and its area (a caller's clipped
/// to the area range it lies in, a sliver of at most 0.1 % over the boundary cut off).
/// Answers the service's id and state of the task.
#[utoipa::path(
    post,
    path = "/api/uav/task",
    tag = "uav",
    request_body = NewUavTask,
    responses(
        (status = 200, description = "The task added", body = Envelope<AddedTask>),
        (status = 400, description = "A bad name or period, an area not polygons, over 10,000 vertices or outside the caller's ranges", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range, not an administrator", body = ErrorEnvelope),
        (status = 502, description = "The drone service failed, timed out or answered badly or too much", body = ErrorEnvelope),
        (status = 503, description = "No drone service is configured", body = ErrorEnvelope),
    )
)]
async fn add_uav_task(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(b): ApiJson<NewUavTask>,
) -> ApiResult<AddedTask> {
    let drone = service(&state)?;
    let (name, start, end) = task::checked(&b.name, &b.start, &b.end)?;
    let ranges = if caller.is_admin() {
        None
    } else {
        Some(crate::plan::ranges(&state, &caller, AREA)?)
    };
    let sent = state.sent_areas.clone();
    let area = blocking(move || {
        let area = crate::normal::area::sent(&sent, &b.geojson)?;
        match ranges {
            None => Ok(area),
            Some(ranges) => crate::plan::fitted_to(&area, &ranges, AREA).map(|fit| fit.2),
        }
    })
    .await?;
    let task = NewTask {
        name: &name,
        area: geojson::Geometry::from(&geo_types::Geometry::MultiPolygon(area)),
        start: crate::beijing::iso(start),
        end: crate::beijing::iso(end),
        requester: caller.user_id.to_string(),
    };
    drone.add(&task).await.map(ok).map_err(failed)
}
