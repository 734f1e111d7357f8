//! The area's boundary prepared for the many small tests a pass search
//! makes: every edge bucketed into latitude bands, so a point-in-area or
//! segment-crossing test reads only the edges of the bands it spans
//! (general `geo` predicates scan every edge and took 80 % of a search).

use geo_types::{Coord, MultiPolygon};

/// Bands over the area's latitude span.
const BANDS: usize = 64;

/// Edges of all rings, bucketed by latitude band.
#[derive(Debug, Clone)]
pub(crate) struct Outline {
    min_y: f64,
    band_height: f64,
    /// Edge indices per band (an edge sits in every band its y-range touches).
    bands: Vec<Vec<u32>>,
    edges: Vec<(Coord<f64>, Coord<f64>)>,
    /// One vertex of each polygon, to tell when a polygon lies wholly inside a test shape.
    part_vertices: Vec<Coord<f64>>,
}

impl Outline {
    /// Buckets the edges of every ring (exteriors and holes).
    pub(crate) fn new(area: &MultiPolygon<f64>, min_y: f64, max_y: f64) -> Self {
        let edges: Vec<(Coord<f64>, Coord<f64>)> = area
            .0
            .iter()
            .flat_map(|p| std::iter::once(p.exterior()).chain(p.interiors()))
            .flat_map(|ring| ring.lines().map(|l| (l.start, l.end)))
            .collect();
        let band_height = ((max_y - min_y) / BANDS as f64).max(1e-9);
        let mut outline = Self {
            min_y,
            band_height,
            bands: vec![Vec::new(); BANDS],
            edges: Vec::new(),
            part_vertices: area
                .0
                .iter()
                .filter_map(|p| p.exterior().0.first().copied())
                .collect(),
        };
        for (i, &(a, b)) in edges.iter().enumerate() {
            let (lo, hi) = outline.band_range(a.y.min(b.y), a.y.max(b.y));
            for band in &mut outline.bands[lo..=hi] {
                band.push(i as u32);
            }
        }
        outline.edges = edges;
        outline
    }

    /// The bands a latitude span touches (clamped to the area's).
    fn band_range(&self, lo: f64, hi: f64) -> (usize, usize) {
        let band = |y: f64| {
            (((y - self.min_y) / self.band_height).floor().max(0.0) as usize).min(BANDS - 1)
        };
        (band(lo), band(hi))
    }

    /// Whether a point lies inside (even-odd over all rings: holes are out).
    pub(crate) fn contains(&self, p: Coord<f64>) -> bool {
        let (band, _) = self.band_range(p.y, p.y);
        let mut inside = false;
        for &i in &self.bands[band] {
            let (a, b) = self.edges[i as usize];
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
                if x > p.x {
                    inside = !inside;
                }
            }
        }
        inside
    }

    /// Whether a segment crosses any edge.
    pub(crate) fn crosses(&self, p: Coord<f64>, q: Coord<f64>) -> bool {
        let (lo, hi) = self.band_range(p.y.min(q.y), p.y.max(q.y));
        let (min_x, max_x) = (p.x.min(q.x), p.x.max(q.x));
        let (min_y, max_y) = (p.y.min(q.y), p.y.max(q.y));
        self.bands[lo..=hi].iter().flatten().any(|&i| {
            let (a, b) = self.edges[i as usize];
            a.x.max(b.x) >= min_x
                && a.x.min(b.x) <= max_x
                && a.y.max(b.y) >= min_y
                && a.y.min(b.y) <= max_y
                && segments_cross(p, q, a, b)
        })
    }

    /// Whether a closed polyline's interior or boundary meets the area:
    /// a crossing, a corner of it inside the area, or the area inside it.
    pub(crate) fn meets_polygon(&self, ring: &[Coord<f64>]) -> bool {
        ring.iter().any(|&c| self.contains(c))
            || ring.windows(2).any(|w| self.crosses(w[0], w[1]))
            || self.part_vertices.iter().any(|&a| ring_contains(ring, a))
    }

    /// Whether an open polyline meets the area.
    pub(crate) fn meets_line(&self, line: &[Coord<f64>]) -> bool {
        line.first().is_some_and(|&c| self.contains(c))
            || line.windows(2).any(|w| self.crosses(w[0], w[1]))
    }
}

