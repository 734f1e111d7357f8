//! The STAC API over HTTP on the fixture catalogue (tests/stac/scenes.geojson:
//! 48 scenes of GF1, GF2 and GF6 over China through 2025, imported by the
//! CLI): links, paging, every filter checked against the fixture itself, and
//! the STAC error bodies.

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use common::TestServer;
use geo::Intersects;
use serde_json::{Value, json};

/// One fixture scene as the tests need it.
struct Scene {
    id: String,
    satellite: String,
    sensor: String,
    acquired: String,
    cloud: f64,
    online: bool,
    footprint: geo_types::Geometry<f64>,
}

fn fixture_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/stac/scenes.geojson")
}

fn fixture() -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture_path()).expect("fixture")).expect("json")
}

fn scenes() -> Vec<Scene> {
    fixture()["features"]
        .as_array()
        .expect("features")
        .iter()
        .map(|f| {
            let p = &f["properties"];
            let g: geojson::Geometry =
                serde_json::from_value(f["geometry"].clone()).expect("geometry");
            Scene {
                id: p["sceneId"].as_str().expect("id").to_owned(),
                satellite: p["satellite"].as_str().expect("satellite").to_owned(),
                sensor: p["sensor"].as_str().expect("sensor").to_owned(),
                acquired: p["acquiredAt"].as_str().expect("time").to_owned(),
                cloud: p["cloud"].as_f64().expect("cloud"),
                online: p["online"].as_bool().expect("online"),
                footprint: geo_types::Geometry::try_from(g).expect("polygon"),
            }
        })
        .collect()
}

/// The id of the scene that gets a quick-look (the fixture itself has none,
/// since the validator opens every asset URL).
const WITH_QUICKLOOK: &str = "GF1_PMS1_202501030230_000";

fn import_fixture(dir: &Path) {
    let mut fc = fixture();
    fc["features"][0]["properties"]["quicklook"] =
        json!(rscloud::normal::quicklook::url(WITH_QUICKLOOK));
    let file = dir.join("scenes.geojson");
    std::fs::write(&file, fc.to_string()).expect("write");
    common::import(dir, &["scenes"], &[file]);
}

async fn server_with(
    tune: impl FnOnce(&mut rscloud::config::Config) + Send + 'static,
) -> TestServer {
    let dir = tempfile::tempdir().expect("tempdir");
    import_fixture(dir.path());
    TestServer::start_in(dir, tune).await
}

async fn server() -> TestServer {
    server_with(|_| {}).await
}

/// GET an absolute URL or a path: status, media type, JSON body.
async fn get(s: &TestServer, url: &str) -> (u16, String, Value) {
    let url = if url.starts_with("http") {
        url.to_owned()
    } else {
        s.url(url)
    };
    let r = s.client.get(url).send().await.expect("request");
    answer(r).await
}

async fn post(s: &TestServer, body: &Value) -> (u16, String, Value) {
    let r = s
        .client
        .post(s.url("/stac/search"))
        .json(body)
        .send()
        .await
        .expect("request");
    answer(r).await
}

async fn answer(r: reqwest::Response) -> (u16, String, Value) {
    let status = r.status().as_u16();
    let media = r
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (status, media, r.json().await.expect("json body"))
}

fn link<'a>(doc: &'a Value, rel: &str) -> Option<&'a Value> {
    doc["links"].as_array()?.iter().find(|l| l["rel"] == rel)
}

fn ids(page: &Value) -> Vec<String> {
    page["features"]
        .as_array()
        .expect("features")
        .iter()
        .map(|f| f["id"].as_str().expect("id").to_owned())
        .collect()
}

/// Follows `next` links (GET or POST) from a first page; every id, in order.
async fn all_pages(s: &TestServer, first: Value) -> Vec<String> {
    let mut out = Vec::new();
    let mut page = first;
    loop {
        out.extend(ids(&page));
        let Some(next) = link(&page, "next").cloned() else {
            return out;
        };
        let (status, media, body) = if next["method"] == "POST" {
            assert_eq!(next["merge"], false);
            post(s, &next["body"]).await
        } else {
            get(s, next["href"].as_str().expect("href")).await
        };
        assert_eq!(
            (status, media.as_str()),
            (200, "application/geo+json"),
            "{body}"
        );
        page = body;
    }
}

