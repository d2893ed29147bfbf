-- 0004 · Row ids as every TrainDB store makes them: a lowercase UUID made by the app, never by
-- the database, as the training log's and the journal's rows have. Stores made before numbered
-- their sessions and challenge days 1, 2, 3 …; each row now gets a new random UUID (version 4),
-- keeps every other column, and keeps its place: the old number stays the row's rowid. The open
-- session (at most one row, id 1) is not a row a user names and keeps its key. Shipped: never edit.

CREATE TABLE sessions_with_row_ids (
    id               TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    session_type     TEXT    NOT NULL CHECK (session_type IN ('A', 'B', 'C')),
    date             TEXT    NOT NULL CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    started_at       TEXT    NOT NULL CHECK (started_at GLOB '[0-9][0-9][0-9][0-9]-*T*Z'),
    duration_seconds INTEGER NOT NULL CHECK (duration_seconds >= 0),
    is_partial       INTEGER NOT NULL CHECK (is_partial IN (0, 1))
);
INSERT INTO sessions_with_row_ids (rowid, id, session_type, date, started_at, duration_seconds, is_partial)
SELECT id,
       lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
           || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random() % 4), 1)
           || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
       session_type, date, started_at, duration_seconds, is_partial
FROM sessions ORDER BY id;
DROP TABLE sessions;
ALTER TABLE sessions_with_row_ids RENAME TO sessions;
CREATE INDEX sessions_by_date ON sessions (date, started_at);

CREATE TABLE daily_challenge_with_row_ids (
    id             TEXT    NOT NULL PRIMARY KEY CHECK (id <> ''),
    date           TEXT    NOT NULL UNIQUE CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    sets_completed INTEGER NOT NULL CHECK (sets_completed BETWEEN 0 AND 3)
);
INSERT INTO daily_challenge_with_row_ids (rowid, id, date, sets_completed)
SELECT id,
       lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
           || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random() % 4), 1)
           || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))),
       date, sets_completed
FROM daily_challenge ORDER BY id;
DROP TABLE daily_challenge;
ALTER TABLE daily_challenge_with_row_ids RENAME TO daily_challenge;
