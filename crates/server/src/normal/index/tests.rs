//! The index against a brute-force scan: the same totals and the same order,
//! on random scenes and areas and on Hubei's real boundary.

use std::collections::HashSet;
use std::path::PathBuf;

use geo::Intersects;
use geo::orient::{Direction, Orient};
use geo_types::{Coord, LineString, Polygon, polygon};

use super::*;

/// A small deterministic generator (xorshift), so failures reproduce.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub(super) fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[(self.next() % v.len() as u64) as usize]
    }
}

fn scene(
    fid: i64,
    satellite: &str,
    sensor: &str,
    time: i64,
    cloud: f64,
    footprint: Polygon<f64>,
) -> SceneRow {
    SceneRow {
        fid,
        scene_id: format!("{satellite}_{sensor}_{fid}"),
        file_name: format!("{satellite}_{sensor}_{fid}.tar.gz"),
        satellite: satellite.into(),
        sensor: sensor.into(),
        acquired_at: time,
        cloud,
        resolution_m: Some(2.0),
        product_level: Some("L1A".into()),
        path: Some(fid % 7),
        row: None,
        quicklook: Some(format!(
            "/api/normal/v5/quicklook/{satellite}_{sensor}_{fid}"
        )),
        size_mb: Some(fid as f64 / 8.0),
        online: fid % 3 != 0,
        demo: true,
        footprint,
    }
}

const SATELLITES: [(&str, &[&str]); 4] = [
    ("GF1", &["PMS1", "PMS2", "WFV1"]),
    ("GF2", &["PMS1", "PMS2"]),
    ("ZY3-02", &["NAD"]),
    ("S1A", &["IW"]),
];

/// A skewed quadrilateral of about `size` degrees around (x, y).
fn quad(rng: &mut Rng, x: f64, y: f64, size: f64) -> Polygon<f64> {
    let mut j = || (rng.unit() - 0.5) * size * 0.3;
    let h = size / 2.0;
    polygon![
        (x: x - h + j(), y: y - h + j()),
        (x: x + h + j(), y: y - h + j()),
        (x: x + h + j(), y: y + h + j()),
        (x: x - h + j(), y: y + h + j()),
    ]
}

/// Scenes over a box, with repeated times and clouds so ties are common.
pub(super) fn catalogue(rng: &mut Rng, n: i64, area: [f64; 4]) -> Vec<SceneRow> {
    (0..n)
        .map(|fid| {
            let (satellite, sensors) = *rng.pick(&SATELLITES);
            let sensor = *rng.pick(sensors);
            let x = area[0] + rng.unit() * (area[2] - area[0]);
            let y = area[1] + rng.unit() * (area[3] - area[1]);
            let size = *rng.pick(&[0.05, 0.3, 0.8, 3.0]);
            let mut footprint = quad(rng, x, y, size);
            if fid % 97 == 0 {
                let h = size / 6.0;
                footprint.interiors_push(LineString::from(vec![
                    (x - h, y - h),
                    (x + h, y - h),
                    (x + h, y + h),
                    (x - h, y + h),
                    (x - h, y - h),
                ]));
            }
            let time = 1_700_000_000 + (rng.next() % 200) as i64 * 3600;
            let cloud = (rng.next() % 20) as f64 * 5.0;
            scene(fid + 1, satellite, sensor, time, cloud, footprint)
        })
        .collect()
}

/// What the index must answer, by brute force: fids in the asked order.
fn brute(rows: &[SceneRow], aoi: &MultiPolygon<f64>, f: &Filter, sort: Sort) -> Vec<i64> {
    let mut hits: Vec<&SceneRow> = rows
        .iter()
        .filter(|s| {
            let entry = crate::catalogue::satellite(&s.satellite).expect("catalogue");
            f.satellites
                .get(&s.satellite)
                .map_or(f.satellites.is_empty(), |sensors| {
                    sensors.is_empty() || sensors.contains(&s.sensor)
                })
                && (f.resolutions.is_empty() || f.resolutions.contains(&(entry.resolution as u8)))
                && (f.types.is_empty() || f.types.contains(&(entry.kind as u8)))
                && f.from.is_none_or(|t| s.acquired_at >= t)
                && f.to.is_none_or(|t| s.acquired_at <= t)
                && f.cloud_max.is_none_or(|c| s.cloud <= c)
                && f.online.is_none_or(|o| s.online == o)
                && s.footprint.intersects(aoi)
        })
        .collect();
    // Newest first: the later (time, fid) first.
    match sort {
        Sort::Time => hits.sort_by_key(|s| std::cmp::Reverse((s.acquired_at, s.fid))),
        Sort::Cloud => hits.sort_by(|a, b| {
            a.cloud
                .total_cmp(&b.cloud)
                .then((b.acquired_at, b.fid).cmp(&(a.acquired_at, a.fid)))
        }),
    }
    hits.iter().map(|s| s.fid).collect()
}

