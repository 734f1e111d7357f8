//! Storage: one SQLite file laid out as an OGC GeoPackage, a small pool of
//! connections, and the numbered migrations applied at start.
//!
//! Every call runs on tokio's blocking pool so the async workers never wait on disk.

pub mod gpkg;
pub mod live;
mod migrate;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rusqlite::Connection;
use rusqlite::config::DbConfig;
use tokio::sync::Semaphore;

/// A storage failure: always the server's fault, never the caller's.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// SQLite said no.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// A stored migration differs from the one compiled in.
    #[error("migration {version} ({name}) was changed after it was applied")]
    MigrationChanged {
        /// The migration's number.
        version: i64,
        /// The migration's name.
        name: &'static str,
    },
    /// The database is newer than this binary.
    #[error("database has migration {0}, which this binary does not know; use a newer rscloud")]
    TooNew(i64),
    /// The blocking task running the query panicked or was cancelled.
    #[error("database task failed: {0}")]
    Task(#[from] tokio::task::JoinError),
    /// The pool was closed.
    #[error("database pool is closed")]
    Closed,
}

/// Is this error a UNIQUE / PRIMARY KEY violation? Modules turn it into a 409.
pub fn is_unique_violation(err: &rusqlite::Error) -> bool {
    matches!(
        err,
        rusqlite::Error::SqliteFailure(e, _)
            if e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
    )
}

/// A list as the JSON array text that SQL's `json_each(?)` reads (a list bound as one value).
pub fn json_list<T: serde::Serialize>(values: &[T]) -> String {
    serde_json::to_string(values).unwrap_or_else(|_| "[]".into())
}

/// `text` for a `LIKE … ESCAPE '\'` pattern: its wildcards (`%`, `_`) and
/// the escape character itself match literally.
pub fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

/// A cheap handle to the database: clone it freely.
#[derive(Clone)]
pub struct Db {
    inner: Arc<Inner>,
}

struct Inner {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
    permits: Semaphore,
}

impl Db {
    /// Opens (creating if needed) the GeoPackage file and applies pending migrations.
    pub fn open(path: &Path, pool_size: usize) -> Result<Self, DbError> {
        let conn = open_connection(path)?;
        let db = Self {
            inner: Arc::new(Inner {
                path: path.to_path_buf(),
                idle: Mutex::new(vec![conn]),
                permits: Semaphore::new(pool_size.max(1)),
            }),
        };
        Ok(db)
    }

    /// The file this handle writes to.
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// Runs `f` with a pooled connection on the blocking thread pool.
    pub async fn call<T, F>(&self, f: F) -> Result<T, DbError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, rusqlite::Error> + Send + 'static,
    {
        let _permit = self
            .inner
            .permits
            .acquire()
            .await
            .map_err(|_| DbError::Closed)?;
        let inner = Arc::clone(&self.inner);
        tokio::task::spawn_blocking(move || {
            let pooled = inner.idle.lock().map_err(|_| DbError::Closed)?.pop();
            let mut conn = match pooled {
                Some(c) => c,
                None => connect(&inner.path)?,
            };
            let out = f(&mut conn);
            // A connection left inside a transaction by a failed closure is dropped, not reused.
            if conn.is_autocommit()
                && let Ok(mut idle) = inner.idle.lock()
            {
                idle.push(conn);
            }
            Ok(out?)
        })
        .await?
    }

    /// [`Db::call`] for synchronous code already running on the blocking pool (a map layer's
    /// features, which ows asks for inside `spawn_blocking`): waits on the calling thread.
    /// Outside a runtime it answers [`DbError::Closed`].
    pub fn call_blocking<T, F>(&self, f: F) -> Result<T, DbError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, rusqlite::Error> + Send + 'static,
    {
        let runtime = tokio::runtime::Handle::try_current().map_err(|_| DbError::Closed)?;
        runtime.block_on(self.call(f))
    }

    /// Answers once the database does: a trivial query on a pooled connection.
    pub async fn ping(&self) -> Result<(), DbError> {
        self.call(|c| c.query_row("SELECT 1", [], |r| r.get::<_, i64>(0)))
            .await
            .map(drop)
    }
}

/// One connection with every migration applied: the pool's first, or the
/// command line's only one.
pub fn open_connection(path: &Path) -> Result<Connection, DbError> {
    let mut conn = connect(path)?;
    migrate::run(&mut conn)?;
    Ok(conn)
}

/// An in-memory database with every migration applied, for unit tests.
#[cfg(test)]
pub fn memory() -> Connection {
    let mut conn = Connection::open_in_memory().expect("in-memory database");
    gpkg::register_functions(&conn).expect("functions");
    migrate::run(&mut conn).expect("migrations");
    conn
}

