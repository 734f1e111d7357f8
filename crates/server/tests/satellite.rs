//! The satellite pages' data over HTTP on the small real image catalogue of
//! the image-query tests (one scene per Sentinel-2 tile over China, GF1 and
//! GF2 in turn, a day apart through 2025): the latest scenes of a satellite,
//! and scene counts that equal what the image query itself finds.

mod common;

use common::catalogue::server;
use common::{TestServer, assert_error};
use serde_json::json;

/// The whole fixture lies within this box.
const CHINA: [f64; 4] = [70.0, 0.0, 140.0, 60.0];

/// How many scenes the image query finds of `satellite` over China, optionally within a month.
async fn listed(s: &TestServer, satellite: &str, month: Option<(u32, u32)>) -> u64 {
    let mut query = json!({"selectMode": 2, "extent": CHINA, "satellites": [{"satellite": satellite}], "pageSize": 1});
    if let Some((year, m)) = month {
        let last = time::Month::try_from(m as u8)
            .expect("month")
            .length(year as i32);
        query["startTime"] = json!(format!("{year:04}-{m:02}-01"));
        query["endTime"] = json!(format!("{year:04}-{m:02}-{last:02}"));
    }
    let (status, body) = s.post_json("/api/normal/v5/normalmeta", None, &query).await;
    assert_eq!(status, 200, "{body}");
    body["data"]["total"].as_u64().expect("total")
}

#[tokio::test]
async fn image_now_answers_a_satellites_newest_scenes_first_within_the_bound() {
    let (s, scenes) = server().await;
    let (status, body) = s.get_json("/api/satellite/image/now/GF1?size=5").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["satellite"], "GF1");
    let list = body["data"]["list"].as_array().expect("list");
    assert_eq!(list.len(), 5);
    let times: Vec<&str> = list
        .iter()
        .filter_map(|r| r["acquiredAt"].as_str())
        .collect();
    assert!(
        times.windows(2).all(|w| w[0] >= w[1]),
        "newest first: {times:?}"
    );
    assert!(
        list.iter()
            .all(|r| r["id"].as_str().is_some_and(|id| id.starts_with("GF1_")))
    );
    // The first is the newest GF1 scene the image query knows.
    let (_, newest) = s
        .post_json(
            "/api/normal/v5/normalmeta",
            None,
            &json!({"selectMode": 2, "extent": CHINA, "satellites": [{"satellite": "GF1"}], "pageSize": 1}),
        )
        .await;
    assert_eq!(
        newest["data"]["list"][0]["acquiredAt"],
        list[0]["acquiredAt"]
    );

    // Without size: 12; the most is 50, however many there are.
    let gf1 = scenes.iter().filter(|f| f.satellite == "GF1").count();
    assert!(gf1 > 50, "the fixture holds {gf1} GF1 scenes");
    let (_, default) = s.get_json("/api/satellite/image/now/GF1").await;
    assert_eq!(default["data"]["list"].as_array().map(Vec::len), Some(12));
    let (_, most) = s.get_json("/api/satellite/image/now/GF1?size=50").await;
    assert_eq!(most["data"]["list"].as_array().map(Vec::len), Some(50));
    for size in ["51", "0", "1000000"] {
        let (status, body) = s
            .get_json(&format!("/api/satellite/image/now/GF1?size={size}"))
            .await;
        assert_error(status, &body, 400, "数量（size）应为 1 到 50");
    }

    // A catalogue satellite without scenes has an empty list; an unknown one is a 404.
    let (status, body) = s.get_json("/api/satellite/image/now/L9").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["list"], json!([]));
    let (status, body) = s.get_json("/api/satellite/image/now/NOSUCH").await;
    assert_error(status, &body, 404, "卫星不存在：NOSUCH");
}

#[tokio::test]
async fn statistics_equal_what_the_image_query_lists() {
    let (s, scenes) = server().await;
    let (status, body) = s.get_json("/api/satellite/statistics?months=120").await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    let satellites = data["satellites"].as_array().expect("satellites");
    let named: Vec<&str> = satellites
        .iter()
        .filter_map(|r| r["satellite"].as_str())
        .collect();
    assert_eq!(
        named,
        ["GF1", "GF2"],
        "catalogue order, only those with scenes"
    );
    for row in satellites {
        let satellite = row["satellite"].as_str().expect("satellite");
        let held = scenes.iter().filter(|f| f.satellite == satellite).count() as u64;
        assert_eq!(row["scenes"].as_u64(), Some(held));
        assert_eq!(listed(&s, satellite, None).await, held);
    }
    let months = data["months"].as_array().expect("months");
    assert!(
        months.len() >= 20,
        "ten months of 2025 for two satellites: {months:?}"
    );
    let mut per_satellite = std::collections::HashMap::<&str, u64>::new();
    for row in months {
        let satellite = row["satellite"].as_str().expect("satellite");
        let month = row["month"].as_str().expect("month");
        let (year, m) = month.split_once('-').expect("YYYY-MM");
        let counted = row["scenes"].as_u64().expect("scenes");
        let key = (year.parse().expect("year"), m.parse().expect("month"));
        assert_eq!(
            listed(&s, satellite, Some(key)).await,
            counted,
            "{satellite} {month}"
        );
        *per_satellite.entry(satellite).or_default() += counted;
    }
    // Every scene falls in one month of the window.
    for row in satellites {
        let satellite = row["satellite"].as_str().expect("satellite");
        assert_eq!(
            per_satellite.get(satellite).copied(),
            row["scenes"].as_u64()
        );
    }
}

#[tokio::test]
async fn statistics_count_a_bounded_window_ending_this_month() {
    let s = TestServer::start().await;
    let (status, body) = s.get_json("/api/satellite/statistics?months=3").await;
    assert_eq!(status, 200, "{body}");
    let today = time::OffsetDateTime::now_utc()
        .to_offset(time::UtcOffset::from_hms(8, 0, 0).expect("offset"))
        .date();
    assert_eq!(
        body["data"]["to"],
        format!("{:04}-{:02}", today.year(), u8::from(today.month()))
    );
    for months in ["0", "121"] {
        let (status, body) = s
            .get_json(&format!("/api/satellite/statistics?months={months}"))
            .await;
        assert_error(status, &body, 400, "月数（months）应为 1 到 120");
    }
}

#[tokio::test]
async fn the_demo_stores_one_typical_image_per_page_served_as_a_picture() {
    let s = TestServer::start().await;
    for owner in ["zy3/multispectral", "gf1", "lsar/strip2"] {
        let (status, page) = s
            .get_json(&format!("/api/share/v2?category=typical&owner={owner}"))
            .await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["data"]["total"], 1, "{owner}");
        let file = &page["data"]["list"][0];
        assert_eq!(file["mime"], "image/png");
        let picture = s
            .client
            .get(s.url(file["url"].as_str().expect("url")))
            .send()
            .await
            .expect("picture");
        assert_eq!(picture.headers()["content-type"], "image/png");
        assert!(
            picture
                .bytes()
                .await
                .expect("bytes")
                .starts_with(b"\x89PNG")
        );
    }
}
