//! The image catalogue in memory, built from the database at start (the
//! database stays the durable truth), compact enough for millions of scenes.
//!
//! The catalogue (`SceneIndex`, `catalogue.rs`) is one segment after a start,
//! and one more per import the server has seen since: an import indexes only
//! its new rows and marks the rows it replaced as gone, so it never builds a
//! second copy of the whole catalogue beside the one in use.
//!
//! Within a segment, scenes are numbered ("positions") in acquisition order, so a time filter is
//! a range of positions and newest-first is descending positions. Per
//! satellite, footprints live in a packed R-tree and are stored in its leaf
//! order ("slots"), so a search reads them contiguously. A search rasterises
//! the area of interest into inside / outside / boundary cells
//! (`geo_kit::area_grid`): whole tree nodes over inside cells are accepted and
//! nodes over outside cells skipped without looking at a footprint; the rest
//! are decided per footprint, mostly by the cells, else exactly against the
//! few area edges nearby. Full rows (`SceneRow`) are rebuilt only for the
//! scenes a caller asks for.

mod build;
mod catalogue;
mod grids;
mod lookup;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::collections::HashMap;

use geo::Intersects;
use geo_kit::Envelope;
use geo_kit::area_grid::AreaGrid;
use geo_kit::packed_rtree::PackedRTree;
use geo_types::{LineString, MultiPolygon, Polygon};

use build::{ABSENT, LITERAL, NO_PATH_ROW};
pub use build::{Filler, Layout, OutOfStep};
use catalogue::Arrange;
pub use catalogue::SceneIndex;
pub use lookup::{SatelliteSummary, SceneCount};

use super::store::SceneRow;

const ONLINE: u8 = 1;
const DEMO: u8 = 2;
const HOLES: u8 = 4;

/// What a search keeps.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Satellite value → sensors (empty: every sensor of it); empty map: every satellite.
    pub satellites: HashMap<String, Vec<String>>,
    /// Inclusive unix-second bounds.
    pub from: Option<i64>,
    /// Inclusive unix-second bounds.
    pub to: Option<i64>,
    /// Largest cloud cover kept, percent.
    pub cloud_max: Option<f64>,
    /// Only scenes available now (`Some(true)`), only archived ones (`Some(false)`), or both.
    pub online: Option<bool>,
    /// Resolution classes (1–4) of the satellite in the catalogue; empty: all.
    pub resolutions: Vec<u8>,
    /// Types (1–5) of the satellite in the catalogue; empty: all.
    pub types: Vec<u8>,
}

/// The order of results, named on the wire `time` or `cloud`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Sort {
    /// Newest first.
    Time,
    /// Least cloudy first, then newest.
    Cloud,
}

/// Which way along acquisition time a page runs (STAC's `sortby` on datetime).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum TimeOrder {
    /// Newest first (ties: the later row first).
    #[default]
    Newest,
    /// Oldest first (ties: the earlier row first).
    Oldest,
}

/// Scene ids, file names and quick-look URLs in one text arena; file names and
/// URLs that contain the scene id keep only what surrounds it.
#[derive(Debug, Default)]
struct Texts {
    arena: String,
    /// By position: where the scene's texts start in the arena.
    start: Vec<usize>,
    /// By position: lengths of the id and of the literal file name and quick-look.
    lens: Vec<[u32; 3]>,
    /// By position: affix number, or `LITERAL`.
    file: Vec<u32>,
    /// By position: affix number, `LITERAL` or `ABSENT`.
    quicklook: Vec<u32>,
    affixes: Vec<(String, String)>,
}

impl Texts {
    fn id(&self, pos: usize) -> &str {
        let s = self.start[pos];
        &self.arena[s..s + self.lens[pos][0] as usize]
    }

    /// The k-th text after the id (1 file name, 2 quick-look) in up to three
    /// pieces read in place: itself, or an affix, the id and an affix.
    fn pieces(&self, pos: usize, k: usize, code: u32) -> [&str; 3] {
        if code == LITERAL {
            let [id, file, _] = self.lens[pos];
            let at = self.start[pos] + id as usize + if k == 2 { file as usize } else { 0 };
            return [&self.arena[at..at + self.lens[pos][k] as usize], "", ""];
        }
        let (before, after) = &self.affixes[code as usize];
        [before, self.id(pos), after]
    }

    /// The k-th text after the id; owned only when the id has to be put
    /// between its affixes.
    fn derived(&self, pos: usize, k: usize, code: u32) -> Cow<'_, str> {
        let pieces = self.pieces(pos, k, code);
        if code == LITERAL {
            Cow::Borrowed(pieces[0])
        } else {
            Cow::Owned(pieces.concat())
        }
    }
}

