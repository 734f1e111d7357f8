//! Demo spots: plausible monitoring spots of the eight themes over eight batches, inside the
//! imported county boundaries, so statistics and trends show real variation:
//!
//! - 光伏: farms appear batch after batch, more and larger each batch in the north-west
//!   (新疆, 甘肃, 青海, 宁夏, 内蒙古); 风电: farms in the north and along the coasts;
//! - 钢铁厂: the real plants of the Global Iron and Steel Tracker, demolished (拆除) or partly
//!   demolished (部分拆除) more often batch after batch, so capacity shrinks; wind and PV start
//!   from the real plants of WRI's Global Power Plant Database (`data/README.md`);
//! - 耕地非农化 near county seats; 地表形变 in the subsiding basins (华北平原, 汾渭, 长三角, …,
//!   negative mm/year); 地表覆盖 class changes everywhere; 种植结构 crops by farming region;
//!   道路 as long narrow polygons, more each batch in the west.
//!
//! 湖北 (420000), where the demo `hubei` account looks, gets every theme in many counties.
//! Without imported regions the spots go around the provincial capitals instead. A site (plant,
//! farm) is one spot per batch it stands in; every other spot is one change of one batch.
//! Everything follows from the plan's seed. Every spot is `demo`, its source says 演示数据,
//! and its images are drawn on request ([`draw_image`]) from the spot itself: what varies
//! between spots of a theme (type, crop, land classes, rate) is read from the outline
//! ([`look`]), so the drawing, which is handed only the outline, shows the same.

mod draw;

pub use draw::draw_image;

use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

use geo::orient::{Direction, Orient};
use geo::{BoundingRect, Contains, GeodesicArea};
use geo_kit::Envelope;
use geo_types::{Coord, LineString, MultiPolygon, Point, Polygon, Rect};

use super::{apportion, hash, unit};
use crate::region::index::{RegionIndex, label_point};
use crate::spot::import::{county_at, is_county};
use crate::spot::model::{Attrs, DRAWN, SpotRecord};
use crate::spot::sites::{self, Source};
use crate::spot::theme::{THEMES, ThemeName};

/// Spots of the default demo, over all themes.
pub const DEMO_SPOTS: usize = 6_000;

/// The source of every demo spot.
pub const DEMO_SOURCE: &str = "演示数据";

/// The file name demo spots carry.
const FILE_NAME: &str = "演示数据";

/// What to generate.
#[derive(Debug, Clone, Copy)]
pub struct SpotPlan {
    /// Varies everything.
    pub seed: u64,
    /// How many spots, over all themes.
    pub count: usize,
}

impl SpotPlan {
    /// The default demo.
    pub fn demo() -> Self {
        Self {
            seed: 13,
            count: DEMO_SPOTS,
        }
    }
}

/// Batches per theme.
const BATCHES: usize = 8;

/// The batches of quarterly themes.
const QUARTERS: [&str; BATCHES] = [
    "2024Q1", "2024Q2", "2024Q3", "2024Q4", "2025Q1", "2025Q2", "2025Q3", "2025Q4",
];

/// The batches of themes cut by acquisition date: one a quarter, so half years (耕地非农化's
/// stages) hold four each.
const DATES: [&str; BATCHES] = [
    "20240315", "20240615", "20240915", "20241215", "20250315", "20250615", "20250915", "20251215",
];

fn batch_id(theme: ThemeName, b: usize) -> &'static str {
    match theme.theme().batches {
        crate::spot::theme::BatchKind::Quarter => QUARTERS[b],
        crate::spot::theme::BatchKind::Date => DATES[b],
    }
}

/// The 31 mainland provinces by code prefix, with the capital's central district (code,
/// city, place): where spots go when no regions are imported.
const PROVINCES: [(u8, &str, &str, f64, f64); 31] = [
    (11, "110101", "北京", 116.42, 39.93),
    (12, "120101", "天津", 117.20, 39.12),
    (13, "130102", "石家庄", 114.54, 38.05),
    (14, "140105", "太原", 112.56, 37.74),
    (15, "150102", "呼和浩特", 111.67, 40.82),
    (21, "210102", "沈阳", 123.40, 41.79),
    (22, "220102", "长春", 125.35, 43.87),
    (23, "230102", "哈尔滨", 126.62, 45.76),
    (31, "310101", "上海", 121.49, 31.23),
    (32, "320102", "南京", 118.80, 32.05),
    (33, "330102", "杭州", 120.17, 30.25),
    (34, "340102", "合肥", 117.31, 31.86),
    (35, "350102", "福州", 119.30, 26.08),
    (36, "360102", "南昌", 115.90, 28.68),
    (37, "370102", "济南", 117.08, 36.67),
    (41, "410102", "郑州", 113.61, 34.75),
    (42, "420106", "武汉", 114.32, 30.55),
    (43, "430102", "长沙", 113.00, 28.20),
    (44, "440104", "广州", 113.27, 23.13),
    (45, "450102", "南宁", 108.32, 22.82),
    (46, "460106", "海口", 110.33, 20.03),
    (50, "500103", "重庆", 106.57, 29.55),
    (51, "510104", "成都", 104.08, 30.66),
    (52, "520102", "贵阳", 106.71, 26.57),
    (53, "530102", "昆明", 102.70, 25.04),
    (54, "540102", "拉萨", 91.13, 29.65),
    (61, "610102", "西安", 108.95, 34.27),
    (62, "620102", "兰州", 103.83, 36.06),
    (63, "630102", "西宁", 101.80, 36.62),
    (64, "640104", "银川", 106.28, 38.47),
    (65, "650102", "乌鲁木齐", 87.62, 43.79),
];

