//! `make bench`: the image query on 1,000,000 scenes (issue 5's bars).
//!
//! 1. Bulk import: the demo catalogue (`demo`, `Plan::large`: the
//!    demo's twenty satellites image all they can over China in 2025, about
//!    880,000 scenes, every other imaging satellite the rest) written by
//!    `store::insert` into a copy of the bench database (regions already
//!    imported by `make bench`).
//! 2. Start-up: the search index loaded from that database.
//! 3. The index alone: Hubei and Sichuan, one year, 5 of 20 satellites, first
//!    page of 20 by time with the exact total; median and p95.
//! 4. Polygon search in process (issue 14): the stages a search by a sent
//!    polygon adds to the region search — reading the GeoJSON, checking the
//!    area (`aoi::accept`), building its grid — per province of [`PROVINCES`],
//!    and the index searching the ten in rotation.
//! 5. The STAC polygon search through the real router in process (no
//!    sockets): each province's `intersects` body one at a time, median and
//!    fastest, a figure the machine's other load disturbs less.
//! 6. Over HTTP (when RSCLOUD_BIN names a release binary and `wrk` is
//!    installed): the real server on that database, `wrk` with 8 connections
//!    POSTing the Hubei query, then the Sichuan one; requests/s and latency percentiles from wrk,
//!    server time from the server's own histogram at /metrics, and the
//!    server's peak and current resident memory from /proc.
//! 7. STAC and polygon search over HTTP (issue 14's first bar): the full
//!    boundaries of the ten provinces sent as GeoJSON `intersects` to
//!    `/stac/search` in rotation (the same year and satellites, `limit` 20,
//!    `sortby` datetime descending), after checking that each answers the
//!    count and first page of the region-code search, as the same polygon
//!    drawn (`normalmeta` mode 4) does; `wrk` with one connection (p50/p95)
//!    and with 8 (searches/s), each beside its bar.
//! 8. The satellite pages' counts (`/api/satellite/statistics`) and latest
//!    scenes (`image/now`): from the index (the counts made once per
//!    catalogue, cold and warm) beside SQLite answering them from the scene
//!    table with its covering indexes, the usual way and what the routes did
//!    before issue 17 finished.
//! 9. Coverage statistics (issue 18's bars): the 34 provinces' covered share
//!    for a quarter (about 250,000 scenes) and for the whole year (the
//!    million), cold (the raster burnt, the provinces' cells made) and warm
//!    (both kept); and one province's drill-down to its counties, cold.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Server, percentile, proc_status, timings};
use geo_kit::aoi;
use geo_kit::area_grid::AreaGrid;
use geo_types::{Geometry, MultiPolygon};
use rscloud::demo::{self, Plan};
use rscloud::normal::area::MAX_SENT_VERTICES;
use rscloud::normal::index::{Filter, SceneIndex, Sort};
use rscloud::normal::store::{self, SceneRow};
use rscloud::region::index::RegionIndex;

mod common;

const SCENES: usize = 1_000_000;
/// 2026-01-01T00:00:00Z: the demo catalogue then covers 2025.
const NOW: i64 = 1_767_225_600;
/// The five satellites searched.
const SEARCHED: [&str; 5] = ["GF1", "GF2", "GF6", "ZY3-02", "CB04A"];
/// The provinces whose boundaries are sent as polygons, small to large and
/// plain to intricate (Shanghai's and Zhejiang's islands, Hainan's islands
/// over the South China Sea, Xinjiang's 8,500 vertices).
const PROVINCES: [(&str, &str); 10] = [
    ("420000", "Hubei"),
    ("510000", "Sichuan"),
    ("110000", "Beijing"),
    ("310000", "Shanghai"),
    ("330000", "Zhejiang"),
    ("370000", "Shandong"),
    ("440000", "Guangdong"),
    ("460000", "Hainan"),
    ("540000", "Tibet"),
    ("650000", "Xinjiang"),
];
/// Issue 14's bars for the STAC polygon search: sequential p95, milliseconds,
/// and searches/s with 8 connections.
const STAC_P95_BAR_MS: f64 = 3.0;
const STAC_RATE_BAR: f64 = 1_200.0;

