//! An area of interest as one valid multipolygon, whatever brought it in (an
//! uploaded file, a polygon drawn on the map, a map rectangle, a STAC
//! `intersects` or `bbox`): [`accept`] is the one path. Only polygonal
//! geometries make an area, a vertex limit (checked before any other work)
//! keeps searches fast, coordinates must be longitude/latitude, an area
//! crossing the antimeridian is refused (the platform serves China; such an
//! area should be sent as two), and invalid rings (self-intersections,
//! overlapping parts, holes outside their shell) are repaired by a boolean
//! union or refused with the reason.

use geo::bool_ops::{BooleanOps, FillRule, OpType, unary_union};
use geo::orient::{Direction, Orient};
use geo::{CoordsIter, RemoveRepeatedPoints};
use geo_types::{Coord, Geometry, MultiPolygon, Polygon};

use crate::validity::check_multi_polygon;

/// Why an upload makes no area; the text is for the user.
#[derive(Debug, Clone, thiserror::Error, PartialEq)]
#[non_exhaustive]
pub enum AreaError {
    /// A geometry that is not a polygon.
    #[error("文件中含有{0}，只有面（Polygon/MultiPolygon）才能作为查询范围")]
    NotPolygon(&'static str),
    /// No polygon at all.
    #[error("文件中没有面要素")]
    Empty,
    /// More vertices than a query may use.
    #[error("范围的顶点过多：{count} 个，上限 {max} 个。请简化范围后再试")]
    TooManyVertices {
        /// Vertices in the upload.
        count: usize,
        /// The limit.
        max: usize,
    },
    /// Invalid even after repair.
    #[error("范围的几何无效且无法修复：{0}")]
    Invalid(String),
    /// A coordinate that is not a longitude/latitude in degrees (or not a number).
    #[error("坐标 ({x}, {y}) 不是经纬度：经度应在 -180–180、纬度在 -90–90 之间", x = Short(.0.x), y = Short(.0.y))]
    NotLonLat(Coord<f64>),
    /// An edge jumping more than 180° of longitude: the area crosses the antimeridian.
    #[error("范围跨越了 180° 经线，请以 180° 经线为界分成两个范围分别查询")]
    CrossesAntimeridian,
}

/// Checks an area that came in, from any source, and makes it valid: the
/// vertex limit first (before anything costs more than a count), then
/// longitude/latitude coordinates, then the antimeridian, then [`repair`].
/// Returns the area wound as RFC 7946 wants and whether it was repaired.
pub fn accept(
    mp: MultiPolygon<f64>,
    max_vertices: usize,
) -> Result<(MultiPolygon<f64>, bool), AreaError> {
    check_coordinates(&mp, max_vertices)?;
    if mp
        .iter()
        .flat_map(crate::rings)
        .any(|r| r.0.windows(2).any(|w| jumps_antimeridian(w[0], w[1])))
    {
        return Err(AreaError::CrossesAntimeridian);
    }
    let (mp, repaired) = repair(mp)?;
    if mp.0.is_empty() {
        return Err(AreaError::Empty);
    }
    Ok((mp, repaired))
}

/// The checks of [`accept`] that any geometry takes (a STAC `intersects` may
/// be a point or a line): at most `max_vertices` coordinates, all of them
/// longitude/latitude degrees.
pub fn check_coordinates<G: CoordsIter<Scalar = f64>>(
    g: &G,
    max_vertices: usize,
) -> Result<(), AreaError> {
    let count = g.coords_count();
    if count > max_vertices {
        return Err(AreaError::TooManyVertices {
            count,
            max: max_vertices,
        });
    }
    match g
        .coords_iter()
        .find(|c| !(c.x.abs() <= 180.0 && c.y.abs() <= 90.0))
    {
        Some(c) => Err(AreaError::NotLonLat(c)),
        None => Ok(()),
    }
}

/// Whether an edge goes more than half way round in longitude, i.e. was meant
/// to cross the antimeridian. An edge from -180° to 180° exactly is a whole
/// parallel (a world-wide rectangle), not a crossing.
fn jumps_antimeridian(a: Coord<f64>, b: Coord<f64>) -> bool {
    let jump = (a.x - b.x).abs();
    jump > 180.0 && jump < 360.0
}

/// A number as a message shows it: plainly when it is of everyday size, in
/// scientific notation when it is not (1e308 would be 309 digits).
struct Short(f64);

impl std::fmt::Display for Short {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.abs() < 1e7 {
            write!(f, "{}", self.0)
        } else {
            write!(f, "{:e}", self.0)
        }
    }
}

/// Chinese name of a geometry type, for messages.
fn kind(g: &Geometry<f64>) -> &'static str {
    match g {
        Geometry::Point(_) | Geometry::MultiPoint(_) => "点",
        Geometry::Line(_) | Geometry::LineString(_) | Geometry::MultiLineString(_) => "线",
        Geometry::GeometryCollection(_) => "几何集合",
        Geometry::Polygon(_) | Geometry::Rect(_) | Geometry::Triangle(_) => "面",
        Geometry::MultiPolygon(_) => "多面",
    }
}