/// 湖北, where the demo's `hubei` account looks.
const HUBEI: u8 = 42;

/// How much likelier a county of 湖北 is than its theme alone would make it.
const HUBEI_BOOST: f64 = 3.0;

/// Wind and PV sites placed in 湖北 first, so it has some of each whatever the weights.
const SHOWCASE: usize = 6;

/// The north-west, where PV land grows fastest.
const NORTH_WEST: [u8; 5] = [65, 62, 63, 64, 15];

/// What sort of county-level unit a code is: districts (`xxxx01`–`xxxx20`) are urban.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    District,
    City,
    County,
}

fn kind_of(code: &str) -> Kind {
    match code.get(4..6).and_then(|n| n.parse::<u8>().ok()) {
        Some(1..=20) => Kind::District,
        Some(81..=99) => Kind::City,
        _ => Kind::County,
    }
}

/// A county spots can be placed in.
struct County {
    code: String,
    name: String,
    province: u8,
    kind: Kind,
    geom: MultiPolygon<f64>,
    bbox: Rect<f64>,
    /// Where its seat is (the region's label point).
    seat: Coord<f64>,
}

/// Where demo spots go: the imported counties of the 31 mainland provinces, or, without
/// them, a square around each provincial capital.
pub struct Places<'a> {
    counties: Vec<County>,
    by_code: HashMap<String, usize>,
    regions: Option<&'a RegionIndex>,
}

impl<'a> Places<'a> {
    /// The counties of the imported regions (or the capitals without them).
    pub fn new(regions: &'a RegionIndex) -> Self {
        let everywhere = Envelope {
            min_x: -180.0,
            max_x: 180.0,
            min_y: -90.0,
            max_y: 90.0,
        };
        let mut counties: Vec<County> = regions
            .full()
            .intersecting(&everywhere)
            .into_iter()
            .filter(|(s, _)| is_county(&s.code))
            .filter_map(|(s, _)| {
                let province = s.code[..2].parse::<u8>().ok()?;
                PROVINCES.iter().find(|p| p.0 == province)?;
                Some(County {
                    province,
                    kind: kind_of(&s.code),
                    bbox: s.geom.bounding_rect()?,
                    seat: label_point(s)?,
                    code: s.code.clone(),
                    name: s.name.clone(),
                    geom: s.geom.clone(),
                })
            })
            .collect();
        let regions = (!counties.is_empty()).then_some(regions);
        if regions.is_none() {
            counties = PROVINCES
                .iter()
                .map(|&(province, code, name, lon, lat)| {
                    let geom = sites::square(lon, lat, 30_000.0 * 30_000.0);
                    County {
                        code: code.to_owned(),
                        name: name.to_owned(),
                        province,
                        kind: Kind::District,
                        bbox: geom.bounding_rect().unwrap_or(Rect::new(
                            Coord { x: lon, y: lat },
                            Coord { x: lon, y: lat },
                        )),
                        geom,
                        seat: Coord { x: lon, y: lat },
                    }
                })
                .collect();
        }
        counties.sort_by(|a, b| a.code.cmp(&b.code));
        let by_code = counties
            .iter()
            .enumerate()
            .map(|(i, c)| (c.code.clone(), i))
            .collect();
        Self {
            counties,
            by_code,
            regions,
        }
    }

    /// The county holding a point: among the imported ones, else the nearest capital.
    fn county_of(&self, lon: f64, lat: f64) -> Option<usize> {
        match self.regions {
            Some(regions) => {
                county_at(regions, lon, lat).and_then(|c| self.by_code.get(&c).copied())
            }
            None => (0..self.counties.len()).min_by(|&a, &b| {
                let d = |i: usize| {
                    let s = self.counties[i].seat;
                    (s.x - lon).powi(2) + (s.y - lat).powi(2)
                };
                d(a).total_cmp(&d(b))
            }),
        }
    }

    /// Cumulative weights of the counties, for [`Places::pick`].
    fn table(&self, weight: impl Fn(&County) -> f64) -> Vec<f64> {
        let mut sum = 0.0;
        self.counties
            .iter()
            .map(|c| {
                sum += weight(c).max(0.0);
                sum
            })
            .collect()
    }

