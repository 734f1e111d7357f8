//! The spot engine over HTTP: statistics that add up, lists, details and images, the theme
//! layers as tiles and WFS, and who may see what. The regions are rectangles written here
//! (湖北 with 武汉's two districts and 仙桃, 广东 with 广州's two); the spots are small
//! squares in them, written through `spot::store` before the server starts, as an import
//! would.

mod common;

use std::path::{Path, PathBuf};

use common::reference::{cached, copy_of};
use common::{TestServer, assert_error, import};
use geo_types::{MultiPolygon, polygon};
use rscloud::spot::model::{Attrs, SpotRecord};
use rscloud::spot::store;
use rscloud::spot::theme::ThemeName;
use rscloud::usercenter::admin::{self, NewUser};
use rscloud::usercenter::guard::{NO_PERMISSION, NO_RANGE};
use serde_json::{Value, json};

/// The fixture's counties: code, name, the rectangle it covers.
const COUNTIES: [(&str, &str, [f64; 4]); 5] = [
    ("420102", "江岸区", [114.25, 30.55, 114.35, 30.65]),
    ("420111", "洪山区", [114.35, 30.40, 114.50, 30.50]),
    ("429004", "仙桃市", [113.20, 30.20, 113.70, 30.50]),
    ("440103", "荔湾区", [113.20, 23.05, 113.26, 23.15]),
    ("440104", "越秀区", [113.26, 23.10, 113.30, 23.16]),
];

fn regions_geojson() -> Value {
    let rect = |[x0, y0, x1, y1]: [f64; 4]| json!({"type": "Polygon", "coordinates": [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]]});
    let feature = |code: &str, name: &str, r: [f64; 4]| json!({"type": "Feature", "properties": {"adcode": code, "name": name}, "geometry": rect(r)});
    let mut features = vec![
        feature("420000", "湖北省", [108.3, 29.0, 116.1, 33.3]),
        feature("420100", "武汉市", [113.7, 29.9, 115.1, 31.4]),
        feature("440000", "广东省", [109.6, 20.2, 117.3, 25.5]),
        feature("440100", "广州市", [112.9, 22.5, 114.0, 23.9]),
    ];
    features.extend(COUNTIES.iter().map(|&(c, n, r)| feature(c, n, r)));
    json!({"type": "FeatureCollection", "features": features})
}

/// A small square spot in the middle of a county, nudged by `k` so spots differ.
fn spot(theme: ThemeName, batch: &str, county: &str, k: usize) -> SpotRecord {
    let [x0, y0, x1, y1] = COUNTIES
        .iter()
        .find(|c| c.0 == county)
        .expect("a fixture county")
        .2;
    let (x, y) = ((x0 + x1) / 2.0 + k as f64 * 0.004, (y0 + y1) / 2.0);
    SpotRecord {
        theme,
        batch: batch.into(),
        tblx: None,
        xzqdm: county.into(),
        file_name: String::new(),
        geom: MultiPolygon(vec![polygon![
            (x: x, y: y), (x: x + 0.003, y: y), (x: x + 0.003, y: y + 0.003), (x: x, y: y + 0.003), (x: x, y: y)
        ]]),
        area_m2: 1000.0 * (k + 1) as f64,
        change: (k % 4) as u8,
        before_image: None,
        after_image: None,
        attrs: Attrs::default(),
        source: None,
        demo: false,
    }
}

/// Stores spots as one delivery file, as `rscloud import spots` does.
fn store_file(db: &Path, file: &str, spots: Vec<SpotRecord>) {
    let spots: Vec<SpotRecord> = spots
        .into_iter()
        .map(|s| SpotRecord {
            file_name: file.into(),
            ..s
        })
        .collect();
    let mut conn = rscloud::db::open_connection(db).expect("database");
    store::replace_file(&mut conn, spots[0].theme, file, &spots).expect("store spots");
}

/// Windmill spots per county: three in 2024Q3 and two in 2024Q2 (areas 1000, 2000, 3000 m²).
fn windmills(counties: &[&str]) -> Vec<SpotRecord> {
    let mut spots = Vec::new();
    for county in counties {
        for k in 0..3 {
            spots.push(spot(ThemeName::Windmill, "2024Q3", county, k));
        }
        for k in 0..2 {
            spots.push(spot(ThemeName::Windmill, "2024Q2", county, k + 5));
        }
    }
    spots
}

/// Steel plant spots of two batches for the dynamic analysis: in 洪山区 one grew (500 →
/// 1,000 m²), one is unchanged (2,000), one shrank (9,000 → 3,000); one of 江岸区 vanished
/// (4,000), one of 仙桃 appeared (3,000); one of 荔湾区 is unchanged (1,000).
fn steel_plants() -> Vec<SpotRecord> {
    let plant = |batch: &str, county: &str, k: usize, area_m2: f64| SpotRecord {
        area_m2,
        ..spot(ThemeName::Steelplant, batch, county, k)
    };
    vec![
        plant("2024Q2", "420111", 0, 500.0),
        plant("2024Q2", "420111", 1, 2000.0),
        plant("2024Q2", "420111", 2, 9000.0),
        plant("2024Q2", "420102", 3, 4000.0),
        plant("2024Q2", "440103", 0, 1000.0),
        plant("2024Q3", "420111", 0, 1000.0),
        plant("2024Q3", "420111", 1, 2000.0),
        plant("2024Q3", "420111", 2, 3000.0),
        plant("2024Q3", "429004", 2, 3000.0),
        plant("2024Q3", "440103", 0, 1000.0),
    ]
}

const HUBEI: [&str; 3] = ["420102", "420111", "429004"];
const GUANGDONG: [&str; 2] = ["440103", "440104"];

/// The data folder: the regions, windmill spots in both provinces, a PV spot with images in
/// 洪山区, and two accounts besides the demo ones: `wind` (MOD_059, range 湖北) and
/// `noarea` (MOD_059, no range).
fn fixture() -> PathBuf {
    cached("spots", |work| {
        let file = work.join("regions.geojson");
        std::fs::write(&file, regions_geojson().to_string()).expect("write regions");
        import(work, &["regions"], &[file]);
        let db = work.join("rscloud.gpkg");
        store_file(&db, "wind_hubei.geojson", windmills(&HUBEI));
        store_file(&db, "wind_guangdong.geojson", windmills(&GUANGDONG));
        let mut pv = spot(ThemeName::Pvland, "2024Q3", "420111", 0);
        pv.before_image = Some("pv_before.png".into());
        pv.after_image = Some("https://example.com/pv_after.jpg".into());
        let mut outside = spot(ThemeName::Pvland, "2024Q3", "420111", 1);
        outside.before_image = Some("../rscloud.gpkg".into());
        outside.after_image = Some("missing.png".into());
        store_file(&db, "pv.geojson", vec![pv, outside]);
        store_file(&db, "steel.geojson", steel_plants());
        let conn = rscloud::db::open_connection(&db).expect("database");
        for (name, ranges) in [("wind", &["420000".to_string()][..]), ("noarea", &[])] {
            let user = NewUser {
                username: name,
                password: "Spots12345",
                ..NewUser::default()
            };
            admin::add_user(&conn, &user).expect("user");
            admin::grant(&conn, name, &["MOD_059".into()]).expect("grant");
            admin::add_ranges(&conn, name, ranges).expect("ranges");
        }
    })
}

