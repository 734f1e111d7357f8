-- Acquisition plans (issue 19): the areas a unit (a province, city or county account's area
-- range) needs imaged in a plan year, their state (PLAN_AREA_STATE: 0 草稿, 1 已提交, 2 申请修改,
-- 3 已发布) and every step of it, and the national plan a manager publishes per year: a
-- numbered, read-only snapshot of the published areas, kept as they were.
INSERT INTO dict_item (dict_code, value, label, sort) VALUES
  ('PLAN_AREA_STATE', '0', '草稿', 1),
  ('PLAN_AREA_STATE', '1', '已提交', 2),
  ('PLAN_AREA_STATE', '2', '申请修改', 3),
  ('PLAN_AREA_STATE', '3', '已发布', 4);

CREATE TABLE plan_area (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_year   INTEGER NOT NULL,
    unit_code   TEXT NOT NULL,              -- the area range (region code) it was filled for
    unit_name   TEXT NOT NULL,
    user_id     INTEGER NOT NULL,           -- who made it
    creator     TEXT NOT NULL,
    name        TEXT NOT NULL,
    resolution  INTEGER NOT NULL CHECK (resolution BETWEEN 1 AND 4),
    months      TEXT NOT NULL,              -- 'qb' (all year) or month numbers, e.g. '3,4,5'
    cjlx        TEXT NOT NULL,              -- acquisition type
    purpose     TEXT NOT NULL DEFAULT '',
    geom        BLOB NOT NULL,              -- GeoPackage geometry blob, WGS 84, inside the range
    area_km2    REAL NOT NULL,
    min_lon     REAL NOT NULL,
    min_lat     REAL NOT NULL,
    max_lon     REAL NOT NULL,
    max_lat     REAL NOT NULL,
    state       INTEGER NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 3),
    reason      TEXT,                       -- of the last edit request or refusal
    version     INTEGER,                    -- the plan version that published it
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    updated_by  TEXT NOT NULL
);
CREATE INDEX plan_area_year ON plan_area(plan_year, unit_code, state);

-- Every step of an area: who, when, from which state to which (and the reason given).
CREATE TABLE plan_area_history (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    area_id    INTEGER NOT NULL REFERENCES plan_area(id) ON DELETE CASCADE,
    action     TEXT NOT NULL,
    from_state INTEGER NOT NULL,
    to_state   INTEGER NOT NULL,
    actor_id   INTEGER NOT NULL,
    actor      TEXT NOT NULL,
    at         INTEGER NOT NULL,
    reason     TEXT
);
CREATE INDEX plan_area_history_area ON plan_area_history(area_id);

-- A published national plan: version n of a year.
CREATE TABLE plan_publication (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_year    INTEGER NOT NULL,
    version      INTEGER NOT NULL,
    published_at INTEGER NOT NULL,
    publisher_id INTEGER NOT NULL,
    publisher    TEXT NOT NULL,
    areas        INTEGER NOT NULL,
    area_km2     REAL NOT NULL,
    UNIQUE (plan_year, version)
);

-- The areas of a publication as they were published.
CREATE TABLE plan_publication_area (
    publication_id INTEGER NOT NULL REFERENCES plan_publication(id) ON DELETE CASCADE,
    area_id        INTEGER NOT NULL,
    unit_code      TEXT NOT NULL,
    unit_name      TEXT NOT NULL,
    name           TEXT NOT NULL,
    resolution     INTEGER NOT NULL,
    months         TEXT NOT NULL,
    cjlx           TEXT NOT NULL,
    purpose        TEXT NOT NULL,
    geom           BLOB NOT NULL,
    area_km2       REAL NOT NULL,
    PRIMARY KEY (publication_id, area_id)
) WITHOUT ROWID;
