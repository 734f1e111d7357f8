//! A spot as the engine stores it: what imports and the demo write, and what the
//! detail answers read.

use geo_types::MultiPolygon;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::theme::{Attr, ThemeName};

/// The attributes only some themes carry; a theme fills those its configuration lists
/// (`Theme::attrs`) and leaves the rest empty.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attrs {
    /// 名称: the site's name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// 装机容量（MW）.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capacity_mw: Option<f64>,
    /// 风机数量.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turbines: Option<i64>,
    /// 光伏板面积（m²）.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub panel_area_m2: Option<f64>,
    /// 产能（千吨/年）.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capacity_kt: Option<f64>,
    /// 生产工艺.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub route: Option<String>,
    /// 形变速率（mm/年）; negative is subsidence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rate_mm: Option<f64>,
    /// 作物.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub crop: Option<String>,
    /// 变化前地类.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_from: Option<String>,
    /// 变化后地类.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class_to: Option<String>,
}

/// One attribute's value, for tables and exports.
#[derive(Debug, Clone, PartialEq)]
pub enum AttrValue<'a> {
    /// Text.
    Text(&'a str),
    /// A number.
    Real(f64),
    /// A count.
    Integer(i64),
}

impl Attrs {
    /// The value of `attr`, if the spot has one.
    pub fn get(&self, attr: Attr) -> Option<AttrValue<'_>> {
        fn text(v: &Option<String>) -> Option<AttrValue<'_>> {
            v.as_deref().map(AttrValue::Text)
        }
        match attr {
            Attr::Name => text(&self.name),
            Attr::CapacityMw => self.capacity_mw.map(AttrValue::Real),
            Attr::Turbines => self.turbines.map(AttrValue::Integer),
            Attr::PanelAreaM2 => self.panel_area_m2.map(AttrValue::Real),
            Attr::CapacityKt => self.capacity_kt.map(AttrValue::Real),
            Attr::Route => text(&self.route),
            Attr::RateMm => self.rate_mm.map(AttrValue::Real),
            Attr::Crop => text(&self.crop),
            Attr::ClassFrom => text(&self.class_from),
            Attr::ClassTo => text(&self.class_to),
        }
    }

    /// Sets `attr` to `value` when the value is of the attribute's type (a count for
    /// 风机数量, text for the names, a number for the rest); anything else leaves it.
    pub fn set(&mut self, attr: Attr, value: AttrValue<'_>) {
        let text = |slot: &mut Option<String>| {
            if let AttrValue::Text(t) = value {
                *slot = Some(t.to_owned());
            }
        };
        let real = |slot: &mut Option<f64>| {
            if let AttrValue::Real(v) = value {
                *slot = Some(v);
            }
        };
        match attr {
            Attr::Name => text(&mut self.name),
            Attr::CapacityMw => real(&mut self.capacity_mw),
            Attr::Turbines => {
                if let AttrValue::Integer(v) = value {
                    self.turbines = Some(v);
                }
            }
            Attr::PanelAreaM2 => real(&mut self.panel_area_m2),
            Attr::CapacityKt => real(&mut self.capacity_kt),
            Attr::Route => text(&mut self.route),
            Attr::RateMm => real(&mut self.rate_mm),
            Attr::Crop => text(&mut self.crop),
            Attr::ClassFrom => text(&mut self.class_from),
            Attr::ClassTo => text(&mut self.class_to),
        }
    }
}

/// A spot to store: one changed place of one theme's batch.
#[derive(Debug, Clone, PartialEq)]
pub struct SpotRecord {
    /// Its theme.
    pub theme: ThemeName,
    /// Its batch id (`2024Q3` or `20240615`, as the theme's batches are cut).
    pub batch: String,
    /// Its spot type, a value of the theme's type dictionary.
    pub tblx: Option<String>,
    /// The county it lies in.
    pub xzqdm: String,
    /// The delivery file it came in.
    pub file_name: String,
    /// Its outline, WGS84.
    pub geom: MultiPolygon<f64>,
    /// Its geodesic area, m².
    pub area_m2: f64,
    /// Its change category: 0 不变, 1 扩张, 2 拆除, 3 部分拆除.
    pub change: u8,
    /// The image before the change: a file in the data folder's spot image folder, or an
    /// http(s) URL.
    pub before_image: Option<String>,
    /// The image after the change, the same way.
    pub after_image: Option<String>,
    /// The theme's own attributes.
    pub attrs: Attrs,
    /// Attribution of the data (e.g. Global Energy Monitor, CC BY 4.0).
    pub source: Option<String>,
    /// Generated demo data.
    pub demo: bool,
}

/// The image reference of generated (demo) spots: their before and after images are drawn on
/// request from the spot itself rather than stored.
pub const DRAWN: &str = "drawn";

/// What a drawn spot image shows.
#[derive(Debug, Clone, Copy)]
pub struct ImageSubject<'a> {
    /// The spot's theme.
    pub theme: ThemeName,
    /// The spot's id (seeds the picture, so one spot always looks the same).
    pub id: i64,
    /// The spot's outline.
    pub geom: &'a MultiPolygon<f64>,
    /// Its change category.
    pub change: u8,
    /// The image after the change (else before it).
    pub after: bool,
}

/// Draws a generated spot's image as PNG: the demo module's drawing, handed over at start-up
/// so that `spot` does not depend on `demo`.
pub type DrawSpotImage = fn(&ImageSubject<'_>) -> Vec<u8>;
