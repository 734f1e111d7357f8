-- Content (issue 17): news and GEO items (spec §7 news/v3). Types: 0 notice, 1 industry trend,
-- 5 media report, 2 GEO dynamic information, 3 GEO cooperation, 4 GEO organization.
-- The body is HTML sanitised on the server before it is stored.
CREATE TABLE news (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    type          INTEGER NOT NULL CHECK (type BETWEEN 0 AND 5),
    title         TEXT NOT NULL,
    summary       TEXT NOT NULL DEFAULT '',
    body          TEXT NOT NULL DEFAULT '',
    author        TEXT NOT NULL DEFAULT '',
    cover         TEXT,                      -- an image URL (http(s) or a path on this server)
    published     INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
    pinned        INTEGER NOT NULL DEFAULT 0 CHECK (pinned IN (0, 1)),
    published_at  INTEGER,                   -- unix seconds; set when first published
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    created_by    INTEGER,                   -- the editor's account
    demo          INTEGER NOT NULL DEFAULT 0
);
-- Lists: a type's published items, pinned first, newest first.
CREATE INDEX news_list ON news(type, published, pinned DESC, published_at DESC);

-- Full-text search over title and body: an inverted index of the words of each item. Chinese
-- has no spaces, so the words of a Chinese run are its overlapping character pairs (Latin words
-- and numbers are words as they are); any two or more characters of a title or body are found by
-- the items holding all their pairs (news/text.rs). A plain table rather than an FTS5 one: FTS5
-- columns have no declared types, which GDAL and QGIS warn about when they open this GeoPackage.
CREATE TABLE news_word (
    word     TEXT NOT NULL,
    news_id  INTEGER NOT NULL,
    PRIMARY KEY (word, news_id)
) WITHOUT ROWID;
CREATE INDEX news_word_item ON news_word(news_id);

-- The editor role: writes content from the console.
INSERT INTO role (id, code, name) VALUES (4, 'editor', '内容编辑');
