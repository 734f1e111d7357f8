//! Simplification of region boundaries for display, one geometry per zoom band,
//! that never turns a valid (multi)polygon into an invalid one.
//!
//! Each polygon goes through `geo`'s topology-preserving Visvalingam–Whyatt
//! (`SimplifyVwPreserve`), which already avoids most self-crossings. That is
//! not a guarantee (its documentation says so, and it does not look at the
//! other parts of a multipolygon), so the result is then proved with
//! [`crate::validity`]; a polygon that fails is redone with half the tolerance,
//! up to [`RETRIES`] times, and finally kept as it was. Rings whose area falls
//! below one square pixel are removed rather than drawn as slivers; a polygon
//! whose exterior goes takes its holes with it.

use geo::{BoundingRect, SimplifyVwPreserve};
use geo_types::{LineString, MultiLineString, MultiPolygon, Polygon};

use crate::tile::MAX_LAT_DEG;
use crate::validity::{self, Invalid, ring_area2};

/// The size of a tile on screen in CSS pixels: MapLibre draws vector tiles
/// 512 pixels wide, so zoom z shows the world 512 × 2^z pixels wide.
pub const SCREEN_TILE_PX: f64 = 512.0;
/// How many times a polygon that came out invalid is redone with half the
/// tolerance before it is kept unsimplified.
pub const RETRIES: u32 = 4;

/// One screen pixel in degrees at zoom `zoom` and latitude `lat_deg`.
///
/// Web Mercator is conformal: at latitude φ one pixel spans `cos φ` times as
/// many degrees as at the equator, in longitude and latitude alike.
pub fn pixel_deg(zoom: u8, lat_deg: f64) -> f64 {
    let lat = lat_deg.abs().min(MAX_LAT_DEG).to_radians();
    360.0 / (SCREEN_TILE_PX * 2f64.powi(i32::from(zoom))) * lat.cos()
}

/// The tolerance for showing a geometry with this bounding box at `zoom`: one
/// pixel at the box's latitude farthest from the equator, where pixels are the
/// smallest in degrees, so no part moves by more than about a pixel.
pub fn tolerance_deg(zoom: u8, bbox: &crate::Envelope) -> f64 {
    pixel_deg(zoom, bbox.min_y.abs().max(bbox.max_y.abs()))
}

/// Simplifies a multipolygon for display at `zoom` (tolerance from
/// [`tolerance_deg`] over its bounding box). For a band of zooms, pass the
/// band's deepest zoom.
pub fn simplify_for_zoom(mp: &MultiPolygon<f64>, zoom: u8) -> Result<MultiPolygon<f64>, Invalid> {
    let Some(rect) = mp.bounding_rect() else {
        return Ok(MultiPolygon(vec![]));
    };
    let bbox = crate::Envelope {
        min_x: rect.min().x,
        max_x: rect.max().x,
        min_y: rect.min().y,
        max_y: rect.max().y,
    };
    simplify_multi_polygon(mp, tolerance_deg(zoom, &bbox))
}

/// Simplifies a multipolygon with a tolerance in degrees (about the largest
/// shift of the boundary, and the side of the smallest ring kept).
///
/// The result is valid whenever the input is; an invalid input is refused with
/// the reason, so the caller can repair it or keep it unsimplified. Parts may
/// disappear (below one tolerance squared of area), so the result can have
/// fewer parts, or none.
pub fn simplify_multi_polygon(
    mp: &MultiPolygon<f64>,
    tolerance_deg: f64,
) -> Result<MultiPolygon<f64>, Invalid> {
    validity::check_multi_polygon(mp)?;
    if tolerance_deg.is_nan() || tolerance_deg <= 0.0 {
        return Ok(mp.clone());
    }
    // Level k uses tolerance / 2^k; level RETRIES + 1 is the original polygon.
    let original = RETRIES + 1;
    let mut levels = vec![0u32; mp.0.len()];
    let mut parts = Vec::with_capacity(mp.0.len());
    for (i, p) in mp.0.iter().enumerate() {
        parts.push(simplify_valid_polygon(p, tolerance_deg, &mut levels[i]));
    }
    // Parts are valid one by one; simplified separately they may now overlap
    // (two islands side by side, an island in a hole that collapsed). Step
    // back the parts involved until the whole is valid. Dropping a part never
    // breaks validity, so only parts still present are ever involved. Every step raises a
    // level, and all-original is the valid input, so this ends.
    loop {
        let kept: Vec<usize> = (0..parts.len()).filter(|&i| parts[i].is_some()).collect();
        let whole = MultiPolygon(kept.iter().filter_map(|&i| parts[i].clone()).collect());
        let Err(problem) = validity::check_multi_polygon(&whole) else {
            return Ok(whole);
        };
        let (a, b) = problem.polygons();
        let mut stepped = false;
        for i in [Some(a), b]
            .into_iter()
            .flatten()
            .filter_map(|k| kept.get(k).copied())
        {
            if levels[i] < original {
                levels[i] += 1;
                parts[i] = simplify_at(&mp.0[i], tolerance_deg, levels[i]);
                stepped = true;
            }
        }
        if !stepped {
            // Cannot happen with a valid input; never return something invalid.
            return Ok(mp.clone());
        }
    }
}

