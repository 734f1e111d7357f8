//! The catalogue's invariants, the spec's examples, and a cross-check of NORAD
//! ids and inclinations against the CelesTrak index (testdata/).

use std::collections::{HashMap, HashSet};

use super::data::{PAGES, SATELLITES, SENSORS};
use super::*;

fn ids(value: &str) -> Vec<&'static str> {
    sensors_of(value)
        .unwrap_or_else(|| panic!("{value} has no sensors"))
        .iter()
        .map(|s| s.id)
        .collect()
}

fn has_all(value: &str, wanted: &[&str]) {
    let got = ids(value);
    for id in wanted {
        assert!(got.contains(id), "{value} lacks {id}: {got:?}");
    }
}

#[test]
fn the_catalogue_has_exactly_120_entries() {
    assert_eq!(SATELLITES.len(), 120);
    assert_eq!(satellites().len(), 120);
}

#[test]
fn indexes_run_from_1_to_120_in_order() {
    let indexes: Vec<u16> = SATELLITES.iter().map(|s| s.index).collect();
    let expected: Vec<u16> = (1..=120).collect();
    assert_eq!(indexes, expected);
}

#[test]
fn values_and_labels_are_unique() {
    let values: HashSet<&str> = SATELLITES.iter().map(|s| s.value).collect();
    assert_eq!(values.len(), SATELLITES.len(), "duplicate value");
    let labels: HashSet<&str> = SATELLITES.iter().map(|s| s.label).collect();
    assert_eq!(labels.len(), SATELLITES.len(), "duplicate label");
    for s in SATELLITES {
        assert!(!s.value.trim().is_empty() && s.value.trim() == s.value);
        assert!(!s.label.trim().is_empty());
        assert_eq!(satellite(s.value).map(|f| f.index), Some(s.index));
    }
}

#[test]
fn every_satellite_has_sensors_and_every_mapping_key_is_a_satellite() {
    let values: HashSet<&str> = SATELLITES.iter().map(|s| s.value).collect();
    let mut keys = HashSet::new();
    for (key, sensors) in SENSORS {
        assert!(
            values.contains(key),
            "mapping key {key} is not in the catalogue"
        );
        assert!(keys.insert(*key), "mapping key {key} twice");
        assert!(!sensors.is_empty(), "{key} has an empty sensor list");
        let unique: HashSet<&str> = sensors.iter().map(|s| s.id).collect();
        assert_eq!(unique.len(), sensors.len(), "{key} repeats a sensor id");
        for sensor in *sensors {
            assert!(!sensor.name.is_empty(), "{key}/{} has no name", sensor.id);
            for m in [sensor.resolution_m, sensor.multispectral_m]
                .into_iter()
                .flatten()
            {
                assert!(m > 0.0 && m < 1000.0, "{key}/{}: {m} m", sensor.id);
            }
        }
    }
    for s in SATELLITES {
        assert!(
            sensors_of(s.value).is_some_and(|l| !l.is_empty()),
            "{} has no sensors",
            s.value
        );
    }
}

#[test]
fn the_spec_examples_are_in_the_mapping() {
    has_all("GF1", &["PMS1", "PMS2", "WFV1", "WFV2", "WFV3", "WFV4"]);
    has_all("GF3", &["SL", "SS", "WSC"]);
    has_all(
        "LT1A",
        &["STRIP1", "STRIP2", "STRIP3", "STRIP4", "STRIP5", "SCAN"],
    );
    // And the other mappings the issue names.
    has_all(
        "LT1B",
        &["STRIP1", "STRIP2", "STRIP3", "STRIP4", "STRIP5", "SCAN"],
    );
    has_all(
        "GF3",
        &[
            "UFS", "FSI", "FSII", "QPSI", "QPSII", "NSC", "GLO", "WAV", "EXT",
        ],
    );
    has_all("GF2", &["PMS1", "PMS2"]);
    has_all("GF6", &["PMS", "WFV"]);
    has_all("GF7", &["BWD", "FWD", "MUX", "LA"]);
    for zy3 in ["ZY3-01", "ZY3-02", "ZY3-03"] {
        has_all(zy3, &["NAD", "FWD", "BWD", "MUX"]);
    }
    for s2 in ["S2A", "S2B", "S2C"] {
        has_all(s2, &["MSI"]);
    }
    for l in ["L8", "L9"] {
        has_all(l, &["OLI", "TIRS"]);
    }
    for s1 in ["S1A", "S1B", "S1C"] {
        has_all(s1, &["IW", "EW", "SM", "WV"]);
    }
    // PMS1/PMS2 of GF-1: 2 m panchromatic, 8 m multispectral; WFV 16 m.
    let gf1 = sensors_of("GF1").unwrap_or_default();
    let pms1 = gf1.iter().find(|s| s.id == "PMS1");
    assert_eq!(pms1.and_then(|s| s.resolution_m), Some(2.0));
    assert_eq!(pms1.and_then(|s| s.multispectral_m), Some(8.0));
    assert!(
        gf1.iter()
            .filter(|s| s.id.starts_with("WFV"))
            .all(|s| s.resolution_m == Some(16.0))
    );
}

