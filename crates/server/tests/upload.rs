//! Uploads over HTTP (select modes 3 and 5) on a small hand-made catalogue: a
//! 10 × 10 grid of 0.2° scenes east of Wuhan. Areas uploaded in every format,
//! and a shapefile GDAL writes in a Gauss-Krüger zone, must find exactly the
//! scenes the same rectangle finds; bad files are refused with a reason and
//! leave nothing stored; lists of file names and path/rows select scenes; a
//! stored area comes back by its id; one address may upload only so often.

mod common;

use std::io::Write;
use std::path::Path;
use std::process::Command;

use common::{TestServer, assert_error};
use serde_json::{Value, json};

/// The rectangle every area upload describes; its edges run through the
/// middle of scenes, so a slightly curved edge (a reprojected one) meets the
/// same scenes.
const RECT: [f64; 4] = [114.3, 30.3, 115.1, 30.9];

fn rect_ring() -> Vec<[f64; 2]> {
    let [x0, y0, x1, y1] = RECT;
    vec![[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]
}

fn file_name(i: usize, j: usize) -> String {
    format!(
        "GF{}_PMS1_E{:.1}_N{:.1}_2025{:02}{:02}_L1A{:05}.tar.gz",
        1 + (i + j) % 2,
        114.0 + 0.2 * i as f64,
        30.0 + 0.2 * j as f64,
        1 + j % 12,
        1 + i,
        i * 10 + j
    )
}

/// Scene (i, j): satellite GF1 or GF2 in turn, path 100 + i, row 50 + j.
fn catalogue(dir: &Path) -> std::path::PathBuf {
    let mut features = Vec::new();
    for i in 0..10 {
        for j in 0..10 {
            let (x, y) = (114.0 + 0.2 * i as f64, 30.0 + 0.2 * j as f64);
            let day = time::Date::from_ordinal_date(2025, 1 + (i * 10 + j) as u16).expect("day");
            features.push(json!({"type": "Feature",
                "properties": {"sceneId": format!("S{i}{j}"), "fileName": file_name(i, j),
                    "satellite": format!("GF{}", 1 + (i + j) % 2), "sensor": "PMS1",
                    "acquiredAt": format!("{day}T03:00:00Z"), "cloud": ((i * 7 + j * 3) % 100) as f64,
                    "path": 100 + i, "row": 50 + j},
                "geometry": {"type": "Polygon", "coordinates": [[[x, y], [x + 0.2, y], [x + 0.2, y + 0.2], [x, y + 0.2], [x, y]]]}}));
        }
    }
    let path = dir.join("scenes.geojson");
    std::fs::write(
        &path,
        json!({"type": "FeatureCollection", "features": features}).to_string(),
    )
    .expect("write");
    path
}

/// The server and its database file.
async fn server() -> (TestServer, std::path::PathBuf) {
    let data = tempfile::tempdir().expect("tempdir");
    let dir = data.path();
    let database = dir.join("rscloud.gpkg");
    let file = catalogue(dir);
    let out = Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .args(["import", "scenes"])
        .arg(&file)
        .arg("--data")
        .arg(dir)
        .output()
        .expect("rscloud");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (TestServer::start_in(data, |_| {}).await, database)
}

/// POSTs a multipart form with the file (and `kind` when given).
async fn upload(
    s: &TestServer,
    route: &str,
    name: &str,
    bytes: &[u8],
    kind: Option<&str>,
) -> (u16, Value) {
    let (content_type, body) = form(name, bytes, kind);
    s.post_raw(
        &format!("/api/normal/v5/upload/{route}"),
        &content_type,
        body,
    )
    .await
}

/// A multipart form with the file (and `kind` when given): its content type and body.
fn form(name: &str, bytes: &[u8], kind: Option<&str>) -> (String, Vec<u8>) {
    let fields: Vec<(&str, &str)> = kind.map(|k| ("kind", k)).into_iter().collect();
    common::multipart(&fields, Some((name, bytes)))
}

fn zip_of(files: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (name, bytes) in files {
        zip.start_file(*name, zip::write::SimpleFileOptions::default())
            .expect("start");
        zip.write_all(bytes).expect("write");
    }
    zip.finish().expect("finish").into_inner()
}

/// What GDAL writes from a GeoJSON geometry, in `srs` when given: a zipped
/// shapefile (with or without its .prj), or with `geojson` a GeoJSON file
/// naming its system in a `crs` member.
fn gdal(dir: &Path, geometry: &Value, srs: Option<&str>, keep_prj: bool, geojson: bool) -> Vec<u8> {
    let out = tempfile::tempdir_in(dir).expect("dir");
    let source = out.path().join("in.geojson");
    let fc = json!({"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "area"}, "geometry": geometry}]});
    std::fs::write(&source, fc.to_string()).expect("write");
    let target = out
        .path()
        .join(if geojson { "area.geojson" } else { "area.shp" });
    let mut cmd = Command::new("ogr2ogr");
    cmd.args(["-f", if geojson { "GeoJSON" } else { "ESRI Shapefile" }]);
    if let Some(srs) = srs {
        cmd.args(["-t_srs", srs]);
    }
    let status = cmd
        .arg(&target)
        .arg(&source)
        .status()
        .expect("ogr2ogr (gdal-bin)");
    assert!(status.success());
    if geojson {
        return std::fs::read(&target).expect("read");
    }
    let mut files = Vec::new();
    for ext in ["shp", "shx", "dbf", "prj", "cpg"] {
        let p = out.path().join(format!("area.{ext}"));
        if p.exists() && (keep_prj || ext != "prj") {
            files.push((format!("area.{ext}"), std::fs::read(&p).expect("read")));
        }
    }
    let named: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    zip_of(&named)
}

fn gdal_shapefile(dir: &Path, geometry: Value, srs: Option<&str>, keep_prj: bool) -> Vec<u8> {
    gdal(dir, &geometry, srs, keep_prj, false)
}

fn kml() -> String {
    let coords: Vec<String> = rect_ring()
        .iter()
        .map(|[x, y]| format!("{x},{y},0"))
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>范围</name><Polygon><outerBoundaryIs><LinearRing><coordinates>{}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>"#,
        coords.join(" ")
    )
}

async fn ids(s: &TestServer, query: Value) -> Vec<String> {
    let (status, body) = s.post_json("/api/normal/v5/allids", None, &query).await;
    assert_eq!(status, 200, "{body}");
    let mut ids: Vec<String> = body["data"]["ids"]
        .as_array()
        .expect("ids")
        .iter()
        .map(|v| v.as_str().expect("id").to_owned())
        .collect();
    ids.sort();
    ids
}

fn stored_uploads(database: &Path) -> i64 {
    let conn = rusqlite::Connection::open(database).expect("db");
    conn.query_row("SELECT count(*) FROM upload", [], |r| r.get(0))
        .expect("count")
}

#[tokio::test]
async fn an_area_in_every_format_and_in_a_gauss_kruger_zone_finds_what_the_rectangle_finds() {
    let (s, db) = server().await;
    let dir = tempfile::tempdir().expect("tempdir");
    let expected = ids(&s, json!({"selectMode": 2, "extent": RECT})).await;
    // Columns 1–5 by rows 1–4 of the grid.
    assert_eq!(expected.len(), 20, "{expected:?}");
    let polygon = json!({"type": "Polygon", "coordinates": [rect_ring()]});
    let wkt = format!(
        "POLYGON(({}))",
        rect_ring()
            .iter()
            .map(|[x, y]| format!("{x} {y}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let files: Vec<(&str, Vec<u8>, &str)> = vec![
        ("area.wkt", wkt.into_bytes(), "WGS 84 (EPSG:4326)"),
        (
            "area.geojson",
            json!({"type": "Feature", "properties": {}, "geometry": polygon})
                .to_string()
                .into_bytes(),
            "WGS 84 (EPSG:4326)",
        ),
        ("area.kml", kml().into_bytes(), "WGS 84 (EPSG:4326)"),
        (
            "area.kmz",
            zip_of(&[("doc.kml", kml().into_bytes())]),
            "WGS 84 (EPSG:4326)",
        ),
        (
            "wgs84.zip",
            gdal_shapefile(dir.path(), polygon.clone(), None, true),
            "WGS 84 (EPSG:4326)",
        ),
        (
            "no-prj.zip",
            gdal_shapefile(dir.path(), polygon.clone(), None, false),
            "WGS 84 (EPSG:4326)",
        ),
        (
            "cgcs2000.zip",
            gdal_shapefile(dir.path(), polygon.clone(), Some("EPSG:4490"), true),
            "CGCS2000 (EPSG:4490)",
        ),
        (
            "gk-zone-38.zip",
            gdal_shapefile(dir.path(), polygon.clone(), Some("EPSG:4526"), true),
            "CGCS2000 / 3-degree Gauss-Kruger zone 38 (EPSG:4526)",
        ),
        (
            "gk-cm-114.zip",
            gdal_shapefile(dir.path(), polygon.clone(), Some("EPSG:4547"), true),
            "CGCS2000 / 3-degree Gauss-Kruger CM 114E (EPSG:4547)",
        ),
        (
            "gk-zone-38.geojson",
            gdal(dir.path(), &polygon, Some("EPSG:4526"), true, true),
            "CGCS2000 / 3-degree Gauss-Kruger zone 38 (EPSG:4526)",
        ),
    ];
    // The rectangle's geodesic area: 0.8° × 0.6° at 30.6°N.
    let rect_km2 = {
        use geo::GeodesicArea;
        let [x0, y0, x1, y1] = RECT;
        geo_types::Rect::new(
            geo_types::coord! {x: x0, y: y0},
            geo_types::coord! {x: x1, y: y1},
        )
        .to_polygon()
        .geodesic_area_unsigned()
            / 1e6
    };
    for (name, bytes, crs) in files {
        let (status, body) = upload(&s, "shp", name, &bytes, None).await;
        assert_eq!(status, 200, "{name}: {body}");
        let data = &body["data"];
        assert_eq!(data["crs"], crs, "{name}");
        assert_eq!(
            (data["parts"].as_u64(), data["repaired"].as_bool()),
            (Some(1), Some(false)),
            "{name}"
        );
        assert_eq!(data["geojson"]["type"], "MultiPolygon");
        let km2 = data["areaKm2"].as_f64().expect("area");
        assert!(
            (km2 - rect_km2).abs() / rect_km2 < 1e-3,
            "{name}: {km2} km² against {rect_km2}"
        );
        let id = data["uploadId"].as_str().expect("id");
        assert!(id.len() >= 32, "an unguessable id: {id}");
        let found = ids(&s, json!({"selectMode": 3, "uploadId": id})).await;
        assert_eq!(found, expected, "{name}");
    }
    assert_eq!(stored_uploads(&db), 10);
}

#[tokio::test]
async fn bad_area_files_are_refused_with_the_reason_and_nothing_is_stored() {
    let (s, db) = server().await;
    let dir = tempfile::tempdir().expect("tempdir");
    let polygon = json!({"type": "Polygon", "coordinates": [rect_ring()]});
    let line = json!({"type": "LineString", "coordinates": [[114.0, 30.0], [115.0, 31.0]]});
    // 50 MB of zeros deflate to about 50 KB: a 1000:1 bomb.
    let bomb = zip_of(&[
        ("area.shp", vec![0u8; 50 << 20]),
        ("area.dbf", vec![0u8; 10]),
    ]);
    let circle: Vec<String> = (0..=100_000)
        .map(|k| {
            let a = std::f64::consts::TAU * f64::from(k % 100_000) / 100_000.0;
            format!("{:.7} {:.7}", 114.5 + 0.3 * a.cos(), 30.5 + 0.3 * a.sin())
        })
        .collect();
    let dense = format!("POLYGON(({}))", circle.join(","));
    let cases: Vec<(&str, Vec<u8>, String)> = vec![
        ("empty.zip", Vec::new(), "文件为空".into()),
        (
            "not-a.zip",
            b"PK? not really".to_vec(),
            "不是有效的 zip 文件".into(),
        ),
        (
            "bomb.zip",
            bomb,
            "area.shp 的压缩比异常（疑似压缩炸弹），已拒绝".into(),
        ),
        (
            "dense.wkt",
            dense.into_bytes(),
            "范围的顶点过多：100001 个，上限 100000 个。请简化范围后再试".into(),
        ),
        (
            "utm.zip",
            gdal_shapefile(dir.path(), polygon.clone(), Some("EPSG:32650"), true),
            "不支持的坐标系：WGS_1984_UTM_Zone_50N".into(),
        ),
        (
            "beijing54.zip",
            gdal_shapefile(dir.path(), polygon.clone(), Some("EPSG:2435"), true),
            "不支持的坐标系：Beijing_1954_3_Degree_GK_CM_114E".into(),
        ),
        (
            "gk-no-prj.zip",
            gdal_shapefile(dir.path(), polygon.clone(), Some("EPSG:4526"), false),
            "文件没有坐标系（.prj）".into(),
        ),
        (
            "lines.zip",
            gdal_shapefile(dir.path(), line.clone(), None, true),
            "文件中含有线，只有面（Polygon/MultiPolygon）才能作为查询范围".into(),
        ),
        (
            "web-mercator.geojson",
            gdal(dir.path(), &polygon, Some("EPSG:3857"), true, true),
            "不支持的坐标系：urn:ogc:def:crs:EPSG::3857".into(),
        ),
        (
            "metres.wkt",
            b"POLYGON((500000 3300000, 510000 3300000, 510000 3310000, 500000 3300000))".to_vec(),
            "坐标 (500000.000, 3300000.000) 不是经纬度：WKT 文件应为 WGS84 经纬度".into(),
        ),
        (
            "point.geojson",
            json!({"type": "Point", "coordinates": [114, 30]})
                .to_string()
                .into_bytes(),
            "文件中含有点".into(),
        ),
        (
            "area.dxf",
            b"0\nSECTION".to_vec(),
            "不支持的文件类型：area.dxf".into(),
        ),
        (
            "big.wkt",
            vec![b' '; (20 << 20) + 1],
            "文件超过 20 MB，请压缩或简化后再上传".into(),
        ),
    ];
    for (name, bytes, message) in cases {
        let (status, body) = upload(&s, "shp", name, &bytes, None).await;
        assert_eq!(
            (status, body["code"].as_i64()),
            (400, Some(400)),
            "{name}: {body}"
        );
        let got = body["message"].as_str().expect("message");
        assert!(got.starts_with(&message), "{name}: {got}");
    }
    let (status, body) = s
        .post_json(
            "/api/normal/v5/upload/shp",
            None,
            &json!({"file": "area.wkt"}),
        )
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["message"],
        "上传格式错误：需要 multipart/form-data 表单"
    );
    let (status, body) = upload(&s, "file", "names.txt", b"x", None).await;
    assert_eq!(status, 200, "the list route takes it: {body}");
    let (status, body) = s
        .post_raw(
            "/api/normal/v5/upload/shp",
            "multipart/form-data; boundary=b",
            "--b\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nx\r\n--b--\r\n",
        )
        .await;
    assert_error(status, &body, 400, "请选择要上传的文件");
    assert_eq!(stored_uploads(&db), 1, "nothing half-stored");
    // A self-crossing ring is repaired into its two triangles.
    let (status, body) = upload(
        &s,
        "shp",
        "bowtie.wkt",
        b"POLYGON((114.3 30.3, 115.1 30.9, 115.1 30.3, 114.3 30.9, 114.3 30.3))",
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["parts"].as_u64(),
            body["data"]["repaired"].as_bool()
        ),
        (Some(2), Some(true))
    );
    // Modes 3 and 5 need an id that exists and is of their kind.
    let id = body["data"]["uploadId"].as_str().expect("id").to_owned();
    let cases = [
        (json!({"selectMode": 3}), 400, "请先上传范围文件"),
        (
            json!({"selectMode": 3, "uploadId": "nope"}),
            404,
            "上传文件已过期或不存在，请重新上传",
        ),
        (
            json!({"selectMode": 5, "uploadId": id}),
            400,
            "该上传是范围文件，请用范围文件查询方式（selectMode 3）",
        ),
    ];
    for (query, status, message) in cases {
        let (got, body) = s.post_json("/api/normal/v5/normalmeta", None, &query).await;
        assert_error(got, &body, status, message);
    }
}

#[tokio::test]
async fn lists_of_file_names_and_path_rows_select_scenes_with_the_filters() {
    let (s, db) = server().await;
    // GBK text with a header, a name without extension in another case, a
    // full path, a duplicate and a name no scene has.
    let names = format!(
        "文件名\n{}\n{}\nD:\\影像\\{}\n{}\nGF9_NOT_THERE\n",
        file_name(0, 0),
        file_name(1, 0).trim_end_matches(".tar.gz").to_lowercase(),
        file_name(2, 0),
        file_name(0, 0)
    );
    let (gbk, _, _) = encoding_rs::GBK.encode(&names);
    let (status, body) = upload(&s, "file", "names.txt", &gbk, Some("filename")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["kind"].as_str(),
            body["data"]["count"].as_u64()
        ),
        (Some("filename"), Some(4))
    );
    let id = body["data"]["uploadId"].as_str().expect("id");
    assert_eq!(
        ids(&s, json!({"selectMode": 5, "uploadId": id})).await,
        ["S00", "S10", "S20"]
    );
    // (i + j) even is GF1: S00 and S20.
    let gf1 = json!({"selectMode": 5, "uploadId": id, "satellites": [{"satellite": "GF1"}]});
    assert_eq!(ids(&s, gf1).await, ["S00", "S20"]);

    let csv = "\u{feff}satellite,path,row\nGF1,100,50\n103,52\ngf2,101,50\nNOPE,1,1\n1,2,3,4\n";
    let (status, body) = upload(&s, "file", "rows.csv", csv.as_bytes(), Some("pathrow")).await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!(
        data["entries"],
        json!(["GF1,100,50", "103,52", "GF2,101,50"])
    );
    assert_eq!(data["rejected"].as_array().map(Vec::len), Some(2));
    assert_eq!(
        data["rejected"][0],
        json!({"line": 5, "text": "NOPE,1,1", "reason": "卫星不存在：NOPE"})
    );
    let id = data["uploadId"].as_str().expect("id");
    let by_rows = json!({"selectMode": 5, "uploadId": id, "sort": "cloud"});
    assert_eq!(ids(&s, by_rows).await, ["S00", "S10", "S32"]);
    // The same path/rows through `pr`, paged.
    let (status, page) = s
        .post_json("/api/normal/v5/pr", None, &json!({"pathRows": [{"satellite": "GF1", "path": 100, "row": 50}, {"path": 103, "row": 52}, {"satellite": "gf2", "path": 101, "row": 50}], "pageSize": 2}))
        .await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["data"]["total"], 3);
    assert_eq!(page["data"]["list"].as_array().map(Vec::len), Some(2));
    // Newest first: S32 is day 33, S10 day 11.
    assert_eq!(page["data"]["list"][0]["id"], "S32");

    let bad = [
        (
            "rows.xlsx",
            "GF1,1,1",
            Some("pathrow"),
            "请上传 .txt 或 .csv 文件",
        ),
        (
            "rows.csv",
            "GF1,1,1",
            Some("nope"),
            "kind 无效：nope（filename 或 pathrow）",
        ),
        (
            "rows.csv",
            "x,y\n",
            Some("pathrow"),
            "文件中没有有效的条带号（每行“卫星,轨道号,行号”或“轨道号,行号”）",
        ),
    ];
    for (name, text, kind, message) in bad {
        let (status, body) = upload(&s, "file", name, text.as_bytes(), kind).await;
        assert_error(status, &body, 400, message);
    }
    assert_eq!(stored_uploads(&db), 2);
}

