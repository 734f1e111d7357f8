//! Coverage of many regions by many footprints at once, on a raster: the
//! footprints are burnt into one bit per cell of a regular lon/lat grid (a
//! row of cells a word at a time), and a region's covered area is the area of
//! its cells that are set. Exact unions cost seconds per province for a
//! quarter of a million footprints; the raster takes them all in a fraction of
//! a second and then answers any region in microseconds to milliseconds, to
//! within the cells along the region's edge.
//!
//! A cell belongs to a footprint or a region when its centre lies inside it
//! (even-odd, so holes count), as in [`crate::mask`]. Cell areas are exact on
//! the WGS84 ellipsoid (a cell's area depends only on its row).

use geo::BoundingRect;
use geo_types::{Coord, MultiPolygon, Polygon, Rect, coord};

use crate::mask::{Bits, Cells, Crossings, Run};

/// WGS84 semi-major axis, km.
const A_KM: f64 = 6378.137;
/// WGS84 flattening.
const F: f64 = 1.0 / 298.257_223_563;

/// The area of the ellipsoid between the equator and latitude `lat` (degrees)
/// over one radian of longitude, km² (the closed form for a zone).
fn zone_km2(lat: f64) -> f64 {
    let e2 = F * (2.0 - F);
    let e = e2.sqrt();
    let b2 = A_KM * A_KM * (1.0 - e2);
    let s = lat.to_radians().sin();
    b2 / 2.0 * (s / (1.0 - e2 * s * s) + ((1.0 + e * s) / (1.0 - e * s)).ln() / (2.0 * e))
}

/// A region as the raster's cells: what [`CoverRaster::measure`] counts over.
#[derive(Debug, Clone)]
pub struct Zone {
    runs: Vec<Run>,
    /// The region's area as its cells sum it, km².
    pub area_km2: f64,
}

/// What a raster says of a zone.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Measure {
    /// The zone's area, km².
    pub area_km2: f64,
    /// Its covered part, km².
    pub covered_km2: f64,
}

impl Measure {
    /// Covered share, 0–1 (0 for an empty zone).
    pub fn ratio(&self) -> f64 {
        crate::coverage::ratio(self.covered_km2, self.area_km2)
    }
}

/// A regular lon/lat grid of square cells and the area of a cell in each row.
#[derive(Debug, Clone)]
pub struct CoverGrid {
    /// The south-west corner.
    min: Coord<f64>,
    /// Cell side, degrees.
    cell: f64,
    cells: Cells,
    /// Area of one cell in each row, km².
    row_km2: Vec<f64>,
}

impl CoverGrid {
    /// Square cells of `cell` degrees over `extent`.
    pub fn new(extent: Rect<f64>, cell: f64) -> Self {
        let nx = (extent.width() / cell).ceil().max(1.0) as usize;
        let ny = (extent.height() / cell).ceil().max(1.0) as usize;
        let y0 = extent.min().y;
        let radians = cell.to_radians();
        let row_km2 = (0..ny)
            .map(|r| {
                let (lo, hi) = (y0 + r as f64 * cell, y0 + (r + 1) as f64 * cell);
                (zone_km2(hi.min(90.0)) - zone_km2(lo.max(-90.0))).abs() * radians
            })
            .collect();
        Self {
            min: extent.min(),
            cell,
            cells: Cells::square(extent.min(), cell, nx, ny),
            row_km2,
        }
    }

    /// A region as this grid's cells.
    pub fn zone(&self, region: &MultiPolygon<f64>) -> Zone {
        let mut runs = Vec::new();
        if region.bounding_rect().is_some() {
            self.cells.runs_into(
                region.0.iter().flat_map(crate::rings),
                &mut Crossings::default(),
                &mut runs,
            );
        }
        let area_km2 = runs
            .iter()
            .map(|run| run.cells().len() as f64 * self.cell_km2(*run))
            .sum();
        Zone { runs, area_km2 }
    }

    /// The area of one cell of the run's row, km².
    fn cell_km2(&self, run: Run) -> f64 {
        self.row_km2[run.cells().start / self.cells.nx]
    }
}

/// Which cells of a grid the footprints added so far cover.
pub struct CoverRaster {
    grid: CoverGrid,
    covered: Bits,
    scratch: Crossings,
    runs: Vec<Run>,
}

impl CoverRaster {
    /// An empty raster over the grid.
    pub fn new(grid: &CoverGrid) -> Self {
        Self {
            covered: Bits::new(grid.cells.nx * grid.cells.ny),
            grid: grid.clone(),
            scratch: Crossings::default(),
            runs: Vec::new(),
        }
    }

    /// Marks the cells a footprint covers.
    pub fn add(&mut self, footprint: &Polygon<f64>) {
        self.runs.clear();
        self.grid
            .cells
            .runs_into(crate::rings(footprint), &mut self.scratch, &mut self.runs);
        for &run in &self.runs {
            self.covered.set(run);
        }
    }

