-- Orbit prediction (sateorbit): every element set imported, by satellite and epoch. The history
-- is kept (a newer set never deletes an older one); predictions use each satellite's newest.
-- The set is stored as the orbit crate's ElementSet in JSON, so TLE and OMM imports are alike.
CREATE TABLE element_set (
    norad_id    INTEGER NOT NULL,
    epoch_unix  REAL NOT NULL,             -- the set's epoch, unix seconds (UTC)
    name        TEXT,                      -- object name of a 3LE or OMM, if any
    elements    TEXT NOT NULL,             -- orbit::ElementSet as JSON
    source      TEXT NOT NULL,             -- the file name or URL it came from
    imported_at INTEGER NOT NULL,          -- unix seconds
    PRIMARY KEY (norad_id, epoch_unix)
) WITHOUT ROWID;
