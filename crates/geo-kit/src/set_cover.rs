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
//!
//! The same raster lets the coverage union ([`crate::coverage`]) leave out
//! the footprints the chosen ones hold. Ten thousand footprints over a
//! province cross a million rows: the rows' crossings are placed by counting,
//! not sorted, and two threads share the footprints.

use std::collections::BinaryHeap;

use geo::BoundingRect;
use geo_types::{MultiPolygon, Polygon};

use crate::deadline::{Deadline, TimedOut};
use crate::mask::{Bits, Cells, Crossings, Run, Span, TALLY_BLOCK, Tally};
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
    match Raster::new(aoi, footprints, deadline)? {
        Some(raster) => raster.fewest(deadline),
        None => Ok(Vec::new()),
    }
}

/// Threads that rasterise footprints at once, at most: the machine's two
/// cores halve the larger half of the set cover's time. (The heavy-work budget
/// runs a few requests at once; each takes its turn on the cores.)
const THREADS: usize = 2;

/// The area and every footprint on one grid: what the greedy picks from,
/// and what the coverage union sorts footprints out with.
pub(crate) struct Raster {
    pub(crate) grid: Cells,
    /// Cells whose centre is inside the area.
    pub(crate) inside: Bits,
    /// Every footprint's cells (those whose centre it holds), in runs of
    /// `per_part` footprints, one part per thread.
    parts: Vec<Part>,
    per_part: usize,
    footprints: usize,
}

/// Footprints' cells one after the other: footprint j's are
/// `runs[starts[j]..starts[j + 1]]`, all within `spans[j]`.
struct Part {
    runs: Vec<Run>,
    starts: Vec<usize>,
    spans: Vec<Option<Span>>,
}

impl Part {
    fn of(
        grid: &Cells,
        footprints: &[Polygon<f64>],
        deadline: &Deadline,
    ) -> Result<Self, TimedOut> {
        let mut runs = Vec::new();
        let mut starts = Vec::with_capacity(footprints.len() + 1);
        starts.push(0);
        let mut spans = Vec::with_capacity(footprints.len());
        let mut scratch = Crossings::default();
        for p in footprints {
            deadline.check()?;
            grid.runs_into(rings(p), &mut scratch, &mut runs);
            starts.push(runs.len());
            spans.push(p.bounding_rect().and_then(|b| grid.near(b)));
        }
        Ok(Self {
            runs,
            starts,
            spans,
        })
    }
}

