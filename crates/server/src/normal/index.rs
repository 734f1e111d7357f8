//! The image catalogue in memory: scenes in acquisition order with one R-tree
//! per satellite over the footprints' bounding boxes, built at start. A search
//! asks the trees of the chosen satellites for candidates near the area of
//! interest, filters them, and tests the footprint exactly.

use std::collections::HashMap;

use geo::{BoundingRect, Intersects};
use geo_types::MultiPolygon;
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};

use super::store::SceneRow;

type Entry = GeomWithData<Rectangle<[f64; 2]>, usize>;

/// Every scene, indexed.
pub struct SceneIndex {
    scenes: Vec<SceneRow>,
    by_satellite: HashMap<String, RTree<Entry>>,
}

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
}

/// The order of results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// Newest first.
    Time,
    /// Least cloudy first, then newest.
    Cloud,
}

impl SceneIndex {
    /// Indexes scenes given oldest first.
    pub fn new(scenes: Vec<SceneRow>) -> Self {
        let mut entries: HashMap<String, Vec<Entry>> = HashMap::new();
        for (i, s) in scenes.iter().enumerate() {
            if let Some(r) = s.footprint.bounding_rect() {
                entries
                    .entry(s.satellite.clone())
                    .or_default()
                    .push(Entry::new(
                        Rectangle::from_corners([r.min().x, r.min().y], [r.max().x, r.max().y]),
                        i,
                    ));
            }
        }
        let by_satellite = entries
            .into_iter()
            .map(|(k, v)| (k, RTree::bulk_load(v)))
            .collect();
        Self {
            scenes,
            by_satellite,
        }
    }

    /// How many scenes are indexed.
    pub fn len(&self) -> usize {
        self.scenes.len()
    }

    /// Whether the catalogue is empty.
    pub fn is_empty(&self) -> bool {
        self.scenes.is_empty()
    }

    /// A scene by position.
    pub fn get(&self, i: usize) -> Option<&SceneRow> {
        self.scenes.get(i)
    }

    /// The positions of every scene over the area that passes the filter, in the asked order.
    pub fn search(&self, aoi: &MultiPolygon<f64>, filter: &Filter, sort: Sort) -> Vec<usize> {
        let Some(bbox) = aoi.bounding_rect() else {
            return Vec::new();
        };
        let aabb = AABB::from_corners([bbox.min().x, bbox.min().y], [bbox.max().x, bbox.max().y]);
        let trees: Vec<(&String, &RTree<Entry>)> = if filter.satellites.is_empty() {
            self.by_satellite.iter().collect()
        } else {
            self.by_satellite
                .iter()
                .filter(|(k, _)| filter.satellites.contains_key(*k))
                .collect()
        };
        let mut hits: Vec<usize> = trees
            .into_iter()
            .flat_map(|(_, tree)| tree.locate_in_envelope_intersecting(&aabb).map(|e| e.data))
            .filter(|&i| {
                self.keeps(&self.scenes[i], filter) && self.scenes[i].footprint.intersects(aoi)
            })
            .collect();
        match sort {
            // Positions follow acquisition order, so newest first is a reverse sort of positions.
            Sort::Time => hits.sort_unstable_by(|a, b| b.cmp(a)),
            Sort::Cloud => hits.sort_by(|a, b| {
                self.scenes[*a]
                    .cloud
                    .total_cmp(&self.scenes[*b].cloud)
                    .then(b.cmp(a))
            }),
        }
        hits
    }

    fn keeps(&self, s: &SceneRow, f: &Filter) -> bool {
        let sensor_ok = f
            .satellites
            .get(&s.satellite)
            .is_none_or(|sensors| sensors.is_empty() || sensors.contains(&s.sensor));
        sensor_ok
            && f.from.is_none_or(|t| s.acquired_at >= t)
            && f.to.is_none_or(|t| s.acquired_at <= t)
            && f.cloud_max.is_none_or(|c| s.cloud <= c)
            && f.online.is_none_or(|o| s.online == o)
    }

