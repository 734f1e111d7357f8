//! The `/api` edge over real HTTP: envelope, visit counting and how
//! malformed input is answered.

mod common;

use common::{TestServer, assert_error};
use serde_json::json;

#[tokio::test]
async fn a_message_quoting_long_input_does_not_send_it_back_whole() {
    let s = TestServer::start().await;
    let (status, body) = s
        .get_json(&format!("/api/dict/{}", "X".repeat(7_000)))
        .await;
    assert_eq!(status, 404);
    let message = body["message"].as_str().expect("message");
    assert!(message.starts_with("字典不存在：XXX"), "{message}");
    assert!(message.ends_with('…'), "{message}");
    assert!(
        message.chars().count() <= 201,
        "{} characters",
        message.chars().count()
    );
}

#[tokio::test]
async fn visits_are_counted_per_day_name_and_label_in_the_database() {
    let s = TestServer::start().await;
    for _ in 0..3 {
        let (status, body) = s
            .post_raw(
                "/api/statistics-transaction/incr",
                "application/json",
                json!({"name": "ALL", "label": "全部"}).to_string(),
            )
            .await;
        assert_eq!((status, body["code"].as_i64()), (200, Some(0)), "{body}");
    }
    s.post_raw(
        "/api/statistics-transaction/incr",
        "application/json",
        json!({"name": "Login", "label": "登录"}).to_string(),
    )
    .await;
    let conn = rusqlite::Connection::open(s.database()).expect("open db file");
    let mut stmt = conn
        .prepare("SELECT name, label, count FROM visit_daily ORDER BY name")
        .expect("prepare");
    let rows: Vec<(String, String, i64)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(
        rows,
        [
            ("ALL".into(), "全部".into(), 3),
            ("Login".into(), "登录".into(), 1)
        ]
    );
}

