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

    fn stamp(&self) -> Self::Stamp {
        let max = (0..self.len())
            .filter_map(|i| self.at(i).map(|s| s.fid()))
            .max();
        (self.len(), max.unwrap_or(0))
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
        store::insert(&mut conn, &[scene("A", 114.0)]).expect("replace");
        assert!(live.refresh(&conn).expect("refresh"));
        store::insert(&mut conn, &[scene("B", 114.0)]).expect("add");
        assert!(live.refresh(&conn).expect("refresh"));
        let after = live.now();
        assert_eq!(after.len(), 2);
        // A request that took the index before still sees the one it took.
        assert_eq!(before.len(), 1);
        // A change in place keeps the stamp: only `changed` makes it rebuild.
        store::set_online(&conn, &["A".into()]).expect("online");
        assert!(!live.refresh(&conn).expect("refresh"));
        live.changed();
        assert!(live.refresh(&conn).expect("refresh"));
    }
}