/// The query of the bars: one year, five satellites.
fn filter() -> Filter {
    Filter {
        satellites: SEARCHED
            .iter()
            .map(|s| ((*s).to_owned(), Vec::new()))
            .collect(),
        from: Some(NOW - 365 * 86_400),
        to: Some(NOW - 1),
        ..Filter::default()
    }
}

/// The same query as a `normalmeta` body searching a region by its code.
fn body(region: &str) -> String {
    normalmeta(serde_json::json!({"selectMode": 1, "regionId": region}))
}

/// The same query as a `normalmeta` body with the given area fields.
fn normalmeta(area: serde_json::Value) -> String {
    let sats: Vec<serde_json::Value> = SEARCHED
        .iter()
        .map(|s| serde_json::json!({"satellite": s}))
        .collect();
    let mut q = serde_json::json!({
        "startTime": "2025-01-01T00:00:00Z", "endTime": "2025-12-31T23:59:59Z",
        "satellites": sats, "pageNum": 1, "pageSize": 20
    });
    for (k, v) in area.as_object().into_iter().flatten() {
        q[k] = v.clone();
    }
    q.to_string()
}

/// A region's full boundary as GeoJSON, every coordinate written exactly.
fn boundary(regions: &RegionIndex, code: &str) -> serde_json::Value {
    let geom = Geometry::MultiPolygon(regions.shape(code).expect("province").geom.clone());
    serde_json::to_value(geojson::Geometry::from(&geom)).expect("GeoJSON")
}

/// The same query as a STAC item search over an area, as a STAC client sends it.
fn stac_body(area: &serde_json::Value) -> String {
    serde_json::json!({
        "collections": SEARCHED,
        "datetime": "2025-01-01T00:00:00Z/2025-12-31T23:59:59Z",
        "intersects": area,
        "limit": 20,
        "sortby": [{"field": "properties.datetime", "direction": "desc"}],
    })
    .to_string()
}

/// `PASS` or `FAIL`.
fn verdict(pass: bool) -> &'static str {
    if pass { "PASS" } else { "FAIL" }
}

fn search_bench(index: &SceneIndex, regions: &RegionIndex) {
    let f = filter();
    for (code, name) in [("420000", "Hubei"), ("510000", "Sichuan")] {
        let aoi = &regions.shape(code).expect("province").geom;
        let (total, _) = index.search_page(aoi, &f, Sort::Time, 0, 20);
        let ms = timings(300, || {
            std::hint::black_box(index.search_page(aoi, &f, Sort::Time, 0, 20));
        });
        println!(
            "index search {name:<7} {total:>6} matches  median {:.2} ms  p95 {:.2} ms  ({:.0} searches/s on one core)",
            percentile(&ms, 0.5),
            percentile(&ms, 0.95),
            1e3 / percentile(&ms, 0.5)
        );
    }
}

/// The satellite pages' counts and latest scenes: the index against SQL.
fn satellite_bench(index: &SceneIndex, conn: &rusqlite::Connection) {
    let t = Instant::now();
    let counted: u64 = index.scene_counts().iter().map(|c| c.scenes).sum();
    println!(
        "satellite statistics from the index: counting {counted} scenes (cold, once per catalogue) {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    let ms = timings(300, || {
        std::hint::black_box(index.scene_counts().len());
    });
    println!(
        "satellite statistics from the index (warm): median {:.2} µs  p95 {:.2} µs",
        percentile(&ms, 0.5) * 1e3,
        percentile(&ms, 0.95) * 1e3
    );
    let sql = |query: &str| {
        let ms = timings(5, || {
            let mut stmt = conn.prepare_cached(query).expect("sql");
            let rows = stmt.query_map([], |_| Ok(())).expect("rows").count();
            std::hint::black_box(rows);
        });
        percentile(&ms, 0.5)
    };
    let totals = sql("SELECT satellite, count(*) FROM scene GROUP BY satellite");
    let months = sql(
        "SELECT satellite, strftime('%Y-%m', acquired_at + 28800, 'unixepoch') AS month, count(*)
         FROM scene GROUP BY satellite, month",
    );
    println!(
        "satellite statistics by SQL GROUP BY: per satellite {totals:.1} ms + per month {months:.1} ms (median of 5)"
    );
    let counts = index.scene_counts();
    let mut by_size: Vec<_> = counts.iter().collect();
    by_size.sort_by_key(|c| c.scenes);
    for c in [by_size[by_size.len() - 1], by_size[0]] {
        let filter = Filter {
            satellites: [(c.satellite.clone(), Vec::new())].into(),
            ..Filter::default()
        };
        let ms = timings(100, || {
            let newest = index.newest(&filter, 12);
            std::hint::black_box(newest.iter().filter_map(|&i| index.get(i)).count());
        });
        let query = format!(
            "SELECT * FROM scene WHERE satellite = '{}' ORDER BY acquired_at DESC, fid DESC LIMIT 12",
            c.satellite
        );
        println!(
            "image/now {:<8} ({:>6} scenes): index median {:.2} ms p95 {:.2} ms; SQL median {:.1} ms",
            c.satellite,
            c.scenes,
            percentile(&ms, 0.5),
            percentile(&ms, 0.95),
            sql(&query)
        );
    }
}

