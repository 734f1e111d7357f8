//! The spot engine in memory: every stored spot, per theme and batch ("block"), in compact
//! columns sorted by county code, so that any region (the country, a province `xx0000`, a
//! city `xxxx00`, a county) is one contiguous run of positions found by binary search and a
//! caller's area ranges are a few such runs. Statistics and lists scan the columns of those
//! runs (about a nanosecond a spot, nothing allocated per spot); the map layers find spots
//! through a packed R-tree over the same block. The database stays the durable truth:
//! `db::live` rebuilds the engine when the spot table changes.

use std::collections::HashMap;
use std::ops::Range;

use geo_kit::Envelope;
use geo_kit::area_grid::Cover;
use geo_kit::packed_rtree::PackedRTree;
use geo_types::{Coord, Geometry, LineString, MultiPolygon, Polygon};
use rusqlite::Connection;

use super::filter::{Groups, Scope, county_code};
use super::model::{AttrValue, Attrs};
use super::store::{self, SpotRow};
use super::theme::{Stage, THEMES, Theme, ThemeName};
use super::{Batch, Tally};
use crate::db::live::Loaded;

/// A dictionary entry as the engine labels with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// The stored value, e.g. `1`.
    pub value: String,
    /// What it is called, e.g. 第一季度.
    pub label: String,
}

impl Tally {
    fn add(&mut self, area: f64) {
        self.count += 1;
        self.area_m2 += area;
    }

    fn merge(&mut self, other: Tally) {
        self.count += other.count;
        self.area_m2 += other.area_m2;
    }
}

/// The tallies of statistics: in all, per spot type and per change category.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tallies {
    /// Every spot counted.
    pub total: Tally,
    /// By type code (0: no type; k + 1: the theme's `types[k]`).
    pub by_type: Vec<Tally>,
    /// By change category (0 不变 … 3 部分拆除).
    pub by_change: [Tally; 4],
}

/// Which spots of a block a request keeps, besides where they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Predicate {
    /// Type codes kept, by code (0: no type); `None`: every type.
    pub types: Option<Vec<bool>>,
    /// Change categories kept, a bit each (bit 0 不变 … bit 3 部分拆除).
    pub changes: u8,
    /// File numbers kept, by number; `None`: every file.
    pub files: Option<Vec<bool>>,
    /// For a theme staged by time: the stages kept, a bit each (a block is one stage).
    pub stages: Option<u16>,
}

/// Every change category.
pub const ALL_CHANGES: u8 = 0b1111;

impl Default for Predicate {
    fn default() -> Self {
        Self {
            types: None,
            changes: ALL_CHANGES,
            files: None,
            stages: None,
        }
    }
}

impl Predicate {
    /// Whether it keeps every spot of a block it keeps at all.
    fn keeps_every_spot(&self) -> bool {
        self.types.is_none() && self.files.is_none() && self.changes == ALL_CHANGES
    }
}

/// Fixed-point scale of stored outlines: 1e-7 degree, about a centimetre, which tiles and
/// WFS need no finer, at a quarter of the memory of `geo_types` polygons.
const SCALE: f64 = 1e7;

fn fix(c: Coord<f64>) -> [i32; 2] {
    [(c.x * SCALE).round() as i32, (c.y * SCALE).round() as i32]
}

fn unfix(c: [i32; 2]) -> Coord<f64> {
    Coord {
        x: f64::from(c[0]) / SCALE,
        y: f64::from(c[1]) / SCALE,
    }
}

/// The span of item `i` in a list of end offsets.
fn span(ends: &[u32], i: usize) -> Range<usize> {
    let start = if i == 0 { 0 } else { ends[i - 1] as usize };
    start..ends[i] as usize
}

/// Spot outlines in fixed point, one after another.
#[derive(Debug, Default)]
struct Outlines {
    coords: Vec<[i32; 2]>,
    /// End of each ring in `coords`.
    rings: Vec<u32>,
    /// End of each polygon in `rings` (its first ring is the exterior).
    polygons: Vec<u32>,
    /// End of each spot in `polygons`.
    spots: Vec<u32>,
}

