//! Coverage over HTTP on the MGRS-tile catalogue (see common::catalogue):
//! whole-province coverage and its "fewest scenes" suggestion, a known gap
//! checked against `geo`'s own boolean operations and geodesic areas, union
//! areas, bad bodies, and the shapefile exports opened by GDAL's ogrinfo.

mod common;

use std::path::Path;

use common::catalogue::{FixtureScene, hubei, server};
use common::{assert_error, figure, ogrinfo};
use geo::orient::{Direction, Orient};
use geo::{BooleanOps, Contains, GeodesicArea, Intersects};
use geo_types::{MultiPolygon, Polygon, Rect, coord, point};
use serde_json::{Value, json};

/// The box of the gap test and a point inside it that the dropped tiles cover.
const EXTENT: [f64; 4] = [111.5, 29.5, 113.5, 31.5];
const GAP_POINT: (f64, f64) = (112.5, 30.5);

fn extent() -> MultiPolygon<f64> {
    let [x0, y0, x1, y1] = EXTENT;
    MultiPolygon(vec![
        Rect::new(coord! {x: x0, y: y0}, coord! {x: x1, y: y1}).to_polygon(),
    ])
}

fn geodesic_km2(mp: &MultiPolygon<f64>) -> f64 {
    mp.orient(Direction::Default).geodesic_area_unsigned() / 1e6
}

fn union_of(polygons: &[&Polygon<f64>]) -> MultiPolygon<f64> {
    polygons
        .iter()
        .fold(MultiPolygon(vec![]), |acc, p| acc.union(*p))
}

/// The tiles over the extent, split into those covering the gap point and the others.
fn gap_split(scenes: &[FixtureScene]) -> (Vec<&FixtureScene>, Vec<&FixtureScene>) {
    let area = extent();
    scenes
        .iter()
        .filter(|s| s.footprint.intersects(&area))
        .partition(|s| {
            s.footprint
                .contains(&point!(x: GAP_POINT.0, y: GAP_POINT.1))
        })
}

fn ids(scenes: &[&FixtureScene]) -> Vec<String> {
    scenes.iter().map(|s| s.id.clone()).collect()
}

fn extent_body(ids: &[String]) -> Value {
    json!({"selectMode": 2, "extent": EXTENT, "ids": ids})
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs())
}

fn vertices(geojson: &Value) -> usize {
    geojson["coordinates"]
        .as_array()
        .expect("multipolygon")
        .iter()
        .flat_map(|p| p.as_array().expect("rings"))
        .map(|r| r.as_array().expect("ring").len())
        .sum()
}

fn multi_polygon(geojson: &Value) -> MultiPolygon<f64> {
    let g: geojson::Geometry = serde_json::from_value(geojson.clone()).expect("geojson");
    match geo_types::Geometry::<f64>::try_from(g).expect("geometry") {
        geo_types::Geometry::MultiPolygon(mp) => mp,
        other => panic!("a MultiPolygon, not {other:?}"),
    }
}

