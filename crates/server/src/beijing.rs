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

/// The Beijing month of an instant (unix seconds) as `year * 12 + month - 1`,
/// so consecutive months are consecutive numbers. Plain integer arithmetic
/// (Hinnant's days-to-civil), as counting a catalogue calls it per scene.
pub fn month_number(unix: i64) -> i64 {
    let days = (unix + 8 * 3600).div_euclid(86_400) + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted = (5 * day_of_year + 2) / 153;
    let month = if shifted < 10 {
        shifted + 3
    } else {
        shifted - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    year * 12 + month - 1
}

/// The month number of a day (see [`month_number`]).
pub fn month_of(day: Date) -> i64 {
    i64::from(day.year()) * 12 + i64::from(u8::from(day.month())) - 1
}

/// A month number as `YYYY-MM`.
pub fn month_label(number: i64) -> String {
    format!(
        "{:04}-{:02}",
        number.div_euclid(12),
        number.rem_euclid(12) + 1
    )
}

/// A Beijing calendar year as the instants (unix seconds) of its first second and of the
/// next year's; `None` outside the dates `time` knows.
pub fn year_span(year: i32) -> Option<(i64, i64)> {
    let start = |y: i32| {
        Date::from_calendar_date(y, time::Month::January, 1)
            .ok()
            .map(|d| d.midnight().assume_offset(OFFSET).unix_timestamp())
    };
    Some((start(year)?, start(year.checked_add(1)?)?))
}

/// A day typed as `YYYY-MM-DD`; 400 with what to type otherwise.
pub fn day(text: &str) -> Result<Date, AppError> {
    let text = text.trim();
    Date::parse(
        text,
        time::macros::format_description!("[year]-[month]-[day]"),
    )
    .map_err(|_| AppError::bad_request(format!("时间格式错误：{text}（应为 YYYY-MM-DD）")))
}

/// A day (`YYYY-MM-DD`, Beijing) or an RFC 3339 instant as unix seconds; for
/// a day, `end` takes its last second. 400 with what to type otherwise.
pub fn instant(text: &str, end: bool) -> Result<i64, AppError> {
    let text = text.trim();
    if let Ok(t) = OffsetDateTime::parse(text, &Rfc3339) {
        return Ok(t.unix_timestamp());
    }
    let day = day(text)?;
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
    fn a_year_starts_at_beijing_midnight() {
        let (from, to) = year_span(2026).expect("year");
        assert_eq!(minute(from), "2026-01-01 00:00");
        assert_eq!(minute(to - 1).get(..10), Some("2026-12-31"));
        assert_eq!(month_number(from), 2026 * 12);
        assert_eq!(month_number(to - 1), 2026 * 12 + 11);
        assert_eq!(year_span(i32::MAX), None);
    }

    #[test]
    fn an_instant_falls_in_its_beijing_month() {
        // 2024-12-31 16:00 UTC is 2025-01-01 00:00 in Beijing; a second before is still 2024-12.
        assert_eq!(month_label(month_number(1_735_660_800)), "2025-01");
        assert_eq!(month_label(month_number(1_735_660_799)), "2024-12");
        assert_eq!(month_label(month_number(0)), "1970-01");
        assert_eq!(month_label(month_number(-8 * 3600 - 1)), "1969-12");
        // Every day from 1900 to 2100 agrees with the time crate.
        let mut day = time::macros::date!(1900 - 01 - 01);
        while day.year() < 2100 {
            let noon = day
                .with_time(Time::from_hms(12, 0, 0).expect("noon"))
                .assume_offset(OFFSET)
                .unix_timestamp();
            assert_eq!(month_number(noon), month_of(day), "{day}");
            day = day.next_day().expect("next");
        }
    }

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
