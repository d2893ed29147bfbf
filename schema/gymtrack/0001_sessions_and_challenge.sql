-- GymTrack's store: the tables of the app's specification (seed 002 §6.1), in a database file of
-- their own (gymtrack.sqlite). Dates are the user's calendar dates (YYYY-MM-DD); moments are UTC
-- text (YYYY-MM-DDTHH:MM:SSZ). The CHECKs refuse what the rules refuse, even from outside the app.

-- One row per finished workout: partial sessions are kept, flagged, and never count for streaks.
CREATE TABLE sessions (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    session_type     TEXT    NOT NULL CHECK (session_type IN ('A', 'B', 'C')),
    date             TEXT    NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    started_at       TEXT    NOT NULL CHECK (started_at GLOB '[0-9][0-9][0-9][0-9]-*T*Z'),
    duration_seconds INTEGER NOT NULL CHECK (duration_seconds >= 0),
    is_partial       INTEGER NOT NULL CHECK (is_partial IN (0, 1))
);

-- The rotation reads the most recent session; streaks and stats read sessions by date.
CREATE INDEX sessions_by_date ON sessions (date, started_at, id);

-- One row per day the challenge counter was touched: 0 to 3 sets of 10 squats + 10 push-ups.
CREATE TABLE daily_challenge (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    date           TEXT    NOT NULL UNIQUE CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    sets_completed INTEGER NOT NULL CHECK (sets_completed BETWEEN 0 AND 3)
);
