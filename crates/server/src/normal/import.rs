//! `rscloud import scenes FILE`: scene metadata from a GeoJSON FeatureCollection,
//! one Polygon footprint per feature with the properties `sceneId`, `fileName`,
//! `satellite` and `sensor` (catalogue values), `acquiredAt` (RFC 3339),
//! `cloud` (percent) and optionally `resolution`, `productLevel`, `path`, `row`,
//! `quicklook`, `sizeMb`, `online`. Every feature is checked before anything is
//! written; the error names the feature.

use std::path::Path;

use geo::orient::{Direction, Orient};
use geo_types::Geometry;
use serde_json::{Map, Value};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use super::store::SceneRow;
use crate::catalogue;

/// Why a scene file was refused; nothing was written.
#[derive(Debug, thiserror::Error)]
pub enum SceneImportError {
    /// The file is unreadable or not a FeatureCollection.
    #[error("{file}: {message}")]
    File {
        /// The file.
        file: String,
        /// What is wrong.
        message: String,
    },
    /// One feature is unusable.
    #[error("{file}: feature {index} ({id}): {message}")]
    Feature {
        /// The file.
        file: String,
        /// Zero-based position.
        index: usize,
        /// Its scene id, if it has one.
        id: String,
        /// What is wrong.
        message: String,
    },
}

/// Reads and checks every scene of a GeoJSON file.
pub fn read_geojson(path: &Path) -> Result<Vec<SceneRow>, SceneImportError> {
    let file = path.display().to_string();
    let whole = |message: String| SceneImportError::File {
        file: file.clone(),
        message,
    };
    let text = std::fs::read_to_string(path).map_err(|e| whole(e.to_string()))?;
    let geojson::GeoJson::FeatureCollection(fc) = text
        .parse::<geojson::GeoJson>()
        .map_err(|e| whole(format!("not GeoJSON: {e}")))?
    else {
        return Err(whole("GeoJSON must be a FeatureCollection".into()));
    };
    fc.features
        .into_iter()
        .enumerate()
        .map(|(index, f)| scene(&file, index, f))
        .collect()
}

fn scene(
    file: &str,
    index: usize,
    feature: geojson::Feature,
) -> Result<SceneRow, SceneImportError> {
    let props = feature.properties.unwrap_or_default();
    let id = text(&props, "sceneId").unwrap_or_default();
    let bad = |message: String| SceneImportError::Feature {
        file: file.to_owned(),
        index,
        id: id.clone(),
        message,
    };
    if id.is_empty() {
        return Err(bad("no sceneId".into()));
    }
    let satellite = text(&props, "satellite").ok_or_else(|| bad("no satellite".into()))?;
    let sensor = text(&props, "sensor").ok_or_else(|| bad("no sensor".into()))?;
    let sensors = catalogue::sensors_of(&satellite)
        .ok_or_else(|| bad(format!("satellite {satellite} is not in the catalogue")))?;
    if !sensors.iter().any(|s| s.id == sensor) {
        return Err(bad(format!(
            "sensor {sensor} is not a sensor of {satellite}"
        )));
    }
    let when = text(&props, "acquiredAt").ok_or_else(|| bad("no acquiredAt".into()))?;
    let acquired_at = OffsetDateTime::parse(&when, &Rfc3339)
        .map_err(|e| bad(format!("acquiredAt {when} is not RFC 3339: {e}")))?
        .unix_timestamp();
    let cloud = props
        .get("cloud")
        .and_then(Value::as_f64)
        .ok_or_else(|| bad("no cloud".into()))?;
    if !(0.0..=100.0).contains(&cloud) {
        return Err(bad(format!("cloud {cloud} is not a percentage")));
    }
    let geometry = feature.geometry.ok_or_else(|| bad("no footprint".into()))?;
    let footprint = match Geometry::<f64>::try_from(geometry).map_err(|e| bad(e.to_string()))? {
        Geometry::Polygon(p) if p.exterior().0.len() >= 4 => p.orient(Direction::Default),
        _ => return Err(bad("the footprint must be a Polygon".into())),
    };
    if footprint
        .exterior()
        .0
        .iter()
        .any(|c| !(-180.0..=180.0).contains(&c.x) || !(-90.0..=90.0).contains(&c.y))
    {
        return Err(bad(
            "footprint coordinates must be longitude/latitude degrees".into(),
        ));
    }
    Ok(SceneRow {
        fid: 0,
        file_name: text(&props, "fileName").unwrap_or_else(|| id.clone()),
        scene_id: id,
        satellite,
        sensor,
        acquired_at,
        cloud,
        resolution_m: props.get("resolution").and_then(Value::as_f64),
        product_level: text(&props, "productLevel"),
        path: props.get("path").and_then(Value::as_i64),
        row: props.get("row").and_then(Value::as_i64),
        quicklook: text(&props, "quicklook"),
        size_mb: props.get("sizeMb").and_then(Value::as_f64),
        online: props.get("online").and_then(Value::as_bool).unwrap_or(true),
        demo: false,
        footprint,
    })
}

fn text(props: &Map<String, Value>, key: &str) -> Option<String> {
    props
        .get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}
