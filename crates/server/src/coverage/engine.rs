//! How much of each region the catalogue's scenes of a period cover: the
//! period's footprints burnt into one raster over China (0.01°, about a
//! kilometre), then each region's cells counted (`geo_kit::cover_raster`).
//! A raster is kept per period and filter for the catalogue it was made
//! from, so a second look at a period costs only the counting, and an import
//! (a new catalogue) makes the next look build it again. Region cells are
//! kept too: boundaries change only with a new region import and a restart.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use geo_kit::cover_raster::{CoverGrid, CoverRaster, Measure, Zone};
use geo_kit::deadline::{Deadline, TimedOut};
use geo_types::{Coord, Rect, coord};

use crate::db::live::Loaded;
use crate::error::AppError;
use crate::normal::index::{Filter, SceneIndex, Sort};
use crate::region::index::RegionIndex;

/// Cell side, degrees: about 1.1 km by 1 km over China.
pub const CELL_DEG: f64 = 0.01;
/// Rasters kept (4 MB each).
const KEPT: usize = 12;
/// Scenes between two looks at the deadline while burning footprints.
const CHECK_EVERY: usize = 4096;
/// Most threads one raster is burnt on (each holds a raster of its own while burning).
const THREADS: usize = 4;
/// Fewest scenes worth a thread of their own.
const PER_THREAD: usize = 16_384;

/// The south-west corner of the grid: China with its islands (Zengmu Ansha at 3.9° N).
const GRID_MIN: Coord<f64> = coord! { x: 73.0, y: 3.0 };
/// The north-east corner of the grid.
const GRID_MAX: Coord<f64> = coord! { x: 136.0, y: 54.0 };
/// The grid from [`GRID_MIN`] to [`GRID_MAX`].
static GRID: LazyLock<CoverGrid> =
    LazyLock::new(|| CoverGrid::new(Rect::new(GRID_MIN, GRID_MAX), CELL_DEG));
/// Side of the blocks footprints are burnt in the order of, degrees.
const PLACE_DEG: f64 = 2.0;

/// Which scenes count: a Beijing year or one of its quarters, a resolution
/// class of the satellite (or all) and a largest cloud cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// Year.
    pub year: i32,
    /// 1–4, or 0 for the whole year.
    pub quarter: u8,
    /// Resolution class 1–4 of the catalogue, or 0 for all.
    pub resolution: u8,
    /// Largest cloud cover counted, percent.
    pub cloud: u8,
}

/// Years a period may fall in.
const YEARS: std::ops::RangeInclusive<i32> = 2000..=2100;
/// Cloud limit when none is given, percent: every scene counts.
pub const ANY_CLOUD: u8 = 100;

impl Period {
    /// A period as asked (resolution and cloud optional), or the Chinese refusal.
    pub fn checked(
        year: i32,
        quarter: u8,
        resolution: Option<u8>,
        cloud: Option<u8>,
    ) -> Result<Self, AppError> {
        if !YEARS.contains(&year) {
            return Err(AppError::bad_request(format!(
                "年份应在 {} 到 {} 之间",
                YEARS.start(),
                YEARS.end()
            )));
        }
        if quarter > 4 {
            return Err(AppError::bad_request("季度应为 1 到 4（0 表示全年）"));
        }
        let resolution = resolution.unwrap_or(0);
        if resolution > 4 {
            return Err(AppError::bad_request("分辨率等级应为 1 到 4（0 表示全部）"));
        }
        let cloud = cloud.unwrap_or(ANY_CLOUD);
        if cloud > 100 {
            return Err(AppError::bad_request("云量应为 0 到 100"));
        }
        Ok(Self {
            year,
            quarter,
            resolution,
            cloud,
        })
    }

