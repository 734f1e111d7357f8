//! Reading the needs (the list, the map, one area with its history), a manager's decisions
//! on edit requests, the overlap statistics, and publishing the national plan.

use std::collections::BTreeMap;

use axum::extract::State as AxumState;
use rusqlite::TransactionBehavior;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fields::{self, Cjlx, UnitType};
use super::fill::take;
use super::geometry;
use super::machine::{Action, State};
use super::store::{self, AreaRow, PublicationRow};
use super::{NO_AREA, PlanArea, PlanFilter, collection, described, feature, sees, visible};
use crate::api::{ApiJson, ApiPath, ApiQuery, ApiResult, Envelope, Page, PageQuery, blocking, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::guard::region_in_ranges;
use crate::usercenter::session::{Caller, now_secs};
use crate::vector::schema::FeatureCollection;

/// A filter read and checked.
struct Checked {
    year: i64,
    region: String,
    unit_type: Option<UnitType>,
    resolution: Option<i64>,
    month: Option<u8>,
    cjlx: Option<Cjlx>,
    overlap: bool,
    state: Option<State>,
}

/// A wire name of an enum, or none; 400 naming `what` for a wrong one.
fn named<T: serde::de::DeserializeOwned>(
    v: &Option<String>,
    what: &str,
) -> Result<Option<T>, AppError> {
    match v.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => crate::api::from_name(s)
            .map(Some)
            .ok_or_else(|| AppError::bad_request(format!("{what}取值无效：{s}"))),
    }
}

fn checked(f: &PlanFilter) -> Result<Checked, AppError> {
    let region = match f.region_id.as_deref().map(str::trim) {
        None | Some("") => crate::region::tree::COUNTRY.to_owned(),
        Some(r) => crate::region::tree::normalize(r)
            .ok_or_else(|| AppError::bad_request(crate::region::tree::BAD_CODE))?
            .to_owned(),
    };
    let resolution = match f.resolutiontype {
        None => None,
        Some(r) => Some(i64::from(fields::resolution(r)?)),
    };
    let overlap = match f.overlap.unwrap_or(0) {
        0 => false,
        1 => true,
        _ => {
            return Err(AppError::bad_request(
                "overlap 应为 0（全部）或 1（仅重叠）",
            ));
        }
    };
    Ok(Checked {
        year: fields::plan_year(f.plan_year)?,
        region,
        unit_type: named(&f.unit_type, "单位类型")?,
        resolution,
        month: fields::month_filter(f.month.as_deref())?,
        cjlx: named(&f.cjlx, "采集类型")?,
        overlap,
        state: named(&f.state, "状态")?,
    })
}

/// The year's areas the caller sees that pass the filter, by id.
async fn filtered(
    state: &AppState,
    caller: &Caller,
    f: &PlanFilter,
) -> Result<Vec<AreaRow>, AppError> {
    let q = checked(f)?;
    let year = q.year;
    let all = state
        .db
        .call(move |c| store::areas_of_year(c, year))
        .await?;
    let caller = caller.clone();
    blocking(move || {
        // Overlap with any other unit's area of the year, whatever its state.
        let hit = if q.overlap {
            let mut units: BTreeMap<&str, usize> = BTreeMap::new();
            let areas: Vec<(usize, &geo_types::MultiPolygon<f64>)> = all
                .iter()
                .map(|r| {
                    let next = units.len();
                    let u = *units.entry(r.facts.unit_code.as_str()).or_insert(next);
                    (u, &r.facts.geom)
                })
                .collect();
            geometry::overlapping(&areas)
        } else {
            vec![true; all.len()]
        };
        Ok(all
            .into_iter()
            .zip(hit)
            .filter(|(r, hit)| {
                let f = &r.facts;
                *hit && sees(&caller, &f.unit_code)
                    && region_in_ranges(&f.unit_code, std::slice::from_ref(&q.region))
                    && q.unit_type.is_none_or(|t| UnitType::of(&f.unit_code) == t)
                    && q.resolution.is_none_or(|c| f.resolution == c)
                    && q.month
                        .is_none_or(|m| fields::months_of(&f.months).contains(&m))
                    && q.cjlx.is_none_or(|c| Cjlx::of(&f.cjlx) == c)
                    && q.state.is_none_or(|s| r.state == s)
            })
            .map(|(r, _)| r)
            .collect())
    })
    .await
}

