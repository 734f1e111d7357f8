//! The months a scene count covers: whole Beijing months ending with this one.

use time::Date;

use crate::beijing::{month_label, month_of};

/// A run of whole Beijing months, as month numbers (`beijing::month_number`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    first: i64,
    last: i64,
}

impl Window {
    /// `count` months (at least one) ending with `today`'s month.
    pub fn ending(today: Date, count: u32) -> Self {
        let last = month_of(today);
        Self {
            first: last - i64::from(count.max(1)) + 1,
            last,
        }
    }

    /// Whether the month numbered `month` is in the window.
    pub fn contains(self, month: i64) -> bool {
        (self.first..=self.last).contains(&month)
    }

    /// The first month, `YYYY-MM`.
    pub fn first_label(self) -> String {
        month_label(self.first)
    }

    /// The last month, `YYYY-MM`.
    pub fn last_label(self) -> String {
        month_label(self.last)
    }
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
    fn a_window_holds_its_beijing_months_only() {
        let w = Window::ending(date!(2025 - 01 - 15), 1);
        // 2025-01-01 00:00 Beijing is 2024-12-31 16:00 UTC.
        let month = crate::beijing::month_number;
        assert!(w.contains(month(1_735_660_800)));
        assert!(!w.contains(month(1_735_660_799)));
        // 2025-02-01 00:00 Beijing, and a second before.
        assert!(w.contains(month(1_738_339_200 - 1)));
        assert!(!w.contains(month(1_738_339_200)));
    }
}
