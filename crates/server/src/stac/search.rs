//! Runs a checked search on the in-memory scene index and cuts the page:
//! newest first, ties by row id, so a page token (the last item's time and
//! row id) continues exactly where the page ended even if scenes are added.

use geo::{BoundingRect, Intersects};
use geo_types::{Geometry, MultiPolygon, Rect, coord};

use super::item;
use super::params::{Cursor, Search};
use crate::normal::index::{Filter, SceneIndex, Sort};
use crate::normal::store::SceneRow;

/// One page of a search.
pub struct Page<'a> {
    /// Items matching, over all pages.
    pub matched: usize,
    /// This page's scenes.
    pub scenes: Vec<&'a SceneRow>,
    /// Where the next page starts, if there is one.
    pub next: Option<Cursor>,
}

/// The order of results and the page token: time then row id, both descending.
fn key(s: &SceneRow) -> Cursor {
    (s.acquired_at, s.fid)
}

/// The whole world, for searches without an area.
pub fn world() -> MultiPolygon<f64> {
    MultiPolygon(vec![
        Rect::new(coord! {x: -180.0, y: -90.0}, coord! {x: 180.0, y: 90.0}).to_polygon(),
    ])
}

/// Every scene matching the search, in page order.
pub fn matching<'a>(scenes: &'a SceneIndex, search: &Search) -> Vec<&'a SceneRow> {
    // Polygons with an area go to the index as they are; points, lines, empty
    // boxes and collections go as their (slightly widened) bounding box, and
    // each candidate is then tested against the geometry itself.
    let (aoi, exact) = match &search.area {
        None => (world(), None),
        Some(Geometry::Polygon(p)) if geo::Area::unsigned_area(p) > 0.0 => {
            (MultiPolygon(vec![p.clone()]), None)
        }
        Some(Geometry::MultiPolygon(mp)) if geo::Area::unsigned_area(mp) > 0.0 => {
            (mp.clone(), None)
        }
        Some(g) => {
            let Some(r) = g.bounding_rect() else {
                return Vec::new();
            };
            let pad = 1e-7;
            let widened = Rect::new(
                coord! {x: r.min().x - pad, y: r.min().y - pad},
                coord! {x: r.max().x + pad, y: r.max().y + pad},
            );
            (MultiPolygon(vec![widened.to_polygon()]), Some(g))
        }
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
    let mut rows: Vec<&SceneRow> = scenes
        .search(&aoi, &filter, Sort::Time)
        .into_iter()
        .filter_map(|i| scenes.get(i))
        .filter(|s| exact.is_none_or(|g| s.footprint.intersects(g)))
        .filter(|s| {
            search
                .ids
                .as_ref()
                .is_none_or(|ids| ids.contains(&s.scene_id))
        })
        .filter(|s| search.query.iter().all(|c| item::meets(s, c)))
        .collect();
    // The index gives newest first already; the stable sort only settles ties
    // by row id, in linear time on sorted input.
    rows.sort_by_key(|s| std::cmp::Reverse(key(s)));
    rows
}

/// The page of a search its token and limit ask for.
pub fn page<'a>(scenes: &'a SceneIndex, search: &Search) -> Page<'a> {
    let rows = matching(scenes, search);
    let start = search
        .after
        .map_or(0, |after| rows.partition_point(|s| key(s) >= after));
    let end = start.saturating_add(search.limit).min(rows.len());
    let page: Vec<&SceneRow> = rows[start..end].to_vec();
    let next = (end < rows.len())
        .then(|| page.last().map(|s| key(s)))
        .flatten();
    Page {
        matched: rows.len(),
        scenes: page,
        next,
    }
}
