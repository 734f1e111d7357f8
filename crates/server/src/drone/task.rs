//! The rules of a new drone task's name and period. Pure and unit-tested.

use time::Date;

use crate::error::AppError;

/// Longest task name, characters.
pub const MAX_NAME: usize = 50;

/// A task's name and period as sent, checked: the name trimmed, 1–[`MAX_NAME`] characters;
/// the days `YYYY-MM-DD`, the start not after the end, the end before the same day a year on
/// (29 February: before 1 March).
pub fn checked(name: &str, start: &str, end: &str) -> Result<(String, Date, Date), AppError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(AppError::bad_request("请填写任务名称"));
    }
    if name.chars().count() > MAX_NAME {
        return Err(AppError::bad_request(format!(
            "任务名称最多 {MAX_NAME} 个字符"
        )));
    }
    let (start, end) = (crate::beijing::day(start)?, crate::beijing::day(end)?);
    if start > end {
        return Err(AppError::bad_request("开始日期不能晚于结束日期"));
    }
    let too_long = || AppError::bad_request("监测时段最长一年");
    let next = start.year() + 1;
    let a_year_on = start
        .replace_year(next)
        .ok()
        .or_else(|| start.next_day()?.replace_year(next).ok())
        .ok_or_else(too_long)?;
    if end >= a_year_on {
        return Err(too_long());
    }
    Ok((name.to_owned(), start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(name: &str, start: &str, end: &str) -> String {
        checked(name, start, end).expect_err("refused").to_string()
    }

    #[test]
    fn a_name_and_a_period_of_up_to_a_year_are_taken() {
        let (name, start, end) =
            checked(" 河道巡查 ", "2024-01-01", "2024-12-31").expect("a leap year");
        assert_eq!((name.as_str(), start.day(), end.day()), ("河道巡查", 1, 31));
        assert!(checked("一", "2026-06-01", "2026-06-01").is_ok(), "one day");
        assert!(checked(&"测".repeat(MAX_NAME), "2026-06-01", "2026-06-02").is_ok());
    }

    #[test]
    fn an_empty_or_long_name_a_reversed_long_or_unreadable_period_is_refused() {
        assert_eq!(refusal("  ", "2026-06-01", "2026-06-02"), "请填写任务名称");
        assert!(
            refusal(&"测".repeat(MAX_NAME + 1), "2026-06-01", "2026-06-02").contains("最多 50")
        );
        assert_eq!(
            refusal("巡查", "2026-06-02", "2026-06-01"),
            "开始日期不能晚于结束日期"
        );
        assert_eq!(
            refusal("巡查", "2025-01-01", "2026-01-01"),
            "监测时段最长一年"
        );
        assert!(checked("巡查", "2024-02-29", "2025-02-28").is_ok());
        assert_eq!(
            refusal("巡查", "2024-02-29", "2025-03-01"),
            "监测时段最长一年"
        );
        assert!(refusal("巡查", "2026/06/01", "2026-06-02").contains("YYYY-MM-DD"));
    }
}