fn fids(index: &SceneIndex, positions: &[usize]) -> Vec<i64> {
    positions
        .iter()
        .map(|&i| index.get(i).expect("position").fid)
        .collect()
}

pub(super) fn random_filter(rng: &mut Rng) -> Filter {
    let mut f = Filter::default();
    if rng.next().is_multiple_of(2) {
        f.satellites.insert("GF1".into(), vec![]);
        f.satellites.insert("GF2".into(), vec!["PMS2".into()]);
    }
    if rng.next().is_multiple_of(3) {
        f.satellites.insert("S1A".into(), vec![]);
        f.types = vec![1];
    }
    if rng.next().is_multiple_of(2) {
        // Bounds on the hour grid, so scenes fall exactly on them.
        f.from = Some(1_700_000_000 + (rng.next() % 100) as i64 * 3600);
        f.to = f.from.map(|t| t + (rng.next() % 100) as i64 * 3600);
    }
    if rng.next().is_multiple_of(2) {
        f.cloud_max = Some((rng.next() % 20) as f64 * 5.0);
    }
    if rng.next().is_multiple_of(4) {
        f.online = Some(rng.next().is_multiple_of(2));
    }
    if rng.next().is_multiple_of(4) {
        f.resolutions = vec![2];
    }
    f
}

fn star(cx: f64, cy: f64, r: f64, points: usize) -> LineString<f64> {
    LineString::from(
        (0..=2 * points)
            .map(|i| {
                let t = i as f64 / (2 * points) as f64 * std::f64::consts::TAU;
                let k = if i % 2 == 0 { r } else { r * 0.45 };
                (cx + k * t.cos(), cy + k * t.sin())
            })
            .collect::<Vec<_>>(),
    )
}

fn check(index: &SceneIndex, rows: &[SceneRow], aoi: &MultiPolygon<f64>, f: &Filter) {
    for sort in [Sort::Time, Sort::Cloud] {
        let expected = brute(rows, aoi, f, sort);
        assert_eq!(
            fids(index, &index.search(aoi, f, sort)),
            expected,
            "{f:?} {sort:?}"
        );
        let (total, page) = index.search_page(aoi, f, sort, 3, 7);
        assert_eq!(total, expected.len());
        let want: Vec<i64> = expected.iter().skip(3).take(7).copied().collect();
        assert_eq!(fids(index, &page), want);
    }
    // Newest first after a scene found, as a next page sees them.
    let newest = brute(rows, aoi, f, Sort::Time);
    let key_of = |fid: i64| {
        let row = rows.iter().find(|r| r.fid == fid).expect("found");
        (row.acquired_at, row.fid)
    };
    for skip in [0, 1, 5, newest.len()]
        .into_iter()
        .filter(|&k| k <= newest.len())
    {
        let after = newest.get(skip.wrapping_sub(1)).map(|&fid| key_of(fid));
        let (total, page) = index.search_in_time(aoi, f, TimeOrder::Newest, after, 4);
        assert_eq!(total, newest.len());
        let want: Vec<i64> = newest.iter().skip(skip).take(4).copied().collect();
        assert_eq!(fids(index, &page), want, "after {skip}");
        // The same scenes oldest first.
        let oldest: Vec<i64> = newest.iter().rev().copied().collect();
        let after = oldest.get(skip.wrapping_sub(1)).map(|&fid| key_of(fid));
        let (total, page) = index.search_in_time(aoi, f, TimeOrder::Oldest, after, 4);
        assert_eq!(total, oldest.len());
        let want: Vec<i64> = oldest.iter().skip(skip).take(4).copied().collect();
        assert_eq!(fids(index, &page), want, "oldest, after {skip}");
    }
}

