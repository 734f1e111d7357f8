//! The grid's arithmetic on hand-made outlines, and a selection's cells over the spot
//! fixture (`spot::tests`).

use geo::GeodesicArea;
use geo_types::{Geometry, MultiPolygon, Polygon, Rect};

use super::*;
use crate::spot::SpotFilter;
use crate::spot::engine::SpotIndex;
use crate::spot::filter::{self, Scope};
use crate::spot::grid::LEVELS;
use crate::spot::tests::{record, regions, store_spots};
use crate::spot::theme::ThemeName;

const LEVEL: u8 = 13;

/// A cell's (lon, lat) box.
fn bounds(cell: Cell) -> Envelope {
    cell.tile(LEVEL).bounds_lonlat()
}

/// A rectangle from `x0` to `x1`, `y0` to `y1` as an outline.
fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> MultiPolygon<f64> {
    MultiPolygon(vec![Rect::new((x0, y0), (x1, y1)).to_polygon()])
}

fn env_of(mp: &MultiPolygon<f64>) -> Envelope {
    let mut env = None;
    for c in mp.0.iter().flat_map(|p| &p.exterior().0) {
        Envelope::include(&mut env, c.x, c.y);
    }
    env.expect("a box")
}

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * a.abs().max(b.abs())
}

#[test]
fn a_point_is_in_the_tile_holding_it_and_an_edge_belongs_to_the_cell_east_and_south() {
    let c = Cell::of(114.3, 30.6, LEVEL);
    let b = bounds(c);
    assert!(b.min_x <= 114.3 && 114.3 < b.max_x && b.min_y < 30.6 && 30.6 <= b.max_y);
    assert_eq!(Cell::of(b.max_x, 30.6, LEVEL), Cell { x: c.x + 1, y: c.y });
    assert_eq!(Cell::of(114.3, b.min_y, LEVEL), Cell { x: c.x, y: c.y + 1 });
}

#[test]
fn a_cell_measures_its_tile_on_the_ellipsoid_as_geodesic_areas_do() {
    for (lon, lat) in [(114.3, 30.6), (87.6, 43.8), (110.0, 18.3)] {
        let cell = Cell::of(lon, lat, LEVEL);
        let b = bounds(cell);
        let geodesic = Rect::new((b.min_x, b.min_y), (b.max_x, b.max_y))
            .to_polygon()
            .geodesic_area_unsigned();
        // Geodesic edges between the corners differ from parallels by parts in 10^5.
        assert!(close(cell_m2(cell, LEVEL), geodesic, 1e-4), "{lat}");
        let children: f64 = [(0, 0), (1, 0), (0, 1), (1, 1)]
            .iter()
            .map(|&(dx, dy)| {
                let child = Cell {
                    x: cell.x * 2 + dx,
                    y: cell.y * 2 + dy,
                };
                cell_m2(child, LEVEL + 1)
            })
            .sum();
        assert!(close(children, cell_m2(cell, LEVEL), 1e-12));
    }
}

#[test]
fn a_spot_in_one_cell_is_whole_there_and_one_across_an_edge_is_shared_by_area() {
    let cell = Cell::of(114.3, 30.6, LEVEL);
    let b = bounds(cell);
    let (w, h) = (b.max_x - b.min_x, b.max_y - b.min_y);
    let mut out = Vec::new();
    let inside = rect(
        b.min_x + w / 4.0,
        b.min_y + h / 4.0,
        b.min_x + w / 2.0,
        b.max_y - h / 4.0,
    );
    shares(
        &env_of(&inside),
        || unreachable!("not cut"),
        LEVEL,
        &mut out,
    );
    assert_eq!(out, [(cell, 1.0)]);
    // Three quarters of its width west of the cell's east edge: longitude is linear in the
    // equal-area plane, so the shares are exactly 3/4 and 1/4, the larger first.
    let across = rect(
        b.max_x - 0.75 * w / 2.0,
        b.min_y + h / 4.0,
        b.max_x + 0.25 * w / 2.0,
        b.max_y - h / 4.0,
    );
    shares(
        &env_of(&across),
        || Geometry::MultiPolygon(across.clone()),
        LEVEL,
        &mut out,
    );
    assert_eq!(out.len(), 2);
    assert_eq!(out[0].0, cell);
    assert_eq!(
        out[1].0,
        Cell {
            x: cell.x + 1,
            y: cell.y
        }
    );
    assert!(
        close(out[0].1, 0.75, 1e-9) && close(out[1].1, 0.25, 1e-9),
        "{out:?}"
    );
    // Too many cells: whole in the cell of its centre.
    let huge = rect(100.0, 20.0, 110.0, 30.0);
    shares(&env_of(&huge), || unreachable!("not cut"), LEVEL, &mut out);
    assert_eq!(out, [(Cell::of(105.0, 25.0, LEVEL), 1.0)]);
}

