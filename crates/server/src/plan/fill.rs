//! A unit filling its needs: saving and deleting drafts, reading an area file, submitting,
//! asking to edit; and the one way every single-area step is taken (`take`).

use axum::extract::State as AxumState;
use axum::extract::multipart::{Multipart, MultipartRejection};
use geo_types::MultiPolygon;
use rusqlite::TransactionBehavior;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fields::{self, Cjlx, MAX_NAME, MAX_TEXT};
use super::geometry::{self, Misfit};
use super::machine::{Action, Actor, forbidden};
use super::store::{self, AreaRow, Facts};
use super::{NO_AREA, PlanArea, actor_of, sees};
use crate::api::{ApiJson, ApiPath, ApiResult, ClientIp, Envelope, blocking, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::normal::area::SentAreas;
use crate::state::AppState;
use crate::usercenter::session::{Caller, now_secs};

/// Largest body of a save, bytes: a drawn area of 10,000 vertices is about 400 KB of GeoJSON.
pub const MAX_BODY: usize = 1 << 20;

/// What a plan area is called in refusals.
const AREA: &str = "需求范围";

/// Most areas a unit may fill in one year.
pub const MAX_AREAS_PER_UNIT: i64 = 200;

/// A draft as a unit saves it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavePlanArea {
    /// The draft to change; none to make a new one.
    pub id: Option<i64>,
    /// Name, at most 50 characters.
    pub name: String,
    /// The area: a GeoJSON Polygon or MultiPolygon (WGS 84, at most 10,000 vertices), drawn
    /// or as `process-shp` answered it. It must lie in one of the caller's area ranges.
    #[schema(value_type = crate::vector::schema::SentArea)]
    pub geojson: serde_json::Value,
    /// Resolution class: 1 优于1米, 2 1米至4米, 3 4米至16米, 4 16米以上.
    pub resolution: u8,
    /// Months wanted, 1–12; none (or all twelve) for the whole year (qb).
    #[serde(default)]
    pub months: Vec<u8>,
    /// Acquisition type (default sc).
    #[serde(default)]
    pub cjlx: Cjlx,
    /// Purpose, at most 500 characters.
    #[serde(default)]
    pub purpose: String,
}

/// The caller's area ranges with their boundaries: code, name, shape. 400 when none of the
/// boundaries is imported (nothing to check an area, `what` it is, against). Drone tasks
/// check their areas with it too.
pub fn ranges(state: &AppState, caller: &Caller, what: &str) -> Result<Vec<Range>, AppError> {
    let found: Vec<_> = caller
        .regions
        .iter()
        .filter_map(|code| {
            state
                .regions
                .shape(code)
                .map(|s| (code.clone(), s.name.clone(), s.geom.clone()))
        })
        .collect();
    if found.is_empty() {
        return Err(AppError::bad_request(format!(
            "权限范围的行政区边界尚未导入，无法校验{what}，请联系管理员"
        )));
    }
    Ok(found)
}

/// A range a unit may fill in: its region code, name and boundary.
pub type Range = (String, String, MultiPolygon<f64>);

/// An area fitted to one of the ranges: the range's code and name, the area clipped to it
/// and its km²; else the Chinese refusal naming `what` the area is (需求范围, 任务范围).
pub fn fitted_to(
    area: &MultiPolygon<f64>,
    ranges: &[Range],
    what: &str,
) -> Result<(String, String, MultiPolygon<f64>, f64), AppError> {
    let shapes: Vec<&MultiPolygon<f64>> = ranges.iter().map(|r| &r.2).collect();
    match geometry::fit(area, &shapes) {
        Ok(f) => {
            let (code, name, _) = &ranges[f.range];
            Ok((code.clone(), name.clone(), f.area, f.km2))
        }
        Err(Misfit::Empty) => Err(AppError::bad_request(format!("{what}面积为零"))),
        Err(Misfit::Outside(i)) => Err(AppError::bad_request(format!(
            "{what}不在本单位权限范围（{}）内，请在权限范围内绘制或上传",
            ranges[i].1
        ))),
        Err(Misfit::Partly(i, km2)) => Err(AppError::bad_request(format!(
            "{what}有 {km2:.2} 平方千米超出本单位权限范围（{}），请在权限范围内绘制或上传",
            ranges[i].1
        ))),
    }
}

