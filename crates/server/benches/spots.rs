//! `make bench`: the spot engine on 1,000,000 spots and its tiles (issue 13's bars).
//!
//! 1. Databases, made once and kept for reruns, each a copy of the bench database (regions
//!    already imported by `make bench`) with the demo accounts:
//!    - `spots-1m`: 1,000,000 demo spots, as `rscloud demo spots --count 1000000` makes them
//!      (`demo::spots::store`: eight themes over eight batches, inside the real counties);
//!    - `spots-tiles`: 100,000 squares of 1 km², all 地表覆盖 (`landcover`) of one batch, the
//!      same number in every county (so denser where counties are small, in the east, as
//!      monitoring spots are). Not the demo's own spots: 100,000 of those are spread over
//!      eight themes and eight batches, and a map layer draws one theme's batch, so a layer
//!      would hold a few thousand of them, not 100,000 small squares.
//! 2. In process, on `spots-1m`: the engine's load time and the resident memory it adds; the
//!    theme whose latest batch holds most spots; `spotstatistics`' work (selection, tallies,
//!    the JSON answer) for the whole country and for 湖北 (420000), and a first list page of
//!    20, as `admin` (whole country), and the trend over every batch; median and p95 over a
//!    few hundred runs; the dynamic analysis of its two latest batches (every spot matched
//!    by overlap) for the country and for 湖北, over twenty runs. GRID mode on the same
//!    engine: 湖北's cells at level 13 (p95 over a few hundred runs, the first, which works
//!    out the cells' land, reported apart), the `grid_statistics_default` tiles at z10 over
//!    湖北 at level 13 (CPU ms a tile, as the theme tiles below), and the time to build the
//!    wind zones of the country.
//! 3. Over HTTP (when RSCLOUD_BIN names a release binary and `wrk` is installed), the real
//!    server on loopback, logged in as `admin` (`token` header), `wrk` with 8 connections:
//!    `spotstatistics` for the country and for 湖北 on `spots-1m`; then on `spots-tiles` the
//!    theme's tiles, a 50/50 mix of z10 tiles over 湖北 and z6 tiles over China (every tile
//!    meeting the region's boundary), and the z6 tiles alone. ows keeps no tile cache (every
//!    tile is drawn on request; a client's `If-None-Match` only saves sending it back, and
//!    `wrk` sends none), so there is nothing to turn off. Requests/s and p50/p95/p99 from a
//!    `wrk` script, each beside its bar with PASS or FAIL, and the machine's load average
//!    before each run: the machine is shared, and what else runs slows the server.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{cpu_seconds, load_average, percentile, proc_status, timings};
use cpu_time::ThreadTime;
use geo::{BoundingRect, Contains, Intersects};
use geo_kit::Envelope;
use geo_kit::deadline::Deadline;
use geo_kit::tile::{TileId, tile_range};
use geo_types::{Coord, Point, Rect};
use rscloud::api::Paging;
use rscloud::demo::spots::SpotPlan;
use rscloud::ows::layers::{Layers, MapLayer, ViewParams};
use rscloud::ows::tiles::render;
use rscloud::region::index::RegionIndex;
use rscloud::spot::engine::{LiveSpots, SpotIndex};
use rscloud::spot::grid::cells::{LandCache, statistics as grid_statistics};
use rscloud::spot::import::is_county;
use rscloud::spot::model::{Attrs, SpotRecord};
use rscloud::spot::theme::{THEMES, ThemeName};
use rscloud::spot::{BatchPair, SpotFilter, filter, query, sites, zones};
use rscloud::usercenter::session::Caller;
use rusqlite::Connection;

mod common;

