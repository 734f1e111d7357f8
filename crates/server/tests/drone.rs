//! Drone tasks over HTTP, against a small drone service of the README's contract started here
//! on 127.0.0.1 (no other host is called): tasks added are listed back to the caller who added
//! them and to no one else; the key travels as a bearer token; an area outside the caller's
//! range is refused before the service is called; without a configured service every route
//! but `status` answers 503; a service that fails, is down, hangs or answers without end is a
//! 502 within the configured time.

mod common;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use common::reference::{cached, copy_of};
use common::{TestServer, assert_error, import};
use rscloud::usercenter::admin::{self, NewUser};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const KEY: &str = "drone-test-key-0123";
const HUBEI_BOX: [f64; 4] = [108.3, 29.0, 116.1, 33.3];
const WUHAN_BOX: [f64; 4] = [113.7, 29.9, 115.1, 31.4];
/// rscloud's time limit on a call to the service in these tests.
const TIMEOUT_MS: u64 = 300;

fn rect([x0, y0, x1, y1]: [f64; 4]) -> Value {
    json!({"type": "Polygon", "coordinates": [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]})
}

/// The data folder: the regions 湖北 and 武汉, and the account `wuhan` (range 420100).
fn fixture() -> PathBuf {
    cached("drone", |work| {
        let feature = |code: &str, name: &str, r: [f64; 4]| json!({"type": "Feature", "properties": {"adcode": code, "name": name}, "geometry": rect(r)});
        let regions = json!({"type": "FeatureCollection", "features": [
            feature("420000", "湖北省", HUBEI_BOX),
            feature("420100", "武汉市", WUHAN_BOX),
        ]});
        let file = work.join("regions.geojson");
        std::fs::write(&file, regions.to_string()).expect("write regions");
        import(work, &["regions"], &[file]);
        let conn = rscloud::db::open_connection(&work.join("rscloud.gpkg")).expect("database");
        let user = NewUser {
            username: "wuhan",
            password: "Wuhan12345",
            ..NewUser::default()
        };
        admin::add_user(&conn, &user).expect("user");
        admin::add_ranges(&conn, "wuhan", &["420100".to_owned()]).expect("range");
    })
}

/// What the fake service received: each added task's body, the requesters listed, and every
/// `Authorization` header.
#[derive(Default)]
struct Seen {
    tasks: Mutex<Vec<Value>>,
    listed: Mutex<Vec<String>>,
    keys: Mutex<Vec<String>>,
}

impl Seen {
    /// Notes the key sent; whether it is the right one.
    fn authorized(&self, headers: &HeaderMap) -> bool {
        let sent = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let right = sent == format!("Bearer {KEY}");
        self.keys.lock().expect("keys").push(sent);
        right
    }
}

async fn add(
    State(seen): State<Arc<Seen>>,
    headers: HeaderMap,
    Json(task): Json<Value>,
) -> Response {
    if !seen.authorized(&headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    let mut tasks = seen.tasks.lock().expect("tasks");
    tasks.push(task);
    Json(json!({"id": format!("t-{}", tasks.len()), "status": "queued"})).into_response()
}

async fn list(
    State(seen): State<Arc<Seen>>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if !seen.authorized(&headers) {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    let requester = q.get("requester").cloned().unwrap_or_default();
    seen.listed.lock().expect("listed").push(requester.clone());
    let tasks = seen.tasks.lock().expect("tasks");
    let theirs: Vec<Value> = tasks
        .iter()
        .enumerate()
        .filter(|(_, t)| t["requester"] == requester.as_str())
        .map(|(i, t)| {
            json!({"id": format!("t-{}", i + 1), "name": t["name"], "status": "flying",
                   "start": t["start"], "end": t["end"], "createdAt": "2026-11-27T08:00:00Z",
                   "resultUrl": "javascript:alert(1)"})
        })
        .collect();
    Json(theirs).into_response()
}

/// Starts the fake service: the contract under `/ok`, a 500 for everything under `/fail`.
async fn fake_service() -> (String, Arc<Seen>) {
    let seen = Arc::new(Seen::default());
    let app = Router::new()
        .route("/ok/tasks", get(list).post(add))
        .route(
            "/fail/tasks",
            axum::routing::any(|| async { StatusCode::INTERNAL_SERVER_ERROR }),
        )
        .with_state(Arc::clone(&seen));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    (base, seen)
}

/// A raw service that reads each request and then either never answers (`endless` false) or
/// answers 200 with a body that never ends, until the caller hangs up.
async fn raw_service(endless: bool) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            tokio::spawn(async move {
                let mut buf = [0u8; 4096];
                let _ = socket.read(&mut buf).await;
                if endless {
                    let head = "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n[";
                    if socket.write_all(head.as_bytes()).await.is_err() {
                        return;
                    }
                    let chunk = vec![b' '; 64 * 1024];
                    while socket.write_all(&chunk).await.is_ok() {}
                } else {
                    // Held open without an answer until the caller hangs up.
                    while matches!(socket.read(&mut buf).await, Ok(n) if n > 0) {}
                }
            });
        }
    });
    base
}