/// Simplifies one polygon; the result is valid on its own or `None` (the
/// exterior collapsed). `level` is where to start and comes back as the level
/// that worked.
fn simplify_valid_polygon(
    p: &Polygon<f64>,
    tolerance_deg: f64,
    level: &mut u32,
) -> Option<Polygon<f64>> {
    loop {
        let out = simplify_at(p, tolerance_deg, *level);
        let ok = match &out {
            None => true,
            Some(q) => validity::check_polygon(q).is_ok(),
        };
        if ok || *level > RETRIES {
            return out;
        }
        *level += 1;
    }
}

/// One polygon simplified with a tolerance in degrees and not proved valid
/// (for drawing); `None` when its exterior falls below one tolerance squared.
pub fn simplify_unchecked(p: &Polygon<f64>, tolerance_deg: f64) -> Option<Polygon<f64>> {
    simplify_at(p, tolerance_deg, 0)
}

/// The polygon simplified at a level (tolerance / 2^level), without checks;
/// the level past [`RETRIES`] is the polygon itself.
fn simplify_at(p: &Polygon<f64>, tolerance_deg: f64, level: u32) -> Option<Polygon<f64>> {
    if level > RETRIES {
        return Some(p.clone());
    }
    let t = tolerance_deg / f64::from(1u32 << level);
    // Visvalingam's threshold is a triangle area: a vertex one tolerance off a
    // line between neighbours two tolerances apart spans t².
    let min_area = t * t;
    if ring_area(p.exterior()) < min_area {
        return None;
    }
    let s = p.simplify_vw_preserve(t * t);
    let (exterior, holes) = s.into_inner();
    if exterior.0.len() < 4 || ring_area(&exterior) < min_area {
        return None;
    }
    let holes = holes
        .into_iter()
        .filter(|h| h.0.len() >= 4 && ring_area(h) >= min_area)
        .collect();
    Some(Polygon::new(exterior, holes))
}

fn ring_area(ring: &LineString<f64>) -> f64 {
    ring_area2(&ring.0).abs() / 2.0
}