/// Coverage statistics: provinces for a quarter and a year, cold and warm, and a
/// province's counties.
fn coverage_bench(index: &SceneIndex, regions: &RegionIndex) {
    use geo_kit::deadline::Deadline;
    use rscloud::coverage::engine::{Cache, Period};
    let provinces: Vec<String> = regions.children("100000").map(|p| p.code.clone()).collect();
    for (quarter, what) in [(3, "Q3 2025"), (0, "the year 2025")] {
        let period = Period {
            year: 2025,
            quarter,
            resolution: 0,
            cloud: 100,
        };
        let cache = Cache::default();
        let all = |cache: &Cache| {
            let covered = cache
                .covered(index, &period, &Deadline::never())
                .expect("covered");
            let shares: Vec<f64> = provinces
                .iter()
                .filter_map(|code| cache.zone(regions, code))
                .map(|zone| covered.measure(&zone).ratio())
                .collect();
            (covered.scenes, shares)
        };
        let t = Instant::now();
        let (scenes, shares) = all(&cache);
        let cold = t.elapsed().as_secs_f64() * 1e3;
        let ms = timings(20, || {
            std::hint::black_box(all(&cache));
        });
        let hubei = provinces
            .iter()
            .position(|c| c == "420000")
            .map(|i| shares[i]);
        println!(
            "coverage of {} provinces, {what} ({scenes} scenes): cold {cold:.0} ms [bar 2000 {}], warm median {:.2} ms p95 {:.2} ms [bar 20 {}]; Hubei {:.1} %",
            shares.len(),
            verdict(cold <= 2000.0),
            percentile(&ms, 0.5),
            percentile(&ms, 0.95),
            verdict(percentile(&ms, 0.95) <= 20.0),
            hubei.unwrap_or(0.0) * 100.0
        );
    }
    let period = Period {
        year: 2025,
        quarter: 3,
        resolution: 0,
        cloud: 100,
    };
    let cache = Cache::default();
    let covered = cache
        .covered(index, &period, &Deadline::never())
        .expect("covered");
    let t = Instant::now();
    let counties: Vec<f64> = regions
        .children("420000")
        .flat_map(|city| regions.children(&city.code).collect::<Vec<_>>())
        .filter_map(|county| cache.zone(regions, &county.code))
        .map(|zone| covered.measure(&zone).ratio())
        .collect();
    let cold = t.elapsed().as_secs_f64() * 1e3;
    println!(
        "coverage drill-down of Hubei to its {} counties (raster kept, counties' cells made): cold {cold:.0} ms [bar 200 {}]",
        counties.len(),
        verdict(cold <= 200.0)
    );
}

