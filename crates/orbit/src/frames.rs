//! Frames: TEME (SGP4's output) → ECEF (rotation by GMST only) → geodetic
//! WGS 84, and the look angles from a point on the ground.
//!
//! TEME → ECEF rotates about the z-axis by the IAU-82 Greenwich mean
//! sidereal time and ignores polar motion (the pole wanders < 15 m) and
//! UT1 − UTC (< 0.9 s, ≈ 0.4 km along the equator): metres to hundreds of
//! metres, far below a swath's width.

use crate::time::gmst_rad;

/// WGS 84 equatorial radius, km.
pub const WGS84_A_KM: f64 = 6378.137;
/// WGS 84 flattening.
pub const WGS84_F: f64 = 1.0 / 298.257_223_563;
/// First eccentricity squared of WGS 84.
const E2: f64 = WGS84_F * (2.0 - WGS84_F);
/// WGS 84 polar radius, km.
const WGS84_B_KM: f64 = WGS84_A_KM * (1.0 - WGS84_F);

/// A Cartesian vector in km (TEME or ECEF, as the name of the holder says).
pub type Vec3 = [f64; 3];

/// A geodetic position on WGS 84.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geodetic {
    /// Latitude, degrees.
    pub lat_deg: f64,
    /// Longitude, degrees in [-180, 180).
    pub lon_deg: f64,
    /// Height above the ellipsoid, km.
    pub height_km: f64,
}

/// Where a satellite is as seen from a point on the ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Look {
    /// Azimuth, degrees clockwise from north in [0, 360).
    pub azimuth_deg: f64,
    /// Elevation above the local horizon (ellipsoid tangent plane), degrees.
    pub elevation_deg: f64,
    /// Slant range, km.
    pub range_km: f64,
}

/// Rotates a TEME position into ECEF at a time (polar motion ignored).
pub fn teme_to_ecef(r: Vec3, unix: f64) -> Vec3 {
    let (s, c) = gmst_rad(unix).sin_cos();
    [c * r[0] + s * r[1], -s * r[0] + c * r[1], r[2]]
}

/// The ECEF position of a geodetic point.
pub fn geodetic_to_ecef(g: Geodetic) -> Vec3 {
    let (slat, clat) = g.lat_deg.to_radians().sin_cos();
    let (slon, clon) = g.lon_deg.to_radians().sin_cos();
    let n = WGS84_A_KM / (1.0 - E2 * slat * slat).sqrt();
    [
        (n + g.height_km) * clat * clon,
        (n + g.height_km) * clat * slon,
        (n * (1.0 - E2) + g.height_km) * slat,
    ]
}

/// The geodetic position of an ECEF point (Bowring's start, refined by
/// Newton steps to well under a millimetre for any height above −5,000 km).
pub fn ecef_to_geodetic(r: Vec3) -> Geodetic {
    let p = r[0].hypot(r[1]);
    let lon = r[1].atan2(r[0]);
    let ep2 = E2 / (1.0 - E2);
    let theta = (r[2] * WGS84_A_KM).atan2(p * WGS84_B_KM);
    let (st, ct) = theta.sin_cos();
    let mut lat = (r[2] + ep2 * WGS84_B_KM * st.powi(3)).atan2(p - E2 * WGS84_A_KM * ct.powi(3));
    // Two fixed-point steps of tan φ = (z + e² N sin φ) / p make it exact to f64 precision.
    for _ in 0..2 {
        let n = WGS84_A_KM / (1.0 - E2 * lat.sin().powi(2)).sqrt();
        lat = (r[2] + E2 * n * lat.sin()).atan2(p);
    }
    let (slat, clat) = lat.sin_cos();
    let n = WGS84_A_KM / (1.0 - E2 * slat * slat).sqrt();
    // The better-conditioned height formula for each half of the quadrant.
    let height = if clat.abs() > 0.5 {
        p / clat - n
    } else {
        r[2] / slat - n * (1.0 - E2)
    };
    Geodetic {
        lat_deg: lat.to_degrees(),
        lon_deg: normalize_lon(lon.to_degrees()),
        height_km: height,
    }
}

/// A longitude in [-180, 180).
pub fn normalize_lon(lon: f64) -> f64 {
    (lon + 180.0).rem_euclid(360.0) - 180.0
}

/// The local up (ellipsoid normal) at a geodetic point, a unit vector in ECEF.
pub fn up(lat_deg: f64, lon_deg: f64) -> Vec3 {
    let (slat, clat) = lat_deg.to_radians().sin_cos();
    let (slon, clon) = lon_deg.to_radians().sin_cos();
    [clat * clon, clat * slon, slat]
}

