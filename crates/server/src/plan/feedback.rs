//! Province feedback (省级反馈, spec `push/v1` provincial-feedback and metadata-optical): per
//! unit and plan year, how much of the ground its published needs asked for the optical scenes
//! pushed to it covered (`fulfil`), the scenes that count, and the unit's own rating and
//! comments; a manager reads every unit's with a summary across them.

use std::collections::{HashMap, HashSet};

use axum::extract::State as AxumState;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::fields::{self, UnitType, Units, UnitsQuery};
use super::fulfil::{self, Need, YearNeeds};
use super::sees;
use super::store::{self, FeedbackRow};
use crate::api::{ApiJson, ApiQuery, ApiResult, Envelope, Page, PageQuery, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::push::PushItem;
use crate::state::AppState;
use crate::usercenter::session::{Caller, now_secs};

/// Which feedback: a plan year and the units.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FeedbackQuery {
    /// The plan year (default 2025): its latest published version.
    pub plan_year: Option<i64>,
}

/// One need of a unit: a resolution class and months.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackLine {
    /// Resolution class, 1–4.
    pub resolution: i64,
    /// Its label.
    pub resolution_label: String,
    /// `qb` or the months, e.g. `3,4,5`.
    pub month_code: String,
    /// How the months read.
    pub months_label: String,
    /// Published areas in it.
    pub areas: usize,
    /// The ground asked for, km².
    pub plan_km2: f64,
    /// What the pushed optical scenes cover of it, km².
    pub delivered_km2: f64,
    /// `delivered_km2` of `plan_km2`, 0–1.
    pub share: f64,
    /// Pushed scenes that count.
    pub scenes: usize,
}

/// One unit's feedback of a year.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnitFeedback {
    /// The unit's region code.
    pub unit_code: String,
    /// The unit's name.
    pub unit_name: String,
    /// Published areas.
    pub areas: usize,
    /// The ground asked for, km² (the sum of its needs).
    pub plan_km2: f64,
    /// What the pushed optical scenes cover of it, km².
    pub delivered_km2: f64,
    /// `delivered_km2` of `plan_km2`, 0–1.
    pub share: f64,
    /// Pushed scenes that count (each once).
    pub scenes: usize,
    /// Its needs.
    pub lines: Vec<FeedbackLine>,
    /// The unit's rating, 1–5, once given.
    pub rating: Option<i64>,
    /// Its comments.
    pub comment: Option<String>,
    /// Who rated (login name).
    pub author: Option<String>,
    /// When, `YYYY-MM-DD HH:MM` Beijing time.
    pub rated_at: Option<String>,
}

/// The feedback of a plan year.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProvincialFeedback {
    /// Plan year.
    pub plan_year: i64,
    /// The units' level.
    pub unit_type: UnitType,
    /// The published version counted; none when the year has none.
    pub version: Option<i64>,
    /// One per unit with published areas, by code.
    pub units: Vec<UnitFeedback>,
    /// Sum of the units' plan km².
    pub plan_km2: f64,
    /// Sum of their delivered km².
    pub delivered_km2: f64,
    /// `delivered_km2` of `plan_km2`, 0–1.
    pub share: f64,
    /// Units that gave a rating.
    pub rated: usize,
    /// Their mean rating.
    pub mean_rating: Option<f64>,
}

/// Each unit's feedback from its needs (a unit's needs are consecutive) and its rating.
fn units_of(needs: &[Need], ratings: &[FeedbackRow]) -> Vec<UnitFeedback> {
    needs
        .chunk_by(|a, b| a.unit_code == b.unit_code)
        .map(|own| {
            let first = &own[0];
            let rating = ratings.iter().find(|r| r.unit_code == first.unit_code);
            let lines: Vec<FeedbackLine> = own.iter().map(FeedbackLine::of).collect();
            let plan_km2 = own.iter().map(|n| n.plan_km2).sum();
            let delivered_km2 = own.iter().map(|n| n.delivered_km2).sum();
            // A scene counting for two of the unit's needs is one scene of the unit.
            let scenes = own
                .iter()
                .flat_map(|n| &n.delivered)
                .collect::<HashSet<_>>()
                .len();
            UnitFeedback {
                unit_code: first.unit_code.clone(),
                unit_name: first.unit_name.clone(),
                areas: own.iter().map(|n| n.areas).sum(),
                plan_km2,
                delivered_km2,
                share: fulfil::share(delivered_km2, plan_km2),
                scenes,
                lines,
                rating: rating.map(|r| r.rating),
                comment: rating.map(|r| r.comment.clone()),
                author: rating.map(|r| r.author.clone()),
                rated_at: rating.map(|r| crate::beijing::minute(r.updated_at)),
            }
        })
        .collect()
}

