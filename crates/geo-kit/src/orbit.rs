//! Orbits from public facts, for the demo catalogue: mean elements of
//! near-circular (often sun-synchronous) orbits built from altitude,
//! inclination and node local time, and image footprints along the ground
//! track. Propagation, frames, the sun and great circles are the `orbit`
//! crate's, the same code that predicts passes from real element sets.
//!
//! Times are unix seconds (UTC); angles in degrees unless a name says `rad`.

use std::f64::consts::TAU;

use geo_types::Coord;
use orbit::time::gmst_rad;

/// Earth's gravitational parameter, km³/s² (WGS84).
const MU: f64 = 398_600.441_8;
/// Equatorial radius, km (WGS84).
pub const EARTH_RADIUS_KM: f64 = 6378.137;
/// Second zonal harmonic (WGS84, as SGP4 uses it).
const J2: f64 = 1.082_629_989_05e-3;
/// The mean sun's rate in right ascension, rad/s (one tropical year per turn):
/// a sun-synchronous orbit's node turns at this rate.
const SUN_RATE: f64 = TAU / (365.242_2 * 86_400.0);

/// Why an orbit cannot be built.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum OrbitError {
    /// No sun-synchronous orbit exists at this altitude.
    #[error("no sun-synchronous orbit at {0} km")]
    NotSunSynchronous(f64),
    /// SGP4 refused the elements.
    #[error("SGP4 refused the elements: {0}")]
    Elements(String),
}

/// Mean orbital elements in the units of a two-line element set.
#[derive(Debug, Clone, PartialEq)]
pub struct MeanElements {
    /// Epoch, unix seconds.
    pub epoch: f64,
    /// Inclination, degrees.
    pub inclination: f64,
    /// Right ascension of the ascending node, degrees.
    pub raan: f64,
    /// Eccentricity.
    pub eccentricity: f64,
    /// Argument of perigee, degrees.
    pub arg_perigee: f64,
    /// Mean anomaly, degrees.
    pub mean_anomaly: f64,
    /// Mean motion (Kozai), revolutions per day.
    pub mean_motion: f64,
    /// Drag term B*, per earth radius.
    pub drag: f64,
}

/// Semi-major axis of a circular orbit, km.
fn semi_major_axis(altitude_km: f64) -> f64 {
    EARTH_RADIUS_KM + altitude_km
}

/// Mean motion of a circular orbit at this altitude, revolutions per day.
pub fn mean_motion(altitude_km: f64) -> f64 {
    let a = semi_major_axis(altitude_km);
    (MU / a.powi(3)).sqrt() * 86_400.0 / TAU
}

/// Period of a circular orbit at this altitude, minutes.
pub fn period_minutes(altitude_km: f64) -> f64 {
    1_440.0 / mean_motion(altitude_km)
}

/// The inclination (degrees) at which J2 turns a circular orbit's node with
/// the mean sun, or `None` above the altitude where none exists.
pub fn sun_synchronous_inclination(altitude_km: f64) -> Option<f64> {
    let a = semi_major_axis(altitude_km);
    let n = (MU / a.powi(3)).sqrt();
    // dΩ/dt = −3/2 n J2 (Rₑ/a)² cos i must equal the sun's rate.
    let cos_i = -SUN_RATE / (1.5 * n * J2 * (EARTH_RADIUS_KM / a).powi(2));
    (cos_i >= -1.0).then(|| cos_i.acos().to_degrees())
}

/// Hours since midnight UTC, in [0, 24).
fn utc_hours(unix: f64) -> f64 {
    unix.rem_euclid(86_400.0) / 3_600.0
}

/// Local mean solar time at a longitude, hours in [0, 24).
pub fn local_mean_time(unix: f64, lon: f64) -> f64 {
    (utc_hours(unix) + lon / 15.0).rem_euclid(24.0)
}

/// The right ascension of the ascending node (degrees) that puts the node at
/// `node_hours` local mean solar time at `epoch`.
pub fn raan_for_node_time(epoch: f64, node_hours: f64) -> f64 {
    // The node's longitude is Ω − GMST; its local mean time is UT + longitude/15.
    (gmst_rad(epoch).to_degrees() + 15.0 * (node_hours - utc_hours(epoch))).rem_euclid(360.0)
}

