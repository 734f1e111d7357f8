//! `make bench`: importing 1,000,000 scenes and the server's memory with them
//! (issue 14's import and memory bars).
//!
//! 1. The CSV: the 1,000,000 demo scenes of the scenes bench (`Plan::large`)
//!    written once to `scenes-1m.csv` in the bench data, in the import format
//!    (the columns of `rscloud import scenes`, a WKT footprint).
//! 2. `rscloud import scenes` of it (the release binary) into a fresh copy of
//!    the bench database (regions only), under GNU time: wall time, CPU time
//!    and peak resident memory of the process.
//! 3. The release server on that database: its resident memory with the
//!    scenes and every region boundary loaded; then a further import (the
//!    first 10,000 records again, which replace their rows) that the server's
//!    watcher picks up, and the server's peak resident memory (VmHWM, reset
//!    after start) across the import and the refresh of its scene index.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::{Server, proc_status};
use rscloud::demo::{self, Plan};
use rscloud::normal::store::SceneRow;
use rscloud::region::index::RegionIndex;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

mod common;

const SCENES: usize = 1_000_000;
/// 2026-01-01T00:00:00Z, as the scenes bench: the demo catalogue then covers 2025.
const NOW: i64 = 1_767_225_600;
/// Records imported again while the server runs.
const AGAIN: usize = 10_000;
/// The import's bars: seconds and peak resident MB.
const IMPORT_SECONDS: f64 = 15.0;
const IMPORT_MB: f64 = 400.0;
/// The server's resident MB with 1,000,000 scenes and every boundary.
const SERVER_MB: f64 = 300.0;

/// The columns written, as `rscloud import scenes` reads them.
const HEADER: [&str; 14] = [
    "sceneId",
    "fileName",
    "satellite",
    "sensor",
    "acquiredAt",
    "cloud",
    "resolution",
    "productLevel",
    "path",
    "row",
    "quicklook",
    "sizeMb",
    "online",
    "footprint",
];

fn verdict(ok: bool) -> &'static str {
    if ok { "PASS" } else { "FAIL" }
}

/// A scene as a CSV record of `HEADER` (numbers in Rust's shortest exact form).
fn record(s: &SceneRow) -> [String; 14] {
    let opt = |v: Option<String>| v.unwrap_or_default();
    let mut wkt = String::from("POLYGON((");
    for (i, c) in s.footprint.exterior().0.iter().enumerate() {
        let sep = if i == 0 { "" } else { "," };
        let _ = write!(wkt, "{sep}{} {}", c.x, c.y);
    }
    wkt.push_str("))");
    let when = OffsetDateTime::from_unix_timestamp(s.acquired_at)
        .expect("time")
        .format(&Rfc3339)
        .expect("RFC 3339");
    [
        s.scene_id.clone(),
        s.file_name.clone(),
        s.satellite.clone(),
        s.sensor.clone(),
        when,
        s.cloud.to_string(),
        opt(s.resolution_m.map(|v| v.to_string())),
        opt(s.product_level.clone()),
        opt(s.path.map(|v| v.to_string())),
        opt(s.row.map(|v| v.to_string())),
        opt(s.quicklook.clone()),
        opt(s.size_mb.map(|v| v.to_string())),
        s.online.to_string(),
        wkt,
    ]
}

/// Writes the CSV of the 1,000,000 scenes and the one of its first `AGAIN`
/// records, once; later runs reuse them.
fn csv_files(bench: &Path) -> (PathBuf, PathBuf) {
    let all = bench.join("scenes-1m.csv");
    let again = bench.join("scenes-again.csv");
    if all.exists() && again.exists() {
        println!("CSV: reusing {}", all.display());
        return (all, again);
    }
    let conn = rscloud::db::open_connection(&bench.join("rscloud.gpkg")).expect("database");
    let regions = RegionIndex::load(&conn).expect("regions");
    let china = regions.shape("100000").expect("China").geom.clone();
    let start = Instant::now();
    let partial = bench.join("scenes-1m.csv.partial");
    let mut whole = csv::Writer::from_path(&partial).expect("create the CSV");
    let mut head = csv::Writer::from_path(&again).expect("create the CSV");
    whole.write_record(HEADER).expect("write");
    head.write_record(HEADER).expect("write");
    let mut n = 0;
    for s in demo::generate(&Plan::large(NOW, SCENES), &china) {
        let r = record(&s);
        whole.write_record(&r).expect("write");
        if n < AGAIN {
            head.write_record(&r).expect("write");
        }
        n += 1;
    }
    whole.flush().expect("flush");
    head.flush().expect("flush");
    drop(whole);
    std::fs::rename(&partial, &all).expect("rename");
    println!(
        "CSV of {n} scenes written in {:.1} s ({} MB)",
        start.elapsed().as_secs_f64(),
        std::fs::metadata(&all).map_or(0, |m| m.len()) >> 20
    );
    (all, again)
}

/// What GNU time says of a finished command.
struct Usage {
    wall: f64,
    cpu: f64,
    peak_mb: f64,
}

