//! The engine, its filters and its answers over small stored fixtures: a few counties of
//! 湖北 and 广东, spots in them written through `store`, the engine loaded from the database.

use std::collections::HashMap;

use geo_types::{MultiPolygon, polygon};
use rusqlite::Connection;

use super::engine::{Predicate, SpotIndex};
use super::filter::{self, Scope};
use super::model::{Attrs, SpotRecord};
use super::theme::ThemeName;
use super::{SpotFilter, TermChoose, query, store};
use crate::api::Paging;
use crate::db::live::{Live, Loaded};
use crate::region::import::RegionRecord;
use crate::region::index::RegionIndex;
use crate::region::tree;
use crate::usercenter::guard::region_in_ranges;

/// A square of `side` degrees with its south-west corner at (x, y).
pub(crate) fn square(x: f64, y: f64, side: f64) -> MultiPolygon<f64> {
    MultiPolygon(vec![polygon![
        (x: x, y: y),
        (x: x + side, y: y),
        (x: x + side, y: y + side),
        (x: x, y: y + side),
        (x: x, y: y),
    ]])
}

/// A spot of `theme`'s batch in county `xzqdm`, a small square at (x, y).
pub(crate) fn record(
    theme: ThemeName,
    batch: &str,
    xzqdm: &str,
    area_m2: f64,
    (x, y): (f64, f64),
) -> SpotRecord {
    SpotRecord {
        theme,
        batch: batch.into(),
        tblx: None,
        xzqdm: xzqdm.into(),
        file_name: "delivery.geojson".into(),
        geom: square(x, y, 0.01),
        area_m2,
        change: 0,
        before_image: None,
        after_image: None,
        attrs: Attrs::default(),
        source: None,
        demo: false,
    }
}

/// The counties of the fixture: code, name, where their spots go.
pub(crate) const COUNTIES: [(&str, &str, (f64, f64)); 5] = [
    ("420102", "江岸区", (114.30, 30.60)),
    ("420111", "洪山区", (114.40, 30.50)),
    ("429004", "仙桃市", (113.45, 30.36)),
    ("440103", "荔湾区", (113.24, 23.12)),
    ("440104", "越秀区", (113.27, 23.13)),
];

/// 湖北 (武汉 with two districts, and 仙桃 under the province) and 广东 (广州 with two).
pub(crate) fn regions(conn: &mut Connection) -> RegionIndex {
    let region = |code: &str, name: &str, (x, y): (f64, f64), side: f64| RegionRecord {
        code: code.into(),
        name: name.into(),
        short_name: name.into(),
        label: None,
        geom: square(x - side / 2.0, y - side / 2.0, side),
    };
    let mut records = vec![
        region("420000", "湖北省", (112.3, 31.0), 4.0),
        region("420100", "武汉市", (114.3, 30.6), 1.0),
        region("440000", "广东省", (113.4, 23.4), 4.0),
        region("440100", "广州市", (113.3, 23.1), 1.0),
    ];
    records.extend(COUNTIES.iter().map(|&(c, n, at)| region(c, n, at, 0.1)));
    let assembled = crate::region::import::assemble(records);
    crate::region::store::replace_regions(conn, &assembled, &HashMap::new()).expect("regions");
    RegionIndex::load(conn).expect("index")
}

/// Stores spots as one delivery file (replacing what it brought before).
pub(crate) fn store_spots(conn: &mut Connection, file: &str, spots: &[SpotRecord]) {
    let spots: Vec<SpotRecord> = spots
        .iter()
        .map(|s| SpotRecord {
            file_name: file.into(),
            ..s.clone()
        })
        .collect();
    store::replace_file(conn, spots[0].theme, file, &spots).expect("store");
}

fn ranges(codes: &[&str]) -> Vec<String> {
    codes.iter().map(|s| s.to_string()).collect()
}

