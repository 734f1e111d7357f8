//! The grid's arithmetic, with no HTTP: which cell holds a point, how a spot's area is
//! shared among the cells it covers, how much land of a region each cell holds (kept in a
//! bounded cache), and a selection's cells with their shares.
//!
//! Areas are measured in the ellipsoid's equal-area cylindrical plane (x the longitude in
//! radians, y the authalic function `q` of the latitude; `a²/2` square metres a unit): a
//! cell, bounded by meridians and parallels, is a rectangle there whose area is exactly the
//! cell's area on the WGS84 ellipsoid, and clipping a region's boundary to a cell is the
//! same cut as in longitude and latitude. Spot edges, a few hundred metres long, are
//! straight in this plane rather than geodesics, which changes a spot's share by parts in
//! a million: the shares only divide the spot's stored (geodesic) area.

use std::collections::HashMap;
use std::sync::Mutex;

use geo::{Area, MapCoords};
use geo_kit::Envelope;
use geo_kit::clip::clip_multi_polygon;
use geo_kit::tile::{TileId, TileRange, tile_range};
use geo_types::{Coord, Geometry, MultiPolygon};

use super::{GridCell, GridMax, GridStatistics};
use crate::region::index::{RegionIndex, Shape};
use crate::region::tree::COUNTRY;
use crate::spot::Tally;
use crate::spot::engine::Block;
use crate::spot::filter::{Scope, Selection};
use crate::spot::query::region_name;

/// A cell: the XYZ tile (x, y) at the grid's level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column from 180° W.
    pub x: u32,
    /// Row from the north.
    pub y: u32,
}

impl Cell {
    /// The cell holding a point (a point on an edge belongs to the cell east / south of it).
    pub fn of(lon: f64, lat: f64, level: u8) -> Self {
        let t = TileId::containing(lon, lat, level);
        Self { x: t.x, y: t.y }
    }

    /// Its tile.
    pub fn tile(self, level: u8) -> TileId {
        TileId {
            z: level,
            x: self.x,
            y: self.y,
        }
    }
}

/// WGS84 semi-major axis, m.
const A: f64 = 6_378_137.0;
/// WGS84 first eccentricity squared, `f (2 − f)` with `f` = 1/298.257223563.
const E2: f64 = 0.006_694_379_990_141_316;

/// The authalic function `q(φ)`: `a²/2 · dq · dλ` is the ellipsoid's area element.
fn q(lat_deg: f64) -> f64 {
    let s = lat_deg.to_radians().sin();
    let e = E2.sqrt();
    (1.0 - E2) * (s / (1.0 - E2 * s * s) - ((1.0 - e * s) / (1.0 + e * s)).ln() / (2.0 * e))
}

/// Square metres per unit of area in the equal-area plane.
const M2_PER_UNIT: f64 = A * A / 2.0;

/// A (lon, lat) point in the equal-area plane.
fn project(c: Coord<f64>) -> Coord<f64> {
    Coord {
        x: c.x.to_radians(),
        y: q(c.y),
    }
}

/// A tile's rectangle in the equal-area plane.
fn plane_rect(tile: TileId) -> Envelope {
    let b = tile.bounds_lonlat();
    Envelope {
        min_x: b.min_x.to_radians(),
        max_x: b.max_x.to_radians(),
        min_y: q(b.min_y),
        max_y: q(b.max_y),
    }
}

fn rect_area(r: &Envelope) -> f64 {
    (r.max_x - r.min_x) * (r.max_y - r.min_y)
}

/// The (lon, lat) box of a block of cells.
pub fn range_box(range: &TileRange) -> Envelope {
    let corner = |x, y| TileId { z: range.z, x, y }.bounds_lonlat();
    let (nw, se) = (
        corner(range.min_x, range.min_y),
        corner(range.max_x, range.max_y),
    );
    Envelope {
        min_x: nw.min_x,
        max_x: se.max_x,
        min_y: se.min_y,
        max_y: nw.max_y,
    }
}

