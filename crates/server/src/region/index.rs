//! The regions in memory: every boundary, full and per display band, behind
//! R-trees, built from the database at start. Tiles and point lookups read
//! only this; the database stays the durable truth (an import is picked up at
//! the next start).

use std::sync::{Arc, OnceLock};

use geo::{BoundingRect, Contains};
use geo_kit::Envelope;
use geo_types::{Coord, MultiPolygon, Point, Polygon};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};
use rusqlite::Connection;

use super::display::BANDS;
use super::{store, tree};

/// One boundary as the map draws it.
#[derive(Debug, Clone)]
pub struct Shape {
    /// Region code, or ISO alpha-3 for a country.
    pub code: String,
    /// Name to label it with.
    pub name: String,
    /// 0 country … 3 county; 0 for world countries.
    pub level: i64,
    /// Label point, if known.
    pub label: Option<(f64, f64)>,
    /// The boundary (full, or simplified for a band).
    pub geom: MultiPolygon<f64>,
    /// Without a stored label: the point inside the boundary, found once (see [`label_point`]).
    interior: OnceLock<Option<Coord<f64>>>,
}

impl Shape {
    /// A boundary as stored: a region's (full or simplified for a band) or a
    /// world country's.
    pub fn new(
        code: String,
        name: String,
        level: i64,
        label: Option<(f64, f64)>,
        geom: MultiPolygon<f64>,
    ) -> Self {
        Self {
            code,
            name,
            level,
            label,
            geom,
            interior: OnceLock::new(),
        }
    }
}

/// An index entry: (shape, polygon part) by the part's bounding box. Indexing
/// parts rather than whole shapes means a tile near one island of a region
/// touches that island only.
type Entry = GeomWithData<Rectangle<[f64; 2]>, (usize, usize)>;

/// A set of shapes with a spatial index over their polygon parts. A shape
/// may be shared with another layer (a band's copy that is the full boundary).
pub struct Layer {
    shapes: Vec<Arc<Shape>>,
    tree: RTree<Entry>,
}

impl Layer {
    fn new(shapes: Vec<Arc<Shape>>) -> Self {
        let entries = shapes
            .iter()
            .enumerate()
            .flat_map(|(i, s)| {
                s.geom.0.iter().enumerate().filter_map(move |(j, part)| {
                    let r = part.bounding_rect()?;
                    Some(Entry::new(
                        Rectangle::from_corners([r.min().x, r.min().y], [r.max().x, r.max().y]),
                        (i, j),
                    ))
                })
            })
            .collect();
        Self {
            shapes,
            tree: RTree::bulk_load(entries),
        }
    }

    /// The shapes with a part whose bounding box meets an envelope, each with
    /// those parts, in the order the shapes were loaded.
    pub fn intersecting(&self, env: &Envelope) -> Vec<(&Shape, Vec<&Polygon<f64>>)> {
        let aabb = AABB::from_corners([env.min_x, env.min_y], [env.max_x, env.max_y]);
        let mut hits: Vec<(usize, usize)> = self
            .tree
            .locate_in_envelope_intersecting(&aabb)
            .map(|e| e.data)
            .collect();
        hits.sort_unstable();
        let mut out: Vec<(&Shape, Vec<&Polygon<f64>>)> = Vec::new();
        for (i, j) in hits {
            let shape = &*self.shapes[i];
            match out.last_mut() {
                Some((last, parts)) if std::ptr::eq(*last, shape) => parts.push(&shape.geom.0[j]),
                _ => out.push((shape, vec![&shape.geom.0[j]])),
            }
        }
        out
    }

    /// How many shapes the layer holds.
    pub fn len(&self) -> usize {
        self.shapes.len()
    }

    /// Whether the layer holds nothing.
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }
}