/// Opens one connection with the settings every connection needs, without
/// running migrations: for a further connection to a database already opened
/// with `open_connection` or `Db::open`.
pub fn connect(path: &Path) -> Result<Connection, DbError> {
    let mut conn = Connection::open(path)?;
    // Every `transaction()` takes the write lock at BEGIN, waiting for it as
    // busy_timeout allows. A deferred one that writes to a GeoPackage table
    // with an R-tree reads first and then asks for the lock, and SQLite does
    // not wait on that upgrade: it fails at once with "database is locked"
    // whenever another connection (the catalogue watcher, `rscloud import`)
    // writes at the same moment. A read-only snapshot asks for DEFERRED.
    conn.set_transaction_behavior(rusqlite::TransactionBehavior::Immediate);
    // synchronous=FULL: an acknowledged write survives a power cut, not only a crash.
    conn.execute_batch(
        "PRAGMA journal_mode = WAL;
         PRAGMA synchronous = FULL;
         PRAGMA foreign_keys = ON;
         PRAGMA busy_timeout = 5000;",
    )?;
    // Plans that never depend on bound values. SQLite (built with STAT4) marks the bound
    // values of a join as ones its plan may depend on, and the statement cache clears the
    // bindings of every statement it takes back, which throws such a plan away: without
    // this, every use of a cached join (the session lookup of every logged-in request)
    // is compiled anew, about 80 µs. Without ANALYZE statistics no plan here depends on
    // a bound value anyway.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    gpkg::register_functions(&conn)?;
    Ok(conn)
}

/// Syncs a database's write-ahead log to disk twice a second, on a thread of
/// its own, until dropped. A transaction of hundreds of megabytes otherwise
/// waits at its commit for all of its log to reach the disk at once: below
/// the kernel's background threshold (a tenth of the memory) written data
/// stays in memory until synced. Syncing sooner changes nothing but when.
pub struct SyncingLog {
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl SyncingLog {
    /// Starts syncing the log of the database of `conn`; `None` for a
    /// database in memory or when no thread can be started.
    pub fn start(conn: &Connection) -> Option<Self> {
        let log = format!("{}-wal", conn.path().filter(|p| !p.is_empty())?);
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("wal-sync".into())
            .spawn(move || {
                let every = std::time::Duration::from_millis(500);
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                    stopped.recv_timeout(every)
                {
                    if let Ok(file) = std::fs::File::open(&log) {
                        let _ = file.sync_data();
                    }
                }
            })
            .ok()?;
        Some(Self {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for SyncingLog {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two connections writing at once, as the server and `rscloud import`
    /// (or the server and its catalogue watcher at start) do: a connection's
    /// first write to a table with an R-tree waits its turn instead of failing
    /// with "database is locked". (Opening the R-tree reads the database
    /// before the write lock is asked for; in a deferred transaction SQLite
    /// then refuses to wait.)
    #[test]
    fn a_first_write_to_a_spatial_table_waits_for_another_connections_write() {
        use std::sync::atomic::{AtomicBool, Ordering};
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("t.gpkg");
        drop(open_connection(&path).expect("create"));
        let done = std::sync::Arc::new(AtomicBool::new(false));
        let (other, stop) = (path.clone(), done.clone());
        let writer = std::thread::spawn(move || {
            let conn = connect(&other).expect("open");
            while !stop.load(Ordering::Relaxed) {
                conn.execute_batch("PRAGMA user_version = 10300;")
                    .expect("other connection's write");
                // A real writer pauses between writes; one that never did
                // would starve any other writer past busy_timeout.
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
        });
        for round in 0..200 {
            let mut conn = connect(&path).expect("open");
            let tx = conn.transaction().expect("begin");
            tx.execute("DELETE FROM upload WHERE created_at < 0", [])
                .unwrap_or_else(|e| panic!("round {round}: {e}"));
            tx.commit().expect("commit");
        }
        done.store(true, Ordering::Relaxed);
        writer.join().expect("writer");
    }

    #[test]
    fn a_cached_join_with_a_bound_value_is_compiled_once() {
        use rusqlite::StatementStatus;
        let dir = tempfile::tempdir().expect("tempdir");
        let conn = open_connection(&dir.path().join("t.gpkg")).expect("open");
        // The shape of the session lookup every logged-in request makes.
        let sql = "SELECT count(*) FROM session s JOIN user u ON u.id = s.user_id
                   WHERE s.token_hash = ?1";
        for _ in 0..3 {
            let n: i64 = conn
                .prepare_cached(sql)
                .expect("prepare")
                .query_row([b"token".as_slice()], |r| r.get(0))
                .expect("query");
            assert_eq!(n, 0);
        }
        let stmt = conn.prepare_cached(sql).expect("prepare");
        assert_eq!(stmt.get_status(StatementStatus::RePrepare), 0);
    }

    #[tokio::test]
    async fn pool_reuses_connections_and_sees_committed_writes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = Db::open(&dir.path().join("t.gpkg"), 2).expect("open");
        db.call(|c| c.execute_batch("CREATE TABLE t (v INTEGER); INSERT INTO t VALUES (7);"))
            .await
            .expect("write");
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let db = db.clone();
                tokio::spawn(async move {
                    db.call(|c| c.query_row("SELECT v FROM t", [], |r| r.get::<_, i64>(0)))
                        .await
                })
            })
            .collect();
        for t in tasks {
            assert_eq!(t.await.expect("join").expect("read"), 7);
        }
        assert!(db.inner.idle.lock().expect("lock").len() <= 2);
    }

    #[tokio::test]
    async fn unique_violation_is_recognised() {
        let dir = tempfile::tempdir().expect("tempdir");
        let db = Db::open(&dir.path().join("t.gpkg"), 1).expect("open");
        let err = db
            .call(|c| c.execute_batch("CREATE TABLE u (k TEXT PRIMARY KEY); INSERT INTO u VALUES ('a'); INSERT INTO u VALUES ('a');"))
            .await
            .expect_err("duplicate");
        let DbError::Sqlite(e) = err else {
            panic!("not sqlite: {err}")
        };
        assert!(is_unique_violation(&e));
    }
}
