//! The purchase plan (采购计划): what of a year's published plan must still be bought. The
//! published areas of the latest version, of the unit type and region asked, are grouped by
//! resolution class and months; each group's areas are merged (ground two units both ask for
//! is bought once), and what the catalogue's scenes of that class, acquired in that year and
//! those months, already cover is taken off; the rest is priced per km² of its class (the
//! configuration's `plan_price_per_km2`). `remaining` and `priced` are pure and unit-tested.

use std::collections::BTreeMap;

use axum::extract::State as AxumState;
use axum::response::Response;
use geo_kit::deadline::{Deadline, TimedOut};
use geo_types::{MultiPolygon, Polygon};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::fields::{self, UnitType, Units, UnitsQuery};
use super::fulfil;
use super::geometry;
use super::store;
use crate::api::{ApiQuery, ApiResult, Envelope, blocking, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::spot::export::table::{Cell, table};
use crate::state::AppState;
use crate::vector::shp::{Field, Value, write_zipped};

/// The default purchase year (spec §9: purchaseYear 2024).
pub const DEFAULT_PURCHASE_YEAR: i64 = 2024;

/// Seconds the coverage of a purchase plan may take.
const WORK_SECS: u64 = 30;

/// Which purchase plan.
#[derive(Debug, Clone, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PurchaseQuery {
    /// The year: its latest published plan, against its catalogue (default 2024).
    pub purchase_year: Option<i64>,
}

/// One line of a purchase plan: a resolution class and months.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchaseRow {
    /// Resolution class, 1–4.
    pub resolution: i64,
    /// Its label.
    pub resolution_label: String,
    /// `qb` or the months, e.g. `3,4,5`.
    pub month_code: String,
    /// How the months read.
    pub months_label: String,
    /// Published areas in the group.
    pub areas: usize,
    /// The ground they ask for (their union), km².
    pub plan_km2: f64,
    /// What the catalogue already covers of it, km².
    pub covered_km2: f64,
    /// What must be bought, km².
    pub purchase_km2: f64,
    /// Price of the class, yuan per km².
    pub price_per_km2: f64,
    /// Estimated cost, yuan.
    pub cost: f64,
    /// Catalogue scenes counted.
    pub scenes: usize,
}

/// A purchase plan.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PurchasePlan {
    /// Year.
    pub purchase_year: i64,
    /// The units' level.
    pub unit_type: UnitType,
    /// The published version it is made from; none when the year has none.
    pub version: Option<i64>,
    /// One line per resolution class and months.
    pub rows: Vec<PurchaseRow>,
    /// Sum of the lines' plan km².
    pub plan_km2: f64,
    /// Sum of their covered km².
    pub covered_km2: f64,
    /// Sum of their purchase km².
    pub purchase_km2: f64,
    /// Sum of their costs, yuan.
    pub cost: f64,
}

/// What of an area footprints leave to buy.
#[derive(Debug, Clone)]
pub struct Remaining {
    /// The ground asked for, km².
    pub plan_km2: f64,
    /// What the footprints cover of it, km².
    pub covered_km2: f64,
    /// What remains, km².
    pub purchase_km2: f64,
    /// What remains, the shape.
    pub rest: MultiPolygon<f64>,
}

/// The ground asked for, what the footprints cover of it and what remains.
pub fn remaining(
    area: &MultiPolygon<f64>,
    footprints: &[Polygon<f64>],
    deadline: &Deadline,
) -> Result<Remaining, TimedOut> {
    let c = geo_kit::coverage::coverage(area, footprints, deadline)?;
    Ok(Remaining {
        plan_km2: c.aoi_km2,
        covered_km2: c.covered_km2,
        // + 0.0: an empty rest measures -0.0, which pages would print as "-0".
        purchase_km2: geo_kit::coverage::area_km2(&c.not_covered) + 0.0,
        rest: c.not_covered,
    })
}

/// The price of a class (1–4) and the cost of `km2` of it, yuan.
pub fn priced(km2: f64, class: i64, prices: &[f64; 4]) -> (f64, f64) {
    let price = usize::try_from(class - 1)
        .ok()
        .and_then(|i| prices.get(i))
        .copied()
        .unwrap_or(0.0);
    (price, km2 * price)
}

