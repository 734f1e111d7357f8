//! The scene search index kept current with the database (`db::live`):
//! scenes imported by another process (`rscloud import scenes`, `rscloud demo
//! scenes`) are found without restarting the server.

use rusqlite::Connection;

use super::index::SceneIndex;
use super::store;
use crate::db::live::{Live, Loaded};

/// The current search index.
pub type LiveIndex = Live<SceneIndex>;

impl Loaded for SceneIndex {
    /// How many scenes, and the largest row id (a replaced or added scene gets a new one).
    type Stamp = (usize, i64);
    const WHAT: &'static str = "image catalogue";

    fn load(conn: &Connection) -> rusqlite::Result<Self> {
        store::load_index(conn)
    }

    fn refreshed(&self, conn: &Connection) -> rusqlite::Result<Self> {
        store::update_index(conn, self)
    }

    fn stamp(&self) -> Self::Stamp {
        (self.len(), self.max_fid())
    }

    fn stored_stamp(conn: &Connection) -> rusqlite::Result<Self::Stamp> {
        store::stamp(conn)
    }

    fn rows(&self) -> usize {
        self.len()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::normal::store::SceneRow;
    use crate::normal::store::tests::scene;

    #[test]
    fn a_changed_catalogue_is_reloaded_and_an_unchanged_one_is_not() {
        let mut conn = crate::db::memory();
        store::insert(&mut conn, &[scene("A", 114.0)]).expect("insert");
        let live = LiveIndex::new(store::load_index(&conn).expect("load"));
        let before = live.now();
        assert!(!live.refresh(&conn).expect("refresh"));
        assert!(Arc::ptr_eq(&before, &live.now()));
        // A re-import of the same id replaces its row: same count, new row id.
        let archived = SceneRow {
            online: false,
            ..scene("A", 114.0)
        };
        store::insert(&mut conn, &[archived]).expect("replace");
        assert!(live.refresh(&conn).expect("refresh"));
        store::insert(&mut conn, &[scene("B", 114.0)]).expect("add");
        assert!(live.refresh(&conn).expect("refresh"));
        let after = live.now();
        assert_eq!(after.len(), 2);
        // A request that took the index before still sees the one it took.
        assert_eq!(before.len(), 1);
        // A scene back online is written again: a new row id, so the index sees it.
        let tx = conn.transaction().expect("begin");
        assert_eq!(
            store::set_online(&tx, &["A".into(), "B".into()]).expect("online"),
            1
        );
        tx.commit().expect("commit");
        assert!(live.refresh(&conn).expect("refresh"));
        let now = live.now();
        let online: Vec<bool> = (0..4)
            .filter_map(|i| now.at(i).map(|s| s.online()))
            .collect();
        assert_eq!(online, [true, true]);
    }

    /// Each stored scene as (product id, row id), from the index.
    fn rows_of(index: &SceneIndex) -> Vec<(String, i64)> {
        let mut rows: Vec<(String, i64)> = (0..index.len() * 2)
            .filter_map(|i| index.at(i).map(|s| (s.scene_id().to_owned(), s.fid())))
            .collect();
        rows.sort();
        rows
    }

    #[test]
    fn an_import_becomes_a_segment_that_answers_as_a_fresh_load() {
        let mut conn = crate::db::memory();
        let first: Vec<_> = (0..40)
            .map(|k| scene(&format!("S{k}"), 100.0 + f64::from(k)))
            .collect();
        store::insert(&mut conn, &first).expect("insert");
        let live = LiveIndex::new(store::load_index(&conn).expect("load"));
        // Five new scenes and three of the first again.
        let import: Vec<_> = (40..45)
            .chain([3, 17, 39])
            .map(|k| scene(&format!("S{k}"), 90.0 + f64::from(k)))
            .collect();
        store::insert(&mut conn, &import).expect("import");
        assert!(live.refresh(&conn).expect("refresh"));
        let now = live.now();
        assert_eq!(now.segments(), 2, "the import is a segment of its own");
        let fresh = store::load_index(&conn).expect("load");
        assert_eq!(now.len(), 45);
        assert_eq!(now.stamp(), fresh.stamp());
        assert_eq!(rows_of(&now), rows_of(&fresh));
        // Nothing changed since: no refresh.
        assert!(!live.refresh(&conn).expect("refresh"));
    }

    #[test]
    fn an_import_larger_than_half_the_catalogue_rebuilds_it_whole() {
        let mut conn = crate::db::memory();
        let first: Vec<_> = (0..10).map(|k| scene(&format!("S{k}"), 100.0)).collect();
        store::insert(&mut conn, &first).expect("insert");
        let live = LiveIndex::new(store::load_index(&conn).expect("load"));
        let import: Vec<_> = (10..16).map(|k| scene(&format!("S{k}"), 101.0)).collect();
        store::insert(&mut conn, &import).expect("import");
        assert!(live.refresh(&conn).expect("refresh"));
        assert_eq!(live.now().segments(), 1);
        assert_eq!(live.now().len(), 16);
    }

    #[test]
    fn many_small_imports_keep_few_segments_and_every_row() {
        let mut conn = crate::db::memory();
        let first: Vec<_> = (0..100).map(|k| scene(&format!("S{k}"), 100.0)).collect();
        store::insert(&mut conn, &first).expect("insert");
        let live = LiveIndex::new(store::load_index(&conn).expect("load"));
        for round in 0..12 {
            // One new scene and one of the first again, each round.
            let import = [
                scene(&format!("N{round}"), 101.0),
                scene(&format!("S{round}"), 102.0),
            ];
            store::insert(&mut conn, &import).expect("import");
            assert!(live.refresh(&conn).expect("refresh"));
            let now = live.now();
            assert!(now.segments() <= 8, "{} segments", now.segments());
            assert_eq!(
                rows_of(&now),
                rows_of(&store::load_index(&conn).expect("load"))
            );
        }
        assert!(
            live.now().segments() > 1,
            "small imports are not rebuilt whole"
        );
    }
}
