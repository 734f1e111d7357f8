//! The catalogue as segments: the one built at start, and one per import the
//! server has seen since, each shared with the catalogues before it. Rows an
//! import replaced are marked gone in the segment that holds them. A position
//! names a scene across segments (a segment's own position plus its offset);
//! answers come in the catalogue's order, (time, row id), merged across
//! segments, and when one segment holds every hit its own order is used as is.

use std::sync::{Arc, OnceLock};

use geo_types::MultiPolygon;

use super::grids::Grids;
use super::lookup::{SatelliteSummary, SceneCount};
use super::{Filter, SceneRef, Segment, Sort, TimeOrder, first_in_order};
use crate::normal::store::SceneRow;

/// Segments a catalogue may have: every search visits each segment once.
/// Past it, the segments after the first are read again as one.
const MAX_SEGMENTS: usize = 8;

/// How the catalogue takes in the rows stored since it was built, unless it
/// is better built again whole (`SceneIndex::reread`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reread {
    /// The segments kept (the first ones).
    pub kept: usize,
    /// The rows above this row id are read into one new segment.
    pub after: i64,
    /// The scenes the kept segments hold: fewer rows stored up to `after`
    /// means some of them are gone.
    pub live: usize,
}

/// Every scene, indexed: the segments and what is gone from them.
pub struct SceneIndex {
    parts: Vec<Part>,
    /// Scenes not gone.
    live: usize,
    /// The largest row id not gone (0 for none): half the stamp the watcher compares after
    /// every commit, so found once here rather than on each comparison.
    max_fid: i64,
    /// The grids of recent search areas: a grid depends on the area only, so
    /// every catalogue since the start shares them.
    grids: Arc<Grids>,
    summaries: OnceLock<Vec<SatelliteSummary>>,
    counts: OnceLock<Vec<SceneCount>>,
}

/// A segment in a catalogue.
struct Part {
    segment: Arc<Segment>,
    /// The catalogue's position of the segment's first scene.
    offset: usize,
    gone: Gone,
}

/// The segment's positions of rows no longer stored.
#[derive(Clone, Default)]
struct Gone {
    bits: Vec<u64>,
    count: usize,
}

impl Gone {
    fn contains(&self, pos: usize) -> bool {
        self.bits
            .get(pos / 64)
            .is_some_and(|w| (w >> (pos % 64)) & 1 == 1)
    }

    fn insert(&mut self, pos: usize) {
        if self.bits.len() <= pos / 64 {
            self.bits.resize(pos / 64 + 1, 0);
        }
        let bit = 1 << (pos % 64);
        if self.bits[pos / 64] & bit == 0 {
            self.bits[pos / 64] |= bit;
            self.count += 1;
        }
    }
}

/// The order of an answer.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Arrange {
    NewestFirst,
    OldestFirst,
    LeastCloudy,
}

impl From<Sort> for Arrange {
    fn from(sort: Sort) -> Self {
        match sort {
            Sort::Time => Self::NewestFirst,
            Sort::Cloud => Self::LeastCloudy,
        }
    }
}

impl From<TimeOrder> for Arrange {
    fn from(order: TimeOrder) -> Self {
        match order {
            TimeOrder::Newest => Self::NewestFirst,
            TimeOrder::Oldest => Self::OldestFirst,
        }
    }
}

/// Hits by part: the segment's own positions, none of them gone.
type Hits = Vec<Vec<u32>>;

impl SceneIndex {
    /// A catalogue of one segment.
    pub fn whole(segment: Segment) -> Self {
        Self::of(vec![(Arc::new(segment), Gone::default())], Arc::default())
    }

    /// Indexes scenes given in any order (tests; the server loads the index
    /// from the database with `store::load_index`).
    #[cfg(test)]
    pub fn new(scenes: Vec<SceneRow>) -> Self {
        Self::whole(Segment::new(scenes))
    }

    fn of(segments: Vec<(Arc<Segment>, Gone)>, grids: Arc<Grids>) -> Self {
        let mut offset = 0;
        let mut live = 0;
        let parts = segments
            .into_iter()
            .filter(|(segment, _)| !segment.is_empty())
            .map(|(segment, gone)| {
                let part = Part {
                    offset,
                    gone,
                    segment,
                };
                offset += part.segment.len();
                live += part.segment.len() - part.gone.count;
                part
            })
            .collect::<Vec<Part>>();
        let max_fid = parts
            .iter()
            .flat_map(|part| {
                (0..part.segment.len())
                    .filter(|&pos| !part.gone.contains(pos))
                    .map(|pos| part.segment.key(pos).1)
            })
            .max()
            .unwrap_or(0);
        Self {
            parts,
            live,
            max_fid,
            grids,
            summaries: OnceLock::new(),
            counts: OnceLock::new(),
        }
    }

