//! Mapbox Vector Tile 2.1 encoding, with the protobuf written by hand: the
//! schema is four small messages, and a dozen lines of varints are easier to
//! read and to trust than generated code.
//!
//! Geometries come in tile pixel coordinates (x right, y down, 0..extent), as
//! [`crate::tile::TileTransform::project_clipped`] produces them:
//!
//! ```
//! use geo_kit::mvt::{Layer, Tile, Value};
//! use geo_kit::tile::{TileId, TileTransform};
//! use geo_types::{Geometry, point};
//!
//! let tt = TileTransform::new(TileId::containing(114.3, 30.6, 8), 4096, 64);
//! let wuhan = Geometry::Point(point!(x: 114.3, y: 30.6));
//! let mut layer = Layer::new("region", 4096);
//! if let Some(g) = tt.project_clipped(&wuhan) {
//!     layer.add_feature(Some(420100), &g, [("name", Value::from("武汉市"))]);
//! }
//! let mut tile = Tile::new();
//! tile.add_layer(layer).expect("one layer of that name");
//! let bytes = tile.encode();
//! assert!(!bytes.is_empty()); // an empty tile encodes to no bytes: answer 204
//! ```
//!
//! Coordinates are rounded to whole units; consecutive repeats are dropped (the
//! spec forbids zero-length LineTo), and rings left with fewer than three
//! points or no area are dropped, a polygon with its exterior. Exterior rings
//! are written with positive area in tile coordinates (clockwise on screen),
//! holes with negative area, whatever the input orientation.

pub mod decode;

use std::collections::HashMap;

use geo_types::{Coord, Geometry, LineString, Polygon};
use thiserror::Error;

/// The MVT version written in every layer.
pub const VERSION: u32 = 2;

/// Why a tile could not be built or read.
#[derive(Debug, Error, PartialEq)]
#[non_exhaustive]
pub enum MvtError {
    /// Two layers of one tile have the same name, which the spec forbids.
    #[error("the tile already has a layer named {0:?}")]
    DuplicateLayer(String),
    /// The bytes end inside a field.
    #[error("vector tile ends early at byte {0}")]
    Truncated(usize),
    /// A varint longer than ten bytes or beyond 64 bits.
    #[error("vector tile has a broken varint at byte {0}")]
    Varint(usize),
    /// A protobuf wire type that MVT never uses (groups) or that does not exist.
    #[error("vector tile uses protobuf wire type {0}")]
    WireType(u8),
    /// A string field is not UTF-8.
    #[error("vector tile has a string that is not UTF-8")]
    Utf8,
    /// A layer without its required name.
    #[error("vector tile layer has no name")]
    NoName,
    /// A value message with none of the value fields.
    #[error("vector tile value has no content")]
    EmptyValue,
    /// Feature tags that are odd in number or point past the keys or values.
    #[error("vector tile feature tags are broken")]
    Tags,
    /// A geometry command stream that does not follow the spec.
    #[error("vector tile geometry is broken: {0}")]
    Geometry(&'static str),
}

/// A property value. Floats are compared by their bits when values are
/// deduplicated, so every NaN with the same bits is one value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `string_value`.
    String(String),
    /// `float_value`.
    Float(f32),
    /// `double_value`.
    Double(f64),
    /// `sint_value` (zigzag, short for small negative numbers too).
    Int(i64),
    /// `uint_value`.
    UInt(u64),
    /// `bool_value`.
    Bool(bool),
}

impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::String(v.to_owned())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::String(v)
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::Int(v)
    }
}

impl From<i32> for Value {
    fn from(v: i32) -> Self {
        Value::Int(i64::from(v))
    }
}

impl From<u64> for Value {
    fn from(v: u64) -> Self {
        Value::UInt(v)
    }
}

impl From<u32> for Value {
    fn from(v: u32) -> Self {
        Value::UInt(u64::from(v))
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Self {
        Value::Double(v)
    }
}

impl From<f32> for Value {
    fn from(v: f32) -> Self {
        Value::Float(v)
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::Bool(v)
    }
}

/// `Value` with floats as bits, so it can key a hash map.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum ValueKey {
    String(String),
    Float(u32),
    Double(u64),
    Int(i64),
    UInt(u64),
    Bool(bool),
}

