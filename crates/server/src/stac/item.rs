//! A scene as a STAC Item (STAC 1.0.0 with the eo and processing extensions),
//! and the item properties the Query extension can test.

use std::borrow::Cow;

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::Value;

use super::params::{Condition, Op};
use super::{Link, Links};
use crate::catalogue;
use crate::normal::index::SceneRef;

/// The eo extension (eo:cloud_cover).
pub const EO: &str = "https://stac-extensions.github.io/eo/v1.1.0/schema.json";
/// The processing extension (processing:level).
const PROCESSING: &str = "https://stac-extensions.github.io/processing/v1.1.0/schema.json";

/// Every item property, in the order an item lists them.
const PROPERTIES: &[&str] = &[
    "datetime",
    "platform",
    "constellation",
    "instruments",
    "gsd",
    "eo:cloud_cover",
    "processing:level",
    "rscloud:file_name",
    "rscloud:path",
    "rscloud:row",
    "rscloud:size_mb",
    "rscloud:online",
    "rscloud:demo",
];

/// The ground sample distance: the scene's own, else its sensor's, else its satellite's best.
pub fn gsd(satellite: &str, sensor: &str, own: Option<f64>) -> Option<f64> {
    own.or_else(|| {
        catalogue::sensors_of(satellite)?
            .iter()
            .find(|x| x.id == sensor)?
            .resolution_m
    })
    .or_else(|| catalogue::satellite(satellite)?.best_resolution_m)
}

/// The family a satellite belongs to: the last part of its catalogue page, e.g. `gf1`.
pub fn constellation(satellite: &str) -> Option<&'static str> {
    catalogue::satellite(satellite)?.group.rsplit('/').next()
}

/// The value of an item property, written as JSON as it is serialized.
#[derive(Serialize)]
#[serde(untagged)]
pub enum Property<'a> {
    /// A text.
    Text(Cow<'a, str>),
    /// A list of one text.
    Texts([&'a str; 1]),
    /// A number (NaN is written as null).
    Number(f64),
    /// A whole number.
    Integer(i64),
    /// Yes or no.
    Flag(bool),
}

/// One property of a scene as its item shows it; `None` when the scene has no value.
pub fn property<'a>(s: &SceneRef<'a>, name: &str) -> Option<Property<'a>> {
    use Property::{Flag, Integer, Number, Text, Texts};
    let (path, row) = s.path_row();
    Some(match name {
        "datetime" => Text(crate::api::rfc3339(s.acquired_at()).into()),
        "platform" => Text(s.satellite().into()),
        "constellation" => Text(constellation(s.satellite())?.into()),
        "instruments" => Texts([s.sensor()]),
        "gsd" => Number(gsd(s.satellite(), s.sensor(), s.resolution_m())?),
        "eo:cloud_cover" => Number(s.cloud()),
        "processing:level" => Text(s.product_level()?.into()),
        "rscloud:file_name" => Text(s.file_name()),
        "rscloud:path" => Integer(path?),
        "rscloud:row" => Integer(row?),
        "rscloud:size_mb" => Number(s.size_mb()?),
        "rscloud:online" => Flag(s.online()),
        "rscloud:demo" => Flag(s.demo()),
        _ => return None,
    })
}

/// Whether a scene meets one Query-extension condition; a missing property meets none.
pub fn meets(s: &SceneRef, c: &Condition) -> bool {
    let Some(actual) = property(s, &c.field).and_then(|p| serde_json::to_value(p).ok()) else {
        return false;
    };
    let order = || compare(&actual, &c.value);
    let text = || actual.as_str().zip(c.value.as_str());
    match c.op {
        Op::Eq => order() == Some(std::cmp::Ordering::Equal),
        Op::Neq => order() != Some(std::cmp::Ordering::Equal),
        Op::Lt => order().is_some_and(|o| o.is_lt()),
        Op::Lte => order().is_some_and(|o| o.is_le()),
        Op::Gt => order().is_some_and(|o| o.is_gt()),
        Op::Gte => order().is_some_and(|o| o.is_ge()),
        Op::StartsWith => text().is_some_and(|(a, b)| a.starts_with(b)),
        Op::EndsWith => text().is_some_and(|(a, b)| a.ends_with(b)),
        Op::Contains => text().is_some_and(|(a, b)| a.contains(b)),
        Op::In => {
            let wanted = c.value.as_array().map(Vec::as_slice).unwrap_or_default();
            let hit = |v: &Value| {
                wanted
                    .iter()
                    .any(|w| compare(v, w) == Some(std::cmp::Ordering::Equal))
            };
            match &actual {
                Value::Array(values) => values.iter().any(hit),
                v => hit(v),
            }
        }
    }
}