/// A cell's whole area on the ellipsoid, m².
pub fn cell_m2(cell: Cell, level: u8) -> f64 {
    rect_area(&plane_rect(cell.tile(level))) * M2_PER_UNIT
}

/// An outline in the equal-area plane, as one multipolygon.
fn projected(g: &Geometry<f64>) -> MultiPolygon<f64> {
    match g {
        Geometry::Polygon(p) => MultiPolygon(vec![p.map_coords(project)]),
        Geometry::MultiPolygon(mp) => mp.map_coords(project),
        _ => MultiPolygon(Vec::new()),
    }
}

/// Most cells a spot is split among; a larger spot (some hundred km² at level 14, more
/// than any site monitored) counts wholly in the cell of its box's centre, so one spot
/// cannot make a request clip it ten thousand times.
pub const MAX_SPLIT: u64 = 1024;

/// How a spot's area is shared among the cells its outline covers: `(cell, share)` with
/// shares summing to 1, the largest first (where the spot is counted). `outline` is asked
/// only for a spot whose box crosses a cell edge.
pub fn shares(
    env: &Envelope,
    outline: impl FnOnce() -> Geometry<f64>,
    level: u8,
    out: &mut Vec<(Cell, f64)>,
) {
    out.clear();
    let range = tile_range(env, level);
    let centre = || {
        Cell::of(
            (env.min_x + env.max_x) / 2.0,
            (env.min_y + env.max_y) / 2.0,
            level,
        )
    };
    if range.len() == 1 {
        out.push((
            Cell {
                x: range.min_x,
                y: range.min_y,
            },
            1.0,
        ));
        return;
    }
    if range.len() > MAX_SPLIT {
        out.push((centre(), 1.0));
        return;
    }
    let shape = projected(&outline());
    let mut sum = 0.0;
    for tile in range.iter() {
        let area = clip_multi_polygon(&shape, &plane_rect(tile)).unsigned_area();
        if area > 0.0 {
            out.push((
                Cell {
                    x: tile.x,
                    y: tile.y,
                },
                area,
            ));
            sum += area;
        }
    }
    if sum <= 0.0 {
        out.clear();
        out.push((centre(), 1.0));
        return;
    }
    for (_, share) in out.iter_mut() {
        *share /= sum;
    }
    // Largest first, then by cell, so the cell a spot counts in never depends on order.
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
}

/// The area of `shape` (lon/lat) inside each of `cells` at `level`, m², in their order.
/// Clips down the tile pyramid from the whole world, only into tiles holding an asked
/// cell, so the boundary is cut a few times per level rather than once per cell; a tile the
/// shape fills gives every asked cell below it its whole area.
pub fn land_m2(shape: &MultiPolygon<f64>, level: u8, cells: &[Cell]) -> Vec<f64> {
    let mut out = vec![0.0; cells.len()];
    let asked: Vec<usize> = (0..cells.len()).collect();
    let world = TileId { z: 0, x: 0, y: 0 };
    let parts = clip_multi_polygon(&shape.map_coords(project), &plane_rect(world));
    descend(&parts, world, level, cells, &asked, &mut out);
    out
}

fn descend(
    parts: &MultiPolygon<f64>,
    tile: TileId,
    level: u8,
    cells: &[Cell],
    asked: &[usize],
    out: &mut [f64],
) {
    if parts.0.is_empty() || asked.is_empty() {
        return;
    }
    let area = parts.unsigned_area();
    if tile.z >= level {
        for &i in asked {
            out[i] = area * M2_PER_UNIT;
        }
        return;
    }
    let whole = rect_area(&plane_rect(tile));
    if (whole - area).abs() <= whole * 1e-9 {
        for &i in asked {
            out[i] = cell_m2(cells[i], level);
        }
        return;
    }
    let shift = level - tile.z - 1;
    for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
        let child = TileId {
            z: tile.z + 1,
            x: tile.x * 2 + dx,
            y: tile.y * 2 + dy,
        };
        let mine: Vec<usize> = asked
            .iter()
            .copied()
            .filter(|&i| cells[i].x >> shift == child.x && cells[i].y >> shift == child.y)
            .collect();
        if !mine.is_empty() {
            let clipped = clip_multi_polygon(parts, &plane_rect(child));
            descend(&clipped, child, level, cells, &mine, out);
        }
    }
}

