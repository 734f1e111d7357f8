//! Dictionaries (`GET /api/dict/{code}`) over real HTTP.

mod common;

use common::{TestServer, assert_error};

#[tokio::test]
async fn dictionary_answers_its_items_in_order() {
    let s = TestServer::start().await;
    let (status, body) = s.get_json("/api/dict/STEELPLANT_META_STAGE").await;
    assert_eq!(status, 200);
    assert_eq!(body["code"], 0);
    assert_eq!(body["message"], "");
    let labels: Vec<&str> = body["data"]
        .as_array()
        .expect("list")
        .iter()
        .map(|i| i["label"].as_str().expect("label"))
        .collect();
    assert_eq!(labels, ["不变", "扩张", "拆除", "部分拆除"]);
    assert_eq!(body["data"][1]["value"], "1");
}

#[tokio::test]
async fn every_dictionary_of_the_spec_exists() {
    let s = TestServer::start().await;
    for code in [
        "SPOT_META_STAGE_V2",
        "STEELPLANT_META_STAGE",
        "NON_AGRICULTURAL_META_STAGE",
        "COVERAGE_YEAR",
        "SPOT_META_TYPE",
        "ORDER_STATUS",
        "SPOT_BJHS_BATCH_STATUS",
        "REQUEST_STATUS",
        "MONITOR_SPOT_META_TYPE",
    ] {
        let (status, body) = s.get_json(&format!("/api/dict/{code}")).await;
        assert_eq!(status, 200, "{code}");
        assert!(
            !body["data"].as_array().expect("list").is_empty(),
            "{code} is empty"
        );
    }
}

#[tokio::test]
async fn unknown_dictionary_is_a_404_envelope() {
    let s = TestServer::start().await;
    let (status, body) = s.get_json("/api/dict/NO_SUCH_DICT").await;
    assert_error(status, &body, 404, "字典不存在：NO_SUCH_DICT");
    assert_eq!(body["data"], serde_json::Value::Null);
}