/// The fixture ids a predicate keeps, newest first (ties: later in the file first).
fn expect(keep: impl Fn(&Scene) -> bool) -> Vec<String> {
    let mut kept: Vec<(String, usize, String)> = scenes()
        .into_iter()
        .enumerate()
        .filter(|(_, s)| keep(s))
        .map(|(i, s)| (s.acquired, i, s.id))
        .collect();
    kept.sort();
    kept.into_iter().rev().map(|(_, _, id)| id).collect()
}

fn assert_once(got: &[String], want: &[String]) {
    let unique: HashSet<&String> = got.iter().collect();
    assert_eq!(unique.len(), got.len(), "an item came twice: {got:?}");
    assert_eq!(got, want);
}

fn assert_stac_error(status: u16, body: &Value, expected: u16, code: &str) {
    assert_eq!(status, expected, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert!(
        body["description"].as_str().is_some_and(|d| !d.is_empty()),
        "{body}"
    );
}

#[tokio::test]
async fn the_landing_page_links_every_part_with_absolute_urls() {
    let s = server().await;
    let (status, media, landing) = get(&s, "/stac").await;
    assert_eq!((status, media.as_str()), (200, "application/json"));
    assert_eq!(landing["type"], "Catalog");
    assert_eq!(landing["stac_version"], "1.0.0");
    let root = s.url("/stac");
    for (rel, href) in [
        ("self", root.clone()),
        ("root", root.clone()),
        ("conformance", format!("{root}/conformance")),
        ("data", format!("{root}/collections")),
        ("service-desc", format!("{root}/api")),
    ] {
        assert_eq!(
            link(&landing, rel).map(|l| &l["href"]),
            Some(&json!(href)),
            "{rel}"
        );
    }
    let searches: Vec<&Value> = landing["links"]
        .as_array()
        .expect("links")
        .iter()
        .filter(|l| l["rel"] == "search")
        .collect();
    let methods: HashSet<&str> = searches
        .iter()
        .filter_map(|l| l["method"].as_str())
        .collect();
    assert_eq!(methods, HashSet::from(["GET", "POST"]));
    assert!(
        searches
            .iter()
            .all(|l| l["href"] == format!("{root}/search"))
    );

    let (_, _, conformance) = get(&s, "/stac/conformance").await;
    assert_eq!(conformance["conformsTo"], landing["conformsTo"]);
    let classes = conformance["conformsTo"].as_array().expect("classes");
    for class in [
        "https://api.stacspec.org/v1.0.0/core",
        "https://api.stacspec.org/v1.0.0/item-search",
        "https://api.stacspec.org/v1.0.0/ogcapi-features",
        "https://api.stacspec.org/v1.0.0-rc.1/item-search#query",
    ] {
        assert!(classes.contains(&json!(class)), "{class}");
    }

    let r = s
        .client
        .get(format!("{root}/api"))
        .send()
        .await
        .expect("service-desc");
    assert_eq!(
        r.headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("application/vnd.oai.openapi+json;version=3.0")
    );
    let doc: Value = r.json().await.expect("openapi");
    assert!(doc["paths"]["/stac/search"]["post"].is_object());
}

#[tokio::test]
async fn a_configured_public_address_starts_every_link() {
    let s = server_with(|c| c.public_url = Some("https://rs.example.cn/".into())).await;
    let (_, _, landing) = get(&s, "/stac").await;
    assert_eq!(
        link(&landing, "self").map(|l| &l["href"]),
        Some(&json!("https://rs.example.cn/stac"))
    );
    let (_, _, page) = get(&s, "/stac/search?limit=1").await;
    let next = link(&page, "next")
        .and_then(|l| l["href"].as_str())
        .expect("next");
    assert!(
        next.starts_with("https://rs.example.cn/stac/search?"),
        "{next}"
    );
}

#[tokio::test]
async fn each_satellite_with_scenes_is_a_collection_with_its_extent() {
    let s = server().await;
    let (status, media, body) = get(&s, "/stac/collections").await;
    assert_eq!((status, media.as_str()), (200, "application/json"));
    let list = body["collections"].as_array().expect("collections");
    let names: Vec<&str> = list.iter().filter_map(|c| c["id"].as_str()).collect();
    assert_eq!(
        names,
        ["GF1", "GF2", "GF6"],
        "catalogue order, only satellites with scenes"
    );
    assert_eq!(
        link(&body, "self").map(|l| &l["href"]),
        Some(&json!(s.url("/stac/collections")))
    );

    let (status, _, gf1) = get(&s, "/stac/collections/GF1").await;
    assert_eq!(status, 200);
    assert_eq!(
        &gf1, &list[0],
        "the collection alone is the one in the list"
    );
    assert_eq!(gf1["type"], "Collection");
    let gf1_scenes: Vec<Scene> = scenes()
        .into_iter()
        .filter(|s| s.satellite == "GF1")
        .collect();
    let first = gf1_scenes
        .iter()
        .map(|s| s.acquired.as_str())
        .min()
        .expect("first");
    let last = gf1_scenes
        .iter()
        .map(|s| s.acquired.as_str())
        .max()
        .expect("last");
    assert_eq!(
        gf1["extent"]["temporal"]["interval"],
        json!([[first, last]])
    );
    let mut west = f64::MAX;
    let mut north = f64::MIN;
    for sc in &gf1_scenes {
        let r = geo::BoundingRect::bounding_rect(&sc.footprint).expect("rect");
        west = west.min(r.min().x);
        north = north.max(r.max().y);
    }
    let bbox = &gf1["extent"]["spatial"]["bbox"][0];
    assert_eq!(
        (bbox[0].as_f64(), bbox[3].as_f64()),
        (Some(west), Some(north))
    );
    assert_eq!(
        gf1["summaries"]["instruments"],
        json!(["PMS1", "PMS2", "WFV1"])
    );
    assert_eq!(gf1["summaries"]["gsd"], json!([2.0, 16.0]));
    assert_eq!(gf1["summaries"]["platform"], json!(["GF1"]));
    assert_eq!(
        link(&gf1, "items").map(|l| &l["href"]),
        Some(&json!(s.url("/stac/collections/GF1/items")))
    );

    // GF3 is in the catalogue but has no scenes; NOPE is not a satellite.
    for missing in [
        "/stac/collections/GF3",
        "/stac/collections/NOPE",
        "/stac/collections/NOPE/items",
    ] {
        let (status, media, body) = get(&s, missing).await;
        assert_eq!(media, "application/json");
        assert_stac_error(status, &body, 404, "NotFound");
    }
}

#[tokio::test]
async fn a_collections_items_page_through_next_links_each_once_newest_first() {
    let s = server().await;
    let (status, media, first) = get(&s, "/stac/collections/GF2/items?limit=5").await;
    assert_eq!((status, media.as_str()), (200, "application/geo+json"));
    assert_eq!(first["numberMatched"], 16);
    assert_eq!(first["numberReturned"], 5);
    assert_eq!(
        link(&first, "self").map(|l| &l["href"]),
        Some(&json!(s.url("/stac/collections/GF2/items?limit=5")))
    );
    let got = all_pages(&s, first.clone()).await;
    assert_once(&got, &expect(|sc| sc.satellite == "GF2"));

    // Datetime and bbox narrow a collection's items too.
    let (_, _, spring) = get(
        &s,
        "/stac/collections/GF2/items?datetime=2025-03-01T00:00:00Z/2025-05-31T23:59:59Z&bbox=100,20,125,45",
    )
    .await;
    assert_eq!(
        ids(&spring),
        expect(|sc| sc.satellite == "GF2"
            && sc.acquired.as_str() >= "2025-03"
            && sc.acquired.as_str() < "2025-06")
    );

    let item = &first["features"][0];
    let href = link(item, "self")
        .and_then(|l| l["href"].as_str())
        .expect("self");
    let (status, media, alone) = get(&s, href).await;
    assert_eq!((status, media.as_str()), (200, "application/geo+json"));
    assert_eq!(&alone, item);
    assert_eq!(alone["collection"], "GF2");
    assert_eq!(
        link(&alone, "parent").map(|l| &l["href"]),
        Some(&json!(s.url("/stac/collections/GF2")))
    );
    assert_eq!(
        link(&alone, "root").map(|l| &l["href"]),
        Some(&json!(s.url("/stac")))
    );

    let id = alone["id"].as_str().expect("id");
    for missing in [
        "/stac/collections/GF2/items/NO_SUCH_SCENE".to_owned(),
        format!("/stac/collections/GF1/items/{id}"),
    ] {
        let (status, _, body) = get(&s, &missing).await;
        assert_stac_error(status, &body, 404, "NotFound");
    }
}

#[tokio::test]
async fn items_carry_the_scene_facts_and_an_absolute_thumbnail() {
    let s = server().await;
    let (_, _, item) = get(&s, &format!("/stac/collections/GF1/items/{WITH_QUICKLOOK}")).await;
    let fixture = scenes()
        .into_iter()
        .find(|sc| sc.id == WITH_QUICKLOOK)
        .expect("scene");
    let p = &item["properties"];
    assert_eq!(p["datetime"], fixture.acquired);
    assert_eq!(p["platform"], "GF1");
    assert_eq!(p["constellation"], "gf1");
    assert_eq!(p["instruments"], json!([fixture.sensor]));
    assert_eq!(p["gsd"], 2.0);
    assert_eq!(p["eo:cloud_cover"], fixture.cloud);
    assert_eq!(p["processing:level"], "LEVEL1A");
    assert_eq!(p["rscloud:online"], fixture.online);
    assert_eq!(p["rscloud:demo"], false);
    assert!(
        item["stac_extensions"]
            .as_array()
            .expect("extensions")
            .iter()
            .any(|e| e.as_str().is_some_and(|e| e.contains("/eo/")))
    );
    assert_eq!(
        item["assets"]["thumbnail"],
        json!({
            "href": s.url(&rscloud::normal::quicklook::url(WITH_QUICKLOOK)),
            "title": "快视图",
            "roles": ["thumbnail"],
            "type": "image/png",
        })
    );
    let (_, _, other) = get(&s, "/stac/search?ids=GF2_PMS1_202501100240_001").await;
    assert_eq!(
        other["features"][0]["assets"],
        json!({}),
        "no quick-look, no asset"
    );
}

#[tokio::test]
async fn search_filters_match_the_fixture_by_get_and_post_alike() {
    let s = server().await;
    let area = geo_types::Rect::new((105.0, 25.0), (120.0, 38.0)).to_polygon();
    let want = expect(|sc| {
        ["GF1", "GF6"].contains(&sc.satellite.as_str())
            && sc.acquired.as_str() >= "2025-03-01"
            && sc.acquired.as_str() <= "2025-09-30T23:59:59Z"
            && sc.footprint.intersects(&area)
    });
    assert!(
        want.len() >= 4,
        "the fixture has several such scenes: {want:?}"
    );
    let (status, _, by_get) = get(
        &s,
        "/stac/search?bbox=105,25,120,38&datetime=2025-03-01T00:00:00Z/2025-09-30T23:59:59Z&collections=GF1,GF6&limit=2",
    )
    .await;
    assert_eq!(status, 200, "{by_get}");
    assert_eq!(by_get["numberMatched"], want.len());
    assert_once(&all_pages(&s, by_get).await, &want);
    let (_, _, by_post) = post(
        &s,
        &json!({"bbox": [105, 25, 120, 38], "datetime": "2025-03-01T00:00:00Z/2025-09-30T23:59:59Z",
                "collections": ["GF1", "GF6"], "limit": 3}),
    )
    .await;
    assert_once(&all_pages(&s, by_post).await, &want);

    // A point inside one footprint finds the scenes whose footprint holds it.
    let target = scenes().into_iter().nth(20).expect("scene");
    let centre = geo::Centroid::centroid(&target.footprint).expect("centre");
    let point = geo_types::Geometry::Point(centre);
    let want = expect(|sc| sc.footprint.intersects(&point));
    assert!(want.contains(&target.id));
    let (_, _, hit) = post(
        &s,
        &json!({"intersects": {"type": "Point", "coordinates": [centre.x(), centre.y()]}}),
    )
    .await;
    assert_eq!(ids(&hit), want);

    // A line across China, by GET (JSON in the query string).
    let line = geo_types::Geometry::LineString(vec![(100.0, 30.0), (122.0, 36.0)].into());
    let want = expect(|sc| sc.footprint.intersects(&line));
    let q = serde_urlencoded::to_string([(
        "intersects",
        json!({"type": "LineString", "coordinates": [[100.0, 30.0], [122.0, 36.0]]}).to_string(),
    )])
    .expect("query");
    let (_, _, crossed) = get(&s, &format!("/stac/search?{q}&limit=100")).await;
    assert!(!want.is_empty());
    assert_eq!(ids(&crossed), want);

    // Open-ended time ranges, both ways.
    let (_, _, early) = get(
        &s,
        "/stac/search?datetime=../2025-03-31T23:59:59Z&limit=100",
    )
    .await;
    assert_eq!(ids(&early), expect(|sc| sc.acquired.as_str() < "2025-04"));
    let (_, _, late) = post(
        &s,
        &json!({"datetime": "2025-11-01T00:00:00Z/..", "limit": 100}),
    )
    .await;
    assert_eq!(ids(&late), expect(|sc| sc.acquired.as_str() >= "2025-11"));

    // ids, and ids together with a filter that excludes one of them.
    let some = [
        "GF1_PMS2_202501250300_003",
        "GF2_PMS1_202505250310_019",
        "GF6_WFV_202511060240_041",
    ];
    let (_, _, by_ids) = get(&s, &format!("/stac/search?ids={}", some.join(","))).await;
    assert_eq!(ids(&by_ids), expect(|sc| some.contains(&sc.id.as_str())));
    let (_, _, narrowed) = post(&s, &json!({"ids": some, "collections": ["GF2", "GF6"]})).await;
    assert_eq!(
        ids(&narrowed),
        expect(|sc| some[1..].contains(&sc.id.as_str()))
    );
    let near = geo_types::Rect::new((115.5, 33.5), (116.5, 34.5)).to_polygon();
    let (_, _, boxed) = get(
        &s,
        &format!(
            "/stac/search?ids={}&bbox=115.5,33.5,116.5,34.5",
            some.join(",")
        ),
    )
    .await;
    let want = expect(|sc| some.contains(&sc.id.as_str()) && sc.footprint.intersects(&near));
    assert_eq!(want, [some[0]], "the box holds one of the three");
    assert_eq!(ids(&boxed), want);
}

#[tokio::test]
async fn a_polygon_pages_through_post_next_links_sent_back_as_it_came() {
    let s = server().await;
    // A concave polygon with a hole, over the middle of the fixture.
    let shape = json!({"type": "Polygon", "coordinates": [
        [[104.0, 24.0], [121.0, 24.5], [121.0, 39.0], [113.0, 31.0], [104.5, 39.0], [104.0, 24.0]],
        [[108.0, 27.0], [111.0, 27.0], [111.0, 29.0], [108.0, 29.0], [108.0, 27.0]]
    ]});
    let g: geojson::Geometry = serde_json::from_value(shape.clone()).expect("geometry");
    let area = geo_types::Geometry::<f64>::try_from(g).expect("polygon");
    let want = expect(|sc| sc.footprint.intersects(&area) && sc.acquired.as_str() >= "2025-02-01");
    assert!(want.len() > 6, "several pages: {want:?}");
    let body = json!({"intersects": shape, "datetime": "2025-02-01T00:00:00Z/..", "limit": 3});
    let (status, _, first) = post(&s, &body).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["numberMatched"], want.len());
    let next = link(&first, "next").expect("a next page");
    assert_eq!(next["body"]["intersects"], shape, "sent back as it came");
    assert_eq!(next["body"]["limit"], 3);
    assert_once(&all_pages(&s, first).await, &want);
    // With a Query-extension condition the area is still decided exactly.
    let cloudy =
        json!({"intersects": shape, "query": {"eo:cloud_cover": {"lte": 40}}, "limit": 100});
    let (_, _, some) = post(&s, &cloudy).await;
    assert_eq!(
        ids(&some),
        expect(|sc| sc.footprint.intersects(&area) && sc.cloud <= 40.0)
    );
    // No geometry written as null is no area.
    let (status, _, all) = post(&s, &json!({"intersects": null, "limit": 1})).await;
    assert_eq!(
        (status, all["numberMatched"].as_u64()),
        (200, Some(scenes().len() as u64))
    );
}

