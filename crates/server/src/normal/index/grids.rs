//! Area grids of recent searches, found by the area's coordinates. A grid
//! costs more to build than most searches take to run, and the same areas
//! come back (`normal::recent`).

use std::sync::Arc;

use geo_kit::area_grid::AreaGrid;
use geo_types::MultiPolygon;

use crate::normal::recent::Recent;

/// Bytes of grids kept: a province's grid is 0.1–1.3 MB (at most 65,536
/// cells, its edges and the cells' edge lists), so a few dozen areas.
const BUDGET: usize = 16 << 20;

/// The grids of the most recently searched areas.
pub(super) struct Grids(Recent<MultiPolygon<f64>, AreaGrid>);

impl Default for Grids {
    fn default() -> Self {
        Self(Recent::new(BUDGET, AreaGrid::heap_bytes))
    }
}

impl Grids {
    /// The grid of an area, built on a miss.
    pub(super) fn of(&self, area: &MultiPolygon<f64>) -> Arc<AreaGrid> {
        self.0
            .get(area)
            .unwrap_or_else(|| self.0.keep(area, AreaGrid::new(area)))
    }
}