impl Outlines {
    fn push(&mut self, mp: &MultiPolygon<f64>) {
        for p in &mp.0 {
            for ring in geo_kit::rings(p) {
                self.coords.extend(ring.0.iter().map(|&c| fix(c)));
                self.rings.push(self.coords.len() as u32);
            }
            self.polygons.push(self.rings.len() as u32);
        }
        self.spots.push(self.polygons.len() as u32);
    }

    /// Appends spot `i` of `other`.
    fn push_from(&mut self, other: &Self, i: usize) {
        for p in span(&other.spots, i) {
            for r in span(&other.polygons, p) {
                self.coords
                    .extend_from_slice(&other.coords[span(&other.rings, r)]);
                self.rings.push(self.coords.len() as u32);
            }
            self.polygons.push(self.rings.len() as u32);
        }
        self.spots.push(self.polygons.len() as u32);
    }

    /// Spot `i`'s outline: a polygon when it has one part (the usual spot: one allocation
    /// fewer for each of the thousands a tile draws), else a multipolygon.
    fn get(&self, i: usize) -> Geometry<f64> {
        let ring = |r: usize| -> LineString<f64> {
            self.coords[span(&self.rings, r)]
                .iter()
                .map(|&c| unfix(c))
                .collect()
        };
        let polygon = |p: usize| {
            let mut rings = span(&self.polygons, p).map(ring);
            let exterior = rings.next().unwrap_or_else(|| LineString(Vec::new()));
            Polygon::new(exterior, rings.collect())
        };
        let parts = span(&self.spots, i);
        if parts.len() == 1 {
            Geometry::Polygon(polygon(parts.start))
        } else {
            Geometry::MultiPolygon(MultiPolygon(parts.map(polygon).collect()))
        }
    }

    /// The box of spot `i`'s exterior rings; `None` for an empty outline.
    fn envelope(&self, i: usize) -> Option<Envelope> {
        let mut env: Option<Envelope> = None;
        for p in span(&self.spots, i) {
            if let Some(exterior) = span(&self.polygons, p).next() {
                for &c in &self.coords[span(&self.rings, exterior)] {
                    let c = unfix(c);
                    Envelope::include(&mut env, c.x, c.y);
                }
            }
        }
        env
    }
}

/// A value of one of a theme's own attributes.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Cell {
    Empty,
    Real(f64),
    Integer(i64),
    /// A text, by its number in the theme's texts.
    Text(u32),
}

/// A batch's spots, a column per field.
#[derive(Debug, Default)]
struct Columns {
    county: Vec<u32>,
    id: Vec<i64>,
    area: Vec<f64>,
    tblx: Vec<u16>,
    change: Vec<u8>,
    file: Vec<u32>,
    demo: Vec<bool>,
    /// The theme's own attributes, `Theme::attrs.len()` cells a spot.
    attrs: Vec<Cell>,
    outlines: Outlines,
}

impl Columns {
    /// The columns with their spots in `order`; `width` attribute cells a spot.
    fn permuted(&self, order: &[u32], width: usize) -> Self {
        fn pick<T: Copy>(column: &[T], order: &[u32]) -> Vec<T> {
            order.iter().map(|&i| column[i as usize]).collect()
        }
        let mut outlines = Outlines::default();
        for &i in order {
            outlines.push_from(&self.outlines, i as usize);
        }
        Self {
            county: pick(&self.county, order),
            id: pick(&self.id, order),
            area: pick(&self.area, order),
            tblx: pick(&self.tblx, order),
            change: pick(&self.change, order),
            file: pick(&self.file, order),
            demo: pick(&self.demo, order),
            attrs: order
                .iter()
                .flat_map(|&i| &self.attrs[i as usize * width..(i as usize + 1) * width])
                .copied()
                .collect(),
            outlines,
        }
    }
}