/// What a sent polygon costs before and in the search, per province, and the
/// index searching the ten in rotation.
fn polygon_bench(index: &SceneIndex, regions: &RegionIndex) {
    let f = filter();
    for (code, name) in PROVINCES {
        let text = boundary(regions, code).to_string();
        let read = || {
            let g: geojson::Geometry = serde_json::from_str(&text).expect("GeoJSON");
            match Geometry::<f64>::try_from(g).expect("geometry") {
                Geometry::MultiPolygon(mp) => mp,
                other => panic!("not a multipolygon: {other:?}"),
            }
        };
        let sent = read();
        let (area, repaired) = aoi::accept(sent.clone(), MAX_SENT_VERTICES).expect("accepted");
        let same = area == regions.shape(code).expect("province").geom;
        let median_ms = |f: &mut dyn FnMut()| percentile(&timings(50, f), 0.5);
        let read_ms = median_ms(&mut || {
            std::hint::black_box(read());
        });
        let accept_ms = median_ms(&mut || {
            std::hint::black_box(aoi::accept(sent.clone(), MAX_SENT_VERTICES).ok());
        });
        let grid_ms = median_ms(&mut || {
            std::hint::black_box(AreaGrid::new(&area));
        });
        index.search_page(&area, &f, Sort::Time, 0, 20);
        let search_ms = median_ms(&mut || {
            std::hint::black_box(index.search_page(&area, &f, Sort::Time, 0, 20));
        });
        println!(
            "polygon {name:<9} {:>5} vertices, {:>4} KB GeoJSON: read (geojson crate) {read_ms:.2} ms, accept {accept_ms:.2} ms{}{}, grid {grid_ms:.2} ms, search (grid kept) {search_ms:.2} ms",
            aoi::vertices(&area),
            text.len() / 1024,
            if repaired { " (repaired)" } else { "" },
            if same { "" } else { " (not the region's own)" },
        );
    }
    let areas: Vec<_> = PROVINCES
        .iter()
        .map(|(code, _)| regions.shape(code).expect("province").geom.clone())
        .collect();
    let mut next = (0..areas.len()).cycle();
    let ms = timings(300, || {
        let area = &areas[next.next().unwrap_or_default()];
        std::hint::black_box(index.search_page(area, &f, Sort::Time, 0, 20));
    });
    println!(
        "index search, the ten provinces in rotation: median {:.2} ms  p95 {:.2} ms",
        percentile(&ms, 0.5),
        percentile(&ms, 0.95)
    );
}

/// The STAC polygon search through the real router in process (no sockets,
/// no client): each province's body POSTed 40 times, one at a time; the
/// median and the fastest per province, and over the rotation.
fn stac_in_process(data: &Path, regions: &RegionIndex) {
    use tower::ServiceExt;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let config = rscloud::config::Config {
        data_dir: data.to_path_buf(),
        ..Default::default()
    };
    let app = runtime
        .block_on(rscloud::open_state(config))
        .map(rscloud::app)
        .expect("state");
    let call = |body: &str| {
        let request = axum::http::Request::post("/stac/search")
            .header("content-type", "application/json")
            .body(axum::body::Body::from(body.to_owned()))
            .expect("request");
        runtime.block_on(async {
            let answer = app.clone().oneshot(request).await.expect("answer");
            assert_eq!(answer.status(), 200);
            axum::body::to_bytes(answer.into_body(), usize::MAX)
                .await
                .expect("body")
                .len()
        })
    };
    let mut all = Vec::new();
    for (code, name) in PROVINCES {
        let body = stac_body(&boundary(regions, code));
        let size = call(&body);
        let ms = timings(40, || {
            std::hint::black_box(call(&body));
        });
        println!(
            "STAC in process {name:<9} median {:.2} ms, fastest {:.2} ms ({} KB answer)",
            percentile(&ms, 0.5),
            ms[0],
            size / 1024
        );
        all.extend(ms);
    }
    all.sort_by(f64::total_cmp);
    println!(
        "STAC in process, the ten: median {:.2} ms, p95 {:.2} ms",
        percentile(&all, 0.5),
        percentile(&all, 0.95)
    );
}

