//! The map-layer registry: every layer `/ows/cloudPlatform` serves (tiles, the
//! WMTS capabilities, WFS) is registered here once at start-up by the domain
//! that owns its data. A domain says what its layer is and which features fall
//! in a box; ows does all the encoding (MVT, GeoJSON, XML), so a new layer is a
//! type implementing [`MapLayer`] and one line at start-up.
//!
//! A layer that only some callers may see (the monitoring layers to come)
//! decides that in [`MapLayer::features`], which gets the caller:
//!
//! ```ignore
//! // In the monitoring module (its tests: see `ows::tiles`' test layer).
//! struct FirePoints(Arc<FireIndex>);
//!
//! const FIRE_POINTS: LayerInfo = LayerInfo::new(
//!     "fire_point",
//!     "火点监测",
//!     GeometryKind::Point,
//!     &[Attribute::text("region"), Attribute::text("time")],
//! )
//! .per_caller();
//!
//! impl MapLayer for FirePoints {
//!     fn info(&self) -> &LayerInfo {
//!         &FIRE_POINTS
//!     }
//!     fn features<'a>(
//!         &'a self,
//!         bbox: &Envelope,
//!         _: Detail,
//!         caller: Option<&Caller>,
//!         _: &ViewParams,
//!     ) -> Vec<Feature<'a>> {
//!         // Anonymous callers see nothing; others only points in their area ranges.
//!         let Some(caller) = caller else { return Vec::new() };
//!         self.0
//!             .in_box(bbox)
//!             .filter(|p| guard::region_in_ranges(&p.region, &caller.regions))
//!             .map(|p| Feature {
//!                 id: p.id.to_string(),
//!                 geometry: FeatureGeometry::Owned(Geometry::Point(p.at)),
//!                 label: None,
//!                 properties: vec![p.region.as_str().into(), p.time.as_str().into()],
//!             })
//!             .collect()
//!     }
//! }
//!
//! // At start-up, beside `region::layers(…)`:
//! layers.register(FirePoints(fires.clone()));
//! ```

use std::ops::RangeInclusive;

use geo::{BoundingRect, Intersects};
use geo_kit::{Envelope, clip};
use geo_types::{Coord, Geometry, MultiPolygon, Polygon, Rect};

pub use geo_kit::mvt::Value;

use crate::usercenter::session::Caller;

/// The deepest zoom of the tile matrix set every layer is served in.
pub const MAX_ZOOM: u8 = 18;

/// What a layer's geometries are (one kind per layer, as WFS describes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GeometryKind {
    /// Points (or multi-points).
    Point,
    /// Polygons (or multi-polygons).
    Polygon,
}

/// The type of an attribute's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttributeKind {
    /// Text.
    Text,
    /// A whole number.
    Integer,
    /// A real number.
    Real,
}

/// One attribute of a layer's features.
#[derive(Debug, Clone, Copy)]
pub struct Attribute {
    /// Its name, as tiles, GeoJSON and the WFS schema show it.
    pub name: &'static str,
    /// Its type.
    pub kind: AttributeKind,
}

impl Attribute {
    /// A text attribute.
    pub const fn text(name: &'static str) -> Self {
        Self {
            name,
            kind: AttributeKind::Text,
        }
    }

    /// A whole-number attribute.
    pub const fn integer(name: &'static str) -> Self {
        Self {
            name,
            kind: AttributeKind::Integer,
        }
    }

    /// A real-number attribute.
    pub const fn real(name: &'static str) -> Self {
        Self {
            name,
            kind: AttributeKind::Real,
        }
    }
}

/// Vendor parameters of a tile or WFS request, in GeoServer's form
/// `viewparams=key:value;key:value`: what a layer's features may depend on besides the box
/// and the caller (a monitoring theme's batch). A layer ignores the keys it does not know.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ViewParams(Vec<(String, String)>);

/// Longest `viewparams` read, in bytes.
pub const MAX_VIEW_PARAMS: usize = 256;

impl ViewParams {
    /// Parses `key:value;key:value` (keys of ASCII letters, digits and `_`; values without
    /// `;`); `None` for anything else or longer than [`MAX_VIEW_PARAMS`].
    pub fn parse(text: &str) -> Option<Self> {
        if text.len() > MAX_VIEW_PARAMS {
            return None;
        }
        let key_ok =
            |k: &str| !k.is_empty() && k.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        text.split(';')
            .filter(|pair| !pair.trim().is_empty())
            .map(|pair| {
                let (k, v) = pair.split_once(':')?;
                let k = k.trim();
                key_ok(k).then(|| (k.to_owned(), v.trim().to_owned()))
            })
            .collect::<Option<Vec<_>>>()
            .map(Self)
    }

    /// The value given for a key (case-insensitive), if any.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// The whole number given for a key (a batch or node id), if any.
    pub fn id(&self, key: &str) -> Option<i64> {
        self.get(key)?.parse().ok()
    }
}

/// Whether a shape's bounding box meets `bbox`: the coarse test [`MapLayer::features`] needs
/// for shapes it holds without an index.
pub fn bbox_meets(shape: &MultiPolygon<f64>, bbox: &Envelope) -> bool {
    shape.bounding_rect().is_some_and(|r| {
        bbox.meets(&Envelope {
            min_x: r.min().x,
            max_x: r.max().x,
            min_y: r.min().y,
            max_y: r.max().y,
        })
    })
}

/// How much detail a request wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// For a tile at this zoom: geometries may be simplified for it and may
    /// hold only the parts that meet the box; ows clips them to the tile.
    Zoom(u8),
    /// For WFS: whole geometries at full detail.
    Full,
}

