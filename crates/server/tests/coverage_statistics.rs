//! Coverage statistics over HTTP on the small real image catalogue of the
//! image-query tests (one scene per Sentinel-2 tile over China, a day apart
//! through 2025, cloud stepping through 0–99): a region's covered share for a
//! period and filter equals, to within the raster's edge cells, what the
//! image query's exact coverage says of the same scenes; a region's children
//! are the regions one level down; bad input is refused before any work.

mod common;

use common::catalogue::server;
use common::{TestServer, assert_error};
use serde_json::{Value, json};

/// The exact covered share of a region by the image query's search with these filters.
async fn exact_ratio(s: &TestServer, region: &str, filters: Value) -> f64 {
    let mut body = json!({"selectMode": 1, "regionId": region});
    body.as_object_mut()
        .expect("object")
        .extend(filters.as_object().expect("filters").clone());
    let (status, c) = s.post_json("/api/normal/v5/coverage", None, &body).await;
    assert_eq!(status, 200, "{c}");
    c["data"]["ratio"].as_f64().expect("ratio")
}

async fn statistics(s: &TestServer, path: &str) -> Value {
    let (status, body) = s
        .get_json(&format!("/api/coverage/v1/statistics/{path}"))
        .await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"].clone()
}

fn ratio(v: &Value) -> f64 {
    v["ratio"].as_f64().expect("ratio")
}

#[tokio::test]
async fn a_regions_share_equals_the_exact_coverage_of_the_same_scenes() {
    let (s, _) = server().await;
    let cases = [
        (
            "2025/0/420000",
            json!({"startTime": "2025-01-01", "endTime": "2025-12-31"}),
        ),
        (
            "2025/1/420000",
            json!({"startTime": "2025-01-01", "endTime": "2025-03-31"}),
        ),
        (
            "2025/3/420000?cloud=30",
            json!({"startTime": "2025-07-01", "endTime": "2025-09-30", "cloudMax": 30}),
        ),
    ];
    for (path, filters) in cases {
        let got = statistics(&s, path).await;
        let exact = exact_ratio(&s, "420000", filters).await;
        let raster = ratio(&got["region"]);
        assert!(
            (raster - exact).abs() < 0.01,
            "{path}: raster {raster} against exact {exact}"
        );
        assert!(got["scenes"].as_u64().expect("scenes") > 0, "{path}");
    }
    // A quarter counts fewer scenes than its year; a stricter cloud limit no more than a looser one.
    let year = statistics(&s, "2025/0/420000").await;
    let spring = statistics(&s, "2025/1/420000").await;
    assert!(spring["scenes"].as_u64() < year["scenes"].as_u64());
    let clear = statistics(&s, "2025/0/420000?cloud=10").await;
    assert!(ratio(&clear["region"]) <= ratio(&year["region"]));
    // The fixture's GF1 and GF2 are of resolution class 2: class 4 covers nothing.
    let coarse = statistics(&s, "2025/0/420000?resolution=4").await;
    assert_eq!(coarse["scenes"], 0);
    assert_eq!(ratio(&coarse["region"]), 0.0);
    // No scenes in 2024.
    let before = statistics(&s, "2024/0/420000").await;
    assert_eq!(ratio(&before["region"]), 0.0);
}

#[tokio::test]
async fn a_region_drills_down_to_the_regions_one_level_below() {
    let (s, _) = server().await;
    let country = statistics(&s, "2025/0/100000").await;
    let provinces = country["children"].as_array().expect("children");
    assert_eq!(provinces.len(), 34, "{country}");
    let hubei = provinces
        .iter()
        .find(|p| p["regionId"] == "420000")
        .expect("Hubei");
    assert_eq!(hubei["name"], "湖北省");
    assert_eq!(hubei["hasChildren"], true);

    let drilled = statistics(&s, "2025/0/420000").await;
    // The same region, the same figures, whichever level asked.
    assert_eq!(drilled["region"]["ratio"], hubei["ratio"]);
    assert_eq!(drilled["region"]["areaKm2"], hubei["areaKm2"]);
    let cities = drilled["children"].as_array().expect("cities");
    assert!(cities.len() >= 13, "{}", cities.len());
    assert!(cities.iter().all(|c| {
        c["regionId"]
            .as_str()
            .is_some_and(|id| id.starts_with("42"))
    }));
    // Hubei's area is about 185,900 km², and its cities tile it.
    let area = drilled["region"]["areaKm2"].as_f64().expect("area");
    assert!((area - 185_900.0).abs() / 185_900.0 < 0.01, "{area}");
    let cities_area: f64 = cities
        .iter()
        .map(|c| c["areaKm2"].as_f64().expect("area"))
        .sum();
    assert!(
        (cities_area - area).abs() / area < 0.01,
        "{cities_area} against {area}"
    );
}