impl From<Value> for ValueKey {
    fn from(v: Value) -> Self {
        match v {
            Value::String(s) => ValueKey::String(s),
            Value::Float(f) => ValueKey::Float(f.to_bits()),
            Value::Double(d) => ValueKey::Double(d.to_bits()),
            Value::Int(i) => ValueKey::Int(i),
            Value::UInt(u) => ValueKey::UInt(u),
            Value::Bool(b) => ValueKey::Bool(b),
        }
    }
}

impl From<&ValueKey> for Value {
    fn from(k: &ValueKey) -> Self {
        match k {
            ValueKey::String(s) => Value::String(s.clone()),
            ValueKey::Float(f) => Value::Float(f32::from_bits(*f)),
            ValueKey::Double(d) => Value::Double(f64::from_bits(*d)),
            ValueKey::Int(i) => Value::Int(*i),
            ValueKey::UInt(u) => Value::UInt(*u),
            ValueKey::Bool(b) => Value::Bool(*b),
        }
    }
}

/// The hasher of a layer's key and value tables: a tile hashes every property of every
/// feature, and SipHash's resistance to chosen collisions buys nothing for tables that
/// live one request.
type Fast = foldhash::fast::RandomState;

/// The MVT geometry types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GeomType {
    /// 0: not one of the others.
    Unknown,
    /// 1: one or more points.
    Point,
    /// 2: one or more lines.
    LineString,
    /// 3: one or more polygons.
    Polygon,
}

impl GeomType {
    /// The enum number in the protobuf.
    pub fn code(self) -> u64 {
        match self {
            GeomType::Unknown => 0,
            GeomType::Point => 1,
            GeomType::LineString => 2,
            GeomType::Polygon => 3,
        }
    }
}

/// One layer being built: features, and the keys and values they share.
#[derive(Debug, Clone)]
pub struct Layer {
    name: String,
    extent: u32,
    keys: Vec<String>,
    key_index: HashMap<String, u32, Fast>,
    values: Vec<Value>,
    value_index: HashMap<ValueKey, u32, Fast>,
    /// The encoded `Feature` messages, one after another, and where each ends.
    features: Vec<u8>,
    feature_ends: Vec<usize>,
    /// Buffers every feature reuses: a layer of thousands of small features allocates
    /// nothing per feature.
    scratch: Scratch,
}

/// What [`Layer::add_feature`] works in.
#[derive(Debug, Clone, Default)]
struct Scratch {
    parts: Parts,
    ring: Vec<Px>,
    tags: Vec<u32>,
    commands: Vec<u32>,
}

impl Layer {
    /// An empty layer; `extent` is the tile's units per side (4096 usually).
    pub fn new(name: impl Into<String>, extent: u32) -> Self {
        Self {
            name: name.into(),
            extent,
            keys: Vec::new(),
            key_index: HashMap::default(),
            values: Vec::new(),
            value_index: HashMap::default(),
            features: Vec::new(),
            feature_ends: Vec::new(),
            scratch: Scratch::default(),
        }
    }

    /// The layer's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Units per tile side.
    pub fn extent(&self) -> u32 {
        self.extent
    }

    /// How many features the layer holds.
    pub fn len(&self) -> usize {
        self.feature_ends.len()
    }

    /// True when no feature was added (or every one vanished when rounded).
    pub fn is_empty(&self) -> bool {
        self.feature_ends.is_empty()
    }