/// One batch of one theme's spots, by position: sorted by county code, then id.
#[derive(Debug)]
pub struct Block {
    /// The batch.
    pub batch: Batch,
    /// Its stage, for a theme staged by time (the quarter or half year of the batch).
    pub stage: Option<u8>,
    cols: Columns,
    /// The counties it has spots in, sorted.
    counties: Vec<u32>,
    /// Where each county's spots start (its run ends where the next one starts).
    county_start: Vec<u32>,
    /// Each county's spots per type and change category (`cells` to a county; cell
    /// `type * 4 + change`), so statistics add up counties rather than spots.
    county_cells: Vec<Tally>,
    /// Cells a county: type codes × 4 change categories.
    cells: usize,
    /// Positions by area, largest first (then by id): the list's order.
    by_area: Vec<u32>,
    /// The R-tree over the spots' boxes in its leaf order ("slots").
    tree: PackedRTree,
    /// The position of each slot.
    slots: Vec<u32>,
    /// The box of each slot.
    slot_boxes: Vec<Envelope>,
}

/// From this many matching spots on, a list page walks the spots in area order instead of
/// sorting the matches (whose number then no longer bounds the work).
const GATHER: usize = 8192;

impl Block {
    /// How many spots it holds.
    pub fn len(&self) -> usize {
        self.cols.id.len()
    }

    /// Whether it holds no spot.
    pub fn is_empty(&self) -> bool {
        self.cols.id.is_empty()
    }

    /// The runs of positions of the spots whose county is in `scope`.
    pub fn runs(&self, scope: &Scope) -> Vec<Range<usize>> {
        scope
            .intervals()
            .iter()
            .map(|&(lo, hi)| {
                let start = self.cols.county.partition_point(|&c| c < lo);
                start..start + self.cols.county[start..].partition_point(|&c| c <= hi)
            })
            .filter(|r| !r.is_empty())
            .collect()
    }

    /// Whether `pred` keeps the spot at a position (its block's stage aside).
    pub fn keeps(&self, pred: &Predicate, pos: usize) -> bool {
        pred.changes & (1 << self.cols.change[pos]) != 0
            && pred
                .types
                .as_ref()
                .is_none_or(|t| t.get(self.cols.tblx[pos] as usize) == Some(&true))
            && pred
                .files
                .as_ref()
                .is_none_or(|f| f.get(self.cols.file[pos] as usize) == Some(&true))
    }

    /// Whether `pred` keeps the spot at a position (its stage, type, change and file).
    pub fn kept(&self, pred: &Predicate, pos: usize) -> bool {
        self.stage_kept(pred) && self.keeps(pred, pos)
    }

    /// Whether `pred` keeps the block's stage.
    fn stage_kept(&self, pred: &Predicate) -> bool {
        pred.stages
            .is_none_or(|stages| self.stage.is_some_and(|s| stages & (1 << s) != 0))
    }

    /// Calls `each` with the position of every spot in `runs` that `pred` keeps, in order.
    pub fn each(&self, runs: &[Range<usize>], pred: &Predicate, mut each: impl FnMut(usize)) {
        if !self.stage_kept(pred) {
            return;
        }
        let every = pred.keeps_every_spot();
        for run in runs {
            for pos in run.clone() {
                if every || self.keeps(pred, pos) {
                    each(pos);
                }
            }
        }
    }

    /// The counties of `scope`, as a range of county numbers per interval.
    fn county_ranges<'s>(&'s self, scope: &'s Scope) -> impl Iterator<Item = Range<usize>> + 's {
        scope.intervals().iter().map(|&(lo, hi)| {
            let start = self.counties.partition_point(|&c| c < lo);
            start..start + self.counties[start..].partition_point(|&c| c <= hi)
        })
    }

    /// The positions of county number `k`'s spots.
    fn county_run(&self, k: usize) -> Range<usize> {
        let end = self
            .county_start
            .get(k + 1)
            .map_or(self.len(), |&e| e as usize);
        self.county_start[k] as usize..end
    }