/// A server over a copy of the fixture, with its spot image folder holding `pv_before.png`.
async fn server() -> TestServer {
    let dir = copy_of(&fixture());
    let images = dir.path().join("spot_images");
    std::fs::create_dir_all(&images).expect("image folder");
    std::fs::write(images.join("pv_before.png"), b"\x89PNG fixture").expect("image");
    TestServer::start_in(dir, |c| c.scene_watch_ms = 50).await
}

/// The `data` of a successful answer.
async fn data(s: &TestServer, token: &str, path: &str) -> Value {
    let (status, body) = s.get_as(path, token).await;
    assert_eq!(
        (status, body["code"].as_i64()),
        (200, Some(0)),
        "{path}: {body}"
    );
    body["data"].clone()
}

/// The rows of a statistics answer's list `list` as (the row's `key`, its spot count).
fn counts(stats: &Value, list: &str, key: &str) -> Vec<(String, u64)> {
    stats[list]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r[key].as_str().expect("key").to_owned(),
                r["count"].as_u64().expect("count"),
            )
        })
        .collect()
}

/// Region id → spot count of a statistics answer's regions.
fn rows(stats: &Value) -> Vec<(String, u64)> {
    counts(stats, "regions", "regionId")
}

const STATS: &str = "/api/spot/v2/windmill/spotstatistics";
const META: &str = "/api/spot/v2/windmill/spotmeta";

#[tokio::test]
async fn counties_add_up_to_their_province_and_provinces_to_the_country() {
    let s = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let country = data(&s, &admin, STATS).await;
    assert_eq!(country["regionId"], "100000");
    assert_eq!(
        country["batch"]["id"], "2024Q3",
        "the latest batch by default"
    );
    assert_eq!(rows(&country), [("420000".into(), 9), ("440000".into(), 6)]);
    assert_eq!(country["total"]["count"], 15);
    let sum = |r: &[(String, u64)]| r.iter().map(|(_, n)| n).sum::<u64>();
    let area = |v: &Value| v["areaM2"].as_f64().expect("area");
    for (province, cities) in [("420000", 2), ("440000", 1)] {
        let p = data(&s, &admin, &format!("{STATS}?xzqdm={province}")).await;
        assert_eq!(rows(&p).len(), cities);
        assert_eq!(sum(&rows(&p)), p["total"]["count"].as_u64().expect("count"));
        let children_area: f64 = p["regions"]
            .as_array()
            .expect("rows")
            .iter()
            .map(area)
            .sum();
        assert_eq!(children_area, area(&p["total"]));
        let row = country["regions"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|r| r["regionId"] == province)
            .expect("province row");
        assert_eq!(
            (row["count"].clone(), area(row)),
            (p["total"]["count"].clone(), area(&p["total"]))
        );
    }
    let wuhan = data(&s, &admin, &format!("{STATS}?xzqdm=420100")).await;
    assert_eq!(rows(&wuhan), [("420102".into(), 3), ("420111".into(), 3)]);
    assert_eq!(wuhan["name"], "武汉市");
    let leaf = &wuhan["regions"][0];
    assert_eq!(
        (leaf["name"].clone(), leaf["hasChildren"].clone()),
        (json!("江岸区"), json!(false))
    );
    // The older batch, and the per-category rows that sum to the total.
    let older = data(&s, &admin, &format!("{STATS}?batch=2024Q2")).await;
    assert_eq!(older["total"]["count"], 10);
    let changes: u64 = counts(&older, "byChange", "label")
        .iter()
        .map(|r| r.1)
        .sum();
    assert_eq!(changes, 10);
    let stages = counts(&older, "byStage", "label");
    assert_eq!(stages[1], ("第二季度".into(), 10));
    assert_eq!(older["byType"], json!([]), "windmills have no types");
}

#[tokio::test]
async fn a_hubei_user_never_receives_anything_of_guangdong() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin = s.token_of("admin", "Admin12345").await;
    // Statistics: 湖北 by default; the country holds only 湖北; 广东 holds nothing.
    let home = data(&s, &hubei, STATS).await;
    assert_eq!(
        (home["regionId"].clone(), home["total"]["count"].clone()),
        (json!("420000"), json!(9))
    );
    let country = data(&s, &hubei, &format!("{STATS}?xzqdm=100000")).await;
    assert_eq!(rows(&country), [("420000".into(), 9)]);
    assert_eq!(country["total"]["count"], 9);
    let guangdong = data(&s, &hubei, &format!("{STATS}?xzqdm=440000")).await;
    assert_eq!(
        (guangdong["total"]["count"].clone(), rows(&guangdong)),
        (json!(0), vec![])
    );
    // Lists.
    let list = data(&s, &hubei, &format!("{META}?xzqdm=440103")).await;
    assert_eq!(
        (list["total"].clone(), list["list"].clone()),
        (json!(0), json!([]))
    );
    let all = data(&s, &hubei, &format!("{META}?xzqdm=100000&pageSize=100")).await;
    assert_eq!(all["total"], 9);
    assert!(
        all["list"]
            .as_array()
            .expect("list")
            .iter()
            .all(|s| s["xzqdm"].as_str().is_some_and(|c| c.starts_with("42")))
    );
    // Detail of a 广东 spot: as if it did not exist.
    let theirs = data(&s, &admin, &format!("{META}?xzqdm=440000")).await;
    let id = theirs["list"][0]["id"].as_i64().expect("id");
    let (status, body) = s
        .get_as(&format!("/api/spot/v2/windmill/spot/{id}"), &hubei)
        .await;
    assert_error(status, &body, 404, "图斑不存在");
    assert_eq!(
        data(&s, &admin, &format!("/api/spot/v2/windmill/spot/{id}")).await["id"],
        id
    );
    let image = format!("/api/spot/v2/windmill/spot/{id}/image/before");
    let (status, body) = s.get_as(&image, &hubei).await;
    assert_error(status, &body, 404, "图斑不存在");
    // Tiles: the z6 tile over 广州 is empty for 湖北, full for the country.
    let t = geo_kit::tile::TileId::containing(113.25, 23.12, 6);
    let path = format!(
        "/ows/cloudPlatform/wmts/windmill_meta/6/{}/{}.pbf",
        t.x, t.y
    );
    assert_eq!(tile(&s, &path, Some(&hubei)).await.0, 204);
    assert_eq!(tile(&s, &path, Some(&admin)).await.1.len(), 6);
    // WFS over the whole world: only 湖北's counties.
    let wfs = "/ows/cloudPlatform/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=cloudPlatform:windmill_meta";
    let counties = |fc: &Value| -> Vec<String> {
        fc["features"]
            .as_array()
            .expect("features")
            .iter()
            .map(|f| f["properties"]["xzqdm"].as_str().expect("xzqdm").to_owned())
            .collect()
    };
    let mine = counties(&wfs_json(&s, wfs, &hubei).await);
    assert_eq!(mine.len(), 9);
    assert!(mine.iter().all(|c| c.starts_with("42")), "{mine:?}");
    let in_guangdong = format!("{wfs}&BBOX=109.6,20.2,117.3,25.5");
    assert!(counties(&wfs_json(&s, &in_guangdong, &hubei).await).is_empty());
    assert_eq!(
        counties(&wfs_json(&s, &in_guangdong, &admin).await).len(),
        6
    );
}

