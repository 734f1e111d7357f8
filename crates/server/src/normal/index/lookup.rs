//! Look-ups by scene id and by file name, per-satellite summaries and scene
//! counts, so these requests do not walk the catalogue. Each is built on first use (a
//! server never asked pays nothing) and kept: the index does not change.
//! Orders are positions (4 bytes a scene) sorted through the index's own
//! texts, not maps of copied strings.

use std::collections::{BTreeMap, BTreeSet, BinaryHeap};
use std::ops::Range;
use std::sync::OnceLock;

use geo_kit::Envelope;

use super::{Filter, Segment};
use crate::normal::lists::{name_key, stem};

/// The look-ups of one index, each built when first asked for.
#[derive(Default)]
pub(super) struct Lookup {
    /// Positions by (scene id, position).
    ids: OnceLock<Vec<u32>>,
    names: OnceLock<Names>,
}

/// Marks a name whose key is found again whenever it is read.
const FIND_AGAIN: u8 = u8::MAX;

/// Positions in file-name key order.
struct Names {
    /// Positions by (file-name key, position).
    sorted: Vec<u32>,
    /// Ascending positions whose file name does not start with its stem (a
    /// folder or a leading blank): the key order says nothing about how the
    /// name begins, so prefix searches test them one by one.
    odd: Vec<u32>,
}

/// What the scenes of one satellite cover (scenes without a footprint are left out).
#[derive(Debug, Clone)]
pub struct SatelliteSummary {
    /// The satellite value.
    pub satellite: String,
    /// The bounding box of the footprints.
    pub bbox: Envelope,
    /// The first acquisition time, unix seconds.
    pub first: i64,
    /// The last acquisition time, unix seconds.
    pub last: i64,
    /// Least and most cloud cover, percent.
    pub cloud: (f64, f64),
    /// The sensors.
    pub sensors: BTreeSet<String>,
    /// The product levels.
    pub levels: BTreeSet<String>,
    /// The distinct (sensor, scene's own resolution) pairs, from which a
    /// ground sample distance is derived.
    pub resolutions: Vec<(String, Option<f64>)>,
}

/// How many scenes a satellite has, in all and per Beijing month.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SceneCount {
    /// The satellite value.
    pub satellite: String,
    /// Scenes held.
    pub scenes: u64,
    /// Scenes by month number (`beijing::month_number`).
    pub months: BTreeMap<i64, u64>,
}

impl SceneCount {
    /// Takes in another count of the same satellite.
    pub(super) fn absorb(&mut self, other: Self) {
        self.scenes += other.scenes;
        for (month, n) in other.months {
            *self.months.entry(month).or_default() += n;
        }
    }
}

impl SatelliteSummary {
    /// Takes in what another set of the same satellite's scenes covers.
    pub(super) fn absorb(&mut self, other: Self) {
        self.bbox.absorb(&other.bbox);
        self.first = self.first.min(other.first);
        self.last = self.last.max(other.last);
        self.cloud = (
            self.cloud.0.min(other.cloud.0),
            self.cloud.1.max(other.cloud.1),
        );
        self.sensors.extend(other.sensors);
        self.levels.extend(other.levels);
        for pair in other.resolutions {
            // By bits, as `summarise` tells them apart.
            let same = |(s, r): &(String, Option<f64>)| {
                *s == pair.0 && r.map(f64::to_bits) == pair.1.map(f64::to_bits)
            };
            if !self.resolutions.iter().any(same) {
                self.resolutions.push(pair);
            }
        }
    }
}

impl Segment {
    fn ids(&self) -> &[u32] {
        self.lookup.ids.get_or_init(|| {
            let mut order: Vec<u32> = (0..self.len() as u32).collect();
            sort_by_key(&mut order, SPLIT_ABOVE, |p| {
                KeyText::of(self.texts.id(p as usize))
            });
            order
        })
    }