/// Spots of the statistics database.
const SPOTS: usize = 1_000_000;
/// Spots of the tiles database.
const TILE_SPOTS: usize = 100_000;
/// The tiles database's theme, batch and file.
const TILE_THEME: ThemeName = ThemeName::Landcover;
const TILE_BATCH: &str = "2025Q4";
const TILE_FILE: &str = "基准测试.geojson";
/// Runs of each in-process measure.
const RUNS: usize = 300;
/// The account every request is made as, and what its captcha is answered with.
const USER: (&str, &str) = ("admin", "Admin12345");
const CAPTCHA: &str = "BENCH";
/// Connections and seconds of each `wrk` run (after a 3 s warm-up).
const CONNECTIONS: u32 = 8;
const SECONDS: u32 = 15;
/// The bars (issue 13): ms and tiles/s.
const COUNTRY_P95_MS: f64 = 10.0;
const PROVINCE_P95_MS: f64 = 5.0;
const TILES_PER_S: f64 = 1_750.0;
const Z6_P95_MS: f64 = 30.0;
/// Issue 15: the whole country's trend over every batch, p95 in process, ms.
const TREND_P95_MS: f64 = 10.0;
/// Issue 15: 湖北's grid cells at level 13, and a `grid_statistics_default` tile, p95, ms.
const GRID_P95_MS: f64 = 20.0;
const GRID_TILE_P95_MS: f64 = 5.0;
/// The grid level of those bars.
const GRID_LEVEL: u8 = 13;
/// 湖北, the province of the bars.
const HUBEI: &str = "420000";

/// A measured figure beside its bar: `at_most` for a latency, else a rate.
fn verdict(what: &str, value: f64, bar: f64, at_most: bool) -> bool {
    let pass = if at_most { value <= bar } else { value >= bar };
    let (sign, unit) = if at_most {
        ("≤", "ms")
    } else {
        ("≥", "/s")
    };
    println!(
        "verdict {what}: {value:.1} {unit} (bar {sign} {bar} {unit}): {}",
        if pass { "PASS" } else { "FAIL" }
    );
    pass
}

/// `data/<name>/rscloud.gpkg`: a copy of the bench database that `fill` writes into, with
/// the demo accounts, made once; later runs reuse it.
fn database(bench: &Path, name: &str, fill: impl FnOnce(&mut Connection)) -> PathBuf {
    let dir = bench.join(name);
    let db = dir.join("rscloud.gpkg");
    if db.exists() {
        println!("{name}: reusing {}", db.display());
        return dir;
    }
    std::fs::create_dir_all(&dir).expect("folder");
    let partial = dir.join("rscloud.gpkg.partial");
    std::fs::copy(bench.join("rscloud.gpkg"), &partial).expect("copy the bench database");
    let mut conn = rscloud::db::open_connection(&partial).expect("database");
    let start = Instant::now();
    fill(&mut conn);
    rscloud::usercenter::admin::seed_demo(&mut conn).expect("demo accounts");
    println!("{name}: written in {:.1} s", start.elapsed().as_secs_f64());
    drop(conn);
    std::fs::rename(&partial, &db).expect("rename");
    dir
}

/// The `i`-th number of the van der Corput sequence in `base`, in [0, 1): spread evenly
/// without a random generator.
fn radical_inverse(mut i: u64, base: u64) -> f64 {
    let (mut x, mut scale) = (0.0, 1.0);
    while i > 0 {
        scale /= base as f64;
        x += (i % base) as f64 * scale;
        i /= base;
    }
    x
}

/// `TILE_SPOTS` squares of 1 km², the same number in every county, each at a point of a
/// Halton sequence over the county's box that falls inside the county.
fn small_spots(regions: &RegionIndex) -> Vec<SpotRecord> {
    let everywhere = Envelope {
        min_x: -180.0,
        max_x: 180.0,
        min_y: -90.0,
        max_y: 90.0,
    };
    let counties: Vec<_> = regions
        .full()
        .intersecting(&everywhere)
        .into_iter()
        .map(|(shape, _)| shape)
        .filter(|s| is_county(&s.code))
        .collect();
    let mut spots = Vec::with_capacity(TILE_SPOTS);
    for (k, county) in counties.iter().enumerate() {
        let Some(bbox) = county.geom.bounding_rect() else {
            continue;
        };
        // What is left, shared by the counties left (a county too thin for its share
        // leaves the rest to the next ones).
        let left = counties.len() - k;
        let n = (TILE_SPOTS - spots.len()).div_ceil(left);
        let mut made = 0;
        for i in 1..=200 * n as u64 {
            if made == n {
                break;
            }
            let at = Coord {
                x: bbox.min().x + radical_inverse(i, 2) * bbox.width(),
                y: bbox.min().y + radical_inverse(i, 3) * bbox.height(),
            };
            if !county.geom.contains(&Point::from(at)) {
                continue;
            }
            spots.push(SpotRecord {
                theme: TILE_THEME,
                batch: TILE_BATCH.to_owned(),
                // The five land-cover change types, in turn.
                tblx: Some((1 + spots.len() % 5).to_string()),
                xzqdm: county.code.clone(),
                file_name: TILE_FILE.to_owned(),
                geom: sites::square(at.x, at.y, 1e6),
                area_m2: 1e6,
                change: (spots.len() % 4) as u8,
                before_image: None,
                after_image: None,
                attrs: Attrs::default(),
                source: None,
                demo: false,
            });
            made += 1;
        }
    }
    spots
}

