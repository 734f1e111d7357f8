//! Clipping to an axis-aligned rectangle (a tile plus its buffer), in whatever
//! coordinates the geometry and the rectangle share.
//!
//! Rings are clipped one by one with Sutherland–Hodgman, as geojson-vt does:
//! exact for the rectangle, linear in the ring's size, and it keeps the ring's
//! orientation. Where a concave ring leaves and re-enters the rectangle, the
//! result runs along the rectangle's edge between the two places; those
//! zero-width runs lie on the clip edge, inside the tile buffer, so they are
//! never drawn. This is tile geometry, not geometry for analysis: use
//! `geo::BooleanOps` for exact intersections.
//!
//! Rings that come out with fewer than four points or zero area are dropped;
//! a polygon whose exterior is dropped goes too, holes and all.

use geo::BoundingRect;
use geo_types::{
    Coord, Geometry, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon,
    Polygon,
};

use crate::Envelope;
use crate::validity::ring_area2;

/// Clips a polygon; `None` when nothing with area is left.
pub fn clip_polygon(p: &Polygon<f64>, rect: &Envelope) -> Option<Polygon<f64>> {
    let exterior = clip_ring(p.exterior(), rect)?;
    let full = (rect.max_x - rect.min_x) * (rect.max_y - rect.min_y);
    let mut interiors = Vec::new();
    for hole in p.interiors() {
        if let Some(h) = clip_ring(hole, rect) {
            // A hole that covers the whole rectangle leaves nothing of the
            // polygon here, though the clipped shell is the whole rectangle.
            if (ring_area2(&h.0).abs() / 2.0 - full).abs() <= full * 1e-9 {
                return None;
            }
            interiors.push(h);
        }
    }
    Some(Polygon::new(exterior, interiors))
}

/// Clips every part of a multipolygon; the result may have no parts.
pub fn clip_multi_polygon(mp: &MultiPolygon<f64>, rect: &Envelope) -> MultiPolygon<f64> {
    MultiPolygon(mp.0.iter().filter_map(|p| clip_polygon(p, rect)).collect())
}

/// Clips a line into the pieces that lie inside the rectangle (a line that
/// leaves and comes back becomes two pieces).
pub fn clip_line_string(ls: &LineString<f64>, rect: &Envelope) -> MultiLineString<f64> {
    let mut pieces = Vec::new();
    let mut current: Vec<Coord<f64>> = Vec::new();
    for w in ls.0.windows(2) {
        match clip_segment(w[0], w[1], rect) {
            Some((a, b)) => {
                if current.last() != Some(&a) {
                    flush(&mut current, &mut pieces);
                    current.push(a);
                }
                if b != a {
                    current.push(b);
                }
                // Leaving the rectangle ends the piece.
                if b != w[1] {
                    flush(&mut current, &mut pieces);
                }
            }
            None => flush(&mut current, &mut pieces),
        }
    }
    flush(&mut current, &mut pieces);
    MultiLineString(pieces)
}

fn flush(current: &mut Vec<Coord<f64>>, pieces: &mut Vec<LineString<f64>>) {
    if current.len() >= 2 {
        pieces.push(LineString(std::mem::take(current)));
    } else {
        current.clear();
    }
}

/// Clips every line of a multi-line.
pub fn clip_multi_line_string(mls: &MultiLineString<f64>, rect: &Envelope) -> MultiLineString<f64> {
    MultiLineString(
        mls.0
            .iter()
            .flat_map(|ls| clip_line_string(ls, rect).0)
            .collect(),
    )
}

/// Keeps the points inside the rectangle (edges included).
pub fn clip_multi_point(mp: &MultiPoint<f64>, rect: &Envelope) -> MultiPoint<f64> {
    MultiPoint(
        mp.0.iter()
            .filter(|p| contains(rect, p.0))
            .copied()
            .collect(),
    )
}

