//! The cloud model: mean cloud cover by season and region.

use geo_types::Coord;
use time::OffsetDateTime;

/// Mean cloud cover (percent) at a place and time: wet summers in the south,
/// the Sichuan basin cloudy all year, the north-west and Inner Mongolia clear.
pub(super) fn mean_cloud(at: Coord<f64>, unix: i64) -> f64 {
    let day = OffsetDateTime::from_unix_timestamp(unix).map_or(1.0, |t| f64::from(t.ordinal()));
    // +1 in mid-July, −1 in mid-January.
    let summer = ((day - 196.0) / 365.25 * std::f64::consts::TAU).cos();
    let (lon, lat) = (at.x, at.y);
    if (102.5..108.5).contains(&lon) && (28.0..32.5).contains(&lat) {
        70.0 + 5.0 * summer
    } else if (lon < 105.0 && lat > 36.0) || (lon < 120.0 && lat > 40.0) {
        15.0 + 5.0 * summer
    } else if lon < 100.0 {
        // The Tibetan plateau: summer monsoon clouds.
        30.0 + 15.0 * summer
    } else if lat < 32.0 {
        42.0 + 22.0 * summer
    } else {
        30.0 + 12.0 * summer
    }
}