/// The loaded regions that make up a set of counties: each aligned block of codes (a
/// province `xx0000..=xx9999`, a city `xxxx00..=xxxx99`, a county) as its region, or, for a
/// block whose region is not loaded (Beijing's city 110100, whose districts hang under the
/// province), as its loaded regions one level down.
pub fn shapes_of<'r>(scope: &Scope, regions: &'r RegionIndex) -> Vec<&'r Shape> {
    let mut shapes = Vec::new();
    for &(lo, hi) in scope.intervals() {
        let mut at = lo;
        while at <= hi {
            let step = [10_000, 100, 1]
                .into_iter()
                .find(|&s| at % s == 0 && at + s - 1 <= hi)
                .unwrap_or(1);
            let code = format!("{at:06}");
            // 100000 is the country's code, not a province's: no county starts with 10.
            if code != COUNTRY {
                match regions.shape(&code) {
                    Some(shape) => shapes.push(shape),
                    None => {
                        let block = at..at + step;
                        let parent = if regions.has_children(&code) {
                            code
                        } else {
                            format!("{}0000", &code[..2])
                        };
                        shapes.extend(
                            regions.children(&parent).filter(|s| {
                                s.code.parse::<u32>().is_ok_and(|c| block.contains(&c))
                            }),
                        );
                    }
                }
            }
            at += step;
        }
    }
    shapes
}

/// Most cells' land kept (about 40 bytes each: some 20 MB).
const MAX_LAND_CELLS: usize = 500_000;

/// Land area per (region, level, cell), worked out once: region boundaries only change
/// with an import of regions, which takes a restart. Emptied when full.
#[derive(Debug, Default)]
pub struct LandCache {
    cells: Mutex<HashMap<(u32, u8, Cell), f64>>,
    /// Each region's box, so a cell far from a region costs it nothing (the country's
    /// selection is every province, and a cell meets one or two).
    boxes: Mutex<HashMap<u32, Option<Envelope>>>,
}

impl LandCache {
    /// The box of a region, by code.
    fn bbox(&self, code: u32, shape: &Shape) -> Option<Envelope> {
        let mut boxes = self.boxes.lock().unwrap_or_else(|e| e.into_inner());
        *boxes.entry(code).or_insert_with(|| {
            let mut env = None;
            for c in shape.geom.0.iter().flat_map(|p| &p.exterior().0) {
                Envelope::include(&mut env, c.x, c.y);
            }
            env
        })
    }

    /// The land of `shapes` (disjoint regions) in each of `cells`, m², in their order.
    pub fn land(&self, shapes: &[&Shape], level: u8, cells: &[Cell]) -> Vec<f64> {
        let mut total = vec![0.0; cells.len()];
        let bounds: Vec<Envelope> = cells
            .iter()
            .map(|c| c.tile(level).bounds_lonlat())
            .collect();
        for shape in shapes {
            let Ok(code) = shape.code.parse::<u32>() else {
                continue;
            };
            let Some(bbox) = self.bbox(code, shape) else {
                continue;
            };
            let near = |b: &Envelope| {
                b.max_x > bbox.min_x
                    && b.min_x < bbox.max_x
                    && b.max_y > bbox.min_y
                    && b.min_y < bbox.max_y
            };
            let mut missing = Vec::new();
            {
                let known = self.cells.lock().unwrap_or_else(|e| e.into_inner());
                for (i, &cell) in cells.iter().enumerate() {
                    if !near(&bounds[i]) {
                        continue;
                    }
                    match known.get(&(code, level, cell)) {
                        Some(m2) => total[i] += m2,
                        None => missing.push(i),
                    }
                }
            }
            if missing.is_empty() {
                continue;
            }
            let asked: Vec<Cell> = missing.iter().map(|&i| cells[i]).collect();
            let found = land_m2(&shape.geom, level, &asked);
            let mut known = self.cells.lock().unwrap_or_else(|e| e.into_inner());
            if known.len() + asked.len() > MAX_LAND_CELLS {
                known.clear();
            }
            for ((&i, cell), m2) in missing.iter().zip(asked).zip(found) {
                total[i] += m2;
                known.insert((code, level, cell), m2);
            }
        }
        total
    }
}

