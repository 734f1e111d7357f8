//! Runs a checked search on the in-memory scene index and cuts the page:
//! newest first, ties by row id, so a page token (the last item's time and
//! row id) continues exactly where the page ended even if scenes are added.

use geo::{Area, BoundingRect, Intersects};
use geo_types::{Geometry, MultiPolygon, Rect, coord};

use super::item;
use super::params::{Cursor, Search};
use crate::normal::index::{Filter, SceneIndex, Sort};
use crate::normal::store::SceneRow;

/// One page of a search.
pub struct Page {
    /// Items matching, over all pages.
    pub matched: usize,
    /// This page's scenes.
    pub scenes: Vec<SceneRow>,
    /// Where the next page starts, if there is one.
    pub next: Option<Cursor>,
}

/// The order of results and the page token: time then row id, both descending.
fn key(s: &SceneRow) -> Cursor {
    (s.acquired_at, s.fid)
}

/// Every scene, newest first as far as the index keeps acquisition order.
pub fn every(scenes: &SceneIndex) -> impl Iterator<Item = SceneRow> + '_ {
    (0..scenes.len()).rev().filter_map(|i| scenes.get(i))
}

/// Every scene matching the search, in page order.
pub fn matching(scenes: &SceneIndex, search: &Search) -> Vec<SceneRow> {
    // The index is for areas. Named items are looked up, and a search without an
    // area walks the catalogue: asking the index for the whole world would test
    // every footprint against it. Either way every filter is applied below.
    let (candidates, exact): (Vec<SceneRow>, Option<&Geometry<f64>>) =
        match (&search.ids, &search.area) {
            (Some(ids), area) => (
                every(scenes)
                    .filter(|s| ids.contains(&s.scene_id))
                    .collect(),
                area.as_ref(),
            ),
            (None, None) => (every(scenes).collect(), None),
            (None, Some(area)) => {
                let Some((aoi, exact)) = index_area(area) else {
                    return Vec::new();
                };
                let filter = Filter {
                    satellites: search
                        .collections
                        .iter()
                        .map(|c| (c.clone(), Vec::new()))
                        .collect(),
                    from: search.from,
                    to: search.to,
                    ..Filter::default()
                };
                let hits = scenes.search(&aoi, &filter, Sort::Time);
                (
                    hits.into_iter().filter_map(|i| scenes.get(i)).collect(),
                    exact.then_some(area),
                )
            }
        };
    let mut rows: Vec<SceneRow> = candidates
        .into_iter()
        .filter(|s| exact.is_none_or(|g| s.footprint.intersects(g)))
        .filter(|s| keeps(s, search))
        .collect();
    // Candidates come newest first already; the stable sort settles ties by row
    // id, in linear time on sorted input.
    rows.sort_by_key(|s| std::cmp::Reverse(key(s)));
    rows
}

/// What the index is asked for an area, and whether each candidate must then be
/// tested against the area itself. Polygons with an area go as they are;
/// points, lines, empty boxes and collections go as their (slightly widened)
/// bounding box. `None` for an empty geometry.
fn index_area(area: &Geometry<f64>) -> Option<(MultiPolygon<f64>, bool)> {
    Some(match area {
        Geometry::Polygon(p) if p.unsigned_area() > 0.0 => (MultiPolygon(vec![p.clone()]), false),
        Geometry::MultiPolygon(mp) if mp.unsigned_area() > 0.0 => (mp.clone(), false),
        g => {
            let r = g.bounding_rect()?;
            let pad = 1e-7;
            let widened = Rect::new(
                coord! {x: r.min().x - pad, y: r.min().y - pad},
                coord! {x: r.max().x + pad, y: r.max().y + pad},
            );
            (MultiPolygon(vec![widened.to_polygon()]), true)
        }
    })
}

/// The filters other than the area (cheap; the index applied some of them already).
fn keeps(s: &SceneRow, search: &Search) -> bool {
    (search.collections.is_empty() || search.collections.contains(&s.satellite))
        && search.from.is_none_or(|t| s.acquired_at >= t)
        && search.to.is_none_or(|t| s.acquired_at <= t)
        && search
            .ids
            .as_ref()
            .is_none_or(|ids| ids.contains(&s.scene_id))
        && search.query.iter().all(|c| item::meets(s, c))
}

/// The page of a search its token and limit ask for.
pub fn page(scenes: &SceneIndex, search: &Search) -> Page {
    let rows = matching(scenes, search);
    let start = search
        .after
        .map_or(0, |after| rows.partition_point(|s| key(s) >= after));
    let end = start.saturating_add(search.limit).min(rows.len());
    let page: Vec<SceneRow> = rows[start..end].to_vec();
    let next = (end < rows.len()).then(|| page.last().map(key)).flatten();
    Page {
        matched: rows.len(),
        scenes: page,
        next,
    }
}