/// Simplifies lines (borders, rivers) with the same tolerance in degrees. Lines
/// may cross each other, so only each line's own crossings are avoided; a line
/// never loses its ends.
pub fn simplify_multi_line_string(
    mls: &MultiLineString<f64>,
    tolerance_deg: f64,
) -> MultiLineString<f64> {
    if tolerance_deg.is_nan()
        || tolerance_deg <= 0.0
        || mls
            .0
            .iter()
            .flat_map(|l| &l.0)
            .any(|c| !c.x.is_finite() || !c.y.is_finite())
    {
        // geo's Visvalingam panics on NaN; such lines are returned as they are.
        return mls.clone();
    }
    MultiLineString(
        mls.0
            .iter()
            .map(|l| l.simplify_vw_preserve(tolerance_deg * tolerance_deg))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::{Area, Validation};
    use geo_types::{Coord, LineString, polygon};

    fn area(mp: &MultiPolygon<f64>) -> f64 {
        mp.unsigned_area()
    }

    fn vertices(mp: &MultiPolygon<f64>) -> usize {
        mp.0.iter()
            .map(|p| p.exterior().0.len() + p.interiors().iter().map(|h| h.0.len()).sum::<usize>())
            .sum()
    }

    /// A coastline-like ring: a 1°×1° square whose south side is a saw with
    /// teeth of 0.002° (a few pixels at z8, sub-pixel at z5).
    fn jagged(x0: f64, y0: f64) -> LineString<f64> {
        let mut pts = vec![Coord { x: x0, y: y0 + 1.0 }, Coord { x: x0, y: y0 }];
        for i in 1..1000 {
            let x = x0 + f64::from(i) * 0.001;
            let y = if i % 2 == 1 { y0 - 0.002 } else { y0 };
            pts.push(Coord { x, y });
        }
        pts.extend([
            Coord { x: x0 + 1.0, y: y0 },
            Coord {
                x: x0 + 1.0,
                y: y0 + 1.0,
            },
            Coord { x: x0, y: y0 + 1.0 },
        ]);
        LineString(pts)
    }

    fn assert_valid(mp: &MultiPolygon<f64>) {
        assert_eq!(validity::check_multi_polygon(mp), Ok(()));
        // Cross-check with geo's own (quadratic) validation on these small shapes.
        assert!(mp.is_valid(), "{:?}", mp.validation_errors());
    }

    #[test]
    fn pixel_size_follows_zoom_and_latitude() {
        assert_eq!(pixel_deg(0, 0.0), 360.0 / 512.0);
        assert!((pixel_deg(8, 0.0) - 360.0 / 512.0 / 256.0).abs() < 1e-15);
        assert!((pixel_deg(8, 60.0) - pixel_deg(8, 0.0) / 2.0).abs() < 1e-12);
        assert_eq!(pixel_deg(3, 95.0), pixel_deg(3, MAX_LAT_DEG));
        let china = crate::Envelope {
            min_x: 73.5,
            max_x: 135.1,
            min_y: 3.8,
            max_y: 53.6,
        };
        assert_eq!(tolerance_deg(5, &china), pixel_deg(5, 53.6));
    }

    #[test]
    fn jagged_ring_loses_its_teeth_and_stays_valid() {
        let mp = MultiPolygon(vec![Polygon::new(jagged(114.0, 30.0), vec![])]);
        assert_valid(&mp);
        let before = area(&mp);
        for zoom in [3, 5, 8, 11] {
            let out = simplify_for_zoom(&mp, zoom).expect("valid input");
            assert_valid(&out);
            let t = pixel_deg(zoom, 31.0);
            // The boundary moves by about a tolerance at most: the area by at
            // most perimeter × tolerance.
            assert!(
                (area(&out) - before).abs() <= 4.0 * t + 1e-9,
                "z{zoom}: {} vs {before}",
                area(&out)
            );
            if zoom <= 5 {
                assert!(vertices(&out) < 20, "z{zoom}: {} vertices", vertices(&out));
            }
        }
        // At z11 a tooth is several pixels: most of them stay.
        assert!(vertices(&simplify_for_zoom(&mp, 11).expect("valid")) > 500);
    }

    #[test]
    fn narrow_spike_is_removed_without_breaking_the_ring() {
        // A square with a 0.5° long, 0.0001° wide spike pointing east.
        let spiky = polygon![
            (x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 1.0, y: 0.5), (x: 1.5, y: 0.50005),
            (x: 1.0, y: 0.5001), (x: 1.0, y: 1.0), (x: 0.0, y: 1.0), (x: 0.0, y: 0.0),
        ];
        let mp = MultiPolygon(vec![spiky]);
        assert_valid(&mp);
        let out = simplify_multi_polygon(&mp, 0.01).expect("valid input");
        assert_valid(&out);
        assert!((area(&out) - area(&mp)).abs() < 1e-4);
        let max_x = out.0[0]
            .exterior()
            .0
            .iter()
            .map(|c| c.x)
            .fold(f64::MIN, f64::max);
        assert_eq!(max_x, 1.0, "the spike is gone");
    }

    #[test]
    fn hole_near_the_edge_stays_inside_or_goes() {
        // A hole whose south side runs 0.0005° above the saw-toothed south edge:
        // simplifying each ring alone would push one across the other.
        let hole = LineString::from(vec![
            (114.1, 30.0005),
            (114.1, 30.5),
            (114.9, 30.5),
            (114.9, 30.0005),
            (114.1, 30.0005),
        ]);
        let p = Polygon::new(jagged(114.0, 30.0), vec![hole]);
        let mp = MultiPolygon(vec![p]);
        assert_valid(&mp);
        let before = area(&mp);
        for tol in [0.0001, 0.001, 0.003, 0.01, 0.05] {
            let out = simplify_multi_polygon(&mp, tol).expect("valid input");
            assert_valid(&out);
            assert_eq!(out.0.len(), 1);
            assert_eq!(
                out.0[0].interiors().len(),
                1,
                "a 0.4 square-degree hole is kept"
            );
            assert!((area(&out) - before).abs() <= 8.0 * tol, "tol {tol}");
        }
    }

    #[test]
    fn collapsing_rings_and_parts_are_removed_not_left_as_slivers() {
        let big = polygon!(
            exterior: [(x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 1.0, y: 1.0), (x: 0.0, y: 1.0), (x: 0.0, y: 0.0)],
            interiors: [[(x: 0.5, y: 0.5), (x: 0.5001, y: 0.5), (x: 0.5001, y: 0.5001), (x: 0.5, y: 0.5001), (x: 0.5, y: 0.5)]],
        );
        let islet = polygon![(x: 2.0, y: 0.0), (x: 2.0001, y: 0.0), (x: 2.0001, y: 0.0001), (x: 2.0, y: 0.0)];
        let mp = MultiPolygon(vec![big, islet]);
        let out = simplify_multi_polygon(&mp, 0.001).expect("valid input");
        assert_valid(&out);
        assert_eq!(out.0.len(), 1, "the islet is gone");
        assert!(out.0[0].interiors().is_empty(), "the pin-hole is gone");
        // With a small enough tolerance both stay.
        assert_eq!(
            simplify_multi_polygon(&mp, 0.00001).expect("valid").0.len(),
            2
        );
    }

    #[test]
    fn neighbour_in_a_notch_steps_the_simplification_back() {
        // A square whose north side dips 0.01° at its middle, and a neighbour
        // that fills part of the dip from the north without touching.
        let notched = polygon![
            (x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 1.0, y: 1.0), (x: 0.5, y: 0.99), (x: 0.0, y: 1.0),
        ];
        let neighbour = polygon![
            (x: 0.3, y: 0.996), (x: 0.7, y: 0.996), (x: 0.7, y: 1.2), (x: 0.3, y: 1.2),
        ];
        let mp = MultiPolygon(vec![notched, neighbour]);
        assert_valid(&mp);
        // Simplified part by part, the notch goes and the new edge crosses the neighbour.
        let naive = mp.simplify_vw_preserve(0.1 * 0.1);
        assert!(matches!(
            validity::check_multi_polygon(&naive),
            Err(Invalid::Crossing(..))
        ));
        let out = simplify_multi_polygon(&mp, 0.1).expect("valid input");
        assert_valid(&out);
        assert_eq!(out.0.len(), 2);
        assert!(
            out.0[0].exterior().0.contains(&Coord { x: 0.5, y: 0.99 }),
            "the notch is kept"
        );
    }

    #[test]
    fn invalid_input_is_refused_with_the_reason() {
        let bowtie =
            polygon![(x: 0.0, y: 0.0), (x: 2.0, y: 2.0), (x: 2.0, y: 0.0), (x: 0.0, y: 3.0)];
        assert!(matches!(
            simplify_multi_polygon(&MultiPolygon(vec![bowtie]), 0.1),
            Err(Invalid::Crossing(..))
        ));
        assert_eq!(
            simplify_for_zoom(&MultiPolygon(vec![]), 5),
            Ok(MultiPolygon(vec![]))
        );
    }

    #[test]
    fn lines_keep_their_ends() {
        let border = LineString::from(
            (0..=100)
                .map(|i| (f64::from(i) * 0.01, if i % 2 == 0 { 0.0 } else { 0.0001 }))
                .collect::<Vec<_>>(),
        );
        let out = simplify_multi_line_string(&MultiLineString(vec![border.clone()]), 0.01);
        assert_eq!(out.0[0].0.first(), border.0.first());
        assert_eq!(out.0[0].0.last(), border.0.last());
        assert!(out.0[0].0.len() < 5);
    }
}