/// The purchase plan asked for, with what each line must buy as a shape.
async fn plan_of(
    state: &AppState,
    q: &PurchaseQuery,
    u: &UnitsQuery,
) -> Result<(PurchasePlan, Vec<MultiPolygon<f64>>), AppError> {
    let year = fields::plan_year(Some(q.purchase_year.unwrap_or(DEFAULT_PURCHASE_YEAR)))?;
    let units = Units::asked(u)?;
    let unit_type = units.level;
    let published = state.db.call(move |c| store::latest(c, year)).await?;
    let prices = state.config.plan_price_per_km2;
    let scenes = state.scenes.now();
    blocking(move || {
        let deadline =
            Deadline::at(std::time::Instant::now() + std::time::Duration::from_secs(WORK_SECS));
        let (version, areas) = match published {
            Some((v, areas)) => (Some(v), areas),
            None => (None, Vec::new()),
        };
        let mut groups: BTreeMap<(i64, String), Vec<&MultiPolygon<f64>>> = BTreeMap::new();
        for a in &areas {
            let f = &a.facts;
            if units.take(&f.unit_code) {
                groups
                    .entry((f.resolution, f.months.clone()))
                    .or_default()
                    .push(&f.geom);
            }
        }
        let mut rows = Vec::new();
        let mut shapes = Vec::new();
        for ((class, months), group) in groups {
            let union = geometry::union(&group);
            let footprints = fulfil::catalogue_footprints(&scenes, year, class, &months, &union)?;
            let Remaining {
                plan_km2,
                covered_km2,
                purchase_km2,
                rest,
            } = remaining(&union, &footprints, &deadline)?;
            let (price_per_km2, cost) = priced(purchase_km2, class, &prices);
            shapes.push(rest);
            rows.push(PurchaseRow {
                resolution: class,
                resolution_label: fields::resolution_label(class).to_owned(),
                months_label: fields::months_label(&months),
                month_code: months,
                areas: group.len(),
                plan_km2,
                covered_km2,
                purchase_km2,
                price_per_km2,
                cost,
                scenes: footprints.len(),
            });
        }
        let sum = |f: fn(&PurchaseRow) -> f64| rows.iter().map(f).sum::<f64>();
        let plan = PurchasePlan {
            purchase_year: year,
            unit_type,
            version,
            plan_km2: sum(|r| r.plan_km2),
            covered_km2: sum(|r| r.covered_km2),
            purchase_km2: sum(|r| r.purchase_km2),
            cost: sum(|r| r.cost),
            rows,
        };
        Ok((plan, shapes))
    })
    .await
}

