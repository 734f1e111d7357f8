//! SGP4 propagation with the WGS 84 gravity model, and what follows from a
//! position: the sub-satellite point, the ground track, look angles.

use std::f64::consts::PI;

use crate::elements::ElementSet;
use crate::frames::{Geodetic, Look, Vec3, ecef_to_geodetic, look, teme_to_ecef};
use crate::time::years_since_j2000;

/// The Earth's rotation rate, rad/s.
const EARTH_RATE: f64 = 7.292_115_146_706_979e-5;

/// Most points one ground track may hold, so a tiny step over a long window cannot exhaust memory.
pub const MAX_TRACK_POINTS: usize = 1_000_000;

/// Why a satellite cannot be propagated.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PropagationError {
    /// SGP4 refused the element set at initialisation.
    #[error("NORAD {norad_id}: SGP4 refused the elements: {why}")]
    Elements {
        /// The satellite.
        norad_id: u32,
        /// SGP4's reason.
        why: String,
    },
    /// SGP4 failed at a time (typically decay: the orbit fell into the atmosphere).
    #[error("NORAD {norad_id}: SGP4 failed at unix {unix}: {why}")]
    Propagate {
        /// The satellite.
        norad_id: u32,
        /// When.
        unix: f64,
        /// SGP4's reason.
        why: String,
    },
    /// The time window or step cannot be sampled.
    #[error("bad window: {0}")]
    Window(String),
}

/// A satellite ready to propagate: its element set and SGP4's constants.
#[derive(Debug, Clone)]
pub struct Satellite {
    /// The element set it was built from.
    pub elements: ElementSet,
    constants: sgp4::Constants,
    /// Largest angular speed of the sub-satellite point over the ground, rad/s (a bound).
    max_ground_rate: f64,
}

/// Position and velocity in TEME, km and km/s.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TemeState {
    /// Position, km.
    pub position: Vec3,
    /// Velocity, km/s.
    pub velocity: Vec3,
}

/// One sample of a ground track.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TrackPoint {
    /// Time, unix seconds.
    pub unix: f64,
    /// The satellite's ECEF position, km.
    pub ecef: Vec3,
    /// The sub-satellite point (geodetic; `height_km` is the satellite's height).
    pub geodetic: Geodetic,
    /// Direction of the ground track, degrees clockwise from north.
    pub heading_deg: f64,
    /// Whether the satellite is moving north (the ascending half of the orbit).
    pub ascending: bool,
}

impl Satellite {
    /// Prepares SGP4 for an element set with WGS 84 constants and the IAU
    /// sidereal time, chosen explicitly (python-sgp4 defaults to WGS 72).
    pub fn new(elements: &ElementSet) -> Result<Self, PropagationError> {
        let fail = |why: String| PropagationError::Elements {
            norad_id: elements.norad_id,
            why,
        };
        let rad = PI / 180.0;
        let orbit = sgp4::Orbit::from_kozai_elements(
            &sgp4::WGS84,
            elements.inclination_deg * rad,
            elements.raan_deg * rad,
            elements.eccentricity,
            elements.arg_perigee_deg * rad,
            elements.mean_anomaly_deg * rad,
            // rev/day → rad/min.
            elements.mean_motion_rev_per_day * PI / 720.0,
        )
        .map_err(|e| fail(format!("{e}")))?;
        let constants = sgp4::Constants::new(
            sgp4::WGS84,
            sgp4::iau_epoch_to_sidereal_time,
            years_since_j2000(elements.epoch_unix),
            elements.bstar,
            orbit,
        )
        .map_err(|e| fail(format!("{e}")))?;
        // The sub-satellite point moves at most at the orbit's angular speed
        // at perigee, n √((1+e)/(1−e)³), plus the Earth's rotation; 25 %
        // covers SGP4's short-period terms and the geodetic/geocentric gap.
        let e = elements.eccentricity;
        let n = elements.mean_motion_rev_per_day * 2.0 * PI / 86_400.0;
        let max_ground_rate = 1.25 * (n * ((1.0 + e) / (1.0 - e).powi(3)).sqrt() + EARTH_RATE);
        Ok(Self {
            elements: elements.clone(),
            constants,
            max_ground_rate,
        })
    }

