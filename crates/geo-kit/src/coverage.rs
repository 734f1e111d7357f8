//! Coverage of an area of interest by scene footprints: the union of the
//! footprints clipped to the area, what is left uncovered, the fewest
//! footprints covering as much, and their areas on the WGS84 ellipsoid.
//!
//! Unions go through `i_overlay` (the engine under `geo`'s `BooleanOps`)
//! directly, as a cascade: neighbouring footprints (in Z-order) are merged a
//! pair at a time in one overlay each, then the results, up to one union that
//! a last overlay clips to the area. A single overlay of all of them would
//! cut every crossing of every pair (seconds), while the cascade only ever
//! overlays boundaries that survive. Rings are oriented first (exteriors
//! counter-clockwise, holes clockwise) so the non-zero fill rule means
//! "inside any footprint".
//!
//! Most footprints need no overlay at all: a year of scenes lies about a
//! hundred deep over a province. The set cover ([`crate::set_cover`]) picks
//! a few footprints covering every cell of the area that any footprint
//! covers; their union is made first, and another footprint joins the
//! cascade only if it meets a cell of the area that union does not hold
//! wholly. A cell any edge comes near is never held wholly, so the others lie
//! inside the union exactly, not to a cell: over 湖北, a few hundred of ten
//! thousand footprints go into the cascade.
//!
//! Areas take each edge as the geodesic between its vertices (Karney's
//! algorithm, through `geo`'s `GeodesicArea`), as pyproj, PostGIS's geography
//! and QGIS measure them. Edges taken straight in the Lambert cylindrical
//! equal-area map instead (the shoelace formula in `(λ, q)`, thirty times
//! quicker) differ from geodesics by the area between the two curves, which
//! grows with the cube of an edge's length: nothing for a boundary's edges of
//! a kilometre, but footprint edges run 60 to 800 km, and a union bounded by
//! them came out 0.01–0.03 % smaller than GEOS's union measured by pyproj.

use geo::{BoundingRect, CoordsIter, GeodesicArea};
use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use i_overlay::core::extract::BooleanExtractionBuffer;
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::ShapeType;
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::float::overlay::FloatOverlay;
use i_overlay::i_float::adapter::FloatPointAdapter;
use i_overlay::i_float::float::rect::FloatRect;

use crate::deadline::{Deadline, TimedOut};
use crate::mask::{Bits, TALLY_BLOCK, Tally};
use crate::rings;
use crate::set_cover::Raster;

/// The union of footprints inside an area and what the area keeps uncovered.
#[derive(Debug, Clone)]
pub struct Coverage {
    /// Area of interest, km².
    pub aoi_km2: f64,
    /// The union of the footprints clipped to the area.
    pub covered: MultiPolygon<f64>,
    /// Area of `covered`, km².
    pub covered_km2: f64,
    /// The area minus the union.
    pub not_covered: MultiPolygon<f64>,
    /// The fewest footprints (indices, in the order chosen) covering every
    /// cell of the area any of them covers: see [`crate::set_cover`].
    pub fewest: Vec<usize>,
    /// The area their union covers, km².
    pub fewest_km2: f64,
}

impl Coverage {
    /// Covered share of the area, 0–1 (0 for an empty area).
    pub fn ratio(&self) -> f64 {
        ratio(self.covered_km2, self.aoi_km2)
    }
}

