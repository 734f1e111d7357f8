//! The `grid_statistics_default` layer: the grid cells of a theme's batch as vector tiles
//! and WFS, for a caller holding the theme's permission, over their area ranges only.
//! `viewparams` name the theme and narrow it as the GRID page does:
//! `theme:pvland;level:13;batch:2025Q2;xzqdm:420000` (also `stage`, `tblx`, `filename`,
//! `termChoose`, `termData`). The level is the grid's, not the tile's zoom, so zooming the
//! map keeps the cells the user chose. Anonymous callers, an unknown theme, a level outside
//! 8–14 and a malformed filter see nothing.

use std::sync::Arc;

use geo_kit::Envelope;
use geo_kit::tile::tile_range;
use geo_types::{Geometry, Rect};

use super::cells::{Cell, CellTallies, LandCache, grid_cells, range_box, shapes_of};
use super::level_of;
use crate::ows::layers::{
    Attribute, Detail, Feature, FeatureGeometry, GeometryKind, LayerInfo, Layers, MapLayer, Value,
    ViewParams,
};
use crate::region::index::RegionIndex;
use crate::spot::engine::LiveSpots;
use crate::spot::filter;
use crate::spot::theme::ThemeName;
use crate::spot::{SpotFilter, TermChoose};
use crate::usercenter::session::Caller;

/// Registers the grid layer over the engine and the regions.
pub fn register(
    layers: &mut Layers,
    spots: &Arc<LiveSpots>,
    regions: &Arc<RegionIndex>,
    land: &Arc<LandCache>,
) {
    layers.register(GridLayer {
        spots: Arc::clone(spots),
        regions: Arc::clone(regions),
        land: Arc::clone(land),
    });
}

struct GridLayer {
    spots: Arc<LiveSpots>,
    regions: Arc<RegionIndex>,
    land: Arc<LandCache>,
}

/// What a cell feature carries.
const ATTRIBUTES: &[Attribute] = &[
    Attribute::integer("x"),
    Attribute::integer("y"),
    Attribute::integer("count"),
    Attribute::real("area_m2"),
    Attribute::real("percent"),
];

/// The spot filter `viewparams` give.
fn filter_of(params: &ViewParams) -> SpotFilter {
    let text = |key: &str| params.get(key).map(str::to_owned);
    SpotFilter {
        batch: text("batch"),
        xzqdm: text("xzqdm"),
        stage: text("stage"),
        tblx: text("tblx"),
        filename: text("filename"),
        term_choose: params.get("termChoose").and_then(|t| match t {
            "all" => Some(TermChoose::All),
            "tblx" => Some(TermChoose::Tblx),
            "stage" => Some(TermChoose::Stage),
            "change" => Some(TermChoose::Change),
            _ => None,
        }),
        term_data: text("termData"),
    }
}

/// What `grid_statistics_default` is.
const INFO: LayerInfo = LayerInfo::new(
    "grid_statistics_default",
    "图斑网格统计",
    GeometryKind::Polygon,
    ATTRIBUTES,
)
.per_caller();

impl MapLayer for GridLayer {
    fn info(&self) -> &LayerInfo {
        &INFO
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
        let Some(caller) = caller.filter(|c| c.has(theme.theme().perm.code)) else {
            return Vec::new();
        };
        // A level that is not a number is refused as one out of range is.
        let level = params
            .get("level")
            .map(|l| l.parse::<i64>().unwrap_or(i64::MIN));
        let Ok(level) = level_of(level, theme) else {
            return Vec::new();
        };
        let index = self.spots.now();
        let spots = index.theme(theme);
        let Ok(sel) = filter::select(spots, &filter_of(params), &caller.regions, &self.regions)
        else {
            return Vec::new();
        };
        let Some(block) = sel.block.filter(|_| !sel.scope.is_empty()) else {
            return Vec::new();
        };
        // The cells meeting the box, and every spot meeting one of them (a cell's numbers
        // are all of its spots', not only those in the box).
        let range = tile_range(bbox, level);
        let in_range = |c: Cell| {
            (range.min_x..=range.max_x).contains(&c.x) && (range.min_y..=range.max_y).contains(&c.y)
        };
        let mut tallies = CellTallies::default();
        block.in_box(&range_box(&range), |pos| {
            if sel.scope.contains(block.county(pos)) && block.kept(&sel.pred, pos) {
                tallies.add(block, pos, level, in_range);
            }
        });
        let shapes = shapes_of(&sel.scope, &self.regions);
        grid_cells(tallies.cells, &shapes, &self.land, level)
            .into_iter()
            .map(|c| {
                let b = Cell { x: c.x, y: c.y }.tile(level).bounds_lonlat();
                let rect = Rect::new((b.min_x, b.min_y), (b.max_x, b.max_y));
                Feature {
                    // Unique within a level: row-major number of the cell.
                    id: (u64::from(c.y) << level | u64::from(c.x)).to_string(),
                    geometry: FeatureGeometry::Owned(Geometry::Polygon(rect.to_polygon())),
                    label: None,
                    properties: vec![
                        Value::from(i64::from(c.x)),
                        Value::from(i64::from(c.y)),
                        Value::from(i64::try_from(c.count).unwrap_or(i64::MAX)),
                        Value::from(c.area_m2),
                        Value::from(c.percent),
                    ],
                }
            })
            .collect()
    }
}