    /// The NORAD catalogue number.
    pub fn norad_id(&self) -> u32 {
        self.elements.norad_id
    }

    /// A bound on how fast the sub-satellite point moves, radians of arc per second.
    pub fn max_ground_rate_rad_per_s(&self) -> f64 {
        self.max_ground_rate
    }

    /// Position and velocity in TEME at a time.
    pub fn teme(&self, unix: f64) -> Result<TemeState, PropagationError> {
        self.teme_at_minutes((unix - self.elements.epoch_unix) / 60.0)
    }

    /// TEME state at minutes since the epoch, the unit python-sgp4's `sgp4_tsince` takes.
    pub fn teme_at_minutes(&self, minutes: f64) -> Result<TemeState, PropagationError> {
        self.constants
            .propagate(sgp4::MinutesSinceEpoch(minutes))
            .map(|p| TemeState {
                position: p.position,
                velocity: p.velocity,
            })
            .map_err(|e| PropagationError::Propagate {
                norad_id: self.elements.norad_id,
                unix: self.elements.epoch_unix + minutes * 60.0,
                why: e.to_string(),
            })
    }

    /// Position in ECEF at a time, km.
    pub fn ecef(&self, unix: f64) -> Result<Vec3, PropagationError> {
        Ok(teme_to_ecef(self.teme(unix)?.position, unix))
    }

    /// The satellite's ECEF position and sub-satellite point at a time.
    pub fn track_point(&self, unix: f64) -> Result<TrackPoint, PropagationError> {
        let state = self.teme(unix)?;
        let ecef = teme_to_ecef(state.position, unix);
        // Velocity over the rotating Earth: R v − ω × r.
        let v = teme_to_ecef(state.velocity, unix);
        let v = [
            v[0] + EARTH_RATE * ecef[1],
            v[1] - EARTH_RATE * ecef[0],
            v[2],
        ];
        let geodetic = ecef_to_geodetic(ecef);
        let (slat, clat) = geodetic.lat_deg.to_radians().sin_cos();
        let (slon, clon) = geodetic.lon_deg.to_radians().sin_cos();
        let east = -slon * v[0] + clon * v[1];
        let north = -slat * clon * v[0] - slat * slon * v[1] + clat * v[2];
        Ok(TrackPoint {
            unix,
            ecef,
            geodetic,
            heading_deg: east.atan2(north).to_degrees().rem_euclid(360.0),
            ascending: north > 0.0,
        })
    }

    /// The sub-satellite point (geodetic latitude, longitude and the satellite's height).
    pub fn sub_satellite_point(&self, unix: f64) -> Result<Geodetic, PropagationError> {
        Ok(self.track_point(unix)?.geodetic)
    }

    /// Azimuth, elevation and range of the satellite from a ground point.
    pub fn look_from(&self, ground: Geodetic, unix: f64) -> Result<Look, PropagationError> {
        Ok(look(ground, self.ecef(unix)?))
    }

    /// The ground track from `start` to `end` (both included) every `step_s`
    /// seconds; at most [`MAX_TRACK_POINTS`] points.
    pub fn ground_track(
        &self,
        start: f64,
        end: f64,
        step_s: f64,
    ) -> Result<Vec<TrackPoint>, PropagationError> {
        sample_times(start, end, step_s)?
            .map(|t| self.track_point(t))
            .collect()
    }
}

/// The times `start, start + step, …` up to and including `end`, checked for
/// sense and size (at most [`MAX_TRACK_POINTS`]: for tracks that are kept).
pub fn sample_times(
    start: f64,
    end: f64,
    step_s: f64,
) -> Result<impl Iterator<Item = f64>, PropagationError> {
    let grid = Grid::new(start, end, step_s, MAX_TRACK_POINTS)?;
    Ok((0..grid.len()).map(move |k| grid.time(k)))
}

/// A sampling grid over a window, for searches that walk it without keeping it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Grid {
    start: f64,
    end: f64,
    step_s: f64,
    len: usize,
}

