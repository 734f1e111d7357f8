//! Acquisition plans over HTTP. The regions are rectangles written here: 湖北 (where the demo
//! `hubei` fills as 湖北省), 武汉 within it (the fixture's `wuhan`, a city unit) and 湖南 (the
//! fixture's `hunan`). A unit never sees or touches another's areas (404); areas must lie in
//! the unit's range; every step of the state machine is taken or refused as its table says;
//! publishing makes numbered read-only versions; the overlap of two units' needs is the km²
//! of their intersection; inputs are bounded.

mod common;

use std::path::PathBuf;

use common::reference::{cached, copy_of};
use common::{
    TestServer, assert_error, download, figure, import, multipart, ogrinfo, unzipped, wfs_features,
};
use rscloud::usercenter::admin::{self, NewUser};
use serde_json::{Value, json};

const HUBEI_BOX: [f64; 4] = [108.3, 29.0, 116.1, 33.3];
const WUHAN_BOX: [f64; 4] = [113.7, 29.9, 115.1, 31.4];
const HUNAN_BOX: [f64; 4] = [108.7, 24.6, 114.3, 29.0];

fn rect([x0, y0, x1, y1]: [f64; 4]) -> Value {
    json!({"type": "Polygon", "coordinates": [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]})
}

/// The data folder: the regions, the accounts `wuhan` (range 420100) and `hunan` (430000),
/// and the push node of 湖北.
fn fixture() -> PathBuf {
    cached("plan", |work| {
        let feature = |code: &str, name: &str, r: [f64; 4]| json!({"type": "Feature", "properties": {"adcode": code, "name": name}, "geometry": rect(r)});
        let regions = json!({"type": "FeatureCollection", "features": [
            feature("420000", "湖北省", HUBEI_BOX),
            feature("420100", "武汉市", WUHAN_BOX),
            feature("430000", "湖南省", HUNAN_BOX),
        ]});
        let file = work.join("regions.geojson");
        std::fs::write(&file, regions.to_string()).expect("write regions");
        import(work, &["regions"], &[file]);
        // GF2 (class 1) scenes: one in May 2024 over the east of 114.2°, one in September 2024
        // and one in May 2023 over the west.
        let scene = |id: &str, at: &str, area: [f64; 4]| {
            json!({"type": "Feature", "properties": {
            "sceneId": id, "satellite": "GF2", "sensor": "PMS1", "acquiredAt": at,
            "cloud": 5.0, "resolution": 0.8}, "geometry": rect(area)})
        };
        let scenes = json!({"type": "FeatureCollection", "features": [
            scene("GF2_EAST_202405", "2024-05-10T03:00:00Z", [114.2, 29.5, 115.0, 31.0]),
            scene("GF2_WEST_202409", "2024-09-10T03:00:00Z", [113.8, 29.5, 114.2, 31.0]),
            scene("GF2_WEST_202305", "2023-05-10T03:00:00Z", [113.8, 29.5, 114.2, 31.0]),
        ]});
        let file = work.join("scenes.geojson");
        std::fs::write(&file, scenes.to_string()).expect("write scenes");
        import(work, &["scenes"], &[file]);
        let conn = rscloud::db::open_connection(&work.join("rscloud.gpkg")).expect("database");
        for (name, password, range) in [
            ("wuhan", "Wuhan12345", "420100"),
            ("hunan", "Hunan12345", "430000"),
        ] {
            let user = NewUser {
                username: name,
                password,
                ..NewUser::default()
            };
            admin::add_user(&conn, &user).expect("user");
            admin::add_ranges(&conn, name, &[range.to_owned()]).expect("range");
        }
        // The push node serving 湖北, for the province feedback.
        rscloud::usercenter::store::add_push_node(&conn, "湖北节点", "420000").expect("node");
    })
}

struct World {
    s: TestServer,
    admin: String,
    hubei: String,
    wuhan: String,
    hunan: String,
}

async fn world() -> World {
    let s = TestServer::start_in(copy_of(&fixture()), |_| {}).await;
    World {
        admin: s.token_of("admin", "Admin12345").await,
        hubei: s.token_of("hubei", "Hubei12345").await,
        wuhan: s.token_of("wuhan", "Wuhan12345").await,
        hunan: s.token_of("hunan", "Hunan12345").await,
        s,
    }
}

/// Saves an area (a new draft, or `id` changed) of 2025; the status and body.
async fn save(w: &World, token: &str, id: Option<i64>, area: [f64; 4]) -> (u16, Value) {
    let mut body = json!({"name": "城区更新", "geojson": rect(area), "resolution": 1,
                          "months": [4, 5, 6], "purpose": "国土变更调查"});
    if let Some(id) = id {
        body["id"] = json!(id);
    }
    w.s.post_json("/api/plan-collaborative/save/2025", Some(token), &body)
        .await
}

/// A new draft's id.
async fn draft(w: &World, token: &str, area: [f64; 4]) -> i64 {
    let (status, body) = save(w, token, None, area).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["id"].as_i64().expect("id")
}

async fn post(w: &World, token: &str, path: &str, body: Value) -> (u16, Value) {
    w.s.post_json(
        &format!("/api/plan-collaborative/{path}"),
        Some(token),
        &body,
    )
    .await
}

