-- What an upload's answer reported besides its content, so fetching it back
-- (GET upload/shp/{id}, upload/file/{id}: a permalink) reports the same:
-- whether an area's invalid rings were repaired, and a list's rejected lines.
ALTER TABLE upload ADD COLUMN repaired INTEGER NOT NULL DEFAULT 0;
ALTER TABLE upload ADD COLUMN rejected TEXT; -- JSON [{line, text, reason}] (lists)
