-- 0001 · The fitness journal: one user's workout entries, daily check-ins and settings, in a
-- database file of its own. Shipped: never edit; a change is a new file.
--
-- The journal syncs nowhere: rows have integer keys made by the database. Moments are UTC text,
-- 'YYYY-MM-DD HH:MM:SS.SSS' (GRDB's); calendar dates 'YYYY-MM-DD' on the user's wall clock when
-- the row was written (the day a workout counts for, even if the time zone changes later).

-- The user's settings: one row.
CREATE TABLE settings (
    id                    INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    display_name          TEXT    NOT NULL CHECK (length(display_name) <= 50),
    -- Target workouts per Monday-to-Sunday week.
    weekly_goal           INTEGER NOT NULL CHECK (weekly_goal BETWEEN 1 AND 21),
    reminder_enabled      INTEGER NOT NULL CHECK (reminder_enabled IN (0, 1)),
    -- 'HH:mm', 24-hour, on the user's wall clock.
    reminder_time         TEXT    NOT NULL CHECK (reminder_time GLOB '[0-2][0-9]:[0-5][0-9]'
                                                 AND reminder_time < '24:00'),
    notifications_enabled INTEGER NOT NULL CHECK (notifications_enabled IN (0, 1)),
    -- An IANA identifier: days, weeks and streaks are counted on this wall clock.
    time_zone             TEXT    NOT NULL CHECK (time_zone <> ''),
    updated_at            TEXT    NOT NULL
);

CREATE TABLE workouts (
    id               INTEGER NOT NULL PRIMARY KEY,
    date             TEXT    NOT NULL CHECK (length(date) = 10),
    exercise_type    TEXT    NOT NULL CHECK (exercise_type IN ('running', 'cycling', 'strength', 'yoga', 'other')),
    duration_minutes INTEGER NOT NULL CHECK (duration_minutes BETWEEN 1 AND 1440),
    intensity        TEXT    NOT NULL CHECK (intensity IN ('easy', 'moderate', 'hard')),
    notes            TEXT    CHECK (length(notes) <= 1000),
    logged_at        TEXT    NOT NULL
);
-- Covers the progress screen's totals per day and type.
CREATE INDEX workouts_by_date ON workouts (date, exercise_type, duration_minutes);
-- The home screen's last three workouts.
CREATE INDEX workouts_by_moment ON workouts (logged_at);

CREATE TABLE check_ins (
    id            INTEGER NOT NULL PRIMARY KEY,
    date          TEXT    NOT NULL CHECK (length(date) = 10),
    mood          TEXT    NOT NULL CHECK (mood IN ('great', 'good', 'okay', 'tired', 'not_great')),
    energy_level  INTEGER NOT NULL CHECK (energy_level BETWEEN 1 AND 10),
    sleep_quality TEXT    NOT NULL CHECK (sleep_quality IN ('poor', 'fair', 'good', 'excellent')),
    notes         TEXT    CHECK (length(notes) <= 1000),
    checked_in_at TEXT    NOT NULL
);
-- Covers the mood trend.
CREATE INDEX check_ins_by_date ON check_ins (date, checked_in_at, mood, energy_level);
-- The last check-in.
CREATE INDEX check_ins_by_moment ON check_ins (checked_in_at);