    /// Adds a feature from a geometry in tile pixel coordinates and returns
    /// how many MVT features were written: 0 when nothing is left after
    /// rounding, 1 usually, and up to 3 for a collection mixing points, lines
    /// and polygons (an MVT feature holds one kind; they share id and
    /// properties). A repeated key keeps its first value.
    pub fn add_feature<K: AsRef<str>>(
        &mut self,
        id: Option<u64>,
        geometry: &Geometry<f64>,
        properties: impl IntoIterator<Item = (K, Value)>,
    ) -> usize {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.parts.clear();
        scratch.parts.collect(geometry, &mut scratch.ring);
        let Scratch {
            parts,
            tags,
            commands,
            ..
        } = &mut scratch;
        let mut properties = Some(properties);
        let mut written = 0;
        for kind in [GeomType::Point, GeomType::LineString, GeomType::Polygon] {
            parts.commands(kind, commands);
            if commands.is_empty() {
                continue;
            }
            if let Some(properties) = properties.take() {
                self.tags(properties, tags);
            }
            if let Some(id) = id {
                put_varint_field(&mut self.features, 1, id);
            }
            put_packed(&mut self.features, 2, tags);
            put_varint_field(&mut self.features, 3, kind.code());
            put_packed(&mut self.features, 4, commands);
            self.feature_ends.push(self.features.len());
            written += 1;
        }
        self.scratch = scratch;
        written
    }

    /// The tags (key and value numbers) of a feature's properties into `tags`.
    fn tags<K: AsRef<str>>(
        &mut self,
        properties: impl IntoIterator<Item = (K, Value)>,
        tags: &mut Vec<u32>,
    ) {
        tags.clear();
        for (k, v) in properties {
            let k = k.as_ref();
            let key = match self.key_index.get(k) {
                Some(&i) => i,
                None => {
                    let i = index_u32(self.keys.len());
                    self.keys.push(k.to_owned());
                    self.key_index.insert(k.to_owned(), i);
                    i
                }
            };
            // A repeated key keeps its first value: keys sit at the even places.
            if tags.iter().step_by(2).any(|&t| t == key) {
                continue;
            }
            let vk = ValueKey::from(v);
            let value = match self.value_index.get(&vk) {
                Some(&i) => i,
                None => {
                    let i = index_u32(self.values.len());
                    self.values.push(Value::from(&vk));
                    self.value_index.insert(vk, i);
                    i
                }
            };
            tags.extend([key, value]);
        }
    }

    /// The layer as a protobuf `Layer` message (without the tile's field key).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        put_bytes_field(&mut out, 1, self.name.as_bytes());
        let mut start = 0;
        for &end in &self.feature_ends {
            put_bytes_field(&mut out, 2, &self.features[start..end]);
            start = end;
        }
        for k in &self.keys {
            put_bytes_field(&mut out, 3, k.as_bytes());
        }
        for v in &self.values {
            let mut m = Vec::new();
            match v {
                Value::String(s) => put_bytes_field(&mut m, 1, s.as_bytes()),
                Value::Float(f) => {
                    put_key(&mut m, 2, WIRE_FIXED32);
                    m.extend_from_slice(&f.to_le_bytes());
                }
                Value::Double(d) => {
                    put_key(&mut m, 3, WIRE_FIXED64);
                    m.extend_from_slice(&d.to_le_bytes());
                }
                Value::UInt(u) => put_varint_field(&mut m, 5, *u),
                Value::Int(i) => put_varint_field(&mut m, 6, zigzag64(*i)),
                Value::Bool(b) => put_varint_field(&mut m, 7, u64::from(*b)),
            }
            put_bytes_field(&mut out, 4, &m);
        }
        put_varint_field(&mut out, 5, u64::from(self.extent));
        put_varint_field(&mut out, 15, u64::from(VERSION));
        out
    }
}

/// A tile: named layers. Layers without features are left out when encoding.
#[derive(Debug, Clone, Default)]
pub struct Tile {
    layers: Vec<Layer>,
}

impl Tile {
    /// A tile with no layers.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a layer; a second layer with the same name is refused.
    pub fn add_layer(&mut self, layer: Layer) -> Result<(), MvtError> {
        if self.layers.iter().any(|l| l.name == layer.name) {
            return Err(MvtError::DuplicateLayer(layer.name));
        }
        self.layers.push(layer);
        Ok(())
    }

