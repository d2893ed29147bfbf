-- 0001 · The training log: one user's programmes, workouts, exercises and sets, in a database
-- file of its own (a catalogue release replaces the catalogue's file; this one survives it).
-- Exercise ids point at the catalogue by value, without a foreign key: the catalogue is another
-- file, and a retired exercise keeps its id. Shipped: never edit; a change is a new file.
--
-- Sync-ready: every row a user owns has a UUID text id made by the app (never by the
-- database), an updated_at, and a synced_at that only the sync writes (NULL: the server has
-- never seen the row). A row deleted after it reached the server leaves its id in
-- deleted_rows; one that never did simply goes.
-- Moments are UTC text, 'YYYY-MM-DDTHH:MM:SS.SSSZ'; calendar dates 'YYYY-MM-DD'. Weights are
-- kilograms, DOUBLE PRECISION (SQLite: REAL; PostgreSQL: float8).

-- The user's unit and time zone: one row.
CREATE TABLE user_settings (
    id          TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    singleton   INTEGER NOT NULL DEFAULT 1 UNIQUE CHECK (singleton = 1),
    weight_unit TEXT    NOT NULL CHECK (weight_unit IN ('kg', 'lbs')),
    -- An IANA identifier: weeks and streaks are counted on this wall clock.
    time_zone   TEXT    NOT NULL CHECK (time_zone <> ''),
    updated_at  TEXT    NOT NULL,
    synced_at   TEXT
);

-- Each programme the user started; exactly one is active. Retaking the questionnaire replaces
-- the active one and keeps every log.
CREATE TABLE programmes (
    id            TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    -- The generator's id: the same questionnaire, catalogue and date give the same one.
    programme_id  TEXT    NOT NULL CHECK (programme_id <> ''),
    created_date  TEXT    NOT NULL CHECK (length(created_date) = 10),
    -- Week 1 is the Monday-to-Sunday week holding this date.
    start_date    TEXT    NOT NULL CHECK (length(start_date) = 10),
    total_weeks   INTEGER NOT NULL CHECK (total_weeks >= 1),
    -- The questionnaire's JSON as the app sent it, and the programme's JSON as generated.
    questionnaire TEXT    NOT NULL,
    programme     TEXT    NOT NULL,
    is_active     INTEGER NOT NULL CHECK (is_active IN (0, 1)),
    started_at    TEXT    NOT NULL,
    replaced_at   TEXT,
    updated_at    TEXT    NOT NULL,
    synced_at     TEXT,
    CHECK ((is_active = 1 AND replaced_at IS NULL) OR (is_active = 0 AND replaced_at IS NOT NULL))
);
CREATE UNIQUE INDEX programmes_one_active ON programmes (is_active) WHERE is_active = 1;

-- A session of a programme, from start to completion. One is open at a time.
CREATE TABLE workouts (
    id                TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    programme_id      TEXT    NOT NULL REFERENCES programmes (id),
    -- The programme's session id ('day-1') and name ('Push'): the baseline is the last
    -- completed workout of the same session name.
    session_id        TEXT    NOT NULL CHECK (session_id <> ''),
    session_name      TEXT    NOT NULL CHECK (session_name <> ''),
    state             TEXT    NOT NULL CHECK (state IN ('open', 'completed')),
    started_at        TEXT    NOT NULL,
    completed_at      TEXT,
    -- Recorded on completion: start to the last submission, and the totals against each
    -- exercise's baseline (NULL totals: the first workout of this session).
    duration_seconds  INTEGER CHECK (duration_seconds >= 0),
    increased_reps    INTEGER,
    increased_load_kg DOUBLE PRECISION,
    -- The rest timer was dismissed at this moment.
    rest_dismissed_at TEXT,
    updated_at        TEXT    NOT NULL,
    synced_at         TEXT,
    CHECK ((state = 'open' AND completed_at IS NULL AND duration_seconds IS NULL)
        OR (state = 'completed' AND completed_at IS NOT NULL AND duration_seconds IS NOT NULL))
);
CREATE UNIQUE INDEX workouts_one_open ON workouts (state) WHERE state = 'open';
-- The baseline (last completed workout of a session) and the history, newest first.
CREATE INDEX workouts_by_session ON workouts (session_name, state, started_at);
CREATE INDEX workouts_by_start ON workouts (state, started_at);

-- One exercise of a workout: the slot's prescription, the exercise prescribed and the one
-- performed (they differ after a swap), and the prompt of its last submission.
CREATE TABLE exercise_logs (
    id                     TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    workout_id             TEXT    NOT NULL REFERENCES workouts (id) ON DELETE CASCADE,
    -- The programme's slot ('day-1-exercise-2') and its place in the session.
    slot_id                TEXT    NOT NULL CHECK (slot_id <> ''),
    position               INTEGER NOT NULL CHECK (position >= 1),
    prescribed_exercise_id TEXT    NOT NULL CHECK (prescribed_exercise_id <> ''),
    performed_exercise_id  TEXT    NOT NULL CHECK (performed_exercise_id <> ''),
    prescribed_sets        INTEGER NOT NULL CHECK (prescribed_sets >= 1),
    rep_range_low          INTEGER NOT NULL CHECK (rep_range_low >= 1),
    rep_range_high         INTEGER NOT NULL CHECK (rep_range_high >= rep_range_low),
    rest_seconds           INTEGER NOT NULL CHECK (rest_seconds >= 0),
    submitted_at           TEXT,
    -- The prompt of the last submission: exceeded (Great Work!), met (Good Session) or below
    -- (Keep Pushing), the load it suggests, and whether that load is the 90% step down.
    outcome                TEXT    CHECK (outcome IN ('exceeded', 'met', 'below')),
    next_load_kg           DOUBLE PRECISION CHECK (next_load_kg >= 0 AND next_load_kg <= 500),
    deloaded               INTEGER CHECK (deloaded IN (0, 1)),
    notes                  TEXT,
    updated_at             TEXT    NOT NULL,
    synced_at              TEXT,
    UNIQUE (workout_id, slot_id),
    UNIQUE (workout_id, position),
    CHECK ((submitted_at IS NULL AND outcome IS NULL AND deloaded IS NULL)
        OR (submitted_at IS NOT NULL AND outcome IS NOT NULL AND deloaded IS NOT NULL))
);
-- An exercise's history, its baseline and its last load.
CREATE INDEX exercise_logs_by_exercise ON exercise_logs (performed_exercise_id, submitted_at);

-- A set as entered: the ranges of business rules §6 hold here too.
CREATE TABLE logged_sets (
    id              TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    exercise_log_id TEXT    NOT NULL REFERENCES exercise_logs (id) ON DELETE CASCADE,
    set_number      INTEGER NOT NULL CHECK (set_number >= 1),
    reps            INTEGER NOT NULL CHECK (reps >= 1 AND reps <= 100),
    weight_kg       DOUBLE PRECISION NOT NULL CHECK (weight_kg >= 0 AND weight_kg <= 500),
    completed       INTEGER NOT NULL CHECK (completed IN (0, 1)),
    completed_at    TEXT,
    logged_at       TEXT    NOT NULL,
    updated_at      TEXT    NOT NULL,
    synced_at       TEXT,
    UNIQUE (exercise_log_id, set_number),
    CHECK ((completed = 1 AND completed_at IS NOT NULL) OR (completed = 0 AND completed_at IS NULL))
);

-- Ids of rows deleted after they reached the server, for the sync to push; nothing else of
-- the row is kept.
CREATE TABLE deleted_rows (
    row_id     TEXT NOT NULL PRIMARY KEY CHECK (row_id <> ''),
    table_name TEXT NOT NULL CHECK (table_name IN ('programmes', 'workouts', 'exercise_logs', 'logged_sets')),
    deleted_at TEXT NOT NULL
);
