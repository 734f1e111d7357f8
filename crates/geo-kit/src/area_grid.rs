//! An area of interest rasterised into a grid of cells that are wholly inside,
//! wholly outside or on its boundary, for deciding quickly and exactly whether
//! many small polygons (scene footprints) meet it.
//!
//! Most footprints are decided by the cells alone: one vertex in an inside cell
//! means they meet, a bounding box over outside cells only means they do not.
//! The rest are tested exactly, with robust orientation predicates, against the
//! area's edges listed in the boundary cells they cross, so a test costs a few
//! edges rather than the whole boundary. "Meet" is `geo`'s `Intersects`:
//! touching counts.

use geo_types::{Coord, MultiPolygon};

use crate::Envelope;

/// How near (as a share of a cell's width or height) an edge may come to a
/// cell for the cell to count as a boundary cell: a point within half of it of
/// an inside cell is inside too, whatever rounding did to either.
const MARGIN: f64 = 1e-7;

const OUTSIDE: u8 = 0;
const INSIDE: u8 = 1;
const BOUNDARY: u8 = 2;

/// Where a box lies against the area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cover {
    /// Every point of the box is inside the area.
    Inside,
    /// No point of the box is in the area.
    Outside,
    /// Undecided by the grid.
    Mixed,
}

/// The rasterised area. Cells are closed: an inside cell's border is inside too,
/// and any cell an edge comes near is a boundary cell.
pub struct AreaGrid {
    bbox: Option<Envelope>,
    x0: f64,
    y0: f64,
    dx: f64,
    dy: f64,
    /// 1 / dx and 1 / dy: a cell is found by multiplying, not dividing.
    per_x: f64,
    per_y: f64,
    nx: usize,
    ny: usize,
    state: Vec<u8>,
    /// Edge ids per cell, compressed rows: cell c has `cell_edges[starts[c]..starts[c + 1]]`.
    starts: Vec<u32>,
    cell_edges: Vec<u32>,
    edges: Vec<[Coord<f64>; 2]>,
    /// Summed-area tables of inside and outside cells, (nx + 1) × (ny + 1).
    sum_in: Vec<u32>,
    sum_out: Vec<u32>,
    /// One vertex of every ring, for areas lying wholly inside a footprint.
    ring_points: Vec<Coord<f64>>,
}

impl AreaGrid {
    /// Rasterises an area into about eight cells per boundary edge (at most
    /// 65,536): fine enough that few footprints need an exact test, which
    /// pays when the grid serves several searches (callers cache it).
    pub fn new(area: &MultiPolygon<f64>) -> Self {
        let mut edges = Vec::new();
        let mut ring_points = Vec::new();
        let mut bbox: Option<Envelope> = None;
        for ring in area.iter().flat_map(crate::rings) {
            let Some(first) = ring.0.first() else {
                continue;
            };
            ring_points.push(*first);
            for c in &ring.0 {
                Envelope::include(&mut bbox, c.x, c.y);
            }
            edges.extend(ring.0.windows(2).map(|w| [w[0], w[1]]));
        }
        let Some(b) = bbox else {
            return Self::empty();
        };
        let (w, h) = (b.max_x - b.min_x, b.max_y - b.min_y);
        let (nx, ny) = dimensions(&edges, w, h);
        let dx = if w > 0.0 { w / nx as f64 } else { 1.0 };
        let dy = if h > 0.0 { h / ny as f64 } else { 1.0 };
        let mut grid = Self {
            bbox,
            x0: b.min_x,
            y0: b.min_y,
            dx,
            dy,
            per_x: 1.0 / dx,
            per_y: 1.0 / dy,
            nx,
            ny,
            state: vec![OUTSIDE; nx * ny],
            starts: Vec::new(),
            cell_edges: Vec::new(),
            edges,
            sum_in: Vec::new(),
            sum_out: Vec::new(),
            ring_points,
        };
        grid.mark_boundary();
        grid.fill_inside();
        grid.sum_tables();
        grid
    }

