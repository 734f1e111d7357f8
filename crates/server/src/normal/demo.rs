//! The demo catalogue: plausible scenes of real satellites over China for the
//! last twelve months, cut along ground tracks that SGP4 propagates from each
//! satellite's public orbital facts (altitude, sun-synchronous node time).
//!
//! For each satellite, a coarse step over the year finds the passes near
//! China; a finer step finds where each pass is over the national outline;
//! a duty cycle (how much of those passes is imaged) is chosen per satellite
//! so the whole catalogue comes near the planned size; and scenes are cut at
//! scene length only where a pass is imaged. Optical scenes need daylight;
//! radar ones do not. Cloud cover follows season and region. Everything
//! follows from the plan: the same plan gives the same scenes.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use geo_kit::mask::Mask;
use geo_kit::orbit::{self, GroundPoint, MeanElements, Orbit};
use geo_types::{Coord, LineString, MultiPolygon, Polygon};
use time::OffsetDateTime;

use super::store::SceneRow;
use crate::catalogue::{self, Kind, Satellite};

/// What to generate.
#[derive(Debug, Clone)]
pub struct Plan {
    /// Unix seconds of "now": scenes cover the 365 days before the start of its UTC day.
    pub now: i64,
    /// Varies orbits' phases, cloud, sizes and availability.
    pub seed: u64,
    /// Catalogue values of the satellites flown.
    pub satellites: Vec<&'static str>,
    /// How many scenes to make; fewer come out only if the satellites cannot image that many.
    pub scenes: usize,
    /// The first `leading` satellites share the scenes first; the others are
    /// asked only for what those cannot image.
    pub leading: usize,
}

/// The satellites of the default demo: Chinese land satellites most searched
/// for, with Landsat, Sentinel-2 and Sentinel-1 for comparison.
pub const DEMO_SATELLITES: &[&str] = &[
    "GF1", "GF1B", "GF1C", "GF1D", "GF2", "GF6", "GF7", "ZY3-02", "ZY1-02D", "CB04A", "GF3",
    "LT1A", "JL1GF02A", "BJ2-01", "SV1-01", "L8", "L9", "S2A", "S2B", "S1A",
];

/// Scenes in the default demo catalogue.
pub const DEMO_SCENES: usize = 30_000;

impl Plan {
    /// The default demo catalogue as of `now`.
    pub fn demo(now: i64) -> Self {
        Self {
            now,
            seed: 5,
            satellites: DEMO_SATELLITES.to_vec(),
            scenes: DEMO_SCENES,
            leading: DEMO_SATELLITES.len(),
        }
    }

    /// `scenes` scenes, more than the demo's satellites image in a year (about
    /// 880,000): they image all they can and every other imaging satellite of
    /// the catalogue with a usable orbit makes the rest, so the demo's twenty
    /// still hold most of the catalogue, as in a real archive's busiest missions.
    pub fn large(now: i64, scenes: usize) -> Self {
        let others = catalogue::satellites()
            .iter()
            .filter(|s| !DEMO_SATELLITES.contains(&s.value) && Mission::new(s).is_some())
            .map(|s| s.value);
        Self {
            satellites: DEMO_SATELLITES.iter().copied().chain(others).collect(),
            scenes,
            ..Self::demo(now)
        }
    }
}

/// A rough outline of China (mainland, Hainan, Taiwan) for when the national
/// boundary has not been imported; the real one (region 100000) is better.
pub fn rough_china() -> MultiPolygon<f64> {
    let ring = |pts: &[(f64, f64)]| {
        let mut c: Vec<Coord<f64>> = pts.iter().map(|&(x, y)| Coord { x, y }).collect();
        c.push(c[0]);
        Polygon::new(LineString(c), Vec::new())
    };
    MultiPolygon(vec![
        ring(&[
            (73.5, 39.5),
            (75.0, 37.0),
            (78.5, 35.5),
            (79.0, 32.5),
            (81.0, 30.0),
            (85.0, 28.2),
            (89.0, 27.8),
            (92.0, 27.8),
            (97.0, 28.3),
            (98.5, 25.0),
            (97.6, 23.9),
            (99.5, 22.1),
            (101.7, 21.2),
            (103.0, 22.5),
            (106.7, 22.5),
            (108.0, 21.5),
            (110.0, 20.3),
            (113.0, 22.0),
            (117.0, 23.5),
            (119.5, 25.5),
            (121.5, 28.0),
            (122.0, 30.8),
            (120.8, 32.5),
            (119.3, 35.0),
            (122.5, 37.2),
            (117.7, 38.9),
            (121.0, 40.8),
            (121.2, 38.8),
            (124.3, 39.9),
            (128.2, 42.0),
            (130.5, 42.5),
            (131.3, 44.9),
            (134.7, 48.3),
            (127.5, 49.7),
            (125.0, 53.1),
            (121.0, 53.3),
            (119.8, 49.9),
            (117.8, 49.5),
            (116.5, 47.7),
            (119.9, 46.7),
            (115.0, 45.4),
            (111.9, 43.7),
            (105.0, 41.6),
            (97.0, 42.7),
            (96.4, 44.9),
            (91.0, 45.2),
            (90.7, 47.9),
            (87.8, 49.1),
            (85.7, 47.1),
            (82.6, 46.0),
            (80.0, 44.9),
            (80.3, 42.8),
            (76.0, 40.4),
        ]),
        ring(&[
            (108.6, 19.2),
            (109.5, 18.2),
            (111.0, 19.6),
            (110.5, 20.1),
            (109.6, 20.0),
        ]),
        ring(&[
            (120.1, 23.0),
            (120.9, 22.0),
            (121.9, 24.6),
            (121.5, 25.3),
            (120.7, 24.5),
        ]),
    ])
}