/// `(batch, count, area)` of each batch of a trend, in its order.
fn trend_rows(trend: &Value) -> Vec<(String, u64, f64)> {
    trend["batches"]
        .as_array()
        .expect("batches")
        .iter()
        .map(|b| {
            (
                b["batch"]["id"].as_str().expect("id").to_owned(),
                b["total"]["count"].as_u64().expect("count"),
                b["total"]["areaM2"].as_f64().expect("area"),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_trend_counts_every_batch_oldest_first_as_its_statistics_and_list_do() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin = s.token_of("admin", "Admin12345").await;
    const TREND: &str = "/api/spot/v2/windmill/trend";
    // 湖北's three counties: two spots each in 2024Q2 (6,000 and 7,000 m²), three in 2024Q3.
    let trend = data(&s, &hubei, TREND).await;
    assert_eq!(trend["regionId"], "420000");
    assert_eq!(
        trend_rows(&trend),
        [
            ("2024Q2".into(), 6, 39_000.0),
            ("2024Q3".into(), 9, 18_000.0)
        ]
    );
    // Each batch's numbers are its statistics' and its list's.
    for (batch, count, _) in trend_rows(&trend) {
        let stats = data(&s, &hubei, &format!("{STATS}?batch={batch}")).await;
        assert_eq!(stats["total"]["count"], count, "{batch}");
        let list = data(&s, &hubei, &format!("{META}?batch={batch}")).await;
        assert_eq!(list["total"], count, "{batch}");
        let at = trend["batches"]
            .as_array()
            .expect("batches")
            .iter()
            .find(|b| b["batch"]["id"] == batch.as_str())
            .expect("the batch");
        assert_eq!(at["byChange"], stats["byChange"], "{batch}");
    }
    // Outside the caller's range every batch is there, counted zero.
    let guangdong = data(&s, &hubei, &format!("{TREND}?xzqdm=440000")).await;
    assert_eq!(
        trend_rows(&guangdong),
        [("2024Q2".into(), 0, 0.0), ("2024Q3".into(), 0, 0.0)]
    );
    let country = data(&s, &admin, &format!("{TREND}?xzqdm=100000")).await;
    assert_eq!(
        trend_rows(&country),
        [
            ("2024Q2".into(), 10, 65_000.0),
            ("2024Q3".into(), 15, 30_000.0)
        ]
    );
    // The other filters hold in every batch: only 扩张 (change 1).
    let grown = data(&s, &hubei, &format!("{TREND}?termChoose=change&termData=1")).await;
    assert_eq!(
        trend_rows(&grown),
        [
            ("2024Q2".into(), 3, 18_000.0),
            ("2024Q3".into(), 3, 6_000.0)
        ]
    );
    let (status, body) = s
        .get_as(TREND, &s.token_of("person", "Person12345").await)
        .await;
    assert_error(status, &body, 403, "无查看信息权限，请联系管理员");
}

/// The answer to a GET, as whoever holds `token` (`None`: anonymous).
async fn get(s: &TestServer, path: &str, token: Option<&str>) -> reqwest::Response {
    let mut req = s.client.get(s.url(path));
    if let Some(t) = token {
        req = req.header("token", t);
    }
    req.send().await.expect("answer")
}

/// A tile's status and, for a 200, its features in the layer `layer`, each as `read` makes it.
async fn tile_features<T>(
    s: &TestServer,
    path: &str,
    token: Option<&str>,
    layer: &str,
    read: impl Fn(&geo_kit::mvt::decode::Feature) -> T,
) -> (u16, Vec<T>) {
    let r = get(s, path, token).await;
    let status = r.status().as_u16();
    let bytes = r.bytes().await.expect("bytes");
    if status != 200 {
        return (status, Vec::new());
    }
    let tile = geo_kit::mvt::decode::decode(&bytes).expect("valid MVT");
    let features = tile
        .layer(layer)
        .map(|l| l.features.iter().map(&read).collect())
        .unwrap_or_default();
    (status, features)
}

/// A feature's number attribute, whatever its encoding.
fn number(f: &geo_kit::mvt::decode::Feature, key: &str) -> f64 {
    match f.property(key) {
        Some(geo_kit::mvt::Value::Int(v)) => *v as f64,
        Some(geo_kit::mvt::Value::UInt(v)) => *v as f64,
        Some(geo_kit::mvt::Value::Double(v)) => *v,
        Some(geo_kit::mvt::Value::Float(v)) => f64::from(*v),
        other => panic!("{key}: {other:?}"),
    }
}

/// A feature's text attribute.
fn text(f: &geo_kit::mvt::decode::Feature, key: &str) -> String {
    match f.property(key) {
        Some(geo_kit::mvt::Value::String(s)) => s.clone(),
        other => panic!("{key}: {other:?}"),
    }
}

/// The features of a tile, as (id, batch, xzqdm).
async fn tile(
    s: &TestServer,
    path: &str,
    token: Option<&str>,
) -> (u16, Vec<(u64, String, String)>) {
    tile_features(s, path, token, "windmill_meta", |f| {
        (f.id.expect("id"), text(f, "batch"), text(f, "xzqdm"))
    })
    .await
}

async fn wfs_json(s: &TestServer, path: &str, token: &str) -> Value {
    let r = get(s, path, Some(token)).await;
    assert_eq!(r.status(), 200);
    r.json().await.expect("GeoJSON")
}

#[tokio::test]
async fn the_layer_shows_the_latest_batch_or_the_one_named_and_nothing_to_the_anonymous() {
    let s = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    // The z7 tile over 武汉 reaches 仙桃 too: every 湖北 spot.
    let t = geo_kit::tile::TileId::containing(114.3, 30.5, 7);
    let path = format!(
        "/ows/cloudPlatform/wmts/windmill_meta/7/{}/{}.pbf",
        t.x, t.y
    );
    let (status, latest) = tile(&s, &path, Some(&admin)).await;
    assert_eq!(status, 200);
    assert_eq!(latest.len(), 9, "three counties, three spots each");
    assert!(latest.iter().all(|(_, batch, _)| batch == "2024Q3"));
    let (_, older) = tile(&s, &format!("{path}?viewparams=batch:2024Q2"), Some(&admin)).await;
    assert_eq!(older.len(), 6);
    assert!(older.iter().all(|(_, batch, _)| batch == "2024Q2"));
    assert_eq!(
        tile(&s, &format!("{path}?viewparams=batch:1999Q1"), Some(&admin))
            .await
            .0,
        204
    );
    let (status, body) = s.get_json(&format!("{path}?viewparams=batch")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        tile(&s, &path, None).await.0,
        204,
        "anonymous callers see nothing"
    );
    // A tile's features are the list's spots.
    let ids: Vec<u64> = latest.iter().map(|f| f.0).collect();
    let list = data(&s, &admin, &format!("{META}?xzqdm=420000")).await;
    let mut listed: Vec<u64> = list["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["id"].as_u64().expect("id"))
        .collect();
    let mut ids = ids;
    ids.sort_unstable();
    listed.sort_unstable();
    assert_eq!(ids, listed);
    // Features carry what the page filters the map by, the stage as the list spells it.
    let wfs = "/ows/cloudPlatform/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=cloudPlatform:windmill_meta&COUNT=1";
    let feature = &wfs_json(&s, wfs, &admin).await["features"][0]["properties"];
    assert_eq!(
        (feature["batch"].as_str(), feature["stage"].as_str()),
        (Some("2024Q3"), Some("3"))
    );
}

#[tokio::test]
async fn each_theme_needs_its_own_permission_and_an_area_range() {
    let s = server().await;
    let wind = s.token_of("wind", "Spots12345").await;
    let noarea = s.token_of("noarea", "Spots12345").await;
    let person = s.token_of("person", "Person12345").await;
    assert_eq!(data(&s, &wind, STATS).await["total"]["count"], 9);
    for (token, path, message) in [
        (&wind, "/api/spot/v2/pvland/spotstatistics", NO_PERMISSION),
        (&person, STATS, NO_PERMISSION),
        (&noarea, STATS, NO_RANGE),
        (&noarea, "/api/spot/v2/windmill/spot/1", NO_RANGE),
    ] {
        let (status, body) = s.get_as(path, token).await;
        assert_error(status, &body, 403, message);
    }
    let (status, body) = s.get_json(STATS).await;
    assert_eq!((status, body["code"].clone()), (401, json!(401)));
    let (status, body) = s.get_as("/api/spot/v2/nosuch/spotstatistics", &wind).await;
    assert_eq!((status, body["code"].clone()), (400, json!(400)));
    // The themes it may open, and the layers it may see.
    let themes = data(&s, &wind, "/api/spot/v2/themes").await;
    assert_eq!(themes.as_array().map(Vec::len), Some(1));
    assert_eq!(themes[0]["name"], "windmill");
    assert_eq!(themes[0]["layer"], "windmill_meta");
    assert_eq!(themes[0]["attrs"][1]["label"], "装机容量（MW）");
    assert_eq!(themes[0]["zonesLayer"], "windmill_zones");
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let all = data(&s, &hubei, "/api/spot/v2/themes").await;
    assert_eq!(all.as_array().map(Vec::len), Some(8));
    // Each theme's page: its modes and grid level, and zones for the solar and wind bases.
    let of = |name: &str| {
        all.as_array()
            .and_then(|t| t.iter().find(|t| t["name"] == name))
    };
    let deform = of("surfaceDeform").expect("surfaceDeform");
    assert_eq!(deform["modes"], json!(["statistics", "detail"]));
    assert_eq!(deform["zonesLayer"], Value::Null);
    assert_eq!(of("road").expect("road")["gridLevel"], 14);
    let pvland = of("pvland").expect("pvland");
    assert_eq!(pvland["gridLevel"], 13);
    assert_eq!(pvland["modes"].as_array().map(Vec::len), Some(5));
    assert_eq!(pvland["zonesLayer"], "pvland_zones");
    let t = geo_kit::tile::TileId::containing(114.4, 30.45, 9);
    let pv = format!("/ows/cloudPlatform/wmts/pvland_meta/9/{}/{}.pbf", t.x, t.y);
    assert_eq!(
        tile(&s, &pv, Some(&wind)).await.0,
        204,
        "no MOD_058: no PV spots"
    );
    assert_eq!(tile(&s, &pv, Some(&hubei)).await.0, 200);
    let windmills = format!(
        "/ows/cloudPlatform/wmts/windmill_meta/9/{}/{}.pbf",
        t.x, t.y
    );
    assert_eq!(
        tile(&s, &windmills, Some(&noarea)).await.0,
        204,
        "no range: nothing"
    );
}

#[tokio::test]
async fn a_spot_of_another_theme_is_not_found_and_a_detail_carries_its_outline_and_images() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let pv = data(&s, &hubei, "/api/spot/v2/pvland/spotmeta").await;
    assert_eq!(pv["total"], 2);
    let id = pv["list"][1]["id"].as_i64().expect("id");
    assert_eq!(pv["list"][1]["areaM2"], 1000.0, "the smaller one last");
    let (status, body) = s
        .get_as(&format!("/api/spot/v2/windmill/spot/{id}"), &hubei)
        .await;
    assert_error(status, &body, 404, "图斑不存在");
    let (status, body) = s.get_as("/api/spot/v2/pvland/spot/999999", &hubei).await;
    assert_error(status, &body, 404, "图斑不存在");
    let detail = data(&s, &hubei, &format!("/api/spot/v2/pvland/spot/{id}")).await;
    assert_eq!(detail["regionName"], "湖北省武汉市洪山区");
    assert_eq!(detail["batchName"], "2024年第三季度");
    assert_eq!(detail["fileName"], "pv.geojson");
    assert_eq!(detail["geometry"]["type"], "MultiPolygon");
    let before = detail["beforeImage"].as_str().expect("before link");
    assert_eq!(
        before,
        format!("/api/spot/v2/pvland/spot/{id}/image/before")
    );
    // The before image is a file of the spot image folder; the after image a link elsewhere.
    let r = get(&s, before, Some(&hubei)).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "image/png");
    assert_eq!(r.bytes().await.expect("bytes").as_ref(), b"\x89PNG fixture");
    let after = detail["afterImage"].as_str().expect("after link");
    let r = get(&s, after, Some(&hubei)).await;
    assert_eq!(r.status(), 302);
    assert_eq!(r.headers()["location"], "https://example.com/pv_after.jpg");
    // A reference out of the folder, or to a missing file: not found.
    let other = pv["list"][0]["id"].as_i64().expect("id");
    for when in ["before", "after"] {
        let path = format!("/api/spot/v2/pvland/spot/{other}/image/{when}");
        let (status, body) = s.get_as(&path, &hubei).await;
        assert_error(status, &body, 404, "该图斑没有此影像");
    }
    let (status, _) = s
        .get_as(
            &format!("/api/spot/v2/pvland/spot/{id}/image/sideways"),
            &hubei,
        )
        .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn lists_page_largest_first_and_filters_are_checked() {
    let s = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    let first = data(&s, &admin, &format!("{META}?pageSize=4")).await;
    assert_eq!(
        (first["total"].clone(), first["pageSize"].clone()),
        (json!(15), json!(4))
    );
    let areas: Vec<f64> = first["list"]
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["areaM2"].as_f64().expect("area"))
        .collect();
    assert_eq!(areas, [3000.0, 3000.0, 3000.0, 3000.0]);
    let last = data(&s, &admin, &format!("{META}?pageSize=4&pageNum=4")).await;
    assert_eq!(last["list"].as_array().map(Vec::len), Some(3));
    let beyond = data(&s, &admin, &format!("{META}?pageSize=4&pageNum=9")).await;
    assert_eq!(beyond["list"], json!([]));
    let (status, body) = s.get_as(&format!("{META}?pageSize=101"), &admin).await;
    assert_error(status, &body, 400, rscloud::api::BAD_PAGE);
    let count = |query: &'static str| {
        let (s, admin) = (&s, &admin);
        async move { data(s, admin, &format!("{META}?{query}")).await["total"].clone() }
    };
    assert_eq!(count("batch=2024Q2").await, 10);
    assert_eq!(
        count("batch=2023Q1").await,
        0,
        "an unknown batch holds nothing"
    );
    assert_eq!(
        count("filename=GUANGDONG").await,
        6,
        "file names match in any case"
    );
    assert_eq!(
        count("stage=3").await,
        15,
        "the latest batch is the third quarter"
    );
    assert_eq!(count("stage=2").await, 0);
    assert_eq!(count("termChoose=change&termData=0,1").await, 10);
    assert_eq!(count("termChoose=all&termData=9").await, 15);
    for (query, message) in [
        ("tblx=1", "该专题的图斑没有类型"),
        ("stage=5", "阶段取值无效：应为 1、2、3、4"),
        ("xzqdm=42", rscloud::region::tree::BAD_CODE),
        (
            "termChoose=change&termData=7",
            "变化类别取值无效：应为 0、1、2、3",
        ),
    ] {
        let (status, body) = s.get_as(&format!("{META}?{query}"), &admin).await;
        assert_error(status, &body, 400, message);
    }
    let (status, _) = s.get_as(&format!("{META}?termChoose=colour"), &admin).await;
    assert_eq!(status, 400);
    // Batches newest first, and the latest.
    let batches = data(&s, &admin, "/api/spot/v2/windmill/batch").await;
    assert_eq!(
        batches,
        json!([{"id": "2024Q3", "typeName": "2024年第三季度"}, {"id": "2024Q2", "typeName": "2024年第二季度"}])
    );
    assert_eq!(
        data(&s, &admin, "/api/spot/v2/windmill/lastest").await["id"],
        "2024Q3"
    );
    assert_eq!(
        data(&s, &admin, "/api/spot/v2/road/lastest").await,
        Value::Null
    );
}

#[tokio::test]
async fn spots_written_by_another_process_are_counted_without_a_restart() {
    let s = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    assert_eq!(
        data(&s, &admin, "/api/spot/v2/road/spotstatistics").await["total"]["count"],
        0
    );
    // Another connection writes, as `rscloud import spots` in another process does.
    let roads: Vec<SpotRecord> = (0..4)
        .map(|k| spot(ThemeName::Road, "2024Q4", "440104", k))
        .collect();
    store_file(&s.database(), "roads.geojson", roads);
    let mut count = json!(0);
    for _ in 0..600 {
        count =
            data(&s, &admin, "/api/spot/v2/road/spotstatistics").await["total"]["count"].clone();
        if count != 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(count, 4);
    assert_eq!(
        data(&s, &admin, "/api/spot/v2/road/lastest").await["id"],
        "2024Q4"
    );
}

/// Downloads an export as `token`: its status, content type, file name and bytes.
async fn download(s: &TestServer, path: &str, token: &str) -> (u16, String, String, Vec<u8>) {
    let answer = get(s, path, Some(token)).await;
    let header = |name: &str| {
        answer
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let (kind, disposition) = (header("content-type"), header("content-disposition"));
    let status = answer.status().as_u16();
    let bytes = answer.bytes().await.expect("body").to_vec();
    (status, kind, disposition, bytes)
}

/// A workbook downloaded as `file`, checked to be one.
async fn workbook(s: &TestServer, path: &str, token: &str, file: &str) -> Vec<u8> {
    let (status, kind, disposition, xlsx) = download(s, path, token).await;
    assert_eq!(
        (status, kind.as_str(), disposition),
        (
            200,
            rscloud::spot::export::XLSX_TYPE,
            format!("attachment; filename=\"{file}\"")
        )
    );
    xlsx
}

#[tokio::test]
async fn exports_hold_the_callers_filtered_spots_and_open_in_gdal() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let dir = tempfile::tempdir().expect("tempdir");
    // The shapefile of 湖北's 2024Q3 windmills, asked for the whole country.
    let (status, kind, disposition, zip) = download(
        &s,
        "/api/spot/v2/windmill/export/shp?xzqdm=100000&batch=2024Q3",
        &hubei,
    )
    .await;
    assert_eq!(
        (status, kind.as_str(), disposition.as_str()),
        (
            200,
            "application/zip",
            "attachment; filename=\"windmill_2024Q3.zip\""
        )
    );
    let file = dir.path().join("windmill_2024Q3.zip");
    std::fs::write(&file, &zip).expect("save");
    let info = common::ogrinfo(&["-al"], &format!("/vsizip/{}", file.display()));
    assert!(info.contains("Feature Count: 9"), "{info}");
    assert!(info.contains("Geometry: Polygon"), "{info}");
    assert!(
        !info.contains("XZQDM (String) = 44"),
        "no 广东 spot: {info}"
    );
    // The workbook of one county's spots of one change category, as the legend filters.
    let xlsx = workbook(
        &s,
        "/api/spot/v2/windmill/export/excel?xzqdm=420111&batch=2024Q3&termChoose=change&termData=1",
        &hubei,
        "windmill_2024Q3.xlsx",
    )
    .await;
    let file = dir.path().join("windmill.xlsx");
    std::fs::write(&file, &xlsx).expect("save");
    let info = common::ogrinfo(&["-al"], &file.to_string_lossy());
    assert!(info.contains("Feature Count: 1"), "{info}");
    assert!(info.contains("变化类别 (String) = 扩张"), "{info}");
    assert!(info.contains("洪山区"), "{info}");
    // A malformed filter is refused before anything is written.
    let (status, body) = s
        .get_as("/api/spot/v2/windmill/export/excel?xzqdm=42", &hubei)
        .await;
    assert_eq!((status, body["code"].as_i64()), (400, Some(400)), "{body}");
}

const GRID: &str = "/api/spot/v2/windmill/gridstatistics/percent";

/// `(x, y, count, area)` of each cell of a grid answer.
fn grid_cells(grid: &Value) -> Vec<(u32, u32, u64, f64)> {
    grid["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .map(|c| {
            (
                c["x"].as_u64().expect("x") as u32,
                c["y"].as_u64().expect("y") as u32,
                c["count"].as_u64().expect("count"),
                c["areaM2"].as_f64().expect("area"),
            )
        })
        .collect()
}

/// Whether a cell at `level` lies within a (lon, lat) rectangle.
fn cell_within(x: u32, y: u32, level: u8, [x0, y0, x1, y1]: [f64; 4]) -> bool {
    let b = geo_kit::tile::TileId { z: level, x, y }.bounds_lonlat();
    b.max_x > x0 && b.min_x < x1 && b.max_y > y0 && b.min_y < y1
}

#[tokio::test]
async fn grid_cells_add_up_to_the_statistics_of_the_same_filter() {
    let s = server().await;
    let admin = s.token_of("admin", "Admin12345").await;
    for filter in [
        "",
        "?xzqdm=420000",
        "?xzqdm=420111&level=14",
        "?batch=2024Q2&level=8",
        "?termChoose=change&termData=1,2",
    ] {
        let stats = data(&s, &admin, &format!("{STATS}{filter}")).await;
        let grid = data(&s, &admin, &format!("{GRID}{filter}")).await;
        let cells = grid_cells(&grid);
        let count: u64 = cells.iter().map(|c| c.2).sum();
        let area: f64 = cells.iter().map(|c| c.3).sum();
        let total = stats["total"]["areaM2"].as_f64().expect("area");
        assert_eq!(
            count,
            stats["total"]["count"].as_u64().expect("count"),
            "{filter}"
        );
        assert_eq!(grid["total"], stats["total"], "{filter}");
        assert!(
            (area - total).abs() <= 1e-9 * total,
            "{filter}: {area} {total}"
        );
        assert_eq!(grid["regionId"], stats["regionId"]);
        assert_eq!(grid["batch"], stats["batch"]);
        let max = cells.iter().map(|c| c.2).max().unwrap_or(0);
        assert_eq!(grid["max"]["count"], max, "{filter}");
        assert!(
            grid["cells"]
                .as_array()
                .expect("cells")
                .iter()
                .all(|c| c["percent"].as_f64().is_some_and(|p| p > 0.0 && p <= 100.0)),
            "{filter}: {grid}"
        );
    }
    // The theme's level by default; the one asked for otherwise.
    assert_eq!(data(&s, &admin, GRID).await["level"], 13);
    assert_eq!(
        data(&s, &admin, "/api/spot/v2/road/gridstatistics/percent").await["level"],
        14
    );
    assert_eq!(
        data(&s, &admin, &format!("{GRID}?level=9")).await["level"],
        9
    );
}

#[tokio::test]
async fn a_hubei_caller_gets_only_hubeis_cells_and_absurd_levels_are_refused() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin = s.token_of("admin", "Admin12345").await;
    let hubei_box = [108.3, 29.0, 116.1, 33.3];
    for xzqdm in ["", "?xzqdm=100000", "?xzqdm=156000000"] {
        let grid = data(&s, &hubei, &format!("{GRID}{xzqdm}")).await;
        let cells = grid_cells(&grid);
        assert_eq!(grid["total"]["count"], 9, "{xzqdm}");
        assert!(!cells.is_empty());
        assert!(
            cells
                .iter()
                .all(|&(x, y, ..)| cell_within(x, y, 13, hubei_box)),
            "{cells:?}"
        );
    }
    let country = grid_cells(&data(&s, &admin, &format!("{GRID}?xzqdm=100000")).await);
    assert!(
        country
            .iter()
            .any(|&(x, y, ..)| !cell_within(x, y, 13, hubei_box))
    );
    let guangdong = data(&s, &hubei, &format!("{GRID}?xzqdm=440000")).await;
    assert_eq!(
        (
            guangdong["total"]["count"].clone(),
            guangdong["cells"].clone()
        ),
        (json!(0), json!([]))
    );
    for level in [
        "7",
        "15",
        "255",
        "256",
        "-1",
        "99999999999999999999",
        "abc",
        "13.5",
    ] {
        let (status, body) = s.get_as(&format!("{GRID}?level={level}"), &hubei).await;
        assert_eq!(
            (status, body["code"].as_i64()),
            (400, Some(400)),
            "{level}: {body}"
        );
    }
    let (status, body) = s.get_as(&format!("{GRID}?level=15"), &hubei).await;
    assert_error(status, &body, 400, "网格级别须为8至14之间的整数");
}