    /// Adds the cells another raster of the same grid covers (footprints
    /// burnt in parts, one raster each, then joined).
    pub fn merge(&mut self, other: &CoverRaster) {
        assert_eq!(
            (self.grid.cells.nx, self.grid.cells.ny),
            (other.grid.cells.nx, other.grid.cells.ny),
            "rasters of one grid"
        );
        self.covered.set_all_of(&other.covered);
    }

    /// The zone's area and how much of it is covered (the zone made by this raster's grid).
    pub fn measure(&self, zone: &Zone) -> Measure {
        let covered_km2 = zone
            .runs
            .iter()
            .map(|&run| self.covered.count(&[run]) as f64 * self.grid.cell_km2(run))
            .sum();
        Measure {
            area_km2: zone.area_km2,
            covered_km2,
        }
    }

    /// The covered part within `view` drawn with blocks of `block` × `block`
    /// cells (a block counts when at least half its cells are covered), as
    /// rectangles: a run of covered blocks along a row, carried on down the
    /// rows it repeats in (a wholly covered region is one rectangle, and
    /// adjacent rectangles share no edge a map would draw twice). Coarse
    /// blocks for a map zoomed out, single cells close in.
    pub fn covered_blocks(&self, view: Rect<f64>, block: usize) -> Vec<Rect<f64>> {
        let block = block.max(1);
        let g = &self.grid;
        let (nx, ny) = (g.cells.nx, g.cells.ny);
        let to_block = |v: f64, origin: f64| ((v - origin) / (g.cell * block as f64)).floor();
        let clamp = |v: f64, n: usize| v.clamp(0.0, n.div_ceil(block) as f64) as usize;
        let (bx0, bx1) = (
            clamp(to_block(view.min().x, g.min.x), nx),
            clamp(to_block(view.max().x, g.min.x) + 1.0, nx),
        );
        let (by0, by1) = (
            clamp(to_block(view.min().y, g.min.y), ny),
            clamp(to_block(view.max().y, g.min.y) + 1.0, ny),
        );
        let side = g.cell * block as f64;
        let rect = |(first, end): (usize, usize), (top, bottom): (usize, usize)| {
            Rect::new(
                coord! { x: g.min.x + first as f64 * side, y: g.min.y + top as f64 * side },
                coord! { x: g.min.x + end as f64 * side, y: g.min.y + bottom as f64 * side },
            )
        };
        let mut out = Vec::new();
        // Runs of the row before, (first, end) → the block row they started at.
        let mut open: Vec<((usize, usize), usize)> = Vec::new();
        for by in by0..=by1 {
            let mut runs = Vec::new();
            if by < by1 {
                let rows = by * block..((by + 1) * block).min(ny);
                let mut start = None;
                for bx in bx0..=bx1 {
                    let covered = bx < bx1 && {
                        let cols = bx * block..((bx + 1) * block).min(nx);
                        let set: usize = rows
                            .clone()
                            .map(|r| {
                                let run = Run::new(r * nx + cols.start, r * nx + cols.end);
                                self.covered.count(&[run])
                            })
                            .sum();
                        2 * set >= rows.len() * cols.len()
                    };
                    match (covered, start) {
                        (true, None) => start = Some(bx),
                        (false, Some(first)) => {
                            runs.push((first, bx));
                            start = None;
                        }
                        _ => {}
                    }
                }
            }
            let mut next = Vec::with_capacity(runs.len());
            for run in runs {
                match open.iter().position(|(r, _)| *r == run) {
                    Some(i) => next.push(open.swap_remove(i)),
                    None => next.push((run, by)),
                }
            }
            for (run, top) in open {
                out.push(rect(run, (top, by)));
            }
            open = next;
        }
        out
    }