/// The facts of a draft of `year` as sent, checked: its fields bounded, its area read as the
/// image query reads a drawn one (`normal::area::sent`) and fitted to one of `ranges`.
pub fn checked_area(
    sent: &SentAreas,
    year: i64,
    b: &SavePlanArea,
    ranges: &[Range],
) -> Result<Facts, AppError> {
    let year = fields::plan_year(Some(year))?;
    let name = fields::bounded(&b.name, MAX_NAME, "需求名称")?;
    if name.is_empty() {
        return Err(AppError::bad_request("请填写需求名称"));
    }
    let purpose = fields::bounded(&b.purpose, MAX_TEXT, "用途")?;
    let resolution = fields::resolution(b.resolution)?;
    let months = fields::months(&b.months)?;
    let area = crate::normal::area::sent(sent, &b.geojson)?;
    let (unit_code, unit_name, geom, area_km2) = fitted_to(&area, ranges, AREA)?;
    Ok(Facts {
        plan_year: year,
        unit_code,
        unit_name,
        name,
        resolution: i64::from(resolution),
        months,
        cjlx: b.cjlx.as_str().to_owned(),
        purpose,
        geom,
        area_km2,
    })
}

/// Saves a draft of the plan year `x`: a new one, or (with `id`) one of the caller's drafts
/// changed. The area must lie in one of the caller's area ranges (a sliver of at most 0.1 %
/// over the boundary is clipped off); its km² are computed here. Answers the draft.
#[utoipa::path(
    post,
    path = "/api/plan-collaborative/save/{x}",
    tag = "plan",
    params(("x" = i64, Path, description = "Plan year")),
    request_body = SavePlanArea,
    responses(
        (status = 200, description = "The draft", body = Envelope<PlanArea>),
        (status = 400, description = "A bad field, an area not polygons, over 10,000 vertices, outside the caller's ranges, another year or unit than the draft's, or over 200 areas of the unit in the year", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range, or a manager", body = ErrorEnvelope),
        (status = 404, description = "No such area of the caller's", body = ErrorEnvelope),
        (status = 409, description = "The area is no longer a draft", body = ErrorEnvelope),
        (status = 413, description = "Body over 1 MB", body = ErrorEnvelope),
    )
)]
pub(super) async fn save_plan_area(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(x): ApiPath<i64>,
    ApiJson(b): ApiJson<SavePlanArea>,
) -> ApiResult<PlanArea> {
    if let Some(refusal) = forbidden(Action::Save, actor_of(&caller)) {
        return Err(AppError::Forbidden(refusal.into()));
    }
    let ranges = ranges(&state, &caller, AREA)?;
    let sent = state.sent_areas.clone();
    let id = b.id;
    let facts = blocking(move || checked_area(&sent, x, &b, &ranges)).await?;
    let row = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let me = (caller.user_id, caller.username.as_str());
            let now = now_secs();
            let id = match id {
                Some(id) => {
                    let Some(row) =
                        store::area(&tx, id)?.filter(|r| sees(&caller, &r.facts.unit_code))
                    else {
                        return Ok(Err(AppError::NotFound(NO_AREA.into())));
                    };
                    if row.facts.plan_year != facts.plan_year {
                        return Ok(Err(AppError::bad_request("不能改变需求范围的计划年份")));
                    }
                    if row.facts.unit_code != facts.unit_code {
                        return Ok(Err(AppError::bad_request(format!(
                            "需求范围应在原填报单位（{}）的权限范围内",
                            row.facts.unit_name
                        ))));
                    }
                    if Action::Save.next(row.state).is_none() {
                        return Ok(Err(AppError::Conflict(Action::Save.refused(row.state))));
                    }
                    store::update(&tx, id, &facts, me, now)?;
                    id
                }
                None => {
                    let n = store::count_of_unit(&tx, facts.plan_year, &facts.unit_code)?;
                    if n >= MAX_AREAS_PER_UNIT {
                        return Ok(Err(AppError::bad_request(format!(
                            "每个单位每年最多填报 {MAX_AREAS_PER_UNIT} 个需求范围"
                        ))));
                    }
                    store::insert(&tx, &facts, me, now)?
                }
            };
            let row = store::area(&tx, id)?;
            tx.commit()?;
            Ok(row.ok_or_else(|| AppError::NotFound(NO_AREA.into())))
        })
        .await??;
    Ok(ok(PlanArea::of(&row)))
}