/// The slots of one satellite's sensor (from `first`, as many as the tree has
/// items) and their tree: a sensor's footprints are alike in size, so a wide
/// camera's scenes do not inflate the nodes of a narrow one's.
struct SensorTree {
    satellite: u16,
    sensor: u16,
    first: usize,
    tree: PackedRTree,
}

/// Scenes indexed together: the whole catalogue at a start, or the rows of one
/// import since. Positions here are the segment's own.
pub struct Segment {
    fid: Vec<i64>,
    time: Vec<i64>,
    slot_of: Vec<u32>,
    satellite_of: Vec<u16>,
    level: Vec<u32>,
    /// Path and row, `NO_PATH_ROW` for none; pairs that do not fit 32 bits are in `wide_path_rows`.
    path_row: Vec<[i32; 2]>,
    wide_path_rows: HashMap<u32, (Option<i64>, Option<i64>)>,
    /// NaN for none (SQLite stores no NaN).
    resolution: Vec<f64>,
    /// NaN for none.
    size_mb: Vec<f64>,
    texts: Texts,
    slot_pos: Vec<u32>,
    slot_sensor: Vec<u16>,
    slot_flags: Vec<u8>,
    slot_cloud: Vec<f64>,
    ring_start: Vec<u32>,
    coords: Vec<geo_types::Coord<f64>>,
    holes: HashMap<u32, Vec<LineString<f64>>>,
    satellite_names: Vec<String>,
    trees: Vec<SensorTree>,
    sensors: Vec<String>,
    levels: Vec<Option<String>>,
    lookup: lookup::Lookup,
}

/// A filter resolved against the index: which trees (satellite and sensor),
/// and the position range of the time bounds.
struct Plan<'a> {
    filter: &'a Filter,
    /// Trees searched.
    trees: Vec<usize>,
    positions: std::ops::Range<usize>,
}

impl Segment {
    /// Indexes scenes given in any order (tests; the server loads segments
    /// from the database with `store`).
    #[cfg(test)]
    pub fn new(scenes: Vec<SceneRow>) -> Self {
        let mut layout = Layout::new();
        for s in &scenes {
            layout.push(
                s.fid,
                s.acquired_at,
                &s.satellite,
                &s.sensor,
                s.footprint.exterior(),
            );
        }
        let mut filler = layout.finish();
        for s in scenes {
            filler.put(s).expect("the same scenes in the same order");
        }
        filler.finish().expect("every scene")
    }

    /// How many scenes are indexed.
    pub fn len(&self) -> usize {
        self.fid.len()
    }

    /// Whether the catalogue is empty.
    pub fn is_empty(&self) -> bool {
        self.fid.is_empty()
    }

    /// The product id of a scene by position.
    pub fn scene_id(&self, i: usize) -> Option<&str> {
        (i < self.len()).then(|| self.texts.id(i))
    }

    fn ring(&self, slot: usize) -> &[geo_types::Coord<f64>] {
        &self.coords[self.ring_start[slot] as usize..self.ring_start[slot + 1] as usize]
    }

    fn footprint(&self, slot: usize) -> Polygon<f64> {
        let holes = self.holes.get(&(slot as u32)).cloned().unwrap_or_default();
        Polygon::new(LineString(self.ring(slot).to_vec()), holes)
    }

