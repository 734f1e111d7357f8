-- Content (issue 17): files editors upload (spec share/v2): shared application cases, courses
-- and papers, images and attachments of news and pages, software downloads and typical-image
-- samples. The bytes live in the data folder as files/<id>; this table says what they are.
CREATE TABLE file (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    category    TEXT NOT NULL CHECK (category IN
                    ('application', 'course', 'paper', 'image', 'attachment', 'software', 'typical')),
    owner       TEXT NOT NULL DEFAULT '',    -- what it belongs to: a software name, a typical-image page
    title       TEXT NOT NULL DEFAULT '',
    name        TEXT NOT NULL,               -- the uploaded file's name, as downloads are saved
    mime        TEXT NOT NULL,
    size        INTEGER NOT NULL,
    sha256      TEXT NOT NULL,
    version     TEXT NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL,            -- unix seconds
    created_by  TEXT NOT NULL DEFAULT '',    -- the editor's login name; empty for demo files
    demo        INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1))
);
-- Lists: a category's (and owner's) files, newest first.
CREATE INDEX file_list ON file(category, owner, created_at DESC, id DESC);
