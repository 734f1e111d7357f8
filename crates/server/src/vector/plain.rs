//! A plain GeoJSON Polygon or MultiPolygon (a geometry object with only
//! `type` and `coordinates`, as map clients and STAC clients send areas) read
//! straight into a multipolygon: no intermediate JSON values or GeoJSON
//! positions, which cost more than the search over a province's 8,000
//! vertices. Anything else (other types, empty lists, short positions, other
//! members) is not read here; callers then take the general way
//! ([`super::to_geo`]), which reads or refuses it as before.

use std::fmt;
use std::marker::PhantomData;

use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// A plain Polygon or MultiPolygon as a multipolygon (a Polygon as its only part).
pub struct PlainPolygons(pub MultiPolygon<f64>);

/// Why a geometry is not read here; never shown, the general way says why.
const NOT_PLAIN: &str = "not a plain GeoJSON Polygon or MultiPolygon";

/// The `type` of a geometry this reader takes.
#[derive(serde::Deserialize)]
enum Kind {
    Polygon,
    MultiPolygon,
}

/// `coordinates` nested one level or more: which one is known from the first
/// element, as `type` may come after `coordinates`.
enum Nested {
    Position(Coord<f64>),
    Line(Vec<Coord<f64>>),
    Rings(Vec<Vec<Coord<f64>>>),
    Polygons(Vec<Vec<Vec<Coord<f64>>>>),
}

/// The first element of a list: a number (the list is a position) or a list.
enum First {
    Number(f64),
    List(Nested),
}

/// One position: a longitude, a latitude and any further numbers (ignored,
/// as the GeoJSON conversion ignores them).
struct Position(Coord<f64>);

/// A non-empty list of `T`s.
struct NonEmpty<T>(Vec<T>);

/// The coordinates of a list of positions.
fn coords(line: NonEmpty<Position>) -> Vec<Coord<f64>> {
    line.0.into_iter().map(|p| p.0).collect()
}

impl<'de> Deserialize<'de> for PlainPolygons {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(GeometryVisitor)
    }
}

struct GeometryVisitor;

impl<'de> Visitor<'de> for GeometryVisitor {
    type Value = PlainPolygons;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(NOT_PLAIN)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<PlainPolygons, A::Error> {
        let (mut kind, mut coordinates) = (None, None);
        while let Some(key) = map.next_key::<std::borrow::Cow<str>>()? {
            match &*key {
                "type" if kind.is_none() => kind = Some(map.next_value::<Kind>()?),
                "coordinates" if coordinates.is_none() => {
                    coordinates = Some(map.next_value::<Nested>()?);
                }
                _ => return Err(de::Error::custom(NOT_PLAIN)),
            }
        }
        let polygon = |rings: Vec<Vec<Coord<f64>>>| {
            let mut rings = rings.into_iter().map(LineString);
            let exterior = rings.next().unwrap_or_else(|| LineString(Vec::new()));
            Polygon::new(exterior, rings.collect())
        };
        match (kind, coordinates) {
            (Some(Kind::Polygon), Some(Nested::Rings(rings))) => {
                Ok(PlainPolygons(MultiPolygon(vec![polygon(rings)])))
            }
            (Some(Kind::MultiPolygon), Some(Nested::Polygons(parts))) => Ok(PlainPolygons(
                MultiPolygon(parts.into_iter().map(polygon).collect()),
            )),
            _ => Err(de::Error::custom(NOT_PLAIN)),
        }
    }
}

impl<'de> Deserialize<'de> for Nested {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(NestedVisitor)
    }
}

struct NestedVisitor;

impl<'de> Visitor<'de> for NestedVisitor {
    type Value = Nested;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a non-empty list of coordinates")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Nested, A::Error> {
        let first = seq.next_element::<First>()?;
        let empty = || de::Error::custom(NOT_PLAIN);
        Ok(match first.ok_or_else(empty)? {
            First::Number(x) => Nested::Position(rest_of_position(x, seq)?),
            First::List(Nested::Position(c)) => {
                let mut line = vec![c];
                while let Some(Position(c)) = seq.next_element()? {
                    line.push(c);
                }
                Nested::Line(line)
            }
            First::List(Nested::Line(first)) => {
                let mut rings = vec![first];
                while let Some(line) = seq.next_element()? {
                    rings.push(coords(line));
                }
                Nested::Rings(rings)
            }
            First::List(Nested::Rings(first)) => {
                let mut parts = vec![first];
                while let Some(NonEmpty::<NonEmpty<Position>>(rings)) = seq.next_element()? {
                    parts.push(rings.into_iter().map(coords).collect());
                }
                Nested::Polygons(parts)
            }
            First::List(Nested::Polygons(_)) => return Err(de::Error::custom(NOT_PLAIN)),
        })
    }
}

/// The latitude and any further numbers of a position whose longitude was `x`.
fn rest_of_position<'de, A: SeqAccess<'de>>(x: f64, mut seq: A) -> Result<Coord<f64>, A::Error> {
    let y = seq
        .next_element::<f64>()?
        .ok_or_else(|| de::Error::custom(NOT_PLAIN))?;
    while seq.next_element::<f64>()?.is_some() {}
    Ok(Coord { x, y })
}