#[test]
fn rows_come_back_as_they_went_in() {
    let mut rng = Rng(11);
    let rows = catalogue(&mut rng, 500, [100.0, 20.0, 110.0, 30.0]);
    let mut literal = rows[0].clone();
    literal.file_name = "其他名称.zip".into();
    literal.quicklook = None;
    literal.product_level = None;
    literal.resolution_m = None;
    literal.path = Some(i64::MAX);
    literal.row = Some(-3);
    let mut rows = rows;
    rows[0] = literal;
    let index = SceneIndex::new(rows.clone());
    assert_eq!(index.len(), rows.len());
    let mut back: Vec<SceneRow> = (0..index.len())
        .map(|i| index.get(i).expect("row"))
        .collect();
    assert!(
        back.windows(2)
            .all(|w| (w[0].acquired_at, w[0].fid) < (w[1].acquired_at, w[1].fid))
    );
    back.sort_by_key(|s| s.fid);
    assert_eq!(back, rows);
    assert_eq!(
        index.scene_id(0),
        Some(index.get(0).expect("row").scene_id.as_str())
    );
    assert!(index.get(rows.len()).is_none());
}

#[test]
fn an_index_loaded_from_the_database_holds_every_row_as_stored() {
    let mut rng = Rng(12);
    let mut rows = catalogue(&mut rng, 300, [100.0, 20.0, 110.0, 30.0]);
    rows[5].path = Some(i64::MAX);
    rows[6].file_name = "其他名称.zip".into();
    let mut conn = crate::db::memory();
    crate::normal::store::insert(&mut conn, &rows).expect("insert");
    let index = crate::normal::store::load_index(&conn).expect("load");
    let mut back: Vec<SceneRow> = (0..index.len()).filter_map(|i| index.get(i)).collect();
    back.sort_by_key(|s| s.fid);
    assert_eq!(back, rows);
}

#[test]
fn a_second_pass_out_of_step_with_the_first_is_refused() {
    let mut rng = Rng(13);
    let rows = catalogue(&mut rng, 3, [100.0, 20.0, 101.0, 21.0]);
    let layout = |rows: &[SceneRow]| {
        let mut l = Layout::new();
        for s in rows {
            l.push(
                s.fid,
                s.acquired_at,
                &s.satellite,
                &s.sensor,
                s.footprint.exterior(),
            );
        }
        l.finish()
    };
    let mut swapped = layout(&rows);
    assert!(swapped.put(rows[1].clone()).is_err());
    let mut short = layout(&rows);
    short.put(rows[0].clone()).expect("first");
    assert!(short.finish().is_err());
    let mut other_shape = layout(&rows);
    let mut moved = rows[0].clone();
    moved
        .footprint
        .exterior_mut(|r| r.0.insert(1, Coord { x: 100.5, y: 20.0 }));
    assert!(other_shape.put(moved).is_err());
}

#[test]
fn scene_refs_read_what_went_in_at_every_position() {
    let mut rng = Rng(12);
    let mut rows = catalogue(&mut rng, 400, [100.0, 20.0, 110.0, 30.0]);
    rows[3].file_name = "其他名称.zip".into();
    rows[3].quicklook = None;
    rows[3].product_level = None;
    rows[3].resolution_m = None;
    rows[3].size_mb = None;
    rows[3].path = Some(i64::MAX);
    rows[3].row = Some(-3);
    let index = SceneIndex::new(rows.clone());
    let by_fid: HashMap<i64, &SceneRow> = rows.iter().map(|r| (r.fid, r)).collect();
    for i in 0..index.len() {
        let s = index.at(i).expect("position");
        let want = by_fid[&s.fid()];
        assert_eq!(s.scene_id(), want.scene_id);
        assert_eq!(s.file_name(), want.file_name);
        assert_eq!(s.quicklook().as_deref(), want.quicklook.as_deref());
        assert_eq!(s.satellite(), want.satellite);
        assert_eq!(s.sensor(), want.sensor);
        assert_eq!(s.acquired_at(), want.acquired_at);
        assert_eq!(s.cloud(), want.cloud);
        assert_eq!(s.resolution_m(), want.resolution_m);
        assert_eq!(s.product_level(), want.product_level.as_deref());
        assert_eq!(s.path_row(), (want.path, want.row));
        assert_eq!(s.size_mb(), want.size_mb);
        assert_eq!((s.online(), s.demo()), (want.online, want.demo));
        let exterior = &want.footprint.exterior().0;
        assert_eq!(s.ring(), &exterior[..exterior.len() - 1]);
        assert_eq!(s.footprint(), want.footprint);
        let r = geo::BoundingRect::bounding_rect(&want.footprint).expect("box");
        let b = s.bbox().expect("box");
        assert_eq!(
            [b.min_x, b.min_y, b.max_x, b.max_y],
            [r.min().x, r.min().y, r.max().x, r.max().y]
        );
        assert_eq!(s.to_row(), *want);
        assert_eq!(index.get(i).as_ref(), Some(want));
    }
    assert!(index.at(index.len()).is_none());
}

