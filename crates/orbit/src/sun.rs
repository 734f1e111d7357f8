//! The sun: the Astronomical Almanac's low-precision solar coordinates
//! (section C, "Sun: low precision"), good to 0.01° from 1950 to 2050,
//! which is far finer than "is the scene lit" needs.

use crate::frames::{Geodetic, Vec3, look};
use crate::time::{UNIX_J2000, gmst_rad};

/// One astronomical unit, km.
const AU_KM: f64 = 149_597_870.7;

/// The sun's apparent equatorial coordinates and distance at a time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SunPosition {
    /// Right ascension (true equator and equinox of date), degrees in [0, 360).
    pub right_ascension_deg: f64,
    /// Declination, degrees.
    pub declination_deg: f64,
    /// Distance, astronomical units.
    pub distance_au: f64,
}

/// The sun's position at a time (UTC is used for TT: 69 s move it 0.0008°).
pub fn sun_position(unix: f64) -> SunPosition {
    let n = (unix - UNIX_J2000) / 86_400.0;
    let l = 280.460 + 0.985_647_4 * n;
    let g = (357.528 + 0.985_600_3 * n).to_radians();
    let lambda = (l + 1.915 * g.sin() + 0.020 * (2.0 * g).sin()).to_radians();
    let epsilon = (23.439 - 0.000_000_4 * n).to_radians();
    let ra = (epsilon.cos() * lambda.sin()).atan2(lambda.cos());
    SunPosition {
        right_ascension_deg: ra.to_degrees().rem_euclid(360.0),
        declination_deg: (epsilon.sin() * lambda.sin()).asin().to_degrees(),
        distance_au: 1.000_14 - 0.016_71 * g.cos() - 0.000_14 * (2.0 * g).cos(),
    }
}

/// The sun's position in ECEF, km (rotated by GMST; the equation of the
/// equinoxes, ≤ 0.005°, is ignored).
pub fn sun_ecef(unix: f64) -> Vec3 {
    let s = sun_position(unix);
    let hour = s.right_ascension_deg.to_radians() - gmst_rad(unix);
    let (sd, cd) = s.declination_deg.to_radians().sin_cos();
    let r = s.distance_au * AU_KM;
    [r * cd * hour.cos(), r * cd * hour.sin(), r * sd]
}

/// The sun's elevation above the horizon at a ground point, degrees
/// (geometric: no refraction, which lifts the sun 0.5° at the horizon).
pub fn sun_elevation_deg(unix: f64, lat_deg: f64, lon_deg: f64) -> f64 {
    let at = Geodetic {
        lat_deg,
        lon_deg,
        height_km: 0.0,
    };
    look(at, sun_ecef(unix)).elevation_deg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sun_agrees_with_meeus_example_25b() {
        // Meeus, Astronomical Algorithms (2nd ed.), Example 25.b: 1992
        // October 13.0 TD, apparent α = 198.378178°, δ = −7.783871°
        // (VSOP87, full precision), R = 0.99760775 AU. TD − UTC was 58 s.
        let unix = 718_934_400.0 - 58.0;
        let s = sun_position(unix);
        assert!((s.right_ascension_deg - 198.378_178).abs() < 0.01, "{s:?}");
        assert!((s.declination_deg + 7.783_871).abs() < 0.01, "{s:?}");
        assert!((s.distance_au - 0.997_607_75).abs() < 1e-4, "{s:?}");
    }

    #[test]
    fn the_june_2025_solstice_has_the_obliquity_for_declination() {
        // USNO: June solstice 2025-06-21 02:42 UT; the declination then is
        // the obliquity of the ecliptic, 23.436°.
        let unix = 1_750_473_720.0;
        let d = sun_position(unix).declination_deg;
        assert!((d - 23.436).abs() < 0.01, "{d}");
        // USNO: March equinox 2025-03-20 09:01 UT: declination 0.
        let d = sun_position(1_742_461_260.0).declination_deg;
        assert!(d.abs() < 0.01, "{d}");
    }

    #[test]
    fn the_sun_is_high_at_noon_and_down_at_midnight_in_wuhan() {
        // At the solstice, local noon in Wuhan (114.3° E) is near 04:20 UTC:
        // elevation 90 − 30.6 + 23.44 = 82.8°.
        let noon = 1_750_478_400.0 + 20.0 * 60.0;
        let high = sun_elevation_deg(noon, 30.6, 114.3);
        assert!((high - 82.8).abs() < 0.5, "{high}");
        assert!(sun_elevation_deg(noon + 12.0 * 3_600.0, 30.6, 114.3) < -30.0);
    }
}