/// Every county of the fixture, `per` windmill spots each, in two batches (2024Q2, 2024Q3):
/// spot k of a county has area k + 1 and change category k % 4.
fn windmills(conn: &mut Connection, per: usize) -> Vec<SpotRecord> {
    let mut spots = Vec::new();
    for batch in ["2024Q2", "2024Q3"] {
        for &(county, _, (x, y)) in &COUNTIES {
            for k in 0..per {
                let mut s = record(
                    ThemeName::Windmill,
                    batch,
                    county,
                    (k + 1) as f64,
                    (x + k as f64 * 0.001, y),
                );
                s.change = (k % 4) as u8;
                spots.push(s);
            }
        }
    }
    store_spots(conn, "windmills.geojson", &spots);
    spots
}

#[test]
fn a_region_is_one_run_of_its_block_and_ranges_clip_it() {
    let mut conn = crate::db::memory();
    windmills(&mut conn, 3);
    let index = SpotIndex::load(&conn).expect("load");
    let spots = index.theme(ThemeName::Windmill);
    let batches: Vec<&str> = spots.batches().map(|b| b.id.as_str()).collect();
    assert_eq!(batches, ["2024Q3", "2024Q2"], "newest first");
    let block = spots.block(None).expect("latest");
    assert_eq!(block.batch.type_name, "2024年第三季度");
    assert_eq!(block.len(), 15);
    let hubei = Scope::region("420000").expect("province");
    let runs = block.runs(&hubei);
    assert_eq!(
        runs,
        vec![0..9],
        "湖北's nine spots come first and together"
    );
    assert_eq!(
        block.runs(&Scope::region("420100").expect("city")),
        vec![0..6]
    );
    assert_eq!(
        block.runs(&Scope::region("440104").expect("county")),
        vec![12..15]
    );
    // Two ranges, one of them inside the other region: two runs.
    let caller = Scope::of_ranges(&ranges(&["429004", "440103"]));
    assert_eq!(block.runs(&caller), [6..9, 9..12]);
    let country = Scope::region("100000").expect("country");
    assert_eq!(block.runs(&country.intersect(&caller)), [6..9, 9..12]);
    assert!(index.theme(ThemeName::Pvland).block(None).is_none());
}

#[test]
fn counties_add_up_to_their_province_and_provinces_to_the_country() {
    let mut conn = crate::db::memory();
    windmills(&mut conn, 4);
    let index = SpotIndex::load(&conn).expect("load");
    let block = index
        .theme(ThemeName::Windmill)
        .block(None)
        .expect("latest");
    let pred = Predicate::default();
    let region = |code: &str| Scope::region(code).expect("code");
    let tally = |code: &str| block.tallies(&region(code), &pred, &[]).0.total;
    let sum = |codes: &[&str]| {
        codes
            .iter()
            .map(|c| tally(c))
            .fold((0, 0.0), |(n, a), t| (n + t.count, a + t.area_m2))
    };
    let hubei = tally("420000");
    assert_eq!(
        (hubei.count, hubei.area_m2),
        sum(&["420102", "420111", "429004"])
    );
    assert_eq!((hubei.count, hubei.area_m2), sum(&["420100", "429004"]));
    let country = tally("100000");
    assert_eq!((country.count, country.area_m2), sum(&["420000", "440000"]));
    assert_eq!(country.count, 20);
    assert_eq!(country.area_m2, 5.0 * (1.0 + 2.0 + 3.0 + 4.0));
    // The provinces as groups of one pass: the same as counted one by one.
    let provinces = [region("420000"), region("440000")];
    let (all, per_province) = block.tallies(&region("100000"), &pred, &provinces);
    assert_eq!(per_province, [tally("420000"), tally("440000")]);
    assert_eq!(all.total, country);
    // A file-name filter counts spot by spot; keeping every file counts the same.
    let every_file = Predicate {
        files: Some(vec![true]),
        ..Predicate::default()
    };
    assert_eq!(
        block.tallies(&region("100000"), &every_file, &provinces),
        (all.clone(), per_province)
    );
    let by_change: Vec<u64> = all.by_change.iter().map(|t| t.count).collect();
    assert_eq!(by_change, [5, 5, 5, 5]);
}