/// Loads the engine and measures what its routes do in process; answers the theme with the
/// most spots in its latest batch.
fn in_process(data: &Path, regions: &RegionIndex) -> ThemeName {
    let conn = rscloud::db::open_connection(&data.join("rscloud.gpkg")).expect("database");
    let before = proc_status(std::process::id(), "VmRSS:");
    let start = Instant::now();
    let index = SpotIndex::load(&conn).expect("engine");
    println!(
        "engine of {} spots loaded in {:.2} s; this process resident {before} before, {} after",
        rscloud::db::live::Loaded::rows(&index),
        start.elapsed().as_secs_f64(),
        proc_status(std::process::id(), "VmRSS:")
    );
    let latest = |t: ThemeName| index.theme(t).block(None).map_or(0, |b| b.len());
    let theme = THEMES
        .iter()
        .map(|t| t.name)
        .max_by_key(|&t| latest(t))
        .expect("themes");
    let spots = index.theme(theme);
    println!(
        "theme {} ({}): {} spots in its latest batch",
        theme.as_str(),
        theme.theme().title,
        latest(theme)
    );
    let ranges = vec!["100000".to_owned()];
    for (code, name) in [("100000", "country"), (HUBEI, "湖北")] {
        let f = SpotFilter {
            xzqdm: Some(code.to_owned()),
            ..SpotFilter::default()
        };
        let answer = |f: &SpotFilter| {
            let sel = filter::select(spots, f, &ranges, regions).expect("selection");
            let stats = query::statistics(spots, &sel, regions);
            (stats.total.count, serde_json::to_vec(&stats).expect("json"))
        };
        let (count, json) = answer(&f);
        let ms = timings(RUNS, || {
            std::hint::black_box(answer(&f));
        });
        println!(
            "spotstatistics {name:<7} {count:>7} spots  answer {:>6} B  median {:.3} ms  p95 {:.3} ms",
            json.len(),
            percentile(&ms, 0.5),
            percentile(&ms, 0.95)
        );
        let page = Paging { num: 1, size: 20 };
        let list = || {
            let sel = filter::select(spots, &f, &ranges, regions).expect("selection");
            serde_json::to_vec(&query::list(spots, &sel, page, regions)).expect("json")
        };
        let ms = timings(RUNS, || {
            std::hint::black_box(list());
        });
        println!(
            "spotmeta page 1 of 20, {name:<7}       median {:.3} ms  p95 {:.3} ms",
            percentile(&ms, 0.5),
            percentile(&ms, 0.95)
        );
        let trend = || {
            let sel = filter::select(spots, &f, &ranges, regions).expect("selection");
            serde_json::to_vec(&query::trend(spots, &sel, regions)).expect("json")
        };
        let ms = timings(RUNS, || {
            std::hint::black_box(trend());
        });
        println!(
            "trend over {} batches, {name:<7}   median {:.3} ms  p95 {:.3} ms{}",
            spots.batches().count(),
            percentile(&ms, 0.5),
            percentile(&ms, 0.95),
            if code == "100000" {
                format!(" (issue 15's bar ≤ {TREND_P95_MS} ms)")
            } else {
                String::new()
            }
        );
    }
    dynamic_in_process(spots, regions);
    theme
}

/// Runs of each dynamic analysis measure: each matches every spot of two batches.
const DYNAMIC_RUNS: usize = 20;