#[tokio::test]
async fn the_grid_needs_the_themes_permission_and_an_area_range() {
    let s = server().await;
    let wind = s.token_of("wind", "Spots12345").await;
    let noarea = s.token_of("noarea", "Spots12345").await;
    let (status, body) = s
        .get_as("/api/spot/v2/pvland/gridstatistics/percent", &wind)
        .await;
    assert_error(status, &body, 403, NO_PERMISSION);
    let (status, body) = s.get_as(GRID, &noarea).await;
    assert_error(status, &body, 403, NO_RANGE);
    assert_eq!(s.get_json(GRID).await.0, 401);
    assert_eq!(data(&s, &wind, GRID).await["total"]["count"], 9);
}

/// The cells of a `grid_statistics_default` tile, as (x, y, count, area_m2, percent).
async fn grid_tile(
    s: &TestServer,
    path: &str,
    token: Option<&str>,
) -> (u16, Vec<(u32, u32, u64, f64, f64)>) {
    let (status, mut cells) = tile_features(s, path, token, "grid_statistics_default", |f| {
        (
            number(f, "x") as u32,
            number(f, "y") as u32,
            number(f, "count") as u64,
            number(f, "area_m2"),
            number(f, "percent"),
        )
    })
    .await;
    cells.sort_by_key(|c| (c.1, c.0));
    (status, cells)
}

