//! Adaptive zones of the solar and wind themes (spec §3: the pvland and windmill adaptive
//! zones): per batch, the spots whose outlines lie within [`ZONE_DISTANCE_M`] of each other
//! are joined into clusters (transitively: a chain of near spots is one cluster), and each
//! cluster is one zone, the convex hull of its spots. So a solar or wind base growing batch
//! after batch is one shape per batch, whose area can be compared.
//!
//! A caller's zones are built from the spots they may see (their area ranges) only: a zone
//! never hints at a spot outside the ranges, and a base crossing a range's border is the
//! part inside. Zones are built on first use per (engine, theme, batch, ranges) and kept
//! ([`ZoneCache`]); an import replaces the engine, whose stamp then differs, so new spots
//! make new zones.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use geo::{ConvexHull, Distance, Euclidean, GeodesicArea, MapCoords};
use geo_kit::Envelope;
use geo_types::{Coord, Geometry, MultiPoint, Point, Polygon};

use super::engine::{Block, LiveSpots};
use super::filter::Scope;
use super::layers::{batch_param, caller_scope};
use super::theme::{THEMES, Theme, ThemeName};
use crate::db::live::Loaded;
use crate::ows::layers::{
    Attribute, Detail, Feature, FeatureGeometry, GeometryKind, LayerInfo, Layers, MapLayer, Value,
    ViewParams,
};
use crate::usercenter::session::Caller;

/// How close two spots' outlines must come to be one base, m. Solar arrays of one base are
/// built in phases separated by roads, ditches and access strips of tens to a few hundred
/// metres, and a wind farm's turbines stand 300–800 m apart (a few rotor diameters); two
/// bases are kilometres apart. 1 km joins the first and keeps the second apart.
pub const ZONE_DISTANCE_M: f64 = 1000.0;

/// Metres per degree of latitude (and of longitude at the equator) on the mean sphere:
/// enough for deciding distances under a few kilometres.
const M_PER_DEGREE: f64 = 111_195.0;

/// One zone: a cluster of a batch's spots.
#[derive(Debug, Clone)]
pub struct Zone {
    /// The smallest spot id in it: stable while its spots are.
    pub id: i64,
    /// The convex hull of its spots.
    pub hull: Polygon<f64>,
    /// The hull's box.
    pub bbox: Envelope,
    /// How many spots it holds.
    pub spots: u64,
    /// The hull's geodesic area, m².
    pub area_m2: f64,
    /// Its spots' area, m².
    pub spot_area_m2: f64,
}

/// A spot's outline in metres around a point, for distances.
fn local(outline: &Geometry<f64>, at: Coord<f64>) -> Geometry<f64> {
    let k = at.y.to_radians().cos();
    outline.map_coords(|c| Coord {
        x: (c.x - at.x) * M_PER_DEGREE * k,
        y: (c.y - at.y) * M_PER_DEGREE,
    })
}

/// A box widened by [`ZONE_DISTANCE_M`] on every side (generously: the cosine of the
/// latitude farthest from the equator).
fn widened(b: &Envelope) -> Envelope {
    let dy = ZONE_DISTANCE_M / M_PER_DEGREE;
    let lat = b.min_y.abs().max(b.max_y.abs()).min(89.0);
    let dx = dy / lat.to_radians().cos();
    Envelope {
        min_x: b.min_x - dx,
        max_x: b.max_x + dx,
        min_y: b.min_y - dy,
        max_y: b.max_y + dy,
    }
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let up = parent[parent[i as usize] as usize];
        parent[i as usize] = up;
        i = up;
    }
    i
}

/// The zones of a block's spots in `scope`, by id.
pub fn zones(block: &Block, scope: &Scope) -> Vec<Zone> {
    let mut members: Vec<usize> = Vec::new();
    for run in block.runs(scope) {
        members.extend(run);
    }
    // Member number by position; u32::MAX for a spot out of scope.
    let mut number = vec![u32::MAX; block.len()];
    for (i, &pos) in members.iter().enumerate() {
        number[pos] = i as u32;
    }
    let mut parent: Vec<u32> = (0..members.len() as u32).collect();
    let envelopes: Vec<Option<Envelope>> = members.iter().map(|&p| block.envelope(p)).collect();
    let mut outlines: Vec<Option<Geometry<f64>>> = vec![None; members.len()];
    for i in 0..members.len() {
        let Some(env) = envelopes[i] else { continue };
        let at = Coord {
            x: env.min_x,
            y: env.min_y,
        };
        let mut near = Vec::new();
        block.in_box(&widened(&env), |other| {
            let j = number[other];
            if j != u32::MAX && (j as usize) > i {
                near.push(j);
            }
        });
        for j in near {
            if find(&mut parent, i as u32) == find(&mut parent, j) {
                continue;
            }
            for k in [i, j as usize] {
                if outlines[k].is_none() {
                    outlines[k] = Some(block.outline(members[k]));
                }
            }
            let (Some(mine), Some(theirs)) = (&outlines[i], &outlines[j as usize]) else {
                continue;
            };
            if Euclidean.distance(&local(mine, at), &local(theirs, at)) <= ZONE_DISTANCE_M {
                let (a, b) = (find(&mut parent, i as u32), find(&mut parent, j));
                parent[a.max(b) as usize] = a.min(b);
            }
        }
    }
    let mut clusters: HashMap<u32, Vec<usize>> = HashMap::new();
    for i in 0..members.len() as u32 {
        let root = find(&mut parent, i);
        clusters.entry(root).or_default().push(members[i as usize]);
    }
    let mut out: Vec<Zone> = clusters
        .into_values()
        .filter_map(|positions| zone(block, &positions))
        .collect();
    out.sort_by_key(|z| z.id);
    out
}