/// Every region and country in memory.
pub struct RegionIndex {
    /// One layer per display band, in [`BANDS`] order.
    bands: Vec<Layer>,
    /// Full boundaries.
    full: Layer,
    /// Position of each region in `full`, by code.
    by_code: std::collections::HashMap<String, usize>,
    /// Positions in `full` of each region's children (by the code rules over
    /// the codes that exist, as the import links them), by the parent's code.
    children: std::collections::HashMap<String, Vec<usize>>,
    /// World countries.
    pub countries: Layer,
}

impl RegionIndex {
    /// Reads every boundary from the database.
    pub fn load(conn: &Connection) -> rusqlite::Result<Self> {
        let shared = |shapes: Vec<Shape>| shapes.into_iter().map(Arc::new).collect();
        let full = Layer::new(shared(store::region_shapes(conn)?));
        let by_code: std::collections::HashMap<String, usize> = full
            .shapes
            .iter()
            .enumerate()
            .map(|(i, s)| (s.code.clone(), i))
            .collect();
        // A band's copy that is the full boundary is the full shape, shared.
        let bands = BANDS
            .iter()
            .map(|(band, _)| {
                let shapes = store::display_shapes(conn, *band)?
                    .into_iter()
                    .filter_map(|row| match row {
                        Ok(shape) => Some(Arc::new(shape)),
                        Err(code) => by_code.get(&code).map(|&i| full.shapes[i].clone()),
                    })
                    .collect();
                Ok(Layer::new(shapes))
            })
            .collect::<rusqlite::Result<_>>()?;
        let countries = Layer::new(shared(store::country_shapes(conn)?));
        let mut children: std::collections::HashMap<String, Vec<usize>> = Default::default();
        for (i, s) in full.shapes.iter().enumerate() {
            if let Some(parent) = tree::parent_of(&s.code, |c| by_code.contains_key(c)) {
                children.entry(parent).or_default().push(i);
            }
        }
        for list in children.values_mut() {
            list.sort_by(|&a, &b| full.shapes[a].code.cmp(&full.shapes[b].code));
        }
        Ok(Self {
            bands,
            full,
            by_code,
            children,
            countries,
        })
    }

    /// The region layer to draw at a zoom: a band's simplified copies, or the
    /// full boundaries past the last band.
    pub fn for_zoom(&self, zoom: u8) -> &Layer {
        match super::display::band_for_zoom(zoom) {
            Some(band) => usize::try_from(band)
                .ok()
                .and_then(|b| self.bands.get(b))
                .unwrap_or(&self.full),
            None => &self.full,
        }
    }

    /// Every region at full detail.
    pub fn full(&self) -> &Layer {
        &self.full
    }

    /// A region's full boundary by code.
    pub fn shape(&self, code: &str) -> Option<&Shape> {
        self.by_code.get(code).map(|&i| &*self.full.shapes[i])
    }

    /// The regions one level below a code (the provinces below 100000), by code.
    pub fn children(&self, code: &str) -> impl Iterator<Item = &Shape> {
        self.children
            .get(code)
            .into_iter()
            .flatten()
            .map(|&i| &*self.full.shapes[i])
    }

    /// Whether a region has regions below it.
    pub fn has_children(&self, code: &str) -> bool {
        self.children.contains_key(code)
    }

    /// The region and the regions above it that are loaded, country first.
    pub fn lineage(&self, code: &str) -> Vec<&Shape> {
        let mut chain: Vec<&Shape> = Vec::new();
        let mut at = tree::normalize(code).map(str::to_owned);
        // At most four steps: county, city, province, country.
        while let Some(c) = at.take().filter(|_| chain.len() < 4) {
            if let Some(shape) = self.shape(&c) {
                chain.push(shape);
            }
            at = tree::parent_of(&c, |p| self.by_code.contains_key(p));
        }
        chain.reverse();
        chain
    }

    /// The regions whose full boundary contains a point, coarsest first.
    pub fn containing(&self, lon: f64, lat: f64) -> Vec<&Shape> {
        let point = Point::new(lon, lat);
        let env = Envelope::of_point(lon, lat);
        let mut hits: Vec<&Shape> = self
            .full
            .intersecting(&env)
            .into_iter()
            .filter(|(_, parts)| parts.iter().any(|p| p.contains(&point)))
            .map(|(shape, _)| shape)
            .collect();
        hits.sort_by_key(|s| s.level);
        hits
    }