#[test]
fn random_areas_and_filters_match_a_brute_force_scan() {
    let mut rng = Rng(2024);
    let rows = catalogue(&mut rng, 4000, [100.0, 20.0, 120.0, 40.0]);
    let index = SceneIndex::new(rows.clone());
    let mut holed = Polygon::new(star(110.0, 30.0, 6.0, 9), vec![]);
    holed.interiors_push(
        star(110.0, 30.0, 1.5, 5)
            .0
            .into_iter()
            .rev()
            .collect::<Vec<_>>(),
    );
    let areas = [
        MultiPolygon(vec![holed, Polygon::new(star(103.0, 23.0, 1.0, 4), vec![])]),
        MultiPolygon(vec![
            polygon![(x: 105.0, y: 25.0), (x: 115.0, y: 25.0), (x: 115.0, y: 35.0), (x: 105.0, y: 35.0), (x: 105.0, y: 25.0)],
        ]),
        MultiPolygon(vec![
            polygon![(x: 108.0, y: 31.0), (x: 108.001, y: 31.0), (x: 108.0, y: 31.001), (x: 108.0, y: 31.0)],
        ]),
    ];
    for aoi in &areas {
        for _ in 0..12 {
            check(&index, &rows, aoi, &random_filter(&mut rng));
        }
    }
}

/// 湖北省's real boundary (testdata/README.md).
fn hubei() -> MultiPolygon<f64> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/hubei_province_tianditu.geojson");
    let text = std::fs::read_to_string(path).expect("boundary");
    let all: serde_json::Value = serde_json::from_str(&text).expect("json");
    let f = &all["features"][0];
    assert_eq!(f["properties"]["adcode"], 420000, "湖北");
    let g: geojson::Geometry = serde_json::from_value(f["geometry"].clone()).expect("geometry");
    match geo_types::Geometry::<f64>::try_from(g).expect("geometry") {
        geo_types::Geometry::Polygon(p) => MultiPolygon(vec![p]),
        geo_types::Geometry::MultiPolygon(mp) => mp,
        _ => panic!("polygonal"),
    }
    .orient(Direction::Default)
}

#[test]
fn hubei_matches_a_brute_force_scan_even_where_footprints_touch_its_border() {
    let aoi = hubei();
    let mut rng = Rng(420_000);
    let mut rows = catalogue(&mut rng, 6000, [107.5, 28.5, 117.0, 34.0]);
    // Footprints that share one vertex, or a whole edge, with the border from outside or inside.
    let border: Vec<Coord<f64>> = aoi.0[0].exterior().0.clone();
    for k in 0..300 {
        let i = (rng.next() % (border.len() as u64 - 1)) as usize;
        let (a, b) = (border[i], border[i + 1]);
        let d = if k % 2 == 0 { 0.05 } else { -0.05 };
        let footprint = if k % 3 == 0 {
            polygon![(x: a.x, y: a.y), (x: a.x + d, y: a.y), (x: a.x + d, y: a.y + d), (x: a.x, y: a.y)]
        } else {
            polygon![(x: a.x, y: a.y), (x: b.x, y: b.y), (x: b.x + d, y: b.y + d), (x: a.x, y: a.y)]
        };
        rows.push(scene(
            100_000 + k,
            "GF2",
            "PMS1",
            1_700_000_000,
            10.0,
            footprint,
        ));
    }
    let index = SceneIndex::new(rows.clone());
    check(&index, &rows, &aoi, &Filter::default());
    for _ in 0..6 {
        check(&index, &rows, &aoi, &random_filter(&mut rng));
    }
}

#[test]
fn select_keeps_what_the_filter_and_the_predicate_keep_in_order() {
    let mut rng = Rng(5);
    let rows = catalogue(&mut rng, 800, [100.0, 20.0, 110.0, 30.0]);
    let index = SceneIndex::new(rows.clone());
    let f = Filter {
        cloud_max: Some(50.0),
        ..Filter::default()
    };
    let got = fids(&index, &index.select(&f, Sort::Cloud, |s| s.fid() % 2 == 0));
    let mut want: Vec<&SceneRow> = rows
        .iter()
        .filter(|s| s.cloud <= 50.0 && s.fid % 2 == 0)
        .collect();
    want.sort_by(|a, b| {
        a.cloud
            .total_cmp(&b.cloud)
            .then((b.acquired_at, b.fid).cmp(&(a.acquired_at, a.fid)))
    });
    assert_eq!(got, want.iter().map(|s| s.fid).collect::<Vec<_>>());
}

