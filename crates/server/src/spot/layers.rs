//! The map layer of each theme (`windmill_meta`, `pvland_meta`, …), registered with ows beside
//! the region layers: one batch of the theme's spots (the latest, or the one a request names
//! with `viewparams=batch:2024Q3`), found through the engine's R-tree, for a caller holding
//! the theme's permission and only inside their area ranges. Anonymous callers see nothing.

use std::sync::Arc;

use geo_kit::Envelope;

use super::engine::{Block, LiveSpots, ThemeSpots};
use super::filter::Scope;
use super::theme::{THEMES, Theme};
use crate::ows::layers::{
    Attribute, Detail, Feature, FeatureGeometry, GeometryKind, Layers, MapLayer, Value, ViewParams,
};
use crate::usercenter::session::Caller;

/// Registers one layer per theme over the engine, and the zone layers.
pub fn register(layers: &mut Layers, spots: &Arc<LiveSpots>) {
    for theme in &THEMES {
        layers.register(SpotLayer {
            theme,
            spots: Arc::clone(spots),
        });
    }
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
    fn name(&self) -> &'static str {
        self.theme.layer
    }

    fn title(&self) -> &'static str {
        self.theme.title
    }

    fn per_caller(&self) -> bool {
        true
    }

    fn geometry(&self) -> GeometryKind {
        GeometryKind::Polygon
    }

    fn attributes(&self) -> &'static [Attribute] {
        ATTRIBUTES
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
