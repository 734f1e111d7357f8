//! Spot push and verification over HTTP. The regions are rectangles written here (湖北 with
//! three counties, 广东 with two); the spots are small 地表覆盖 squares in them, stored before
//! the server starts, as an import would. The demo accounts make the push nodes (`hubei` is
//! the 湖北 node's user); the fixture adds `guangdong`, related to the 广东 node once it
//! exists. A batch reaches only the nodes it names and only spots in their regions; node
//! users see their part and nothing else (404); the review's state machine holds over HTTP;
//! photos are sniffed and bounded; the statistics count what the lists list.

mod common;

use std::collections::BTreeSet;
use std::io::Read;
use std::path::PathBuf;

use common::reference::{cached, copy_of};
use common::{TestServer, assert_error, import, wfs_features};
use geo_types::{MultiPolygon, polygon};
use rscloud::spot::model::{Attrs, SpotRecord};
use rscloud::spot::theme::ThemeName;
use rscloud::usercenter::admin::{self, NewUser};
use serde_json::{Value, json};

/// The fixture's counties: code, name, the rectangle it covers.
const COUNTIES: [(&str, &str, [f64; 4]); 5] = [
    ("420102", "江岸区", [114.25, 30.55, 114.35, 30.65]),
    ("420111", "洪山区", [114.35, 30.40, 114.50, 30.50]),
    ("429004", "仙桃市", [113.20, 30.20, 113.70, 30.50]),
    ("440103", "荔湾区", [113.20, 23.05, 113.26, 23.15]),
    ("440104", "越秀区", [113.26, 23.10, 113.30, 23.16]),
];
const HUBEI: [&str; 3] = ["420102", "420111", "429004"];
const GUANGDONG: [&str; 2] = ["440103", "440104"];
/// The 湖北 rectangle.
const HUBEI_BOX: [f64; 4] = [108.3, 29.0, 116.1, 33.3];

fn regions_geojson() -> Value {
    let rect = |[x0, y0, x1, y1]: [f64; 4]| json!({"type": "Polygon", "coordinates": [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]});
    let feature = |code: &str, name: &str, r: [f64; 4]| json!({"type": "Feature", "properties": {"adcode": code, "name": name}, "geometry": rect(r)});
    let mut features = vec![
        feature("420000", "湖北省", HUBEI_BOX),
        feature("420100", "武汉市", [113.7, 29.9, 115.1, 31.4]),
        feature("440000", "广东省", [109.6, 20.2, 117.3, 25.5]),
        feature("440100", "广州市", [112.9, 22.5, 114.0, 23.9]),
    ];
    features.extend(COUNTIES.iter().map(|&(c, n, r)| feature(c, n, r)));
    json!({"type": "FeatureCollection", "features": features})
}

/// A small square 地表覆盖 spot in the middle of a county, nudged by `k` so spots differ.
fn spot(batch: &str, county: &str, k: usize) -> SpotRecord {
    let [x0, y0, x1, y1] = COUNTIES
        .iter()
        .find(|c| c.0 == county)
        .expect("a fixture county")
        .2;
    let (x, y) = ((x0 + x1) / 2.0 + k as f64 * 0.004, (y0 + y1) / 2.0);
    SpotRecord {
        theme: ThemeName::Landcover,
        batch: batch.into(),
        tblx: Some("1".into()),
        xzqdm: county.into(),
        file_name: "landcover.geojson".into(),
        geom: MultiPolygon(vec![polygon![
            (x: x, y: y), (x: x + 0.003, y: y), (x: x + 0.003, y: y + 0.003), (x: x, y: y + 0.003), (x: x, y: y)
        ]]),
        area_m2: 1000.0 * (k + 1) as f64,
        change: 1,
        before_image: None,
        after_image: None,
        attrs: Attrs::default(),
        source: None,
        demo: false,
    }
}

/// The data folder: the regions, three 2024Q3 spots per county and one 2024Q2 spot per
/// county, and the account `guangdong`.
fn fixture() -> PathBuf {
    cached("spotcheck", |work| {
        let file = work.join("regions.geojson");
        std::fs::write(&file, regions_geojson().to_string()).expect("write regions");
        import(work, &["regions"], &[file]);
        let db = work.join("rscloud.gpkg");
        let mut spots = Vec::new();
        for county in HUBEI.iter().chain(&GUANGDONG) {
            spots.extend((0..3).map(|k| spot("2024Q3", county, k)));
            spots.push(spot("2024Q2", county, 5));
        }
        let mut conn = rscloud::db::open_connection(&db).expect("database");
        rscloud::spot::store::replace_file(
            &mut conn,
            ThemeName::Landcover,
            "landcover.geojson",
            &spots,
        )
        .expect("store spots");
        let user = NewUser {
            username: "guangdong",
            password: "Guangdong12345",
            ..NewUser::default()
        };
        admin::add_user(&conn, &user).expect("user");
    })
}

