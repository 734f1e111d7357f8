//! Web Mercator (EPSG:3857) tile math for XYZ tiles: y grows downwards from the
//! north-west corner, like OSM, MapLibre and the `/ows/.../{z}/{x}/{y}.pbf` URLs.
//!
//! Inputs are (lon, lat) degrees; latitudes beyond ±[`MAX_LAT_DEG`] are clamped
//! (the square Mercator world ends there) and longitudes to ±180.

use geo_types::{
    Coord, Geometry, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon,
    Point, Polygon,
};
use std::f64::consts::PI;
use thiserror::Error;

use crate::{Envelope, clip};

/// The latitude where Web Mercator's square world ends: `atan(sinh(π))`.
pub const MAX_LAT_DEG: f64 = 85.051_128_779_806_59;
/// The sphere radius of EPSG:3857, in metres (the WGS84 semi-major axis).
pub const EARTH_RADIUS_M: f64 = 6_378_137.0;
/// Half the width of the Mercator world, in metres: `π × R`.
pub const HALF_WORLD_M: f64 = PI * EARTH_RADIUS_M;
/// The deepest zoom accepted: 2^24 tiles a side is about 2.4 m per tile at the
/// equator, far below any use here, and keeps every tile index in a `u32`.
pub const MAX_ZOOM: u8 = 24;
/// The usual vector tile extent (units per tile side).
pub const DEFAULT_EXTENT: u32 = 4096;
/// The usual buffer around a vector tile, in extent units (tippecanoe and
/// geojson-vt default to 64 of 4096), so strokes do not end at tile edges.
pub const DEFAULT_BUFFER: u32 = 64;

/// Why a tile address is refused.
#[derive(Debug, Error, PartialEq)]
#[non_exhaustive]
pub enum TileError {
    /// The zoom is deeper than [`MAX_ZOOM`].
    #[error("zoom {0} is deeper than {MAX_ZOOM}")]
    Zoom(u8),
    /// x or y is not below 2^z.
    #[error("tile {z}/{x}/{y} does not exist")]
    OutOfRange {
        /// Zoom.
        z: u8,
        /// Column.
        x: u32,
        /// Row, from the north.
        y: u32,
    },
}

/// An XYZ tile address: zoom, column from the west, row from the north.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TileId {
    /// Zoom level, 0 = the whole world in one tile.
    pub z: u8,
    /// Column, 0 at 180° W.
    pub x: u32,
    /// Row, 0 at the north edge.
    pub y: u32,
}

impl TileId {
    /// A checked tile address.
    pub fn new(z: u8, x: u32, y: u32) -> Result<Self, TileError> {
        if z > MAX_ZOOM {
            return Err(TileError::Zoom(z));
        }
        let n = 1u32 << z;
        if x >= n || y >= n {
            return Err(TileError::OutOfRange { z, x, y });
        }
        Ok(Self { z, x, y })
    }

    /// The tile holding a (lon, lat) at zoom `z` (clamped to [`MAX_ZOOM`]); a
    /// point on a tile edge belongs to the tile east / south of it.
    pub fn containing(lon: f64, lat: f64, z: u8) -> Self {
        let z = z.min(MAX_ZOOM);
        let (fx, fy) = world_fraction(lon, lat);
        let n = tiles_per_side(z);
        let max = (1u32 << z) - 1;
        // Fractions are in [0, 1], so the floor is in [0, n] and the cast exact.
        let index = |f: f64| ((f * n).floor() as u32).min(max);
        Self {
            z,
            x: index(fx),
            y: index(fy),
        }
    }

    /// The tile's bounds in degrees (north and south edges from the Mercator
    /// inverse, so the z0 tile spans ±[`MAX_LAT_DEG`]).
    pub fn bounds_lonlat(&self) -> Envelope {
        let n = tiles_per_side(self.z);
        let (x, y) = (f64::from(self.x), f64::from(self.y));
        let (x0, x1) = (x / n, (x + 1.0) / n);
        let (y0, y1) = (y / n, (y + 1.0) / n);
        Envelope {
            min_x: x0 * 360.0 - 180.0,
            max_x: x1 * 360.0 - 180.0,
            min_y: lat_of_fraction(y1),
            max_y: lat_of_fraction(y0),
        }
    }

