-- Feedback (spec §7 feedback, MOD_054): what a user tells the platform, and an editor's answer.
-- The sender's name is kept as it was when sent (like audit_log.actor), so the editors' list
-- needs no other module's table.
CREATE TABLE feedback (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL,
    username    TEXT NOT NULL,
    category    TEXT NOT NULL,
    content     TEXT NOT NULL,
    contact     TEXT NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL,            -- unix seconds
    answer      TEXT,                        -- null until answered
    answered_by TEXT,                        -- the editor's login name
    answered_at INTEGER                      -- unix seconds
);
-- A user's own list, newest first, and the count of their recent submissions.
CREATE INDEX feedback_user ON feedback(user_id, created_at DESC);
-- The editors' list with its answered/unanswered filter.
CREATE INDEX feedback_answered ON feedback(answered_at, created_at DESC);