    /// True when no layer has a feature: such a tile encodes to zero bytes,
    /// and the tile service answers 204 for it.
    pub fn is_empty(&self) -> bool {
        self.layers.iter().all(Layer::is_empty)
    }

    /// The protobuf `Tile` message; empty (zero bytes) when [`Tile::is_empty`].
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for layer in self.layers.iter().filter(|l| !l.is_empty()) {
            put_bytes_field(&mut out, 3, &layer.encode());
        }
        out
    }
}

// ---- geometry ----

type Px = (i32, i32);

/// A geometry rounded to whole units and sorted by MVT kind, each kind's vertices one
/// after another with where each line or ring ends.
#[derive(Debug, Clone, Default)]
struct Parts {
    points: Vec<Px>,
    lines: Vec<Px>,
    line_ends: Vec<usize>,
    /// Rings cleaned and oriented, each polygon's exterior followed by its holes.
    rings: Vec<Px>,
    ring_ends: Vec<usize>,
}

/// Keeps coordinates far from `i32` overflow, so deltas fit too; real tile
/// coordinates are within a few thousand of zero.
const COORD_LIMIT: f64 = (1 << 29) as f64;

fn px(c: Coord<f64>) -> Px {
    // Clamped to ±2^29 first, so the casts are exact; NaN becomes 0.
    let r = |v: f64| v.round().clamp(-COORD_LIMIT, COORD_LIMIT) as i32;
    (r(c.x), r(c.y))
}

impl Parts {
    fn clear(&mut self) {
        self.points.clear();
        self.lines.clear();
        self.line_ends.clear();
        self.rings.clear();
        self.ring_ends.clear();
    }

    /// Adds a geometry's parts; `ring` is room to clean a ring in.
    fn collect(&mut self, g: &Geometry<f64>, ring: &mut Vec<Px>) {
        match g {
            Geometry::Point(p) => self.points.push(px(p.0)),
            Geometry::MultiPoint(mp) => self.points.extend(mp.0.iter().map(|p| px(p.0))),
            Geometry::Line(l) => self.line(&[l.start, l.end]),
            Geometry::LineString(ls) => self.line(&ls.0),
            Geometry::MultiLineString(mls) => mls.0.iter().for_each(|ls| self.line(&ls.0)),
            Geometry::Polygon(p) => self.polygon(p, ring),
            Geometry::MultiPolygon(mp) => mp.0.iter().for_each(|p| self.polygon(p, ring)),
            Geometry::Rect(r) => self.polygon(&r.to_polygon(), ring),
            Geometry::Triangle(t) => self.polygon(&t.to_polygon(), ring),
            Geometry::GeometryCollection(gc) => gc.0.iter().for_each(|g| self.collect(g, ring)),
        }
    }

    fn line(&mut self, coords: &[Coord<f64>]) {
        let start = self.lines.len();
        for &c in coords {
            let p = px(c);
            if self.lines.len() == start || self.lines.last() != Some(&p) {
                self.lines.push(p);
            }
        }
        if self.lines.len() - start >= 2 {
            self.line_ends.push(self.lines.len());
        } else {
            self.lines.truncate(start);
        }
    }

    fn polygon(&mut self, p: &Polygon<f64>, ring: &mut Vec<Px>) {
        if !clean_ring(p.exterior(), true, ring) {
            return;
        }
        self.push_ring(ring);
        for hole in p.interiors() {
            if clean_ring(hole, false, ring) {
                self.push_ring(ring);
            }
        }
    }

    fn push_ring(&mut self, ring: &[Px]) {
        self.rings.extend_from_slice(ring);
        self.ring_ends.push(self.rings.len());
    }

    /// The geometry commands of one kind's parts into `out` (empty when it has none).
    fn commands(&self, kind: GeomType, out: &mut Vec<u32>) {
        out.clear();
        let mut pen = Pen { at: (0, 0), out };
        match kind {
            GeomType::Point => {
                for chunk in self.points.chunks(MAX_COUNT) {
                    pen.out.push(command(MOVE_TO, chunk.len()));
                    for &p in chunk {
                        pen.step(p);
                    }
                }
            }
            GeomType::LineString => pen.paths(&self.lines, &self.line_ends, false),
            GeomType::Polygon => pen.paths(&self.rings, &self.ring_ends, true),
            GeomType::Unknown => {}
        }
    }
}