/// The plan areas the caller sees (a manager every unit's, a unit its own) that pass the
/// filters, by id, a page at a time.
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/list",
    tag = "plan",
    params(PlanFilter, PageQuery),
    responses(
        (status = 200, description = "A page of areas", body = Envelope<Page<PlanArea>>),
        (status = 400, description = "A bad filter or page", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range", body = ErrorEnvelope),
    )
)]
pub(super) async fn list_plan_areas(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiQuery(f): ApiQuery<PlanFilter>,
    ApiQuery(p): ApiQuery<PageQuery>,
) -> ApiResult<Page<PlanArea>> {
    let paging = p.paging()?;
    let rows = filtered(&state, &caller, &f).await?;
    Ok(ok(paging.slice(rows.iter().map(PlanArea::of))))
}

/// The plan areas of year `x` the caller sees that pass the filters, as GeoJSON for the map:
/// each feature's id the area's, its properties a PlanArea.
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/geom/{x}",
    tag = "plan",
    params(("x" = i64, Path, description = "Plan year (overrides planYear)"), PlanFilter),
    responses(
        (status = 200, description = "GeoJSON FeatureCollection; each feature's properties are a PlanArea", body = Envelope<FeatureCollection<PlanArea>>),
        (status = 400, description = "A bad year or filter", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range", body = ErrorEnvelope),
    )
)]
pub(super) async fn plan_geom(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(x): ApiPath<i64>,
    ApiQuery(f): ApiQuery<PlanFilter>,
) -> ApiResult<serde_json::Value> {
    let f = PlanFilter {
        plan_year: Some(x),
        ..f
    };
    let rows = filtered(&state, &caller, &f).await?;
    let features = rows
        .iter()
        .map(|r| feature(PlanArea::of(r), &r.facts.geom))
        .collect();
    Ok(ok(collection(features)))
}

/// One step of an area.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanStep {
    /// The action.
    pub action: String,
    /// From this state.
    pub from: State,
    /// To this one.
    pub to: State,
    /// Who.
    pub actor: String,
    /// When, `YYYY-MM-DD HH:MM` Beijing time.
    pub at: String,
    /// The reason given.
    pub reason: Option<String>,
}

/// An area with its shape and every step.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanAreaDetail {
    /// The area.
    pub area: PlanArea,
    /// Its shape, a GeoJSON MultiPolygon, WGS 84.
    #[schema(value_type = crate::vector::schema::MultiPolygon)]
    pub geojson: serde_json::Value,
    /// Its steps, oldest first.
    pub history: Vec<PlanStep>,
}

/// One area the caller sees, with its shape and history.
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/id/{id}",
    tag = "plan",
    params(("id" = i64, Path, description = "Area id")),
    responses(
        (status = 200, description = "The area", body = Envelope<PlanAreaDetail>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range", body = ErrorEnvelope),
        (status = 404, description = "No such area of the caller's", body = ErrorEnvelope),
    )
)]
pub(super) async fn plan_area(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<PlanAreaDetail> {
    let row = visible(&state, &caller, id).await?;
    let steps = state.db.call(move |c| store::steps(c, id)).await?;
    let geojson = serde_json::to_value(geojson::Geometry::from(
        &geo_types::Geometry::MultiPolygon(row.facts.geom.clone()),
    ))
    .map_err(|e| AppError::Internal(e.into()))?;
    Ok(ok(PlanAreaDetail {
        area: PlanArea::of(&row),
        geojson,
        history: steps
            .into_iter()
            .map(|h| PlanStep {
                action: h.action,
                from: h.from,
                to: h.to,
                actor: h.actor,
                at: crate::beijing::minute(h.at),
                reason: h.reason,
            })
            .collect(),
    }))
}

/// A manager's decision on an edit request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EditDecision {
    /// The area becomes a draft again.
    Grant,
    /// The area stays submitted.
    Refuse,
}

/// A decision and its reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecideEdit {
    /// Grant or refuse.
    pub decision: EditDecision,
    /// Why (needed to refuse), at most 500 characters.
    #[serde(default)]
    pub reason: String,
}