    /// The largest row id any segment holds (0 for none): stored rows above
    /// it are new since.
    pub fn last_fid(&self) -> i64 {
        self.parts.last().map_or(0, |p| p.segment.max_fid())
    }

    /// How to take in `added` new rows: as one more segment; past the most
    /// segments, as one segment with the segments after the first; `None`
    /// when what would be read again outnumbers half the scenes kept (then
    /// the catalogue in use is small beside a new one built whole anyway).
    pub fn reread(&self, added: usize) -> Option<Reread> {
        let kept = if self.parts.len() < MAX_SEGMENTS {
            self.parts.len()
        } else {
            1
        };
        let live: usize = self.parts[..kept]
            .iter()
            .map(|p| p.segment.len() - p.gone.count)
            .sum();
        let again = self.live - live + added;
        (kept > 0 && again <= live / 2).then(|| Reread {
            kept,
            after: self.parts[kept - 1].segment.max_fid(),
            live,
        })
    }

    /// This catalogue after an import: its first `kept` segments, less the
    /// rows whose id `stored` no longer holds, and the `added` segment.
    pub fn updated(&self, kept: usize, stored: impl Fn(i64) -> bool, added: Segment) -> Self {
        let mut segments: Vec<(Arc<Segment>, Gone)> = self.parts[..kept]
            .iter()
            .map(|part| {
                let mut gone = part.gone.clone();
                for pos in 0..part.segment.len() {
                    if !gone.contains(pos) && !stored(part.segment.key(pos).1) {
                        gone.insert(pos);
                    }
                }
                (Arc::clone(&part.segment), gone)
            })
            .collect();
        segments.push((Arc::new(added), Gone::default()));
        Self::of(segments, Arc::clone(&self.grids))
    }

    /// How many segments it has.
    #[cfg(test)]
    pub fn segments(&self) -> usize {
        self.parts.len()
    }

    /// How many scenes are indexed.
    pub fn len(&self) -> usize {
        self.live
    }

    /// Whether the catalogue is empty.
    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// The largest row id indexed (0 for none).
    pub fn max_fid(&self) -> i64 {
        self.max_fid
    }

    /// The part holding a position, and the segment's own position, unless gone.
    fn locate(&self, i: usize) -> Option<(&Part, usize)> {
        let n = self
            .parts
            .partition_point(|p| p.offset <= i)
            .checked_sub(1)?;
        let part = &self.parts[n];
        let pos = i - part.offset;
        (pos < part.segment.len() && !part.gone.contains(pos)).then_some((part, pos))
    }

    /// The product id of a scene by position.
    pub fn scene_id(&self, i: usize) -> Option<&str> {
        self.locate(i).and_then(|(p, pos)| p.segment.scene_id(pos))
    }

