//! Test and bench support: the first feature of a GeoJSON FeatureCollection
//! (the repository's `testdata/*.geojson`) as a MultiPolygon. Compiled into
//! the unit tests and included by the bench with `#[path]`, so both read
//! the committed boundaries the same way.

use geo_types::{Coord, LineString, MultiPolygon, Polygon};

/// The first feature's Polygon or MultiPolygon; panics on anything else (test data only).
pub fn geojson_area(text: &str) -> MultiPolygon<f64> {
    let v: serde_json::Value = serde_json::from_str(text).expect("json");
    let g = &v["features"][0]["geometry"];
    let ring = |r: &serde_json::Value| -> LineString<f64> {
        r.as_array()
            .expect("ring")
            .iter()
            .map(|c| Coord {
                x: c[0].as_f64().expect("x"),
                y: c[1].as_f64().expect("y"),
            })
            .collect()
    };
    let polygon = |p: &serde_json::Value| -> Polygon<f64> {
        let rings = p.as_array().expect("rings");
        Polygon::new(ring(&rings[0]), rings[1..].iter().map(ring).collect())
    };
    match g["type"].as_str() {
        Some("Polygon") => MultiPolygon(vec![polygon(&g["coordinates"])]),
        _ => MultiPolygon(
            g["coordinates"]
                .as_array()
                .expect("polygons")
                .iter()
                .map(polygon)
                .collect(),
        ),
    }
}