#[test]
fn a_range_covers_what_the_guard_says_it_covers() {
    // Scope::of_ranges and usercenter's region_in_ranges must agree on every code, or a
    // list would show what the detail refuses (or worse).
    let ranges_sets: [&[&str]; 7] = [
        &["100000"],
        &["156000000"],
        &["420000"],
        &["420100", "440103"],
        &["429004"],
        &["4201", "x", ""],
        &[],
    ];
    let codes = [
        "420000", "420100", "420102", "420199", "429004", "430000", "440103", "440104", "110101",
        "100000", "000000", "999999",
    ];
    for set in ranges_sets {
        let set = ranges(set);
        let scope = Scope::of_ranges(&set);
        for code in codes {
            let county = code.parse::<u32>().expect("digits");
            assert_eq!(
                scope.contains(county),
                region_in_ranges(code, &set),
                "{code} in {set:?}"
            );
        }
    }
}

#[test]
fn a_callers_home_region_is_the_country_the_range_or_their_lowest_common_region() {
    let mut conn = crate::db::memory();
    let regions = regions(&mut conn);
    let home = |codes: &[&str]| filter::home(&ranges(codes), &regions);
    assert_eq!(home(&["420000", "100000"]), "100000");
    assert_eq!(home(&["156000000"]), "100000");
    assert_eq!(home(&["420000"]), "420000");
    assert_eq!(home(&["420111"]), "420111");
    assert_eq!(home(&["420102", "420111"]), "420100");
    assert_eq!(home(&["420100", "420111"]), "420100");
    assert_eq!(home(&["420111", "429004"]), "420000");
    // No 110100 is loaded: Beijing's districts meet at the province.
    assert_eq!(home(&["110101", "110102"]), "110000");
    assert_eq!(home(&["420000", "440000"]), "100000");
    assert_eq!(home(&[]), "100000");
}

/// The filter of a region.
fn in_region(code: &str) -> SpotFilter {
    SpotFilter {
        xzqdm: Some(code.into()),
        ..SpotFilter::default()
    }
}

/// A statistics answer's rows: region, count, whether it has regions below.
fn rows(stats: &super::Statistics) -> Vec<(&str, u64, bool)> {
    stats
        .regions
        .iter()
        .map(|r| (r.region_id.as_str(), r.tally.count, r.has_children))
        .collect()
}

/// A statistics answer's stage rows: label, count.
fn stages(stats: &super::Statistics) -> Vec<(&str, u64)> {
    stats
        .by_stage
        .iter()
        .map(|s| (s.label.as_str(), s.tally.count))
        .collect()
}

fn select_stats(
    conn: &Connection,
    regions: &RegionIndex,
    theme: ThemeName,
    caller: &[&str],
    filter: SpotFilter,
) -> super::Statistics {
    let index = SpotIndex::load(conn).expect("load");
    let spots = index.theme(theme);
    let sel = filter::select(spots, &filter, &ranges(caller), regions).expect("filter");
    query::statistics(spots, &sel, regions)
}