impl FeedbackLine {
    /// The line of one need.
    fn of(n: &Need) -> Self {
        Self {
            resolution: n.resolution,
            resolution_label: fields::resolution_label(n.resolution).to_owned(),
            month_code: n.months.clone(),
            months_label: fields::months_label(&n.months),
            areas: n.areas,
            plan_km2: n.plan_km2,
            delivered_km2: n.delivered_km2,
            share: fulfil::share(n.delivered_km2, n.plan_km2),
            scenes: n.delivered.len(),
        }
    }
}

/// Per unit of the year's published plan the caller sees (a manager every unit of the level
/// and region asked, a unit its own whatever their level), how much of the ground asked for
/// the optical scenes pushed to it covered, per need, with its rating; and the sums across
/// the units.
#[utoipa::path(
    get,
    path = "/api/push/v1/provincial-feedback",
    tag = "plan",
    params(FeedbackQuery, UnitsQuery),
    responses(
        (status = 200, description = "The feedback of the year", body = Envelope<ProvincialFeedback>),
        (status = 400, description = "A bad year, unit type or region", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range", body = ErrorEnvelope),
        (status = 503, description = "Over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn provincial_feedback(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<FeedbackQuery>,
    ApiQuery(u): ApiQuery<UnitsQuery>,
) -> ApiResult<ProvincialFeedback> {
    let year = fields::plan_year(q.plan_year)?;
    // A unit reads its own units whatever their level; the filters are a manager's.
    let units = Units::asked(&u)?;
    let unit_type = units.level;
    let units = caller.is_admin().then_some(units);
    let YearNeeds { version, needs, .. } = fulfil::of_year(&state, &caller, year, units).await?;
    let ratings = state
        .db
        .call(move |c| store::feedback_of_year(c, year))
        .await?;
    let units = units_of(&needs, &ratings);
    let plan_km2: f64 = units.iter().map(|u| u.plan_km2).sum();
    let delivered_km2: f64 = units.iter().map(|u| u.delivered_km2).sum();
    let given: Vec<i64> = units.iter().filter_map(|u| u.rating).collect();
    Ok(ok(ProvincialFeedback {
        plan_year: year,
        unit_type,
        version,
        plan_km2,
        delivered_km2,
        share: fulfil::share(delivered_km2, plan_km2),
        rated: given.len(),
        mean_rating: (!given.is_empty())
            .then(|| given.iter().sum::<i64>() as f64 / given.len() as f64),
        units,
    }))
}

/// A unit's rating of a plan year.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RateFeedback {
    /// The plan year.
    pub plan_year: i64,
    /// The unit (one of the caller's area ranges); may be left out by a unit with one range.
    pub unit_code: Option<String>,
    /// 1–5.
    pub rating: i64,
    /// Comments, at most 500 characters.
    #[serde(default)]
    pub comment: String,
}

/// The refusal of a rating for a unit that is not the caller's.
pub const NOT_OWN_UNIT: &str = "只能评价本单位（权限范围内）的计划";

/// A rating as checked: the year, the unit (one of the caller's ranges), 1–5 and the comment.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// Plan year.
    pub plan_year: i64,
    /// The unit's region code.
    pub unit_code: String,
    /// 1–5.
    pub rating: i64,
    /// Trimmed, at most 500 characters.
    pub comment: String,
}

impl RateFeedback {
    /// The rating checked against the caller's ranges `regions`: a year, 1–5, a bounded
    /// comment, and the unit named if it is one of them (403) or the only one.
    pub fn checked(&self, regions: &[String]) -> Result<Rating, AppError> {
        let plan_year = fields::plan_year(Some(self.plan_year))?;
        if !(1..=5).contains(&self.rating) {
            return Err(AppError::bad_request("评分应为 1 到 5 的整数"));
        }
        let comment = fields::bounded(&self.comment, fields::MAX_TEXT, "意见")?;
        let unit_code = match self.unit_code.as_deref().map(str::trim) {
            Some(code) if !code.is_empty() => regions
                .iter()
                .find(|r| *r == code)
                .cloned()
                .ok_or_else(|| AppError::Forbidden(NOT_OWN_UNIT.into()))?,
            _ => match regions {
                [only] => only.clone(),
                _ => return Err(AppError::bad_request("请指定评价的单位（unitCode）")),
            },
        };
        Ok(Rating {
            plan_year,
            unit_code,
            rating: self.rating,
            comment,
        })
    }
}