#[test]
fn the_resolution_class_follows_the_best_resolution() {
    assert_eq!(ResolutionClass::of(0.31), ResolutionClass::SubMetre);
    assert_eq!(ResolutionClass::of(1.0), ResolutionClass::SubMetre);
    assert_eq!(ResolutionClass::of(1.5), ResolutionClass::Metre);
    assert_eq!(ResolutionClass::of(4.0), ResolutionClass::Medium);
    assert_eq!(ResolutionClass::of(16.0), ResolutionClass::Medium);
    assert_eq!(ResolutionClass::of(16.5), ResolutionClass::Coarse);
    for s in SATELLITES {
        if let Some(m) = s.best_resolution_m {
            assert_eq!(
                s.resolution,
                ResolutionClass::of(m),
                "{}: best {m} m but class {}",
                s.value,
                s.resolution as u8
            );
        }
        if matches!(s.kind, Kind::Laser | Kind::Gravity) {
            assert_eq!(s.resolution, ResolutionClass::Coarse, "{}", s.value);
            assert_eq!(s.best_resolution_m, None, "{}", s.value);
        }
    }
}

#[test]
fn the_best_resolution_is_the_finest_sensor() {
    for s in SATELLITES {
        let finest = sensors_of(s.value)
            .unwrap_or_default()
            .iter()
            .filter_map(|x| x.resolution_m)
            .fold(f64::INFINITY, f64::min);
        if let Some(best) = s.best_resolution_m {
            assert_eq!(
                best, finest,
                "{}: best {best} m, finest sensor {finest} m",
                s.value
            );
        }
    }
}

#[test]
fn every_page_of_the_spec_has_an_entry_and_every_entry_a_page() {
    let chinese = [
        "zy102c",
        "zy102d",
        "cbers04a",
        "zy3",
        "gf1",
        "gf2",
        "gf3",
        "gf4",
        "gf5",
        "gf6",
        "gf7",
        "multimode",
        "goumang",
        "th01",
        "jl1",
        "bj2",
        "sv1",
        "zhuhai",
        "lsar",
        "csar",
        "gf1bcd",
    ];
    let global = [
        "optical/landsat",
        "optical/rapideye",
        "optical/planetscope",
        "optical/skysat",
        "optical/geoeye",
        "optical/worldview",
        "optical/sentinel2",
        "optical/spot",
        "optical/pleiades",
        "optical/irs",
        "optical/kompsat",
        "hyperspectral/prisma",
        "hyperspectral/eo1",
        "hyperspectral/enmap",
        "radar/radarsat",
        "radar/sentinel1",
        "radar/cosmoskymed",
        "radar/terrasarx",
        "radar/alos2",
        "radar/kompsat5",
        "laser/icesat2",
        "gravity/gracefo",
    ];
    let spec: Vec<String> = chinese
        .iter()
        .map(|p| format!("chinese/{p}"))
        .chain(global.iter().map(|p| format!("global/{p}")))
        .collect();
    assert_eq!(spec, PAGES, "PAGES differs from the spec's page list");
    let mut count: HashMap<&str, usize> = HashMap::new();
    for s in SATELLITES {
        assert!(
            PAGES.contains(&s.group),
            "{}: unknown page {}",
            s.value,
            s.group
        );
        *count.entry(s.group).or_default() += 1;
    }
    for page in PAGES {
        assert!(count.contains_key(page), "no satellite on {page}");
    }
}