    /// The tile's bounds in EPSG:3857 metres.
    pub fn bounds_m(&self) -> Envelope {
        let size = 2.0 * HALF_WORLD_M / tiles_per_side(self.z);
        let min_x = -HALF_WORLD_M + f64::from(self.x) * size;
        let max_y = HALF_WORLD_M - f64::from(self.y) * size;
        Envelope {
            min_x,
            max_x: min_x + size,
            min_y: max_y - size,
            max_y,
        }
    }
}

/// (lon, lat) degrees to EPSG:3857 metres.
pub fn lonlat_to_m(c: Coord<f64>) -> Coord<f64> {
    let (lon, lat) = clamp(c.x, c.y);
    let phi = lat.to_radians();
    Coord {
        x: EARTH_RADIUS_M * lon.to_radians(),
        y: EARTH_RADIUS_M * (PI / 4.0 + phi / 2.0).tan().ln(),
    }
}

/// EPSG:3857 metres to (lon, lat) degrees.
pub fn m_to_lonlat(c: Coord<f64>) -> Coord<f64> {
    Coord {
        x: (c.x / EARTH_RADIUS_M).to_degrees(),
        y: (2.0 * (c.y / EARTH_RADIUS_M).exp().atan() - PI / 2.0).to_degrees(),
    }
}

/// Where a (lon, lat) lies in the Mercator world square, as fractions in
/// [0, 1] from the west and from the north.
pub fn world_fraction(lon: f64, lat: f64) -> (f64, f64) {
    let (lon, lat) = clamp(lon, lat);
    let phi = lat.to_radians();
    // ln(tan φ + sec φ), the Mercator ordinate, as atanh(sin φ): two calls to libm rather
    // than three, for every vertex of every tile.
    let fy = (1.0 - phi.sin().atanh() / PI) / 2.0;
    ((lon + 180.0) / 360.0, fy.clamp(0.0, 1.0))
}

/// 2^z as a float; the fields of a [`TileId`] are public, so this must not
/// overflow for a zoom beyond [`MAX_ZOOM`] that was never checked.
fn tiles_per_side(z: u8) -> f64 {
    2f64.powi(i32::from(z))
}

/// The latitude of a fraction of the world square from the north.
fn lat_of_fraction(fy: f64) -> f64 {
    (PI * (1.0 - 2.0 * fy)).sinh().atan().to_degrees()
}

fn clamp(lon: f64, lat: f64) -> (f64, f64) {
    (
        lon.clamp(-180.0, 180.0),
        lat.clamp(-MAX_LAT_DEG, MAX_LAT_DEG),
    )
}

/// An inclusive block of tiles at one zoom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TileRange {
    /// Zoom of every tile in the range.
    pub z: u8,
    /// Westmost column.
    pub min_x: u32,
    /// Eastmost column.
    pub max_x: u32,
    /// Northmost row.
    pub min_y: u32,
    /// Southmost row.
    pub max_y: u32,
}

impl TileRange {
    /// How many tiles the range holds.
    pub fn len(&self) -> u64 {
        let side = |lo: u32, hi: u32| if hi < lo { 0 } else { u64::from(hi - lo) + 1 };
        side(self.min_x, self.max_x) * side(self.min_y, self.max_y)
    }

    /// True when the range holds no tile (only if built with min above max).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The tiles, row by row from the north-west.
    pub fn iter(&self) -> impl Iterator<Item = TileId> + '_ {
        (self.min_y..=self.max_y)
            .flat_map(move |y| (self.min_x..=self.max_x).map(move |x| TileId { z: self.z, x, y }))
    }
}

/// The tiles at zoom `z` that cover a (lon, lat) box; a box edge exactly on a
/// tile edge also takes the tile beyond it, which only touches.
pub fn tile_range(bbox: &Envelope, z: u8) -> TileRange {
    let nw = TileId::containing(bbox.min_x, bbox.max_y, z);
    let se = TileId::containing(bbox.max_x, bbox.min_y, z);
    TileRange {
        z: nw.z,
        min_x: nw.x,
        max_x: se.x,
        min_y: nw.y,
        max_y: se.y,
    }
}