/// Takes a step of one area the caller sees, in one immediate transaction: 403 when the
/// caller's role may not take it, 404 for an area they do not see, 409 when its state does
/// not allow it. A manager's step is audited. Answers the area after the step (`None` after
/// a delete).
pub(super) async fn take(
    state: &AppState,
    caller: &Caller,
    id: i64,
    action: Action,
    reason: Option<String>,
) -> Result<Option<AreaRow>, AppError> {
    if let Some(refusal) = forbidden(action, actor_of(caller)) {
        return Err(AppError::Forbidden(refusal.into()));
    }
    let caller = caller.clone();
    state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let Some(row) = store::area(&tx, id)?.filter(|r| sees(&caller, &r.facts.unit_code))
            else {
                return Ok(Err(AppError::NotFound(NO_AREA.into())));
            };
            let Some(to) = action.next(row.state) else {
                return Ok(Err(AppError::Conflict(action.refused(row.state))));
            };
            let now = now_secs();
            let me = (caller.user_id, caller.username.as_str());
            if action == Action::Delete {
                store::delete(&tx, id)?;
            } else {
                store::step(&tx, id, action, (row.state, to), reason.as_deref(), me, now)?;
            }
            if action.actor() == Actor::Manager {
                let entry = crate::audit::Entry {
                    actor: &caller,
                    action: &format!("plan.{}", action.as_str()),
                    target: format!("plan_area:{id}"),
                    before: Some(serde_json::json!({"state": row.state})),
                    after: Some(serde_json::json!({"state": to, "reason": reason})),
                };
                crate::audit::store::record(&tx, &entry, now)?;
            }
            let after = store::area(&tx, id)?;
            tx.commit()?;
            Ok(Ok(after))
        })
        .await?
}

/// Deletes a draft of the caller's. Answers its id.
#[utoipa::path(
    delete,
    path = "/api/plan-collaborative/delete/id/{id}",
    tag = "plan",
    params(("id" = i64, Path, description = "Area id")),
    responses(
        (status = 200, description = "The id deleted", body = Envelope<i64>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range, or a manager", body = ErrorEnvelope),
        (status = 404, description = "No such area of the caller's", body = ErrorEnvelope),
        (status = 409, description = "The area is not a draft", body = ErrorEnvelope),
    )
)]
pub(super) async fn delete_plan_area(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<i64> {
    take(&state, &caller, id, Action::Delete, None).await?;
    Ok(ok(id))
}

/// Submits one draft of the caller's (`x` is its id). Answers the area.
#[utoipa::path(
    post,
    path = "/api/plan-collaborative/submit/{x}",
    tag = "plan",
    params(("x" = i64, Path, description = "Area id")),
    responses(
        (status = 200, description = "The area, submitted", body = Envelope<PlanArea>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range, or a manager", body = ErrorEnvelope),
        (status = 404, description = "No such area of the caller's", body = ErrorEnvelope),
        (status = 409, description = "The area is not a draft", body = ErrorEnvelope),
    )
)]
pub(super) async fn submit_plan_area(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(x): ApiPath<i64>,
) -> ApiResult<PlanArea> {
    let row = take(&state, &caller, x, Action::Submit, None).await?;
    row.map(|r| ok(PlanArea::of(&r)))
        .ok_or_else(|| AppError::NotFound(NO_AREA.into()))
}

/// Which year's drafts to submit.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmitPlan {
    /// Plan year (default 2025).
    pub plan_year: Option<i64>,
}

/// What a submission of a year's drafts submitted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Submitted {
    /// Plan year.
    pub plan_year: i64,
    /// The areas submitted.
    pub ids: Vec<i64>,
    /// Their km².
    pub area_km2: f64,
}

/// Submits every draft of the caller's units in a plan year, in one transaction.
#[utoipa::path(
    post,
    path = "/api/plan-collaborative/submit",
    tag = "plan",
    request_body = SubmitPlan,
    responses(
        (status = 200, description = "What was submitted", body = Envelope<Submitted>),
        (status = 400, description = "A bad year", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range, or a manager", body = ErrorEnvelope),
        (status = 409, description = "No draft to submit", body = ErrorEnvelope),
    )
)]
pub(super) async fn submit_plan_areas(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiJson(b): ApiJson<SubmitPlan>,
) -> ApiResult<Submitted> {
    if let Some(refusal) = forbidden(Action::Submit, actor_of(&caller)) {
        return Err(AppError::Forbidden(refusal.into()));
    }
    let year = fields::plan_year(b.plan_year)?;
    let answer = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let me = (caller.user_id, caller.username.as_str());
            let now = now_secs();
            let mut ids = Vec::new();
            let mut area_km2 = 0.0;
            for row in store::areas_of_year(&tx, year)? {
                if !sees(&caller, &row.facts.unit_code) {
                    continue;
                }
                if let Some(to) = Action::Submit.next(row.state) {
                    store::step(&tx, row.id, Action::Submit, (row.state, to), None, me, now)?;
                    ids.push(row.id);
                    area_km2 += row.facts.area_km2;
                }
            }
            if ids.is_empty() {
                return Ok(Err(AppError::Conflict(format!(
                    "{year} 年没有可提交的草稿"
                ))));
            }
            tx.commit()?;
            Ok(Ok(Submitted {
                plan_year: year,
                ids,
                area_km2,
            }))
        })
        .await??;
    Ok(ok(answer))
}