/// Clips any geometry, keeping its kind (a collection clips each member);
/// `None` when nothing is left. Lines, rectangles and triangles come back as a
/// line string and polygons.
pub fn clip_geometry(g: &Geometry<f64>, rect: &Envelope) -> Option<Geometry<f64>> {
    match g {
        Geometry::Point(p) => contains(rect, p.0).then_some(Geometry::Point(*p)),
        Geometry::MultiPoint(mp) => {
            let out = clip_multi_point(mp, rect);
            (!out.0.is_empty()).then_some(Geometry::MultiPoint(out))
        }
        Geometry::Line(l) => clip_segment(l.start, l.end, rect)
            .map(|(a, b)| Geometry::LineString(LineString(vec![a, b]))),
        Geometry::LineString(ls) => one_or_many_lines(clip_line_string(ls, rect)),
        Geometry::MultiLineString(mls) => {
            let out = clip_multi_line_string(mls, rect);
            (!out.0.is_empty()).then_some(Geometry::MultiLineString(out))
        }
        Geometry::Polygon(p) => clip_polygon(p, rect).map(Geometry::Polygon),
        Geometry::MultiPolygon(mp) => {
            let out = clip_multi_polygon(mp, rect);
            (!out.0.is_empty()).then_some(Geometry::MultiPolygon(out))
        }
        Geometry::Rect(r) => clip_polygon(&r.to_polygon(), rect).map(Geometry::Polygon),
        Geometry::Triangle(t) => clip_polygon(&t.to_polygon(), rect).map(Geometry::Polygon),
        Geometry::GeometryCollection(gc) => {
            let out: Vec<_> = gc.0.iter().filter_map(|g| clip_geometry(g, rect)).collect();
            (!out.is_empty()).then_some(Geometry::GeometryCollection(GeometryCollection(out)))
        }
    }
}

fn one_or_many_lines(mut mls: MultiLineString<f64>) -> Option<Geometry<f64>> {
    match mls.0.len() {
        0 => None,
        1 => mls.0.pop().map(Geometry::LineString),
        _ => Some(Geometry::MultiLineString(mls)),
    }
}

/// Clips a geometry the caller no longer needs: one whose box lies wholly inside `rect`
/// comes back as it is, without the copy `clip_geometry` makes (the usual small feature of
/// a map tile); any other is clipped by `clip_geometry`.
pub fn clip_owned(g: Geometry<f64>, rect: &Envelope) -> Option<Geometry<f64>> {
    let inside = g
        .bounding_rect()
        .is_some_and(|b| contains(rect, b.min()) && contains(rect, b.max()));
    if inside {
        Some(g)
    } else {
        clip_geometry(&g, rect)
    }
}

fn contains(rect: &Envelope, c: Coord<f64>) -> bool {
    rect.min_x <= c.x && c.x <= rect.max_x && rect.min_y <= c.y && c.y <= rect.max_y
}

#[derive(Clone, Copy)]
enum Edge {
    West(f64),
    East(f64),
    South(f64),
    North(f64),
}

impl Edge {
    fn inside(self, c: Coord<f64>) -> bool {
        match self {
            Edge::West(v) => c.x >= v,
            Edge::East(v) => c.x <= v,
            Edge::South(v) => c.y >= v,
            Edge::North(v) => c.y <= v,
        }
    }

    /// Where segment a→b meets the edge's line; only called when a and b are
    /// on opposite sides, so the divisor is not zero. The edge coordinate is
    /// set exactly, so later edges and neighbouring tiles see the same value.
    fn cut(self, a: Coord<f64>, b: Coord<f64>) -> Coord<f64> {
        match self {
            Edge::West(v) | Edge::East(v) => Coord {
                x: v,
                y: a.y + (b.y - a.y) * (v - a.x) / (b.x - a.x),
            },
            Edge::South(v) | Edge::North(v) => Coord {
                x: a.x + (b.x - a.x) * (v - a.y) / (b.y - a.y),
                y: v,
            },
        }
    }
}

/// Sutherland–Hodgman for one closed ring. `None` if the ring misses the
/// rectangle or collapses to fewer than four points or zero area.
fn clip_ring(ring: &LineString<f64>, rect: &Envelope) -> Option<LineString<f64>> {
    let mut bounds: Option<Envelope> = None;
    for c in &ring.0 {
        Envelope::include(&mut bounds, c.x, c.y);
    }
    let b = bounds?;
    if b.max_x < rect.min_x || b.min_x > rect.max_x || b.max_y < rect.min_y || b.min_y > rect.max_y
    {
        return None;
    }
    // Work on the open ring; edges the ring does not cross are skipped.
    let mut pts: Vec<Coord<f64>> = ring.0.clone();
    if pts.len() > 1 && pts.first() == pts.last() {
        pts.pop();
    }
    let edges = [
        (b.min_x < rect.min_x, Edge::West(rect.min_x)),
        (b.max_x > rect.max_x, Edge::East(rect.max_x)),
        (b.min_y < rect.min_y, Edge::South(rect.min_y)),
        (b.max_y > rect.max_y, Edge::North(rect.max_y)),
    ];
    for (crossed, edge) in edges {
        if !crossed {
            continue;
        }
        pts = clip_against(&pts, edge);
        if pts.is_empty() {
            return None;
        }
    }
    pts.dedup();
    while pts.len() > 1 && pts.first() == pts.last() {
        pts.pop();
    }
    if pts.len() < 3 {
        return None;
    }
    pts.push(pts[0]);
    (ring_area2(&pts) != 0.0).then_some(LineString(pts))
}

