//! Image query over HTTP on a small real catalogue: one scene per Sentinel-2
//! MGRS tile over China (testdata/), imported by the CLI, searched
//! by region, rectangle and drawn polygon, and checked against a brute-force
//! intersection with Hubei's real boundary.

mod common;

use std::process::Command;

use common::catalogue::{hubei, server};
use common::{TestServer, assert_error};
use geo::Intersects;
use serde_json::{Value, json};

async fn search(s: &TestServer, query: Value) -> (u16, Value) {
    s.post_json("/api/normal/v5/normalmeta", None, &query).await
}

#[tokio::test]
async fn a_region_search_finds_exactly_the_scenes_over_hubei_newest_first() {
    let (s, footprints) = server().await;
    let area = hubei();
    let expected = footprints
        .iter()
        .filter(|s| s.footprint.intersects(&area))
        .count();
    assert!(
        expected > 20,
        "the fixture covers Hubei with {expected} tiles"
    );
    let (status, body) = search(
        &s,
        json!({"selectMode": 1, "regionId": "420000", "pageSize": 5, "pageNum": 2}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let page = &body["data"];
    assert_eq!(page["total"].as_u64(), Some(expected as u64));
    let times: Vec<&str> = page["list"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["acquiredAt"].as_str())
        .collect();
    assert_eq!(times.len(), 5);
    assert!(
        times.windows(2).all(|w| w[0] >= w[1]),
        "newest first: {times:?}"
    );
    let expected_gf1 = footprints
        .iter()
        .filter(|s| s.satellite == "GF1" && s.footprint.intersects(&area))
        .count();
    let (_, gf1) = search(&s, json!({"selectMode": 1, "regionId": "420000", "satellites": [{"satellite": "GF1", "sensors": ["PMS1"]}]})).await;
    assert_eq!(gf1["data"]["total"].as_u64(), Some(expected_gf1 as u64));
    let (_, ids) = s
        .post_json(
            "/api/normal/v5/allids",
            None,
            &json!({"selectMode": 1, "regionId": "420000"}),
        )
        .await;
    let ids = ids["data"]["ids"].as_array().expect("ids");
    assert_eq!(ids.len(), expected);
    // A page is that stretch of the whole ordered result, and past the end an empty one.
    let page_ids: Vec<&Value> = page["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|r| &r["id"])
        .collect();
    assert_eq!(page_ids, ids[5..10].iter().collect::<Vec<_>>());
    let (_, past) = search(
        &s,
        json!({"selectMode": 1, "regionId": "420000", "pageSize": 50, "pageNum": 99}),
    )
    .await;
    assert_eq!(past["data"]["total"].as_u64(), Some(expected as u64));
    assert_eq!(past["data"]["list"].as_array().map(Vec::len), Some(0));
}

#[tokio::test]
async fn filters_and_sorting_hold_on_every_row() {
    let (s, _) = server().await;
    let (_, body) = search(&s, json!({"selectMode": 1, "regionId": "420000", "cloudMax": 20, "sort": "cloud", "pageSize": 100})).await;
    let clouds: Vec<f64> = body["data"]["list"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["cloud"].as_f64())
        .collect();
    assert!(
        !clouds.is_empty() && clouds.iter().all(|c| *c <= 20.0),
        "{clouds:?}"
    );
    assert!(
        clouds.windows(2).all(|w| w[0] <= w[1]),
        "least cloudy first: {clouds:?}"
    );
    let (_, spring) = search(&s, json!({"selectMode": 1, "regionId": "420000", "startTime": "2025-03-01", "endTime": "2025-03-31", "pageSize": 100})).await;
    for row in spring["data"]["list"].as_array().expect("list") {
        let t = row["acquiredAt"].as_str().expect("time");
        assert!(t.starts_with("2025-03"), "{t}");
    }
}

#[tokio::test]
async fn resolution_classes_and_types_come_from_the_catalogue() {
    let (s, footprints) = server().await;
    let area = hubei();
    // GF2 is sub-metre (class 1), GF1 metre-class (2); both optical (type 1).
    let gf2 = footprints
        .iter()
        .filter(|s| s.satellite == "GF2" && s.footprint.intersects(&area))
        .count();
    let total = |body: &Value| body["data"]["total"].as_u64();
    let (_, sub_metre) = search(
        &s,
        json!({"selectMode": 1, "regionId": "420000", "resolutions": [1]}),
    )
    .await;
    assert_eq!(total(&sub_metre), Some(gf2 as u64));
    let (_, radar) = search(
        &s,
        json!({"selectMode": 1, "regionId": "420000", "types": [3]}),
    )
    .await;
    assert_eq!(total(&radar), Some(0));
    let (_, optical) = search(
        &s,
        json!({"selectMode": 1, "regionId": "420000", "types": [1, 3], "resolutions": [1, 2]}),
    )
    .await;
    let (_, all) = search(&s, json!({"selectMode": 1, "regionId": "420000"})).await;
    assert_eq!(total(&optical), total(&all));
}

#[tokio::test]
async fn a_rectangle_and_the_same_polygon_drawn_find_the_same_scenes() {
    let (s, _) = server().await;
    let (_, rect) = search(
        &s,
        json!({"selectMode": 2, "extent": [114.0, 30.3, 114.6, 30.8]}),
    )
    .await;
    let drawn = json!({"type": "Polygon", "coordinates": [[[114.0, 30.3], [114.6, 30.3], [114.6, 30.8], [114.0, 30.8], [114.0, 30.3]]]});
    let (_, draw) = search(&s, json!({"selectMode": 4, "geojson": drawn})).await;
    assert!(rect["data"]["total"].as_u64().unwrap_or(0) > 0);
    assert_eq!(rect["data"]["total"], draw["data"]["total"]);
}

#[tokio::test]
async fn bad_queries_say_what_to_fix() {
    let (s, _) = server().await;
    let cases = [
        (json!({"selectMode": 1}), 400, "请选择行政区"),
        (
            json!({"selectMode": 1, "regionId": "420000", "satellites": [{"satellite": "NOPE"}]}),
            400,
            "卫星不存在：NOPE",
        ),
        (
            json!({"selectMode": 1, "regionId": "420000", "pageSize": 500}),
            400,
            "分页参数无效：pageNum 从 1 开始，pageSize 为 1–100",
        ),
        (
            json!({"selectMode": 2, "extent": [115, 30, 114, 31]}),
            400,
            "框选范围无效：应为 [最小经度, 最小纬度, 最大经度, 最大纬度]",
        ),
        (
            json!({"selectMode": 4, "geojson": {"type": "Point", "coordinates": [114, 30]}}),
            400,
            "绘制的范围应为多边形（GeoJSON Polygon 或 MultiPolygon）",
        ),
        (
            // A position of one number once panicked in the GeoJSON conversion.
            json!({"selectMode": 4, "geojson": {"type": "Polygon", "coordinates": [[[114], [115, 30], [115, 31], [114]]]}}),
            400,
            "绘制的范围应为多边形（GeoJSON Polygon 或 MultiPolygon）",
        ),
        (
            json!({"selectMode": 1, "regionId": "420000", "startTime": "2025/03/01"}),
            400,
            "时间格式错误：2025/03/01（应为 YYYY-MM-DD）",
        ),
        (
            json!({"selectMode": 1, "regionId": "420000", "resolutions": [5]}),
            400,
            "分辨率等级无效：5（应为 1–4）",
        ),
        (
            json!({"selectMode": 1, "regionId": "420000", "types": [0]}),
            400,
            "卫星类型无效：0（应为 1–5）",
        ),
        (
            json!({"selectMode": 1, "regionId": "999999"}),
            404,
            "行政区不存在：999999",
        ),
    ];
    for (query, status, message) in cases {
        let (got, body) = search(&s, query).await;
        assert_error(got, &body, status, message);
    }
}

/// The select modes and sort keys the OpenAPI document lists (enums the web
/// app types its queries with) are exactly the ones the server takes; any
/// other is refused with a message naming the right ones.
#[tokio::test]
async fn the_modes_and_sort_keys_the_document_lists_are_the_ones_taken() {
    let (s, _) = server().await;
    let (_, doc) = s.get_json("/api/openapi.json").await;
    let listed = |name: &str| doc["components"]["schemas"][name]["enum"].clone();
    assert_eq!(listed("SelectMode"), json!([1, 2, 3, 4, 5]));
    assert_eq!(listed("Sort"), json!(["time", "cloud"]));
    for mode in 0..=6 {
        let (status, body) = search(&s, json!({"selectMode": mode})).await;
        assert_eq!(status, 400, "{body}");
        let refused = body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("查询方式无效"));
        assert_eq!(refused, !(1..=5).contains(&mode), "mode {mode}: {body}");
    }
    for sort in ["time", "cloud"] {
        let (status, body) = search(
            &s,
            json!({"selectMode": 1, "regionId": "420000", "sort": sort}),
        )
        .await;
        assert_eq!(status, 200, "{sort}: {body}");
    }
    let (status, body) = search(
        &s,
        json!({"selectMode": 1, "regionId": "420000", "sort": "newest"}),
    )
    .await;
    assert_error(status, &body, 400, "排序方式无效：newest（time 或 cloud）");
}

#[test]
fn an_unknown_sensor_refuses_the_whole_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = json!({"type": "FeatureCollection", "features": [{"type": "Feature",
        "properties": {"sceneId": "X1", "satellite": "GF1", "sensor": "NOPE", "acquiredAt": "2025-01-01T00:00:00Z", "cloud": 1.0},
        "geometry": {"type": "Polygon", "coordinates": [[[114, 30], [115, 30], [115, 31], [114, 30]]]}}]});
    let file = dir.path().join("bad.geojson");
    std::fs::write(&file, bad.to_string()).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .args(["import", "scenes"])
        .arg(&file)
        .arg("--data")
        .arg(dir.path())
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("feature 0 (X1): sensor NOPE is not a sensor of GF1")
    );
}