#[tokio::test]
async fn the_grid_layer_draws_the_routes_cells_at_the_level_asked_for_each_caller() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin = s.token_of("admin", "Admin12345").await;
    let wind = s.token_of("wind", "Spots12345").await;
    // The z7 tile over 武汉 reaches 仙桃 too: every 湖北 cell, at level 13 and 14 alike.
    let t = geo_kit::tile::TileId::containing(114.3, 30.5, 7);
    let path = format!(
        "/ows/cloudPlatform/wmts/grid_statistics_default/7/{}/{}.pbf",
        t.x, t.y
    );
    for level in [13, 14] {
        let grid = data(&s, &hubei, &format!("{GRID}?level={level}&batch=2024Q2")).await;
        let viewparams =
            format!("?viewparams=theme:windmill;level:{level};batch:2024Q2;xzqdm:420000");
        let (status, cells) = grid_tile(&s, &format!("{path}{viewparams}"), Some(&hubei)).await;
        assert_eq!(status, 200);
        let expected: Vec<(u32, u32, u64)> =
            grid_cells(&grid).iter().map(|c| (c.0, c.1, c.2)).collect();
        let drawn: Vec<(u32, u32, u64)> = cells.iter().map(|c| (c.0, c.1, c.2)).collect();
        assert_eq!(drawn, expected, "level {level}");
        for (cell, row) in cells.iter().zip(grid["cells"].as_array().expect("cells")) {
            assert!((cell.3 - row["areaM2"].as_f64().expect("area")).abs() < 1e-6);
            assert!((cell.4 - row["percent"].as_f64().expect("percent")).abs() < 1e-9);
        }
    }
    // Over 广州: nothing for 湖北, 广东's cells for the country.
    let t = geo_kit::tile::TileId::containing(113.25, 23.12, 9);
    let path = format!(
        "/ows/cloudPlatform/wmts/grid_statistics_default/9/{}/{}.pbf?viewparams=theme:windmill",
        t.x, t.y
    );
    assert_eq!(grid_tile(&s, &path, Some(&hubei)).await.0, 204);
    let (status, cells) = grid_tile(&s, &path, Some(&admin)).await;
    assert_eq!(status, 200);
    assert_eq!(cells.iter().map(|c| c.2).sum::<u64>(), 6);
    // Nothing to the anonymous, to a caller without the theme, for an unknown theme or level.
    assert_eq!(grid_tile(&s, &path, None).await.0, 204);
    let pv = path.replace("theme:windmill", "theme:pvland");
    assert_eq!(grid_tile(&s, &pv, Some(&wind)).await.0, 204);
    for bad in [
        "theme:nope",
        "theme:windmill;level:99",
        "theme:windmill;level:x",
        "level:13",
        "theme:windmill;xzqdm:42",
    ] {
        let p = format!("{}?viewparams={bad}", path.split('?').next().expect("path"));
        assert_eq!(grid_tile(&s, &p, Some(&admin)).await.0, 204, "{bad}");
    }
    // Viewparams past their bound are refused before anything is read.
    let huge = format!(
        "{}?viewparams=theme:windmill;level:{}",
        path.split('?').next().expect("path"),
        "1".repeat(300)
    );
    assert_eq!(get(&s, &huge, Some(&admin)).await.status(), 400);
}

