//! Accuracy: the crate's SGP4 (WGS 84) against python-sgp4 with WGS 84
//! chosen explicitly, for real element sets over 7 days. The reference is
//! the committed fixture `fixtures/sgp4_wgs84_reference.json`, written by
//! `fixtures/make_reference.py` (the command is in its docstring).

use orbit::{Limits, Satellite, parse_tle};
use serde_json::Value;

#[test]
fn positions_agree_with_python_sgp4_wgs84_within_a_metre_over_seven_days() {
    let doc: Value = serde_json::from_str(include_str!("fixtures/sgp4_wgs84_reference.json"))
        .expect("fixture is JSON");
    let sats = doc["satellites"].as_array().expect("satellites");
    assert!(sats.len() >= 5);
    let mut worst: f64 = 0.0;
    for s in sats {
        let text = format!(
            "{}\n{}\n",
            s["line1"].as_str().expect("line1"),
            s["line2"].as_str().expect("line2")
        );
        let set = parse_tle(text.as_bytes(), &Limits::default()).expect("fixture TLE parses");
        let sat = Satellite::new(&set[0]).expect("valid");
        for p in s["points"].as_array().expect("points") {
            let minutes = p["minutes"].as_f64().expect("minutes");
            let want: Vec<f64> = p["position_km"]
                .as_array()
                .expect("position")
                .iter()
                .map(|x| x.as_f64().expect("number"))
                .collect();
            let got = sat.teme_at_minutes(minutes).expect("propagates").position;
            let gap_m = 1000.0
                * ((got[0] - want[0]).powi(2)
                    + (got[1] - want[1]).powi(2)
                    + (got[2] - want[2]).powi(2))
                .sqrt();
            assert!(
                gap_m < 1.0,
                "NORAD {} at {minutes} min: {gap_m} m apart",
                s["norad_id"]
            );
            worst = worst.max(gap_m);
        }
    }
    println!("largest gap to python-sgp4: {worst:.2e} m");
}

#[test]
fn the_epoch_in_unix_seconds_is_what_python_sgp4_reads_from_the_tle() {
    // Propagating by unix time must land on the same minutes since epoch:
    // GAOFEN-1's epoch 25276.62980645 is 2025-10-03T15:06:55.277280Z.
    let doc: Value = serde_json::from_str(include_str!("fixtures/sgp4_wgs84_reference.json"))
        .expect("fixture is JSON");
    let s = &doc["satellites"][0];
    let text = format!(
        "{}\n{}\n",
        s["line1"].as_str().expect("l1"),
        s["line2"].as_str().expect("l2")
    );
    let set = &parse_tle(text.as_bytes(), &Limits::default()).expect("parses")[0];
    assert_eq!(set.norad_id, 39150);
    let sat = Satellite::new(set).expect("valid");
    let a = sat
        .teme(1_759_504_015.277_28 + 97.0 * 60.0)
        .expect("by time")
        .position;
    let b = sat.teme_at_minutes(97.0).expect("by minutes").position;
    for i in 0..3 {
        assert!((a[i] - b[i]).abs() < 1e-3, "{a:?} {b:?}");
    }
}