    fn names(&self) -> &Names {
        self.lookup.names.get_or_init(|| {
            // How many bytes the stem leaves off the end of each name (an
            // extension, a blank), found once as the sort reads keys in place
            // many times; names whose key does not start them, or ends far from
            // their end, have their key found again each time.
            let mut odd = Vec::new();
            let cuts: Vec<u8> = (0..self.len() as u32)
                .map(|p| {
                    let span = self.key_span(p);
                    if span.start != 0 {
                        odd.push(p);
                    }
                    let cut = self.file_name_len(p) - span.end;
                    match u8::try_from(cut) {
                        Ok(cut) if span.start == 0 && cut != FIND_AGAIN => cut,
                        _ => FIND_AGAIN,
                    }
                })
                .collect();
            let mut sorted: Vec<u32> = (0..self.len() as u32).collect();
            sort_by_key(&mut sorted, SPLIT_ABOVE, |p| KeyText {
                pieces: self.file_name_pieces(p).map(str::as_bytes),
                span: match cuts[p as usize] {
                    FIND_AGAIN => self.key_span(p),
                    cut => 0..self.file_name_len(p) - cut as usize,
                },
                fold: true,
            });
            Names { sorted, odd }
        })
    }

    /// Where a file name's key (its stem) lies in it.
    fn key_span(&self, pos: u32) -> Range<usize> {
        let name = self.file_name_at(pos);
        let stem = stem(&name);
        let start = stem.as_ptr() as usize - name.as_ptr() as usize;
        start..start + stem.len()
    }

    fn file_name_len(&self, pos: u32) -> usize {
        self.file_name_pieces(pos).iter().map(|s| s.len()).sum()
    }

    fn file_name_pieces(&self, pos: u32) -> [&str; 3] {
        let p = pos as usize;
        self.texts.pieces(p, 1, self.texts.file[p])
    }

