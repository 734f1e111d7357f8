//! Building the compact index in two passes over the scenes, so that a
//! million rows never exist as `SceneRow`s at once and no column is ever held
//! twice (a builder's columns beside their final copies was most of the
//! server's peak memory at start). The first pass (`Layout`) sees only what
//! fixes a scene's place: time, satellite, sensor, footprint box and size. It
//! numbers the scenes by acquisition time, lays each satellite sensor's out in
//! R-tree leaf order and allocates every column at its final size; the second
//! (`Filler`) writes each scene, given again in the same order, straight into
//! its place.

use std::borrow::Borrow;
use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

use geo_kit::Envelope;
use geo_kit::packed_rtree::PackedRTree;
use geo_types::{Coord, LineString};

use super::{DEMO, HOLES, ONLINE, Segment, SensorTree, Texts};
use crate::normal::store::SceneRow;

/// Values seen many times, stored once and referred to by number.
#[derive(Debug)]
struct Interner<T> {
    ids: HashMap<T, u32>,
    values: Vec<T>,
}

impl<T: Hash + Eq + Clone> Interner<T> {
    fn new() -> Self {
        Self {
            ids: HashMap::new(),
            values: Vec::new(),
        }
    }

    fn id<Q>(&mut self, v: &Q) -> u32
    where
        T: Borrow<Q>,
        Q: Hash + Eq + ToOwned<Owned = T> + ?Sized,
    {
        if let Some(&id) = self.ids.get(v) {
            return id;
        }
        let id = self.values.len() as u32;
        self.ids.insert(v.to_owned(), id);
        self.values.push(v.to_owned());
        id
    }
}

/// Marks a text stored literally rather than as prefix + scene id + suffix.
pub(super) const LITERAL: u32 = u32::MAX;
/// Marks an absent quick-look.
pub(super) const ABSENT: u32 = u32::MAX - 1;

/// Path and row both absent; also marks a pair kept in the wide map.
pub(super) const NO_PATH_ROW: i32 = i32::MIN;

/// A path or row in 32 bits (`NO_PATH_ROW` for none), or `None` when it does not fit.
fn narrow(v: Option<i64>) -> Option<i32> {
    match v {
        None => Some(NO_PATH_ROW),
        Some(x) => i32::try_from(x).ok().filter(|&x| x != NO_PATH_ROW),
    }
}

/// A ring's points as the index keeps them: open, the closing point not repeated.
fn open(ring: &[Coord<f64>]) -> &[Coord<f64>] {
    match ring {
        [first, .., last] if first == last => &ring[..ring.len() - 1],
        _ => ring,
    }
}

/// A scene given to the second pass that is not the one the first pass saw
/// at that turn (or too few scenes): the catalogue changed between passes.
#[derive(Debug)]
pub struct OutOfStep;

impl std::fmt::Display for OutOfStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the scenes of the second pass differ from the first's")
    }
}

impl std::error::Error for OutOfStep {}

/// The first pass: collects what fixes each scene's place; `finish` lays them out.
pub struct Layout {
    fid: Vec<i64>,
    time: Vec<i64>,
    satellite: Vec<u16>,
    sensor: Vec<u16>,
    boxes: Vec<Envelope>,
    vertices: Vec<u32>,
    satellites: Interner<String>,
    sensors: Interner<String>,
}

impl Default for Layout {
    fn default() -> Self {
        Self::new()
    }
}

impl Layout {
    /// An empty layout.
    pub fn new() -> Self {
        Self {
            fid: Vec::new(),
            time: Vec::new(),
            satellite: Vec::new(),
            sensor: Vec::new(),
            boxes: Vec::new(),
            vertices: Vec::new(),
            satellites: Interner::new(),
            sensors: Interner::new(),
        }
    }

    /// Notes one scene by what fixes its place.
    pub fn push(
        &mut self,
        fid: i64,
        acquired_at: i64,
        satellite: &str,
        sensor: &str,
        exterior: &LineString<f64>,
    ) {
        let ring = open(&exterior.0);
        self.fid.push(fid);
        self.time.push(acquired_at);
        self.satellite.push(self.satellites.id(satellite) as u16);
        self.sensor.push(self.sensors.id(sensor) as u16);
        self.boxes.push(super::bounds(ring));
        self.vertices.push(ring.len() as u32);
    }