/// Grants (→ 草稿) or refuses (→ 已提交, with a reason) a unit's request to edit an area.
#[utoipa::path(
    post,
    path = "/api/plan-collaborative/apply-edit/{id}",
    tag = "plan",
    params(("id" = i64, Path, description = "Area id")),
    request_body = DecideEdit,
    responses(
        (status = 200, description = "The area after the decision", body = Envelope<PlanArea>),
        (status = 400, description = "A bad decision, or a refusal without a reason", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
        (status = 404, description = "No such area", body = ErrorEnvelope),
        (status = 409, description = "No edit request is waiting", body = ErrorEnvelope),
    )
)]
pub(super) async fn decide_edit(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
    ApiJson(b): ApiJson<DecideEdit>,
) -> ApiResult<PlanArea> {
    let reason = fields::bounded(&b.reason, fields::MAX_TEXT, "原因")?;
    let action = match b.decision {
        EditDecision::Grant => Action::Grant,
        EditDecision::Refuse if reason.is_empty() => {
            return Err(AppError::bad_request("请填写驳回修改申请的原因"));
        }
        EditDecision::Refuse => Action::Refuse,
    };
    let reason = (!reason.is_empty()).then_some(reason);
    let row = take(&state, &caller, id, action, reason).await?;
    row.map(|r| ok(PlanArea::of(&r)))
        .ok_or_else(|| AppError::NotFound(NO_AREA.into()))
}

/// Which year to publish or list.
#[derive(Debug, Deserialize, ToSchema, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PlanYear {
    /// Plan year (default 2025).
    pub plan_year: Option<i64>,
}

/// A published national plan.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Publication {
    /// Id.
    pub id: i64,
    /// Plan year.
    pub plan_year: i64,
    /// Version within the year, from 1.
    pub version: i64,
    /// When, `YYYY-MM-DD HH:MM` Beijing time.
    pub published_at: String,
    /// The manager.
    pub publisher: String,
    /// Areas in it.
    pub areas: i64,
    /// Their km² (summed; overlaps count once per area).
    pub area_km2: f64,
}

impl Publication {
    fn of(p: PublicationRow) -> Self {
        Self {
            id: p.id,
            plan_year: p.plan_year,
            version: p.version,
            published_at: crate::beijing::minute(p.published_at),
            publisher: p.publisher,
            areas: p.areas,
            area_km2: p.area_km2,
        }
    }
}

/// Publishes the national plan of a year: every submitted area is published (read-only from
/// then on) and the plan's version n+1 keeps every published area of the year as it is now.
#[utoipa::path(
    post,
    path = "/api/plan-collaborative/publish",
    tag = "plan",
    request_body = PlanYear,
    responses(
        (status = 200, description = "The new version", body = Envelope<Publication>),
        (status = 400, description = "A bad year", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
        (status = 409, description = "No submitted area to publish", body = ErrorEnvelope),
    )
)]
pub(super) async fn publish_plan(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiJson(b): ApiJson<PlanYear>,
) -> ApiResult<Publication> {
    let year = fields::plan_year(b.plan_year)?;
    let published = state
        .db
        .call(move |c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let now = now_secs();
            let Some(p) = store::publish(&tx, year, (caller.user_id, &caller.username), now)?
            else {
                return Ok(Err(AppError::Conflict(format!(
                    "{year} 年没有已提交、待发布的需求范围"
                ))));
            };
            let entry = crate::audit::Entry {
                actor: &caller,
                action: "plan.publish",
                target: format!("plan:{year}:v{}", p.version),
                before: None,
                after: Some(serde_json::json!({"areas": p.areas, "areaKm2": p.area_km2})),
            };
            crate::audit::store::record(&tx, &entry, now)?;
            tx.commit()?;
            Ok(Ok(p))
        })
        .await??;
    Ok(ok(Publication::of(published)))
}

/// The published versions of a year's plan, newest first.
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/publish",
    tag = "plan",
    params(PlanYear),
    responses(
        (status = 200, description = "The versions", body = Envelope<Vec<Publication>>),
        (status = 400, description = "A bad year", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range", body = ErrorEnvelope),
    )
)]
pub(super) async fn plan_publications(
    AxumState(state): AxumState<AppState>,
    ApiQuery(q): ApiQuery<PlanYear>,
) -> ApiResult<Vec<Publication>> {
    let year = fields::plan_year(q.plan_year)?;
    let rows = state.db.call(move |c| store::publications(c, year)).await?;
    Ok(ok(rows.into_iter().map(Publication::of).collect()))
}