    fn file_name_at(&self, pos: u32) -> std::borrow::Cow<'_, str> {
        let p = pos as usize;
        self.texts.derived(p, 1, self.texts.file[p])
    }

    fn name_key_at(&self, pos: u32) -> String {
        name_key(&self.file_name_at(pos))
    }

    /// The positions (ascending) of the scenes with this product id.
    pub(super) fn positions_with_id(&self, id: &str) -> &[u32] {
        let ids = self.ids();
        let lo = ids.partition_point(|&p| self.texts.id(p as usize) < id);
        let len = ids[lo..].partition_point(|&p| self.texts.id(p as usize) == id);
        &ids[lo..lo + len]
    }

    /// The positions of the scenes whose name key is `key`, ascending.
    fn positions_with_key(&self, key: &str) -> &[u32] {
        let sorted = &self.names().sorted;
        let lo = sorted.partition_point(|&p| self.name_key_at(p).as_str() < key);
        let len = sorted[lo..].partition_point(|&p| self.name_key_at(p) == key);
        &sorted[lo..lo + len]
    }

    /// The positions (ascending) of the scenes with this file name: ASCII case,
    /// folder and known extensions ignored (`lists::name_key`).
    pub(super) fn positions_named(&self, name: &str) -> &[u32] {
        self.positions_with_key(&name_key(name))
    }

    /// The first `limit` positions (ascending) of the scenes whose file name
    /// starts with `text`, ASCII case ignored.
    pub(super) fn file_names_starting(&self, text: &str, limit: usize) -> Vec<usize> {
        let names = self.names();
        let lower = text.to_ascii_lowercase();
        let regular = |p: &u32| names.odd.binary_search(p).is_err();
        let starts = |p: &u32| {
            let name = self.file_name_at(*p);
            name.len() >= text.len()
                && name.as_bytes()[..text.len()].eq_ignore_ascii_case(text.as_bytes())
        };
        let mut first = Smallest::new(limit);
        // A regular name is its key then what the stem left out: an extension
        // or a blank. Keys that start with the text are names that do...
        let lo = names
            .sorted
            .partition_point(|&p| self.name_key_at(p) < lower);
        let len = names.sorted[lo..].partition_point(|&p| self.name_key_at(p).starts_with(&lower));
        first.offer(names.sorted[lo..lo + len].iter().filter(|p| regular(p)));
        // ...and the text may run on past a key into that extension or blank.
        for (at, c) in lower.char_indices() {
            if c == '.' || c.is_whitespace() {
                let keyed = self.positions_with_key(&lower[..at]);
                first.offer(keyed.iter().filter(|p| regular(p) && starts(p)));
            }
        }
        first.offer(names.odd.iter().filter(|p| starts(p)));
        first.into_sorted()
    }

    /// The first `limit` positions in `range` of the scenes whose file name
    /// contains `text` but does not start with it, ASCII case ignored. A scan:
    /// no order helps with a text inside names, but names are read in place.
    pub(super) fn file_names_containing(
        &self,
        text: &str,
        range: Range<usize>,
        limit: usize,
    ) -> Vec<usize> {
        let lower = text.to_ascii_lowercase();
        let finder = memchr::memmem::Finder::new(&lower);
        let mut name = Vec::new();
        range
            .filter(|&p| {
                name.clear();
                for piece in self.file_name_pieces(p as u32) {
                    name.extend_from_slice(piece.as_bytes());
                }
                name.make_ascii_lowercase();
                !name.starts_with(lower.as_bytes()) && finder.find(&name).is_some()
            })
            .take(limit)
            .collect()
    }

    /// The scenes among `positions` that pass the filter (no area),
    /// unordered; repeated positions count once.
    pub(super) fn select_among(
        &self,
        positions: impl IntoIterator<Item = usize>,
        filter: &Filter,
    ) -> Vec<u32> {
        let plan = self.plan(filter);
        let trees: BTreeSet<(u16, u16)> = plan
            .trees
            .iter()
            .map(|&n| (self.trees[n].satellite, self.trees[n].sensor))
            .collect();
        let mut hits: Vec<u32> = positions
            .into_iter()
            .filter(|&pos| pos < self.len())
            .filter(|&pos| {
                let slot = self.slot_of[pos] as usize;
                trees.contains(&(self.satellite_of[pos], self.slot_sensor[slot]))
                    && self.keeps(&plan, slot)
            })
            .map(|pos| pos as u32)
            .collect();
        hits.sort_unstable();
        hits.dedup();
        hits
    }

    /// How many scenes each satellite has at the `live` positions, in all and
    /// per month; satellites without any are left out. Positions run in time
    /// order, so a month is one run: counted per satellite in a flat array and
    /// written to the maps once at its end.
    pub(super) fn count_scenes(&self, live: impl Fn(usize) -> bool) -> Vec<SceneCount> {
        let mut out: Vec<SceneCount> = self
            .satellite_names
            .iter()
            .map(|name| SceneCount {
                satellite: name.clone(),
                ..SceneCount::default()
            })
            .collect();
        let mut run = vec![0u64; out.len()];
        let flush = |month: i64, run: &mut [u64], out: &mut [SceneCount]| {
            for (n, count) in run.iter_mut().zip(out.iter_mut()) {
                if *n > 0 {
                    count.scenes += *n;
                    *count.months.entry(month).or_default() += *n;
                    *n = 0;
                }
            }
        };
        let mut month = None;
        for pos in (0..self.len()).filter(|&p| live(p)) {
            let this = crate::beijing::month_number(self.time[pos]);
            if let Some(last) = month.filter(|&m| m != this) {
                flush(last, &mut run, &mut out);
            }
            month = Some(this);
            run[self.satellite_of[pos] as usize] += 1;
        }
        if let Some(last) = month {
            flush(last, &mut run, &mut out);
        }
        out.retain(|c| c.scenes > 0);
        out
    }

    /// What each satellite's scenes at the `live` positions cover, by
    /// satellite: one pass over the slots, tree by tree (a tree is one
    /// satellite's sensor).
    pub(super) fn summarise(&self, live: impl Fn(usize) -> bool) -> Vec<SatelliteSummary> {
        let mut out: BTreeMap<u16, (SatelliteSummary, BTreeSet<u32>)> = BTreeMap::new();
        for (n, tree) in self.trees.iter().enumerate() {
            let sensor = &self.sensors[tree.sensor as usize];
            let mut resolutions = BTreeSet::new();
            for slot in self.tree_slots(n) {
                let ring = self.ring(slot);
                let pos = self.slot_pos[slot] as usize;
                if ring.is_empty() || !live(pos) {
                    continue;
                }
                let b = super::bounds(ring);
                let (at, cloud) = (self.time[pos], self.slot_cloud[slot]);
                let (sum, levels) = out.entry(tree.satellite).or_insert_with(|| {
                    let summary = SatelliteSummary {
                        satellite: self.satellite_names[tree.satellite as usize].clone(),
                        bbox: b,
                        first: at,
                        last: at,
                        cloud: (cloud, cloud),
                        sensors: BTreeSet::new(),
                        levels: BTreeSet::new(),
                        resolutions: Vec::new(),
                    };
                    (summary, BTreeSet::new())
                });
                sum.bbox.absorb(&b);
                sum.first = sum.first.min(at);
                sum.last = sum.last.max(at);
                sum.cloud = (sum.cloud.0.min(cloud), sum.cloud.1.max(cloud));
                sum.sensors.insert(sensor.clone());
                levels.insert(self.level[pos]);
                // By bits: NaN (no resolution) is then one value like any other.
                resolutions.insert(self.resolution[pos].to_bits());
            }
            if let Some((sum, _)) = out.get_mut(&tree.satellite) {
                sum.resolutions.extend(resolutions.into_iter().map(|bits| {
                    let r = f64::from_bits(bits);
                    (sensor.clone(), (!r.is_nan()).then_some(r))
                }));
            }
        }
        out.into_values()
            .map(|(mut sum, levels)| {
                sum.levels = levels
                    .into_iter()
                    .filter_map(|l| self.levels[l as usize].clone())
                    .collect();
                sum
            })
            .collect()
    }
}

