//! A small MVT reader: enough to check in tests what the encoder and the tile
//! service produce (layers, ids, properties, geometry in tile coordinates),
//! and strict enough to refuse broken or hostile bytes with an error.

use geo_types::{
    Coord, Geometry, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon,
};

use super::{GeomType, MvtError, Value};

/// A decoded tile.
#[derive(Debug, Clone, PartialEq)]
pub struct Tile {
    /// The layers, in the order written.
    pub layers: Vec<Layer>,
}

impl Tile {
    /// The layer with this name, if any.
    pub fn layer(&self, name: &str) -> Option<&Layer> {
        self.layers.iter().find(|l| l.name == name)
    }
}

/// A decoded layer.
#[derive(Debug, Clone, PartialEq)]
pub struct Layer {
    /// `version` (1 when absent).
    pub version: u32,
    /// `name`.
    pub name: String,
    /// `extent` (4096 when absent).
    pub extent: u32,
    /// The layer's key table.
    pub keys: Vec<String>,
    /// The layer's value table.
    pub values: Vec<Value>,
    /// The features, with their tags resolved.
    pub features: Vec<Feature>,
}

/// A decoded feature.
#[derive(Debug, Clone, PartialEq)]
pub struct Feature {
    /// `id`, when written.
    pub id: Option<u64>,
    /// `type`.
    pub kind: GeomType,
    /// The properties, in tag order.
    pub properties: Vec<(String, Value)>,
    /// The raw geometry command integers.
    pub commands: Vec<u32>,
}