    /// The first and last second (unix) of the period, Beijing time.
    pub fn window(&self) -> (i64, i64) {
        let (first, last) = match self.quarter {
            0 => (1, 12),
            q => (3 * q - 2, 3 * q),
        };
        let day = |y: i32, m: u8| format!("{y:04}-{m:02}-01");
        let start = crate::beijing::instant(&day(self.year, first), false).unwrap_or(i64::MIN);
        let (next_year, next_month) = if last == 12 {
            (self.year + 1, 1)
        } else {
            (self.year, last + 1)
        };
        let end =
            crate::beijing::instant(&day(next_year, next_month), false).map_or(i64::MAX, |t| t - 1);
        (start, end)
    }

    fn filter(&self) -> Filter {
        let (from, to) = self.window();
        Filter {
            from: Some(from),
            to: Some(to),
            cloud_max: Some(f64::from(self.cloud)),
            resolutions: if self.resolution == 0 {
                Vec::new()
            } else {
                vec![self.resolution]
            },
            ..Filter::default()
        }
    }
}

/// The covered cells of one period.
pub struct Covered {
    raster: CoverRaster,
    /// Scenes burnt in.
    pub scenes: usize,
}

/// Burns the period's footprints into a raster, stopping at the deadline:
/// on up to [`THREADS`] threads (a million footprints take seconds of one core).
pub fn build(
    index: &SceneIndex,
    period: &Period,
    deadline: &Deadline,
) -> Result<Covered, TimedOut> {
    let mut positions = index.select(&period.filter(), Sort::Time, |_| true);
    // By place, not time: footprints burnt one after another then set rows
    // of the raster still in the cache (burning the bench's year of a million
    // footprints took a quarter to a third less time so ordered).
    positions.sort_by_cached_key(|&i| {
        index
            .at(i)
            .and_then(|s| s.ring().first().map(|&c| place(c)))
    });
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(THREADS)
        .min(positions.len() / PER_THREAD)
        .max(1);
    Ok(Covered {
        raster: burn_in_parts(index, &positions, threads, deadline)?,
        scenes: positions.len(),
    })
}

/// The block of [`PLACE_DEG`] degrees a side holding a point, row by row from the grid's corner.
fn place(c: Coord<f64>) -> u32 {
    let across = ((GRID_MAX.x - GRID_MIN.x) / PLACE_DEG).ceil() as u32;
    // `as` saturates: points off the grid go to its edge blocks.
    let col = (((c.x - GRID_MIN.x) / PLACE_DEG) as u32).min(across - 1);
    let row = ((c.y - GRID_MIN.y) / PLACE_DEG) as u32;
    row.saturating_mul(across).saturating_add(col)
}