#[tokio::test]
async fn names_are_suggested_and_looked_up_and_the_template_downloads() {
    let (s, _) = server().await;
    let (status, body) = s
        .get_json("/api/normal/v5/filename?name=gf1_pms1_e114.2")
        .await;
    assert_eq!(status, 200, "{body}");
    let names: Vec<&str> = body["data"]
        .as_array()
        .expect("names")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(names.len(), 5, "{names:?}");
    assert!(names.iter().all(|n| n.starts_with("GF1_PMS1_E114.2")));
    let (_, body) = s.get_json("/api/normal/v5/filename?name=N30.4").await;
    assert_eq!(
        body["data"].as_array().map(Vec::len),
        Some(10),
        "contained, not only leading"
    );
    let (status, body) = s.get_json("/api/normal/v5/filename?name=").await;
    assert_error(status, &body, 400, "请输入文件名（1–255 个字符）");

    let wanted =
        json!({"names": [file_name(3, 3), "gf9_missing.tar.gz", file_name(0, 1).to_uppercase()]});
    let (status, body) = s.post_json("/api/normal/v5/filenames", None, &wanted).await;
    assert_eq!(status, 200, "{body}");
    let found: Vec<&str> = body["data"]["found"]
        .as_array()
        .expect("found")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert_eq!(found, ["S33", "S01"]);
    assert_eq!(body["data"]["missing"], json!(["gf9_missing.tar.gz"]));
    let too_many: Vec<String> = (0..1001).map(|i| format!("n{i}")).collect();
    let (status, body) = s
        .post_json(
            "/api/normal/v5/filenames",
            None,
            &json!({"names": too_many}),
        )
        .await;
    assert_error(status, &body, 400, "请提供 1–1000 个文件名");

    let r = s
        .client
        .get(s.url("/api/normal/v5/template/pathandrows"))
        .send()
        .await
        .expect("template");
    assert_eq!(r.status(), 200);
    assert!(
        r.headers()["content-disposition"]
            .to_str()
            .expect("header")
            .starts_with("attachment")
    );
    let bytes = r.bytes().await.expect("body");
    assert!(bytes.starts_with(b"\xef\xbb\xbfsatellite,path,row\r\n"));
    assert_eq!(
        bytes
            .split(|b| *b == b'\n')
            .filter(|l| !l.is_empty())
            .count(),
        3
    );
}