#[tokio::test]
async fn cloud_cover_is_filtered_with_the_query_extension() {
    let s = server().await;
    let want = expect(|sc| sc.cloud <= 20.0);
    let (_, _, first) = post(
        &s,
        &json!({"query": {"eo:cloud_cover": {"lte": 20}}, "limit": 4}),
    )
    .await;
    assert_once(&all_pages(&s, first).await, &want);
    let q = serde_urlencoded::to_string([(
        "query",
        r#"{"eo:cloud_cover":{"gt":20,"lt":50},"instruments":{"in":["PMS1"]}}"#,
    )])
    .expect("query");
    let (_, _, mid) = get(&s, &format!("/stac/search?{q}&limit=100")).await;
    assert_eq!(
        ids(&mid),
        expect(|sc| sc.cloud > 20.0 && sc.cloud < 50.0 && sc.sensor == "PMS1")
    );
    let (_, _, gf) = post(
        &s,
        &json!({"query": {"platform": {"startsWith": "GF", "neq": "GF6"}}, "limit": 100}),
    )
    .await;
    assert_eq!(ids(&gf), expect(|sc| sc.satellite != "GF6"));
}

#[tokio::test]
async fn paging_with_one_item_a_page_visits_ties_and_every_scene_once() {
    let s = server().await;
    let all = expect(|_| true);
    let (_, _, first) = get(&s, "/stac/search?limit=1").await;
    assert_eq!(first["numberMatched"], all.len());
    assert_once(&all_pages(&s, first).await, &all);
    let (_, _, first) = post(&s, &json!({"limit": 1})).await;
    assert_once(&all_pages(&s, first).await, &all);
    // Far above the largest page: served as the largest page, not refused.
    let (status, _, big) = get(&s, "/stac/search?limit=1000000").await;
    assert_eq!(
        (status, big["numberReturned"].as_u64()),
        (200, Some(all.len() as u64))
    );
}

