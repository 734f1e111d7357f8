-- Province feedback (issue 19): a unit's rating (1–5) and comments on how well the images
-- delivered for a published plan year met its needs; one per unit and year, changed in place.
CREATE TABLE plan_feedback (
    plan_year  INTEGER NOT NULL,
    unit_code  TEXT NOT NULL,               -- the area range (region code) it speaks for
    unit_name  TEXT NOT NULL,
    rating     INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment    TEXT NOT NULL DEFAULT '',
    user_id    INTEGER NOT NULL,
    author     TEXT NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (plan_year, unit_code)
) WITHOUT ROWID;
