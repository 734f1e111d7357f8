use std::collections::HashSet;
use std::io::{Cursor, Read};
use std::process::Command;
use std::time::Instant;

use geo_types::{LineString, Polygon, polygon};
use shapefile::dbase::FieldValue;

use super::*;
use crate::spot::model::Attrs;
use crate::spot::theme::{THEMES, ThemeName};
use crate::vector::shp::{Limits, read_zipped};

/// A wind farm's site with a hole (a village left out) and a second, separate part; the
/// exterior is counter-clockwise and the hole clockwise (GeoJSON's order, the opposite of a
/// shapefile's), so the writer has to turn them.
fn farm_outline() -> MultiPolygon<f64> {
    let site = Polygon::new(
        LineString::from(vec![
            (113.20, 31.80),
            (113.26, 31.80),
            (113.26, 31.85),
            (113.20, 31.85),
            (113.20, 31.80),
        ]),
        vec![LineString::from(vec![
            (113.22, 31.82),
            (113.22, 31.83),
            (113.23, 31.83),
            (113.23, 31.82),
            (113.22, 31.82),
        ])],
    );
    let annex = polygon![
        (x: 113.30, y: 31.80),
        (x: 113.32, y: 31.80),
        (x: 113.32, y: 31.82),
        (x: 113.30, y: 31.80),
    ];
    MultiPolygon(vec![site, annex])
}

/// Two windmill spots of 2024Q3 in 湖北: an imported farm with its attributes and attribution,
/// and a demo spot without them.
fn windmill_rows() -> Vec<ExportRow> {
    let summary = |id: i64, region: &str, xzqdm: &str, attrs: Attrs, demo: bool| SpotSummary {
        id,
        batch: "2024Q3".into(),
        batch_name: "2024年第三季度".into(),
        stage: "3".into(),
        stage_label: "第三季度".into(),
        tblx: None,
        tblx_label: None,
        xzqdm: xzqdm.into(),
        region_name: region.into(),
        file_name: "风电_2024Q3_湖北.zip".into(),
        area_m2: 2_666_680.25,
        change: 1,
        change_label: "扩张".into(),
        bbox: [113.2, 31.8, 113.32, 31.85],
        attrs,
        demo,
    };
    vec![
        ExportRow {
            summary: summary(
                7,
                "湖北省随州市随县",
                "421321",
                Attrs {
                    name: Some("大洪山风电场".into()),
                    capacity_mw: Some(49.5),
                    turbines: Some(33),
                    ..Attrs::default()
                },
                false,
            ),
            geom: farm_outline(),
            source: Some("WRI Global Power Plant Database (CC BY 4.0)".into()),
        },
        ExportRow {
            summary: summary(8, "湖北省武汉市洪山区", "420111", Attrs::default(), true),
            geom: MultiPolygon(vec![polygon![
                (x: 114.40, y: 30.50),
                (x: 114.41, y: 30.50),
                (x: 114.41, y: 30.51),
                (x: 114.40, y: 30.51),
                (x: 114.40, y: 30.50),
            ]]),
            source: None,
        },
    ]
}

fn windmill() -> &'static Theme {
    ThemeName::Windmill.theme()
}