/// Oldest first, with pages of a polygon (the index's path), of the whole
/// catalogue and of named items (the walked paths), by GET and POST; any field
/// but the acquisition time is refused, not ignored.
#[tokio::test]
async fn sortby_datetime_pages_oldest_or_newest_first_and_other_fields_are_refused() {
    let s = server().await;
    let (_, _, conformance) = get(&s, "/stac/conformance").await;
    assert!(
        conformance["conformsTo"]
            .as_array()
            .expect("classes")
            .iter()
            .any(|c| c.as_str().is_some_and(|c| c.ends_with("item-search#sort")))
    );
    let square = json!({"type": "Polygon", "coordinates": [
        [[104.0, 24.0], [121.0, 24.0], [121.0, 39.0], [104.0, 39.0], [104.0, 24.0]]
    ]});
    let g: geojson::Geometry = serde_json::from_value(square.clone()).expect("geometry");
    let area = geo_types::Geometry::<f64>::try_from(g).expect("polygon");
    let mut inside = expect(|sc| sc.footprint.intersects(&area));
    let newest = inside.clone();
    inside.reverse();
    assert!(inside.len() > 6, "several pages: {inside:?}");
    let asc = json!([{"field": "properties.datetime", "direction": "asc"}]);
    let (status, _, first) = post(
        &s,
        &json!({"intersects": square, "sortby": asc, "limit": 3}),
    )
    .await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["numberMatched"], inside.len());
    assert_once(&all_pages(&s, first).await, &inside);
    let desc = json!([{"field": "datetime", "direction": "desc"}]);
    let (_, _, first) = post(
        &s,
        &json!({"intersects": square, "sortby": desc, "limit": 3}),
    )
    .await;
    assert_once(&all_pages(&s, first).await, &newest);

    let mut all = expect(|_| true);
    all.reverse();
    // `+` sent unescaped arrives as a space, and means the same.
    for sortby in ["datetime", "%2Bproperties.datetime", "+datetime"] {
        let (_, _, first) = get(&s, &format!("/stac/search?sortby={sortby}&limit=5")).await;
        assert_once(&all_pages(&s, first).await, &all);
    }
    let named: Vec<String> = all.iter().step_by(5).cloned().collect();
    let (_, _, first) = post(
        &s,
        &json!({"ids": named, "sortby": "+datetime", "limit": 2}),
    )
    .await;
    assert_once(&all_pages(&s, first).await, &named);

    for path in [
        "/stac/search?sortby=-eo:cloud_cover",
        "/stac/search?sortby=datetime,id",
    ] {
        let (status, _, body) = get(&s, path).await;
        assert_stac_error(status, &body, 400, "BadRequest");
        assert!(
            body["description"]
                .as_str()
                .is_some_and(|d| d.contains("sortby")),
            "{body}"
        );
    }
    let (status, _, body) = post(
        &s,
        &json!({"sortby": [{"field": "datetime", "direction": "up"}]}),
    )
    .await;
    assert_stac_error(status, &body, 400, "BadRequest");
}

