//! Rasters of where an area is: a regular lon/lat grid whose cells count as
//! inside when their centre is inside the area (even-odd, so holes count).
//! Asking a point costs one array read, where an exact test against a national
//! outline of tens of thousands of vertices costs tens of microseconds. The
//! set cover uses the same cells as runs, to count and mark them a word at a
//! time, and the coverage union the cells an edge comes near (cells no edge
//! comes near lie wholly inside or wholly outside) and a tally of cells over
//! boxes.

use std::ops::Range;

use geo::BoundingRect;
use geo_types::{Coord, LineString, MultiPolygon, Rect};

use crate::area_grid::floor;
use crate::rings;

/// Cells `[start, end)` in row-major order, within one row. Eight bytes:
/// the set cover reads each footprint's runs again and again, and half the
/// memory was a third less time. Grids have far fewer than 2^32 cells.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Run(u32, u32);

impl Run {
    pub(crate) fn new(start: usize, end: usize) -> Self {
        Self(start as u32, end as u32)
    }

    /// The cells, as indices.
    pub(crate) fn cells(self) -> Range<usize> {
        self.0 as usize..self.1 as usize
    }
}

/// First and last columns, first and last rows (16 bytes: the greedy
/// reads one per footprint it takes from its heap).
pub(crate) type Span = [u32; 4];

/// How far, in cells, [`Cells::touched`] widens what an edge comes near.
const MARGIN: f64 = 1e-6;

/// Room for the crossings of rows with edges, kept between calls to
/// [`Cells::runs_into`].
#[derive(Default)]
pub(crate) struct Crossings {
    starts: Vec<usize>,
    xs: Vec<f64>,
}

/// A grid of `nx` × `ny` cells of `dx` × `dy` degrees from (`x0`, `y0`).
#[derive(Debug, Clone)]
pub(crate) struct Cells {
    x0: f64,
    y0: f64,
    dx: f64,
    dy: f64,
    /// Columns.
    pub(crate) nx: usize,
    /// Rows.
    pub(crate) ny: usize,
}

impl Cells {
    /// `nx` × `ny` cells exactly over `r`.
    pub(crate) fn over(r: Rect<f64>, nx: usize, ny: usize) -> Self {
        Self {
            x0: r.min().x,
            y0: r.min().y,
            dx: r.width() / nx as f64,
            dy: r.height() / ny as f64,
            nx,
            ny,
        }
    }

    /// `nx` × `ny` square cells of `cell` degrees from the corner `min`.
    pub(crate) fn square(min: Coord<f64>, cell: f64, nx: usize, ny: usize) -> Self {
        Self {
            x0: min.x,
            y0: min.y,
            dx: cell,
            dy: cell,
            nx,
            ny,
        }
    }