    /// A county drawn with the table's weights by `u` in [0, 1).
    fn pick(table: &[f64], u: f64) -> usize {
        let total = table.last().copied().unwrap_or(0.0);
        table
            .partition_point(|&c| c <= u * total)
            .min(table.len().saturating_sub(1))
    }

    /// A point inside county `c`: uniform over it, or (`near_seat`) scattered around its
    /// seat; its seat when tries keep missing.
    fn point_in(&self, c: usize, key: u64, near_seat: bool) -> Coord<f64> {
        let county = &self.counties[c];
        for t in 0..32 {
            let u = |salt: u64| unit(hash(&[key, t, salt]));
            let p = if near_seat {
                // A normal spread of about 5 km around the seat (Box–Muller).
                let r = 0.05 * (-2.0 * (1.0 - u(1)).ln()).sqrt();
                let a = std::f64::consts::TAU * u(2);
                Coord {
                    x: county.seat.x + r * a.cos(),
                    y: county.seat.y + r * a.sin(),
                }
            } else {
                let b = county.bbox;
                Coord {
                    x: b.min().x + u(1) * b.width(),
                    y: b.min().y + u(2) * b.height(),
                }
            };
            if county.geom.contains(&Point::from(p)) {
                return p;
            }
        }
        county.seat
    }
}

/// How many counties each province has among the places.
fn counties_per_province(places: &Places<'_>) -> HashMap<u8, f64> {
    let mut n = HashMap::new();
    for c in &places.counties {
        *n.entry(c.province).or_insert(0.0) += 1.0;
    }
    n
}

/// The weight of a county for a theme's spots of batch `b` (for sites: sites new in `b`).
/// `steel` is each province's share of the real steel plants, spread over its counties.
fn weight(theme: ThemeName, c: &County, b: usize, steel: &HashMap<u8, f64>) -> f64 {
    let p = c.province;
    let b = b as f64;
    let w = match theme {
        ThemeName::Landcover => 1.0,
        // More new roads in the west each batch.
        ThemeName::Road => match p {
            51..=54 | 62 | 63 | 65 => 1.0 + 0.2 * b,
            _ => 1.0,
        },
        // Near cities: districts, then county-level cities; fewer in the west.
        ThemeName::Nonagricultural => {
            let urban = match c.kind {
                Kind::District => 3.0,
                Kind::City => 2.0,
                Kind::County => 1.0,
            };
            let region = match p {
                54 | 63 | 65 | 15 | 62 => 0.3,
                _ => 1.0,
            };
            urban * region
        }
        // The grain provinces farm most; the plateaus hardly at all.
        ThemeName::Plantingstructure => match p {
            21..=23 | 13 | 15 | 32 | 34 | 36 | 37 | 41..=43 | 51 | 65 => 2.0,
            54 | 63 => 0.1,
            _ => 1.0,
        },
        // The subsiding basins: 华北平原, 汾渭, 长三角, 珠三角, 江汉, 松嫩.
        ThemeName::SurfaceDeform => match p {
            11 | 12 | 13 | 37 | 41 => 6.0,
            14 | 61 => 4.0,
            31..=33 => 3.0,
            42 | 44 => 2.0,
            22 | 23 => 1.5,
            _ => 0.2,
        },
        // New farms: the north-west more and more each batch.
        ThemeName::Pvland => {
            if NORTH_WEST.contains(&p) {
                4.0 * (1.0 + 0.5 * b)
            } else {
                1.0
            }
        }
        // The windy north, then the coasts.
        ThemeName::Windmill => match p {
            13 | 14 | 15 | 21..=23 | 62 | 64 | 65 => 5.0,
            12 | 32 | 33 | 35 | 37 | 44 | 46 => 3.0,
            _ => 0.6,
        },
        ThemeName::Steelplant => steel.get(&p).copied().unwrap_or(0.0),
    };
    if p == HUBEI { w * HUBEI_BOOST } else { w }
}

/// A demo spot's land classes (地表覆盖).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    Cropland,
    Forest,
    Grassland,
    Water,
    Built,
    Bare,
}

impl Class {
    fn name(self) -> &'static str {
        match self {
            Self::Cropland => "耕地",
            Self::Forest => "林地",
            Self::Grassland => "草地",
            Self::Water => "水域",
            Self::Built => "建设用地",
            Self::Bare => "未利用地",
        }
    }
}

/// Land-cover changes (from, to, their SPOT_META_TYPE value) and how common each is.
const CLASS_CHANGES: [((Class, Class, &str), u32); 11] = [
    ((Class::Cropland, Class::Built, "1"), 30),
    ((Class::Grassland, Class::Built, "1"), 8),
    ((Class::Forest, Class::Cropland, "2"), 10),
    ((Class::Grassland, Class::Cropland, "2"), 8),
    ((Class::Cropland, Class::Forest, "3"), 12),
    ((Class::Cropland, Class::Grassland, "3"), 5),
    ((Class::Grassland, Class::Forest, "3"), 7),
    ((Class::Cropland, Class::Water, "4"), 8),
    ((Class::Water, Class::Cropland, "4"), 4),
    ((Class::Grassland, Class::Bare, "5"), 4),
    ((Class::Bare, Class::Grassland, "5"), 4),
];