    /// A scene by position, read in place from the columns: cheap, for walking
    /// the catalogue.
    pub fn at(&self, i: usize) -> Option<SceneRef<'_>> {
        (i < self.len()).then(|| SceneRef {
            index: self,
            pos: i,
            slot: self.slot_of[i] as usize,
        })
    }

    /// A scene by position, rebuilt from the compact columns.
    pub fn get(&self, i: usize) -> Option<SceneRow> {
        self.at(i).map(|s| s.to_row())
    }

    fn plan<'a>(&self, filter: &'a Filter) -> Plan<'a> {
        let trees = self
            .trees
            .iter()
            .enumerate()
            .filter(|(_, t)| {
                let name = &self.satellite_names[t.satellite as usize];
                let entry = crate::catalogue::satellite(name);
                let chosen = if filter.satellites.is_empty() {
                    true
                } else {
                    filter.satellites.get(name).is_some_and(|wanted| {
                        wanted.is_empty() || wanted.contains(&self.sensors[t.sensor as usize])
                    })
                };
                let class_ok = filter.resolutions.is_empty()
                    || entry.is_some_and(|e| filter.resolutions.contains(&(e.resolution as u8)));
                let type_ok = filter.types.is_empty()
                    || entry.is_some_and(|e| filter.types.contains(&(e.kind as u8)));
                chosen && class_ok && type_ok
            })
            .map(|(n, _)| n)
            .collect();
        Plan {
            filter,
            trees,
            positions: self.positions(filter),
        }
    }

    /// The positions within the filter's time bounds (its other fields are not looked at).
    fn positions(&self, filter: &Filter) -> std::ops::Range<usize> {
        let lo = filter
            .from
            .map_or(0, |t| self.time.partition_point(|&x| x < t));
        let hi = filter
            .to
            .map_or(self.len(), |t| self.time.partition_point(|&x| x <= t));
        lo..hi.max(lo)
    }

    /// Whether a slot passes everything but the area.
    fn keeps(&self, plan: &Plan, slot: usize) -> bool {
        let f = plan.filter;
        plan.positions.contains(&(self.slot_pos[slot] as usize))
            && f.cloud_max.is_none_or(|c| self.slot_cloud[slot] <= c)
            && f.online
                .is_none_or(|o| (self.slot_flags[slot] & ONLINE != 0) == o)
    }

    fn meets(&self, slot: usize, grid: &AreaGrid, aoi: &MultiPolygon<f64>) -> bool {
        if self.slot_flags[slot] & HOLES != 0 {
            return self.footprint(slot).intersects(aoi);
        }
        grid.meets_ring(self.ring(slot))
    }

    /// The positions (unordered) of the scenes over the area passing the
    /// filter; `grid` is the area's.
    fn matches(&self, aoi: &MultiPolygon<f64>, grid: &AreaGrid, filter: &Filter) -> Vec<u32> {
        let plan = self.plan(filter);
        let mut hits = Vec::new();
        for &n in &plan.trees {
            let t = &self.trees[n];
            t.tree.search(
                |b| grid.classify(b),
                |items, inside| {
                    for slot in items.start + t.first..items.end + t.first {
                        if self.keeps(&plan, slot) && (inside || self.meets(slot, grid, aoi)) {
                            hits.push(self.slot_pos[slot]);
                        }
                    }
                },
            );
        }
        hits
    }

    /// Puts positions in the asked order, sorting only the first `keep`:
    /// positions are in (time, row id) order, so time order is theirs.
    fn order(&self, mut hits: Vec<u32>, order: Arrange, keep: usize) -> Vec<u32> {
        // A comparator per order rather than one behind `dyn`: the selection
        // compares tens of thousands of positions, and an inlined comparison
        // costs a fraction of a call.
        match order {
            Arrange::NewestFirst => first_in_order(&mut hits, keep, |a, b| b.cmp(a)),
            Arrange::OldestFirst => first_in_order(&mut hits, keep, |a, b| a.cmp(b)),
            Arrange::LeastCloudy => {
                let cloud = |p: u32| self.cloud(p as usize);
                first_in_order(&mut hits, keep, |a, b| {
                    cloud(*a).total_cmp(&cloud(*b)).then(b.cmp(a))
                });
            }
        }
        hits
    }

    /// The cloud cover of a position.
    fn cloud(&self, pos: usize) -> f64 {
        self.slot_cloud[self.slot_of[pos] as usize]
    }

    /// The first position whose (time, row id) is not below `key`: positions
    /// are in that order, so the ones below it are exactly the earlier scenes.
    fn position_of(&self, (time, fid): (i64, i64)) -> usize {
        let lo = self.time.partition_point(|&t| t < time);
        let hi = lo + self.time[lo..].partition_point(|&t| t == time);
        lo + self.fid[lo..hi].partition_point(|&f| f < fid)
    }

    /// The largest row id (0 for none).
    fn max_fid(&self) -> i64 {
        self.fid.iter().copied().max().unwrap_or(0)
    }

    /// The (time, row id) of a position: the catalogue's order across segments.
    fn key(&self, pos: usize) -> (i64, i64) {
        (self.time[pos], self.fid[pos])
    }

    /// Every scene passing the filter (no area) and the predicate, unordered.
    fn select(&self, filter: &Filter, keep: impl Fn(&SceneRef) -> bool) -> Vec<u32> {
        let plan = self.plan(filter);
        let mut hits = Vec::new();
        for &n in &plan.trees {
            for slot in self.tree_slots(n) {
                if self.keeps(&plan, slot) {
                    let pos = self.slot_pos[slot];
                    if self.at(pos as usize).is_some_and(|s| keep(&s)) {
                        hits.push(pos);
                    }
                }
            }
        }
        hits
    }

    fn tree_slots(&self, n: usize) -> std::ops::Range<usize> {
        let end = self
            .trees
            .get(n + 1)
            .map_or(self.slot_pos.len(), |t| t.first);
        self.trees[n].first..end
    }
}

/// One scene read in place from the index's columns; a full `SceneRow` is
/// built only by `to_row`.
#[derive(Clone, Copy)]
pub struct SceneRef<'a> {
    index: &'a Segment,
    pos: usize,
    slot: usize,
}

