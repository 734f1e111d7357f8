//! The region map layers, registered with ows: `region` (boundaries),
//! `region_v2` (boundaries and label points), `global_region` (world countries
//! and their label points). Which boundaries show at which zoom is decided
//! here; ows encodes them. Region layers are public: they ignore the caller.

use std::sync::Arc;

use geo_kit::Envelope;

use super::index::{self, RegionIndex};
use crate::ows::layers::{
    Attribute, Detail, Feature, FeatureGeometry, GeometryKind, LayerInfo, Layers, MapLayer, Value,
    ViewParams,
};
use crate::usercenter::session::Caller;

/// Registers the three region layers over the in-memory index.
pub fn register(layers: &mut Layers, regions: &Arc<RegionIndex>) {
    for (kind, name, title) in [
        (Kind::Boundaries, "region", "行政区划边界"),
        (Kind::Labelled, "region_v2", "行政区划边界与注记"),
        (Kind::Countries, "global_region", "世界国家与地区"),
    ] {
        layers.register(RegionLayer {
            regions: Arc::clone(regions),
            kind,
            info: LayerInfo::new(name, title, GeometryKind::Polygon, ATTRIBUTES),
        });
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Boundaries,
    Labelled,
    Countries,
}

struct RegionLayer {
    regions: Arc<RegionIndex>,
    kind: Kind,
    info: LayerInfo,
}

/// Code, name and level (0 country … 3 county; 0 for world countries).
const ATTRIBUTES: &[Attribute] = &[
    Attribute::text("code"),
    Attribute::text("name"),
    Attribute::integer("level"),
];

/// The finest region level drawn at a zoom: provinces to z4, cities to z7, then counties.
fn finest_level(zoom: u8) -> i64 {
    match zoom {
        0..=4 => 1,
        5..=7 => 2,
        _ => 3,
    }
}

impl MapLayer for RegionLayer {
    fn info(&self) -> &LayerInfo {
        &self.info
    }

    fn features<'a>(
        &'a self,
        bbox: &Envelope,
        detail: Detail,
        _caller: Option<&Caller>,
        _params: &ViewParams,
    ) -> Vec<Feature<'a>> {
        let (layer, finest) = match (self.kind, detail) {
            (Kind::Countries, _) => (&self.regions.countries, 0),
            (_, Detail::Zoom(z)) => (self.regions.for_zoom(z), finest_level(z)),
            (_, Detail::Full) => (self.regions.full(), 3),
        };
        layer
            .intersecting(bbox)
            .into_iter()
            .filter(|(shape, _)| shape.level <= finest)
            .map(|(shape, parts)| {
                let (parts, label) = match detail {
                    // A tile needs only the parts that meet it.
                    Detail::Zoom(_) => (
                        parts,
                        (self.kind != Kind::Boundaries)
                            .then(|| index::label_point(shape))
                            .flatten(),
                    ),
                    Detail::Full => (shape.geom.0.iter().collect(), None),
                };
                Feature {
                    id: shape.code.clone(),
                    geometry: FeatureGeometry::Parts(parts),
                    label,
                    properties: vec![
                        Value::from(shape.code.as_str()),
                        Value::from(shape.name.as_str()),
                        Value::from(shape.level),
                    ],
                }
            })
            .collect()
    }
}