impl MeanElements {
    /// A circular orbit at an altitude and inclination, starting `mean_anomaly`
    /// degrees past the ascending node at `epoch`.
    pub fn circular(
        epoch: f64,
        altitude_km: f64,
        inclination: f64,
        raan: f64,
        mean_anomaly: f64,
    ) -> Self {
        Self {
            epoch,
            inclination,
            raan: raan.rem_euclid(360.0),
            eccentricity: 0.0,
            arg_perigee: 0.0,
            mean_anomaly: mean_anomaly.rem_euclid(360.0),
            mean_motion: mean_motion(altitude_km),
            drag: 0.0,
        }
    }

    /// A circular sun-synchronous orbit whose descending node is at
    /// `descending_node_hours` local mean solar time.
    pub fn sun_synchronous(
        epoch: f64,
        altitude_km: f64,
        descending_node_hours: f64,
        mean_anomaly: f64,
    ) -> Result<Self, OrbitError> {
        let inclination = sun_synchronous_inclination(altitude_km)
            .ok_or(OrbitError::NotSunSynchronous(altitude_km))?;
        let ascending = (descending_node_hours + 12.0).rem_euclid(24.0);
        Ok(Self::circular(
            epoch,
            altitude_km,
            inclination,
            raan_for_node_time(epoch, ascending),
            mean_anomaly,
        ))
    }
}

/// Where a satellite is over the ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GroundPoint {
    /// Geodetic longitude, degrees in [-180, 180).
    pub lon: f64,
    /// Geodetic latitude, degrees.
    pub lat: f64,
    /// Height above the ellipsoid, km.
    pub height_km: f64,
    /// Direction of the ground track, degrees clockwise from north.
    pub heading: f64,
}

/// A propagator for one satellite (the `orbit` crate's SGP4, WGS84).
#[derive(Debug, Clone)]
pub struct Orbit {
    satellite: orbit::Satellite,
}

impl Orbit {
    /// Prepares SGP4 for these elements.
    pub fn new(e: &MeanElements) -> Result<Self, OrbitError> {
        let set = orbit::ElementSet {
            name: None,
            norad_id: 0,
            international_designator: None,
            classification: 'U',
            epoch_unix: e.epoch,
            mean_motion_dot: 0.0,
            mean_motion_ddot: 0.0,
            bstar: e.drag,
            element_set_number: 0,
            inclination_deg: e.inclination,
            raan_deg: e.raan,
            eccentricity: e.eccentricity,
            arg_perigee_deg: e.arg_perigee,
            mean_anomaly_deg: e.mean_anomaly,
            mean_motion_rev_per_day: e.mean_motion,
            revolution_number: 0,
        };
        orbit::Satellite::new(&set)
            .map(|satellite| Self { satellite })
            .map_err(|err| OrbitError::Elements(err.to_string()))
    }

    /// Position and velocity in the TEME frame (km, km/s), or `None` if SGP4 fails (decay).
    pub fn teme(&self, unix: f64) -> Option<([f64; 3], [f64; 3])> {
        self.satellite
            .teme(unix)
            .ok()
            .map(|s| (s.position, s.velocity))
    }

    /// The sub-satellite point and track direction at a time.
    pub fn ground(&self, unix: f64) -> Option<GroundPoint> {
        self.satellite.track_point(unix).ok().map(|p| GroundPoint {
            lon: p.geodetic.lon_deg,
            lat: p.geodetic.lat_deg,
            height_km: p.geodetic.height_km,
            heading: p.heading_deg,
        })
    }
}

/// A longitude in [-180, 180).
pub fn normalize_lon(lon: f64) -> f64 {
    orbit::frames::normalize_lon(lon)
}

/// The sun's elevation above the horizon at a place and time, degrees.
pub fn sun_elevation(unix: f64, lon: f64, lat: f64) -> f64 {
    orbit::sun_elevation_deg(unix, lat, lon)
}

