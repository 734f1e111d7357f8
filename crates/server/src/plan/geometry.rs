//! The shapes of plan areas: whether an area lies in one of its unit's area ranges (and the
//! area as kept: clipped to that range), and where the needs of several units overlap. Areas
//! are geodesic km² on the WGS 84 ellipsoid (`geo_kit::coverage::area_km2`). Pure and
//! unit-tested.

use geo::{BooleanOps, BoundingRect, Intersects};
use geo_kit::coverage::area_km2;
use geo_types::{MultiPolygon, Rect};

/// The part of an area that may lie outside its range, as a share of the area: boundaries are
/// drawn against simplified outlines, and a sliver over the line is clipped, not refused.
pub const OUTSIDE_TOLERANCE: f64 = 0.001;

/// Why an area does not fit any of the ranges.
#[derive(Debug, Clone, PartialEq)]
pub enum Misfit {
    /// It meets none of them: the first range's index.
    Outside(usize),
    /// It lies partly in this range, with this many km² outside it.
    Partly(usize, f64),
    /// It has no area.
    Empty,
}

/// An area fitted to a range: which one, and the area clipped to it with its km².
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    /// Index of the range.
    pub range: usize,
    /// The area inside it.
    pub area: MultiPolygon<f64>,
    /// Its km².
    pub km2: f64,
}

fn boxes_meet(a: Option<Rect<f64>>, b: Option<Rect<f64>>) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => a.intersects(&b),
        _ => false,
    }
}

/// The first range that holds the area but for [`OUTSIDE_TOLERANCE`] of it, with the area
/// clipped to it; else why not (naming the range that holds most of it).
pub fn fit(area: &MultiPolygon<f64>, ranges: &[&MultiPolygon<f64>]) -> Result<Fitted, Misfit> {
    let total = area_km2(area);
    if total <= 0.0 || !total.is_finite() {
        return Err(Misfit::Empty);
    }
    let bbox = area.bounding_rect();
    let mut best: Option<(usize, f64)> = None;
    for (i, range) in ranges.iter().enumerate() {
        if !boxes_meet(bbox, range.bounding_rect()) {
            continue;
        }
        let inside = area.intersection(*range);
        let km2 = area_km2(&inside);
        if total - km2 <= OUTSIDE_TOLERANCE * total {
            return Ok(Fitted {
                range: i,
                area: inside,
                km2,
            });
        }
        if km2 > 0.0 && best.is_none_or(|(_, b)| km2 > b) {
            best = Some((i, km2));
        }
    }
    Err(match best {
        Some((i, km2)) => Misfit::Partly(i, total - km2),
        None => Misfit::Outside(0),
    })
}

/// The union of a unit's areas.
pub fn union(areas: &[&MultiPolygon<f64>]) -> MultiPolygon<f64> {
    let polygons: Vec<_> = areas.iter().flat_map(|a| a.0.iter().cloned()).collect();
    geo_kit::coverage::union(&polygons, &geo_kit::deadline::Deadline::never())
        .unwrap_or(MultiPolygon(polygons))
}

/// Where two units ask for the same ground.
#[derive(Debug, Clone, PartialEq)]
pub struct Pair {
    /// One unit's index.
    pub a: usize,
    /// The other's (greater).
    pub b: usize,
    /// The ground both ask for, km².
    pub km2: f64,
}

/// Every pair of units whose needs meet, with the km² of the ground both ask for (the
/// intersection of their unions), largest first. `units` are the units' unions.
pub fn overlaps(units: &[MultiPolygon<f64>]) -> Vec<Pair> {
    let boxes: Vec<_> = units.iter().map(BoundingRect::bounding_rect).collect();
    let mut pairs = Vec::new();
    for a in 0..units.len() {
        for b in a + 1..units.len() {
            if !boxes_meet(boxes[a], boxes[b]) {
                continue;
            }
            let km2 = area_km2(&units[a].intersection(&units[b]));
            if km2 > 0.0 {
                pairs.push(Pair { a, b, km2 });
            }
        }
    }
    pairs.sort_by(|x, y| y.km2.total_cmp(&x.km2));
    pairs
}