/// The `limit` smallest positions offered.
struct Smallest {
    limit: usize,
    heap: BinaryHeap<u32>,
}

impl Smallest {
    fn new(limit: usize) -> Self {
        Self {
            limit,
            heap: BinaryHeap::new(),
        }
    }

    fn offer<'a>(&mut self, positions: impl Iterator<Item = &'a u32>) {
        for &p in positions {
            if self.heap.len() < self.limit {
                self.heap.push(p);
            } else if self.heap.peek().is_some_and(|&top| p < top) {
                self.heap.pop();
                self.heap.push(p);
            }
        }
    }

    fn into_sorted(self) -> Vec<usize> {
        self.heap
            .into_sorted_vec()
            .into_iter()
            .map(|p| p as usize)
            .collect()
    }
}

/// A key read in place: bytes `span` of its pieces put end to end, ASCII
/// case folded when `fold`.
struct KeyText<'a> {
    pieces: [&'a [u8]; 3],
    span: Range<usize>,
    fold: bool,
}

impl<'a> KeyText<'a> {
    /// A text as it is.
    fn of(text: &'a str) -> Self {
        KeyText {
            pieces: [text.as_bytes(), &[], &[]],
            span: 0..text.len(),
            fold: false,
        }
    }

    /// The eight key bytes from `at` (zeros past the end) and how many there are.
    fn chunk(&self, at: usize) -> ([u8; 8], u8) {
        let mut out = [0; 8];
        let mut n = 0;
        let mut skip = self.span.start + at;
        let mut left = self.span.len().saturating_sub(at).min(8);
        for piece in self.pieces {
            if left == 0 {
                break;
            }
            if skip >= piece.len() {
                skip -= piece.len();
                continue;
            }
            let take = (piece.len() - skip).min(left);
            out[n..n + take].copy_from_slice(&piece[skip..skip + take]);
            (n, left, skip) = (n + take, left - take, 0);
        }
        if self.fold {
            out.make_ascii_lowercase();
        }
        (out, n as u8)
    }
}