    fn empty() -> Self {
        Self {
            bbox: None,
            x0: 0.0,
            y0: 0.0,
            dx: 1.0,
            dy: 1.0,
            per_x: 1.0,
            per_y: 1.0,
            nx: 0,
            ny: 0,
            state: Vec::new(),
            starts: vec![0],
            cell_edges: Vec::new(),
            edges: Vec::new(),
            sum_in: vec![0],
            sum_out: vec![0],
            ring_points: Vec::new(),
        }
    }

    /// The area's bounding box, `None` for an empty area.
    pub fn bbox(&self) -> Option<Envelope> {
        self.bbox
    }

    /// The bytes the grid holds beyond itself (its cells, sums and edges), for
    /// callers that keep grids within a budget.
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of_val;
        size_of_val(&self.state[..])
            + size_of_val(&self.starts[..])
            + size_of_val(&self.cell_edges[..])
            + size_of_val(&self.edges[..])
            + size_of_val(&self.sum_in[..])
            + size_of_val(&self.sum_out[..])
            + size_of_val(&self.ring_points[..])
    }

    // A point within rounding of a cell border may land in either cell: both
    // are right, since no edge comes within the [`MARGIN`] of an inside or
    // outside cell.
    fn col(&self, x: f64) -> isize {
        cell_floor((x - self.x0) * self.per_x)
    }

    fn row(&self, y: f64) -> isize {
        cell_floor((y - self.y0) * self.per_y)
    }

    /// The cells a segment comes near, row by row (a slightly widened
    /// supercover): `visit(row, first column, last column)` for each row it
    /// crosses, until `visit` says to stop. Cells are widened by `widen` times
    /// the [`MARGIN`].
    fn segment_rows(
        &self,
        a: Coord<f64>,
        b: Coord<f64>,
        widen: f64,
        mut visit: impl FnMut(usize, usize, usize) -> bool,
    ) -> bool {
        if self.nx == 0 {
            return false;
        }
        let ex = widen * (self.dx * MARGIN + 1e-9);
        let ey = widen * (self.dy * MARGIN + 1e-9);
        let (lo, hi) = if a.y <= b.y { (a, b) } else { (b, a) };
        let slope = (hi.x - lo.x) / (hi.y - lo.y);
        let r0 = self.row(lo.y - ey).max(0);
        let r1 = self.row(hi.y + ey).min(self.ny as isize - 1);
        for r in r0..=r1 {
            let band_lo = (self.y0 + r as f64 * self.dy - ey).max(lo.y);
            let band_hi = (self.y0 + (r + 1) as f64 * self.dy + ey).min(hi.y);
            let (xa, xb) = if hi.y > lo.y {
                let at = |y: f64| lo.x + (y - lo.y) * slope;
                (at(band_lo), at(band_hi))
            } else {
                (lo.x, hi.x)
            };
            let c0 = self.col(xa.min(xb) - ex).max(0);
            let c1 = self.col(xa.max(xb) + ex).min(self.nx as isize - 1);
            if c0 <= c1 && visit(r as usize, c0 as usize, c1 as usize) {
                return true;
            }
        }
        false
    }

    fn mark_boundary(&mut self) {
        let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(self.edges.len() * 3);
        for (i, e) in self.edges.iter().enumerate() {
            self.segment_rows(e[0], e[1], 1.0, |r, c0, c1| {
                let row = r * self.nx;
                pairs.extend((c0..=c1).map(|c| ((row + c) as u32, i as u32)));
                false
            });
        }
        let cells = self.nx * self.ny;
        let mut starts = vec![0u32; cells + 1];
        for &(cell, _) in &pairs {
            starts[cell as usize + 1] += 1;
            self.state[cell as usize] = BOUNDARY;
        }
        for c in 0..cells {
            starts[c + 1] += starts[c];
        }
        let mut fill = starts.clone();
        let mut cell_edges = vec![0u32; pairs.len()];
        for (cell, edge) in pairs {
            let slot = &mut fill[cell as usize];
            cell_edges[*slot as usize] = edge;
            *slot += 1;
        }
        self.starts = starts;
        self.cell_edges = cell_edges;
    }

    /// Scanlines through the cell centres decide the cells no edge comes near.
    fn fill_inside(&mut self) {
        let mut rows: Vec<Vec<u32>> = vec![Vec::new(); self.ny];
        for (i, e) in self.edges.iter().enumerate() {
            let (lo, hi) = (e[0].y.min(e[1].y), e[0].y.max(e[1].y));
            let r0 = self.row(lo).max(0);
            let r1 = self.row(hi).min(self.ny as isize - 1);
            for r in r0..=r1 {
                rows[r as usize].push(i as u32);
            }
        }
        let mut xs = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let y = self.y0 + (r as f64 + 0.5) * self.dy;
            xs.clear();
            for &i in row {
                let [a, b] = self.edges[i as usize];
                if (a.y > y) != (b.y > y) {
                    xs.push(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
                }
            }
            xs.sort_by(f64::total_cmp);
            // Crossings left of each cell centre, counted as the centres move right.
            let mut left = 0;
            for c in 0..self.nx {
                let x = self.x0 + (c as f64 + 0.5) * self.dx;
                while left < xs.len() && xs[left] < x {
                    left += 1;
                }
                let cell = r * self.nx + c;
                if self.state[cell] != BOUNDARY && left % 2 == 1 {
                    self.state[cell] = INSIDE;
                }
            }
        }
    }

    fn sum_tables(&mut self) {
        let w = self.nx + 1;
        self.sum_in = vec![0; w * (self.ny + 1)];
        self.sum_out = vec![0; w * (self.ny + 1)];
        for r in 0..self.ny {
            // Each entry is the one above plus this row's count so far.
            let (mut row_in, mut row_out) = (0, 0);
            for c in 0..self.nx {
                let s = self.state[r * self.nx + c];
                row_in += u32::from(s == INSIDE);
                row_out += u32::from(s == OUTSIDE);
                let (at, up) = ((r + 1) * w + c + 1, r * w + c + 1);
                self.sum_in[at] = self.sum_in[up] + row_in;
                self.sum_out[at] = self.sum_out[up] + row_out;
            }
        }
    }

    fn sum(table: &[u32], w: usize, c0: usize, c1: usize, r0: usize, r1: usize) -> u32 {
        table[(r1 + 1) * w + c1 + 1] + table[r0 * w + c0]
            - table[r0 * w + c1 + 1]
            - table[(r1 + 1) * w + c0]
    }

    /// Where a box lies, from the cells it overlaps.
    pub fn classify(&self, b: &Envelope) -> Cover {
        let Some(area) = self.bbox else {
            return Cover::Outside;
        };
        if b.max_x < area.min_x
            || b.min_x > area.max_x
            || b.max_y < area.min_y
            || b.min_y > area.max_y
        {
            return Cover::Outside;
        }
        let within = b.min_x >= area.min_x
            && b.max_x <= area.max_x
            && b.min_y >= area.min_y
            && b.max_y <= area.max_y;
        let c0 = self.col(b.min_x).clamp(0, self.nx as isize - 1) as usize;
        let c1 = self.col(b.max_x).clamp(0, self.nx as isize - 1) as usize;
        let r0 = self.row(b.min_y).clamp(0, self.ny as isize - 1) as usize;
        let r1 = self.row(b.max_y).clamp(0, self.ny as isize - 1) as usize;
        let cells = ((c1 - c0 + 1) * (r1 - r0 + 1)) as u32;
        let w = self.nx + 1;
        if Self::sum(&self.sum_out, w, c0, c1, r0, r1) == cells {
            Cover::Outside
        } else if within && Self::sum(&self.sum_in, w, c0, c1, r0, r1) == cells {
            Cover::Inside
        } else {
            Cover::Mixed
        }
    }

    /// The state of the cell holding a point; points off the grid are outside.
    fn state_at(&self, p: Coord<f64>) -> (u8, Option<(usize, usize)>) {
        let (c, r) = (self.col(p.x), self.row(p.y));
        // The grid's far edges belong to its last cells.
        let c = if c == self.nx as isize && p.x <= self.x0 + self.nx as f64 * self.dx {
            c - 1
        } else {
            c
        };
        let r = if r == self.ny as isize && p.y <= self.y0 + self.ny as f64 * self.dy {
            r - 1
        } else {
            r
        };
        if c < 0 || r < 0 || c >= self.nx as isize || r >= self.ny as isize {
            return (OUTSIDE, None);
        }
        let (c, r) = (c as usize, r as usize);
        (self.state[r * self.nx + c], Some((c, r)))
    }

    fn edges_of(&self, cell: usize) -> impl Iterator<Item = &[Coord<f64>; 2]> {
        self.cell_edges[self.starts[cell] as usize..self.starts[cell + 1] as usize]
            .iter()
            .map(|&e| &self.edges[e as usize])
    }

    /// Whether a simple polygon given by its exterior ring (closed or not, no
    /// holes) meets the area.
    pub fn meets_ring(&self, ring: &[Coord<f64>]) -> bool {
        if self.bbox.is_none() || ring.is_empty() {
            return false;
        }
        // The vertices' cells give both the quickest yes (one in an inside
        // cell; a box wholly over inside cells has one) and the cells of the box.
        let (nx, ny) = (self.nx as isize, self.ny as isize);
        let (mut c0, mut c1, mut r0, mut r1) = (isize::MAX, isize::MIN, isize::MAX, isize::MIN);
        for p in ring {
            let (c, r) = (self.col(p.x), self.row(p.y));
            if (0..nx).contains(&c)
                && (0..ny).contains(&r)
                && self.state[r as usize * self.nx + c as usize] == INSIDE
            {
                return true;
            }
            (c0, c1, r0, r1) = (c0.min(c), c1.max(c), r0.min(r), r1.max(r));
        }
        // Wholly before the grid, or past the cell after it, on a side: apart
        // (the grid ends at the area's bounding box; the cell just past its
        // far side holds that side, which a footprint may touch).
        if c1 < 0 || r1 < 0 || c0 > nx || r0 > ny {
            return false;
        }
        let [c0, c1] = [c0, c1].map(|c| c.clamp(0, nx - 1) as usize);
        let [r0, r1] = [r0, r1].map(|r| r.clamp(0, ny - 1) as usize);
        let cells = ((c1 - c0 + 1) * (r1 - r0 + 1)) as u32;
        if Self::sum(&self.sum_out, self.nx + 1, c0, c1, r0, r1) == cells {
            return false;
        }
        let mut bbox = Envelope::of_point(ring[0].x, ring[0].y);
        for p in ring {
            bbox.expand(p.x, p.y);
        }
        // A part of the area inside a wide footprint: cheap to see first. A vertex
        // on the footprint's border may count either way, and touching is meeting.
        let holds_a_part = self.ring_points.iter().any(|&v| {
            v.x >= bbox.min_x
                && v.x <= bbox.max_x
                && v.y >= bbox.min_y
                && v.y <= bbox.max_y
                && ring_contains(ring, v)
        });
        if holds_a_part {
            return true;
        }
        // Along each edge, row by row: a run of outside cells is passed over at
        // once; an inside cell it comes within half the margin of holds a point
        // of it (no area edge comes within the margin of that cell), so they
        // meet; boundary cells test their area edges.
        let n = ring.len();
        let w = self.nx + 1;
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            let crossed = self.segment_rows(a, b, 0.5, |r, c0, c1| {
                let cells = (c1 - c0 + 1) as u32;
                if Self::sum(&self.sum_out, w, c0, c1, r, r) == cells {
                    return false;
                }
                if Self::sum(&self.sum_in, w, c0, c1, r, r) > 0 {
                    return true;
                }
                (c0..=c1).any(|c| {
                    let cell = r * self.nx + c;
                    self.state[cell] == BOUNDARY
                        && self.edges_of(cell).any(|e| segments_meet(a, b, e[0], e[1]))
                })
            });
            if crossed {
                return true;
            }
        }
        // No boundary meets the other: the footprint is inside the area or apart from it.
        self.contains_point(ring[0])
    }

    /// Whether a point that lies on no edge of the area is inside it: crossings of
    /// the ray to the right up to the first cell no edge comes near, whose state is known.
    fn contains_point(&self, p: Coord<f64>) -> bool {
        let (state, Some((c, r))) = self.state_at(p) else {
            return false;
        };
        if state != BOUNDARY {
            return state == INSIDE;
        }
        let mut end = c;
        while end < self.nx && self.state[r * self.nx + end] == BOUNDARY {
            end += 1;
        }
        let (far_state, qx) = if end < self.nx {
            (
                self.state[r * self.nx + end],
                self.x0 + (end as f64 + 0.5) * self.dx,
            )
        } else {
            (OUTSIDE, self.x0 + self.nx as f64 * self.dx + self.dx)
        };
        let q = Coord { x: qx, y: p.y };
        let mut ids: Vec<u32> = (c..end)
            .flat_map(|col| {
                let cell = r * self.nx + col;
                self.cell_edges[self.starts[cell] as usize..self.starts[cell + 1] as usize]
                    .iter()
                    .copied()
            })
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let crossings = ids
            .iter()
            .filter(|&&i| {
                let [a, b] = self.edges[i as usize];
                (a.y > p.y) != (b.y > p.y) && orient(a, b, p).signum() != orient(a, b, q).signum()
            })
            .count();
        (far_state == INSIDE) != (crossings % 2 == 1)
    }
}