/// The polygons of a list of geometries (collections opened); any other
/// geometry refuses the whole list.
pub fn polygons(geoms: Vec<Geometry<f64>>) -> Result<MultiPolygon<f64>, AreaError> {
    let mut out = Vec::new();
    let mut stack = geoms;
    stack.reverse();
    while let Some(g) = stack.pop() {
        match g {
            Geometry::Polygon(p) => out.push(p),
            Geometry::MultiPolygon(mp) => out.extend(mp.0),
            Geometry::Rect(r) => out.push(r.to_polygon()),
            Geometry::Triangle(t) => out.push(t.to_polygon()),
            Geometry::GeometryCollection(c) => stack.extend(c.0.into_iter().rev()),
            other => return Err(AreaError::NotPolygon(kind(&other))),
        }
    }
    let out: Vec<Polygon<f64>> = out
        .into_iter()
        .filter(|p| p.exterior().0.len() >= 3)
        .collect();
    if out.is_empty() {
        return Err(AreaError::Empty);
    }
    Ok(MultiPolygon(out))
}

/// Every coordinate of the area, closing points included.
pub fn vertices(mp: &MultiPolygon<f64>) -> usize {
    mp.coords_count()
}

/// The area made valid and wound as RFC 7946 wants (exteriors counter-clockwise);
/// `true` with it when it had to be repaired.
pub fn repair(mp: MultiPolygon<f64>) -> Result<(MultiPolygon<f64>, bool), AreaError> {
    let mp = close_rings(mp.remove_repeated_points());
    if check_multi_polygon(&mp).is_ok() {
        return Ok((mp.orient(Direction::Default), false));
    }
    // Each polygon against nothing, even-odd: a bow-tie becomes its two
    // triangles; then the union of all parts merges overlapping ones.
    let empty = MultiPolygon::<f64>::new(Vec::new());
    let cleaned: Vec<MultiPolygon<f64>> =
        mp.0.iter()
            .map(|p| p.boolean_op_with_fill_rule(&empty, OpType::Union, FillRule::EvenOdd))
            .map(|m| m.orient(Direction::Default))
            .collect();
    let merged = unary_union(cleaned.iter()).orient(Direction::Default);
    if merged.0.is_empty() {
        return Err(AreaError::Invalid("面积为零".into()));
    }
    check_multi_polygon(&merged).map_err(|e| AreaError::Invalid(e.to_string()))?;
    Ok((merged, true))
}