/// Runs `rscloud import scenes FILE --data DATA` under GNU time.
fn import(bin: &Path, file: &Path, data: &Path) -> Usage {
    let report = data.join("time.txt");
    let out = Command::new("/usr/bin/time")
        .arg("-o")
        .arg(&report)
        .args(["-f", "%e %U %S %M"])
        .arg(bin)
        .args(["import", "scenes"])
        .arg(file)
        .arg("--data")
        .arg(data)
        .output()
        .expect("run the import under /usr/bin/time (make bench installs it)");
    assert!(
        out.status.success(),
        "the import failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&report).expect("GNU time's report");
    // The last line: a failing command adds a line of its own before it.
    let fields: Vec<f64> = text
        .lines()
        .last()
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    let [wall, user, system, kb] = fields[..] else {
        panic!("unexpected GNU time report: {text}");
    };
    Usage {
        wall,
        cpu: user + system,
        peak_mb: kb / 1024.0,
    }
}

/// A /proc size field (`VmRSS:`, `VmHWM:`) in MB.
fn mb(pid: u32, field: &str) -> f64 {
    proc_status(pid, field)
        .trim_end_matches("kB")
        .trim()
        .parse::<f64>()
        .unwrap_or(0.0)
        / 1024.0
}

/// Starts the server on `data`; answers it and its log lines.
fn serve(bin: &Path, data: &Path) -> (Server, mpsc::Receiver<String>) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("free port")
        .port();
    let mut child = Command::new(bin)
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--data"])
        .arg(data)
        .env("RUST_LOG", "info")
        .env("RSCLOUD_LOG_FORMAT", "json")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the server");
    let (tx, rx) = mpsc::channel();
    let log = BufReader::new(child.stderr.take().expect("stderr"));
    std::thread::spawn(move || {
        for line in log.lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let server = Server(child);
    let up = (0..1200).any(|_| {
        std::thread::sleep(Duration::from_millis(100));
        Command::new("curl")
            .args(["-sf", &format!("http://127.0.0.1:{port}/healthz")])
            .output()
            .is_ok_and(|o| o.status.success())
    });
    assert!(up, "the server did not start");
    (server, rx)
}

/// Waits for the log line of the scene index's refresh; answers how many
/// rows it indexes and in how many milliseconds it took them in.
fn refreshed(log: &mpsc::Receiver<String>) -> (u64, u64) {
    loop {
        let line = log
            .recv_timeout(Duration::from_secs(300))
            .expect("the server refreshed its scene index within 5 minutes");
        let Ok(entry) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        let fields = &entry["fields"];
        if fields["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("image catalogue changed"))
        {
            let number = |k: &str| fields[k].as_u64().unwrap_or_default();
            return (number("rows"), number("ms"));
        }
    }
}

fn main() {
    let bench = common::bench_folder();
    let Some(bin) = std::env::var_os("RSCLOUD_BIN").map(PathBuf::from) else {
        eprintln!("set RSCLOUD_BIN to the release binary (make bench does)");
        std::process::exit(2);
    };
    let (all, again) = csv_files(&bench);
    // A fresh database of regions only, each run.
    let data = bench.join("import-1m");
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).expect("folder");
    std::fs::copy(bench.join("rscloud.gpkg"), data.join("rscloud.gpkg"))
        .expect("copy the bench database");
    let run = import(&bin, &all, &data);
    println!(
        "import of {SCENES} scenes from CSV: {:.1} s (CPU {:.1} s)  bar ≤ {IMPORT_SECONDS} s  {}",
        run.wall,
        run.cpu,
        verdict(run.wall <= IMPORT_SECONDS)
    );
    println!(
        "import peak resident memory: {:.0} MB  bar ≤ {IMPORT_MB} MB  {}",
        run.peak_mb,
        verdict(run.peak_mb <= IMPORT_MB)
    );

    let start = Instant::now();
    let (server, log) = serve(&bin, &data);
    let pid = server.0.id();
    let resident = mb(pid, "VmRSS:");
    println!(
        "server up with {SCENES} scenes and every boundary in {:.1} s: resident {resident:.0} MB  bar ≤ {SERVER_MB} MB  {}  (start-up peak {:.0} MB)",
        start.elapsed().as_secs_f64(),
        verdict(resident <= SERVER_MB),
        mb(pid, "VmHWM:")
    );
    // Writing 5 to clear_refs resets VmHWM to the resident size now (Linux ≥ 4.0).
    let reset = std::fs::write(format!("/proc/{pid}/clear_refs"), "5").is_ok();
    let again_run = import(&bin, &again, &data);
    let (rows, ms) = refreshed(&log);
    // The refresh is logged just before the new index replaces the old one:
    // give the old one a moment to be freed before reading what stays.
    std::thread::sleep(Duration::from_secs(1));
    let peak = mb(pid, "VmHWM:");
    println!(
        "import of {AGAIN} scenes again while the server runs: {:.1} s; the server took them into its index of {rows} scenes in {ms} ms",
        again_run.wall,
    );
    println!(
        "server peak resident across that import and its index refresh: {peak:.0} MB{} ({:.2}× the {resident:.0} MB before; now {:.0} MB)",
        if reset {
            ""
        } else {
            " (since start: VmHWM could not be reset)"
        },
        peak / resident,
        mb(pid, "VmRSS:")
    );
}
