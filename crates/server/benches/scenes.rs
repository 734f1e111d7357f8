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
//! 4. Over HTTP (when RSCLOUD_BIN names a release binary and `wrk` is
//!    installed): the real server on that database, `wrk` with 8 connections
//!    POSTing the Hubei query, then the Sichuan one; requests/s and latency percentiles from wrk,
//!    server time from the server's own histogram at /metrics, and the
//!    server's peak and current resident memory from /proc.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{Server, proc_status};
use geo_types::MultiPolygon;
use rscloud::demo::{self, Plan};
use rscloud::normal::index::{Filter, SceneIndex, Sort};
use rscloud::normal::store::{self, SceneRow};
use rscloud::region::index::RegionIndex;

mod common;

const SCENES: usize = 1_000_000;
/// 2026-01-01T00:00:00Z: the demo catalogue then covers 2025.
const NOW: i64 = 1_767_225_600;
/// The five satellites searched.
const SEARCHED: [&str; 5] = ["GF1", "GF2", "GF6", "ZY3-02", "CB04A"];

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

/// The same query as a `normalmeta` body.
fn body(region: &str) -> String {
    let sats: Vec<serde_json::Value> = filter()
        .satellites
        .keys()
        .map(|s| serde_json::json!({"satellite": s}))
        .collect();
    serde_json::json!({
        "selectMode": 1, "regionId": region, "startTime": "2025-01-01T00:00:00Z",
        "endTime": "2025-12-31T23:59:59Z", "satellites": sats, "pageNum": 1, "pageSize": 20
    })
    .to_string()
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn search_bench(index: &SceneIndex, regions: &RegionIndex) {
    let f = filter();
    for (code, name) in [("420000", "Hubei"), ("510000", "Sichuan")] {
        let aoi = &regions.shape(code).expect("province").geom;
        let (total, _) = index.search_page(aoi, &f, Sort::Time, 0, 20);
        let mut ms: Vec<f64> = (0..300)
            .map(|_| {
                let start = Instant::now();
                std::hint::black_box(index.search_page(aoi, &f, Sort::Time, 0, 20));
                start.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        println!(
            "index search {name:<7} {total:>6} matches  median {:.2} ms  p95 {:.2} ms  ({:.0} searches/s on one core)",
            percentile(&ms, 0.5),
            percentile(&ms, 0.95),
            1e3 / percentile(&ms, 0.5)
        );
    }
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

fn load_test(bin: &Path, data: &Path, bench: &Path) {
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
    println!(
        "server memory: peak {} (VmHWM), now {} (VmRSS)",
        proc_status(server.0.id(), "VmHWM:"),
        proc_status(server.0.id(), "VmRSS:")
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
    drop(index);
    match std::env::var_os("RSCLOUD_BIN") {
        Some(bin) => load_test(Path::new(&bin), &data, &bench),
        None => println!("load test skipped: set RSCLOUD_BIN to the release server"),
    }
}
