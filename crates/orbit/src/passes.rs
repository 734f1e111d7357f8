//! Passes over an area and imaging opportunities.
//!
//! A satellite is *in contact* with the area at an instant when its reach —
//! the cross-track segment centred on the sub-satellite point, as wide as
//! [`Reach`] allows — meets the area. A pass is a maximal time window of
//! contact. The search samples the track every `step_s` seconds, skips
//! ahead wherever the sub-satellite point is provably too far from the area
//! to touch it before the next sample (a bound on its ground speed), checks
//! the strip swept between two near samples so that a corner clipped
//! between samples is not missed, and bisects each entry and exit to
//! `refine_s`. Windows less than a step apart are merged into one pass
//! (whether such a gap is seen would otherwise depend on where the samples
//! fall). Cost is linear in the window and nearly independent of the
//! step far from the area.
//!
//! Approximations: the reach is computed on a sphere of the mean Earth
//! radius (the ground distance of an off-nadir angle, plus half the swath);
//! the area's edges are straight in longitude/latitude; areas must not cross
//! the ±180° meridian. Off-nadir angles to the area's centre are exact
//! vector angles on WGS 84 (from the ellipsoid normal through the
//! satellite), ignoring refraction and terrain.

use geo::{BoundingRect, Centroid, Intersects};
use geo_types::{Coord, MultiPolygon, Rect};

use crate::outline::Outline;

use crate::frames::{Geodetic, Vec3, angle_deg, dot, geodetic_to_ecef, look, sub, up};
use crate::propagate::{Grid, PropagationError, Satellite, TrackPoint};
use crate::sun::sun_elevation_deg;

/// Mean Earth radius for ground distances, km.
pub const MEAN_RADIUS_KM: f64 = 6371.0088;
/// Default sampling step along the track, seconds.
pub const DEFAULT_STEP_S: f64 = 20.0;
/// Default precision of entry and exit times, seconds.
pub const DEFAULT_REFINE_S: f64 = 1.0;
/// Finest precision of entry and exit, seconds.
pub const MIN_REFINE_S: f64 = 0.01;
/// Most samples one pass search walks (30 days at 0.26 s), so a tiny step cannot run for ever.
pub const MAX_PASS_SAMPLES: usize = 10_000_000;
/// Default lowest sun elevation for optical imaging, degrees.
pub const DEFAULT_MIN_SUN_ELEVATION_DEG: f64 = 10.0;

/// Why an area cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum AreaError {
    /// No polygon or no vertex.
    #[error("the area is empty")]
    Empty,
    /// A coordinate is not a finite WGS 84 longitude/latitude.
    #[error("coordinate ({0}, {1}) is not a WGS 84 longitude/latitude")]
    Coordinate(f64, f64),
}

/// An area of interest in WGS 84 (lon, lat), prepared for pass searches.
#[derive(Debug, Clone)]
pub struct Area {
    outline: Outline,
    bbox: Rect<f64>,
    /// Centre of the bounding cap (a unit vector of the spherical lon/lat).
    cap_centre: Vec3,
    /// Angular radius of a cap holding every vertex, radians (with a margin for straight edges).
    cap_radius: f64,
    centre: Geodetic,
}

impl Area {
    /// Prepares an area; its centre is the planar centroid (the point the off-nadir angle aims at).
    pub fn new(polygon: MultiPolygon<f64>) -> Result<Self, AreaError> {
        let mut sum = [0.0; 3];
        let mut count = 0usize;
        for c in polygon.0.iter().flat_map(|p| p.exterior().coords()) {
            if !(c.x.is_finite() && c.y.is_finite() && c.x.abs() <= 180.0 && c.y.abs() <= 90.0) {
                return Err(AreaError::Coordinate(c.x, c.y));
            }
            let u = unit(c.y, c.x);
            sum = [sum[0] + u[0], sum[1] + u[1], sum[2] + u[2]];
            count += 1;
        }
        let (Some(bbox), Some(centroid), true) =
            (polygon.bounding_rect(), polygon.centroid(), count > 0)
        else {
            return Err(AreaError::Empty);
        };
        let len = dot(sum, sum).sqrt();
        let cap_centre = if len > 1e-9 {
            [sum[0] / len, sum[1] / len, sum[2] / len]
        } else {
            unit(centroid.y(), centroid.x())
        };
        let cap_radius = polygon
            .0
            .iter()
            .flat_map(|p| p.exterior().coords())
            .map(|c| angle_deg(cap_centre, unit(c.y, c.x)).to_radians())
            .fold(0.0, f64::max);
        Ok(Self {
            outline: Outline::new(&polygon, bbox.min().y, bbox.max().y),
            bbox,
            cap_centre,
            // Straight lon/lat edges bulge from great circles: 2 % and 0.2° cover it.
            cap_radius: cap_radius * 1.02 + 0.2_f64.to_radians(),
            centre: Geodetic {
                lat_deg: centroid.y(),
                lon_deg: centroid.x(),
                height_km: 0.0,
            },
        })
    }