    /// The spots in `scope` that `pred` keeps: in all, per type, per change category, and
    /// per group (the regions one level down, each cut to the caller's ranges: disjoint).
    /// Without a file-name filter it adds up the counties' cells and reads no spot.
    pub fn tallies(
        &self,
        scope: &Scope,
        pred: &Predicate,
        groups: &[Scope],
    ) -> (Tallies, Vec<Tally>) {
        let mut cells = vec![Tally::default(); self.cells];
        let mut per_group = vec![Tally::default(); groups.len()];
        let owners = Groups::new(groups);
        let kept: Vec<bool> = (0..self.cells)
            .map(|cell| {
                pred.changes & (1 << (cell % 4)) != 0
                    && pred
                        .types
                        .as_ref()
                        .is_none_or(|t| t.get(cell / 4) == Some(&true))
            })
            .collect();
        let by_spot = pred.files.is_some();
        let ranges: Vec<Range<usize>> = if self.stage_kept(pred) {
            self.county_ranges(scope).collect()
        } else {
            Vec::new()
        };
        for k in ranges.into_iter().flatten() {
            let mut county = Tally::default();
            if by_spot {
                for pos in self.county_run(k).filter(|&p| self.keeps(pred, p)) {
                    let area = self.cols.area[pos];
                    county.add(area);
                    let cell =
                        usize::from(self.cols.tblx[pos]) * 4 + usize::from(self.cols.change[pos]);
                    if let Some(c) = cells.get_mut(cell) {
                        c.add(area);
                    }
                }
            } else {
                let mine = &self.county_cells[k * self.cells..(k + 1) * self.cells];
                for ((sum, &cell), keep) in cells.iter_mut().zip(mine).zip(&kept) {
                    if *keep {
                        sum.merge(cell);
                        county.merge(cell);
                    }
                }
            }
            if let Some(g) = owners.of(self.counties[k]) {
                per_group[g].merge(county);
            }
        }
        let types = self.cells / 4;
        let mut out = Tallies {
            by_type: vec![Tally::default(); types],
            ..Tallies::default()
        };
        for (i, cell) in cells.into_iter().enumerate() {
            out.total.merge(cell);
            out.by_type[i / 4].merge(cell);
            out.by_change[i % 4].merge(cell);
        }
        (out, per_group)
    }

    /// A page of the spots in `scope` that `pred` keeps, largest first (then by id):
    /// the positions of those from `offset`, at most `limit`, and how many there are.
    pub fn page(
        &self,
        scope: &Scope,
        pred: &Predicate,
        offset: usize,
        limit: usize,
    ) -> (Vec<usize>, usize) {
        let total = usize::try_from(self.tallies(scope, pred, &[]).0.total.count).unwrap_or(0);
        let runs = &self.runs(scope)[..];
        if offset >= total {
            return (Vec::new(), total);
        }
        let order = |&a: &usize, &b: &usize| {
            self.cols.area[b]
                .total_cmp(&self.cols.area[a])
                .then(self.cols.id[a].cmp(&self.cols.id[b]))
        };
        if total <= GATHER {
            let mut found = Vec::with_capacity(total);
            self.each(runs, pred, |pos| found.push(pos));
            found.sort_unstable_by(order);
            return (found.into_iter().skip(offset).take(limit).collect(), total);
        }
        // Many match (so the block's stage is kept): walk the block in list order,
        // skipping what is not asked for.
        let in_runs = |pos: usize| {
            let i = runs.partition_point(|r| r.end <= pos);
            runs.get(i).is_some_and(|r| r.contains(&pos))
        };
        let page = self
            .by_area
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| in_runs(p) && self.keeps(pred, p))
            .skip(offset)
            .take(limit)
            .collect();
        (page, total)
    }

    /// The position of spot `id` of county `county`.
    pub fn locate(&self, county: u32, id: i64) -> Option<usize> {
        let start = self.cols.county.partition_point(|&c| c < county);
        let end = start + self.cols.county[start..].partition_point(|&c| c <= county);
        let ids = &self.cols.id[start..end];
        ids.binary_search(&id).ok().map(|i| start + i)
    }

    /// Calls `each` with the position of every spot whose box meets `bbox`, in the tree's
    /// order (stable for one block).
    pub fn in_box(&self, bbox: &Envelope, mut each: impl FnMut(usize)) {
        let meets = |b: &Envelope| b.meets(bbox);
        let within = |b: &Envelope| {
            b.min_x >= bbox.min_x
                && b.max_x <= bbox.max_x
                && b.min_y >= bbox.min_y
                && b.max_y <= bbox.max_y
        };
        self.tree.search(
            |b| {
                if !meets(b) {
                    Cover::Outside
                } else if within(b) {
                    Cover::Inside
                } else {
                    Cover::Mixed
                }
            },
            |slots, inside| {
                for slot in slots {
                    if inside || meets(&self.slot_boxes[slot]) {
                        each(self.slots[slot] as usize);
                    }
                }
            },
        );
    }

    /// The spot id at a position.
    pub fn id(&self, pos: usize) -> i64 {
        self.cols.id[pos]
    }

    /// The county code at a position.
    pub fn county(&self, pos: usize) -> u32 {
        self.cols.county[pos]
    }

    /// The area at a position, m².
    pub fn area(&self, pos: usize) -> f64 {
        self.cols.area[pos]
    }

    /// The type code at a position (0: no type).
    pub fn tblx(&self, pos: usize) -> u16 {
        self.cols.tblx[pos]
    }

    /// The change category at a position.
    pub fn change(&self, pos: usize) -> u8 {
        self.cols.change[pos]
    }

    /// Whether the spot at a position is demo data.
    pub fn demo(&self, pos: usize) -> bool {
        self.cols.demo[pos]
    }

    /// The outline at a position.
    pub fn outline(&self, pos: usize) -> Geometry<f64> {
        self.cols.outlines.get(pos)
    }

    /// The box of the outline at a position.
    pub fn envelope(&self, pos: usize) -> Option<Envelope> {
        self.cols.outlines.envelope(pos)
    }
}