/// Copies the bench database (regions) and bulk-imports the scenes into it,
/// once; later runs reuse it.
fn scenes_db(bench: &Path, china: &MultiPolygon<f64>) -> PathBuf {
    let dir = bench.join("scenes-1m");
    let db = dir.join("rscloud.gpkg");
    if db.exists() {
        println!("bulk import: reusing {}", db.display());
        return dir;
    }
    let start = Instant::now();
    // As `rscloud demo scenes --count 1000000` plans it: the demo's twenty
    // satellites image about 880,000 scenes in a year, the others the rest.
    let plan = Plan::large(NOW, SCENES);
    let scenes: Vec<SceneRow> = demo::generate(&plan, china).collect();
    println!(
        "generated {} scenes in {:.1} s",
        scenes.len(),
        start.elapsed().as_secs_f64()
    );
    std::fs::create_dir_all(&dir).expect("folder");
    let partial = dir.join("rscloud.gpkg.partial");
    std::fs::copy(bench.join("rscloud.gpkg"), &partial).expect("copy the bench database");
    let mut conn = rscloud::db::open_connection(&partial).expect("database");
    let start = Instant::now();
    store::insert(&mut conn, &scenes).expect("insert");
    println!(
        "bulk import of {} scenes: {:.1} s",
        scenes.len(),
        start.elapsed().as_secs_f64()
    );
    drop(conn);
    std::fs::rename(&partial, &db).expect("rename");
    dir
}

/// The cumulative normalmeta histogram of the server's /metrics: (bound, count).
fn buckets(base: &str) -> Vec<(f64, f64)> {
    let metrics = Command::new("curl")
        .args(["-sf", &format!("{base}/metrics")])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let mut buckets: Vec<(f64, f64)> = metrics
        .lines()
        .filter(|l| {
            l.starts_with("rscloud_http_request_duration_seconds_bucket")
                && l.contains("normalmeta")
                && l.contains("status=\"200\"")
        })
        .filter_map(|l| {
            let le = l.split("le=\"").nth(1)?.split('"').next()?;
            let count = l.rsplit(' ').next()?.parse::<f64>().ok()?;
            Some((le.parse::<f64>().unwrap_or(f64::INFINITY), count))
        })
        .collect();
    buckets.sort_by(|a, b| a.0.total_cmp(&b.0));
    buckets
}

/// Server time of the requests counted between two readings of the
/// histogram: p95 by interpolation and the share within 2 and 5 ms.
fn server_time(before: &[(f64, f64)], after: &[(f64, f64)]) -> String {
    let buckets: Vec<(f64, f64)> = after
        .iter()
        .map(|&(le, n)| {
            let earlier = before.iter().find(|b| b.0 == le).map_or(0.0, |b| b.1);
            (le, n - earlier)
        })
        .collect();
    let Some(&(_, total)) = buckets.last().filter(|b| b.1 > 0.0) else {
        return "no normalmeta requests counted".into();
    };
    let within = |bound: f64| {
        buckets
            .iter()
            .find(|(le, _)| *le >= bound)
            .map_or(0.0, |(_, c)| c / total * 100.0)
    };
    let target = total * 0.95;
    let mut p95 = f64::INFINITY;
    let mut prev = (0.0, 0.0);
    for &(le, count) in &buckets {
        if count >= target {
            p95 = prev.0 + (le - prev.0) * (target - prev.1) / (count - prev.1).max(1.0);
            break;
        }
        prev = (le, count);
    }
    format!(
        "server time p95 ≈ {:.2} ms (histogram); within 2 ms {:.1}%, 5 ms {:.1}%",
        p95 * 1e3,
        within(0.002),
        within(0.005)
    )
}