impl Grid {
    /// Checks the window and step, and the number of samples against `max`.
    pub(crate) fn new(
        start: f64,
        end: f64,
        step_s: f64,
        max: usize,
    ) -> Result<Self, PropagationError> {
        if !(start.is_finite() && end.is_finite() && end >= start) {
            return Err(PropagationError::Window(format!(
                "the window {start}–{end} is not a forward time span"
            )));
        }
        if !(step_s.is_finite() && step_s > 0.0) {
            return Err(PropagationError::Window(format!(
                "step {step_s} s is not positive"
            )));
        }
        let intervals = ((end - start) / step_s).ceil();
        if intervals + 1.0 > max as f64 {
            return Err(PropagationError::Window(format!(
                "{intervals} samples, more than {max}"
            )));
        }
        Ok(Self {
            start,
            end,
            step_s,
            len: intervals as usize + 1,
        })
    }

    /// How many samples.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The time of sample `k` (the last one is `end`).
    pub(crate) fn time(&self, k: usize) -> f64 {
        (self.start + k as f64 * self.step_s).min(self.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elements::{Limits, parse_tle};

    pub(crate) fn gf1() -> Satellite {
        let text = include_str!("../data/demo_2025-10-03.tle");
        let sets = parse_tle(text.as_bytes(), &Limits::default()).expect("demo file parses");
        let gf1 = sets
            .iter()
            .find(|s| s.norad_id == 39150)
            .expect("GF1 in the demo");
        Satellite::new(gf1).expect("valid")
    }

    #[test]
    fn gaofen1_flies_at_its_height_in_a_sun_synchronous_orbit() {
        let sat = gf1();
        let epoch = sat.elements.epoch_unix;
        let mut max_lat: f64 = 0.0;
        for p in sat
            .ground_track(epoch, epoch + 6_000.0, 30.0)
            .expect("track")
        {
            let h = p.geodetic.height_km;
            assert!((620.0..680.0).contains(&h), "{h}");
            max_lat = max_lat.max(p.geodetic.lat_deg.abs());
        }
        // A 97.94° orbit turns at 180 − 97.94 = 82.06° of latitude.
        assert!((max_lat - 82.06).abs() < 0.3, "{max_lat}");
    }

    #[test]
    fn the_ground_speed_bound_holds_along_a_day() {
        let sat = gf1();
        let epoch = sat.elements.epoch_unix;
        let track = sat
            .ground_track(epoch, epoch + 86_400.0, 10.0)
            .expect("track");
        for w in track.windows(2) {
            let a = crate::frames::up(w[0].geodetic.lat_deg, w[0].geodetic.lon_deg);
            let b = crate::frames::up(w[1].geodetic.lat_deg, w[1].geodetic.lon_deg);
            let rate = crate::frames::angle_deg(a, b).to_radians() / 10.0;
            assert!(rate < sat.max_ground_rate_rad_per_s(), "{rate}");
        }
    }

    #[test]
    fn windows_and_steps_are_checked() {
        assert!(sample_times(0.0, 10.0, 0.0).is_err());
        assert!(sample_times(10.0, 0.0, 1.0).is_err());
        assert!(sample_times(0.0, f64::INFINITY, 1.0).is_err());
        assert!(sample_times(0.0, 1e9, 1.0).is_err());
        let t: Vec<f64> = sample_times(0.0, 25.0, 10.0).expect("ok").collect();
        assert_eq!(t, vec![0.0, 10.0, 20.0, 25.0]);
    }

    #[test]
    fn look_angles_see_a_satellite_overhead_near_its_sub_point() {
        let sat = gf1();
        let t = sat.elements.epoch_unix + 1_000.0;
        let ssp = sat.sub_satellite_point(t).expect("ssp");
        let ground = Geodetic {
            height_km: 0.0,
            ..ssp
        };
        let l = sat.look_from(ground, t).expect("look");
        assert!(l.elevation_deg > 89.999, "{l:?}");
        assert!((l.range_km - ssp.height_km).abs() < 1e-6);
    }
}