/// A feature's geometry, in WGS84 longitude/latitude.
#[derive(Debug, Clone)]
pub enum FeatureGeometry<'a> {
    /// Polygon parts the layer keeps in memory: borrowed, so a request copies
    /// only what it encodes.
    Parts(Vec<&'a Polygon<f64>>),
    /// A geometry made for the request.
    Owned(Geometry<f64>),
}

impl FeatureGeometry<'_> {
    /// As one geometry (parts become a multi-polygon).
    pub fn to_geometry(&self) -> Geometry<f64> {
        match self {
            Self::Parts(parts) => {
                Geometry::MultiPolygon(MultiPolygon(parts.iter().map(|&p| p.clone()).collect()))
            }
            Self::Owned(g) => g.clone(),
        }
    }

    /// What falls in a box; `None` when nothing does. A geometry made for the request that
    /// lies wholly inside is handed back as it is (the usual small feature of a tile: no
    /// copy).
    pub fn clip(self, rect: &Envelope) -> Option<Geometry<f64>> {
        match self {
            Self::Parts(parts) => {
                let clipped: Vec<Polygon<f64>> = parts
                    .iter()
                    .filter_map(|p| clip::clip_polygon(p, rect))
                    .collect();
                (!clipped.is_empty()).then_some(Geometry::MultiPolygon(MultiPolygon(clipped)))
            }
            Self::Owned(g) => clip::clip_owned(g, rect),
        }
    }

    /// Whether it meets a rectangle.
    pub fn intersects(&self, rect: &Rect<f64>) -> bool {
        match self {
            Self::Parts(parts) => parts.iter().any(|p| p.intersects(rect)),
            Self::Owned(g) => g.intersects(rect),
        }
    }
}

/// One feature of a layer.
#[derive(Debug, Clone)]
pub struct Feature<'a> {
    /// Identifier, unique within the layer (a number gives the tile feature its id).
    pub id: String,
    /// The geometry.
    pub geometry: FeatureGeometry<'a>,
    /// Where to put its label: tiles carry labelled features again, as points,
    /// in a `label` layer. Only asked for tiles.
    pub label: Option<Coord<f64>>,
    /// Values of the layer's [`MapLayer::attributes`], in their order.
    pub properties: Vec<Value>,
}

/// What a layer is, for the services that serve it.
#[derive(Debug, Clone)]
pub struct LayerInfo {
    /// Name in tile URLs and WMTS, and, prefixed by the workspace, in WFS.
    pub name: &'static str,
    /// Human title (Chinese, as the screens show it).
    pub title: &'static str,
    /// Zooms tiles are served at (within 0 to [`MAX_ZOOM`]).
    pub zooms: RangeInclusive<u8>,
    /// Whether callers see different features (area ranges): its tiles are
    /// then kept only by the caller's browser, which revalidates them.
    pub per_caller: bool,
    /// The kind of its geometries.
    pub geometry: GeometryKind,
    /// Its attributes, in the order of [`Feature::properties`].
    pub attributes: &'static [Attribute],
}

impl LayerInfo {
    /// A layer served at every zoom, the same to every caller.
    pub const fn new(
        name: &'static str,
        title: &'static str,
        geometry: GeometryKind,
        attributes: &'static [Attribute],
    ) -> Self {
        Self {
            name,
            title,
            zooms: 0..=MAX_ZOOM,
            per_caller: false,
            geometry,
            attributes,
        }
    }

    /// The same layer, its features depending on the caller.
    pub const fn per_caller(self) -> Self {
        Self {
            per_caller: true,
            ..self
        }
    }

    /// The same layer, served only at `zooms`.
    pub const fn zooms(self, zooms: RangeInclusive<u8>) -> Self {
        Self { zooms, ..self }
    }
}

/// A layer a domain serves through `/ows/cloudPlatform`.
pub trait MapLayer: Send + Sync {
    /// What it is.
    fn info(&self) -> &LayerInfo;
    /// The features the caller (`None`: anonymous) may see whose geometry may
    /// meet `bbox`, in a stable order, as the request's `params` narrow them. A
    /// coarse answer (by bounding boxes) is enough: ows clips tiles and tests WFS
    /// features against the box exactly.
    fn features<'a>(
        &'a self,
        bbox: &Envelope,
        detail: Detail,
        caller: Option<&Caller>,
        params: &ViewParams,
    ) -> Vec<Feature<'a>>;
}

/// The registered layers, in registration order.
#[derive(Default)]
pub struct Layers(Vec<Box<dyn MapLayer>>);

impl Layers {
    /// Adds a layer. Names are unique: registering one twice is a programming
    /// error, which stops a debug build (every test server) at start-up.
    pub fn register(&mut self, layer: impl MapLayer + 'static) {
        debug_assert!(
            self.get(layer.info().name).is_none(),
            "layer {} registered twice",
            layer.info().name
        );
        self.0.push(Box::new(layer));
    }

    /// The layer of that name.
    pub fn get(&self, name: &str) -> Option<&dyn MapLayer> {
        self.0
            .iter()
            .find(|l| l.info().name == name)
            .map(Box::as_ref)
    }

    /// Every layer, in registration order.
    pub fn iter(&self) -> impl Iterator<Item = &dyn MapLayer> {
        self.0.iter().map(Box::as_ref)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_params_are_key_value_pairs_and_anything_else_is_refused() {
        let p = ViewParams::parse("batch:2024Q3; other : x").expect("pairs");
        assert_eq!(p.get("BATCH"), Some("2024Q3"));
        assert_eq!(p.get("other"), Some("x"));
        assert_eq!(p.get("none"), None);
        assert_eq!(ViewParams::parse(""), Some(ViewParams::default()));
        for bad in ["batch", "ba tch:1", ":1", "a:1;b", &"a:1;".repeat(100)] {
            assert_eq!(ViewParams::parse(bad), None, "{bad}");
        }
    }
}
