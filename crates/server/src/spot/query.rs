//! The answers of the spot routes, composed from the engine, the region tree and the theme's
//! labels: statistics over a region and the regions one level down, the trend over batches,
//! list pages, spot summaries and the rows of exports. No HTTP and no SQL: the handlers call these on the blocking pool.

use geo_types::{Geometry, MultiPolygon};

use geo_kit::deadline::Deadline;

use super::dynamic::Comparison;
use super::engine::{Block, Predicate, Tallies, ThemeSpots};
use super::export::{self, ExportError, ExportRow};
use super::filter::{Scope, Selection, county_code, label_of};
use super::store::SpotRow;
use super::theme::{CHANGES, Stage, ThemeName};
use super::{
    BatchPair, Dynamic, DynamicRegion, RegionTally, SpotDetail, SpotSummary, Statistics, Tally,
    Trend, TrendBatch, ValueTally,
};
use crate::api::{Page, Paging};
use crate::error::AppError;
use crate::region::index::{RegionIndex, Shape};
use crate::region::tree::{self, COUNTRY};

/// What the country is called when the region tree has no row for it.
const COUNTRY_NAME: &str = "全国";

/// A region's name, else its code.
pub fn region_name(regions: &RegionIndex, code: &str) -> String {
    match regions.shape(code) {
        Some(shape) => shape.name.clone(),
        None if code == COUNTRY => COUNTRY_NAME.to_owned(),
        None => code.to_owned(),
    }
}

/// The regions one level down of what `sel` selects that meet the caller's ranges, each
/// with its counties cut to them.
fn children<'r>(sel: &Selection<'_>, regions: &'r RegionIndex) -> (Vec<&'r Shape>, Vec<Scope>) {
    regions
        .children(&sel.region)
        .filter_map(|child| {
            let scope = Scope::region(&child.code)?.intersect(&sel.scope);
            (!scope.is_empty()).then_some((child, scope))
        })
        .unzip()
}

/// Whether a region has regions below it to drill into: as the region picker says, the five
/// cities without counties are leaves.
fn has_children(regions: &RegionIndex, region: &Shape) -> bool {
    !tree::is_leaf(&region.code, regions.has_children(&region.code))
}

/// Count and area per region one level down, per type, per stage and per change category
/// of what `sel` selects.
pub fn statistics(spots: &ThemeSpots, sel: &Selection<'_>, regions: &RegionIndex) -> Statistics {
    let types = spots.types.len() + 1;
    let (children, scopes) = children(sel, regions);
    let (tallies, per_child) = match sel.block {
        Some(block) => block.tallies(&sel.scope, &sel.pred, &scopes),
        None => (
            Tallies {
                by_type: vec![Tally::default(); types],
                ..Tallies::default()
            },
            vec![Tally::default(); children.len()],
        ),
    };
    let children = children
        .into_iter()
        .zip(per_child)
        .map(|(child, tally)| RegionTally {
            region_id: child.code.clone(),
            name: child.name.clone(),
            has_children: has_children(regions, child),
            tally,
        })
        .collect();
    let stage_tally = |value: &str| -> Tally {
        let Ok(v) = value.parse::<u8>() else {
            return Tally::default();
        };
        match spots.theme.stage {
            Stage::Change => tallies.by_change.get(usize::from(v)).copied(),
            Stage::Quarter | Stage::HalfYear => sel
                .block
                .filter(|b| b.stage == Some(v))
                .map(|_| tallies.total),
        }
        .unwrap_or_default()
    };
    let by_stage = spots
        .stages
        .iter()
        .map(|s| row(s.value.clone(), &s.label, stage_tally(&s.value)))
        .collect();
    Statistics {
        batch: sel.block.map(|b| b.batch.clone()),
        region_id: sel.region.clone(),
        name: region_name(regions, &sel.region),
        total: tallies.total,
        regions: children,
        by_type: type_rows(spots, &tallies),
        by_stage,
        by_change: change_rows(&tallies),
    }
}

