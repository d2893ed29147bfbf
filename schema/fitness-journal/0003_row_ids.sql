-- 0003 · Row ids as every TrainDB store makes them: a lowercase UUID made by the app, never by
-- the database, as the training log's rows have (so a row keeps its id wherever it is copied).
-- Journals made before numbered their workouts and check-ins 1, 2, 3 …; each row now gets a new
-- random UUID (version 4), keeps every other column, and keeps its place: the old number stays
-- the row's rowid, so rows saved in the same millisecond keep their order. Shipped: never edit.

CREATE TABLE workouts_with_row_ids (
    id               TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    date             TEXT    NOT NULL CHECK (length(date) = 10),
    exercise_type    TEXT    NOT NULL CHECK (exercise_type IN ('running', 'cycling', 'strength', 'yoga', 'other')),
    duration_minutes INTEGER NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
    intensity        TEXT    NOT NULL CHECK (intensity IN ('easy', 'moderate', 'hard')),
    notes            TEXT    CHECK (length(notes) <= 1000),
    logged_at        TEXT    NOT NULL
);
INSERT INTO workouts_with_row_ids
    (rowid, id, date, exercise_type, duration_minutes, intensity, notes, logged_at)
SELECT id,
       lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
           || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random() % 4), 1)
           || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
       date, exercise_type, duration_minutes, intensity, notes, logged_at
FROM workouts ORDER BY id;
DROP TABLE workouts;
ALTER TABLE workouts_with_row_ids RENAME TO workouts;
CREATE INDEX workouts_by_date ON workouts (date, exercise_type, duration_minutes);
CREATE INDEX workouts_by_moment ON workouts (logged_at);

CREATE TABLE check_ins_with_row_ids (
    id            TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    date          TEXT    NOT NULL CHECK (length(date) = 10),
    mood          TEXT    NOT NULL CHECK (mood IN ('great', 'good', 'okay', 'tired', 'not_great')),
    energy_level  INTEGER NOT NULL CHECK (energy_level BETWEEN 1 AND 10),
    sleep_quality TEXT    NOT NULL CHECK (sleep_quality IN ('poor', 'fair', 'good', 'excellent')),
    notes         TEXT    CHECK (length(notes) <= 1000),
    checked_in_at TEXT    NOT NULL
);
INSERT INTO check_ins_with_row_ids
    (rowid, id, date, mood, energy_level, sleep_quality, notes, checked_in_at)
SELECT id,
       lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
           || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random() % 4), 1)
           || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
       date, mood, energy_level, sleep_quality, notes, checked_in_at
FROM check_ins ORDER BY id;
DROP TABLE check_ins;
ALTER TABLE check_ins_with_row_ids RENAME TO check_ins;
CREATE INDEX check_ins_by_date ON check_ins (date, checked_in_at, mood, energy_level);
CREATE INDEX check_ins_by_moment ON check_ins (checked_in_at);