/// Maps (lon, lat) into one tile's pixel grid: x right and y down, 0 and
/// `extent` at the tile edges, and `buffer` extra units kept on every side.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TileTransform {
    /// The tile.
    pub tile: TileId,
    /// Units per tile side (4096 for MVT).
    pub extent: u32,
    /// Units kept outside the tile on every side when clipping.
    pub buffer: u32,
}

impl TileTransform {
    /// A transform for a tile, extent and buffer.
    pub fn new(tile: TileId, extent: u32, buffer: u32) -> Self {
        Self {
            tile,
            extent,
            buffer,
        }
    }

    /// The (unrounded) tile pixel of a (lon, lat).
    pub fn pixel(&self, c: Coord<f64>) -> Coord<f64> {
        let (fx, fy) = world_fraction(c.x, c.y);
        let n = tiles_per_side(self.tile.z);
        let e = f64::from(self.extent);
        Coord {
            x: (fx * n - f64::from(self.tile.x)) * e,
            y: (fy * n - f64::from(self.tile.y)) * e,
        }
    }

    /// The tile pixel of a (lon, lat) rounded to whole units, or `None` when it
    /// falls outside the tile plus its buffer.
    pub fn pixel_in_buffer(&self, c: Coord<f64>) -> Option<(i32, i32)> {
        let p = self.pixel(c);
        let lo = -f64::from(self.buffer);
        let hi = f64::from(self.extent) + f64::from(self.buffer);
        // Inside the buffered square the values are small, so the casts are exact.
        ((lo..=hi).contains(&p.x) && (lo..=hi).contains(&p.y))
            .then(|| (p.x.round() as i32, p.y.round() as i32))
    }

    /// The clip rectangle in tile pixels: the tile plus its buffer.
    pub fn clip_bounds(&self) -> Envelope {
        let b = f64::from(self.buffer);
        let e = f64::from(self.extent);
        Envelope {
            min_x: -b,
            max_x: e + b,
            min_y: -b,
            max_y: e + b,
        }
    }

    /// The tile plus its buffer in (lon, lat): the box to ask a spatial index
    /// for the features of this tile.
    pub fn buffered_bounds_lonlat(&self) -> Envelope {
        let n = tiles_per_side(self.tile.z);
        let frac = f64::from(self.buffer) / f64::from(self.extent);
        let (x0, x1) = (
            (f64::from(self.tile.x) - frac) / n,
            (f64::from(self.tile.x) + 1.0 + frac) / n,
        );
        let (y0, y1) = (
            ((f64::from(self.tile.y) - frac) / n).max(0.0),
            ((f64::from(self.tile.y) + 1.0 + frac) / n).min(1.0),
        );
        Envelope {
            min_x: x0 * 360.0 - 180.0,
            max_x: x1 * 360.0 - 180.0,
            min_y: lat_of_fraction(y1),
            max_y: lat_of_fraction(y0),
        }
    }

    /// A (lon, lat) geometry in tile pixels (not clipped, not rounded).
    pub fn project(&self, g: &Geometry<f64>) -> Geometry<f64> {
        map_coords(g, &|c| self.pixel(c))
    }

    /// A (lon, lat) geometry in tile pixels, clipped to the tile plus its
    /// buffer; `None` when nothing of it is left. Clipping happens after the
    /// projection, so the cut edges are straight in the tile.
    pub fn project_clipped(&self, g: &Geometry<f64>) -> Option<Geometry<f64>> {
        clip::clip_geometry(&self.project(g), &self.clip_bounds())
    }
}

