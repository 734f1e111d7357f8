-- Visit counting (spec §4): one row per day (Beijing time), page name and label.
CREATE TABLE visit_daily (
    day   TEXT NOT NULL,
    name  TEXT NOT NULL,
    label TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (day, name, label)
) WITHOUT ROWID;