/// 耕地非农化 types (MONITOR_SPOT_META_TYPE) and how common each is.
const NONAGRICULTURAL: [(&str, u32); 5] = [("1", 30), ("2", 15), ("3", 10), ("4", 25), ("5", 20)];

/// Crops of a farming region, chosen by where a spot is.
fn crops(at: Coord<f64>) -> &'static [(&'static str, u32)] {
    let (lon, lat) = (at.x, at.y);
    if lon >= 118.0 && lat >= 40.5 {
        &[("玉米", 45), ("大豆", 25), ("水稻", 30)]
    } else if lon < 96.0 {
        &[("棉花", 50), ("小麦", 25), ("玉米", 25)]
    } else if lon < 111.0 && lat >= 33.0 {
        &[("小麦", 35), ("玉米", 40), ("马铃薯", 25)]
    } else if lat >= 32.5 {
        &[("小麦", 50), ("玉米", 40), ("大豆", 10)]
    } else if lat < 25.0 {
        &[("水稻", 45), ("甘蔗", 35), ("玉米", 20)]
    } else if lon < 110.0 {
        &[("水稻", 40), ("玉米", 30), ("油菜", 20), ("马铃薯", 10)]
    } else {
        &[("水稻", 55), ("油菜", 35), ("小麦", 10)]
    }
}

/// One of weighted options, by `u` in [0, 1).
fn choose<T: Copy>(options: &[(T, u32)], u: f64) -> T {
    let total: u32 = options.iter().map(|o| o.1).sum();
    let mut at = u * f64::from(total);
    for &(value, w) in options {
        at -= f64::from(w);
        if at < 0.0 {
            return value;
        }
    }
    options[options.len() - 1].0
}

/// What a demo spot's outline says about it: the variety within a theme, the same for the
/// generator that writes the spot and the drawing that is handed its outline.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(super) struct Look {
    /// Spot type.
    pub(super) tblx: Option<&'static str>,
    /// 种植结构: the crop.
    pub(super) crop: Option<&'static str>,
    /// 地表覆盖: the classes before and after.
    pub(super) classes: Option<(Class, Class)>,
    /// 地表形变: mm a year.
    pub(super) rate_mm: Option<f64>,
}

/// The look of a demo spot of `theme` with this outline.
pub(super) fn look(theme: ThemeName, geom: &MultiPolygon<f64>) -> Look {
    let first = geom
        .0
        .first()
        .and_then(|p| p.exterior().0.first())
        .copied()
        .unwrap_or(Coord { x: 0.0, y: 0.0 });
    let v = |salt: u64| unit(hash(&[first.x.to_bits(), first.y.to_bits(), salt]));
    match theme {
        ThemeName::Landcover => {
            let (from, to, tblx) = choose(&CLASS_CHANGES, v(1));
            Look {
                tblx: Some(tblx),
                classes: Some((from, to)),
                ..Look::default()
            }
        }
        ThemeName::Nonagricultural => Look {
            tblx: Some(choose(&NONAGRICULTURAL, v(1))),
            ..Look::default()
        },
        ThemeName::Road => Look {
            tblx: Some(choose(&[("1", 9), ("5", 1)], v(1))),
            ..Look::default()
        },
        ThemeName::Plantingstructure => Look {
            crop: Some(choose(crops(first), v(1))),
            ..Look::default()
        },
        ThemeName::SurfaceDeform => {
            // Mostly subsidence, up to about 80 mm a year; a little uplift.
            let rate = if v(1) < 0.08 {
                1.0 + 5.0 * v(2)
            } else {
                -(4.0 + 76.0 * v(2).powi(2))
            };
            Look {
                rate_mm: Some((rate * 10.0).round() / 10.0),
                ..Look::default()
            }
        }
        ThemeName::Pvland | ThemeName::Windmill | ThemeName::Steelplant => Look::default(),
    }
}

/// Metres per degree of latitude.
const M_PER_DEGREE: f64 = 111_320.0;

/// The point `dx` metres east and `dy` north of `at`.
fn offset(at: Coord<f64>, dx: f64, dy: f64) -> Coord<f64> {
    Coord {
        x: at.x + dx / (M_PER_DEGREE * at.y.to_radians().cos().max(0.01)),
        y: at.y + dy / M_PER_DEGREE,
    }
}

/// An irregular patch around `at`: vertices at increasing angles (so the ring never crosses
/// itself), radii varying by a quarter, stretched by `aspect` along a random direction.
fn patch(at: Coord<f64>, radius: f64, aspect: f64, vertices: u64, key: u64) -> MultiPolygon<f64> {
    let u = |salt: u64| unit(hash(&[key, 20, salt]));
    let turn = std::f64::consts::TAU * u(0);
    let (sin, cos) = turn.sin_cos();
    let step = std::f64::consts::TAU / vertices as f64;
    let mut ring: Vec<Coord<f64>> = (0..vertices)
        .map(|k| {
            let a = step * (k as f64 + 0.6 * (u(2 * k + 1) - 0.5));
            let r = radius * (0.75 + 0.5 * u(2 * k + 2));
            let (x, y) = (r * a.cos() * aspect.sqrt(), r * a.sin() / aspect.sqrt());
            offset(at, x * cos - y * sin, x * sin + y * cos)
        })
        .collect();
    ring.push(ring[0]);
    MultiPolygon(vec![Polygon::new(LineString(ring), Vec::new())])
}