/// A server over the fixture whose drone service is `base` with `key`.
async fn server(base: &str, key: &str) -> TestServer {
    let (base, key) = (base.to_owned(), key.to_owned());
    TestServer::start_in(copy_of(&fixture()), move |c| {
        c.drone_base_url = Some(base);
        c.drone_key = Some(rscloud::config::Secret(key));
        c.drone_timeout_ms = TIMEOUT_MS;
    })
    .await
}

fn task(name: &str, area: [f64; 4]) -> Value {
    json!({"name": name, "geojson": rect(area), "start": "2026-06-01", "end": "2026-08-31"})
}

/// Adds a task as `token`; the status and body.
async fn add_task(s: &TestServer, token: &str, body: &Value) -> (u16, Value) {
    s.post_json("/api/uav/task", Some(token), body).await
}

async fn account_id(s: &TestServer, token: &str) -> String {
    let (status, me) = s.get_as("/api/usercenter/detail", token).await;
    assert_eq!(status, 200, "{me}");
    me["data"]["id"].as_i64().expect("id").to_string()
}

#[tokio::test]
async fn tasks_added_are_listed_to_their_requester_only_with_the_key_sent() {
    let (base, seen) = fake_service().await;
    let s = server(&format!("{base}/ok/"), KEY).await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let wuhan = s.token_of("wuhan", "Wuhan12345").await;
    let admin = s.token_of("admin", "Admin12345").await;

    let (status, status_body) = s.get_as("/api/uav/status", &hubei).await;
    assert_eq!(
        (status, &status_body["data"]),
        (200, &json!({"enabled": true}))
    );
    // A sliver over the boundary (108.295) is clipped off, as for a plan area.
    let (status, added) = add_task(
        &s,
        &hubei,
        &task(" 江汉平原巡查 ", [108.295, 30.0, 114.0, 31.0]),
    )
    .await;
    assert_eq!(status, 200, "{added}");
    assert_eq!(added["data"], json!({"id": "t-1", "status": "queued"}));
    let (status, added) = add_task(&s, &wuhan, &task("武汉城区", [114.0, 30.3, 114.5, 30.8])).await;
    assert_eq!(status, 200, "{added}");
    // An administrator sends an area anywhere (Beijing here).
    let (status, added) = add_task(&s, &admin, &task("北京", [116.0, 39.5, 117.0, 40.5])).await;
    assert_eq!(status, 200, "{added}");

    let sent = seen.tasks.lock().expect("tasks").clone();
    let hubei_id = account_id(&s, &hubei).await;
    assert_eq!(sent[0]["requester"], hubei_id.as_str());
    assert_eq!(sent[0]["name"], "江汉平原巡查");
    assert_eq!(
        (sent[0]["start"].as_str(), sent[0]["end"].as_str()),
        (Some("2026-06-01"), Some("2026-08-31"))
    );
    assert_eq!(sent[0]["area"]["type"], "MultiPolygon");
    let west = sent[0]["area"]["coordinates"][0][0]
        .as_array()
        .expect("ring")
        .iter()
        .map(|p| p[0].as_f64().expect("x"))
        .fold(f64::INFINITY, f64::min);
    assert!((west - 108.3).abs() < 1e-9, "clipped to 湖北: {west}");

    // Each caller lists their own tasks only, whatever the address asks for.
    let names = |body: &Value| -> Vec<String> {
        body["data"]
            .as_array()
            .expect("list")
            .iter()
            .map(|t| t["name"].as_str().expect("name").to_owned())
            .collect()
    };
    let wuhan_id = account_id(&s, &wuhan).await;
    let (status, listed) = s
        .get_as(&format!("/api/uav/task?requester={wuhan_id}"), &hubei)
        .await;
    assert_eq!(status, 200, "{listed}");
    assert_eq!(names(&listed), ["江汉平原巡查"]);
    assert_eq!(listed["data"][0]["status"], "flying");
    assert_eq!(listed["data"][0]["createdAt"], "2026-11-27T08:00:00Z");
    assert!(
        listed["data"][0].get("resultUrl").is_none(),
        "a script address is dropped"
    );
    let (_, listed) = s.get_as("/api/uav/task", &wuhan).await;
    assert_eq!(names(&listed), ["武汉城区"]);
    let (_, listed) = s.get_as("/api/uav/task", &admin).await;
    assert_eq!(names(&listed), ["北京"]);
    assert_eq!(seen.listed.lock().expect("listed")[0], hubei_id);
    assert!(
        seen.keys
            .lock()
            .expect("keys")
            .iter()
            .all(|k| k == &format!("Bearer {KEY}")),
        "every call carries the key"
    );
}