/// A ring rounded into `pts`, without repeats or the closing point, oriented (positive
/// area in tile coordinates for an exterior); false if degenerate.
fn clean_ring(ls: &LineString<f64>, exterior: bool, pts: &mut Vec<Px>) -> bool {
    pts.clear();
    pts.extend(ls.0.iter().map(|c| px(*c)));
    pts.dedup();
    while pts.len() > 1 && pts.first() == pts.last() {
        pts.pop();
    }
    if pts.len() < 3 {
        return false;
    }
    let area = area2(pts);
    if area == 0 {
        return false;
    }
    if (area > 0) != exterior {
        // Turned round about its first point, so the ring keeps its start.
        pts[1..].reverse();
    }
    true
}

/// Twice the signed area of an open ring, exact: i128 cannot overflow for
/// any number of i32 vertices that fits in memory.
pub(crate) fn area2(pts: &[Px]) -> i128 {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let (x0, y0) = pts[i];
            let (x1, y1) = pts[(i + 1) % n];
            i128::from(x0) * i128::from(y1) - i128::from(x1) * i128::from(y0)
        })
        .sum()
}

const MOVE_TO: u32 = 1;
const LINE_TO: u32 = 2;
const CLOSE_PATH: u32 = 7;
/// Command counts have 29 bits.
const MAX_COUNT: usize = (1 << 29) - 1;

fn command(id: u32, count: usize) -> u32 {
    // Callers chunk by MAX_COUNT, so the count fits its 29 bits.
    (id & 0x7) | ((count.min(MAX_COUNT) as u32) << 3)
}

fn zigzag32(v: i32) -> u32 {
    ((v << 1) ^ (v >> 31)) as u32
}

fn zigzag64(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

struct Pen<'a> {
    at: Px,
    out: &'a mut Vec<u32>,
}

impl Pen<'_> {
    fn step(&mut self, p: Px) {
        // Coordinates are within ±2^29, so deltas fit an i32.
        self.out.push(zigzag32(p.0 - self.at.0));
        self.out.push(zigzag32(p.1 - self.at.1));
        self.at = p;
    }

    fn move_to(&mut self, p: Px) {
        self.out.push(command(MOVE_TO, 1));
        self.step(p);
    }

    fn line_to(&mut self, pts: &[Px]) {
        for chunk in pts.chunks(MAX_COUNT) {
            self.out.push(command(LINE_TO, chunk.len()));
            for &p in chunk {
                self.step(p);
            }
        }
    }

    /// Lines or rings (closed) stored one after another in `pts`, ending at `ends`.
    fn paths(&mut self, pts: &[Px], ends: &[usize], close: bool) {
        let mut start = 0;
        for &end in ends {
            let path = &pts[start..end];
            self.move_to(path[0]);
            self.line_to(&path[1..]);
            if close {
                self.out.push(command(CLOSE_PATH, 1));
            }
            start = end;
        }
    }
}

// ---- protobuf writing ----

const WIRE_VARINT: u8 = 0;
const WIRE_FIXED64: u8 = 1;
const WIRE_LEN: u8 = 2;
const WIRE_FIXED32: u8 = 5;

fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn put_key(out: &mut Vec<u8>, field: u32, wire: u8) {
    put_varint(out, (u64::from(field) << 3) | u64::from(wire));
}

fn put_varint_field(out: &mut Vec<u8>, field: u32, v: u64) {
    put_key(out, field, WIRE_VARINT);
    put_varint(out, v);
}