/// Numbers compare as numbers (a number written as a string too, as some
/// clients send them), strings and booleans as themselves; other pairs do not compare.
fn compare(actual: &Value, wanted: &Value) -> Option<std::cmp::Ordering> {
    match (actual, wanted) {
        (Value::Number(a), w) => {
            let w = match w {
                Value::Number(n) => n.as_f64()?,
                Value::String(s) => s.trim().parse().ok()?,
                _ => return None,
            };
            a.as_f64()?.partial_cmp(&w)
        }
        (Value::String(a), Value::String(w)) => Some(a.as_str().cmp(w)),
        (Value::Bool(a), Value::Bool(w)) => Some(a.cmp(w)),
        _ => None,
    }
}

/// A scene as a STAC Item with absolute links, written as it is serialized.
#[derive(Serialize)]
pub struct Item<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    stac_version: &'static str,
    stac_extensions: Vec<&'static str>,
    id: &'a str,
    collection: &'a str,
    geometry: geojson::Geometry,
    bbox: Option<[f64; 4]>,
    properties: Properties<'a>,
    links: [Link<'static>; 4],
    assets: Assets,
}

/// The item's properties, in [`PROPERTIES`] order, those without a value left out.
struct Properties<'a>(SceneRef<'a>);

impl Serialize for Properties<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for &name in PROPERTIES {
            if let Some(value) = property(&self.0, name) {
                map.serialize_entry(name, &value)?;
            }
        }
        map.end()
    }
}

/// The item's assets: its quick-look, if it has one.
#[derive(Serialize)]
struct Assets {
    #[serde(skip_serializing_if = "Option::is_none")]
    thumbnail: Option<Thumbnail>,
}

/// A quick-look asset.
#[derive(Serialize)]
struct Thumbnail {
    href: String,
    title: &'static str,
    roles: [&'static str; 1],
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    media: Option<&'static str>,
}

/// The scene as a STAC Item with absolute links.
pub fn item<'a>(s: &SceneRef<'a>, links: &Links) -> Item<'a> {
    let mut extensions = vec![EO];
    if s.product_level().is_some() {
        extensions.push(PROCESSING);
    }
    let thumbnail = s.quicklook().map(|url| Thumbnail {
        href: links.absolute(&url),
        title: "快视图",
        roles: ["thumbnail"],
        media: image_type(&url),
    });
    let collection = links.collection(s.satellite());
    Item {
        kind: "Feature",
        stac_version: super::STAC_VERSION,
        stac_extensions: extensions,
        id: s.scene_id(),
        collection: s.satellite(),
        geometry: geojson::Geometry::from(&geo_types::Geometry::Polygon(s.footprint())),
        bbox: s.bbox().map(|b| [b.min_x, b.min_y, b.max_x, b.max_y]),
        properties: Properties(*s),
        links: [
            Links::link(
                "self",
                links.item(s.satellite(), s.scene_id()),
                super::GEOJSON,
            ),
            Links::link("parent", collection.clone(), super::JSON),
            Links::link("collection", collection, super::JSON),
            Links::link("root", links.root(), super::JSON),
        ],
        assets: Assets { thumbnail },
    }
}

/// The media type of a quick-look from its file extension, or PNG for our own
/// generated quick-looks (`normal::quicklook::url`).
fn image_type(url: &str) -> Option<&'static str> {
    let path = url
        .split(['?', '#'])
        .next()
        .unwrap_or(url)
        .to_ascii_lowercase();
    let name = path.rsplit('/').next().unwrap_or(&path);
    match name.rsplit_once('.').map(|(_, ext)| ext) {
        Some("png") => Some("image/png"),
        Some("jpg" | "jpeg") => Some("image/jpeg"),
        Some("webp") => Some("image/webp"),
        _ if path.contains(&crate::normal::quicklook::url("").to_ascii_lowercase()) => {
            Some("image/png")
        }
        _ => None,
    }
}