/// The demo push node serving `region`.
fn node(s: &TestServer, region: &str) -> i64 {
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.query_row(
        "SELECT id FROM push_node WHERE region_id = ?1",
        [region],
        |r| r.get(0),
    )
    .expect("demo node")
}

/// The server, with `guangdong` related to the 广东 node; the tokens of admin, hubei and
/// guangdong, and the 湖北, 广东 and 湖南 node ids.
struct World {
    s: TestServer,
    admin: String,
    hubei: String,
    guangdong: String,
    nodes: [i64; 3],
}

async fn world() -> World {
    let s = TestServer::start_in(copy_of(&fixture()), |_| {}).await;
    let nodes = [node(&s, "420000"), node(&s, "440000"), node(&s, "430000")];
    let conn = rscloud::db::open_connection(&s.database()).expect("database");
    let id = rscloud::usercenter::store::user_id(&conn, "guangdong")
        .expect("read")
        .expect("guangdong");
    rscloud::usercenter::store::relate_push_node(&conn, id, nodes[1]).expect("relate");
    World {
        admin: s.token_of("admin", "Admin12345").await,
        hubei: s.token_of("hubei", "Hubei12345").await,
        guangdong: s.token_of("guangdong", "Guangdong12345").await,
        s,
        nodes,
    }
}

/// The `data` of a successful GET.
async fn data_of(s: &TestServer, token: &str, path: &str) -> Value {
    let (status, body) = s.get_as(path, token).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"].clone()
}

