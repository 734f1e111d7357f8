-- Spot push and verification (issue 18): a manager's batch of monitoring change spots of one
-- theme for named push nodes, each node receiving the spots in its region; a node user's
-- verification (变化核实, bjhs) of each spot on the ground, and a manager's review. Like image
-- push, a batch keeps what it sent as it was (the spots' facts and outlines, the nodes' names
-- and regions), so it reads the same after the spots are re-imported or the nodes change; spot
-- and node ids are not foreign keys for the same reason.
INSERT INTO dict_item (dict_code, value, label, sort) VALUES
  ('SPOT_BJHS_RESULT', '1', '真实变化', 1),
  ('SPOT_BJHS_RESULT', '2', '伪变化', 2),
  ('SPOT_BJHS_RESULT', '3', '其他', 3),
  ('SPOT_BJHS_STATE', '0', '待核查', 1),
  ('SPOT_BJHS_STATE', '1', '核查中', 2),
  ('SPOT_BJHS_STATE', '2', '已提交', 3),
  ('SPOT_BJHS_STATE', '3', '已退回', 4),
  ('SPOT_BJHS_STATE', '4', '已通过', 5);

CREATE TABLE spot_push_batch (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL,
    theme      TEXT NOT NULL,               -- a monitoring theme's route name
    filter     TEXT NOT NULL,               -- the spot filter it was made with (JSON)
    created_at INTEGER NOT NULL,            -- unix seconds
    created_by INTEGER NOT NULL,            -- the manager's user id
    creator    TEXT NOT NULL,               -- the manager's login name at the time
    sent_at    INTEGER,                     -- unix seconds; NULL while prepared (未下发)
    sender     TEXT,                        -- the manager who sent it
    demo       INTEGER NOT NULL DEFAULT 0
);

-- The nodes a batch names and where each stands (SPOT_BJHS_BATCH_STATUS: 0 未下发, 1 已下发,
-- 2 核查中, 3 已完成).
CREATE TABLE spot_push_node (
    batch_id  INTEGER NOT NULL REFERENCES spot_push_batch(id) ON DELETE CASCADE,
    node_id   INTEGER NOT NULL,
    node_name TEXT NOT NULL,
    region_id TEXT NOT NULL,
    status    INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
    PRIMARY KEY (batch_id, node_id)
) WITHOUT ROWID;
CREATE INDEX spot_push_node_node ON spot_push_node(node_id, batch_id);

-- One spot delivered to one node by one batch, and its verification (SPOT_BJHS_STATE: 0
-- 待核查, 1 核查中, 2 已提交, 3 已退回, 4 已通过). The snapshot is written with the batch; the
-- record counts as a verification record once the batch is sent.
CREATE TABLE spot_bjhs (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    batch_id      INTEGER NOT NULL,
    node_id       INTEGER NOT NULL,
    spot_id       INTEGER NOT NULL,          -- the spot's fid when sent
    theme         TEXT NOT NULL,
    spot_batch    TEXT NOT NULL,             -- the spot's batch id, e.g. 2024Q3
    tblx          TEXT,
    tblx_label    TEXT,
    xzqdm         TEXT NOT NULL,
    region_name   TEXT NOT NULL,
    area_m2       REAL NOT NULL,
    name          TEXT,
    geom          BLOB NOT NULL,             -- GeoPackage geometry blob, WGS 84
    centre_lon    REAL NOT NULL,
    centre_lat    REAL NOT NULL,
    min_lon       REAL NOT NULL,
    min_lat       REAL NOT NULL,
    max_lon       REAL NOT NULL,
    max_lat       REAL NOT NULL,
    state         INTEGER NOT NULL DEFAULT 0 CHECK (state BETWEEN 0 AND 4),
    result        INTEGER CHECK (result BETWEEN 1 AND 3),
    verified_type TEXT,
    note          TEXT NOT NULL DEFAULT '',
    lon           REAL,                      -- where the photos were taken
    lat           REAL,
    reason        TEXT,                      -- the manager's reason of the last return
    updated_at    INTEGER,                   -- the last step, unix seconds
    updated_by    TEXT,
    UNIQUE (batch_id, node_id, spot_id),
    FOREIGN KEY (batch_id, node_id) REFERENCES spot_push_node(batch_id, node_id) ON DELETE CASCADE
);
CREATE INDEX spot_bjhs_node ON spot_bjhs(node_id, state);
CREATE INDEX spot_bjhs_state ON spot_bjhs(state, result);

-- Photos of a record; the bytes are the file `spot_photos/<id>` of the data folder.
CREATE TABLE spot_bjhs_photo (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    bjhs_id    INTEGER NOT NULL REFERENCES spot_bjhs(id) ON DELETE CASCADE,
    mime       TEXT NOT NULL,
    size       INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    created_by TEXT NOT NULL
);
CREATE INDEX spot_bjhs_photo_record ON spot_bjhs_photo(bjhs_id);

-- Every step of a record: who, when, from which state to which (and the reason of a return).
CREATE TABLE spot_bjhs_history (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    bjhs_id    INTEGER NOT NULL REFERENCES spot_bjhs(id) ON DELETE CASCADE,
    action     TEXT NOT NULL,
    from_state INTEGER NOT NULL,
    to_state   INTEGER NOT NULL,
    actor_id   INTEGER NOT NULL,
    actor      TEXT NOT NULL,
    at         INTEGER NOT NULL,
    reason     TEXT
);
CREATE INDEX spot_bjhs_history_record ON spot_bjhs_history(bjhs_id);