/// The purchase plan of a year and unit type: the latest published plan's areas minus what
/// the catalogue already covers, per resolution class and months, with km² and estimated cost.
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/purchase",
    tag = "plan",
    params(PurchaseQuery, UnitsQuery),
    responses(
        (status = 200, description = "The purchase plan", body = Envelope<PurchasePlan>),
        (status = 400, description = "A bad year, unit type or region", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
        (status = 503, description = "Over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn purchase_plan(
    AxumState(state): AxumState<AppState>,
    ApiQuery(q): ApiQuery<PurchaseQuery>,
    ApiQuery(u): ApiQuery<UnitsQuery>,
) -> ApiResult<PurchasePlan> {
    Ok(ok(plan_of(&state, &q, &u).await?.0))
}

/// The purchase plan as an Excel workbook (.xlsx): one row per line, then the total.
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/purchase/export",
    tag = "plan",
    params(PurchaseQuery, UnitsQuery),
    responses(
        (status = 200, description = "purchase_plan_{year}.xlsx", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = crate::normal::coverage::ZipFile),
        (status = 400, description = "A bad year, unit type or region", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
        (status = 503, description = "Over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn purchase_export(
    AxumState(state): AxumState<AppState>,
    ApiQuery(q): ApiQuery<PurchaseQuery>,
    ApiQuery(u): ApiQuery<UnitsQuery>,
) -> Result<Response, AppError> {
    let (plan, _) = plan_of(&state, &q, &u).await?;
    let headers: Vec<String> = [
        "分辨率等级",
        "采集月份",
        "需求范围数",
        "需求面积（km²）",
        "已覆盖面积（km²）",
        "需采购面积（km²）",
        "单价（元/km²）",
        "估算费用（元）",
    ]
    .map(str::to_owned)
    .to_vec();
    let mut cells: Vec<Vec<Cell>> = plan
        .rows
        .iter()
        .map(|r| {
            vec![
                Cell::Text(r.resolution_label.clone()),
                Cell::Text(r.months_label.clone()),
                Cell::Count(r.areas as u64),
                Cell::Decimal(r.plan_km2),
                Cell::Decimal(r.covered_km2),
                Cell::Decimal(r.purchase_km2),
                Cell::Decimal(r.price_per_km2),
                Cell::Decimal(r.cost),
            ]
        })
        .collect();
    cells.push(vec![
        Cell::Text("合计".into()),
        Cell::Text(String::new()),
        Cell::Count(plan.rows.iter().map(|r| r.areas as u64).sum()),
        Cell::Decimal(plan.plan_km2),
        Cell::Decimal(plan.covered_km2),
        Cell::Decimal(plan.purchase_km2),
        Cell::Text(String::new()),
        Cell::Decimal(plan.cost),
    ]);
    let year = plan.purchase_year;
    let bytes = blocking(move || {
        table(&format!("{year}年采购计划"), &headers, &cells)
            .map_err(|e| AppError::Internal(e.into()))
    })
    .await?;
    Ok(crate::api::attachment(
        bytes,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        &format!("purchase_plan_{year}.xlsx"),
    ))
}

/// The `.dbf` fields of the shapefile export.
const FIELDS: [Field; 9] = [
    Field::number("resolution", 2, 0),
    Field::text("res_label", 20),
    Field::text("months", 30),
    Field::number("areas", 6, 0),
    Field::number("plan_km2", 16, 4),
    Field::number("cover_km2", 16, 4),
    Field::number("buy_km2", 16, 4),
    Field::number("price", 12, 2),
    Field::number("cost", 18, 2),
];

/// What the purchase plan must buy as a zipped shapefile (WGS 84): one multi-polygon per line
/// (resolution class and months), the part of the published areas the catalogue does not yet
/// cover, with the line's figures; a line wholly covered has nothing to draw and is left out.
#[utoipa::path(
    get,
    path = "/api/plan-collaborative/purchase/exportshp",
    tag = "plan",
    params(PurchaseQuery, UnitsQuery),
    responses(
        (status = 200, description = "purchase_plan_{year}.zip", content_type = "application/zip", body = crate::normal::coverage::ZipFile),
        (status = 400, description = "A bad year, unit type or region", body = ErrorEnvelope),
        (status = 401, description = "Not logged in", body = ErrorEnvelope),
        (status = 403, description = "Not a manager", body = ErrorEnvelope),
        (status = 503, description = "Over the time limit", body = ErrorEnvelope),
    )
)]
pub(super) async fn purchase_shapefile(
    AxumState(state): AxumState<AppState>,
    ApiQuery(q): ApiQuery<PurchaseQuery>,
    ApiQuery(u): ApiQuery<UnitsQuery>,
) -> Result<Response, AppError> {
    let (plan, shapes) = plan_of(&state, &q, &u).await?;
    let stem = format!("purchase_plan_{}", plan.purchase_year);
    let name = stem.clone();
    let bytes = blocking(move || {
        let features = plan
            .rows
            .iter()
            .zip(shapes)
            .filter(|(_, rest)| !rest.0.is_empty())
            .map(|(r, rest)| {
                (
                    shapefile::Polygon::from(rest),
                    vec![
                        Value::Number(r.resolution as f64),
                        Value::Text(r.resolution_label.clone()),
                        Value::Text(r.months_label.clone()),
                        Value::Number(r.areas as f64),
                        Value::Number(r.plan_km2),
                        Value::Number(r.covered_km2),
                        Value::Number(r.purchase_km2),
                        Value::Number(r.price_per_km2),
                        Value::Number(r.cost),
                    ],
                )
            });
        write_zipped(&name, &FIELDS, features).map_err(AppError::Internal)
    })
    .await?;
    Ok(crate::api::attachment(
        bytes,
        "application/zip",
        &format!("{stem}.zip"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{Rect, coord};

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> Polygon<f64> {
        Rect::new(coord! {x: x0, y: y0}, coord! {x: x1, y: y1}).to_polygon()
    }

    #[test]
    fn what_remains_is_the_area_minus_the_footprints() {
        let area = MultiPolygon(vec![rect(114.0, 30.0, 114.4, 30.4)]);
        let half = rect(114.2, 29.0, 115.0, 31.0);
        let r = remaining(&area, &[half], &Deadline::never()).expect("in time");
        let (plan, covered, rest) = (r.plan_km2, r.covered_km2, r.purchase_km2);
        let whole = geo_kit::coverage::area_km2(&area);
        let east = geo_kit::coverage::area_km2(&MultiPolygon(vec![rect(114.2, 30.0, 114.4, 30.4)]));
        assert!((plan - whole).abs() / whole < 1e-9);
        assert!((covered - east).abs() / east < 1e-5, "{covered} vs {east}");
        assert!((rest - (whole - east)).abs() / (whole - east) < 1e-5);
        let west = geo_kit::coverage::area_km2(&r.rest);
        assert!(
            (west - (whole - east)).abs() / (whole - east) < 1e-5,
            "the shape left is the west"
        );
        let r = remaining(&area, &[], &Deadline::never()).expect("in time");
        assert_eq!(r.covered_km2, 0.0);
        assert!((r.purchase_km2 - whole).abs() / whole < 1e-5);
    }

    #[test]
    fn the_cost_is_the_km2_at_the_class_price() {
        let prices = [300.0, 100.0, 30.0, 5.0];
        assert_eq!(priced(10.0, 2, &prices), (100.0, 1000.0));
        assert_eq!(priced(10.0, 0, &prices), (0.0, 0.0));
    }
}
