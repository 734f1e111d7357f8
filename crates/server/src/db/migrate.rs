//! Numbered migrations, embedded in the binary and applied in order at start,
//! each in its own transaction. A migration is never edited after it lands:
//! its checksum is stored and checked on every start.

use rusqlite::{Connection, OptionalExtension, params};

use super::DbError;
use super::gpkg::{self, SpatialTable};

/// One schema step: SQL, then the spatial tables that SQL created.
struct Migration {
    version: i64,
    name: &'static str,
    sql: &'static str,
    spatial: &'static [SpatialTable],
}

macro_rules! sql_file {
    ($file:literal) => {
        include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../migrations/",
            $file
        ))
    };
}

/// Every migration, in order. Add new ones at the end; never edit old ones.
const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "geopackage",
        sql: sql_file!("0001_geopackage.sql"),
        spatial: &[],
    },
    Migration {
        version: 2,
        name: "dict",
        sql: sql_file!("0002_dict.sql"),
        spatial: &[],
    },
    Migration {
        version: 3,
        name: "visit_statistics",
        sql: sql_file!("0003_visit_statistics.sql"),
        spatial: &[],
    },
    Migration {
        version: 4,
        name: "accounts",
        sql: sql_file!("0004_accounts.sql"),
        spatial: &[],
    },
    Migration {
        version: 5,
        name: "regions",
        sql: sql_file!("0005_regions.sql"),
        spatial: &[
            SpatialTable {
                table: "region",
                column: "geom",
                geometry_type: "MULTIPOLYGON",
                srs_id: 4326,
                description: "行政区划（完整边界）",
            },
            SpatialTable {
                table: "region_display",
                column: "geom",
                geometry_type: "MULTIPOLYGON",
                srs_id: 4326,
                description: "行政区划（按缩放级别简化的显示边界）",
            },
            SpatialTable {
                table: "global_region",
                column: "geom",
                geometry_type: "MULTIPOLYGON",
                srs_id: 4326,
                description: "世界国家与地区",
            },
        ],
    },
    Migration {
        version: 6,
        name: "scenes",
        sql: sql_file!("0006_scenes.sql"),
        spatial: &[SpatialTable {
            table: "scene",
            column: "geom",
            geometry_type: "POLYGON",
            srs_id: 4326,
            description: "卫星影像景（覆盖范围）",
        }],
    },
    Migration {
        version: 7,
        name: "uploads",
        sql: sql_file!("0007_uploads.sql"),
        spatial: &[SpatialTable {
            table: "upload",
            column: "geom",
            geometry_type: "MULTIPOLYGON",
            srs_id: 4326,
            description: "上传的查询范围与文件名、条带号列表（保留7天）",
        }],
    },
    Migration {
        version: 8,
        name: "upload_report",
        sql: sql_file!("0008_upload_report.sql"),
        spatial: &[],
    },
    Migration {
        version: 9,
        name: "screen_sessions",
        sql: sql_file!("0009_screen_sessions.sql"),
        spatial: &[],
    },
    Migration {
        version: 10,
        name: "orders",
        sql: sql_file!("0010_orders.sql"),
        spatial: &[],
    },
    Migration {
        version: 11,
        name: "spots",
        sql: sql_file!("0011_spots.sql"),
        spatial: &[SpatialTable {
            table: "spot",
            column: "geom",
            geometry_type: "MULTIPOLYGON",
            srs_id: 4326,
            description: "监测图斑（八个专题）",
        }],
    },
    Migration {
        version: 12,
        name: "element_sets",
        sql: sql_file!("0012_element_sets.sql"),
        spatial: &[],
    },
    Migration {
        version: 13,
        name: "news",
        sql: sql_file!("0013_news.sql"),
        spatial: &[],
    },
    Migration {
        version: 14,
        name: "pages",
        sql: sql_file!("0014_pages.sql"),
        spatial: &[],
    },
    Migration {
        version: 15,
        name: "files",
        sql: sql_file!("0015_files.sql"),
        spatial: &[],
    },
    Migration {
        version: 16,
        name: "feedback",
        sql: sql_file!("0016_feedback.sql"),
        spatial: &[],
    },
    Migration {
        version: 17,
        name: "push",
        sql: sql_file!("0017_push.sql"),
        spatial: &[],
    },
    Migration {
        version: 18,
        name: "spot_push",
        sql: sql_file!("0018_spot_push.sql"),
        spatial: &[],
    },
    Migration {
        version: 19,
        name: "plan",
        sql: sql_file!("0019_plan.sql"),
        spatial: &[],
    },
    Migration {
        version: 20,
        name: "plan_feedback",
        sql: sql_file!("0020_plan_feedback.sql"),
        spatial: &[],
    },
];

