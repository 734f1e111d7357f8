//! The demo catalogue and quick-looks over HTTP: a `--demo` server generates
//! scenes that normalmeta finds; their quick-looks, fall figures, the
//! quick-look zip and the online/offline split; and what real scenes without a
//! generated quick-look get.

mod common;

use std::io::Read;
use std::process::Command;

use common::{TestServer, assert_error};
use serde_json::{Value, json};

async fn post_bytes(s: &TestServer, path: &str, body: &Value) -> reqwest::Response {
    s.client
        .post(s.url(path))
        .json(body)
        .send()
        .await
        .expect("request")
}

/// Scene ids of the first page over China's middle, with their rows.
async fn some_scenes(s: &TestServer) -> Vec<Value> {
    let (status, body) = s
        .post_json(
            "/api/normal/v5/normalmeta",
            None,
            &json!({"selectMode": 2, "extent": [100.0, 22.0, 122.0, 42.0], "pageSize": 20}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body["data"]["total"].as_u64().expect("total") > 100,
        "{body}"
    );
    body["data"]["list"].as_array().expect("list").clone()
}

#[tokio::test]
async fn a_demo_server_serves_searchable_scenes_with_quick_looks_fall_figures_and_exports() {
    let s = TestServer::start_with(|c| c.demo_scenes = 1_500).await;
    let list = some_scenes(&s).await;
    let first = &list[0];
    assert_eq!(first["demo"], true);
    let id = first["id"].as_str().expect("id");
    let url = first["quicklook"].as_str().expect("quicklook url");
    assert_eq!(url, format!("/api/normal/v5/quicklook/{id}"));

    // The quick-look itself: a PNG that never changes.
    let r = s.client.get(s.url(url)).send().await.expect("quicklook");
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/png");
    assert!(
        r.headers()["cache-control"]
            .to_str()
            .expect("header")
            .contains("immutable")
    );
    let png = r.bytes().await.expect("body");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");

    // Fall figures: the footprint's corners, north-west first, in the order asked.
    let ids: Vec<&str> = list.iter().map(|s| s["id"].as_str().expect("id")).collect();
    let (status, body) = s
        .post_json(
            "/api/normal/v5/fallfigure",
            None,
            &json!({"ids": [ids[1], "NO_SUCH_SCENE", ids[0]]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let figures = body["data"].as_array().expect("figures");
    assert_eq!(figures.len(), 2, "{body}");
    assert_eq!(figures[0]["id"], ids[1]);
    assert_eq!(figures[1]["url"], url);
    let c = &figures[1]["coordinates"];
    let ring = first["footprint"]["coordinates"][0]
        .as_array()
        .expect("ring");
    for corner in c.as_array().expect("corners") {
        assert!(ring.contains(corner), "{corner} is a footprint corner");
    }
    let at = |k: usize, i: usize| c[k][i].as_f64().expect("number");
    assert!(
        at(0, 1) > at(3, 1) && at(0, 0) < at(1, 0),
        "top-left is north-west: {c}"
    );

    // The zip: a PNG, a world file and a .prj per scene; the unknown id in README.txt.
    let r = post_bytes(
        &s,
        "/api/normal/v5/export/quickimage",
        &json!({"ids": [ids[0], "NO_SUCH_SCENE"]}),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/zip");
    assert!(
        r.headers()["content-disposition"]
            .to_str()
            .expect("header")
            .starts_with("attachment")
    );
    let bytes = r.bytes().await.expect("zip");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("a zip");
    let read = |zip: &mut zip::ZipArchive<_>, name: &str| {
        let mut out = Vec::new();
        zip.by_name(name)
            .unwrap_or_else(|_| panic!("{name} in the zip"))
            .read_to_end(&mut out)
            .expect("read");
        out
    };
    assert_eq!(
        &read(&mut zip, &format!("{id}.png"))[..8],
        b"\x89PNG\r\n\x1a\n"
    );
    assert!(
        String::from_utf8(read(&mut zip, &format!("{id}.prj")))
            .expect("utf-8")
            .contains("WGS_1984")
    );
    let world: Vec<f64> = String::from_utf8(read(&mut zip, &format!("{id}.pgw")))
        .expect("utf-8")
        .lines()
        .map(|l| l.parse().expect("number"))
        .collect();
    assert_eq!(world.len(), 6);
    // The outer corner of the top-left pixel is the fall figure's top-left corner.
    let top_left = (
        world[4] - (world[0] + world[2]) / 2.0,
        world[5] - (world[1] + world[3]) / 2.0,
    );
    assert!((top_left.0 - at(0, 0)).abs() < 1e-6 && (top_left.1 - at(0, 1)).abs() < 1e-6);
    // 256 columns across reach the top-right corner.
    let top_right = (top_left.0 + 256.0 * world[0], top_left.1 + 256.0 * world[1]);
    assert!((top_right.0 - at(1, 0)).abs() < 1e-6 && (top_right.1 - at(1, 1)).abs() < 1e-6);
    let readme = String::from_utf8(read(&mut zip, "README.txt")).expect("utf-8");
    assert!(readme.contains("NO_SUCH_SCENE"), "{readme}");

    // Online and offline, as each scene says.
    let (status, body) = s
        .post_json(
            "/api/normal/v5/offlinebyids",
            None,
            &json!({"ids": [ids[0], ids[1], ids[2], "NO_SUCH_SCENE"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    for (k, scene) in list.iter().take(3).enumerate() {
        let side = if scene["online"] == true {
            "online"
        } else {
            "offline"
        };
        assert!(
            body["data"][side]
                .as_array()
                .expect("list")
                .contains(&json!(ids[k])),
            "{body}"
        );
    }
    assert_eq!(body["data"]["missing"], json!(["NO_SUCH_SCENE"]));
}

#[tokio::test]
async fn real_scenes_have_no_generated_quick_look_and_limits_are_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let scenes = dir.path().join("scenes.geojson");
    std::fs::write(
        &scenes,
        json!({"type": "FeatureCollection", "features": [{
            "type": "Feature",
            "properties": {"sceneId": "REAL_1", "satellite": "GF1", "sensor": "PMS1",
                "acquiredAt": "2025-05-01T03:00:00Z", "cloud": 10.0, "online": false,
                "quicklook": "https://example.com/REAL_1.jpg"},
            "geometry": {"type": "Polygon", "coordinates": [[[114.0, 30.0], [114.6, 30.0], [114.5, 30.5], [114.1, 30.6], [114.0, 30.0]]]}
        }]})
        .to_string(),
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .args(["import", "scenes"])
        .arg(&scenes)
        .arg("--data")
        .arg(dir.path())
        .output()
        .expect("rscloud");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = TestServer::start_in(dir, |_| {}).await;

    let (status, body) = s.get_json("/api/normal/v5/quicklook/REAL_1").await;
    assert_error(status, &body, 404, "该景没有快视图：REAL_1");
    let (status, body) = s.get_json("/api/normal/v5/quicklook/NOPE").await;
    assert_error(status, &body, 404, "影像不存在：NOPE");

    // Its own quick-look URL, laid on its corners from the north-west.
    let (status, body) = s
        .post_json(
            "/api/normal/v5/fallfigure",
            None,
            &json!({"ids": ["REAL_1"]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"][0]["url"], "https://example.com/REAL_1.jpg");
    assert_eq!(
        body["data"][0]["coordinates"],
        json!([[114.1, 30.6], [114.5, 30.5], [114.6, 30.0], [114.0, 30.0]])
    );

    let r = post_bytes(
        &s,
        "/api/normal/v5/export/quickimage",
        &json!({"ids": ["REAL_1"]}),
    )
    .await;
    assert_eq!(r.status(), 200);
    let bytes = r.bytes().await.expect("zip");
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("a zip");
    assert_eq!(zip.len(), 1);
    let mut readme = String::new();
    zip.by_name("README.txt")
        .expect("README.txt")
        .read_to_string(&mut readme)
        .expect("read");
    assert!(readme.contains("REAL_1\t没有生成的快视图"), "{readme}");

    let (status, body) = s
        .post_json(
            "/api/normal/v5/offlinebyids",
            None,
            &json!({"ids": ["REAL_1"]}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"],
        json!({"offline": ["REAL_1"], "online": [], "missing": []})
    );

    let many: Vec<String> = (0..201).map(|i| format!("S{i}")).collect();
    let (status, body) = s
        .post_json("/api/normal/v5/fallfigure", None, &json!({"ids": many}))
        .await;
    assert_error(status, &body, 400, "一次最多选择200景");
    let (status, body) = s
        .post_json(
            "/api/normal/v5/export/quickimage",
            None,
            &json!({"ids": many[..101]}),
        )
        .await;
    assert_error(status, &body, 400, "一次最多选择100景");
    let (status, body) = s
        .post_json(
            "/api/normal/v5/export/quickimage",
            None,
            &json!({"ids": []}),
        )
        .await;
    assert_error(status, &body, 400, "请选择要导出快视图的影像");
}