/// The zone of a cluster's spots.
fn zone(block: &Block, positions: &[usize]) -> Option<Zone> {
    let mut points: Vec<Point<f64>> = Vec::new();
    for &pos in positions {
        match block.outline(pos) {
            Geometry::Polygon(p) => points.extend(p.exterior().points()),
            Geometry::MultiPolygon(mp) => {
                points.extend(mp.0.iter().flat_map(|p| p.exterior().points()));
            }
            _ => {}
        }
    }
    let hull = MultiPoint(points).convex_hull();
    let mut bbox = None;
    for c in &hull.exterior().0 {
        Envelope::include(&mut bbox, c.x, c.y);
    }
    Some(Zone {
        id: positions.iter().map(|&p| block.id(p)).min()?,
        area_m2: hull.geodesic_area_unsigned(),
        bbox: bbox?,
        hull,
        spots: positions.len() as u64,
        spot_area_m2: positions.iter().map(|&p| block.area(p)).sum(),
    })
}

/// Most sets of zones kept (a set per engine, theme, batch and caller's ranges).
const MAX_ZONE_SETS: usize = 64;

/// What a set of zones is kept by: the engine's stamp, the theme, the batch, the ranges.
type ZoneKey = ((usize, i64), ThemeName, String, Vec<(u32, u32)>);

/// Zones built once per engine, theme, batch and ranges; emptied when full.
#[derive(Debug, Default)]
pub struct ZoneCache {
    sets: Mutex<HashMap<ZoneKey, Arc<Vec<Zone>>>>,
}

impl ZoneCache {
    fn get(&self, key: ZoneKey, build: impl FnOnce() -> Vec<Zone>) -> Arc<Vec<Zone>> {
        if let Some(z) = self
            .sets
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return Arc::clone(z);
        }
        let built = Arc::new(build());
        let mut sets = self.sets.lock().unwrap_or_else(|e| e.into_inner());
        if sets.len() >= MAX_ZONE_SETS {
            sets.clear();
        }
        sets.insert(key, Arc::clone(&built));
        built
    }
}

/// Registers the zone layer of each theme with zones.
pub fn register(layers: &mut Layers, spots: &Arc<LiveSpots>) {
    let cache = Arc::new(ZoneCache::default());
    for theme in &THEMES {
        let Some(zones) = theme.zones else { continue };
        layers.register(ZoneLayer {
            info: LayerInfo::new(zones.layer, zones.title, GeometryKind::Polygon, ATTRIBUTES)
                .per_caller(),
            theme,
            spots: Arc::clone(spots),
            cache: Arc::clone(&cache),
        });
    }
}

struct ZoneLayer {
    info: LayerInfo,
    theme: &'static Theme,
    spots: Arc<LiveSpots>,
    cache: Arc<ZoneCache>,
}

/// What a zone feature carries.
const ATTRIBUTES: &[Attribute] = &[
    Attribute::integer("id"),
    Attribute::text("batch"),
    Attribute::integer("spots"),
    Attribute::real("area_m2"),
    Attribute::real("spot_area_m2"),
];

impl MapLayer for ZoneLayer {
    fn info(&self) -> &LayerInfo {
        &self.info
    }

