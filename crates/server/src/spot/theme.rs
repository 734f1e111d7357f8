//! The eight monitoring themes as configurations of the one spot engine: what each is
//! called, which permission opens it, how its batches are named, which dictionaries label
//! its spots and which attributes of its own it carries. Everything else (storage,
//! statistics, lists, layers, exports) is the same code for every theme.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::usercenter::perm::{self, Perm};

/// A monitoring theme, by its route name (spec §2: /monitor/<name>).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum ThemeName {
    /// 地表覆盖监测 (MOD_056).
    Landcover,
    /// 地表形变监测 (MOD_076).
    SurfaceDeform,
    /// 道路监测 (MOD_057).
    Road,
    /// 耕地非农化监测 (MOD_068).
    Nonagricultural,
    /// 种植结构监测 (MOD_069).
    Plantingstructure,
    /// 光伏用地监测 (MOD_058).
    Pvland,
    /// 风电设施监测 (MOD_059).
    Windmill,
    /// 钢铁厂监测 (MOD_060).
    Steelplant,
}

/// How a theme's batches are cut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchKind {
    /// One batch a quarter, id `2024Q3`, named 2024年第三季度.
    Quarter,
    /// One batch an acquisition date, id `20240615`, named 2024年06月15日.
    Date,
}

/// What the theme's stage filter means, and the dictionary that names its values (spec §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// The batch's quarter (SPOT_META_STAGE_V2: 1–4).
    Quarter,
    /// The batch's half year (NON_AGRICULTURAL_META_STAGE: 1 上半年, 2 下半年).
    HalfYear,
    /// The spot's change category (STEELPLANT_META_STAGE: 0 不变 … 3 部分拆除).
    Change,
}

impl Stage {
    /// The dictionary naming the stage's values.
    pub const fn dict(self) -> &'static str {
        match self {
            Self::Quarter => "SPOT_META_STAGE_V2",
            Self::HalfYear => "NON_AGRICULTURAL_META_STAGE",
            Self::Change => "STEELPLANT_META_STAGE",
        }
    }
}

/// An attribute only some themes carry (a column of `spot`, NULL for the others).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Attr {
    /// 名称: the site's name (plant, farm).
    Name,
    /// 装机容量（MW）.
    CapacityMw,
    /// 风机数量.
    Turbines,
    /// 光伏板面积（m²）.
    PanelAreaM2,
    /// 产能（千吨/年）.
    CapacityKt,
    /// 生产工艺.
    Route,
    /// 形变速率（mm/年）.
    RateMm,
    /// 作物.
    Crop,
    /// 变化前地类.
    ClassFrom,
    /// 变化后地类.
    ClassTo,
}

impl Attr {
    /// The Chinese column header, as tables and exports show it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Name => "名称",
            Self::CapacityMw => "装机容量（MW）",
            Self::Turbines => "风机数量",
            Self::PanelAreaM2 => "光伏板面积（m²）",
            Self::CapacityKt => "产能（千吨/年）",
            Self::Route => "生产工艺",
            Self::RateMm => "形变速率（mm/年）",
            Self::Crop => "作物",
            Self::ClassFrom => "变化前地类",
            Self::ClassTo => "变化后地类",
        }
    }
}

/// The colour ramp of a theme's choropleth (spec §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Ramp {
    /// #cbf162 → #1c7b31, ten classes.
    Green,
    /// Ten steps from yellow to red.
    YellowRed,
}

/// A way a theme's page shows its spots (spec §4; the web numbers them 1–5 in this order).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ThemeMode {
    /// Counts and areas by region, a choropleth.
    Statistics,
    /// The spots themselves, listed and on the map.
    Detail,
    /// Spot density on a grid of cells.
    Grid,
    /// The latest batches side by side.
    Sequence,
    /// Counts and areas batch by batch.
    Trend,
}

/// Every mode, for the themes that have them all.
const ALL_MODES: &[ThemeMode] = &[
    ThemeMode::Statistics,
    ThemeMode::Detail,
    ThemeMode::Grid,
    ThemeMode::Sequence,
    ThemeMode::Trend,
];

/// The grid level of every theme but one (spec §9).
const GRID_LEVEL: u8 = 13;

/// A theme's adaptive zones: a layer of the bases its spots cluster into, batch by batch
/// (`zones.rs`).
#[derive(Debug, Clone, Copy)]
pub struct Zones {
    /// The layer's name, e.g. `pvland_zones`.
    pub layer: &'static str,
    /// Its title.
    pub title: &'static str,
}