/// The dynamic analysis (issue 15) of a theme's two latest batches, for the whole country and
/// for 湖北, as `admin`: matching every spot of both batches by overlap, and the answer.
fn dynamic_in_process(spots: &rscloud::spot::engine::ThemeSpots, regions: &RegionIndex) {
    let mut batches = spots.batches();
    let (Some(to), Some(from)) = (batches.next(), batches.next()) else {
        println!("dynamic analysis skipped: fewer than two batches");
        return;
    };
    let pair = BatchPair {
        from: from.id.clone(),
        to: to.id.clone(),
    };
    let ranges = vec!["100000".to_owned()];
    for (code, name) in [("100000", "country"), (HUBEI, "湖北")] {
        let f = SpotFilter {
            xzqdm: Some(code.to_owned()),
            ..SpotFilter::default()
        };
        let answer = || {
            let sel = filter::select(spots, &f, &ranges, regions).expect("selection");
            query::dynamic(spots, &sel, &pair, regions, &Deadline::never()).expect("in time")
        };
        let d = answer();
        let matched = d.total.grew.count + d.total.shrank.count + d.total.unchanged.count;
        let ms = timings(DYNAMIC_RUNS, || {
            std::hint::black_box(answer());
        });
        println!(
            "dynamic {} → {}, {name:<7} {} appeared {} matched {} vanished  median {:.1} ms  p95 {:.1} ms",
            pair.from,
            pair.to,
            d.total.appeared.count,
            matched,
            d.total.vanished.count,
            percentile(&ms, 0.5),
            percentile(&ms, 0.95)
        );
    }
}

/// The running server (ended when dropped) and its address.
struct Server {
    process: common::Server,
    base: String,
}

/// A GET or (with a body) JSON POST by `curl`; the JSON answer.
fn curl(url: &str, token: Option<&str>, body: Option<&serde_json::Value>) -> serde_json::Value {
    let mut cmd = Command::new("curl");
    cmd.args(["-s", url]);
    if let Some(t) = token {
        cmd.args(["-H", &format!("token: {t}")]);
    }
    if let Some(b) = body {
        cmd.args(["-H", "content-type: application/json", "-d", &b.to_string()]);
    }
    let out = cmd.output().expect("curl");
    serde_json::from_slice(&out.stdout).unwrap_or(serde_json::Value::Null)
}

/// Starts the release server on a data folder, waits until it answers, and logs in.
fn start(bin: &Path, data: &Path) -> (Server, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let start = Instant::now();
    let child = Command::new(bin)
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--data"])
        .arg(data)
        .env("RSCLOUD_CAPTCHA_FIXED", CAPTCHA)
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .spawn()
        .expect("start the server");
    let server = Server {
        process: common::Server(child),
        base: format!("http://127.0.0.1:{port}"),
    };
    let up = (0..1200).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        Command::new("curl")
            .args(["-sf", &format!("{}/healthz", server.base)])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    assert!(up, "the server did not start");
    println!(
        "server up on {} in {:.1} s, resident {}",
        data.display(),
        start.elapsed().as_secs_f64(),
        proc_status(server.process.0.id(), "VmRSS:")
    );
    let key = curl(
        &format!("{}/api/usercenter/publickey", server.base),
        None,
        None,
    );
    let public = key["data"]["publicKey"].as_str().expect("public key");
    let captcha_token = format!("{:032}", std::process::id());
    curl(
        &format!(
            "{}/api/usercenter/captcha?token={captcha_token}",
            server.base
        ),
        None,
        None,
    );
    let sealed = rscloud::usercenter::seal::seal(public, USER.1, &captcha_token).expect("seal");
    let login = curl(
        &format!("{}/api/usercenter/userinfo/loginv2", server.base),
        None,
        Some(&serde_json::json!({
            "username": USER.0, "password": sealed, "captcha": CAPTCHA, "token": captcha_token
        })),
    );
    let token = login["data"].as_str().expect("login").to_owned();
    (server, token)
}

/// What one `wrk` run measured.
struct Run {
    per_s: f64,
    p95: f64,
    errors: u64,
}

