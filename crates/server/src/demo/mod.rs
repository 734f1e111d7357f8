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
//!
//! Satellite facts (orbits, sensors, swaths) come from `catalogue`; scenes
//! are written through `normal::store`. Only start-up (`--demo`), the CLI
//! (`rscloud demo scenes`), benches and tests use this module: `normal` and
//! every route work the same without it.

mod clouds;
mod mission;
mod names;
pub mod quicklook;
pub mod spots;

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use geo_kit::mask::Mask;
use geo_kit::orbit::{self, GroundPoint, MeanElements, Orbit};
use geo_types::{Coord, LineString, MultiPolygon, Polygon};

use crate::catalogue;
use crate::normal::store::{self, SceneRow};
use clouds::mean_cloud;
use mission::Mission;
use names::Names;

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
    store::insert_all(conn, generate(plan, china))
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
            quicklook: Some(crate::normal::quicklook::url(&scene_id)),
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
mod tests;