    /// A scene by position, read in place: cheap, for walking the catalogue.
    pub fn at(&self, i: usize) -> Option<SceneRef<'_>> {
        self.locate(i).and_then(|(p, pos)| p.segment.at(pos))
    }

    /// A scene by position, rebuilt from the compact columns.
    pub fn get(&self, i: usize) -> Option<SceneRow> {
        self.at(i).map(|s| s.to_row())
    }

    /// Each part's positions that `each` finds, the gone ones left out.
    fn hits(&self, mut each: impl FnMut(&Part) -> Vec<u32>) -> Hits {
        self.parts
            .iter()
            .map(|part| {
                let mut hits = each(part);
                if part.gone.count > 0 {
                    hits.retain(|&p| !part.gone.contains(p as usize));
                }
                hits
            })
            .collect()
    }

    /// The first `keep` hits in the asked order, as catalogue positions.
    fn arrange(&self, mut hits: Hits, order: Arrange, keep: usize) -> Vec<usize> {
        let filled: Vec<usize> = (0..hits.len()).filter(|&n| !hits[n].is_empty()).collect();
        if let [n] = filled[..] {
            // A segment's positions are in the catalogue's order already.
            let part = &self.parts[n];
            return part
                .segment
                .order(std::mem::take(&mut hits[n]), order, keep)
                .into_iter()
                .map(|p| part.offset + p as usize)
                .collect();
        }
        struct Hit {
            key: (i64, i64),
            cloud: f64,
            at: usize,
        }
        let mut all: Vec<Hit> = hits
            .into_iter()
            .zip(&self.parts)
            .flat_map(|(hits, part)| {
                hits.into_iter().map(|p| {
                    let pos = p as usize;
                    Hit {
                        key: part.segment.key(pos),
                        cloud: part.segment.cloud(pos),
                        at: part.offset + pos,
                    }
                })
            })
            .collect();
        let newest = |a: &Hit, b: &Hit| b.key.cmp(&a.key);
        match order {
            Arrange::NewestFirst => first_in_order(&mut all, keep, newest),
            Arrange::OldestFirst => first_in_order(&mut all, keep, |a, b| a.key.cmp(&b.key)),
            Arrange::LeastCloudy => first_in_order(&mut all, keep, |a, b| {
                a.cloud.total_cmp(&b.cloud).then_with(|| newest(a, b))
            }),
        }
        all.into_iter().map(|h| h.at).collect()
    }

    /// Each part's hits over the area passing the filter.
    fn matches(&self, aoi: &MultiPolygon<f64>, filter: &Filter) -> Hits {
        let grid = self.grids.of(aoi);
        self.hits(|part| part.segment.matches(aoi, &grid, filter))
    }

    /// The positions of every scene over the area that passes the filter, in the asked order.
    pub fn search(&self, aoi: &MultiPolygon<f64>, filter: &Filter, sort: Sort) -> Vec<usize> {
        let hits = self.matches(aoi, filter);
        let n = hits.iter().map(Vec::len).sum();
        self.arrange(hits, sort.into(), n)
    }

    /// One page of a search: the total and the positions of rows
    /// `offset..offset + limit` in the asked order.
    pub fn search_page(
        &self,
        aoi: &MultiPolygon<f64>,
        filter: &Filter,
        sort: Sort,
        offset: usize,
        limit: usize,
    ) -> (usize, Vec<usize>) {
        let hits = self.matches(aoi, filter);
        let total = hits.iter().map(Vec::len).sum();
        let page = self
            .arrange(hits, sort.into(), offset.saturating_add(limit))
            .into_iter()
            .skip(offset)
            .collect();
        (total, page)
    }

    /// A search in time order continued after the scene with the (time, row
    /// id) `after` (the last of the page before, in that order): the total
    /// over every match, and the first `limit` positions past it.
    pub fn search_in_time(
        &self,
        aoi: &MultiPolygon<f64>,
        filter: &Filter,
        order: TimeOrder,
        after: Option<(i64, i64)>,
        limit: usize,
    ) -> (usize, Vec<usize>) {
        let mut hits = self.matches(aoi, filter);
        let total = hits.iter().map(Vec::len).sum();
        if let Some((time, fid)) = after {
            for (hits, part) in hits.iter_mut().zip(&self.parts) {
                let segment = &part.segment;
                let within = match order {
                    TimeOrder::Newest => 0..segment.position_of((time, fid)),
                    TimeOrder::Oldest => {
                        segment.position_of((time, fid.saturating_add(1)))..segment.len()
                    }
                };
                hits.retain(|&p| within.contains(&(p as usize)));
            }
        }
        (total, self.arrange(hits, order.into(), limit))
    }

    /// Every scene passing the filter (no area) and the predicate, ordered.
    pub fn select(
        &self,
        filter: &Filter,
        sort: Sort,
        keep: impl Fn(&SceneRef) -> bool,
    ) -> Vec<usize> {
        let hits = self.hits(|part| part.segment.select(filter, &keep));
        let n = hits.iter().map(Vec::len).sum();
        self.arrange(hits, sort.into(), n)
    }

    /// The scenes among `positions` that pass the filter (no area), ordered;
    /// repeated positions count once.
    pub fn select_among(
        &self,
        positions: impl IntoIterator<Item = usize>,
        filter: &Filter,
        sort: Sort,
    ) -> Vec<usize> {
        let mut by_part: Vec<Vec<usize>> = vec![Vec::new(); self.parts.len()];
        for i in positions {
            let n = self.parts.partition_point(|p| p.offset <= i);
            if let Some(n) = n.checked_sub(1) {
                by_part[n].push(i - self.parts[n].offset);
            }
        }
        let mut by_part = by_part.into_iter();
        let hits = self.hits(|part| {
            let chosen = by_part.next().unwrap_or_default();
            part.segment.select_among(chosen, filter)
        });
        let n = hits.iter().map(Vec::len).sum();
        self.arrange(hits, sort.into(), n)
    }

    /// The scenes passing the filter's time bounds (nothing else of it), in
    /// time order: a walk, one scene at a time.
    pub fn walk(&self, filter: &Filter, order: TimeOrder) -> impl Iterator<Item = usize> + '_ {
        let mut cursors: Vec<std::ops::Range<usize>> = self
            .parts
            .iter()
            .map(|part| part.segment.positions(filter))
            .collect();
        let key = |n: usize, pos: usize| self.parts[n].segment.key(pos);
        std::iter::from_fn(move || {
            loop {
                let next = cursors
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| !c.is_empty())
                    .map(|(n, c)| match order {
                        TimeOrder::Newest => (n, c.end - 1),
                        TimeOrder::Oldest => (n, c.start),
                    })
                    .reduce(|a, b| {
                        let later = key(b.0, b.1) > key(a.0, a.1);
                        if later == (order == TimeOrder::Newest) {
                            b
                        } else {
                            a
                        }
                    });
                let (n, pos) = next?;
                match order {
                    TimeOrder::Newest => cursors[n].end -= 1,
                    TimeOrder::Oldest => cursors[n].start += 1,
                }
                let part = &self.parts[n];
                if !part.gone.contains(pos) {
                    return Some(part.offset + pos);
                }
            }
        })
    }

    /// Whether a scene falls within the filter's time bounds.
    pub fn in_time(&self, i: usize, filter: &Filter) -> bool {
        self.locate(i)
            .is_some_and(|(part, pos)| part.segment.positions(filter).contains(&pos))
    }

    /// The positions of the scenes with this product id, oldest first.
    pub fn positions_with_id(&self, id: &str) -> Vec<usize> {
        let hits = self.hits(|part| part.segment.positions_with_id(id).to_vec());
        self.arrange(hits, Arrange::OldestFirst, usize::MAX)
    }

    /// The positions of the scenes with this file name (ASCII case, folder
    /// and known extensions ignored: `lists::name_key`), oldest first.
    pub fn positions_named(&self, name: &str) -> Vec<usize> {
        let hits = self.hits(|part| part.segment.positions_named(name).to_vec());
        self.arrange(hits, Arrange::OldestFirst, usize::MAX)
    }

    /// The first `limit` scenes (oldest first) whose file name starts with
    /// `text`, ASCII case ignored.
    pub fn file_names_starting(&self, text: &str, limit: usize) -> Vec<usize> {
        let hits = self.hits(|part| {
            let found = part
                .segment
                .file_names_starting(text, limit.saturating_add(part.gone.count));
            found.into_iter().map(|p| p as u32).collect()
        });
        self.arrange(hits, Arrange::OldestFirst, limit)
    }

    /// The first `limit` scenes (oldest first) acquired before the one at
    /// `before` (all, for `None`) whose file name contains `text` but does
    /// not start with it, ASCII case ignored.
    pub fn file_names_containing(
        &self,
        text: &str,
        before: Option<usize>,
        limit: usize,
    ) -> Vec<usize> {
        let end = before.and_then(|i| self.locate(i).map(|(p, pos)| p.segment.key(pos)));
        let hits = self.hits(|part| {
            let segment = &part.segment;
            let range = 0..end.map_or(segment.len(), |key| segment.position_of(key));
            let found =
                segment.file_names_containing(text, range, limit.saturating_add(part.gone.count));
            found.into_iter().map(|p| p as u32).collect()
        });
        self.arrange(hits, Arrange::OldestFirst, limit)
    }

    /// What each satellite's scenes cover, by satellite.
    pub fn satellite_summaries(&self) -> &[SatelliteSummary] {
        self.summaries.get_or_init(|| {
            let mut all: Vec<SatelliteSummary> = Vec::new();
            for part in &self.parts {
                for sum in part.segment.summarise(|pos| !part.gone.contains(pos)) {
                    match all.iter_mut().find(|s| s.satellite == sum.satellite) {
                        Some(known) => known.absorb(sum),
                        None => all.push(sum),
                    }
                }
            }
            all.sort_by(|a, b| a.satellite.cmp(&b.satellite));
            all
        })
    }

    /// How many scenes each satellite has, in all and per Beijing month, by
    /// satellite; counted once per catalogue (a new one comes with each import).
    pub fn scene_counts(&self) -> &[SceneCount] {
        self.counts.get_or_init(|| {
            let mut all: Vec<SceneCount> = Vec::new();
            for part in &self.parts {
                for count in part.segment.count_scenes(|pos| !part.gone.contains(pos)) {
                    match all.iter_mut().find(|c| c.satellite == count.satellite) {
                        Some(known) => known.absorb(count),
                        None => all.push(count),
                    }
                }
            }
            all.sort_by(|a, b| a.satellite.cmp(&b.satellite));
            all
        })
    }

    /// The newest `limit` scenes passing the filter (no area), newest first.
    pub fn newest(&self, filter: &Filter, limit: usize) -> Vec<usize> {
        let hits = self.hits(|part| part.segment.select(filter, |_: &SceneRef| true));
        self.arrange(hits, Arrange::NewestFirst, limit)
    }

    /// What one satellite's scenes cover; `None` when it has none.
    pub fn satellite_summary(&self, satellite: &str) -> Option<&SatelliteSummary> {
        self.satellite_summaries()
            .iter()
            .find(|s| s.satellite == satellite)
    }
}
