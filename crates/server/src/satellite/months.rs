//! The months a scene count covers: whole Beijing months ending with this one.

use time::{Date, Month, Time};

/// A run of whole Beijing months.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// First day of the first month.
    first: Date,
    /// First day of the month after the last.
    after: Date,
}

/// The first day of the month `back` months before `day`'s.
fn month_start(day: Date, back: u32) -> Date {
    let index = day.year() * 12 + i32::from(u8::from(day.month())) - 1 - back as i32;
    let month = Month::try_from((index.rem_euclid(12) + 1) as u8).unwrap_or(Month::January);
    Date::from_calendar_date(index.div_euclid(12), month, 1).unwrap_or(day)
}

/// `YYYY-MM` of a day.
fn label(day: Date) -> String {
    format!("{:04}-{:02}", day.year(), u8::from(day.month()))
}

impl Window {
    /// `count` months (at least one) ending with `today`'s month.
    pub fn ending(today: Date, count: u32) -> Self {
        Self {
            first: month_start(today, count.max(1) - 1),
            after: month_start(
                month_start(today, 0).saturating_add(time::Duration::days(31)),
                0,
            ),
        }
    }

    /// The first second of the window, unix seconds.
    pub fn start(self) -> i64 {
        at_midnight(self.first)
    }

    /// The last second of the window, unix seconds.
    pub fn end(self) -> i64 {
        at_midnight(self.after) - 1
    }

    /// The first month, `YYYY-MM`.
    pub fn first_label(self) -> String {
        label(self.first)
    }

    /// The last month, `YYYY-MM`.
    pub fn last_label(self) -> String {
        label(month_start(self.after, 1))
    }
}

/// Midnight of a Beijing day, unix seconds.
fn at_midnight(day: Date) -> i64 {
    day.with_time(Time::MIDNIGHT)
        .assume_offset(crate::beijing::OFFSET)
        .unix_timestamp()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn a_window_ends_with_this_month_and_crosses_years() {
        let w = Window::ending(date!(2026 - 02 - 17), 3);
        assert_eq!(
            (w.first_label(), w.last_label()),
            ("2025-12".into(), "2026-02".into())
        );
        let w = Window::ending(date!(2026 - 12 - 31), 1);
        assert_eq!(
            (w.first_label(), w.last_label()),
            ("2026-12".into(), "2026-12".into())
        );
        let w = Window::ending(date!(2026 - 11 - 27), 120);
        assert_eq!(w.first_label(), "2016-12");
    }

    #[test]
    fn a_window_runs_from_beijing_midnight_to_the_last_second_of_its_last_month() {
        let w = Window::ending(date!(2025 - 01 - 15), 1);
        // 2025-01-01 00:00 Beijing is 2024-12-31 16:00 UTC.
        assert_eq!(w.start(), 1_735_660_800);
        // 2025-02-01 00:00 Beijing, less a second.
        assert_eq!(w.end(), 1_738_339_200 - 1);
    }
}