/// What `sel` selects in each batch of the theme, oldest first: the batch `sel` names is not
/// used, and a batch without spots in the region is a row of zeros.
pub fn trend(spots: &ThemeSpots, sel: &Selection<'_>, regions: &RegionIndex) -> Trend {
    let batches = spots
        .blocks()
        .rev()
        .map(|block| {
            let (tallies, _) = block.tallies(&sel.scope, &sel.pred, &[]);
            TrendBatch {
                batch: block.batch.clone(),
                total: tallies.total,
                by_type: type_rows(spots, &tallies),
                by_change: change_rows(&tallies),
            }
        })
        .collect();
    Trend {
        region_id: sel.region.clone(),
        name: region_name(regions, &sel.region),
        batches,
    }
}

/// What appeared, grew, shrank or vanished between the two batches of `pair` among what `sel`
/// selects (its batch and time stage aside: the pair names the batches), over its region
/// and the regions one level down; 400 for an unknown batch or the same batch twice.
pub fn dynamic(
    spots: &ThemeSpots,
    sel: &Selection<'_>,
    pair: &BatchPair,
    regions: &RegionIndex,
    deadline: &Deadline,
) -> Result<Dynamic, AppError> {
    let block = |id: &str| {
        spots
            .block(Some(id.trim()))
            .ok_or_else(|| AppError::bad_request("对比批次不存在，请重新选择批次"))
    };
    let (from, to) = (block(&pair.from)?, block(&pair.to)?);
    if from.batch.id == to.batch.id {
        return Err(AppError::bad_request("请选择两个不同的批次进行对比"));
    }
    let pred = Predicate {
        stages: None,
        ..sel.pred.clone()
    };
    let compare = Comparison {
        from,
        to,
        ranges: &sel.ranges,
        pred: &pred,
    };
    let (children, scopes) = children(sel, regions);
    let (total, per_child) = compare.tallies(&sel.scope, &scopes, deadline)?;
    Ok(Dynamic {
        from: from.batch.clone(),
        to: to.batch.clone(),
        region_id: sel.region.clone(),
        name: region_name(regions, &sel.region),
        total,
        regions: children
            .into_iter()
            .zip(per_child)
            .map(|(child, tallies)| DynamicRegion {
                region_id: child.code.clone(),
                name: child.name.clone(),
                has_children: has_children(regions, child),
                tallies,
            })
            .collect(),
    })
}

/// A dictionary value's row.
fn row(value: String, label: &str, tally: Tally) -> ValueTally {
    ValueTally {
        value,
        label: label.to_owned(),
        tally,
    }
}

/// The rows of the theme's spot types (none for a theme without types).
fn type_rows(spots: &ThemeSpots, tallies: &Tallies) -> Vec<ValueTally> {
    match spots.theme.types {
        None => Vec::new(),
        Some(_) => spots
            .types
            .iter()
            .zip(&tallies.by_type[1..])
            .map(|(t, &tally)| row(t.value.clone(), &t.label, tally))
            .collect(),
    }
}

/// The rows of the four change categories.
fn change_rows(tallies: &Tallies) -> Vec<ValueTally> {
    CHANGES
        .iter()
        .zip(tallies.by_change)
        .enumerate()
        .map(|(i, (label, tally))| row(i.to_string(), label, tally))
        .collect()
}

/// A page of what `sel` selects, largest first (then by id).
pub fn list(
    spots: &ThemeSpots,
    sel: &Selection<'_>,
    paging: Paging,
    regions: &RegionIndex,
) -> Page<SpotSummary> {
    let (list, total) = match sel.block {
        Some(block) => {
            let offset = usize::try_from(paging.offset()).unwrap_or(usize::MAX);
            let limit = usize::try_from(paging.limit()).unwrap_or(0);
            let (positions, total) = block.page(&sel.scope, &sel.pred, offset, limit);
            let list = positions
                .into_iter()
                .map(|pos| summary(spots, block, pos, regions))
                .collect();
            (list, total)
        }
        None => (Vec::new(), 0),
    };
    paging.page(list, i64::try_from(total).unwrap_or(i64::MAX))
}