/// `part / whole` kept within 0–1, 0 when the whole is empty.
pub fn ratio(part: f64, whole: f64) -> f64 {
    if whole > 0.0 {
        (part / whole).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// Covered and uncovered parts of `aoi` under `footprints`, and the fewest
/// footprints covering as much: both parts come from one overlay of the
/// footprints' union with the area.
pub fn coverage(
    aoi: &MultiPolygon<f64>,
    footprints: &[Polygon<f64>],
    deadline: &Deadline,
) -> Result<Coverage, TimedOut> {
    let Unions {
        all,
        fewest,
        picked,
    } = unions(footprints, aoi, deadline)?;
    let mut overlay = overlay_of(&all, &aoi.0);
    let (covered, not_covered) = match overlay.build_graph_view(FillRule::NonZero) {
        Some(graph) => {
            let mut buffer = BooleanExtractionBuffer::default();
            (
                to_multi_polygon(graph.extract_shapes(OverlayRule::Intersect, &mut buffer)),
                to_multi_polygon(graph.extract_shapes(OverlayRule::InverseDifference, &mut buffer)),
            )
        }
        None => (MultiPolygon(vec![]), aoi.clone()),
    };
    Ok(Coverage {
        aoi_km2: area_km2(aoi),
        covered_km2: area_km2(&covered),
        covered,
        not_covered,
        fewest_km2: area_km2(&clipped(&fewest, aoi)),
        fewest: picked,
    })
}

/// The union of the footprints clipped to `aoi`.
pub fn union_clipped(
    footprints: &[Polygon<f64>],
    aoi: &MultiPolygon<f64>,
    deadline: &Deadline,
) -> Result<MultiPolygon<f64>, TimedOut> {
    Ok(clipped(&unions(footprints, aoi, deadline)?.all, aoi))
}

/// The part of the polygons inside `aoi`.
fn clipped(polygons: &[Polygon<f64>], aoi: &MultiPolygon<f64>) -> MultiPolygon<f64> {
    to_multi_polygon(
        overlay_of(polygons, &aoi.0).overlay(OverlayRule::Intersect, FillRule::NonZero),
    )
}

/// The union of the footprints.
pub fn union(
    footprints: &[Polygon<f64>],
    deadline: &Deadline,
) -> Result<MultiPolygon<f64>, TimedOut> {
    // Over their bounding box every footprint lies in the area, so the
    // union there is the whole union.
    let Some(bbox) = MultiPolygon(footprints.to_vec()).bounding_rect() else {
        return Ok(MultiPolygon(vec![]));
    };
    let area = MultiPolygon(vec![bbox.to_polygon()]);
    Ok(MultiPolygon(unions(footprints, &area, deadline)?.all))
}

/// The footprints' unions as far as they lie in the area.
struct Unions {
    /// Of every footprint.
    all: Vec<Polygon<f64>>,
    /// Of the fewest footprints covering as much (the set cover's pick).
    fewest: Vec<Polygon<f64>>,
    /// Which those are, in the order chosen.
    picked: Vec<usize>,
}

/// The union of every footprint and of the set cover's pick, as far as they
/// lie in `aoi` (parts outside may be missing), in few overlays: the pick's
/// union, then the cascade of it with the footprints it may not hold.
fn unions(
    footprints: &[Polygon<f64>],
    aoi: &MultiPolygon<f64>,
    deadline: &Deadline,
) -> Result<Unions, TimedOut> {
    let Some(raster) = Raster::new(aoi, footprints, deadline)? else {
        // An area without extent: nothing to pick, and nothing to sort out by cells.
        return Ok(Unions {
            all: cascade(footprints, deadline)?,
            fewest: Vec::new(),
            picked: Vec::new(),
        });
    };
    let picked = raster.fewest(deadline)?;
    let chosen: Vec<Polygon<f64>> = picked.iter().map(|&i| footprints[i].clone()).collect();
    let fewest = cascade(&chosen, deadline)?;
    let mut rest = fewest.clone();
    let open = open_cells(&raster, aoi, &fewest);
    let tally = Tally::of(&raster.grid, &open, TALLY_BLOCK);
    let mut is_picked = vec![false; footprints.len()];
    for &i in &picked {
        is_picked[i] = true;
    }
    for (i, p) in footprints.iter().enumerate() {
        if is_picked[i] {
            continue;
        }
        deadline.check()?;
        // Most are told by their bounding box; the rest by their cells and edges.
        let meets_open = p
            .bounding_rect()
            .is_some_and(|b| tally.any_near(&raster.grid, b))
            && (raster.cells(i).iter().any(|&run| open.any(run))
                || raster.grid.touched(rings(p), |run| open.any(run)));
        if meets_open {
            rest.push(p.clone());
        }
    }
    let all = if rest.len() == fewest.len() {
        fewest.clone()
    } else {
        cascade(&rest, deadline)?
    };
    Ok(Unions {
        all,
        fewest,
        picked,
    })
}

/// The cells where a footprint may add to `union` within the area: some of
/// the area is in them (its centre, or an edge near) and the union does not
/// hold them wholly (their centre is outside it, or an edge of it is near).
fn open_cells(raster: &Raster, aoi: &MultiPolygon<f64>, union: &[Polygon<f64>]) -> Bits {
    let grid = &raster.grid;
    let mut held = Bits::new(grid.nx * grid.ny);
    for p in union {
        for run in grid.runs(rings(p)) {
            held.set(run);
        }
    }
    grid.touched(union.iter().flat_map(rings), |run| {
        held.clear(run);
        false
    });
    let mut open = raster.inside.clone();
    grid.touched(aoi.0.iter().flat_map(rings), |run| {
        open.set(run);
        false
    });
    open.clear_all_of(&held);
    open
}

/// Footprints (then partial unions) merged per overlay at each level of the cascade.
const GROUP: usize = 2;

/// The union as polygons, cascaded: footprints in space-filling-curve order
/// are merged [`GROUP`] at a time, then the results, and so on. One overlay of
/// every footprint would have to cut every crossing of every pair, and a
/// year of scenes over a province lies about a hundred deep; merging
/// neighbours first keeps each overlay down to the boundaries that survive.
fn cascade(
    footprints: &[Polygon<f64>],
    deadline: &Deadline,
) -> Result<Vec<Polygon<f64>>, TimedOut> {
    let boxes: Vec<(usize, geo_types::Rect<f64>)> = footprints
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((i, p.bounding_rect()?)))
        .collect();
    let Some(all) = boxes.iter().map(|(_, b)| *b).reduce(|a, b| {
        geo_types::Rect::new(
            Coord {
                x: a.min().x.min(b.min().x),
                y: a.min().y.min(b.min().y),
            },
            Coord {
                x: a.max().x.max(b.max().x),
                y: a.max().y.max(b.max().y),
            },
        )
    }) else {
        return Ok(Vec::new());
    };
    let (w, h) = (
        all.width().max(f64::MIN_POSITIVE),
        all.height().max(f64::MIN_POSITIVE),
    );
    let mut order: Vec<(u64, usize)> = boxes
        .iter()
        .map(|(i, b)| {
            let c = b.center();
            let x = ((c.x - all.min().x) / w * f64::from(u16::MAX)) as u32;
            let y = ((c.y - all.min().y) / h * f64::from(u16::MAX)) as u32;
            (morton(x, y), *i)
        })
        .collect();
    order.sort_unstable();
    let mut level: Vec<Vec<Polygon<f64>>> = order
        .chunks(GROUP)
        .map(|c| c.iter().map(|&(_, i)| footprints[i].clone()).collect())
        .collect();
    loop {
        let mut unions: Vec<Vec<Polygon<f64>>> = Vec::with_capacity(level.len());
        for group in &level {
            deadline.check()?;
            unions.push(
                to_multi_polygon(
                    overlay_of(group, &[]).overlay(OverlayRule::Subject, FillRule::NonZero),
                )
                .0,
            );
        }
        if unions.len() <= 1 {
            return Ok(unions.into_iter().next().unwrap_or_default());
        }
        level = unions.chunks(GROUP).map(|c| c.concat()).collect();
    }
}

/// Interleaves the bits of x and y (the Z-order curve).
fn morton(x: u32, y: u32) -> u64 {
    fn spread(v: u32) -> u64 {
        let mut v = u64::from(v);
        v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFF;
        v = (v | (v << 8)) & 0x00FF_00FF_00FF_00FF;
        v = (v | (v << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        v = (v | (v << 2)) & 0x3333_3333_3333_3333;
        v = (v | (v << 1)) & 0x5555_5555_5555_5555;
        v
    }
    spread(x) | (spread(y) << 1)
}

/// One overlay holding every ring of `subject` and `clip`, oriented for the
/// non-zero rule.
fn overlay_of(subject: &[Polygon<f64>], clip: &[Polygon<f64>]) -> FloatOverlay<[f64; 2], f64> {
    let all = || {
        subject
            .iter()
            .chain(clip)
            .flat_map(|p| p.exterior().coords())
    };
    let mut rect: Option<FloatRect<f64>> = None;
    let mut capacity = 0;
    for c in all() {
        capacity += 1;
        match &mut rect {
            Some(r) => r.add_point(&[c.x, c.y]),
            None => rect = Some(FloatRect::new(c.x, c.x, c.y, c.y)),
        }
    }
    let adapter = FloatPointAdapter::new(rect.unwrap_or_else(FloatRect::zero));
    let mut overlay = FloatOverlay::with_adapter(adapter, capacity);
    let mut contour: Vec<[f64; 2]> = Vec::new();
    for (polygons, kind) in [(subject, ShapeType::Subject), (clip, ShapeType::Clip)] {
        for p in polygons {
            for (i, ring) in std::iter::once(p.exterior())
                .chain(p.interiors())
                .enumerate()
            {
                if oriented(ring, i == 0, &mut contour) {
                    overlay = overlay.unsafe_add_contour(&contour, kind);
                }
            }
        }
    }
    overlay
}

/// Fills `out` with the ring's distinct vertices, counter-clockwise for an
/// exterior and clockwise for a hole; false when the ring has no area.
/// Holes lie inside their exterior, so the exterior's box bounds them too.
fn oriented(ring: &LineString<f64>, exterior: bool, out: &mut Vec<[f64; 2]>) -> bool {
    let coords = &ring.0;
    let n = match (coords.first(), coords.last()) {
        (Some(a), Some(b)) if coords.len() > 1 && a == b => coords.len() - 1,
        _ => coords.len(),
    };
    if n < 3 {
        return false;
    }
    let twice_area = shoelace(coords[..n].iter().map(|c| (c.x, c.y)));
    if twice_area == 0.0 || !twice_area.is_finite() {
        return false;
    }
    out.clear();
    let forward = (twice_area > 0.0) == exterior;
    if forward {
        out.extend(coords[..n].iter().map(|c| [c.x, c.y]));
    } else {
        out.extend(coords[..n].iter().rev().map(|c| [c.x, c.y]));
    }
    true
}

/// Twice the signed area of a closed ring given without its closing vertex,
/// relative to its first vertex so large coordinates do not cancel.
fn shoelace(points: impl Iterator<Item = (f64, f64)>) -> f64 {
    let mut points = points.peekable();
    let Some(&(x0, y0)) = points.peek() else {
        return 0.0;
    };
    let mut sum = 0.0;
    let mut prev = (0.0, 0.0);
    let mut first = true;
    for (x, y) in points {
        let cur = (x - x0, y - y0);
        if !first {
            sum += prev.0 * cur.1 - cur.0 * prev.1;
        }
        first = false;
        prev = cur;
    }
    // The closing edge runs back to the origin (the first vertex), adding zero.
    sum
}

fn to_multi_polygon(shapes: Vec<Vec<Vec<[f64; 2]>>>) -> MultiPolygon<f64> {
    let ring = |c: Vec<[f64; 2]>| {
        let mut coords: Vec<Coord<f64>> = c.into_iter().map(|[x, y]| Coord { x, y }).collect();
        if let Some(&first) = coords.first() {
            coords.push(first);
        }
        LineString(coords)
    };
    MultiPolygon(
        shapes
            .into_iter()
            .filter_map(|shape| {
                let mut rings = shape.into_iter().map(ring);
                let exterior = rings.next()?;
                Some(Polygon::new(exterior, rings.collect()))
            })
            .collect(),
    )
}

/// The geometry simplified for drawing, or as the working copy of an area
/// with far more detail than coverage needs, to at most about `max_vertices`
/// vertices: the tolerance starts at 1/4096 of the larger side of the bounding
/// box and doubles until the vertices fit, each round simplifying the last
/// one's result. A drawing needs no proof of validity: proving each round
/// (stepping back one pair of overlapping parts per check of the whole) cost
/// the square of the parts, minutes for a covered zigzag.
pub fn simplified_to(
    mp: &MultiPolygon<f64>,
    max_vertices: usize,
    deadline: &Deadline,
) -> Result<MultiPolygon<f64>, TimedOut> {
    let Some(r) = mp.bounding_rect() else {
        return Ok(MultiPolygon(vec![]));
    };
    let mut tolerance = r.width().max(r.height()) / 4096.0;
    let mut out = mp.clone();
    while out.coords_count() > max_vertices && tolerance > 0.0 && tolerance.is_finite() {
        let mut parts = Vec::with_capacity(out.0.len());
        for p in &out.0 {
            deadline.check()?;
            parts.extend(crate::simplify::simplify_unchecked(p, tolerance));
        }
        out = MultiPolygon(parts);
        tolerance *= 2.0;
    }
    Ok(out)
}

/// Area on the WGS84 ellipsoid, km²: exteriors minus holes, whatever their
/// orientation, each edge a geodesic.
pub fn area_km2(mp: &MultiPolygon<f64>) -> f64 {
    mp.0.iter().map(polygon_area_km2).sum()
}

/// Area of one polygon on the WGS84 ellipsoid, km², each edge a geodesic.
pub fn polygon_area_km2(p: &Polygon<f64>) -> f64 {
    // Signed, counter-clockwise positive, so a clockwise exterior is not
    // taken for the rest of the Earth; holes count against either way.
    p.geodesic_area_signed().abs() / 1e6
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use geo::orient::{Direction, Orient};
    use geo_types::{Geometry, polygon};
    use std::path::PathBuf;

    /// Real data committed in `testdata/` at the top of the repository (see its README).
    pub fn testdata(file: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../testdata")
            .join(file)
    }

    fn features(file: &str) -> Vec<serde_json::Value> {
        let path = testdata(file);
        let raw = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut text = String::new();
        if file.ends_with(".gz") {
            std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&raw[..]), &mut text)
                .expect("gunzip");
        } else {
            text = String::from_utf8(raw).expect("utf-8");
        }
        let mut v: serde_json::Value = serde_json::from_str(&text).expect("json");
        match v["features"].take() {
            serde_json::Value::Array(a) => a,
            _ => panic!("features"),
        }
    }

    fn multi_polygon(f: &serde_json::Value) -> MultiPolygon<f64> {
        let g: geojson::Geometry = serde_json::from_value(f["geometry"].clone()).expect("geometry");
        match Geometry::<f64>::try_from(g).expect("geometry") {
            Geometry::Polygon(p) => MultiPolygon(vec![p]),
            Geometry::MultiPolygon(mp) => mp,
            _ => panic!("polygonal"),
        }
    }

    /// A real boundary from `testdata/<name>_tianditu.geojson` (湖北省 `hubei_province`,
    /// 武汉市江夏区 `jiangxia_county`), checked to be the region `adcode`.
    pub fn boundary(name: &str, adcode: u64) -> MultiPolygon<f64> {
        let fs = features(&format!("{name}_tianditu.geojson"));
        let f = fs
            .iter()
            .find(|f| f["properties"]["adcode"] == adcode)
            .expect("adcode");
        multi_polygon(f)
    }

    /// Real Sentinel-2 MGRS tiles (about 110 km squares) over a box.
    pub fn mgrs_tiles(
        min_x: f64,
        min_y: f64,
        max_x: f64,
        max_y: f64,
    ) -> Vec<(String, Polygon<f64>)> {
        features("sentinel2_mgrs_tiles_china.geojson.gz")
            .iter()
            .filter_map(|f| {
                let mp = multi_polygon(f);
                let p = mp.0.into_iter().next()?;
                let inside = p
                    .exterior()
                    .coords()
                    .any(|c| c.x > min_x && c.x < max_x && c.y > min_y && c.y < max_y);
                inside.then(|| {
                    (
                        f["properties"]["tile_id"].as_str().unwrap_or("").to_owned(),
                        p,
                    )
                })
            })
            .collect()
    }

    /// The MGRS tiles over Hubei (a vertex inside (108, 29)–(116.5, 33.5)),
    /// less those holding one of the points.
    fn hubei_tiles_but(gaps: &[geo_types::Point<f64>]) -> Vec<Polygon<f64>> {
        mgrs_tiles(108.0, 29.0, 116.5, 33.5)
            .into_iter()
            .map(|(_, p)| p)
            .filter(|p| gaps.iter().all(|g| !geo::Contains::contains(p, g)))
            .collect()
    }

    /// Footprints four deep over Hubei with two holes: the MGRS tiles over
    /// it less those holding one of two points, each also shifted three ways
    /// by a few kilometres.
    pub fn shifted_tiles() -> Vec<Polygon<f64>> {
        let tiles = hubei_tiles_but(&[
            geo_types::point!(x: 112.3, y: 31.0),
            geo_types::point!(x: 110.5, y: 32.3),
        ]);
        [(0.0, 0.0), (0.13, 0.05), (-0.07, 0.11), (0.05, -0.09)]
            .iter()
            .flat_map(|&(dx, dy)| {
                tiles
                    .iter()
                    .map(move |t| geo::Translate::translate(t, dx, dy))
            })
            .collect()
    }

    #[test]
    fn footprints_sorted_out_leave_the_union_as_it_was() {
        let hubei = boundary("hubei_province", 420000);
        let footprints = shifted_tiles();
        let never = Deadline::never();
        // Every footprint through the cascade, against the pick's union and the few it may not hold.
        let everything = clipped(&cascade(&footprints, &never).expect("in time"), &hubei);
        let sorted_out = union_clipped(&footprints, &hubei, &never).expect("in time");
        let (a, b) = (area_km2(&everything), area_km2(&sorted_out));
        assert!((a - b).abs() < 1e-9 * a, "{a} vs {b}");
        assert!(a < 0.99 * area_km2(&hubei), "the holes are left: {a}");
        let apart = to_multi_polygon(
            overlay_of(&everything.0, &sorted_out.0).overlay(OverlayRule::Xor, FillRule::NonZero),
        );
        // Overlays snap to grids of a few millimetres, and differently for
        // other groupings: slivers that thin along the edges, 2,000 m² here.
        assert!(
            area_km2(&apart) < 1e-7 * a,
            "{} km² apart",
            area_km2(&apart)
        );
        // The same without an area: over the footprints' box.
        let whole = MultiPolygon(cascade(&footprints, &never).expect("in time"));
        let (a, b) = (
            area_km2(&whole),
            area_km2(&union(&footprints, &never).expect("in time")),
        );
        assert!((a - b).abs() < 1e-9 * a, "{a} vs {b}");
    }

    fn off(km2: f64, theirs: f64) -> f64 {
        (km2 - theirs).abs() / theirs
    }

    #[test]
    fn areas_agree_with_geos_unions_measured_by_pyproj() {
        // The expected areas come from shapely 2.2.0 (GEOS 3.14.1) and pyproj
        // 3.7.2 on the same fixtures, as benches/coverage_shapely.py measures:
        //   tiles = the exteriors of sentinel2_mgrs_tiles_china.geojson.gz with a
        //           vertex strictly inside (108, 29)–(116.5, 33.5), less those
        //           containing the point (112.3, 31.0)
        //   union = shapely.union_all(tiles)
        //   clipped = shapely.intersection(union, hubei)
        //   abs(pyproj.Geod(ellps="WGS84").geometry_area_perimeter(g)[0]) / 1e6
        // Edges taken straight in (λ, q(φ)) instead of as geodesics were off by
        // 3.5e-6 on the union (edges of 110 km) and 1.7e-7 on the clipped union;
        // on footprints of satellite swaths, slanted and longer, by 1e-4.
        let hubei = boundary("hubei_province", 420000);
        let tiles = hubei_tiles_but(&[geo_types::point!(x: 112.3, y: 31.0)]);
        assert_eq!(tiles.len(), 59);
        let never = Deadline::never();
        let whole = area_km2(&union(&tiles, &never).expect("in time"));
        assert!(off(whole, 570_328.713_633) < 1e-8, "{whole}");
        let clipped = area_km2(&union_clipped(&tiles, &hubei, &never).expect("in time"));
        assert!(off(clipped, 177_802.075_369) < 1e-8, "{clipped}");
        let km2 = area_km2(&hubei);
        assert!(off(km2, 185_936.235_551) < 1e-9, "{km2}");
        // Whatever the rings' orientation.
        let reversed = hubei.orient(Direction::Reversed);
        assert!(off(area_km2(&reversed), 185_936.235_551) < 1e-9);
    }

    #[test]
    fn a_one_degree_cell_at_the_equator_has_the_ellipsoid_area() {
        // Between 0° and 1° of latitude over 1° of longitude: 12,308.8 km² on WGS84.
        let cell = polygon![(x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 1.0, y: 1.0), (x: 0.0, y: 1.0)];
        let km2 = polygon_area_km2(&cell);
        assert!((km2 - 12_308.8).abs() < 0.5, "{km2}");
        // Orientation and holes: a clockwise exterior with a quarter hole.
        let holed = Polygon::new(
            LineString::from(vec![
                (0.0, 0.0),
                (0.0, 1.0),
                (1.0, 1.0),
                (1.0, 0.0),
                (0.0, 0.0),
            ]),
            vec![LineString::from(vec![
                (0.0, 0.0),
                (0.5, 0.0),
                (0.5, 0.5),
                (0.0, 0.5),
                (0.0, 0.0),
            ])],
        );
        let quarter = polygon_area_km2(
            &polygon![(x: 0.0, y: 0.0), (x: 0.5, y: 0.0), (x: 0.5, y: 0.5), (x: 0.0, y: 0.5)],
        );
        assert!((polygon_area_km2(&holed) - (km2 - quarter)).abs() < 1e-6);
    }

    #[test]
    fn overlapping_squares_union_once_whatever_their_orientation() {
        let a = polygon![(x: 0.0, y: 0.0), (x: 2.0, y: 0.0), (x: 2.0, y: 2.0), (x: 0.0, y: 2.0)];
        // Clockwise on purpose: non-zero filling would cancel it if it stayed so.
        let b = polygon![(x: 1.0, y: 1.0), (x: 1.0, y: 3.0), (x: 3.0, y: 3.0), (x: 3.0, y: 1.0)];
        let u = union(&[a, b], &Deadline::never()).expect("in time");
        assert_eq!(u.0.len(), 1);
        // The outline of both (geodesic edges make areas add up only edge for edge).
        let expected = polygon_area_km2(&polygon![
            (x: 0.0, y: 0.0), (x: 2.0, y: 0.0), (x: 2.0, y: 1.0), (x: 3.0, y: 1.0),
            (x: 3.0, y: 3.0), (x: 1.0, y: 3.0), (x: 1.0, y: 2.0), (x: 0.0, y: 2.0)
        ]);
        assert!((area_km2(&u) - expected).abs() < 1e-9 * expected);
    }

    #[test]
    fn a_province_drawn_keeps_its_shape_with_few_vertices() {
        let hubei = boundary("hubei_province", 420000);
        assert!(hubei.coords_count() > 1_500, "{}", hubei.coords_count());
        let drawn = simplified_to(&hubei, 400, &Deadline::never()).expect("in time");
        assert!(drawn.coords_count() <= 400, "{}", drawn.coords_count());
        let (a, b) = (area_km2(&hubei), area_km2(&drawn));
        assert!((a - b).abs() / a < 0.01, "{a} vs {b}");
    }

    #[test]
    fn mgrs_tiles_cover_a_county_entirely() {
        // 武汉市江夏区 lies well inside the tile grid.
        let county = boundary("jiangxia_county", 420115);
        let tiles: Vec<Polygon<f64>> = mgrs_tiles(113.5, 29.5, 115.0, 30.8)
            .into_iter()
            .map(|(_, p)| p)
            .collect();
        let c = coverage(&county, &tiles, &Deadline::never()).expect("in time");
        assert!(c.aoi_km2 > 1_500.0 && c.aoi_km2 < 2_500.0, "{}", c.aoi_km2);
        assert!((c.ratio() - 1.0).abs() < 1e-9, "{}", c.ratio());
        assert!(area_km2(&c.not_covered) < 1e-6 * c.aoi_km2);
        assert!((c.covered_km2 - c.aoi_km2).abs() < 1e-6 * c.aoi_km2);
    }

    #[test]
    fn a_missing_tile_leaves_exactly_its_part_of_the_province_uncovered() {
        let hubei = boundary("hubei_province", 420000);
        let tiles = mgrs_tiles(108.0, 29.0, 116.5, 33.5);
        let all: Vec<Polygon<f64>> = tiles.iter().map(|(_, p)| p.clone()).collect();
        let full = coverage(&hubei, &all, &Deadline::never()).expect("in time");
        assert!(full.ratio() > 0.999_999, "{}", full.ratio());
        // Drop every tile that touches one point in Hubei: the gap is that
        // point's neighbourhood, and the gap's area equals the province minus the union.
        let (gap, kept): (Vec<Polygon<f64>>, Vec<Polygon<f64>>) = all
            .into_iter()
            .partition(|p| geo::Contains::contains(p, &geo_types::point!(x: 112.3, y: 31.0)));
        assert!(!gap.is_empty());
        let c = coverage(&hubei, &kept, &Deadline::never()).expect("in time");
        let missing = area_km2(&c.not_covered);
        assert!(missing > 1_000.0, "{missing}");
        assert!(geo::Contains::contains(
            &c.not_covered,
            &geo_types::point!(x: 112.3, y: 31.0)
        ));
        assert!((c.aoi_km2 - c.covered_km2 - missing).abs() < 1e-6 * c.aoi_km2);
        // The gap is the part of Hubei inside the dropped tiles and outside the kept ones.
        let never = Deadline::never();
        let covered_by_gap_only = area_km2(&union_clipped(&gap, &hubei, &never).expect("in time"))
            - area_km2(&union_clipped(&gap, &c.covered, &never).expect("in time"));
        assert!((covered_by_gap_only - missing).abs() < 1e-6 * c.aoi_km2);
    }

    /// A comb of `teeth` teeth 10° tall over 10° of longitude, and 300
    /// footprints half a degree wide scattered over it: each footprint edge
    /// crosses hundreds of teeth, so the covered part has thousands of pieces.
    fn comb_and_footprints(teeth: usize) -> (MultiPolygon<f64>, Vec<Polygon<f64>>) {
        let mut pts = vec![(100.0, 30.0), (110.0, 30.0)];
        pts.extend((0..teeth).map(|i| {
            let x = 110.0 - 10.0 * i as f64 / (teeth - 1) as f64;
            (x, if i % 2 == 0 { 40.0 } else { 30.5 })
        }));
        pts.push((100.0, 30.0));
        let comb = MultiPolygon(vec![Polygon::new(LineString::from(pts), vec![])]);
        // Spread evenly but irregularly (the R2 low-discrepancy sequence).
        let footprints = (0..300)
            .map(|i| {
                let (u, v) = ((i as f64 * 0.754_877_666).fract(), (i as f64 * 0.569_840_291).fract());
                let (x, y) = (99.5 + u * 10.5, 29.5 + v * 10.5);
                polygon![(x: x, y: y), (x: x + 0.5, y: y + 0.1), (x: x + 0.4, y: y + 0.5), (x: x - 0.1, y: y + 0.4)]
            })
            .collect();
        (comb, footprints)
    }

    #[test]
    fn a_covered_comb_is_simplified_for_drawing_in_seconds_of_cpu_not_minutes() {
        let (comb, footprints) = comb_and_footprints(6_000);
        let c = coverage(&comb, &footprints, &Deadline::never()).expect("in time");
        assert!(c.covered.0.len() > 1_000, "{} pieces", c.covered.0.len());
        let before = cpu_time::ThreadTime::now();
        // Re-proving validity each round stepped back one pair of pieces per
        // check of the whole: two minutes of CPU for this one.
        let drawn = simplified_to(&c.covered, 4_000, &Deadline::never()).expect("in time");
        let spent = before.elapsed().as_secs_f64();
        assert!(drawn.coords_count() <= 4_000, "{}", drawn.coords_count());
        assert!(spent < 3.0, "{spent} s of CPU");
    }

    #[test]
    fn coverage_stops_inside_its_loops_when_the_deadline_passes() {
        let (comb, footprints) = comb_and_footprints(100);
        // The raster checks before each of the 300 footprints: past the third, it stops.
        assert_eq!(
            coverage(&comb, &footprints, &Deadline::after_checks(3)).err(),
            Some(TimedOut)
        );
        assert_eq!(
            union(&footprints, &Deadline::after_checks(3)).err(),
            Some(TimedOut)
        );
        let many = MultiPolygon(footprints.clone());
        assert_eq!(
            simplified_to(&many, 10, &Deadline::after_checks(3)).err(),
            Some(TimedOut)
        );
        // Once per footprint rasterised, per greedy step, per footprint
        // sorted out and per overlay: between 1,000 and 1,500 checks here.
        assert!(coverage(&comb, &footprints, &Deadline::after_checks(1_500)).is_ok());
    }

    #[test]
    fn a_30000_vertex_comb_is_covered_on_a_working_copy_in_seconds_of_cpu() {
        // What the coverage route does with an uploaded area: 10 s of a core before.
        let (comb, footprints) = comb_and_footprints(30_000);
        let never = Deadline::never();
        let before = cpu_time::ThreadTime::now();
        let working = simplified_to(&comb, 5_000, &never).expect("in time");
        assert!(
            working.coords_count() <= 5_000,
            "{}",
            working.coords_count()
        );
        let c = coverage(&working, &footprints, &never).expect("in time");
        let picked = crate::set_cover::fewest(&working, &footprints, &never).expect("in time");
        let chosen: Vec<Polygon<f64>> = picked.iter().map(|&i| footprints[i].clone()).collect();
        union_clipped(&chosen, &working, &never).expect("in time");
        simplified_to(&c.covered, 4_000, &never).expect("in time");
        simplified_to(&c.not_covered, 4_000, &never).expect("in time");
        let spent = before.elapsed().as_secs_f64();
        assert!(spent < 4.0, "{spent} s of CPU");
    }
}
