//! Image push over HTTP on the MGRS-tile catalogue and the real boundaries (see
//! common::catalogue): a batch reaches only the nodes it names and only the scenes meeting
//! their regions; a node user sees their nodes' part and nothing else (lists, items, map,
//! exports, coverage); only managers send, and a batch with anything wrong is refused whole;
//! the exports open in GDAL and as a workbook, and the coverage is the image query's.

mod common;

use std::collections::BTreeSet;
use std::io::Read;

use common::catalogue::{FixtureScene, hubei, server};
use common::{TestServer, assert_error, download, figure, ogrinfo, unzipped, wfs_features};
use geo::{BoundingRect, Intersects};
use geo_types::{Rect, coord};
use serde_json::{Value, json};

/// A box in 新疆, far from every node of the tests.
fn far_box() -> Rect<f64> {
    Rect::new(coord! {x: 80.0, y: 40.0}, coord! {x: 82.0, y: 42.0})
}

/// The ids of the fixture scenes over 湖北 and of a few far away, and the first set alone.
fn hubei_and_far(scenes: &[FixtureScene]) -> (Vec<String>, BTreeSet<String>) {
    let hubei = hubei();
    let over: BTreeSet<String> = scenes
        .iter()
        .filter(|s| s.footprint.intersects(&hubei))
        .map(|s| s.id.clone())
        .collect();
    let far = far_box().to_polygon();
    let mut ids: Vec<String> = over.iter().cloned().collect();
    ids.extend(
        scenes
            .iter()
            .filter(|s| s.footprint.intersects(&far))
            .take(5)
            .map(|s| s.id.clone()),
    );
    assert!(ids.len() > over.len() && !over.is_empty());
    (ids, over)
}

/// The demo push node serving `region` (the demo accounts make six; `hubei` is related to
/// the 湖北 one).
fn node(s: &TestServer, region: &str) -> i64 {
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    conn.query_row(
        "SELECT id FROM push_node WHERE region_id = ?1",
        [region],
        |r| r.get(0),
    )
    .expect("demo node")
}