/// One theme's configuration.
#[derive(Debug, Clone, Copy)]
pub struct Theme {
    /// Its route name.
    pub name: ThemeName,
    /// 风电设施监测, …: the page title.
    pub title: &'static str,
    /// The permission that opens it (with a regionId area range).
    pub perm: Perm,
    /// The map layer of its spots, served by `ows`.
    pub layer: &'static str,
    /// How its batches are cut.
    pub batches: BatchKind,
    /// What its stage filter means.
    pub stage: Stage,
    /// The dictionary of its spot types (`tblx`), if it types its spots.
    pub types: Option<&'static str>,
    /// Its own attributes, in the order tables and exports show them.
    pub attrs: &'static [Attr],
    /// Its choropleth's colours.
    pub ramp: Ramp,
    /// The modes its page offers.
    pub modes: &'static [ThemeMode],
    /// The grid level GRID mode starts at.
    pub grid_level: u8,
    /// Its adaptive zones, for the themes whose spots make up bases (solar, wind).
    pub zones: Option<Zones>,
}

/// Every theme, in the menu's order (spec §2).
pub const THEMES: [Theme; 8] = [
    Theme {
        name: ThemeName::Landcover,
        title: "地表覆盖监测",
        perm: perm::MOD_056,
        layer: "landcover_meta",
        batches: BatchKind::Quarter,
        stage: Stage::Quarter,
        types: Some("SPOT_META_TYPE"),
        attrs: &[Attr::ClassFrom, Attr::ClassTo],
        ramp: Ramp::Green,
        modes: ALL_MODES,
        grid_level: GRID_LEVEL,
        zones: None,
    },
    Theme {
        name: ThemeName::SurfaceDeform,
        title: "地表形变监测",
        perm: perm::MOD_076,
        layer: "surface_deform_meta",
        batches: BatchKind::Date,
        stage: Stage::Quarter,
        types: None,
        attrs: &[Attr::RateMm],
        ramp: Ramp::YellowRed,
        modes: &[ThemeMode::Statistics, ThemeMode::Detail],
        grid_level: GRID_LEVEL,
        zones: None,
    },
    Theme {
        name: ThemeName::Road,
        title: "道路监测",
        perm: perm::MOD_057,
        layer: "road_meta",
        batches: BatchKind::Quarter,
        stage: Stage::Quarter,
        types: Some("SPOT_META_TYPE"),
        attrs: &[],
        ramp: Ramp::Green,
        modes: ALL_MODES,
        grid_level: 14,
        zones: None,
    },
    Theme {
        name: ThemeName::Nonagricultural,
        title: "耕地非农化监测",
        perm: perm::MOD_068,
        layer: "nonagricultural_nongrain_meta",
        batches: BatchKind::Date,
        stage: Stage::HalfYear,
        // The land-use types of spec §9 are this dictionary's values.
        types: Some("MONITOR_SPOT_META_TYPE"),
        attrs: &[],
        ramp: Ramp::YellowRed,
        modes: ALL_MODES,
        grid_level: GRID_LEVEL,
        zones: None,
    },
    Theme {
        name: ThemeName::Plantingstructure,
        title: "种植结构监测",
        perm: perm::MOD_069,
        layer: "plantingstructure_meta",
        batches: BatchKind::Quarter,
        stage: Stage::Quarter,
        types: None,
        attrs: &[Attr::Crop],
        ramp: Ramp::Green,
        modes: ALL_MODES,
        grid_level: GRID_LEVEL,
        zones: None,
    },
    Theme {
        name: ThemeName::Pvland,
        title: "光伏用地监测",
        perm: perm::MOD_058,
        layer: "pvland_meta",
        batches: BatchKind::Quarter,
        stage: Stage::Quarter,
        types: None,
        attrs: &[Attr::Name, Attr::CapacityMw, Attr::PanelAreaM2],
        ramp: Ramp::Green,
        modes: ALL_MODES,
        grid_level: GRID_LEVEL,
        zones: Some(Zones {
            layer: "pvland_zones",
            title: "光伏基地自适应范围",
        }),
    },
    Theme {
        name: ThemeName::Windmill,
        title: "风电设施监测",
        perm: perm::MOD_059,
        layer: "windmill_meta",
        batches: BatchKind::Quarter,
        stage: Stage::Quarter,
        types: None,
        attrs: &[Attr::Name, Attr::CapacityMw, Attr::Turbines],
        ramp: Ramp::Green,
        modes: ALL_MODES,
        grid_level: GRID_LEVEL,
        zones: Some(Zones {
            layer: "windmill_zones",
            title: "风电基地自适应范围",
        }),
    },
    Theme {
        name: ThemeName::Steelplant,
        title: "钢铁厂监测",
        perm: perm::MOD_060,
        layer: "steelplant_meta",
        batches: BatchKind::Date,
        stage: Stage::Change,
        types: None,
        attrs: &[Attr::Name, Attr::CapacityKt, Attr::Route],
        ramp: Ramp::YellowRed,
        modes: ALL_MODES,
        grid_level: GRID_LEVEL,
        zones: None,
    },
];