/// Makes a 2024Q3 地表覆盖 batch for `nodes`; its id.
async fn make(w: &World, nodes: &[i64]) -> i64 {
    let (status, body) =
        w.s.post_json(
            "/api/spotbatch/v1/batch",
            Some(&w.admin),
            &json!({"name": "2024年第三季度核查", "theme": "landcover",
                    "filter": {"batch": "2024Q3"}, "nodes": nodes}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["id"].as_i64().expect("batch id")
}

async fn send(w: &World, id: i64) -> (u16, Value) {
    w.s.post_json(
        &format!("/api/spotbatch/v1/send/{id}"),
        Some(&w.admin),
        &json!({}),
    )
    .await
}

/// A sent batch for the 湖北, 广东 and 湖南 nodes; its id.
async fn sent(w: &World) -> i64 {
    let id = make(w, &w.nodes).await;
    let (status, body) = send(w, id).await;
    assert_eq!(status, 200, "{body}");
    id
}

/// Every record a route family lists for a caller under a query.
async fn listed(s: &TestServer, token: &str, family: &str, query: &str) -> Vec<Value> {
    let path = format!("/api/{family}/query?pageSize=100&{query}");
    let page = data_of(s, token, &path).await;
    let list = page["list"].as_array().expect("list").clone();
    assert_eq!(page["total"], list.len(), "{path}");
    list
}

/// The record ids of a caller's records of a node.
async fn record_ids(w: &World, token: &str, node: i64) -> Vec<i64> {
    listed(&w.s, token, "push-spot-bjhs", &format!("nodeId={node}"))
        .await
        .iter()
        .map(|r| r["id"].as_i64().expect("id"))
        .collect()
}

async fn process(w: &World, token: &str, body: Value) -> (u16, Value) {
    w.s.post_json("/api/process-spot-bjhs/process", Some(token), &body)
        .await
}

async fn upload(w: &World, token: &str, record: i64, name: &str, bytes: &[u8]) -> (u16, Value) {
    let (content_type, body) = common::multipart(&[], Some((name, bytes)));
    let req =
        w.s.client
            .post(w.s.url(&format!("/api/process-spot-bjhs/photo/{record}")))
            .header("token", token)
            .header("content-type", content_type)
            .body(body);
    common::answer(req).await
}

/// A GET with a session token, answered as it comes (an image, a workbook).
async fn fetch(s: &TestServer, path: &str, token: &str) -> reqwest::Response {
    s.client
        .get(s.url(path))
        .header("token", token)
        .send()
        .await
        .expect("answer")
}

/// A tiny valid PNG (1 × 1, one grey pixel).
const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0x3a, 0x7e, 0x9b,
    0x55, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x00, 0x00,
    0x02, 0x00, 0x01, 0xe5, 0x27, 0xde, 0xfc, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
    0x42, 0x60, 0x82,
];

/// Files in the photo folder (uploads in flight included).
fn photo_files(s: &TestServer) -> usize {
    std::fs::read_dir(s.data_dir.join("spot_photos")).map_or(0, |d| d.count())
}

#[tokio::test]
async fn a_batch_reaches_only_the_nodes_it_names_and_only_spots_in_their_regions() {
    let w = world().await;
    let [hubei_node, _, hunan_node] = w.nodes;
    let id = make(&w, &[hubei_node, hunan_node]).await;

    let list = data_of(&w.s, &w.admin, "/api/spotbatch/v1/manager").await;
    let batch = &list["list"][0];
    assert_eq!(batch["id"], id);
    assert_eq!(batch["sentAt"], Value::Null);
    let parts: Vec<(i64, i64, i64)> = batch["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .map(|n| {
            (
                n["nodeId"].as_i64().expect("id"),
                n["spotCount"].as_i64().expect("count"),
                n["status"].as_i64().expect("status"),
            )
        })
        .collect();
    // Three 2024Q3 spots in each of 湖北's three counties; none in 湖南; 广东 not named.
    let mut expected = vec![(hubei_node, 9, 0), (hunan_node, 0, 0)];
    expected.sort_unstable();
    assert_eq!(parts, expected);

    // Unsent: invisible to the node's users.
    let own = data_of(&w.s, &w.hubei, "/api/spotbatch/v1/own").await;
    assert_eq!(own["total"], 0, "{own}");
    for path in [
        format!("/api/spotbatch/v1/vector/{id}"),
        format!("/api/spotbatch/v1/batch/{id}"),
    ] {
        let (status, body) = w.s.get_as(&path, &w.hubei).await;
        assert_error(status, &body, 404, "图斑推送批次不存在");
    }
    let one = data_of(&w.s, &w.admin, &format!("/api/spotbatch/v1/batch/{id}")).await;
    assert_eq!(
        one, *batch,
        "one batch reads as the managers' list shows it"
    );
    assert!(
        listed(&w.s, &w.hubei, "push-spot-bjhs", "")
            .await
            .is_empty()
    );

    let (status, body) = send(&w, id).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["nodes"][0]["status"], 1);
    let (status, body) = send(&w, id).await;
    assert_error(status, &body, 409, "该批次已下发，不能重复下发");

    let own = data_of(&w.s, &w.hubei, "/api/spotbatch/v1/own").await;
    assert_eq!(own["total"], 1, "{own}");
    let nodes = own["list"][0]["nodes"].as_array().expect("nodes");
    assert_eq!(nodes.len(), 1, "only the caller's node");
    assert_eq!(nodes[0]["nodeId"], hubei_node);
    let one = data_of(&w.s, &w.hubei, &format!("/api/spotbatch/v1/batch/{id}")).await;
    assert_eq!(
        one, own["list"][0],
        "one batch reads as the caller's list shows it"
    );
    let vector = data_of(&w.s, &w.hubei, &format!("/api/spotbatch/v1/vector/{id}")).await;
    let features = vector["features"].as_array().expect("features");
    assert_eq!(features.len(), 9);
    let counties: BTreeSet<&str> = features
        .iter()
        .map(|f| f["properties"]["xzqdm"].as_str().expect("county"))
        .collect();
    assert_eq!(counties, HUBEI.into_iter().collect());
    assert!(
        features
            .iter()
            .all(|f| f["properties"]["state"] == "pending")
    );
    assert!(
        features
            .iter()
            .all(|f| f["properties"]["spotBatch"] == "2024Q3")
    );
    // 广东 was not named: its user sees nothing of the batch.
    let own = data_of(&w.s, &w.guangdong, "/api/spotbatch/v1/own").await;
    assert_eq!(own["total"], 0);
    for path in [
        format!("/api/spotbatch/v1/vector/{id}"),
        format!("/api/spotbatch/v1/batch/{id}"),
        "/api/spotbatch/v1/batch/999999".to_owned(),
    ] {
        let (status, _) = w.s.get_as(&path, &w.guangdong).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, _) =
        w.s.get_as(
            &format!("/api/spotbatch/v1/exportexcel/{id}?nodeId={hubei_node}"),
            &w.guangdong,
        )
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_bad_batch_is_refused_whole_and_only_managers_make_or_send_batches() {
    let w = world().await;
    let before = data_of(&w.s, &w.admin, "/api/spotbatch/v1/manager").await["total"].clone();
    for (body, message) in [
        (
            json!({"name": "a", "theme": "volcano", "nodes": [w.nodes[0]]}),
            "监测专题不存在：volcano",
        ),
        (
            json!({"name": "a", "theme": "landcover", "nodes": [w.nodes[0], 999_999, 888_888]}),
            "推送节点不存在：888888，999999",
        ),
        (
            json!({"name": "", "theme": "landcover", "nodes": [w.nodes[0]]}),
            "请输入批次名称",
        ),
    ] {
        let (status, answer) =
            w.s.post_json("/api/spotbatch/v1/batch", Some(&w.admin), &body)
                .await;
        assert_error(status, &answer, 400, message);
    }
    let after = data_of(&w.s, &w.admin, "/api/spotbatch/v1/manager").await["total"].clone();
    assert_eq!(before, after, "nothing stored");
    let (status, _) =
        w.s.post_json(
            "/api/spotbatch/v1/batch",
            Some(&w.hubei),
            &json!({"name": "a", "theme": "landcover", "nodes": [w.nodes[0]]}),
        )
        .await;
    assert_eq!(status, 403);
    let id = make(&w, &[w.nodes[0]]).await;
    let (status, _) =
        w.s.post_json(
            &format!("/api/spotbatch/v1/send/{id}"),
            Some(&w.hubei),
            &json!({}),
        )
        .await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn another_nodes_record_is_a_404_on_every_route() {
    let w = world().await;
    sent(&w).await;
    let [hubei_node, guangdong_node, _] = w.nodes;
    let theirs = record_ids(&w, &w.guangdong, guangdong_node).await;
    assert_eq!(theirs.len(), 6);
    let other = theirs[0];
    // The lists never include them.
    let mine = listed(&w.s, &w.hubei, "push-spot-bjhs", "").await;
    assert_eq!(mine.len(), 9);
    assert!(mine.iter().all(|r| r["nodeId"] == hubei_node));
    assert!(
        listed(
            &w.s,
            &w.hubei,
            "push-spot-bjhs",
            &format!("nodeId={guangdong_node}")
        )
        .await
        .is_empty()
    );
    // A photo of theirs, to try to read.
    let (status, body) = upload(&w, &w.guangdong, other, "a.png", PNG).await;
    assert_eq!(status, 200, "{body}");
    let photo = body["data"]["id"].as_i64().expect("photo id");

    for path in [
        format!("/api/push-spot-bjhs/detail/{other}"),
        format!("/api/push-spot-bjhs/position/{other}"),
        format!("/api/push-spot-bjhs/photo/{photo}"),
    ] {
        let (status, _) = w.s.get_as(&path, &w.hubei).await;
        assert_eq!(status, 404, "{path}");
    }
    let (status, body) = process(
        &w,
        &w.hubei,
        json!({"id": other, "action": "save", "note": "不是我的"}),
    )
    .await;
    assert_error(status, &body, 404, "核查记录不存在");
    let (status, _) = upload(&w, &w.hubei, other, "b.png", PNG).await;
    assert_eq!(status, 404);
    let (status, _) =
        w.s.delete_json(
            &format!("/api/process-spot-bjhs/photo/{photo}"),
            &w.hubei,
            &json!({}),
        )
        .await;
    assert_eq!(status, 404);
    // The owner and a manager do see it.
    let seen = fetch(
        &w.s,
        &format!("/api/push-spot-bjhs/photo/{photo}"),
        &w.admin,
    )
    .await;
    assert_eq!(seen.status(), 200);
    let detail = data_of(
        &w.s,
        &w.guangdong,
        &format!("/api/push-spot-bjhs/detail/{other}"),
    )
    .await;
    assert_eq!(detail["photos"].as_array().expect("photos").len(), 1);
}

#[tokio::test]
async fn a_nodes_spots_are_a_layer_of_the_map_registry_in_their_current_state() {
    let w = world().await;
    let [hubei_node, guangdong_node, _] = w.nodes;
    let id = make(&w, &w.nodes).await;
    let part = |node: i64| format!("batch:{id};node:{node}");
    let states = |features: &[Value]| -> Vec<(i64, i64, String)> {
        let mut out: Vec<(i64, i64, String)> = features
            .iter()
            .map(|f| {
                let p = &f["properties"];
                (
                    p["id"].as_i64().expect("id"),
                    p["state"].as_i64().expect("state"),
                    p["state_label"].as_str().expect("label").to_owned(),
                )
            })
            .collect();
        out.sort();
        out
    };
    // Not sent yet: the managers see it, the node does not.
    assert_eq!(
        wfs_features(&w.s, "push_spot", &part(hubei_node), Some(&w.admin))
            .await
            .len(),
        9
    );
    assert!(
        wfs_features(&w.s, "push_spot", &part(hubei_node), Some(&w.hubei))
            .await
            .is_empty()
    );
    let (status, body) = send(&w, id).await;
    assert_eq!(status, 200, "{body}");

    let mine = record_ids(&w, &w.hubei, hubei_node).await;
    let served = wfs_features(&w.s, "push_spot", &part(hubei_node), Some(&w.hubei)).await;
    let expected: Vec<(i64, i64, String)> = {
        let mut v: Vec<_> = mine.iter().map(|&r| (r, 0, "待核查".to_owned())).collect();
        v.sort();
        v
    };
    assert_eq!(states(&served), expected);
    // A step shows at once: the layer reads the records as they are.
    let (status, body) = process(
        &w,
        &w.hubei,
        json!({"id": mine[0], "action": "save", "note": "现场已查看"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let after = states(&wfs_features(&w.s, "push_spot", &part(hubei_node), Some(&w.hubei)).await);
    assert!(
        after.contains(&(mine[0], 1, "核查中".to_owned())),
        "{after:?}"
    );

    // Another node's spots, the anonymous, a request naming no node: nothing.
    assert!(
        wfs_features(&w.s, "push_spot", &part(guangdong_node), Some(&w.hubei))
            .await
            .is_empty()
    );
    assert!(
        wfs_features(&w.s, "push_spot", &part(hubei_node), None)
            .await
            .is_empty()
    );
    assert!(
        wfs_features(&w.s, "push_spot", &format!("batch:{id}"), Some(&w.hubei))
            .await
            .is_empty()
    );
    assert_eq!(
        wfs_features(&w.s, "push_spot", &part(guangdong_node), Some(&w.guangdong))
            .await
            .len(),
        6
    );
}

/// A node's status in the managers' list.
async fn node_status(w: &World, batch: i64, node: i64) -> i64 {
    let list = data_of(&w.s, &w.admin, "/api/spotbatch/v1/manager?pageSize=100").await;
    let batch = list["list"]
        .as_array()
        .expect("list")
        .iter()
        .find(|b| b["id"] == batch)
        .expect("the batch")
        .clone();
    batch["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .find(|n| n["nodeId"] == node)
        .expect("the node")["status"]
        .as_i64()
        .expect("status")
}

#[tokio::test]
async fn the_review_moves_records_and_the_node_status_from_sent_to_done() {
    let w = world().await;
    let hubei_node = w.nodes[0];
    let id = make(&w, &[hubei_node]).await;
    assert_eq!(node_status(&w, id, hubei_node).await, 0);
    send(&w, id).await;
    assert_eq!(node_status(&w, id, hubei_node).await, 1);
    let records = record_ids(&w, &w.hubei, hubei_node).await;
    let first = records[0];

    let (status, body) = process(
        &w,
        &w.hubei,
        json!({"id": first, "action": "save", "note": "现场已查看", "verifiedType": "2",
               "lon": 114.4, "lat": 30.45}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], "draft");
    assert_eq!(body["data"]["verifiedTypeLabel"], "耕地变化");
    assert_eq!(node_status(&w, id, hubei_node).await, 2);

    let (status, body) = process(&w, &w.hubei, json!({"id": first, "action": "submit"})).await;
    assert_error(status, &body, 400, "提交前请选择核查结果");
    for (bad, message) in [
        (
            json!({"id": first, "action": "save", "result": 7}),
            "核查结果取值无效：应为 1、2、3",
        ),
        (
            json!({"id": first, "action": "save", "verifiedType": "99"}),
            "核实类型取值无效：应为 1、2、3、4、5",
        ),
        (
            json!({"id": first, "action": "save", "lon": 120.0, "lat": 30.0}),
            "核查位置不在推送节点的行政区（湖北省）内",
        ),
        (
            json!({"id": first, "action": "save", "lon": 114.0}),
            "请同时填写核查位置的经度和纬度",
        ),
        (
            json!({"id": first, "action": "save", "note": "长".repeat(501)}),
            "核查说明不能超过500个字",
        ),
        (
            json!({"id": first, "action": "delete"}),
            "核查操作无效：应为 save、submit、approve 或 return",
        ),
    ] {
        let (status, body) = process(&w, &w.hubei, bad).await;
        assert_error(status, &body, 400, message);
    }
    let (status, body) = process(
        &w,
        &w.hubei,
        json!({"id": first, "action": "submit", "result": 1}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], "submitted");
    // What was saved stays: the note and the position.
    assert_eq!(body["data"]["note"], "现场已查看");
    assert_eq!(body["data"]["lon"], 114.4);

    let (status, body) = process(&w, &w.hubei, json!({"id": first, "action": "approve"})).await;
    assert_error(status, &body, 403, "仅系统管理员可审核核查记录");
    let (status, body) = process(&w, &w.admin, json!({"id": first, "action": "save"})).await;
    assert_error(status, &body, 403, "仅该推送节点的用户可核查此图斑");
    let (status, body) = process(&w, &w.hubei, json!({"id": first, "action": "save"})).await;
    assert_error(status, &body, 409, "核查记录当前为“已提交”，不能保存");
    let (status, body) = process(&w, &w.admin, json!({"id": first, "action": "return"})).await;
    assert_error(status, &body, 400, "请填写退回原因");
    let (status, body) = process(
        &w,
        &w.admin,
        json!({"id": first, "action": "return", "reason": "照片不清楚"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["state"].clone(),
            body["data"]["reason"].clone()
        ),
        (json!("returned"), json!("照片不清楚"))
    );
    let (status, body) = process(&w, &w.admin, json!({"id": first, "action": "approve"})).await;
    assert_error(status, &body, 409, "核查记录当前为“已退回”，不能通过");
    let (status, _) = process(&w, &w.hubei, json!({"id": first, "action": "submit"})).await;
    assert_eq!(status, 200);

    // Every other spot submitted; approving all but the last leaves the node 核查中.
    for &r in &records[1..] {
        let (status, body) = process(
            &w,
            &w.hubei,
            json!({"id": r, "action": "submit", "result": 2}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let queue = listed(&w.s, &w.admin, "process-spot-bjhs", "").await;
    assert_eq!(queue.len(), records.len());
    for &r in &records[..records.len() - 1] {
        let (status, body) = process(&w, &w.admin, json!({"id": r, "action": "approve"})).await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(node_status(&w, id, hubei_node).await, 2);
    let last = records[records.len() - 1];
    let (status, _) = process(&w, &w.admin, json!({"id": last, "action": "approve"})).await;
    assert_eq!(status, 200);
    assert_eq!(node_status(&w, id, hubei_node).await, 3);
    let (status, body) = process(
        &w,
        &w.admin,
        json!({"id": last, "action": "return", "reason": "再看看"}),
    )
    .await;
    assert_error(status, &body, 409, "核查记录当前为“已通过”，不能退回");
    assert!(
        listed(&w.s, &w.admin, "process-spot-bjhs", "")
            .await
            .is_empty()
    );

    let detail = data_of(
        &w.s,
        &w.hubei,
        &format!("/api/push-spot-bjhs/detail/{first}"),
    )
    .await;
    assert_eq!(
        detail["typeDict"], "SPOT_META_TYPE",
        "地表覆盖's type dictionary, for a node user whatever their theme permissions"
    );
    let steps: Vec<(&str, &str)> = detail["history"]
        .as_array()
        .expect("history")
        .iter()
        .map(|h| {
            (
                h["action"].as_str().expect("action"),
                h["to"].as_str().expect("to"),
            )
        })
        .collect();
    assert_eq!(
        steps,
        [
            ("save", "draft"),
            ("submit", "submitted"),
            ("return", "returned"),
            ("submit", "submitted"),
            ("approve", "approved")
        ]
    );
    let position = data_of(
        &w.s,
        &w.hubei,
        &format!("/api/push-spot-bjhs/position/{first}"),
    )
    .await;
    assert_eq!(position["recorded"], json!([114.4, 30.45]));
    let [west, south, east, north] =
        [0, 1, 2, 3].map(|i| position["bbox"][i].as_f64().expect("bbox"));
    let [x, y] = [0, 1].map(|i| position["centre"][i].as_f64().expect("centre"));
    assert!(west < x && x < east && south < y && y < north, "{position}");
    // The review queue is the managers'.
    let (status, _) = w.s.get_as("/api/process-spot-bjhs/query", &w.hubei).await;
    assert_eq!(status, 403);
}

#[tokio::test]
async fn photos_are_sniffed_bounded_counted_and_served_back_unchanged() {
    let w = world().await;
    sent(&w).await;
    let records = record_ids(&w, &w.hubei, w.nodes[0]).await;
    let record = records[0];

    let (status, body) = upload(&w, &w.hubei, record, "现场.png", PNG).await;
    assert_eq!(status, 200, "{body}");
    let photo = body["data"]["id"].as_i64().expect("id");
    let r = fetch(
        &w.s,
        &format!("/api/push-spot-bjhs/photo/{photo}"),
        &w.hubei,
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/png");
    assert_eq!(r.bytes().await.expect("bytes").as_ref(), PNG);

    let files = photo_files(&w.s);
    let (status, body) = upload(
        &w,
        &w.hubei,
        record,
        "现场.jpg",
        b"just some text, not a photo",
    )
    .await;
    assert_error(status, &body, 400, "照片须为 JPEG 或 PNG 图片");
    let mut big = b"\xff\xd8\xff\xe0".to_vec();
    big.resize(6_000_000, 0);
    let (status, body) = upload(&w, &w.hubei, record, "big.jpg", &big).await;
    assert_error(status, &body, 400, "文件超过 5 MB");
    assert_eq!(
        photo_files(&w.s),
        files,
        "a refused upload leaves nothing behind"
    );

    for _ in 1..9 {
        let (status, body) = upload(&w, &w.hubei, record, "a.png", PNG).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = upload(&w, &w.hubei, record, "tenth.png", PNG).await;
    assert_error(status, &body, 400, "每条核查记录最多9张照片");
    assert_eq!(photo_files(&w.s), files + 8);

    // Deleting one makes room; once submitted, photos are closed.
    let (status, _) =
        w.s.delete_json(
            &format!("/api/process-spot-bjhs/photo/{photo}"),
            &w.hubei,
            &json!({}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(photo_files(&w.s), files + 7);
    let (status, _) = process(
        &w,
        &w.hubei,
        json!({"id": record, "action": "submit", "result": 3}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = upload(&w, &w.hubei, record, "late.png", PNG).await;
    assert_error(status, &body, 409, "核查记录已提交或已通过，不能修改照片");
    // A manager may look but not add.
    let (status, _) = upload(&w, &w.admin, records[1], "admin.png", PNG).await;
    assert_eq!(status, 403);
}

/// Numbers of a statistics answer: total, by-node totals, by-result counts.
fn counted(stats: &Value) -> (i64, i64, i64) {
    let sum = |list: &str, key: &str| -> i64 {
        stats[list]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| r[key].as_i64().expect("count"))
            .sum()
    };
    (
        stats["total"].as_i64().expect("total"),
        sum("byNode", "total"),
        sum("byResult", "count"),
    )
}

#[tokio::test]
async fn statistics_count_what_the_lists_list_and_key_changes_are_exactly_real_changes_submitted() {
    let w = world().await;
    let id = sent(&w).await;
    let [hubei_node, guangdong_node, _] = w.nodes;
    let hubei = record_ids(&w, &w.hubei, hubei_node).await;
    let guangdong = record_ids(&w, &w.guangdong, guangdong_node).await;
    // 湖北: two real changes submitted (one approved), one real change only saved, one
    // pseudo change submitted; 广东: one real change submitted.
    for (token, record, action, result) in [
        (&w.hubei, hubei[0], "submit", 1),
        (&w.hubei, hubei[1], "submit", 1),
        (&w.hubei, hubei[2], "save", 1),
        (&w.hubei, hubei[3], "submit", 2),
        (&w.guangdong, guangdong[0], "submit", 1),
    ] {
        let (status, body) = process(
            &w,
            token,
            json!({"id": record, "action": action, "result": result}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, _) = process(&w, &w.admin, json!({"id": hubei[1], "action": "approve"})).await;
    assert_eq!(status, 200);

    let ids = |list: &[Value]| -> BTreeSet<i64> {
        list.iter().map(|r| r["id"].as_i64().expect("id")).collect()
    };
    let key = listed(&w.s, &w.admin, "push-spot-zdbh", "").await;
    assert_eq!(
        ids(&key),
        BTreeSet::from([hubei[0], hubei[1], guangdong[0]])
    );
    let key = listed(&w.s, &w.hubei, "push-spot-zdbh", "").await;
    assert_eq!(ids(&key), BTreeSet::from([hubei[0], hubei[1]]));
    let (status, _) =
        w.s.get_as(
            &format!("/api/push-spot-zdbh/detail/{}", hubei[2]),
            &w.hubei,
        )
        .await;
    assert_eq!(status, 404, "a saved real change is not yet a key change");

    for (token, family, query) in [
        (&w.admin, "push-spot-bjhs", String::new()),
        (
            &w.admin,
            "push-spot-bjhs",
            format!("batchId={id}&status=submitted"),
        ),
        (&w.admin, "push-spot-bjhs", "result=1&xzqdm=4201".to_owned()),
        (
            &w.admin,
            "push-spot-bjhs",
            "theme=landcover&xzqdm=44".to_owned(),
        ),
        (&w.hubei, "push-spot-bjhs", String::new()),
        (
            &w.hubei,
            "push-spot-bjhs",
            format!("nodeId={guangdong_node}"),
        ),
        (&w.admin, "push-spot-zdbh", String::new()),
        (&w.guangdong, "push-spot-zdbh", String::new()),
        (&w.admin, "process-spot-bjhs", String::new()),
        (&w.admin, "process-spot-bjhs", "status=approved".to_owned()),
    ] {
        let list = listed(&w.s, token, family, &query).await;
        let stats = data_of(&w.s, token, &format!("/api/{family}/statistics?{query}")).await;
        let n = list.len() as i64;
        assert_eq!(counted(&stats), (n, n, n), "{family}?{query}: {stats}");
    }
    let stats = data_of(&w.s, &w.admin, "/api/push-spot-bjhs/statistics").await;
    assert_eq!(stats["total"], 15);
    assert_eq!(
        stats["byState"],
        json!({"pending": 10, "draft": 1, "submitted": 3, "returned": 0, "approved": 1})
    );
    let (status, body) =
        w.s.get_as("/api/push-spot-bjhs/query?xzqdm=湖北", &w.admin)
            .await;
    assert_error(status, &body, 400, "行政区代码前缀须为1–6位数字");

    // The export opens as a workbook with one row per record and the Chinese headers.
    let r = fetch(&w.s, "/api/push-spot-zdbh/export", &w.admin).await;
    assert_eq!(r.status(), 200);
    let xlsx = r.bytes().await.expect("bytes").to_vec();
    let mut book = zip::ZipArchive::new(std::io::Cursor::new(xlsx)).expect("xlsx");
    let mut shared = String::new();
    book.by_name("xl/sharedStrings.xml")
        .expect("strings")
        .read_to_string(&mut shared)
        .expect("utf-8");
    assert!(
        shared.contains("核查结果") && shared.contains("真实变化"),
        "{shared}"
    );
    let mut sheet = String::new();
    book.by_name("xl/worksheets/sheet1.xml")
        .expect("sheet")
        .read_to_string(&mut sheet)
        .expect("utf-8");
    assert_eq!(sheet.matches("<row ").count(), 3 + 1);
}

#[tokio::test]
async fn the_demo_sends_hubei_spots_of_one_theme_to_the_hubei_node_once() {
    let data = copy_of(common::reference::regions());
    let s = TestServer::start_in(data, |c| c.demo_spots = 4_000).await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let own = data_of(&s, &hubei, "/api/spotbatch/v1/own").await;
    assert_eq!(own["total"], 1, "{own}");
    let batch = &own["list"][0];
    assert_eq!(batch["name"], "演示：湖北省图斑核查");
    assert_eq!(
        (batch["demo"].clone(), batch["nodes"][0]["status"].clone()),
        (json!(true), json!(1))
    );
    let count = batch["spotCount"].as_i64().expect("count");
    assert!((1..=60).contains(&count), "{count}");
    let records = listed(&s, &hubei, "push-spot-bjhs", "").await;
    assert_eq!(records.len() as i64, count);
    assert!(
        records
            .iter()
            .all(|r| r["xzqdm"].as_str().expect("county").starts_with("42"))
    );
    let dir = s.data_dir.clone();
    let again = TestServer::start_with(move |c| {
        c.data_dir = dir;
        c.demo_spots = 4_000;
    })
    .await;
    let admin = again.token_of("admin", "Admin12345").await;
    let all = data_of(&again, &admin, "/api/spotbatch/v1/manager").await;
    assert_eq!(all["total"], 1, "written once");
}

#[tokio::test]
async fn verification_progress_counts_what_the_records_hold_per_node_and_month() {
    let w = world().await;
    sent(&w).await;
    let [hubei_node, guangdong_node, _] = w.nodes;
    let hubei = record_ids(&w, &w.hubei, hubei_node).await;
    for (record, action) in [(hubei[0], "submit"), (hubei[1], "save")] {
        let (status, body) = process(
            &w,
            &w.hubei,
            json!({"id": record, "action": action, "result": 1}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }

    // A manager's year: every record, by state as the record statistics count them, each
    // node's part as its list holds, and the months adding up to the whole.
    let year = rscloud::beijing::today().year();
    let progress = data_of(
        &w.s,
        &w.admin,
        &format!("/api/sta-distribute/progress?year={year}"),
    )
    .await;
    let stats = data_of(&w.s, &w.admin, "/api/push-spot-bjhs/statistics").await;
    assert_eq!(progress["total"]["pushed"], stats["total"]);
    assert_eq!(progress["total"]["states"], stats["byState"]);
    assert_eq!(progress["total"]["states"]["submitted"], 1);
    assert_eq!(progress["total"]["states"]["draft"], 1);
    let nodes = progress["nodes"].as_array().expect("nodes");
    for node in w.nodes {
        let row = nodes
            .iter()
            .find(|n| n["nodeId"] == node)
            .expect("every node listed");
        let records = listed(&w.s, &w.admin, "push-spot-bjhs", &format!("nodeId={node}")).await;
        assert_eq!(row["pushed"], records.len(), "node {node}");
    }
    let months = progress["months"].as_array().expect("months");
    assert_eq!(months.len(), 12);
    let by_month: i64 = months
        .iter()
        .map(|m| m["pushed"].as_i64().expect("n"))
        .sum();
    assert_eq!(
        by_month,
        progress["total"]["pushed"].as_i64().expect("total")
    );
    let last_year = data_of(
        &w.s,
        &w.admin,
        &format!("/api/sta-distribute/progress?year={}", year - 1),
    )
    .await;
    assert_eq!(
        last_year["total"]["pushed"], 0,
        "spots are counted in the year they were sent"
    );

    // A node user counts only their node, and another node is not theirs to ask about.
    let mine = data_of(&w.s, &w.hubei, "/api/sta-distribute/progress").await;
    let mine_nodes = mine["nodes"].as_array().expect("nodes");
    assert_eq!(mine_nodes.len(), 1);
    assert_eq!(mine_nodes[0]["nodeId"], hubei_node);
    assert_eq!(mine["total"]["pushed"], hubei.len());
    let (status, body) =
        w.s.get_as(
            &format!("/api/sta-distribute/progress?nodeId={guangdong_node}"),
            &w.hubei,
        )
        .await;
    assert_error(status, &body, 404, "推送节点不存在");

    // The spot types that reached a node add up to its records.
    let types = data_of(&w.s, &w.hubei, "/api/usercenter/pushuser/spot/typelist").await;
    let spots: i64 = types
        .as_array()
        .expect("types")
        .iter()
        .map(|t| {
            assert_eq!(t["theme"], "landcover");
            t["spots"].as_i64().expect("spots")
        })
        .sum();
    assert_eq!(spots, hubei.len() as i64);
    let all = data_of(&w.s, &w.admin, "/api/usercenter/pushuser/spot/typelist").await;
    let spots: i64 = all
        .as_array()
        .expect("types")
        .iter()
        .map(|t| t["spots"].as_i64().expect("spots"))
        .sum();
    assert_eq!(spots, stats["total"].as_i64().expect("total"));
}
