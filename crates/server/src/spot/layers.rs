//! The map layer of each theme (`windmill_meta`, `pvland_meta`, …), registered with ows beside
//! the region layers: one batch of the theme's spots (the latest, or the one a request names
//! with `viewparams=batch:2024Q3`), found through the engine's R-tree, for a caller holding
//! the theme's permission and only inside their area ranges. Anonymous callers see nothing.
//! Beside them `spot_dynamic`: the changes between two batches of a theme (dynamic analysis).

use std::sync::Arc;

use geo_kit::Envelope;

use super::dynamic::{Comparison, Kind};
use super::engine::{Block, LiveSpots, Predicate, ThemeSpots};
use super::filter::Scope;
use super::theme::{THEMES, Theme, ThemeName};
use crate::ows::layers::{
    Attribute, Detail, Feature, FeatureGeometry, GeometryKind, LayerInfo, Layers, MapLayer, Value,
    ViewParams,
};
use crate::usercenter::session::Caller;

/// Registers one layer per theme over the engine, and the zone layers.
pub fn register(layers: &mut Layers, spots: &Arc<LiveSpots>) {
    for theme in &THEMES {
        layers.register(SpotLayer {
            info: LayerInfo::new(theme.layer, theme.title, GeometryKind::Polygon, ATTRIBUTES)
                .per_caller(),
            theme,
            spots: Arc::clone(spots),
        });
    }
    layers.register(DynamicLayer {
        spots: Arc::clone(spots),
    });
    super::zones::register(layers, spots);
}

/// The counties a caller sees on a theme's layers; `None` (nothing) for the anonymous, a
/// caller without the theme's permission, or one without an area range.
pub(super) fn caller_scope(theme: &Theme, caller: Option<&Caller>) -> Option<Scope> {
    let caller = caller.filter(|c| c.has(theme.perm.code))?;
    let scope = Scope::of_ranges(&caller.regions);
    (!scope.is_empty()).then_some(scope)
}

/// The batch a layer request names (`viewparams=batch:2024Q3`); `None`: the latest.
pub(super) fn batch_param(params: &ViewParams) -> Option<&str> {
    params.get("batch").filter(|b| !b.is_empty())
}

struct SpotLayer {
    info: LayerInfo,
    theme: &'static Theme,
    spots: Arc<LiveSpots>,
}

/// What a spot feature carries (tiles, WFS).
const ATTRIBUTES: &[Attribute] = &[
    Attribute::integer("id"),
    Attribute::text("batch"),
    Attribute::text("stage"),
    Attribute::text("tblx"),
    Attribute::integer("change"),
    Attribute::real("area_m2"),
    Attribute::text("xzqdm"),
];

fn feature<'a>(spots: &ThemeSpots, block: &Block, pos: usize) -> Feature<'a> {
    let id = block.id(pos);
    let tblx = spots
        .type_label(block.tblx(pos))
        .map_or("", |t| t.value.as_str());
    Feature {
        id: id.to_string(),
        geometry: FeatureGeometry::Owned(block.outline(pos)),
        label: None,
        properties: vec![
            Value::from(id),
            Value::from(block.batch.id.as_str()),
            Value::from(
                spots
                    .stage(block, pos)
                    .map(|s| s.to_string())
                    .unwrap_or_default(),
            ),
            Value::from(tblx),
            Value::from(i64::from(block.change(pos))),
            Value::from(block.area(pos)),
            Value::from(format!("{:06}", block.county(pos))),
        ],
    }
}

impl MapLayer for SpotLayer {
    fn info(&self) -> &LayerInfo {
        &self.info
    }

    fn features<'a>(
        &'a self,
        bbox: &Envelope,
        _: Detail,
        caller: Option<&Caller>,
        params: &ViewParams,
    ) -> Vec<Feature<'a>> {
        let Some(scope) = caller_scope(self.theme, caller) else {
            return Vec::new();
        };
        let index = self.spots.now();
        let spots = index.theme(self.theme.name);
        let Some(block) = spots.block(batch_param(params)) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        block.in_box(bbox, |pos| {
            if scope.contains(block.county(pos)) {
                out.push(feature(spots, block, pos));
            }
        });
        out
    }
}

/// The changes between two batches of a theme (`spot_dynamic`, the dynamicAnalysis map):
/// `viewparams=theme:pvland;from:2025Q1;to:2025Q2`. Spots that appeared, grew or shrank are
/// drawn with their later outline, vanished ones with their earlier outline; unchanged spots
/// are not served. Matched as `/api/spot/v2/{theme}/dynamic` matches them, for a caller with
/// the theme's permission and only inside their ranges.
struct DynamicLayer {
    spots: Arc<LiveSpots>,
}

/// What a change feature carries.
const DYNAMIC_ATTRIBUTES: &[Attribute] = &[
    Attribute::integer("id"),
    Attribute::text("kind"),
    Attribute::real("area_m2"),
    Attribute::real("from_area_m2"),
    Attribute::text("xzqdm"),
];

/// A change feature: the spot at `pos` of `block`, its area now and the area it had.
fn change<'a>(block: &Block, pos: usize, kind: Kind, area: f64, from_area: f64) -> Feature<'a> {
    let id = block.id(pos);
    Feature {
        id: id.to_string(),
        geometry: FeatureGeometry::Owned(block.outline(pos)),
        label: None,
        properties: vec![
            Value::from(id),
            Value::from(kind.as_str()),
            Value::from(area),
            Value::from(from_area),
            Value::from(format!("{:06}", block.county(pos))),
        ],
    }
}

/// What `spot_dynamic` is.
const DYNAMIC: LayerInfo = LayerInfo::new(
    "spot_dynamic",
    "动态分析",
    GeometryKind::Polygon,
    DYNAMIC_ATTRIBUTES,
)
.per_caller();

impl MapLayer for DynamicLayer {
    fn info(&self) -> &LayerInfo {
        &DYNAMIC
    }

    fn features<'a>(
        &'a self,
        bbox: &Envelope,
        _: Detail,
        caller: Option<&Caller>,
        params: &ViewParams,
    ) -> Vec<Feature<'a>> {
        let Some(theme) = params.get("theme").and_then(ThemeName::parse) else {
            return Vec::new();
        };
        let Some(ranges) = caller_scope(theme.theme(), caller) else {
            return Vec::new();
        };
        let index = self.spots.now();
        let spots = index.theme(theme);
        let block = |key: &str| params.get(key).and_then(|id| spots.block(Some(id)));
        let (Some(from), Some(to)) = (block("from"), block("to")) else {
            return Vec::new();
        };
        if from.batch.id == to.batch.id {
            return Vec::new();
        }
        let pred = Predicate::default();
        let compare = Comparison {
            from,
            to,
            ranges: &ranges,
            pred: &pred,
        };
        let mut out = Vec::new();
        to.in_box(bbox, |pos| {
            if ranges.contains(to.county(pos)) {
                let (kind, from_area) = compare.of_to(pos);
                if kind != Kind::Unchanged {
                    out.push(change(to, pos, kind, to.area(pos), from_area));
                }
            }
        });
        from.in_box(bbox, |pos| {
            if ranges.contains(from.county(pos)) && !compare.from_matched(pos) {
                out.push(change(from, pos, Kind::Vanished, 0.0, from.area(pos)));
            }
        });
        out
    }
}
