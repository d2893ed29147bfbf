-- 0001 · The app's original exercise table, as the first specification describes it
-- ("Exercise Database Structure"): one row per exercise, every list held as JSON array text,
-- difficulty as a word. Kept as migration 1 so that a database made by the old app upgrades
-- along the same path as a fresh build. Shipped: never edit; add a migration instead.

CREATE TABLE exercises (
    exercise_id       TEXT NOT NULL PRIMARY KEY,
    exercise_name     TEXT NOT NULL,
    video_url         TEXT,
    thumbnail_url     TEXT,
    -- JSON arrays of strings, e.g. '["Chest", "Triceps"]'.
    primary_muscles   TEXT NOT NULL DEFAULT '[]',
    secondary_muscles TEXT NOT NULL DEFAULT '[]',
    equipment_needed  TEXT NOT NULL DEFAULT '[]',
    instructions      TEXT NOT NULL DEFAULT '[]',
    difficulty        TEXT NOT NULL
        CHECK (difficulty IN ('beginner', 'intermediate', 'advanced'))
);