/// Runs GDAL's ogrinfo read-only on `source` and answers what it printed, failing on any
/// error or warning.
fn ogrinfo(args: &[&str], source: &str) -> String {
    let out = Command::new("ogrinfo")
        .arg("-ro")
        .args(args)
        .arg(source)
        .output()
        .expect("ogrinfo runs (install gdal-bin; `make test` does)");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && !stderr.contains("ERROR") && !stderr.contains("Warning"),
        "{stderr}"
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `bytes` written to a file `name` in a new temporary folder.
fn saved(bytes: &[u8], name: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("write");
    let path = path.to_str().expect("utf-8 path").to_owned();
    (dir, path)
}

/// The text of one member of a zip.
pub(super) fn member(zip: &[u8], name: &str) -> String {
    let mut archive = zip::ZipArchive::new(Cursor::new(zip)).expect("zip");
    let mut text = String::new();
    archive
        .by_name(name)
        .expect(name)
        .read_to_string(&mut text)
        .expect("utf-8 member");
    text
}

fn assert_lines(text: &str, expected: &[&str]) {
    for line in expected {
        assert!(
            text.lines().any(|l| l.trim() == *line),
            "{line:?} missing in\n{text}"
        );
    }
}

#[test]
fn the_workbook_has_chinese_headers_and_numbers_as_numbers_and_opens_in_gdal() {
    let xlsx = excel(windmill(), &windmill_rows()).expect("workbook");
    let shared = member(&xlsx, "xl/sharedStrings.xml");
    for header in [
        "图斑编号",
        "批次",
        "阶段",
        "行政区代码",
        "行政区",
        "文件名",
        "面积（m²）",
        "面积（亩）",
        "变化类别",
        "名称",
        "装机容量（MW）",
        "风机数量",
        "数据来源",
        "演示数据",
    ] {
        assert!(shared.contains(header), "{header} in {shared}");
    }
    // Windmill spots are not typed: no empty 图斑类型 column.
    assert!(!shared.contains("图斑类型"), "{shared}");
    let sheet = member(&xlsx, "xl/worksheets/sheet1.xml");
    assert!(
        sheet.contains(r#"ySplit="1""#),
        "header row frozen: {sheet}"
    );
    let book = member(&xlsx, "xl/workbook.xml");
    assert!(book.contains("风电设施监测 2024年第三季度"), "{book}");
    let styles = member(&xlsx, "xl/styles.xml");
    assert!(styles.contains(r##"formatCode="#,##0.00""##), "{styles}");

    let (_dir, path) = saved(&xlsx, "windmill_2024Q3.xlsx");
    let info = ogrinfo(&["-al"], &path);
    assert_lines(
        &info,
        &[
            "Feature Count: 2",
            "图斑编号: Integer (0.0)",
            "面积（m²）: Real (0.0)",
            "风机数量: Integer (0.0)",
            "图斑编号 (Integer) = 7",
            "行政区 (String) = 湖北省随州市随县",
            "行政区代码 (String) = 421321",
            "面积（m²） (Real) = 2666680.25",
            "面积（亩） (Real) = 4000.020375",
            "名称 (String) = 大洪山风电场",
            "装机容量（MW） (Real) = 49.5",
            "风机数量 (Integer) = 33",
            "演示数据 (String) = 否",
            "演示数据 (String) = 是",
        ],
    );
}

#[test]
fn the_shapefile_opens_in_gdal_as_wgs84_polygons_with_its_fields() {
    let rows = windmill_rows();
    let zip = shapefile_zip(windmill(), &rows).expect("shapefile");
    let names: Vec<String> = zip::ZipArchive::new(Cursor::new(&zip))
        .expect("zip")
        .file_names()
        .map(|n| n.expect("name").into_owned())
        .collect();
    let stem = file_stem(windmill(), &rows);
    assert_eq!(stem, "windmill_2024Q3");
    for ext in ["shp", "shx", "dbf", "prj", "cpg"] {
        assert!(
            names.contains(&format!("{stem}.{ext}")),
            "{ext} in {names:?}"
        );
    }
    assert_eq!(member(&zip, &format!("{stem}.cpg")), "UTF-8");

    let (_dir, path) = saved(&zip, "windmill_2024Q3.zip");
    let info = ogrinfo(&["-al"], &format!("/vsizip/{path}"));
    assert_lines(
        &info,
        &[
            "Feature Count: 2",
            "Geometry: Polygon",
            "SPOT_ID: Integer64 (18.0)",
            "REGION: String (27.0)",
            "AREA_M2: Real (19.2)",
            "TURBINES: Integer (9.0)",
            "SPOT_ID (Integer64) = 7",
            "REGION (String) = 湖北省随州市随县",
            "BATCH (String) = 2024Q3",
            "NAME (String) = 大洪山风电场",
            "CAP_MW (Real) = 49.500",
            "TURBINES (Integer) = 33",
            "AREA_MU (Real) = 4000.02",
            "CHANGE (Integer) = 1",
            "SOURCE (String) = WRI Global Power Plant Database (CC BY 4.0)",
            "DEMO (String) = 是",
        ],
    );
    assert!(
        info.contains(r#"GEOGCRS["WGS 84""#) && info.contains(r#"ID["EPSG",4326]"#),
        "WGS 84: {info}"
    );
    // The farm is two parts, the first with its hole.
    assert!(
        info.contains("MULTIPOLYGON (((113.2 31.8,113.2 31.85,113.26 31.85,113.26 31.8,113.2 31.8),(113.22 31.82,113.23 31.82,113.23 31.83,113.22 31.83,113.22 31.82)),((113.3 31.8,113.32 31.82,113.32 31.8,113.3 31.8)))"),
        "{info}"
    );
    // The demo spot has no attributes: empty, not zero.
    assert!(!info.contains("TURBINES (Integer) = 0"), "{info}");
}

#[test]
fn outer_rings_are_written_clockwise_and_holes_counter_clockwise() {
    let zip = shapefile_zip(windmill(), &windmill_rows()).expect("shapefile");
    let mut archive = zip::ZipArchive::new(Cursor::new(&zip)).expect("zip");
    let mut shp = Vec::new();
    archive
        .by_name("windmill_2024Q3.shp")
        .expect("shp")
        .read_to_end(&mut shp)
        .expect("read");
    let mut reader = shapefile::ShapeReader::new(Cursor::new(shp)).expect("shp header");
    let farm = match reader
        .iter_shapes()
        .next()
        .expect("a shape")
        .expect("readable")
    {
        shapefile::Shape::Polygon(p) => p,
        other => panic!("a polygon, not {other}"),
    };
    // The reader names a ring by its orientation: clockwise is outer.
    let kinds: Vec<bool> = farm
        .rings()
        .iter()
        .map(|r| matches!(r, PolygonRing::Outer(_)))
        .collect();
    assert_eq!(kinds, [true, false, true]);
}

/// The zipped shapefile as the import reads it.
fn read_back(zip: &[u8]) -> crate::vector::shp::Shapefile {
    let limits = Limits {
        unzipped: 1 << 20,
        shapes: 10,
        attributes: true,
    };
    read_zipped(Cursor::new(zip), &limits).expect("read back")
}

#[test]
fn the_shapefile_reads_back_through_the_import_reader_with_its_chinese_text() {
    let rows = windmill_rows();
    let layer = read_back(&shapefile_zip(windmill(), &rows).expect("shapefile"));
    let shapes: Vec<_> = layer
        .shapes
        .into_iter()
        .map(|s| s.expect("shape"))
        .collect();
    match &shapes[0] {
        geo_types::Geometry::MultiPolygon(mp) => {
            assert_eq!(mp.0.len(), 2);
            assert_eq!(mp.0[0].interiors().len(), 1);
        }
        other => panic!("the farm's two parts, not {other:?}"),
    }
    let records = layer.records.expect("records");
    let text = |i: usize, field: &str| match records[i].get(field) {
        Some(FieldValue::Character(Some(t))) => t.clone(),
        other => panic!("{field}: {other:?}"),
    };
    assert_eq!(text(0, "REGION"), "湖北省随州市随县");
    assert_eq!(text(1, "REGION"), "湖北省武汉市洪山区");
    assert_eq!(text(0, "FILE_NAME"), "风电_2024Q3_湖北.zip");
    assert_eq!(records[1].get("CAP_MW"), Some(&FieldValue::Numeric(None)));
}

#[test]
fn an_exported_shapefile_imports_again_as_the_spots_it_holds() {
    let rows = windmill_rows();
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("windmill_2024Q3.zip");
    std::fs::write(&path, shapefile_zip(windmill(), &rows).expect("shapefile")).expect("save");
    let regions = crate::region::index::RegionIndex::load(&crate::db::memory()).expect("index");
    let ctx = import::Context {
        theme: ThemeName::Windmill,
        regions: &regions,
        types: &[],
    };
    let imported = import::read(&path, &ctx).expect("the export imports");
    assert_eq!(imported.spots.len(), rows.len());
    for (spot, row) in imported.spots.iter().zip(&rows) {
        let s = &row.summary;
        assert_eq!(
            (spot.batch.as_str(), spot.xzqdm.as_str(), spot.change),
            (s.batch.as_str(), s.xzqdm.as_str(), s.change)
        );
        assert_eq!(spot.attrs, s.attrs);
        assert_eq!(spot.geom.0.len(), row.geom.0.len());
    }
    assert_eq!(imported.spots[0].source, rows[0].source);
}

#[test]
fn text_longer_than_a_dbf_field_is_cut_at_a_character_boundary() {
    let mut rows = windmill_rows();
    let long = "风".repeat(300);
    rows[0].summary.attrs.name = Some(long.clone());
    let layer = read_back(&shapefile_zip(windmill(), &rows).expect("shapefile"));
    let records = layer.records.expect("records");
    let Some(FieldValue::Character(Some(name))) = records[0].get("NAME") else {
        panic!("{:?}", records[0]);
    };
    // 254 bytes hold 84 three-byte characters.
    assert_eq!(name, &"风".repeat(84));
    // The workbook keeps it whole.
    assert!(excel(windmill(), &rows).is_ok());
}

#[test]
fn dbf_field_names_are_short_unique_ascii_for_every_theme() {
    for theme in &THEMES {
        let columns = columns(theme);
        let names: HashSet<String> = columns.iter().map(|c| c.field()).collect();
        assert_eq!(names.len(), columns.len(), "{}", theme.title);
        for name in names {
            assert!(
                name.len() <= 10
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_'),
                "{name}"
            );
        }
        let headers: Vec<&str> = columns.iter().map(|c| c.header()).collect();
        assert_eq!(headers.contains(&"图斑类型"), theme.types.is_some());
        for attr in theme.attrs {
            assert!(headers.contains(&attr.label()), "{}", attr.label());
        }
    }
}

#[test]
fn more_spots_than_the_cap_are_refused_with_the_count_in_chinese() {
    assert!(check_count(MAX_EXPORT_SPOTS).is_ok());
    let refused = check_count(123_456).expect_err("over the cap");
    assert_eq!(
        refused.to_string(),
        "导出的图斑过多（共 123456 个），请缩小筛选范围后再导出（最多 100000 个）"
    );
    assert_eq!(AppError::from(refused).status(), 400);
    let failed = ExportError::Write(anyhow::anyhow!("disk"));
    assert_eq!(AppError::from(failed).status(), 500);
}

#[test]
fn a_spot_without_an_outline_fails_the_export_rather_than_the_server() {
    let mut rows = windmill_rows();
    rows[1].geom = MultiPolygon(vec![]);
    let failed = shapefile_zip(windmill(), &rows).expect_err("no outline");
    assert!(matches!(failed, ExportError::Write(_)), "{failed}");
}

#[test]
fn an_empty_list_exports_headers_only_and_spots_of_several_batches_are_named_by_theme() {
    let xlsx = excel(windmill(), &[]).expect("workbook");
    assert!(member(&xlsx, "xl/sharedStrings.xml").contains("图斑编号"));
    let zip = shapefile_zip(windmill(), &[]).expect("shapefile");
    let (_dir, path) = saved(&zip, "windmill.zip");
    assert_lines(
        &ogrinfo(&["-al", "-so"], &format!("/vsizip/{path}")),
        &["Feature Count: 0"],
    );
    let mut rows = windmill_rows();
    rows[1].summary.batch = "2024Q2".into();
    assert_eq!(file_stem(windmill(), &rows), "windmill");
    let book = member(
        &excel(windmill(), &rows).expect("workbook"),
        "xl/workbook.xml",
    );
    assert!(book.contains(r#"name="风电设施监测""#), "{book}");
}

#[test]
fn text_is_cut_at_character_boundaries_and_widths_count_cjk_twice() {
    assert_eq!(cut("湖北省", 7), "湖北");
    assert_eq!(cut("湖北省", 9), "湖北省");
    assert_eq!(cut("ab", 0), "");
    assert_eq!(display_width("湖北 ab"), 7);
}

/// `n` small square spots spread over 湖北, for the timing below.
fn many_rows(n: usize) -> Vec<ExportRow> {
    let template = windmill_rows();
    (0..n)
        .map(|i| {
            let x = 109.0 + (i % 500) as f64 * 0.01;
            let y = 29.5 + (i / 500) as f64 * 0.01;
            let base = &template[i % 2];
            let s = &base.summary;
            ExportRow {
                summary: SpotSummary {
                    id: i as i64 + 1,
                    batch: s.batch.clone(),
                    batch_name: s.batch_name.clone(),
                    stage: s.stage.clone(),
                    stage_label: s.stage_label.clone(),
                    tblx: None,
                    tblx_label: None,
                    xzqdm: s.xzqdm.clone(),
                    region_name: s.region_name.clone(),
                    file_name: format!("风电_2024Q3_{i}.zip"),
                    area_m2: 1_000_000.0 + i as f64,
                    change: s.change,
                    change_label: s.change_label.clone(),
                    bbox: [x, y, x + 0.009, y + 0.009],
                    attrs: s.attrs.clone(),
                    demo: s.demo,
                },
                geom: MultiPolygon(vec![polygon![
                    (x: x, y: y),
                    (x: x + 0.009, y: y),
                    (x: x + 0.009, y: y + 0.009),
                    (x: x, y: y + 0.009),
                    (x: x, y: y),
                ]]),
                source: base.source.clone(),
            }
        })
        .collect()
}

#[test]
#[ignore = "writes 100,000 spots; run in release to measure"]
fn time_the_exports_of_the_largest_list() {
    let rows = many_rows(MAX_EXPORT_SPOTS as usize);
    // CPU time as well as wall time: the machine's cores are shared, so wall time varies.
    let time = |what: &str, f: &dyn Fn() -> Vec<u8>| {
        let (start, cpu) = (Instant::now(), cpu_time::ThreadTime::now());
        let bytes = f();
        println!(
            "{what}: {:.2} s ({:.2} s CPU), {:.1} MB",
            start.elapsed().as_secs_f64(),
            cpu.elapsed().as_secs_f64(),
            bytes.len() as f64 / 1e6
        );
        bytes
    };
    let xlsx = time("excel, 100,000 spots", &|| {
        excel(windmill(), &rows).expect("workbook")
    });
    let zip = time("shapefile, 100,000 spots", &|| {
        shapefile_zip(windmill(), &rows).expect("shapefile")
    });
    let dir = tempfile::tempdir().expect("tempdir");
    for (bytes, name) in [(xlsx, "big.xlsx"), (zip, "big.zip")] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).expect("write");
        let source = if name.ends_with(".zip") {
            format!("/vsizip/{}", path.display())
        } else {
            path.display().to_string()
        };
        let info = ogrinfo(&["-al", "-so"], &source);
        assert_lines(&info, &["Feature Count: 100000"]);
    }
}