async fn data_of(s: &TestServer, token: &str, path: &str) -> Value {
    let (status, body) = s.get_as(path, token).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"].clone()
}

async fn state_of(w: &World, id: i64) -> String {
    let d = data_of(&w.s, &w.admin, &format!("/api/plan-collaborative/id/{id}")).await;
    d["area"]["state"].as_str().expect("state").to_owned()
}

async fn listed_ids(w: &World, token: &str, query: &str) -> Vec<i64> {
    let page = data_of(
        &w.s,
        token,
        &format!("/api/plan-collaborative/list?pageSize=100&{query}"),
    )
    .await;
    page["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|a| a["id"].as_i64().expect("id"))
        .collect()
}

/// Geodesic area of a longitude/latitude rectangle on the WGS 84 ellipsoid, km², from the
/// authalic latitude (independent of the server's polygon area).
fn rect_km2([x0, y0, x1, y1]: [f64; 4]) -> f64 {
    let a = 6_378_137.0_f64;
    let f: f64 = 1.0 / 298.257_223_563;
    let e2 = f * (2.0 - f);
    let e = e2.sqrt();
    let q = |lat: f64| {
        let s = lat.to_radians().sin();
        (1.0 - e2)
            * (s / (1.0 - e2 * s * s) - (1.0 / (2.0 * e)) * ((1.0 - e * s) / (1.0 + e * s)).ln())
    };
    a * a * (x1 - x0).to_radians() * (q(y1) - q(y0)) / 2.0 / 1e6
}

#[tokio::test]
async fn a_unit_fills_submits_and_a_manager_publishes_numbered_read_only_versions() {
    let w = world().await;
    let area = [114.0, 30.0, 114.4, 30.4];
    let a = draft(&w, &w.hubei, area).await;
    let d = data_of(&w.s, &w.hubei, &format!("/api/plan-collaborative/id/{a}")).await;
    assert_eq!(d["area"]["unitCode"], "420000");
    assert_eq!(d["area"]["unitName"], "湖北省");
    assert_eq!(d["area"]["unitType"], "省级");
    assert_eq!(d["area"]["monthCode"], "4,5,6");
    assert_eq!(d["area"]["cjlx"], "sc", "the default acquisition type");
    let km2 = d["area"]["areaKm2"].as_f64().expect("km2");
    assert!(
        (km2 - rect_km2(area)).abs() / rect_km2(area) < 1e-3,
        "{km2}"
    );
    let b = draft(&w, &w.hubei, [112.0, 31.0, 112.2, 31.2]).await;
    // Submitting the year submits both drafts; there is nothing left to submit.
    let (status, body) = post(&w, &w.hubei, "submit", json!({"planYear": 2025})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["ids"], json!([a, b]));
    let (status, body) = post(&w, &w.hubei, "submit", json!({})).await;
    assert_error(status, &body, 409, "2025 年没有可提交的草稿");

    let (status, body) = post(&w, &w.admin, "publish", json!({"planYear": 2025})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["version"].as_i64(),
            body["data"]["areas"].as_i64()
        ),
        (Some(1), Some(2))
    );
    let v1 = body["data"]["id"].as_i64().expect("publication id");
    assert_eq!(state_of(&w, a).await, "published");
    // Published areas are read-only for good.
    let (status, _) = save(&w, &w.hubei, Some(a), area).await;
    assert_eq!(status, 409);
    let (status, _) =
        w.s.delete_json(
            &format!("/api/plan-collaborative/delete/id/{a}"),
            &w.hubei,
            &json!({}),
        )
        .await;
    assert_eq!(status, 409);
    let (status, _) = post(
        &w,
        &w.hubei,
        "apply-edit",
        json!({"id": a, "reason": "改范围"}),
    )
    .await;
    assert_eq!(status, 409);
    // Nothing new submitted: no new version.
    let (status, _) = post(&w, &w.admin, "publish", json!({"planYear": 2025})).await;
    assert_eq!(status, 409);
    // Another unit submits: version 2 holds all three, version 1 still its two.
    let c = draft(&w, &w.wuhan, [114.5, 30.5, 114.6, 30.6]).await;
    let (status, _) = post(&w, &w.wuhan, &format!("submit/{c}"), json!({})).await;
    assert_eq!(status, 200);
    let (status, body) = post(&w, &w.admin, "publish", json!({"planYear": 2025})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["version"], 2);
    let v2 = body["data"]["id"].as_i64().expect("publication id");
    let versions = data_of(
        &w.s,
        &w.hubei,
        "/api/plan-collaborative/publish?planYear=2025",
    )
    .await;
    assert_eq!(versions.as_array().expect("versions").len(), 2);
    let count = |fc: &Value| fc["features"].as_array().expect("features").len();
    let p1 = data_of(
        &w.s,
        &w.admin,
        &format!("/api/plan-collaborative/publication/{v1}"),
    )
    .await;
    let p2 = data_of(
        &w.s,
        &w.admin,
        &format!("/api/plan-collaborative/publication/{v2}"),
    )
    .await;
    assert_eq!((count(&p1), count(&p2)), (2, 3));
    // A unit sees its own part of a published plan.
    let mine = data_of(
        &w.s,
        &w.wuhan,
        &format!("/api/plan-collaborative/publication/{v2}"),
    )
    .await;
    assert_eq!(count(&mine), 1);
    // Every step is recorded with who took it.
    let d = data_of(&w.s, &w.admin, &format!("/api/plan-collaborative/id/{a}")).await;
    let steps: Vec<(&str, &str)> = d["history"]
        .as_array()
        .expect("history")
        .iter()
        .map(|h| {
            (
                h["action"].as_str().expect("a"),
                h["actor"].as_str().expect("who"),
            )
        })
        .collect();
    assert_eq!(
        steps,
        [("save", "hubei"), ("submit", "hubei"), ("publish", "admin")]
    );
}