impl ThemeName {
    /// Its configuration.
    pub fn theme(self) -> &'static Theme {
        THEMES
            .iter()
            .find(|t| t.name == self)
            .expect("every theme name has a configuration")
    }

    /// The name as routes, the database and files spell it, e.g. `surfaceDeform`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Landcover => "landcover",
            Self::SurfaceDeform => "surfaceDeform",
            Self::Road => "road",
            Self::Nonagricultural => "nonagricultural",
            Self::Plantingstructure => "plantingstructure",
            Self::Pvland => "pvland",
            Self::Windmill => "windmill",
            Self::Steelplant => "steelplant",
        }
    }

    /// The theme spelled `name`, if there is one.
    pub fn parse(name: &str) -> Option<Self> {
        THEMES.iter().map(|t| t.name).find(|t| t.as_str() == name)
    }
}

/// The Chinese names of the quarters, as batch names and SPOT_META_STAGE_V2 spell them.
const QUARTERS: [&str; 4] = ["第一季度", "第二季度", "第三季度", "第四季度"];

impl BatchKind {
    /// The batch's name (typeName) if `id` is a batch id of this kind: `2024Q3` is
    /// 2024年第三季度, `20240615` is 2024年06月15日.
    pub fn type_name(self, id: &str) -> Option<String> {
        let (year, month) = self.year_and_month(id)?;
        Some(match self {
            Self::Quarter => format!("{year}年{}", QUARTERS[(month as usize - 1) / 3]),
            Self::Date => format!("{year}年{month:02}月{}日", &id[6..8]),
        })
    }

    /// The year and month a batch id stands for (a quarter's first month).
    fn year_and_month(self, id: &str) -> Option<(u16, u8)> {
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        match self {
            Self::Quarter => {
                let (year, quarter) = id.split_once('Q')?;
                let quarter: u8 = quarter.parse().ok().filter(|q| (1..=4).contains(q))?;
                if year.len() != 4 || !digits(year) {
                    return None;
                }
                Some((year.parse().ok()?, quarter * 3 - 2))
            }
            Self::Date => {
                if id.len() != 8 || !digits(id) {
                    return None;
                }
                let year: u16 = id[..4].parse().ok()?;
                let month = time::Month::try_from(id[4..6].parse::<u8>().ok()?).ok()?;
                let day: u8 = id[6..].parse().ok()?;
                time::Date::from_calendar_date(i32::from(year), month, day).ok()?;
                Some((year, month as u8))
            }
        }
    }
}

impl Stage {
    /// The stage value of a spot of batch `batch` with change category `change`: the
    /// batch's quarter (1–4) or half year (1–2), or the change category.
    pub fn of(self, kind: BatchKind, batch: &str, change: u8) -> Option<u8> {
        let month = kind.year_and_month(batch)?.1;
        Some(match self {
            Self::Quarter => (month - 1) / 3 + 1,
            Self::HalfYear => (month - 1) / 6 + 1,
            Self::Change => change,
        })
    }
}

/// The change categories (spec §9), by their stored number.
pub const CHANGES: [&str; 4] = ["不变", "扩张", "拆除", "部分拆除"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_theme_is_configured_once_and_spelled_as_its_route_and_json() {
        for theme in THEMES {
            assert_eq!(theme.name.theme().title, theme.title);
            assert_eq!(ThemeName::parse(theme.name.as_str()), Some(theme.name));
            let json = serde_json::to_string(&theme.name).expect("json");
            assert_eq!(json, format!("\"{}\"", theme.name.as_str()));
        }
        let layers: std::collections::HashSet<_> = THEMES.iter().map(|t| t.layer).collect();
        assert_eq!(layers.len(), THEMES.len(), "one layer per theme");
    }

    #[test]
    fn batch_ids_are_named_and_staged_and_nonsense_is_refused() {
        assert_eq!(
            BatchKind::Quarter.type_name("2024Q3").as_deref(),
            Some("2024年第三季度")
        );
        assert_eq!(
            BatchKind::Date.type_name("20240615").as_deref(),
            Some("2024年06月15日")
        );
        for bad in [
            "2024Q5",
            "2024Q0",
            "24Q1",
            "2024q1",
            "Q1",
            "2024Q",
            "20241301",
            "20240230",
            "2024061",
            "2024-06-15",
        ] {
            assert_eq!(BatchKind::Quarter.type_name(bad), None, "{bad}");
            assert_eq!(BatchKind::Date.type_name(bad), None, "{bad}");
        }
        assert_eq!(Stage::Quarter.of(BatchKind::Date, "20240815", 0), Some(3));
        assert_eq!(Stage::HalfYear.of(BatchKind::Date, "20240815", 0), Some(2));
        assert_eq!(Stage::HalfYear.of(BatchKind::Quarter, "2024Q2", 0), Some(1));
        assert_eq!(Stage::Change.of(BatchKind::Date, "20240815", 2), Some(2));
    }

    #[test]
    fn the_monitoring_permissions_are_the_themes_permissions() {
        let mut themes: Vec<_> = THEMES.iter().map(|t| t.perm.code).collect();
        let mut monitoring: Vec<_> = perm::MONITORING.iter().map(|(p, _)| p.code).collect();
        themes.sort_unstable();
        monitoring.sort_unstable();
        assert_eq!(themes, monitoring);
    }
}