    /// The point passes aim at: the planar centroid, on the ellipsoid.
    pub fn centre(&self) -> Geodetic {
        self.centre
    }

    /// Whether a point (degrees) lies inside the area.
    pub fn contains_point(&self, lat_deg: f64, lon_deg: f64) -> bool {
        let c = Coord {
            x: lon_deg,
            y: lat_deg,
        };
        self.bbox.intersects(&c) && self.outline.contains(c)
    }

    /// Whether the satellite's reach at a track point meets the area.
    fn contact(&self, p: &TrackPoint, half_width_rad: f64) -> bool {
        let ssp = Coord {
            x: p.geodetic.lon_deg,
            y: p.geodetic.lat_deg,
        };
        if half_width_rad <= 0.0 {
            return self.contains_point(ssp.y, ssp.x);
        }
        let ends = [-1.0, -0.5, 0.0, 0.5, 1.0]
            .map(|f| destination(ssp, p.heading_deg + 90.0, f * half_width_rad));
        self.meets_line(&ends)
    }

    /// Whether the strip swept between two track points (or the track
    /// segment, for a point reach) meets the area.
    fn swept(&self, a: &TrackPoint, b: &TrackPoint, half_width_rad: f64) -> bool {
        let at = |p: &TrackPoint, side: f64| {
            let ssp = Coord {
                x: p.geodetic.lon_deg,
                y: p.geodetic.lat_deg,
            };
            destination(ssp, p.heading_deg + 90.0, side * half_width_rad)
        };
        if half_width_rad <= 0.0 {
            return self.meets_line(&[at(a, 0.0), at(b, 0.0)]);
        }
        let mut ring = vec![at(a, -1.0), at(a, 1.0), at(b, 1.0), at(b, -1.0)];
        // Keep the ring on one side of ±180° (relative to its first corner).
        let x0 = ring[0].x;
        for c in &mut ring {
            c.x = x0 + crate::frames::normalize_lon(c.x - x0);
        }
        ring.push(ring[0]);
        bounds(&ring).intersects(&self.bbox) && self.outline.meets_polygon(&ring)
    }

    /// A bounding-box filter, then the exact test.
    fn meets_line(&self, line: &[Coord<f64>]) -> bool {
        bounds(line).intersects(&self.bbox) && self.outline.meets_line(line)
    }

    /// Angular distance from a sub-satellite point to the area's bounding cap (≤ 0 inside it), radians.
    fn distance_to_cap(&self, p: &TrackPoint) -> f64 {
        let u = unit(p.geodetic.lat_deg, p.geodetic.lon_deg);
        dot(u, self.cap_centre).clamp(-1.0, 1.0).acos() - self.cap_radius
    }
}

/// How far from its track a sensor can see.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reach {
    /// Full swath width at nadir, km (0: a line).
    pub swath_km: f64,
    /// Largest off-nadir (roll) angle, degrees (0: no pointing).
    pub max_off_nadir_deg: f64,
}

impl Reach {
    /// Only the sub-satellite point counts.
    pub const NADIR: Reach = Reach {
        swath_km: 0.0,
        max_off_nadir_deg: 0.0,
    };