/// The zones of a zone layer's tile, as (spots, batch).
async fn zone_tile(s: &TestServer, path: &str, token: Option<&str>) -> (u16, Vec<(i64, String)>) {
    let layer = path.split('/').nth(4).expect("layer name");
    tile_features(s, path, token, layer, |f| {
        (number(f, "spots") as i64, text(f, "batch"))
    })
    .await
}

#[tokio::test]
async fn the_wind_zones_join_each_countys_near_spots_per_batch_within_the_callers_ranges() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let wind = s.token_of("wind", "Spots12345").await;
    let admin = s.token_of("admin", "Admin12345").await;
    // The z7 tile over 武汉 reaches 仙桃 too: each county's spots are 100 m apart (one
    // zone), the counties kilometres apart.
    let t = geo_kit::tile::TileId::containing(114.3, 30.5, 7);
    let path = format!(
        "/ows/cloudPlatform/wmts/windmill_zones/7/{}/{}.pbf",
        t.x, t.y
    );
    let three = |batch: &str, n: usize, spots: i64| vec![(spots, batch.to_owned()); n];
    assert_eq!(
        zone_tile(&s, &path, Some(&hubei)).await,
        (200, three("2024Q3", 3, 3))
    );
    assert_eq!(
        zone_tile(&s, &path, Some(&wind)).await,
        (200, three("2024Q3", 3, 3))
    );
    assert_eq!(
        zone_tile(&s, &format!("{path}?viewparams=batch:2024Q2"), Some(&hubei)).await,
        (200, three("2024Q2", 3, 2))
    );
    // 广东's two counties are the country's besides.
    let g = geo_kit::tile::TileId::containing(113.25, 23.12, 7);
    let south = format!(
        "/ows/cloudPlatform/wmts/windmill_zones/7/{}/{}.pbf",
        g.x, g.y
    );
    assert_eq!(zone_tile(&s, &south, Some(&hubei)).await.0, 204);
    assert_eq!(zone_tile(&s, &south, Some(&admin)).await.1.len(), 2);
    // Nothing to the anonymous, or to a caller without the theme.
    assert_eq!(zone_tile(&s, &path, None).await.0, 204);
    let pv = path.replace("windmill_zones", "pvland_zones");
    assert_eq!(zone_tile(&s, &pv, Some(&wind)).await.0, 204);
}