#[tokio::test]
async fn an_upload_older_than_a_week_is_gone_and_purged_by_the_next_one() {
    let (s, db) = server().await;
    let conn = rusqlite::Connection::open(&db).expect("db");
    rscloud::db::gpkg::register_functions(&conn).expect("functions");
    let entries = json!({"kind": "filename", "entries": [file_name(0, 0)]}).to_string();
    for (id, days) in [("eight-days-old", 8), ("six-days-old", 6)] {
        conn.execute(
            "INSERT INTO upload (upload_id, kind, entries, file_name, created_at)
             VALUES (?1, 'filename', ?2, 'old.txt', unixepoch() - ?3 * 86400)",
            rusqlite::params![id, entries, days],
        )
        .expect("insert");
    }
    let (status, body) = s
        .post_json(
            "/api/normal/v5/normalmeta",
            None,
            &json!({"selectMode": 5, "uploadId": "eight-days-old"}),
        )
        .await;
    assert_error(status, &body, 404, "上传文件已过期或不存在，请重新上传");
    assert_eq!(
        ids(&s, json!({"selectMode": 5, "uploadId": "six-days-old"})).await,
        ["S00"]
    );
    let (status, _) = upload(&s, "file", "names.txt", file_name(1, 1).as_bytes(), None).await;
    assert_eq!(status, 200);
    let left: Vec<String> = conn
        .prepare("SELECT upload_id FROM upload WHERE file_name = 'old.txt'")
        .expect("prepare")
        .query_map([], |r| r.get(0))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(left, ["six-days-old"]);
}

