use std::collections::HashMap;
use std::io::{Cursor, Write};

use super::*;
use crate::region::import::{assemble, read_geojson_regions};

/// 湖北省 and its 江夏区 (420115), from the committed Tianditu fixtures.
fn hubei() -> RegionIndex {
    let testdata = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata");
    let mut records =
        read_geojson_regions(&testdata.join("hubei_province_tianditu.geojson")).expect("hubei");
    records.extend(
        read_geojson_regions(&testdata.join("jiangxia_county_tianditu.geojson")).expect("jiangxia"),
    );
    let mut conn = crate::db::memory();
    crate::region::store::replace_regions(&mut conn, &assemble(records), &HashMap::new())
        .expect("store regions");
    RegionIndex::load(&conn).expect("index")
}

fn no_regions() -> RegionIndex {
    RegionIndex::load(&crate::db::memory()).expect("index")
}

fn types(code: &str) -> Vec<DictItem> {
    crate::dict::store::items(&crate::db::memory(), code).expect("dictionary")
}

/// A 200 m square in 江夏区 around its label point.
const SPOT: &str =
    "POLYGON((114.310 30.245,114.312 30.245,114.312 30.247,114.310 30.247,114.310 30.245))";

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write");
    path
}

/// A zipped shapefile of one polygon per row, with character fields and the given `.prj`.
fn shapefile(polygons: &[&str], fields: &[&str], rows: &[Vec<&str>], prj: &str) -> Vec<u8> {
    use shapefile::dbase::{FieldName, FieldValue, Record, TableWriterBuilder};
    let (mut shp, mut shx, mut dbf) = (
        Cursor::new(Vec::new()),
        Cursor::new(Vec::new()),
        Cursor::new(Vec::new()),
    );
    {
        let mut shapes = shapefile::ShapeWriter::with_shx(&mut shp, &mut shx);
        let mut builder = TableWriterBuilder::new();
        for f in fields {
            builder = builder.add_character_field(FieldName::try_from(*f).expect("name"), 50);
        }
        let mut table = builder.build_with_dest(&mut dbf);
        for (wkt, row) in polygons.iter().zip(rows) {
            let Some(Geometry::Polygon(p)) = geo_kit::wkt::parse(wkt).expect("wkt").pop() else {
                panic!("a polygon");
            };
            shapes
                .write_shape(&shapefile::Polygon::from(p))
                .expect("shape");
            let mut record = Record::default();
            for (f, v) in fields.iter().zip(row) {
                record.insert((*f).into(), FieldValue::Character(Some((*v).into())));
            }
            table.write_record(&record).expect("record");
        }
        shapes.finalize().expect("shp");
        table.finalize().expect("dbf");
    }
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (ext, bytes) in [
        ("shp", shp.into_inner()),
        ("shx", shx.into_inner()),
        ("dbf", dbf.into_inner()),
        ("prj", prj.as_bytes().to_vec()),
        ("cpg", b"UTF-8".to_vec()),
    ] {
        zip.start_file(
            format!("spots.{ext}"),
            zip::write::SimpleFileOptions::default(),
        )
        .expect("member");
        zip.write_all(&bytes).expect("write member");
    }
    zip.finish().expect("zip").into_inner()
}

const WGS84_PRJ: &str = r#"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#;

#[test]
fn geojson_csv_and_shapefile_give_the_same_wind_spot_with_its_county_and_area() {
    let dir = tempfile::tempdir().expect("tempdir");
    let regions = hubei();
    let ctx = Context {
        theme: ThemeName::Windmill,
        regions: &regions,
        types: &[],
    };
    let geojson = write(
        dir.path(),
        "wind.geojson",
        r#"{"type":"FeatureCollection","features":[{"type":"Feature",
            "properties":{"batch":"2024Q3","change":"扩张","name":"江夏风电场","capacityMw":49.5,"turbines":25,"source":"测试"},
            "geometry":{"type":"Polygon","coordinates":[[[114.310,30.245],[114.312,30.245],[114.312,30.247],[114.310,30.247],[114.310,30.245]]]}}]}"#
            .as_bytes(),
    );
    let csv = write(
        dir.path(),
        "wind.csv",
        format!("\u{feff}BATCH,change,name,capacityMw,turbines,source,WKT\n2024Q3,1,江夏风电场,49.5,25,测试,\"{SPOT}\"\n").as_bytes(),
    );
    let zip = write(
        dir.path(),
        "wind.zip",
        &shapefile(
            &[SPOT],
            &["batch", "change", "name", "cap_mw", "turbines", "source"],
            &[vec!["2024Q3", "1", "江夏风电场", "49.5", "25", "测试"]],
            WGS84_PRJ,
        ),
    );
    let spots: Vec<SpotRecord> = [geojson, csv, zip]
        .iter()
        .map(|p| {
            let mut imported = read(p, &ctx).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(imported.spots.len(), 1);
            let mut spot = imported.spots.remove(0);
            assert!(spot.file_name.starts_with("wind."));
            spot.file_name.clear();
            spot
        })
        .collect();
    assert_eq!(spots[0], spots[1]);
    assert_eq!(spots[0], spots[2]);
    let s = &spots[0];
    assert_eq!((s.xzqdm.as_str(), s.change, s.demo), ("420115", 1, false));
    assert_eq!(s.attrs.capacity_mw, Some(49.5));
    assert_eq!(s.attrs.turbines, Some(25));
    // 0.002° × 0.002° at 30.2° N: about 192 m × 222 m.
    assert!((s.area_m2 - 42_700.0).abs() < 500.0, "{}", s.area_m2);
}

