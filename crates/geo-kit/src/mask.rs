//! Rasters of where an area is: a regular lon/lat grid whose cells count as
//! inside when their centre is inside the area (even-odd, so holes count).
//! Asking a point costs one array read, where an exact test against a national
//! outline of tens of thousands of vertices costs tens of microseconds. The
//! set cover uses the same cells as runs, to count and mark them a word at a
//! time.

use geo::BoundingRect;
use geo_types::{LineString, MultiPolygon, Rect};

use crate::rings;

/// Cells `[start, end)` in row-major order, within one row.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Run(pub(crate) usize, pub(crate) usize);

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

    /// The cells whose centres lie inside the rings (even-odd), as runs: each
    /// edge visits only the rows it spans, not every row.
    pub(crate) fn runs<'a>(&self, rings: impl Iterator<Item = &'a LineString<f64>>) -> Vec<Run> {
        let mut crossings: Vec<(usize, f64)> = Vec::new();
        for ring in rings {
            for line in ring.lines() {
                let (a, b) = (line.start, line.end);
                if a.y == b.y {
                    continue;
                }
                let (lo, hi) = if a.y < b.y { (a.y, b.y) } else { (b.y, a.y) };
                // Rows whose centre y satisfies lo <= y < hi: half-open, so a
                // vertex on a row's centre line is crossed once.
                let first = self.row_at_or_above(lo);
                let last = self.row_at_or_above(hi);
                for row in first..last {
                    let y = self.y0 + (row as f64 + 0.5) * self.dy;
                    crossings.push((row, a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)));
                }
            }
        }
        crossings.sort_unstable_by(|p, q| p.0.cmp(&q.0).then(p.1.total_cmp(&q.1)));
        let mut runs = Vec::new();
        for row in crossings.chunk_by(|p, q| p.0 == q.0) {
            for pair in row.chunks_exact(2) {
                let start = self.col_at_or_right_of(pair[0].1);
                let end = self.col_at_or_right_of(pair[1].1);
                if start < end {
                    let base = pair[0].0 * self.nx;
                    runs.push(Run(base + start, base + end));
                }
            }
        }
        runs
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
        let r = ((y - self.y0) / self.dy - 0.5).ceil();
        r.clamp(0.0, self.ny as f64) as usize
    }

    /// The first column whose centre is at or right of `x`, within 0..=nx.
    fn col_at_or_right_of(&self, x: f64) -> usize {
        let c = ((x - self.x0) / self.dx - 0.5).ceil();
        c.clamp(0.0, self.nx as f64) as usize
    }
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
        for Run(start, end) in cells.runs(area.0.iter().flat_map(rings)) {
            inside[start..end].fill(true);
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

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::polygon;

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