/// Most (cell, edge) pairs a grid may list, unless the edges alone are more.
const MAX_PAIRS: f64 = (1 << 20) as f64;

/// Columns and rows for the edges over a `w` × `h` box: about eight cells per
/// edge (at most 65,536), about square, and few enough that the cells the
/// edges cross stay near [`MAX_PAIRS`]. An edge crosses about as many cells as
/// the rows and columns it spans, so a zigzag of long edges would otherwise
/// list every edge in every row. Always at least one of each, for any finite
/// (or infinite) box.
fn dimensions(edges: &[[Coord<f64>; 2]], w: f64, h: f64) -> (usize, usize) {
    if !(w > 0.0 && h > 0.0) {
        return (1, 1);
    }
    let cells = (edges.len() * 8).clamp(64, 65_536) as f64;
    // max() also turns a NaN (infinite width over infinite height) into 1.
    let nx = (cells * w / h).sqrt().max(1.0).min(cells);
    let ny = (cells / nx).max(1.0).min(cells);
    // Cells crossed, summed over the edges: columns spanned plus rows spanned.
    let (span_x, span_y) = edges.iter().fold((0.0, 0.0), |(sx, sy), [a, b]| {
        (sx + (a.x - b.x).abs() / w, sy + (a.y - b.y).abs() / h)
    });
    let crossed = span_x * nx + span_y * ny;
    let budget = MAX_PAIRS.max(edges.len() as f64 * 8.0);
    let shrink = if crossed > budget {
        budget / crossed
    } else {
        1.0
    };
    let fit = |n: f64| (n * shrink).ceil().max(1.0).min(cells) as usize;
    (fit(nx), fit(ny))
}

