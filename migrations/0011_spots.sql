-- Monitoring spots (spec §3): what changed on the ground, per theme and batch. One table for
-- the eight themes (one engine); each theme fills the attribute columns that apply to it and
-- leaves the others NULL. The polygon is a GeoPackage geometry, so QGIS opens the table.
CREATE TABLE spot (
    fid           INTEGER PRIMARY KEY AUTOINCREMENT,
    geom          BLOB NOT NULL,             -- multipolygon, WGS84
    theme         TEXT NOT NULL,             -- windmill, pvland, … (spot::theme)
    batch         TEXT NOT NULL,             -- quarter 2024Q3 or date 20240615
    tblx          TEXT,                      -- spot type: the theme's type dictionary value
    xzqdm         TEXT NOT NULL,             -- county code
    file_name     TEXT NOT NULL,             -- the delivery file the spot came in
    area_m2       REAL NOT NULL,             -- geodesic area
    change        INTEGER NOT NULL DEFAULT 0 CHECK (change BETWEEN 0 AND 3), -- 0 不变 1 扩张 2 拆除 3 部分拆除
    before_image  TEXT,                      -- image file in the data folder, or an http(s) URL
    after_image   TEXT,
    name          TEXT,                      -- the site's name, where known (plant, farm)
    capacity_mw   REAL,                      -- wind, PV: installed capacity
    turbines      INTEGER,                   -- wind: turbine count
    panel_area_m2 REAL,                      -- PV: panel area
    capacity_kt   REAL,                      -- steel: capacity, thousand tonnes a year
    route         TEXT,                      -- steel: production route
    rate_mm       REAL,                      -- surface deformation: mm a year (negative: subsidence)
    crop          TEXT,                      -- planting structure
    class_from    TEXT,                      -- land cover: class before
    class_to      TEXT,                      -- land cover: class after
    source        TEXT,                      -- attribution of the data
    demo          INTEGER NOT NULL DEFAULT 0
);
-- Statistics and lists read a theme's spots county by county.
CREATE INDEX spot_theme_county ON spot(theme, xzqdm);

-- A theme's batches (spec §3: id, typeName).
CREATE TABLE spot_batch (
    theme     TEXT NOT NULL,
    id        TEXT NOT NULL,
    type_name TEXT NOT NULL,
    PRIMARY KEY (theme, id)
) WITHOUT ROWID;
