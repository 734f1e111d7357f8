//! Polygon validity for real boundaries, in O(n log n).
//!
//! `geo`'s `Validation` compares every segment of a ring with every other one
//! and relates every pair of parts of a multipolygon, which takes minutes on a
//! province with tens of thousands of vertices and hundreds of islands. This
//! check indexes all segments of a multipolygon in one R*-tree instead, and is
//! what [`crate::simplify`] uses to prove its output valid.
//!
//! The rules are the OGC ones, with one deliberate leniency: rings may meet at a
//! shared *vertex* (two rings, or one ring with itself). Real boundary data has
//! such touches (a hole touching its shell, two islands sharing a rock), every
//! renderer draws them correctly, and simplification only removes vertices, so
//! it cannot create a new shared vertex; refusing them would refuse the input.
//! Everything else is refused: fewer than three distinct vertices, zero area,
//! non-finite or unclosed rings, segments that cross, touch another segment
//! between its ends, or overlap (spikes included), holes outside their shell or
//! inside another hole, and parts of a multipolygon whose interiors overlap.

use geo::kernels::{Kernel, Orientation, RobustKernel};
use geo::line_intersection::{LineIntersection, line_intersection};
use geo_types::{Coord, Line, MultiPolygon, Polygon};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};
use std::collections::HashMap;
use thiserror::Error;

/// One ring of a multipolygon: `ring` 0 is the exterior, 1.. the holes in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RingId {
    /// Index of the polygon in the multipolygon.
    pub polygon: usize,
    /// 0 for the exterior, `1 + i` for interior ring `i`.
    pub ring: usize,
}

/// The first reason found why a (multi)polygon is not valid.
#[derive(Debug, Clone, Error, PartialEq)]
#[non_exhaustive]
pub enum Invalid {
    /// A coordinate is NaN or infinite.
    #[error("ring {0:?} has a non-finite coordinate")]
    NonFinite(RingId),
    /// The ring's last point is not its first.
    #[error("ring {0:?} is not closed")]
    NotClosed(RingId),
    /// Fewer than three distinct consecutive vertices.
    #[error("ring {0:?} has fewer than three distinct vertices")]
    TooFewPoints(RingId),
    /// The ring encloses no area.
    #[error("ring {0:?} has zero area")]
    ZeroArea(RingId),
    /// Two segments meet other than at a shared vertex: they cross, one ends on
    /// the other's interior, or they overlap (a spike when both are one ring).
    #[error("rings {0:?} and {1:?} cross or overlap")]
    Crossing(RingId, RingId),
    /// A hole is not inside its polygon's exterior.
    #[error("hole {0:?} is outside its exterior")]
    HoleOutside(RingId),
    /// A hole lies inside another hole of the same polygon.
    #[error("hole {0:?} lies inside hole {1:?}")]
    NestedHoles(RingId, RingId),
    /// The interiors of two parts of a multipolygon overlap.
    #[error("polygons {0} and {1} overlap")]
    Overlap(usize, usize),
}

impl Invalid {
    /// The polygons (indices in the multipolygon) the problem involves: the
    /// ones a caller must change to remove it.
    pub fn polygons(&self) -> (usize, Option<usize>) {
        match *self {
            Invalid::NonFinite(r)
            | Invalid::NotClosed(r)
            | Invalid::TooFewPoints(r)
            | Invalid::ZeroArea(r)
            | Invalid::HoleOutside(r) => (r.polygon, None),
            Invalid::NestedHoles(a, _) => (a.polygon, None),
            Invalid::Crossing(a, b) => (a.polygon, (a.polygon != b.polygon).then_some(b.polygon)),
            Invalid::Overlap(a, b) => (a, Some(b)),
        }
    }
}

/// Checks one polygon (see the module notes for the rules).
pub fn check_polygon(p: &Polygon<f64>) -> Result<(), Invalid> {
    check_multi_polygon(&MultiPolygon(vec![p.clone()]))
}

/// Checks a multipolygon: every part valid and no two parts' interiors
/// overlapping. An empty multipolygon is valid.
pub fn check_multi_polygon(mp: &MultiPolygon<f64>) -> Result<(), Invalid> {
    let rings = rings(mp)?;
    if rings.is_empty() {
        return Ok(());
    }
    let mut segments = Vec::new();
    for (r, ring) in rings.iter().enumerate() {
        for (i, w) in ring.pts.windows(2).enumerate() {
            segments.push(GeomWithData::new(
                Rectangle::from_corners([w[0].x, w[0].y], [w[1].x, w[1].y]),
                (r, i),
            ));
        }
    }
    let tree = RTree::bulk_load(segments);
    let probes = check_segments(&rings, &tree)?;
    check_containment(&rings, &tree, &probes)
}