/// A road section from `at`: a band `width` metres wide along two straight legs with a
/// gentle bend between them.
fn road(at: Coord<f64>, length: f64, width: f64, key: u64) -> MultiPolygon<f64> {
    let u = |salt: u64| unit(hash(&[key, 30, salt]));
    let heading = std::f64::consts::TAU * u(0);
    let bend = 0.5 * (u(1) - 0.5);
    let leg = length / 2.0;
    let dirs = [heading, heading + bend];
    let centre = [
        (0.0, 0.0),
        (leg * dirs[0].cos(), leg * dirs[0].sin()),
        (
            leg * dirs[0].cos() + leg * dirs[1].cos(),
            leg * dirs[0].sin() + leg * dirs[1].sin(),
        ),
    ];
    // Normals at the ends, and their mean at the bend.
    let mid = heading + bend / 2.0;
    let normals = [dirs[0], mid, dirs[1]].map(|d| (-d.sin(), d.cos()));
    let half = width / 2.0;
    let side = |s: f64| {
        centre
            .iter()
            .zip(&normals)
            .map(move |(&(x, y), &(nx, ny))| offset(at, x + s * half * nx, y + s * half * ny))
    };
    let mut ring: Vec<Coord<f64>> = side(1.0).chain(side(-1.0).rev()).collect();
    ring.push(ring[0]);
    MultiPolygon(vec![Polygon::new(LineString(ring), Vec::new())]).orient(Direction::Default)
}

/// The outline of a change spot (not a site) of `theme` at `at`.
fn change_outline(theme: ThemeName, at: Coord<f64>, key: u64) -> MultiPolygon<f64> {
    let u = |salt: u64| unit(hash(&[key, 40, salt]));
    // Sizes skewed towards the small end, as real spots are.
    let between = |lo: f64, hi: f64, salt: u64| lo + (hi - lo) * u(salt).powi(2);
    match theme {
        ThemeName::Road => road(at, between(800.0, 3_000.0, 1), between(40.0, 80.0, 2), key),
        ThemeName::Nonagricultural => patch(at, between(30.0, 120.0, 1), 1.0 + u(2), 6, key),
        ThemeName::Plantingstructure => {
            patch(at, between(150.0, 400.0, 1), 1.0 + 2.0 * u(2), 6, key)
        }
        ThemeName::SurfaceDeform => {
            patch(at, between(400.0, 2_500.0, 1), 1.0 + 0.8 * u(2), 16, key)
        }
        _ => patch(at, between(60.0, 250.0, 1), 1.0 + u(2), 8, key),
    }
}

/// A plant or farm over the batches: where it is, and in which batches it stands.
#[derive(Debug, Clone)]
struct DemoSite {
    county: usize,
    name: String,
    geom: MultiPolygon<f64>,
    /// MW, or thousand tonnes a year for steel.
    capacity: f64,
    route: Option<String>,
    turbines: Option<i64>,
    /// The first batch it stands in (a later one: built then, 扩张).
    start: usize,
    /// The batch it is partly demolished in (部分拆除), capacity cut after.
    partial: Option<usize>,
    /// The batch it is demolished in (拆除), its last.
    end: Option<usize>,
    source: String,
}

/// Capacity left after a partial demolition.
const PARTIAL_LEFT: f64 = 0.55;

/// PV panel area per MW, m² (about 1 kW per 5.5 m² of panel).
const PANEL_M2_PER_MW: f64 = 5_500.0;

impl DemoSite {
    /// The batches it appears in.
    fn alive(&self) -> usize {
        self.end.unwrap_or(BATCHES - 1) + 1 - self.start
    }

    /// Keeps only its last `n` batches.
    fn keep_last(&mut self, n: usize) {
        self.start = self.end.unwrap_or(BATCHES - 1) + 1 - n;
        self.partial = self.partial.filter(|p| *p >= self.start);
    }

