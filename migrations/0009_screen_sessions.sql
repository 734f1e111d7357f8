-- Display-screen sessions remember their screen, whose configuration narrows
-- what they see. Screen sessions from before held the whole account: they end.
DELETE FROM session WHERE read_only = 1;
ALTER TABLE session ADD COLUMN screen_code INTEGER;  -- NULL: not a display screen
