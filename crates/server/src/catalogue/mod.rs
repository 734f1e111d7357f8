//! The satellite catalogue (`GET /api/normal/v5/satellite`): the 120 Chinese
//! and global satellites of the `/satellite` pages with their sensors and
//! public orbital facts.
//!
//! The catalogue is static, typed data compiled into the binary (`data.rs`):
//! it changes only when a satellite is added, which is a code change anyway,
//! and it needs no database round trip. Facts that are not known publicly
//! are `None`, never guessed.

mod data;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize, Serializer};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::api::{ApiQuery, ApiResult, Envelope, ok};
use crate::error::{AppError, ErrorEnvelope};
use crate::state::AppState;

pub use data::{PAGES, max_off_nadir_deg, sensor_swath_km, side_by_side};

/// The catalogue routes, public.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_catalogue))
}

/// Every satellite of the catalogue, in `index` order.
pub fn satellites() -> &'static [Satellite] {
    data::SATELLITES
}

/// The catalogue entry whose `value` (query id) is `value`, e.g. `"GF1"`.
pub fn satellite(value: &str) -> Option<&'static Satellite> {
    data::SATELLITES.iter().find(|s| s.value == value)
}

/// The sensors (or SAR imaging modes) of the satellite whose `value` is
/// `value`; `None` for an id that is not in the catalogue.
pub fn sensors_of(value: &str) -> Option<&'static [Sensor]> {
    data::SENSORS
        .iter()
        .find(|(v, _)| *v == value)
        .map(|(_, sensors)| *sensors)
}

/// Where a satellite comes from: the spec's `properties` 1, 2 or 3.
///
/// 1 国产: Chinese satellites. 2 国外: foreign civil or commercial imaging
/// satellites (the optical and radar pages of the global menu). 3 其他: the
/// rest, i.e. foreign research, technology-demonstration and non-imaging
/// missions (the hyperspectral, laser-altimetry and gravity pages: PRISMA,
/// EO-1, EnMAP, ICESat-2, GRACE-FO).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// 国产: built and operated in China.
    Chinese = 1,
    /// 国外: foreign civil or commercial imaging satellite.
    Foreign = 2,
    /// 其他: foreign research, demonstration or non-imaging mission.
    Other = 3,
}

/// The spec's `type`: the kind of the primary payload of a satellite, or the
/// kind of one sensor.
///
/// The spec names 1 optical, 2 hyperspectral and 3 radar; laser altimetry
/// (ICESat-2, the carbon satellite's lidar, GF-7's altimeter) and gravity
/// (GRACE-FO) fit none of them, so they get their own codes 4 and 5 rather
/// than being filed under a wrong kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// 1 光学: panchromatic, multispectral, thermal or video imaging.
    Optical = 1,
    /// 2 高光谱: imaging spectrometers and atmospheric spectrometers.
    Hyperspectral = 2,
    /// 3 雷达: synthetic-aperture radar.
    Radar = 3,
    /// 4 激光: laser altimetry or lidar.
    Laser = 4,
    /// 5 重力: gravity-field missions (inter-satellite ranging).
    Gravity = 5,
}

/// The spec's `resolution` class 1 to 4, from the best ground resolution.
///
/// 1: ≤ 1 m; 2: over 1 m and under 4 m; 3: 4 m to 16 m inclusive; 4: over
/// 16 m. Non-imaging missions (laser altimetry, gravity) are class 4: they
/// deliver no image finer than 16 m.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResolutionClass {
    /// 1: sub-metre, ≤ 1 m.
    SubMetre = 1,
    /// 2: over 1 m and under 4 m.
    Metre = 2,
    /// 3: 4 m to 16 m.
    Medium = 3,
    /// 4: over 16 m, or no imaging resolution at all.
    Coarse = 4,
}

impl ResolutionClass {
    /// The class of a best ground resolution in metres.
    pub fn of(resolution_m: f64) -> Self {
        if resolution_m <= 1.0 {
            Self::SubMetre
        } else if resolution_m < 4.0 {
            Self::Metre
        } else if resolution_m <= 16.0 {
            Self::Medium
        } else {
            Self::Coarse
        }
    }
}