    /// The ground half-width reached from a height, radians of arc: the
    /// ground distance of the largest off-nadir angle (at most the horizon)
    /// plus half the swath.
    pub fn half_width_rad(&self, height_km: f64) -> f64 {
        let r = MEAN_RADIUS_KM;
        let eta = self.max_off_nadir_deg.clamp(0.0, 90.0).to_radians();
        let s = (r + height_km.max(0.0)) / r * eta.sin();
        let pointing = if s >= 1.0 {
            (r / (r + height_km.max(0.0))).acos()
        } else {
            s.asin() - eta
        };
        pointing + self.swath_km.max(0.0) / 2.0 / r
    }
}

/// How passes are searched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PassOptions {
    /// Sampling step along the track, seconds (10–30 s suits low orbits).
    pub step_s: f64,
    /// Precision of entry and exit, seconds.
    pub refine_s: f64,
}

impl Default for PassOptions {
    fn default() -> Self {
        Self {
            step_s: DEFAULT_STEP_S,
            refine_s: DEFAULT_REFINE_S,
        }
    }
}

/// One pass of a satellite over an area.
#[derive(Debug, Clone, PartialEq)]
pub struct Pass {
    /// The satellite.
    pub norad_id: u32,
    /// First instant of contact, unix seconds (the window's start if it began before).
    pub start_unix: f64,
    /// Last instant of contact, unix seconds (the window's end if it lasts beyond).
    pub end_unix: f64,
    /// When the satellite is closest to the area's centre within the pass, unix seconds.
    pub closest_unix: f64,
    /// The off-nadir angle at which the satellite sees the area's centre then, degrees.
    pub off_nadir_deg: f64,
    /// The satellite's elevation seen from the area's centre then, degrees.
    pub elevation_deg: f64,
    /// The sun's elevation at the area's centre then, degrees.
    pub sun_elevation_deg: f64,
    /// Whether the satellite moves north then.
    pub ascending: bool,
}

/// What kind of sensor images, which decides whether it needs daylight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SensorKind {
    /// Needs the sun above the threshold.
    Optical,
    /// Images day and night.
    Radar,
}

/// The passes of one satellite over an area within `[start, end]`.
pub fn passes(
    sat: &Satellite,
    area: &Area,
    reach: Reach,
    start: f64,
    end: f64,
    options: &PassOptions,
) -> Result<Vec<Pass>, PropagationError> {
    let step = options.step_s;
    // The grid is walked, not kept: any window the caller allows costs no memory.
    let times = Grid::new(start, end, step, MAX_PASS_SAMPLES)?;
    // Bounded below so that a scan between two samples stays short.
    let refine = if options.refine_s.is_finite() && options.refine_s > 0.0 {
        options.refine_s.clamp(MIN_REFINE_S, step.max(MIN_REFINE_S))
    } else {
        DEFAULT_REFINE_S
    };
    // Reach at the highest the satellite gets (apogee + 5 %), for the skip bound.
    let e = &sat.elements;
    let a_km = (398_600.441_8
        / (e.mean_motion_rev_per_day * std::f64::consts::TAU / 86_400.0).powi(2))
    .cbrt();
    let max_reach = reach.half_width_rad(a_km * (1.0 + e.eccentricity) * 1.05 - MEAN_RADIUS_KM);
    let rate = sat.max_ground_rate_rad_per_s();
    let contact = |p: &TrackPoint| area.contact(p, reach.half_width_rad(p.geodetic.height_km));

    let mut windows: Vec<(f64, f64)> = Vec::new();
    let mut open: Option<f64> = None;
    // The last evaluated sample, if the interval since it is not yet proven clear.
    let mut prev: Option<(TrackPoint, bool)> = None;
    let mut k = 0;
    while k < times.len() {
        let p = sat.track_point(times.time(k))?;
        let slack = area.distance_to_cap(&p) - max_reach;
        let inside = slack <= 0.0 && contact(&p);
        match prev {
            Some((q, was)) if was != inside => {
                let edge = bisect(sat, &contact, q.unix, p.unix, was, refine)?;
                if inside {
                    open = Some(edge);
                } else if let Some(s) = open.take() {
                    windows.push((s, edge));
                }
            }
            Some((q, false)) if !inside && slack <= rate * (p.unix - q.unix) => {
                // Both ends outside but near: a corner may lie between them.
                let half = reach.half_width_rad(p.geodetic.height_km);
                if area.swept(&q, &p, half)
                    && let Some(w) = between(sat, &contact, q.unix, p.unix, refine)?
                {
                    windows.push(w);
                }
            }
            None if inside => open = Some(p.unix),
            _ => {}
        }
        // Skip the samples the sub-satellite point cannot reach the area by:
        // until `slack / rate` seconds from now it stays clear of it.
        let clear = if slack > 0.0 {
            (slack / (rate * step)).floor() as usize
        } else {
            0
        };
        if clear >= 1 {
            k += clear;
            prev = None;
        } else {
            prev = Some((p, inside));
            k += 1;
        }
    }
    if let Some(s) = open {
        windows.push((s, end));
    }
    // Contact broken for less than a step (a concave border, a gap between
    // islands) may or may not fall on a sample: such gaps are always merged,
    // so the answer does not depend on where the samples fall.
    let mut merged: Vec<(f64, f64)> = Vec::with_capacity(windows.len());
    for w in windows {
        match merged.last_mut() {
            Some(last) if w.0 - last.1 < step => last.1 = last.1.max(w.1),
            _ => merged.push(w),
        }
    }
    merged
        .into_iter()
        .map(|(s, e)| describe(sat, area, s, e))
        .collect()
}