struct Ring {
    id: RingId,
    /// Closed, without consecutive duplicates.
    pts: Vec<Coord<f64>>,
}

impl Ring {
    fn segments(&self) -> usize {
        self.pts.len() - 1
    }

    fn line(&self, i: usize) -> Line<f64> {
        Line::new(self.pts[i], self.pts[i + 1])
    }
}

type Segments = RTree<GeomWithData<Rectangle<[f64; 2]>, (usize, usize)>>;

fn rings(mp: &MultiPolygon<f64>) -> Result<Vec<Ring>, Invalid> {
    let mut out = Vec::new();
    for (p, poly) in mp.0.iter().enumerate() {
        let all = crate::rings(poly);
        for (r, ls) in all.enumerate() {
            let id = RingId {
                polygon: p,
                ring: r,
            };
            if ls.0.iter().any(|c| !c.x.is_finite() || !c.y.is_finite()) {
                return Err(Invalid::NonFinite(id));
            }
            if ls.0.first() != ls.0.last() {
                return Err(Invalid::NotClosed(id));
            }
            let mut pts = ls.0.clone();
            pts.dedup();
            // Closed and deduplicated: a triangle is four points.
            if pts.len() < 4 {
                return Err(Invalid::TooFewPoints(id));
            }
            if ring_area2(&pts) == 0.0 {
                return Err(Invalid::ZeroArea(id));
            }
            out.push(Ring { id, pts });
        }
    }
    Ok(out)
}

/// Twice the signed area (shoelace); positive for counter-clockwise with y up.
pub(crate) fn ring_area2(pts: &[Coord<f64>]) -> f64 {
    pts.windows(2)
        .map(|w| w[0].x * w[1].y - w[1].x * w[0].y)
        .sum()
}

/// Tests every pair of segments whose boxes meet. Returns, per ring, the
/// segments that touch another ring (or the same ring) at a shared vertex: the
/// containment test must probe those too, since two rings can cross *at* a
/// shared vertex without any pair of segments crossing.
fn check_segments(rings: &[Ring], tree: &Segments) -> Result<Vec<Vec<usize>>, Invalid> {
    let mut probes: Vec<Vec<usize>> = rings.iter().map(|_| vec![0]).collect();
    for (r, ring) in rings.iter().enumerate() {
        let n = ring.segments();
        for i in 0..n {
            let s = ring.line(i);
            let env = AABB::from_corners([s.start.x, s.start.y], [s.end.x, s.end.y]);
            for cand in tree.locate_in_envelope_intersecting(&env) {
                let (r2, j) = cand.data;
                // Each unordered pair once, and never a segment with itself.
                if (r2, j) <= (r, i) {
                    continue;
                }
                let t = rings[r2].line(j);
                let adjacent = r2 == r && (j == i + 1 || (i == 0 && j == n - 1));
                let crossing = Invalid::Crossing(ring.id, rings[r2].id);
                match line_intersection(s, t) {
                    None => {}
                    Some(LineIntersection::Collinear { .. }) => return Err(crossing),
                    Some(LineIntersection::SinglePoint {
                        intersection: p,
                        is_proper,
                    }) => {
                        let at_ends = |l: &Line<f64>| p == l.start || p == l.end;
                        if is_proper || !at_ends(&s) || !at_ends(&t) {
                            return Err(crossing);
                        }
                        if !adjacent {
                            probes[r].push(i);
                            probes[r2].push(j);
                        }
                    }
                }
            }
        }
    }
    Ok(probes)
}

