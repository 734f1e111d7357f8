//! The facts of a plan area besides its shape, as sent and as stored, and the readings of the
//! list filters: resolution classes, months (`qb` for the whole year), acquisition types
//! (cjlx), unit types (the level of a unit's region code). Pure and unit-tested.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::AppError;

/// Resolution classes (spec §9: 1 to 4), the catalogue's own (`catalogue::ResolutionClass`:
/// ≤ 1 m, over 1 m and under 4 m, 4–16 m, over 16 m), so that a need of a class is met by the
/// scenes of that class.
pub const RESOLUTIONS: [(u8, &str); 4] = [
    (1, "优于1米"),
    (2, "1米至4米"),
    (3, "4米至16米"),
    (4, "16米以上"),
];

/// The label of a resolution class.
pub fn resolution_label(class: i64) -> &'static str {
    RESOLUTIONS
        .iter()
        .find(|(c, _)| i64::from(*c) == class)
        .map_or("未知", |(_, l)| *l)
}

/// A resolution class sent, checked.
pub fn resolution(class: u8) -> Result<u8, AppError> {
    if RESOLUTIONS.iter().any(|(c, _)| *c == class) {
        Ok(class)
    } else {
        Err(AppError::bad_request(
            "分辨率等级无效：应为 1（优于1米）、2（1米至4米）、3（4米至16米）或 4（16米以上）",
        ))
    }
}

/// The whole year (spec default `month qb`, 全部).
pub const ALL_YEAR: &str = "qb";

/// Months as stored: `qb`, or the distinct months ascending, comma-separated. No months, or
/// all twelve, is the whole year.
pub fn months(sent: &[u8]) -> Result<String, AppError> {
    if sent.len() > 12 {
        return Err(AppError::bad_request("月份最多 12 个"));
    }
    if sent.iter().any(|m| !(1..=12).contains(m)) {
        return Err(AppError::bad_request("月份应为 1 至 12"));
    }
    let mut ms = sent.to_vec();
    ms.sort_unstable();
    ms.dedup();
    if ms.is_empty() || ms.len() == 12 {
        return Ok(ALL_YEAR.to_owned());
    }
    Ok(ms.iter().map(u8::to_string).collect::<Vec<_>>().join(","))
}

/// The months of a stored value; the whole year is every month.
pub fn months_of(stored: &str) -> Vec<u8> {
    if stored == ALL_YEAR {
        return (1..=12).collect();
    }
    stored.split(',').filter_map(|m| m.parse().ok()).collect()
}

/// How a stored months value reads: 全年, or 3、4、5月.
pub fn months_label(stored: &str) -> String {
    if stored == ALL_YEAR {
        return "全年".into();
    }
    let ms: Vec<String> = months_of(stored).iter().map(u8::to_string).collect();
    format!("{}月", ms.join("、"))
}

/// The `month` filter: `qb` (or none) takes every area; a month takes the areas that want
/// images in it, the whole-year ones included.
pub fn month_filter(sent: Option<&str>) -> Result<Option<u8>, AppError> {
    match sent.map(str::trim) {
        None | Some("") | Some(ALL_YEAR) => Ok(None),
        Some(m) => match m.parse::<u8>() {
            Ok(m) if (1..=12).contains(&m) => Ok(Some(m)),
            _ => Err(AppError::bad_request("月份应为 qb（全年）或 1 至 12")),
        },
    }
}

/// Acquisition types (采集类型, cjlx; spec default `sc`). The spec names only the default
/// value; the others are this module's reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Cjlx {
    /// 首采: the ground is to be imaged for the first time this year (the default).
    #[default]
    Sc,
    /// 补采: images to fill what earlier acquisitions missed (clouds, gaps).
    Bc,
    /// 监测: repeated acquisition for change monitoring.
    Jc,
}

impl Cjlx {
    /// The stored value.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sc => "sc",
            Self::Bc => "bc",
            Self::Jc => "jc",
        }
    }

    /// The Chinese label.
    pub fn label(self) -> &'static str {
        match self {
            Self::Sc => "首采",
            Self::Bc => "补采",
            Self::Jc => "监测",
        }
    }

    /// The type of a stored value (an unknown one reads as the default).
    pub fn of(stored: &str) -> Self {
        crate::api::from_name(stored).unwrap_or_default()
    }
}

/// The level of the unit that filled an area: the level of its region code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum UnitType {
    /// 100000.
    #[serde(rename = "国家级")]
    National,
    /// xx0000 (spec default `unitType 省级`).
    #[serde(rename = "省级")]
    Province,
    /// xxxx00.
    #[serde(rename = "市级")]
    City,
    /// Anything else.
    #[serde(rename = "县级")]
    County,
}

impl UnitType {
    /// The level of a unit's region code.
    pub fn of(code: &str) -> Self {
        if code == crate::region::tree::COUNTRY {
            Self::National
        } else if code.ends_with("0000") {
            Self::Province
        } else if code.ends_with("00") {
            Self::City
        } else {
            Self::County
        }
    }
}