#[tokio::test]
async fn the_latest_coverage_is_of_the_quarter_of_the_newest_scene() {
    let (s, _) = server().await;
    let (status, latest) = s.get_json("/api/coverage/v1/lastest/420000").await;
    assert_eq!(status, 200, "{latest}");
    // The fixture's days run to the 300th of 2025, in October.
    assert_eq!(
        (
            latest["data"]["year"].as_i64(),
            latest["data"]["quarter"].as_i64()
        ),
        (Some(2025), Some(4))
    );
    let q4 = statistics(&s, "2025/4/420000").await;
    assert_eq!(latest["data"]["region"]["ratio"], q4["region"]["ratio"]);
    let (status, body) = s.get_json("/api/coverage/v1/lastest/999999").await;
    assert_error(status, &body, 404, "行政区不存在：999999");
}

#[tokio::test]
async fn bad_periods_filters_and_regions_are_refused_before_any_work() {
    let s = TestServer::start().await;
    let refused = [
        ("1999/0/420000", 400, "年份应在 2000 到 2100 之间"),
        ("2025/5/420000", 400, "季度应为 1 到 4（0 表示全年）"),
        (
            "2025/1/420000?resolution=5",
            400,
            "分辨率等级应为 1 到 4（0 表示全部）",
        ),
        ("2025/1/420000?cloud=101", 400, "云量应为 0 到 100"),
    ];
    for (path, status_wanted, message) in refused {
        let (status, body) = s
            .get_json(&format!("/api/coverage/v1/statistics/{path}"))
            .await;
        assert_error(status, &body, status_wanted, message);
    }
    for path in [
        "x/1/420000",
        "2025/x/420000",
        "2025/-1/420000",
        "99999999999/1/420000",
    ] {
        let (status, _) = s
            .get_json(&format!("/api/coverage/v1/statistics/{path}"))
            .await;
        assert_eq!(status, 400, "{path}");
    }
}

/// The `coverage` layer's features over Hubei's box through WFS, as GeoJSON.
async fn drawn(s: &TestServer, viewparams: &str) -> Vec<Value> {
    let query = serde_urlencoded::to_string([
        ("SERVICE", "WFS"),
        ("VERSION", "2.0.0"),
        ("REQUEST", "GetFeature"),
        ("OUTPUTFORMAT", "application/json"),
        ("TYPENAMES", "coverage"),
        ("BBOX", "108.3,29.0,116.2,33.3"),
        ("VIEWPARAMS", viewparams),
    ])
    .expect("query");
    let answer = s
        .client
        .get(s.url(&format!("/ows/cloudPlatform/wfs?{query}")))
        .send()
        .await
        .expect("wfs");
    let status = answer.status().as_u16();
    let text = answer.text().await.expect("body");
    assert_eq!(status, 200, "{text}");
    let body: Value = serde_json::from_str(&text).expect("GeoJSON");
    body["features"].as_array().expect("features").clone()
}

#[tokio::test]
async fn the_covered_part_of_a_counted_period_is_a_map_layer_and_a_tile_builds_nothing() {
    let (s, _) = server().await;
    // Not counted yet: nothing drawn (a tile or a WFS request never starts the work).
    assert!(drawn(&s, "year:2025;quarter:1").await.is_empty());
    let spring = statistics(&s, "2025/1/420000").await;
    let blocks = drawn(&s, "year:2025;quarter:1").await;
    assert!(!blocks.is_empty());
    assert!(blocks.iter().all(|f| f["geometry"]["type"] == "Polygon"));
    // The blocks over Hubei's box cover about what the statistics say is covered of it
    // (the box holds more than Hubei: the drawn area is at least the region's covered part).
    let km2_per_deg2 = 111.32 * 111.32 * (31.0_f64).to_radians().cos();
    let drawn_km2: f64 = blocks
        .iter()
        .map(|f| {
            let ring = f["geometry"]["coordinates"][0].as_array().expect("ring");
            let (xs, ys): (Vec<f64>, Vec<f64>) = ring
                .iter()
                .map(|c| (c[0].as_f64().expect("x"), c[1].as_f64().expect("y")))
                .unzip();
            let w = xs.iter().cloned().fold(f64::MIN, f64::max)
                - xs.iter().cloned().fold(f64::MAX, f64::min);
            let h = ys.iter().cloned().fold(f64::MIN, f64::max)
                - ys.iter().cloned().fold(f64::MAX, f64::min);
            w * h * km2_per_deg2
        })
        .sum();
    let covered = spring["region"]["coveredKm2"].as_f64().expect("covered");
    assert!(drawn_km2 > covered * 0.9, "{drawn_km2} against {covered}");
    // Another period, or a bad one, is still not drawn.
    assert!(drawn(&s, "year:2025;quarter:2").await.is_empty());
    assert!(drawn(&s, "year:1999;quarter:1").await.is_empty());
}
