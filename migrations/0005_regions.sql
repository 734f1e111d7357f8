-- Administrative regions (spec §3, §9) and world countries, as GeoPackage feature tables.
-- `region.geom` is the full boundary for analysis; `region_display` holds copies
-- simplified for a band of map zooms, for tiles and for answers that draw.
CREATE TABLE region (
    fid         INTEGER PRIMARY KEY AUTOINCREMENT,
    geom        BLOB NOT NULL,
    code        TEXT NOT NULL UNIQUE,   -- six digits; 100000 the country
    name        TEXT NOT NULL,
    short_name  TEXT NOT NULL,
    level       INTEGER NOT NULL,       -- 0 country, 1 province, 2 city, 3 county
    parent_code TEXT,                   -- NULL for the country
    label_lon   REAL,
    label_lat   REAL
);
CREATE INDEX region_parent ON region(parent_code);

CREATE TABLE region_display (
    fid  INTEGER PRIMARY KEY AUTOINCREMENT,
    geom BLOB NOT NULL,
    code TEXT NOT NULL REFERENCES region(code) ON DELETE CASCADE,
    band INTEGER NOT NULL,              -- see region::display::BANDS
    UNIQUE (code, band)
);

CREATE TABLE global_region (
    fid       INTEGER PRIMARY KEY AUTOINCREMENT,
    geom      BLOB NOT NULL,
    iso_a3    TEXT NOT NULL,            -- '-99' for the few areas without a code
    iso_n3    TEXT NOT NULL,
    name      TEXT NOT NULL,            -- Chinese short name
    full_name TEXT NOT NULL
);
