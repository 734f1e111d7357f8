//! Building the compact index: scenes arrive in any order, one at a time (so a
//! million rows never exist as `SceneRow`s at once), and are laid out by
//! acquisition time and, per satellite, in R-tree leaf order.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

use geo_kit::Envelope;
use geo_kit::packed_rtree::PackedRTree;
use geo_types::{Coord, LineString};

use super::{DEMO, HOLES, ONLINE, SceneIndex, SensorTree, Texts};
use crate::normal::store::SceneRow;

/// Values seen many times, stored once and referred to by number.
#[derive(Debug)]
pub(super) struct Interner<T> {
    ids: HashMap<T, u32>,
    pub(super) values: Vec<T>,
}

impl<T: Hash + Eq + Clone> Interner<T> {
    fn new() -> Self {
        Self {
            ids: HashMap::new(),
            values: Vec::new(),
        }
    }

    fn id(&mut self, v: &T) -> u32 {
        if let Some(&id) = self.ids.get(v) {
            return id;
        }
        let id = self.values.len() as u32;
        self.ids.insert(v.clone(), id);
        self.values.push(v.clone());
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

/// Collects scenes; `finish` lays them out.
pub struct Builder {
    fid: Vec<i64>,
    time: Vec<i64>,
    satellite: Vec<u16>,
    sensor: Vec<u16>,
    level: Vec<u32>,
    path_row: Vec<[i32; 2]>,
    wide_path_rows: HashMap<u32, (Option<i64>, Option<i64>)>,
    resolution: Vec<f64>,
    size_mb: Vec<f64>,
    cloud: Vec<f64>,
    flags: Vec<u8>,
    texts: Texts,
    affixes: Interner<(String, String)>,
    ring_start: Vec<u32>,
    coords: Vec<Coord<f64>>,
    holes: HashMap<u32, Vec<LineString<f64>>>,
    satellites: Interner<String>,
    sensors: Interner<String>,
    levels: Interner<Option<String>>,
}

impl Default for Builder {
    fn default() -> Self {
        Self::new()
    }
}

impl Builder {
    /// An empty builder.
    pub fn new() -> Self {
        Self {
            fid: Vec::new(),
            time: Vec::new(),
            satellite: Vec::new(),
            sensor: Vec::new(),
            level: Vec::new(),
            path_row: Vec::new(),
            wide_path_rows: HashMap::new(),
            resolution: Vec::new(),
            size_mb: Vec::new(),
            cloud: Vec::new(),
            flags: Vec::new(),
            texts: Texts::default(),
            affixes: Interner::new(),
            ring_start: vec![0],
            coords: Vec::new(),
            holes: HashMap::new(),
            satellites: Interner::new(),
            sensors: Interner::new(),
            levels: Interner::new(),
        }
    }

    /// A text relative to the scene id when it contains it (file names and
    /// quick-look URLs usually do), else literally after the id in the arena.
    fn affix(&mut self, id: &str, text: &str) -> (u32, u32) {
        match text.find(id).filter(|_| !id.is_empty()) {
            Some(at) => {
                let pair = (text[..at].to_owned(), text[at + id.len()..].to_owned());
                (self.affixes.id(&pair), 0)
            }
            None => {
                self.texts.arena.push_str(text);
                (LITERAL, text.len() as u32)
            }
        }
    }

    /// Adds one scene.
    pub fn push(&mut self, s: SceneRow) {
        let i = self.fid.len() as u32;
        self.fid.push(s.fid);
        self.time.push(s.acquired_at);
        self.satellite.push(self.satellites.id(&s.satellite) as u16);
        self.sensor.push(self.sensors.id(&s.sensor) as u16);
        self.level.push(self.levels.id(&s.product_level));
        match (narrow(s.path), narrow(s.row)) {
            (Some(p), Some(r)) => self.path_row.push([p, r]),
            _ => {
                self.path_row.push([NO_PATH_ROW; 2]);
                self.wide_path_rows.insert(i, (s.path, s.row));
            }
        }
        self.resolution.push(s.resolution_m.unwrap_or(f64::NAN));
        self.size_mb.push(s.size_mb.unwrap_or(f64::NAN));
        self.cloud.push(s.cloud);
        let (mut exterior, interiors) = s.footprint.into_inner();
        let mut flags = (u8::from(s.online) * ONLINE) | (u8::from(s.demo) * DEMO);
        if !interiors.is_empty() {
            flags |= HOLES;
            self.holes.insert(i, interiors);
        }
        self.flags.push(flags);
        // Rings are stored open: the closing point repeats the first.
        if exterior.is_closed() && exterior.0.len() > 1 {
            exterior.0.pop();
        }
        self.coords.extend(exterior.0);
        self.ring_start.push(self.coords.len() as u32);
        self.texts.start.push(self.texts.arena.len());
        self.texts.arena.push_str(&s.scene_id);
        let (file, file_len) = self.affix(&s.scene_id, &s.file_name);
        let (quicklook, ql_len) = match &s.quicklook {
            Some(q) => self.affix(&s.scene_id, q),
            None => (ABSENT, 0),
        };
        self.texts
            .lens
            .push([s.scene_id.len() as u32, file_len, ql_len]);
        self.texts.file.push(file);
        self.texts.quicklook.push(quicklook);
    }

    fn bbox(&self, i: usize) -> Envelope {
        super::bounds(&self.coords[self.ring_start[i] as usize..self.ring_start[i + 1] as usize])
    }

    /// Lays the scenes out: positions by (acquisition time, row id), slots by
    /// satellite and R-tree leaf order.
    pub fn finish(mut self) -> SceneIndex {
        let n = self.fid.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&i| (self.time[i as usize], self.fid[i as usize]));
        let by_pos = |v: &[i64]| -> Vec<i64> { order.iter().map(|&i| v[i as usize]).collect() };
        let fid = by_pos(&self.fid);
        let time = by_pos(&self.time);
        let gather_f = |v: &[f64]| -> Vec<f64> { order.iter().map(|&i| v[i as usize]).collect() };
        let gather_u = |v: &[u32]| -> Vec<u32> { order.iter().map(|&i| v[i as usize]).collect() };
        let resolution = gather_f(&self.resolution);
        let size_mb = gather_f(&self.size_mb);
        let level = gather_u(&self.level);
        let path_row = order.iter().map(|&i| self.path_row[i as usize]).collect();
        let wide_path_rows = order
            .iter()
            .enumerate()
            .filter_map(|(pos, i)| Some((pos as u32, self.wide_path_rows.remove(i)?)))
            .collect();
        let texts = Texts {
            start: order
                .iter()
                .map(|&i| self.texts.start[i as usize])
                .collect(),
            lens: order.iter().map(|&i| self.texts.lens[i as usize]).collect(),
            file: gather_u(&self.texts.file),
            quicklook: gather_u(&self.texts.quicklook),
            arena: {
                let mut a = std::mem::take(&mut self.texts.arena);
                a.shrink_to_fit();
                a
            },
            affixes: std::mem::take(&mut self.affixes.values),
        };
        let satellite_of: Vec<u16> = order.iter().map(|&i| self.satellite[i as usize]).collect();
        let mut groups: BTreeMap<(u16, u16), Vec<u32>> = BTreeMap::new();
        for (pos, &i) in order.iter().enumerate() {
            let key = (self.satellite[i as usize], self.sensor[i as usize]);
            groups.entry(key).or_default().push(pos as u32);
        }
        let mut index = SceneIndex {
            slot_of: vec![0; n],
            fid,
            time,
            satellite_of,
            level,
            path_row,
            wide_path_rows,
            resolution,
            size_mb,
            texts,
            slot_pos: Vec::with_capacity(n),
            slot_sensor: Vec::with_capacity(n),
            slot_flags: Vec::with_capacity(n),
            slot_cloud: Vec::with_capacity(n),
            ring_start: Vec::with_capacity(n + 1),
            coords: Vec::with_capacity(self.coords.len()),
            holes: HashMap::new(),
            satellite_names: std::mem::take(&mut self.satellites.values),
            trees: Vec::new(),
            sensors: std::mem::take(&mut self.sensors.values),
            levels: std::mem::take(&mut self.levels.values),
            lookup: Default::default(),
        };
        index.ring_start.push(0);
        for ((satellite, sensor), group) in groups {
            let boxes: Vec<Envelope> = group
                .iter()
                .map(|&p| self.bbox(order[p as usize] as usize))
                .collect();
            let leaf_order = PackedRTree::order(&boxes);
            let first = index.slot_pos.len();
            let mut sorted = Vec::with_capacity(boxes.len());
            for &k in &leaf_order {
                let pos = group[k as usize];
                let i = order[pos as usize] as usize;
                let slot = index.slot_pos.len() as u32;
                index.slot_of[pos as usize] = slot;
                index.slot_pos.push(pos);
                index.slot_sensor.push(self.sensor[i]);
                index.slot_flags.push(self.flags[i]);
                index.slot_cloud.push(self.cloud[i]);
                index.coords.extend_from_slice(
                    &self.coords[self.ring_start[i] as usize..self.ring_start[i + 1] as usize],
                );
                index.ring_start.push(index.coords.len() as u32);
                if let Some(h) = self.holes.remove(&(i as u32)) {
                    index.holes.insert(slot, h);
                }
                sorted.push(boxes[k as usize]);
            }
            index.trees.push(SensorTree {
                satellite,
                sensor,
                first,
                tree: PackedRTree::new(&sorted),
            });
        }
        index
    }
}
