-- Image push to province nodes (spec §7 push/v1, issue 18): a manager's batch of scenes sent
-- to named push nodes, and every (batch, node, scene) delivery. A delivery keeps what was
-- sent as it was (the scene's facts and footprint, the node's name and region), so a batch
-- reads the same after the catalogue or the nodes change; node ids are not foreign keys for
-- the same reason (nodes belong to usercenter).
CREATE TABLE push_batch (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL,
    channel    TEXT NOT NULL CHECK (channel IN ('internet', 'privateline')),
    created_at INTEGER NOT NULL,             -- unix seconds
    created_by INTEGER NOT NULL,             -- the manager's user id
    creator    TEXT NOT NULL,                -- the manager's login name at the time
    demo       INTEGER NOT NULL DEFAULT 0
);

-- The nodes a batch names, with what each received counted on read (a node may receive none).
CREATE TABLE push_batch_node (
    batch_id  INTEGER NOT NULL REFERENCES push_batch(id) ON DELETE CASCADE,
    node_id   INTEGER NOT NULL,
    node_name TEXT NOT NULL,
    region_id TEXT NOT NULL,
    PRIMARY KEY (batch_id, node_id)
) WITHOUT ROWID;
-- A node user's batches.
CREATE INDEX push_batch_node_node ON push_batch_node(node_id, batch_id);

-- One scene delivered to one node by one batch.
CREATE TABLE push_item (
    batch_id     INTEGER NOT NULL,
    node_id      INTEGER NOT NULL,
    scene_id     TEXT NOT NULL,
    file_name    TEXT NOT NULL,
    satellite    TEXT NOT NULL,
    sensor       TEXT NOT NULL,
    acquired_at  INTEGER NOT NULL,           -- unix seconds
    cloud        REAL NOT NULL,
    resolution_m REAL,
    size_mb      REAL,
    footprint    BLOB NOT NULL,              -- GeoPackage geometry blob, WGS 84
    delivered_at INTEGER NOT NULL,           -- unix seconds
    PRIMARY KEY (batch_id, node_id, scene_id),
    FOREIGN KEY (batch_id, node_id) REFERENCES push_batch_node(batch_id, node_id) ON DELETE CASCADE
) WITHOUT ROWID;