#[tokio::test]
async fn bad_visit_input_gets_a_chinese_400_and_writes_nothing() {
    let s = TestServer::start().await;
    let path = "/api/statistics-transaction/incr";
    let (status, body) = s.post_raw(path, "application/json", "{not json").await;
    assert_error(status, &body, 400, "请求参数格式错误");
    assert!(
        body["data"]["detail"].is_string(),
        "developer detail in {body}"
    );
    let (status, body) = s
        .post_raw(path, "application/json", r#"{"label": "x"}"#)
        .await;
    assert_error(status, &body, 400, "请求参数格式错误");
    let (status, body) = s
        .post_raw(path, "application/json", r#"{"name": 5, "label": "x"}"#)
        .await;
    assert_error(status, &body, 400, "请求参数格式错误");
    let (status, body) = s
        .post_raw(path, "text/plain", r#"{"name": "ALL", "label": ""}"#)
        .await;
    assert_error(
        status,
        &body,
        400,
        "请求格式错误：需要 JSON 请求体（Content-Type: application/json）",
    );
    let (status, body) = s
        .post_raw(path, "application/json", r#"{"name": "", "label": ""}"#)
        .await;
    assert_error(status, &body, 400, "访问统计名称(name)不能为空");
    let (status, body) = s
        .post_raw(path, "application/json", r#"{"name": "a b", "label": ""}"#)
        .await;
    assert_error(
        status,
        &body,
        400,
        "访问统计名称只能包含字母、数字、下划线、连字符和点",
    );
    let conn = rusqlite::Connection::open(s.database()).expect("open db file");
    let n: i64 = conn
        .query_row("SELECT count(*) FROM visit_daily", [], |r| r.get(0))
        .expect("count");
    assert_eq!(n, 0);
}

#[tokio::test]
async fn oversize_body_is_a_413_envelope() {
    let s = TestServer::start_with(|c| c.max_body_bytes = 4096).await;
    let big = json!({"name": "ALL", "label": "x".repeat(10_000)}).to_string();
    let (status, body) = s
        .post_raw("/api/statistics-transaction/incr", "application/json", big)
        .await;
    assert_error(status, &body, 413, "上传内容超过大小限制");
}

#[tokio::test]
async fn unknown_api_path_and_wrong_method_get_envelopes() {
    let s = TestServer::start().await;
    let (status, body) = s.get_json("/api/no/such/route").await;
    assert_error(status, &body, 404, "接口不存在");
    let (status, body) = s
        .post_raw("/api/dict/ORDER_STATUS", "application/json", "{}")
        .await;
    assert_error(status, &body, 405, "不支持的请求方法");
}

#[tokio::test]
async fn openapi_document_lists_every_api_route() {
    let s = TestServer::start().await;
    let (status, doc) = s.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(doc["openapi"].as_str().expect("version").starts_with("3.1"));
    let paths = doc["paths"].as_object().expect("paths");
    for p in [
        "/api/dict/{code}",
        "/api/statistics-transaction/incr",
        "/api/openapi.json",
    ] {
        assert!(paths.contains_key(p), "{p} missing from {:?}", paths.keys());
    }
    assert!(paths["/api/statistics-transaction/incr"]["post"].is_object());
}

#[test]
fn checked_in_openapi_json_matches_the_code() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.json");
    let checked_in = std::fs::read_to_string(path).unwrap_or_default();
    let generated = rscloud::openapi().to_pretty_json().expect("json") + "\n";
    assert!(
        checked_in == generated,
        "openapi.json is stale: run `make openapi` and commit it (and web/src/api/schema.d.ts)"
    );
}

#[tokio::test]
async fn metrics_count_requests_by_route_template() {
    let s = TestServer::start().await;
    s.get_json("/api/dict/ORDER_STATUS").await;
    s.get_json("/api/dict/REQUEST_STATUS").await;
    let text = s
        .client
        .get(s.url("/metrics"))
        .send()
        .await
        .expect("metrics")
        .text()
        .await
        .expect("text");
    let line = text
        .lines()
        .find(|l| {
            l.starts_with("rscloud_http_requests_total")
                && l.contains(r#"route="/api/dict/{code}""#)
                && l.contains(r#"status="200""#)
        })
        .unwrap_or_else(|| panic!("no dict counter in\n{text}"));
    assert!(line.ends_with(" 2"), "{line}");
}

#[tokio::test]
async fn operations_with_number_parameters_document_their_400() {
    // schemathesis found DELETE arearange/id/{id} answering 400 to an id past
    // i64 without saying so; any operation taking a number can.
    let s = TestServer::start().await;
    let (_, doc) = s.get_json("/api/openapi.json").await;
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        for (method, op) in operations.as_object().expect("operations") {
            let numbers = op["parameters"].as_array().is_some_and(|params| {
                params.iter().any(|p| {
                    p["schema"]["type"] == "integer" || p["schema"]["type"][0] == "integer"
                })
            });
            if numbers {
                assert!(
                    op["responses"].get("400").is_some(),
                    "{method} {path} takes a number but documents no 400"
                );
            }
        }
    }
}

#[tokio::test]
async fn every_operation_has_its_own_id() {
    // The web app's generated client keys operations by id: two handlers of
    // one name in two modules (`all_ids`) made one of them vanish from the types.
    let s = TestServer::start().await;
    let (_, doc) = s.get_json("/api/openapi.json").await;
    let mut seen = std::collections::BTreeMap::new();
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        for (method, op) in operations.as_object().expect("operations") {
            let id = op["operationId"].as_str().expect("operationId").to_owned();
            if let Some(first) = seen.insert(id.clone(), format!("{method} {path}")) {
                panic!("operationId {id} of {method} {path} is also {first}'s");
            }
        }
    }
}

/// The statuses the document lists for one operation.
fn documented(doc: &serde_json::Value, method: &str, path: &str) -> Vec<String> {
    doc["paths"][path][method]["responses"]
        .as_object()
        .unwrap_or_else(|| panic!("{method} {path} is not in the document"))
        .keys()
        .cloned()
        .collect()
}

#[tokio::test]
async fn every_error_answer_is_documented_with_the_body_it_carries() {
    // schemathesis found 400 answers whose `data: {detail}` broke the
    // documented `data: null | string`; now every error has one schema.
    let s = TestServer::start().await;
    let (_, doc) = s.get_json("/api/openapi.json").await;
    let error = json!({ "$ref": "#/components/schemas/ErrorEnvelope" });
    for (path, operations) in doc["paths"].as_object().expect("paths") {
        for (method, op) in operations.as_object().expect("operations") {
            for (status, response) in op["responses"].as_object().expect("responses") {
                if status.as_str() >= "400" {
                    assert_eq!(
                        response["content"]["application/json"]["schema"], error,
                        "{method} {path} {status}"
                    );
                }
            }
        }
    }
    let schemas = &doc["components"]["schemas"];
    assert_eq!(
        schemas["ErrorEnvelope"]["properties"]["data"]["oneOf"][1]["$ref"],
        "#/components/schemas/ErrorDetail"
    );
    assert_eq!(
        schemas["ErrorDetail"]["properties"]["detail"]["type"],
        "string"
    );
    // And the answer carries that shape.
    let (status, body) = s.get_json("/api/normal/v5/filename").await;
    assert_eq!(status, 400);
    assert!(body["data"]["detail"].is_string(), "{body}");
}

#[tokio::test]
async fn refusals_of_malformed_input_are_documented() {
    // schemathesis found these 400s missing from their routes' documented responses.
    let s = TestServer::start().await;
    let (_, doc) = s.get_json("/api/openapi.json").await;
    for v in ["v1", "v2"] {
        for route in [
            "extent/{id}",
            "id/{id}/l",
            "pid/{id}",
            "pid/{id}/l",
            "pid/{id}/s",
        ] {
            let template = format!("/api/region/{v}/{route}");
            let (status, body) = s.get_json(&template.replace("{id}", "0")).await;
            assert_eq!(status, 400, "{template}: {body}");
            assert!(
                documented(&doc, "get", &template).contains(&"400".to_owned()),
                "{template}"
            );
        }
    }
    let (status, _) = s
        .post_json("/api/usercenter/screen/login", None, &json!({}))
        .await;
    assert_eq!(status, 400);
    assert!(documented(&doc, "post", "/api/usercenter/screen/login").contains(&"400".to_owned()));
    let token = s.token_of("hubei", "Hubei12345").await;
    let (_, me) = s.get_as("/api/usercenter/detail", &token).await;
    let id = me["data"]["id"].as_i64().expect("id");
    let (status, _) = s
        .get_as(&format!("/api/usercenter/arearange/userid/{id}/1"), &token)
        .await;
    assert_eq!(status, 400);
    let template = "/api/usercenter/arearange/userid/{userId}/{deleted}";
    assert!(documented(&doc, "get", template).contains(&"400".to_owned()));
}