#[test]
fn statistics_count_the_regions_below_inside_the_callers_ranges_with_zero_rows() {
    let mut conn = crate::db::memory();
    let regions = regions(&mut conn);
    windmills(&mut conn, 2);
    // A country user: both provinces, each the sum of its children.
    let all = select_stats(
        &conn,
        &regions,
        ThemeName::Windmill,
        &["100000"],
        SpotFilter::default(),
    );
    assert_eq!(
        (all.region_id.as_str(), all.name.as_str()),
        ("100000", "全国")
    );
    assert_eq!(rows(&all), [("420000", 6, true), ("440000", 4, true)]);
    assert_eq!(all.total.count, 10);
    assert_eq!(all.batch.as_ref().map(|b| b.id.as_str()), Some("2024Q3"));
    // 湖北 below: 武汉 and 仙桃 (a county under the province), 仙桃 a leaf.
    let hubei = select_stats(
        &conn,
        &regions,
        ThemeName::Windmill,
        &["100000"],
        in_region("420000"),
    );
    assert_eq!(rows(&hubei), [("420100", 4, true), ("429004", 2, false)]);
    // A 湖北 user asking for the country gets 湖北 only; asking for 广东 gets nothing.
    let mine = select_stats(
        &conn,
        &regions,
        ThemeName::Windmill,
        &["420000"],
        in_region("100000"),
    );
    assert_eq!(rows(&mine), [("420000", 6, true)]);
    assert_eq!(mine.total.count, 6);
    let theirs = select_stats(
        &conn,
        &regions,
        ThemeName::Windmill,
        &["420000"],
        in_region("440000"),
    );
    assert_eq!(theirs.total.count, 0);
    assert!(theirs.regions.is_empty());
    // A county without spots in the batch is a zero row.
    let only = vec![record(
        ThemeName::Road,
        "2024Q1",
        "420102",
        5.0,
        (114.3, 30.6),
    )];
    store_spots(&mut conn, "road.geojson", &only);
    let road = select_stats(
        &conn,
        &regions,
        ThemeName::Road,
        &["420100"],
        SpotFilter::default(),
    );
    assert_eq!(road.region_id, "420100", "one range: that region");
    assert_eq!(rows(&road), [("420102", 1, false), ("420111", 0, false)]);
    // The time stage of the batch gets the total; road types are all labelled, zero or not.
    assert_eq!(
        stages(&road),
        [
            ("第一季度", 1),
            ("第二季度", 0),
            ("第三季度", 0),
            ("第四季度", 0)
        ]
    );
    assert_eq!(road.by_type.len(), 5);
    assert_eq!(road.by_change[0].tally.count, 1);
}

#[test]
fn filters_keep_what_they_name_and_unknown_values_are_refused_in_chinese() {
    let mut conn = crate::db::memory();
    let regions = regions(&mut conn);
    let spots: Vec<SpotRecord> = (0..8)
        .map(|k| {
            let mut s = record(ThemeName::Landcover, "2024Q3", "420111", 1.0, (114.4, 30.5));
            s.tblx = Some(((k % 5) + 1).to_string());
            s.change = (k % 4) as u8;
            s
        })
        .collect();
    store_spots(&mut conn, "landcover.zip", &spots[1..]);
    store_spots(&mut conn, "湖北_第三季度.shp", &spots[..1]);
    let count = |filter: SpotFilter| {
        select_stats(&conn, &regions, ThemeName::Landcover, &["420000"], filter)
            .total
            .count
    };
    let f = |tblx: Option<&str>,
             stage: Option<&str>,
             choose: Option<TermChoose>,
             data: Option<&str>| SpotFilter {
        tblx: tblx.map(Into::into),
        stage: stage.map(Into::into),
        term_choose: choose,
        term_data: data.map(Into::into),
        ..SpotFilter::default()
    };
    assert_eq!(count(SpotFilter::default()), 8);
    assert_eq!(count(f(Some("1"), None, None, None)), 2);
    assert_eq!(
        count(f(None, Some("3"), None, None)),
        8,
        "the batch is the third quarter"
    );
    assert_eq!(count(f(None, Some("2"), None, None)), 0);
    assert_eq!(
        count(f(None, None, Some(TermChoose::Change), Some("1,2"))),
        4
    );
    assert_eq!(
        count(f(None, None, Some(TermChoose::Tblx), Some("1, 2,"))),
        4
    );
    assert_eq!(
        count(f(Some("1"), None, Some(TermChoose::Tblx), Some("2"))),
        0
    );
    assert_eq!(
        count(f(None, None, Some(TermChoose::All), Some("x"))),
        8,
        "all ignores data"
    );
    assert_eq!(
        count(f(None, None, Some(TermChoose::Stage), Some(""))),
        8,
        "nothing given: all"
    );
    let named = SpotFilter {
        filename: Some("第三季度".into()),
        ..SpotFilter::default()
    };
    assert_eq!(count(named), 1);
    let unknown_batch = SpotFilter {
        batch: Some("2023Q1".into()),
        ..SpotFilter::default()
    };
    assert_eq!(count(unknown_batch), 0);

    let index = SpotIndex::load(&conn).expect("load");
    let refused = |theme: ThemeName, filter: SpotFilter| {
        filter::select(index.theme(theme), &filter, &ranges(&["420000"]), &regions)
            .expect_err("refused")
            .to_string()
    };
    let land = ThemeName::Landcover;
    assert_eq!(
        refused(land, f(Some("9"), None, None, None)),
        "图斑类型取值无效：应为 1、2、3、4、5"
    );
    assert_eq!(
        refused(land, f(None, Some("5"), None, None)),
        "阶段取值无效：应为 1、2、3、4"
    );
    assert_eq!(
        refused(ThemeName::Steelplant, f(None, Some("4"), None, None)),
        "阶段取值无效：应为 0、1、2、3"
    );
    assert_eq!(
        refused(ThemeName::Windmill, f(Some("1"), None, None, None)),
        "该专题的图斑没有类型"
    );
    assert_eq!(
        refused(land, f(None, None, Some(TermChoose::Change), Some("4"))),
        "变化类别取值无效：应为 0、1、2、3"
    );
    let many = vec!["1"; 65].join(",");
    assert_eq!(
        refused(land, f(None, None, Some(TermChoose::Tblx), Some(&many))),
        "图例项过多（上限64项）"
    );
    let long = SpotFilter {
        filename: Some("名".repeat(101)),
        ..SpotFilter::default()
    };
    assert_eq!(refused(land, long), "文件名过长（上限100个字符）");
    let bad_code = in_region("4200");
    assert_eq!(refused(land, bad_code), tree::BAD_CODE);
}