/// With no segments crossing, each ring is either wholly inside or wholly
/// outside another (up to shared vertices), so a segment midpoint decides it:
/// the midpoint cannot lie on another ring, or the segment test would have
/// failed. Probing the segments at shared vertices as well catches rings that
/// cross each other exactly at a vertex.
fn check_containment(
    rings: &[Ring],
    tree: &Segments,
    probes: &[Vec<usize>],
) -> Result<(), Invalid> {
    // Where each polygon's rings start in `rings`.
    let mut first_ring = HashMap::new();
    for (r, ring) in rings.iter().enumerate() {
        first_ring.entry(ring.id.polygon).or_insert(r);
    }
    let max_x = rings
        .iter()
        .flat_map(|r| r.pts.iter().map(|c| c.x))
        .fold(f64::NEG_INFINITY, f64::max);
    for (r, ring) in rings.iter().enumerate() {
        let mut seen = probes[r].clone();
        seen.sort_unstable();
        seen.dedup();
        for &i in &seen {
            let s = ring.line(i);
            let m = Coord {
                x: (s.start.x + s.end.x) / 2.0,
                y: (s.start.y + s.end.y) / 2.0,
            };
            let inside = inside_rings(m, r, rings, tree, max_x)?;
            let own_ext = first_ring.get(&ring.id.polygon).copied().unwrap_or(r);
            if ring.id.ring == 0 {
                // Inside another part's exterior and none of its holes: overlap.
                for &o in &inside {
                    let other = rings[o].id;
                    if other.ring != 0 || other.polygon == ring.id.polygon {
                        continue;
                    }
                    let in_hole = inside
                        .iter()
                        .any(|&h| rings[h].id.polygon == other.polygon && rings[h].id.ring != 0);
                    if !in_hole {
                        return Err(Invalid::Overlap(ring.id.polygon, other.polygon));
                    }
                }
            } else {
                if !inside.contains(&own_ext) {
                    return Err(Invalid::HoleOutside(ring.id));
                }
                if let Some(&h) = inside
                    .iter()
                    .find(|&&h| rings[h].id.polygon == ring.id.polygon && rings[h].id.ring != 0)
                {
                    return Err(Invalid::NestedHoles(ring.id, rings[h].id));
                }
            }
        }
    }
    Ok(())
}

