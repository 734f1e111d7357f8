//! How far a year's published plan was met, per unit and need (one resolution class and set of
//! months of one unit): the ground asked for, what the catalogue's scenes of that class acquired
//! in that year and those months cover of it (`acquired`, as the purchase plan counts it), and
//! what the optical scenes of that class pushed to the unit's nodes cover (`delivered`, what the
//! province received). The overall plan and the province feedback read these same figures.

use std::collections::{BTreeMap, HashMap};

use geo::{BoundingRect, Intersects};
use geo_kit::deadline::Deadline;
use geo_types::{MultiPolygon, Polygon, Rect, coord};

use super::fields::{self, Units};
use super::geometry;
use super::sees;
use super::store::{self, Facts, PublishedArea};
use crate::api::blocking;
use crate::catalogue::{Kind, ResolutionClass};
use crate::error::AppError;
use crate::normal::index::{Filter, SceneIndex, Sort};
use crate::push::store::Received;
use crate::state::AppState;
use crate::usercenter::session::Caller;

/// The first and last second (unix, Beijing time) of a plan year.
pub fn year_window(year: i64) -> Result<(i64, i64), AppError> {
    let year = i32::try_from(year).map_err(|_| AppError::bad_request("年份无效"))?;
    Ok(crate::coverage::engine::Period::checked(year, 0, None, None)?.window())
}

/// Whether a unix time falls in one of the months (1–12, Beijing time).
pub fn in_months(at: i64, months: &[u8]) -> bool {
    let m = crate::beijing::month_number(at).rem_euclid(12) + 1;
    months.iter().any(|&x| i64::from(x) == m)
}

/// Whether a footprint's box meets a box.
fn boxes_meet(footprint: Option<Rect<f64>>, area: Option<Rect<f64>>) -> bool {
    footprint.zip(area).is_some_and(|(f, a)| f.intersects(&a))
}

/// The footprints of the catalogue's scenes of resolution class `class` acquired in `year`
/// (Beijing time) in one of the months of `months` (stored form) whose box meets `area`'s.
pub fn catalogue_footprints(
    scenes: &SceneIndex,
    year: i64,
    class: i64,
    months: &str,
    area: &MultiPolygon<f64>,
) -> Result<Vec<Polygon<f64>>, AppError> {
    let (from, to) = year_window(year)?;
    let wanted = fields::months_of(months);
    let bbox = area.bounding_rect();
    let filter = Filter {
        from: Some(from),
        to: Some(to),
        resolutions: vec![u8::try_from(class).unwrap_or(0)],
        ..Filter::default()
    };
    let positions = scenes.select(&filter, Sort::Time, |s| {
        in_months(s.acquired_at(), &wanted)
            && boxes_meet(
                s.bbox().map(|e| {
                    Rect::new(
                        coord! {x: e.min_x, y: e.min_y},
                        coord! {x: e.max_x, y: e.max_y},
                    )
                }),
                bbox,
            )
    });
    Ok(positions
        .iter()
        .filter_map(|&i| scenes.at(i))
        .map(|s| s.footprint())
        .collect())
}

/// Whether a pushed scene counts for a need of class `class` and months `wanted`: optical
/// (the satellite's payload), of that resolution class, acquired in one of those months.
pub fn counts_for(r: &Received, class: i64, wanted: &[u8]) -> bool {
    let optical =
        crate::catalogue::satellite(&r.row.item.satellite).is_some_and(|s| s.kind == Kind::Optical);
    let of_class = r
        .row
        .item
        .resolution_m
        .is_some_and(|m| ResolutionClass::of(m) as i64 == class);
    optical && of_class && in_months(r.row.item.acquired_at, wanted)
}

/// One unit's need of one resolution class and months, and how far it was met.
#[derive(Debug, Clone)]
pub struct Need {
    /// The unit's region code.
    pub unit_code: String,
    /// The unit's name.
    pub unit_name: String,
    /// Resolution class, 1–4.
    pub resolution: i64,
    /// `qb` or the months, e.g. `3,4,5`.
    pub months: String,
    /// Published areas in it.
    pub areas: usize,
    /// The ground asked for (the union of its areas), km².
    pub plan_km2: f64,
    /// What the catalogue's scenes cover of it, km².
    pub acquired_km2: f64,
    /// What the optical scenes pushed to the unit cover of it, km².
    pub delivered_km2: f64,
    /// The pushed scenes that count (their ids), each meeting the ground asked for.
    pub delivered: Vec<String>,
}