impl Feature {
    /// The property with this key.
    pub fn property(&self, key: &str) -> Option<&Value> {
        self.properties
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// The geometry in tile coordinates: a point or multipoint, a line or
    /// multiline, a polygon or multipolygon (rings closed; a ring with
    /// positive area starts a polygon, a negative one is a hole of it).
    pub fn geometry(&self) -> Result<Geometry<i32>, MvtError> {
        let paths = paths(&self.commands)?;
        match self.kind {
            GeomType::Point => {
                // MoveTo(n) gives n one-point paths; anything longer is not a point.
                if paths.iter().any(|(p, closed)| *closed || p.len() != 1) {
                    return Err(MvtError::Geometry("a point with LineTo or ClosePath"));
                }
                let pts: Vec<Point<i32>> =
                    paths.into_iter().flat_map(|(p, _)| p).map(Point).collect();
                match pts.as_slice() {
                    [] => Err(MvtError::Geometry("no points")),
                    [one] => Ok(Geometry::Point(*one)),
                    _ => Ok(Geometry::MultiPoint(MultiPoint(pts))),
                }
            }
            GeomType::LineString => {
                let mut lines = Vec::new();
                for (pts, closed) in paths {
                    if closed || pts.len() < 2 {
                        return Err(MvtError::Geometry(
                            "a line needs two points and no ClosePath",
                        ));
                    }
                    lines.push(LineString(pts));
                }
                match lines.len() {
                    0 => Err(MvtError::Geometry("no lines")),
                    1 => Ok(Geometry::LineString(lines.remove(0))),
                    _ => Ok(Geometry::MultiLineString(MultiLineString(lines))),
                }
            }
            GeomType::Polygon => {
                let mut polygons: Vec<Polygon<i32>> = Vec::new();
                for (mut pts, closed) in paths {
                    if !closed || pts.len() < 3 {
                        return Err(MvtError::Geometry(
                            "a ring needs three points and ClosePath",
                        ));
                    }
                    let area = ring_area2(&pts);
                    pts.push(pts[0]);
                    let ring = LineString(pts);
                    match (area > 0, polygons.last_mut()) {
                        _ if area == 0 => return Err(MvtError::Geometry("a ring with zero area")),
                        (true, _) => polygons.push(Polygon::new(ring, vec![])),
                        (false, Some(p)) => p.interiors_push(ring),
                        (false, None) => {
                            return Err(MvtError::Geometry("a hole before any exterior"));
                        }
                    }
                }
                match polygons.len() {
                    0 => Err(MvtError::Geometry("no polygons")),
                    1 => Ok(Geometry::Polygon(polygons.remove(0))),
                    _ => Ok(Geometry::MultiPolygon(MultiPolygon(polygons))),
                }
            }
            GeomType::Unknown => Err(MvtError::Geometry("unknown geometry type")),
        }
    }
}

/// Twice the signed area, exact in i128 whatever the coordinates.
fn ring_area2(pts: &[Coord<i32>]) -> i128 {
    let n = pts.len();
    (0..n)
        .map(|i| {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            i128::from(a.x) * i128::from(b.y) - i128::from(b.x) * i128::from(a.y)
        })
        .sum()
}

/// A path's points, and whether a ClosePath ended it.
type Path = (Vec<Coord<i32>>, bool);

/// Runs the command stream: each MoveTo starts a path; the flag says whether
/// a ClosePath ended it. A point feature's MoveTo(n) is n one-point paths.
fn paths(cmds: &[u32]) -> Result<Vec<Path>, MvtError> {
    let mut out: Vec<Path> = Vec::new();
    let (mut x, mut y) = (0i64, 0i64);
    let mut i = 0;
    while i < cmds.len() {
        let (id, count) = (cmds[i] & 0x7, (cmds[i] >> 3) as usize);
        i += 1;
        match id {
            1 | 2 => {
                // Every parameter must be present before anything is allocated.
                let params = count.checked_mul(2).filter(|&n| n <= cmds.len() - i);
                let Some(n) = params else {
                    return Err(MvtError::Geometry("a command runs past the end"));
                };
                if count == 0 {
                    return Err(MvtError::Geometry("a command with count 0"));
                }
                for pair in cmds[i..i + n].chunks_exact(2) {
                    x += unzigzag(pair[0]);
                    y += unzigzag(pair[1]);
                    let c = Coord {
                        x: i32::try_from(x)
                            .map_err(|_| MvtError::Geometry("coordinate overflow"))?,
                        y: i32::try_from(y)
                            .map_err(|_| MvtError::Geometry("coordinate overflow"))?,
                    };
                    match (id, out.last_mut()) {
                        (1, _) => out.push((vec![c], false)),
                        (_, Some((path, false))) => {
                            if path.last() == Some(&c) {
                                return Err(MvtError::Geometry("a LineTo of length zero"));
                            }
                            path.push(c);
                        }
                        _ => return Err(MvtError::Geometry("LineTo without an open MoveTo")),
                    }
                }
                i += n;
            }
            7 => match (count, out.last_mut()) {
                (1, Some((_, closed @ false))) => *closed = true,
                _ => return Err(MvtError::Geometry("ClosePath without an open path")),
            },
            _ => return Err(MvtError::Geometry("unknown command")),
        }
    }
    Ok(out)
}

fn unzigzag(v: u32) -> i64 {
    i64::from(v >> 1) ^ -i64::from(v & 1)
}

/// Decodes a tile; zero bytes is a tile without layers.
pub fn decode(bytes: &[u8]) -> Result<Tile, MvtError> {
    let mut layers = Vec::new();
    let mut r = Reader::new(bytes);
    while let Some((field, v)) = r.field()? {
        if let (3, Field::Bytes(b)) = (field, v) {
            layers.push(layer(b)?);
        }
    }
    Ok(Tile { layers })
}

fn layer(bytes: &[u8]) -> Result<Layer, MvtError> {
    let mut r = Reader::new(bytes);
    let (mut version, mut extent, mut name) = (1u32, 4096u32, None);
    let (mut keys, mut values, mut raw_features) = (Vec::new(), Vec::new(), Vec::new());
    while let Some((field, v)) = r.field()? {
        match (field, v) {
            (15, Field::Varint(n)) => version = u32::try_from(n).unwrap_or(u32::MAX),
            (1, Field::Bytes(b)) => name = Some(utf8(b)?),
            (2, Field::Bytes(b)) => raw_features.push(b),
            (3, Field::Bytes(b)) => keys.push(utf8(b)?),
            (4, Field::Bytes(b)) => values.push(value(b)?),
            (5, Field::Varint(n)) => extent = u32::try_from(n).unwrap_or(u32::MAX),
            _ => {}
        }
    }
    let features = raw_features
        .into_iter()
        .map(|b| feature(b, &keys, &values))
        .collect::<Result<_, _>>()?;
    Ok(Layer {
        version,
        name: name.ok_or(MvtError::NoName)?,
        extent,
        keys,
        values,
        features,
    })
}

fn feature(bytes: &[u8], keys: &[String], values: &[Value]) -> Result<Feature, MvtError> {
    let mut r = Reader::new(bytes);
    let (mut id, mut kind, mut tags, mut commands) =
        (None, GeomType::Unknown, Vec::new(), Vec::new());
    while let Some((field, v)) = r.field()? {
        match (field, v) {
            (1, Field::Varint(n)) => id = Some(n),
            (2, Field::Bytes(b)) => tags.extend(packed(b)?),
            (3, Field::Varint(n)) => {
                kind = match n {
                    1 => GeomType::Point,
                    2 => GeomType::LineString,
                    3 => GeomType::Polygon,
                    _ => GeomType::Unknown,
                }
            }
            (4, Field::Bytes(b)) => commands.extend(packed(b)?),
            _ => {}
        }
    }
    if tags.len() % 2 != 0 {
        return Err(MvtError::Tags);
    }
    let properties = tags
        .chunks_exact(2)
        .map(|kv| {
            let k = keys.get(kv[0] as usize).ok_or(MvtError::Tags)?;
            let v = values.get(kv[1] as usize).ok_or(MvtError::Tags)?;
            Ok((k.clone(), v.clone()))
        })
        .collect::<Result<_, MvtError>>()?;
    Ok(Feature {
        id,
        kind,
        properties,
        commands,
    })
}

fn value(bytes: &[u8]) -> Result<Value, MvtError> {
    let mut r = Reader::new(bytes);
    let mut out = None;
    while let Some((field, v)) = r.field()? {
        out = Some(match (field, v) {
            (1, Field::Bytes(b)) => Value::String(utf8(b)?),
            (2, Field::Fixed32(b)) => Value::Float(f32::from_le_bytes(b)),
            (3, Field::Fixed64(b)) => Value::Double(f64::from_le_bytes(b)),
            // int_value is two's complement in a varint.
            (4, Field::Varint(n)) => Value::Int(n as i64),
            (5, Field::Varint(n)) => Value::UInt(n),
            (6, Field::Varint(n)) => Value::Int(((n >> 1) as i64) ^ -((n & 1) as i64)),
            (7, Field::Varint(n)) => Value::Bool(n != 0),
            _ => continue,
        });
    }
    out.ok_or(MvtError::EmptyValue)
}

fn utf8(b: &[u8]) -> Result<String, MvtError> {
    String::from_utf8(b.to_vec()).map_err(|_| MvtError::Utf8)
}

fn packed(b: &[u8]) -> Result<Vec<u32>, MvtError> {
    let mut r = Reader::new(b);
    let mut out = Vec::new();
    while !r.done() {
        // Values beyond 32 bits are not MVT; keep the low bits like protobuf does.
        out.push(r.varint()? as u32);
    }
    Ok(out)
}

enum Field<'a> {
    Varint(u64),
    Fixed64([u8; 8]),
    Bytes(&'a [u8]),
    Fixed32([u8; 4]),
}

struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    fn new(buf: &'a [u8]) -> Self {
        Self { buf, pos: 0 }
    }

