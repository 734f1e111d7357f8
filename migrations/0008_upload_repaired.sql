-- Whether an uploaded area's invalid rings were repaired, so fetching it back
-- (GET upload/{id}, a permalink) reports what its upload did.
ALTER TABLE upload ADD COLUMN repaired INTEGER NOT NULL DEFAULT 0;