    /// Its spot in batch `b`, if it stands then.
    fn spot(&self, theme: ThemeName, b: usize, places: &Places<'_>) -> Option<SpotRecord> {
        if b < self.start || self.end.is_some_and(|e| b > e) {
            return None;
        }
        let change = if self.end == Some(b) {
            2
        } else if self.partial == Some(b) {
            3
        } else if b == self.start && b > 0 {
            1
        } else {
            0
        };
        let cut = self.partial.is_some_and(|p| b >= p);
        let capacity = self.capacity * if cut { PARTIAL_LEFT } else { 1.0 };
        let capacity = (capacity * 10.0).round() / 10.0;
        let mut attrs = Attrs {
            name: Some(self.name.clone()),
            ..Attrs::default()
        };
        match theme {
            ThemeName::Steelplant => {
                attrs.capacity_kt = Some(capacity);
                attrs.route = self.route.clone();
            }
            ThemeName::Windmill => {
                attrs.capacity_mw = Some(capacity);
                attrs.turbines = self.turbines.map(|t| {
                    if cut {
                        (t as f64 * PARTIAL_LEFT).round() as i64
                    } else {
                        t
                    }
                });
            }
            _ => {
                attrs.capacity_mw = Some(capacity);
                attrs.panel_area_m2 = Some((capacity * PANEL_M2_PER_MW).round());
            }
        }
        Some(record(
            theme,
            b,
            &places.counties[self.county].code,
            self.geom.clone(),
            change,
            attrs,
            self.source.clone(),
        ))
    }
}

/// A demo spot record of batch `b`, its type and theme attributes read from its outline.
fn record(
    theme: ThemeName,
    b: usize,
    county: &str,
    geom: MultiPolygon<f64>,
    change: u8,
    attrs: Attrs,
    source: String,
) -> SpotRecord {
    let look = look(theme, &geom);
    SpotRecord {
        theme,
        batch: batch_id(theme, b).to_owned(),
        tblx: look.tblx.map(str::to_owned),
        xzqdm: county.to_owned(),
        file_name: FILE_NAME.to_owned(),
        area_m2: geom.geodesic_area_unsigned(),
        geom,
        change,
        before_image: Some(DRAWN.to_owned()),
        after_image: Some(DRAWN.to_owned()),
        attrs: Attrs {
            crop: look.crop.map(str::to_owned),
            class_from: look.classes.map(|c| c.0.name().to_owned()),
            class_to: look.classes.map(|c| c.1.name().to_owned()),
            rate_mm: look.rate_mm,
            ..attrs
        },
        source: Some(source),
        demo: true,
    }
}

/// The real plants the demo starts from (`data/README.md`).
const GEM_STEEL: &str = include_str!("data/gem_steel_plants_cn_2025-03-25.csv");
const WRI_WIND_SOLAR: &str = include_str!("data/wri_wind_solar_plants_cn.csv");

/// The share of a site theme's spots made at real plants at most; the rest are new sites.
fn real_share(theme: ThemeName) -> f64 {
    match theme {
        ThemeName::Steelplant => 1.0,
        ThemeName::Windmill => 0.6,
        _ => 0.3,
    }
}

/// The generator of one plan over some places.
struct Generator<'p, 'r> {
    seed: u64,
    places: &'p Places<'r>,
    /// Each province's real steel plants per county, the weight of new steel sites.
    steel: HashMap<u8, f64>,
}

impl<'p, 'r> Generator<'p, 'r> {
    fn new(seed: u64, places: &'p Places<'r>) -> Self {
        let mut generator = Self {
            seed,
            places,
            steel: HashMap::new(),
        };
        let per_province = counties_per_province(places);
        for (_, county) in generator.real_sites(ThemeName::Steelplant) {
            let p = places.counties[county].province;
            *generator.steel.entry(p).or_insert(0.0) += 1.0 / per_province[&p];
        }
        generator
    }

    /// The real plants of a site theme with their counties: 湖北's first, then in an order
    /// the seed shuffles.
    fn real_sites(&self, theme: ThemeName) -> Vec<(sites::Site, usize)> {
        let (file, text) = match theme {
            ThemeName::Steelplant => ("gem_steel_plants_cn_2025-03-25.csv", GEM_STEEL),
            _ => ("wri_wind_solar_plants_cn.csv", WRI_WIND_SOLAR),
        };
        let Ok(table) = sites::read_sites(theme, Path::new(file), text.as_bytes()) else {
            return Vec::new();
        };
        let mut real: Vec<(u64, sites::Site, usize)> = table
            .sites
            .into_iter()
            .enumerate()
            .filter_map(|(i, s)| {
                let county = self.places.county_of(s.lon, s.lat)?;
                let order = hash(&[self.seed, 50, i as u64]);
                Some((order, s, county))
            })
            .collect();
        real.sort_by_key(|(order, _, c)| (self.places.counties[*c].province != HUBEI, *order));
        real.into_iter().map(|(_, s, c)| (s, c)).collect()
    }