#[tokio::test]
async fn an_upload_comes_back_by_its_id_as_its_upload_answered() {
    let (s, db) = server().await;
    let dir = tempfile::tempdir().expect("tempdir");
    let polygon = json!({"type": "Polygon", "coordinates": [rect_ring()]});
    let files = [
        (
            "gk-zone-38.zip",
            gdal_shapefile(dir.path(), polygon, Some("EPSG:4526"), true),
        ),
        (
            "bowtie.wkt",
            b"POLYGON((114.3 30.3, 115.1 30.9, 115.1 30.3, 114.3 30.9, 114.3 30.3))".to_vec(),
        ),
    ];
    for (name, bytes) in files {
        let (status, uploaded) = upload(&s, "shp", name, &bytes, None).await;
        assert_eq!(status, 200, "{name}: {uploaded}");
        let id = uploaded["data"]["uploadId"].as_str().expect("id");
        let (status, again) = s.get_json(&format!("/api/normal/v5/upload/shp/{id}")).await;
        assert_eq!(status, 200, "{name}: {again}");
        assert_eq!(again, uploaded, "{name}");
    }
    // A list comes back with its lines left out, and each kind only from its own route.
    let text = format!(
        "{}\n{}\n{}\n",
        file_name(0, 0),
        "x".repeat(300),
        file_name(0, 1)
    );
    let (_, list) = upload(&s, "file", "names.txt", text.as_bytes(), None).await;
    assert_eq!(
        list["data"]["rejected"][0]["reason"], "文件名过长",
        "{list}"
    );
    let list_id = list["data"]["uploadId"].as_str().expect("id");
    let (status, again) = s
        .get_json(&format!("/api/normal/v5/upload/file/{list_id}"))
        .await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again, list);
    let (status, body) = s
        .get_json(&format!("/api/normal/v5/upload/shp/{list_id}"))
        .await;
    assert_error(
        status,
        &body,
        400,
        "该上传是文件名或条带号列表，不是范围文件",
    );
    let (status, body) = s
        .get_json(&format!(
            "/api/normal/v5/upload/file/{}",
            uploaded_area_id(&s).await
        ))
        .await;
    assert_error(status, &body, 400, "该上传是范围文件，不是列表");
    let conn = rusqlite::Connection::open(&db).expect("db");
    rscloud::db::gpkg::register_functions(&conn).expect("functions");
    conn.execute(
        "UPDATE upload SET created_at = unixepoch() - 8 * 86400 WHERE file_name = 'bowtie.wkt'",
        [],
    )
    .expect("age");
    let expired: String = conn
        .query_row(
            "SELECT upload_id FROM upload WHERE file_name = 'bowtie.wkt'",
            [],
            |r| r.get(0),
        )
        .expect("id");
    for id in [expired.as_str(), "no-such-upload"] {
        for route in ["shp", "file"] {
            let (status, body) = s
                .get_json(&format!("/api/normal/v5/upload/{route}/{id}"))
                .await;
            assert_error(status, &body, 404, "上传文件已过期或不存在，请重新上传");
        }
    }
}

