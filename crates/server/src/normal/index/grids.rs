//! Area grids of recent searches, found by the area's coordinates. A grid
//! costs more to build than most searches take to run, and the same areas
//! come back: a user pages through results, many users search the same
//! provinces.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use geo_kit::area_grid::AreaGrid;
use geo_types::MultiPolygon;

/// Grids kept; each is a few hundred kilobytes at most.
const KEPT: usize = 8;

/// One kept grid and the area it was built for.
struct Kept {
    key: u64,
    area: MultiPolygon<f64>,
    grid: Arc<AreaGrid>,
}

/// The most recently used grids, newest first.
#[derive(Default)]
pub(super) struct Grids {
    recent: Mutex<Vec<Kept>>,
}

/// A hash of every coordinate's bits (areas equal as geometry but written
/// differently are different areas here: a miss, not a mistake).
fn fingerprint(area: &MultiPolygon<f64>) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for c in area.iter().flat_map(geo_kit::rings) {
        c.0.len().hash(&mut h);
        for p in &c.0 {
            (p.x.to_bits() ^ p.y.to_bits().rotate_left(32)).hash(&mut h);
        }
    }
    h.finish()
}

impl Grids {
    /// The grid of an area, built on a miss.
    pub(super) fn of(&self, area: &MultiPolygon<f64>) -> Arc<AreaGrid> {
        let key = fingerprint(area);
        if let Ok(mut recent) = self.recent.lock()
            && let Some(i) = recent.iter().position(|k| k.key == key && k.area == *area)
        {
            let hit = recent.remove(i);
            let grid = hit.grid.clone();
            recent.insert(0, hit);
            return grid;
        }
        // Built outside the lock: two searches missing at once both build it.
        let grid = Arc::new(AreaGrid::new(area));
        if let Ok(mut recent) = self.recent.lock() {
            let kept = Kept {
                key,
                area: area.clone(),
                grid: grid.clone(),
            };
            recent.insert(0, kept);
            recent.truncate(KEPT);
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::polygon;

    fn square(x: f64) -> MultiPolygon<f64> {
        MultiPolygon(vec![
            polygon![(x: x, y: 0.0), (x: x + 1.0, y: 0.0), (x: x + 1.0, y: 1.0), (x: x, y: 0.0)],
        ])
    }

    #[test]
    fn the_same_area_gets_the_same_grid_and_only_the_newest_are_kept() {
        let grids = Grids::default();
        let first = grids.of(&square(0.0));
        assert!(Arc::ptr_eq(&first, &grids.of(&square(0.0))));
        assert!(!Arc::ptr_eq(&first, &grids.of(&square(5.0))));
        for i in 0..KEPT {
            grids.of(&square(10.0 + i as f64));
        }
        assert!(!Arc::ptr_eq(&first, &grids.of(&square(0.0))));
        assert_eq!(grids.recent.lock().expect("lock").len(), KEPT);
    }
}