/// The rings (other than `skip`) that contain `m`, by counting crossings of a
/// ray from `m` towards +x with the half-open rule and exact orientation.
fn inside_rings(
    m: Coord<f64>,
    skip: usize,
    rings: &[Ring],
    tree: &Segments,
    max_x: f64,
) -> Result<Vec<usize>, Invalid> {
    let ray = AABB::from_corners([m.x, m.y], [max_x.max(m.x), m.y]);
    let mut parity: HashMap<usize, bool> = HashMap::new();
    for cand in tree.locate_in_envelope_intersecting(&ray) {
        let (r, j) = cand.data;
        if r == skip {
            continue;
        }
        let Line { start: a, end: b } = rings[r].line(j);
        if (a.y > m.y) == (b.y > m.y) {
            continue;
        }
        let side = RobustKernel::orient2d(a, b, m);
        let crosses = match side {
            Orientation::Collinear => {
                return Err(Invalid::Crossing(rings[skip].id, rings[r].id));
            }
            // Upward edges are crossed when m is on their left, downward ones
            // when m is on their right: either way the crossing is east of m.
            Orientation::CounterClockwise => b.y > a.y,
            Orientation::Clockwise => b.y < a.y,
        };
        if crosses {
            let p = parity.entry(r).or_insert(false);
            *p = !*p;
        }
    }
    let mut inside: Vec<usize> = parity
        .into_iter()
        .filter(|&(_, odd)| odd)
        .map(|(r, _)| r)
        .collect();
    inside.sort_unstable();
    Ok(inside)
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{LineString, polygon};

    fn square(x0: f64, y0: f64, size: f64) -> LineString<f64> {
        LineString::from(vec![
            (x0, y0),
            (x0 + size, y0),
            (x0 + size, y0 + size),
            (x0, y0 + size),
            (x0, y0),
        ])
    }

    fn id(polygon: usize, ring: usize) -> RingId {
        RingId { polygon, ring }
    }

    #[test]
    fn simple_shapes_are_valid() {
        let donut = Polygon::new(
            square(0.0, 0.0, 10.0),
            vec![square(2.0, 2.0, 2.0), square(5.0, 5.0, 2.0)],
        );
        assert_eq!(check_polygon(&donut), Ok(()));
        // An island inside the hole of another part is fine.
        let island = Polygon::new(square(2.5, 2.5, 1.0), vec![]);
        assert_eq!(
            check_multi_polygon(&MultiPolygon(vec![donut, island])),
            Ok(())
        );
        assert_eq!(check_multi_polygon(&MultiPolygon(vec![])), Ok(()));
    }

    #[test]
    fn shared_vertices_are_allowed() {
        // A hole touching the shell at one vertex, and two parts sharing a corner.
        let hole = LineString::from(vec![(0.0, 5.0), (3.0, 4.0), (3.0, 6.0), (0.0, 5.0)]);
        let shell = LineString::from(vec![
            (0.0, 0.0),
            (10.0, 0.0),
            (10.0, 10.0),
            (0.0, 10.0),
            (0.0, 5.0),
            (0.0, 0.0),
        ]);
        let touching_hole = Polygon::new(shell, vec![hole]);
        assert_eq!(check_polygon(&touching_hole), Ok(()));
        let corner = Polygon::new(square(10.0, 10.0, 5.0), vec![]);
        assert_eq!(
            check_multi_polygon(&MultiPolygon(vec![touching_hole, corner])),
            Ok(())
        );
    }

    #[test]
    fn broken_rings_are_named() {
        let bowtie =
            polygon![(x: 0.0, y: 0.0), (x: 2.0, y: 2.0), (x: 2.0, y: 0.0), (x: 0.0, y: 3.0)];
        assert_eq!(
            check_polygon(&bowtie),
            Err(Invalid::Crossing(id(0, 0), id(0, 0)))
        );
        let spike = polygon![(x: 0.0, y: 0.0), (x: 4.0, y: 0.0), (x: 4.0, y: 4.0), (x: 6.0, y: 4.0), (x: 4.0, y: 4.0), (x: 0.0, y: 4.0)];
        assert_eq!(
            check_polygon(&spike),
            Err(Invalid::Crossing(id(0, 0), id(0, 0)))
        );
        let flat = polygon![(x: 0.0, y: 0.0), (x: 1.0, y: 1.0), (x: 2.0, y: 2.0)];
        assert_eq!(check_polygon(&flat), Err(Invalid::ZeroArea(id(0, 0))));
        let two = polygon![(x: 0.0, y: 0.0), (x: 1.0, y: 1.0), (x: 1.0, y: 1.0)];
        assert_eq!(check_polygon(&two), Err(Invalid::TooFewPoints(id(0, 0))));
        let nan = polygon![(x: 0.0, y: 0.0), (x: f64::NAN, y: 1.0), (x: 1.0, y: 0.0)];
        assert_eq!(check_polygon(&nan), Err(Invalid::NonFinite(id(0, 0))));
        // A vertex on another segment's interior (a T) is not a shared vertex.
        let t = Polygon::new(
            square(0.0, 0.0, 10.0),
            vec![LineString::from(vec![
                (0.0, 5.0),
                (3.0, 4.0),
                (3.0, 6.0),
                (0.0, 5.0),
            ])],
        );
        assert_eq!(
            check_polygon(&t),
            Err(Invalid::Crossing(id(0, 0), id(0, 1)))
        );
    }

    #[test]
    fn misplaced_holes_and_overlapping_parts_are_found() {
        let outside = Polygon::new(square(0.0, 0.0, 10.0), vec![square(20.0, 0.0, 1.0)]);
        assert_eq!(check_polygon(&outside), Err(Invalid::HoleOutside(id(0, 1))));
        let nested = Polygon::new(
            square(0.0, 0.0, 10.0),
            vec![square(1.0, 1.0, 8.0), square(2.0, 2.0, 1.0)],
        );
        assert_eq!(
            check_polygon(&nested),
            Err(Invalid::NestedHoles(id(0, 2), id(0, 1)))
        );
        let big = Polygon::new(square(0.0, 0.0, 10.0), vec![]);
        let inner = Polygon::new(square(2.0, 2.0, 1.0), vec![]);
        assert_eq!(
            check_multi_polygon(&MultiPolygon(vec![big.clone(), inner])),
            Err(Invalid::Overlap(1, 0))
        );
        let crossing = Polygon::new(square(5.0, 5.0, 10.0), vec![]);
        assert_eq!(
            check_multi_polygon(&MultiPolygon(vec![big, crossing])),
            Err(Invalid::Crossing(id(0, 0), id(1, 0)))
        );
    }

    #[test]
    fn rings_crossing_at_a_shared_vertex_are_found() {
        // A square with vertices (10, 5) and (10, 8) on its right side, and a
        // diamond through both: no two segments cross, no first segment lies
        // inside the other ring, yet the interiors overlap.
        let a = polygon![(x: 0.0, y: 0.0), (x: 10.0, y: 0.0), (x: 10.0, y: 5.0), (x: 10.0, y: 8.0), (x: 10.0, y: 10.0), (x: 0.0, y: 10.0)];
        let b = polygon![(x: 10.0, y: 5.0), (x: 12.0, y: 6.0), (x: 10.0, y: 8.0), (x: 8.0, y: 6.0)];
        let err = check_multi_polygon(&MultiPolygon(vec![a, b])).expect_err("overlap");
        assert_eq!(err, Invalid::Overlap(0, 1));
        assert_eq!(err.polygons(), (0, Some(1)));
    }
}
