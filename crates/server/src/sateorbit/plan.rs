//! What a prediction request asks, checked before anything is computed: the
//! window (at most [`MAX_DAYS`]), the satellites (at most [`MAX_SATELLITES`],
//! each with a usable element set near the window) and how far each sees.

use orbit::{ElementSet, Reach, SensorKind};
use serde::Serialize;
use utoipa::ToSchema;

use super::{OrbitConfig, OrbitSatellite};
use crate::beijing;
use crate::catalogue::{self, Kind, Satellite};
use crate::config::Config;
use crate::error::AppError;

/// Days a prediction spans by default.
pub const DEFAULT_DAYS: u32 = 7;
/// Longest window of one request, days.
pub const MAX_DAYS: u32 = 30;
/// Most satellites in one request.
pub const MAX_SATELLITES: usize = 200;
/// How far from its epoch an element set is trusted, days: SGP4 drifts by
/// about a kilometre a day, so a month off is tens of kilometres, the width
/// of a high-resolution swath.
pub const MAX_ELEMENT_AGE_DAYS: f64 = 30.0;
/// Longest window of one pass's track (`selectline`), seconds: a low orbit
/// is over one area for minutes.
pub const MAX_LINE_SECONDS: f64 = 2.0 * 3600.0;

const DAY: f64 = 86_400.0;

/// A time window, unix seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    /// First instant.
    pub start: f64,
    /// Last instant.
    pub end: f64,
}

/// The window of a request: RFC 3339 instants, or days (`YYYY-MM-DD`,
/// Beijing; the end day counts whole), at most [`MAX_DAYS`] long.
pub fn window(start: &str, end: &str, max_seconds: f64) -> Result<Window, AppError> {
    let start = beijing::instant(start, false)? as f64;
    let end = beijing::instant(end, true)? as f64;
    if end <= start {
        return Err(AppError::bad_request("结束时间须晚于开始时间"));
    }
    // A day typed as the end counts to its last second: 30 days from a
    // midnight end one second short of 30 × 86,400.
    if end - start >= max_seconds + 1.0 {
        return Err(AppError::bad_request(if max_seconds == MAX_LINE_SECONDS {
            "单次过境轨迹的时间范围不能超过2小时".to_owned()
        } else {
            format!("预测时间范围不能超过{MAX_DAYS}天，请缩短时间范围")
        }));
    }
    Ok(Window { start, end })
}

/// The longest window of a prediction, seconds.
pub const MAX_WINDOW_SECONDS: f64 = MAX_DAYS as f64 * DAY;

/// The satellites a request names, in its order without repeats.
pub fn chosen(values: &[String]) -> Result<Vec<&'static Satellite>, AppError> {
    if values.is_empty() {
        return Err(AppError::bad_request("请选择卫星"));
    }
    if values.len() > MAX_SATELLITES {
        return Err(AppError::bad_request(format!(
            "一次最多预测{MAX_SATELLITES}颗卫星，请减少卫星"
        )));
    }
    let mut picked: Vec<&'static Satellite> = Vec::with_capacity(values.len());
    for value in values {
        let satellite = catalogue::satellite(value)
            .ok_or_else(|| AppError::bad_request(format!("未知卫星：{value}")))?;
        if !picked.iter().any(|s| s.value == satellite.value) {
            picked.push(satellite);
        }
    }
    Ok(picked)
}

/// A satellite left out of an answer, and why.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Skipped {
    /// The catalogue's `value`.
    pub satellite: String,
    /// Its Chinese name.
    pub label: String,
    /// Why, in Chinese.
    pub reason: String,
}

/// A chosen satellite ready to propagate.
pub struct Ready {
    /// The catalogue's entry.
    pub satellite: &'static Satellite,
    /// Its newest element set, prepared for SGP4.
    pub orbit: orbit::Satellite,
}