#[tokio::test]
async fn a_unit_never_sees_or_touches_another_units_areas() {
    let w = world().await;
    let a = draft(&w, &w.hubei, [114.0, 30.0, 114.4, 30.4]).await;
    let b = draft(&w, &w.hunan, [112.0, 27.0, 112.3, 27.3]).await;
    assert_eq!(listed_ids(&w, &w.hubei, "").await, [a]);
    assert_eq!(listed_ids(&w, &w.hunan, "").await, [b]);
    assert_eq!(
        listed_ids(&w, &w.wuhan, "").await,
        Vec::<i64>::new(),
        "a city unit is its own unit"
    );
    assert_eq!(listed_ids(&w, &w.admin, "").await, [a, b]);
    let geom = data_of(&w.s, &w.hunan, "/api/plan-collaborative/geom/2025").await;
    assert_eq!(geom["features"].as_array().expect("features").len(), 1);
    // The map registry's layer holds what the list shows each caller, and nothing for the
    // anonymous or another year.
    let layer = |token: Option<String>, viewparams: &'static str| {
        let s = &w.s;
        async move {
            wfs_features(s, "plan_area", viewparams, token.as_deref())
                .await
                .iter()
                .map(|f| f["properties"]["id"].as_i64().expect("id"))
                .collect::<Vec<i64>>()
        }
    };
    assert_eq!(layer(Some(w.hunan.clone()), "year:2025").await, [b]);
    assert_eq!(
        layer(Some(w.hubei.clone()), "").await,
        [a],
        "2025 unless named"
    );
    assert_eq!(layer(Some(w.admin.clone()), "year:2025").await, [a, b]);
    assert!(layer(Some(w.wuhan.clone()), "year:2025").await.is_empty());
    assert!(layer(None, "year:2025").await.is_empty());
    assert!(layer(Some(w.admin.clone()), "year:2024").await.is_empty());
    assert!(
        layer(Some(w.admin.clone()), "state:submitted")
            .await
            .is_empty()
    );
    let missing = |status: u16, body: &Value| assert_error(status, body, 404, "需求范围不存在");
    let (status, body) =
        w.s.get_as(&format!("/api/plan-collaborative/id/{a}"), &w.hunan)
            .await;
    missing(status, &body);
    let (status, body) = save(&w, &w.hunan, Some(a), [112.0, 27.0, 112.1, 27.1]).await;
    missing(status, &body);
    let (status, body) = post(&w, &w.hunan, &format!("submit/{a}"), json!({})).await;
    missing(status, &body);
    let (status, body) =
        w.s.delete_json(
            &format!("/api/plan-collaborative/delete/id/{a}"),
            &w.hunan,
            &json!({}),
        )
        .await;
    missing(status, &body);
    // Submitting the year submits only the caller's own drafts.
    let (status, body) = post(&w, &w.hunan, "submit", json!({})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["ids"], json!([b]));
    assert_eq!(state_of(&w, a).await, "draft");
    let (status, body) = post(&w, &w.hunan, "apply-edit", json!({"id": a, "reason": "x"})).await;
    missing(status, &body);
}

#[tokio::test]
async fn an_area_outside_the_range_is_refused_and_a_sliver_over_it_is_clipped() {
    let w = world().await;
    let (status, body) = save(&w, &w.hubei, None, [112.0, 27.0, 112.3, 27.3]).await;
    assert_error(
        status,
        &body,
        400,
        "需求范围不在本单位权限范围（湖北省）内，请在权限范围内绘制或上传",
    );
    // Across the 湖北/湖南 line at 29°: 0.2° of 0.4° outside.
    let (status, body) = save(&w, &w.hubei, None, [112.0, 28.8, 112.4, 29.2]).await;
    assert_eq!(status, 400, "{body}");
    let message = body["message"].as_str().expect("message");
    assert!(
        message.contains("平方千米超出本单位权限范围（湖北省）"),
        "{message}"
    );
    // 武汉 may not fill outside 武汉 though inside 湖北.
    let (status, _) = save(&w, &w.wuhan, None, [112.0, 31.0, 112.2, 31.2]).await;
    assert_eq!(status, 400);
    // A sliver of 0.0001° over the line at 33.3°: kept, clipped to the range.
    let (status, body) = save(&w, &w.hubei, None, [112.0, 33.0, 112.4, 33.3001]).await;
    assert_eq!(status, 200, "{body}");
    let km2 = body["data"]["areaKm2"].as_f64().expect("km2");
    let inside = rect_km2([112.0, 33.0, 112.4, 33.3]);
    assert!((km2 - inside).abs() / inside < 1e-4, "{km2} vs {inside}");
}

