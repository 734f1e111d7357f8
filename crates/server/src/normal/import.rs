//! `rscloud import scenes FILE`: scene metadata from a GeoJSON FeatureCollection,
//! one Polygon footprint per feature with the properties `sceneId`, `fileName`,
//! `satellite` and `sensor` (catalogue values), `acquiredAt` (RFC 3339),
//! `cloud` (percent) and optionally `resolution`, `productLevel`, `path`, `row`,
//! `quicklook`, `sizeMb`, `online`; or from a CSV file whose header names the
//! same fields plus `footprint`, a WKT POLYGON. Both go through one check per
//! scene, before anything is written; the error names the feature or record.

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

/// Reads and checks every scene of a CSV (by its `.csv` extension) or GeoJSON file.
pub fn read(path: &Path) -> Result<Vec<SceneRow>, SceneImportError> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
    {
        read_csv(path)
    } else {
        read_geojson(path)
    }
}

/// CSV columns read as numbers (whole numbers stay whole, as `path` and `row` need).
const NUMBERS: [&str; 5] = ["cloud", "resolution", "path", "row", "sizeMb"];

/// Each CSV record becomes the GeoJSON feature it stands for, so both formats
/// share `scene`'s checks.
fn read_csv(path: &Path) -> Result<Vec<SceneRow>, SceneImportError> {
    let file = path.display().to_string();
    let whole = |message: String| SceneImportError::File {
        file: file.clone(),
        message,
    };
    let mut reader = csv::ReaderBuilder::new()
        .trim(csv::Trim::All)
        .from_path(path)
        .map_err(|e| whole(e.to_string()))?;
    let headers = reader.headers().map_err(|e| whole(e.to_string()))?.clone();
    let headers: Vec<String> = headers
        .iter()
        .map(|h| h.trim_start_matches('\u{feff}').to_owned())
        .collect();
    if !headers.iter().any(|h| h == "footprint") {
        return Err(whole("CSV needs a footprint column (WKT POLYGON)".into()));
    }
    let mut scenes = Vec::new();
    for (index, record) in reader.records().enumerate() {
        let record = record.map_err(|e| whole(e.to_string()))?;
        let mut props = Map::new();
        let mut footprint = None;
        for (name, value) in headers.iter().zip(record.iter()) {
            if value.is_empty() {
                continue;
            }
            let value = match name.as_str() {
                "footprint" => {
                    footprint = Some(value);
                    continue;
                }
                "online" => Value::Bool(matches!(
                    value.to_ascii_lowercase().as_str(),
                    "true" | "1" | "yes"
                )),
                n if NUMBERS.contains(&n) => match value.parse::<i64>() {
                    Ok(whole) => Value::from(whole),
                    Err(_) => value
                        .parse::<f64>()
                        .map(Value::from)
                        .unwrap_or_else(|_| Value::from(value)),
                },
                _ => Value::from(value),
            };
            props.insert(name.clone(), value);
        }
        let bad = |message: String| SceneImportError::Feature {
            file: file.clone(),
            index,
            id: text(&props, "sceneId").unwrap_or_default(),
            message,
        };
        if let Some(name) = NUMBERS
            .iter()
            .find(|n| props.get(**n).is_some_and(Value::is_string))
        {
            return Err(bad(format!("{name} is not a number")));
        }
        let geometry = match footprint.map(geo_kit::wkt::parse).transpose() {
            Ok(Some(mut geometries)) if geometries.len() == 1 => geometries
                .pop()
                .map(|g| geojson::Geometry::new(geojson::GeometryValue::from(&g))),
            Ok(None) => None,
            Ok(Some(_)) => return Err(bad("the footprint must be one WKT POLYGON".into())),
            Err(e) => return Err(bad(e.to_string())),
        };
        scenes.push(scene(
            &file,
            index,
            geojson::Feature {
                geometry,
                properties: Some(props),
                ..geojson::Feature::default()
            },
        )?);
    }
    Ok(scenes)
}

/// Reads and checks every scene of a GeoJSON file.
fn read_geojson(path: &Path) -> Result<Vec<SceneRow>, SceneImportError> {
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
    let footprint = match crate::vector::to_geo(geometry).map_err(|e| bad(e.0))? {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("write");
        file
    }

    #[test]
    fn a_csv_record_reads_as_the_geojson_feature_it_stands_for() {
        let dir = tempfile::tempdir().expect("tempdir");
        let csv = write(
            dir.path(),
            "scenes.csv",
            "\u{feff}sceneId,fileName,satellite,sensor,acquiredAt,cloud,resolution,path,row,online,footprint\n\
             GF1_A,GF1_A.tar.gz,GF1,PMS1,2025-03-01T03:00:00Z,12.5,2,612,88,false,\"POLYGON((114 30,115 30,115 31,114 31,114 30))\"\n",
        );
        let geojson = write(
            dir.path(),
            "scenes.geojson",
            r#"{"type": "FeatureCollection", "features": [{"type": "Feature",
                "properties": {"sceneId": "GF1_A", "fileName": "GF1_A.tar.gz", "satellite": "GF1", "sensor": "PMS1",
                  "acquiredAt": "2025-03-01T03:00:00Z", "cloud": 12.5, "resolution": 2, "path": 612, "row": 88, "online": false},
                "geometry": {"type": "Polygon", "coordinates": [[[114, 30], [115, 30], [115, 31], [114, 31], [114, 30]]]}}]}"#,
        );
        let from_csv = read(&csv).expect("csv");
        assert_eq!(from_csv, read(&geojson).expect("geojson"));
        assert_eq!(from_csv[0].path, Some(612));
        assert!(!from_csv[0].online);
    }

    #[test]
    fn a_bad_csv_record_is_named_with_the_reason() {
        let dir = tempfile::tempdir().expect("tempdir");
        let header = "sceneId,satellite,sensor,acquiredAt,cloud,footprint\n";
        let cases = [
            (
                "GF1_B,GF1,PMS1,2025-03-01T03:00:00Z,cloudy,\"POLYGON((114 30,115 30,115 31,114 30))\"",
                "feature 0 (GF1_B): cloud is not a number",
            ),
            (
                "GF1_C,GF1,PMS1,2025-03-01T03:00:00Z,1,\"POLYGON((114 30,115 30\"",
                "feature 0 (GF1_C): WKT 无法解析",
            ),
            (
                "GF1_D,GF1,PMS1,2025-03-01T03:00:00Z,1,\"LINESTRING(114 30,115 30)\"",
                "feature 0 (GF1_D): the footprint must be a Polygon",
            ),
        ];
        for (record, message) in cases {
            let file = write(dir.path(), "bad.csv", &format!("{header}{record}\n"));
            let err = read(&file).expect_err(record).to_string();
            assert!(err.contains(message), "{err}");
        }
        let no_footprint = write(dir.path(), "none.csv", "sceneId,cloud\nX,1\n");
        assert!(
            read(&no_footprint)
                .expect_err("no footprint column")
                .to_string()
                .contains("footprint column")
        );
    }
}