/// One theme's spots.
#[derive(Debug)]
pub struct ThemeSpots {
    /// The theme.
    pub theme: &'static Theme,
    /// Its stage dictionary.
    pub stages: Vec<Label>,
    /// Its spot types: the type dictionary's, then any other value stored, labelled by
    /// itself. Type code k + 1 is `types[k]`.
    pub types: Vec<Label>,
    /// Its batches, newest first.
    blocks: Vec<Block>,
    /// Delivery file names, by number.
    files: Vec<String>,
    /// Texts of its own attributes, by number.
    texts: Vec<String>,
}

impl ThemeSpots {
    /// Its batches, newest first.
    pub fn batches(&self) -> impl Iterator<Item = &Batch> {
        self.blocks.iter().map(|b| &b.batch)
    }

    /// Its batches' blocks, newest first.
    pub fn blocks(&self) -> impl DoubleEndedIterator<Item = &Block> {
        self.blocks.iter()
    }

    /// The block of a batch (`None`: the latest); `None` when there is no such batch.
    pub fn block(&self, batch: Option<&str>) -> Option<&Block> {
        match batch {
            None => self.blocks.first(),
            Some(id) => self.blocks.iter().find(|b| b.batch.id == id),
        }
    }

    /// Delivery file names, by number.
    pub fn files(&self) -> &[String] {
        &self.files
    }

    /// The delivery file of the spot at a position.
    pub fn file_name(&self, block: &Block, pos: usize) -> &str {
        &self.files[block.cols.file[pos] as usize]
    }

    /// The type code of a type value.
    pub fn type_code(&self, value: &str) -> Option<u16> {
        let k = self.types.iter().position(|t| t.value == value)?;
        u16::try_from(k + 1).ok()
    }

    /// The type value and label of a type code (`None` for 0, no type).
    pub fn type_label(&self, code: u16) -> Option<&Label> {
        self.types.get(usize::from(code).checked_sub(1)?)
    }

    /// The stage value of the spot at a position: its batch's quarter or half year, or, for
    /// a theme staged by change, its change category.
    pub fn stage(&self, block: &Block, pos: usize) -> Option<u8> {
        match self.theme.stage {
            Stage::Change => Some(block.change(pos)),
            Stage::Quarter | Stage::HalfYear => block.stage,
        }
    }

    /// The theme's own attributes of the spot at a position.
    pub fn attrs(&self, block: &Block, pos: usize) -> Attrs {
        let n = self.theme.attrs.len();
        let mut attrs = Attrs::default();
        for (&attr, cell) in self.theme.attrs.iter().zip(&block.cols.attrs[pos * n..]) {
            let value = match *cell {
                Cell::Empty => continue,
                Cell::Real(v) => AttrValue::Real(v),
                Cell::Integer(v) => AttrValue::Integer(v),
                Cell::Text(t) => AttrValue::Text(&self.texts[t as usize]),
            };
            attrs.set(attr, value);
        }
        attrs
    }
}

