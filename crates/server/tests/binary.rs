//! The `rscloud` binary itself: start-up line, readiness, graceful shutdown on
//! SIGTERM, and a database file that GDAL opens as a GeoPackage.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use geo_types::{Geometry, point, polygon};
use rscloud::db::gpkg::{SpatialTable, register_spatial_table};

fn ogrinfo(path: &std::path::Path) -> (String, String) {
    let out = Command::new("ogrinfo")
        .args(["-ro", "-al", "-so"])
        .arg(path)
        .output()
        .expect("ogrinfo runs (install gdal-bin; `make test` does)");
    assert!(
        out.status.success(),
        "ogrinfo failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test]
async fn serve_prints_its_url_answers_and_stops_cleanly_on_sigterm() {
    let data = tempfile::tempdir().expect("tempdir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data.path())
        .env("RSCLOUD_WEB_DIR", data.path().join("no-web"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn rscloud");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("read first line");
    let url = line
        .trim()
        .strip_prefix("rscloud listening on ")
        .expect("listening line")
        .to_owned();
    assert!(url.ends_with("/chinese/home"), "{url}");
    let base = url.trim_end_matches("/chinese/home");
    let health = reqwest::get(format!("{base}/healthz"))
        .await
        .expect("healthz");
    assert_eq!(health.status(), 200);

    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(kill.success());
    let mut status = None;
    for _ in 0..200 {
        if let Some(s) = child.try_wait().expect("wait") {
            status = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let status = status.expect("rscloud exits after SIGTERM");
    assert!(status.success(), "exit status {status}");
    let (stdout, stderr) = ogrinfo(&data.path().join("rscloud.gpkg"));
    assert!(
        stdout.contains("using driver `GPKG' successful"),
        "{stdout}"
    );
    assert!(
        !stderr.contains("Warning") && !stderr.contains("ERROR"),
        "{stderr}"
    );
}

#[test]
fn bad_configuration_is_refused_with_a_message_and_exit_code_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_rscloud"))
        .args(["serve", "--config", "/nonexistent/rscloud.toml"])
        .output()
        .expect("run rscloud");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/rscloud.toml"));
}

#[tokio::test]
async fn a_declared_spatial_table_is_a_gdal_layer_with_its_features() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("layers.gpkg");
    let db = rscloud::db::Db::open(&path, 1).expect("open");
    db.call(|c| {
        c.execute_batch("CREATE TABLE sample_place (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom BLOB, name TEXT NOT NULL)")?;
        let table = SpatialTable {
            table: "sample_place",
            column: "geom",
            geometry_type: "GEOMETRY",
            srs_id: 4326,
            description: "integration test layer",
        };
        register_spatial_table(c, &table)?;
        let wuhan = geo_kit::gpkg::encode(&Geometry::Point(point!(x: 114.305, y: 30.593)), 4326);
        let hubei_box = geo_kit::gpkg::encode(
            &Geometry::Polygon(polygon![(x: 108.36, y: 29.03), (x: 116.13, y: 29.03), (x: 116.13, y: 33.28), (x: 108.36, y: 33.28), (x: 108.36, y: 29.03)]),
            4326,
        );
        c.execute("INSERT INTO sample_place (geom, name) VALUES (?1, '武汉市')", [wuhan])?;
        c.execute("INSERT INTO sample_place (geom, name) VALUES (?1, '湖北省范围')", [hubei_box])?;
        Ok(())
    })
    .await
    .expect("write");
    drop(db);
    let (stdout, stderr) = ogrinfo(&path);
    assert!(
        !stderr.contains("Warning") && !stderr.contains("ERROR"),
        "{stderr}"
    );
    assert!(stdout.contains("Layer name: sample_place"), "{stdout}");
    assert!(stdout.contains("Feature Count: 2"), "{stdout}");
    // GDAL reads the extent from the R*Tree, which stores single-precision bounds.
    let extent: Vec<f64> = stdout
        .lines()
        .find_map(|l| l.strip_prefix("Extent: "))
        .expect("extent line")
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|n| n.parse().ok())
        .collect();
    let expected = [108.36, 29.03, 116.13, 33.28];
    assert_eq!(extent.len(), 4, "{stdout}");
    for (got, want) in extent.iter().zip(expected) {
        assert!(
            (got - want).abs() < 1e-4,
            "extent {extent:?} vs {expected:?}"
        );
    }
}
