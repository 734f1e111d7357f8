//! "Fewest scenes": a greedy set cover that reaches the coverage of all the
//! footprints with as few of them as it can.
//!
//! The area of interest is rasterised into about [`CELLS`] cells of roughly
//! equal ground size; each footprint becomes the runs of cells whose centres it
//! holds. A lazy greedy then takes, again and again, the footprint adding the
//! most uncovered cells (a max-heap of gains that are only ever stale upwards,
//! so most footprints are never re-counted), earlier footprints winning ties,
//! until nothing adds a cell; a last pass drops any chosen footprint that the
//! others made redundant. Cells are about a kilometre across on a province,
//! so slivers narrower than that may be left to the exact union the caller
//! reports for the chosen footprints.

use std::collections::BinaryHeap;

use geo::BoundingRect;
use geo_types::{MultiPolygon, Polygon};

use crate::deadline::{Deadline, TimedOut};
use crate::mask::{Cells, Run};
use crate::rings;

/// About how many cells the area's bounding box is cut into.
pub const CELLS: usize = 1 << 18;

/// The footprints (indices into `footprints`, in the order chosen) that cover
/// every cell of `aoi` any of them covers. `footprints` come in order of
/// preference: on equal gain the earlier one is taken.
pub fn fewest(
    aoi: &MultiPolygon<f64>,
    footprints: &[Polygon<f64>],
    deadline: &Deadline,
) -> Result<Vec<usize>, TimedOut> {
    let Some(grid) = grid_over(aoi, footprints) else {
        return Ok(Vec::new());
    };
    let mut inside = Bits::new(grid.nx * grid.ny);
    for run in grid.runs(aoi.0.iter().flat_map(rings)) {
        inside.set(run);
    }
    let mut open = inside.clone();
    let mut runs: Vec<Vec<Run>> = Vec::with_capacity(footprints.len());
    for p in footprints {
        deadline.check()?;
        runs.push(grid.runs(rings(p)));
    }
    // (gain upper bound, earlier first)
    let mut heap: BinaryHeap<(usize, std::cmp::Reverse<usize>)> = runs
        .iter()
        .enumerate()
        .map(|(i, r)| (open.count(r), std::cmp::Reverse(i)))
        .filter(|(g, _)| *g > 0)
        .collect();
    let mut chosen = Vec::new();
    while let Some((bound, std::cmp::Reverse(i))) = heap.pop() {
        deadline.check()?;
        let gain = open.count(&runs[i]);
        if gain == 0 {
            continue;
        }
        if gain < bound {
            heap.push((gain, std::cmp::Reverse(i)));
            continue;
        }
        for run in &runs[i] {
            open.clear(*run);
        }
        chosen.push(i);
    }
    Ok(drop_redundant(&grid, &inside, &runs, chosen))
}

/// Removes, latest first, chosen footprints whose cells the others all cover.
fn drop_redundant(
    grid: &Cells,
    inside: &Bits,
    runs: &[Vec<Run>],
    mut chosen: Vec<usize>,
) -> Vec<usize> {
    let mut layers = vec![0u16; grid.nx * grid.ny];
    for &i in &chosen {
        for run in &runs[i] {
            for layer in &mut layers[run.0..run.1] {
                *layer = layer.saturating_add(1);
            }
        }
    }
    for k in (0..chosen.len()).rev() {
        let i = chosen[k];
        let needed = runs[i]
            .iter()
            .any(|run| (run.0..run.1).any(|c| layers[c] == 1 && inside.get(c)));
        if !needed {
            for run in &runs[i] {
                for layer in &mut layers[run.0..run.1] {
                    *layer -= 1;
                }
            }
            chosen.remove(k);
        }
    }
    chosen
}

/// Most row crossings the area's and footprints' edges may make: each is a
/// 16-byte entry of a scanline sort.
const MAX_CROSSINGS: f64 = (1 << 22) as f64;

/// The raster over the area's bounding box, cells about square on the ground,
/// and fewer of them when the edges would cross more than [`MAX_CROSSINGS`]
/// rows (a tall zigzag, or a thin area under long footprints, crossed every
/// row with every edge: gigabytes).
fn grid_over(aoi: &MultiPolygon<f64>, footprints: &[Polygon<f64>]) -> Option<Cells> {
    let r = aoi.bounding_rect()?;
    let (w, h) = (r.width(), r.height());
    if !(w > 0.0 && h > 0.0) {
        return None;
    }
    // A degree of longitude shrinks with cos φ; keep cells square on the ground.
    let squash = r.center().y.to_radians().cos().max(0.01);
    let ground_w = w * squash;
    let side = (ground_w * h / CELLS as f64).sqrt();
    let (nx, ny) = ((ground_w / side).ceil(), (h / side).ceil());
    // Rows spanned, in units of the box's height, by every edge that is rasterised.
    let spans: f64 = aoi
        .0
        .iter()
        .chain(footprints)
        .flat_map(rings)
        .flat_map(|ring| ring.lines())
        .map(|l| ((l.start.y - l.end.y).abs() / h).min(1.0))
        .sum();
    let shrink = (MAX_CROSSINGS / (spans * ny)).min(1.0);
    let fit = |n: f64| ((n * shrink).ceil() as usize).clamp(1, CELLS);
    Some(Cells::over(r, fit(nx), fit(ny)))
}