#[test]
fn a_spot_without_a_county_code_needs_imported_regions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = write(
        dir.path(),
        "pv.csv",
        format!("batch,wkt\n2024Q1,\"{SPOT}\"\n").as_bytes(),
    );
    let empty = no_regions();
    let ctx = Context {
        theme: ThemeName::Pvland,
        regions: &empty,
        types: &[],
    };
    let err = read(&file, &ctx).expect_err("no regions");
    assert!(
        err.to_string()
            .ends_with("pv.csv：第 2 行：缺少行政区代码（xzqdm），且尚未导入行政区（rscloud import regions），无法按位置确定区县"),
        "{err}"
    );
    // With a code given, the regions are not needed.
    let given = write(
        dir.path(),
        "pv2.csv",
        format!("batch,xzqdm,wkt\n2024Q1,420115,\"{SPOT}\"\n").as_bytes(),
    );
    assert_eq!(
        read(&given, &ctx).expect("code given").spots[0].xzqdm,
        "420115"
    );
}

#[test]
fn one_bad_record_refuses_the_file_and_is_named_with_the_reason() {
    let dir = tempfile::tempdir().expect("tempdir");
    let regions = hubei();
    let landcover = types("SPOT_META_TYPE");
    let ctx = Context {
        theme: ThemeName::Landcover,
        regions: &regions,
        types: &landcover,
    };
    let good = format!("2024Q1,1,,,\"{SPOT}\"");
    let cases = [
        (
            format!("2024Q5,1,,,\"{SPOT}\""),
            "第 3 行：批次 2024Q5 不是季度批次（如 2024Q3）",
        ),
        (
            format!("2024Q1,9,,,\"{SPOT}\""),
            "第 3 行：图斑类型 9 不在字典 SPOT_META_TYPE 中",
        ),
        (
            format!("2024Q1,1,5,,\"{SPOT}\""),
            "第 3 行：变化类别 5 应为 0–3（0 不变、1 扩张、2 拆除、3 部分拆除）",
        ),
        (
            format!("2024Q1,1,,420100,\"{SPOT}\""),
            "第 3 行：行政区代码 420100 不是区县代码",
        ),
        (
            format!("2024Q1,1,,420116,\"{SPOT}\""),
            "第 3 行：行政区代码 420116 不在已导入的行政区中",
        ),
        (
            "2024Q1,1,,,\"POINT(114.3 30.2)\"".into(),
            "第 3 行：点要素不能作为图斑；电站、钢铁厂等点位请用 rscloud import sites 导入",
        ),
        (
            "2024Q1,1,,,\"POLYGON((116 30,116.01 30,116.01 30.01,116 30.01,116 30))\"".into(),
            "第 3 行：图斑不在任何已导入的区县内；请填写行政区代码（xzqdm）",
        ),
        ("2024Q1,1,,,".into(), "第 3 行：没有几何"),
        (format!(",1,,,\"{SPOT}\""), "第 3 行：缺少批次（batch）"),
    ];
    for (row, message) in cases {
        let file = write(
            dir.path(),
            "lc.csv",
            format!("batch,tblx,change,xzqdm,wkt\n{good}\n{row}\n").as_bytes(),
        );
        let err = read(&file, &ctx).expect_err(&row).to_string();
        assert!(err.ends_with(message), "{err}\nexpected …{message}");
    }
    // A type by its label is stored as its value.
    let by_label = write(
        dir.path(),
        "lc.csv",
        format!("batch,tblx,wkt\n2024Q1,水域变化,\"{SPOT}\"\n").as_bytes(),
    );
    assert_eq!(
        read(&by_label, &ctx).expect("label").spots[0]
            .tblx
            .as_deref(),
        Some("4")
    );
}

