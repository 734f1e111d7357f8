//! Runs a checked search on the in-memory scene index and cuts the page: in
//! time order (newest first unless `sortby` asks for oldest), ties by row id,
//! so a page token (the last item's time and row id) continues exactly where
//! the page ended even if scenes are added.

use geo::BoundingRect;
use geo_types::{MultiPolygon, Rect, coord};

use super::item;
use super::params::{Area, Cursor, Search};
use crate::normal::index::{Filter, SceneIndex, SceneRef, Sort, TimeOrder};

/// One page of a search.
pub struct Page<'a> {
    /// Items matching, over all pages.
    pub matched: usize,
    /// This page's scenes.
    pub scenes: Vec<SceneRef<'a>>,
    /// Where the next page starts, if there is one.
    pub next: Option<Cursor>,
}

/// The order of results and the page token: time then row id.
fn key(s: &SceneRef) -> Cursor {
    (s.acquired_at(), s.fid())
}

/// Whether a scene comes after the page token in the search's order.
fn past(s: &SceneRef, search: &Search) -> bool {
    search.after.is_none_or(|after| match search.order {
        TimeOrder::Newest => key(s) < after,
        TimeOrder::Oldest => key(s) > after,
    })
}

/// The page of a search its token and limit ask for.
pub fn page<'a>(scenes: &'a SceneIndex, search: &Search) -> Page<'a> {
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
    match (&search.ids, &search.area) {
        (None, Some(Area::Polygons(aoi))) if search.query.is_empty() => {
            indexed(scenes, search, &filter, aoi)
        }
        _ => walked(scenes, search, &filter),
    }
}

/// A search the index answers whole (polygons, collections and times): it
/// counts the matches and picks the page past the token's scene in page order.
fn indexed<'a>(
    scenes: &'a SceneIndex,
    search: &Search,
    filter: &Filter,
    aoi: &MultiPolygon<f64>,
) -> Page<'a> {
    let (matched, mut positions) =
        scenes.search_in_time(aoi, filter, search.order, search.after, search.limit + 1);
    let more = positions.len() > search.limit;
    positions.truncate(search.limit);
    let page: Vec<SceneRef> = positions.iter().filter_map(|&i| scenes.at(i)).collect();
    Page {
        matched,
        next: if more { page.last().map(key) } else { None },
        scenes: page,
    }
}

/// Any other search: candidates come in page order (newest first, or oldest
/// first), so one pass tests each, counts every match and keeps the page; no
/// row is built.
fn walked<'a>(scenes: &'a SceneIndex, search: &Search, filter: &Filter) -> Page<'a> {
    // The index is for areas. Named items are looked up and a search without an
    // area walks the time range: asking the index for the whole world would test
    // every footprint against it.
    let (newest_first, exact): (Vec<usize>, Option<&Area>) = match (&search.ids, &search.area) {
        (Some(ids), area) => {
            let named = ids.iter().flat_map(|id| scenes.positions_with_id(id));
            (
                scenes.select_among(named, filter, Sort::Time),
                area.as_ref(),
            )
        }
        (None, None) => {
            let walk = scenes.walk(filter, search.order);
            return page_of(scenes, walk, search, None);
        }
        (None, Some(area)) => {
            let Some(aoi) = index_area(area) else {
                return Page {
                    matched: 0,
                    scenes: Vec::new(),
                    next: None,
                };
            };
            // The index decides polygons exactly; a bounding box only finds candidates.
            let exact = matches!(area, Area::Other(_)).then_some(area);
            (scenes.search(&aoi, filter, Sort::Time), exact)
        }
    };
    let candidates: Box<dyn Iterator<Item = usize>> = match search.order {
        TimeOrder::Newest => Box::new(newest_first.into_iter()),
        TimeOrder::Oldest => Box::new(newest_first.into_iter().rev()),
    };
    page_of(scenes, candidates, search, exact)
}

/// The page of candidates in page order that the search keeps (and, with
/// `exact`, that meet its area), with the count of every one kept.
fn page_of<'a>(
    scenes: &'a SceneIndex,
    candidates: impl Iterator<Item = usize>,
    search: &Search,
    exact: Option<&Area>,
) -> Page<'a> {
    let mut page = Page {
        matched: 0,
        scenes: Vec::new(),
        next: None,
    };
    let mut more = false;
    for s in candidates.filter_map(|i| scenes.at(i)) {
        if !keeps(&s, search) || exact.is_some_and(|a| !a.meets(&s.footprint())) {
            continue;
        }
        page.matched += 1;
        if past(&s, search) {
            if page.scenes.len() < search.limit {
                page.scenes.push(s);
            } else {
                more = true;
            }
        }
    }
    page.next = more.then(|| page.scenes.last().map(key)).flatten();
    page
}

/// What the index is asked for an area: polygons as they are, anything else
/// (points, lines, collections) as its slightly widened bounding box. `None`
/// for an empty geometry.
fn index_area(area: &Area) -> Option<MultiPolygon<f64>> {
    let g = match area {
        Area::Polygons(mp) => return Some((**mp).clone()),
        Area::Other(g) => g,
    };
    let r = g.bounding_rect()?;
    let pad = 1e-7;
    let widened = Rect::new(
        coord! {x: r.min().x - pad, y: r.min().y - pad},
        coord! {x: r.max().x + pad, y: r.max().y + pad},
    );
    Some(MultiPolygon(vec![widened.to_polygon()]))
}

/// The filters other than the area (cheap; the index applied some of them already).
fn keeps(s: &SceneRef, search: &Search) -> bool {
    (search.collections.is_empty() || search.collections.iter().any(|c| c == s.satellite()))
        && search.from.is_none_or(|t| s.acquired_at() >= t)
        && search.to.is_none_or(|t| s.acquired_at() <= t)
        && search
            .ids
            .as_ref()
            .is_none_or(|ids| ids.contains(s.scene_id()))
        && search.query.iter().all(|c| item::meets(s, c))
}