impl<'a> SceneRef<'a> {
    /// The database row id.
    pub fn fid(&self) -> i64 {
        self.index.fid[self.pos]
    }

    /// The product id.
    pub fn scene_id(&self) -> &'a str {
        self.index.texts.id(self.pos)
    }

    /// The file name (built when the arena keeps only its affixes).
    pub fn file_name(&self) -> Cow<'a, str> {
        let texts = &self.index.texts;
        texts.derived(self.pos, 1, texts.file[self.pos])
    }

    /// The quick-look URL, if any.
    pub fn quicklook(&self) -> Option<Cow<'a, str>> {
        let texts = &self.index.texts;
        let code = texts.quicklook[self.pos];
        (code != ABSENT).then(|| texts.derived(self.pos, 2, code))
    }

    /// The satellite value.
    pub fn satellite(&self) -> &'a str {
        &self.index.satellite_names[self.index.satellite_of[self.pos] as usize]
    }

    /// The sensor value.
    pub fn sensor(&self) -> &'a str {
        &self.index.sensors[self.index.slot_sensor[self.slot] as usize]
    }

    /// Acquisition time, unix seconds.
    pub fn acquired_at(&self) -> i64 {
        self.index.time[self.pos]
    }

    /// Cloud cover, percent.
    pub fn cloud(&self) -> f64 {
        self.index.slot_cloud[self.slot]
    }

    /// Ground resolution, metres.
    pub fn resolution_m(&self) -> Option<f64> {
        let v = self.index.resolution[self.pos];
        (!v.is_nan()).then_some(v)
    }

    /// Product level.
    pub fn product_level(&self) -> Option<&'a str> {
        self.index.levels[self.index.level[self.pos] as usize].as_deref()
    }

    /// Path and row.
    pub fn path_row(&self) -> (Option<i64>, Option<i64>) {
        let wide = |v: i32| (v != NO_PATH_ROW).then_some(i64::from(v));
        match self.index.wide_path_rows.get(&(self.pos as u32)) {
            Some(&pair) => pair,
            None => {
                let [path, row] = self.index.path_row[self.pos];
                (wide(path), wide(row))
            }
        }
    }

    /// Size, megabytes.
    pub fn size_mb(&self) -> Option<f64> {
        let v = self.index.size_mb[self.pos];
        (!v.is_nan()).then_some(v)
    }

    /// Whether the scene can be had now.
    pub fn online(&self) -> bool {
        self.index.slot_flags[self.slot] & ONLINE != 0
    }

    /// Whether the scene is generated demo data.
    pub fn demo(&self) -> bool {
        self.index.slot_flags[self.slot] & DEMO != 0
    }

    /// The outer ring of the footprint, without repeating its first point at the end.
    pub fn ring(&self) -> &'a [geo_types::Coord<f64>] {
        self.index.ring(self.slot)
    }

    /// The bounding box of the footprint; `None` for an empty one.
    pub fn bbox(&self) -> Option<Envelope> {
        let ring = self.ring();
        (!ring.is_empty()).then(|| bounds(ring))
    }

    /// The footprint with its holes.
    pub fn footprint(&self) -> Polygon<f64> {
        self.index.footprint(self.slot)
    }

    /// The full row.
    pub fn to_row(&self) -> SceneRow {
        let (path, row) = self.path_row();
        SceneRow {
            fid: self.fid(),
            scene_id: self.scene_id().to_owned(),
            file_name: self.file_name().into_owned(),
            satellite: self.satellite().to_owned(),
            sensor: self.sensor().to_owned(),
            acquired_at: self.acquired_at(),
            cloud: self.cloud(),
            resolution_m: self.resolution_m(),
            product_level: self.product_level().map(str::to_owned),
            path,
            row,
            quicklook: self.quicklook().map(Cow::into_owned),
            size_mb: self.size_mb(),
            online: self.online(),
            demo: self.demo(),
            footprint: self.footprint(),
        }
    }
}

/// Sorts the first `keep` of `hits` by `cmp` and drops the rest.
fn first_in_order<T>(hits: &mut Vec<T>, keep: usize, cmp: impl Fn(&T, &T) -> std::cmp::Ordering) {
    if keep < hits.len() {
        if keep > 0 {
            hits.select_nth_unstable_by(keep - 1, &cmp);
        }
        hits.truncate(keep);
    }
    hits.sort_unstable_by(cmp);
}

/// The bounding box of a ring (inside out, infinite, for an empty one).
fn bounds(ring: &[geo_types::Coord<f64>]) -> Envelope {
    let mut b = Envelope {
        min_x: f64::INFINITY,
        max_x: f64::NEG_INFINITY,
        min_y: f64::INFINITY,
        max_y: f64::NEG_INFINITY,
    };
    for c in ring {
        b.expand(c.x, c.y);
    }
    b
}
