//! In-memory indexes kept current with the database (which stays the durable
//! truth): rows written by another process (`rscloud import …`, `rscloud demo
//! …`) are found without restarting the server. A watcher notices commits by
//! other connections, and when the indexed table changed it rebuilds the index
//! in the background and swaps it in whole. A request takes the index once
//! (`now`) and works on it throughout, so its totals, pages and rows always
//! come from one state of the data.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, PoisonError, RwLock};
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::Connection;

/// An index built from the database that [`Live`] keeps current.
pub trait Loaded: Sized + Send + Sync + 'static {
    /// What tells one state of the stored rows from another cheaply (say, how
    /// many rows and the largest row id: a replaced or added row gets a new one).
    type Stamp: PartialEq + Send;
    /// What the logs and the watching thread call it.
    const WHAT: &'static str;
    /// Builds the index from the stored rows.
    fn load(conn: &Connection) -> rusqlite::Result<Self>;
    /// The index of the stored rows, built from this one after its stamp
    /// changed (an index that can take in only what changed says how).
    fn refreshed(&self, conn: &Connection) -> rusqlite::Result<Self> {
        Self::load(conn)
    }
    /// The stamp of the rows the index was built from.
    fn stamp(&self) -> Self::Stamp;
    /// The stamp of the rows stored now.
    fn stored_stamp(conn: &Connection) -> rusqlite::Result<Self::Stamp>;
    /// How many rows it holds, for the logs.
    fn rows(&self) -> usize;
}

/// SQLite's `data_version`: changes when another connection commits.
fn data_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA data_version", [], |r| r.get(0))
}

/// The index in use, shared with the watcher.
struct Shared<T> {
    current: RwLock<Arc<T>>,
}

/// The watching thread and how to stop it.
struct Watcher {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// The current index.
pub struct Live<T> {
    shared: Arc<Shared<T>>,
    watcher: Option<Watcher>,
}

impl<T: Loaded> Shared<T> {
    fn now(&self) -> Arc<T> {
        self.current
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Rebuilds the index when the stored rows differ from it; true when it did.
    fn refresh(&self, conn: &Connection) -> rusqlite::Result<bool> {
        if T::stored_stamp(conn)? == self.now().stamp() {
            return Ok(false);
        }
        let started = std::time::Instant::now();
        let index = self.now().refreshed(conn)?;
        tracing::info!(
            rows = index.rows(),
            ms = started.elapsed().as_millis() as u64,
            "{} changed in the database: index refreshed",
            T::WHAT
        );
        *self.current.write().unwrap_or_else(PoisonError::into_inner) = Arc::new(index);
        Ok(true)
    }
}

impl<T: Loaded> Live<T> {
    /// An index that stays as it was loaded.
    pub fn new(index: T) -> Self {
        Self {
            shared: Arc::new(Shared {
                current: RwLock::new(Arc::new(index)),
            }),
            watcher: None,
        }
    }

    /// An index kept current with the database at `path`, checked every
    /// `every` on a thread of its own until the index is dropped. A check
    /// costs nothing while no other connection commits (`PRAGMA
    /// data_version`); after a commit it compares the stamps, and refreshes
    /// the index if they differ (`Loaded::refreshed`). During a rebuild the
    /// old index and the new one are both in memory.
    pub fn watched(index: T, path: &Path, every: Duration) -> std::io::Result<Self> {
        let mut live = Self::new(index);
        let shared = live.shared.clone();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = stop.clone();
        // Opened here, not on the thread: a database that cannot be opened
        // fails the start instead of leaving the index silently unwatched.
        let conn = super::connect(path).map_err(std::io::Error::other)?;
        let name: String = T::WHAT.split_whitespace().collect::<Vec<_>>().join("-");
        let thread = std::thread::Builder::new()
            .name(format!("{name}-watch"))
            .spawn(move || {
                let version = |c: &Connection| data_version(c).ok();
                let mut seen = version(&conn);
                loop {
                    std::thread::park_timeout(every);
                    if stopped.load(Ordering::Acquire) {
                        return;
                    }
                    let now = version(&conn);
                    if now == seen {
                        continue;
                    }
                    seen = now;
                    if let Err(e) = shared.refresh(&conn) {
                        tracing::error!(error = %e, "cannot reload the {}", T::WHAT);
                    }
                }
            })?;
        live.watcher = Some(Watcher { stop, thread });
        Ok(live)
    }

    /// Says that this process changed the stored rows: the watcher looks now
    /// rather than at its next check.
    pub fn changed(&self) {
        if let Some(w) = &self.watcher {
            w.thread.thread().unpark();
        }
    }

    /// The index now: hold it for the whole request.
    pub fn now(&self) -> Arc<T> {
        self.shared.now()
    }

    /// Rebuilds the index from `conn` now if the stored rows changed (what the
    /// watcher does after a commit); true when it did. For tests.
    #[cfg(test)]
    pub fn refresh(&self, conn: &Connection) -> rusqlite::Result<bool> {
        self.shared.refresh(conn)
    }
}

impl<T> Drop for Live<T> {
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