/// The footprints of the scenes at `positions` burnt in `parts` parts, each
/// on a thread of its own into a raster of its own, the rasters merged after:
/// the parts share nothing while they burn.
fn burn_in_parts(
    index: &SceneIndex,
    positions: &[usize],
    parts: usize,
    deadline: &Deadline,
) -> Result<CoverRaster, TimedOut> {
    let size = positions.len().div_ceil(parts.max(1)).max(1);
    let rasters = std::thread::scope(|s| {
        let burning: Vec<_> = positions
            .chunks(size)
            .map(|part| s.spawn(|| burn(index, part, deadline)))
            .collect();
        burning
            .into_iter()
            .map(|t| {
                t.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect::<Result<Vec<_>, _>>()
    })?;
    let mut rasters = rasters.into_iter();
    let mut raster = rasters.next().unwrap_or_else(|| CoverRaster::new(&GRID));
    for other in rasters {
        raster.merge(&other);
    }
    Ok(raster)
}

/// The footprints of the scenes at `positions` burnt into a new raster.
fn burn(
    index: &SceneIndex,
    positions: &[usize],
    deadline: &Deadline,
) -> Result<CoverRaster, TimedOut> {
    let mut raster = CoverRaster::new(&GRID);
    for (n, &i) in positions.iter().enumerate() {
        if n % CHECK_EVERY == 0 {
            deadline.check()?;
        }
        if let Some(scene) = index.at(i) {
            raster.add(&scene.footprint());
        }
    }
    Ok(raster)
}

/// A raster kept, with the catalogue state and period it was made for.
struct Kept {
    stamp: (usize, i64),
    period: Period,
    covered: Arc<Covered>,
    used: u64,
}

/// The rasters and region cells kept between requests.
#[derive(Default)]
pub struct Cache {
    rasters: Mutex<(u64, Vec<Kept>)>,
    zones: Mutex<HashMap<String, Arc<Zone>>>,
}

impl Cache {
    /// The period's raster for this catalogue: kept, or built now and kept
    /// (the least recently used one goes when [`KEPT`] are held).
    pub fn covered(
        &self,
        index: &SceneIndex,
        period: &Period,
        deadline: &Deadline,
    ) -> Result<Arc<Covered>, TimedOut> {
        let stamp = index.stamp();
        if let Some(found) = self.find(stamp, period) {
            return Ok(found);
        }
        // Built outside the lock: other periods are answered meanwhile. Two
        // requests for the same new period may both build it; one is kept.
        let covered = Arc::new(build(index, period, deadline)?);
        let mut guard = self.rasters.lock().unwrap_or_else(PoisonError::into_inner);
        let (clock, kept) = &mut *guard;
        *clock += 1;
        // Rasters of an older catalogue are never found again; the least recently used go first.
        kept.retain(|k| !(k.stamp == stamp && k.period == *period));
        if kept.len() >= KEPT
            && let Some(oldest) = kept
                .iter()
                .enumerate()
                .min_by_key(|(_, k)| k.used)
                .map(|(i, _)| i)
        {
            kept.swap_remove(oldest);
        }
        kept.push(Kept {
            stamp,
            period: *period,
            covered: covered.clone(),
            used: *clock,
        });
        Ok(covered)
    }

    /// The period's raster for this catalogue if one is kept (nothing is built).
    pub fn kept(&self, index: &SceneIndex, period: &Period) -> Option<Arc<Covered>> {
        self.find(index.stamp(), period)
    }

    fn find(&self, stamp: (usize, i64), period: &Period) -> Option<Arc<Covered>> {
        let mut guard = self.rasters.lock().unwrap_or_else(PoisonError::into_inner);
        let (clock, kept) = &mut *guard;
        *clock += 1;
        let now = *clock;
        let found = kept
            .iter_mut()
            .find(|k| k.stamp == stamp && k.period == *period)?;
        found.used = now;
        Some(found.covered.clone())
    }

    /// The cells of a region (`None` for a code without a boundary).
    pub fn zone(&self, regions: &RegionIndex, code: &str) -> Option<Arc<Zone>> {
        if let Some(z) = self
            .zones
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(code)
        {
            return Some(z.clone());
        }
        let zone = Arc::new(GRID.zone(&regions.shape(code)?.geom));
        self.zones
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(code.to_owned(), zone.clone());
        Some(zone)
    }
}

impl Covered {
    /// A region's area and covered part.
    pub fn measure(&self, zone: &Zone) -> Measure {
        self.raster.measure(zone)
    }

    /// The covered part within `view`, as rectangles of blocks of `block` cells a side.
    pub fn blocks(&self, view: Rect<f64>, block: usize) -> Vec<Rect<f64>> {
        self.raster.covered_blocks(view, block)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::{self, Plan};

    #[test]
    fn footprints_burnt_on_several_threads_cover_what_one_thread_does() {
        let plan = Plan {
            scenes: 3_000,
            ..Plan::demo(1_759_492_800)
        };
        let china = demo::rough_china();
        let index = SceneIndex::new(demo::generate(&plan, &china).collect());
        let positions: Vec<usize> = (0..index.len()).collect();
        let zone = GRID.zone(&china);
        let burnt = |parts| {
            burn_in_parts(&index, &positions, parts, &Deadline::never())
                .expect("burnt")
                .measure(&zone)
        };
        let one = burnt(1);
        assert!(one.ratio() > 0.1 && one.ratio() < 1.0, "{}", one.ratio());
        for parts in [2, 3, 7] {
            assert_eq!(burnt(parts), one, "{parts} parts");
        }
        // A deadline already past stops every part.
        let past = Deadline::at(std::time::Instant::now());
        assert!(burn_in_parts(&index, &positions, 3, &past).is_err());
    }
}