fn put_bytes_field(out: &mut Vec<u8>, field: u32, bytes: &[u8]) {
    put_key(out, field, WIRE_LEN);
    put_varint(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

/// Bytes of a varint.
fn varint_len(v: u64) -> u64 {
    u64::from((64 - (v | 1).leading_zeros()).div_ceil(7))
}

fn put_packed(out: &mut Vec<u8>, field: u32, values: &[u32]) {
    if values.is_empty() {
        return;
    }
    put_key(out, field, WIRE_LEN);
    put_varint(out, values.iter().map(|&v| varint_len(u64::from(v))).sum());
    for &v in values {
        put_varint(out, u64::from(v));
    }
}

fn index_u32(n: usize) -> u32 {
    // A layer with four billion distinct keys or values cannot be built in memory.
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::decode::{self, Feature};
    use super::*;
    use geo_types::{
        GeometryCollection, LineString, MultiPoint, MultiPolygon, Point, line_string, polygon,
    };

    fn one_layer(features: &[(Option<u64>, Geometry<f64>)]) -> decode::Tile {
        let mut layer = Layer::new("region", 4096);
        for (id, g) in features {
            layer.add_feature(*id, g, [("code", Value::from(420000u32))]);
        }
        let mut tile = Tile::new();
        tile.add_layer(layer).expect("unique");
        decode::decode(&tile.encode()).expect("decodes")
    }

    fn only_feature(t: &decode::Tile) -> &Feature {
        assert_eq!(t.layers.len(), 1);
        assert_eq!(t.layers[0].features.len(), 1);
        &t.layers[0].features[0]
    }

    #[test]
    fn spec_example_polygon_encodes_to_the_spec_commands() {
        // MVT 2.1 §4.3.5.3: the polygon (3,6) (8,12) (20,34), clockwise on screen.
        let mut layer = Layer::new("l", 4096);
        let tri =
            polygon![(x: 3.0, y: 6.0), (x: 8.0, y: 12.0), (x: 20.0, y: 34.0), (x: 3.0, y: 6.0)];
        assert_eq!(
            layer.add_feature::<&str>(None, &Geometry::Polygon(tri), []),
            1
        );
        let mut tile = Tile::new();
        tile.add_layer(layer).expect("unique");
        let t = decode::decode(&tile.encode()).expect("decodes");
        assert_eq!(
            only_feature(&t).commands,
            vec![9, 6, 12, 18, 10, 12, 24, 44, 15]
        );
    }

    #[test]
    fn polygon_with_hole_round_trips_with_mvt_winding() {
        // Given counter-clockwise on screen (negative area with y down) with a
        // hole given the same way round: both must be turned.
        let exterior = line_string![(x: 0.0, y: 0.0), (x: 0.0, y: 100.0), (x: 100.0, y: 100.0), (x: 100.0, y: 0.0), (x: 0.0, y: 0.0)];
        let hole = line_string![(x: 20.0, y: 20.0), (x: 20.0, y: 40.0), (x: 40.0, y: 40.0), (x: 40.0, y: 20.0), (x: 20.0, y: 20.0)];
        let p = Polygon::new(exterior, vec![hole]);
        let t = one_layer(&[(Some(420100), Geometry::Polygon(p))]);
        let f = only_feature(&t);
        assert_eq!(f.id, Some(420100));
        assert_eq!(f.kind, GeomType::Polygon);
        assert_eq!(f.properties, vec![("code".to_owned(), Value::UInt(420000))]);
        let Geometry::Polygon(back) = f.geometry().expect("valid") else {
            panic!("one polygon")
        };
        let ext: Vec<Px> = back.exterior().0.iter().map(|c| (c.x, c.y)).collect();
        let hole: Vec<Px> = back.interiors()[0].0.iter().map(|c| (c.x, c.y)).collect();
        assert_eq!(ext, vec![(0, 0), (100, 0), (100, 100), (0, 100), (0, 0)]);
        assert!(area2(&ext[..4]) > 0 && area2(&hole[..4]) < 0);
        assert_eq!(hole.len(), 5);
        let mut corners = hole[..4].to_vec();
        corners.sort_unstable();
        assert_eq!(corners, vec![(20, 20), (20, 40), (40, 20), (40, 40)]);
    }

    #[test]
    fn rounding_drops_repeats_and_collapsed_rings() {
        // Vertices closer than half a unit merge; a sliver of zero area goes.
        let jittery = polygon![
            (x: 10.2, y: 10.1), (x: 10.4, y: 9.9), (x: 50.0, y: 10.0), (x: 50.0, y: 50.0), (x: 10.0, y: 10.0),
        ];
        let sliver =
            polygon![(x: 0.0, y: 0.0), (x: 0.3, y: 30.0), (x: 0.1, y: 60.0), (x: 0.0, y: 0.0)];
        let mp = MultiPolygon(vec![jittery, sliver]);
        let t = one_layer(&[(None, Geometry::MultiPolygon(mp))]);
        let f = only_feature(&t);
        // MoveTo, LineTo(2), ClosePath: the jittery start became one point.
        assert_eq!(f.commands.len(), 1 + 2 + 1 + 4 + 1);
        let mut empty = Layer::new("l", 4096);
        let sliver =
            polygon![(x: 0.0, y: 0.0), (x: 0.3, y: 30.0), (x: 0.1, y: 60.0), (x: 0.0, y: 0.0)];
        assert_eq!(
            empty.add_feature::<&str>(None, &Geometry::Polygon(sliver), []),
            0
        );
        assert!(empty.is_empty());
    }

    #[test]
    fn lines_and_points_use_move_and_line_commands() {
        let line = line_string![(x: 2.0, y: 2.0), (x: 2.0, y: 10.0), (x: 2.0, y: 10.2), (x: 10.0, y: 10.0)];
        let t = one_layer(&[(None, Geometry::LineString(line))]);
        // §4.3.5.2's line, with the repeated (2,10) dropped.
        assert_eq!(only_feature(&t).commands, vec![9, 4, 4, 18, 0, 16, 16, 0]);
        let pts = MultiPoint(vec![Point::new(5.0, 7.0), Point::new(3.0, 2.0)]);
        let t = one_layer(&[(None, Geometry::MultiPoint(pts))]);
        // §4.3.5.1's multipoint.
        assert_eq!(only_feature(&t).commands, vec![17, 10, 14, 3, 9]);
        assert!(
            matches!(only_feature(&t).geometry(), Ok(Geometry::MultiPoint(m)) if m.0.len() == 2)
        );
    }

    #[test]
    fn keys_and_values_are_shared_between_features() {
        let mut layer = Layer::new("region", 4096);
        let g = Geometry::Point(Point::new(1.0, 1.0));
        layer.add_feature(
            Some(1),
            &g,
            [
                ("name", Value::from("湖北省")),
                ("level", Value::from(1i64)),
                ("name", Value::from("dup")),
            ],
        );
        layer.add_feature(
            Some(2),
            &g,
            [
                ("name", Value::from("湖南省")),
                ("level", Value::from(1i64)),
                ("ok", Value::from(true)),
            ],
        );
        layer.add_feature(
            Some(3),
            &g,
            [
                ("area", Value::from(18.59f64)),
                ("d", Value::from(-7i64)),
                ("f", Value::from(0.5f32)),
            ],
        );
        let mut tile = Tile::new();
        tile.add_layer(layer).expect("unique");
        let t = decode::decode(&tile.encode()).expect("decodes");
        let l = &t.layers[0];
        assert_eq!((l.version, l.extent, l.name.as_str()), (2, 4096, "region"));
        assert_eq!(l.keys, vec!["name", "level", "ok", "area", "d", "f"]);
        assert_eq!(l.values.len(), 7, "湖北省, 1, 湖南省, true, 18.59, -7, 0.5");
        assert_eq!(
            l.features[0].properties,
            vec![
                ("name".to_owned(), Value::from("湖北省")),
                ("level".to_owned(), Value::Int(1))
            ]
        );
        assert_eq!(
            l.features[2].properties[1],
            ("d".to_owned(), Value::Int(-7))
        );
        assert_eq!(
            l.features[2].properties[2],
            ("f".to_owned(), Value::Float(0.5))
        );
    }

    #[test]
    fn empty_layers_are_omitted_and_an_empty_tile_has_no_bytes() {
        let mut tile = Tile::new();
        tile.add_layer(Layer::new("region", 4096)).expect("unique");
        assert!(tile.is_empty());
        assert!(tile.encode().is_empty());
        let mut layer = Layer::new("global_region", 4096);
        layer.add_feature::<&str>(None, &Geometry::Point(Point::new(1.0, 2.0)), []);
        tile.add_layer(layer).expect("unique");
        assert!(!tile.is_empty());
        let t = decode::decode(&tile.encode()).expect("decodes");
        assert_eq!(t.layers.len(), 1);
        assert_eq!(t.layers[0].name, "global_region");
        assert_eq!(
            tile.add_layer(Layer::new("region", 4096)),
            Err(MvtError::DuplicateLayer("region".into()))
        );
        // Decoding zero bytes is a tile with no layers.
        assert_eq!(decode::decode(&[]).expect("empty").layers.len(), 0);
    }

    #[test]
    fn mixed_collection_becomes_one_feature_per_kind() {
        let gc = GeometryCollection(vec![
            Geometry::Point(Point::new(1.0, 1.0)),
            Geometry::LineString(LineString::from(vec![(0.0, 0.0), (5.0, 5.0)])),
            Geometry::Polygon(
                polygon![(x: 0.0, y: 0.0), (x: 9.0, y: 0.0), (x: 9.0, y: 9.0), (x: 0.0, y: 0.0)],
            ),
        ]);
        let mut layer = Layer::new("l", 4096);
        assert_eq!(
            layer.add_feature(
                Some(7),
                &Geometry::GeometryCollection(gc),
                [("k", Value::from("v"))]
            ),
            3
        );
        let mut tile = Tile::new();
        tile.add_layer(layer).expect("unique");
        let t = decode::decode(&tile.encode()).expect("decodes");
        let kinds: Vec<GeomType> = t.layers[0].features.iter().map(|f| f.kind).collect();
        assert_eq!(
            kinds,
            vec![GeomType::Point, GeomType::LineString, GeomType::Polygon]
        );
        assert!(t.layers[0].features.iter().all(|f| f.id == Some(7)));
    }

    #[test]
    fn lonlat_region_through_transform_and_encoder() {
        use crate::tile::{TileId, TileTransform};
        // A box around Wuhan, counter-clockwise in lon/lat (y up), at z8.
        let tile = TileId::containing(114.3, 30.6, 8);
        let tt = TileTransform::new(tile, 4096, 64);
        let b = tile.bounds_lonlat();
        let w = b.max_x - b.min_x;
        let h = b.max_y - b.min_y;
        let boxed = polygon![
            (x: b.min_x + w * 0.25, y: b.min_y + h * 0.25), (x: b.min_x + w * 0.75, y: b.min_y + h * 0.25),
            (x: b.min_x + w * 0.75, y: b.min_y + h * 0.75), (x: b.min_x + w * 0.25, y: b.min_y + h * 0.75),
            (x: b.min_x + w * 0.25, y: b.min_y + h * 0.25),
        ];
        let g = tt
            .project_clipped(&Geometry::Polygon(boxed))
            .expect("inside");
        let t = one_layer(&[(Some(420100), g)]);
        let Ok(Geometry::Polygon(p)) = only_feature(&t).geometry() else {
            panic!("a polygon")
        };
        let ring: Vec<Px> = p.exterior().0.iter().map(|c| (c.x, c.y)).collect();
        assert!(area2(&ring[..4]) > 0, "clockwise on screen");
        // x is linear in longitude; y only roughly at the quarter marks (Mercator).
        assert!(
            ring.iter().all(|&(x, _)| x == 1024 || x == 3072),
            "{ring:?}"
        );
        assert!(
            ring.iter()
                .all(|&(_, y)| (1000..=1050).contains(&y) || (3050..=3100).contains(&y)),
            "{ring:?}"
        );
    }
}