#[test]
fn properties_type_and_checked_follow_the_documented_rules() {
    for s in SATELLITES {
        let expected = if s.group.starts_with("chinese/") {
            Origin::Chinese
        } else if s.group.starts_with("global/optical/") || s.group.starts_with("global/radar/") {
            Origin::Foreign
        } else {
            Origin::Other
        };
        assert_eq!(s.properties, expected, "{}", s.value);
        if s.group.starts_with("global/radar/") {
            assert_eq!(s.kind, Kind::Radar, "{}", s.value);
        }
        if s.group.starts_with("global/hyperspectral/") {
            assert_eq!(s.kind, Kind::Hyperspectral, "{}", s.value);
        }
        if s.checked {
            assert_eq!(s.properties, Origin::Chinese, "{} checked", s.value);
            assert_eq!(s.kind, Kind::Optical, "{} checked", s.value);
        }
    }
    let checked: Vec<&str> = SATELLITES
        .iter()
        .filter(|s| s.checked)
        .map(|s| s.value)
        .collect();
    for v in [
        "GF1", "GF1B", "GF1C", "GF1D", "GF2", "GF6", "GF7", "ZY3-01", "ZY3-02", "ZY3-03",
    ] {
        assert!(checked.contains(&v), "{v} should be checked by default");
    }
}

#[test]
fn the_facts_are_well_formed() {
    for s in SATELLITES {
        if let Some(d) = s.launch_date {
            let parts: Vec<&str> = d.split('-').collect();
            assert!(
                parts.len() == 3
                    && parts[0].len() == 4
                    && parts[1].len() == 2
                    && parts[2].len() == 2
                    && parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit())),
                "{}: launch date {d}",
                s.value
            );
            let (y, m, day): (u32, u32, u32) = (
                parts[0].parse().unwrap_or(0),
                parts[1].parse().unwrap_or(0),
                parts[2].parse().unwrap_or(0),
            );
            assert!((1980..=2025).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&day));
        }
        if let Some(a) = s.altitude_km {
            assert!((150.0..=36_000.0).contains(&a), "{}: altitude {a}", s.value);
        }
        if let Some(i) = s.inclination_deg {
            assert!((0.0..=180.0).contains(&i), "{}: inclination {i}", s.value);
        }
        if let Some(w) = s.swath_km {
            assert!(w > 0.0 && w <= 800.0, "{}: swath {w}", s.value);
        }
        if let Some(t) = s.local_time {
            let (time, node) = t.split_once(' ').unwrap_or(("", ""));
            assert!(node == "降交点" || node == "升交点", "{}: {t}", s.value);
            assert!(
                time.len() == 5 && time.as_bytes()[2] == b':',
                "{}: {t}",
                s.value
            );
            // Only sun-synchronous orbits (retrograde, about 96–100°) have a fixed local time.
            if let Some(i) = s.inclination_deg {
                assert!(
                    (95.0..=100.5).contains(&i),
                    "{}: local time at {i}°",
                    s.value
                );
            }
        }
    }
}