    /// The cells whose centres lie inside the rings (even-odd), as runs.
    pub(crate) fn runs<'a>(
        &self,
        rings: impl Iterator<Item = &'a LineString<f64>> + Clone,
    ) -> Vec<Run> {
        let mut runs = Vec::new();
        self.runs_into(rings, &mut Crossings::default(), &mut runs);
        runs
    }

    /// Appends the cells whose centres lie inside the rings (even-odd) to
    /// `out` as runs, row by row: each edge visits only the rows it spans,
    /// not every row, and its crossings go straight to their row's place,
    /// counted first (sorting them all cost more than finding them).
    pub(crate) fn runs_into<'a>(
        &self,
        rings: impl Iterator<Item = &'a LineString<f64>> + Clone,
        scratch: &mut Crossings,
        out: &mut Vec<Run>,
    ) {
        // Rows whose centre y satisfies lo <= y < hi: half-open, so a vertex
        // on a row's centre line is crossed once.
        let rows = |a: Coord<f64>, b: Coord<f64>| {
            let (lo, hi) = if a.y < b.y { (a.y, b.y) } else { (b.y, a.y) };
            self.row_at_or_above(lo)..self.row_at_or_above(hi)
        };
        let (mut first, mut last) = (usize::MAX, 0);
        for line in rings.clone().flat_map(LineString::lines) {
            let r = rows(line.start, line.end);
            if !r.is_empty() {
                (first, last) = (first.min(r.start), last.max(r.end));
            }
        }
        if first >= last {
            return;
        }
        // Row r's crossings go to xs[starts[r - first]..starts[r - first + 1]]:
        // counted at r - first + 2 (from where each edge's rows begin and
        // end), summed into where the row ends, which is where the row after
        // it starts; the fill below moves each start on to its row's end.
        let Crossings { starts, xs } = scratch;
        let n = last - first;
        starts.clear();
        starts.resize(n + 3, 0);
        for line in rings.clone().flat_map(LineString::lines) {
            let r = rows(line.start, line.end);
            if !r.is_empty() {
                // Differences: a slot may go below zero until summed.
                let (up, down) = (r.start - first + 2, r.end - first + 2);
                starts[up] = starts[up].wrapping_add(1);
                starts[down] = starts[down].wrapping_sub(1);
            }
        }
        for i in 3..starts.len() {
            starts[i] = starts[i].wrapping_add(starts[i - 1]);
        }
        for i in 2..starts.len() {
            starts[i] += starts[i - 1];
        }
        xs.clear();
        xs.resize(starts[n + 1], 0.0);
        for line in rings.flat_map(LineString::lines) {
            let (a, b) = (line.start, line.end);
            for row in rows(a, b) {
                let y = self.y0 + (row as f64 + 0.5) * self.dy;
                let slot = &mut starts[row - first + 1];
                xs[*slot] = a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y);
                *slot += 1;
            }
        }
        for (i, w) in starts.windows(2).take(n).enumerate() {
            let row = &mut xs[w[0]..w[1]];
            row.sort_unstable_by(f64::total_cmp);
            let base = (first + i) * self.nx;
            for pair in row.chunks_exact(2) {
                let start = self.col_at_or_right_of(pair[0]);
                let end = self.col_at_or_right_of(pair[1]);
                if start < end {
                    out.push(Run::new(base + start, base + end));
                }
            }
        }
    }

    /// Calls `visit` with the cells each edge of the rings comes near, a run
    /// per edge and row (a supercover widened by [`MARGIN`], so
    /// rounding cannot leave out a cell an edge touches), until it answers true.
    /// Cells no edge comes near lie wholly inside the rings or wholly outside.
    pub(crate) fn touched<'a>(
        &self,
        rings: impl Iterator<Item = &'a LineString<f64>>,
        mut visit: impl FnMut(Run) -> bool,
    ) -> bool {
        let (nx, ny) = (self.nx as isize, self.ny as isize);
        for line in rings.flat_map(LineString::lines) {
            // In cell units from the grid's corner.
            let (ua, va) = (
                (line.start.x - self.x0) / self.dx,
                (line.start.y - self.y0) / self.dy,
            );
            let (ub, vb) = (
                (line.end.x - self.x0) / self.dx,
                (line.end.y - self.y0) / self.dy,
            );
            let ((u0, v0), (u1, v1)) = if va <= vb {
                ((ua, va), (ub, vb))
            } else {
                ((ub, vb), (ua, va))
            };
            let r0 = floor(v0 - MARGIN).max(0);
            let r1 = floor(v1 + MARGIN).min(ny - 1);
            let slope = if v1 > v0 { (u1 - u0) / (v1 - v0) } else { 0.0 };
            for r in r0..=r1 {
                let (lo, hi) = ((r as f64).max(v0), ((r + 1) as f64).min(v1));
                let (xa, xb) = if v1 > v0 {
                    (u0 + (lo - v0) * slope, u0 + (hi - v0) * slope)
                } else {
                    (u0, u1)
                };
                let c0 = floor(xa.min(xb) - MARGIN).max(0);
                let c1 = floor(xa.max(xb) + MARGIN).min(nx - 1);
                if c0 <= c1 {
                    let base = r as usize * self.nx;
                    if visit(Run::new(base + c0 as usize, base + c1 as usize + 1)) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The columns and rows (inclusive) of the cells a box comes near, as
    /// [`Cells::touched`] widens them; `None` when it is off the grid.
    pub(crate) fn near(&self, b: Rect<f64>) -> Option<Span> {
        let (nx, ny) = (self.nx as isize, self.ny as isize);
        let c0 = floor((b.min().x - self.x0) / self.dx - MARGIN).max(0);
        let c1 = floor((b.max().x - self.x0) / self.dx + MARGIN).min(nx - 1);
        let r0 = floor((b.min().y - self.y0) / self.dy - MARGIN).max(0);
        let r1 = floor((b.max().y - self.y0) / self.dy + MARGIN).min(ny - 1);
        (c0 <= c1 && r0 <= r1).then_some([c0, c1, r0, r1].map(|v| v as u32))
    }

    /// The cell holding a point, if it is on the grid.
    fn cell_at(&self, x: f64, y: f64) -> Option<usize> {
        let col = ((x - self.x0) / self.dx).floor();
        let row = ((y - self.y0) / self.dy).floor();
        if col < 0.0 || row < 0.0 {
            return None;
        }
        let (col, row) = (col as usize, row as usize);
        (col < self.nx && row < self.ny).then_some(row * self.nx + col)
    }

    /// The first row whose centre is at or above `y`, within 0..=ny.
    fn row_at_or_above(&self, y: f64) -> usize {
        ceil((y - self.y0) / self.dy - 0.5).clamp(0, self.ny as isize) as usize
    }

    /// The first column whose centre is at or right of `x`, within 0..=nx.
    fn col_at_or_right_of(&self, x: f64) -> usize {
        ceil((x - self.x0) / self.dx - 0.5).clamp(0, self.nx as isize) as usize
    }
}

/// `v.ceil() as isize`, without libm (see [`floor`]).
fn ceil(v: f64) -> isize {
    floor(-v).saturating_neg()
}

/// Inside/outside per grid cell over the area's bounding box.
#[derive(Debug, Clone)]
pub struct Mask {
    cells: Cells,
    inside: Vec<bool>,
}

impl Mask {
    /// Rasterises `area` into square cells of `cell` degrees.
    pub fn new(area: &MultiPolygon<f64>, cell: f64) -> Self {
        let Some(bbox) = area.bounding_rect() else {
            let cells = Cells {
                x0: 0.0,
                y0: 0.0,
                dx: cell,
                dy: cell,
                nx: 0,
                ny: 0,
            };
            return Self {
                cells,
                inside: Vec::new(),
            };
        };
        let nx = (bbox.width() / cell).ceil().max(1.0) as usize;
        let ny = (bbox.height() / cell).ceil().max(1.0) as usize;
        // Square cells: the grid may reach past the box's right and top.
        let cells = Cells {
            dx: cell,
            dy: cell,
            ..Cells::over(bbox, nx, ny)
        };
        let mut inside = vec![false; nx * ny];
        for run in cells.runs(area.0.iter().flat_map(rings)) {
            inside[run.cells()].fill(true);
        }
        Self { cells, inside }
    }

    /// Whether the cell holding this point is inside the area.
    pub fn contains(&self, x: f64, y: f64) -> bool {
        self.cells.cell_at(x, y).is_some_and(|c| self.inside[c])
    }

    /// How many cells are inside.
    pub fn cells_inside(&self) -> usize {
        self.inside.iter().filter(|&&b| b).count()
    }
}

/// A fixed-size bit set with range operations.
#[derive(Clone)]
pub(crate) struct Bits(Vec<u64>);

impl Bits {
    /// `n` bits, all clear.
    pub(crate) fn new(n: usize) -> Self {
        Self(vec![0; n.div_ceil(64)])
    }

    /// Memory the bits hold, bytes.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.0.len() * 8
    }

    /// Whether bit `i` is set.
    pub(crate) fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// Applies `f(word, mask)` to every word the run touches.
    fn each_word(run: Run, mut f: impl FnMut(usize, u64)) {
        let Range { start, end } = run.cells();
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

    /// Sets the run's bits.
    pub(crate) fn set(&mut self, run: Run) {
        Self::each_word(run, |w, m| self.0[w] |= m);
    }

    /// Sets every bit `other` sets.
    pub(crate) fn set_all_of(&mut self, other: &Bits) {
        for (w, o) in self.0.iter_mut().zip(&other.0) {
            *w |= o;
        }
    }

    /// Clears the run's bits.
    pub(crate) fn clear(&mut self, run: Run) {
        Self::each_word(run, |w, m| self.0[w] &= !m);
    }

    /// Whether any bit of the run is set.
    pub(crate) fn any(&self, run: Run) -> bool {
        let mut any = false;
        Self::each_word(run, |w, m| any |= self.0[w] & m != 0);
        any
    }

    /// Set bits among the `len` (1 to 64) from `start`.
    fn ones_from(&self, start: usize, len: usize) -> u32 {
        let (w, shift) = (start / 64, start % 64);
        let mut v = self.0[w] >> shift;
        if shift + len > 64 {
            v |= self.0[w + 1] << (64 - shift);
        }
        (v & (u64::MAX >> (64 - len))).count_ones()
    }

    /// Clears every bit `other` sets.
    pub(crate) fn clear_all_of(&mut self, other: &Bits) {
        for (w, o) in self.0.iter_mut().zip(&other.0) {
            *w &= !o;
        }
    }

    /// Set bits over the runs.
    pub(crate) fn count(&self, runs: &[Run]) -> usize {
        let mut n = 0;
        for &run in runs {
            Self::each_word(run, |w, m| n += (self.0[w] & m).count_ones() as usize);
        }
        n
    }
}

/// Cells a side of the blocks open cells are tallied by, for the set
/// cover's greedy and the coverage union: a province's 4,000 blocks are
/// summed in microseconds, where its 260,000 cells took half a millisecond.
pub(crate) const TALLY_BLOCK: usize = 8;

/// The set cells of a [`Bits`] over a grid, counted over any box of cells
/// in four reads (a summed-area table), by blocks of `block` × `block`
/// cells: a box's count is then that of the blocks it meets, an upper bound.
/// Cells cleared later are taken off block by block, and the table summed
/// again, without counting the grid anew.
pub(crate) struct Tally {
    block: usize,
    /// Grid columns.
    nx: usize,
    /// Blocks across.
    across: usize,
    /// Set cells per block, row by row.
    counts: Vec<u32>,
    /// Set cells in block rows `..r` and block columns `..c`, at `r * (across + 1) + c`.
    sums: Vec<u32>,
}

impl Tally {
    /// Counts the set cells of `bits` over `cells`, by blocks of 1 to 64 cells a side.
    pub(crate) fn of(cells: &Cells, bits: &Bits, block: usize) -> Self {
        let (across, down) = (cells.nx.div_ceil(block), cells.ny.div_ceil(block));
        let mut tally = Self {
            block,
            nx: cells.nx,
            across,
            counts: vec![0; across * down],
            sums: vec![0; (across + 1) * (down + 1)],
        };
        for r in 0..cells.ny {
            let row = r * cells.nx;
            tally.take(bits, Run::new(row, row + cells.nx), |count, n| *count += n);
        }
        tally.sum();
        tally
    }

    /// Applies `f(count, n)` to each block the run meets, `n` the run's set cells in it.
    fn take(&mut self, bits: &Bits, run: Run, f: impl Fn(&mut u32, u32)) {
        let Range { start, end } = run.cells();
        if start >= end {
            return;
        }
        let (r, row) = (start / self.nx, start / self.nx * self.nx);
        let at = r / self.block * self.across;
        for b in (start - row) / self.block..=(end - 1 - row) / self.block {
            let from = start.max(row + b * self.block);
            let to = end.min(row + (b + 1) * self.block);
            f(&mut self.counts[at + b], bits.ones_from(from, to - from));
        }
    }

    /// Takes off the run's cells that `bits` sets, which are to be cleared;
    /// [`Tally::sum`] then brings the counts over boxes up to date.
    pub(crate) fn clear(&mut self, bits: &Bits, run: Run) {
        self.take(bits, run, |count, n| *count -= n);
    }

    /// Sums the blocks' counts into the table.
    pub(crate) fn sum(&mut self) {
        let w = self.across + 1;
        for (r, counts) in self.counts.chunks(self.across).enumerate() {
            let mut in_row = 0;
            for (c, &n) in counts.iter().enumerate() {
                in_row += n;
                self.sums[(r + 1) * w + c + 1] = self.sums[r * w + c + 1] + in_row;
            }
        }
    }

    /// Whether a set cell lies among those a box comes near.
    pub(crate) fn any_near(&self, cells: &Cells, b: Rect<f64>) -> bool {
        cells.near(b).is_some_and(|span| self.count(span) > 0)
    }

    /// The set cells in the blocks a span of columns and rows (inclusive,
    /// as [`Cells::near`] gives it) meets.
    pub(crate) fn count(&self, span: Span) -> u32 {
        let [c0, c1, r0, r1] = span.map(|v| v as usize / self.block);
        let at = |r: usize, c: usize| self.sums[r * (self.across + 1) + c];
        at(r1 + 1, c1 + 1) + at(r0, c0) - at(r0, c1 + 1) - at(r1 + 1, c0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coverage::tests::boundary;
    use geo::Contains;
    use geo_types::{Point, polygon};

    /// A reproducible stream of numbers in [0, 1).
    fn uniform(seed: u64) -> impl FnMut() -> f64 {
        let mut state = seed;
        move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    fn hubei_grid() -> (MultiPolygon<f64>, Cells) {
        let hubei = boundary("hubei_province", 420000);
        let r = hubei.bounding_rect().expect("box");
        (hubei, Cells::over(r, 313, 171))
    }

    #[test]
    fn runs_hold_exactly_the_cells_whose_centres_are_inside() {
        let (hubei, grid) = hubei_grid();
        let mut inside = vec![false; grid.nx * grid.ny];
        let mut runs = Vec::new();
        let mut scratch = Crossings::default();
        for p in &hubei.0 {
            grid.runs_into(rings(p), &mut scratch, &mut runs);
        }
        for run in &runs {
            for c in run.cells() {
                assert!(!inside[c], "cell {c} in two runs");
                inside[c] = true;
            }
        }
        let mut count = 0;
        for (c, &is_in) in inside.iter().enumerate() {
            let (col, row) = (c % grid.nx, c / grid.nx);
            let centre = Point::new(
                grid.x0 + (col as f64 + 0.5) * grid.dx,
                grid.y0 + (row as f64 + 0.5) * grid.dy,
            );
            assert_eq!(is_in, hubei.contains(&centre), "cell {col}, {row}");
            count += usize::from(is_in);
        }
        assert!(count > 10_000, "{count}");
    }

    #[test]
    fn touched_cells_hold_every_point_of_every_edge() {
        let (_, grid) = hubei_grid();
        let mut next = uniform(7);
        let mut point = || {
            Coord {
                // Past the grid's sides too: what lies off the grid is left out.
                x: grid.x0 - 1.0 + next() * (grid.dx * grid.nx as f64 + 2.0),
                y: grid.y0 - 1.0 + next() * (grid.dy * grid.ny as f64 + 2.0),
            }
        };
        for k in 0..2_000 {
            let (a, b) = (point(), point());
            // Some edges along a row or a column, as boundaries often run.
            let b = match k % 4 {
                0 => Coord { x: b.x, y: a.y },
                1 => Coord { x: a.x, y: b.y },
                _ => b,
            };
            let line = LineString(vec![a, b]);
            let mut marked = Vec::new();
            grid.touched(std::iter::once(&line), |run| {
                marked.extend(run.cells());
                false
            });
            for i in 0..=200 {
                let t = f64::from(i) / 200.0;
                let (x, y) = (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
                if let Some(cell) = grid.cell_at(x, y) {
                    assert!(marked.contains(&cell), "{a:?}–{b:?} at {t}");
                }
            }
            // A supercover: about as many cells as rows and columns crossed.
            let spans = (b.x - a.x).abs() / grid.dx + (b.y - a.y).abs() / grid.dy;
            assert!(
                marked.len() as f64 <= 2.0 * spans + 4.0,
                "{} cells",
                marked.len()
            );
        }
    }

    #[test]
    fn a_union_sets_the_bits_either_sets() {
        let mut next = uniform(5);
        let n = 1_000;
        let (mut bits, mut other) = (Bits::new(n), Bits::new(n));
        let mut want = vec![false; n];
        for k in 0..300 {
            let start = (next() * n as f64) as usize;
            // Empty, within a word, across two, across many.
            let len = [0, 1, 7, 63, 64, 65, 200][k % 7];
            let end = (start + len).min(n);
            let into = if k % 2 == 0 { &mut bits } else { &mut other };
            into.set(Run::new(start, end));
            want[start..end].fill(true);
        }
        bits.set_all_of(&other);
        let got: Vec<bool> = (0..n).map(|i| bits.get(i)).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_tally_counts_the_set_cells_near_a_box() {
        let (_, grid) = hubei_grid();
        let mut next = uniform(11);
        let mut bits = Bits::new(grid.nx * grid.ny);
        for c in 0..grid.nx * grid.ny {
            if next() < 0.001 {
                bits.set(Run::new(c, c + 1));
            }
        }
        let tally = Tally::of(&grid, &bits, 1);
        let blocks = Tally::of(&grid, &bits, 8);
        for _ in 0..2_000 {
            let (w, h) = (next() * 0.5, next() * 0.5);
            let (x, y) = (grid.x0 - 0.5 + next() * 9.5, grid.y0 - 0.5 + next() * 5.5);
            let b = Rect::new(Coord { x, y }, Coord { x: x + w, y: y + h });
            let near = grid.near(b).is_some_and(|span| {
                let [c0, c1, r0, r1] = span.map(|v| v as usize);
                (r0..=r1).any(|r| (c0..=c1).any(|c| bits.get(r * grid.nx + c)))
            });
            assert_eq!(tally.any_near(&grid, b), near, "{b:?}");
            // By blocks: at least the cells near, at most those of the blocks met.
            if let Some(span) = grid.near(b) {
                let count = |[c0, c1, r0, r1]: [usize; 4]| {
                    (r0..=r1.min(grid.ny - 1))
                        .flat_map(|r| (c0..=c1.min(grid.nx - 1)).map(move |c| r * grid.nx + c))
                        .filter(|&cell| bits.get(cell))
                        .count() as u32
                };
                let [c0, c1, r0, r1] = span.map(|v| v as usize);
                assert_eq!(tally.count(span), count([c0, c1, r0, r1]));
                // By blocks: the cells of the blocks the span meets.
                let met = [c0 / 8 * 8, c1 / 8 * 8 + 7, r0 / 8 * 8, r1 / 8 * 8 + 7];
                assert_eq!(blocks.count(span), count(met));
            }
        }
        // Cells cleared run by run, taken off as they go, count as a new tally does.
        let mut blocks = blocks;
        for _ in 0..500 {
            let start = (next() * (grid.nx * grid.ny) as f64) as usize;
            let end = (start + 1 + (next() * 100.0) as usize).min((start / grid.nx + 1) * grid.nx);
            let run = Run::new(start, end);
            blocks.clear(&bits, run);
            bits.clear(run);
        }
        blocks.sum();
        let fresh = Tally::of(&grid, &bits, 8);
        assert_eq!(blocks.sums, fresh.sums);
    }

    #[test]
    fn cells_follow_the_outline_and_its_holes() {
        let ring = polygon!(
            exterior: [(x: 0.0, y: 0.0), (x: 10.0, y: 0.0), (x: 10.0, y: 10.0), (x: 0.0, y: 10.0), (x: 0.0, y: 0.0)],
            interiors: [[(x: 4.0, y: 4.0), (x: 6.0, y: 4.0), (x: 6.0, y: 6.0), (x: 4.0, y: 6.0), (x: 4.0, y: 4.0)]],
        );
        let triangle =
            polygon![(x: 20.0, y: 0.0), (x: 30.0, y: 0.0), (x: 20.0, y: 10.0), (x: 20.0, y: 0.0)];
        let mask = Mask::new(&MultiPolygon(vec![ring, triangle]), 0.5);
        assert!(mask.contains(1.0, 1.0));
        assert!(!mask.contains(5.0, 5.0), "hole");
        assert!(mask.contains(21.0, 1.0));
        assert!(
            !mask.contains(29.0, 9.0),
            "outside the triangle's hypotenuse"
        );
        assert!(!mask.contains(15.0, 5.0), "between the parts");
        assert!(!mask.contains(-1.0, 5.0));
        // 100 − 4 cells² of the square and half of the 10 × 10 triangle, in 0.25 deg² cells.
        assert_eq!(mask.cells_inside(), (96 * 4) + 190);
        let nothing = Mask::new(&MultiPolygon(vec![]), 0.5);
        assert!(!nothing.contains(0.0, 0.0));
        assert_eq!(nothing.cells_inside(), 0);
    }
}