/// A CSV file of thousands of scenes whose last record is bad is refused
/// whole, naming that record, and the database keeps exactly what it had:
/// the scenes are written as they are read (a bulk load from the first, the
/// table being nearly empty, which drops and remakes indexes), so the refusal
/// has to roll back rows, indexes and R*Tree alike.
#[test]
fn a_bad_record_late_in_a_csv_file_leaves_the_database_as_it_was() {
    let dir = tempfile::tempdir().expect("tempdir");
    let header = "sceneId,satellite,sensor,acquiredAt,cloud,footprint\n";
    let record = |i: usize, cloud: u32| {
        let (x, y) = (100.0 + (i % 40) as f64 * 0.5, 25.0 + (i / 40) as f64 * 0.1);
        format!(
            "GF1_T{i},GF1,PMS1,2025-03-01T03:00:00Z,{cloud},\"POLYGON(({x} {y},{} {y},{} {},{x} {y}))\"\n",
            x + 0.4,
            x + 0.4,
            y + 0.3
        )
    };
    let first = dir.path().join("first.csv");
    std::fs::write(&first, format!("{header}{}", record(0, 5))).expect("write");
    common::import(dir.path(), &["scenes"], &[first]);
    let db = dir.path().join("rscloud.gpkg");
    let state = || {
        let conn = rusqlite::Connection::open(&db).expect("open");
        let count = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).expect("count") };
        let schema: Vec<String> = conn
            .prepare("SELECT sql FROM sqlite_master WHERE tbl_name = 'scene' AND sql NOT NULL ORDER BY name")
            .expect("prepare")
            .query_map([], |r| r.get(0))
            .expect("query")
            .collect::<Result<_, _>>()
            .expect("schema");
        (
            count("SELECT count(*) FROM scene"),
            count("SELECT count(*) FROM rtree_scene_geom"),
            schema,
        )
    };
    let before = state();
    assert_eq!((before.0, before.1), (1, 1));
    let good: String = (1..=3000).map(|i| record(i, 5)).collect();
    let bad = dir.path().join("bad.csv");
    std::fs::write(&bad, format!("{header}{good}{}", record(3001, 150))).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .args(["import", "scenes"])
        .arg(&bad)
        .arg("--data")
        .arg(dir.path())
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("feature 3000 (GF1_T3001): cloud 150 is not a percentage"),
        "{stderr}"
    );
    assert_eq!(state(), before);
    // Without the bad record, every scene is written and indexed.
    let fine = dir.path().join("fine.csv");
    std::fs::write(&fine, format!("{header}{good}")).expect("write");
    common::import(dir.path(), &["scenes"], &[fine]);
    let after = state();
    assert_eq!((after.0, after.1, &after.2), (3001, 3001, &before.2));
}

#[tokio::test]
async fn scenes_imported_by_the_cli_while_the_server_runs_are_found_without_a_restart() {
    let data = tempfile::tempdir().expect("tempdir");
    let dir = data.path().to_path_buf();
    let s = TestServer::start_in(data, |c| c.scene_watch_ms = 50).await;
    let everywhere = json!({"selectMode": 2, "extent": [70.0, 0.0, 140.0, 60.0]});
    let (_, before) = search(&s, everywhere.clone()).await;
    assert_eq!(before["data"]["total"], 0, "{before}");
    // Another process writes the scenes, as an operator's import does.
    let (file, scenes) = common::catalogue::scenes_geojson(&dir);
    common::import(&dir, &["scenes"], &[file]);
    let mut total = 0;
    for _ in 0..600 {
        let (_, page) = search(&s, everywhere.clone()).await;
        total = page["data"]["total"].as_u64().unwrap_or(0);
        if total > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(total, scenes.len() as u64);
}