const DYNAMIC: &str = "/api/spot/v2/steelplant/dynamic?from=2024Q2&to=2024Q3";

/// `(count, area)` of each kind of a dynamic analysis's tallies, in the order appeared,
/// grew, shrank, vanished, unchanged.
fn kinds(tallies: &Value) -> Vec<(u64, f64)> {
    ["appeared", "grew", "shrank", "vanished", "unchanged"]
        .iter()
        .map(|k| {
            (
                tallies[k]["count"].as_u64().expect("count"),
                tallies[k]["areaM2"].as_f64().expect("area"),
            )
        })
        .collect()
}

#[tokio::test]
async fn dynamic_changes_add_up_to_both_batches_and_stay_inside_the_callers_ranges() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let admin = s.token_of("admin", "Admin12345").await;
    let d = data(&s, &hubei, DYNAMIC).await;
    assert_eq!(
        (
            d["regionId"].as_str(),
            d["from"]["id"].as_str(),
            d["to"]["id"].as_str()
        ),
        (Some("420000"), Some("2024Q2"), Some("2024Q3"))
    );
    assert_eq!(
        kinds(&d["total"]),
        [
            (1, 3000.0),
            (1, 1000.0),
            (1, 3000.0),
            (1, 4000.0),
            (1, 2000.0)
        ]
    );
    // The totals are the sum of the region rows (武汉 with four changes, 仙桃 with one).
    let rows = d["regions"].as_array().expect("rows");
    let ids: Vec<&str> = rows.iter().filter_map(|r| r["regionId"].as_str()).collect();
    assert_eq!(ids, ["420100", "429004"]);
    let mut sum = vec![(0, 0.0); 5];
    for row in rows {
        for (s, k) in sum.iter_mut().zip(kinds(row)) {
            *s = (s.0 + k.0, s.1 + k.1);
        }
    }
    assert_eq!(sum, kinds(&d["total"]));
    // Appeared, grew, shrank and unchanged are the later batch's spots; vanished and the
    // three matched are the earlier batch's.
    let count = |batch: &str| {
        let path = format!("/api/spot/v2/steelplant/spotstatistics?batch={batch}");
        let s = &s;
        let hubei = &hubei;
        async move { data(s, hubei, &path).await["total"]["count"].as_u64() }
    };
    let t = kinds(&d["total"]);
    assert_eq!(
        Some(t[0].0 + t[1].0 + t[2].0 + t[4].0),
        count("2024Q3").await
    );
    assert_eq!(Some(t[3].0 + 3), count("2024Q2").await);
    // Asking for the country, 湖北 sees 湖北 only; the administrator sees 广东's plant too.
    let country = data(&s, &hubei, &format!("{DYNAMIC}&xzqdm=100000")).await;
    assert_eq!(
        (
            country["regions"].as_array().map(Vec::len),
            country["regions"][0]["regionId"].as_str()
        ),
        (Some(1), Some("420000"))
    );
    assert_eq!(kinds(&country["total"]), kinds(&d["total"]));
    let all = data(&s, &admin, &format!("{DYNAMIC}&xzqdm=100000")).await;
    assert_eq!(all["total"]["unchanged"]["count"], 2);
    assert_eq!(all["regions"][1]["regionId"], "440000");
    let guangdong = data(&s, &hubei, &format!("{DYNAMIC}&xzqdm=440000")).await;
    assert_eq!(kinds(&guangdong["total"]), [(0, 0.0); 5]);
}

