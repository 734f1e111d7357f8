//! `make bench`: region vector tiles rendered per second at z5, z8 and z11, from
//! the in-memory index over the real Tianditu boundaries (the data folder in
//! RSCLOUD_BENCH_DATA, prepared by `make bench`). Reports the median of five
//! passes, so one noisy pass on a shared machine does not decide the figure.

use std::time::Instant;

use geo_kit::Envelope;
use geo_kit::tile::{TileId, tile_range};
use rscloud::ows::layers::{Layers, ViewParams};
use rscloud::ows::tiles::render;
use rscloud::region::index::RegionIndex;

mod common;

fn main() {
    let dir = common::bench_folder();
    let conn = rscloud::db::open_connection(&dir.join("rscloud.gpkg")).expect("database");
    let index = std::sync::Arc::new(RegionIndex::load(&conn).expect("regions"));
    println!("regions loaded: {}", index.len());
    let mut layers = Layers::default();
    rscloud::region::layers::register(&mut layers, &index);
    let region = layers.get("region").expect("the region layer");
    // z5: every tile over China; z8 and z11: the 300 km around Wuhan, dense with counties.
    let china = Envelope {
        min_x: 73.5,
        max_x: 135.1,
        min_y: 18.1,
        max_y: 53.6,
    };
    let wuhan = Envelope {
        min_x: 112.8,
        max_x: 115.8,
        min_y: 29.2,
        max_y: 31.9,
    };
    for (z, area) in [(5u8, china), (8, wuhan), (11, wuhan)] {
        let tiles: Vec<TileId> = tile_range(&area, z).iter().take(400).collect();
        let mut rates = Vec::new();
        let mut bytes = 0usize;
        for _ in 0..5 {
            let start = Instant::now();
            bytes = tiles
                .iter()
                .map(|t| render(region, *t, None, &ViewParams::default()).len())
                .sum();
            rates.push(tiles.len() as f64 / start.elapsed().as_secs_f64());
        }
        rates.sort_by(f64::total_cmp);
        println!(
            "region z{z:<2} {:>4} tiles  median {:>8.0} tiles/s (min {:.0}, max {:.0})  mean tile {:.1} KB",
            tiles.len(),
            rates[2],
            rates[0],
            rates[4],
            bytes as f64 / tiles.len() as f64 / 1024.0
        );
    }
}