/// The engine in use, kept current with the database.
pub type LiveSpots = crate::db::live::Live<SpotIndex>;

/// Every theme's spots.
#[derive(Debug)]
pub struct SpotIndex {
    /// In `THEMES` order.
    themes: Vec<ThemeSpots>,
    stamp: (usize, i64),
    len: usize,
}

impl SpotIndex {
    /// Reads every stored spot and the themes' dictionaries.
    pub fn load(conn: &Connection) -> rusqlite::Result<Self> {
        let mut builders = THEMES
            .iter()
            .map(|t| ThemeBuilder::new(conn, t))
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut skipped = 0usize;
        let stamp = store::for_each(conn, |row| {
            let at = THEMES.iter().position(|t| t.name == row.record.theme);
            if !at.is_some_and(|i| builders[i].push(&row)) {
                skipped += 1;
            }
            Ok(())
        })?;
        if skipped > 0 {
            tracing::warn!(
                skipped,
                "spots with a county code that is not six digits or a change category outside 0–3 are left out"
            );
        }
        let themes: Vec<ThemeSpots> = builders.into_iter().map(ThemeBuilder::finish).collect();
        let len = themes.iter().flat_map(|t| &t.blocks).map(Block::len).sum();
        Ok(Self { themes, stamp, len })
    }

    /// A theme's spots.
    pub fn theme(&self, name: ThemeName) -> &ThemeSpots {
        self.themes
            .iter()
            .find(|t| t.theme.name == name)
            .expect("every theme is loaded")
    }
}

impl Loaded for SpotIndex {
    type Stamp = (usize, i64);
    const WHAT: &'static str = "monitoring spots";

    fn load(conn: &Connection) -> rusqlite::Result<Self> {
        SpotIndex::load(conn)
    }

    fn stamp(&self) -> Self::Stamp {
        self.stamp
    }

    fn stored_stamp(conn: &Connection) -> rusqlite::Result<Self::Stamp> {
        store::stamp(conn)
    }

    fn rows(&self) -> usize {
        self.len
    }
}

/// Numbers for texts, each text once.
#[derive(Debug, Default)]
struct Interner {
    texts: Vec<String>,
    numbers: HashMap<String, u32>,
}

impl Interner {
    fn number(&mut self, text: &str) -> u32 {
        if let Some(&n) = self.numbers.get(text) {
            return n;
        }
        let n = self.texts.len() as u32;
        self.texts.push(text.to_owned());
        self.numbers.insert(text.to_owned(), n);
        n
    }
}

fn labels(conn: &Connection, dict: &str) -> rusqlite::Result<Vec<Label>> {
    Ok(crate::dict::store::items(conn, dict)?
        .into_iter()
        .map(|i| Label {
            value: i.value,
            label: i.label,
        })
        .collect())
}

/// A theme's spots as they are read, before sorting.
struct ThemeBuilder {
    theme: &'static Theme,
    stages: Vec<Label>,
    /// The type dictionary.
    type_dict: Vec<Label>,
    /// Type values: the dictionary's first, so their codes follow its order.
    types: Interner,
    files: Interner,
    texts: Interner,
    /// Each batch's spots in the order read.
    blocks: HashMap<String, Columns>,
}

impl ThemeBuilder {
    fn new(conn: &Connection, theme: &'static Theme) -> rusqlite::Result<Self> {
        let type_dict = match theme.types {
            Some(dict) => labels(conn, dict)?,
            None => Vec::new(),
        };
        let mut types = Interner::default();
        for l in &type_dict {
            types.number(&l.value);
        }
        Ok(Self {
            theme,
            stages: labels(conn, theme.stage.dict())?,
            type_dict,
            types,
            files: Interner::default(),
            texts: Interner::default(),
            blocks: HashMap::new(),
        })
    }