#[test]
fn a_filter_selects_by_type_origin_and_page() {
    let all = select(&CatalogueQuery::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(all.satellites.len(), 120);
    assert_eq!(all.sensors.len(), 120);

    let radar = select(&CatalogueQuery {
        kind: Some(3),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(!radar.satellites.is_empty());
    assert!(radar.satellites.iter().all(|s| s.kind == Kind::Radar));
    assert!(radar.sensors.contains_key("GF3") && !radar.sensors.contains_key("GF1"));

    let chinese_radar = select(&CatalogueQuery {
        properties: Some(1),
        kind: Some(3),
        group: None,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let values: Vec<&str> = chinese_radar.satellites.iter().map(|s| s.value).collect();
    assert_eq!(values, ["GF3", "GF3-02", "GF3-03", "LT1A", "LT1B"]);

    // A page prefix stops at `/`: gf1 does not select gf1bcd.
    let gf1 = select(&CatalogueQuery {
        group: Some("chinese/gf1".into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let values: Vec<&str> = gf1.satellites.iter().map(|s| s.value).collect();
    assert_eq!(values, ["GF1"]);
    let radar_pages = select(&CatalogueQuery {
        group: Some("global/radar/".into()),
        ..Default::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(radar_pages.satellites.len(), 18);
}

#[test]
fn a_filter_out_of_range_is_a_bad_request() {
    for query in [
        CatalogueQuery {
            properties: Some(4),
            ..Default::default()
        },
        CatalogueQuery {
            kind: Some(0),
            ..Default::default()
        },
    ] {
        assert!(matches!(select(&query), Err(AppError::BadRequest { .. })));
    }
}

#[test]
fn the_json_is_camel_case_with_numeric_codes() {
    let all = select(&CatalogueQuery::default()).unwrap_or_else(|e| panic!("{e}"));
    let json = serde_json::to_value(&all).unwrap_or_default();
    let gf1 = &json["satellites"][8];
    assert_eq!(gf1["value"], "GF1");
    assert_eq!(gf1["label"], "高分一号");
    assert_eq!(gf1["index"], 9);
    assert_eq!(gf1["checked"], true);
    assert_eq!(gf1["properties"], 1);
    assert_eq!(gf1["resolution"], 2);
    assert_eq!(gf1["type"], 1);
    assert_eq!(gf1["group"], "chinese/gf1");
    assert_eq!(gf1["noradId"], 39150);
    assert_eq!(gf1["localTime"], "10:30 降交点");
    assert_eq!(gf1["bestResolutionM"], 2.0);
    assert_eq!(gf1["launchDate"], "2013-04-26");
    assert_eq!(json["sensors"]["GF1"][0]["id"], "PMS1");
    assert_eq!(json["sensors"]["GF1"][0]["type"], 1);
    assert_eq!(json["sensors"]["GF1"][0]["multispectralM"], 8.0);
    assert!(json["satellites"][22]["noradId"].is_null());
}

/// NORAD ids and inclinations against the CelesTrak EO index of 2025-10-03
/// (the rows for the catalogue's NORAD ids, testdata/README.md): every entry
/// whose NORAD id is in that file agrees on inclination within 0.5°, and (the
/// altitudes having been copied from it) on mean altitude within 1 km.
#[test]
fn norad_ids_and_inclinations_agree_with_the_celestrak_index() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/celestrak_eo_index_2025-10-03_catalogue.csv");
    let mut reader = csv::Reader::from_path(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let headers = reader.headers().cloned().unwrap_or_default();
    let column = |name: &str| {
        headers
            .iter()
            .position(|h| h == name)
            .unwrap_or_else(|| panic!("no column {name}"))
    };
    let (norad, inclination, altitude, name) = (
        column("norad_id"),
        column("inclination_deg"),
        column("mean_altitude_km"),
        column("name"),
    );
    let mut index: HashMap<u32, (String, f64, f64)> = HashMap::new();
    for row in reader.records() {
        let row = row.unwrap_or_else(|e| panic!("bad row: {e}"));
        let field = |i: usize| row.get(i).unwrap_or_default();
        let id: u32 = field(norad)
            .parse()
            .unwrap_or_else(|e| panic!("norad: {e}"));
        let inc: f64 = field(inclination)
            .parse()
            .unwrap_or_else(|e| panic!("inc: {e}"));
        let alt: f64 = field(altitude)
            .parse()
            .unwrap_or_else(|e| panic!("alt: {e}"));
        index.insert(id, (field(name).to_string(), inc, alt));
    }
    assert_eq!(index.len(), 89, "the fixture lists 89 satellites");

    let mut norad_ids = HashSet::new();
    let mut matched = 0;
    for s in SATELLITES {
        let Some(id) = s.norad_id else { continue };
        assert!(norad_ids.insert(id), "NORAD {id} used twice");
        let Some((name, inc, alt)) = index.get(&id) else {
            continue;
        };
        matched += 1;
        let ours = s
            .inclination_deg
            .unwrap_or_else(|| panic!("{} ({name}) has no inclination", s.value));
        assert!(
            (ours - inc).abs() <= 0.5,
            "{} ({name}, {id}): inclination {ours} vs {inc}",
            s.value
        );
        let ours = s
            .altitude_km
            .unwrap_or_else(|| panic!("{} ({name}) has no altitude", s.value));
        assert!(
            (ours - alt).abs() <= 1.0,
            "{} ({name}, {id}): altitude {ours} vs {alt}",
            s.value
        );
    }
    // Most catalogue satellites with a NORAD id are in the subset; a
    // collapse of this count means ids or the file went wrong.
    assert!(matched >= 80, "only {matched} NORAD ids found in the index");
}