#[tokio::test]
async fn bad_parameters_get_a_stac_error_with_status_400() {
    let s = server().await;
    for path in [
        "/stac/search?bbox=1,2,3",
        "/stac/search?bbox=[100,0,105,1]",
        "/stac/search?bbox=100,1,105,0",
        "/stac/search?bbox=100,0,200,1",
        "/stac/search?datetime=2025-01-01",
        "/stac/search?datetime=../..",
        "/stac/search?datetime=2025-06-01T00:00:00Z/2025-01-01T00:00:00Z",
        "/stac/search?limit=0",
        "/stac/search?limit=-1",
        "/stac/search?limit=many",
        "/stac/search?token=nonsense",
        "/stac/search?intersects=%7Bnot%20json",
        "/stac/search?query=%7B%22eo%3Acloud_cover%22%3A%7B%22about%22%3A20%7D%7D",
        "/stac/search?bbox=0,0,1,1&intersects=%7B%22type%22%3A%22Point%22%2C%22coordinates%22%3A%5B0%2C0%5D%7D",
        "/stac/collections/GF1/items?bbox=1,2",
        "/stac/collections/GF1/items?datetime=yesterday",
        "/stac/collections/GF1/items?limit=0",
    ] {
        let (status, media, body) = get(&s, path).await;
        assert_eq!(media, "application/json", "{path}");
        assert_stac_error(status, &body, 400, "BadRequest");
    }
    for body in [
        json!({"bbox": "100.0, 0.0, 105.0, 1.0"}),
        json!({"bbox": [0, 0, 0, 1, 1]}),
        json!({"limit": -1}),
        json!({"datetime": "1985-04-12T23:20:50,52Z"}),
        json!({"intersects": {"type": "Polygon", "coordinates": "nope"}}),
        // A position of one number once panicked in the GeoJSON conversion.
        json!({"intersects": {"type": "LineString", "coordinates": [[114], [115, 30]]}}),
        json!({"query": {"eo:cloud_cover": 20}}),
        json!({"query": {"instruments": {"in": "PMS1"}}}),
    ] {
        let (status, _, reply) = post(&s, &body).await;
        assert_stac_error(status, &reply, 400, "BadRequest");
    }
    let (status, reply) = s
        .post_raw("/stac/search", "application/json", "{not json")
        .await;
    assert_stac_error(status, &reply, 400, "BadRequest");
    let (status, _, reply) = get(&s, "/stac/nothing/here").await;
    assert_stac_error(status, &reply, 404, "NotFound");
    let r = s
        .client
        .delete(s.url("/stac/search"))
        .send()
        .await
        .expect("delete");
    let (status, _, reply) = answer(r).await;
    assert_stac_error(status, &reply, 405, "MethodNotAllowed");
}