    /// Adds a spot; false when it cannot be placed (its county code is not six digits, or
    /// its change category is not 0–3).
    fn push(&mut self, row: &SpotRow) -> bool {
        let s = &row.record;
        let Some(county) = county_code(&s.xzqdm).filter(|_| s.change <= 3) else {
            return false;
        };
        // Type code k + 1 for the k-th value; past u16 (never, with a dictionary) no type.
        let tblx = s
            .tblx
            .as_deref()
            .and_then(|t| u16::try_from(self.types.number(t) + 1).ok())
            .unwrap_or(0);
        let file = self.files.number(&s.file_name);
        let b = self.blocks.entry(s.batch.clone()).or_default();
        b.county.push(county);
        b.id.push(row.id);
        b.area.push(s.area_m2);
        b.tblx.push(tblx);
        b.change.push(s.change);
        b.file.push(file);
        b.demo.push(s.demo);
        for &attr in self.theme.attrs {
            b.attrs.push(match s.attrs.get(attr) {
                None => Cell::Empty,
                Some(AttrValue::Real(v)) => Cell::Real(v),
                Some(AttrValue::Integer(v)) => Cell::Integer(v),
                Some(AttrValue::Text(t)) => Cell::Text(self.texts.number(t)),
            });
        }
        b.outlines.push(&s.geom);
        true
    }

    fn finish(self) -> ThemeSpots {
        let theme = self.theme;
        // Values stored but not in the dictionary are labelled by themselves.
        let known = self.type_dict.len();
        let types: Vec<Label> = self
            .type_dict
            .into_iter()
            .chain(self.types.texts[known..].iter().map(|v| Label {
                value: v.clone(),
                label: v.clone(),
            }))
            .collect();
        let mut blocks: Vec<Block> = self
            .blocks
            .into_iter()
            .map(|(batch, cols)| Block::new(theme, batch, &cols, types.len() + 1))
            .collect();
        blocks.sort_by(|a, b| b.batch.id.cmp(&a.batch.id));
        ThemeSpots {
            theme,
            stages: self.stages,
            types,
            blocks,
            files: self.files.texts,
            texts: self.texts.texts,
        }
    }
}

impl Block {
    /// The block of a batch's spots read: sorted, with its list order and its R-tree.
    fn new(theme: &Theme, batch: String, read: &Columns, types: usize) -> Self {
        let n = read.id.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&i| (read.county[i as usize], read.id[i as usize]));
        let cols = read.permuted(&order, theme.attrs.len());
        let cells = types * 4;
        let (mut counties, mut county_start, mut county_cells) =
            (Vec::new(), Vec::new(), Vec::new());
        for (pos, &county) in cols.county.iter().enumerate() {
            if counties.last() != Some(&county) {
                counties.push(county);
                county_start.push(pos as u32);
                county_cells.resize(county_cells.len() + cells, Tally::default());
            }
            let cell = usize::from(cols.tblx[pos]) * 4 + usize::from(cols.change[pos]);
            let first = county_cells.len() - cells;
            if let Some(c) = county_cells[first..].get_mut(cell) {
                c.add(cols.area[pos]);
            }
        }
        let mut by_area: Vec<u32> = (0..n as u32).collect();
        by_area.sort_unstable_by(|&a, &b| {
            let (a, b) = (a as usize, b as usize);
            cols.area[b]
                .total_cmp(&cols.area[a])
                .then(cols.id[a].cmp(&cols.id[b]))
        });
        // An empty outline (never stored: imports refuse it) gets an empty box far away.
        let nowhere = Envelope {
            min_x: f64::MAX,
            max_x: f64::MAX,
            min_y: f64::MAX,
            max_y: f64::MAX,
        };
        let boxes: Vec<Envelope> = (0..n)
            .map(|pos| cols.outlines.envelope(pos).unwrap_or(nowhere))
            .collect();
        let slots = PackedRTree::order(&boxes);
        let slot_boxes: Vec<Envelope> = slots.iter().map(|&p| boxes[p as usize]).collect();
        let stage = match theme.stage {
            Stage::Change => None,
            time => time.of(theme.batches, &batch, 0),
        };
        let type_name = theme
            .batches
            .type_name(&batch)
            .unwrap_or_else(|| batch.clone());
        Self {
            batch: Batch {
                id: batch,
                type_name,
            },
            stage,
            cols,
            counties,
            county_start,
            county_cells,
            cells,
            by_area,
            tree: PackedRTree::new(&slot_boxes),
            slots,
            slot_boxes,
        }
    }
}