    fn done(&self) -> bool {
        self.pos >= self.buf.len()
    }

    fn varint(&mut self) -> Result<u64, MvtError> {
        let start = self.pos;
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self
                .buf
                .get(self.pos)
                .ok_or(MvtError::Truncated(self.pos))?;
            self.pos += 1;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(MvtError::Varint(start))
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], MvtError> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.buf.len())
            .ok_or(MvtError::Truncated(self.buf.len()))?;
        let out = &self.buf[self.pos..end];
        self.pos = end;
        Ok(out)
    }

    fn field(&mut self) -> Result<Option<(u64, Field<'a>)>, MvtError> {
        if self.done() {
            return Ok(None);
        }
        let key = self.varint()?;
        let (field, wire) = (key >> 3, (key & 0x7) as u8);
        let v = match wire {
            0 => Field::Varint(self.varint()?),
            1 => {
                let mut b = [0u8; 8];
                b.copy_from_slice(self.take(8)?);
                Field::Fixed64(b)
            }
            2 => {
                let n = usize::try_from(self.varint()?)
                    .map_err(|_| MvtError::Truncated(self.buf.len()))?;
                Field::Bytes(self.take(n)?)
            }
            5 => {
                let mut b = [0u8; 4];
                b.copy_from_slice(self.take(4)?);
                Field::Fixed32(b)
            }
            other => return Err(MvtError::WireType(other)),
        };
        Ok(Some((field, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::polygon;

    #[test]
    fn broken_bytes_are_errors_not_panics() {
        // A layer field claiming a gigabyte.
        assert!(matches!(
            decode(&[0x1a, 0xff, 0xff, 0xff, 0x03]),
            Err(MvtError::Truncated(_))
        ));
        // A varint that never ends.
        assert!(matches!(
            decode(
                &[0x08; 1]
                    .iter()
                    .chain([0xff; 11].iter())
                    .copied()
                    .collect::<Vec<_>>()
            ),
            Err(MvtError::Varint(_))
        ));
        // A group (wire type 3).
        assert_eq!(decode(&[0x0b]), Err(MvtError::WireType(3)));
        // A layer without a name.
        assert_eq!(decode(&[0x1a, 0x02, 0x28, 0x01]), Err(MvtError::NoName));
        // Every prefix of a real tile fails or decodes; none panics.
        let mut layer = super::super::Layer::new("region", 4096);
        let g = Geometry::Polygon(
            polygon![(x: 0.0, y: 0.0), (x: 9.0, y: 0.0), (x: 9.0, y: 9.0), (x: 0.0, y: 0.0)],
        );
        layer.add_feature(Some(1), &g, [("name", Value::from("湖北"))]);
        let mut tile = super::super::Tile::new();
        tile.add_layer(layer).expect("unique");
        let bytes = tile.encode();
        for n in 0..bytes.len() {
            let _ = decode(&bytes[..n]);
        }
    }

    #[test]
    fn command_streams_are_checked() {
        let f = |kind, commands: Vec<u32>| Feature {
            id: None,
            kind,
            properties: vec![],
            commands,
        };
        // LineTo(1000) with two parameters.
        assert!(
            f(GeomType::LineString, vec![9, 0, 0, (1000 << 3) | 2, 2, 2])
                .geometry()
                .is_err()
        );
        // A hole first.
        assert!(
            f(GeomType::Polygon, vec![9, 0, 0, 18, 0, 10, 10, 0, 15])
                .geometry()
                .is_err()
        );
        // Zero-length LineTo.
        assert!(
            f(GeomType::LineString, vec![9, 2, 2, 10, 0, 0])
                .geometry()
                .is_err()
        );
        // ClosePath in a line, unknown command.
        assert!(
            f(GeomType::LineString, vec![9, 2, 2, 10, 2, 2, 15])
                .geometry()
                .is_err()
        );
        assert!(f(GeomType::Point, vec![12]).geometry().is_err());
        assert_eq!(
            f(GeomType::Point, vec![9, 50, 34]).geometry(),
            Ok(Geometry::Point(Point::new(25, 17)))
        );
    }
}