#[tokio::test]
async fn an_area_outside_the_range_or_a_bad_field_is_refused_before_the_service() {
    let (base, seen) = fake_service().await;
    let s = server(&format!("{base}/ok"), KEY).await;
    let wuhan = s.token_of("wuhan", "Wuhan12345").await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    // In 湖北 but west of 武汉.
    let (status, body) = add_task(&s, &wuhan, &task("宜昌", [111.0, 30.5, 111.5, 31.0])).await;
    assert_error(
        status,
        &body,
        400,
        "任务范围不在本单位权限范围（武汉市）内，请在权限范围内绘制或上传",
    );
    // Half in 湖北, half in 河南 to the north.
    let (status, body) = add_task(&s, &hubei, &task("跨省", [113.0, 32.8, 114.0, 33.8])).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .expect("message")
            .contains("超出本单位权限范围（湖北省）")
    );
    let mut line = task("线", [114.0, 30.3, 114.5, 30.8]);
    line["geojson"] = json!({"type": "LineString", "coordinates": [[114.0, 30.3], [114.5, 30.8]]});
    let (status, body) = add_task(&s, &hubei, &line).await;
    assert_error(
        status,
        &body,
        400,
        "绘制的范围应为多边形（GeoJSON Polygon 或 MultiPolygon）",
    );
    let mut long = task("长", [114.0, 30.3, 114.5, 30.8]);
    long["end"] = json!("2027-06-01");
    let (status, body) = add_task(&s, &hubei, &long).await;
    assert_error(status, &body, 400, "监测时段最长一年");
    let (status, body) = add_task(
        &s,
        &hubei,
        &task(&"名".repeat(51), [114.0, 30.3, 114.5, 30.8]),
    )
    .await;
    assert_error(status, &body, 400, "任务名称最多 50 个字符");
    let (status, body) = add_task(&s, &hubei, &task("", [114.0, 30.3, 114.5, 30.8])).await;
    assert_error(status, &body, 400, "请填写任务名称");
    assert!(
        seen.tasks.lock().expect("tasks").is_empty(),
        "nothing reached the service"
    );
    assert!(seen.keys.lock().expect("keys").is_empty());
}

#[tokio::test]
async fn without_a_service_drone_tasks_are_off() {
    let s = TestServer::start().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let (status, body) = s.get_as("/api/uav/status", &hubei).await;
    assert_eq!((status, &body["data"]), (200, &json!({"enabled": false})));
    let (status, body) = s.get_as("/api/uav/task", &hubei).await;
    assert_error(status, &body, 503, rscloud::drone::NOT_CONFIGURED);
    let (status, body) = add_task(&s, &hubei, &task("巡查", [114.0, 30.3, 114.5, 30.8])).await;
    assert_error(status, &body, 503, rscloud::drone::NOT_CONFIGURED);
}

#[tokio::test]
async fn a_failing_down_hanging_endless_or_wrongly_keyed_service_is_a_quick_502() {
    let (base, _) = fake_service().await;
    let closed = {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        format!("http://{}", listener.local_addr().expect("addr"))
    };
    let cases = [
        (
            format!("{base}/fail"),
            KEY,
            "无人机服务返回错误（500），请稍后重试",
        ),
        (
            format!("{base}/ok"),
            "a-wrong-key",
            "无人机服务返回错误（401），请稍后重试",
        ),
        (closed, KEY, "无法连接无人机服务，请稍后重试"),
        (
            raw_service(false).await,
            KEY,
            "无人机服务响应超时，请稍后重试",
        ),
        (raw_service(true).await, KEY, "无人机服务的答复过大，已拒绝"),
    ];
    for (base, key, message) in cases {
        let s = server(&base, key).await;
        let hubei = s.token_of("hubei", "Hubei12345").await;
        let started = Instant::now();
        let (status, body) = s.get_as("/api/uav/task", &hubei).await;
        assert_error(status, &body, 502, message);
        let (status, body) = add_task(&s, &hubei, &task("巡查", [114.0, 30.3, 114.5, 30.8])).await;
        assert_error(status, &body, 502, message);
        assert!(
            started.elapsed() < Duration::from_millis(10 * TIMEOUT_MS),
            "{base}: {:?}",
            started.elapsed()
        );
    }
}
