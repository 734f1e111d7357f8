use std::collections::HashSet;

use super::names::mgrs_tile;
use super::*;
use geo::{BoundingRect, Intersects};
use time::OffsetDateTime;

/// 2025-10-03T12:00:00Z.
const NOW: i64 = 1_759_492_800;

fn small(seed: u64) -> Plan {
    Plan {
        now: NOW,
        seed,
        satellites: vec!["GF1", "GF2", "GF3", "L8", "S2A", "S1A"],
        scenes: 3_000,
        leading: 6,
    }
}

#[test]
fn the_same_plan_gives_the_same_scenes_and_another_seed_others() {
    let china = rough_china();
    let a: Vec<SceneRow> = generate(&small(1), &china).collect();
    let b: Vec<SceneRow> = generate(&small(1), &china).collect();
    let c: Vec<SceneRow> = generate(&small(2), &china).collect();
    assert_eq!(a.len(), 3_000);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn leading_satellites_share_first_and_the_others_make_only_what_they_cannot() {
    let full = [10.0, 10.0, 100.0, 100.0];
    let leads = [true, true, false, false];
    assert_eq!(
        tiered_shares(&full, &leads, None, 15.0),
        [7.5, 7.5, 0.0, 0.0]
    );
    assert_eq!(
        tiered_shares(&full, &leads, None, 60.0),
        [10.0, 10.0, 20.0, 20.0]
    );
    // Counted: the leading ones made 16, not the 20 estimated.
    assert_eq!(
        tiered_shares(&full, &leads, Some(16.0), 60.0),
        [10.0, 10.0, 22.0, 22.0]
    );
    let plan = Plan {
        leading: 2,
        ..small(1)
    };
    let satellites: HashSet<String> = generate(&plan, &rough_china())
        .map(|s| s.satellite)
        .collect();
    assert_eq!(
        satellites,
        HashSet::from(["GF1".to_owned(), "GF2".to_owned()])
    );
}

#[test]
fn scenes_are_valid_over_china_daylit_when_optical_and_as_wide_as_the_swath() {
    let china = rough_china();
    let scenes = generate(&small(3), &china);
    assert_eq!(scenes.len(), 3_000);
    let scenes: Vec<SceneRow> = scenes.collect();
    let end = NOW - NOW.rem_euclid(86_400);
    let mut ids = HashSet::new();
    let mut satellites = HashSet::new();
    for s in &scenes {
        assert!(ids.insert(s.scene_id.clone()), "repeated id {}", s.scene_id);
        satellites.insert(s.satellite.clone());
        assert!(s.demo);
        assert!((end - 365 * 86_400..end).contains(&s.acquired_at));
        assert!((0.0..=100.0).contains(&s.cloud));
        assert!(
            catalogue::sensors_of(&s.satellite)
                .is_some_and(|sensors| sensors.iter().any(|x| x.id == s.sensor)),
            "{} {}",
            s.satellite,
            s.sensor
        );
        let ring = &s.footprint.exterior().0;
        assert_eq!(ring.len(), 5);
        assert_eq!(ring[0], ring[4]);
        assert!(
            geo_kit::validity::check_polygon(&s.footprint).is_ok(),
            "{}",
            s.scene_id
        );
        // Counter-clockwise, as GeoJSON wants an exterior ring.
        assert!(geo::Area::signed_area(&s.footprint) > 0.0, "{}", s.scene_id);
        assert!(
            s.footprint.intersects(&china),
            "{} not over China",
            s.scene_id
        );
        let bbox = s.footprint.bounding_rect().expect("box");
        assert!(bbox.width() < 15.0 && bbox.height() < 10.0);
        // The top edge runs across the track: the scene's width.
        let width = orbit::distance_km(ring[0], ring[3]);
        let swath = Mission::new(catalogue::satellite(&s.satellite).expect("satellite"))
            .expect("mission")
            .modes
            .iter()
            .find(|m| m.sensors.contains(&s.sensor.as_str()))
            .expect("mode")
            .width_km;
        assert!(
            (width / swath - 1.0).abs() < 0.1,
            "{} km for {swath} km",
            width
        );
        let centre = Coord {
            x: ring[..4].iter().map(|c| c.x).sum::<f64>() / 4.0,
            y: ring[..4].iter().map(|c| c.y).sum::<f64>() / 4.0,
        };
        if !matches!(s.satellite.as_str(), "GF3" | "S1A") {
            let sun = orbit::sun_elevation(s.acquired_at as f64, centre.x, centre.y);
            assert!(sun > MIN_SUN_ELEVATION - 1.0, "{} at sun {sun}", s.scene_id);
        } else {
            assert_eq!(s.cloud, 0.0);
        }
    }
    assert_eq!(satellites.len(), 6);
    assert!(
        scenes
            .windows(2)
            .all(|w| w[0].acquired_at <= w[1].acquired_at)
    );
}

#[test]
fn southern_summers_are_cloudier_than_north_western_winters() {
    let scenes: Vec<SceneRow> = generate(&small(4), &rough_china()).collect();
    let mean = |keep: &dyn Fn(&SceneRow, u8) -> bool| {
        let picked: Vec<f64> = scenes
            .iter()
            .filter(|s| s.cloud > 0.0 || !matches!(s.satellite.as_str(), "GF3" | "S1A"))
            .filter(|s| {
                let month = OffsetDateTime::from_unix_timestamp(s.acquired_at)
                    .expect("time")
                    .month();
                keep(s, u8::from(month))
            })
            .map(|s| s.cloud)
            .collect();
        assert!(picked.len() > 20, "{} scenes", picked.len());
        picked.iter().sum::<f64>() / picked.len() as f64
    };
    let ring = |s: &SceneRow| s.footprint.exterior().0[0];
    let south_summer = mean(&|s, m| ring(s).y < 30.0 && (6..=8).contains(&m));
    let north_west_winter =
        mean(&|s, m| ring(s).x < 100.0 && ring(s).y > 36.0 && (m == 12 || m <= 2));
    assert!(
        south_summer > north_west_winter + 15.0,
        "{south_summer} vs {north_west_winter}"
    );
}

#[test]
fn file_names_follow_each_mission() {
    let scenes: Vec<SceneRow> = generate(&small(5), &rough_china()).collect();
    let first = |sat: &str| {
        scenes
            .iter()
            .find(|s| s.satellite == sat)
            .map(|s| s.file_name.clone())
            .expect("a scene")
    };
    assert!(first("GF1").starts_with("GF1_"), "{}", first("GF1"));
    assert!(first("GF1").ends_with(".tar.gz"));
    assert!(first("L8").starts_with("LC08_L1TP_"), "{}", first("L8"));
    assert!(first("S2A").starts_with("S2A_MSIL1C_"), "{}", first("S2A"));
    assert!(first("S1A").starts_with("S1A_"), "{}", first("S1A"));
    assert!(first("GF3").starts_with("GF3_MYN_"), "{}", first("GF3"));
    assert_eq!(mgrs_tile(114.3, 30.6), "50RKU");
}

#[test]
fn the_default_demo_is_tens_of_thousands_of_scenes() {
    let started = std::time::Instant::now();
    let scenes = generate(&Plan::demo(NOW), &rough_china());
    let n = scenes.len();
    let satellites: HashSet<String> = scenes.map(|s| s.satellite).collect();
    eprintln!(
        "{n} scenes of {} satellites in {:?}",
        satellites.len(),
        started.elapsed()
    );
    assert_eq!(n, DEMO_SCENES);
    assert_eq!(satellites.len(), DEMO_SATELLITES.len());
}