/// Imaging opportunities: the passes a sensor of this kind can use —
/// optical ones only when the sun stands above `min_sun_elevation_deg` at
/// the area's centre at closest approach, radar ones always.
#[allow(clippy::too_many_arguments)]
pub fn opportunities(
    sat: &Satellite,
    area: &Area,
    reach: Reach,
    kind: SensorKind,
    min_sun_elevation_deg: f64,
    start: f64,
    end: f64,
    options: &PassOptions,
) -> Result<Vec<Pass>, PropagationError> {
    let mut all = passes(sat, area, reach, start, end, options)?;
    if kind == SensorKind::Optical {
        all.retain(|p| p.sun_elevation_deg >= min_sun_elevation_deg);
    }
    Ok(all)
}

/// The time of the change between `a` (state `was`) and `b`, to `refine` seconds:
/// the first contact time on an entry, the last one on an exit.
fn bisect(
    sat: &Satellite,
    contact: &impl Fn(&TrackPoint) -> bool,
    mut a: f64,
    mut b: f64,
    was: bool,
    refine: f64,
) -> Result<f64, PropagationError> {
    while b - a > refine {
        let m = 0.5 * (a + b);
        if contact(&sat.track_point(m)?) == was {
            a = m;
        } else {
            b = m;
        }
    }
    Ok(if was { a } else { b })
}

/// The first and last contact strictly between two outside samples, found by scanning at `refine`.
fn between(
    sat: &Satellite,
    contact: &impl Fn(&TrackPoint) -> bool,
    a: f64,
    b: f64,
    refine: f64,
) -> Result<Option<(f64, f64)>, PropagationError> {
    let mut t = a + refine;
    let mut first = None;
    let mut last = None;
    while t < b {
        if contact(&sat.track_point(t)?) {
            first.get_or_insert(t);
            last = Some(t);
        }
        t += refine;
    }
    Ok(first.zip(last))
}

/// Fills in a pass: the closest approach to the area's centre (golden-section
/// search on the slant range, to 0.5 s) and the angles then.
fn describe(sat: &Satellite, area: &Area, start: f64, end: f64) -> Result<Pass, PropagationError> {
    let centre = area.centre();
    let target = geodetic_to_ecef(centre);
    let range = |t: f64| -> Result<f64, PropagationError> {
        let r = sub(sat.ecef(t)?, target);
        Ok(dot(r, r))
    };
    let g = 0.618_033_988_749_895;
    let (mut a, mut b) = (start, end);
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (range(c)?, range(d)?);
    while b - a > 0.5 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = range(c)?;
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = range(d)?;
        }
    }
    let t = 0.5 * (a + b);
    let p = sat.track_point(t)?;
    let nadir = up(p.geodetic.lat_deg, p.geodetic.lon_deg).map(|x| -x);
    Ok(Pass {
        norad_id: sat.norad_id(),
        start_unix: start,
        end_unix: end,
        closest_unix: t,
        off_nadir_deg: angle_deg(nadir, sub(target, p.ecef)),
        elevation_deg: look(centre, p.ecef).elevation_deg,
        sun_elevation_deg: sun_elevation_deg(t, centre.lat_deg, centre.lon_deg),
        ascending: p.ascending,
    })
}

