//! The pushed spots as a map layer (`push_spot`), registered with ows so a node's spots of a
//! spot batch are served as vector tiles and WFS, coloured by their verification state: one
//! node of one batch, named by `viewparams=batch:7;node:3`. As `spotbatch/v1/vector`: a node
//! user sees a sent batch's spots of their nodes, a manager any batch's; the anonymous, anyone
//! else, or a request without both parameters gets nothing. Read from the database for each
//! request, since a spot's state changes as it is verified.

use std::sync::Arc;

use geo_kit::Envelope;
use geo_types::Geometry;

use super::store;
use crate::db::Db;
use crate::ows::layers::{
    Attribute, Detail, Feature, FeatureGeometry, GeometryKind, LayerInfo, Layers, MapLayer, Value,
    ViewParams, bbox_meets,
};
use crate::spot::engine::LiveSpots;
use crate::usercenter::session::Caller;

/// Registers `push_spot`.
pub fn register(layers: &mut Layers, db: &Db, spots: &Arc<LiveSpots>) {
    layers.register(PushSpotLayer {
        db: db.clone(),
        spots: Arc::clone(spots),
    });
}

struct PushSpotLayer {
    db: Db,
    /// Labels the verified types.
    spots: Arc<LiveSpots>,
}

/// What a pushed spot carries (tiles, WFS).
const ATTRIBUTES: &[Attribute] = &[
    Attribute::integer("id"),
    Attribute::integer("spot_id"),
    Attribute::text("theme"),
    Attribute::text("tblx"),
    Attribute::text("xzqdm"),
    Attribute::real("area_m2"),
    Attribute::integer("state"),
    Attribute::text("state_label"),
    Attribute::integer("result"),
    Attribute::text("verified_type"),
];

/// What `push_spot` is.
const INFO: LayerInfo =
    LayerInfo::new("push_spot", "推送图斑", GeometryKind::Polygon, ATTRIBUTES).per_caller();

impl MapLayer for PushSpotLayer {
    fn info(&self) -> &LayerInfo {
        &INFO
    }

    fn features<'a>(
        &'a self,
        bbox: &Envelope,
        _: Detail,
        caller: Option<&Caller>,
        params: &ViewParams,
    ) -> Vec<Feature<'a>> {
        let (Some(caller), Some(batch), Some(node)) =
            (caller, params.id("batch"), params.id("node"))
        else {
            return Vec::new();
        };
        let manager = caller.is_admin();
        if !crate::push::sees_node(caller, node) {
            return Vec::new();
        }
        let Ok(rows) = self
            .db
            .call_blocking(move |c| store::batch_records(c, batch, Some(&[node])))
        else {
            return Vec::new();
        };
        let spots = self.spots.now();
        rows.iter()
            .filter(|r| (manager || r.sent) && bbox_meets(&r.spot.geom, bbox))
            .map(|r| {
                let check = super::SpotCheck::of(&spots, r);
                Feature {
                    id: r.id.to_string(),
                    geometry: FeatureGeometry::Owned(Geometry::MultiPolygon(r.spot.geom.clone())),
                    label: None,
                    properties: vec![
                        Value::from(check.id),
                        Value::from(check.spot_id),
                        Value::from(check.theme.as_str()),
                        Value::from(check.tblx.unwrap_or_default()),
                        Value::from(check.xzqdm),
                        Value::from(check.area_m2),
                        Value::from(check.state.code()),
                        Value::from(check.state_label),
                        Value::from(check.result.unwrap_or(0)),
                        Value::from(check.verified_type.unwrap_or_default()),
                    ],
                }
            })
            .collect()
    }
}