/// Ranges of more positions than this are split by two key bytes at a time;
/// smaller ones are sorted eight bytes a pass, in a work array this long.
const SPLIT_ABOVE: usize = 1 << 15;

/// Sorts positions by (key, position), reading each key a few times rather
/// than at each of n log n comparisons (a read is a random access into the
/// arena). A most-significant-digit radix sort: large ranges are split by two
/// key bytes in place (no scratch: memory freed stays with the process, so a
/// scratch array would count as kept), smaller ones sorted by eight key bytes
/// at a time; each range whose keys still tie is then sorted by the bytes after.
fn sort_by_key<'a>(positions: &mut [u32], split_above: usize, key: impl Fn(u32) -> KeyText<'a>) {
    let mut todo = vec![(0..positions.len(), 0)];
    let (mut bounds, mut work) = (Vec::new(), Vec::new());
    while let Some((range, at)) = todo.pop() {
        let part = &mut positions[range.clone()];
        if part.len() > split_above {
            split_by_two_bytes(part, &mut bounds, |p| two_byte_digit(key(p).chunk(at)));
            for d in 0..BUCKETS {
                let (from, to) = (bounds[d], bounds[d + 1]);
                if to - from < 2 {
                    continue;
                }
                if ends(d) {
                    // Keys that ended tie whole: by position.
                    part[from..to].sort_unstable();
                } else {
                    todo.push((range.start + from..range.start + to, at + 2));
                }
            }
            continue;
        }
        work.clear();
        work.extend(part.iter().map(|&p| {
            let (chunk, n) = key(p).chunk(at);
            // The byte count orders a key that ended before one that goes on with zeros.
            (u64::from_be_bytes(chunk), n, p)
        }));
        work.sort_unstable();
        for (slot, w) in part.iter_mut().zip(&work) {
            *slot = w.2;
        }
        let mut i = 0;
        while i < work.len() {
            let tie = (work[i].0, work[i].1);
            let j = i + work[i..].iter().take_while(|w| (w.0, w.1) == tie).count();
            if tie.1 == 8 && j - i > 1 {
                todo.push((range.start + i..range.start + j, at + 8));
            }
            i = j;
        }
    }
}

/// Digits of a split by two key bytes, in key order: 0 for a key that ended,
/// then per first byte one for a key that ended after it and 256 for the
/// second byte.
const BUCKETS: usize = 1 + 256 * 257;

/// The two-byte digit of a chunk of key bytes.
fn two_byte_digit((bytes, n): ([u8; 8], u8)) -> usize {
    let [first, second, ..] = bytes.map(usize::from);
    match n {
        0 => 0,
        1 => 1 + first * 257,
        _ => 1 + first * 257 + 1 + second,
    }
}

/// Whether every key with this digit ended within its two bytes.
fn ends(digit: usize) -> bool {
    digit == 0 || (digit - 1).is_multiple_of(257)
}