#[tokio::test]
async fn every_step_is_taken_or_refused_as_the_table_says() {
    let w = world().await;
    let area = [114.0, 30.0, 114.4, 30.4];
    let a = draft(&w, &w.hubei, area).await;
    // A draft: saved again, not asked to edit, not decided on, not published on its own.
    assert_eq!(
        save(&w, &w.hubei, Some(a), [114.0, 30.0, 114.3, 30.3])
            .await
            .0,
        200
    );
    let (status, body) = post(&w, &w.hubei, "apply-edit", json!({"id": a, "reason": "改"})).await;
    assert_error(status, &body, 409, "需求范围当前为“草稿”，不能申请修改");
    let (status, _) = post(
        &w,
        &w.admin,
        &format!("apply-edit/{a}"),
        json!({"decision": "grant"}),
    )
    .await;
    assert_eq!(status, 409);
    // Submitted: not saved, deleted or submitted again.
    assert_eq!(
        post(&w, &w.hubei, &format!("submit/{a}"), json!({}))
            .await
            .0,
        200
    );
    assert_eq!(state_of(&w, a).await, "submitted");
    let (status, body) = save(&w, &w.hubei, Some(a), area).await;
    assert_error(status, &body, 409, "需求范围当前为“已提交”，不能修改");
    let (status, _) =
        w.s.delete_json(
            &format!("/api/plan-collaborative/delete/id/{a}"),
            &w.hubei,
            &json!({}),
        )
        .await;
    assert_eq!(status, 409);
    assert_eq!(
        post(&w, &w.hubei, &format!("submit/{a}"), json!({}))
            .await
            .0,
        409
    );
    let (status, _) = post(
        &w,
        &w.admin,
        &format!("apply-edit/{a}"),
        json!({"decision": "refuse", "reason": "不行"}),
    )
    .await;
    assert_eq!(status, 409, "no request waiting");
    // Edit requested (with a reason), then refused (with a reason): submitted again.
    let (status, _) = post(&w, &w.hubei, "apply-edit", json!({"id": a, "reason": ""})).await;
    assert_eq!(status, 400);
    assert_eq!(
        post(
            &w,
            &w.hubei,
            "apply-edit",
            json!({"id": a, "reason": "范围画大了"})
        )
        .await
        .0,
        200
    );
    assert_eq!(state_of(&w, a).await, "editRequested");
    assert_eq!(
        post(
            &w,
            &w.hubei,
            "apply-edit",
            json!({"id": a, "reason": "再次"})
        )
        .await
        .0,
        409
    );
    assert_eq!(save(&w, &w.hubei, Some(a), area).await.0, 409);
    // Wrong roles: a unit does not decide, a manager does not fill.
    let (status, body) = post(
        &w,
        &w.hubei,
        &format!("apply-edit/{a}"),
        json!({"decision": "grant"}),
    )
    .await;
    assert_error(status, &body, 403, "仅系统管理员可以进行此操作");
    let (status, body) = save(&w, &w.admin, None, area).await;
    assert_error(status, &body, 403, "仅填报单位（省级等用户）可以进行此操作");
    let (status, _) = post(
        &w,
        &w.admin,
        &format!("apply-edit/{a}"),
        json!({"decision": "refuse"}),
    )
    .await;
    assert_eq!(status, 400, "a refusal needs a reason");
    let (status, body) = post(
        &w,
        &w.admin,
        &format!("apply-edit/{a}"),
        json!({"decision": "refuse", "reason": "范围合理"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], "submitted");
    assert_eq!(body["data"]["reason"], "范围合理");
    // Asked again and granted: a draft, editable and deletable.
    assert_eq!(
        post(
            &w,
            &w.hubei,
            "apply-edit",
            json!({"id": a, "reason": "范围画大了"})
        )
        .await
        .0,
        200
    );
    let (status, body) = post(
        &w,
        &w.admin,
        &format!("apply-edit/{a}"),
        json!({"decision": "grant"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["state"], "draft");
    let (status, body) = save(&w, &w.hubei, Some(a), [114.0, 30.0, 114.1, 30.1]).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) =
        w.s.delete_json(
            &format!("/api/plan-collaborative/delete/id/{a}"),
            &w.hubei,
            &json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) =
        w.s.get_as(&format!("/api/plan-collaborative/id/{a}"), &w.admin)
            .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_overlap_of_two_units_needs_is_their_intersection_in_km2() {
    let w = world().await;
    let hubei_area = [114.0, 30.0, 114.4, 30.4];
    let wuhan_area = [114.2, 30.2, 114.6, 30.6];
    let a = draft(&w, &w.hubei, hubei_area).await;
    let far = draft(&w, &w.hubei, [110.0, 31.0, 110.2, 31.2]).await;
    let b = draft(&w, &w.wuhan, wuhan_area).await;
    // Drafts are not needs yet.
    let o = data_of(
        &w.s,
        &w.admin,
        "/api/plan-collaborative/overlap?planYear=2025",
    )
    .await;
    assert_eq!(o["pairs"], json!([]));
    assert_eq!(post(&w, &w.hubei, "submit", json!({})).await.0, 200);
    assert_eq!(post(&w, &w.wuhan, "submit", json!({})).await.0, 200);
    let o = data_of(
        &w.s,
        &w.admin,
        "/api/plan-collaborative/overlap?planYear=2025",
    )
    .await;
    let pairs = o["pairs"].as_array().expect("pairs");
    assert_eq!(pairs.len(), 1, "{o}");
    assert_eq!(
        (pairs[0]["unitA"].as_str(), pairs[0]["unitB"].as_str()),
        (Some("420000"), Some("420100"))
    );
    let km2 = pairs[0]["areaKm2"].as_f64().expect("km2");
    let expected = rect_km2([114.2, 30.2, 114.4, 30.4]);
    assert!(
        (km2 - expected).abs() / expected < 1e-3,
        "{km2} vs {expected}"
    );
    let hubei = &o["units"][0];
    assert_eq!(hubei["areas"], 2);
    let both = rect_km2(hubei_area) + rect_km2([110.0, 31.0, 110.2, 31.2]);
    assert!((hubei["areaKm2"].as_f64().expect("km2") - both).abs() / both < 1e-3);
    // The list's overlap filter: only areas sharing ground with another unit's.
    assert_eq!(listed_ids(&w, &w.admin, "overlap=1").await, [a, b]);
    assert_eq!(listed_ids(&w, &w.admin, "overlap=0").await, [a, far, b]);
    assert_eq!(listed_ids(&w, &w.admin, "unitType=市级").await, [b]);
    assert_eq!(
        listed_ids(&w, &w.admin, "regionId=430000").await,
        Vec::<i64>::new()
    );
    assert_eq!(listed_ids(&w, &w.admin, "month=5").await, [a, far, b]);
    assert_eq!(listed_ids(&w, &w.admin, "month=9").await, Vec::<i64>::new());
    assert_eq!(listed_ids(&w, &w.admin, "cjlx=bc").await, Vec::<i64>::new());
    let (status, _) =
        w.s.get_as("/api/plan-collaborative/list?overlap=2", &w.admin)
            .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn inputs_too_large_or_malformed_are_refused() {
    let w = world().await;
    // 10,001 vertices.
    let ring: Vec<Value> = (0..=10_000)
        .map(|i| {
            let t = f64::from(i) / 10_000.0 * std::f64::consts::TAU;
            json!([114.2 + 0.1 * t.cos(), 30.2 + 0.1 * t.sin()])
        })
        .chain([json!([114.3, 30.2])])
        .collect();
    let body = json!({"name": "多", "resolution": 1, "geojson": {"type": "Polygon", "coordinates": [ring]}});
    let (status, _) = post(&w, &w.hubei, "save/2025", body).await;
    assert_eq!(status, 400);
    // Over the 1 MB body limit.
    let big = json!({"name": "大", "resolution": 1, "geojson": rect([114.0, 30.0, 114.1, 30.1]), "purpose": "x".repeat(1 << 20)});
    let (status, _) = post(&w, &w.hubei, "save/2025", big).await;
    assert_eq!(status, 413);
    for bad in [
        json!({"name": "长".repeat(51), "resolution": 1, "geojson": rect([114.0, 30.0, 114.1, 30.1])}),
        json!({"name": "月", "resolution": 1, "months": [13], "geojson": rect([114.0, 30.0, 114.1, 30.1])}),
        json!({"name": "级", "resolution": 5, "geojson": rect([114.0, 30.0, 114.1, 30.1])}),
        json!({"name": "线", "resolution": 1, "geojson": {"type": "LineString", "coordinates": [[114.0, 30.0], [114.1, 30.1]]}}),
        json!({"name": "", "resolution": 1, "geojson": rect([114.0, 30.0, 114.1, 30.1])}),
    ] {
        let (status, body) = post(&w, &w.hubei, "save/2025", bad.clone()).await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
    let (status, _) = post(
        &w,
        &w.hubei,
        "save/1999",
        json!({"name": "年", "resolution": 1, "geojson": rect([114.0, 30.0, 114.1, 30.1])}),
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn process_shp_reads_an_area_file_and_checks_it_against_the_range() {
    let w = world().await;
    let upload = |token: String, area: [f64; 4]| {
        let s = &w.s;
        async move {
            let file = json!({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {}, "geometry": rect(area)}]}).to_string();
            let (content_type, body) = multipart(&[], Some(("need.geojson", file.as_bytes())));
            let req = s
                .client
                .post(s.url("/api/plan-collaborative/process-shp"))
                .header("token", token)
                .header("content-type", content_type)
                .body(body);
            common::answer(req).await
        }
    };
    let (status, body) = upload(w.hubei.clone(), [114.0, 30.0, 114.4, 30.4]).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["unitCode"], "420000");
    let km2 = body["data"]["areaKm2"].as_f64().expect("km2");
    let expected = rect_km2([114.0, 30.0, 114.4, 30.4]);
    assert!((km2 - expected).abs() / expected < 1e-3);
    // What it answers is what save takes.
    let geojson = body["data"]["geojson"].clone();
    let (status, body) = post(
        &w,
        &w.hubei,
        "save/2025",
        json!({"name": "上传", "resolution": 2, "geojson": geojson}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = upload(w.hunan.clone(), [114.0, 30.0, 114.4, 30.4]).await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn the_purchase_plan_is_the_published_areas_minus_the_years_coverage() {
    let w = world().await;
    // 2024: 湖北 and 武汉 ask for overlapping ground at class 1 in April–June; 湖南 once at
    // class 3 the whole year.
    let save24 = |token: String, area: [f64; 4], resolution: u8, months: Value| {
        let s = &w.s;
        async move {
            let body = json!({"name": "采购", "geojson": rect(area), "resolution": resolution, "months": months});
            let (status, body) = s
                .post_json("/api/plan-collaborative/save/2024", Some(&token), &body)
                .await;
            assert_eq!(status, 200, "{body}");
        }
    };
    save24(
        w.hubei.clone(),
        [114.0, 30.0, 114.4, 30.4],
        1,
        json!([4, 5, 6]),
    )
    .await;
    save24(
        w.wuhan.clone(),
        [114.2, 30.2, 114.6, 30.6],
        1,
        json!([4, 5, 6]),
    )
    .await;
    save24(w.hunan.clone(), [112.0, 27.0, 112.2, 27.2], 3, json!([])).await;
    for t in [&w.hubei, &w.wuhan, &w.hunan] {
        assert_eq!(
            post(&w, t, "submit", json!({"planYear": 2024})).await.0,
            200
        );
    }
    let (status, body) = post(&w, &w.admin, "publish", json!({"planYear": 2024})).await;
    assert_eq!(status, 200, "{body}");
    // 省级 (the default): 湖北's class-1 area minus the May 2024 scene east of 114.2°; the
    // September and 2023 scenes do not count. 湖南's class-3 area: nothing covers it.
    let p = data_of(
        &w.s,
        &w.admin,
        "/api/plan-collaborative/purchase?purchaseYear=2024",
    )
    .await;
    assert_eq!(p["unitType"], "省级");
    assert_eq!(p["version"], 1);
    let rows = p["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 2, "{p}");
    let close = |got: &Value, want: f64| {
        let got = got.as_f64().expect("number");
        assert!(
            (got - want).abs() <= 1e-3 * want.max(1e-9),
            "{got} vs {want}"
        );
    };
    let hubei = &rows[0];
    assert_eq!(
        (hubei["resolution"].as_i64(), hubei["monthCode"].as_str()),
        (Some(1), Some("4,5,6"))
    );
    close(&hubei["planKm2"], rect_km2([114.0, 30.0, 114.4, 30.4]));
    close(&hubei["coveredKm2"], rect_km2([114.2, 30.0, 114.4, 30.4]));
    let buy = rect_km2([114.0, 30.0, 114.2, 30.4]);
    close(&hubei["purchaseKm2"], buy);
    close(&hubei["cost"], buy * 300.0);
    let hunan = &rows[1];
    assert_eq!(hunan["resolution"], 3);
    close(&hunan["purchaseKm2"], rect_km2([112.0, 27.0, 112.2, 27.2]));
    close(&hunan["cost"], rect_km2([112.0, 27.0, 112.2, 27.2]) * 30.0);
    // 市级: 武汉's area, of which the May scene covers all east of 114.2° — all of it.
    let p = data_of(
        &w.s,
        &w.admin,
        "/api/plan-collaborative/purchase?purchaseYear=2024&unitType=市级",
    )
    .await;
    let rows = p["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 1);
    close(&rows[0]["coveredKm2"], rect_km2([114.2, 30.2, 114.6, 30.6]));
    assert!(rows[0]["purchaseKm2"].as_f64().expect("km2") < 1e-3);
    // A year without a published plan has nothing to buy.
    let p = data_of(
        &w.s,
        &w.admin,
        "/api/plan-collaborative/purchase?purchaseYear=2023",
    )
    .await;
    assert_eq!(
        (p["version"].clone(), p["rows"].clone()),
        (Value::Null, json!([]))
    );
    // The workbook opens, with the lines and the total.
    let res =
        w.s.client
            .get(w.s.url("/api/plan-collaborative/purchase/export?purchaseYear=2024"))
            .header("token", &w.admin)
            .send()
            .await
            .expect("export");
    assert_eq!(res.status(), 200);
    let bytes = res.bytes().await.expect("bytes");
    let mut book = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("xlsx");
    let mut shared = String::new();
    std::io::Read::read_to_string(
        &mut book.by_name("xl/sharedStrings.xml").expect("strings"),
        &mut shared,
    )
    .expect("utf-8");
    assert!(
        shared.contains("需采购面积（km²）") && shared.contains("合计"),
        "{shared}"
    );
    let mut sheet = String::new();
    std::io::Read::read_to_string(
        &mut book.by_name("xl/worksheets/sheet1.xml").expect("sheet"),
        &mut sheet,
    )
    .expect("utf-8");
    assert_eq!(
        sheet.matches("<row ").count(),
        4,
        "header, two lines, total"
    );
    // The shapefile holds what each line must buy, as GDAL reads it: 湖北's west half and
    // 湖南's area, each of its line's km².
    let (zip, name) = download(
        &w.s,
        "/api/plan-collaborative/purchase/exportshp?purchaseYear=2024",
        &w.admin,
        "application/zip",
    )
    .await;
    assert_eq!(name, "purchase_plan_2024.zip");
    let dir = tempfile::tempdir().expect("dir");
    let shp = unzipped(&zip, dir.path());
    let summary = ogrinfo(&["-so", "-al"], &shp);
    assert!(summary.contains("WGS 84"), "{summary}");
    assert_eq!(figure(&summary, "Feature Count:"), 2.0, "{summary}");
    let geodesic = |class: i64| {
        let sql = format!(
            "SELECT ST_Area(GEOMETRY, 1) / 1e6 AS km2, buy_km2 FROM purchase_plan_2024 \
             WHERE resolution = {class}"
        );
        let out = ogrinfo(&["-dialect", "SQLite", "-sql", &sql], &shp);
        (
            figure(&out, "km2 (Real) ="),
            figure(&out, "buy_km2 (Real) ="),
        )
    };
    let (drawn, listed) = geodesic(1);
    close(&json!(drawn), buy);
    close(&json!(listed), buy);
    let (drawn, _) = geodesic(3);
    close(&json!(drawn), rect_km2([112.0, 27.0, 112.2, 27.2]));

    for path in [
        "/api/plan-collaborative/purchase",
        "/api/plan-collaborative/purchase/exportshp",
    ] {
        let (status, _) = w.s.get_as(path, &w.hubei).await;
        assert_eq!(status, 403, "{path}");
    }
}

/// Saves, submits and publishes 湖北's class-1 need of April–June 2024 over `area`.
async fn publish_hubei_2024(w: &World, area: [f64; 4]) {
    let body = json!({"name": "反馈", "geojson": rect(area), "resolution": 1, "months": [4, 5, 6]});
    let (status, body) =
        w.s.post_json("/api/plan-collaborative/save/2024", Some(&w.hubei), &body)
            .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        post(w, &w.hubei, "submit", json!({"planYear": 2024}))
            .await
            .0,
        200
    );
    let (status, body) = post(w, &w.admin, "publish", json!({"planYear": 2024})).await;
    assert_eq!(status, 200, "{body}");
}

fn close(got: &Value, want: f64) {
    let got = got.as_f64().expect("number");
    assert!(
        (got - want).abs() <= 1e-3 * want.max(1e-9),
        "{got} vs {want}"
    );
}

#[tokio::test]
async fn province_feedback_counts_the_optical_scenes_pushed_to_the_unit_and_keeps_its_rating() {
    let w = world().await;
    let area = [114.0, 30.0, 114.4, 30.4];
    publish_hubei_2024(&w, area).await;
    let feedback = "/api/push/v1/provincial-feedback?planYear=2024";
    // Published, nothing pushed yet: the ground asked for, none delivered.
    let f = data_of(&w.s, &w.admin, feedback).await;
    assert_eq!(
        (f["version"].clone(), f["rated"].clone()),
        (json!(1), json!(0))
    );
    let units = f["units"].as_array().expect("units");
    assert_eq!(units.len(), 1, "{f}");
    assert_eq!(units[0]["unitCode"], "420000");
    close(&units[0]["planKm2"], rect_km2(area));
    assert_eq!(units[0]["deliveredKm2"], 0.0);

    // The May scene east of 114.2° and the September one west of it reach the 湖北 node; only
    // the May one is of a month the need asks for.
    let node = {
        let conn = rusqlite::Connection::open(w.s.database()).expect("db");
        conn.query_row(
            "SELECT id FROM push_node WHERE region_id = '420000'",
            [],
            |r| r.get::<_, i64>(0),
        )
        .expect("node")
    };
    let (status, body) =
        w.s.post_json(
            "/api/push/v1/batch",
            Some(&w.admin),
            &json!({"name": "2024年第二季度", "channel": "internet",
                    "ids": ["GF2_EAST_202405", "GF2_WEST_202409"], "nodes": [node]}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let f = data_of(&w.s, &w.hubei, feedback).await;
    let unit = &f["units"][0];
    let east = rect_km2([114.2, 30.0, 114.4, 30.4]);
    close(&unit["deliveredKm2"], east);
    close(&unit["share"], east / rect_km2(area));
    assert_eq!(unit["scenes"], 1);
    assert_eq!(unit["lines"][0]["monthsLabel"], "4、5、6月");
    close(&f["deliveredKm2"], east);
    let scenes = data_of(
        &w.s,
        &w.hubei,
        "/api/push/v1/metadata-optical?planYear=2024",
    )
    .await;
    assert_eq!(scenes["total"], 1, "{scenes}");
    assert_eq!(scenes["list"][0]["sceneId"], "GF2_EAST_202405");
    assert_eq!(scenes["list"][0]["batchName"], "2024年第二季度");
    // Described as the push batch's own detail describes a delivery: the node it went to.
    assert_eq!(scenes["list"][0]["regionId"], "420000", "{scenes}");

    // The unit rates; rating again changes it; the manager's summary shows it.
    let rate = |token: String, body: Value| {
        let s = &w.s;
        async move {
            s.put_json("/api/push/v1/provincial-feedback", &token, &body)
                .await
        }
    };
    let (status, body) = rate(
        w.hubei.clone(),
        json!({"planYear": 2024, "rating": 2, "comment": "西半部未覆盖"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["rating"], 2);
    let (status, _) = rate(
        w.hubei.clone(),
        json!({"planYear": 2024, "unitCode": "420000", "rating": 4, "comment": "基本满足"}),
    )
    .await;
    assert_eq!(status, 200);
    let f = data_of(&w.s, &w.admin, feedback).await;
    assert_eq!(
        (f["rated"].clone(), f["meanRating"].clone()),
        (json!(1), json!(4.0))
    );
    assert_eq!(
        (
            f["units"][0]["comment"].clone(),
            f["units"][0]["author"].clone()
        ),
        (json!("基本满足"), json!("hubei"))
    );

    // Nobody rates for another unit, a year without its areas, out of bounds, or as a manager.
    let refused = [
        (
            &w.hunan,
            json!({"planYear": 2024, "unitCode": "420000", "rating": 1}),
            403,
        ),
        (&w.hunan, json!({"planYear": 2024, "rating": 3}), 409),
        (&w.hubei, json!({"planYear": 2023, "rating": 3}), 409),
        (&w.hubei, json!({"planYear": 2024, "rating": 6}), 400),
        (
            &w.hubei,
            json!({"planYear": 2024, "rating": 3, "comment": "很".repeat(501)}),
            400,
        ),
        (
            &w.admin,
            json!({"planYear": 2024, "unitCode": "420000", "rating": 5}),
            403,
        ),
    ];
    for (token, body, want) in refused {
        let (status, answer) = rate(token.clone(), body.clone()).await;
        assert_eq!(status, want, "{body}: {answer}");
    }
    assert_eq!(
        data_of(&w.s, &w.admin, feedback).await["units"][0]["rating"],
        4
    );
    // The level and region filters are a manager's: a unit reads its own units whatever they say.
    let f = data_of(
        &w.s,
        &w.hubei,
        &format!("{feedback}&unitType=市级&regionId=430000"),
    )
    .await;
    assert_eq!(f["units"][0]["unitCode"], "420000");
    let f = data_of(&w.s, &w.admin, &format!("{feedback}&unitType=市级")).await;
    assert_eq!(f["units"], json!([]));
    // Another unit sees neither 湖北's feedback nor its scenes.
    let f = data_of(&w.s, &w.hunan, feedback).await;
    assert_eq!(f["units"], json!([]));
    let (status, _) =
        w.s.get_as(
            "/api/push/v1/metadata-optical?planYear=2024&unitCode=420000",
            &w.hunan,
        )
        .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_overall_plan_sums_plan_acquisitions_purchases_and_deliveries() {
    let w = world().await;
    let area = [114.0, 30.0, 114.4, 30.4];
    publish_hubei_2024(&w, area).await;
    let (whole, east) = (rect_km2(area), rect_km2([114.2, 30.0, 114.4, 30.4]));
    // By province: the catalogue's May scene covers the east half; the west half is to buy;
    // nothing was pushed.
    let o = data_of(
        &w.s,
        &w.admin,
        "/api/plan-collaborative/overall?planYear=2024",
    )
    .await;
    assert_eq!(o["analysisOption"], "province");
    let rows = o["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 1, "{o}");
    assert_eq!(
        (rows[0]["key"].clone(), rows[0]["label"].clone()),
        (json!("420000"), json!("湖北省"))
    );
    close(&rows[0]["planKm2"], whole);
    close(&rows[0]["acquiredKm2"], east);
    close(&rows[0]["purchaseKm2"], whole - east);
    assert_eq!(rows[0]["deliveredKm2"], 0.0);
    close(&o["total"]["planKm2"], whole);
    // By resolution: one class-1 row; another class has none.
    let o = data_of(
        &w.s,
        &w.admin,
        "/api/plan-collaborative/overall?planYear=2024&analysisOption=resolution",
    )
    .await;
    assert_eq!(o["rows"][0]["label"], "优于1米");
    let o = data_of(
        &w.s,
        &w.admin,
        "/api/plan-collaborative/overall?planYear=2024&analysisOption=resolution&resolutiontype=2",
    )
    .await;
    assert_eq!(o["rows"], json!([]));
    // By year: 2023 has no plan, 2024 the one above.
    let o = data_of(
        &w.s,
        &w.admin,
        "/api/plan-collaborative/overall?planYear=2024&analysisOption=year&yearOption=2023",
    )
    .await;
    let years: Vec<(Value, Value)> = o["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| (r["key"].clone(), r["areas"].clone()))
        .collect();
    assert_eq!(
        years,
        vec![(json!("2023"), json!(0)), (json!("2024"), json!(1))]
    );
    for bad in [
        "analysisOption=year&yearOption=2030",
        "analysisOption=year&yearOption=2000",
        "analysisOption=month",
        "resolutiontype=9",
    ] {
        let (status, _) =
            w.s.get_as(
                &format!("/api/plan-collaborative/overall?planYear=2024&{bad}"),
                &w.admin,
            )
            .await;
        assert_eq!(status, 400, "{bad}");
    }
    let (status, _) =
        w.s.get_as("/api/plan-collaborative/overall", &w.hubei)
            .await;
    assert_eq!(status, 403);
}