/// Twice the signed area of the triangle abc.
fn cross(a: Coord<f64>, b: Coord<f64>, c: Coord<f64>) -> f64 {
    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
}

/// Whether segments pq and ab meet (touching counts).
fn segments_cross(p: Coord<f64>, q: Coord<f64>, a: Coord<f64>, b: Coord<f64>) -> bool {
    let d1 = cross(a, b, p);
    let d2 = cross(a, b, q);
    let d3 = cross(p, q, a);
    let d4 = cross(p, q, b);
    // Collinear overlaps pass too: the bounding boxes already overlap.
    (d1 * d2 <= 0.0) && (d3 * d4 <= 0.0)
}

/// Even-odd point in a closed ring.
fn ring_contains(ring: &[Coord<f64>], p: Coord<f64>) -> bool {
    let mut inside = false;
    for w in ring.windows(2) {
        let (a, b) = (w[0], w[1]);
        if (a.y > p.y) != (b.y > p.y) && a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) > p.x {
            inside = !inside;
        }
    }
    inside
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::{Contains, Intersects};
    use geo_types::{LineString, MultiPolygon, Point, Polygon};

    #[test]
    fn the_bucketed_tests_agree_with_geo_on_hubei() {
        // Property: on random points and segments around the real province,
        // the fast tests answer as geo's general predicates do.
        let area = crate::passes::tests::hubei_polygon();
        let outline = Outline::new(&area, 29.0, 33.3);
        let mut rng = crate::elements::tests::Rng(3);
        let mut r = |lo: f64, hi: f64| lo + (hi - lo) * (rng.next() % 1_000_000) as f64 / 1e6;
        let (mut inside, mut crossing) = (0, 0);
        for _ in 0..3_000 {
            let p = Coord {
                x: r(108.0, 117.0),
                y: r(28.5, 33.8),
            };
            let q = Coord {
                x: p.x + r(-0.5, 0.5),
                y: p.y + r(-0.5, 0.5),
            };
            let c = outline.contains(p);
            assert_eq!(c, area.contains(&Point(p)), "{p:?}");
            inside += usize::from(c);
            let line = [p, q];
            let hit = outline.meets_line(&line);
            assert_eq!(
                hit,
                LineString::new(line.to_vec()).intersects(&area),
                "{p:?} {q:?}"
            );
            crossing += usize::from(hit && !c);
        }
        assert!(inside > 300 && crossing > 50, "{inside} {crossing}");
        // A quad around the whole province meets it though no edge crosses.
        let quad = [
            Coord { x: 100.0, y: 20.0 },
            Coord { x: 120.0, y: 20.0 },
            Coord { x: 120.0, y: 40.0 },
            Coord { x: 100.0, y: 20.0 },
        ];
        assert!(outline.meets_polygon(&quad));
        assert!(Polygon::new(LineString::new(quad.to_vec()), vec![]).intersects(&area));
    }

    #[test]
    fn a_small_island_wholly_inside_a_test_shape_is_met() {
        // Two parts: a big one far away and a small island that the quad encloses.
        let square = |x: f64, y: f64, d: f64| {
            Polygon::new(
                LineString::from(vec![(x, y), (x + d, y), (x + d, y + d), (x, y + d), (x, y)]),
                vec![],
            )
        };
        let area = MultiPolygon(vec![square(0.0, 0.0, 5.0), square(20.0, 1.0, 0.1)]);
        let outline = Outline::new(&area, 0.0, 5.0);
        let quad = [
            Coord { x: 19.0, y: 0.5 },
            Coord { x: 21.0, y: 0.5 },
            Coord { x: 21.0, y: 2.0 },
            Coord { x: 19.0, y: 2.0 },
            Coord { x: 19.0, y: 0.5 },
        ];
        assert!(outline.meets_polygon(&quad));
        assert!(!outline.meets_polygon(&quad.map(|c| Coord { x: c.x + 10.0, ..c })));
    }
}
