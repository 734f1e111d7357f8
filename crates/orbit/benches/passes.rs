//! `cargo bench -p orbit --bench passes`: pass searches over Hubei (湖北,
//! the committed 天地图 boundary, 1,533 vertices) for a week from
//! 2025-10-03, on the demo element sets.
//!
//! 1. The bar: every demo satellite (97 of the catalogue's 120 have
//!    element sets), sub-satellite point only, 10 s step; and the same
//!    passes as brute force at every 10 s sample: each brute-force run of
//!    inside samples lies in one of our passes. (Ours find more: clips of a
//!    corner between two samples, and runs less than a step apart are one
//!    pass.)
//! 2. The server's limit: 200 satellites (the 97, and the same orbits with
//!    the mean anomaly turned by 120° and 240° for the rest) with a 60 km
//!    swath and 25° off nadir, 20 s step.
//!
//! Wall-clock figures on a shared machine: the load average is printed beside them.

use std::time::Instant;

use orbit::passes::{Area, PassOptions, Reach, passes};
use orbit::{Limits, Satellite, parse_tle};

#[path = "../src/fixture.rs"]
mod fixture;

/// 2025-10-03T00:00:00Z.
const START: f64 = 1_759_449_600.0;
const WEEK: f64 = 7.0 * 86_400.0;

fn main() {
    let text = include_str!("../data/demo_2025-10-03.tle");
    let sets = parse_tle(text.as_bytes(), &Limits::default()).expect("demo parses");
    let sats: Vec<Satellite> = sets
        .iter()
        .map(|s| Satellite::new(s).expect("valid"))
        .collect();
    let area = Area::new(fixture::geojson_area(include_str!(
        "../../../testdata/hubei_province_tianditu.geojson"
    )))
    .expect("area");
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "load average: {}",
        load.split_whitespace()
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );

    // 1. Nadir, 10 s.
    let options = PassOptions {
        step_s: 10.0,
        refine_s: 1.0,
    };
    let t = Instant::now();
    let ours: Vec<_> = sats
        .iter()
        .map(|s| passes(s, &area, Reach::NADIR, START, START + WEEK, &options).expect("passes"))
        .collect();
    let took = t.elapsed();
    let count: usize = ours.iter().map(Vec::len).sum();
    println!(
        "{} satellites × 7 days, nadir, 10 s step: {count} passes in {took:.2?}",
        sats.len()
    );

    let t = Instant::now();
    let mut runs = 0;
    for (sat, ours) in sats.iter().zip(&ours) {
        let track = sat.ground_track(START, START + WEEK, 10.0).expect("track");
        let inside: Vec<bool> = track
            .iter()
            .map(|p| area.contains_point(p.geodetic.lat_deg, p.geodetic.lon_deg))
            .collect();
        let mut k = 0;
        while k < inside.len() {
            if !inside[k] {
                k += 1;
                continue;
            }
            let first = track[k].unix;
            while k + 1 < inside.len() && inside[k + 1] {
                k += 1;
            }
            let last = track[k].unix;
            runs += 1;
            assert!(
                ours.iter()
                    .any(|p| p.start_unix <= first && last <= p.end_unix),
                "NORAD {}: brute-force run {first}–{last} not in a pass",
                sat.norad_id()
            );
            k += 1;
        }
    }
    println!(
        "brute force at every 10 s sample: {runs} runs of inside samples, each inside one of our passes ({:.2?})",
        t.elapsed()
    );

    // 2. 200 satellites, swath and off-nadir reach, 20 s.
    let mut many = sats.clone();
    for turn in [120.0, 240.0] {
        for s in &sets {
            if many.len() == 200 {
                break;
            }
            let mut e = s.clone();
            e.mean_anomaly_deg = (e.mean_anomaly_deg + turn) % 360.0;
            many.push(Satellite::new(&e).expect("valid"));
        }
    }
    let reach = Reach {
        swath_km: 60.0,
        max_off_nadir_deg: 25.0,
    };
    let t = Instant::now();
    let count: usize = many
        .iter()
        .map(|s| {
            passes(
                s,
                &area,
                reach,
                START,
                START + WEEK,
                &PassOptions::default(),
            )
            .expect("passes")
            .len()
        })
        .sum();
    println!(
        "{} satellites × 7 days, 60 km swath + 25° off nadir, 20 s step: {count} passes in {:.2?}",
        many.len(),
        t.elapsed()
    );
}