/// The areas of a published plan as they were published (a unit sees its own), as GeoJSON:
/// each feature's id the area's, its properties a PlanArea.
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/publication/{id}",
    tag = "plan",
    params(("id" = i64, Path, description = "Publication id")),
    responses(
        (status = 200, description = "GeoJSON FeatureCollection; each feature's properties are a PlanArea", body = Envelope<FeatureCollection<PlanArea>>),
        (status = 400, description = "A bad id", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range", body = ErrorEnvelope),
        (status = 404, description = "No such publication", body = ErrorEnvelope),
    )
)]
pub(super) async fn publication_geom(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<serde_json::Value> {
    let found = state
        .db
        .call(move |c| {
            Ok(match store::publication(c, id)? {
                Some(p) => Some((p, store::published_areas(c, id)?)),
                None => None,
            })
        })
        .await?;
    let (p, areas) = found.ok_or_else(|| AppError::NotFound("发布版本不存在".into()))?;
    let features = areas
        .iter()
        .filter(|a| sees(&caller, &a.facts.unit_code))
        .map(|a| {
            let mut area = described(a.area_id, &a.facts);
            area.version = Some(p.version);
            feature(area, &a.facts.geom)
        })
        .collect();
    Ok(ok(collection(features)))
}

/// One unit's needs in the overlap statistics.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitNeed {
    /// Region code.
    pub unit_code: String,
    /// Name.
    pub unit_name: String,
    /// Areas counted.
    pub areas: usize,
    /// The ground they cover (their union), km².
    pub area_km2: f64,
}

/// Ground two units both ask for.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverlapPair {
    /// One unit's region code.
    pub unit_a: String,
    /// Its name.
    pub name_a: String,
    /// The other's.
    pub unit_b: String,
    /// Its name.
    pub name_b: String,
    /// The intersection of the two units' needs, km².
    pub area_km2: f64,
}

/// Where several units ask for the same ground in a year.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanOverlap {
    /// Plan year.
    pub plan_year: i64,
    /// Each unit with needs, by code.
    pub units: Vec<UnitNeed>,
    /// Each pair of units whose needs meet, largest first.
    pub pairs: Vec<OverlapPair>,
}

/// Overlap statistics of a year's needs (every area but drafts): each unit's ground, and the
/// ground each pair of units both ask for (the intersection of their unions, geodesic km²).
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/overlap",
    tag = "plan",
    params(PlanYear),
    responses(
        (status = 200, description = "The statistics", body = Envelope<PlanOverlap>),
        (status = 400, description = "A bad year", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
    )
)]
pub(super) async fn plan_overlap(
    AxumState(state): AxumState<AppState>,
    ApiQuery(q): ApiQuery<PlanYear>,
) -> ApiResult<PlanOverlap> {
    let year = fields::plan_year(q.plan_year)?;
    let all = state
        .db
        .call(move |c| store::areas_of_year(c, year))
        .await?;
    let answer = blocking(move || {
        let mut by_unit: BTreeMap<String, (String, Vec<&geo_types::MultiPolygon<f64>>)> =
            BTreeMap::new();
        for r in all.iter().filter(|r| r.state != State::Draft) {
            by_unit
                .entry(r.facts.unit_code.clone())
                .or_insert_with(|| (r.facts.unit_name.clone(), Vec::new()))
                .1
                .push(&r.facts.geom);
        }
        let codes: Vec<&String> = by_unit.keys().collect();
        let unions: Vec<_> = by_unit.values().map(|(_, a)| geometry::union(a)).collect();
        let units = by_unit
            .iter()
            .zip(&unions)
            .map(|((code, (name, areas)), u)| UnitNeed {
                unit_code: code.clone(),
                unit_name: name.clone(),
                areas: areas.len(),
                area_km2: geo_kit::coverage::area_km2(u),
            })
            .collect();
        let name = |i: usize| by_unit[codes[i]].0.clone();
        let pairs = geometry::overlaps(&unions)
            .into_iter()
            .map(|p| OverlapPair {
                unit_a: codes[p.a].clone(),
                name_a: name(p.a),
                unit_b: codes[p.b].clone(),
                name_b: name(p.b),
                area_km2: p.km2,
            })
            .collect();
        Ok(PlanOverlap {
            plan_year: year,
            units,
            pairs,
        })
    })
    .await?;
    Ok(ok(answer))
}