// The three codes travel as the bare numbers of the spec, not as names.
macro_rules! serialize_as_code {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_u8(*self as u8)
            }
        }
    )*};
}
serialize_as_code!(Origin, Kind, ResolutionClass);

/// One satellite of the catalogue (spec §3: index, label, value, checked,
/// properties, resolution, type), with the `/satellite` page it belongs to and
/// its public orbital facts. Unknown facts are `null`.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Satellite {
    /// Position in the list, 1 to 120.
    #[schema(minimum = 1, maximum = 120, example = 9)]
    pub index: u16,
    /// The Chinese display name, e.g. `高分一号`.
    #[schema(example = "高分一号")]
    pub label: &'static str,
    /// The id used in image queries, e.g. `GF1`, `ZY3-02`, `LT1A`, `S2A`.
    #[schema(example = "GF1")]
    pub value: &'static str,
    /// Selected by default: the common Chinese optical land satellites.
    pub checked: bool,
    /// 1 国产, 2 国外 (civil or commercial imaging), 3 其他 (foreign research,
    /// demonstration or non-imaging missions).
    #[schema(value_type = u8, minimum = 1, maximum = 3)]
    pub properties: Origin,
    /// Resolution class: 1 ≤ 1 m, 2 over 1 m and under 4 m, 3 4–16 m, 4 over
    /// 16 m or non-imaging.
    #[schema(value_type = u8, minimum = 1, maximum = 4)]
    pub resolution: ResolutionClass,
    /// Primary payload: 1 optical, 2 hyperspectral, 3 radar, 4 laser
    /// altimetry, 5 gravity.
    #[serde(rename = "type")]
    #[schema(value_type = u8, minimum = 1, maximum = 5)]
    pub kind: Kind,
    /// The `/satellite` page it is shown on, e.g. `chinese/gf1`,
    /// `global/optical/landsat` (one of the `/satellite` pages).
    #[schema(example = "chinese/gf1")]
    pub group: &'static str,
    /// The country (or 欧洲 for the European Union's Copernicus missions) whose
    /// agency or company owns the mission, e.g. `中国`, `美国`; joint missions
    /// name both, e.g. `美国、德国`.
    #[schema(example = "中国")]
    pub country: &'static str,
    /// NORAD catalogue number, as named in the CelesTrak element sets of
    /// 2025-10-03; `null` for satellites not listed there by name (retired,
    /// decayed, constellations, or ambiguous names).
    pub norad_id: Option<u32>,
    /// Mean altitude in km: from the CelesTrak elements of 2025-10-03 where the
    /// satellite is listed there, otherwise the published nominal altitude.
    pub altitude_km: Option<f64>,
    /// Orbit inclination in degrees, from the same sources as the altitude.
    pub inclination_deg: Option<f64>,
    /// Nominal local time of the descending or ascending node of a
    /// sun-synchronous orbit, e.g. `10:30 降交点`; `null` when not
    /// sun-synchronous or not known.
    pub local_time: Option<&'static str>,
    /// Swath in km of the best-resolution instrument or mode (cameras imaging
    /// side by side counted together).
    pub swath_km: Option<f64>,
    /// Best ground resolution in metres: panchromatic for optical satellites,
    /// the finest mode for radar; `null` for non-imaging missions or when no
    /// single figure is published.
    pub best_resolution_m: Option<f64>,
    /// Launch date (UTC), `YYYY-MM-DD`; for a constellation entry, its first launch.
    #[schema(example = "2013-04-26")]
    pub launch_date: Option<&'static str>,
    /// Who operates the satellite, as the operator publishes it; `null` where
    /// no single operator is published (or not settled here).
    #[schema(example = "长光卫星技术股份有限公司")]
    pub operator: Option<&'static str>,
    /// Published nominal revisit, e.g. `16天`; `null` when not published as one figure.
    #[schema(example = "16天")]
    pub revisit: Option<&'static str>,
}

