//! The covered part of a period as the map layer `coverage` of
//! `/ows/cloudPlatform` (the "visual" of coverage v1): the period in the
//! request's view parameters (`year`, `quarter`, and optionally `resolution`
//! and `cloud`, as the statistics route takes them), drawn from the raster
//! the statistics made. A tile never builds a raster: a period not counted
//! yet (or of an older catalogue) draws nothing until its statistics are
//! asked for, which runs under the heavy-work budget.

use std::sync::Arc;

use geo_kit::Envelope;
use geo_types::{Geometry, Rect, coord};

use super::engine::{CELL_DEG, Cache, Period};
use crate::normal::live::LiveIndex;
use crate::ows::layers::{
    Detail, Feature, FeatureGeometry, GeometryKind, LayerInfo, Layers, MapLayer, ViewParams,
};
use crate::usercenter::session::Caller;

/// Blocks across a tile: cells are merged into blocks so a tile holds at most
/// this many across (a country-wide view of 6,300 cells draws 128 blocks).
const TILE_BLOCKS: f64 = 128.0;
/// Blocks across a WFS request's box, for the same reason.
const WFS_BLOCKS: f64 = 512.0;

/// The `coverage` layer.
pub struct CoverageLayer {
    cache: Arc<Cache>,
    scenes: Arc<LiveIndex>,
}

/// Registers the `coverage` layer.
pub fn register(layers: &mut Layers, cache: &Arc<Cache>, scenes: &Arc<LiveIndex>) {
    layers.register(CoverageLayer {
        cache: Arc::clone(cache),
        scenes: Arc::clone(scenes),
    });
}

/// The period the view parameters name; `None` for none or a bad one.
fn period_of(params: &ViewParams) -> Option<Period> {
    let number = |key: &str| params.get(key).map(str::parse::<u8>).transpose().ok();
    let year = params.get("year")?.parse().ok()?;
    let quarter = params.get("quarter")?.parse().ok()?;
    Period::checked(year, quarter, number("resolution")?, number("cloud")?).ok()
}

/// What `coverage` is.
const INFO: LayerInfo = LayerInfo::new("coverage", "影像覆盖范围", GeometryKind::Polygon, &[]);

impl MapLayer for CoverageLayer {
    fn info(&self) -> &LayerInfo {
        &INFO
    }

    fn features<'a>(
        &'a self,
        bbox: &Envelope,
        detail: Detail,
        _: Option<&Caller>,
        params: &ViewParams,
    ) -> Vec<Feature<'a>> {
        let Some(period) = period_of(params) else {
            return Vec::new();
        };
        let Some(covered) = self.cache.kept(&self.scenes.now(), &period) else {
            return Vec::new();
        };
        let across = match detail {
            Detail::Zoom(_) => TILE_BLOCKS,
            Detail::Full => WFS_BLOCKS,
        };
        let width = bbox.max_x - bbox.min_x;
        let block = (width / CELL_DEG / across).ceil().max(1.0) as usize;
        let view = Rect::new(
            coord! { x: bbox.min_x, y: bbox.min_y },
            coord! { x: bbox.max_x, y: bbox.max_y },
        );
        covered
            .blocks(view, block)
            .into_iter()
            .enumerate()
            .map(|(n, rect)| Feature {
                id: (n + 1).to_string(),
                geometry: FeatureGeometry::Owned(Geometry::Polygon(rect.to_polygon())),
                label: None,
                properties: Vec::new(),
            })
            .collect()
    }
}
