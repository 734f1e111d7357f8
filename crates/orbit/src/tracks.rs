//! Ground tracks and swaths as lines and polygons for a map: a track split
//! where it crosses the ±180° meridian, and the strip a sensor sees on
//! either side of it.
//!
//! Offsets are great-circle destinations on a sphere of the mean Earth
//! radius, perpendicular to the track's heading: the same approximation the
//! pass search uses for its reach, so what the map shows is what was
//! searched.

use crate::passes::Reach;
use crate::propagate::TrackPoint;

/// A point as (lon, lat) degrees.
pub type LonLat = (f64, f64);

/// The track as runs of (lon, lat), a new run wherever it jumps across the
/// ±180° meridian (a map would otherwise draw a line across the world).
pub fn split_track(track: &[TrackPoint]) -> Vec<Vec<LonLat>> {
    split_lines(
        track
            .iter()
            .map(|p| (p.geodetic.lon_deg, p.geodetic.lat_deg)),
    )
}

/// Runs of points, broken where two neighbours lie more than 180° of
/// longitude apart; a run of one point is dropped.
pub fn split_lines(points: impl IntoIterator<Item = LonLat>) -> Vec<Vec<LonLat>> {
    let mut runs: Vec<Vec<LonLat>> = Vec::new();
    let mut run: Vec<LonLat> = Vec::new();
    for p in points {
        if let Some(&(lon, _)) = run.last()
            && (p.0 - lon).abs() > 180.0
        {
            runs.push(std::mem::take(&mut run));
        }
        run.push(p);
    }
    runs.push(run);
    runs.retain(|r| r.len() >= 2);
    runs
}

/// The point `distance_rad` of arc from (lon, lat) along `bearing_deg`
/// (clockwise from north), longitude in [-180, 180).
pub fn destination(lon_deg: f64, lat_deg: f64, bearing_deg: f64, distance_rad: f64) -> LonLat {
    let (lat, lon) = (lat_deg.to_radians(), lon_deg.to_radians());
    let bearing = bearing_deg.to_radians();
    let (sd, cd) = distance_rad.sin_cos();
    let lat2 = (lat.sin() * cd + lat.cos() * sd * bearing.cos()).asin();
    let lon2 = lon + (bearing.sin() * sd * lat.cos()).atan2(cd - lat.sin() * lat2.sin());
    (
        crate::frames::normalize_lon(lon2.to_degrees()),
        lat2.to_degrees(),
    )
}

/// The strip `reach` covers along a track: one closed ring per run (left
/// edge forward, right edge back), split like [`split_track`]. A reach of
/// zero width has no strip.
pub fn strip(track: &[TrackPoint], reach: Reach) -> Vec<Vec<LonLat>> {
    let mut rings = Vec::new();
    let mut run: Vec<&TrackPoint> = Vec::new();
    let mut close = |run: &mut Vec<&TrackPoint>| {
        if run.len() >= 2
            && let Some(ring) = ring_of(run, reach)
        {
            rings.push(ring);
        }
        run.clear();
    };
    for p in track {
        if let Some(last) = run.last()
            && (p.geodetic.lon_deg - last.geodetic.lon_deg).abs() > 180.0
        {
            close(&mut run);
        }
        run.push(p);
    }
    close(&mut run);
    rings
}

fn ring_of(run: &[&TrackPoint], reach: Reach) -> Option<Vec<LonLat>> {
    let side = |p: &TrackPoint, turn: f64| {
        destination(
            p.geodetic.lon_deg,
            p.geodetic.lat_deg,
            p.heading_deg + turn,
            reach.half_width_rad(p.geodetic.height_km),
        )
    };
    if reach.half_width_rad(run[0].geodetic.height_km) <= 0.0 {
        return None;
    }
    let mut ring: Vec<LonLat> = run.iter().map(|p| side(p, -90.0)).collect();
    ring.extend(run.iter().rev().map(|p| side(p, 90.0)));
    // An edge that crosses the meridian while the track does not (near a
    // pole, or a wide reach) cannot be drawn as one ring: none is better than a wrong one.
    let crosses = ring.windows(2).any(|w| (w[1].0 - w[0].0).abs() > 180.0);
    if crosses {
        return None;
    }
    ring.push(ring[0]);
    Some(ring)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frames::Geodetic;

    fn point(lon: f64, lat: f64, heading: f64) -> TrackPoint {
        TrackPoint {
            unix: 0.0,
            ecef: [0.0; 3],
            geodetic: Geodetic {
                lat_deg: lat,
                lon_deg: lon,
                height_km: 645.0,
            },
            heading_deg: heading,
            ascending: false,
        }
    }

    #[test]
    fn a_track_is_split_where_it_crosses_the_antimeridian() {
        let runs = split_lines([(178.0, 10.0), (179.5, 12.0), (-179.0, 14.0), (-177.0, 16.0)]);
        assert_eq!(runs.len(), 2);
        assert_eq!(runs[0], vec![(178.0, 10.0), (179.5, 12.0)]);
        assert_eq!(runs[1], vec![(-179.0, 14.0), (-177.0, 16.0)]);
        // A lone point after a jump is no line.
        assert_eq!(
            split_lines([(179.0, 0.0), (179.5, 1.0), (-179.0, 2.0)]).len(),
            1
        );
    }

    #[test]
    fn a_destination_is_the_great_circle_distance_away() {
        // 1° of arc due north along a meridian.
        let (lon, lat) = destination(114.0, 30.0, 0.0, 1f64.to_radians());
        assert!((lon - 114.0).abs() < 1e-9 && (lat - 31.0).abs() < 1e-9);
        // Due east on the equator.
        let (lon, lat) = destination(10.0, 0.0, 90.0, 2f64.to_radians());
        assert!((lon - 12.0).abs() < 1e-9 && lat.abs() < 1e-9);
    }

    #[test]
    fn a_strip_is_as_wide_as_the_swath_on_both_sides() {
        // A track heading due south along 114° E, a 60 km swath.
        let track: Vec<TrackPoint> = (0..5)
            .map(|k| point(114.0, 32.0 - k as f64, 180.0))
            .collect();
        let reach = Reach {
            swath_km: 60.0,
            max_off_nadir_deg: 0.0,
        };
        let rings = strip(&track, reach);
        assert_eq!(rings.len(), 1);
        let ring = &rings[0];
        assert_eq!(ring.len(), 11);
        assert_eq!(ring.first(), ring.last());
        // 30 km each side of 114° E at 32° N is about 0.318° of longitude.
        let half = 30.0 / 6371.0088 / 32f64.to_radians().cos();
        // Left of a southbound track is east; the right edge comes back, so
        // the first point's right side is the ring's last but one.
        let east = ring[0].0;
        let west = ring[9].0;
        assert!((east - 114.0 - half.to_degrees()).abs() < 1e-3, "{east}");
        assert!((114.0 - west - half.to_degrees()).abs() < 1e-3, "{west}");
        assert!(strip(&track, Reach::NADIR).is_empty());
    }
}
