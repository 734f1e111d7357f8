//! What the benches that start the release server share.
#![allow(dead_code)] // each bench uses a different part of this helper

use std::process::Child;
use std::time::Instant;

/// The server, ended when dropped.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A field of the server's /proc status, e.g. `VmRSS:` or `VmHWM:` (empty once it has gone).
pub fn proc_status(pid: u32, field: &str) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(field))
        .map(|l| l.trim_start_matches(field).trim().to_owned())
        .unwrap_or_default()
}

/// A process's CPU time so far (user + system), from /proc.
pub fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name, which is in parentheses and may hold spaces.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the whole line: 11 and 12 here.
    (ticks(11) + ticks(12)) / 100.0
}

/// The bench data folder (`RSCLOUD_BENCH_DATA`, with the regions imported); the bench stops
/// with a word on how to make it when it is not set.
pub fn bench_folder() -> std::path::PathBuf {
    let Some(bench) = std::env::var_os("RSCLOUD_BENCH_DATA") else {
        eprintln!(
            "set RSCLOUD_BENCH_DATA to a data folder with imported regions (make bench does)"
        );
        std::process::exit(2);
    };
    bench.into()
}

/// The value at fraction `p` (0 to 1) of sorted figures.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Milliseconds of each of `runs` calls of `f`, sorted.
pub fn timings(runs: usize, mut f: impl FnMut()) -> Vec<f64> {
    let mut ms: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    ms
}

/// The machine's load average over 1, 5 and 15 minutes: what else competes for the cores.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}