/// Pairs the chosen satellites with their element sets (`sets`, any order);
/// the ones without a NORAD id, without a set, or whose set lies more than
/// [`MAX_ELEMENT_AGE_DAYS`] from the window are skipped with the reason.
pub fn prepare(
    chosen: &[&'static Satellite],
    sets: &[ElementSet],
    window: Window,
) -> (Vec<Ready>, Vec<Skipped>) {
    let mut ready = Vec::with_capacity(chosen.len());
    let mut skipped = Vec::new();
    let mid = 0.5 * (window.start + window.end);
    for &satellite in chosen {
        let skip = |reason: String| Skipped {
            satellite: satellite.value.to_owned(),
            label: satellite.label.to_owned(),
            reason,
        };
        let Some(id) = satellite.norad_id else {
            skipped.push(skip("无NORAD编号，无法预测轨道".into()));
            continue;
        };
        let Some(set) = sets.iter().find(|s| s.norad_id == id) else {
            skipped.push(skip("暂无轨道根数，请导入".into()));
            continue;
        };
        if (mid - set.epoch_unix).abs() > MAX_ELEMENT_AGE_DAYS * DAY {
            let day = beijing::rfc3339(set.epoch_unix);
            skipped.push(skip(format!(
                "轨道根数历元为{}，与预测时间相差超过{MAX_ELEMENT_AGE_DAYS}天，预测不可靠",
                day.get(..10).unwrap_or(&day)
            )));
            continue;
        }
        match orbit::Satellite::new(set) {
            Ok(orbit) => ready.push(Ready { satellite, orbit }),
            Err(_) => skipped.push(skip("轨道根数无法用于预测".into())),
        }
    }
    (ready, skipped)
}

/// The largest off-nadir angle of a satellite: the operator's, or the configured default.
pub fn max_off_nadir_deg(satellite: &Satellite, config: &Config) -> f64 {
    catalogue::max_off_nadir_deg(satellite.value).unwrap_or(config.orbit_off_nadir_deg)
}

/// How far a satellite sees: its swath at nadir, and with `pointing` its
/// largest off-nadir angle besides.
pub fn reach(satellite: &Satellite, config: &Config, pointing: bool) -> Reach {
    Reach {
        swath_km: satellite.swath_km.unwrap_or(0.0),
        max_off_nadir_deg: if pointing {
            max_off_nadir_deg(satellite, config)
        } else {
            0.0
        },
    }
}

/// Whether a satellite images by daylight (optical, hyperspectral) or at any
/// hour (radar); `None` for the ones that do not image (laser, gravity).
pub fn sensor(satellite: &Satellite) -> Option<SensorKind> {
    match satellite.kind {
        Kind::Optical | Kind::Hyperspectral => Some(SensorKind::Optical),
        Kind::Radar => Some(SensorKind::Radar),
        Kind::Laser | Kind::Gravity => None,
    }
}

/// The page's defaults for the element sets stored (`epochs`: NORAD id and
/// newest epoch) at `now`.
pub fn config(config: &Config, epochs: &[(u32, f64)], now: f64) -> OrbitConfig {
    let newest = epochs
        .iter()
        .map(|&(_, e)| e)
        .fold(None, |m: Option<f64>, e| Some(m.map_or(e, |m| m.max(e))));
    let stale = newest.is_none_or(|e| now - e > MAX_ELEMENT_AGE_DAYS * DAY);
    let start = match newest {
        Some(e) if stale => e,
        _ => now,
    };
    let start_day = beijing::rfc3339(start);
    let satellites = catalogue::satellites()
        .iter()
        .filter_map(|s| {
            let id = s.norad_id?;
            let &(_, epoch) = epochs.iter().find(|(with, _)| *with == id)?;
            Some(OrbitSatellite {
                satellite: *s,
                epoch: beijing::rfc3339(epoch),
                max_off_nadir_deg: max_off_nadir_deg(s, config),
            })
        })
        .collect();
    OrbitConfig {
        default_days: DEFAULT_DAYS,
        max_days: MAX_DAYS,
        max_satellites: MAX_SATELLITES,
        min_sun_elevation_deg: config.orbit_min_sun_elevation_deg,
        default_off_nadir_deg: config.orbit_off_nadir_deg,
        default_start: start_day.get(..10).unwrap_or_default().to_owned(),
        stale,
        newest_epoch: newest.map(beijing::rfc3339),
        satellites,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OCT_3: f64 = 1_759_449_600.0; // 2025-10-03T00:00:00Z

    fn sets() -> Vec<ElementSet> {
        orbit::parse_tle(orbit::DEMO_TLE.as_bytes(), &orbit::Limits::default()).expect("demo")
    }

    #[test]
    fn a_window_is_forward_and_at_most_thirty_days() {
        let w = window("2025-10-03", "2025-10-09", MAX_WINDOW_SECONDS).expect("a week");
        assert_eq!(w.end - w.start, 7.0 * DAY - 1.0);
        // Thirty whole days typed as days pass; a second more does not.
        assert!(window("2025-10-01", "2025-10-30", MAX_WINDOW_SECONDS).is_ok());
        let long = window("2025-10-01", "2025-10-31", MAX_WINDOW_SECONDS).expect_err("31 days");
        assert_eq!(long.to_string(), "预测时间范围不能超过30天，请缩短时间范围");
        let back = window(
            "2025-10-09T00:00:00Z",
            "2025-10-03T00:00:00Z",
            MAX_WINDOW_SECONDS,
        )
        .expect_err("backwards");
        assert_eq!(back.to_string(), "结束时间须晚于开始时间");
        assert!(
            window(
                "2025-10-03T00:00:00Z",
                "2025-10-03T03:00:00Z",
                MAX_LINE_SECONDS
            )
            .is_err()
        );
        assert!(window("昨天", "2025-10-03", MAX_WINDOW_SECONDS).is_err());
    }

    #[test]
    fn satellites_are_checked_and_counted() {
        let many: Vec<String> = (0..=MAX_SATELLITES).map(|_| "GF1".to_owned()).collect();
        assert!(chosen(&many).is_err());
        assert_eq!(chosen(&[]).expect_err("none").to_string(), "请选择卫星");
        assert_eq!(
            chosen(&["GF1".into(), "XX9".into()])
                .expect_err("unknown")
                .to_string(),
            "未知卫星：XX9"
        );
        let picked = chosen(&["GF1".into(), "GF2".into(), "GF1".into()]).expect("known");
        assert_eq!(
            picked.iter().map(|s| s.value).collect::<Vec<_>>(),
            ["GF1", "GF2"]
        );
    }

    #[test]
    fn satellites_without_a_usable_set_are_skipped_with_the_reason() {
        let picked = chosen(&["GF1".into(), "LT1A".into(), "GF2".into()]).expect("known");
        let week = Window {
            start: OCT_3,
            end: OCT_3 + 7.0 * DAY,
        };
        let (ready, skipped) = prepare(&picked, &sets(), week);
        assert_eq!(
            ready.iter().map(|r| r.satellite.value).collect::<Vec<_>>(),
            ["GF1", "GF2"]
        );
        assert_eq!(skipped.len(), 1);
        assert_eq!(skipped[0].satellite, "LT1A");
        // A year later the same sets are too old to trust.
        let later = Window {
            start: OCT_3 + 365.0 * DAY,
            end: OCT_3 + 372.0 * DAY,
        };
        let (ready, skipped) = prepare(&picked[..1], &sets(), later);
        assert!(ready.is_empty());
        assert!(
            skipped[0].reason.starts_with("轨道根数历元为2025-10-0"),
            "{}",
            skipped[0].reason
        );
        // No set at all.
        let (_, skipped) = prepare(&picked[..1], &[], week);
        assert_eq!(skipped[0].reason, "暂无轨道根数，请导入");
    }

    #[test]
    fn old_sets_move_the_default_start_to_their_epoch() {
        let config = Config::default();
        let epochs = [(39150, OCT_3 + 0.6 * DAY), (40118, OCT_3)];
        let demo = super::config(&config, &epochs, OCT_3 + 400.0 * DAY);
        assert!(demo.stale);
        assert_eq!(demo.default_start, "2025-10-03");
        assert_eq!(demo.satellites.len(), 2);
        let fresh = super::config(&config, &epochs, OCT_3 + 2.0 * DAY);
        assert!(!fresh.stale);
        assert_eq!(fresh.default_start, "2025-10-05");
        // ZY-3 rolls 32° by its operator's figure; GF1 takes the default.
        let gf1 = catalogue::satellite("GF1").expect("GF1");
        assert_eq!(reach(gf1, &config, true).max_off_nadir_deg, 25.0);
        assert_eq!(reach(gf1, &config, false).max_off_nadir_deg, 0.0);
    }
}
