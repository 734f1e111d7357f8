//! The search index kept current with the database (which stays the durable
//! truth): scenes imported by another process (`rscloud import scenes`,
//! `rscloud demo scenes`) are found without restarting the server. A watcher
//! notices commits by other connections, and when the scene table changed it
//! rebuilds the index in the background and swaps it in whole. A request
//! takes the index once (`now`) and works on it throughout, so its total, its
//! page and its rows always come from one catalogue.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::Connection;

use super::index::SceneIndex;
use super::store;

/// What tells one catalogue from another cheaply: how many scenes, and the
/// largest row id (a replaced or added scene gets a new one).
type Stamp = (usize, i64);

/// The index in use, shared with the watcher.
struct Shared {
    current: RwLock<Arc<SceneIndex>>,
    /// Set by [`LiveIndex::changed`]: rebuild even though the stamp is the same.
    dirty: AtomicBool,
}

/// The watching thread and how to stop it.
struct Watcher {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// The current search index.
pub struct LiveIndex {
    shared: Arc<Shared>,
    watcher: Option<Watcher>,
}

fn stamp_of(index: &SceneIndex) -> Stamp {
    let max = (0..index.len())
        .filter_map(|i| index.at(i).map(|s| s.fid()))
        .max();
    (index.len(), max.unwrap_or(0))
}

impl Shared {
    fn now(&self) -> Arc<SceneIndex> {
        self.current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Rebuilds the index when the stored catalogue differs from it; true when it did.
    fn refresh(&self, conn: &Connection) -> rusqlite::Result<bool> {
        let dirty = self.dirty.swap(false, Ordering::AcqRel);
        if !dirty && super::store::stamp(conn)? == stamp_of(&self.now()) {
            return Ok(false);
        }
        let started = std::time::Instant::now();
        let index = store::load_index(conn)?;
        tracing::info!(
            scenes = index.len(),
            ms = started.elapsed().as_millis() as u64,
            "image catalogue changed in the database: index rebuilt"
        );
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(index);
        Ok(true)
    }
}

impl LiveIndex {
    /// An index that stays as it was loaded.
    pub fn new(index: SceneIndex) -> Self {
        Self {
            shared: Arc::new(Shared {
                current: RwLock::new(Arc::new(index)),
                dirty: AtomicBool::new(false),
            }),
            watcher: None,
        }
    }

    /// An index kept current with the database at `path`, checked every
    /// `every` on a thread of its own until the index is dropped. A check
    /// costs nothing while no other connection commits (`PRAGMA
    /// data_version`); after a commit it counts the scenes, and rebuilds the
    /// index if they changed. During a rebuild the old index and the new one
    /// are both in memory.
    pub fn watched(index: SceneIndex, path: &Path, every: Duration) -> std::io::Result<Self> {
        let mut live = Self::new(index);
        let shared = live.shared.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        // Opened here, not on the thread: a database that cannot be opened
        // fails the start instead of leaving the index silently unwatched.
        let conn = crate::db::connect(path).map_err(std::io::Error::other)?;
        let thread = std::thread::Builder::new()
            .name("scene-watch".into())
            .spawn(move || {
                let version = |c: &Connection| super::store::data_version(c).ok();
                let mut seen = version(&conn);
                loop {
                    std::thread::park_timeout(every);
                    if stopped.load(Ordering::Acquire) {
                        return;
                    }
                    let now = version(&conn);
                    if now == seen && !shared.dirty.load(Ordering::Acquire) {
                        continue;
                    }
                    seen = now;
                    if let Err(e) = shared.refresh(&conn) {
                        tracing::error!(error = %e, "cannot reload the image catalogue");
                    }
                }
            })?;
        live.watcher = Some(Watcher { stop, thread });
        Ok(live)
    }

    /// Says that scenes changed in place (an offline scene is back online),
    /// which the stamp does not show: the watcher rebuilds the index now.
    pub fn changed(&self) {
        self.shared.dirty.store(true, Ordering::Release);
        if let Some(w) = &self.watcher {
            w.thread.thread().unpark();
        }
    }

    /// The index now: hold it for the whole request.
    pub fn now(&self) -> Arc<SceneIndex> {
        self.shared.now()
    }
}

impl Drop for LiveIndex {
    /// Stops the watcher and waits for it, so its database connection is
    /// closed before the process ends (the last connection to close folds the
    /// write-ahead log back into the database file).
    fn drop(&mut self) {
        if let Some(w) = self.watcher.take() {
            w.stop.store(true, Ordering::Release);
            w.thread.thread().unpark();
            let _ = w.thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normal::store::tests::scene;

    #[test]
    fn a_changed_catalogue_is_reloaded_and_an_unchanged_one_is_not() {
        let mut conn = crate::db::memory();
        store::insert(&mut conn, &[scene("A", 114.0)]).expect("insert");
        let live = LiveIndex::new(store::load_index(&conn).expect("load"));
        let before = live.now();
        assert!(!live.shared.refresh(&conn).expect("refresh"));
        assert!(Arc::ptr_eq(&before, &live.now()));
        // A re-import of the same id replaces its row: same count, new row id.
        store::insert(&mut conn, &[scene("A", 114.0)]).expect("replace");
        assert!(live.shared.refresh(&conn).expect("refresh"));
        store::insert(&mut conn, &[scene("B", 114.0)]).expect("add");
        assert!(live.shared.refresh(&conn).expect("refresh"));
        let after = live.now();
        assert_eq!(after.len(), 2);
        // A request that took the index before still sees the one it took.
        assert_eq!(before.len(), 1);
        // A change in place keeps the stamp: only `changed` makes it rebuild.
        store::set_online(&conn, &["A".into()]).expect("online");
        assert!(!live.shared.refresh(&conn).expect("refresh"));
        live.changed();
        assert!(live.shared.refresh(&conn).expect("refresh"));
    }
}
