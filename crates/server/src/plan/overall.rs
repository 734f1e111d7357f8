//! The overall plan (总体计划): for managers, a year's published plan against what the catalogue
//! acquired for it, what must still be bought and what was pushed to the units, summed by one
//! of the spec's analysis options: per unit (province), per resolution class, or per plan year
//! over a run of years. The figures are `fulfil`'s needs, the same the province feedback reads.

use std::collections::BTreeMap;

use axum::extract::State as AxumState;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::fields::{self, Units, UnitsQuery};
use super::fulfil::{self, Need, YearNeeds};
use crate::api::{ApiQuery, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;
use crate::usercenter::session::Caller;

/// How the overall plan is summed (the spec's `analysisOption`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Analysis {
    /// One row per unit (default).
    #[default]
    Province,
    /// One row per resolution class.
    Resolution,
    /// One row per plan year, from `yearOption` to `planYear`.
    Year,
}

/// Most plan years one overall plan spans.
pub const MAX_YEARS: i64 = 10;

/// Which overall plan.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OverallQuery {
    /// The plan year (default 2025); with `analysisOption=year`, the last year.
    pub plan_year: Option<i64>,
    /// `province` (default), `resolution` or `year`.
    pub analysis_option: Option<Analysis>,
    /// With `analysisOption=year`, the first year (default four years before `planYear`; at
    /// most 10 years).
    pub year_option: Option<i64>,
    /// Only the needs of this resolution class, 1–4 (default every class).
    pub resolutiontype: Option<u8>,
}

/// One row of the overall plan.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverallRow {
    /// The unit's code, the class (`1`–`4`) or the year.
    pub key: String,
    /// The unit's name, the class label or `2025年`.
    pub label: String,
    /// Published areas.
    pub areas: usize,
    /// The ground asked for, km² (the sum of the needs: ground two units ask for counts for
    /// each).
    pub plan_km2: f64,
    /// What the catalogue's scenes cover of it, km².
    pub acquired_km2: f64,
    /// What remains to buy, km².
    pub purchase_km2: f64,
    /// What the optical scenes pushed to the units cover of it, km².
    pub delivered_km2: f64,
    /// `acquired_km2` of `plan_km2`, 0–1.
    pub acquired_share: f64,
    /// `delivered_km2` of `plan_km2`, 0–1.
    pub delivered_share: f64,
}

/// The overall plan.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverallPlan {
    /// The plan year (the last one with `analysisOption=year`).
    pub plan_year: i64,
    /// How it is summed.
    pub analysis_option: Analysis,
    /// The published version of `planYear` counted; none when it has none.
    pub version: Option<i64>,
    /// The rows.
    pub rows: Vec<OverallRow>,
    /// Their sum.
    pub total: OverallRow,
}

impl OverallRow {
    /// A row of these needs.
    fn of<'a>(key: String, label: String, needs: impl IntoIterator<Item = &'a Need>) -> Self {
        let mut r = Self {
            key,
            label,
            ..Self::default()
        };
        for n in needs {
            r.areas += n.areas;
            r.plan_km2 += n.plan_km2;
            r.acquired_km2 += n.acquired_km2;
            r.delivered_km2 += n.delivered_km2;
        }
        r.purchase_km2 = (r.plan_km2 - r.acquired_km2).max(0.0);
        r.acquired_share = fulfil::share(r.acquired_km2, r.plan_km2);
        r.delivered_share = fulfil::share(r.delivered_km2, r.plan_km2);
        r
    }
}

/// The rows of one year's needs by unit or by class.
fn rows_of(needs: &[Need], analysis: Analysis) -> Vec<OverallRow> {
    let mut groups: BTreeMap<String, (String, Vec<&Need>)> = BTreeMap::new();
    for n in needs {
        let (key, label) = match analysis {
            Analysis::Resolution => (
                n.resolution.to_string(),
                fields::resolution_label(n.resolution).to_owned(),
            ),
            _ => (n.unit_code.clone(), n.unit_name.clone()),
        };
        groups.entry(key).or_insert((label, Vec::new())).1.push(n);
    }
    groups
        .into_iter()
        .map(|(key, (label, ns))| OverallRow::of(key, label, ns))
        .collect()
}

/// A year's published plan against the catalogue's acquisitions, what remains to buy and what
/// was pushed to the units, by unit, resolution class or year.
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/overall",
    tag = "plan",
    params(OverallQuery, UnitsQuery),
    responses(
        (status = 200, description = "The overall plan", body = Envelope<OverallPlan>),
        (status = 400, description = "A bad year, option, unit type, region or class", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
        (status = 503, description = "Over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn overall_plan(
    AxumState(state): AxumState<AppState>,
    caller: Caller,
    ApiQuery(q): ApiQuery<OverallQuery>,
    ApiQuery(u): ApiQuery<UnitsQuery>,
) -> ApiResult<OverallPlan> {
    let year = fields::plan_year(q.plan_year)?;
    let analysis = q.analysis_option.unwrap_or_default();
    let class = q.resolutiontype.map(fields::resolution).transpose()?;
    let units = Units::asked(&u)?;
    let first = match analysis {
        Analysis::Year => {
            let first = fields::plan_year(Some(q.year_option.unwrap_or(year - 4)))?;
            if first > year || year - first >= MAX_YEARS {
                return Err(AppError::bad_request(format!(
                    "起始年份应不晚于计划年份，且最多统计 {MAX_YEARS} 年"
                )));
            }
            first
        }
        _ => year,
    };
    let mut rows = Vec::new();
    let mut all: Vec<Need> = Vec::new();
    let mut version = None;
    for y in first..=year {
        let YearNeeds {
            version: v,
            mut needs,
            ..
        } = fulfil::of_year(&state, &caller, y, Some(units.clone())).await?;
        needs.retain(|n| class.is_none_or(|c| n.resolution == i64::from(c)));
        if y == year {
            version = v;
        }
        match analysis {
            Analysis::Year => rows.push(OverallRow::of(y.to_string(), format!("{y}年"), &needs)),
            _ => rows = rows_of(&needs, analysis),
        }
        all.extend(needs);
    }
    Ok(ok(OverallPlan {
        plan_year: year,
        analysis_option: analysis,
        version,
        total: OverallRow::of("total".into(), "合计".into(), &all),
        rows,
    }))
}
