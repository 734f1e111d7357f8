//! Every incoming area takes one path (checked, repaired, or refused with a
//! Chinese message; nothing reaches the geometry code that makes it panic),
//! and CPU-heavy work runs within its budget: a share per client address, a
//! total, and a time limit after which the work stops and the request answers 503.

mod common;

use std::net::IpAddr;

use common::catalogue::server_with;
use common::{TestServer, assert_error};
use serde_json::{Value, json};

fn drawn(coordinates: Value) -> Value {
    json!({"selectMode": 4, "geojson": {"type": "Polygon", "coordinates": coordinates}})
}

async fn post_from(s: &TestServer, path: &str, client: &str, body: &Value) -> (u16, Value) {
    let req = s.client.post(s.url(path)).header("x-forwarded-for", client);
    common::answer(req.json(body)).await
}

#[tokio::test]
async fn drawn_and_stac_areas_out_of_range_or_across_the_antimeridian_are_refused() {
    let s = TestServer::start().await;
    // Coordinates of 1e308 panicked in the area grid: the connection closed unanswered.
    let huge = drawn(json!([[[0, 0], [1e308, 0], [1e308, 1e308], [0, 0]]]));
    let (status, body) = s.post_json("/api/normal/v5/normalmeta", None, &huge).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.contains("不是经纬度")),
        "{body}"
    );
    let r = s
        .client
        .post(s.url("/stac/search"))
        .json(&json!({"intersects": {"type": "Polygon", "coordinates": [[[0, 0], [1e308, 0], [1e308, 1e308], [0, 0]]]}}))
        .send()
        .await
        .expect("request");
    assert_eq!(r.status().as_u16(), 400);
    assert!(r.text().await.expect("body").contains("不是经纬度"));
    // A ring from 170° to -170° is 20° across the antimeridian, not 340° the other way round.
    let across = drawn(json!([[
        [170, -10],
        [-170, -10],
        [-170, 10],
        [170, 10],
        [170, -10]
    ]]));
    let (status, body) = s
        .post_json("/api/normal/v5/normalmeta", None, &across)
        .await;
    assert_error(
        status,
        &body,
        400,
        "范围跨越了 180° 经线，请以 180° 经线为界分成两个范围分别查询",
    );
}

#[tokio::test]
async fn a_drawn_bow_tie_is_repaired_and_a_30000_vertex_zigzag_is_refused() {
    let (s, _) = server_with(|_| {}).await;
    // Two triangles meeting at (113, 30.5), half of their 2° × 1° box: 0 km² before the repair.
    let bow_tie = drawn(json!([[
        [112, 30],
        [114, 31],
        [114, 30],
        [112, 31],
        [112, 30]
    ]]));
    let (status, body) = s.post_json("/api/normal/v5/coverage", None, &bow_tie).await;
    assert_eq!(status, 200, "{body}");
    let km2 = body["data"]["aoiAreaKm2"].as_f64().expect("area");
    assert!((km2 - 10_700.0).abs() < 300.0, "{km2}");
    // 30,000 vertices took 11 s of a core in coverage; drawn areas stop at 10,000.
    let zigzag: Vec<[f64; 2]> = (0..30_000)
        .map(|i| {
            [
                112.0 + i as f64 * 1e-4,
                if i % 2 == 0 { 30.0 } else { 31.0 },
            ]
        })
        .chain([[112.0, 29.0], [112.0, 30.0]])
        .collect();
    let (status, body) = s
        .post_json("/api/normal/v5/coverage", None, &drawn(json!([zigzag])))
        .await;
    assert_error(
        status,
        &body,
        400,
        "范围的顶点过多：30002 个，上限 10000 个。请简化范围后再试",
    );
}

#[tokio::test]
async fn a_second_heavy_request_from_one_address_waits_and_another_address_gets_through() {
    let (s, _) = server_with(|c| {
        c.trusted_proxies = vec!["127.0.0.1/32".parse().expect("net")];
        c.heavy_per_client = 1;
    })
    .await;
    let body = json!({"selectMode": 2, "extent": [111.5, 29.5, 113.5, 31.5]});
    // The first request of the address, still running.
    let busy: IpAddr = "203.0.113.7".parse().expect("address");
    let running = s.state.heavy.admit(Some(busy)).expect("first");
    let (status, answer) = post_from(&s, "/api/normal/v5/coverage", "203.0.113.7", &body).await;
    assert_error(
        status,
        &answer,
        429,
        "您有统计或导出任务正在进行，请等待其完成后再试",
    );
    let (status, answer) = post_from(&s, "/api/normal/v5/coverage", "198.51.100.2", &body).await;
    assert_eq!(status, 200, "{answer}");
    assert!(answer["data"]["sceneCount"].as_u64() > Some(0), "{answer}");
    drop(running);
    let (status, answer) = post_from(&s, "/api/normal/v5/coverage", "203.0.113.7", &body).await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn coverage_past_its_time_limit_answers_503_and_frees_the_worker() {
    let (s, _) = server_with(|c| c.heavy_time_limit_ms = 0).await;
    let body = json!({"selectMode": 2, "extent": [111.5, 29.5, 113.5, 31.5]});
    let (status, answer) = s.post_json("/api/normal/v5/coverage", None, &body).await;
    assert_error(
        status,
        &answer,
        503,
        "计算超时：范围过于复杂或影像过多，请缩小范围或减少影像后重试",
    );
    // The answer is sent once the work has stopped: its slot is back already.
    assert_eq!(s.state.heavy.in_use(), 0);
}