/// Closes rings whose last point is not their first (KML and WKT writers forget).
fn close_rings(mut mp: MultiPolygon<f64>) -> MultiPolygon<f64> {
    for p in &mut mp.0 {
        p.exterior_mut(|r| r.close());
        p.interiors_mut(|rs| rs.iter_mut().for_each(|r| r.close()));
    }
    mp
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::Area;
    use geo_types::{LineString, Point, polygon};

    #[test]
    fn only_polygons_make_an_area() {
        let square =
            polygon![(x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 1.0, y: 1.0), (x: 0.0, y: 0.0)];
        let collection =
            Geometry::GeometryCollection(geo_types::GeometryCollection(vec![Geometry::Polygon(
                square.clone(),
            )]));
        assert_eq!(
            polygons(vec![Geometry::Polygon(square.clone()), collection]).map(|m| m.0.len()),
            Ok(2)
        );
        let line = Geometry::LineString(LineString::from(vec![(0.0, 0.0), (1.0, 1.0)]));
        let err = polygons(vec![Geometry::Polygon(square), line]).expect_err("a line");
        assert_eq!(err, AreaError::NotPolygon("线"));
        assert!(err.to_string().contains("只有面"));
        assert_eq!(
            polygons(vec![Geometry::Point(Point::new(0.0, 0.0))]),
            Err(AreaError::NotPolygon("点"))
        );
        assert_eq!(polygons(Vec::new()), Err(AreaError::Empty));
    }

    #[test]
    fn a_bow_tie_is_repaired_into_its_two_triangles() {
        let bow_tie = MultiPolygon(vec![polygon![
            (x: 0.0, y: 0.0), (x: 2.0, y: 2.0), (x: 2.0, y: 0.0), (x: 0.0, y: 2.0), (x: 0.0, y: 0.0)
        ]]);
        let (fixed, repaired) = repair(bow_tie).expect("repairable");
        assert!(repaired);
        assert_eq!(fixed.0.len(), 2);
        assert!((fixed.unsigned_area() - 2.0).abs() < 1e-9);
        assert!(fixed.signed_area() > 0.0, "exteriors counter-clockwise");
    }

    #[test]
    fn overlapping_parts_are_merged_and_valid_areas_kept_as_they_are() {
        let a = polygon![(x: 0.0, y: 0.0), (x: 2.0, y: 0.0), (x: 2.0, y: 2.0), (x: 0.0, y: 2.0)];
        let b = polygon![(x: 1.0, y: 1.0), (x: 3.0, y: 1.0), (x: 3.0, y: 3.0), (x: 1.0, y: 3.0), (x: 1.0, y: 1.0)];
        let (merged, repaired) = repair(MultiPolygon(vec![a, b])).expect("merged");
        assert!(repaired);
        assert!((merged.unsigned_area() - 7.0).abs() < 1e-9);
        // Unclosed and clockwise, but valid: only closed and re-wound.
        let clockwise = MultiPolygon(vec![
            polygon![(x: 0.0, y: 0.0), (x: 0.0, y: 1.0), (x: 1.0, y: 1.0), (x: 1.0, y: 0.0)],
        ]);
        let (kept, repaired) = repair(clockwise).expect("valid");
        assert!(!repaired);
        assert!(kept.signed_area() > 0.0);
        assert_eq!(vertices(&kept), 5);
        assert_eq!(
            check_coordinates(&kept, 4),
            Err(AreaError::TooManyVertices { count: 5, max: 4 })
        );
        let flat = MultiPolygon(vec![
            polygon![(x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 2.0, y: 0.0), (x: 0.0, y: 0.0)],
        ]);
        assert!(matches!(repair(flat), Err(AreaError::Invalid(_))));
    }

    #[test]
    fn every_area_is_checked_and_repaired_on_the_one_path() {
        // Far out of range (this reached the area grid and panicked there).
        let huge = MultiPolygon(vec![
            polygon![(x: 0.0, y: 0.0), (x: 1e308, y: 0.0), (x: 1e308, y: 1e308), (x: 0.0, y: 0.0)],
        ]);
        let err = accept(huge, 100).expect_err("not degrees");
        assert!(matches!(err, AreaError::NotLonLat(c) if c.x == 1e308));
        assert!(err.to_string().contains("不是经纬度"), "{err}");
        // The message names the number, not its 309 digits.
        assert!(err.to_string().starts_with("坐标 (1e308, 0)"), "{err}");
        let nan = MultiPolygon(vec![
            polygon![(x: 0.0, y: 0.0), (x: f64::NAN, y: 1.0), (x: 1.0, y: 0.0), (x: 0.0, y: 0.0)],
        ]);
        assert!(matches!(accept(nan, 100), Err(AreaError::NotLonLat(_))));
        // The vertex limit comes first: nothing else is looked at.
        let many = MultiPolygon(vec![Polygon::new(
            LineString::from(vec![(f64::NAN, 0.0); 200]),
            vec![],
        )]);
        assert_eq!(
            accept(many, 100),
            Err(AreaError::TooManyVertices {
                count: 201, // closed
                max: 100
            })
        );
        // A drawn bow-tie is its two triangles, as an uploaded one is.
        let bow_tie = MultiPolygon(vec![polygon![
            (x: 0.0, y: 0.0), (x: 2.0, y: 2.0), (x: 2.0, y: 0.0), (x: 0.0, y: 2.0), (x: 0.0, y: 0.0)
        ]]);
        let (fixed, repaired) = accept(bow_tie, 100).expect("repaired");
        assert!(repaired);
        assert!((fixed.unsigned_area() - 2.0).abs() < 1e-9);
        // A hole outside its shell no longer subtracts: it is an island of its own.
        let shell = LineString::from(vec![
            (0.0, 0.0),
            (1.0, 0.0),
            (1.0, 1.0),
            (0.0, 1.0),
            (0.0, 0.0),
        ]);
        let away = LineString::from(vec![
            (5.0, 5.0),
            (6.0, 5.0),
            (6.0, 6.0),
            (5.0, 6.0),
            (5.0, 5.0),
        ]);
        let (fixed, repaired) =
            accept(MultiPolygon(vec![Polygon::new(shell, vec![away])]), 100).expect("repaired");
        assert!(repaired);
        assert_eq!(check_multi_polygon(&fixed), Ok(()));
        assert!((fixed.unsigned_area() - 2.0).abs() < 1e-9);
    }

    #[test]
    fn an_area_across_the_antimeridian_is_refused_and_a_world_box_is_not() {
        let across = MultiPolygon(vec![
            polygon![(x: 170.0, y: -10.0), (x: -170.0, y: -10.0), (x: -170.0, y: 10.0), (x: 170.0, y: 10.0)],
        ]);
        let err = accept(across, 100).expect_err("crosses");
        assert_eq!(err, AreaError::CrossesAntimeridian);
        assert!(err.to_string().contains("180° 经线"));
        let world = MultiPolygon(vec![
            geo_types::Rect::new((-180.0, -90.0), (180.0, 90.0)).to_polygon(),
        ]);
        assert_eq!(
            accept(world.clone(), 100).map(|(w, _)| w.unsigned_area()),
            Ok(360.0 * 180.0)
        );
        // Points and lines get the coordinate checks too.
        let line = LineString::from(vec![(0.0, 0.0), (200.0, 0.0)]);
        assert!(matches!(
            check_coordinates(&line, 100),
            Err(AreaError::NotLonLat(_))
        ));
        assert_eq!(check_coordinates(&world, 100), Ok(()));
    }
}
