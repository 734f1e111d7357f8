//! One STAC Collection per catalogue satellite that has scenes, with its
//! extent and summaries taken from the scenes themselves.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use super::Links;
use super::item::{self, EO};
use crate::catalogue::{self, Satellite};
use crate::normal::index::{SatelliteSummary, SceneIndex};

/// Every collection, in catalogue order.
pub fn all(scenes: &SceneIndex, links: &Links) -> Vec<Value> {
    catalogue::satellites()
        .iter()
        .filter_map(|sat| Some(collection(sat, scenes.satellite_summary(sat.value)?, links)))
        .collect()
}

/// One collection, or `None` for a satellite that is unknown or has no scenes.
pub fn one(scenes: &SceneIndex, id: &str, links: &Links) -> Option<Value> {
    let sat = catalogue::satellite(id)?;
    Some(collection(sat, scenes.satellite_summary(id)?, links))
}

/// The distinct ground sample distances of a satellite's scenes, ascending.
fn gsd(sum: &SatelliteSummary) -> Vec<f64> {
    let mut gsd: Vec<f64> = Vec::new();
    for (sensor, own) in &sum.resolutions {
        if let Some(g) = item::gsd(&sum.satellite, sensor, *own)
            && !gsd.contains(&g)
        {
            gsd.push(g);
        }
    }
    gsd.sort_by(f64::total_cmp);
    gsd
}

fn collection(sat: &Satellite, sum: &SatelliteSummary, links: &Links) -> Value {
    let href = links.collection(sat.value);
    let mut summaries = BTreeMap::from([
        ("platform", json!([sat.value])),
        ("instruments", json!(sum.sensors)),
        ("gsd", json!(gsd(sum))),
        (
            "eo:cloud_cover",
            json!({"minimum": sum.cloud.0, "maximum": sum.cloud.1}),
        ),
    ]);
    if let Some(c) = item::constellation(sat.value) {
        summaries.insert("constellation", json!([c]));
    }
    if !sum.levels.is_empty() {
        summaries.insert("processing:level", json!(sum.levels));
    }
    json!({
        "type": "Collection",
        "stac_version": super::STAC_VERSION,
        "stac_extensions": [EO],
        "id": sat.value,
        "title": format!("{}（{}）", sat.label, sat.value),
        "description": format!(
            "{}（{}）卫星影像目录：每景一个条目，含成像时间、传感器、分辨率、云量、产品级别与覆盖范围。",
            sat.label, sat.value
        ),
        "keywords": ["卫星影像", "遥感", sat.label, sat.value],
        "license": "proprietary",
        "providers": [{"name": "自然资源卫星遥感云服务平台", "roles": ["host"], "url": links.origin()}],
        "extent": {
            "spatial": {"bbox": [[sum.bbox.min_x, sum.bbox.min_y, sum.bbox.max_x, sum.bbox.max_y]]},
            "temporal": {"interval": [[crate::api::rfc3339(sum.first), crate::api::rfc3339(sum.last)]]},
        },
        "summaries": summaries,
        "links": [
            Links::link("self", &href, super::JSON),
            Links::link("root", links.root(), super::JSON),
            Links::link("parent", links.root(), super::JSON),
            Links::link("items", format!("{href}/items"), super::GEOJSON),
        ],
    })
}