/// The scenes of a plan over `china`, oldest first; `len()` is exact before iterating.
pub fn generate(plan: &Plan, china: &MultiPolygon<f64>) -> Scenes {
    let mask = Mask::new(china, 0.1);
    let end = plan.now - plan.now.rem_euclid(86_400);
    let start = end - 365 * 86_400;
    let missions: Vec<(usize, Mission, bool)> = plan
        .satellites
        .iter()
        .enumerate()
        .filter_map(|(k, v)| Some((Mission::new(catalogue::satellite(v)?)?, k < plan.leading)))
        .enumerate()
        .map(|(i, (m, leads))| (i, m, leads))
        .collect();
    // Passes and full-duty counts per satellite, in parallel: the bulk of the work.
    let (mut flights, leads): (Vec<Flight>, Vec<bool>) = parallel(&missions, |(i, m, leads)| {
        Flight::survey(m.clone(), *i, plan.seed, start, end, &mask).map(|f| (f, *leads))
    })
    .into_iter()
    .flatten()
    .unzip();
    let full: Vec<f64> = flights.iter().map(|f| f.full_duty_scenes).collect();
    let target = plan.scenes as f64 * 1.02;
    let mut want = tiered_shares(&full, &leads, None, target);
    // The full-duty estimate ignores cameras off the outline and night at the
    // pass ends: count what each schedule really makes and correct it, twice.
    let mut asked = want.clone();
    let mut counts = Vec::new();
    for round in 0..3 {
        for (f, a) in flights.iter_mut().zip(&asked) {
            f.schedule(*a);
        }
        counts = parallel(&flights, |f| f.slots(&mask).count());
        if round > 0 && counts.iter().sum::<usize>() >= plan.scenes {
            break;
        }
        let led: usize = counts
            .iter()
            .zip(&leads)
            .filter(|(_, l)| **l)
            .map(|(c, _)| c)
            .sum();
        want = tiered_shares(&full, &leads, Some(led as f64), target);
        for ((a, w), &c) in asked.iter_mut().zip(&want).zip(&counts) {
            *a *= if c > 0 { (w / c as f64).min(4.0) } else { 4.0 };
        }
    }
    // Thin evenly to the planned total.
    let total: usize = counts.iter().sum();
    let keep = apportion(&counts, plan.scenes.min(total));
    let streams = flights
        .into_iter()
        .zip(counts.iter().zip(&keep))
        .map(|(flight, (&made, &keep))| Stream {
            flight,
            made,
            keep,
            seen: 0,
            kept: 0,
            pass: 0,
            buffer: VecDeque::new(),
        })
        .collect();
    Scenes::new(streams, mask, keep.iter().sum())
}

/// Generates a plan's scenes into the database as they come, in one
/// transaction (a bulk load for a large plan); answers how many.
pub fn store(
    conn: &mut rusqlite::Connection,
    plan: &Plan,
    china: &MultiPolygon<f64>,
) -> rusqlite::Result<usize> {
    super::store::insert_all(conn, generate(plan, china))
}

/// Runs `f` over `items` on every core, keeping the items' order.
fn parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(items.len().max(1));
    let chunk = items.len().div_ceil(workers).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(|| part.iter().map(&f).collect::<Vec<R>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Splits `target` scenes: the leading satellites share it first; the others
/// share what the leading ones make short of it (`led`, or their shares when
/// not yet counted).
fn tiered_shares(full: &[f64], leads: &[bool], led: Option<f64>, target: f64) -> Vec<f64> {
    let tier = |leading: bool| -> Vec<f64> {
        full.iter()
            .zip(leads)
            .filter(|(_, l)| **l == leading)
            .map(|(f, _)| *f)
            .collect()
    };
    let first = shares(&tier(true), target);
    let left = target - led.unwrap_or_else(|| first.iter().sum());
    let rest = shares(&tier(false), left.max(0.0));
    let (mut first, mut rest) = (first.into_iter(), rest.into_iter());
    leads
        .iter()
        .map(|&l| if l { first.next() } else { rest.next() }.unwrap_or(0.0))
        .collect()
}

/// Splits `target` scenes over satellites that can make at most `full` each:
/// equal shares, the surplus of those that cannot fill theirs going to the rest.
fn shares(full: &[f64], target: f64) -> Vec<f64> {
    let mut share = vec![0.0; full.len()];
    let mut open: Vec<usize> = (0..full.len()).filter(|&i| full[i] > 0.0).collect();
    let mut left = target;
    while !open.is_empty() && left > 0.5 {
        let each = left / open.len() as f64;
        let (capped, rest): (Vec<usize>, Vec<usize>) =
            open.iter().partition(|&&i| full[i] - share[i] <= each);
        if capped.is_empty() {
            for &i in &rest {
                share[i] += each;
            }
            break;
        }
        for &i in &capped {
            left -= full[i] - share[i];
            share[i] = full[i];
        }
        open = rest;
    }
    share
}

/// Splits `total` over satellites in proportion to what each made (largest remainders).
fn apportion(made: &[usize], total: usize) -> Vec<usize> {
    let sum: usize = made.iter().sum();
    if sum == 0 {
        return vec![0; made.len()];
    }
    let exact: Vec<f64> = made
        .iter()
        .map(|&m| m as f64 * total as f64 / sum as f64)
        .collect();
    let mut keep: Vec<usize> = exact.iter().map(|e| e.floor() as usize).collect();
    let mut order: Vec<usize> = (0..made.len()).collect();
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())));
    let short = total - keep.iter().sum::<usize>();
    for &i in order.iter().take(short) {
        keep[i] += 1;
    }
    keep
}

