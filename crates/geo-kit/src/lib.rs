//! Pure geometry code for rscloud: no HTTP, no SQL.
//!
//! Coordinates are (lon, lat) = (x, y) everywhere.

#![warn(missing_docs)]

pub mod aoi;
pub mod area_grid;
pub mod clip;
pub mod cover_raster;
pub mod coverage;
pub mod crs;
pub mod deadline;
pub mod frykit;
pub mod gpkg;
pub mod kml;
pub mod mask;
pub mod mvt;
pub mod orbit;
pub mod packed_rtree;
pub mod quad;
pub mod set_cover;
pub mod simplify;
pub mod tile;
pub mod validity;
pub mod wkb;
pub mod wkt;

use std::hash::{BuildHasher, Hasher};

use geo_types::{LineString, MultiPolygon, Polygon};

/// Deepest nesting a geometry read from outside may have (brackets of WKT,
/// geometry collections of GeoJSON, elements of KML). Real files stay under
/// ten; the parsers recurse per level, so a bound keeps their stacks small.
pub const MAX_NESTING: usize = 32;

/// The message for a geometry nested deeper than [`MAX_NESTING`].
pub fn too_deep() -> String {
    format!("几何嵌套层数过多（上限 {MAX_NESTING} 层）")
}

/// Every ring of a polygon, exterior first.
pub fn rings(p: &Polygon<f64>) -> impl Iterator<Item = &LineString<f64>> + Clone {
    std::iter::once(p.exterior()).chain(p.interiors())
}

/// A hash of every coordinate's bits and of how they are grouped into rings
/// and polygons, for finding an area again: areas equal as geometry but
/// written differently (another first vertex, a repeated point) hash apart.
pub fn fingerprint(area: &MultiPolygon<f64>) -> u64 {
    let mut h = foldhash::fast::FixedState::default().build_hasher();
    for p in area {
        h.write_usize(p.interiors().len());
        for ring in rings(p) {
            h.write_usize(ring.0.len());
            for c in &ring.0 {
                h.write_u64(c.x.to_bits());
                h.write_u64(c.y.to_bits());
            }
        }
    }
    h.finish()
}

/// An axis-aligned bounding box in the geometry's own coordinates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Envelope {
    /// Smallest x (longitude).
    pub min_x: f64,
    /// Largest x (longitude).
    pub max_x: f64,
    /// Smallest y (latitude).
    pub min_y: f64,
    /// Largest y (latitude).
    pub max_y: f64,
}

impl Envelope {
    /// The envelope of one point.
    pub fn of_point(x: f64, y: f64) -> Self {
        Self {
            min_x: x,
            max_x: x,
            min_y: y,
            max_y: y,
        }
    }

    /// Grows the envelope to include a point.
    pub fn expand(&mut self, x: f64, y: f64) {
        self.min_x = self.min_x.min(x);
        self.max_x = self.max_x.max(x);
        self.min_y = self.min_y.min(y);
        self.max_y = self.max_y.max(y);
    }

    /// Grows the envelope to include another.
    pub fn absorb(&mut self, other: &Envelope) {
        self.min_x = self.min_x.min(other.min_x);
        self.max_x = self.max_x.max(other.max_x);
        self.min_y = self.min_y.min(other.min_y);
        self.max_y = self.max_y.max(other.max_y);
    }

    /// Whether the two envelopes share a point (touching counts).
    pub fn meets(&self, other: &Envelope) -> bool {
        self.max_x >= other.min_x
            && self.min_x <= other.max_x
            && self.max_y >= other.min_y
            && self.min_y <= other.max_y
    }

    /// Grows an optional envelope to include a point, starting it if empty.
    pub fn include(env: &mut Option<Envelope>, x: f64, y: f64) {
        match env {
            Some(e) => e.expand(x, y),
            None => *env = Some(Envelope::of_point(x, y)),
        }
    }
}