/// The needs of the published areas, each unit's grouped by resolution class and months, with
/// what the catalogue and what the unit's received scenes (`received`, by unit code) cover.
pub fn needs(
    areas: &[&Facts],
    scenes: &SceneIndex,
    year: i64,
    received: &HashMap<String, Vec<Received>>,
    deadline: &Deadline,
) -> Result<Vec<Need>, AppError> {
    let mut groups: BTreeMap<(&str, i64, &str), Vec<&Facts>> = BTreeMap::new();
    for f in areas {
        groups
            .entry((&f.unit_code, f.resolution, &f.months))
            .or_default()
            .push(f);
    }
    let none = Vec::new();
    let mut out = Vec::with_capacity(groups.len());
    for ((unit, class, months), group) in groups {
        let shapes: Vec<&MultiPolygon<f64>> = group.iter().map(|f| &f.geom).collect();
        let union = geometry::union(&shapes);
        let catalogue = catalogue_footprints(scenes, year, class, months, &union)?;
        let acquired = geo_kit::coverage::coverage(&union, &catalogue, deadline)?;
        let wanted = fields::months_of(months);
        let bbox = union.bounding_rect();
        let pushed: Vec<&Received> = received
            .get(unit)
            .unwrap_or(&none)
            .iter()
            .filter(|r| {
                counts_for(r, class, &wanted)
                    && boxes_meet(r.row.item.footprint.bounding_rect(), bbox)
                    && r.row.item.footprint.intersects(&union)
            })
            .collect();
        let footprints: Vec<Polygon<f64>> = pushed
            .iter()
            .map(|r| r.row.item.footprint.clone())
            .collect();
        let delivered = geo_kit::coverage::coverage(&union, &footprints, deadline)?;
        out.push(Need {
            unit_code: unit.to_owned(),
            unit_name: group[0].unit_name.clone(),
            resolution: class,
            months: months.to_owned(),
            areas: group.len(),
            plan_km2: acquired.aoi_km2,
            acquired_km2: acquired.covered_km2,
            delivered_km2: delivered.covered_km2,
            delivered: pushed.iter().map(|r| r.row.item.scene_id.clone()).collect(),
        });
    }
    Ok(out)
}

/// `part` of `whole` as a share 0–1 (0 of nothing is 0).
pub fn share(part: f64, whole: f64) -> f64 {
    if whole > 0.0 {
        (part / whole).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// Seconds the coverage of a year's needs may take.
const WORK_SECS: u64 = 30;

/// A year's needs as a caller sees them.
#[derive(Debug)]
pub struct YearNeeds {
    /// The published version counted; none when the year has none.
    pub version: Option<i64>,
    /// The needs, by unit, class and months.
    pub needs: Vec<Need>,
    /// The scenes of the year pushed to each unit counted, by unit code.
    pub received: HashMap<String, Vec<Received>>,
}

/// The needs of a year's latest published plan among `units` (`None`: any) that the caller
/// sees (a manager every unit, a unit its own), with what the catalogue and the pushed scenes
/// cover of each.
pub async fn of_year(
    state: &AppState,
    caller: &Caller,
    year: i64,
    units: Option<Units>,
) -> Result<YearNeeds, AppError> {
    let (from, to) = year_window(year)?;
    let caller = caller.clone();
    let (version, areas, received) = state
        .db
        .call(move |c| {
            let Some((version, areas)) = store::latest(c, year)? else {
                return Ok((None, Vec::new(), HashMap::new()));
            };
            let areas: Vec<PublishedArea> = areas
                .into_iter()
                .filter(|a| {
                    let code = &a.facts.unit_code;
                    units.as_ref().is_none_or(|u| u.take(code)) && sees(&caller, code)
                })
                .collect();
            let mut received = HashMap::new();
            for a in &areas {
                let code = &a.facts.unit_code;
                if !received.contains_key(code) {
                    received.insert(
                        code.clone(),
                        crate::push::store::received(c, code, from, to)?,
                    );
                }
            }
            Ok((Some(version), areas, received))
        })
        .await?;
    let scenes = state.scenes.now();
    blocking(move || {
        let deadline =
            Deadline::at(std::time::Instant::now() + std::time::Duration::from_secs(WORK_SECS));
        let facts: Vec<&Facts> = areas.iter().map(|a| &a.facts).collect();
        let needs = needs(&facts, &scenes, year, &received, &deadline)?;
        Ok(YearNeeds {
            version,
            needs,
            received,
        })
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_are_read_in_beijing_time_and_shares_stay_in_bounds() {
        assert!(in_months(1_717_200_000, &[6]), "2024-06-01 Beijing");
        assert!(!in_months(1_717_200_000, &[5, 7]));
        assert_eq!(share(1.0, 4.0), 0.25);
        assert_eq!(share(1.0, 0.0), 0.0, "nothing asked for is no share");
        assert_eq!(share(5.0, 4.0), 1.0, "rounding never passes the whole");
    }
}
