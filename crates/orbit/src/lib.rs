//! Orbit prediction for rscloud: pure code, no HTTP, no SQL.
//!
//! - [`elements`] and [`omm`] read element sets (TLE, 3LE, CCSDS OMM in JSON
//!   and XML), checked column by column, bounded in size, never panicking.
//! - [`propagate`] runs SGP4 (the `sgp4` crate) with the WGS 84 gravity
//!   model chosen explicitly.
//! - [`frames`]: SGP4 answers in TEME (true equator, mean equinox of
//!   date). TEME → ECEF is one rotation about z by the IAU-82 Greenwich
//!   mean sidereal time; polar motion (< 15 m) and UT1 − UTC (< 0.9 s,
//!   < 0.4 km along the equator) are ignored. ECEF → geodetic is exact on
//!   WGS 84.
//! - [`sun`]: the Astronomical Almanac's low-precision sun (0.01°).
//! - [`passes`](mod@passes): passes over an area and imaging opportunities.
//!
//! Times are unix seconds (UTC, f64); angles are degrees unless a name says
//! `rad`; distances are km; coordinates of areas are (lon, lat) WGS 84.
//!
//! Accuracy: positions agree with python-sgp4 (WGS 84) to well under a
//! millimetre over 7 days (`tests/accuracy.rs`); SGP4 itself drifts from
//! the real satellite by about a kilometre per day from the epoch, which
//! dominates every other approximation here.
//!
//! ```
//! use geo_types::{MultiPolygon, polygon};
//! use orbit::{Area, Limits, PassOptions, Reach, Satellite, SensorKind, opportunities, parse_tle};
//!
//! let tle = b"GAOFEN-1
//! 1 39150U 13018A   25276.62980645  .00001938  00000+0  28450-3 0  9995
//! 2 39150  97.9406 348.4992 0017964  17.2043 342.9772 14.76545138670380";
//! let sets = parse_tle(tle, &Limits::default())?;
//! let gf1 = Satellite::new(&sets[0])?;
//! // A rough box around Wuhan.
//! let area = Area::new(MultiPolygon(vec![polygon![
//!     (x: 113.7, y: 29.9), (x: 115.1, y: 29.9), (x: 115.1, y: 31.4), (x: 113.7, y: 31.4),
//! ]]))?;
//! let reach = Reach { swath_km: 60.0, max_off_nadir_deg: 25.0 };
//! let start = 1_759_449_600.0; // 2025-10-03T00:00:00Z
//! let found = opportunities(
//!     &gf1, &area, reach, SensorKind::Optical, 10.0,
//!     start, start + 7.0 * 86_400.0, &PassOptions::default(),
//! )?;
//! for pass in &found {
//!     assert!(pass.sun_elevation_deg >= 10.0 && pass.start_unix <= pass.end_unix);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod elements;
#[cfg(test)]
mod fixture;
pub mod frames;
pub mod omm;
mod outline;
pub mod passes;
pub mod propagate;
pub mod sun;
pub mod time;
pub mod tracks;

pub use elements::{ElementSet, Limits, ParseError, parse_tle};
pub use frames::{Geodetic, Look};
pub use omm::{parse_omm_json, parse_omm_xml};
pub use passes::{Area, AreaError, Pass, PassOptions, Reach, SensorKind, opportunities, passes};
pub use propagate::{PropagationError, Satellite, TrackPoint};
pub use sun::{sun_elevation_deg, sun_position};

/// Real element sets of the catalogue's satellites, as CelesTrak published
/// them on 2025-10-03 (`data/README.md`: source, licence, age): the demo's.
pub const DEMO_TLE: &str = include_str!("../data/demo_2025-10-03.tle");
/// Where [`DEMO_TLE`] came from, as an import records it.
pub const DEMO_SOURCE: &str = "CelesTrak GP 2025-10-03 (demo)";

/// Element sets in any format this crate reads, told apart by the first
/// character that is not white space: `[` or `{` OMM JSON, `<` OMM XML,
/// anything else TLE or 3LE text.
pub fn parse_any(input: &[u8], limits: &Limits) -> Result<Vec<ElementSet>, ParseError> {
    match input.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'[' | b'{') => parse_omm_json(input, limits),
        Some(b'<') => parse_omm_xml(input, limits),
        _ => parse_tle(input, limits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_format_is_told_apart_by_its_first_character() {
        let limits = Limits::default();
        let demo = parse_any(DEMO_TLE.as_bytes(), &limits).expect("demo");
        assert_eq!(demo, parse_tle(DEMO_TLE.as_bytes(), &limits).expect("tle"));
        assert_eq!(demo.len(), 97);
        // JSON and XML go to the OMM readers: an empty array or document is no set, not bad TLE.
        assert_eq!(parse_any(b"  []", &limits), Ok(Vec::new()));
        assert_eq!(parse_any(b"\n<ndm></ndm>", &limits), Ok(Vec::new()));
        assert!(parse_tle(b"[]", &limits).is_err());
    }
}