    /// How many regions are loaded (full boundaries).
    pub fn len(&self) -> usize {
        self.full.len()
    }

    /// Whether no region is loaded.
    pub fn is_empty(&self) -> bool {
        self.full.is_empty()
    }
}

/// A label point for a shape: its stored label, else a point inside its
/// largest part (one label per country, on land, not one per island). That
/// point is found once per shape and kept: on a detailed boundary it takes
/// tens of milliseconds, and every `region_v2` tile showing the shape asks.
pub fn label_point(shape: &Shape) -> Option<Coord<f64>> {
    use geo::{Area, InteriorPoint};
    shape.label.map(|(x, y)| Coord { x, y }).or_else(|| {
        *shape.interior.get_or_init(|| {
            let largest = shape
                .geom
                .0
                .iter()
                .max_by(|a, b| a.unsigned_area().total_cmp(&b.unsigned_area()))?;
            largest.interior_point().map(|p| p.0)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::polygon;

    #[test]
    fn a_shape_without_a_stored_label_finds_its_inside_point_once() {
        // Found anew for every tile, the point cost region_v2 tiles 10–50 ms
        // each: the load bench's map clients could not get them in time.
        let shape = Shape::new(
            "420000".into(),
            "湖北省".into(),
            1,
            None,
            MultiPolygon(vec![
                polygon![(x: 0.0, y: 0.0), (x: 1.0, y: 0.0), (x: 1.0, y: 1.0), (x: 0.0, y: 1.0)],
                polygon![(x: 10.0, y: 0.0), (x: 14.0, y: 0.0), (x: 14.0, y: 4.0), (x: 10.0, y: 4.0)],
            ]),
        );
        assert!(shape.interior.get().is_none());
        let point = label_point(&shape).expect("a point");
        assert!(
            (10.0..=14.0).contains(&point.x),
            "inside the largest part: {point:?}"
        );
        assert_eq!(
            shape.interior.get(),
            Some(&Some(point)),
            "kept after the first tile"
        );
        assert_eq!(label_point(&shape), Some(point));
    }

    /// A display band's copy that is the full boundary (as most are at the
    /// finest band) is the full shape itself, not a second copy; one that
    /// differs is its own.
    #[test]
    fn a_band_copy_equal_to_the_full_boundary_is_shared() {
        use crate::region::import::{RegionRecord, assemble};
        let square = |x: f64| {
            MultiPolygon(vec![
                polygon![(x: x, y: 30.0), (x: x + 1.0, y: 30.0), (x: x + 1.0, y: 31.0), (x: x, y: 31.0)],
            ])
        };
        let record = |code: &str, x: f64| RegionRecord {
            code: code.into(),
            name: code.into(),
            short_name: code.into(),
            label: None,
            geom: square(x),
        };
        let mut conn = crate::db::memory();
        let records = assemble(vec![record("420000", 110.0), record("430000", 112.0)]);
        let display = std::collections::HashMap::from([
            ("420000".to_owned(), vec![(2, square(110.0))]),
            ("430000".to_owned(), vec![(2, square(112.5))]),
        ]);
        store::replace_regions(&mut conn, &records, &display).expect("store");
        let index = RegionIndex::load(&conn).expect("load");
        let finest = &index.bands[2];
        let full = |code: &str| index.by_code.get(code).map(|&i| &index.full.shapes[i]);
        let band = |code: &str| finest.shapes.iter().find(|s| s.code == code);
        let (same, own) = (
            band("420000").expect("420000"),
            band("430000").expect("430000"),
        );
        assert!(Arc::ptr_eq(same, full("420000").expect("full")));
        assert!(!Arc::ptr_eq(own, full("430000").expect("full")));
        assert_eq!(own.geom, square(112.5));
        assert_eq!((own.name.as_str(), own.level), ("430000", 1));
    }
}
