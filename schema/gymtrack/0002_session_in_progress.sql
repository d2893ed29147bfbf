-- The workout on the Exercise Screen (seed 002 §4): started but not yet finished, so that it
-- survives the app being closed. At most one at a time; it becomes a row of `sessions` when the
-- user finishes it.
CREATE TABLE open_session (
    id           INTEGER PRIMARY KEY CHECK (id = 1),
    session_type TEXT    NOT NULL CHECK (session_type IN ('A', 'B', 'C')),
    date         TEXT    NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    started_at   TEXT    NOT NULL CHECK (started_at GLOB '[0-9][0-9][0-9][0-9]-*T*Z')
);

-- The steps of the open session checked off so far, by their number in the routine (1 is the
-- first step). Emptied when the session is finished.
CREATE TABLE open_session_steps (
    step       INTEGER PRIMARY KEY CHECK (step >= 1),
    checked_at TEXT    NOT NULL CHECK (checked_at GLOB '[0-9][0-9][0-9][0-9]-*T*Z')
);