#[tokio::test]
async fn a_dynamic_analysis_needs_two_known_batches_and_the_themes_permission() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let wind = s.token_of("wind", "Spots12345").await;
    let same = "/api/spot/v2/steelplant/dynamic?from=2024Q3&to=2024Q3";
    let (status, body) = s.get_as(same, &hubei).await;
    assert_error(status, &body, 400, "请选择两个不同的批次进行对比");
    let unknown = "/api/spot/v2/steelplant/dynamic?from=1999Q1&to=2024Q3";
    let (status, body) = s.get_as(unknown, &hubei).await;
    assert_error(status, &body, 400, "对比批次不存在，请重新选择批次");
    let (status, body) = s
        .get_as("/api/spot/v2/steelplant/dynamic?from=2024Q2", &hubei)
        .await;
    assert_eq!((status, body["code"].as_i64()), (400, Some(400)), "{body}");
    for path in [
        DYNAMIC,
        "/api/spot/v2/steelplant/dynamic/export/excel?from=2024Q2&to=2024Q3",
    ] {
        let (status, body) = s.get_as(path, &wind).await;
        assert_error(status, &body, 403, NO_PERMISSION);
        let (status, _) = s.get_json(path).await;
        assert_eq!(status, 401);
    }
}

/// The kinds of the features of a `spot_dynamic` tile, sorted.
async fn change_kinds(s: &TestServer, path: &str, token: Option<&str>) -> Vec<String> {
    let r = get(s, path, token).await;
    if r.status() != 200 {
        return Vec::new();
    }
    let bytes = r.bytes().await.expect("bytes");
    let tile = geo_kit::mvt::decode::decode(&bytes).expect("valid MVT");
    let mut kinds: Vec<String> = tile
        .layer("spot_dynamic")
        .map(|l| {
            l.features
                .iter()
                .map(|f| match f.property("kind") {
                    Some(geo_kit::mvt::Value::String(k)) => k.clone(),
                    other => panic!("kind: {other:?}"),
                })
                .collect()
        })
        .unwrap_or_default();
    kinds.sort();
    kinds
}

#[tokio::test]
async fn the_change_layer_draws_what_changed_for_callers_with_the_permission_only() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let wind = s.token_of("wind", "Spots12345").await;
    // The z7 tile over 武汉 reaches 仙桃 too.
    let t = geo_kit::tile::TileId::containing(114.3, 30.5, 7);
    let path = format!(
        "/ows/cloudPlatform/wmts/spot_dynamic/7/{}/{}.pbf?viewparams=theme:steelplant;from:2024Q2;to:2024Q3",
        t.x, t.y
    );
    assert_eq!(
        change_kinds(&s, &path, Some(&hubei)).await,
        ["appeared", "grew", "shrank", "vanished"],
        "the unchanged plant is not drawn"
    );
    assert!(
        change_kinds(&s, &path, Some(&wind)).await.is_empty(),
        "no MOD_060"
    );
    assert!(change_kinds(&s, &path, None).await.is_empty(), "anonymous");
    // 广州 for 湖北: nothing; the same batch twice: nothing.
    let g = geo_kit::tile::TileId::containing(113.25, 23.12, 7);
    let guangzhou = format!(
        "/ows/cloudPlatform/wmts/spot_dynamic/7/{}/{}.pbf?viewparams=theme:steelplant;from:2024Q2;to:2024Q3",
        g.x, g.y
    );
    let admin = s.token_of("admin", "Admin12345").await;
    assert!(change_kinds(&s, &guangzhou, Some(&hubei)).await.is_empty());
    assert!(
        change_kinds(&s, &guangzhou, Some(&admin)).await.is_empty(),
        "unchanged only"
    );
    let same = path.replace("from:2024Q2", "from:2024Q3");
    assert!(change_kinds(&s, &same, Some(&hubei)).await.is_empty());
}

/// The features of a workbook as GDAL reads it: per row, field name → value as printed.
fn workbook_rows(xlsx: &[u8]) -> Vec<Vec<(String, String)>> {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("book.xlsx");
    std::fs::write(&file, xlsx).expect("save");
    let info = common::ogrinfo(&["-al"], &file.to_string_lossy());
    let mut rows: Vec<Vec<(String, String)>> = Vec::new();
    for line in info.lines() {
        let line = line.trim();
        if line.starts_with("OGRFeature(") {
            rows.push(Vec::new());
        } else if let (Some(row), Some((field, value))) = (rows.last_mut(), line.split_once(" = "))
            && let Some((name, _)) = field.rsplit_once(" (")
        {
            row.push((name.to_owned(), value.to_owned()));
        }
    }
    rows
}

/// A row's value of a field as a number.
fn field_number(row: &[(String, String)], field: &str) -> f64 {
    row.iter()
        .find(|(name, _)| name == field)
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or_else(|| panic!("{field} in {row:?}"))
}

#[tokio::test]
async fn the_trend_workbook_holds_the_trends_numbers() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let query = "?termChoose=change&termData=0,1";
    let trend = data(&s, &hubei, &format!("/api/spot/v2/windmill/trend{query}")).await;
    let xlsx = workbook(
        &s,
        &format!("/api/spot/v2/windmill/trend/export/excel{query}"),
        &hubei,
        "windmill_trend.xlsx",
    )
    .await;
    let rows = workbook_rows(&xlsx);
    let batches = trend["batches"].as_array().expect("batches");
    assert_eq!(rows.len(), batches.len(), "a row per batch");
    for (row, batch) in rows.iter().zip(batches) {
        assert!(row.contains(&(
            "批次".into(),
            batch["batch"]["typeName"].as_str().expect("name").into()
        )));
        assert_eq!(
            field_number(row, "图斑数量"),
            batch["total"]["count"].as_f64().expect("count")
        );
        assert_eq!(
            field_number(row, "图斑面积（m²）"),
            batch["total"]["areaM2"].as_f64().expect("area")
        );
        for change in batch["byChange"].as_array().expect("by change") {
            let label = change["label"].as_str().expect("label");
            assert_eq!(
                field_number(row, &format!("{label}数量")),
                change["count"].as_f64().expect("count"),
                "{label}"
            );
        }
    }
    assert_eq!(
        field_number(&rows[0], "图斑数量"),
        3.0,
        "2024Q2 in 湖北: one spot of change 1 per county"
    );
}

#[tokio::test]
async fn the_dynamic_workbook_opens_with_a_row_per_region_and_the_total() {
    let s = server().await;
    let hubei = s.token_of("hubei", "Hubei12345").await;
    let xlsx = workbook(
        &s,
        "/api/spot/v2/steelplant/dynamic/export/excel?from=2024Q2&to=2024Q3&xzqdm=420100",
        &hubei,
        "steelplant_dynamic_2024Q2_2024Q3.xlsx",
    )
    .await;
    let rows = workbook_rows(&xlsx);
    let names: Vec<&str> = rows
        .iter()
        .filter_map(|r| {
            r.iter()
                .find(|(f, _)| f == "行政区")
                .map(|(_, v)| v.as_str())
        })
        .collect();
    assert_eq!(names, ["江岸区", "洪山区", "武汉市合计"]);
    let total = &rows[2];
    for (field, value) in [
        ("新增数量", 0.0),
        ("扩大数量", 1.0),
        ("缩小面积（m²）", 3000.0),
        ("消失数量", 1.0),
        ("不变数量", 1.0),
    ] {
        assert_eq!(field_number(total, field), value, "{field}");
    }
}
