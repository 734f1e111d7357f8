//! Beijing time (UTC+8, no daylight saving): the day of a land office, not of
//! the server. Dates typed into filters, dates in names (order codes, export
//! files) and per-day counts all use it.

use time::format_description::well_known::Rfc3339;
use time::{Date, OffsetDateTime, Time, UtcOffset};

use crate::error::AppError;

/// UTC+8.
pub const OFFSET: UtcOffset = match UtcOffset::from_hms(8, 0, 0) {
    Ok(o) => o,
    Err(_) => UtcOffset::UTC,
};

/// Today in Beijing.
pub fn today() -> Date {
    OffsetDateTime::now_utc().to_offset(OFFSET).date()
}

/// A date as `YYYYMMDD` (names and codes).
pub fn compact(d: Date) -> String {
    format!("{:04}{:02}{:02}", d.year(), u8::from(d.month()), d.day())
}

/// A date as `YYYY-MM-DD`.
pub fn iso(d: Date) -> String {
    format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day())
}

/// An instant (unix seconds) as `YYYY-MM-DD HH:MM` in Beijing; empty if out of range.
pub fn minute(unix: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix)
        .map(|t| t.to_offset(OFFSET))
        .map(|t| format!("{} {:02}:{:02}", iso(t.date()), t.hour(), t.minute()))
        .unwrap_or_default()
}

/// An instant (unix seconds, rounded to the second) in RFC 3339 at Beijing's
/// offset, e.g. `2025-10-03T15:06:55+08:00`; empty if out of range.
pub fn rfc3339(unix: f64) -> String {
    if !unix.is_finite() {
        return String::new();
    }
    OffsetDateTime::from_unix_timestamp(unix.round() as i64)
        .ok()
        .and_then(|t| t.to_offset(OFFSET).format(&Rfc3339).ok())
        .unwrap_or_default()
}

/// A day (`YYYY-MM-DD`, Beijing) or an RFC 3339 instant as unix seconds; for
/// a day, `end` takes its last second. 400 with what to type otherwise.
pub fn instant(text: &str, end: bool) -> Result<i64, AppError> {
    let text = text.trim();
    if let Ok(t) = OffsetDateTime::parse(text, &Rfc3339) {
        return Ok(t.unix_timestamp());
    }
    let day = Date::parse(
        text,
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .map_err(|_| AppError::bad_request(format!("时间格式错误：{text}（应为 YYYY-MM-DD）")))?;
    let t = if end {
        Time::from_hms(23, 59, 59).unwrap_or(Time::MIDNIGHT)
    } else {
        Time::MIDNIGHT
    };
    Ok(day.with_time(t).assume_offset(OFFSET).unix_timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_is_beijings_from_midnight_to_its_last_second() {
        // 2026-11-26 00:00 in Beijing is 2026-11-25 16:00 UTC.
        assert_eq!(instant("2026-11-26", false).expect("day"), 1_795_622_400);
        assert_eq!(
            instant("2026-11-26", true).expect("day"),
            1_795_622_400 + 86_399
        );
        assert_eq!(
            instant("2026-11-26T00:00:00Z", false).expect("instant"),
            1_795_651_200
        );
        assert!(instant("26/11/2026", false).is_err());
        assert_eq!(rfc3339(1_795_622_400.4), "2026-11-26T00:00:00+08:00");
        assert_eq!(rfc3339(f64::NAN), "");
        assert_eq!(
            minute(1_795_622_400 + 8 * 3600 + 5 * 60),
            "2026-11-26 08:05"
        );
        let d = Date::from_calendar_date(2026, time::Month::March, 5).expect("date");
        assert_eq!(
            (compact(d), iso(d)),
            ("20260305".into(), "2026-03-05".into())
        );
    }
}