impl<'de> Deserialize<'de> for First {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(FirstVisitor)
    }
}

struct FirstVisitor;

impl<'de> Visitor<'de> for FirstVisitor {
    type Value = First;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number or a list")
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<First, E> {
        Ok(First::Number(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<First, E> {
        Ok(First::Number(v as f64))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<First, E> {
        Ok(First::Number(v as f64))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<First, A::Error> {
        NestedVisitor.visit_seq(seq).map(First::List)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(PositionVisitor)
    }
}

struct PositionVisitor;

impl<'de> Visitor<'de> for PositionVisitor {
    type Value = Position;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a position of two or more numbers")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Position, A::Error> {
        let x = seq
            .next_element::<f64>()?
            .ok_or_else(|| de::Error::custom(NOT_PLAIN))?;
        rest_of_position(x, seq).map(Position)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for NonEmpty<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(NonEmptyVisitor(PhantomData))
    }
}

struct NonEmptyVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for NonEmptyVisitor<T> {
    type Value = NonEmpty<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a non-empty list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<NonEmpty<T>, A::Error> {
        let mut out = Vec::new();
        while let Some(t) = seq.next_element()? {
            out.push(t);
        }
        if out.is_empty() {
            return Err(de::Error::custom(NOT_PLAIN));
        }
        Ok(NonEmpty(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// What the general way makes of a GeoJSON geometry, as a multipolygon.
    fn general(v: &serde_json::Value) -> Option<MultiPolygon<f64>> {
        let g: geojson::Geometry = serde_json::from_value(v.clone()).ok()?;
        match super::super::to_geo(g).ok()? {
            geo_types::Geometry::Polygon(p) => Some(MultiPolygon(vec![p])),
            geo_types::Geometry::MultiPolygon(mp) => Some(mp),
            _ => None,
        }
    }

    fn plain(v: &serde_json::Value) -> Option<MultiPolygon<f64>> {
        let from_text = serde_json::from_str::<PlainPolygons>(&v.to_string()).ok();
        let from_value = PlainPolygons::deserialize(v).ok();
        assert_eq!(
            from_text.as_ref().map(|p| &p.0),
            from_value.as_ref().map(|p| &p.0),
            "{v}"
        );
        from_text.map(|p| p.0)
    }

    #[test]
    fn plain_polygons_read_as_the_general_way_reads_them() {
        let square = json!([[[100, 30], [101.5, 30], [101.5, 31.25], [100, 30]]]);
        let hole = json!([
            [100.2, 30.2, 7],
            [100.4, 30.2, 7],
            [100.4, 30.4, 7],
            [100.2, 30.2, 7]
        ]);
        for v in [
            json!({"type": "Polygon", "coordinates": square}),
            json!({"coordinates": square, "type": "Polygon"}),
            json!({"type": "Polygon", "coordinates": [square[0], hole]}),
            json!({"type": "MultiPolygon", "coordinates": [square, [square[0], hole]]}),
            json!({"type": "Polygon", "coordinates": [[[1e-300, -0.0], [1, 2], [3, -4e300], [1e-300, -0.0]]]}),
        ] {
            let got = plain(&v);
            assert!(got.is_some(), "{v}");
            assert_eq!(got, general(&v), "{v}");
        }
    }

    #[test]
    fn anything_else_is_left_to_the_general_way() {
        let square = json!([[[100, 30], [101, 30], [101, 31], [100, 30]]]);
        for v in [
            json!({"type": "MultiPolygon", "coordinates": square}),
            json!({"type": "Polygon", "coordinates": [square]}),
            json!({"type": "Polygon", "coordinates": square[0]}),
            json!({"type": "Polygon", "coordinates": []}),
            json!({"type": "Polygon", "coordinates": [[]]}),
            json!({"type": "Polygon", "coordinates": [[[100], [101, 30], [101, 31]]]}),
            json!({"type": "Polygon", "coordinates": [[[100, "30"], [101, 30], [101, 31]]]}),
            json!({"type": "Polygon", "coordinates": [[[100, 30], 5, [101, 31]]]}),
            json!({"type": "Polygon"}),
            json!({"coordinates": square}),
            json!({"type": "Polygon", "coordinates": square, "bbox": [100, 30, 101, 31]}),
            json!({"type": "LineString", "coordinates": square[0]}),
            json!({"type": "Feature", "geometry": {"type": "Polygon", "coordinates": square}}),
            json!({"type": "GeometryCollection", "geometries": []}),
            json!([square]),
            json!("Polygon"),
        ] {
            assert!(plain(&v).is_none(), "{v}");
        }
        let twice = format!(r#"{{"type": "Polygon", "type": "Polygon", "coordinates": {square}}}"#);
        assert!(serde_json::from_str::<PlainPolygons>(&twice).is_err());
    }
}