/// `v.floor() as isize` without the call into libm that `floor` compiles to
/// on baseline x86-64 (no SSE4.1): it was a tenth of a search's time.
pub(crate) fn floor(v: f64) -> isize {
    // `as` saturates (NaN to 0); so must the step down, or -inf wraps to +max.
    let t = v as isize;
    t.saturating_sub(isize::from(v < t as f64))
}

/// What [`cell_floor`] adds before truncating: more cells than a grid has along a side.
const SHIFT: isize = 65_536;

/// `v.floor() as isize`, as cells are found in the hot loop: shifted up so that truncation
/// (one instruction) floors, rather than calling into libm (baseline x86-64
/// has no rounding instruction) or correcting a truncation (a tenth of a
/// search either way). A value within 2^-36 below a whole number may come out
/// one higher: far inside the margin every cell lookup allows (see the notes
/// on `col`). Values below -SHIFT come out wrong but still below zero, which
/// is all a lookup asks of them (before the grid); `as` saturates, NaN gives
/// -SHIFT.
fn cell_floor(v: f64) -> isize {
    ((v + SHIFT as f64) as isize).saturating_sub(SHIFT)
}

fn orient(a: Coord<f64>, b: Coord<f64>, c: Coord<f64>) -> f64 {
    robust::orient2d(
        robust::Coord { x: a.x, y: a.y },
        robust::Coord { x: b.x, y: b.y },
        robust::Coord { x: c.x, y: c.y },
    )
}

