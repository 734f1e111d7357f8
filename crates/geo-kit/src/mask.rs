//! A coarse raster of where an area is: cells of a regular lon/lat grid marked
//! inside when their centre is inside the area (even-odd, so holes count).
//! Asking a point costs one array read, where an exact test against a national
//! outline of tens of thousands of vertices costs tens of microseconds.

use geo::BoundingRect;
use geo_types::MultiPolygon;

/// Inside/outside per grid cell over the area's bounding box.
#[derive(Debug, Clone)]
pub struct Mask {
    min_x: f64,
    min_y: f64,
    cell: f64,
    cols: usize,
    rows: usize,
    inside: Vec<bool>,
}

impl Mask {
    /// Rasterises `area` into square cells of `cell` degrees, one scanline per row.
    pub fn new(area: &MultiPolygon<f64>, cell: f64) -> Self {
        let Some(bbox) = area.bounding_rect() else {
            return Self {
                min_x: 0.0,
                min_y: 0.0,
                cell,
                cols: 0,
                rows: 0,
                inside: Vec::new(),
            };
        };
        let (min_x, min_y) = (bbox.min().x, bbox.min().y);
        let cols = (bbox.width() / cell).ceil().max(1.0) as usize;
        let rows = (bbox.height() / cell).ceil().max(1.0) as usize;
        let mut inside = vec![false; cols * rows];
        let edges: Vec<_> = area
            .0
            .iter()
            .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
            .flat_map(|ring| ring.lines())
            .collect();
        let mut crossings = Vec::new();
        for row in 0..rows {
            let y = min_y + (row as f64 + 0.5) * cell;
            crossings.clear();
            for e in &edges {
                let (a, b) = (e.start, e.end);
                // Half-open so a vertex on the scanline counts once.
                if (a.y <= y) != (b.y <= y) {
                    crossings.push(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
                }
            }
            crossings.sort_by(f64::total_cmp);
            for pair in crossings.chunks_exact(2) {
                // Cells whose centre lies in [pair[0], pair[1]).
                let first = ((pair[0] - min_x) / cell - 0.5).ceil().max(0.0) as usize;
                let last = ((pair[1] - min_x) / cell - 0.5).ceil().max(0.0) as usize;
                for col in first..last.min(cols) {
                    inside[row * cols + col] = true;
                }
            }
        }
        Self {
            min_x,
            min_y,
            cell,
            cols,
            rows,
            inside,
        }
    }

    /// Whether the cell holding this point is inside the area.
    pub fn contains(&self, x: f64, y: f64) -> bool {
        let col = ((x - self.min_x) / self.cell).floor();
        let row = ((y - self.min_y) / self.cell).floor();
        if col < 0.0 || row < 0.0 {
            return false;
        }
        let (col, row) = (col as usize, row as usize);
        col < self.cols && row < self.rows && self.inside[row * self.cols + col]
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
    }
}