/// FNV-1a: a stable checksum of a migration's text (not for security).
fn checksum(text: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    i64::from_ne_bytes(h.to_ne_bytes())
}

/// Applies every pending migration; refuses a database that is newer or edited.
pub(super) fn run(conn: &mut Connection) -> Result<(), DbError> {
    // The GeoPackage header: application_id 'GPKG' and version 1.3.0.
    conn.execute_batch(
        "PRAGMA application_id = 0x47504B47;
         PRAGMA user_version = 10300;
         CREATE TABLE IF NOT EXISTS schema_migrations (
             version    INTEGER PRIMARY KEY,
             name       TEXT NOT NULL,
             checksum   INTEGER NOT NULL,
             applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
         );",
    )?;
    let newest: Option<i64> =
        conn.query_row("SELECT max(version) FROM schema_migrations", [], |r| {
            r.get(0)
        })?;
    let known = MIGRATIONS.last().map_or(0, |m| m.version);
    if let Some(v) = newest.filter(|v| *v > known) {
        return Err(DbError::TooNew(v));
    }
    for m in MIGRATIONS {
        let stored: Option<i64> = conn
            .query_row(
                "SELECT checksum FROM schema_migrations WHERE version = ?1",
                [m.version],
                |r| r.get(0),
            )
            .optional()?;
        match stored {
            Some(sum) if sum == checksum(m.sql) => continue,
            Some(_) => {
                return Err(DbError::MigrationChanged {
                    version: m.version,
                    name: m.name,
                });
            }
            None => {}
        }
        let tx = conn.transaction()?;
        tx.execute_batch(m.sql)?;
        for table in m.spatial {
            gpkg::register_spatial_table(&tx, table)?;
        }
        tx.execute(
            "INSERT INTO schema_migrations (version, name, checksum) VALUES (?1, ?2, ?3)",
            params![m.version, m.name, checksum(m.sql)],
        )?;
        tx.commit()?;
        tracing::info!(version = m.version, name = m.name, "applied migration");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_are_strictly_increasing() {
        for pair in MIGRATIONS.windows(2) {
            assert!(
                pair[0].version < pair[1].version,
                "{} then {}",
                pair[0].name,
                pair[1].name
            );
        }
    }

    #[test]
    fn running_twice_applies_once_and_an_edited_migration_is_refused() {
        let mut conn = Connection::open_in_memory().expect("open");
        gpkg::register_functions(&conn).expect("functions");
        run(&mut conn).expect("first run");
        run(&mut conn).expect("second run is a no-op");
        let count: i64 = conn
            .query_row("SELECT count(*) FROM schema_migrations", [], |r| r.get(0))
            .expect("count");
        assert_eq!(count, MIGRATIONS.len() as i64);
        conn.execute(
            "UPDATE schema_migrations SET checksum = 1 WHERE version = 1",
            [],
        )
        .expect("tamper");
        assert!(matches!(
            run(&mut conn),
            Err(DbError::MigrationChanged { version: 1, .. })
        ));
    }

    #[test]
    fn a_newer_database_is_refused() {
        let mut conn = Connection::open_in_memory().expect("open");
        gpkg::register_functions(&conn).expect("functions");
        run(&mut conn).expect("first run");
        conn.execute(
            "INSERT INTO schema_migrations (version, name, checksum) VALUES (9999, 'future', 0)",
            [],
        )
        .expect("insert");
        assert!(matches!(run(&mut conn), Err(DbError::TooNew(9999))));
    }
}