#[tokio::test]
async fn every_result_covers_hubei_and_the_suggestion_needs_fewer_scenes() {
    let (s, scenes) = server().await;
    let hubei = hubei();
    let over: Vec<&FixtureScene> = scenes
        .iter()
        .filter(|x| x.footprint.intersects(&hubei))
        .collect();
    let (status, body) = s
        .post_json(
            "/api/normal/v5/coverage",
            None,
            &json!({"selectMode": 1, "regionId": "420000"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let c = &body["data"];
    assert_eq!(c["sceneCount"].as_u64(), Some(over.len() as u64));
    let aoi = c["aoiAreaKm2"].as_f64().expect("aoi");
    assert!(close(aoi, 185_900.0, 0.01), "{aoi}");
    assert!(close(aoi, geodesic_km2(&hubei), 1e-4), "{aoi}");
    assert!(c["ratio"].as_f64().expect("ratio") > 0.999_999, "{c}");
    assert!(close(
        c["coveredAreaKm2"].as_f64().expect("covered"),
        aoi,
        1e-6
    ));
    assert_eq!(c["covered"]["type"], "MultiPolygon");
    assert!(
        vertices(&c["covered"]) <= 4_000,
        "{}",
        vertices(&c["covered"])
    );
    assert_eq!(c["notCovered"]["type"], "MultiPolygon");
    let suggestion = &c["suggestion"];
    let picked: Vec<&str> = suggestion["ids"]
        .as_array()
        .expect("ids")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        !picked.is_empty() && picked.len() < over.len(),
        "{} of {}",
        picked.len(),
        over.len()
    );
    assert!(picked.iter().all(|id| over.iter().any(|x| x.id == *id)));
    assert!(
        suggestion["ratio"].as_f64().expect("ratio") > 0.9999,
        "{suggestion}"
    );
    // The same scenes by id give the same answer.
    let (_, by_ids) = s
        .post_json(
            "/api/normal/v5/coveragebyids",
            None,
            &json!({"selectMode": 1, "regionId": "420000", "ids": ids(&over)}),
        )
        .await;
    assert_eq!(by_ids["data"]["coveredAreaKm2"], c["coveredAreaKm2"]);
    assert_eq!(by_ids["data"]["suggestion"]["ids"], suggestion["ids"]);
}

#[tokio::test]
async fn a_missing_tile_leaves_its_part_of_the_box_uncovered() {
    let (s, scenes) = server().await;
    let (dropped, kept) = gap_split(&scenes);
    assert!(!dropped.is_empty() && kept.len() > 3);
    let kept_polygons: Vec<&Polygon<f64>> = kept.iter().map(|x| &x.footprint).collect();
    let expected_gap = extent().difference(&union_of(&kept_polygons));
    let (status, body) = s
        .post_json(
            "/api/normal/v5/coveragebyids",
            None,
            &extent_body(&ids(&kept)),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let c = &body["data"];
    assert_eq!(c["sceneCount"].as_u64(), Some(kept.len() as u64));
    let aoi = c["aoiAreaKm2"].as_f64().expect("aoi");
    let gap = aoi - c["coveredAreaKm2"].as_f64().expect("covered");
    assert!(gap > 100.0, "{gap}");
    assert!(close(gap, geodesic_km2(&expected_gap), 2e-3), "{gap}");
    assert!(close(
        c["ratio"].as_f64().expect("ratio"),
        1.0 - gap / aoi,
        1e-9
    ));
    let point = point!(x: GAP_POINT.0, y: GAP_POINT.1);
    assert!(multi_polygon(&c["notCovered"]).contains(&point));
    assert!(!multi_polygon(&c["covered"]).contains(&point));
    // Nothing can fill the gap, so the suggestion reaches the same coverage.
    assert!(close(
        c["suggestion"]["coveredAreaKm2"]
            .as_f64()
            .expect("suggested"),
        aoi - gap,
        1e-4
    ));
}

#[tokio::test]
async fn union_area_counts_overlaps_once() {
    let (s, scenes) = server().await;
    let (dropped, kept) = gap_split(&scenes);
    let pair = [dropped[0], kept[0]];
    let mut asked = ids(&pair);
    asked.push(asked[0].clone());
    let (status, body) = s
        .post_json("/api/normal/v5/unionarea", None, &json!({"ids": asked}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["sceneCount"], 2);
    let expected = geodesic_km2(&union_of(&[&pair[0].footprint, &pair[1].footprint]));
    let area = body["data"]["areaKm2"].as_f64().expect("area");
    assert!(close(area, expected, 1e-3), "{area} vs {expected}");
    let single = geodesic_km2(&MultiPolygon(vec![pair[0].footprint.clone()]));
    assert!(
        area > single * 1.05,
        "the second tile adds area: {area} vs {single}"
    );
    let (_, none) = s
        .post_json("/api/normal/v5/unionarea", None, &json!({"ids": []}))
        .await;
    assert_eq!(none["data"], json!({"areaKm2": 0.0, "sceneCount": 0}));
}

#[tokio::test]
async fn bad_bodies_say_what_to_fix() {
    let (s, scenes) = server().await;
    let known = scenes[0].id.clone();
    let cases = [
        (
            "coveragebyids",
            // Named in the order sent, though looked up in sorted order.
            json!({"selectMode": 2, "extent": EXTENT, "ids": [known, "NOPE2", "NOPE1"]}),
            400,
            "影像不存在（2 景）：NOPE2，NOPE1",
        ),
        (
            "coveragebyids",
            json!({"selectMode": 1, "ids": [known]}),
            400,
            "请选择行政区",
        ),
        (
            "coveragebyids",
            json!({"selectMode": 2, "extent": EXTENT}),
            400,
            "请求参数格式错误",
        ),
        (
            "coverage",
            json!({"selectMode": 1, "regionId": "999999"}),
            404,
            "行政区不存在：999999",
        ),
        (
            "unionarea",
            json!({"ids": "GF1_49RFP"}),
            400,
            "请求参数格式错误",
        ),
        (
            "unionarea",
            json!({"ids": ["NOPE"]}),
            400,
            "影像不存在（1 景）：NOPE",
        ),
        (
            "covershp",
            json!({"selectMode": 2, "extent": EXTENT, "ids": ["NOPE"]}),
            400,
            "影像不存在（1 景）：NOPE",
        ),
        (
            "notcovershp",
            json!({"selectMode": 2, "extent": [113, 31, 112, 30], "ids": []}),
            400,
            "框选范围无效：应为 [最小经度, 最小纬度, 最大经度, 最大纬度]",
        ),
    ];
    for (route, body, status, message) in cases {
        let (got, answer) = s
            .post_json(&format!("/api/normal/v5/{route}"), None, &body)
            .await;
        assert_error(got, &answer, status, message);
    }
    let too_many: Vec<String> = (0..10_001).map(|i| format!("X{i}")).collect();
    let (got, answer) = s
        .post_json("/api/normal/v5/unionarea", None, &json!({"ids": too_many}))
        .await;
    assert_error(got, &answer, 400, "勾选的影像超过10000景，请减少后再试");
}

/// POSTs an export, checks its headers, unzips it into `dir`; the file stem.
async fn download(s: &common::TestServer, route: &str, body: &Value, dir: &Path) -> String {
    let r = s
        .client
        .post(s.url(&format!("/api/normal/v5/{route}")))
        .json(body)
        .send()
        .await
        .expect("request");
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/zip");
    let disposition = r.headers()["content-disposition"]
        .to_str()
        .expect("ascii")
        .to_owned();
    let stem = disposition
        .strip_prefix("attachment; filename=\"")
        .and_then(|d| d.strip_suffix(".zip\""))
        .expect("attachment with a file name")
        .to_owned();
    let prefix = if route == "covershp" {
        "covered_"
    } else {
        "notcovered_"
    };
    let date = stem.strip_prefix(prefix).expect("named after the part");
    assert!(
        date.len() == 8 && date.bytes().all(|b| b.is_ascii_digit()),
        "{stem}"
    );
    let bytes = r.bytes().await.expect("body");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("zip");
    let mut names: Vec<String> = (0..zip.len())
        .map(|i| {
            zip.by_index(i)
                .expect("entry")
                .name()
                .expect("name")
                .into_owned()
        })
        .collect();
    names.sort();
    let expected: Vec<String> = ["cpg", "dbf", "prj", "shp", "shx"]
        .iter()
        .map(|e| format!("{stem}.{e}"))
        .collect();
    assert_eq!(names, expected);
    zip.extract(dir).expect("unzip");
    stem
}

#[tokio::test]
async fn exports_are_shapefiles_gdal_opens_with_the_right_parts_and_areas() {
    let (s, scenes) = server().await;
    let (_, kept) = gap_split(&scenes);
    let body = extent_body(&ids(&kept));
    let (_, coverage) = s
        .post_json("/api/normal/v5/coveragebyids", None, &body)
        .await;
    let covered_km2 = coverage["data"]["coveredAreaKm2"]
        .as_f64()
        .expect("covered");
    let gap_km2 = coverage["data"]["aoiAreaKm2"].as_f64().expect("aoi") - covered_km2;
    let dir = tempfile::tempdir().expect("tempdir");
    for (route, km2) in [("covershp", covered_km2), ("notcovershp", gap_km2)] {
        let stem = download(&s, route, &body, dir.path()).await;
        let shp = dir.path().join(format!("{stem}.shp"));
        let summary = ogrinfo(&["-so", "-al"], &shp.to_string_lossy());
        // The box with a hole, and the hole: one part each.
        assert_eq!(figure(&summary, "Feature Count:"), 1.0, "{summary}");
        assert!(summary.contains("Geometry: Polygon"), "{summary}");
        assert!(summary.contains("WGS 84"), "{summary}");
        assert!(summary.contains("area_km2: Real"), "{summary}");
        let sql = format!("SELECT SUM(area_km2) AS total FROM {stem}");
        let total = figure(
            &ogrinfo(&["-sql", &sql], &shp.to_string_lossy()),
            "total (Real) =",
        );
        assert!(close(total, km2, 1e-6), "{route}: {total} vs {km2}");
    }
    // All tiles over the box leave nothing uncovered: an empty layer, still valid.
    let all: Vec<&FixtureScene> = scenes
        .iter()
        .filter(|x| x.footprint.intersects(&extent()))
        .collect();
    let empty = tempfile::tempdir().expect("tempdir");
    let stem = download(&s, "notcovershp", &extent_body(&ids(&all)), empty.path()).await;
    let summary = ogrinfo(
        &["-so", "-al"],
        &empty.path().join(format!("{stem}.shp")).to_string_lossy(),
    );
    assert_eq!(figure(&summary, "Feature Count:"), 0.0, "{summary}");
}

#[tokio::test]
async fn more_than_ten_thousand_results_ask_for_a_narrower_query() {
    let dir = tempfile::tempdir().expect("tempdir");
    let features: Vec<Value> = (0..10_001)
        .map(|i| {
            let x = 114.0 + f64::from(i % 100) * 0.01;
            let y = 30.0 + f64::from(i / 100) * 0.01;
            json!({"type": "Feature",
                "properties": {"sceneId": format!("S{i}"), "satellite": "GF1", "sensor": "PMS1",
                    "acquiredAt": "2025-05-01T03:00:00Z", "cloud": if i == 0 { 50.0 } else { 1.0 }},
                "geometry": {"type": "Polygon", "coordinates": [[[x, y], [x + 0.02, y], [x + 0.02, y + 0.02], [x, y + 0.02], [x, y]]]}})
        })
        .collect();
    let file = dir.path().join("many.geojson");
    std::fs::write(
        &file,
        json!({"type": "FeatureCollection", "features": features}).to_string(),
    )
    .expect("write");
    common::import(dir.path(), &["scenes"], &[file]);
    let s = common::TestServer::start_in(dir, |_| {}).await;
    let (status, body) = s
        .post_json(
            "/api/normal/v5/coverage",
            None,
            &json!({"selectMode": 2, "extent": [113.0, 29.0, 116.0, 32.0]}),
        )
        .await;
    assert_error(
        status,
        &body,
        400,
        "结果超过10000景，请缩小查询范围后再统计覆盖",
    );
    // One scene fewer fits: a 100 × 100 grid of squares twice the grid step
    // wide, which about a quarter of them cover.
    let (status, body) = s
        .post_json(
            "/api/normal/v5/coverage",
            None,
            &json!({"selectMode": 2, "extent": [113.0, 29.0, 116.0, 32.0], "cloudMax": 10}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["sceneCount"], 10_000);
    let picked = body["data"]["suggestion"]["ids"].as_array().expect("ids");
    assert!(picked.len() < 10_000 / 3, "{}", picked.len());
    let covered = body["data"]["coveredAreaKm2"].as_f64().expect("covered");
    let suggested = body["data"]["suggestion"]["coveredAreaKm2"]
        .as_f64()
        .expect("suggested");
    assert!(close(covered, suggested, 1e-4), "{covered} vs {suggested}");
}
