//! Demo typical images: one generated sample per `/satellite/typicalImage`
//! page, stored as a `typical` file owned by the page's path tail, so the
//! viewer has something to show until an editor uploads real samples.

use std::path::Path;

use rusqlite::Connection;

use crate::files::demo::{DemoFile, add};
use crate::files::kind::Category;

/// The typical image pages: owner (the route's tail), title, and whether the
/// sample is a radar picture.
pub const TYPICAL: [(&str, &str, bool); 12] = [
    ("zy3/multispectral", "资源三号多光谱影像样例（演示）", false),
    ("zy3/panchromatic", "资源三号全色影像样例（演示）", false),
    ("zy3/forward", "资源三号前视影像样例（演示）", false),
    ("zy3/backward", "资源三号后视影像样例（演示）", false),
    ("gf1", "高分一号影像样例（演示）", false),
    ("gf2", "高分二号影像样例（演示）", false),
    ("gf4", "高分四号影像样例（演示）", false),
    ("gf7/multispectral", "高分七号多光谱影像样例（演示）", false),
    ("gf7/forward", "高分七号前视影像样例（演示）", false),
    ("gf7/backward", "高分七号后视影像样例（演示）", false),
    ("lsar/strip1", "陆地探测一号条带1影像样例（演示）", true),
    ("lsar/strip2", "陆地探测一号条带2影像样例（演示）", true),
];

/// Stores the samples not stored yet in the files folder `dir`; how many.
pub fn store(conn: &Connection, dir: &Path, now: i64) -> std::io::Result<usize> {
    let mut made = 0;
    for (owner, title, radar) in TYPICAL {
        // Drawn like a generated scene's quick-look, seeded by the page, with a few clouds.
        let bytes = crate::demo::quicklook::draw(&format!("typical/{owner}"), 8.0, radar);
        let name = format!("{}-demo.png", owner.replace('/', "-"));
        let file = DemoFile {
            category: Category::Typical,
            owner,
            title,
            name: &name,
            version: "",
        };
        made += usize::from(add(conn, dir, &file, &bytes, now)?);
    }
    Ok(made)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_typical_page_gets_one_sample_once() {
        let dir = std::env::temp_dir().join(format!("rscloud-typical-demo-{}", std::process::id()));
        let conn = crate::db::memory();
        assert_eq!(
            store(&conn, &dir, 1_700_000_000).expect("store"),
            TYPICAL.len()
        );
        assert_eq!(store(&conn, &dir, 1_700_000_000).expect("again"), 0);
        let (rows, total) =
            crate::files::store::list(&conn, Some("typical"), Some("lsar/strip1"), 0, 10)
                .expect("list");
        assert_eq!(total, 1);
        assert_eq!(rows[0].mime, "image/png");
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
