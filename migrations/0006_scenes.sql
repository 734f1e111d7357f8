-- The image catalogue: one row per scene, footprint as a GeoPackage polygon.
CREATE TABLE scene (
    fid           INTEGER PRIMARY KEY AUTOINCREMENT,
    geom          BLOB NOT NULL,            -- footprint, WGS84
    scene_id      TEXT NOT NULL UNIQUE,     -- the product id
    file_name     TEXT NOT NULL,
    satellite     TEXT NOT NULL,            -- catalogue value, e.g. GF1
    sensor        TEXT NOT NULL,            -- e.g. PMS1
    acquired_at   INTEGER NOT NULL,         -- unix seconds, UTC
    cloud         REAL NOT NULL,            -- percent 0–100
    resolution_m  REAL,
    product_level TEXT,
    path          INTEGER,
    row           INTEGER,
    quicklook     TEXT,                     -- URL of the quick-look image
    size_mb       REAL,
    online        INTEGER NOT NULL DEFAULT 1,
    demo          INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX scene_satellite_time ON scene(satellite, sensor, acquired_at);
CREATE INDEX scene_time ON scene(acquired_at);
CREATE INDEX scene_file_name ON scene(file_name);