/// Which units a summary counts (purchase plan, overall plan, province feedback): one level
/// (spec default 省级) within one region (default 100000, the whole country).
#[derive(Debug, Clone)]
pub struct Units {
    /// The units' level.
    pub level: UnitType,
    /// Units whose code lies in this region.
    pub region: String,
}

/// The query naming the units of a summary: `?unitType=&regionId=`.
#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UnitsQuery {
    /// The units' level: 国家级, 省级, 市级 or 县级 (default 省级).
    #[param(value_type = Option<UnitType>)]
    pub unit_type: Option<String>,
    /// Units within this region (default 100000, the whole country).
    pub region_id: Option<String>,
}

impl Units {
    /// The units asked for, defaults filled in; 400 for an unknown level or a bad region code.
    pub fn asked(q: &UnitsQuery) -> Result<Self, AppError> {
        let level = match q.unit_type.as_deref().map(str::trim) {
            None | Some("") => UnitType::Province,
            Some(t) => crate::api::from_name(t)
                .ok_or_else(|| AppError::bad_request(format!("单位类型取值无效：{t}")))?,
        };
        let region = match q.region_id.as_deref().map(str::trim) {
            None | Some("") => crate::region::tree::COUNTRY.to_owned(),
            Some(r) => crate::region::tree::normalize(r)
                .ok_or_else(|| AppError::bad_request(crate::region::tree::BAD_CODE))?
                .to_owned(),
        };
        Ok(Self { level, region })
    }

    /// Whether a unit's code is one of these units.
    pub fn take(&self, code: &str) -> bool {
        UnitType::of(code) == self.level
            && crate::usercenter::guard::region_in_ranges(code, std::slice::from_ref(&self.region))
    }
}

/// Longest name of an area, characters.
pub const MAX_NAME: usize = 50;
/// Longest purpose or reason, characters.
pub const MAX_TEXT: usize = 500;

/// Text trimmed and bounded to `max` characters; `what` names it in the refusal.
pub fn bounded(text: &str, max: usize, what: &str) -> Result<String, AppError> {
    let t = text.trim();
    if t.chars().count() > max {
        return Err(AppError::bad_request(format!("{what}不能超过{max}个字")));
    }
    Ok(t.to_owned())
}

/// Plan years accepted.
pub const YEARS: std::ops::RangeInclusive<i64> = 2000..=2100;

/// The default plan year (spec §9: planYear 2025).
pub const DEFAULT_YEAR: i64 = 2025;

/// A plan year sent, or the default; checked.
pub fn plan_year(sent: Option<i64>) -> Result<i64, AppError> {
    let year = sent.unwrap_or(DEFAULT_YEAR);
    if YEARS.contains(&year) {
        Ok(year)
    } else {
        Err(AppError::bad_request("计划年份应在 2000 至 2100 之间"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn months_are_stored_sorted_once_and_the_whole_year_is_qb() {
        assert_eq!(months(&[5, 3, 4, 3]).expect("ok"), "3,4,5");
        assert_eq!(months(&[]).expect("ok"), "qb");
        let all: Vec<u8> = (1..=12).collect();
        assert_eq!(months(&all).expect("ok"), "qb");
        assert!(months(&[0]).is_err());
        assert!(months(&[13]).is_err());
        assert!(months(&[1; 13]).is_err(), "more than twelve sent");
        assert_eq!(months_of("qb").len(), 12);
        assert_eq!(months_of("3,4,5"), [3, 4, 5]);
        assert_eq!(months_label("3,4,5"), "3、4、5月");
        assert_eq!(months_label("qb"), "全年");
    }

    #[test]
    fn the_month_filter_reads_qb_as_every_month() {
        assert_eq!(month_filter(None).expect("ok"), None);
        assert_eq!(month_filter(Some("qb")).expect("ok"), None);
        assert_eq!(month_filter(Some("7")).expect("ok"), Some(7));
        assert!(month_filter(Some("13")).is_err());
        assert!(month_filter(Some("x")).is_err());
    }

    #[test]
    fn unit_types_are_the_levels_of_region_codes() {
        assert_eq!(UnitType::of("100000"), UnitType::National);
        assert_eq!(UnitType::of("420000"), UnitType::Province);
        assert_eq!(UnitType::of("420100"), UnitType::City);
        assert_eq!(UnitType::of("420111"), UnitType::County);
    }

    #[test]
    fn resolutions_cjlx_years_and_text_are_checked() {
        assert!(resolution(1).is_ok() && resolution(4).is_ok());
        assert!(resolution(0).is_err() && resolution(5).is_err());
        assert_eq!(resolution_label(2), "1米至4米");
        assert_eq!(Cjlx::of("bc"), Cjlx::Bc);
        assert_eq!(Cjlx::of("nonsense"), Cjlx::Sc);
        assert_eq!(plan_year(None).expect("default"), 2025);
        assert!(plan_year(Some(1999)).is_err());
        assert_eq!(bounded("  武汉  ", 5, "名称").expect("ok"), "武汉");
        assert!(bounded("一二三四五六", 5, "名称").is_err());
    }
}