/// Whether a collinear point lies within a segment's box.
fn within(a: Coord<f64>, b: Coord<f64>, p: Coord<f64>) -> bool {
    p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Whether two closed segments share a point, exactly.
pub fn segments_meet(p1: Coord<f64>, p2: Coord<f64>, q1: Coord<f64>, q2: Coord<f64>) -> bool {
    // Segments whose boxes are apart cannot meet: most pairs, for four comparisons.
    if p1.x.max(p2.x) < q1.x.min(q2.x)
        || q1.x.max(q2.x) < p1.x.min(p2.x)
        || p1.y.max(p2.y) < q1.y.min(q2.y)
        || q1.y.max(q2.y) < p1.y.min(p2.y)
    {
        return false;
    }
    let d1 = orient(q1, q2, p1);
    let d2 = orient(q1, q2, p2);
    let d3 = orient(p1, p2, q1);
    let d4 = orient(p1, p2, q2);
    if d1 * d2 < 0.0 && d3 * d4 < 0.0 {
        return true;
    }
    (d1 == 0.0 && within(q1, q2, p1))
        || (d2 == 0.0 && within(q1, q2, p2))
        || (d3 == 0.0 && within(p1, p2, q1))
        || (d4 == 0.0 && within(p1, p2, q2))
}

/// Whether a point on none of a ring's edges is inside it (even-odd).
fn ring_contains(ring: &[Coord<f64>], p: Coord<f64>) -> bool {
    let n = ring.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            // The edge crosses the ray to the right when p is left of it, going up.
            let o = orient(a, b, p);
            if (o > 0.0) == (b.y > a.y) {
                inside = !inside;
            }
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::Intersects;
    use geo_types::{LineString, Polygon, polygon};

    fn check(area: &MultiPolygon<f64>, footprint: &Polygon<f64>) {
        let grid = AreaGrid::new(area);
        let ring = &footprint.exterior().0;
        assert_eq!(
            grid.meets_ring(ring),
            footprint.intersects(area),
            "{footprint:?}"
        );
    }

    #[test]
    fn floor_agrees_with_the_library_where_cells_are_found() {
        for v in [
            -65_535.5,
            -2.5,
            -2.0,
            -1e-9,
            -0.0,
            0.0,
            1e-12,
            0.999_999,
            1.0,
            3.5,
            65_535.999,
            1e9 + 0.5,
        ] {
            assert_eq!(cell_floor(v), v.floor() as isize, "{v}");
        }
        // Within rounding below a whole number: that number or the one below.
        assert!([-1, 0].contains(&cell_floor(-1e-12)));
        // Far before the grid, unbounded or not a number: still before it.
        for v in [-1e6, -1e300, f64::NEG_INFINITY, f64::NAN] {
            assert!(cell_floor(v) < 0, "{v}");
        }
        assert_eq!(cell_floor(f64::INFINITY), isize::MAX - SHIFT);
    }

    fn square(x: f64, y: f64, s: f64) -> Polygon<f64> {
        polygon![(x: x, y: y), (x: x + s, y: y), (x: x + s, y: y + s), (x: x, y: y + s), (x: x, y: y)]
    }

    #[test]
    fn touching_nesting_holes_and_islands_agree_with_geo() {
        let mut donut = square(0.0, 0.0, 10.0);
        donut.interiors_push(LineString::from(vec![
            (3.0, 3.0),
            (7.0, 3.0),
            (7.0, 7.0),
            (3.0, 7.0),
            (3.0, 3.0),
        ]));
        let area = MultiPolygon(vec![donut, square(20.0, 0.0, 1.0)]);
        for fp in [
            square(4.0, 4.0, 2.0),          // in the hole
            square(3.0, 3.0, 4.0),          // the hole exactly: touches
            square(1.0, 1.0, 1.0),          // inside
            square(-5.0, -5.0, 40.0),       // contains everything
            square(10.0, 2.0, 1.0),         // touches the outer edge
            square(10.0 + 1e-12, 2.0, 1.0), // just apart
            square(15.0, 0.0, 3.0),         // between the parts
            square(19.0, -1.0, 3.0),        // contains the island
            square(21.0, 1.0, 1.0),         // touches the island at a corner
            polygon![(x: -1.0, y: 5.0), (x: 5.0, y: -1.0), (x: -1.0, y: -1.0), (x: -1.0, y: 5.0)], // cuts a corner
        ] {
            check(&area, &fp);
        }
    }

    #[test]
    fn random_triangles_agree_with_geo_on_a_jagged_area() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let star: Vec<(f64, f64)> = (0..=40)
            .map(|i| {
                let t = i as f64 / 40.0 * std::f64::consts::TAU;
                let r = if i % 2 == 0 { 5.0 } else { 2.0 };
                (r * t.cos(), r * t.sin())
            })
            .collect();
        let area = MultiPolygon(vec![Polygon::new(LineString::from(star), vec![])]);
        for _ in 0..3000 {
            let (x, y, s) = (next() * 14.0 - 7.0, next() * 14.0 - 7.0, next() * 2.0);
            let fp = polygon![(x: x, y: y), (x: x + s, y: y + s * 0.3), (x: x + s * 0.2, y: y + s), (x: x, y: y)];
            check(&area, &fp);
        }
        // Footprints many cells wide, as a wide camera's are over a county:
        // their edges pass runs of outside and inside cells.
        for _ in 0..3000 {
            let (x, y, s, t) = (
                next() * 20.0 - 10.0,
                next() * 20.0 - 10.0,
                next() * 8.0,
                next(),
            );
            let (c, d) = (s * t.cos(), s * t.sin());
            let fp = polygon![(x: x, y: y), (x: x + c, y: y + d), (x: x + c - d * 0.4, y: y + d + c * 0.4), (x: x - d * 0.4, y: y + c * 0.4), (x: x, y: y)];
            check(&area, &fp);
        }
    }

    #[test]
    fn no_finite_area_makes_the_grid_panic() {
        let big = f64::MAX;
        let areas = [
            // Width and height both overflow to infinity: their ratio was NaN, no columns.
            polygon![(x: -big, y: -big), (x: big, y: -big), (x: big, y: big), (x: -big, y: big)],
            polygon![(x: 0.0, y: 0.0), (x: 1e308, y: 0.0), (x: 1e308, y: 1e308), (x: 0.0, y: 0.0)],
            polygon![(x: -1e308, y: 0.0), (x: 1e308, y: 1e-300), (x: 0.0, y: 2e-300), (x: -1e308, y: 0.0)],
            polygon![(x: 0.0, y: -big), (x: 1e-300, y: big), (x: -1e-300, y: big), (x: 0.0, y: -big)],
        ];
        for area in areas {
            let grid = AreaGrid::new(&MultiPolygon(vec![area]));
            assert!(grid.nx >= 1 && grid.ny >= 1);
            let fp = square(0.0, 0.0, 1.0);
            let ring = &fp.exterior().0;
            let bbox = Envelope {
                min_x: 0.0,
                max_x: 1.0,
                min_y: 0.0,
                max_y: 1.0,
            };
            // Whatever the answers at such magnitudes, there are answers.
            let _ = grid.meets_ring(ring);
            let _ = grid.classify(&bbox);
            let _ = grid.contains_point(Coord { x: 0.5, y: 0.5 });
        }
    }

    #[test]
    fn a_tall_zigzag_lists_a_bounded_number_of_edges_per_cell() {
        // 20,000 edges each spanning the whole height of a thin box: with a
        // cell per 8 edges and square cells, every edge crossed every row
        // (65,536 rows), billions of pairs.
        let n = 20_000;
        let mut pts: Vec<(f64, f64)> = (0..n)
            .map(|i| (i as f64 * 1e-7, if i % 2 == 0 { 0.0 } else { 10.0 }))
            .collect();
        pts.push((0.0, -1.0));
        pts.push(pts[0]);
        let area = MultiPolygon(vec![Polygon::new(LineString::from(pts), vec![])]);
        let grid = AreaGrid::new(&area);
        assert!(
            (grid.cell_edges.len() as f64) < 2.0 * MAX_PAIRS,
            "{} pairs",
            grid.cell_edges.len()
        );
        // Still right.
        check(&area, &square(0.5e-3, 5.0, 1.0));
        check(&area, &square(0.5e-3, 5.0, 1e-9));
        check(&area, &square(-1.0, 5.0, 0.5));
    }
}