#[test]
fn the_land_of_a_cell_is_all_of_it_inside_a_region_part_of_it_on_the_boundary_none_outside() {
    let cell = Cell::of(114.3, 30.6, LEVEL);
    let b = bounds(cell);
    let w = b.max_x - b.min_x;
    // A region from far west of the cell to 40 % into its eastern neighbour, with a hole
    // (a lake) of a tenth of the neighbour's width.
    let east = Cell {
        x: cell.x + 1,
        y: cell.y,
    };
    let far = Cell {
        x: cell.x + 5,
        y: cell.y,
    };
    let hole = Rect::new(
        (b.max_x + 0.1 * w, b.min_y - 1.0),
        (b.max_x + 0.2 * w, b.max_y + 1.0),
    );
    let outer = Rect::new(
        (b.min_x - 1.0, b.min_y - 1.0),
        (b.max_x + 0.4 * w, b.max_y + 1.0),
    );
    let region = MultiPolygon(vec![Polygon::new(
        outer.to_polygon().exterior().clone(),
        vec![hole.to_polygon().exterior().clone()],
    )]);
    let land = land_m2(&region, LEVEL, &[far, cell, east]);
    assert_eq!(land[0], 0.0);
    assert!(close(land[1], cell_m2(cell, LEVEL), 1e-9), "{land:?}");
    assert!(close(land[2], 0.3 * cell_m2(east, LEVEL), 1e-6), "{land:?}");
    // The cache answers the same, from memory the second time.
    let cache = LandCache::default();
    let mut conn = crate::db::memory();
    let regions = regions(&mut conn);
    let hubei = regions.shape("420000").expect("湖北");
    let cells = [
        Cell::of(112.3, 31.0, LEVEL),
        Cell::of(110.3, 31.0, LEVEL),
        far,
    ];
    let first = cache.land(&[hubei], LEVEL, &cells);
    assert_eq!(first, land_m2(&hubei.geom, LEVEL, &cells));
    assert!(
        first[1] > 0.0 && first[1] < first[0] && first[2] == 0.0,
        "{first:?}"
    );
    // The cell east of 湖北's box is not even worked out.
    assert_eq!(cache.cells.lock().expect("cache").len(), 2);
    assert_eq!(cache.land(&[hubei], LEVEL, &cells), first);
}

#[test]
fn a_share_is_capped_at_all_of_the_land_and_spots_off_the_land_cover_all_of_it() {
    assert_eq!(percent(250.0, 1000.0), 25.0);
    assert_eq!(percent(2000.0, 1000.0), 100.0);
    assert_eq!(percent(10.0, 0.0), 100.0);
    assert_eq!(percent(0.0, 0.0), 0.0);
}