#[test]
fn an_empty_index_or_area_finds_nothing() {
    let empty = SceneIndex::new(Vec::new());
    let aoi = MultiPolygon(vec![
        polygon![(x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 1.0, y: 1.0), (x: 0.0, y: 0.0)],
    ]);
    assert!(
        empty
            .search(&aoi, &Filter::default(), Sort::Time)
            .is_empty()
    );
    let mut rng = Rng(9);
    let index = SceneIndex::new(catalogue(&mut rng, 50, [0.0, 0.0, 1.0, 1.0]));
    assert_eq!(
        index.search_page(&MultiPolygon(vec![]), &Filter::default(), Sort::Time, 0, 20),
        (0, vec![])
    );
}

/// A catalogue built at a start and then told of two imports, each adding
/// rows and replacing some earlier ones (new row ids, the old rows gone),
/// with the rows it should hold.
fn imported_twice(rng: &mut Rng) -> (SceneIndex, Vec<SceneRow>) {
    let fresh = catalogue(rng, 900, [100.0, 20.0, 120.0, 40.0]);
    let mut stored: Vec<SceneRow> = fresh[..400].to_vec();
    let mut index = SceneIndex::new(stored.clone());
    let mut next_fid = 10_000;
    for (added, every) in [(&fresh[400..650], 7), (&fresh[650..], 5)] {
        let mut import: Vec<SceneRow> = added.to_vec();
        // Replacements of every `every`-th stored row, moved in time and cloud.
        for old in stored.iter().step_by(every) {
            let mut again = old.clone();
            again.acquired_at += 3600 * (rng.next() % 5) as i64;
            again.cloud = (rng.next() % 20) as f64 * 5.0;
            import.push(again);
        }
        for row in &mut import {
            row.fid = next_fid;
            next_fid += 1;
        }
        let replaced: HashSet<&str> = import.iter().map(|r| r.scene_id.as_str()).collect();
        stored.retain(|r| !replaced.contains(r.scene_id.as_str()));
        stored.extend(import.iter().cloned());
        let kept: HashSet<i64> = stored.iter().map(|r| r.fid).collect();
        index = index.updated(
            index.segments(),
            |fid| kept.contains(&fid),
            Segment::new(import),
        );
    }
    (index, stored)
}

#[test]
fn a_catalogue_of_segments_answers_as_one_index_of_its_rows() {
    let mut rng = Rng(0x5e6_3e27);
    let (index, rows) = imported_twice(&mut rng);
    let whole = SceneIndex::new(rows.clone());
    assert_eq!(index.len(), rows.len());
    assert_eq!(index.max_fid(), whole.max_fid());
    let areas = [
        MultiPolygon(vec![Polygon::new(star(110.0, 30.0, 6.0, 9), vec![])]),
        MultiPolygon(vec![
            polygon![(x: 105.0, y: 25.0), (x: 115.0, y: 25.0), (x: 115.0, y: 35.0), (x: 105.0, y: 35.0), (x: 105.0, y: 25.0)],
        ]),
    ];
    for aoi in &areas {
        for _ in 0..12 {
            check(&index, &rows, aoi, &random_filter(&mut rng));
        }
    }
    // Every position answers a scene stored now, each once.
    let live: Vec<i64> = (0..index.len() + 500)
        .filter_map(|i| index.at(i).map(|s| s.fid()))
        .collect();
    assert_eq!(live.len(), rows.len());
    // Walks, look-ups and selections: the same scenes in the same order.
    let by_fid = |index: &SceneIndex, positions: Vec<usize>| fids(index, &positions);
    for _ in 0..10 {
        let f = random_filter(&mut rng);
        for order in [TimeOrder::Newest, TimeOrder::Oldest] {
            let walked = |i: &SceneIndex| by_fid(i, i.walk(&f, order).collect());
            assert_eq!(walked(&index), walked(&whole), "{f:?} {order:?}");
        }
        let sort = *rng.pick(&[Sort::Time, Sort::Cloud]);
        let odd = |s: &SceneRef| s.fid() % 3 == 0;
        assert_eq!(
            by_fid(&index, index.select(&f, sort, odd)),
            by_fid(&whole, whole.select(&f, sort, odd))
        );
        assert_eq!(
            by_fid(&index, index.newest(&f, 7)),
            by_fid(&whole, whole.newest(&f, 7))
        );
    }
    for row in rows.iter().step_by(13) {
        let id = &row.scene_id;
        assert_eq!(
            by_fid(&index, index.positions_with_id(id)),
            by_fid(&whole, whole.positions_with_id(id))
        );
        let named = |i: &SceneIndex| {
            let found = i.positions_named(&row.file_name);
            by_fid(i, i.select_among(found, &Filter::default(), Sort::Cloud))
        };
        assert_eq!(named(&index), named(&whole), "{}", row.file_name);
    }
    for text in ["GF", "gf1", "S1A_", "no such"] {
        assert_eq!(
            by_fid(&index, index.file_names_starting(text, 20)),
            by_fid(&whole, whole.file_names_starting(text, 20))
        );
        assert_eq!(
            crate::normal::lists::suggestions(&index, text),
            crate::normal::lists::suggestions(&whole, text)
        );
    }
    let summaries = |i: &SceneIndex| format!("{:?}", i.satellite_summaries());
    assert_eq!(summaries(&index), summaries(&whole));
    assert_eq!(index.scene_counts(), whole.scene_counts());
}