/// `wrk` cycling through `paths` with the session token; its figures, printed.
fn wrk(server: &Server, token: &str, paths: &[String], what: &str, dir: &Path) -> Run {
    let list: Vec<String> = paths.iter().map(|p| format!("\"{p}\"")).collect();
    // Latencies in µs; every answer not 2xx or 3xx counts as an error.
    let script = format!(
        r#"wrk.headers["token"] = "{token}"
local paths = {{ {} }}
local i = 0
request = function()
  i = i + 1
  return wrk.format(nil, paths[(i - 1) % #paths + 1])
end
done = function(s, latency, _)
  local e = s.errors
  io.write(string.format("bench %d %f %d %f %f %f\n", s.requests, s.duration / 1e6,
    e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1e3, latency:percentile(95) / 1e3, latency:percentile(99) / 1e3))
end
"#,
        list.join(", ")
    );
    let file = dir.join("paths.lua");
    std::fs::write(&file, script).expect("lua");
    let run = |secs: u32| {
        Command::new("wrk")
            .args([
                "-t1",
                &format!("-c{CONNECTIONS}"),
                &format!("-d{secs}s"),
                "-s",
            ])
            .arg(&file)
            .arg(&server.base)
            .output()
            .expect("wrk")
    };
    run(3);
    println!("{what}: load average {} before", load_average());
    let pid = server.process.0.id();
    let cpu = cpu_seconds(pid);
    let out = run(SECONDS);
    let cpu = cpu_seconds(pid) - cpu;
    let text = String::from_utf8_lossy(&out.stdout);
    let fields: Vec<f64> = text
        .lines()
        .find_map(|l| l.strip_prefix("bench "))
        .map(|l| l.split(' ').filter_map(|f| f.parse().ok()).collect())
        .unwrap_or_default();
    let [requests, secs, errors, p50, p95, p99] = fields[..] else {
        panic!("no figures from wrk: {text}");
    };
    let run = Run {
        per_s: requests / secs,
        p95,
        errors: errors as u64,
    };
    println!(
        "{what}: {CONNECTIONS} connections, {requests} requests in {secs:.1} s: {:.0}/s  \
         p50 {p50:.2} ms  p95 {p95:.2} ms  p99 {p99:.2} ms  errors {}; \
         server CPU {:.3} ms a request ({:.0}% of a core)",
        run.per_s,
        run.errors,
        cpu * 1e3 / requests,
        cpu / secs * 100.0
    );
    run
}

/// Every tile at `z` whose box meets a region's boundary.
fn tiles(regions: &RegionIndex, code: &str, z: u8) -> Vec<TileId> {
    let geom = &regions.shape(code).expect("region").geom;
    let rect = geom.bounding_rect().expect("box");
    let bbox = Envelope {
        min_x: rect.min().x,
        max_x: rect.max().x,
        min_y: rect.min().y,
        max_y: rect.max().y,
    };
    tile_range(&bbox, z)
        .iter()
        .filter(|t| {
            let b = t.bounds_lonlat();
            let corner = |x, y| Coord { x, y };
            Rect::new(corner(b.min_x, b.min_y), corner(b.max_x, b.max_y)).intersects(geom)
        })
        .collect()
}

/// The tile's path on the server.
fn tile_path(t: &TileId) -> String {
    let layer = TILE_THEME.theme().layer;
    format!(
        "/ows/cloudPlatform/wmts/{layer}/{}/{}/{}.pbf",
        t.z, t.x, t.y
    )
}

/// `admin`, holding `theme`'s permission over the whole country.
fn admin(theme: ThemeName) -> Caller {
    Caller {
        user_id: 1,
        username: USER.0.to_owned(),
        permissions: [theme.theme().perm.code.to_owned()].into(),
        regions: vec!["100000".to_owned()],
        roles: BTreeSet::new(),
        push_nodes: Vec::new(),
        read_only: false,
        screen: None,
        token: String::new(),
    }
}

/// Draws each tile of a layer in process `PASSES` times: CPU ms a tile (its fastest pass,
/// in CPU time: the least swayed by others' work on the shared machine) and the tiles'
/// sizes, both sorted.
fn draw_tiles(
    layer: &dyn MapLayer,
    ids: &[TileId],
    caller: &Caller,
    params: &ViewParams,
) -> (Vec<f64>, Vec<usize>) {
    const PASSES: usize = 5;
    let mut bytes = Vec::new();
    let mut ms: Vec<f64> = ids
        .iter()
        .map(|&t| {
            let fastest = (0..PASSES)
                .map(|_| {
                    let start = ThreadTime::now();
                    std::hint::black_box(render(layer, t, Some(caller), params));
                    start.elapsed().as_secs_f64() * 1e3
                })
                .fold(f64::INFINITY, f64::min);
            bytes.push(render(layer, t, Some(caller), params).len());
            fastest
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    bytes.sort_unstable();
    (ms, bytes)
}

/// Draws each tile in process, as `admin` sees it: CPU ms a tile and the tiles' size;
/// answers the mean ms a tile of each zoom.
fn tiles_in_process(data: &Path, zooms: &[(&str, &[TileId])]) -> Vec<f64> {
    let conn = rscloud::db::open_connection(&data.join("rscloud.gpkg")).expect("database");
    let spots = Arc::new(LiveSpots::new(SpotIndex::load(&conn).expect("engine")));
    let mut layers = Layers::default();
    rscloud::spot::layers::register(&mut layers, &spots);
    let layer = layers.get(TILE_THEME.theme().layer).expect("the layer");
    let admin = admin(TILE_THEME);
    let params = ViewParams::default();
    let mut means = Vec::new();
    for (what, ids) in zooms {
        let (ms, bytes) = draw_tiles(layer, ids, &admin, &params);
        let mean = ms.iter().sum::<f64>() / ms.len() as f64;
        println!(
            "tiles in process, {what}: {} tiles, CPU mean {mean:.3} ms  p95 {:.2} ms  max {:.2} ms; \
             size median {} B, max {} B",
            ids.len(),
            percentile(&ms, 0.95),
            ms[ms.len() - 1],
            bytes[bytes.len() / 2],
            bytes[bytes.len() - 1]
        );
        means.push(mean);
    }
    means
}

/// GRID mode in process on the 1,000,000 spots, as `admin`, for `theme`'s latest batch:
/// 湖北's cells at level 13 (selection, cells, land, JSON answer), the grid layer's z10
/// tiles over 湖北, and the country's wind zones built once; true when both bars pass.
fn grid_in_process(
    data: &Path,
    regions: &Arc<RegionIndex>,
    theme: ThemeName,
    z10: &[TileId],
) -> bool {
    let conn = rscloud::db::open_connection(&data.join("rscloud.gpkg")).expect("database");
    let spots = Arc::new(LiveSpots::new(SpotIndex::load(&conn).expect("engine")));
    let land = Arc::new(LandCache::default());
    let index = spots.now();
    let themed = index.theme(theme);
    let ranges = vec!["100000".to_owned()];
    let f = SpotFilter {
        xzqdm: Some(HUBEI.to_owned()),
        ..SpotFilter::default()
    };
    let answer = || {
        let sel = filter::select(themed, &f, &ranges, regions).expect("selection");
        let grid = grid_statistics(&sel, regions, &land, GRID_LEVEL);
        (grid.cells.len(), serde_json::to_vec(&grid).expect("json"))
    };
    let start = Instant::now();
    let (cells, json) = answer();
    let first = start.elapsed().as_secs_f64() * 1e3;
    let ms = timings(RUNS, || {
        std::hint::black_box(answer());
    });
    println!(
        "grid 湖北 level {GRID_LEVEL}: {cells} cells  answer {} B  first {first:.1} ms  \
         median {:.3} ms  p95 {:.3} ms",
        json.len(),
        percentile(&ms, 0.5),
        percentile(&ms, 0.95)
    );
    let mut ok = verdict(
        "grid 湖北 level 13 p95",
        percentile(&ms, 0.95),
        GRID_P95_MS,
        true,
    );
    let mut layers = Layers::default();
    rscloud::spot::grid::layer::register(&mut layers, &spots, regions, &land);
    let layer = layers
        .get("grid_statistics_default")
        .expect("the grid layer");
    let params = ViewParams::parse(&format!("theme:{};level:{GRID_LEVEL}", theme.as_str()))
        .expect("viewparams");
    let (ms, bytes) = draw_tiles(layer, z10, &admin(theme), &params);
    println!(
        "grid tiles z10 over 湖北 at level {GRID_LEVEL}: {} tiles, CPU median {:.3} ms  \
         p95 {:.3} ms  max {:.2} ms; size median {} B, max {} B",
        z10.len(),
        percentile(&ms, 0.5),
        percentile(&ms, 0.95),
        ms[ms.len() - 1],
        bytes[bytes.len() / 2],
        bytes[bytes.len() - 1]
    );
    ok &= verdict(
        "grid tile p95",
        percentile(&ms, 0.95),
        GRID_TILE_P95_MS,
        true,
    );
    if let Some(block) = index.theme(ThemeName::Windmill).block(None) {
        let start = Instant::now();
        let built = zones::zones(block, &filter::Scope::of_ranges(&ranges));
        println!(
            "wind zones of {} spots over the country: {} zones built in {:.1} ms",
            block.len(),
            built.len(),
            start.elapsed().as_secs_f64() * 1e3
        );
    }
    ok
}

fn over_http(
    bin: &Path,
    statistics: &Path,
    tile_data: &Path,
    theme: ThemeName,
    (z10, z6): (&[TileId], &[TileId]),
) -> bool {
    let dir = std::env::temp_dir().join(format!("rscloud-spots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let (server, token) = start(bin, statistics);
    let mut ok = true;
    for (code, name, bar) in [
        ("100000", "country", COUNTRY_P95_MS),
        (HUBEI, "湖北", PROVINCE_P95_MS),
    ] {
        let path = format!(
            "/api/spot/v2/{}/spotstatistics?xzqdm={code}",
            theme.as_str()
        );
        let answer = curl(&format!("{}{path}", server.base), Some(&token), None);
        println!(
            "GET {path}: code {}, {} spots",
            answer["code"], answer["data"]["total"]["count"]
        );
        let run = wrk(
            &server,
            &token,
            &[path],
            &format!("spotstatistics {name}"),
            &dir,
        );
        ok &=
            verdict(&format!("spotstatistics {name} p95"), run.p95, bar, true) & (run.errors == 0);
    }
    println!(
        "server memory: peak {} (VmHWM), now {} (VmRSS)",
        proc_status(server.process.0.id(), "VmHWM:"),
        proc_status(server.process.0.id(), "VmRSS:")
    );
    drop(server);

    let (server, token) = start(bin, tile_data);
    // One of each in turn, so half the requests are of each zoom.
    let mix: Vec<String> = (0..z10.len().max(z6.len()))
        .flat_map(|i| [tile_path(&z10[i % z10.len()]), tile_path(&z6[i % z6.len()])])
        .collect();
    let z6: Vec<String> = z6.iter().map(tile_path).collect();
    let run = wrk(&server, &token, &mix, "tiles z10 湖北 + z6 China", &dir);
    ok &= verdict("tiles/s, the mix", run.per_s, TILES_PER_S, false) & (run.errors == 0);
    let run = wrk(&server, &token, &z6, "tiles z6 China", &dir);
    ok &= verdict("z6 p95", run.p95, Z6_P95_MS, true) & (run.errors == 0);
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    ok
}

fn main() {
    let bench = common::bench_folder();
    let conn = rscloud::db::open_connection(&bench.join("rscloud.gpkg")).expect("database");
    let regions = Arc::new(RegionIndex::load(&conn).expect("regions"));
    drop(conn);
    let statistics = database(&bench, "spots-1m", |conn| {
        let plan = SpotPlan {
            count: SPOTS,
            ..SpotPlan::demo()
        };
        let made = rscloud::demo::spots::store(conn, &plan, &regions).expect("demo spots");
        println!("generated and stored {made} demo spots");
    });
    let tile_data = database(&bench, "spots-tiles", |conn| {
        let spots = small_spots(&regions);
        let made =
            rscloud::spot::store::replace_file(conn, TILE_THEME, TILE_FILE, &spots).expect("spots");
        println!("stored {made} squares of 1 km²");
    });
    let theme = in_process(&statistics, &regions);
    let z10 = tiles(&regions, HUBEI, 10);
    let z6 = tiles(&regions, "100000", 6);
    let grid_ok = grid_in_process(&statistics, &regions, theme, &z10);
    let means = tiles_in_process(
        &tile_data,
        &[("z10 over 湖北", &z10[..]), ("z6 over China", &z6[..])],
    );
    println!(
        "the 50/50 mix drawn in process: {:.0} tiles/s a core",
        2e3 / means.iter().sum::<f64>()
    );
    match std::env::var_os("RSCLOUD_BIN") {
        Some(bin) if Command::new("wrk").arg("--version").output().is_ok() => {
            let ok =
                grid_ok & over_http(Path::new(&bin), &statistics, &tile_data, theme, (&z10, &z6));
            println!("verdict: {}", if ok { "PASS" } else { "FAIL" });
        }
        Some(_) => println!("HTTP runs skipped: wrk is not installed (make bench installs it)"),
        None => println!("HTTP runs skipped: set RSCLOUD_BIN to the release server"),
    }
}
