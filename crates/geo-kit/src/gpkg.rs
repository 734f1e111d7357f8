//! GeoPackage binary geometry (OGC 12-128r18 §2.1.3): a small header with the
//! SRS id and an optional envelope, followed by standard WKB.

use geo_types::Geometry;
use thiserror::Error;

use crate::{Envelope, wkb};

/// Why a blob is not a GeoPackage geometry.
#[derive(Debug, Error, PartialEq)]
#[non_exhaustive]
pub enum GpkgError {
    /// The blob does not start with the magic bytes `GP`.
    #[error("not a GeoPackage geometry (no GP magic)")]
    Magic,
    /// Only version 0 of the binary format exists.
    #[error("GeoPackage geometry version {0} is not supported")]
    Version(u8),
    /// The envelope indicator is outside 0..=4.
    #[error("GeoPackage envelope indicator {0} is invalid")]
    EnvelopeKind(u8),
    /// The header ends before its envelope does.
    #[error("GeoPackage geometry header is truncated")]
    Truncated,
    /// The WKB after the header is broken.
    #[error(transparent)]
    Wkb(#[from] wkb::WkbError),
}

/// What the header of a GeoPackage geometry says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Header {
    /// The SRS id (`gpkg_spatial_ref_sys.srs_id`).
    pub srs_id: i32,
    /// The envelope stored in the header, if the writer stored one.
    pub envelope: Option<Envelope>,
    /// The empty-geometry flag.
    pub is_empty: bool,
    /// Where the WKB starts.
    pub wkb_offset: usize,
}

/// Encodes a geometry as GeoPackage binary: little-endian, with an XY envelope
/// (envelope indicator 1), and the empty flag for geometries without coordinates.
pub fn encode(geom: &Geometry<f64>, srs_id: i32) -> Vec<u8> {
    let mut body = Vec::new();
    wkb::write(geom, &mut body);
    // Bounds of WKB we just wrote cannot fail; an error here would be a bug in `wkb::write`.
    let env = wkb::bounds(&body).ok().flatten();
    let mut out = Vec::with_capacity(8 + 32 + body.len());
    out.extend_from_slice(b"GP");
    out.push(0);
    let flags = match env {
        Some(_) => 0b0000_0011, // little-endian, envelope [minx, maxx, miny, maxy]
        None => 0b0001_0001,    // little-endian, empty, no envelope
    };
    out.push(flags);
    out.extend_from_slice(&srs_id.to_le_bytes());
    if let Some(e) = env {
        for v in [e.min_x, e.max_x, e.min_y, e.max_y] {
            out.extend_from_slice(&v.to_le_bytes());
        }
    }
    out.extend_from_slice(&body);
    out
}

/// Reads the header of a GeoPackage geometry blob.
pub fn header(blob: &[u8]) -> Result<Header, GpkgError> {
    if blob.get(0..2) != Some(b"GP") {
        return Err(GpkgError::Magic);
    }
    let version = *blob.get(2).ok_or(GpkgError::Truncated)?;
    if version != 0 {
        return Err(GpkgError::Version(version));
    }
    let flags = *blob.get(3).ok_or(GpkgError::Truncated)?;
    let little = flags & 1 == 1;
    let kind = (flags >> 1) & 0b111;
    let is_empty = flags & 0b1_0000 != 0;
    let doubles = match kind {
        0 => 0,
        1 => 4,
        2 | 3 => 6,
        4 => 8,
        other => return Err(GpkgError::EnvelopeKind(other)),
    };
    let wkb_offset = 8 + doubles * 8;
    if blob.len() < wkb_offset {
        return Err(GpkgError::Truncated);
    }
    let read_i32 = |b: [u8; 4]| {
        if little {
            i32::from_le_bytes(b)
        } else {
            i32::from_be_bytes(b)
        }
    };
    let read_f64 = |i: usize| {
        let mut b = [0u8; 8];
        b.copy_from_slice(&blob[8 + i * 8..16 + i * 8]);
        if little {
            f64::from_le_bytes(b)
        } else {
            f64::from_be_bytes(b)
        }
    };
    let srs_id = read_i32([blob[4], blob[5], blob[6], blob[7]]);
    let envelope = (doubles > 0).then(|| Envelope {
        min_x: read_f64(0),
        max_x: read_f64(1),
        min_y: read_f64(2),
        max_y: read_f64(3),
    });
    Ok(Header {
        srs_id,
        envelope,
        is_empty,
        wkb_offset,
    })
}

/// The envelope of a GeoPackage geometry: from its header when stored there,
/// otherwise computed from the WKB; `None` for an empty geometry.
pub fn envelope(blob: &[u8]) -> Result<Option<Envelope>, GpkgError> {
    let h = header(blob)?;
    if h.is_empty {
        return Ok(None);
    }
    match h.envelope {
        Some(e) => Ok(Some(e)),
        None => Ok(wkb::bounds(&blob[h.wkb_offset..])?),
    }
}

/// Decodes a GeoPackage geometry blob into 2D `geo_types`.
pub fn decode(blob: &[u8]) -> Result<Geometry<f64>, GpkgError> {
    let h = header(blob)?;
    Ok(wkb::read(&blob[h.wkb_offset..])?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{GeometryCollection, point, polygon};

    #[test]
    fn encoded_polygon_has_header_envelope_and_srs() {
        let hubei_box = polygon![(x: 108.3, y: 29.0), (x: 116.1, y: 29.0), (x: 116.1, y: 33.3), (x: 108.3, y: 29.0)];
        let blob = encode(&Geometry::Polygon(hubei_box), 4326);
        let h = header(&blob).expect("valid header");
        assert_eq!(h.srs_id, 4326);
        assert!(!h.is_empty);
        assert_eq!(h.wkb_offset, 40);
        assert_eq!(
            envelope(&blob),
            Ok(Some(Envelope {
                min_x: 108.3,
                max_x: 116.1,
                min_y: 29.0,
                max_y: 33.3
            }))
        );
    }

    #[test]
    fn encoded_geometry_decodes_back() {
        let g = Geometry::Point(point!(x: 114.3, y: 30.6));
        assert_eq!(decode(&encode(&g, 4326)), Ok(g));
    }

    #[test]
    fn empty_collection_is_flagged_empty() {
        let blob = encode(
            &Geometry::GeometryCollection(GeometryCollection(vec![])),
            4326,
        );
        assert!(header(&blob).expect("valid").is_empty);
        assert_eq!(envelope(&blob), Ok(None));
    }

    #[test]
    fn point_without_header_envelope_is_read_from_wkb() {
        // GDAL writes points with envelope indicator 0.
        let mut blob = vec![b'G', b'P', 0, 0b0000_0001];
        blob.extend_from_slice(&4326i32.to_le_bytes());
        wkb::write(&Geometry::Point(point!(x: 114.4, y: 30.5)), &mut blob);
        assert_eq!(envelope(&blob), Ok(Some(Envelope::of_point(114.4, 30.5))));
    }

    #[test]
    fn garbage_is_refused() {
        assert_eq!(header(b"XX\0\x01"), Err(GpkgError::Magic));
        assert_eq!(header(b"GP\x01\x01aaaa"), Err(GpkgError::Version(1)));
        assert_eq!(header(b"GP\0\x0Faaaa"), Err(GpkgError::EnvelopeKind(7)));
        assert_eq!(header(b"GP\0\x03aaaa"), Err(GpkgError::Truncated));
    }
}
