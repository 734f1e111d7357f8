//! Time: unix seconds (UTC) everywhere, and the conversions SGP4 and the
//! sidereal angle need.
//!
//! UT1 is taken equal to UTC: |UT1 − UTC| < 0.9 s moves a longitude by less
//! than 0.004° (≈ 0.4 km on the equator), far below what passes need.

use std::f64::consts::TAU;

/// 2000-01-01T12:00:00Z (J2000) in unix seconds.
pub const UNIX_J2000: f64 = 946_728_000.0;
/// Seconds in a Julian year (SGP4's epoch unit).
const JULIAN_YEAR_S: f64 = 365.25 * 86_400.0;

/// Days since 1970-01-01 of 1 January of `year` (proleptic Gregorian).
fn days_to_year(year: i32) -> i64 {
    // Howard Hinnant's days_from_civil for 1 January.
    let y = i64::from(year) - 1;
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = 306; // 1 March-based day of year of 1 January
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Whether `year` has 366 days.
fn is_leap(year: i32) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Unix seconds of a TLE-style epoch (`day` 1.0 = 1 January 00:00), or
/// `None` when the day is not inside that year.
pub fn unix_from_year_day(year: i32, day: f64) -> Option<f64> {
    let days_in_year = if is_leap(year) { 366.0 } else { 365.0 };
    if !(1.0..days_in_year + 1.0).contains(&day) {
        return None;
    }
    Some(days_to_year(year) as f64 * 86_400.0 + (day - 1.0) * 86_400.0)
}

/// Unix seconds of an ISO 8601 UTC time as OMMs write it:
/// `2025-10-03T15:06:55.277280`, optionally ending in `Z`; `None` if malformed.
pub fn unix_from_iso(text: &str) -> Option<f64> {
    let t = text.trim();
    let t = t.strip_suffix('Z').unwrap_or(t);
    let b = t.as_bytes();
    if b.len() < 19 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b' ') {
        return None;
    }
    if b[13] != b':' || b[16] != b':' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        let s = t.get(r)?;
        s.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| s.parse().ok())?
    };
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (hour, minute) = (num(11..13)?, num(14..16)?);
    let seconds = t.get(17..)?;
    if !seconds.bytes().all(|c| c.is_ascii_digit() || c == b'.') || seconds.len() > 20 {
        return None;
    }
    let seconds: f64 = seconds.parse().ok()?;
    if !(1..=12).contains(&month) || hour > 23 || minute > 59 || !(0.0..61.0).contains(&seconds) {
        return None;
    }
    let year = i32::try_from(year).ok()?;
    let lengths = [
        31,
        if is_leap(year) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    let month_index = month as usize - 1;
    if day == 0 || day > lengths[month_index] {
        return None;
    }
    let day_of_year = lengths[..month_index].iter().sum::<u32>() + day;
    let fraction = (f64::from(hour) * 3_600.0 + f64::from(minute) * 60.0 + seconds) / 86_400.0;
    unix_from_year_day(year, f64::from(day_of_year) + fraction)
}

/// Julian years since J2000, SGP4's epoch unit.
pub fn years_since_j2000(unix: f64) -> f64 {
    (unix - UNIX_J2000) / JULIAN_YEAR_S
}

/// Greenwich mean sidereal time (IAU 1982, the angle between TEME's x-axis
/// and Greenwich), radians in [0, 2π).
pub fn gmst_rad(unix: f64) -> f64 {
    // Julian centuries of UT1 (= UTC here) since J2000.
    let t = (unix - UNIX_J2000) / (36_525.0 * 86_400.0);
    let seconds = 67_310.548_41 + (876_600.0 * 3_600.0 + 8_640_184.812_866) * t + 0.093_104 * t * t
        - 6.2e-6 * t * t * t;
    (seconds / 240.0).to_radians().rem_euclid(TAU)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn year_starts_match_the_calendar() {
        assert_eq!(days_to_year(1970), 0);
        assert_eq!(days_to_year(2000), 10_957);
        assert_eq!(days_to_year(2025), 20_089);
        assert_eq!(days_to_year(1957), -4_748);
        assert_eq!(unix_from_year_day(2000, 1.5), Some(UNIX_J2000));
        assert!(unix_from_year_day(2024, 366.9).is_some());
        assert!(unix_from_year_day(2025, 366.0).is_none());
        assert!(unix_from_year_day(2025, f64::NAN).is_none());
    }

    #[test]
    fn iso_times_read_to_the_microsecond_and_bad_ones_are_refused() {
        let t = unix_from_iso("2025-10-03T15:06:55.277280").expect("valid");
        assert!((t - 1_759_504_015.277_28).abs() < 1e-6, "{t}");
        assert_eq!(unix_from_iso("2024-02-29T00:00:00Z"), Some(1_709_164_800.0));
        for bad in [
            "2025-02-29T00:00:00",
            "2025-13-01T00:00:00",
            "2025-10-03",
            "2025-10-03T24:00:00",
            "２０２５-10-03T00:00:00",
            "2025-10-03T00:00:0x",
        ] {
            assert_eq!(unix_from_iso(bad), None, "{bad}");
        }
    }

    #[test]
    fn gmst_matches_sgp4s_iau_expression_and_a_published_value() {
        for unix in [UNIX_J2000, 1_759_504_015.277, 2_000_000_000.0] {
            let ours = gmst_rad(unix);
            let theirs = sgp4::iau_epoch_to_sidereal_time(years_since_j2000(unix));
            assert!((ours - theirs).abs() < 1e-9, "{ours} {theirs}");
        }
        // Vallado, Fundamentals of Astrodynamics, Example 3-5: 1992-08-20
        // 12:14 UT1 → GMST 152.578 787 810°.
        let unix = 714_312_840.0;
        let deg = gmst_rad(unix).to_degrees();
        assert!((deg - 152.578_787_810).abs() < 1e-6, "{deg}");
    }
}