    /// Numbers the scenes by (acquisition time, row id), gives them slots by
    /// satellite sensor in R-tree leaf order and allocates the columns; the
    /// same scenes must then be put, in the order they were pushed.
    pub fn finish(self) -> Filler {
        let n = self.fid.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&k| (self.time[k as usize], self.fid[k as usize]));
        let mut pos_of = vec![0u32; n];
        let mut groups: BTreeMap<(u16, u16), Vec<u32>> = BTreeMap::new();
        for (pos, &k) in order.iter().enumerate() {
            pos_of[k as usize] = pos as u32;
            let key = (self.satellite[k as usize], self.sensor[k as usize]);
            groups.entry(key).or_default().push(pos as u32);
        }
        let mut index = Segment {
            fid: order.iter().map(|&k| self.fid[k as usize]).collect(),
            time: order.iter().map(|&k| self.time[k as usize]).collect(),
            satellite_of: order.iter().map(|&k| self.satellite[k as usize]).collect(),
            slot_of: vec![0; n],
            level: vec![0; n],
            path_row: vec![[NO_PATH_ROW; 2]; n],
            wide_path_rows: HashMap::new(),
            resolution: vec![f64::NAN; n],
            size_mb: vec![f64::NAN; n],
            texts: Texts {
                arena: String::new(),
                start: vec![0; n],
                lens: vec![[0; 3]; n],
                file: vec![LITERAL; n],
                quicklook: vec![ABSENT; n],
                affixes: Vec::new(),
            },
            slot_pos: Vec::with_capacity(n),
            slot_sensor: Vec::with_capacity(n),
            slot_flags: vec![0; n],
            slot_cloud: vec![0.0; n],
            ring_start: Vec::with_capacity(n + 1),
            coords: Vec::new(),
            holes: HashMap::new(),
            satellite_names: self.satellites.values,
            trees: Vec::new(),
            sensors: self.sensors.values,
            levels: Vec::new(),
            lookup: Default::default(),
        };
        index.ring_start.push(0);
        let mut total = 0u32;
        for ((satellite, sensor), group) in groups {
            let boxes: Vec<Envelope> = group
                .iter()
                .map(|&pos| self.boxes[order[pos as usize] as usize])
                .collect();
            let leaf_order = PackedRTree::order(&boxes);
            let first = index.slot_pos.len();
            let mut sorted = Vec::with_capacity(boxes.len());
            for &j in &leaf_order {
                let pos = group[j as usize];
                index.slot_of[pos as usize] = index.slot_pos.len() as u32;
                index.slot_pos.push(pos);
                index.slot_sensor.push(sensor);
                total += self.vertices[order[pos as usize] as usize];
                index.ring_start.push(total);
                sorted.push(boxes[j as usize]);
            }
            index.trees.push(SensorTree {
                satellite,
                sensor,
                first,
                tree: PackedRTree::new(&sorted),
            });
        }
        index.coords = vec![Coord { x: 0.0, y: 0.0 }; total as usize];
        Filler {
            index,
            pos_of,
            next: 0,
            affixes: Interner::new(),
            levels: Interner::new(),
        }
    }
}

/// The second pass: writes each scene into the place its layout gave it.
pub struct Filler {
    index: Segment,
    /// The position of the k-th scene pushed.
    pos_of: Vec<u32>,
    /// How many scenes have been put.
    next: usize,
    affixes: Interner<(String, String)>,
    levels: Interner<Option<String>>,
}

impl Filler {
    /// A text relative to the scene id when it contains it (file names and
    /// quick-look URLs usually do), else literally after the id in the arena.
    fn affix(&mut self, id: &str, text: &str) -> (u32, u32) {
        match text.find(id).filter(|_| !id.is_empty()) {
            Some(at) => {
                let pair = (text[..at].to_owned(), text[at + id.len()..].to_owned());
                (self.affixes.id(&pair), 0)
            }
            None => {
                self.index.texts.arena.push_str(text);
                (LITERAL, text.len() as u32)
            }
        }
    }

    /// Writes the next scene, which must be the one pushed at this turn.
    pub fn put(&mut self, s: SceneRow) -> Result<(), OutOfStep> {
        let pos = *self.pos_of.get(self.next).ok_or(OutOfStep)? as usize;
        let ix = &mut self.index;
        let slot = ix.slot_of[pos] as usize;
        let (exterior, interiors) = s.footprint.into_inner();
        let ring = open(&exterior.0);
        let place = ix.ring_start[slot] as usize..ix.ring_start[slot + 1] as usize;
        if ix.fid[pos] != s.fid || place.len() != ring.len() {
            return Err(OutOfStep);
        }
        self.next += 1;
        ix.coords[place].copy_from_slice(ring);
        ix.level[pos] = self.levels.id(&s.product_level);
        match (narrow(s.path), narrow(s.row)) {
            (Some(p), Some(r)) => ix.path_row[pos] = [p, r],
            _ => {
                ix.wide_path_rows.insert(pos as u32, (s.path, s.row));
            }
        }
        ix.resolution[pos] = s.resolution_m.unwrap_or(f64::NAN);
        ix.size_mb[pos] = s.size_mb.unwrap_or(f64::NAN);
        ix.slot_cloud[slot] = s.cloud;
        let mut flags = (u8::from(s.online) * ONLINE) | (u8::from(s.demo) * DEMO);
        if !interiors.is_empty() {
            flags |= HOLES;
            ix.holes.insert(slot as u32, interiors);
        }
        ix.slot_flags[slot] = flags;
        ix.texts.start[pos] = ix.texts.arena.len();
        ix.texts.arena.push_str(&s.scene_id);
        let (file, file_len) = self.affix(&s.scene_id, &s.file_name);
        let (quicklook, ql_len) = match &s.quicklook {
            Some(q) => self.affix(&s.scene_id, q),
            None => (ABSENT, 0),
        };
        let texts = &mut self.index.texts;
        texts.lens[pos] = [s.scene_id.len() as u32, file_len, ql_len];
        texts.file[pos] = file;
        texts.quicklook[pos] = quicklook;
        Ok(())
    }

    /// The index, once every scene of the layout has been put.
    pub fn finish(mut self) -> Result<Segment, OutOfStep> {
        if self.next != self.pos_of.len() {
            return Err(OutOfStep);
        }
        self.index.texts.arena.shrink_to_fit();
        self.index.texts.affixes = self.affixes.values;
        self.index.levels = self.levels.values;
        Ok(self.index)
    }
}
