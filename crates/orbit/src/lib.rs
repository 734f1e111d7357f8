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
//! - [`passes`]: passes over an area and imaging opportunities.
//!
//! Times are unix seconds (UTC, f64); angles are degrees unless a name says
//! `rad`; distances are km; coordinates of areas are (lon, lat) WGS 84.

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

pub use elements::{ElementSet, Limits, ParseError, parse_tle};
pub use frames::{Geodetic, Look};
pub use omm::{parse_omm_json, parse_omm_xml};
pub use passes::{Area, AreaError, Pass, PassOptions, Reach, SensorKind, opportunities, passes};
pub use propagate::{PropagationError, Satellite, TrackPoint};
pub use sun::{sun_elevation_deg, sun_position};