#[test]
fn a_bad_feature_of_geojson_is_named_by_its_position() {
    let dir = tempfile::tempdir().expect("tempdir");
    let regions = hubei();
    let ctx = Context {
        theme: ThemeName::SurfaceDeform,
        regions: &regions,
        types: &[],
    };
    let square = r#"{"type":"Polygon","coordinates":[[[114.310,30.245],[114.312,30.245],[114.312,30.247],[114.310,30.247],[114.310,30.245]]]}"#;
    let file = write(
        dir.path(),
        "d.geojson",
        format!(
            r#"{{"type":"FeatureCollection","features":[
              {{"type":"Feature","properties":{{"batch":"20240615","rateMm":-35.5}},"geometry":{square}}},
              {{"type":"Feature","properties":{{"batch":"20240615","rate_mm":"fast"}},"geometry":{square}}}]}}"#
        )
        .as_bytes(),
    );
    let err = read(&file, &ctx).expect_err("bad rate").to_string();
    assert!(
        err.ends_with("第 2 个要素：形变速率（mm/年） fast 不是数字"),
        "{err}"
    );
    let bowtie = write(
        dir.path(),
        "b.geojson",
        br#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"batch":"20240615"},
            "geometry":{"type":"Polygon","coordinates":[[[114.310,30.245],[114.312,30.247],[114.312,30.245],[114.310,30.247],[114.310,30.245]]]}}]}"#,
    );
    // A self-crossing outline is repaired as drawn areas are, not refused.
    let spot = &read(&bowtie, &ctx).expect("repaired").spots[0];
    assert!(geo_kit::validity::check_multi_polygon(&spot.geom).is_ok());
}

#[test]
fn images_beside_the_file_are_copied_by_content_and_urls_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = b"\x89PNG\r\n\x1a\nnot really a picture";
    write(dir.path(), "a.png", png);
    write(dir.path(), "copy.png", png);
    write(dir.path(), "note.txt", b"hello");
    let regions = hubei();
    let ctx = Context {
        theme: ThemeName::Road,
        regions: &regions,
        types: &types("SPOT_META_TYPE"),
    };
    let csv = |before: &str, after: &str| {
        format!(
            "batch,tblx,before_img,afterImage,wkt\n2024Q2,1,{before},{after},\"{SPOT}\"\n2024Q2,1,copy.png,,\"{SPOT}\"\n"
        )
    };
    let file = write(
        dir.path(),
        "roads.csv",
        csv("a.png", "https://example.cn/after.jpg").as_bytes(),
    );
    let imported = read(&file, &ctx).expect("read");
    assert_eq!(imported.images.len(), 1, "one picture, kept once");
    let name = &imported.images[0].name;
    assert!(name.ends_with(".png") && name.len() == 20, "{name}");
    assert_eq!(
        imported.spots[0].before_image.as_deref(),
        Some(name.as_str())
    );
    assert_eq!(
        imported.spots[1].before_image.as_deref(),
        Some(name.as_str())
    );
    assert_eq!(
        imported.spots[0].after_image.as_deref(),
        Some("https://example.cn/after.jpg")
    );
    let store = dir.path().join("store");
    copy_images(&imported.images, &store).expect("copy");
    assert_eq!(std::fs::read(store.join(name)).expect("copied"), png);
    for (bad, message) in [
        (
            "../a.png",
            "图片 ../a.png 应为与导入文件同目录的文件名，或 http(s) 链接",
        ),
        (
            "missing.png",
            "找不到图片 missing.png（应与导入文件在同一目录）",
        ),
        ("note.txt", "图片 note.txt 不是 PNG 或 JPEG"),
    ] {
        let file = write(dir.path(), "roads.csv", csv(bad, "").as_bytes());
        let err = read(&file, &ctx).expect_err(bad).to_string();
        assert!(err.ends_with(&format!("第 2 行：{message}")), "{err}");
    }
}

#[test]
fn a_projected_shapefile_is_refused_and_a_theme_without_types_refuses_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    let regions = hubei();
    let ctx = Context {
        theme: ThemeName::Steelplant,
        regions: &regions,
        types: &[],
    };
    let gk = r#"PROJCS["CGCS2000_3_Degree_GK_CM_114E",GEOGCS["GCS_China_Geodetic_Coordinate_System_2000",DATUM["D_China_2000",SPHEROID["CGCS2000",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Gauss_Kruger"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",114.0],PARAMETER["Scale_Factor",1.0],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]"#;
    let square =
        "POLYGON((530000 3346000,530200 3346000,530200 3346200,530000 3346200,530000 3346000))";
    let zip = write(
        dir.path(),
        "steel.zip",
        &shapefile(&[square], &["batch"], &[vec!["20250325"]], gk),
    );
    let err = read(&zip, &ctx).expect_err("projected").to_string();
    assert!(
        err.contains(
            "坐标系须为 WGS84 或 CGCS2000 经纬度，文件为 CGCS2000 / 3-degree Gauss-Kruger"
        ),
        "{err}"
    );
    let typed = write(
        dir.path(),
        "steel.csv",
        format!("batch,tblx,wkt\n20250325,1,\"{SPOT}\"\n").as_bytes(),
    );
    let err = read(&typed, &ctx).expect_err("no types").to_string();
    assert!(
        err.ends_with("第 2 行：本专题不分图斑类型，tblx 应为空（为 1）"),
        "{err}"
    );
    let other = write(dir.path(), "steel.kml", b"<kml/>");
    assert!(
        read(&other, &ctx)
            .expect_err("kml")
            .to_string()
            .contains("不支持的文件类型")
    );
}