async fn send(s: &TestServer, token: &str, name: &str, ids: &[String], nodes: &[i64]) -> i64 {
    let (status, body) = s
        .post_json(
            "/api/push/v1/batch",
            Some(token),
            &json!({"name": name, "channel": "internet", "ids": ids, "nodes": nodes}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["id"].as_i64().expect("batch id")
}

/// Every item of a batch a caller sees, through the paged detail.
async fn all_items(s: &TestServer, token: &str, id: i64) -> Vec<Value> {
    let mut items = Vec::new();
    for page in 1.. {
        let (status, body) = s
            .get_as(
                &format!("/api/push/v1/detail/{id}?pageNum={page}&pageSize=100"),
                token,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let list = body["data"]["items"]["list"].as_array().expect("list");
        items.extend(list.iter().cloned());
        if list.len() < 100 {
            break;
        }
    }
    items
}

fn scene_ids(items: &[Value], node: i64) -> BTreeSet<String> {
    items
        .iter()
        .filter(|i| i["nodeId"] == node)
        .map(|i| i["sceneId"].as_str().expect("scene id").to_owned())
        .collect()
}

#[tokio::test]
async fn a_batch_reaches_only_the_nodes_it_names_and_only_scenes_in_their_regions() {
    let (s, scenes) = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let (hubei_node, henan_node, hunan_node) =
        (node(&s, "420000"), node(&s, "410000"), node(&s, "430000"));
    let (ids, over_hubei) = hubei_and_far(&scenes);
    let id = send(
        &s,
        &admin,
        "2025年第一季度",
        &ids,
        &[hubei_node, henan_node],
    )
    .await;

    let items = all_items(&s, &admin, id).await;
    assert_eq!(scene_ids(&items, hubei_node), over_hubei);
    let henan = scene_ids(&items, henan_node);
    // 河南 borders 湖北: some tiles over both, none of the far ones.
    assert!(!henan.is_empty() && henan.len() < ids.len(), "{henan:?}");
    let far = far_box().to_polygon();
    let far_ids: BTreeSet<&str> = scenes
        .iter()
        .filter(|x| x.footprint.intersects(&far))
        .map(|x| x.id.as_str())
        .collect();
    assert!(
        items
            .iter()
            .all(|i| !far_ids.contains(i["sceneId"].as_str().expect("id"))),
        "no far scene delivered"
    );
    assert!(items.iter().all(|i| i["nodeId"] != hunan_node));
    // Sizes and times are recorded with each delivery.
    assert!(items.iter().all(|i| i["deliveredAt"].is_string()));

    let (_, list) = s.get_as("/api/push/v1/batch", &admin).await;
    let batch = &list["data"]["list"][0];
    assert_eq!(batch["id"], id);
    assert_eq!(batch["channel"], "internet");
    let parts: Vec<(i64, i64)> = batch["nodes"]
        .as_array()
        .expect("nodes")
        .iter()
        .map(|n| {
            (
                n["nodeId"].as_i64().expect("node"),
                n["sceneCount"].as_i64().expect("count"),
            )
        })
        .collect();
    assert_eq!(
        parts,
        [
            (hubei_node, over_hubei.len() as i64),
            (henan_node, henan.len() as i64)
        ]
    );
    assert_eq!(batch["sceneCount"], items.len());
    assert_eq!(batch["nodes"][0]["regionName"], "湖北省");

    let (_, audit) = s
        .get_as("/api/usercenter/audit?action=push.batch.create", &admin)
        .await;
    assert_eq!(
        audit["data"]["list"][0]["target"],
        format!("push_batch:{id}")
    );
    assert_eq!(audit["data"]["list"][0]["after"]["deliveries"], items.len());
}

#[tokio::test]
async fn a_node_user_sees_only_their_nodes_part_and_nothing_of_other_batches() {
    let (s, scenes) = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let hubei_user = s.token_of("hubei", "Hubei12345").await;
    let person = s.token_of("person", "Person12345").await;
    let (hubei_node, henan_node) = (node(&s, "420000"), node(&s, "410000"));
    let (ids, over_hubei) = hubei_and_far(&scenes);
    let both = send(&s, &admin, "两省", &ids, &[hubei_node, henan_node]).await;
    let henan_only = send(&s, &admin, "河南", &ids, &[henan_node]).await;

    let (status, own) = s.get_as("/api/push/v1/own", &hubei_user).await;
    assert_eq!(status, 200, "{own}");
    assert_eq!(own["data"]["total"], 1);
    let mine = &own["data"]["list"][0];
    assert_eq!(mine["id"], both);
    assert_eq!(mine["nodes"].as_array().expect("nodes").len(), 1);
    assert_eq!(mine["nodes"][0]["nodeId"], hubei_node);
    assert_eq!(mine["sceneCount"], over_hubei.len());

    let items = all_items(&s, &hubei_user, both).await;
    assert_eq!(items.len(), over_hubei.len());
    assert!(items.iter().all(|i| i["nodeId"] == hubei_node));
    // A manager's detail of one node is that node's part, as its user sees it.
    let (status, one) = s
        .get_as(
            &format!("/api/push/v1/detail/{both}?nodeId={hubei_node}&pageSize=100"),
            &admin,
        )
        .await;
    assert_eq!(status, 200, "{one}");
    assert_eq!(one["data"]["items"]["total"], over_hubei.len());
    assert_eq!(
        one["data"]["batch"]["nodes"]
            .as_array()
            .expect("nodes")
            .len(),
        2,
        "the batch's facts still name every node"
    );
    let (_, everything) = s
        .get_as(&format!("/api/push/v1/detail/{both}"), &admin)
        .await;
    assert!(everything["data"]["items"]["total"].as_u64() > one["data"]["items"]["total"].as_u64());

    let (status, vector) = s
        .get_as(&format!("/api/push/v1/vector/{both}"), &hubei_user)
        .await;
    assert_eq!(status, 200, "{vector}");
    let features = vector["data"]["features"].as_array().expect("features");
    assert!(!features.is_empty() && features.len() <= over_hubei.len());
    assert!(
        features
            .iter()
            .all(|f| f["properties"]["nodeId"] == hubei_node)
    );
    // Clipped to 湖北: every feature lies within the province's box.
    let b = hubei().bounding_rect().expect("box");
    for f in features {
        for p in f["geometry"]["coordinates"].as_array().expect("polygons") {
            for c in p[0].as_array().expect("ring") {
                let (x, y) = (c[0].as_f64().expect("x"), c[1].as_f64().expect("y"));
                assert!(
                    x >= b.min().x - 1e-9
                        && x <= b.max().x + 1e-9
                        && y >= b.min().y - 1e-9
                        && y <= b.max().y + 1e-9,
                    "({x}, {y}) outside 湖北's box"
                );
            }
        }
    }

    // Another node's batch, another node's part, a node user without nodes: never seen.
    let refused = [
        format!("/api/push/v1/detail/{henan_only}"),
        format!("/api/push/v1/vector/{henan_only}"),
        format!("/api/push/v1/exportshp/{henan_only}"),
        format!("/api/push/v1/exportexcel/{henan_only}"),
        format!("/api/push/v1/coverCalculate/{henan_only}?nodeId={henan_node}"),
        format!("/api/push/v1/exportdiffcover/{henan_only}?nodeId={henan_node}"),
        format!("/api/push/v1/vector/{both}?nodeId={henan_node}"),
        format!("/api/push/v1/exportexcel/{both}?nodeId={henan_node}"),
        format!("/api/push/v1/coverCalculate/{both}?nodeId={henan_node}"),
        format!("/api/push/v1/exportdiffcover/{both}?nodeId={henan_node}"),
        format!("/api/push/v1/detail/{both}?nodeId={henan_node}"),
        "/api/push/v1/detail/999999".to_owned(),
    ];
    for path in &refused {
        let (status, body) = s.get_as(path, &hubei_user).await;
        assert_error(status, &body, 404, "推送批次不存在");
    }
    let (status, body) = s
        .get_as(&format!("/api/push/v1/detail/{both}"), &person)
        .await;
    assert_error(status, &body, 404, "推送批次不存在");
    let (_, own) = s.get_as("/api/push/v1/own", &person).await;
    assert_eq!(own["data"]["total"], 0);
    // The managers' list is the managers'.
    let (status, _) = s.get_as("/api/push/v1/batch", &hubei_user).await;
    assert_eq!(status, 403);
}

/// Feature ids of a layer's features.
fn ids(features: &[Value]) -> BTreeSet<String> {
    features
        .iter()
        .map(|f| f["id"].as_str().expect("id").to_owned())
        .collect()
}

#[tokio::test]
async fn a_nodes_part_is_a_layer_of_the_map_registry_that_only_its_users_and_managers_see() {
    let (s, scenes) = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let hubei_user = s.token_of("hubei", "Hubei12345").await;
    let (hubei_node, henan_node) = (node(&s, "420000"), node(&s, "410000"));
    let (ids_sent, _) = hubei_and_far(&scenes);
    let both = send(&s, &admin, "两省", &ids_sent, &[hubei_node, henan_node]).await;
    let part = |node: i64| format!("batch:{both};node:{node}");

    // The layer holds what push/v1/vector draws for the node, feature for feature.
    let (status, vector) = s
        .get_as(
            &format!("/api/push/v1/vector/{both}?nodeId={hubei_node}"),
            &hubei_user,
        )
        .await;
    assert_eq!(status, 200, "{vector}");
    let drawn = vector["data"]["features"].as_array().expect("features");
    let served = wfs_features(&s, "push_image", &part(hubei_node), Some(&hubei_user)).await;
    assert!(!served.is_empty());
    // WFS names a feature by its layer too (GeoServer's `layer.id`).
    let drawn: BTreeSet<String> = ids(drawn)
        .into_iter()
        .map(|id| format!("push_image.{id}"))
        .collect();
    assert_eq!(ids(&served), drawn);
    assert!(
        served
            .iter()
            .all(|f| f["properties"]["node_id"] == hubei_node)
    );
    assert_eq!(
        wfs_features(&s, "push_image", &part(hubei_node), Some(&admin))
            .await
            .len(),
        served.len(),
        "a manager sees the node's part as its user does"
    );
    assert!(
        !wfs_features(&s, "push_image", &part(henan_node), Some(&admin))
            .await
            .is_empty()
    );

    // Another node's part, the anonymous, no node named: nothing.
    assert!(
        wfs_features(&s, "push_image", &part(henan_node), Some(&hubei_user))
            .await
            .is_empty()
    );
    assert!(
        wfs_features(&s, "push_image", &part(hubei_node), None)
            .await
            .is_empty()
    );
    assert!(
        wfs_features(
            &s,
            "push_image",
            &format!("batch:{both}"),
            Some(&hubei_user)
        )
        .await
        .is_empty()
    );

    // As tiles: a tile over 武汉 holds the part for its user and is empty (204) for others.
    let t = geo_kit::tile::TileId::containing(114.3, 30.6, 6);
    let tile = format!(
        "/ows/cloudPlatform/wmts/push_image/6/{}/{}.pbf?viewparams=batch:{both};node:{hubei_node}",
        t.x, t.y
    );
    let status = |token: Option<String>| {
        let (s, tile) = (&s, &tile);
        async move {
            let mut req = s.client.get(s.url(tile));
            if let Some(t) = token {
                req = req.header("token", t);
            }
            req.send().await.expect("tile").status().as_u16()
        }
    };
    assert_eq!(status(Some(hubei_user.clone())).await, 200);
    assert_eq!(status(None).await, 204);
}

#[tokio::test]
async fn only_managers_send_and_a_batch_with_anything_wrong_is_refused_whole() {
    let (s, scenes) = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let hubei_user = s.token_of("hubei", "Hubei12345").await;
    let hubei_node = node(&s, "420000");
    let (ids, _) = hubei_and_far(&scenes);
    let body = |name: &str, channel: &str, ids: &[String], nodes: &[i64]| json!({"name": name, "channel": channel, "ids": ids, "nodes": nodes});

    let (status, refused) = s
        .post_json(
            "/api/push/v1/batch",
            Some(&hubei_user),
            &body("自己推", "internet", &ids, &[hubei_node]),
        )
        .await;
    assert_error(status, &refused, 403, "仅系统管理员可以进行此操作");

    let mut with_unknown = ids.clone();
    with_unknown.insert(3, "NO_SUCH_SCENE".into());
    let cases = [
        (
            body("一批", "internet", &with_unknown, &[hubei_node]),
            "影像不存在（1 景）：NO_SUCH_SCENE",
        ),
        (
            body("一批", "internet", &ids, &[hubei_node, 987_654]),
            "推送节点不存在：987654",
        ),
        (
            body("一批", "pigeon", &ids, &[hubei_node]),
            "推送方式无效：pigeon（internet 互联网 或 privateline 专线）",
        ),
        (
            body("  ", "internet", &ids, &[hubei_node]),
            "请输入批次名称",
        ),
        (
            body("一批", "internet", &[], &[hubei_node]),
            "请选择要推送的影像",
        ),
        (body("一批", "internet", &ids, &[]), "请选择推送节点"),
        (
            body(&"名".repeat(101), "internet", &ids, &[hubei_node]),
            "批次名称不能超过100个字",
        ),
    ];
    for (sent, message) in &cases {
        let (status, answer) = s.post_json("/api/push/v1/batch", Some(&admin), sent).await;
        assert_error(status, &answer, 400, message);
    }
    let too_many: Vec<String> = (0..10_001).map(|i| format!("S{i}")).collect();
    let (status, answer) = s
        .post_json(
            "/api/push/v1/batch",
            Some(&admin),
            &body("一批", "internet", &too_many, &[hubei_node]),
        )
        .await;
    assert_error(status, &answer, 400, "推送的影像超过10000景，请减少后再试");
    // Nothing of any refused batch was written.
    let (_, list) = s.get_as("/api/push/v1/batch", &admin).await;
    assert_eq!(list["data"]["total"], 0);
}

#[tokio::test]
async fn exports_open_and_coverage_is_the_image_querys_for_the_same_scenes() {
    let (s, scenes) = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let hubei_user = s.token_of("hubei", "Hubei12345").await;
    let hubei_node = node(&s, "420000");
    let (ids, over_hubei) = hubei_and_far(&scenes);
    // Every other tile over 湖北: a batch that leaves gaps.
    let sent: Vec<String> = over_hubei.iter().step_by(2).cloned().collect();
    let mut with_far = sent.clone();
    with_far.extend(ids.iter().filter(|i| !over_hubei.contains(*i)).cloned());
    let id = send(&s, &admin, "湖北缺口", &with_far, &[hubei_node]).await;

    let (status, cover) = s
        .get_as(
            &format!("/api/push/v1/coverCalculate/{id}?nodeId={hubei_node}"),
            &hubei_user,
        )
        .await;
    assert_eq!(status, 200, "{cover}");
    let (_, by_ids) = s
        .post_json(
            "/api/normal/v5/coveragebyids",
            None,
            &json!({"selectMode": 1, "regionId": "420000", "ids": sent}),
        )
        .await;
    assert_eq!(cover["data"], by_ids["data"]);
    let ratio = cover["data"]["ratio"].as_f64().expect("ratio");
    assert!(ratio > 0.3 && ratio < 0.999, "{ratio}");
    let (status, body) = s
        .get_as(&format!("/api/push/v1/coverCalculate/{id}"), &hubei_user)
        .await;
    assert_error(status, &body, 400, "请选择推送节点（nodeId）");

    let dir = tempfile::tempdir().expect("tempdir");
    let (zip, name) = download(
        &s,
        &format!("/api/push/v1/exportdiffcover/{id}?nodeId={hubei_node}"),
        &hubei_user,
        "application/zip",
    )
    .await;
    assert_eq!(name, format!("notcovered_push_{id}_{hubei_node}.zip"));
    let shp = unzipped(&zip, &dir.path().join("gap"));
    let stem = name.trim_end_matches(".zip");
    let sql = format!("SELECT SUM(area_km2) AS total FROM {stem}");
    let gap = figure(&ogrinfo(&["-sql", &sql], &shp), "total (Real) =");
    let data = &cover["data"];
    let expected = data["aoiAreaKm2"].as_f64().expect("aoi")
        - data["coveredAreaKm2"].as_f64().expect("covered");
    assert!(
        (gap - expected).abs() <= 1e-6 * expected,
        "{gap} vs {expected}"
    );

    let (zip, name) = download(
        &s,
        &format!("/api/push/v1/exportshp/{id}"),
        &hubei_user,
        "application/zip",
    )
    .await;
    assert_eq!(name, format!("push_{id}.zip"));
    let shp = unzipped(&zip, &dir.path().join("items"));
    let summary = ogrinfo(&["-so", "-al"], &shp);
    assert!(summary.contains("WGS 84"), "{summary}");
    assert!(summary.contains("scene_id: String"), "{summary}");
    assert_eq!(
        figure(&summary, "Feature Count:"),
        sent.len() as f64,
        "{summary}"
    );
    let first = sent.first().expect("a scene");
    let one = ogrinfo(
        &[
            "-sql",
            &format!("SELECT node_name FROM push_{id} WHERE scene_id = '{first}'"),
        ],
        &shp,
    );
    assert!(one.contains("湖北省推送节点（演示）"), "{one}");

    let (xlsx, name) = download(
        &s,
        &format!("/api/push/v1/exportexcel/{id}"),
        &hubei_user,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    .await;
    assert_eq!(name, format!("push_{id}.xlsx"));
    let mut book = zip::ZipArchive::new(std::io::Cursor::new(xlsx)).expect("xlsx");
    let mut shared = String::new();
    book.by_name("xl/sharedStrings.xml")
        .expect("strings")
        .read_to_string(&mut shared)
        .expect("utf-8");
    assert!(shared.contains("影像编号") && shared.contains("数据量（MB）"));
    assert!(sent.iter().all(|id| shared.contains(id.as_str())));
    let mut sheet = String::new();
    book.by_name("xl/worksheets/sheet1.xml")
        .expect("sheet")
        .read_to_string(&mut sheet)
        .expect("utf-8");
    assert_eq!(sheet.matches("<row ").count(), sent.len() + 1);
}

#[tokio::test]
async fn the_demo_sends_its_hubei_scenes_to_the_hubei_node_once() {
    let data = common::reference::copy_of(common::reference::regions());
    let s = TestServer::start_in(data, |c| c.demo_scenes = 3_000).await;
    let hubei_user = s.token_of("hubei", "Hubei12345").await;
    let (_, own) = s.get_as("/api/push/v1/own", &hubei_user).await;
    assert_eq!(own["data"]["total"], 1, "{own}");
    let batch = &own["data"]["list"][0];
    assert_eq!(batch["name"], "演示：湖北省影像推送");
    assert_eq!(batch["demo"], true);
    assert_eq!(batch["nodes"][0]["nodeId"], node(&s, "420000"));
    let count = batch["sceneCount"].as_i64().expect("count");
    assert!(count > 0 && count <= 200, "{count}");
    // Only while no batch exists: at the next start nothing more is sent.
    let mut conn = rusqlite::Connection::open(s.database()).expect("db");
    let again = rscloud::push::demo::store(&mut conn, &s.state.scenes.now(), &s.state.regions, 0)
        .expect("demo");
    assert_eq!(again, 0);
}

/// The number in `items` of a node's deliveries and their MB.
fn tally(items: &[Value], node: i64) -> (i64, f64) {
    let mine: Vec<&Value> = items.iter().filter(|i| i["nodeId"] == node).collect();
    let mb = mine
        .iter()
        .map(|i| i["sizeMb"].as_f64().unwrap_or(0.0))
        .sum();
    (mine.len() as i64, mb)
}

#[tokio::test]
async fn push_statistics_add_up_to_what_the_batches_hold_and_a_node_counts_only_its_own() {
    let (s, scenes) = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let hubei_user = s.token_of("hubei", "Hubei12345").await;
    let (hubei_node, henan_node) = (node(&s, "420000"), node(&s, "410000"));
    let (ids, _) = hubei_and_far(&scenes);
    let first = send(&s, &admin, "一批", &ids, &[hubei_node, henan_node]).await;
    let (status, body) = s
        .post_json(
            "/api/push/v1/batch",
            Some(&admin),
            &json!({"name": "专线一批", "channel": "privateline", "ids": &ids[..3], "nodes": [hubei_node]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let items = all_items(&s, &admin, first).await;
    let year = time::OffsetDateTime::now_utc()
        .to_offset(time::UtcOffset::from_hms(8, 0, 0).expect("offset"))
        .year();

    let (status, internet) = s
        .get_as(&format!("/api/sta-distribute/internet?year={year}"), &admin)
        .await;
    assert_eq!(status, 200, "{internet}");
    let d = &internet["data"];
    let node_of = |d: &Value, id: i64| -> Value {
        d["nodes"]
            .as_array()
            .expect("nodes")
            .iter()
            .find(|n| n["nodeId"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("node {id} in {d}"))
    };
    for n in [hubei_node, henan_node] {
        let (count, mb) = tally(&items, n);
        let row = node_of(d, n);
        assert_eq!(
            (row["batches"].as_i64(), row["scenes"].as_i64()),
            (Some(1), Some(count))
        );
        assert!((row["sizeMb"].as_f64().expect("mb") - mb).abs() < 1e-6);
    }
    // Every demo node is listed, those that received nothing with zeros.
    assert_eq!(d["nodes"].as_array().expect("nodes").len(), 6);
    assert_eq!(d["total"]["scenes"].as_i64(), Some(items.len() as i64));
    assert_eq!(d["total"]["batches"], 1);
    let months = d["months"].as_array().expect("months");
    assert_eq!(months.len(), 12);
    let month_sum: i64 = months
        .iter()
        .map(|m| m["scenes"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(month_sum, items.len() as i64);
    let sat_sum: i64 = d["satellites"]
        .as_array()
        .expect("satellites")
        .iter()
        .map(|m| m["scenes"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(sat_sum, items.len() as i64);

    let (_, private) = s
        .get_as(
            &format!("/api/sta-distribute/privateline?year={year}"),
            &admin,
        )
        .await;
    assert_eq!(private["data"]["total"]["batches"], 1);
    // The first ids are over 湖北.
    assert_eq!(node_of(&private["data"], hubei_node)["scenes"], 3);
    assert_eq!(node_of(&private["data"], henan_node)["scenes"], 0);
    // Another year counts nothing.
    let (_, before) = s
        .get_as(
            &format!("/api/sta-distribute/internet?year={}", year - 1),
            &admin,
        )
        .await;
    assert_eq!(before["data"]["total"]["scenes"], 0);

    // The node user counts only the 湖北 node, and cannot ask for 河南's.
    let (_, mine) = s
        .get_as(
            &format!("/api/sta-distribute/internet?year={year}"),
            &hubei_user,
        )
        .await;
    let nodes = mine["data"]["nodes"].as_array().expect("nodes");
    assert_eq!(nodes.len(), 1);
    assert_eq!(nodes[0]["nodeId"], hubei_node);
    assert_eq!(
        mine["data"]["total"]["scenes"].as_i64(),
        Some(tally(&items, hubei_node).0)
    );
    let (status, body) = s
        .get_as(
            &format!("/api/sta-distribute/internet?nodeId={henan_node}"),
            &hubei_user,
        )
        .await;
    assert_error(status, &body, 404, "推送节点不存在");
    let (_, detail) = s.get_as("/api/sta-distribute/detail", &hubei_user).await;
    let rows = detail["data"]["list"].as_array().expect("rows");
    assert_eq!(detail["data"]["total"], 2);
    assert!(rows.iter().all(|r| r["nodeId"] == hubei_node), "{detail}");
    let (_, detail) = s
        .get_as("/api/sta-distribute/detail?channel=internet", &admin)
        .await;
    assert_eq!(detail["data"]["total"], 2, "one row per (batch, node)");

    // All time, both channels: the node user's own node, and the satellites it received.
    let (_, own) = s
        .get_as("/api/usercenter/push/statistics", &hubei_user)
        .await;
    let own = own["data"].as_array().expect("nodes");
    assert_eq!(own.len(), 1);
    assert_eq!(own[0]["nodeId"], hubei_node);
    assert_eq!(own[0]["batches"], 2);
    assert_eq!(
        own[0]["scenes"].as_i64(),
        Some(tally(&items, hubei_node).0 + 3)
    );
    assert!(own[0]["lastSentAt"].is_string());
    let (_, types) = s
        .get_as("/api/usercenter/pushuser/image/typelist", &hubei_user)
        .await;
    let typed: i64 = types["data"]
        .as_array()
        .expect("satellites")
        .iter()
        .map(|t| t["scenes"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(typed, tally(&items, hubei_node).0 + 3);
    // Who receives each node's pushes, by name: administrators only.
    let (_, users) = s.get_as("/api/usercenter/pushuser/userlist", &admin).await;
    let hubei_users = users["data"]
        .as_array()
        .expect("nodes")
        .iter()
        .find(|n| n["nodeId"] == hubei_node)
        .expect("the 湖北 node")["users"]
        .clone();
    assert!(
        hubei_users
            .as_array()
            .expect("users")
            .iter()
            .any(|u| u["username"] == "hubei")
    );
    let (status, body) = s
        .get_as("/api/usercenter/pushuser/userlist", &hubei_user)
        .await;
    assert_eq!(status, 403, "{body}");

    // Bad input is refused, not counted.
    let (status, body) = s
        .get_as("/api/sta-distribute/internet?year=1999", &admin)
        .await;
    assert_error(status, &body, 400, "年份应在 2000 至 2100 之间");
    let (status, _) = s.get_as("/api/sta-distribute/satellite", &admin).await;
    assert_eq!(status, 400);
    let (status, _) = s.get_json("/api/sta-distribute/internet").await;
    assert_eq!(status, 401);

    let (xlsx, name) = download(
        &s,
        &format!("/api/sta-distribute/export?year={year}"),
        &admin,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    .await;
    assert_eq!(name, format!("push_statistics_{year}.xlsx"));
    let mut book = zip::ZipArchive::new(std::io::Cursor::new(xlsx)).expect("xlsx");
    let mut workbook = String::new();
    book.by_name("xl/workbook.xml")
        .expect("workbook")
        .read_to_string(&mut workbook)
        .expect("utf-8");
    for sheet in ["互联网按节点", "专线按月份", "推送明细"] {
        assert!(workbook.contains(sheet), "{sheet} in {workbook}");
    }
    let mut detail_sheet = String::new();
    book.by_name("xl/worksheets/sheet7.xml")
        .expect("detail sheet")
        .read_to_string(&mut detail_sheet)
        .expect("utf-8");
    assert_eq!(detail_sheet.matches("<row ").count(), 3 + 1);
}

#[tokio::test]
async fn the_push_screen_shows_each_node_where_it_is_with_what_it_received_last() {
    let data = common::reference::copy_of(common::reference::regions());
    let s = TestServer::start_in(data, |c| {
        c.demo_scenes = 3_000;
        c.demo_spots = 4_000;
    })
    .await;
    let hubei_node = node(&s, "420000");
    let (status, body) = s
        .post_json(
            "/api/usercenter/screen/login",
            None,
            &json!({"screenCode": 1}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let screen = body["data"].as_str().expect("token").to_owned();

    // The demo screen ranges over the country: every node, 湖北's with the demo's batches.
    let (status, nodes) = s.get_as("/api/push-screen/node", &screen).await;
    assert_eq!(status, 200, "{nodes}");
    let nodes = nodes["data"].as_array().expect("nodes");
    let conn = rusqlite::Connection::open(s.database()).expect("db");
    let all: i64 = conn
        .query_row("SELECT count(*) FROM push_node", [], |r| r.get(0))
        .expect("count");
    assert_eq!(nodes.len() as i64, all);
    let on_screen = nodes
        .iter()
        .find(|n| n["nodeId"] == hubei_node)
        .expect("湖北's node");
    let admin = s.token_of("admin", "Admin12345").await;
    let (_, images) = s.get_as("/api/push/v1/batch", &admin).await;
    let image_batch = &images["data"]["list"][0];
    assert_eq!(
        on_screen["latestImages"]["batchName"],
        "演示：湖北省影像推送"
    );
    assert_eq!(
        on_screen["latestImages"]["scenes"],
        image_batch["sceneCount"]
    );
    assert_eq!(on_screen["images"]["scenes"], image_batch["sceneCount"]);
    let (_, spots) = s.get_as("/api/spotbatch/v1/manager", &admin).await;
    let spot_batch = &spots["data"]["list"][0];
    assert_eq!(
        on_screen["latestSpots"]["batchName"],
        "演示：湖北省图斑核查"
    );
    assert_eq!(on_screen["latestSpots"]["pushed"], spot_batch["spotCount"]);
    assert_eq!(
        on_screen["spots"]["states"]["pending"],
        spot_batch["spotCount"]
    );
    let [lon, lat] = [0, 1].map(|i| on_screen["position"][i].as_f64().expect("position"));
    let b = hubei().bounding_rect().expect("box");
    assert!(b.min().x < lon && lon < b.max().x && b.min().y < lat && lat < b.max().y);
    let quiet = nodes
        .iter()
        .find(|n| n["nodeId"] != hubei_node)
        .expect("another node");
    assert_eq!(quiet["images"]["scenes"], 0);
    assert!(quiet["latestImages"].is_null() && quiet["latestSpots"].is_null());

    // A province user sees their province's node, an account with neither ranges nor nodes
    // none, and the screen only reads.
    let hubei_user = s.token_of("hubei", "Hubei12345").await;
    let (_, mine) = s.get_as("/api/push-screen/node", &hubei_user).await;
    let mine: Vec<&Value> = mine["data"].as_array().expect("nodes").iter().collect();
    assert_eq!(mine.len(), 1);
    assert_eq!(mine[0]["nodeId"], hubei_node);
    let (status, _) = s
        .post_json(
            "/api/push/v1/batch",
            Some(&screen),
            &json!({"name": "大屏", "channel": "internet", "ids": ["x"], "nodes": [hubei_node]}),
        )
        .await;
    assert_eq!(status, 403);
}