    fn features<'a>(
        &'a self,
        bbox: &Envelope,
        _: Detail,
        caller: Option<&Caller>,
        params: &ViewParams,
    ) -> Vec<Feature<'a>> {
        let Some(scope) = caller_scope(self.theme, caller) else {
            return Vec::new();
        };
        let index = self.spots.now();
        let Some(block) = index.theme(self.theme.name).block(batch_param(params)) else {
            return Vec::new();
        };
        let key = (
            index.stamp(),
            self.theme.name,
            block.batch.id.clone(),
            scope.intervals().to_vec(),
        );
        let zones = self.cache.get(key, || zones(block, &scope));
        zones
            .iter()
            .filter(|z| z.bbox.meets(bbox))
            .map(|z| Feature {
                id: z.id.to_string(),
                geometry: FeatureGeometry::Owned(Geometry::Polygon(z.hull.clone())),
                label: None,
                properties: vec![
                    Value::from(z.id),
                    Value::from(block.batch.id.as_str()),
                    Value::from(i64::try_from(z.spots).unwrap_or(i64::MAX)),
                    Value::from(z.area_m2),
                    Value::from(z.spot_area_m2),
                ],
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spot::engine::SpotIndex;
    use crate::spot::tests::{record, regions, store_spots};

    #[test]
    fn spots_closer_than_the_distance_are_one_zone_farther_ones_another_within_the_ranges() {
        let mut conn = crate::db::memory();
        regions(&mut conn);
        // Squares of 0.01° at 30.5° N: a degree of longitude is about 95.8 km there, so
        // a gap of 0.0094° is about 900 m and one of 0.0115° about 1100 m.
        let (x, y) = (114.40, 30.50);
        let a = x;
        let b = a + 0.01 + 0.0094;
        let c = b + 0.01 + 0.0094;
        let d = c + 0.01 + 0.0115;
        let spots: Vec<_> = [(a, "420111"), (b, "420111"), (c, "420111"), (d, "420111")]
            .iter()
            .enumerate()
            .map(|(k, &(at, county))| {
                record(
                    ThemeName::Pvland,
                    "2024Q3",
                    county,
                    1000.0 * (k + 1) as f64,
                    (at, y),
                )
            })
            .chain([record(
                ThemeName::Pvland,
                "2024Q3",
                "440104",
                500.0,
                (113.27, 23.13),
            )])
            .collect();
        store_spots(&mut conn, "pv.geojson", &spots);
        let index = SpotIndex::load(&conn).expect("engine");
        let block = index.theme(ThemeName::Pvland).block(None).expect("batch");
        let ranges =
            |r: &[&str]| Scope::of_ranges(&r.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        let sizes = |zs: &[Zone]| {
            zs.iter()
                .map(|z| (z.spots, z.spot_area_m2))
                .collect::<Vec<_>>()
        };
        // a, b and c chain into one zone (a and c are 2 km apart); d is 1.1 km off.
        let hubei = zones(block, &ranges(&["420000"]));
        assert_eq!(sizes(&hubei), [(3, 6000.0), (1, 4000.0)]);
        let country = zones(block, &ranges(&["100000"]));
        assert_eq!(sizes(&country), [(3, 6000.0), (1, 4000.0), (1, 500.0)]);
        // The hull of the three spans them and their gaps: the rectangle around them.
        let base = &hubei[0];
        let around = geo_types::Rect::new((a, y), (c + 0.01, y + 0.01)).to_polygon();
        let expected = around.geodesic_area_unsigned();
        assert!(
            (base.area_m2 - expected).abs() < 1e-3 * expected,
            "{}",
            base.area_m2
        );
        let first = (0..block.len()).map(|p| block.id(p)).min();
        assert_eq!(Some(base.id), first, "named by its smallest spot id");
        assert!(zones(block, &ranges(&["440103"])).is_empty());
    }

    #[test]
    fn a_new_engine_gets_new_zones() {
        let mut conn = crate::db::memory();
        regions(&mut conn);
        let first = record(
            ThemeName::Windmill,
            "2024Q3",
            "420111",
            1000.0,
            (114.40, 30.50),
        );
        store_spots(&mut conn, "a.geojson", std::slice::from_ref(&first));
        let spots = Arc::new(LiveSpots::new(SpotIndex::load(&conn).expect("engine")));
        let mut layers = Layers::default();
        register(&mut layers, &spots);
        let layer = layers.get("windmill_zones").expect("the layer");
        let caller = Caller {
            user_id: 1,
            username: "wind".into(),
            permissions: ["MOD_059".to_owned()].into(),
            regions: vec!["420000".into()],
            roles: Default::default(),
            push_nodes: Vec::new(),
            read_only: false,
            screen: None,
            token: String::new(),
        };
        let world = Envelope {
            min_x: -180.0,
            max_x: 180.0,
            min_y: -90.0,
            max_y: 90.0,
        };
        let zone_spots = || -> Vec<Value> {
            layer
                .features(&world, Detail::Full, Some(&caller), &ViewParams::default())
                .into_iter()
                .map(|f| f.properties[2].clone())
                .collect()
        };
        assert_eq!(zone_spots(), [Value::from(1i64)]);
        // A spot 300 m east joins the zone once the engine is rebuilt with it.
        let second = record(
            ThemeName::Windmill,
            "2024Q3",
            "420111",
            1000.0,
            (114.413, 30.50),
        );
        store_spots(&mut conn, "b.geojson", &[second]);
        assert!(spots.refresh(&conn).expect("refresh"));
        assert_eq!(zone_spots(), [Value::from(2i64)]);
        assert!(
            layer
                .features(&world, Detail::Full, None, &ViewParams::default())
                .is_empty()
        );
    }
}