#[test]
fn the_land_of_a_selection_is_its_regions_or_the_loaded_ones_below() {
    let mut conn = crate::db::memory();
    let regions = regions(&mut conn);
    let codes = |scope: &Scope| -> Vec<String> {
        shapes_of(scope, &regions)
            .iter()
            .map(|s| s.code.clone())
            .collect()
    };
    let ranges =
        |r: &[&str]| Scope::of_ranges(&r.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(codes(&ranges(&["420000"])), ["420000"]);
    assert_eq!(codes(&ranges(&["100000"])), ["420000", "440000"]);
    assert_eq!(codes(&ranges(&["420102", "420111"])), ["420102", "420111"]);
    // 广州's districts, as two county ranges merged into one interval.
    assert_eq!(codes(&ranges(&["440103", "440104"])), ["440103", "440104"]);
    // A city that is not loaded: its counties under the province.
    assert_eq!(codes(&ranges(&["429000"])), ["429004"]);
}

#[test]
fn a_selections_cells_add_up_to_its_statistics_and_stay_in_the_callers_ranges() {
    let mut conn = crate::db::memory();
    let regions = regions(&mut conn);
    // Spots in 洪山区 and 越秀区; the second of 洪山区 straddles a cell's east edge, three
    // quarters of it west.
    let edge = bounds(Cell::of(114.40, 30.50, LEVEL)).max_x;
    let spots = vec![
        record(
            ThemeName::Pvland,
            "2024Q3",
            "420111",
            1000.0,
            (114.40, 30.50),
        ),
        record(
            ThemeName::Pvland,
            "2024Q3",
            "420111",
            4000.0,
            (edge - 0.0075, 30.50),
        ),
        record(
            ThemeName::Pvland,
            "2024Q3",
            "440104",
            500.0,
            (113.27, 23.13),
        ),
    ];
    store_spots(&mut conn, "pv.geojson", &spots);
    let index = SpotIndex::load(&conn).expect("engine");
    let pv = index.theme(ThemeName::Pvland);
    let land = LandCache::default();
    let grid = |ranges: &[&str], xzqdm: Option<&str>| {
        let ranges: Vec<String> = ranges.iter().map(|s| s.to_string()).collect();
        let f = SpotFilter {
            xzqdm: xzqdm.map(str::to_owned),
            ..SpotFilter::default()
        };
        let sel = filter::select(pv, &f, &ranges, &regions).expect("selection");
        statistics(&sel, &regions, &land, LEVEL)
    };
    let all = grid(&["100000"], None);
    assert_eq!(all.total.count, 3);
    assert_eq!(all.cells.iter().map(|c| c.count).sum::<u64>(), 3);
    let area: f64 = all.cells.iter().map(|c| c.area_m2).sum();
    assert!(close(area, 5500.0, 1e-12), "{area}");
    // The straddling spot: a quarter of it in the cell east of the edge, counted west.
    let east = all
        .cells
        .iter()
        .find(|c| c.x == Cell::of(edge, 30.505, LEVEL).x && c.y == Cell::of(edge, 30.505, LEVEL).y)
        .expect("the eastern cell");
    assert_eq!(east.count, 0);
    // Outlines are kept to 1e-7 degree: shares to parts in 10^5.
    assert!(close(east.area_m2, 1000.0, 1e-4), "{east:?}");
    assert_eq!(all.max.count, 2);
    // 越秀区's spot covers its share of a cell wholly inside 广东's land (the fixture's
    // 洪山区 lies east of its province's rectangle: no land there, so 100 %).
    let yuexiu = Cell::of(113.275, 23.135, LEVEL);
    let cell = all
        .cells
        .iter()
        .find(|c| (c.x, c.y) == (yuexiu.x, yuexiu.y))
        .expect("越秀区's cell");
    assert!(close(
        cell.percent,
        500.0 / cell_m2(yuexiu, LEVEL) * 100.0,
        1e-9
    ));
    assert_eq!(east.percent, 100.0);
    assert!(
        all.cells
            .iter()
            .all(|c| c.percent > 0.0 && c.percent <= 100.0)
    );
    // A 湖北 caller asking for the country gets 湖北's cells only.
    let hubei = grid(&["420000"], Some("100000"));
    assert_eq!(hubei.total.count, 2);
    assert_eq!(hubei.cells.len(), all.cells.len() - 1);
    assert!(
        hubei
            .cells
            .iter()
            .all(|c| c.y < Cell::of(113.27, 25.0, LEVEL).y),
        "north of 广东"
    );
    assert!(grid(&["420000"], Some("440000")).cells.is_empty());
}

#[test]
fn odd_outlines_are_whole_somewhere_and_shares_always_sum_to_one() {
    let mut out = Vec::new();
    let cases = [
        // Past Web Mercator's latitude: no area in any tile, so whole in its centre's.
        rect(10.0, 86.0, 10.01, 86.01),
        // On the antimeridian, and touching a cell edge without area beyond it.
        rect(179.99, 0.0, 180.0, 0.01),
        // Flat: no area at all.
        rect(114.3, 30.6, 114.4, 30.6),
        // A long thin strip over many cells.
        rect(110.0, 30.0, 112.0, 30.001),
    ];
    for (k, outline) in cases.iter().enumerate() {
        for level in [*LEVELS.start(), 13, *LEVELS.end()] {
            shares(
                &env_of(outline),
                || Geometry::MultiPolygon(outline.clone()),
                level,
                &mut out,
            );
            let sum: f64 = out.iter().map(|s| s.1).sum();
            assert!(
                !out.is_empty() && close(sum, 1.0, 1e-9),
                "case {k} level {level}: {out:?}"
            );
            assert!(out.windows(2).all(|w| w[0].1 >= w[1].1), "largest first");
        }
    }
}