fn clip_against(pts: &[Coord<f64>], edge: Edge) -> Vec<Coord<f64>> {
    let mut out = Vec::with_capacity(pts.len() + 4);
    let Some(&last) = pts.last() else {
        return out;
    };
    let mut prev = last;
    for &cur in pts {
        match (edge.inside(prev), edge.inside(cur)) {
            (true, true) => out.push(cur),
            (false, true) => {
                out.push(edge.cut(prev, cur));
                out.push(cur);
            }
            (true, false) => out.push(edge.cut(prev, cur)),
            (false, false) => {}
        }
        prev = cur;
    }
    out
}

/// Liang–Barsky: the part of segment a→b inside the rectangle. Ends inside
/// the rectangle are returned unchanged (bit for bit), which is how
/// [`clip_line_string`] knows the line goes on.
fn clip_segment(a: Coord<f64>, b: Coord<f64>, rect: &Envelope) -> Option<(Coord<f64>, Coord<f64>)> {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let mut t0: f64 = 0.0;
    let mut t1: f64 = 1.0;
    for (p, q) in [
        (-dx, a.x - rect.min_x),
        (dx, rect.max_x - a.x),
        (-dy, a.y - rect.min_y),
        (dy, rect.max_y - a.y),
    ] {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
        }
    }
    if t0 > t1 {
        return None;
    }
    let at = |t: f64| Coord {
        x: (a.x + t * dx).clamp(rect.min_x, rect.max_x),
        y: (a.y + t * dy).clamp(rect.min_y, rect.max_y),
    };
    let start = if t0 == 0.0 { a } else { at(t0) };
    let end = if t1 == 1.0 { b } else { at(t1) };
    Some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{Point, line_string, polygon};

    fn rect(min_x: f64, min_y: f64, max_x: f64, max_y: f64) -> Envelope {
        Envelope {
            min_x,
            max_x,
            min_y,
            max_y,
        }
    }

    fn area(p: &Polygon<f64>) -> f64 {
        ring_area2(&p.exterior().0).abs() / 2.0
            - p.interiors()
                .iter()
                .map(|h| ring_area2(&h.0).abs() / 2.0)
                .sum::<f64>()
    }

    #[test]
    fn square_overlapping_a_corner_is_cut_exactly() {
        let sq = polygon![(x: -5.0, y: -5.0), (x: 5.0, y: -5.0), (x: 5.0, y: 5.0), (x: -5.0, y: 5.0), (x: -5.0, y: -5.0)];
        let out = clip_polygon(&sq, &rect(0.0, 0.0, 10.0, 10.0)).expect("overlaps");
        assert_eq!(area(&out), 25.0);
        assert!(
            out.exterior()
                .0
                .iter()
                .all(|c| (0.0..=5.0).contains(&c.x) && (0.0..=5.0).contains(&c.y))
        );
        assert_eq!(out.exterior().0.first(), out.exterior().0.last());
        // Orientation is kept (counter-clockwise in, counter-clockwise out).
        assert!(ring_area2(&out.exterior().0) > 0.0);
    }

    #[test]
    fn an_owned_geometry_inside_comes_back_as_it_is_and_one_across_is_clipped() {
        let r = rect(0.0, 0.0, 10.0, 10.0);
        let inner = Geometry::Polygon(
            polygon![(x: 1.0, y: 1.0), (x: 2.0, y: 1.0), (x: 2.0, y: 2.0), (x: 1.0, y: 1.0)],
        );
        assert_eq!(clip_owned(inner.clone(), &r), Some(inner));
        let across = Geometry::Polygon(
            polygon![(x: -5.0, y: -5.0), (x: 5.0, y: -5.0), (x: 5.0, y: 5.0), (x: -5.0, y: 5.0), (x: -5.0, y: -5.0)],
        );
        assert_eq!(clip_owned(across.clone(), &r), clip_geometry(&across, &r));
        assert_ne!(clip_owned(across.clone(), &r), Some(across));
    }

    #[test]
    fn inside_rings_are_untouched_and_outside_ones_vanish() {
        let inner =
            polygon![(x: 1.0, y: 1.0), (x: 2.0, y: 1.0), (x: 2.0, y: 2.0), (x: 1.0, y: 1.0)];
        let r = rect(0.0, 0.0, 10.0, 10.0);
        assert_eq!(clip_polygon(&inner, &r), Some(inner.clone()));
        let far = polygon![(x: 20.0, y: 20.0), (x: 21.0, y: 20.0), (x: 21.0, y: 21.0), (x: 20.0, y: 20.0)];
        assert_eq!(clip_polygon(&far, &r), None);
        // A polygon touching the rectangle along an edge only has no area inside.
        let touching = polygon![(x: 10.0, y: 0.0), (x: 12.0, y: 0.0), (x: 12.0, y: 5.0), (x: 10.0, y: 5.0), (x: 10.0, y: 0.0)];
        assert_eq!(clip_polygon(&touching, &r), None);
        let mp = MultiPolygon(vec![inner, far]);
        assert_eq!(clip_multi_polygon(&mp, &r).0.len(), 1);
    }

    #[test]
    fn holes_are_clipped_or_dropped_and_a_covering_hole_empties_the_tile() {
        let donut = Polygon::new(
            line_string![(x: -10.0, y: -10.0), (x: 20.0, y: -10.0), (x: 20.0, y: 20.0), (x: -10.0, y: 20.0), (x: -10.0, y: -10.0)],
            vec![
                line_string![(x: 8.0, y: 8.0), (x: 8.0, y: 12.0), (x: 12.0, y: 12.0), (x: 12.0, y: 8.0), (x: 8.0, y: 8.0)],
                line_string![(x: 15.0, y: 15.0), (x: 15.0, y: 16.0), (x: 16.0, y: 16.0), (x: 15.0, y: 15.0)],
            ],
        );
        let out = clip_polygon(&donut, &rect(0.0, 0.0, 10.0, 10.0)).expect("overlaps");
        assert_eq!(out.interiors().len(), 1, "the far hole is gone");
        assert_eq!(area(&out), 100.0 - 4.0);
        // A rectangle inside the first hole: nothing of the polygon there.
        assert_eq!(clip_polygon(&donut, &rect(9.0, 9.0, 11.0, 11.0)), None);
    }

    #[test]
    fn concave_ring_crossing_twice_keeps_both_lobes() {
        // A U shape whose two arms reach into the rectangle from below.
        let u = polygon![
            (x: 0.0, y: -5.0), (x: 10.0, y: -5.0), (x: 10.0, y: 5.0), (x: 7.0, y: 5.0),
            (x: 7.0, y: -2.0), (x: 3.0, y: -2.0), (x: 3.0, y: 5.0), (x: 0.0, y: 5.0), (x: 0.0, y: -5.0),
        ];
        let out = clip_polygon(&u, &rect(-1.0, 0.0, 11.0, 6.0)).expect("overlaps");
        // Two 3×5 arms; the connecting run along y = 0 has no area.
        assert_eq!(area(&out), 30.0);
        assert!(out.exterior().0.iter().all(|c| c.y >= 0.0));
    }

    #[test]
    fn lines_split_into_pieces_and_points_are_filtered() {
        let zigzag = line_string![(x: -5.0, y: 5.0), (x: 5.0, y: 5.0), (x: 15.0, y: 5.0), (x: 15.0, y: 8.0), (x: 5.0, y: 8.0), (x: 5.0, y: 9.0)];
        let out = clip_line_string(&zigzag, &rect(0.0, 0.0, 10.0, 10.0));
        assert_eq!(
            out,
            MultiLineString(vec![
                line_string![(x: 0.0, y: 5.0), (x: 5.0, y: 5.0), (x: 10.0, y: 5.0)],
                line_string![(x: 10.0, y: 8.0), (x: 5.0, y: 8.0), (x: 5.0, y: 9.0)],
            ])
        );
        let outside = line_string![(x: 20.0, y: 20.0), (x: 30.0, y: 20.0)];
        assert_eq!(
            clip_geometry(&Geometry::LineString(outside), &rect(0.0, 0.0, 10.0, 10.0)),
            None
        );
        let pts = MultiPoint(vec![
            Point::new(1.0, 1.0),
            Point::new(10.0, 10.0),
            Point::new(11.0, 1.0),
        ]);
        assert_eq!(
            clip_multi_point(&pts, &rect(0.0, 0.0, 10.0, 10.0)).0.len(),
            2
        );
    }
}