#[test]
fn scene_counts_are_per_satellite_and_beijing_month_and_match_a_count_of_the_rows() {
    let mut rows = catalogue(&mut Rng(11), 400, [100.0, 20.0, 101.0, 21.0]);
    // Half a year, with scenes on both sides of Beijing's midnight of 2025-01-01.
    for (n, r) in rows.iter_mut().enumerate() {
        r.acquired_at = 1_735_660_800 + (n as i64 % 180 - 90) * 86_400 - (n as i64 % 2);
    }
    let index = SceneIndex::new(rows.clone());
    let mut want: std::collections::BTreeMap<(String, i64), u64> = Default::default();
    for r in &rows {
        let month = crate::beijing::month_number(r.acquired_at);
        *want.entry((r.satellite.clone(), month)).or_default() += 1;
    }
    let mut got = std::collections::BTreeMap::new();
    for c in index.scene_counts() {
        assert_eq!(c.scenes, c.months.values().sum::<u64>(), "{}", c.satellite);
        for (month, n) in &c.months {
            got.insert((c.satellite.clone(), *month), *n);
        }
    }
    assert_eq!(got, want);
    let months: std::collections::BTreeSet<_> = want.keys().map(|(_, m)| *m).collect();
    assert_eq!(months.len(), 6, "2024-10 to 2025-03");
}

#[test]
fn newest_gives_a_satellites_latest_scenes_newest_first() {
    let rows = catalogue(&mut Rng(12), 300, [100.0, 20.0, 101.0, 21.0]);
    let index = SceneIndex::new(rows.clone());
    let satellite = rows[0].satellite.clone();
    let filter = Filter {
        satellites: [(satellite.clone(), Vec::new())].into(),
        ..Filter::default()
    };
    let mut want: Vec<&SceneRow> = rows.iter().filter(|r| r.satellite == satellite).collect();
    want.sort_by_key(|r| std::cmp::Reverse((r.acquired_at, r.fid)));
    let want: Vec<i64> = want.iter().take(5).map(|r| r.fid).collect();
    assert_eq!(fids(&index, &index.newest(&filter, 5)), want);
}

#[test]
fn a_replaced_row_is_gone_from_every_answer() {
    let rows = catalogue(&mut Rng(5), 20, [100.0, 20.0, 101.0, 21.0]);
    let index = SceneIndex::new(rows.clone());
    let mut again = rows[4].clone();
    again.fid = 100;
    again.cloud = 0.0;
    let updated = index.updated(1, |fid| fid != rows[4].fid, Segment::new(vec![again]));
    assert_eq!(updated.len(), 20);
    let found = updated.positions_with_id(&rows[4].scene_id);
    assert_eq!(fids(&updated, &found), [100]);
    let everywhere = MultiPolygon(vec![
        polygon![(x: 90.0, y: 10.0), (x: 130.0, y: 10.0), (x: 130.0, y: 50.0), (x: 90.0, y: 50.0), (x: 90.0, y: 10.0)],
    ]);
    let hits = fids(
        &updated,
        &updated.search(&everywhere, &Filter::default(), Sort::Time),
    );
    assert_eq!(hits.len(), 20);
    assert!(hits.contains(&100) && !hits.contains(&rows[4].fid));
    // The catalogue in use before the import still answers as it did.
    assert_eq!(
        fids(&index, &index.positions_with_id(&rows[4].scene_id)),
        [rows[4].fid]
    );
}
