-- Uploaded query inputs (select modes 3 SHP and 5 FILE): an area, or a list of
-- file names or path/rows; found by an unguessable id and kept seven days.
CREATE TABLE upload (
    fid        INTEGER PRIMARY KEY AUTOINCREMENT,
    geom       BLOB,                    -- the area (kind 'area'), WGS84
    upload_id  TEXT NOT NULL UNIQUE,    -- 32 hex digits, random
    kind       TEXT NOT NULL CHECK (kind IN ('area', 'filename', 'pathrow')),
    entries    TEXT,                    -- JSON list (kinds 'filename' and 'pathrow')
    file_name  TEXT NOT NULL,           -- the uploaded file's name
    crs        TEXT,                    -- the coordinate system recognised (kind 'area')
    created_at INTEGER NOT NULL         -- unix seconds
);
CREATE INDEX upload_created ON upload(created_at);