#[test]
fn the_steel_stage_is_the_change_category() {
    let mut conn = crate::db::memory();
    let regions = regions(&mut conn);
    let spots: Vec<SpotRecord> = (0..4u8)
        .map(|c| {
            let mut s = record(
                ThemeName::Steelplant,
                "20240615",
                "440103",
                10.0,
                (113.24, 23.12),
            );
            s.change = c;
            s
        })
        .collect();
    store_spots(&mut conn, "steel.geojson", &spots);
    let stats = select_stats(
        &conn,
        &regions,
        ThemeName::Steelplant,
        &["100000"],
        SpotFilter {
            stage: Some("2".into()),
            ..SpotFilter::default()
        },
    );
    assert_eq!(stats.total.count, 1);
    let all = select_stats(
        &conn,
        &regions,
        ThemeName::Steelplant,
        &["100000"],
        SpotFilter::default(),
    );
    assert_eq!(
        stages(&all),
        [("不变", 1), ("扩张", 1), ("拆除", 1), ("部分拆除", 1)]
    );
    assert_eq!(
        all.batch.map(|b| b.type_name),
        Some("2024年06月15日".into())
    );
}

#[test]
fn a_page_is_largest_first_then_by_id_whether_matches_are_few_or_many() {
    let mut conn = crate::db::memory();
    let regions = regions(&mut conn);
    // More than the engine sorts at once (8,192): the page walks the area order instead.
    let spots: Vec<SpotRecord> = (0..9000)
        .map(|k| {
            let (county, _, (x, y)) = COUNTIES[k % COUNTIES.len()];
            record(
                ThemeName::Pvland,
                "2024Q3",
                county,
                (k % 700) as f64,
                (x, y),
            )
        })
        .collect();
    store_spots(&mut conn, "pv.geojson", &spots);
    let index = SpotIndex::load(&conn).expect("load");
    let pv = index.theme(ThemeName::Pvland);
    let page = |caller: &[&str], num: u32| {
        let sel =
            filter::select(pv, &SpotFilter::default(), &ranges(caller), &regions).expect("sel");
        query::list(
            pv,
            &sel,
            Paging::of(Some(num), Some(100)).expect("paging"),
            &regions,
        )
    };
    for caller in [&["100000"][..], &["420102"][..]] {
        let first = page(caller, 1);
        let expected_total = if caller[0] == "100000" { 9000 } else { 1800 };
        assert_eq!(first.total, expected_total);
        let mut all = Vec::new();
        let mut num = 1;
        loop {
            let p = page(caller, num);
            if p.list.is_empty() {
                break;
            }
            all.extend(p.list.into_iter().map(|s| (s.area_m2, s.id)));
            num += 1;
        }
        assert_eq!(
            all.len() as i64,
            expected_total,
            "every spot once over the pages"
        );
        let mut sorted = all.clone();
        sorted.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        assert_eq!(all, sorted, "largest first, then by id");
    }
    let one = page(&["420111"], 1).list.remove(0);
    assert_eq!(one.region_name, "湖北省武汉市洪山区");
    assert_eq!(one.xzqdm, "420111");
    assert_eq!(one.stage_label, "第三季度");
    assert_eq!(one.change_label, "不变");
    assert_eq!(one.file_name, "pv.geojson");
    let [w, s, e, n] = one.bbox;
    assert!(
        (e - w - 0.01).abs() < 1e-6 && (n - s - 0.01).abs() < 1e-6,
        "{:?}",
        one.bbox
    );
}