    /// The positions of every scene that passes the filter and `keep`, in the
    /// asked order (searches without an area: lists of names or path/rows).
    pub fn select(
        &self,
        filter: &Filter,
        sort: Sort,
        keep: impl Fn(&SceneRow) -> bool,
    ) -> Vec<usize> {
        let mut hits: Vec<usize> = (0..self.scenes.len())
            .filter(|&i| {
                let s = &self.scenes[i];
                // `keeps` leaves the choice of satellites to the per-satellite trees.
                (filter.satellites.is_empty() || filter.satellites.contains_key(&s.satellite))
                    && self.keeps(s, filter)
                    && keep(s)
            })
            .collect();
        match sort {
            Sort::Time => hits.reverse(),
            Sort::Cloud => hits.sort_by(|a, b| {
                self.scenes[*a]
                    .cloud
                    .total_cmp(&self.scenes[*b].cloud)
                    .then(b.cmp(a))
            }),
        }
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo_types::{Polygon, polygon};

    fn scene(
        i: i64,
        satellite: &str,
        sensor: &str,
        cloud: f64,
        footprint: Polygon<f64>,
    ) -> SceneRow {
        SceneRow {
            fid: i,
            scene_id: format!("S{i}"),
            file_name: format!("S{i}.tar.gz"),
            satellite: satellite.into(),
            sensor: sensor.into(),
            acquired_at: 1_700_000_000 + i * 86_400,
            cloud,
            resolution_m: Some(2.0),
            product_level: None,
            path: None,
            row: None,
            quicklook: None,
            size_mb: None,
            online: true,
            demo: false,
            footprint,
        }
    }

    fn square(x: f64, y: f64) -> Polygon<f64> {
        polygon![(x: x, y: y), (x: x + 0.5, y: y), (x: x + 0.5, y: y + 0.5), (x: x, y: y + 0.5), (x: x, y: y)]
    }

    #[test]
    fn search_keeps_scenes_over_the_area_that_pass_every_filter() {
        let index = SceneIndex::new(vec![
            scene(0, "GF1", "PMS1", 10.0, square(114.0, 30.0)),
            scene(1, "GF1", "WFV1", 50.0, square(114.2, 30.2)),
            scene(2, "GF2", "PMS1", 5.0, square(114.1, 30.1)),
            scene(3, "GF1", "PMS2", 0.0, square(120.0, 40.0)),
        ]);
        let wuhan = MultiPolygon(vec![square(114.1, 30.1)]);
        assert_eq!(
            index.search(&wuhan, &Filter::default(), Sort::Time),
            vec![2, 1, 0]
        );
        assert_eq!(
            index.search(&wuhan, &Filter::default(), Sort::Cloud),
            vec![2, 0, 1]
        );
        let gf1_pms = Filter {
            satellites: HashMap::from([("GF1".into(), vec!["PMS1".into(), "PMS2".into()])]),
            ..Filter::default()
        };
        assert_eq!(index.search(&wuhan, &gf1_pms, Sort::Time), vec![0]);
        let clear = Filter {
            cloud_max: Some(20.0),
            from: Some(1_700_000_000 + 86_400),
            ..Filter::default()
        };
        assert_eq!(index.search(&wuhan, &clear, Sort::Time), vec![2]);
    }

    #[test]
    fn a_footprint_whose_box_meets_the_area_but_not_its_shape_is_left_out() {
        // A thin diagonal footprint whose bounding box covers the area's corner.
        let diagonal = polygon![(x: 0.0, y: 0.0), (x: 0.1, y: 0.0), (x: 2.0, y: 1.9), (x: 2.0, y: 2.0), (x: 0.0, y: 0.0)];
        let index = SceneIndex::new(vec![scene(0, "GF1", "PMS1", 0.0, diagonal)]);
        let corner = MultiPolygon(vec![
            polygon![(x: 1.5, y: 0.0), (x: 2.0, y: 0.0), (x: 2.0, y: 0.5), (x: 1.5, y: 0.5), (x: 1.5, y: 0.0)],
        ]);
        assert!(
            index
                .search(&corner, &Filter::default(), Sort::Time)
                .is_empty()
        );
    }
}