    /// The sites of a site theme making exactly `n` spots.
    fn sites(&self, theme: ThemeName, n: usize) -> Vec<DemoSite> {
        let source = match theme {
            ThemeName::Steelplant => Source::Gem,
            _ => Source::Wri,
        };
        let located = format!("{DEMO_SOURCE}（位置：{}）", source.attribution());
        let real_budget = (n as f64 * real_share(theme)) as usize;
        let mut out: Vec<DemoSite> = Vec::new();
        let mut total = 0;
        for (k, (site, county)) in self.real_sites(theme).into_iter().enumerate() {
            if total == real_budget {
                break;
            }
            let mut s = self.real_site(theme, k as u64, &site, county, located.clone());
            if total + s.alive() > real_budget {
                s.keep_last(real_budget - total);
            }
            total += s.alive();
            out.push(s);
        }
        let tables: Vec<Vec<f64>> = (0..BATCHES)
            .map(|b| self.places.table(|c| weight(theme, c, b, &self.steel)))
            .collect();
        let hubei = self
            .places
            .table(|c| f64::from(u8::from(c.province == HUBEI)));
        let mut k = 0u64;
        while total < n {
            let table = if k < SHOWCASE as u64 && hubei.last().is_some_and(|t| *t > 0.0) {
                &hubei
            } else {
                &tables[self.new_site_batch(theme, k)]
            };
            let mut s = self.new_site(theme, k, table);
            if total + s.alive() > n {
                s.keep_last(n - total);
            }
            total += s.alive();
            out.push(s);
            k += 1;
        }
        out
    }

    /// The batch weights a new site of a theme is placed by: the batch it is built in.
    fn new_site_batch(&self, theme: ThemeName, k: u64) -> usize {
        let u = unit(hash(&[self.seed, 60, theme as u64, k]));
        match theme {
            ThemeName::Steelplant => 0,
            // Built over the period, more each batch.
            _ => (u.sqrt() * BATCHES as f64) as usize,
        }
    }

    /// A real plant's life over the batches.
    fn real_site(
        &self,
        theme: ThemeName,
        k: u64,
        site: &sites::Site,
        county: usize,
        source: String,
    ) -> DemoSite {
        let u = |salt: u64| unit(hash(&[self.seed, 70, theme as u64, k, salt]));
        let (capacity, route, turbines) = match theme {
            // GEM gives no capacity for retired plants: a typical one.
            ThemeName::Steelplant => (
                site.capacity.unwrap_or(500.0 + 4_500.0 * u(1).powi(2)),
                site.route.clone(),
                None,
            ),
            // The CDM-era wind farms had turbines of 1.5–2 MW.
            ThemeName::Windmill => {
                let mw = site.capacity.unwrap_or(49.5);
                (
                    mw,
                    None,
                    Some((mw / (1.5 + 0.5 * u(1))).round().max(1.0) as i64),
                )
            }
            _ => (site.capacity.unwrap_or(10.0), None, None),
        };
        let mut s = DemoSite {
            county,
            name: site.name.clone(),
            geom: sites::square(
                site.lon,
                site.lat,
                sites::site_area_m2(theme, Some(capacity)),
            ),
            capacity,
            route,
            turbines,
            start: 0,
            partial: None,
            end: None,
            source,
        };
        // The table's status happens during the demo's batches, closures later rather than
        // sooner (more each batch, as capacity is cut).
        let later = (u(2).sqrt() * BATCHES as f64) as usize;
        match site.change {
            1 => s.start = 1 + (u(2) * 4.0) as usize,
            2 => s.end = Some(later),
            3 => s.partial = Some(later),
            _ => {}
        }
        self.age(theme, &mut s, k, 80);
        s
    }

    /// Demolitions over the batches: for steel likelier each batch, so capacity shrinks;
    /// rare for wind and PV.
    fn age(&self, theme: ThemeName, s: &mut DemoSite, k: u64, salt: u64) {
        for b in s.start + 1..BATCHES {
            if s.end.is_some() {
                break;
            }
            let u = |x: u64| unit(hash(&[self.seed, salt, theme as u64, k, b as u64, x]));
            let t = b as f64;
            let (partial, whole) = match theme {
                ThemeName::Steelplant => (0.01 + 0.008 * t, 0.004 + 0.006 * t),
                _ => (0.004, 0.002),
            };
            // A plant partly demolished goes on to be demolished three times as often.
            let whole = if s.partial.is_some() {
                3.0 * whole
            } else {
                whole
            };
            if s.partial.is_none() && u(1) < partial {
                s.partial = Some(b);
            } else if (s.partial.is_some_and(|p| p < b) && u(2) < whole)
                || (s.partial.is_none() && u(3) < whole)
            {
                s.end = Some(b);
            }
        }
    }