/// A unit's request to edit a submitted area.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyEdit {
    /// The area.
    pub id: i64,
    /// Why, at most 500 characters.
    pub reason: String,
}

/// Asks to edit a submitted area of the caller's: it waits for a manager's decision.
#[utoipa::path(
    post,
    path = "/api/plan-collaborative/apply-edit",
    tag = "plan",
    request_body = ApplyEdit,
    responses(
        (status = 200, description = "The area, edit requested", body = Envelope<PlanArea>),
        (status = 400, description = "No reason, or one too long", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range, or a manager", body = ErrorEnvelope),
        (status = 404, description = "No such area of the caller's", body = ErrorEnvelope),
        (status = 409, description = "The area is not submitted", body = ErrorEnvelope),
    )
)]
pub(super) async fn apply_edit(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiJson(b): ApiJson<ApplyEdit>,
) -> ApiResult<PlanArea> {
    let reason = fields::bounded(&b.reason, MAX_TEXT, "申请修改原因")?;
    if reason.is_empty() {
        return Err(AppError::bad_request("请填写申请修改的原因"));
    }
    let row = take(&state, &caller, b.id, Action::ApplyEdit, Some(reason)).await?;
    row.map(|r| ok(PlanArea::of(&r)))
        .ok_or_else(|| AppError::NotFound(NO_AREA.into()))
}

/// An area file read for a plan area.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProcessedShp {
    /// The area as a GeoJSON MultiPolygon, WGS 84, clipped to the caller's range: send it as
    /// `geojson` to `save/{x}`.
    #[schema(value_type = crate::vector::schema::MultiPolygon)]
    pub geojson: serde_json::Value,
    /// Geodesic area, km².
    pub area_km2: f64,
    /// The coordinate system the file was in.
    pub crs: String,
    /// Polygons in the area.
    pub parts: usize,
    /// Vertices in the area.
    pub vertices: usize,
    /// Whether invalid rings were repaired.
    pub repaired: bool,
    /// The range it lies in: region code.
    pub unit_code: String,
    /// And name.
    pub unit_name: String,
}

/// Reads an area file for a plan area, as the image query reads its uploads (a zipped
/// shapefile, KML, KMZ, GeoJSON or WKT; at most 20 MB), and checks it against the caller's
/// ranges and the 10,000 vertices a saved area may have. Nothing is stored.
#[utoipa::path(
    post,
    path = "/api/plan-collaborative/process-shp",
    tag = "plan",
    request_body(content_type = "multipart/form-data", description = "Field `file`: .zip (shapefile), .kml, .kmz, .geojson/.json or .wkt/.txt"),
    responses(
        (status = 200, description = "The area", body = Envelope<ProcessedShp>),
        (status = 400, description = "Unreadable file, not polygons, over 10,000 vertices, or outside the caller's ranges", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range, or a manager", body = ErrorEnvelope),
        (status = 413, description = "Request over the size limit", body = ErrorEnvelope),
        (status = 429, description = "More than 60 uploads from the address in 15 minutes", body = ErrorEnvelope),
    )
)]
pub(super) async fn process_shp(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ClientIp(ip): ClientIp,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<ProcessedShp> {
    state
        .uploads
        .admit_client(ip, crate::normal::upload::TOO_MANY_UPLOADS)?;
    let form = crate::normal::upload::read_form(form).await?;
    let area = blocking(move || {
        crate::vector::read_area(&form.file_name, &form.bytes)
            .map_err(|e| AppError::bad_request(e.0))
    })
    .await?;
    let max = crate::normal::area::MAX_SENT_VERTICES;
    let vertices = geo_kit::aoi::vertices(&area.geom);
    if vertices > max {
        return Err(AppError::bad_request(format!(
            "范围文件有 {vertices} 个顶点，需求范围最多 {max} 个，请简化后再上传"
        )));
    }
    let ranges = ranges(&state, &caller, AREA)?;
    let read = area.geom;
    let (unit_code, unit_name, geom, area_km2) =
        blocking(move || fitted_to(&read, &ranges, AREA)).await?;
    let geojson = serde_json::to_value(geojson::Geometry::from(
        &geo_types::Geometry::MultiPolygon(geom.clone()),
    ))
    .map_err(|e| AppError::Internal(e.into()))?;
    Ok(ok(ProcessedShp {
        geojson,
        area_km2,
        crs: area.crs.label(),
        parts: geom.0.len(),
        vertices: geo_kit::aoi::vertices(&geom),
        repaired: area.repaired,
        unit_code,
        unit_name,
    }))
}
