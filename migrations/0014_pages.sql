-- Content (issue 17): pages editors change from the console (the platform's introduction, the GEO
-- plan and links, contact details, software descriptions, satellite descriptions), keyed by a
-- path-like slug, and the FAQ's entries. Bodies are HTML sanitised on the server before they are
-- stored.
CREATE TABLE page (
    slug        TEXT PRIMARY KEY NOT NULL,   -- e.g. platformIntro/description, satellite/chinese/gf1
    title       TEXT NOT NULL,
    body        TEXT NOT NULL DEFAULT '',
    updated_at  INTEGER NOT NULL,            -- unix seconds
    updated_by  TEXT NOT NULL DEFAULT '',    -- the editor's login name; empty for demo text
    demo        INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
) WITHOUT ROWID;

CREATE TABLE faq (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    question    TEXT NOT NULL,
    answer      TEXT NOT NULL,               -- sanitised HTML
    sort        INTEGER NOT NULL DEFAULT 0,  -- ascending; ties by id
    updated_at  INTEGER NOT NULL,
    demo        INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
);