/// Azimuth, elevation and range of an ECEF target seen from a ground point.
pub fn look(from: Geodetic, target: Vec3) -> Look {
    let o = geodetic_to_ecef(from);
    let d = sub(target, o);
    let (slat, clat) = from.lat_deg.to_radians().sin_cos();
    let (slon, clon) = from.lon_deg.to_radians().sin_cos();
    let east = -slon * d[0] + clon * d[1];
    let north = -slat * clon * d[0] - slat * slon * d[1] + clat * d[2];
    let upward = clat * clon * d[0] + clat * slon * d[1] + slat * d[2];
    let range = norm(d);
    Look {
        azimuth_deg: east.atan2(north).to_degrees().rem_euclid(360.0),
        elevation_deg: (upward / range).clamp(-1.0, 1.0).asin().to_degrees(),
        range_km: range,
    }
}

/// a − b.
pub fn sub(a: Vec3, b: Vec3) -> Vec3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// a · b.
pub fn dot(a: Vec3, b: Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// |a|.
pub fn norm(a: Vec3) -> f64 {
    dot(a, a).sqrt()
}

/// The angle between two vectors, degrees.
pub fn angle_deg(a: Vec3, b: Vec3) -> f64 {
    (dot(a, b) / (norm(a) * norm(b)))
        .clamp(-1.0, 1.0)
        .acos()
        .to_degrees()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Degrees from degrees, minutes, seconds.
    fn dms(d: f64, m: f64, s: f64) -> f64 {
        d + m / 60.0 + s / 3_600.0
    }

    #[test]
    fn the_epsg_worked_example_converts_both_ways() {
        // IOGP Guidance Note 7-2 (EPSG method 9602, Geographic/geocentric
        // conversions), worked example on WGS 84: 53°48'33.820"N
        // 2°07'46.380"E, h = 73.0 m ↔ X 3771793.968 m, Y 140253.342 m, Z 5124304.349 m.
        let g = Geodetic {
            lat_deg: dms(53.0, 48.0, 33.820),
            lon_deg: dms(2.0, 7.0, 46.380),
            height_km: 0.073,
        };
        let want = [3_771.793_968, 140.253_342, 5_124.304_349];
        let got = geodetic_to_ecef(g);
        for i in 0..3 {
            assert!((got[i] - want[i]).abs() < 2e-6, "{got:?}");
        }
        let back = ecef_to_geodetic(want);
        assert!((back.lat_deg - g.lat_deg).abs() < 1e-8, "{back:?}");
        assert!((back.lon_deg - g.lon_deg).abs() < 1e-8, "{back:?}");
        assert!((back.height_km - g.height_km).abs() < 2e-6, "{back:?}");
    }

    #[test]
    fn poles_equator_and_orbit_heights_round_trip() {
        let pole = ecef_to_geodetic([0.0, 0.0, WGS84_B_KM + 700.0]);
        assert!((pole.lat_deg - 90.0).abs() < 1e-9 && (pole.height_km - 700.0).abs() < 1e-6);
        let eq = ecef_to_geodetic([0.0, -(WGS84_A_KM + 500.0), 0.0]);
        assert!(eq.lat_deg.abs() < 1e-12 && (eq.lon_deg + 90.0).abs() < 1e-12);
        assert!((eq.height_km - 500.0).abs() < 1e-9);
        for lat in [-89.9, -60.0, -1.0, 0.0, 30.6, 45.0, 80.0] {
            for h in [0.0, 0.5, 640.0, 35_786.0] {
                let g = Geodetic {
                    lat_deg: lat,
                    lon_deg: 114.3,
                    height_km: h,
                };
                let b = ecef_to_geodetic(geodetic_to_ecef(g));
                assert!((b.lat_deg - lat).abs() < 1e-9, "{lat} {h} {b:?}");
                assert!((b.height_km - h).abs() < 1e-6, "{lat} {h} {b:?}");
            }
        }
    }

    #[test]
    fn look_angles_point_where_the_target_is() {
        let wuhan = Geodetic {
            lat_deg: 30.6,
            lon_deg: 114.3,
            height_km: 0.0,
        };
        let above = geodetic_to_ecef(Geodetic {
            height_km: 600.0,
            ..wuhan
        });
        let l = look(wuhan, above);
        assert!((l.elevation_deg - 90.0).abs() < 1e-6 && (l.range_km - 600.0).abs() < 1e-6);
        let north = geodetic_to_ecef(Geodetic {
            lat_deg: 31.6,
            ..wuhan
        });
        let l = look(wuhan, north);
        assert!(l.azimuth_deg < 0.5 || l.azimuth_deg > 359.5, "{l:?}");
        assert!(
            l.elevation_deg < 0.0,
            "a point on the ground beyond is below the horizon"
        );
        let east = geodetic_to_ecef(Geodetic {
            lon_deg: 115.3,
            height_km: 100.0,
            ..wuhan
        });
        assert!((look(wuhan, east).azimuth_deg - 90.0).abs() < 1.0);
    }
}