/// How many spots `sel` selects.
pub fn count(sel: &Selection<'_>) -> u64 {
    sel.block
        .map_or(0, |b| b.tallies(&sel.scope, &sel.pred, &[]).0.total.count)
}

/// Every spot `sel` selects, largest first, with its outline, for an export (the attribution
/// is the store's to add); refused beyond [`export::MAX_EXPORT_SPOTS`] before any is read.
pub fn export_rows(
    spots: &ThemeSpots,
    sel: &Selection<'_>,
    regions: &RegionIndex,
) -> Result<Vec<ExportRow>, ExportError> {
    let Some(block) = sel.block else {
        return Ok(Vec::new());
    };
    let total = count(sel);
    export::check_count(total)?;
    let (positions, _) = block.page(
        &sel.scope,
        &sel.pred,
        0,
        usize::try_from(total).unwrap_or(0),
    );
    Ok(positions
        .into_iter()
        .map(|pos| ExportRow {
            summary: summary(spots, block, pos, regions),
            geom: match block.outline(pos) {
                Geometry::Polygon(p) => MultiPolygon(vec![p]),
                Geometry::MultiPolygon(mp) => mp,
                _ => MultiPolygon(Vec::new()),
            },
            source: None,
        })
        .collect())
}

/// The spot at a position as lists show it.
pub fn summary(
    spots: &ThemeSpots,
    block: &Block,
    pos: usize,
    regions: &RegionIndex,
) -> SpotSummary {
    let change = block.change(pos);
    let stage = spots
        .stage(block, pos)
        .map(|s| s.to_string())
        .unwrap_or_default();
    let tblx = spots.type_label(block.tblx(pos));
    let xzqdm = format!("{:06}", block.county(pos));
    let region_name = regions
        .lineage(&xzqdm)
        .iter()
        .filter(|s| s.code != COUNTRY)
        .map(|s| s.name.as_str())
        .collect();
    let bbox = block
        .envelope(pos)
        .map_or([0.0; 4], |e| [e.min_x, e.min_y, e.max_x, e.max_y]);
    SpotSummary {
        id: block.id(pos),
        batch: block.batch.id.clone(),
        batch_name: block.batch.type_name.clone(),
        stage_label: label_of(&spots.stages, &stage).to_owned(),
        stage,
        tblx: tblx.map(|t| t.value.clone()),
        tblx_label: tblx.map(|t| t.label.clone()),
        xzqdm,
        region_name,
        file_name: spots.file_name(block, pos).to_owned(),
        area_m2: block.area(pos),
        change,
        change_label: CHANGES
            .get(usize::from(change))
            .copied()
            .unwrap_or_default()
            .to_owned(),
        bbox,
        attrs: spots.attrs(block, pos),
        demo: block.demo(pos),
    }
}

/// Whether a stored spot is of `theme` and inside the caller's ranges: what the detail and
/// its images answer 404 for otherwise.
pub fn visible(row: &SpotRow, theme: ThemeName, ranges: &[String]) -> bool {
    row.record.theme == theme
        && county_code(&row.record.xzqdm).is_some_and(|c| Scope::of_ranges(ranges).contains(c))
}

/// A stored spot with its outline and image links, as the engine holds it now (`None` when
/// it does not yet, or no longer: the engine catches up with the database within moments).
pub fn detail(spots: &ThemeSpots, row: &SpotRow, regions: &RegionIndex) -> Option<SpotDetail> {
    let s = &row.record;
    let block = spots.block(Some(&s.batch))?;
    let pos = block.locate(county_code(&s.xzqdm)?, row.id)?;
    let link = |image: &Option<String>, when: &str| {
        image.as_ref().map(|_| {
            format!(
                "/api/spot/v2/{}/spot/{}/image/{when}",
                s.theme.as_str(),
                row.id
            )
        })
    };
    Some(SpotDetail {
        summary: summary(spots, block, pos, regions),
        geometry: geojson::Geometry::from(&geo_types::Geometry::MultiPolygon(s.geom.clone())),
        before_image: link(&s.before_image, "before"),
        after_image: link(&s.after_image, "after"),
        source: s.source.clone(),
    })
}