/// A fixed-size bit set with range operations.
#[derive(Clone)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Self {
        Self(vec![0; n.div_ceil(64)])
    }

    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Applies `f(word, mask)` to every word the run touches.
    fn each_word(run: Run, mut f: impl FnMut(usize, u64)) {
        let Run(start, end) = run;
        if start >= end {
            return;
        }
        let (first, last) = (start / 64, (end - 1) / 64);
        for w in first..=last {
            let lo = if w == first { start % 64 } else { 0 };
            let hi = if w == last { (end - 1) % 64 + 1 } else { 64 };
            let mask = if hi - lo == 64 {
                u64::MAX
            } else {
                ((1u64 << (hi - lo)) - 1) << lo
            };
            f(w, mask);
        }
    }

    fn set(&mut self, run: Run) {
        Self::each_word(run, |w, m| self.0[w] |= m);
    }

    fn clear(&mut self, run: Run) {
        Self::each_word(run, |w, m| self.0[w] &= !m);
    }

    /// Set bits over the runs.
    fn count(&self, runs: &[Run]) -> usize {
        let mut n = 0;
        for &run in runs {
            Self::each_word(run, |w, m| n += (self.0[w] & m).count_ones() as usize);
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coverage::tests::{boundary, mgrs_tiles};
    use crate::coverage::{area_km2, union_clipped};
    use geo_types::polygon;

    fn never() -> Deadline {
        Deadline::never()
    }

    #[test]
    fn a_redundant_middle_square_is_left_out() {
        let aoi = MultiPolygon(vec![
            polygon![(x: 0.0, y: 0.0), (x: 2.0, y: 0.0), (x: 2.0, y: 1.0), (x: 0.0, y: 1.0)],
        ]);
        let left =
            polygon![(x: -0.1, y: -0.1), (x: 1.05, y: -0.1), (x: 1.05, y: 1.1), (x: -0.1, y: 1.1)];
        let middle =
            polygon![(x: 0.5, y: -0.1), (x: 1.5, y: -0.1), (x: 1.5, y: 1.1), (x: 0.5, y: 1.1)];
        let right =
            polygon![(x: 0.95, y: -0.1), (x: 2.1, y: -0.1), (x: 2.1, y: 1.1), (x: 0.95, y: 1.1)];
        // The middle square comes first in preference and still is not needed.
        let picked = fewest(&aoi, &[middle, left, right], &never()).expect("in time");
        let mut sorted = picked.clone();
        sorted.sort();
        assert_eq!(sorted, vec![1, 2], "{picked:?}");
    }

    #[test]
    fn on_a_tie_the_preferred_duplicate_wins() {
        let aoi = MultiPolygon(vec![
            polygon![(x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 1.0, y: 1.0), (x: 0.0, y: 1.0)],
        ]);
        let square =
            polygon![(x: -1.0, y: -1.0), (x: 2.0, y: -1.0), (x: 2.0, y: 2.0), (x: -1.0, y: 2.0)];
        assert_eq!(
            fewest(&aoi, &[square.clone(), square.clone()], &never()),
            Ok(vec![0])
        );
        let outside = polygon![(x: 5.0, y: 5.0), (x: 6.0, y: 5.0), (x: 6.0, y: 6.0)];
        assert_eq!(
            fewest(&aoi, &[outside, square.clone(), square], &never()),
            Ok(vec![1])
        );
    }

    #[test]
    fn doubled_mgrs_tiles_over_hubei_come_back_once_with_the_full_coverage() {
        let hubei = boundary("hubei_province", 420000);
        let tiles: Vec<Polygon<f64>> = mgrs_tiles(108.0, 29.0, 116.5, 33.5)
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        // Every tile twice (as two acquisitions would be): at most one of each is kept,
        // and the tiles' overlaps leave some out altogether.
        let doubled: Vec<Polygon<f64>> = tiles.iter().chain(&tiles).cloned().collect();
        let picked = fewest(&hubei, &doubled, &never()).expect("in time");
        let mut distinct: Vec<usize> = picked.iter().map(|i| i % tiles.len()).collect();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), picked.len(), "no tile twice");
        assert!(
            picked.iter().all(|&i| i < tiles.len()),
            "the earlier copy wins"
        );
        let touching = tiles
            .iter()
            .filter(|t| geo::Intersects::intersects(*t, &hubei))
            .count();
        assert!(picked.len() < touching, "{} of {touching}", picked.len());
        let chosen: Vec<Polygon<f64>> = picked.iter().map(|&i| doubled[i].clone()).collect();
        let all = area_km2(&union_clipped(&tiles, &hubei, &never()).expect("in time"));
        let got = area_km2(&union_clipped(&chosen, &hubei, &never()).expect("in time"));
        assert!((all - got) / all < 1e-4, "{got} of {all}");
    }

    #[test]
    fn a_thin_tall_area_under_long_footprints_keeps_its_raster_small() {
        // A sliver 1e-4° wide and 10° tall: square cells made 2^18 rows, and
        // each of 10,000 footprint edges spanning the height crossed them all.
        let aoi = MultiPolygon(vec![
            polygon![(x: 0.0, y: 0.0), (x: 1e-4, y: 0.0), (x: 1e-4, y: 10.0), (x: 0.0, y: 10.0)],
        ]);
        let footprints: Vec<Polygon<f64>> = (0..2_500)
            .map(|i| {
                let x = -1.0 + i as f64 * 1e-6;
                polygon![(x: x, y: -1.0), (x: x + 2.0, y: -1.0), (x: x + 2.0, y: 11.0), (x: x, y: 11.0)]
            })
            .collect();
        let grid = grid_over(&aoi, &footprints).expect("grid");
        // 10,000 edges, half of them spanning every row.
        assert!(
            grid.ny * 5_000 <= 2 * MAX_CROSSINGS as usize,
            "{} rows",
            grid.ny
        );
        assert_eq!(fewest(&aoi, &footprints, &never()), Ok(vec![0]));
        assert_eq!(
            fewest(&aoi, &footprints, &Deadline::after_checks(10)).err(),
            Some(TimedOut)
        );
    }
}
