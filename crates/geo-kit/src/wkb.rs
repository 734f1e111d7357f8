//! Well-Known Binary (ISO 19125 / SQL-MM): writing `geo_types` geometries and
//! reading the bounds of any WKB, which the GeoPackage R*Tree triggers need for
//! blobs written without an envelope (GDAL writes points that way).

use geo_types::{Coord, Geometry, LineString, Polygon};
use thiserror::Error;

use crate::Envelope;

/// Why a WKB buffer could not be read.
#[derive(Debug, Error, PartialEq)]
#[non_exhaustive]
pub enum WkbError {
    /// The buffer ended inside a geometry.
    #[error("WKB ends early at byte {0}")]
    Truncated(usize),
    /// The byte-order marker was neither 0 nor 1.
    #[error("WKB byte order {0} is neither 0 nor 1")]
    ByteOrder(u8),
    /// The geometry type code is not one this reader knows.
    #[error("WKB geometry type {0} is not supported")]
    UnknownType(u32),
    /// Collections nested deeper than any real data would.
    #[error("WKB nests collections deeper than {0} levels")]
    TooDeep(usize),
}

const POINT: u32 = 1;
const LINESTRING: u32 = 2;
const POLYGON: u32 = 3;
const MULTIPOINT: u32 = 4;
const MULTILINESTRING: u32 = 5;
const MULTIPOLYGON: u32 = 6;
const COLLECTION: u32 = 7;
const MAX_DEPTH: usize = 32;

/// Appends the little-endian WKB of a 2D geometry to `out`.
pub fn write(geom: &Geometry<f64>, out: &mut Vec<u8>) {
    match geom {
        Geometry::Point(p) => {
            header(out, POINT);
            coord(out, p.0);
        }
        Geometry::Line(l) => {
            header(out, LINESTRING);
            count(out, 2);
            coord(out, l.start);
            coord(out, l.end);
        }
        Geometry::LineString(ls) => {
            header(out, LINESTRING);
            ring(out, ls);
        }
        Geometry::Polygon(p) => polygon(out, p),
        Geometry::MultiPoint(mp) => {
            header(out, MULTIPOINT);
            count(out, mp.0.len());
            for p in &mp.0 {
                write(&Geometry::Point(*p), out);
            }
        }
        Geometry::MultiLineString(mls) => {
            header(out, MULTILINESTRING);
            count(out, mls.0.len());
            for ls in &mls.0 {
                header(out, LINESTRING);
                ring(out, ls);
            }
        }
        Geometry::MultiPolygon(mp) => {
            header(out, MULTIPOLYGON);
            count(out, mp.0.len());
            for p in &mp.0 {
                polygon(out, p);
            }
        }
        Geometry::GeometryCollection(gc) => {
            header(out, COLLECTION);
            count(out, gc.0.len());
            for g in &gc.0 {
                write(g, out);
            }
        }
        Geometry::Rect(r) => polygon(out, &r.to_polygon()),
        Geometry::Triangle(t) => polygon(out, &t.to_polygon()),
    }
}

fn header(out: &mut Vec<u8>, kind: u32) {
    out.push(1);
    out.extend_from_slice(&kind.to_le_bytes());
}

fn count(out: &mut Vec<u8>, n: usize) {
    // WKB counts are u32; geometries beyond 4 billion vertices cannot exist in memory here.
    out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
}

fn coord(out: &mut Vec<u8>, c: Coord<f64>) {
    out.extend_from_slice(&c.x.to_le_bytes());
    out.extend_from_slice(&c.y.to_le_bytes());
}

fn ring(out: &mut Vec<u8>, ls: &LineString<f64>) {
    count(out, ls.0.len());
    for c in &ls.0 {
        coord(out, *c);
    }
}

fn polygon(out: &mut Vec<u8>, p: &Polygon<f64>) {
    header(out, POLYGON);
    count(out, 1 + p.interiors().len());
    ring(out, p.exterior());
    for r in p.interiors() {
        ring(out, r);
    }
}

/// Reads a WKB geometry (2D, Z, M or ZM; ISO or EWKB-style flags) into 2D
/// `geo_types`; Z and M values are dropped. An empty point (NaN coordinates)
/// reads as an empty MultiPoint, since `geo_types` has no empty point.
pub fn read(wkb: &[u8]) -> Result<Geometry<f64>, WkbError> {
    Reader { buf: wkb, pos: 0 }.geometry(0)
}

/// The x/y bounds of a WKB geometry, `None` when it has no coordinates.
pub fn bounds(wkb: &[u8]) -> Result<Option<Envelope>, WkbError> {
    use geo::CoordsIter;
    let mut env = None;
    for c in read(wkb)?
        .coords_iter()
        .filter(|c| !c.x.is_nan() && !c.y.is_nan())
    {
        Envelope::include(&mut env, c.x, c.y);
    }
    Ok(env)
}

struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], WkbError> {
        let bytes = self
            .buf
            .get(self.pos..self.pos + N)
            .ok_or(WkbError::Truncated(self.pos))?;
        self.pos += N;
        let mut out = [0u8; N];
        out.copy_from_slice(bytes);
        Ok(out)
    }

    fn u32(&mut self, little: bool) -> Result<u32, WkbError> {
        let b = self.take::<4>()?;
        Ok(if little {
            u32::from_le_bytes(b)
        } else {
            u32::from_be_bytes(b)
        })
    }

    fn f64(&mut self, little: bool) -> Result<f64, WkbError> {
        let b = self.take::<8>()?;
        Ok(if little {
            f64::from_le_bytes(b)
        } else {
            f64::from_be_bytes(b)
        })
    }

    fn geometry(&mut self, depth: usize) -> Result<Geometry<f64>, WkbError> {
        if depth > MAX_DEPTH {
            return Err(WkbError::TooDeep(MAX_DEPTH));
        }
        let little = match self.take::<1>()?[0] {
            0 => false,
            1 => true,
            other => return Err(WkbError::ByteOrder(other)),
        };
        let raw = self.u32(little)?;
        // EWKB keeps Z/M/SRID in the high bits; ISO adds 1000/2000/3000.
        let ewkb_z = raw & 0x8000_0000 != 0;
        let ewkb_m = raw & 0x4000_0000 != 0;
        if raw & 0x2000_0000 != 0 {
            self.u32(little)?; // EWKB SRID
        }
        let iso = raw & 0x0FFF_FFFF;
        let (kind, iso_dims) = (iso % 1000, iso / 1000);
        let dims = match iso_dims {
            0 => 2 + usize::from(ewkb_z) + usize::from(ewkb_m),
            1 | 2 => 3,
            3 => 4,
            _ => return Err(WkbError::UnknownType(raw)),
        };
        Ok(match kind {
            POINT => match self.coords(1, dims, little)?.first() {
                Some(c) if !c.x.is_nan() && !c.y.is_nan() => Geometry::Point((*c).into()),
                _ => Geometry::MultiPoint(geo_types::MultiPoint(vec![])),
            },
            LINESTRING => Geometry::LineString(self.line(dims, little)?),
            POLYGON => Geometry::Polygon(self.polygon(dims, little)?),
            MULTIPOINT => Geometry::MultiPoint(geo_types::MultiPoint(
                self.parts(depth, little)?
                    .into_iter()
                    .filter_map(|g| match g {
                        Geometry::Point(p) => Some(Ok(p)),
                        Geometry::MultiPoint(m) if m.0.is_empty() => None,
                        _ => Some(Err(WkbError::UnknownType(raw))),
                    })
                    .collect::<Result<_, _>>()?,
            )),
            MULTILINESTRING => Geometry::MultiLineString(geo_types::MultiLineString(
                self.parts(depth, little)?
                    .into_iter()
                    .map(|g| match g {
                        Geometry::LineString(l) => Ok(l),
                        _ => Err(WkbError::UnknownType(raw)),
                    })
                    .collect::<Result<_, _>>()?,
            )),
            MULTIPOLYGON => Geometry::MultiPolygon(geo_types::MultiPolygon(
                self.parts(depth, little)?
                    .into_iter()
                    .map(|g| match g {
                        Geometry::Polygon(p) => Ok(p),
                        _ => Err(WkbError::UnknownType(raw)),
                    })
                    .collect::<Result<_, _>>()?,
            )),
            COLLECTION => Geometry::GeometryCollection(geo_types::GeometryCollection(
                self.parts(depth, little)?,
            )),
            _ => return Err(WkbError::UnknownType(raw)),
        })
    }

    fn parts(&mut self, depth: usize, little: bool) -> Result<Vec<Geometry<f64>>, WkbError> {
        let n = self.u32(little)? as usize;
        // Each part is at least 9 bytes: refuse counts the buffer cannot hold.
        if n.saturating_mul(9) > self.buf.len().saturating_sub(self.pos) {
            return Err(WkbError::Truncated(self.buf.len()));
        }
        (0..n).map(|_| self.geometry(depth + 1)).collect()
    }

    fn line(&mut self, dims: usize, little: bool) -> Result<LineString<f64>, WkbError> {
        let n = self.u32(little)? as usize;
        Ok(LineString(self.coords(n, dims, little)?))
    }

    fn polygon(&mut self, dims: usize, little: bool) -> Result<Polygon<f64>, WkbError> {
        let rings = self.u32(little)? as usize;
        if rings.saturating_mul(4) > self.buf.len().saturating_sub(self.pos) {
            return Err(WkbError::Truncated(self.buf.len()));
        }
        let mut all = (0..rings)
            .map(|_| self.line(dims, little))
            .collect::<Result<Vec<_>, _>>()?;
        if all.is_empty() {
            return Ok(Polygon::new(LineString(vec![]), vec![]));
        }
        let exterior = all.remove(0);
        Ok(Polygon::new(exterior, all))
    }

    fn coords(&mut self, n: usize, dims: usize, little: bool) -> Result<Vec<Coord<f64>>, WkbError> {
        // Refuse counts the buffer cannot hold before allocating for them.
        if n.saturating_mul(dims * 8) > self.buf.len().saturating_sub(self.pos) {
            return Err(WkbError::Truncated(self.buf.len()));
        }
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let x = self.f64(little)?;
            let y = self.f64(little)?;
            for _ in 2..dims {
                self.f64(little)?;
            }
            out.push(Coord { x, y });
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{MultiPolygon, point, polygon};

    #[test]
    fn point_is_21_bytes_little_endian() {
        let mut out = Vec::new();
        write(&Geometry::Point(point!(x: 114.3, y: 30.6)), &mut out);
        assert_eq!(out.len(), 21);
        assert_eq!(out[0], 1);
        assert_eq!(u32::from_le_bytes([out[1], out[2], out[3], out[4]]), POINT);
    }

    #[test]
    fn bounds_of_written_multipolygon_cover_every_ring() {
        let outer = polygon![(x: 113.0, y: 29.0), (x: 116.0, y: 29.0), (x: 116.0, y: 33.0), (x: 113.0, y: 29.0)];
        let far = polygon![(x: 108.0, y: 30.0), (x: 109.0, y: 30.0), (x: 109.0, y: 31.0), (x: 108.0, y: 30.0)];
        let mut out = Vec::new();
        write(
            &Geometry::MultiPolygon(MultiPolygon(vec![outer, far])),
            &mut out,
        );
        let env = bounds(&out).expect("valid wkb").expect("not empty");
        assert_eq!(
            env,
            Envelope {
                min_x: 108.0,
                max_x: 116.0,
                min_y: 29.0,
                max_y: 33.0
            }
        );
    }

    #[test]
    fn written_geometries_read_back_the_same() {
        let hole = polygon![(x: 1.0, y: 1.0), (x: 2.0, y: 1.0), (x: 2.0, y: 2.0), (x: 1.0, y: 1.0)];
        let outer = polygon!(
            exterior: [(x: 0.0, y: 0.0), (x: 4.0, y: 0.0), (x: 4.0, y: 4.0), (x: 0.0, y: 4.0), (x: 0.0, y: 0.0)],
            interiors: [[(x: 1.0, y: 1.0), (x: 2.0, y: 1.0), (x: 2.0, y: 2.0), (x: 1.0, y: 1.0)]],
        );
        for g in [
            Geometry::MultiPolygon(MultiPolygon(vec![outer, hole])),
            Geometry::Point(point!(x: 114.3, y: 30.6)),
            Geometry::GeometryCollection(geo_types::GeometryCollection(vec![Geometry::Point(
                point!(x: 1.0, y: 2.0),
            )])),
        ] {
            let mut out = Vec::new();
            write(&g, &mut out);
            assert_eq!(read(&out), Ok(g));
        }
    }

    #[test]
    fn big_endian_iso_z_point_is_read() {
        let mut wkb = vec![0u8];
        wkb.extend_from_slice(&1001u32.to_be_bytes());
        for v in [1.5f64, -2.5, 100.0] {
            wkb.extend_from_slice(&v.to_be_bytes());
        }
        assert_eq!(bounds(&wkb), Ok(Some(Envelope::of_point(1.5, -2.5))));
    }

    #[test]
    fn empty_point_has_no_bounds() {
        let mut out = Vec::new();
        header(&mut out, POINT);
        out.extend_from_slice(&f64::NAN.to_le_bytes());
        out.extend_from_slice(&f64::NAN.to_le_bytes());
        assert_eq!(bounds(&out), Ok(None));
    }

    #[test]
    fn truncated_and_hostile_counts_are_errors_not_panics() {
        let mut out = Vec::new();
        write(&Geometry::Point(point!(x: 1.0, y: 2.0)), &mut out);
        assert!(matches!(bounds(&out[..10]), Err(WkbError::Truncated(_))));
        let mut hostile = Vec::new();
        header(&mut hostile, LINESTRING);
        hostile.extend_from_slice(&u32::MAX.to_le_bytes());
        assert!(matches!(bounds(&hostile), Err(WkbError::Truncated(_))));
        assert_eq!(bounds(&[7, 1, 0, 0, 0]), Err(WkbError::ByteOrder(7)));
    }
}
