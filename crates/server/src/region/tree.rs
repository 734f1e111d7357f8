//! The rules of region codes (spec §3, §9): six digits; 100000 the country
//! (156000000 accepted as its alias); `xx0000` a province, `xxxx00` a city,
//! anything else a county; five cities without counties are leaves.

/// The whole country.
pub const COUNTRY: &str = "100000";
/// The China root as some data names it.
pub const COUNTRY_ALIAS: &str = "156000000";
/// What a malformed region code is told (400).
pub const BAD_CODE: &str = "行政区代码须为6位数字（全国为100000）";
/// Prefecture-level cities with no county level: choosing one is a complete choice
/// (中山, 东莞, 儋州, 三沙, 嘉峪关).
pub const LEAF_CITIES: [&str; 5] = ["442000", "441900", "460400", "460300", "620200"];

/// Where a code sits in the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// 100000.
    Country = 0,
    /// `xx0000`.
    Province = 1,
    /// `xxxx00`.
    City = 2,
    /// Anything else.
    County = 3,
}

impl Level {
    /// The number stored and sent for this level.
    pub fn number(self) -> i64 {
        self as i64
    }
}

/// The canonical form of a code: the alias becomes 100000; `None` for anything
/// that is not six digits.
pub fn normalize(code: &str) -> Option<&str> {
    let code = code.trim();
    if code == COUNTRY_ALIAS {
        return Some(COUNTRY);
    }
    (code.len() == 6 && code.bytes().all(|b| b.is_ascii_digit())).then_some(code)
}

/// The level a (canonical) code names.
pub fn level_of(code: &str) -> Level {
    if code == COUNTRY {
        Level::Country
    } else if code.ends_with("0000") {
        Level::Province
    } else if code.ends_with("00") {
        Level::City
    } else {
        Level::County
    }
}

/// The parent of a code among the codes that `exists`: a county hangs under its
/// city `xxxx00` when that city exists, else under its province (municipal
/// districts, and province-administered units such as 429004 仙桃); a city under
/// its province; a province under the country.
pub fn parent_of(code: &str, exists: impl Fn(&str) -> bool) -> Option<String> {
    let province = format!("{}0000", &code[..2]);
    match level_of(code) {
        Level::Country => None,
        Level::Province => Some(COUNTRY.to_owned()),
        Level::City => Some(province),
        Level::County => {
            let city = format!("{}00", &code[..4]);
            Some(if exists(&city) { city } else { province })
        }
    }
}

/// Does choosing this region complete the choice (no finer level to pick)?
pub fn is_leaf(code: &str, has_children: bool) -> bool {
    !has_children || LEAF_CITIES.contains(&code)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn set(codes: &[&str]) -> HashSet<String> {
        codes.iter().map(|s| s.to_string()).collect()
    }

    fn parent(code: &str, existing: &HashSet<String>) -> Option<String> {
        parent_of(code, |c| existing.contains(c))
    }

    #[test]
    fn codes_are_normalized_and_levelled() {
        assert_eq!(normalize("156000000"), Some(COUNTRY));
        assert_eq!(normalize(" 420111 "), Some("420111"));
        assert_eq!(normalize("42011"), None);
        assert_eq!(normalize("42011x"), None);
        assert_eq!(level_of("100000"), Level::Country);
        assert_eq!(level_of("420000"), Level::Province);
        assert_eq!(level_of("420100"), Level::City);
        assert_eq!(level_of("420111"), Level::County);
        assert_eq!(level_of("429004"), Level::County);
    }

    #[test]
    fn parents_follow_the_codes_that_exist() {
        let existing = set(&["420000", "420100", "110000"]);
        assert_eq!(parent("420111", &existing).as_deref(), Some("420100"));
        assert_eq!(
            parent("429004", &existing).as_deref(),
            Some("420000"),
            "仙桃 hangs under 湖北"
        );
        assert_eq!(
            parent("110101", &existing).as_deref(),
            Some("110000"),
            "东城区 under 北京"
        );
        assert_eq!(parent("420100", &existing).as_deref(), Some("420000"));
        assert_eq!(parent("420000", &existing).as_deref(), Some(COUNTRY));
        assert_eq!(parent(COUNTRY, &existing), None);
    }

    #[test]
    fn cities_without_counties_are_leaves() {
        assert!(
            is_leaf("441900", true),
            "东莞 is a leaf even if data lists towns"
        );
        assert!(is_leaf("420111", false));
        assert!(!is_leaf("420100", true));
    }
}