/// Count and area per cell of spots of a block: a spot's area shared among the cells it
/// covers, the spot counted in the cell holding most of it.
#[derive(Debug, Default)]
pub struct CellTallies {
    /// The cells with a share of a spot.
    pub cells: HashMap<Cell, Tally>,
    scratch: Vec<(Cell, f64)>,
}

impl CellTallies {
    /// Adds the spot at `pos`, keeping only the cells `keep` keeps.
    pub fn add(&mut self, block: &Block, pos: usize, level: u8, keep: impl Fn(Cell) -> bool) {
        let Some(env) = block.envelope(pos) else {
            return;
        };
        shares(&env, || block.outline(pos), level, &mut self.scratch);
        let area = block.area(pos);
        for (k, &(cell, share)) in self.scratch.iter().enumerate() {
            if keep(cell) {
                let t = self.cells.entry(cell).or_default();
                t.area_m2 += area * share;
                t.count += u64::from(k == 0);
            }
        }
    }
}

/// A cell's share of spot cover: 0–100 % of its land, 100 where spots lie on a cell
/// with no land of the region (a spot drawn past the boundary it is filed under).
pub fn percent(spot_m2: f64, land_m2: f64) -> f64 {
    if land_m2 <= 0.0 {
        return if spot_m2 > 0.0 { 100.0 } else { 0.0 };
    }
    (spot_m2 / land_m2 * 100.0).min(100.0)
}

/// The cells of what `sel` selects at `level`, with their land inside the selection's
/// counties (the region asked for, clipped to the caller's ranges).
pub fn statistics(
    sel: &Selection<'_>,
    regions: &RegionIndex,
    land: &LandCache,
    level: u8,
) -> GridStatistics {
    let mut tallies = CellTallies::default();
    let total = match sel.block {
        Some(block) => {
            let runs = block.runs(&sel.scope);
            block.each(&runs, &sel.pred, |pos| {
                tallies.add(block, pos, level, |_| true);
            });
            block.tallies(&sel.scope, &sel.pred, &[]).0.total
        }
        None => Tally::default(),
    };
    let cells = grid_cells(tallies.cells, &shapes_of(&sel.scope, regions), land, level);
    let mut max = GridMax::default();
    for c in &cells {
        max.count = max.count.max(c.count);
        max.area_m2 = max.area_m2.max(c.area_m2);
        max.percent = max.percent.max(c.percent);
    }
    GridStatistics {
        level,
        batch: sel.block.map(|b| b.batch.clone()),
        region_id: sel.region.clone(),
        name: region_name(regions, &sel.region),
        total,
        max,
        cells,
    }
}

/// Cells with their tallies and share of the land of `shapes`, by row then column.
pub fn grid_cells(
    tallies: HashMap<Cell, Tally>,
    shapes: &[&Shape],
    land: &LandCache,
    level: u8,
) -> Vec<GridCell> {
    let mut cells: Vec<(Cell, Tally)> = tallies.into_iter().collect();
    cells.sort_unstable_by_key(|&(c, _)| (c.y, c.x));
    let keys: Vec<Cell> = cells.iter().map(|&(c, _)| c).collect();
    let land = land.land(shapes, level, &keys);
    cells
        .into_iter()
        .zip(land)
        .map(|((cell, t), land)| GridCell {
            x: cell.x,
            y: cell.y,
            count: t.count,
            area_m2: t.area_m2,
            percent: percent(t.area_m2, land),
        })
        .collect()
}

#[cfg(test)]
mod tests;
