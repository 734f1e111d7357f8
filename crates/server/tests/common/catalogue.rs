//! A small real image catalogue for the image-query tests: one scene per
//! Sentinel-2 MGRS tile over China (../shared/data/grids), imported by the CLI
//! next to the real province boundaries.

use std::path::{Path, PathBuf};

use geo::orient::{Direction, Orient};
use geo_types::{Geometry, MultiPolygon, Polygon};
use serde_json::{Value, json};

use super::{TestServer, import};

/// A file in ../shared/data (next to the repository).
pub fn shared(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(file)
}

/// A gzipped JSON file, parsed.
pub fn gunzip_json(path: &Path) -> Value {
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::GzDecoder::new(std::fs::File::open(path).expect("open")),
        &mut text,
    )
    .expect("gunzip");
    serde_json::from_str(&text).expect("json")
}

/// One scene of the fixture.
#[derive(Debug, Clone)]
pub struct FixtureScene {
    /// Product id: `GF1_<tile>` or `GF2_<tile>`.
    pub id: String,
    /// GF1 or GF2.
    pub satellite: String,
    /// The tile's footprint.
    pub footprint: Polygon<f64>,
}

fn polygonal(geometry: &Value) -> MultiPolygon<f64> {
    let g: geojson::Geometry = serde_json::from_value(geometry.clone()).expect("geometry");
    match Geometry::<f64>::try_from(g).expect("geometry") {
        Geometry::Polygon(p) => MultiPolygon(vec![p]),
        Geometry::MultiPolygon(mp) => mp,
        _ => panic!("polygonal"),
    }
}

/// The fixture: every tile becomes one scene, GF1/PMS1 and GF2/PMS1 in turn,
/// a day apart, with cloud cover stepping through 0–99; written as GeoJSON.
pub fn scenes_geojson(dir: &Path) -> (PathBuf, Vec<FixtureScene>) {
    let grid = gunzip_json(&shared("grids/sentinel2_mgrs_tiles_china.geojson.gz"));
    let mut features = Vec::new();
    let mut scenes = Vec::new();
    for (i, f) in grid["features"]
        .as_array()
        .expect("features")
        .iter()
        .enumerate()
    {
        let tile = f["properties"]["tile_id"].as_str().expect("tile id");
        let satellite = if i % 2 == 0 { "GF1" } else { "GF2" };
        let day = time::Date::from_ordinal_date(2025, 1 + (i % 300) as u16).expect("day");
        let id = format!("{satellite}_{tile}");
        features.push(json!({
            "type": "Feature",
            "properties": {
                "sceneId": id, "satellite": satellite, "sensor": "PMS1",
                "acquiredAt": format!("{day}T03:00:00Z"), "cloud": (i * 7 % 100) as f64, "resolution": 2.0
            },
            "geometry": f["geometry"],
        }));
        let footprint = polygonal(&f["geometry"]).0.remove(0);
        scenes.push(FixtureScene {
            id,
            satellite: satellite.to_owned(),
            footprint,
        });
    }
    let path = dir.join("scenes.geojson");
    std::fs::write(
        &path,
        json!({"type": "FeatureCollection", "features": features}).to_string(),
    )
    .expect("write");
    (path, scenes)
}

/// A province's real boundary by adcode, counter-clockwise.
pub fn province(adcode: u64) -> MultiPolygon<f64> {
    let provinces = gunzip_json(&shared("boundaries/cn_province_tianditu.geojson.gz"));
    let f = provinces["features"]
        .as_array()
        .expect("features")
        .iter()
        .find(|f| f["properties"]["adcode"] == adcode)
        .expect("province");
    polygonal(&f["geometry"]).orient(Direction::Default)
}

/// A server over the provinces and the fixture catalogue.
pub async fn server() -> (TestServer, Vec<FixtureScene>) {
    server_with(|_| {}).await
}

/// A server over the provinces and the fixture catalogue, its configuration
/// adjusted by `tune`.
pub async fn server_with(
    tune: impl FnOnce(&mut rscloud::config::Config) + Send + 'static,
) -> (TestServer, Vec<FixtureScene>) {
    let dir = tempfile::tempdir().expect("tempdir").keep();
    import(
        &dir,
        &["regions"],
        &[shared("boundaries/cn_province_tianditu.geojson.gz")],
    );
    let (file, scenes) = scenes_geojson(&dir);
    import(&dir, &["scenes"], &[file]);
    (
        TestServer::start_with(move |c| {
            c.data_dir = dir;
            tune(c);
        })
        .await,
        scenes,
    )
}
