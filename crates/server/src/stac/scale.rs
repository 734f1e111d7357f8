//! Timings of the STAC searches, FILE-mode selections and file-name
//! suggestions on a large demo catalogue in memory (`cargo test --release -p
//! rscloud --lib a_million -- --ignored --nocapture`; the demo satellites image
//! about 913,000 of the million asked); it prints, and asserts only what the
//! answers hold.

use std::time::Instant;

use serde_json::json;

use super::params::{Body, Search};
use super::{Links, collection, item, search};
use crate::demo::{self, Plan};
use crate::normal::area::SentAreas;
use crate::normal::index::{Filter, SceneIndex, Sort};
use crate::normal::lists::{self, List};

/// Milliseconds of one run of `f`: the first, which builds a look-up.
fn first<T>(what: &str, f: impl FnOnce() -> T) -> T {
    let t = Instant::now();
    let out = f();
    println!(
        "{what} (first, builds its look-up): {:.2} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
    out
}

/// Median milliseconds of a few runs of `f`.
fn time<T>(what: &str, mut f: impl FnMut() -> T) -> T {
    let mut out = None;
    let mut ms: Vec<f64> = (0..5)
        .map(|_| {
            let t = Instant::now();
            out = Some(f());
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    println!("{what}: {:.2} ms", ms[2]);
    out.expect("ran")
}

fn search(body: serde_json::Value) -> Search {
    let body = serde_json::from_value::<Body>(body).expect("body");
    Search::from_body(body, &SentAreas::default()).expect("search")
}

#[test]
#[ignore = "builds a million scenes; run in release to measure"]
fn a_million_scenes() {
    let plan = Plan {
        scenes: 1_000_000,
        ..Plan::demo(1_767_225_600)
    };
    let index = SceneIndex::new(demo::generate(&plan, &demo::rough_china()).collect());
    let n = index.len();
    println!("{n} scenes");
    let links = Links {
        origin: "http://localhost".into(),
    };
    let page = |s: &Search| {
        let p = search::page(&index, s);
        let items: Vec<_> = p.scenes.iter().map(|s| item::item(s, &links)).collect();
        (p.matched, items.len())
    };
    let all = search(json!({"limit": 10}));
    assert_eq!(time("search, no area, limit 10", || page(&all)), (n, 10));
    let hubei = search(json!({"bbox": [108.3, 29.0, 116.2, 33.3], "limit": 10}));
    let (matched, _) = time("search, Hubei bbox, limit 10", || page(&hubei));
    println!("  Hubei matched {matched}");
    let picked: Vec<String> = (0..100)
        .filter_map(|k| index.get(k * (n / 100)))
        .map(|s| s.scene_id)
        .collect();
    let ids = search(json!({"ids": picked, "limit": 10}));
    first("search, 100 ids", || page(&ids));
    assert_eq!(time("search, 100 ids, limit 10", || page(&ids)), (100, 10));
    first("collections", || collection::all(&index, &links).len());
    let count = time("collections", || collection::all(&index, &links).len());
    println!("  {count} collections");
    let names: Vec<String> = (0..100)
        .filter_map(|k| index.get(k * (n / 100) + 1))
        .map(|s| s.file_name)
        .collect();
    let list = List::FileNames(names.clone());
    let select = || lists::select(&index, &list, &Filter::default(), Sort::Time).len();
    first("FILE mode, 100 names", select);
    assert_eq!(time("FILE mode, 100 names", select), 100);
    for text in ["GF1_", &names[50], "no such name"] {
        let found = time(&format!("file-name suggestions for {text:?}"), || {
            lists::suggestions(&index, text).len()
        });
        println!("  {found} suggested");
    }
}
