//! How the generator flies a catalogue satellite: its altitude, node time
//! and imaging modes, every fact taken from the catalogue.

use crate::catalogue::{self, Kind, Satellite};

/// One way of imaging: cameras side by side, each making its own scenes.
#[derive(Debug, Clone)]
pub(super) struct Mode {
    /// Sensor ids, west to east as flown northbound.
    pub(super) sensors: Vec<&'static str>,
    /// Width of one camera's scene, km.
    pub(super) width_km: f64,
    /// Ground resolution, m.
    pub(super) resolution_m: f64,
}

/// A satellite as the generator flies it.
#[derive(Debug, Clone)]
pub(super) struct Mission {
    pub(super) satellite: &'static Satellite,
    pub(super) radar: bool,
    pub(super) altitude_km: f64,
    /// Inclination for orbits that are not sun-synchronous.
    pub(super) inclination: Option<f64>,
    /// Local mean time of the descending node, hours.
    pub(super) descending_node: f64,
    pub(super) modes: Vec<Mode>,
}

/// Hours of a catalogue local time such as `10:30 降交点`, as a descending node time.
fn descending_node_hours(local_time: &str) -> Option<f64> {
    let (hm, rest) = local_time.split_once(' ')?;
    let (h, m) = hm.split_once(':')?;
    let hours = h.parse::<f64>().ok()? + m.parse::<f64>().ok()? / 60.0;
    Some(if rest.contains('升') {
        (hours + 12.0) % 24.0
    } else {
        hours
    })
}

impl Mission {
    /// How the generator flies a catalogue satellite, or `None` for one it cannot
    /// (no imaging sensor, no altitude, geostationary).
    pub(super) fn new(s: &'static Satellite) -> Option<Self> {
        let radar = match s.kind {
            Kind::Optical | Kind::Hyperspectral => false,
            Kind::Radar => true,
            Kind::Laser | Kind::Gravity => return None,
        };
        let altitude_km = s.altitude_km.filter(|a| (300.0..2_000.0).contains(a))?;
        let sensors = catalogue::sensors_of(s.value)?;
        let imaging = |id: &str| {
            let sensor = sensors.iter().find(|x| x.id == id)?;
            if matches!(sensor.kind, Kind::Laser | Kind::Gravity) {
                return None;
            }
            // The satellite's best figure stands for a sensor only when it is the only one.
            let resolution_m = sensor
                .resolution_m
                .or(s.best_resolution_m.filter(|_| sensors.len() == 1))?;
            let width_km = catalogue::sensor_swath_km(s.value, id).or(s.swath_km)?;
            Some((width_km, resolution_m))
        };
        let grouped = catalogue::side_by_side(s.value);
        let mut modes: Vec<Mode> = grouped
            .iter()
            .filter_map(|ids| {
                let (width_km, resolution_m) = imaging(ids[0])?;
                Some(Mode {
                    sensors: ids.to_vec(),
                    width_km,
                    resolution_m,
                })
            })
            .collect();
        for sensor in sensors {
            if grouped.iter().any(|g| g.contains(&sensor.id)) {
                continue;
            }
            if let Some((width_km, resolution_m)) = imaging(sensor.id) {
                modes.push(Mode {
                    sensors: vec![sensor.id],
                    width_km,
                    resolution_m,
                });
            }
        }
        if modes.is_empty() {
            return None;
        }
        let polar = s.inclination_deg.is_none_or(|i| i > 95.0);
        let default_node = if radar { 6.0 } else { 10.5 };
        Some(Self {
            satellite: s,
            radar,
            altitude_km,
            inclination: (!polar).then_some(s.inclination_deg).flatten(),
            descending_node: s
                .local_time
                .and_then(descending_node_hours)
                .unwrap_or(default_node),
            modes,
        })
    }
}