/// Which of `areas` (each with its unit's index) meet an area of another unit with some
/// ground (not only a shared edge).
pub fn overlapping(areas: &[(usize, &MultiPolygon<f64>)]) -> Vec<bool> {
    let boxes: Vec<_> = areas.iter().map(|(_, a)| a.bounding_rect()).collect();
    let mut hit = vec![false; areas.len()];
    for i in 0..areas.len() {
        for j in i + 1..areas.len() {
            if areas[i].0 == areas[j].0 || (hit[i] && hit[j]) || !boxes_meet(boxes[i], boxes[j]) {
                continue;
            }
            if area_km2(&areas[i].1.intersection(areas[j].1)) > 0.0 {
                hit[i] = true;
                hit[j] = true;
            }
        }
    }
    hit
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{Rect, coord};

    fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> MultiPolygon<f64> {
        MultiPolygon(vec![
            Rect::new(coord! {x: x0, y: y0}, coord! {x: x1, y: y1}).to_polygon(),
        ])
    }

    #[test]
    fn an_area_inside_a_range_fits_it_and_a_sliver_outside_is_clipped() {
        let hubei = rect(108.3, 29.0, 116.1, 33.3);
        let hunan = rect(108.7, 24.6, 114.3, 29.0);
        let inside = rect(114.0, 30.0, 114.5, 30.5);
        let fitted = fit(&inside, &[&hunan, &hubei]).expect("fits");
        assert_eq!(fitted.range, 1);
        assert!((fitted.km2 - area_km2(&inside)).abs() < 1e-6);
        // Over the edge by 0.0001° of 0.5°: clipped to the range.
        let sliver = rect(114.0, 30.0, 116.1001, 30.5);
        let fitted = fit(&sliver, &[&hubei]).expect("fits, clipped");
        assert!(fitted.km2 < area_km2(&sliver));
        let kept = area_km2(&rect(114.0, 30.0, 116.1, 30.5));
        // The overlay snaps coordinates to its grid: within a millionth or so.
        assert!(
            (fitted.km2 - kept).abs() / kept < 1e-5,
            "{} vs {kept}",
            fitted.km2
        );
    }

    #[test]
    fn an_area_outside_or_across_the_range_is_refused_with_the_km2_outside() {
        let hubei = rect(108.3, 29.0, 116.1, 33.3);
        assert_eq!(
            fit(&rect(120.0, 30.0, 120.5, 30.5), &[&hubei]),
            Err(Misfit::Outside(0))
        );
        let across = rect(115.9, 30.0, 116.3, 30.5);
        match fit(&across, &[&hubei]) {
            Err(Misfit::Partly(0, km2)) => {
                let outside = area_km2(&rect(116.1, 30.0, 116.3, 30.5));
                assert!((km2 - outside).abs() / outside < 1e-5, "{km2} vs {outside}");
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(fit(&MultiPolygon(vec![]), &[&hubei]), Err(Misfit::Empty));
    }

    #[test]
    fn overlaps_are_the_intersections_of_the_units_unions() {
        // Unit 0 asks twice for overlapping squares, unit 1 across both, unit 2 elsewhere.
        let u0 = union(&[
            &rect(114.0, 30.0, 114.2, 30.2),
            &rect(114.1, 30.0, 114.3, 30.2),
        ]);
        let whole = area_km2(&rect(114.0, 30.0, 114.3, 30.2));
        assert!((area_km2(&u0) - whole).abs() / whole < 1e-5);
        let u1 = rect(114.2, 30.1, 114.4, 30.3);
        let u2 = rect(110.0, 30.0, 110.1, 30.1);
        let pairs = overlaps(&[u0, u1, u2]);
        assert_eq!(pairs.len(), 1);
        assert_eq!((pairs[0].a, pairs[0].b), (0, 1));
        let both = area_km2(&rect(114.2, 30.1, 114.3, 30.2));
        assert!(
            (pairs[0].km2 - both).abs() / both < 1e-5,
            "{} vs {both}",
            pairs[0].km2
        );
    }

    #[test]
    fn areas_overlap_only_with_other_units_and_not_along_an_edge() {
        let a = rect(114.0, 30.0, 114.2, 30.2);
        let b = rect(114.1, 30.0, 114.3, 30.2); // same unit as a
        let c = rect(114.2, 30.0, 114.4, 30.2); // shares only an edge with a, overlaps b
        let d = rect(120.0, 30.0, 120.1, 30.1);
        let hit = overlapping(&[(0, &a), (0, &b), (1, &c), (1, &d)]);
        assert_eq!(hit, [false, true, true, false]);
    }
}