/// The point `distance_km` from `from` along the great circle leaving it at `bearing` degrees.
pub fn destination(from: Coord<f64>, bearing: f64, distance_km: f64) -> Coord<f64> {
    let (x, y) = orbit::tracks::destination(
        from.x,
        from.y,
        bearing,
        distance_km / orbit::passes::MEAN_RADIUS_KM,
    );
    Coord { x, y }
}

/// Great-circle distance between two points, km.
pub fn distance_km(a: Coord<f64>, b: Coord<f64>) -> f64 {
    let (p1, p2) = (a.y.to_radians(), b.y.to_radians());
    let dp = p2 - p1;
    let dl = (b.x - a.x).to_radians();
    let h = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * orbit::passes::MEAN_RADIUS_KM * h.sqrt().asin()
}

/// The footprint of a scene centred on the track: `across_km` wide, `along_km`
/// long, its long axes along `heading`. Corners come as the image shows them
/// north up: top-left, bottom-left, bottom-right, top-right (counter-clockwise,
/// so also a valid GeoJSON exterior once closed). The top edge is the
/// northern end and runs across the track.
pub fn scene_quad(
    centre: Coord<f64>,
    heading: f64,
    across_km: f64,
    along_km: f64,
) -> [Coord<f64>; 4] {
    let half_diagonal = (across_km / 2.0).hypot(along_km / 2.0);
    let off = (across_km / 2.0).atan2(along_km / 2.0).to_degrees();
    let corner = |bearing: f64| destination(centre, bearing, half_diagonal);
    let front_left = corner(heading - off);
    let front_right = corner(heading + off);
    let back_left = corner(heading + 180.0 + off);
    let back_right = corner(heading + 180.0 - off);
    if heading.to_radians().cos() >= 0.0 {
        // Northbound: the front is the top and the left of the track is west.
        [front_left, back_left, back_right, front_right]
    } else {
        // Southbound: the back is the top and the right of the track is west.
        [back_right, front_right, front_left, back_left]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2000-01-01T12:00:00Z, the J2000 epoch SGP4 counts years from.
    const UNIX_J2000: f64 = 946_728_000.0;
    /// A Julian year in seconds (SGP4's epoch unit).
    const JULIAN_YEAR_S: f64 = 365.25 * 86_400.0;

    /// 2025-03-01T00:00:00Z.
    const EPOCH: f64 = 1_740_787_200.0;

    #[test]
    fn a_sun_synchronous_orbit_at_645_km_has_the_known_inclination_and_period() {
        // EnMAP flies at 645 km, 97.98°; the textbook period there is about 97.6 minutes.
        let i = sun_synchronous_inclination(645.0).expect("sun-synchronous");
        assert!((i - 97.98).abs() < 0.03, "inclination {i}");
        let p = period_minutes(645.0);
        assert!((p - 97.6).abs() < 0.2, "period {p}");
        assert!(sun_synchronous_inclination(6_000.0).is_none());
    }

    /// The local mean time of the first descending equator crossing after `from`.
    fn descending_node_time(orbit: &Orbit, from: f64) -> f64 {
        let mut t = from;
        let mut prev = orbit.ground(t).expect("propagates");
        loop {
            let next = orbit.ground(t + 10.0).expect("propagates");
            if prev.lat > 0.0 && next.lat <= 0.0 {
                let f = prev.lat / (prev.lat - next.lat);
                let lon = prev.lon + f * normalize_lon(next.lon - prev.lon);
                return local_mean_time(t + f * 10.0, lon);
            }
            prev = next;
            t += 10.0;
        }
    }

    #[test]
    fn the_ground_track_crosses_the_equator_southbound_at_the_chosen_local_time_all_year() {
        let e = MeanElements::sun_synchronous(EPOCH, 645.0, 10.5, 0.0).expect("elements");
        let orbit = Orbit::new(&e).expect("orbit");
        // At the epoch, and half a year before and after: the node follows the sun.
        for days in [-180.0, 0.0, 90.0, 180.0] {
            let hours = descending_node_time(&orbit, EPOCH + days * 86_400.0);
            assert!(
                (hours - 10.5).abs() < 0.1,
                "descending node at {hours} h after {days} days"
            );
        }
    }

    #[test]
    fn a_real_element_set_propagates_the_same_through_our_elements() {
        // GAOFEN-1 (NORAD 39150) as CelesTrak published it on 2025-10-03
        // ("Data: CelesTrak", public GP data; see testdata/README.md).
        let tle = sgp4::Elements::from_tle(
            None,
            b"1 39150U 13018A   25276.62980645  .00001938  00000+0  28450-3 0  9995",
            b"2 39150  97.9406 348.4992 0017964  17.2043 342.9772 14.76545138670380",
        )
        .expect("valid TLE");
        let reference = sgp4::Constants::from_elements(&tle).expect("constants");
        let ours = Orbit::new(&MeanElements {
            epoch: UNIX_J2000 + tle.epoch() * JULIAN_YEAR_S,
            inclination: tle.inclination,
            raan: tle.right_ascension,
            eccentricity: tle.eccentricity,
            arg_perigee: tle.argument_of_perigee,
            mean_anomaly: tle.mean_anomaly,
            mean_motion: tle.mean_motion,
            drag: tle.drag_term,
        })
        .expect("orbit");
        for minutes in [0.0, 97.0, 1_440.0, 10_000.0] {
            let want = reference
                .propagate(sgp4::MinutesSinceEpoch(minutes))
                .expect("propagates")
                .position;
            let epoch = UNIX_J2000 + tle.epoch() * JULIAN_YEAR_S;
            let (got, _) = ours.teme(epoch + minutes * 60.0).expect("propagates");
            let gap = ((got[0] - want[0]).powi(2)
                + (got[1] - want[1]).powi(2)
                + (got[2] - want[2]).powi(2))
            .sqrt();
            assert!(gap < 0.01, "{gap} km apart after {minutes} min");
        }
        // GF-1's nominal altitude gives nearly the element set's mean motion.
        assert!((mean_motion(645.0) - tle.mean_motion).abs() < 0.1);
    }

    #[test]
    fn ground_points_are_geodetic_and_heading_follows_the_track() {
        let e = MeanElements::circular(EPOCH, 700.0, 98.0, 0.0, 0.0);
        let orbit = Orbit::new(&e).expect("orbit");
        let p = orbit.ground(EPOCH).expect("propagates");
        // At the ascending node of a retrograde orbit: on the equator, heading north-north-west.
        assert!(p.lat.abs() < 0.2, "{p:?}");
        assert!((p.height_km - 700.0).abs() < 25.0, "{p:?}");
        assert!(p.heading > 340.0 && p.heading < 352.0, "{p:?}");
        let q = orbit.ground(EPOCH + 60.0).expect("propagates");
        assert!(q.lat > p.lat + 3.0);
    }

    #[test]
    fn the_sun_is_high_at_noon_and_below_the_horizon_at_midnight_in_wuhan() {
        // 2025-06-21: 12:00 Beijing time is 04:00 UTC; Wuhan 114.3° E, 30.6° N.
        let noon = 1_750_478_400.0;
        let high = sun_elevation(noon, 114.3, 30.6);
        assert!((high - (90.0 - 30.6 + 23.44)).abs() < 2.0, "{high}");
        assert!(sun_elevation(noon + 12.0 * 3_600.0, 114.3, 30.6) < -30.0);
    }

    #[test]
    fn a_scene_quad_is_as_wide_and_long_as_asked_with_its_top_edge_north() {
        let centre = Coord { x: 114.0, y: 30.0 };
        for heading in [190.0, 350.0, 10.0] {
            let [tl, bl, br, tr] = scene_quad(centre, heading, 60.0, 60.0);
            assert!((distance_km(tl, tr) - 60.0).abs() < 0.5);
            assert!((distance_km(tl, bl) - 60.0).abs() < 0.5);
            assert!(tl.y > bl.y && tr.y > br.y, "top edge north for {heading}");
            assert!(tl.x < tr.x && bl.x < br.x, "left edge west for {heading}");
        }
    }
}