    /// The `k`-th new site of a theme, in a county drawn from `table`.
    fn new_site(&self, theme: ThemeName, k: u64, table: &[f64]) -> DemoSite {
        let key = hash(&[self.seed, 90, theme as u64, k]);
        let u = |salt: u64| unit(hash(&[key, salt]));
        let county = Places::pick(table, u(1));
        let at = self.places.point_in(county, key, false);
        let c = &self.places.counties[county];
        let north_west = NORTH_WEST.contains(&c.province);
        let (capacity, route, turbines, kind) = match theme {
            ThemeName::Steelplant => (
                300.0 + 7_700.0 * u(2).powi(3),
                Some(
                    if u(3) < 0.75 {
                        "长流程（高炉-转炉）"
                    } else {
                        "短流程（电炉）"
                    }
                    .to_owned(),
                ),
                None,
                "钢铁有限公司",
            ),
            ThemeName::Windmill => {
                let mw = 50.0 + 250.0 * u(2).powi(2);
                (
                    mw,
                    None,
                    Some((mw / (2.0 + 2.5 * u(3))).round() as i64),
                    "风电场",
                )
            }
            // The north-west's farms are the large ones.
            _ if north_west => (50.0 + 750.0 * u(2).powi(2), None, None, "光伏电站"),
            _ => (10.0 + 140.0 * u(2).powi(2), None, None, "光伏电站"),
        };
        let capacity = (capacity * 10.0).round() / 10.0;
        let geom = sites::square(at.x, at.y, sites::site_area_m2(theme, Some(capacity)));
        let mut s = DemoSite {
            county,
            name: format!("{}{}{}", c.name, kind, k % 7 + 1),
            geom,
            capacity,
            route,
            turbines,
            start: self.new_site_batch(theme, k),
            partial: None,
            end: None,
            source: DEMO_SOURCE.to_owned(),
        };
        if theme != ThemeName::Steelplant && u(4) < 0.35 {
            // Some were there before the first batch.
            s.start = 0;
        }
        self.age(theme, &mut s, k, 100);
        s
    }

    /// The `j`-th change spot of a (non-site) theme's batch `b`.
    fn change_spot(&self, theme: ThemeName, b: usize, j: usize, table: &[f64]) -> SpotRecord {
        let key = hash(&[self.seed, 110, theme as u64, b as u64, j as u64]);
        let county = Places::pick(table, unit(hash(&[key, 1])));
        let at = self
            .places
            .point_in(county, key, theme == ThemeName::Nonagricultural);
        record(
            theme,
            b,
            &self.places.counties[county].code,
            change_outline(theme, at, key),
            1,
            Attrs::default(),
            DEMO_SOURCE.to_owned(),
        )
    }
}

/// How a (non-site) theme's spots are spread over its batches.
fn batch_weights(theme: ThemeName) -> [f64; BATCHES] {
    std::array::from_fn(|b| {
        let t = b as f64;
        match theme {
            ThemeName::Road => 1.0 + 0.08 * t,
            ThemeName::Nonagricultural => 1.0 + 0.1 * t,
            // The growing seasons (second and third quarters) show most.
            ThemeName::Plantingstructure => [0.6, 1.3, 1.4, 0.7][b % 4],
            ThemeName::Landcover => 1.0 + 0.1 * (b % 3) as f64,
            _ => 1.0,
        }
    })
}

/// The demo spots of a plan, theme by theme and batch by batch; `len()` is exact.
pub struct Spots<'p> {
    inner: Box<dyn Iterator<Item = SpotRecord> + 'p>,
    left: usize,
}

impl Iterator for Spots<'_> {
    type Item = SpotRecord;

    fn next(&mut self) -> Option<SpotRecord> {
        let spot = self.inner.next()?;
        self.left = self.left.saturating_sub(1);
        Some(spot)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Spots<'_> {}

/// The spots of a plan over `places`, made as they are read.
pub fn generate<'p>(plan: &SpotPlan, places: &'p Places<'_>) -> Spots<'p> {
    let generator = Rc::new(Generator::new(plan.seed, places));
    let per_theme = apportion(&[1; THEMES.len()], plan.count);
    let mut inner: Box<dyn Iterator<Item = SpotRecord> + 'p> = Box::new(std::iter::empty());
    for (theme, &n) in THEMES.iter().map(|t| t.name).zip(&per_theme) {
        let part: Box<dyn Iterator<Item = SpotRecord> + 'p> = match theme {
            ThemeName::Steelplant | ThemeName::Windmill | ThemeName::Pvland => {
                let sites = Rc::new(generator.sites(theme, n));
                Box::new((0..BATCHES).flat_map(move |b| {
                    let sites = Rc::clone(&sites);
                    (0..sites.len()).filter_map(move |i| sites[i].spot(theme, b, places))
                }))
            }
            _ => {
                let weights = batch_weights(theme).map(|w| (w * 1_000.0) as usize);
                let counts = apportion(&weights, n);
                let generator = Rc::clone(&generator);
                Box::new((0..BATCHES).flat_map(move |b| {
                    let table = Rc::new(places.table(|c| weight(theme, c, b, &generator.steel)));
                    let generator = Rc::clone(&generator);
                    (0..counts[b]).map(move |j| generator.change_spot(theme, b, j, &table))
                }))
            }
        };
        inner = Box::new(inner.chain(part));
    }
    Spots {
        inner,
        left: plan.count,
    }
}

/// Replaces the demo spots with a plan's, over the imported regions (or the capitals),
/// written as they are generated; answers how many.
pub fn store(
    conn: &mut rusqlite::Connection,
    plan: &SpotPlan,
    regions: &RegionIndex,
) -> rusqlite::Result<usize> {
    let places = Places::new(regions);
    crate::spot::store::replace_demo(conn, generate(plan, &places))
}

#[cfg(test)]
mod tests;