/// One way of imaging: cameras side by side, each making its own scenes.
#[derive(Debug, Clone)]
struct Mode {
    /// Sensor ids, west to east as flown northbound.
    sensors: Vec<&'static str>,
    /// Width of one camera's scene, km.
    width_km: f64,
    /// Ground resolution, m.
    resolution_m: f64,
}

/// A satellite as the generator flies it.
#[derive(Debug, Clone)]
struct Mission {
    satellite: &'static Satellite,
    radar: bool,
    altitude_km: f64,
    /// Inclination for orbits that are not sun-synchronous.
    inclination: Option<f64>,
    /// Local mean time of the descending node, hours.
    descending_node: f64,
    modes: Vec<Mode>,
}

/// Swath of one sensor or mode where it differs from the satellite's figure, km.
fn sensor_width(satellite: &str, sensor: &str) -> Option<f64> {
    Some(match (satellite, sensor) {
        ("GF1", "PMS1" | "PMS2") => 32.0,
        ("GF1", _) => 200.0,
        ("GF2", _) => 23.0,
        ("BJ2-01" | "BJ2-02" | "BJ2-03", _) => 24.0,
        ("GF6", "WFV") => 800.0,
        ("CB04A", "WFI") => 685.0,
        ("ZY1-02D" | "ZY1-02E", "AHSI") | ("GF5" | "GF5-02", _) => 60.0,
        ("GF3" | "GF3-02" | "GF3-03", mode) => match mode {
            "SL" => 10.0,
            "UFS" | "QPSI" => 30.0,
            "FSI" => 50.0,
            "FSII" => 100.0,
            "SS" => 130.0,
            "NSC" => 300.0,
            "WSC" => 500.0,
            "QPSII" => 40.0,
            "EXT" => 80.0,
            _ => return None,
        },
        ("LT1A" | "LT1B", "STRIP1") => 50.0,
        ("LT1A" | "LT1B", "SCAN") => 350.0,
        ("L5" | "L7" | "L8" | "L9", _) => 185.0,
        ("S2A" | "S2B" | "S2C", _) => 290.0,
        ("S1A" | "S1B" | "S1C", mode) => match mode {
            "SM" => 80.0,
            "IW" => 250.0,
            "EW" => 400.0,
            _ => return None,
        },
        _ => return None,
    })
}