impl Raster {
    /// The raster of the area and footprints; `None` when the area has no extent.
    pub(crate) fn new(
        aoi: &MultiPolygon<f64>,
        footprints: &[Polygon<f64>],
        deadline: &Deadline,
    ) -> Result<Option<Self>, TimedOut> {
        let Some(grid) = grid_over(aoi, footprints) else {
            return Ok(None);
        };
        // Part by part: parts that overlap (an invalid area) still count once.
        let mut inside = Bits::new(grid.nx * grid.ny);
        let mut scratch = Crossings::default();
        let mut runs = Vec::new();
        for p in &aoi.0 {
            runs.clear();
            grid.runs_into(rings(p), &mut scratch, &mut runs);
            for &run in &runs {
                inside.set(run);
            }
        }
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(THREADS));
        let per_part = footprints.len().div_ceil(threads).max(1);
        let mut chunks = footprints.chunks(per_part);
        let first = chunks.next().unwrap_or_default();
        let parts = std::thread::scope(|s| {
            let others: Vec<_> = chunks
                .map(|chunk| s.spawn(|| Part::of(&grid, chunk, deadline)))
                .collect();
            let mut parts = vec![Part::of(&grid, first, deadline)];
            parts.extend(
                others
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))),
            );
            parts.into_iter().collect::<Result<Vec<Part>, TimedOut>>()
        })?;
        Ok(Some(Self {
            grid,
            inside,
            parts,
            per_part,
            footprints: footprints.len(),
        }))
    }

    /// Footprint i's cells.
    pub(crate) fn cells(&self, i: usize) -> &[Run] {
        let (part, j) = (&self.parts[i / self.per_part], i % self.per_part);
        &part.runs[part.starts[j]..part.starts[j + 1]]
    }

    /// The cells footprint i's box comes near, which hold all its cells.
    fn span(&self, i: usize) -> Option<Span> {
        self.parts[i / self.per_part].spans[i % self.per_part]
    }

    /// The lazy greedy, then [`Self::drop_redundant`].
    pub(crate) fn fewest(&self, deadline: &Deadline) -> Result<Vec<usize>, TimedOut> {
        // The first gains count inside cells: from running totals, a run at a time.
        let mut before = Vec::with_capacity(self.grid.nx * self.grid.ny + 1);
        before.push(0u32);
        for cell in 0..self.grid.nx * self.grid.ny {
            before.push(before[cell] + u32::from(self.inside.get(cell)));
        }
        // (gain upper bound, earlier first)
        let mut heap: BinaryHeap<(usize, std::cmp::Reverse<usize>)> = (0..self.footprints)
            .map(|i| {
                let gain: u32 = self
                    .cells(i)
                    .iter()
                    .map(|run| before[run.cells().end] - before[run.cells().start])
                    .sum();
                (gain as usize, std::cmp::Reverse(i))
            })
            .filter(|(g, _)| *g > 0)
            .collect();
        let mut open = self.inside.clone();
        // Open cells over a footprint's box bound its gain in four reads: once
        // the chosen cover most of the area, most footprints are put back or
        // dropped without counting their cells.
        let mut tally = Tally::of(&self.grid, &open, TALLY_BLOCK);
        let mut chosen = Vec::new();
        while let Some((bound, std::cmp::Reverse(i))) = heap.pop() {
            deadline.check()?;
            let near = self.span(i).map_or(0, |span| tally.count(span) as usize);
            if near < bound {
                if near > 0 {
                    heap.push((near, std::cmp::Reverse(i)));
                }
                continue;
            }
            let gain = open.count(self.cells(i));
            if gain == 0 {
                continue;
            }
            if gain < bound {
                heap.push((gain, std::cmp::Reverse(i)));
                continue;
            }
            for &run in self.cells(i) {
                tally.clear(&open, run);
                open.clear(run);
            }
            tally.sum();
            chosen.push(i);
        }
        Ok(self.drop_redundant(chosen))
    }

    /// Removes, latest first, chosen footprints whose cells the others all cover.
    fn drop_redundant(&self, mut chosen: Vec<usize>) -> Vec<usize> {
        let mut layers = vec![0u16; self.grid.nx * self.grid.ny];
        for &i in &chosen {
            for run in self.cells(i) {
                for layer in &mut layers[run.cells()] {
                    *layer = layer.saturating_add(1);
                }
            }
        }
        for k in (0..chosen.len()).rev() {
            let i = chosen[k];
            let needed = self
                .cells(i)
                .iter()
                .any(|run| run.cells().any(|c| layers[c] == 1 && self.inside.get(c)));
            if !needed {
                for run in self.cells(i) {
                    for layer in &mut layers[run.cells()] {
                        *layer -= 1;
                    }
                }
                chosen.remove(k);
            }
        }
        chosen
    }
}

/// Most row crossings the area's and footprints' edges may make: each pair
/// is a run of 8 bytes kept for the greedy.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coverage::tests::{boundary, mgrs_tiles, shifted_tiles};
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
    fn the_pick_over_hubei_is_the_one_it_was() {
        // As the raster sorting every crossing and the greedy counting word
        // by word picked them, before either was made quicker.
        let hubei = boundary("hubei_province", 420000);
        let footprints = shifted_tiles();
        assert_eq!(footprints.len(), 232);
        assert_eq!(
            fewest(&hubei, &footprints, &never()),
            Ok(vec![
                205, 196, 135, 72, 208, 203, 160, 132, 100, 195, 13, 75, 211, 84, 181, 156, 103,
                76, 147, 125, 218, 27, 11, 136, 138, 32, 130, 19, 41, 49, 12, 43, 73, 68, 47, 22,
                6
            ])
        );
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