fn map_coords(g: &Geometry<f64>, f: &impl Fn(Coord<f64>) -> Coord<f64>) -> Geometry<f64> {
    let ls = |l: &LineString<f64>| LineString(l.0.iter().map(|c| f(*c)).collect());
    let poly =
        |p: &Polygon<f64>| Polygon::new(ls(p.exterior()), p.interiors().iter().map(ls).collect());
    match g {
        Geometry::Point(p) => Geometry::Point(Point(f(p.0))),
        Geometry::Line(l) => Geometry::LineString(LineString(vec![f(l.start), f(l.end)])),
        Geometry::LineString(l) => Geometry::LineString(ls(l)),
        Geometry::Polygon(p) => Geometry::Polygon(poly(p)),
        Geometry::MultiPoint(mp) => {
            Geometry::MultiPoint(MultiPoint(mp.0.iter().map(|p| Point(f(p.0))).collect()))
        }
        Geometry::MultiLineString(m) => {
            Geometry::MultiLineString(MultiLineString(m.0.iter().map(ls).collect()))
        }
        Geometry::MultiPolygon(m) => {
            Geometry::MultiPolygon(MultiPolygon(m.0.iter().map(poly).collect()))
        }
        Geometry::GeometryCollection(gc) => Geometry::GeometryCollection(GeometryCollection(
            gc.0.iter().map(|g| map_coords(g, f)).collect(),
        )),
        Geometry::Rect(r) => Geometry::Polygon(poly(&r.to_polygon())),
        Geometry::Triangle(t) => Geometry::Polygon(poly(&t.to_polygon())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{coord, polygon};

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    #[test]
    fn the_world_tile_spans_the_mercator_square() {
        let t = TileId::new(0, 0, 0).expect("valid");
        let b = t.bounds_lonlat();
        assert_eq!((b.min_x, b.max_x), (-180.0, 180.0));
        assert!(close(b.max_y, MAX_LAT_DEG, 1e-9) && close(b.min_y, -MAX_LAT_DEG, 1e-9));
        let m = t.bounds_m();
        assert!(close(m.max_x, 20_037_508.342_789_244, 1e-6));
        assert!(close(m.min_y, -20_037_508.342_789_244, 1e-6));
        // The clamp latitude maps to the square's corner in metres.
        let corner = lonlat_to_m(coord! { x: 180.0, y: 90.0 });
        assert!(close(corner.x, HALF_WORLD_M, 1e-6) && close(corner.y, HALF_WORLD_M, 1e-3));
    }

    #[test]
    fn zoom_one_quadrants_have_the_equator_and_meridian_as_edges() {
        let nw = TileId::new(1, 0, 0).expect("valid").bounds_lonlat();
        assert_eq!((nw.min_x, nw.max_x), (-180.0, 0.0));
        assert!(close(nw.min_y, 0.0, 1e-12) && close(nw.max_y, MAX_LAT_DEG, 1e-9));
        let se = TileId::new(1, 1, 1).expect("valid").bounds_m();
        assert_eq!((se.min_x, se.max_y), (0.0, 0.0));
        assert!(close(se.max_x, HALF_WORLD_M, 1e-6) && close(se.min_y, -HALF_WORLD_M, 1e-6));
        assert_eq!(
            TileId::containing(-10.0, 10.0, 1),
            TileId { z: 1, x: 0, y: 0 }
        );
        assert_eq!(
            TileId::containing(10.0, -10.0, 1),
            TileId { z: 1, x: 1, y: 1 }
        );
        // On the edges: east / south wins, the antimeridian and poles stay inside.
        assert_eq!(TileId::containing(0.0, 0.0, 1), TileId { z: 1, x: 1, y: 1 });
        assert_eq!(
            TileId::containing(180.0, -90.0, 1),
            TileId { z: 1, x: 1, y: 1 }
        );
        assert_eq!(
            TileId::containing(-180.0, 90.0, 1),
            TileId { z: 1, x: 0, y: 0 }
        );
    }

    #[test]
    fn wuhan_at_zoom_8_is_tile_209_105() {
        // By hand: x = (114.3 + 180) / 360 × 256 = 209.28;
        // y = (1 − ln(tan 30.6° + sec 30.6°) / π) / 2 × 256 = (1 − 0.561343 / π) / 2 × 256 = 105.13.
        let t = TileId::containing(114.3, 30.6, 8);
        assert_eq!(
            t,
            TileId {
                z: 8,
                x: 209,
                y: 105
            }
        );
        let b = t.bounds_lonlat();
        assert!(b.min_x <= 114.3 && 114.3 < b.max_x && b.min_y < 30.6 && 30.6 <= b.max_y);
        assert!(close(b.min_x, 209.0 / 256.0 * 360.0 - 180.0, 1e-12));
        // Pixel in a 4096 extent: 0.28 and 0.13 of the tile.
        let tt = TileTransform::new(t, DEFAULT_EXTENT, DEFAULT_BUFFER);
        let p = tt.pixel(coord! { x: 114.3, y: 30.6 });
        assert!(close(p.x, (294.3 / 360.0 * 256.0 - 209.0) * 4096.0, 1e-6));
        assert!(p.y > 0.13 * 4096.0 - 50.0 && p.y < 0.14 * 4096.0, "{p:?}");
        assert_eq!(
            tt.pixel_in_buffer(coord! { x: 114.3, y: 30.6 }),
            Some((p.x.round() as i32, p.y.round() as i32))
        );
    }

    #[test]
    fn pixels_of_the_tile_corners_and_buffer() {
        let t = TileId::new(8, 209, 105).expect("valid");
        let tt = TileTransform::new(t, 4096, 64);
        let b = t.bounds_lonlat();
        let nw = tt.pixel(coord! { x: b.min_x, y: b.max_y });
        let se = tt.pixel(coord! { x: b.max_x, y: b.min_y });
        assert!(close(nw.x, 0.0, 1e-6) && close(nw.y, 0.0, 1e-6));
        assert!(close(se.x, 4096.0, 1e-6) && close(se.y, 4096.0, 1e-6));
        // The buffered box maps back to -64 and 4160.
        let bb = tt.buffered_bounds_lonlat();
        let bnw = tt.pixel(coord! { x: bb.min_x, y: bb.max_y });
        let bse = tt.pixel(coord! { x: bb.max_x, y: bb.min_y });
        assert!(
            close(bnw.x, -64.0, 1e-6) && close(bnw.y, -64.0, 1e-6),
            "{bnw:?}"
        );
        assert!(
            close(bse.x, 4160.0, 1e-6) && close(bse.y, 4160.0, 1e-6),
            "{bse:?}"
        );
        // Just outside the buffer is refused; inside it is kept.
        let just_west = b.min_x - (b.max_x - b.min_x) * 65.0 / 4096.0;
        assert_eq!(tt.pixel_in_buffer(coord! { x: just_west, y: 30.6 }), None);
        let in_buffer = b.min_x - (b.max_x - b.min_x) * 10.0 / 4096.0;
        assert!(matches!(
            tt.pixel_in_buffer(coord! { x: in_buffer, y: 30.6 }),
            Some((-10, _))
        ));
    }

    #[test]
    fn metres_round_trip_and_tile_range_of_china() {
        let c = coord! { x: 114.3, y: 30.6 };
        let back = m_to_lonlat(lonlat_to_m(c));
        assert!(close(back.x, c.x, 1e-9) && close(back.y, c.y, 1e-9));
        let china = Envelope {
            min_x: 73.5,
            max_x: 135.1,
            min_y: 3.8,
            max_y: 53.6,
        };
        let r = tile_range(&china, 4);
        assert_eq!((r.min_x, r.max_x, r.min_y, r.max_y), (11, 14, 5, 7));
        assert_eq!(r.len(), 12);
        assert_eq!(r.iter().count(), 12);
        assert_eq!(r.iter().next(), Some(TileId { z: 4, x: 11, y: 5 }));
        assert_eq!(tile_range(&china, 0).len(), 1);
    }

    #[test]
    fn bad_addresses_are_refused() {
        assert_eq!(TileId::new(25, 0, 0), Err(TileError::Zoom(25)));
        assert_eq!(
            TileId::new(2, 4, 0),
            Err(TileError::OutOfRange { z: 2, x: 4, y: 0 })
        );
        assert!(TileId::new(24, (1 << 24) - 1, (1 << 24) - 1).is_ok());
    }

    #[test]
    fn projected_clipped_geometry_stays_in_the_buffer() {
        let t = TileId::containing(114.3, 30.6, 8);
        let tt = TileTransform::new(t, 4096, 64);
        let hubei = Geometry::Polygon(polygon![
            (x: 108.3, y: 29.0), (x: 116.1, y: 29.0), (x: 116.1, y: 33.3), (x: 108.3, y: 33.3), (x: 108.3, y: 29.0),
        ]);
        // Hubei's box covers the whole Wuhan tile: the result is the buffered square.
        let Some(Geometry::Polygon(p)) = tt.project_clipped(&hubei) else {
            panic!("a polygon")
        };
        let area: f64 = crate::validity::ring_area2(&p.exterior().0).abs() / 2.0;
        assert!(close(area, 4224.0 * 4224.0, 1e-3));
        let far = Geometry::Point(Point::new(0.0, 0.0));
        assert_eq!(tt.project_clipped(&far), None);
    }
}