/// Cameras that image side by side, as one mode.
fn side_by_side(satellite: &str) -> &'static [&'static [&'static str]] {
    match satellite {
        "GF1" => &[&["PMS1", "PMS2"], &["WFV1", "WFV2", "WFV3", "WFV4"]],
        "GF2" => &[&["PMS1", "PMS2"]],
        _ => &[],
    }
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
    fn new(s: &'static Satellite) -> Option<Self> {
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
            let width_km = sensor_width(s.value, id).or(s.swath_km)?;
            Some((width_km, resolution_m))
        };
        let grouped = side_by_side(s.value);
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

/// A stretch of a pass over China.
#[derive(Debug, Clone)]
struct Pass {
    from: f64,
    to: f64,
    /// Set by the schedule: which mode images it, and the imaged stretch.
    mode: usize,
    imaged: Option<(f64, f64)>,
    /// Cloudiness of the weather met on this pass, around 1.
    weather: f64,
}

/// A satellite's year: its orbit and the passes over China.
struct Flight {
    mission: Mission,
    index: usize,
    seed: u64,
    orbit: Orbit,
    epoch: f64,
    period_s: f64,
    /// Ground speed of the sub-satellite point, km/s.
    ground_speed: f64,
    /// Argument of latitude at the epoch, degrees.
    phase: f64,
    passes: Vec<Pass>,
    full_duty_scenes: f64,
}

/// Sun elevation below which optical scenes are not taken, degrees.
const MIN_SUN_ELEVATION: f64 = 10.0;
/// Coarse step to find passes near China, seconds.
const COARSE_STEP: f64 = 240.0;
/// Step along a pass to find where it is over China, seconds.
const FINE_STEP: f64 = 20.0;

impl Flight {
    /// Propagates a satellite over [start, end) and finds its passes over China.
    fn survey(
        mission: Mission,
        index: usize,
        seed: u64,
        start: i64,
        end: i64,
        mask: &Mask,
    ) -> Option<Self> {
        let epoch = end as f64;
        let phase = unit(hash(&[seed, index as u64, 1])) * 360.0;
        let elements = match mission.inclination {
            Some(i) => MeanElements::circular(
                epoch,
                mission.altitude_km,
                i,
                unit(hash(&[seed, index as u64, 2])) * 360.0,
                phase,
            ),
            None => MeanElements::sun_synchronous(
                epoch,
                mission.altitude_km,
                mission.descending_node,
                phase,
            )
            .ok()?,
        };
        let orbit = Orbit::new(&elements).ok()?;
        let period_s = orbit::period_minutes(mission.altitude_km) * 60.0;
        let mut flight = Self {
            ground_speed: std::f64::consts::TAU * orbit::EARTH_RADIUS_KM / period_s,
            mission,
            index,
            seed,
            orbit,
            epoch,
            period_s,
            phase,
            passes: Vec::new(),
            full_duty_scenes: 0.0,
        };
        flight.find_passes(start as f64, end as f64, mask);
        Some(flight)
    }

    fn find_passes(&mut self, start: f64, end: f64, mask: &Mask) {
        // Near China: the outline's box grown by more than half a coarse step of track.
        let near = |g: &GroundPoint| (59.0..149.0).contains(&g.lon) && (8.0..64.0).contains(&g.lat);
        let mut t = start;
        let mut run: Option<f64> = None;
        while t < end {
            let ground = self.orbit.ground(t);
            let inside = ground.is_some_and(|g| near(&g));
            match (inside, run) {
                (true, None) => run = Some(t),
                (false, Some(first)) => {
                    self.refine(first - COARSE_STEP, t, mask);
                    run = None;
                }
                _ => {}
            }
            // South of the band, the track needs at least as many degrees along the
            // orbit as of latitude to come back to it (|lat| ≤ |u|): skip them.
            let skip = ground
                .filter(|g| g.lat < 0.0)
                .map_or(0.0, |g| (8.0 - g.lat) / 360.0 * self.period_s);
            t += COARSE_STEP.max(skip);
        }
        let cameras_per_km: f64 = self
            .mission
            .modes
            .iter()
            .map(|m| m.sensors.len() as f64 / m.width_km)
            .sum::<f64>()
            / self.mission.modes.len() as f64;
        self.full_duty_scenes = self
            .passes
            .iter()
            .map(|p| (p.to - p.from) * self.ground_speed * cameras_per_km)
            .sum();
    }

    /// Steps along a pass and records the stretches over China (daylit ones for optical).
    fn refine(&mut self, from: f64, to: f64, mask: &Mask) {
        let middle = (from + to) / 2.0;
        // Deep night over the middle of the window: nothing in it is daylit.
        if !self.mission.radar
            && self.orbit.ground(middle).is_some_and(|g| {
                orbit::sun_elevation(middle, g.lon, g.lat) < MIN_SUN_ELEVATION - 35.0
            })
        {
            return;
        }
        let mut t = from;
        let mut open: Option<f64> = None;
        while t <= to {
            let over = self
                .orbit
                .ground(t)
                .is_some_and(|g| mask.contains(g.lon, g.lat) && self.lit(t, &g));
            match (over, open) {
                (true, None) => open = Some(t),
                (false, Some(first)) => {
                    self.push_pass(first - FINE_STEP / 2.0, t - FINE_STEP / 2.0);
                    open = None;
                }
                _ => {}
            }
            t += FINE_STEP;
        }
        if let Some(first) = open {
            self.push_pass(first - FINE_STEP / 2.0, t - FINE_STEP / 2.0);
        }
    }

    fn push_pass(&mut self, from: f64, to: f64) {
        self.passes.push(Pass {
            from,
            to,
            mode: 0,
            imaged: None,
            weather: 1.0,
        });
    }

    /// Whether a scene here could be taken: radar always, optical in daylight.
    fn lit(&self, t: f64, g: &GroundPoint) -> bool {
        self.mission.radar || orbit::sun_elevation(t, g.lon, g.lat) > MIN_SUN_ELEVATION
    }

    /// Chooses which passes are imaged, and how much of each, to make about `share` scenes.
    fn schedule(&mut self, share: f64) {
        let duty = if self.full_duty_scenes > 0.0 {
            (share / self.full_duty_scenes).min(1.0)
        } else {
            0.0
        };
        // Image a pass with probability q, a stretch duty/q of it long: with
        // q = √duty, a sparse schedule takes short strips on many passes
        // rather than whole passes on a few.
        let q = duty.sqrt();
        let fraction = if q > 0.0 { duty / q } else { 0.0 };
        let (seed, index, modes) = (self.seed, self.index as u64, self.mission.modes.len());
        for (k, p) in self.passes.iter_mut().enumerate() {
            let h = |salt: u64| unit(hash(&[seed, index, k as u64, salt]));
            p.mode = ((h(3) * modes as f64) as usize).min(modes - 1);
            p.weather = 0.5 + h(4);
            p.imaged = (h(5) < q).then(|| {
                let length = (p.to - p.from) * fraction;
                let start = p.from + (p.to - p.from - length) * h(6);
                (start, start + length)
            });
        }
    }

    /// Every scene this flight makes, in time order.
    fn slots<'a>(&'a self, mask: &'a Mask) -> impl Iterator<Item = Slot> + 'a {
        self.passes
            .iter()
            .enumerate()
            .flat_map(move |(k, p)| self.pass_slots(k, p, mask))
    }

    fn pass_slots(&self, k: usize, p: &Pass, mask: &Mask) -> Vec<Slot> {
        let Some((from, to)) = p.imaged else {
            return Vec::new();
        };
        let mode = &self.mission.modes[p.mode];
        let step = mode.width_km / self.ground_speed;
        let n = ((to - from) / step).round().max(1.0) as usize;
        let mut slots = Vec::new();
        for i in 0..n {
            let t = from + (i as f64 + 0.5) * step;
            let Some(g) = self.orbit.ground(t) else {
                continue;
            };
            let cameras = mode.sensors.len();
            for (c, _) in mode.sensors.iter().enumerate() {
                // Camera c of a row of cameras, centred on the track; east is to the
                // right northbound and to the left southbound.
                let offset = (c as f64 - (cameras as f64 - 1.0) / 2.0) * mode.width_km;
                let north = g.heading.to_radians().cos() >= 0.0;
                let side = if north { 90.0 } else { -90.0 };
                let centre = if offset == 0.0 {
                    Coord { x: g.lon, y: g.lat }
                } else {
                    orbit::destination(Coord { x: g.lon, y: g.lat }, g.heading + side, offset)
                };
                let here = GroundPoint {
                    lon: centre.x,
                    lat: centre.y,
                    ..g
                };
                if mask.contains(centre.x, centre.y) && self.lit(t, &here) {
                    slots.push(Slot {
                        t,
                        pass: k,
                        row_in_pass: i,
                        camera: c,
                        centre,
                        heading: g.heading,
                    });
                }
            }
        }
        slots
    }

    /// The scene row of a slot, the `serial`-th this satellite keeps.
    fn row(&self, s: &Slot, serial: usize) -> SceneRow {
        let pass = &self.passes[s.pass];
        let mode = &self.mission.modes[pass.mode];
        let sensor = mode.sensors[s.camera];
        let sat = self.mission.satellite;
        let h = |salt: u64| {
            unit(hash(&[
                self.seed,
                self.index as u64,
                s.pass as u64,
                s.row_in_pass as u64,
                s.camera as u64,
                salt,
            ]))
        };
        let acquired_at = s.t.floor() as i64;
        let quad = orbit::scene_quad(s.centre, s.heading, mode.width_km, mode.width_km);
        let mut ring = quad.to_vec();
        ring.push(quad[0]);
        let cloud = if self.mission.radar {
            0.0
        } else {
            let mean = (mean_cloud(s.centre, acquired_at) * pass.weather).clamp(3.0, 90.0);
            // u^a has mean 1/(a+1): skewed towards clear, with the region's mean.
            let a = (100.0 - mean) / mean;
            (100.0 * h(7).powf(a) * 10.0).round() / 10.0
        };
        // Argument of latitude: where along the orbit the scene is, from the ascending node.
        let turns = (self.phase / 360.0) + (s.t - self.epoch) / self.period_s;
        let orbit_number = (turns.floor() as i64 + 80_000).max(1);
        let row = ((turns - turns.floor()) * 248.0).floor() as i64 + 1;
        let age_days = (self.epoch - s.t) / 86_400.0;
        let online = h(8) < if age_days < 90.0 { 0.9 } else { 0.3 };
        let pixels = (mode.width_km * 1_000.0 / mode.resolution_m).powi(2);
        let bands = if self.mission.radar { 2.0 } else { 4.0 };
        let size_mb =
            (pixels * bands * 2.0 / 1.0e6 / 3.0 * (0.9 + 0.2 * h(9))).clamp(20.0, 8_000.0);
        let names = Names {
            satellite: sat.value,
            sensor,
            t: acquired_at,
            centre: s.centre,
            orbit_number,
            row,
            // Unique per satellite, in the ten digits real product numbers have.
            serial: hash(&[self.seed, self.index as u64]) % 4_000_000_000 + serial as u64,
        };
        let (scene_id, file_name, level, path) = names.style();
        SceneRow {
            fid: 0,
            quicklook: Some(super::quicklook::url(&scene_id)),
            scene_id,
            file_name,
            satellite: sat.value.to_owned(),
            sensor: sensor.to_owned(),
            acquired_at,
            cloud,
            resolution_m: Some(mode.resolution_m),
            product_level: Some(level.to_owned()),
            path: Some(path),
            row: Some(row),
            size_mb: Some((size_mb * 10.0).round() / 10.0),
            online,
            demo: true,
            footprint: Polygon::new(LineString(ring), Vec::new()),
        }
    }
}

/// One scene to make: when, where, and which camera.
#[derive(Debug, Clone, Copy)]
struct Slot {
    t: f64,
    pass: usize,
    row_in_pass: usize,
    camera: usize,
    centre: Coord<f64>,
    heading: f64,
}

/// Mean cloud cover (percent) at a place and time: wet summers in the south,
/// the Sichuan basin cloudy all year, the north-west and Inner Mongolia clear.
pub fn mean_cloud(at: Coord<f64>, unix: i64) -> f64 {
    let day = OffsetDateTime::from_unix_timestamp(unix).map_or(1.0, |t| f64::from(t.ordinal()));
    // +1 in mid-July, −1 in mid-January.
    let summer = ((day - 196.0) / 365.25 * std::f64::consts::TAU).cos();
    let (lon, lat) = (at.x, at.y);
    if (102.5..108.5).contains(&lon) && (28.0..32.5).contains(&lat) {
        70.0 + 5.0 * summer
    } else if (lon < 105.0 && lat > 36.0) || (lon < 120.0 && lat > 40.0) {
        15.0 + 5.0 * summer
    } else if lon < 100.0 {
        // The Tibetan plateau: summer monsoon clouds.
        30.0 + 15.0 * summer
    } else if lat < 32.0 {
        42.0 + 22.0 * summer
    } else {
        30.0 + 12.0 * summer
    }
}

/// What a scene's names are made of.
struct Names {
    satellite: &'static str,
    sensor: &'static str,
    t: i64,
    centre: Coord<f64>,
    orbit_number: i64,
    row: i64,
    serial: u64,
}

impl Names {
    /// Product id, file name, product level and path in the style of the mission.
    fn style(&self) -> (String, String, &'static str, i64) {
        let t = OffsetDateTime::from_unix_timestamp(self.t).unwrap_or(OffsetDateTime::UNIX_EPOCH);
        let day = format!("{:04}{:02}{:02}", t.year(), u8::from(t.month()), t.day());
        let clock = format!("{day}T{:02}{:02}{:02}", t.hour(), t.minute(), t.second());
        let (lon, lat) = (self.centre.x, self.centre.y);
        let (sat, sensor) = (self.satellite, self.sensor);
        match sat {
            "L5" | "L7" | "L8" | "L9" => {
                let prefix = match sat {
                    "L5" => "LT05",
                    "L7" => "LE07",
                    "L8" => "LC08",
                    _ => "LC09",
                };
                // WRS-2 has 233 paths; scenes are processed some days later.
                let path = self.orbit_number.rem_euclid(233) + 1;
                let later = OffsetDateTime::from_unix_timestamp(self.t + 9 * 86_400)
                    .unwrap_or(OffsetDateTime::UNIX_EPOCH);
                let id = format!(
                    "{prefix}_L1TP_{path:03}{:03}_{day}_{:04}{:02}{:02}_02_T1",
                    self.row,
                    later.year(),
                    u8::from(later.month()),
                    later.day()
                );
                (id.clone(), format!("{id}.tar"), "L1TP", path)
            }
            "S2A" | "S2B" | "S2C" => {
                let relative = self.orbit_number.rem_euclid(143) + 1;
                let id = format!(
                    "{sat}_MSIL1C_{clock}_N0511_R{relative:03}_T{}_{clock}",
                    mgrs_tile(lon, lat)
                );
                (id.clone(), format!("{id}.SAFE.zip"), "L1C", relative)
            }
            "S1A" | "S1B" | "S1C" => {
                let relative = self.orbit_number.rem_euclid(175) + 1;
                let stop = OffsetDateTime::from_unix_timestamp(self.t + 25)
                    .unwrap_or(OffsetDateTime::UNIX_EPOCH);
                let id = format!(
                    "{sat}_{sensor}_GRDH_1SDV_{clock}_{day}T{:02}{:02}{:02}_{:06}_{:06X}_{:04X}",
                    stop.hour(),
                    stop.minute(),
                    stop.second(),
                    self.orbit_number,
                    self.serial % 0xFF_FFFF,
                    self.serial % 0xFFFF
                );
                (id.clone(), format!("{id}.SAFE.zip"), "GRD", relative)
            }
            "GF3" | "GF3-02" | "GF3-03" => {
                let id = format!(
                    "{}_MYN_{sensor}_{:06}_E{lon:.1}_N{lat:.1}_{day}_L1A_HHHV_L1{:010}",
                    sat.replace('-', ""),
                    self.orbit_number,
                    self.serial
                );
                (id.clone(), format!("{id}.tar.gz"), "L1A", self.orbit_number)
            }
            "LT1A" | "LT1B" => {
                let id = format!(
                    "{sat}_MONO_KSC_{sensor}_{:06}_E{lon:.1}_N{lat:.1}_{day}_SLC_HH_L1A_{:010}",
                    self.orbit_number, self.serial
                );
                (id.clone(), format!("{id}.tar.gz"), "L1A", self.orbit_number)
            }
            _ => {
                let id = format!(
                    "{}_{sensor}_E{lon:.1}_N{lat:.1}_{day}_L1A{:010}",
                    sat.replace('-', ""),
                    self.serial
                );
                (id.clone(), format!("{id}.tar.gz"), "L1A", self.orbit_number)
            }
        }
    }
}

/// The Sentinel-2 (MGRS) tile holding a point, e.g. `50RKU`.
fn mgrs_tile(lon: f64, lat: f64) -> String {
    const BANDS: &[u8] = b"CDEFGHJKLMNPQRSTUVWX";
    const ROWS: &[u8] = b"ABCDEFGHJKLMNPQRSTUV";
    const COLUMNS: [&[u8]; 3] = [b"ABCDEFGH", b"JKLMNPQR", b"STUVWXYZ"];
    let zone = (((lon + 180.0) / 6.0).floor() as i64).clamp(0, 59) + 1;
    let band = BANDS[(((lat + 80.0) / 8.0).floor() as usize).min(BANDS.len() - 1)] as char;
    // Transverse Mercator on the WGS84 ellipsoid to the second order in the
    // distance from the central meridian: enough to pick the 100 km square.
    let (a, e2, k0) = (6_378_137.0, 0.006_694_38, 0.9996);
    let phi = lat.to_radians();
    let dl = (lon - (zone as f64 * 6.0 - 183.0)).to_radians();
    let nu = a / (1.0 - e2 * phi.sin().powi(2)).sqrt();
    let arc = a
        * ((1.0 - e2 / 4.0 - 3.0 * e2 * e2 / 64.0) * phi
            - (3.0 * e2 / 8.0 + 3.0 * e2 * e2 / 32.0) * (2.0 * phi).sin()
            + 15.0 * e2 * e2 / 256.0 * (4.0 * phi).sin());
    let along = phi.cos() * dl;
    let easting = k0 * nu * (along + along.powi(3) / 6.0 * (1.0 - phi.tan().powi(2))) + 500_000.0;
    let northing = k0 * (arc + nu * phi.tan() * along * along / 2.0);
    let set = ((zone - 1) % 3) as usize;
    let column = COLUMNS[set][((easting / 100_000.0).floor() as usize).clamp(1, 8) - 1] as char;
    let shift = if zone % 2 == 0 { 5 } else { 0 };
    let row = ROWS[((northing / 100_000.0).floor() as usize + shift) % 20] as char;
    format!("{zone:02}{band}{column}{row}")
}

/// SplitMix64 over a list of words: the generator's only source of variety.
fn hash(words: &[u64]) -> u64 {
    let mut h = 0x9E37_79B9_7F4A_7C15_u64;
    for &w in words {
        h ^= w;
        h = h.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = h;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        h = z ^ (z >> 31);
    }
    h
}

/// A hash as a number in [0, 1).
fn unit(h: u64) -> f64 {
    (h >> 11) as f64 / (1_u64 << 53) as f64
}

/// One satellite's scenes, thinned evenly to `keep` of the `made`.
struct Stream {
    flight: Flight,
    made: usize,
    keep: usize,
    /// Slots seen so far, and kept so far.
    seen: usize,
    kept: usize,
    pass: usize,
    buffer: VecDeque<Slot>,
}

impl Stream {
    /// The next kept slot, in time order, with its serial number among the kept.
    fn next_slot(&mut self, mask: &Mask) -> Option<(Slot, usize)> {
        let made = self.made.max(1);
        while self.kept < self.keep {
            while self.buffer.is_empty() {
                let p = self.flight.passes.get(self.pass)?;
                self.buffer
                    .extend(self.flight.pass_slots(self.pass, p, mask));
                self.pass += 1;
            }
            let slot = self.buffer.pop_front()?;
            let i = self.seen;
            self.seen += 1;
            // Slot i is kept when it reaches the next of `keep` evenly spaced marks.
            if (i + 1) * self.keep / made > i * self.keep / made {
                self.kept += 1;
                return Some((slot, self.kept));
            }
        }
        None
    }
}

/// The demo scenes, merged across satellites in acquisition order.
pub struct Scenes {
    streams: Vec<Stream>,
    mask: Mask,
    heap: BinaryHeap<Reverse<(i64, usize)>>,
    pending: Vec<Option<(Slot, usize)>>,
    left: usize,
}

impl Scenes {
    fn new(streams: Vec<Stream>, mask: Mask, total: usize) -> Self {
        let mut s = Self {
            pending: vec![None; streams.len()],
            streams,
            mask,
            heap: BinaryHeap::new(),
            left: total,
        };
        for i in 0..s.streams.len() {
            s.refill(i);
        }
        s
    }

    fn refill(&mut self, i: usize) {
        if let Some((slot, serial)) = self.streams[i].next_slot(&self.mask) {
            self.heap.push(Reverse(((slot.t * 1_000.0) as i64, i)));
            self.pending[i] = Some((slot, serial));
        }
    }
}

impl Iterator for Scenes {
    type Item = SceneRow;

    fn next(&mut self) -> Option<SceneRow> {
        let Reverse((_, i)) = self.heap.pop()?;
        let (slot, serial) = self.pending[i].take()?;
        let row = self.streams[i].flight.row(&slot, serial);
        self.refill(i);
        self.left = self.left.saturating_sub(1);
        Some(row)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Scenes {}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use geo::{BoundingRect, Intersects};

    /// 2025-10-03T12:00:00Z.
    const NOW: i64 = 1_759_492_800;

    fn small(seed: u64) -> Plan {
        Plan {
            now: NOW,
            seed,
            satellites: vec!["GF1", "GF2", "GF3", "L8", "S2A", "S1A"],
            scenes: 3_000,
            leading: 6,
        }
    }

    #[test]
    fn the_same_plan_gives_the_same_scenes_and_another_seed_others() {
        let china = rough_china();
        let a: Vec<SceneRow> = generate(&small(1), &china).collect();
        let b: Vec<SceneRow> = generate(&small(1), &china).collect();
        let c: Vec<SceneRow> = generate(&small(2), &china).collect();
        assert_eq!(a.len(), 3_000);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }

    #[test]
    fn leading_satellites_share_first_and_the_others_make_only_what_they_cannot() {
        let full = [10.0, 10.0, 100.0, 100.0];
        let leads = [true, true, false, false];
        assert_eq!(
            tiered_shares(&full, &leads, None, 15.0),
            [7.5, 7.5, 0.0, 0.0]
        );
        assert_eq!(
            tiered_shares(&full, &leads, None, 60.0),
            [10.0, 10.0, 20.0, 20.0]
        );
        // Counted: the leading ones made 16, not the 20 estimated.
        assert_eq!(
            tiered_shares(&full, &leads, Some(16.0), 60.0),
            [10.0, 10.0, 22.0, 22.0]
        );
        let plan = Plan {
            leading: 2,
            ..small(1)
        };
        let satellites: HashSet<String> = generate(&plan, &rough_china())
            .map(|s| s.satellite)
            .collect();
        assert_eq!(
            satellites,
            HashSet::from(["GF1".to_owned(), "GF2".to_owned()])
        );
    }

    #[test]
    fn scenes_are_valid_over_china_daylit_when_optical_and_as_wide_as_the_swath() {
        let china = rough_china();
        let scenes = generate(&small(3), &china);
        assert_eq!(scenes.len(), 3_000);
        let scenes: Vec<SceneRow> = scenes.collect();
        let end = NOW - NOW.rem_euclid(86_400);
        let mut ids = HashSet::new();
        let mut satellites = HashSet::new();
        for s in &scenes {
            assert!(ids.insert(s.scene_id.clone()), "repeated id {}", s.scene_id);
            satellites.insert(s.satellite.clone());
            assert!(s.demo);
            assert!((end - 365 * 86_400..end).contains(&s.acquired_at));
            assert!((0.0..=100.0).contains(&s.cloud));
            assert!(
                catalogue::sensors_of(&s.satellite)
                    .is_some_and(|sensors| sensors.iter().any(|x| x.id == s.sensor)),
                "{} {}",
                s.satellite,
                s.sensor
            );
            let ring = &s.footprint.exterior().0;
            assert_eq!(ring.len(), 5);
            assert_eq!(ring[0], ring[4]);
            assert!(
                geo_kit::validity::check_polygon(&s.footprint).is_ok(),
                "{}",
                s.scene_id
            );
            // Counter-clockwise, as GeoJSON wants an exterior ring.
            assert!(geo::Area::signed_area(&s.footprint) > 0.0, "{}", s.scene_id);
            assert!(
                s.footprint.intersects(&china),
                "{} not over China",
                s.scene_id
            );
            let bbox = s.footprint.bounding_rect().expect("box");
            assert!(bbox.width() < 15.0 && bbox.height() < 10.0);
            // The top edge runs across the track: the scene's width.
            let width = orbit::distance_km(ring[0], ring[3]);
            let swath = Mission::new(catalogue::satellite(&s.satellite).expect("satellite"))
                .expect("mission")
                .modes
                .iter()
                .find(|m| m.sensors.contains(&s.sensor.as_str()))
                .expect("mode")
                .width_km;
            assert!(
                (width / swath - 1.0).abs() < 0.1,
                "{} km for {swath} km",
                width
            );
            let centre = Coord {
                x: ring[..4].iter().map(|c| c.x).sum::<f64>() / 4.0,
                y: ring[..4].iter().map(|c| c.y).sum::<f64>() / 4.0,
            };
            if !matches!(s.satellite.as_str(), "GF3" | "S1A") {
                let sun = orbit::sun_elevation(s.acquired_at as f64, centre.x, centre.y);
                assert!(sun > MIN_SUN_ELEVATION - 1.0, "{} at sun {sun}", s.scene_id);
            } else {
                assert_eq!(s.cloud, 0.0);
            }
        }
        assert_eq!(satellites.len(), 6);
        assert!(
            scenes
                .windows(2)
                .all(|w| w[0].acquired_at <= w[1].acquired_at)
        );
    }

    #[test]
    fn southern_summers_are_cloudier_than_north_western_winters() {
        let scenes: Vec<SceneRow> = generate(&small(4), &rough_china()).collect();
        let mean = |keep: &dyn Fn(&SceneRow, u8) -> bool| {
            let picked: Vec<f64> = scenes
                .iter()
                .filter(|s| s.cloud > 0.0 || !matches!(s.satellite.as_str(), "GF3" | "S1A"))
                .filter(|s| {
                    let month = OffsetDateTime::from_unix_timestamp(s.acquired_at)
                        .expect("time")
                        .month();
                    keep(s, u8::from(month))
                })
                .map(|s| s.cloud)
                .collect();
            assert!(picked.len() > 20, "{} scenes", picked.len());
            picked.iter().sum::<f64>() / picked.len() as f64
        };
        let ring = |s: &SceneRow| s.footprint.exterior().0[0];
        let south_summer = mean(&|s, m| ring(s).y < 30.0 && (6..=8).contains(&m));
        let north_west_winter =
            mean(&|s, m| ring(s).x < 100.0 && ring(s).y > 36.0 && (m == 12 || m <= 2));
        assert!(
            south_summer > north_west_winter + 15.0,
            "{south_summer} vs {north_west_winter}"
        );
    }

    #[test]
    fn file_names_follow_each_mission() {
        let scenes: Vec<SceneRow> = generate(&small(5), &rough_china()).collect();
        let first = |sat: &str| {
            scenes
                .iter()
                .find(|s| s.satellite == sat)
                .map(|s| s.file_name.clone())
                .expect("a scene")
        };
        assert!(first("GF1").starts_with("GF1_"), "{}", first("GF1"));
        assert!(first("GF1").ends_with(".tar.gz"));
        assert!(first("L8").starts_with("LC08_L1TP_"), "{}", first("L8"));
        assert!(first("S2A").starts_with("S2A_MSIL1C_"), "{}", first("S2A"));
        assert!(first("S1A").starts_with("S1A_"), "{}", first("S1A"));
        assert!(first("GF3").starts_with("GF3_MYN_"), "{}", first("GF3"));
        assert_eq!(mgrs_tile(114.3, 30.6), "50RKU");
    }

    #[test]
    fn the_default_demo_is_tens_of_thousands_of_scenes() {
        let started = std::time::Instant::now();
        let scenes = generate(&Plan::demo(NOW), &rough_china());
        let n = scenes.len();
        let satellites: HashSet<String> = scenes.map(|s| s.satellite).collect();
        eprintln!(
            "{n} scenes of {} satellites in {:?}",
            satellites.len(),
            started.elapsed()
        );
        assert_eq!(n, DEMO_SCENES);
        assert_eq!(satellites.len(), DEMO_SATELLITES.len());
    }
}