/// The bounding box of a few points.
fn bounds(points: &[Coord<f64>]) -> Rect<f64> {
    let (mut lo, mut hi) = (points[0], points[0]);
    for p in points {
        lo = Coord {
            x: lo.x.min(p.x),
            y: lo.y.min(p.y),
        };
        hi = Coord {
            x: hi.x.max(p.x),
            y: hi.y.max(p.y),
        };
    }
    Rect::new(lo, hi)
}

/// A unit vector of a latitude/longitude on the unit sphere.
fn unit(lat_deg: f64, lon_deg: f64) -> Vec3 {
    up(lat_deg, lon_deg)
}

/// The point `angle_rad` of arc from `from` along the great circle leaving at
/// `bearing_deg`, its longitude kept near `from`'s (never wrapped at ±180°).
fn destination(from: Coord<f64>, bearing_deg: f64, angle_rad: f64) -> Coord<f64> {
    let theta = bearing_deg.to_radians();
    let (p1, l1) = (from.y.to_radians(), from.x.to_radians());
    let p2 = (p1.sin() * angle_rad.cos() + p1.cos() * angle_rad.sin() * theta.cos()).asin();
    let dl =
        (theta.sin() * angle_rad.sin() * p1.cos()).atan2(angle_rad.cos() - p1.sin() * p2.sin());
    Coord {
        x: (l1 + dl).to_degrees(),
        y: p2.to_degrees(),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::elements::{Limits, parse_tle};
    use crate::fixture::geojson_area;
    use geo_types::{LineString, Polygon};

    /// 2025-10-03T00:00:00Z, the day of the demo element sets.
    const START: f64 = 1_759_449_600.0;

    /// The demo element sets.
    pub(crate) fn demo() -> Vec<Satellite> {
        let text = include_str!("../data/demo_2025-10-03.tle");
        parse_tle(text.as_bytes(), &Limits::default())
            .expect("demo parses")
            .iter()
            .map(|s| Satellite::new(s).expect("valid"))
            .collect()
    }

    pub(crate) fn hubei_polygon() -> MultiPolygon<f64> {
        geojson_area(include_str!(
            "../../../testdata/hubei_province_tianditu.geojson"
        ))
    }

    pub(crate) fn hubei() -> Area {
        Area::new(hubei_polygon()).expect("area")
    }

    fn jiangxia() -> Area {
        Area::new(geojson_area(include_str!(
            "../../../testdata/jiangxia_county_tianditu.geojson"
        )))
        .expect("area")
    }

    fn by_norad(sats: &[Satellite], id: u32) -> &Satellite {
        sats.iter()
            .find(|s| s.norad_id() == id)
            .expect("in the demo")
    }

    /// Contact windows by testing every second: the reference.
    fn brute_force(
        sat: &Satellite,
        area: &Area,
        reach: Reach,
        start: f64,
        end: f64,
        step: f64,
    ) -> Vec<(f64, f64)> {
        let mut out = Vec::new();
        let mut open: Option<(f64, f64)> = None;
        let mut t = start;
        while t <= end {
            let p = sat.track_point(t).expect("propagates");
            if area.contact(&p, reach.half_width_rad(p.geodetic.height_km)) {
                open = Some((open.map_or(t, |o| o.0), t));
            } else if let Some(w) = open.take() {
                out.push(w);
            }
            t += 1.0;
        }
        out.extend(open);
        // The documented rule: gaps shorter than a step do not split a pass.
        let mut merged: Vec<(f64, f64)> = Vec::new();
        for w in out {
            match merged.last_mut() {
                Some(last) if w.0 - last.1 < step => last.1 = w.1,
                _ => merged.push(w),
            }
        }
        merged
    }

    fn assert_same_windows(ours: &[Pass], reference: &[(f64, f64)], what: &str) {
        let got: Vec<(f64, f64)> = ours.iter().map(|p| (p.start_unix, p.end_unix)).collect();
        assert_eq!(
            got.len(),
            reference.len(),
            "{what}: {got:?} vs {reference:?}"
        );
        for (g, r) in got.iter().zip(reference) {
            assert!(
                (g.0 - r.0).abs() <= 1.5 && (g.1 - r.1).abs() <= 1.5,
                "{what}: {g:?} vs {r:?}"
            );
        }
    }

    #[test]
    fn pass_windows_match_brute_force_at_one_second() {
        let sats = demo();
        let area = hubei();
        let cases = [
            (39150, Reach::NADIR),
            (
                40118,
                Reach {
                    swath_km: 45.0,
                    max_off_nadir_deg: 0.0,
                },
            ),
            (
                39634,
                Reach {
                    swath_km: 250.0,
                    max_off_nadir_deg: 0.0,
                },
            ),
            (
                44703,
                Reach {
                    swath_km: 20.0,
                    max_off_nadir_deg: 25.0,
                },
            ),
        ];
        for (id, reach) in cases {
            let sat = by_norad(&sats, id);
            let start = START;
            let end = start + 2.0 * 86_400.0;
            let ours =
                passes(sat, &area, reach, start, end, &PassOptions::default()).expect("passes");
            let reference = brute_force(sat, &area, reach, start, end, DEFAULT_STEP_S);
            assert!(!reference.is_empty(), "{id} passes over Hubei in two days");
            assert_same_windows(&ours, &reference, &format!("NORAD {id} {reach:?}"));
        }
    }

    #[test]
    fn a_short_clip_of_a_small_county_between_samples_is_found() {
        // Jiangxia (about 40 km across) with a 60 s step: a nadir track
        // crosses it in under 10 s, so most passes fall between samples.
        let sats = demo();
        let area = jiangxia();
        let options = PassOptions {
            step_s: 60.0,
            refine_s: 1.0,
        };
        let start = START;
        let end = start + 4.0 * 86_400.0;
        let mut found = 0;
        for sat in sats
            .iter()
            .filter(|s| s.elements.mean_motion_rev_per_day > 14.0)
            .take(20)
        {
            let reach = Reach {
                swath_km: 10.0,
                max_off_nadir_deg: 0.0,
            };
            let ours = passes(sat, &area, reach, start, end, &options).expect("passes");
            let reference = brute_force(sat, &area, reach, start, end, options.step_s);
            found += reference.len();
            assert_same_windows(&ours, &reference, &format!("NORAD {}", sat.norad_id()));
        }
        assert!(found > 0, "some satellite crosses Jiangxia in four days");
    }

    #[test]
    fn the_reach_of_an_off_nadir_angle_is_the_spherical_ground_distance() {
        // 640 km up, 25° off nadir: asin(7011.0088/6371.0088 · sin 25°) − 25° = 2.7163° ≈ 302.0 km.
        let r = Reach {
            swath_km: 0.0,
            max_off_nadir_deg: 25.0,
        };
        let km = r.half_width_rad(640.0) * MEAN_RADIUS_KM;
        assert!((km - 302.0).abs() < 1.0, "{km}");
        let swath = Reach {
            swath_km: 60.0,
            max_off_nadir_deg: 0.0,
        };
        assert!((swath.half_width_rad(640.0) * MEAN_RADIUS_KM - 30.0).abs() < 1e-9);
        // Beyond the horizon the reach stops at the horizon.
        let all = Reach {
            swath_km: 0.0,
            max_off_nadir_deg: 89.0,
        };
        let horizon = (MEAN_RADIUS_KM / (MEAN_RADIUS_KM + 640.0)).acos();
        assert!((all.half_width_rad(640.0) - horizon).abs() < 1e-12);
    }

    #[test]
    fn optical_opportunities_are_daylit_and_radar_ones_are_all_passes() {
        let sats = demo();
        let area = hubei();
        let start = START;
        let end = start + 7.0 * 86_400.0;
        let reach = Reach {
            swath_km: 60.0,
            max_off_nadir_deg: 30.0,
        };
        let o = PassOptions::default();
        // GF-1 crosses the equator southbound at 10:30 local time.
        let gf1 = by_norad(&sats, 39150);
        let all = passes(gf1, &area, reach, start, end, &o).expect("passes");
        let optical = opportunities(gf1, &area, reach, SensorKind::Optical, 10.0, start, end, &o)
            .expect("opportunities");
        assert!(
            !optical.is_empty() && optical.len() < all.len(),
            "{} of {}",
            optical.len(),
            all.len()
        );
        for p in &optical {
            assert!(p.sun_elevation_deg >= 10.0 && !p.ascending, "{p:?}");
            // Off nadir η and elevation ε obey sin η = R/(R+h) cos ε on a sphere (0.3° on WGS 84).
            let h = gf1
                .sub_satellite_point(p.closest_unix)
                .expect("ssp")
                .height_km;
            let r = MEAN_RADIUS_KM;
            let eta = (r / (r + h) * p.elevation_deg.to_radians().cos())
                .asin()
                .to_degrees();
            assert!((eta - p.off_nadir_deg).abs() < 0.3, "{eta} {p:?}");
            assert!(p.start_unix <= p.closest_unix && p.closest_unix <= p.end_unix);
        }
        let radar = opportunities(gf1, &area, reach, SensorKind::Radar, 10.0, start, end, &o)
            .expect("radar");
        assert_eq!(radar, all);
    }

    #[test]
    fn the_off_nadir_angle_is_zero_when_the_centre_is_overhead() {
        // A tiny square around a sub-satellite point: the closest approach
        // is overhead, so off nadir ≈ 0 and elevation ≈ 90°.
        let sats = demo();
        let sat = by_norad(&sats, 39150);
        let t = sat.elements.epoch_unix + 3_000.0;
        let g = sat.sub_satellite_point(t).expect("ssp");
        let d = 0.05;
        let square = MultiPolygon(vec![Polygon::new(
            LineString::from(vec![
                (g.lon_deg - d, g.lat_deg - d),
                (g.lon_deg + d, g.lat_deg - d),
                (g.lon_deg + d, g.lat_deg + d),
                (g.lon_deg - d, g.lat_deg + d),
                (g.lon_deg - d, g.lat_deg - d),
            ]),
            vec![],
        )]);
        let area = Area::new(square).expect("area");
        let p = passes(
            sat,
            &area,
            Reach::NADIR,
            t - 600.0,
            t + 600.0,
            &PassOptions::default(),
        )
        .expect("passes");
        assert_eq!(p.len(), 1, "{p:?}");
        assert!((p[0].closest_unix - t).abs() < 2.0, "{p:?}");
        assert!(
            p[0].off_nadir_deg < 0.1 && p[0].elevation_deg > 89.5,
            "{p:?}"
        );
    }

    #[test]
    fn silly_steps_and_precisions_are_refused_or_bounded() {
        let sats = demo();
        let sat = by_norad(&sats, 39150);
        let area = hubei();
        let day = START + 86_400.0;
        for step_s in [0.0, -20.0, f64::NAN, 1e-3] {
            let o = PassOptions {
                step_s,
                refine_s: 1.0,
            };
            assert!(
                passes(sat, &area, Reach::NADIR, START, day, &o).is_err(),
                "{step_s}"
            );
        }
        assert!(
            passes(
                sat,
                &area,
                Reach::NADIR,
                day,
                START,
                &PassOptions::default()
            )
            .is_err()
        );
        // A precision finer than 10 ms is taken as 10 ms; NaN as the default.
        let fine = PassOptions {
            step_s: 20.0,
            refine_s: 1e-12,
        };
        let nan = PassOptions {
            step_s: 20.0,
            refine_s: f64::NAN,
        };
        let a = passes(sat, &area, Reach::NADIR, START, day, &fine).expect("fine");
        let b = passes(sat, &area, Reach::NADIR, START, day, &nan).expect("nan");
        assert_eq!(a.len(), b.len());
    }

    #[test]
    fn empty_and_bad_areas_are_refused() {
        assert_eq!(
            Area::new(MultiPolygon(vec![])).err(),
            Some(AreaError::Empty)
        );
        let bad = MultiPolygon(vec![Polygon::new(
            LineString::from(vec![(0.0, 0.0), (200.0, 0.0), (0.0, 1.0), (0.0, 0.0)]),
            vec![],
        )]);
        assert!(matches!(Area::new(bad), Err(AreaError::Coordinate(..))));
    }
}