#[test]
fn a_spot_is_found_by_its_box_its_id_and_keeps_its_outline_and_attributes() {
    let mut conn = crate::db::memory();
    let mut s = record(ThemeName::Windmill, "2024Q3", "420111", 7.0, (114.4, 30.5));
    s.attrs.name = Some("某风电场".into());
    s.attrs.turbines = Some(33);
    s.attrs.capacity_mw = Some(99.5);
    // Not a windmill attribute: not kept.
    s.attrs.crop = Some("水稻".into());
    let far = record(
        ThemeName::Windmill,
        "2024Q3",
        "440103",
        7.0,
        (113.24, 23.12),
    );
    store_spots(&mut conn, "wind.geojson", &[s.clone(), far]);
    let index = SpotIndex::load(&conn).expect("load");
    let wind = index.theme(ThemeName::Windmill);
    let block = wind.block(Some("2024Q3")).expect("batch");
    let mut found = Vec::new();
    let wuhan = geo_kit::Envelope {
        min_x: 114.0,
        max_x: 115.0,
        min_y: 30.0,
        max_y: 31.0,
    };
    block.in_box(&wuhan, |pos| found.push(block.id(pos)));
    assert_eq!(found.len(), 1);
    let pos = block.locate(420111, found[0]).expect("located");
    assert_eq!(block.locate(440103, found[0]), None, "another county");
    let geo_types::Geometry::Polygon(outline) = block.outline(pos) else {
        panic!("a one-part spot is a polygon");
    };
    let back: Vec<(f64, f64)> = outline.exterior().points().map(|p| p.x_y()).collect();
    let stored: Vec<(f64, f64)> = s.geom.0[0].exterior().points().map(|p| p.x_y()).collect();
    for (a, b) in back.iter().zip(&stored) {
        assert!(
            (a.0 - b.0).abs() < 1e-7 && (a.1 - b.1).abs() < 1e-7,
            "{a:?} {b:?}"
        );
    }
    let attrs = wind.attrs(block, pos);
    assert_eq!(attrs.name.as_deref(), Some("某风电场"));
    assert_eq!(
        (attrs.turbines, attrs.capacity_mw, attrs.crop),
        (Some(33), Some(99.5), None)
    );
}

#[test]
fn the_live_engine_reloads_when_spots_are_written_and_not_otherwise() {
    let mut conn = crate::db::memory();
    windmills(&mut conn, 1);
    let live = Live::new(SpotIndex::load(&conn).expect("load"));
    assert_eq!(live.now().rows(), 10);
    assert!(!live.refresh(&conn).expect("refresh"));
    // A file imported again replaces its spots: same count, new ids.
    windmills(&mut conn, 1);
    assert!(live.refresh(&conn).expect("refresh"));
    let more = vec![record(
        ThemeName::Road,
        "2024Q1",
        "420102",
        5.0,
        (114.3, 30.6),
    )];
    store_spots(&mut conn, "road.geojson", &more);
    assert!(live.refresh(&conn).expect("refresh"));
    assert_eq!(live.now().rows(), 11);
}