    /// Memory the raster holds, bytes.
    pub fn heap_bytes(&self) -> usize {
        self.covered.heap_bytes() + self.grid.row_km2.len() * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coverage::tests::boundary;
    use geo_types::{coord, polygon};

    fn square(x: f64, y: f64, side: f64) -> Polygon<f64> {
        polygon![(x: x, y: y), (x: x + side, y: y), (x: x + side, y: y + side), (x: x, y: y + side), (x: x, y: y)]
    }

    fn china() -> Rect<f64> {
        Rect::new(coord! { x: 73.0, y: 3.0 }, coord! { x: 136.0, y: 54.0 })
    }

    #[test]
    fn a_one_degree_cell_at_the_equator_has_the_ellipsoids_area() {
        // 1° × 1° at the equator on WGS84: 12,308.8 km² (geodesic polygon area).
        let grid = CoverGrid::new(
            Rect::new(coord! { x: 0.0, y: 0.0 }, coord! { x: 1.0, y: 1.0 }),
            1.0,
        );
        assert!(
            (grid.row_km2[0] - 12_308.8).abs() < 0.5,
            "{}",
            grid.row_km2[0]
        );
    }

    #[test]
    fn a_region_is_as_covered_as_the_exact_union_says_within_its_edge_cells() {
        let hubei = boundary("hubei_province", 420000);
        let footprints: Vec<Polygon<f64>> = (0..40)
            .map(|k| {
                square(
                    108.5 + (k % 8) as f64 * 0.9,
                    29.3 + (k / 8) as f64 * 0.8,
                    0.6,
                )
            })
            .collect();
        let grid = CoverGrid::new(china(), 0.01);
        let mut raster = CoverRaster::new(&grid);
        for f in &footprints {
            raster.add(f);
        }
        let got = raster.measure(&grid.zone(&hubei));
        let exact =
            crate::coverage::coverage(&hubei, &footprints, &crate::deadline::Deadline::never())
                .expect("exact");
        assert!(
            (got.area_km2 - exact.aoi_km2).abs() / exact.aoi_km2 < 0.005,
            "{got:?} {}",
            exact.aoi_km2
        );
        assert!(
            (got.ratio() - exact.ratio()).abs() < 0.005,
            "{} against {}",
            got.ratio(),
            exact.ratio()
        );
    }

    #[test]
    fn overlapping_footprints_count_once_and_outside_ones_not_at_all() {
        let zone_area = MultiPolygon(vec![square(110.0, 30.0, 1.0)]);
        let grid = CoverGrid::new(china(), 0.01);
        let mut raster = CoverRaster::new(&grid);
        let zone = grid.zone(&zone_area);
        assert_eq!(raster.measure(&zone).covered_km2, 0.0);
        raster.add(&square(110.0, 30.0, 0.5));
        raster.add(&square(110.0, 30.0, 0.5));
        raster.add(&square(120.0, 40.0, 1.0));
        let m = raster.measure(&zone);
        assert!((m.ratio() - 0.25).abs() < 0.01, "{}", m.ratio());
        raster.add(&square(109.0, 29.0, 3.0));
        assert!((raster.measure(&zone).ratio() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn footprints_burnt_in_parts_and_merged_cover_what_one_raster_does() {
        let grid = CoverGrid::new(china(), 0.01);
        let zone = grid.zone(&MultiPolygon(vec![square(108.0, 28.0, 5.0)]));
        let footprints: Vec<Polygon<f64>> = (0..12)
            .map(|k| square(107.5 + 0.45 * k as f64, 27.7 + 0.3 * k as f64, 0.8))
            .collect();
        let mut whole = CoverRaster::new(&grid);
        let (mut even, mut odd) = (CoverRaster::new(&grid), CoverRaster::new(&grid));
        for (k, f) in footprints.iter().enumerate() {
            whole.add(f);
            if k % 2 == 0 { &mut even } else { &mut odd }.add(f);
        }
        even.merge(&odd);
        assert!(whole.measure(&zone).covered_km2 > 0.0);
        assert_eq!(even.measure(&zone), whole.measure(&zone));
        assert!(even.measure(&zone).covered_km2 > odd.measure(&zone).covered_km2);
    }

    #[test]
    fn the_covered_part_is_drawn_as_runs_of_blocks() {
        let grid = CoverGrid::new(china(), 0.01);
        let mut raster = CoverRaster::new(&grid);
        raster.add(&square(110.0, 30.0, 0.5));
        let view = Rect::new(coord! { x: 109.0, y: 29.0 }, coord! { x: 112.0, y: 32.0 });
        // Single cells: the 50 rows' runs are alike, so one rectangle, the square.
        let cells = raster.covered_blocks(view, 1);
        assert_eq!(cells.len(), 1);
        let r = cells[0];
        let near = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(near(r.min().x, 110.0) && near(r.max().x, 110.5), "{r:?}");
        assert!(near(r.min().y, 30.0) && near(r.max().y, 30.5), "{r:?}");
        // Blocks of 10 × 10 cells: the same square.
        assert_eq!(raster.covered_blocks(view, 10), cells);
        // Nothing outside the view, nothing where nothing is covered.
        let away = Rect::new(coord! { x: 120.0, y: 40.0 }, coord! { x: 121.0, y: 41.0 });
        assert!(raster.covered_blocks(away, 1).is_empty());
        let off_grid = Rect::new(coord! { x: -10.0, y: -10.0 }, coord! { x: -5.0, y: -5.0 });
        assert!(raster.covered_blocks(off_grid, 4).is_empty());
        // An L: two rectangles that tile it, with no overlap.
        raster.add(&square(110.5, 30.0, 0.2));
        let l = raster.covered_blocks(view, 1);
        assert_eq!(l.len(), 2, "{l:?}");
        let area: f64 = l.iter().map(|r| r.width() * r.height()).sum();
        assert!((area - (0.25 + 0.04)).abs() < 1e-6, "{area}");
    }

    #[test]
    fn a_hole_in_a_region_is_not_its_area() {
        let mut ring = square(110.0, 30.0, 2.0);
        ring.interiors_push(square(110.5, 30.5, 1.0).exterior().clone());
        let grid = CoverGrid::new(china(), 0.01);
        let with_hole = grid.zone(&MultiPolygon(vec![ring]));
        let whole = grid.zone(&MultiPolygon(vec![square(110.0, 30.0, 2.0)]));
        assert!((with_hole.area_km2 / whole.area_km2 - 0.75).abs() < 0.01);
        assert_eq!(grid.zone(&MultiPolygon(vec![])).area_km2, 0.0);
    }
}