/// One sensor of a satellite, or one imaging mode of a radar satellite (the
/// ids image queries use, e.g. `PMS1`, `WFV3`, `SL`, `STRIP1`).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sensor {
    /// The sensor id, e.g. `PMS1`.
    #[schema(example = "PMS1")]
    pub id: &'static str,
    /// The Chinese name, e.g. `全色多光谱相机1`.
    #[schema(example = "全色多光谱相机1")]
    pub name: &'static str,
    /// 1 optical, 2 hyperspectral, 3 radar, 4 laser altimetry, 5 gravity.
    #[serde(rename = "type")]
    #[schema(value_type = u8, minimum = 1, maximum = 5)]
    pub kind: Kind,
    /// Best ground resolution in metres (panchromatic where there is one);
    /// `null` when not known or not imaging.
    pub resolution_m: Option<f64>,
    /// Multispectral resolution in metres for a camera that has both
    /// panchromatic and multispectral bands.
    pub multispectral_m: Option<f64>,
}

/// The catalogue, or the part of it a filter selects.
#[derive(Debug, Serialize, ToSchema)]
pub struct Catalogue {
    /// The satellites in `index` order.
    pub satellites: Vec<Satellite>,
    /// The sensors of each listed satellite, keyed by its `value`.
    pub sensors: BTreeMap<&'static str, Vec<Sensor>>,
}

/// Optional filters; without any the whole catalogue is returned.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CatalogueQuery {
    /// Only this origin: 1 国产, 2 国外, 3 其他.
    #[param(minimum = 1, maximum = 3)]
    pub properties: Option<u8>,
    /// Only this primary payload type: 1 optical … 5 gravity.
    #[serde(rename = "type")]
    #[param(minimum = 1, maximum = 5)]
    pub kind: Option<u8>,
    /// Only this page or page family, e.g. `chinese/gf1`, `chinese` or `global/radar`.
    pub group: Option<String>,
}

/// The satellite catalogue with each satellite's sensors.
#[utoipa::path(
    get,
    path = "/api/normal/v5/satellite",
    tag = "catalogue",
    params(CatalogueQuery),
    responses(
        (status = 200, description = "The satellites in index order and their sensors", body = Envelope<Catalogue>),
        (status = 400, description = "A filter out of range", body = ErrorEnvelope),
    )
)]
async fn get_catalogue(ApiQuery(query): ApiQuery<CatalogueQuery>) -> ApiResult<Catalogue> {
    Ok(ok(select(&query)?))
}

/// The satellites matching `query` and their sensors.
fn select(query: &CatalogueQuery) -> Result<Catalogue, AppError> {
    if query.properties.is_some_and(|p| !(1..=3).contains(&p)) {
        return Err(AppError::bad_request(
            "卫星来源（properties）应为 1、2 或 3",
        ));
    }
    if query.kind.is_some_and(|k| !(1..=5).contains(&k)) {
        return Err(AppError::bad_request("卫星类型（type）应为 1 到 5"));
    }
    let group = query
        .group
        .as_deref()
        .map(|g| g.trim().trim_matches('/'))
        .filter(|g| !g.is_empty());
    let satellites: Vec<Satellite> = data::SATELLITES
        .iter()
        .filter(|s| query.properties.is_none_or(|p| s.properties as u8 == p))
        .filter(|s| query.kind.is_none_or(|k| s.kind as u8 == k))
        // A prefix must end at a `/`, so `chinese/gf1` does not also select `chinese/gf1bcd`.
        .filter(|s| {
            group.is_none_or(|g| {
                s.group == g
                    || s.group
                        .strip_prefix(g)
                        .is_some_and(|rest| rest.starts_with('/'))
            })
        })
        .copied()
        .collect();
    let sensors = satellites
        .iter()
        .map(|s| (s.value, sensors_of(s.value).unwrap_or_default().to_vec()))
        .collect();
    Ok(Catalogue {
        satellites,
        sensors,
    })
}
