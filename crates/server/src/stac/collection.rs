//! One STAC Collection per catalogue satellite that has scenes, with its
//! extent and summaries taken from the scenes themselves.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use serde_json::{Value, json};

use super::Links;
use super::item::{self, EO};
use super::search::every;
use crate::catalogue::{self, Satellite};
use crate::normal::index::SceneIndex;

/// What the scenes of one satellite cover.
struct Summary {
    bbox: [f64; 4],
    first: i64,
    last: i64,
    instruments: BTreeSet<String>,
    gsd: Vec<f64>,
    cloud: (f64, f64),
    levels: BTreeSet<String>,
}

/// The summaries of the satellites that have scenes (of `only`, when given).
fn summaries(scenes: &SceneIndex, only: Option<&str>) -> HashMap<String, Summary> {
    let mut out: HashMap<String, Summary> = HashMap::new();
    for s in every(scenes).filter(|s| only.is_none_or(|o| s.satellite() == o)) {
        let Some(b) = s.bbox() else {
            continue;
        };
        let cloud = s.cloud();
        let at = s.acquired_at();
        let sum = match out.get_mut(s.satellite()) {
            Some(sum) => sum,
            None => out.entry(s.satellite().to_owned()).or_insert(Summary {
                bbox: [b.min_x, b.min_y, b.max_x, b.max_y],
                first: at,
                last: at,
                instruments: BTreeSet::new(),
                gsd: Vec::new(),
                cloud: (cloud, cloud),
                levels: BTreeSet::new(),
            }),
        };
        sum.bbox = [
            sum.bbox[0].min(b.min_x),
            sum.bbox[1].min(b.min_y),
            sum.bbox[2].max(b.max_x),
            sum.bbox[3].max(b.max_y),
        ];
        sum.first = sum.first.min(at);
        sum.last = sum.last.max(at);
        if !sum.instruments.contains(s.sensor()) {
            sum.instruments.insert(s.sensor().to_owned());
        }
        if let Some(g) = item::gsd(&s)
            && !sum.gsd.contains(&g)
        {
            sum.gsd.push(g);
        }
        sum.cloud = (sum.cloud.0.min(cloud), sum.cloud.1.max(cloud));
        if let Some(level) = s.product_level()
            && !sum.levels.contains(level)
        {
            sum.levels.insert(level.to_owned());
        }
    }
    for sum in out.values_mut() {
        sum.gsd.sort_by(f64::total_cmp);
    }
    out
}

/// Every collection, in catalogue order.
pub fn all(scenes: &SceneIndex, links: &Links) -> Vec<Value> {
    let sums = summaries(scenes, None);
    catalogue::satellites()
        .iter()
        .filter_map(|sat| Some(collection(sat, sums.get(sat.value)?, links)))
        .collect()
}

/// One collection, or `None` for a satellite that is unknown or has no scenes.
pub fn one(scenes: &SceneIndex, id: &str, links: &Links) -> Option<Value> {
    let sat = catalogue::satellite(id)?;
    let sums = summaries(scenes, Some(id));
    Some(collection(sat, sums.get(id)?, links))
}

fn collection(sat: &Satellite, sum: &Summary, links: &Links) -> Value {
    let href = links.collection(sat.value);
    let mut summaries = BTreeMap::from([
        ("platform", json!([sat.value])),
        ("instruments", json!(sum.instruments)),
        ("gsd", json!(sum.gsd)),
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
            "spatial": {"bbox": [sum.bbox]},
            "temporal": {"interval": [[item::rfc3339(sum.first), item::rfc3339(sum.last)]]},
        },
        "summaries": summaries,
        "links": [
            Links::link("self", &href, super::JSON),
            Links::link("root", &links.root(), super::JSON),
            Links::link("parent", &links.root(), super::JSON),
            Links::link("items", &format!("{href}/items"), super::GEOJSON),
        ],
    })
}
