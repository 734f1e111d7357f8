//! The pushed footprints as a map layer (`push_image`), registered with ows so a node's part
//! of a batch is served as vector tiles and WFS like every other layer: one node of one batch,
//! named by `viewparams=batch:12;node:3`, each footprint clipped to the node's region as
//! `push/v1/vector` draws it. A caller sees the nodes they receive for (every node for a
//! manager); anyone else, the anonymous, or a request without both parameters gets nothing.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use geo_kit::Envelope;
use geo_kit::deadline::Deadline;
use geo_types::{Geometry, MultiPolygon};

use super::PushItem;
use super::export::{MAX_FEATURES, clipped};
use super::store::{self, ItemRow};
use crate::db::Db;
use crate::ows::layers::{
    Attribute, Detail, Feature, FeatureGeometry, GeometryKind, LayerInfo, Layers, MapLayer, Value,
    ViewParams, bbox_meets,
};
use crate::region::index::RegionIndex;
use crate::usercenter::session::Caller;

/// Registers `push_image`.
pub fn register(layers: &mut Layers, db: &Db, regions: &Arc<RegionIndex>) {
    layers.register(PushImageLayer {
        db: db.clone(),
        regions: Arc::clone(regions),
        clipped: Mutex::default(),
    });
}

/// (batch, node) parts kept clipped: a delivery never changes once recorded, so a part is
/// clipped once and each tile of it after that only filters.
const KEPT_PARTS: usize = 16;

/// Longest a part's first clipping may take; past it the request gets nothing, as a heavy
/// request past its budget does.
const CLIP_TIME: Duration = Duration::from_secs(10);

/// One node's deliveries of a batch, each footprint inside the node's region.
type Part = Arc<Vec<(ItemRow, MultiPolygon<f64>)>>;

struct PushImageLayer {
    db: Db,
    regions: Arc<RegionIndex>,
    /// The latest parts clipped, newest last.
    clipped: Mutex<VecDeque<((i64, i64), Part)>>,
}

/// What a pushed footprint carries (tiles, WFS).
const ATTRIBUTES: &[Attribute] = &[
    Attribute::integer("node_id"),
    Attribute::text("scene_id"),
    Attribute::text("satellite"),
    Attribute::text("sensor"),
    Attribute::text("acquired"),
    Attribute::real("cloud"),
    Attribute::real("resolution"),
    Attribute::text("delivered"),
];

impl PushImageLayer {
    /// The node's part of the batch, clipped (from the kept ones when it is there); `None`
    /// when the database or the clipping time fails.
    fn part(&self, batch: i64, node: i64) -> Option<Part> {
        let key = (batch, node);
        if let Ok(kept) = self.clipped.lock()
            && let Some((_, part)) = kept.iter().find(|(k, _)| *k == key)
        {
            return Some(Arc::clone(part));
        }
        let rows = self
            .db
            .call_blocking(move |c| store::items(c, batch, Some(&[node]), 0, MAX_FEATURES))
            .ok()?;
        let deadline = Deadline::at(Instant::now() + CLIP_TIME);
        let part = Arc::new(clipped(&self.regions, rows, &deadline).ok()?);
        if let Ok(mut kept) = self.clipped.lock() {
            if kept.len() == KEPT_PARTS {
                kept.pop_front();
            }
            kept.push_back((key, Arc::clone(&part)));
        }
        Some(part)
    }
}

/// What `push_image` is.
const INFO: LayerInfo =
    LayerInfo::new("push_image", "推送影像", GeometryKind::Polygon, ATTRIBUTES).per_caller();

impl MapLayer for PushImageLayer {
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
        if !super::sees_node(caller, node) {
            return Vec::new();
        }
        let Some(part) = self.part(batch, node) else {
            return Vec::new();
        };
        part.iter()
            .filter(|(_, inside)| bbox_meets(inside, bbox))
            .map(|(row, inside)| {
                let item = PushItem::from(row);
                Feature {
                    id: format!("{}:{}", item.node_id, item.scene_id),
                    geometry: FeatureGeometry::Owned(Geometry::MultiPolygon(inside.clone())),
                    label: None,
                    properties: vec![
                        Value::from(item.node_id),
                        Value::from(item.scene_id),
                        Value::from(item.satellite),
                        Value::from(item.sensor),
                        Value::from(item.acquired_at),
                        Value::from(item.cloud),
                        // Unknown resolution: NaN, as a shapefile's empty number reads.
                        Value::from(item.resolution.unwrap_or(f64::NAN)),
                        Value::from(item.delivered_at),
                    ],
                }
            })
            .collect()
    }
}