/// The id of a freshly uploaded small area.
async fn uploaded_area_id(s: &TestServer) -> String {
    let (_, body) = upload(s, "shp", "area.wkt", AREA_WKT.as_bytes(), None).await;
    body["data"]["uploadId"].as_str().expect("id").to_owned()
}

/// A small area uploaded with `X-Forwarded-For: client`; the status.
async fn upload_forwarded_for(s: &TestServer, client: &str) -> u16 {
    let (content_type, body) = form("area.wkt", AREA_WKT.as_bytes(), None);
    s.client
        .post(s.url("/api/normal/v5/upload/shp"))
        .header("content-type", content_type)
        .header("x-forwarded-for", client)
        .body(body)
        .send()
        .await
        .expect("request")
        .status()
        .as_u16()
}

const AREA_WKT: &str = "POLYGON((114.3 30.3, 115.1 30.3, 115.1 30.9, 114.3 30.3))";

#[tokio::test]
async fn one_address_may_upload_sixty_times_in_fifteen_minutes() {
    let (s, db) = server().await;
    for i in 0..60 {
        let (status, body) = if i % 2 == 0 {
            upload(&s, "shp", "area.wkt", AREA_WKT.as_bytes(), None).await
        } else {
            upload(&s, "file", "names.txt", file_name(0, 0).as_bytes(), None).await
        };
        assert_eq!(status, 200, "upload {}: {body}", i + 1);
    }
    assert_eq!(stored_uploads(&db), 60);
    for route in ["shp", "file"] {
        let (status, body) = upload(&s, route, "area.wkt", AREA_WKT.as_bytes(), None).await;
        assert_error(status, &body, 429, "上传过于频繁，请稍后再试");
    }
    // No proxy is trusted here: a client naming another address in
    // X-Forwarded-For is still itself.
    assert_eq!(upload_forwarded_for(&s, "203.0.113.7").await, 429);
    assert_eq!(
        stored_uploads(&db),
        60,
        "nothing stored for the refused ones"
    );
    // Only uploads are limited: the address can still search.
    let (status, body) = s
        .post_json(
            "/api/normal/v5/allids",
            None,
            &json!({"selectMode": 2, "extent": RECT}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_upload_limit() {
    let s =
        TestServer::start_with(|c| c.trusted_proxies = vec!["127.0.0.0/8".parse().expect("net")])
            .await;
    for _ in 0..60 {
        assert_eq!(upload_forwarded_for(&s, "203.0.113.7").await, 200);
    }
    assert_eq!(upload_forwarded_for(&s, "203.0.113.7").await, 429);
    // Another office's user behind the same proxy is not locked out.
    assert_eq!(upload_forwarded_for(&s, "198.51.100.20").await, 200);
}

/// A WKT area of 2,000 nested GEOMETRYCOLLECTIONs (40 KB) once overflowed the
/// parsing thread's stack and aborted the whole server.
#[tokio::test]
async fn a_wkt_nested_two_thousand_deep_is_refused_not_a_crash() {
    let s = TestServer::start().await;
    let n = 2_000;
    let deep = format!(
        "{}POINT(114 30){}",
        "GEOMETRYCOLLECTION(".repeat(n),
        ")".repeat(n)
    );
    let (status, body) = upload(&s, "shp", "deep.wkt", deep.as_bytes(), None).await;
    assert_error(
        status,
        &body,
        400,
        &format!("WKT 无法解析：{}", geo_kit::too_deep()),
    );
    let health = s
        .client
        .get(s.url("/healthz"))
        .send()
        .await
        .expect("health");
    assert_eq!(health.status(), 200, "the server still answers");
}