/// Puts positions in order of their digit, in place (American flag sort: no
/// scratch); `bounds` gets each digit's range.
fn split_by_two_bytes(part: &mut [u32], bounds: &mut Vec<usize>, digit: impl Fn(u32) -> usize) {
    bounds.clear();
    bounds.resize(BUCKETS + 1, 0);
    for &p in part.iter() {
        bounds[digit(p) + 1] += 1;
    }
    for d in 1..bounds.len() {
        bounds[d] += bounds[d - 1];
    }
    // Each digit's range fills from its start: a misplaced position is swapped
    // into the next free slot of its own range until the one taken out belongs here.
    let mut next = bounds.clone();
    for d in 0..BUCKETS {
        while next[d] < bounds[d + 1] {
            let mut p = part[next[d]];
            let mut pd = digit(p);
            while pd != d {
                std::mem::swap(&mut p, &mut part[next[pd]]);
                next[pd] += 1;
                pd = digit(p);
            }
            part[next[d]] = p;
            next[d] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{Rng, catalogue, random_filter};
    use super::*;
    use crate::normal::index::{SceneIndex, Sort};
    use crate::normal::lists::suggestions;
    use crate::normal::store::SceneRow;

    /// A random catalogue whose file names repeat across satellites and vary in
    /// case, extension and folder, and whose ids repeat now and then.
    fn names_catalogue(rng: &mut Rng, n: i64) -> Vec<SceneRow> {
        let mut rows = catalogue(rng, n, [100.0, 20.0, 120.0, 40.0]);
        let stems = [
            "GF1_a",
            "gf1_A",
            "GF1_ab",
            "S2A_x.SAFE",
            "LC08 b",
            "甲_c",
            "a",
            "",
        ];
        let tails = ["", ".tar.gz", ".TIF", ".tar", " ", ".zip.xml", "x"];
        let heads = ["", "", "", "D:\\data\\", "dir/", " "];
        for (k, s) in rows.iter_mut().enumerate() {
            let stem = rng.pick(&stems);
            let tail = rng.pick(&tails);
            let head = rng.pick(&heads);
            let number = rng.next() % 4;
            s.file_name = match rng.next() % 3 {
                0 => format!("{head}{stem}{number}{tail}"),
                1 => format!("{head}{}{tail}", s.scene_id),
                _ => format!("{head}{stem}{tail}"),
            };
            if k % 17 == 0 {
                s.scene_id = format!("dup_{}", k % 3);
            }
        }
        rows
    }

    fn texts_to_try(rows: &[SceneRow], rng: &mut Rng) -> Vec<String> {
        let mut texts: Vec<String> = [
            "g",
            "GF1_A",
            "gf1_a1.t",
            "gf1_a.TAR",
            "lc08 b ",
            "甲",
            "dir",
        ]
        .map(String::from)
        .to_vec();
        for _ in 0..40 {
            let name = &rng.pick(rows).file_name;
            let cut = (rng.next() as usize % (name.len() + 1)).max(1);
            let mut text: String = name.chars().take(cut).collect();
            if rng.next().is_multiple_of(2) {
                text = text.to_uppercase();
            }
            texts.push(text);
            texts.push(name.clone());
        }
        texts
    }

    #[test]
    fn ids_and_names_are_found_as_a_scan_finds_them() {
        let mut rng = Rng(0x1d5_bee7);
        let rows = names_catalogue(&mut rng, 600);
        let index = SceneIndex::new(rows.clone());
        let scan = |keep: &dyn Fn(&str, &str) -> bool| -> Vec<usize> {
            (0..index.len())
                .filter(|&i| {
                    let s = index.at(i).expect("scene");
                    keep(s.scene_id(), &s.file_name())
                })
                .collect()
        };
        for row in rows.iter().take(80).chain([&SceneRow {
            scene_id: "no such id".into(),
            file_name: "no such name".into(),
            ..rows[0].clone()
        }]) {
            let id = &row.scene_id;
            assert_eq!(index.positions_with_id(id), scan(&|i, _| i == id), "{id}");
            let key = name_key(&row.file_name);
            let want = scan(&|_, name| name_key(name) == key);
            assert_eq!(
                index.positions_named(&row.file_name),
                want,
                "{}",
                row.file_name
            );
            let shouted = row.file_name.to_uppercase();
            assert_eq!(index.positions_named(&shouted), want, "{shouted}");
        }
        assert!(index.positions_named("gf1_a.TIF").len() > 1, "names repeat");
    }

    #[test]
    fn names_starting_with_a_text_are_the_first_a_scan_finds() {
        let mut rng = Rng(0x5eed_cafe);
        let rows = names_catalogue(&mut rng, 800);
        let index = SceneIndex::new(rows.clone());
        for text in texts_to_try(&rows, &mut rng) {
            let want: Vec<usize> = (0..index.len())
                .filter(|&i| {
                    let name = index.at(i).expect("scene").file_name();
                    name.len() >= text.len()
                        && name.as_bytes()[..text.len()].eq_ignore_ascii_case(text.as_bytes())
                })
                .collect();
            for limit in [0, 1, 20, usize::MAX] {
                let got = index.file_names_starting(&text, limit);
                assert_eq!(got, want[..want.len().min(limit)], "{text:?}, {limit}");
            }
            let lower = text.to_ascii_lowercase();
            let inside: Vec<usize> = (0..index.len())
                .filter(|&i| {
                    let name = index.at(i).expect("scene").file_name().to_ascii_lowercase();
                    name.find(&lower).is_some_and(|at| at > 0)
                })
                .collect();
            for end in [index.len(), index.len() / 3] {
                let before = (end < index.len()).then_some(end);
                let got = index.file_names_containing(&text, before, 5);
                let want: Vec<usize> = inside
                    .iter()
                    .copied()
                    .filter(|&i| i < end)
                    .take(5)
                    .collect();
                assert_eq!(got, want, "{text:?} inside, before {end}");
            }
            assert_eq!(
                suggestions(&index, &text),
                suggested_by_a_walk(&index, &text),
                "{text:?}"
            );
        }
    }

    /// File-name suggestions as the route made them by walking every scene.
    fn suggested_by_a_walk(index: &SceneIndex, text: &str) -> Vec<String> {
        let lower = text.to_ascii_lowercase();
        let (mut starting, mut containing) = (Vec::new(), Vec::new());
        for s in (0..index.len()).filter_map(|i| index.at(i)) {
            let name = s.file_name().into_owned();
            match name.to_ascii_lowercase().find(&lower) {
                Some(0) if starting.len() < 20 => starting.push(name),
                Some(p) if p > 0 && containing.len() < 20 => containing.push(name),
                _ => {}
            }
            if starting.len() == 20 {
                break;
            }
        }
        let mut seen = std::collections::HashSet::new();
        starting
            .into_iter()
            .chain(containing)
            .filter(|n| seen.insert(n.clone()))
            .take(20)
            .collect()
    }

    #[test]
    fn a_selection_among_positions_is_the_selection_by_predicate() {
        let mut rng = Rng(0xfeed_f00d);
        let rows = names_catalogue(&mut rng, 500);
        let index = SceneIndex::new(rows);
        for _ in 0..40 {
            let f = random_filter(&mut rng);
            let sort = *rng.pick(&[Sort::Time, Sort::Cloud]);
            let chosen: Vec<usize> = (0..index.len() + 3)
                .filter(|_| rng.next().is_multiple_of(4))
                .collect();
            let twice = chosen.iter().chain(&chosen).rev().copied();
            let fids: Vec<i64> = chosen
                .iter()
                .filter_map(|&i| index.at(i).map(|s| s.fid()))
                .collect();
            let want = index.select(&f, sort, |s| fids.contains(&s.fid()));
            assert_eq!(index.select_among(twice, &f, sort), want);
        }
    }

    #[test]
    fn satellite_summaries_are_what_a_walk_finds() {
        let mut rng = Rng(0xabcd_0123);
        let mut rows = catalogue(&mut rng, 400, [100.0, 20.0, 120.0, 40.0]);
        rows[3].footprint = geo_types::Polygon::new(geo_types::LineString(vec![]), vec![]);
        rows[5].resolution_m = None;
        rows[7].product_level = None;
        rows[9].product_level = Some("L2".into());
        let index = SceneIndex::new(rows);
        let sums = index.satellite_summaries();
        let mut satellites: Vec<&str> = sums.iter().map(|s| s.satellite.as_str()).collect();
        satellites.sort_unstable();
        assert_eq!(satellites, ["GF1", "GF2", "S1A", "ZY3-02"]);
        for sum in sums {
            let scenes: Vec<_> = (0..index.len())
                .filter_map(|i| index.at(i))
                .filter(|s| s.satellite() == sum.satellite && s.bbox().is_some())
                .collect();
            let boxes: Vec<Envelope> = scenes.iter().filter_map(|s| s.bbox()).collect();
            let min = |f: fn(&Envelope) -> f64| boxes.iter().map(f).fold(f64::INFINITY, f64::min);
            let max = |f: fn(&Envelope) -> f64| boxes.iter().map(f).fold(-f64::INFINITY, f64::max);
            assert_eq!(sum.bbox.min_x, min(|b| b.min_x));
            assert_eq!(sum.bbox.min_y, min(|b| b.min_y));
            assert_eq!(sum.bbox.max_x, max(|b| b.max_x));
            assert_eq!(sum.bbox.max_y, max(|b| b.max_y));
            let times = scenes.iter().map(|s| s.acquired_at());
            assert_eq!(sum.first, times.clone().min().expect("scenes"));
            assert_eq!(sum.last, times.max().expect("scenes"));
            let clouds = || scenes.iter().map(|s| s.cloud());
            assert_eq!(sum.cloud.0, clouds().fold(f64::INFINITY, f64::min));
            assert_eq!(sum.cloud.1, clouds().fold(f64::NEG_INFINITY, f64::max));
            let sensors: BTreeSet<String> = scenes.iter().map(|s| s.sensor().into()).collect();
            assert_eq!(sum.sensors, sensors);
            let levels: BTreeSet<String> = scenes
                .iter()
                .filter_map(|s| s.product_level().map(String::from))
                .collect();
            assert_eq!(sum.levels, levels);
            let mut pairs: Vec<(String, Option<f64>)> = scenes
                .iter()
                .map(|s| (s.sensor().to_owned(), s.resolution_m()))
                .collect();
            pairs.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.partial_cmp(&b.1).expect("no NaN")));
            pairs.dedup();
            let mut got = sum.resolutions.clone();
            got.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.partial_cmp(&b.1).expect("no NaN")));
            assert_eq!(got, pairs);
        }
        assert!(index.satellite_summary("GF1").is_some());
        assert!(index.satellite_summary("GF7").is_none());
    }

    #[test]
    fn keys_sort_as_strings_do() {
        let mut rng = Rng(7);
        let words: Vec<String> = (0..3000)
            .map(|_| {
                let len = rng.next() % 24;
                (0..len)
                    .map(|_| *rng.pick(&['a', 'B', 'b', '\0', 'é']))
                    .collect()
            })
            .collect();
        let mut want: Vec<u32> = (0..words.len() as u32).collect();
        want.sort_by(|&a, &b| words[a as usize].cmp(&words[b as usize]).then(a.cmp(&b)));
        // The same words in three pieces, a span of them, case folded.
        let cuts: Vec<[usize; 4]> = words
            .iter()
            .map(|w| {
                let mut c = [0, 0, 0, 0].map(|_| rng.next() as usize % (w.len() + 1));
                c.sort_unstable();
                c
            })
            .collect();
        let folded = |p: u32| {
            let [from, _, _, to] = cuts[p as usize];
            words[p as usize].as_bytes()[from..to].to_ascii_lowercase()
        };
        let mut want_folded = want.clone();
        want_folded.sort_by(|&a, &b| folded(a).cmp(&folded(b)).then(a.cmp(&b)));
        // Split by two bytes down to ranges of 40 or 500, or not at all, then by eight bytes.
        for split_above in [40, 500, usize::MAX] {
            let mut order: Vec<u32> = (0..words.len() as u32).rev().collect();
            sort_by_key(&mut order, split_above, |p| KeyText::of(&words[p as usize]));
            assert_eq!(order, want, "split above {split_above}");
            sort_by_key(&mut order, split_above, |p| {
                let (w, [from, a, b, to]) = (words[p as usize].as_bytes(), cuts[p as usize]);
                KeyText {
                    pieces: [&w[..a], &w[a..b], &w[b..]],
                    span: from..to,
                    fold: true,
                }
            });
            assert_eq!(order, want_folded, "folded, split above {split_above}");
        }
    }
}