/// A unit rates (1–5) and comments on how the images delivered for a published plan year met
/// its needs; rating again changes it. Only a unit of that year's published plan may.
#[utoipa::path(
    put,
    path = "/api/push/v1/provincial-feedback",
    tag = "plan",
    request_body = RateFeedback,
    responses(
        (status = 200, description = "The unit's feedback as it now reads", body = Envelope<UnitFeedback>),
        (status = 400, description = "A bad year, rating or comment", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a unit, or not the caller's unit", body = ErrorEnvelope),
        (status = 409, description = "The year's published plan has no area of the unit", body = ErrorEnvelope),
        (status = 503, description = "Over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn rate_feedback(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiJson(body): ApiJson<RateFeedback>,
) -> ApiResult<UnitFeedback> {
    let Rating {
        plan_year: year,
        unit_code: unit,
        rating,
        comment,
    } = body.checked(&caller.regions)?;
    let units = Units {
        level: UnitType::of(&unit),
        region: unit.clone(),
    };
    let YearNeeds { needs, .. } = fulfil::of_year(&state, &caller, year, Some(units)).await?;
    let Some(first) = needs.first() else {
        return Err(AppError::Conflict(format!(
            "{year} 年已发布的计划中没有本单位的需求范围，无法评价"
        )));
    };
    let row = FeedbackRow {
        plan_year: year,
        unit_code: unit.clone(),
        unit_name: first.unit_name.clone(),
        rating,
        comment,
        author: caller.username.clone(),
        updated_at: now_secs(),
    };
    let user = caller.user_id;
    let stored = row.clone();
    state
        .db
        .call(move |c| store::rate(c, &stored, user))
        .await?;
    units_of(&needs, &[row])
        .into_iter()
        .next()
        .map(ok)
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("a rated unit has no needs")))
}

/// Which scenes: a plan year and one unit.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OpticalQuery {
    /// The plan year (default 2025).
    pub plan_year: Option<i64>,
    /// The unit's region code; a unit with one range may leave it out.
    pub unit_code: Option<String>,
}

/// A pushed optical scene that counts for a unit's need: push's delivery, with the class it
/// counts in and the batch that brought it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpticalScene {
    /// The delivery, as the push batch's detail lists it.
    #[serde(flatten)]
    pub item: PushItem,
    /// The resolution class of the need it counts for.
    pub resolution_label: String,
    /// The batch that brought it.
    pub batch_id: i64,
    /// Its name.
    pub batch_name: String,
}

/// The unit a scene list is for: one the caller sees (404 as for a unit that does not exist).
fn seen_unit(caller: &Caller, named: Option<&str>) -> Result<String, AppError> {
    let code = match named.map(str::trim) {
        Some(c) if !c.is_empty() => c.to_owned(),
        _ => match caller.regions.as_slice() {
            [only] if !caller.is_admin() => only.clone(),
            _ => return Err(AppError::bad_request("请指定单位（unitCode）")),
        },
    };
    if sees(caller, &code) {
        Ok(code)
    } else {
        Err(AppError::NotFound("单位不存在".into()))
    }
}

/// The optical scenes pushed to a unit that count for its published needs of the year (of a
/// need's resolution class, in its months, meeting its ground), oldest first, a page at a time.
#[utoipa::path(
    get,
    path = "/api/push/v1/metadata-optical",
    tag = "plan",
    params(OpticalQuery, PageQuery),
    responses(
        (status = 200, description = "A page of scenes", body = Envelope<Page<OpticalScene>>),
        (status = 400, description = "A bad year, unit or page", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "No area range", body = ErrorEnvelope),
        (status = 404, description = "A unit the caller does not see", body = ErrorEnvelope),
        (status = 503, description = "Over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn metadata_optical(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<OpticalQuery>,
    ApiQuery(p): ApiQuery<PageQuery>,
) -> ApiResult<Page<OpticalScene>> {
    let paging = p.paging()?;
    let year = fields::plan_year(q.plan_year)?;
    let unit = seen_unit(&caller, q.unit_code.as_deref())?;
    let units = Units {
        level: UnitType::of(&unit),
        region: unit.clone(),
    };
    let YearNeeds {
        needs, received, ..
    } = fulfil::of_year(&state, &caller, year, Some(units)).await?;
    let mut class_of: HashMap<&str, i64> = HashMap::new();
    for n in &needs {
        for id in &n.delivered {
            // A scene counting for two needs is listed once, under the finer class.
            let c = class_of.entry(id.as_str()).or_insert(n.resolution);
            *c = (*c).min(n.resolution);
        }
    }
    let counted: Vec<OpticalScene> = received
        .get(&unit)
        .into_iter()
        .flatten()
        .filter_map(|r| {
            let class = class_of.get(r.row.item.scene_id.as_str())?;
            Some(OpticalScene {
                item: PushItem::from(&r.row),
                resolution_label: fields::resolution_label(*class).to_owned(),
                batch_id: r.batch_id,
                batch_name: r.batch_name.clone(),
            })
        })
        .collect();
    Ok(ok(paging.slice(counted.into_iter())))
}