fn load_test(bin: &Path, data: &Path, bench: &Path, regions: &RegionIndex) {
    if Command::new("wrk").arg("--version").output().is_err() {
        println!("load test skipped: wrk is not installed (make bench installs it)");
        return;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let start = Instant::now();
    let server = Server(
        Command::new(bin)
            .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--data"])
            .arg(data)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .expect("start the server"),
    );
    let base = format!("http://127.0.0.1:{port}");
    let up = (0..600).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        Command::new("curl")
            .args(["-sf", &format!("{base}/healthz")])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    assert!(up, "the server did not start");
    println!(
        "server up with 1M scenes in {:.1} s, resident {}",
        start.elapsed().as_secs_f64(),
        proc_status(server.0.id(), "VmRSS:")
    );
    let url = format!("{base}/api/normal/v5/normalmeta");
    for (code, name) in [("420000", "Hubei"), ("510000", "Sichuan")] {
        let script = bench.join(format!("{code}.lua"));
        let lua_body = body(code).replace('\\', "\\\\").replace('\'', "\\'");
        std::fs::write(
            &script,
            format!(
                "wrk.method = 'POST'\nwrk.headers['Content-Type'] = 'application/json'\nwrk.body = '{lua_body}'\n"
            ),
        )
        .expect("lua");
        // Warm up, then measure.
        let _ = Command::new("wrk")
            .args(["-t2", "-c8", "-d3s", "-s"])
            .arg(&script)
            .arg(&url)
            .output();
        let before = buckets(&base);
        let out = Command::new("wrk")
            .args(["-t2", "-c8", "-d15s", "--latency", "-s"])
            .arg(&script)
            .arg(&url)
            .output()
            .expect("wrk");
        let text = String::from_utf8_lossy(&out.stdout);
        for line in text.lines() {
            let l = line.trim();
            if l.starts_with("Requests/sec")
                || l.starts_with("50%")
                || l.starts_with("90%")
                || l.starts_with("99%")
                || l.contains("requests in")
                || l.starts_with("Non-2xx")
            {
                println!("wrk {name}, 8 connections: {l}");
            }
        }
        println!("{name}: {}", server_time(&before, &buckets(&base)));
    }
    stac_search(&base, bench, regions);
    println!(
        "server memory: peak {} (VmHWM), now {} (VmRSS)",
        proc_status(server.0.id(), "VmHWM:"),
        proc_status(server.0.id(), "VmRSS:")
    );
}

/// POSTs a JSON body from a file and reads the JSON answer.
fn post(url: &str, body: &Path) -> serde_json::Value {
    let out = Command::new("curl")
        .args([
            "-sf",
            "-H",
            "Content-Type: application/json",
            "--data-binary",
        ])
        .arg(format!("@{}", body.display()))
        .arg(url)
        .output()
        .expect("curl");
    assert!(out.status.success(), "POST {url} failed");
    serde_json::from_slice(&out.stdout).expect("JSON answer")
}

/// The `id` of each item of a list of results.
fn ids(list: &serde_json::Value) -> Vec<String> {
    list.as_array()
        .into_iter()
        .flatten()
        .map(|item| item["id"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Runs wrk on `script` (its `done` prints `p50 p95 rate`, see [`ROTATE`]).
fn wrk(args: &[&str], script: &Path, url: &str) -> (f64, f64, f64) {
    let out = Command::new("wrk")
        .args(args)
        .arg("-s")
        .arg(script)
        .arg(url)
        .output()
        .expect("wrk");
    let text = String::from_utf8_lossy(&out.stdout);
    let figures: Vec<f64> = text
        .lines()
        .find_map(|l| l.strip_prefix("figures "))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect();
    match figures[..] {
        [p50, p95, rate] => (p50, p95, rate),
        _ => panic!("no figures from wrk: {text}"),
    }
}

/// The wrk script of a rotation: each request POSTs the next body; at the end
/// it prints the median and p95 latency (ms) and the requests per second.
const ROTATE: &str = r#"
local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", nil, {["Content-Type"] = "application/json"}, bodies[i])
end
done = function(summary, latency, requests)
  io.write(string.format("figures %.3f %.3f %.1f\n", latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, summary.requests / summary.duration * 1e6))
end
"#;

/// A wrk script POSTing `bodies` in rotation.
fn rotation(path: &Path, bodies: &[String]) {
    let mut lua = String::from("bodies = {\n");
    for b in bodies {
        // A long bracket: the JSON needs no escaping (it holds no "]==]").
        lua.push_str(&format!("[==[{b}]==],\n"));
    }
    lua.push_str("}\n");
    lua.push_str(ROTATE);
    std::fs::write(path, lua).expect("wrk script");
}

/// Issue 14's first bar: the ten provinces' boundaries as STAC `intersects`.
fn stac_search(base: &str, bench: &Path, regions: &RegionIndex) {
    let dir = bench.join("stac-polygons");
    std::fs::create_dir_all(&dir).expect("folder");
    let mut bodies = Vec::new();
    let mut drawn = Vec::new();
    let mut same = true;
    for (code, name) in PROVINCES {
        let area = boundary(regions, code);
        let files = [
            ("region", body(code)),
            ("stac", stac_body(&area)),
            (
                "drawn",
                normalmeta(serde_json::json!({"selectMode": 4, "geojson": area})),
            ),
        ];
        for (kind, text) in &files {
            std::fs::write(dir.join(format!("{code}-{kind}.json")), text).expect("body");
        }
        let by_code = post(
            &format!("{base}/api/normal/v5/normalmeta"),
            &dir.join(format!("{code}-region.json")),
        );
        let stac = post(
            &format!("{base}/stac/search"),
            &dir.join(format!("{code}-stac.json")),
        );
        let by_drawing = post(
            &format!("{base}/api/normal/v5/normalmeta"),
            &dir.join(format!("{code}-drawn.json")),
        );
        let want = (
            by_code["data"]["total"].as_u64(),
            ids(&by_code["data"]["list"]),
        );
        let got_stac = (stac["numberMatched"].as_u64(), ids(&stac["features"]));
        let got_drawn = (
            by_drawing["data"]["total"].as_u64(),
            ids(&by_drawing["data"]["list"]),
        );
        let agree = got_stac == want && got_drawn == want && want.1.len() == 20;
        same &= agree;
        println!(
            "STAC {name:<9} {:>6} matches, {:>3} KB body: count and first page as by region code: {}",
            want.0.unwrap_or_default(),
            files[1].1.len() / 1024,
            verdict(agree)
        );
        bodies.push(files[1].1.clone());
        drawn.push(files[2].1.clone());
    }
    println!(
        "STAC counts and first pages equal the region-code search's (drawn areas too): {}",
        verdict(same)
    );
    let stac_script = dir.join("stac.lua");
    rotation(&stac_script, &bodies);
    let drawn_script = dir.join("drawn.lua");
    rotation(&drawn_script, &drawn);
    let url = format!("{base}/stac/search");
    // Warm up, then measure.
    wrk(&["-t1", "-c1", "-d3s"], &stac_script, &url);
    let (p50, p95, _) = wrk(&["-t1", "-c1", "-d15s"], &stac_script, &url);
    println!(
        "STAC polygon search, 1 connection: p50 {p50:.2} ms, p95 {p95:.2} ms (bar ≤ {STAC_P95_BAR_MS} ms): {}",
        verdict(p95 <= STAC_P95_BAR_MS)
    );
    let (_, _, rate) = wrk(&["-t2", "-c8", "-d15s"], &stac_script, &url);
    println!(
        "STAC polygon search, 8 connections: {rate:.0} searches/s (bar ≥ {STAC_RATE_BAR}): {}",
        verdict(rate >= STAC_RATE_BAR)
    );
    let (p50, p95, _) = wrk(
        &["-t1", "-c1", "-d10s"],
        &drawn_script,
        &format!("{base}/api/normal/v5/normalmeta"),
    );
    println!(
        "drawn polygon search (normalmeta mode 4), 1 connection: p50 {p50:.2} ms, p95 {p95:.2} ms"
    );
}

fn main() {
    let bench = common::bench_folder();
    let conn = rscloud::db::open_connection(&bench.join("rscloud.gpkg")).expect("database");
    let regions = RegionIndex::load(&conn).expect("regions");
    let china = regions.shape("100000").expect("China").geom.clone();
    let data = scenes_db(&bench, &china);
    let conn = rscloud::db::open_connection(&data.join("rscloud.gpkg")).expect("database");
    let start = Instant::now();
    let index = store::load_index(&conn).expect("load");
    println!(
        "index of {} scenes loaded from the database in {:.2} s",
        index.len(),
        start.elapsed().as_secs_f64()
    );
    search_bench(&index, &regions);
    polygon_bench(&index, &regions);
    satellite_bench(&index, &conn);
    coverage_bench(&index, &regions);
    drop(index);
    stac_in_process(&data, &regions);
    match std::env::var_os("RSCLOUD_BIN") {
        Some(bin) => load_test(Path::new(&bin), &data, &bench, &regions),
        None => println!("load test skipped: set RSCLOUD_BIN to the release server"),
    }
}
